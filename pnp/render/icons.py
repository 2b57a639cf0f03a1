"""Drawing icons: SVG files as vectors (svglib), PNG files as images.

Which file draws which name is decided before drawing (pnp.layout.icons):
the pack's own files, then the layout family's icon set.  Nothing here knows
any game's icons.

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
import math
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, PngImagePlugin
from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import Drawing
from reportlab.lib.colors import Color
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase.ttfonts import TTFError
from reportlab.pdfgen.canvas import Canvas

from pnp.i18n import _
from pnp.layout.icons import icon_problem
from pnp.layout.templates import IconFile
from pnp.render.fonts import plain_font
from pnp.render.forms import end_form

# unsupported SVG features, circular or runaway <use>: svglib skips them and the drawing still prints;
# its log lines would reach the terminal unformatted
logging.getLogger("svglib").setLevel(logging.CRITICAL + 1)

_MARKER_KEY = "pnp-icon"


@cache
def icon_uri(name: str) -> str:
    """The icon's marker as a data: URI, for ReportLab's inline <img> in paragraphs."""
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
    if icon is None or icon_problem(icon.path) is not None:
        return
    if icon.path.suffix.lower() == ".svg":
        drawing, _ = svg_drawing(icon.path)
        if drawing is not None:
            _place(canvas, drawing, x, y, width, height)
        return
    reader = _reader(str(icon.path), *_stamp(icon.path))
    iw, ih = reader.getSize()
    scale = min(width / iw, height / ih)
    w, h = iw * scale, ih * scale
    canvas.drawImage(reader, x + (width - w) / 2, y + (height - h) / 2, w, h, mask="auto")


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


def _stamp(path: Path) -> tuple[int, int]:
    stat = path.stat()
    return stat.st_size, stat.st_mtime_ns


def _place(canvas: Canvas, drawing: Drawing, x: float, y: float, width: float, height: float) -> None:
    scale = min(width / drawing.width, height / drawing.height)
    name = _form(canvas, drawing)
    canvas.saveState()
    canvas.translate(x + (width - drawing.width * scale) / 2, y + (height - drawing.height * scale) / 2)
    canvas.scale(scale, scale)
    canvas.doForm(name)
    canvas.restoreState()


def _form(canvas: Canvas, drawing: Drawing) -> str:
    """The drawing as a form of this document, drawn the first time it is placed: every later
    placement (the set symbol on every card, each icon in the text) is one reference to it,
    not the whole drawing again."""
    forms: dict[int, tuple[Drawing, str]] = canvas.__dict__.setdefault("_pnp_icon_forms", {})
    known = forms.get(id(drawing))
    if known is not None:
        return known[1]
    name = f"pnpIcon{len(forms)}"
    w, h = drawing.width, drawing.height
    canvas.beginForm(name, -w, -h, 2 * w, 2 * h)  # room around it: a stroke may reach past the view box
    # renderPDF starts every drawing by selecting its default font, Helvetica, which is never
    # embedded: print shops' preflight flags that even when no text is drawn.
    drawing.initialFontName = plain_font()
    renderPDF.draw(drawing, canvas, 0, 0)
    end_form(canvas)
    forms[id(drawing)] = (drawing, name)  # the drawing kept with its name: its id is not reused
    return name


def svg_drawing(path: Path) -> tuple[Drawing | None, str | None]:
    """The SVG as a ReportLab drawing, or why it cannot be drawn.

    The icon check (pnp.layout.icons) asks this too, so an SVG the renderer would fail on
    (no size, numbers PDF cannot hold, a transform that breaks drawing) is a finding in
    `pnp check`, never a crash in the build.
    """
    return _drawing(str(path), *_stamp(path))


@lru_cache(maxsize=256)
def _drawing(path: str, _size: int, _mtime: int) -> tuple[Drawing | None, str | None]:
    """Keyed by size and time so an edited file is read again."""
    from svglib.svglib import svg2rlg  # imported when first needed: most commands draw no icon

    try:
        drawing = svg2rlg(path, resolve_entities=False)
    except Exception as exc:  # svglib raises many kinds on odd SVG
        return None, _("svglib cannot read the SVG ({kind})").format(kind=type(exc).__name__)
    if drawing is None:
        return None, _("svglib cannot read the SVG")
    size = (drawing.width, drawing.height)
    if not all(isinstance(v, int | float) and math.isfinite(v) and v > 0 for v in size):
        return None, _("the SVG has no size: give it a viewBox, or width and height")
    _flatten_gradients(drawing)
    try:  # drawn once, small, on a page nobody keeps: what fails here would fail in the build
        _place(Canvas(io.BytesIO()), drawing, 0, 0, 20, 20)
    except TTFError:  # one of pnp's own fonts is damaged, not the SVG: install/fonts says so
        return drawing, None
    except Exception as exc:
        return None, _("the SVG cannot be drawn ({kind}): check its numbers, sizes and transforms").format(
            kind=type(exc).__name__
        )
    return drawing, None


def _flatten_gradients(group: Any) -> None:
    """Gradients become their colours' average.

    svglib draws a gradient as a PDF shading registered with the page; a card face is a
    form XObject, where that shading is missing and the shape prints solid black.  A flat
    colour is what a cheap printer makes of a small icon's gradient anyway.
    """
    contents = getattr(group, "contents", None)
    if contents is None:
        return
    for index, item in enumerate(contents):
        stops = getattr(item, "_rl_colors", None)
        shape = getattr(item, "_clip_shape", None)
        if stops and shape is not None:
            red, green, blue = (sum(getattr(c, part) for c in stops) / len(stops) for part in ("red", "green", "blue"))
            shape.fillColor = Color(red, green, blue)
            contents[index] = shape
        else:
            _flatten_gradients(item)


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
