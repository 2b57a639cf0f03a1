"""Whether an icon file can be drawn, and its SVG read as a ReportLab drawing.

An SVG comes from a stranger (a pack, a layout family), so it is read without
entities, network or outside files, refused when huge, and drawn once on a page
nobody keeps: what fails there is a finding in `pnp check`, never a crash in the
build.  Which file draws which {icon} name is the layout's business
(pnp.layout.icons); placing a drawing on a card is the renderer's
(pnp.render.icons).  Both ask this module.

What the renderer places is the SVG's form as drawn once (IconForm): the drawing
operators ReportLab wrote for it, replayed into each document.  A build cache keeps
it with the file's verdict, so a rebuild draws a card's icons without svglib,
lxml or ReportLab's graphics (a tenth of a second after one edit).
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import math
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import orjson
from reportlab.lib.colors import Color
from reportlab.pdfbase import pdfdoc
from reportlab.pdfbase.ttfonts import TTFError
from reportlab.pdfgen.canvas import Canvas

from pnp.assets import icon_verdicts
from pnp.assets.fonts import plain_font
from pnp.assets.forms import end_form
from pnp.cache import Cache, installed_version, json_bytes
from pnp.files import Stamp, content_stamp
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
_FORMS = "_pnp_icon_forms"  # a canvas's attribute: the icon forms its document holds
_HREFS = ("href", "{http://www.w3.org/1999/xlink}href")
_INLINE_IMAGES = ("data:image/png;", "data:image/jpeg;")


Found = tuple[str, int | None]  # why an icon file cannot be drawn, and the line of the file it is on


def icon_problem(path: Path, verdicts: Cache | None = None) -> str | None:
    """Why an icon file cannot be drawn, or None."""
    found = icon_problem_at(path, verdicts)
    return found[0] if found else None


def icon_problem_at(path: Path, verdicts: Cache | None = None) -> Found | None:
    """Why an icon file cannot be drawn and the line of the file it is on (an SVG's XML), or None.

    With `verdicts` (a build cache), the answer for the same bytes is taken from it: reading
    the SVG as the renderer does imports svglib and draws it, a large share of a rebuild after
    one edit.  The entry is plain JSON, verified as every cache entry (pnp.cache), keyed by
    the SHA-256 of the file and the versions of the libraries that read it; it holds the
    SVG's form too (IconForm), which the renderer places.  One of pnp's own SVGs, listed as
    usable by the libraries installed (pnp.assets.icon_verdicts), is not read at all."""
    try:
        stamp = path.stat()
    except OSError:
        stamp = None
    if stamp is not None and _listed(str(path), stamp.st_size, stamp.st_mtime_ns):
        return None
    return _icon_at(path, verdicts)[0]


@lru_cache(maxsize=512)
def _listed(path: str, size: int, _mtime: int) -> bool:
    """The file is one of pnp's own SVGs, known usable without being read (a cold check draws none)."""
    if not path.lower().endswith(".svg") or size > MAX_SVG_BYTES:
        return False
    try:
        return icon_verdicts.known_usable(Path(path).read_bytes())
    except OSError:
        return False


def icon_drawn(path: Path) -> tuple[str | None, IconForm | None]:
    """For the renderer: why the icon file cannot be drawn (None: it can), and an SVG's form.

    While a drawing keeps its icons in a cache (icons_kept_in), both come from it: a rebuild
    places a card's icons without reading an SVG."""
    found, form = _icon_at(path, _KEPT[-1] if _KEPT else None)
    return (found[0] if found else None), form


_KEPT: list[Cache] = []  # the cache of the drawing under way (icons_kept_in), innermost last


@contextlib.contextmanager
def icons_kept_in(cache: Cache | None) -> Iterator[None]:
    """While faces are drawn, each icon's verdict and form are taken from `cache` (None: read
    from the files), and kept in it when they are made."""
    if cache is None:
        yield
        return
    _KEPT.append(cache)
    try:
        yield
    finally:
        _KEPT.pop()


def _icon_at(path: Path, verdicts: Cache | None) -> tuple[Found | None, IconForm | None]:
    try:
        stamp = path.stat()
    except OSError:
        return (_("{name} does not exist").format(name=path.name), None), None
    if not path.is_file():
        return (_("{name} is not a file").format(name=path.name), None), None
    if path.suffix.lower() not in ICON_SUFFIXES:
        return (_("{name} is neither an SVG nor a PNG file").format(name=path.name), None), None
    if verdicts is None or stamp.st_size > MAX_SVG_BYTES:
        return _known(str(path), stamp.st_size, stamp.st_mtime_ns)
    return _kept(str(path), content_stamp(stamp), verdicts)


@lru_cache(maxsize=512)
def _kept(path: str, stamp: Stamp, verdicts: Cache) -> tuple[Found | None, IconForm | None]:
    """The verdict and form of the file's bytes, from the cache or made and kept there; once per
    file stamp in a process (the renderer asks at every icon it places)."""
    try:
        data = Path(path).read_bytes()
    except OSError:  # said as it always was
        return _known(path, stamp[0], stamp[1])
    suffix = Path(path).suffix.lower()
    key = verdicts.key("icon", suffix, hashlib.sha256(data).hexdigest(), _reader_versions())
    entry = _read_entry(verdicts.get_json(key), suffix)
    if entry is not None:
        return entry
    found, form = _known(path, stamp[0], stamp[1])
    kept = {
        "problem": found[0] if found else None,
        "line": found[1] if found else None,
        "form": form.as_json() if form else None,
    }
    with contextlib.suppress(OSError):  # the cache only saves time
        verdicts.put_json(key, kept)
    return found, form


def _read_entry(kept: dict[str, Any], suffix: str) -> tuple[Found | None, IconForm | None] | None:
    """What a cache entry says of an icon file, or None when it is not an entry of that shape."""
    problem, line, form = kept.get("problem"), kept.get("line"), kept.get("form")
    if "problem" not in kept or not isinstance(problem, str | None) or not (line is None or type(line) is int):
        return None
    if form is None:
        return (None if problem is None else (problem, line)), None
    read = IconForm.from_json(form)
    if read is None or problem is not None or suffix != ".svg":
        return None
    return None, read


@lru_cache(maxsize=1)
def _reader_versions() -> tuple[str, ...]:
    """The libraries that read icons besides those in every cache key (ReportLab, Pillow)."""
    return tuple(installed_version(name) for name in ("svglib", "lxml"))


@lru_cache(maxsize=512)
def _known(path: str, size: int, _mtime: int) -> tuple[Found | None, IconForm | None]:
    """The verdict and form of the file, read here."""
    if path.lower().endswith(".png"):
        found = image_problem(Path(path))
        return ((found, None) if found else None), None
    if size > MAX_SVG_BYTES:
        return (_("the SVG is {value:.1f} MB; an icon may be at most 1 MB").format(value=size / 1000000), None), None
    data = Path(path).read_bytes()
    from lxml import etree

    from pnp.assets.xml_reasons import xml_place, xml_reason

    try:
        problem = _well_formed_svg_problem(data)
    except etree.XMLSyntaxError as exc:  # svg_problem says it; its line goes to the finding, once
        line, column = xml_place(exc)
        return (
            _("the SVG is not well-formed XML, at column {column}: {reason}").format(
                column=column or 1, reason=xml_reason(exc)
            ),
            line,
        ), None
    if problem is not None:
        return (problem, None), None
    _drawn, drawn, form = _drawing(str(path), *file_stamp(Path(path)))  # read as the renderer will draw it
    return ((drawn, None) if drawn else None), form


@dataclass(frozen=True)
class IconForm:
    """An SVG as drawn once into a form: all a document needs to hold that form again.

    Its size, the bounds of its ink (pnp.render.icons.blank_sides), and what ReportLab wrote in
    the form: the drawing's operators and the graphics states (opacity) they name.  Plain
    data, kept in a build cache as JSON, placed without svglib or ReportLab's graphics, and
    placed from this record in every build, cached or not: the form's bytes are the same.

    `code` is None for a drawing whose form reaches outside itself (text in a font, a
    shading, a colour space, another form): what the document holds then depends on it being
    drawn there, so it is drawn with svglib each time, as it always was."""

    name: str  # its name in a document: "pnpIcon" and the start of the file's SHA-256
    width: float
    height: float
    bounds: tuple[float, float, float, float] | None  # of its ink, in its own units (Drawing.getBounds)
    code: tuple[str, ...] | None
    states: tuple[tuple[str, Any, str], ...] = ()  # each graphics state: its key, value and name
    pdf_version: tuple[int, int] = pdfdoc.PDF_VERSION_DEFAULT  # the least the drawing needs (opacity: 1.4)

    def as_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "width": self.width,
            "height": self.height,
            "bounds": None if self.bounds is None else list(self.bounds),
            "code": None if self.code is None else list(self.code),
            "states": [list(state) for state in self.states],
            "pdf_version": list(self.pdf_version),
        }

    @classmethod
    def from_json(cls, data: object) -> IconForm | None:
        """The form `data` (as_json, read back) describes, or None when it is not of that shape."""
        if not isinstance(data, dict):
            return None
        name, width, height = data.get("name"), data.get("width"), data.get("height")
        bounds, code, states = data.get("bounds"), data.get("code"), data.get("states")
        version = data.get("pdf_version")
        if not (isinstance(name, str) and name.startswith("pnpIcon") and name.isalnum()):
            return None
        if not (_positive(width) and _positive(height)):
            return None
        if bounds is not None and not (isinstance(bounds, list) and len(bounds) == 4 and all(map(_number, bounds))):
            return None
        if code is not None and not (isinstance(code, list) and all(type(line) is str for line in code)):
            return None
        if not isinstance(states, list) or not all(_state(state) for state in states):
            return None
        if not (isinstance(version, list) and len(version) == 2 and all(type(part) is int for part in version)):
            return None
        return cls(
            name,
            cast(float, width),  # an int or a float, as recorded: kept so, the arithmetic on it is the same
            cast(float, height),
            None if bounds is None else (bounds[0], bounds[1], bounds[2], bounds[3]),
            None if code is None else tuple(code),
            tuple((key, value, state) for key, value, state in states),
            (version[0], version[1]),
        )


