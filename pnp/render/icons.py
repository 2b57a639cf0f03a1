"""Drawing icons: SVG files as vectors (svglib), PNG files as images.

Which file draws which name is decided before drawing (pnp.layout.icons):
the pack's own files, then the layout family's icon set; whether a file can
be drawn, and its SVG's form as recorded once (pnp.assets.icons.IconForm, kept in the
build cache: a rebuild places it without svglib), come from pnp.assets.icons.  Nothing
here knows any game's icons.

Icons inside card text go through ReportLab's paragraph `<img>` tag, which
only takes raster images.  Each icon name gets its own transparent one-pixel
marker PNG there, so the paragraph keeps the icon's room in the line; when
the paragraph is drawn, `vector_icons` draws the icon's real drawing in the
marker's place, at the exact position and size ReportLab chose.
"""

from __future__ import annotations

import base64
import hashlib
import io
import logging
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from PIL import Image
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from pnp.assets.icons import file_stamp, icon_drawn, place_drawing, place_form, svg_drawing
from pnp.layout.templates import IconFile

# unsupported SVG features, circular or runaway <use>: svglib skips them and the drawing still prints;
# its log lines would reach the terminal unformatted
logging.getLogger("svglib").setLevel(logging.CRITICAL + 1)

_MARKER_KEY = "pnp-icon"


@cache
def icon_uri(name: str) -> str:
    """The icon's marker as a data: URI, for ReportLab's inline <img> in paragraphs."""
    from PIL import PngImagePlugin  # with the first text that shows an icon: a build may draw none

    info = PngImagePlugin.PngInfo()
    info.add_text(_MARKER_KEY, name)
    buffer = io.BytesIO()
    Image.new("RGBA", (1, 1), (0, 0, 0, 0)).save(buffer, format="PNG", pnginfo=info)
    uri = "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")
    _MARKERS[uri] = name
    return uri


_MARKERS: dict[str, str] = {}


def draw_icon(canvas: Canvas, icon: IconFile | None, x: float, y: float, width: float, height: float) -> None:
    """The icon fitted in the box (x, y bottom-left), centred, proportions kept; nothing when it has no drawing
    (check and build have reported that already)."""
    if icon is None:
        return
    problem, form = icon_drawn(icon.path)
    if problem is not None:
        return
    if icon.path.suffix.lower() == ".svg":
        if form is not None and form.code is not None:  # as drawn once: no SVG read, no svglib
            place_form(canvas, form, x, y, width, height)
            return
        drawing, _ = svg_drawing(icon.path)
        if drawing is not None:
            place_drawing(canvas, drawing, x, y, width, height)
        return
    reader = _reader(str(icon.path), *file_stamp(icon.path))
    iw, ih = reader.getSize()
    scale = min(width / iw, height / ih)
    w, h = iw * scale, ih * scale
    canvas.drawImage(reader, x + (width - w) / 2, y + (height - h) / 2, w, h, mask="auto")


ELISIONS = ("'", "’")  # l'{icon}, d'{icon}: an icon written right after an elision


@lru_cache(maxsize=256)
def blank_sides(path: Path, _size: int, _mtime: int) -> tuple[float, float]:
    """How much of an SVG icon's square, as parts of its side, is blank left and right of its ink
    (a drop is narrower than its square): drawn after "l'", the icon is moved left by the first,
    and a full stop after it by both, so no gap shows; (0, 0) for a PNG or a square drawing."""
    if path.suffix.lower() != ".svg":
        return 0.0, 0.0
    _problem, form = icon_drawn(path)
    if form is not None:  # its size and bounds as recorded: no SVG read
        width, height, bounds = form.width, form.height, form.bounds
    else:
        drawing, _ = svg_drawing(path)
        if drawing is None or not drawing.width or not drawing.height:
            return 0.0, 0.0
        width, height, bounds = drawing.width, drawing.height, drawing.getBounds()
    if not bounds:
        return 0.0, 0.0
    scale = min(1 / width, 1 / height)
    margin = (1 - width * scale) / 2
    left, right = margin + bounds[0] * scale, margin + (width - bounds[2]) * scale
    return min(max(left, 0.0), 0.45), min(max(right, 0.0), 0.45)


def pull_after_elision(icon: IconFile | None, before: str, side: float) -> float:
    """How far left to draw an icon that follows `before` with no space: its blank left part after
    an elision ("l'"), else nothing (the fitting measured the icon's whole square all the same)."""
    if icon is None or not before.endswith(ELISIONS) or icon_drawn(icon.path)[0] is not None:
        return 0.0
    return blank_sides(icon.path, *file_stamp(icon.path))[0] * side


CLOSING = frozenset(".,;:)?!»]…")  # punctuation glued after an icon ("gana 2 {parts}.")


def pull_before_closing(icon: IconFile | None, after: str, side: float) -> float:
    """How far left to set the punctuation written right after an icon: its blank right part."""
    if icon is None or after[:1] not in CLOSING or icon_drawn(icon.path)[0] is not None:
        return 0.0
    return blank_sides(icon.path, *file_stamp(icon.path))[1] * side


@contextmanager
def vector_icons(canvas: Canvas, icons: Mapping[str, IconFile]) -> Iterator[None]:
    """While paragraphs are drawn, icon markers are drawn as the icons' own drawings."""
    original = canvas.drawImage

    def draw_image(image: Any, x: float, y: float, width: float | None = None, height: float | None = None, **kw: Any):
        name = _MARKERS.get(getattr(image, "fileName", None) or "")
        if name is None:
            return original(image, x, y, width, height, **kw)
        draw_icon(canvas, icons.get(name), x, y, width or 0.0, height or 0.0)
        return None

    canvas.drawImage = draw_image  # this canvas only, while the text is drawn
    try:
        yield
    finally:
        del canvas.drawImage


@lru_cache(maxsize=256)
def _reader(path: str, _size: int, _mtime: int) -> ImageReader:
    """The PNG for drawImage, from its bytes: ReportLab names an image by what it is given,
    and reading through the path would make the PDF depend on where the pack lies."""
    return ImageReader(io.BytesIO(Path(path).read_bytes()))


IconSettings = tuple[tuple[str, str, str], ...]  # (name, file, digest of its bytes): plain, picklable


def icon_settings(icons: Mapping[str, IconFile]) -> IconSettings:
    """The icon set as plain data for drawing workers and cache keys: an edited drawing changes the key."""
    return tuple(
        (name, str(icon.path), hashlib.sha256(icon.path.read_bytes()).hexdigest()[:16])
        for name, icon in sorted(icons.items())
        if icon.path.is_file()
    )


def icon_map(settings: IconSettings) -> dict[str, IconFile]:
    return {name: IconFile(name, Path(path), path, "") for name, path, _ in settings}


def forget_readers() -> None:
    """The PNG icons read so far, forgotten (pnp.render.files_read)."""
    _reader.cache_clear()
