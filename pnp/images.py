"""The one gate for every image pnp reads: a PNG or JPEG it can read, within a pixel limit.

Card art, deck backs, token and standee faces (through the loader, so that
`pnp check` reports bad art at its card and field), the renderers (the last line
of defence) and a board picture given to `pnp board --image` all ask here, so
they can never disagree.
"""

from __future__ import annotations

import io
import re
import warnings
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from pnp.i18n import N_, _
from pnp.limits import MAX_ART_PIXELS

MAX_IMAGE_PIXELS = MAX_ART_PIXELS
ART_HINT = N_("export the art again as PNG or JPEG, at most about 600 dpi at its printed size")


@dataclass(frozen=True)
class ImageInfo:
    width: int
    height: int


def read_image_info(path: Path, max_pixels: int = MAX_ART_PIXELS) -> tuple[ImageInfo | None, str | None]:
    """The image's size, or why it cannot be used.  Reads the header and checks the data's
    integrity without decoding the pixels (a decompression bomb stays harmless)."""
    return _probe(path, path.name, max_pixels)


def image_bytes_info(data: bytes, name: str, max_pixels: int = MAX_ART_PIXELS) -> tuple[ImageInfo | None, str | None]:
    """read_image_info for an image held in memory (one inside an SVG icon), named `name` in messages."""
    return _probe(io.BytesIO(data), name, max_pixels)


def _probe(source: Path | io.BytesIO, name: str, max_pixels: int) -> tuple[ImageInfo | None, str | None]:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)  # the limit below decides
            with Image.open(source) as probe:
                width, height = probe.size
                if width * height > max_pixels:
                    return None, too_large(f"{width} x {height} px ({width * height / 1e6:.0f} MP)", max_pixels)
                if width < 1 or height < 1:
                    return None, _("the image {name} has no pixels ({width} x {height})").format(
                        name=name, width=width, height=height
                    )
                probe.verify()
    except FileNotFoundError:
        return None, _("the image {name} does not exist").format(name=name)
    except Image.DecompressionBombError as exc:  # over twice Pillow's own limit: refused before reading
        pixels = re.search(r"\((\d+) pixels\)", str(exc))
        return None, too_large(f"{int(pixels.group(1)) / 1e6:.0f} MP" if pixels else _("too many pixels"), max_pixels)
    except Exception:  # the reader's exception name (UnidentifiedImageError) tells a translator nothing
        return None, _not_an_image(source, name)
    return ImageInfo(width, height), None


def _decodes(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return bool(data)


def _not_an_image(source: Path | io.BytesIO, name: str) -> str:
    """Why Pillow could not read it, from its first bytes: a text or a PDF saved with an image's name is
    said so; anything else is a damaged or cut picture."""
    try:
        head = source.read_bytes()[:512] if isinstance(source, Path) else source.getvalue()[:512]
    except OSError:
        head = b""
    if head.startswith(b"%PDF"):
        return _("the image {name} is a PDF, not a picture: export the page as PNG or JPEG").format(name=name)
    plain = head and b"\0" not in head and not head.startswith((b"<svg", b"<?xml"))
    if plain and any(_decodes(head[: len(head) - cut]) for cut in range(4)):  # the 512th byte may split a letter
        return _("the image {name} is a text file, not a picture: is it the file you meant?").format(name=name)
    return _("the image {name} cannot be read: is it a whole PNG or JPEG?").format(name=name)


def image_problem(path: Path, max_pixels: int = MAX_ART_PIXELS) -> str | None:
    """Why the file cannot be used as an image, or None."""
    return read_image_info(path, max_pixels)[1]


def source_problem(root: Path, source: str) -> str | None:
    """Why a layout's image `source` (a path relative to the pack) cannot be drawn, or None.

    The layout stage asks this for every image element, and the renderer again before drawing,
    so `pnp check` finds what the build would refuse.
    """
    path = (root / source).resolve()
    if not path.is_relative_to(root.resolve()):
        return _("the image path {source!r} leads outside the pack folder").format(source=source)
    if not path.is_file():
        if not path.exists():
            return _("the image {source} does not exist").format(source=source)
        return _("the image {source} is not a file").format(source=source)
    return image_problem(path)


def too_large(size: str, max_pixels: int = MAX_ART_PIXELS) -> str:
    return _("the image is {size}; the limit is {limit} MP").format(size=size, limit=max_pixels // 1_000_000)