def _number(value: object) -> bool:
    return type(value) in (int, float) and math.isfinite(value)  # type: ignore[arg-type]


def _positive(value: object) -> bool:
    return _number(value) and value > 0  # type: ignore[operator]


def _state(state: object) -> bool:
    """A graphics state as ReportLab names it: (key, value, name), its value a number or a PDF word."""
    return (
        isinstance(state, list)
        and len(state) == 3
        and type(state[0]) is str
        and (type(state[1]) is str or _number(state[1]))
        and type(state[2]) is str
    )


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
    drawing, problem, _form = _drawing(str(path), *file_stamp(path))
    return drawing, problem


@lru_cache(maxsize=256)
def _drawing(path: str, _size: int, _mtime: int) -> tuple[Drawing | None, str | None, IconForm | None]:
    """Keyed by size and time so an edited file is read again.  With the drawing, its form as
    recorded where it is drawn once to see that it can be (None: it is drawn each time)."""
    from svglib.svglib import svg2rlg  # imported when first needed: most commands draw no icon

    try:
        drawing = svg2rlg(path, resolve_entities=False)
    except Exception as exc:  # svglib raises many kinds on odd SVG
        return None, _("svglib cannot read the SVG ({kind})").format(kind=type(exc).__name__), None
    if drawing is None:
        return None, _("svglib cannot read the SVG"), None
    size = (drawing.width, drawing.height)
    if not all(isinstance(v, int | float) and math.isfinite(v) and v > 0 for v in size):
        return None, _("the SVG has no size: give it a viewBox, or width and height"), None
    _flatten_gradients(drawing)
    name = None
    with contextlib.suppress(OSError):  # unnamed, it is numbered in each document as it comes
        digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()[:20]
        name = drawing.__dict__[_FORM_NAME] = f"pnpIcon{digest}"
    try:  # drawn once, small, on a page nobody keeps: what fails here would fail in the build
        form = _recorded(drawing, name)
    except TTFError:  # one of pnp's own fonts is damaged, not the SVG: install/fonts says so
        return drawing, None, None
    except Exception as exc:
        return (
            None,
            _("the SVG cannot be drawn ({kind}): check its numbers, sizes and transforms").format(
                kind=type(exc).__name__
            ),
            None,
        )
    return drawing, None, form


