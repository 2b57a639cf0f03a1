"""Whether an icon file can be drawn, and its SVG read as a ReportLab drawing.

An SVG comes from a stranger (a pack, a layout family), so it is read without
entities, network or outside files, refused when huge, and drawn once on a page
nobody keeps: what fails there is a finding in `pnp check`, never a crash in the
build.  Which file draws which {icon} name is the layout's business
(pnp.layout.icons); placing a drawing on a card is the renderer's
(pnp.render.icons).  Both ask this module.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import math
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from reportlab.lib.colors import Color
from reportlab.pdfbase.ttfonts import TTFError
from reportlab.pdfgen.canvas import Canvas

from pnp.assets import icon_verdicts
from pnp.assets.fonts import plain_font
from pnp.assets.forms import end_form
from pnp.cache import Cache, installed_version
from pnp.i18n import _, number
from pnp.images import image_problem

# lxml (with pnp.assets.svg_budget and xml_reasons, which read with it) and ReportLab's graphics
# (whose shapes import all of reportlab.platypus) are imported where an SVG is first read or drawn:
# a build or check whose icons are all PNGs, or whose SVGs' verdicts are cached, never needs them
if TYPE_CHECKING:
    from lxml import etree
    from reportlab.graphics.shapes import Drawing

MAX_SVG_BYTES = 1_000_000
MAX_SVG_ELEMENTS = 10_000
ICON_SUFFIXES = (".svg", ".png")
_FORM_NAME = "_pnp_form_name"  # a drawing's attribute: the name of its form in a document
_HREFS = ("href", "{http://www.w3.org/1999/xlink}href")
_INLINE_IMAGES = ("data:image/png;", "data:image/jpeg;")


def icon_problem(path: Path, verdicts: Cache | None = None) -> str | None:
    """Why an icon file cannot be drawn, or None."""
    found = icon_problem_at(path, verdicts)
    return found[0] if found else None


def icon_problem_at(path: Path, verdicts: Cache | None = None) -> tuple[str, int | None] | None:
    """Why an icon file cannot be drawn and the line of the file it is on (an SVG's XML), or None.

    With `verdicts` (a build cache), the answer for the same bytes is taken from it: reading
    the SVG as the renderer does imports svglib and draws it, a large share of a rebuild after
    one edit.  The entry is plain JSON, verified as every cache entry (pnp.cache), keyed by
    the SHA-256 of the file and the versions of the libraries that read it."""
    try:
        stamp = path.stat()
    except OSError:
        return _("{name} does not exist").format(name=path.name), None
    if not path.is_file():
        return _("{name} is not a file").format(name=path.name), None
    if path.suffix.lower() not in ICON_SUFFIXES:
        return _("{name} is neither an SVG nor a PNG file").format(name=path.name), None
    try:
        data = path.read_bytes() if verdicts is not None and stamp.st_size <= MAX_SVG_BYTES else None
    except OSError:  # said as it always was
        data = None
    if verdicts is None or data is None:
        return _problem_cached(str(path), stamp.st_size, stamp.st_mtime_ns)
    key = verdicts.key("icon-verdict", path.suffix.lower(), hashlib.sha256(data).hexdigest(), _reader_versions())
    kept = verdicts.get_json(key)
    problem, line = kept.get("problem"), kept.get("line")
    if "problem" in kept and isinstance(problem, str | None) and (line is None or type(line) is int):
        return None if problem is None else (problem, line)
    found = _problem_cached(str(path), stamp.st_size, stamp.st_mtime_ns)
    entry = {"problem": found[0], "line": found[1]} if found else {"problem": None, "line": None}
    with contextlib.suppress(OSError):  # the cache only saves time
        verdicts.put(key, json.dumps(entry, ensure_ascii=False).encode())
    return found


@lru_cache(maxsize=1)
def _reader_versions() -> tuple[str, ...]:
    """The libraries that read icons besides those in every cache key (ReportLab, Pillow)."""
    return tuple(installed_version(name) for name in ("svglib", "lxml"))


@lru_cache(maxsize=512)
def _problem_cached(path: str, size: int, _mtime: int) -> tuple[str, int | None] | None:
    if path.lower().endswith(".png"):
        found = image_problem(Path(path))
        return (found, None) if found else None
    if size > MAX_SVG_BYTES:
        return _("the SVG is {value:.1f} MB; an icon may be at most 1 MB").format(value=size / 1000000), None
    data = Path(path).read_bytes()
    if icon_verdicts.known_usable(data):  # one of pnp's own icons, read by the libraries it was listed with
        return None
    return svg_file_problem(Path(path), data)


def svg_file_problem(path: Path, data: bytes) -> tuple[str, int | None] | None:
    """Why the SVG file at `path`, of these bytes, cannot be drawn, and the line it is on; or None."""
    from lxml import etree

    from pnp.assets.xml_reasons import xml_place, xml_reason

    try:
        problem = _well_formed_svg_problem(data)
    except etree.XMLSyntaxError as exc:  # svg_problem says it; its line goes to the finding, once
        line, column = xml_place(exc)
        return _("the SVG is not well-formed XML, at column {column}: {reason}").format(
            column=column or 1, reason=xml_reason(exc)
        ), line
    if problem is not None:
        return problem, None
    drawn = svg_drawing(path)[1]  # read as the renderer will draw it
    return (drawn, None) if drawn else None


def svg_problem(data: bytes) -> str | None:
    """Why SVG bytes are unsafe or unusable: malformed, huge, or reaching for anything outside."""
    from lxml import etree

    from pnp.assets.xml_reasons import xml_place, xml_reason

    try:
        return _well_formed_svg_problem(data)
    except etree.XMLSyntaxError as exc:
        line, column = xml_place(exc)
        return _("the SVG is not well-formed XML, at line {line}, column {column}: {reason}").format(
            line=line or 1, column=column or 1, reason=xml_reason(exc)
        )


def _well_formed_svg_problem(data: bytes) -> str | None:
    """svg_problem of XML that parses; etree.XMLSyntaxError when it does not."""
    from lxml import etree

    from pnp.assets import svg_budget

    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False)
    root = etree.fromstring(data, parser)
    if root is None or etree.QName(root).localname != "svg":
        return _("the file is not an SVG (its root is not <svg>)")
    count = 0
    for element in root.iter():
        count += 1
        if count > MAX_SVG_ELEMENTS:
            return _("the SVG has more than {limit} elements").format(limit=number(MAX_SVG_ELEMENTS))
        if not isinstance(element.tag, str):
            continue  # comments and processing instructions
        for key in _HREFS:
            target = element.get(key)
            if target and not target.startswith("#") and not target.startswith(_INLINE_IMAGES):
                return _("the SVG refers to an outside file or address ({target})").format(target=target[:60])
        styles = " ".join(filter(None, [element.get("style"), element.text if _local(element) == "style" else None]))
        if "@import" in styles or _outside_url(styles):
            return _("the SVG's style refers to an outside file or address")
        for value in element.attrib.values():
            if _outside_url(value):
                return _("the SVG refers to an outside file or address ({value})").format(value=value[:60])
    return svg_budget.drawing_problem(root)  # entities, and what it draws once its <use> copies are expanded


def _local(element: etree._Element) -> str:
    from lxml import etree

    return etree.QName(element).localname


def _outside_url(text: str) -> bool:
    """A CSS url(...) that is not a reference inside the document (url(#gradient))."""
    rest = text
    while "url(" in rest:
        rest = rest.split("url(", 1)[1]
        target = rest.lstrip(" '\"")
        if not target.startswith("#"):
            return True
    return False


def svg_drawing(path: Path) -> tuple[Drawing | None, str | None]:
    """The SVG as a ReportLab drawing, or why it cannot be drawn.

    The icon-file gate (icon_problem, above) asks this too, so an SVG the renderer would fail on
    (no size, numbers PDF cannot hold, a transform that breaks drawing) is a finding in
    `pnp check`, never a crash in the build.
    """
    return _drawing(str(path), *file_stamp(path))


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
    with contextlib.suppress(OSError):  # unnamed, it is numbered in each document as it comes
        digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()[:20]
        drawing.__dict__[_FORM_NAME] = f"pnpIcon{digest}"
    try:  # drawn once, small, on a page nobody keeps: what fails here would fail in the build
        place_drawing(Canvas(io.BytesIO()), drawing, 0, 0, 20, 20)
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


def file_stamp(path: Path) -> tuple[int, int]:
    stat = path.stat()
    return stat.st_size, stat.st_mtime_ns


def place_drawing(canvas: Canvas, drawing: Drawing, x: float, y: float, width: float, height: float) -> None:
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
    forms: dict[object, tuple[Drawing, str]] = canvas.__dict__.setdefault("_pnp_icon_forms", {})
    # named by the file's bytes where known, so a face's form reads the same whichever faces were
    # drawn before it in the same document (pnp.export.assemble relies on it)
    identity = drawing.__dict__.get(_FORM_NAME) or id(drawing)
    known = forms.get(identity)
    if known is not None:
        return known[1]
    name = identity if isinstance(identity, str) else f"pnpIcon{len(forms)}"
    w, h = drawing.width, drawing.height
    canvas.beginForm(name, -w, -h, 2 * w, 2 * h)  # room around it: a stroke may reach past the view box
    # renderPDF starts every drawing by selecting its default font, Helvetica, which is never
    # embedded: print shops' preflight flags that even when no text is drawn.
    drawing.initialFontName = plain_font()
    from reportlab.graphics import renderPDF

    renderPDF.draw(drawing, canvas, 0, 0)
    end_form(canvas)
    forms[identity] = (drawing, name)  # the drawing kept with its name: its id is not reused
    return name


def forget_drawings() -> None:
    """The SVG drawings read so far, forgotten (pnp.render.files_read)."""
    _drawing.cache_clear()


def write_icon_verdicts() -> None:
    """List every bundled SVG that reads and draws without fault (pnp.assets.icon_verdicts)."""
    read = [(path, path.read_bytes()) for path in icon_verdicts.bundled_svgs()]
    icon_verdicts.write([data for path, data in read if svg_file_problem(path, data) is None])


if __name__ == "__main__":
    write_icon_verdicts()
