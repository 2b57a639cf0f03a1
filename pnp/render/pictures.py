"""Pictures on a face: art opened, checked and downsampled once per size, embedded once per document.

Art is downsampled to MAX_DPI at its printed size; each picture is embedded in a document the first
time it is drawn and placed by its name after that (pnp.render.face draws the elements that use it).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any, cast

from PIL import Image, UnidentifiedImageError
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

from pnp.i18n import _
from pnp.images import image_problem
from pnp.render.png_stream import place_image

MAX_DPI = 600  # art is downsampled to this at its printed size: sharper than any home printer


def draw_image_once(
    canvas: Canvas, key: tuple[object, ...], picture: Image.Image, x: float, y: float, width: float, height: float
) -> None:
    """Draw a picture, embedding it in the document the first time only.

    ReportLab's drawImage copies the picture's RGB bytes and hashes them on
    every call, to find an image it has embedded already; for art that is
    most of the drawing time.  The first call per document goes through
    drawImage; later calls place the same image XObject by its name, as
    drawImage itself does.
    """
    names: dict[tuple[object, ...], str] = canvas.__dict__.setdefault("_pnp_images", {})
    name = names.get(key)
    if name is None:
        with _faster_image_compression():
            canvas.drawImage(ImageReader(picture), x, y, width, height, mask="auto")
        names[key] = canvas._formsinuse[-1]  # the name drawImage registered the image under
        return
    place_image(canvas, name, x, y, width, height)


IMAGE_ZLIB_LEVEL = 3  # ReportLab's 6 takes 42 ms for a 600 x 400 picture; 3 takes 18 ms, for 10 % more bytes


class _ImageZlib:
    """zlib as ReportLab's PDF document module sees it while an image is embedded: the same
    lossless compression at a faster level (a picture's bytes are noise-like: level 6 gains little)."""

    def __init__(self, real: Any) -> None:
        self._real = real

    def compress(self, data: bytes, level: int = IMAGE_ZLIB_LEVEL) -> bytes:
        return cast(bytes, self._real.compress(data, level))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._real, name)


@contextmanager
def _faster_image_compression() -> Iterator[None]:
    real = pdfdoc.zlib
    pdfdoc.zlib = _ImageZlib(real)  # a drawing worker draws one face at a time: nothing else compresses now
    try:
        yield
    finally:
        pdfdoc.zlib = real


def prepared_image(path: str, width_pt: int, height_pt: int, fit: str) -> tuple[Image.Image | None, str | None]:
    try:
        stamp = Path(path).stat()
    except OSError:
        return None, _("the image {name} does not exist").format(name=Path(path).name)
    # keyed by size and time too: art replaced under the same name must not be served stale
    return _prepared_image_cached(path, stamp.st_size, stamp.st_mtime_ns, width_pt, height_pt, fit)


@lru_cache(maxsize=256)
def _prepared_image_cached(
    path: str, _size: int, _mtime: int, width_pt: int, height_pt: int, fit: str
) -> tuple[Image.Image | None, str | None]:
    """Open, check and downsample an image once per size; never load a decompression bomb."""
    problem = image_problem(Path(path))
    if problem is not None:
        return None, problem
    try:
        with Image.open(path) as probe:
            image = probe.convert("RGBA") if probe.mode in ("RGBA", "LA", "P") else probe.convert("RGB")
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError):
        # the reader's exception name (UnidentifiedImageError) tells a translator nothing
        return None, _("the image {name} cannot be read: is it a whole PNG or JPEG?").format(name=Path(path).name)
    target = (max(1, round(width_pt / 72 * MAX_DPI)), max(1, round(height_pt / 72 * MAX_DPI)))
    ratio = max(target[0] / image.width, target[1] / image.height)
    if fit != "cover":
        ratio = min(target[0] / image.width, target[1] / image.height)
    if ratio < 1:
        image = image.resize(
            (max(1, round(image.width * ratio)), max(1, round(image.height * ratio))), Image.Resampling.LANCZOS
        )
    return image, None


def forget_pictures() -> None:
    """The pictures prepared so far, forgotten (pnp.render.files_read)."""
    _prepared_image_cached.cache_clear()