def _recorded(drawing: Drawing, name: str | None) -> IconForm | None:
    """The drawing placed in a 20 pt square of a page nobody keeps, and its form as recorded
    there: what ReportLab wrote into it.  None when the form cannot be named; its code None when
    drawing it changed anything else of the canvas or the document than the form itself and
    the PDF version (a font, an image or another object, a colour space, a shading): then only
    drawing it where it is used makes that document's bytes."""
    # no font of its own in the document (a TrueType font is registered once text uses it): a
    # drawing's text changes the document's fonts, and is drawn where it is used
    canvas = Canvas(io.BytesIO(), initialFontName=plain_font())
    document = canvas._doc
    before = _snapshot(document), _snapshot(canvas)
    recording: list[Any] = []
    place_drawing(canvas, drawing, 0, 0, 20, 20, recording)
    bounds = drawing.getBounds()  # after drawing it, as blank_sides always read them
    if name is None or not recording:
        return None
    code, states, alone = recording
    after = _snapshot(document), _snapshot(canvas)
    alone = (
        alone
        and set(after[0]["idToObject"]) == set(before[0]["idToObject"]) | {pdfdoc.xObjectName(name)}
        and all(after[0][key] == value for key, value in before[0].items() if key not in _DOCUMENT_GROWS)
        and all(after[1][key] == value for key, value in before[1].items() if key not in _CANVAS_GROWS)
        and after[0].keys() == before[0].keys()
        and after[1].keys() <= before[1].keys() | {_FORMS}
        and all(type(line) is str for line in code)
        and not any(" Tf" in line or "Tj" in line or "TJ" in line for line in code)  # text names the document's fonts
    )
    form = IconForm(
        name,
        drawing.width,
        drawing.height,
        None if not bounds else (bounds[0], bounds[1], bounds[2], bounds[3]),
        tuple(code) if alone else None,
        tuple(states),
        document._pdfVersion,
    )
    # as a cache entry gives it back (pnp.cache writes and reads JSON with orjson): a build that reads
    # it from the cache writes the same bytes
    return IconForm.from_json(orjson.loads(json_bytes(form.as_json())))


# what placing a form changes of the document: the form is one more object; the PDF version is the
# least the drawing needs (its opacity: 1.4), and replayed with it
_DOCUMENT_GROWS = frozenset({"objectcounter", "idToObject", "idToObjectNumberAndVersion", "numberToId", "_pdfVersion"})
_CANVAS_GROWS = frozenset({"_code", "_formsinuse", _FORMS})  # outside the form: the placing "q cm Do Q"


def _snapshot(thing: object) -> dict[str, Any]:
    """An object's attributes, its dictionaries, lists and sets copied: compared after drawing."""
    return {
        key: type(value)(value) if type(value) in (dict, list, set) else value for key, value in vars(thing).items()
    }


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


def place_drawing(
    canvas: Canvas,
    drawing: Drawing,
    x: float,
    y: float,
    width: float,
    height: float,
    recording: list[Any] | None = None,
) -> None:
    """The drawing fitted in the box, centred, as a form of the canvas's document; `recording`
    receives what the form was drawn with, when it is drawn here (_recorded)."""
    _place(canvas, _form(canvas, drawing, recording), drawing.width, drawing.height, x, y, width, height)


def place_form(canvas: Canvas, form: IconForm, x: float, y: float, width: float, height: float) -> None:
    """The recorded form (its `code` not None) fitted in the box as place_drawing places its
    drawing: the same bytes, without svglib."""
    _place(canvas, _replayed(canvas, form), form.width, form.height, x, y, width, height)


def _place(canvas: Canvas, name: str, w: float, h: float, x: float, y: float, width: float, height: float) -> None:
    scale = min(width / w, height / h)
    canvas.saveState()
    canvas.translate(x + (width - w * scale) / 2, y + (height - h * scale) / 2)
    canvas.scale(scale, scale)
    canvas.doForm(name)
    canvas.restoreState()


def _form(canvas: Canvas, drawing: Drawing, recording: list[Any] | None = None) -> str:
    """The drawing as a form of this document, drawn the first time it is placed: every later
    placement (the set symbol on every card, each icon in the text) is one reference to it,
    not the whole drawing again."""
    forms: dict[object, tuple[object, str]] = canvas.__dict__.setdefault(_FORMS, {})
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
    if recording is not None:
        # what endForm makes the form of, besides the canvas's preamble: the operators, the graphics
        # states they name, and whether the form uses anything of the page or the document
        alone = not (canvas._colorsUsed or canvas._shadingUsed or canvas._formsinuse or canvas._annotationrefs)
        states = [(key, value, state) for (key, value), state in canvas._extgstate._c.items()]
        recording[:] = [list(canvas._code), states, alone]
    end_form(canvas)
    forms[identity] = (drawing, name)  # the drawing kept with its name: its id is not reused
    return name


def _replayed(canvas: Canvas, form: IconForm) -> str:
    """The recorded form as a form of this document, made the first time it is placed, as _form
    makes it: the same operators and graphics states, between the same beginForm and end_form."""
    forms: dict[object, tuple[object, str]] = canvas.__dict__.setdefault(_FORMS, {})
    if form.name in forms:
        return form.name
    w, h = form.width, form.height
    canvas.beginForm(form.name, -w, -h, 2 * w, 2 * h)
    canvas._code.extend(form.code or ())
    for key, value, state in form.states:
        canvas._extgstate._c[key, value] = state
    end_form(canvas)
    document = canvas._doc
    document._pdfVersion = max(document._pdfVersion, form.pdf_version)  # as ensureMinPdfVersion raises it
    forms[form.name] = (form, form.name)
    return form.name


def forget_drawings() -> None:
    """The SVG drawings and verdicts read so far, forgotten (pnp.render.files_read)."""
    _drawing.cache_clear()
    _known.cache_clear()
    _kept.cache_clear()
    _listed.cache_clear()


def svg_file_problem(path: Path) -> Found | None:
    """Why the SVG file cannot be drawn, read and drawn as the renderer does (the list of pnp's own
    usable icons not asked), and the line it is on; or None."""
    stamp = path.stat()
    return _known(str(path), stamp.st_size, stamp.st_mtime_ns)[0]


def write_icon_verdicts() -> None:
    """List every bundled SVG that reads and draws without fault (pnp.assets.icon_verdicts)."""
    icon_verdicts.write([path.read_bytes() for path in icon_verdicts.bundled_svgs() if svg_file_problem(path) is None])


if __name__ == "__main__":
    write_icon_verdicts()
