"""Imposed PDF sheets: each distinct face is a form drawn once and placed per copy."""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from reportlab import rl_config
from reportlab.lib.colors import HexColor
from reportlab.lib.rl_accel import fp_str
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

from pnp.assets.forms import end_form
from pnp.export.canvas import new_canvas, plain_font
from pnp.i18n import printed
from pnp.impose.sheet import Mark, SheetPlan, Slot, marks_for
from pnp.layout import FaceLayout, LaidOutElement
from pnp.units import Size, mm

# The face renderer (text fitting, hyphenation, pictures, scans: some 25 ms to import) is imported by the
# first face drawn: a rebuild that takes every face from the cache, or draws only the sheets, never needs it.
if TYPE_CHECKING:
    from pnp.render.face import RenderContext

rl_config.invariant = 1  # byte-identical output for identical input: no dates, no random ids
rl_config.useA85 = 0  # raw binary streams: smaller files and faster than ASCII85


@dataclass(frozen=True)
class Form:
    """A face to draw once as a PDF form: its trim size, its bleed, and how to draw
    it with the trim box's bottom-left corner at (0, 0)."""

    size: Size
    bleed: float
    draw: Callable[[Canvas], None]


@dataclass(frozen=True)
class Placement:
    """One printed card or token: the key of its front form and of its back form (None: a blank back)."""

    front: str
    back: str | None


@dataclass(frozen=True)
class SheetSection:
    """A run of cards that share a sheet plan (one deck, or one card size)."""

    title: str
    plan: SheetPlan
    cards: tuple[Placement, ...]
    duplex: str
    language: str = "en"  # the card language: the words pnp prints around the cards are in it
    first_sheet: int = 1  # the number of its first sheet: a page range of a deck counts on from there
    sheet_total: int = 0  # the sheets of the whole deck, for the footer; 0: the section's own


Footer = Callable[[Canvas, Size, str], None]


def render_pdf(
    sections: Sequence[SheetSection],
    faces: dict[str, FaceLayout],
    ctx: RenderContext,
    title: str,
    progress: Callable[[int], None] | None = None,
    footer: Footer | None = None,
) -> bytes:
    """Card sheets: every face a form, drawn from its layout."""
    forms = {key: Form(face.size, ctx.bleed, partial(_draw_layout, face=face, ctx=ctx)) for key, face in faces.items()}
    language = sections[0].language if sections else "en"
    data, _ = render_sheets(
        sections, forms, title, footer=footer or partial(home_footer, language=language), progress=progress
    )
    return data


def _draw_layout(canvas: Canvas, face: FaceLayout, ctx: RenderContext) -> None:
    from pnp.render.face import draw_face

    draw_face(canvas, face, ctx)


@dataclass(frozen=True)
class DrawnPart:
    """Faces drawn as forms of one document (on no page of it)."""

    pdf: bytes
    forms: dict[str, int]  # face key -> its form's object number
    finding_ends: tuple[int, ...]  # how many of the context's findings there were after each face
    # a font took a character past the charset: its subset then differs from other parts' subsets
    past_charset: bool


def render_face_part(
    faces: Sequence[FaceLayout], ctx: RenderContext, charset: str = "", roles: Sequence[str] = ()
) -> DrawnPart:
    """The faces drawn once each, as forms of one document (on no page of it), and each face's form
    object number there: documents are then assembled from them (pnp.export.assemble).

    The fonts of the font `roles` the pack's faces use take the characters of `charset` (CHARSET)
    first, in its order: each part then subsets each font alike, and a document assembled from
    many parts holds it once."""
    buffer = io.BytesIO()
    canvas = new_canvas(buffer)
    ends = []
    with _fonts_alike(canvas, ctx, charset, roles) as past_charset:
        for face in faces:
            form = Form(face.size, ctx.bleed, partial(_draw_layout, face=face, ctx=ctx))
            _define_form(canvas, _form_name(face.key), form)
            ends.append(len(ctx.findings))
    canvas.showPage()  # a document has a page; this one stays empty
    canvas.save()
    forms = form_numbers(canvas, [face.key for face in faces])
    return DrawnPart(buffer.getvalue(), forms, tuple(ends), bool(past_charset))


@contextmanager
def _fonts_alike(canvas: Canvas, ctx: RenderContext, charset: str, roles: Sequence[str]) -> Iterator[list[bool]]:
    """The fonts of `roles` named in a fixed order and given the characters of `charset` first;
    those the drawing then never uses are left out of the document.  Yields a list that holds
    True, once the drawing is done, when a font took a character past the charset."""
    past: list[bool] = []
    if not charset:
        yield past
        return
    doc = canvas._doc
    names = {plain_font(), plain_font(bold=True)}
    for role in filter(None, map(ctx.fonts.role, roles)):
        names |= {role.name(bold, italic) for bold in (False, True) for italic in (False, True)}
    fonts = sorted(ctx.fonts.fonts(), key=lambda f: f.fontName)
    used: set[str] = set()
    primed = {}
    for font in fonts:
        if font.fontName in names:
            font.splitString(charset, doc)
            font.getSubsetInternalName(0, doc)
            primed[font.fontName] = len(font.state[doc].assignments)

        def split(text: str, document: object, encoding: str = "utf-8", _font: Any = font) -> Any:
            if document is doc:
                used.add(_font.fontName)
            return type(_font).splitString(_font, text, document, encoding)

        font.splitString = split  # ReportLab writes every text through it: a font split for is used
    try:
        yield past
    finally:
        for font in fonts:
            del font.splitString
            if font.fontName not in primed:  # subset as each part's faces come: not alike
                unlike = font.fontName in used
            else:
                unlike = len(font.state[doc].assignments) != primed[font.fontName]
            if unlike:
                past.append(True)
            if font.fontName not in used and font in doc.delayedFonts:
                doc.delayedFonts.remove(font)
                doc.fontMapping.pop(font.fontName, None)


def render_frames(
    sections: Sequence[SheetSection], sizes: Mapping[str, Size], bleed: float, title: str, footer: Footer | None = None
) -> tuple[bytes, dict[str, int]]:
    """The sheets with an empty form for each face (key -> its trim size), and each form's object
    number: marks, footers and where each face goes, to be filled with faces drawn elsewhere."""
    forms = {key: Form(size, bleed, _placeholder) for key, size in sizes.items()}
    language = sections[0].language if sections else "en"
    numbers: dict[str, int] = {}
    data, _ = render_sheets(sections, forms, title, footer or partial(home_footer, language=language), numbers=numbers)
    return data, numbers


# The characters every part gives its fonts first, in this order: the letters and signs of the
# languages pnp prints.  Fixed, so that no edit changes it (an edit that did would draw every
# face again); a character past these is subset by each part as it comes.
CHARSET = "".join(chr(c) for c in range(32, 127)) + "¡¿«»ºª·€–—‘’“”…•áéíóúüñçàèòùïâêôÁÉÍÓÚÜÑÇÀÈÒÙÏ"


MAX_PACK_CHARACTERS = 96  # CHARSET and these fill one subset of 256 codes


def pack_charset(faces: Iterable[FaceLayout]) -> str:
    """CHARSET, then the other characters the faces' texts hold, in code order: each part then
    subsets each font alike even when a card prints a rarer letter (ß, ő), so a rebuild can take
    most faces from the parts an earlier build drew.  A pack with too many such characters (a
    script of its own) keeps CHARSET: its parts subset their fonts each their own way."""
    found: set[str] = set()
    for element in _distinct_elements(faces):
        for _, value in element.props:
            if isinstance(value, str):
                found.update(value)
    extra = {c for c in found.difference(CHARSET) if c.isprintable()}
    if len(extra) > MAX_PACK_CHARACTERS:
        return CHARSET
    return CHARSET + "".join(sorted(extra))


def face_roles(faces: Iterable[FaceLayout]) -> tuple[str, ...]:
    """The font roles the faces' texts use, and the "text missing" mark's."""
    roles = {"title", "label"}
    roles.update(str(e.get("font", "body")) for e in _distinct_elements(faces) if e.kind == "text")
    return tuple(sorted(roles))


def _distinct_elements(faces: Iterable[FaceLayout]) -> list[LaidOutElement]:
    """Each element of the faces once: the faces taken from the layout memo share their elements
    (most are alike on many cards), and a 5000-card pack's 50 000 are a few thousand."""
    seen: dict[int, LaidOutElement] = {}
    for face in faces:
        for element in face.elements:
            seen.setdefault(id(element), element)
    return list(seen.values())


def _placeholder(canvas: Canvas) -> None:
    """A face drawn elsewhere (render_frames): _define_form gives it an object of its own, not a form."""


class _Null(pdfdoc.PDFObject):
    """The object standing for a face drawn elsewhere: only its number matters, since
    pnp.export.assemble puts the face's form in its place.  An empty form written as these
    constant bytes, so that the sheets (kept in the cache) are a valid PDF still: a form drawn
    by ReportLab, even an empty one, costs ten times as much to write, for each face of each document."""

    def format(self, document: Any) -> bytes:
        return b"<< /BBox [ 0 0 0 0 ] /Length 0 /Subtype /Form /Type /XObject >>\nstream\n\nendstream"


def form_numbers(canvas: Canvas, keys: Sequence[str]) -> dict[str, int]:
    """The object number of each key's form in the document the canvas has just saved."""
    numbering = canvas._doc.idToObjectNumberAndVersion
    return {key: numbering[pdfdoc.xObjectName(_form_name(key))][0] for key in keys}


def render_sheets(
    sections: Sequence[SheetSection],
    forms: Mapping[str, Form],
    title: str,
    footer: Footer,
    progress: Callable[[int], None] | None = None,
    blank_back: Footer | None = None,
    numbers: dict[str, int] | None = None,
) -> tuple[bytes, int]:
    """Imposed sheets of any forms (cards, tokens, standees); returns the PDF and its page count.

    Fronts go on a page; their backs follow on the next page where the flip
    puts them (long or short edge), or on the lower half of the same page (fold).
    A backs page left empty (one-sided pieces) gets `blank_back`'s footer, when given.
    `numbers`, when given, receives each placed form's object number.
    """
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, title)
    defined: set[str] = set()
    page_count = 0
    for section in sections:
        per_sheet = len(section.plan.fronts)
        sheets = [section.cards[i : i + per_sheet] for i in range(0, len(section.cards), per_sheet)]
        page = section.plan.page
        fold = section.duplex == "fold"
        total = section.sheet_total or len(sheets)
        # the sheets of a section differ only in their faces and footers: the marks of a sheet of n
        # cards are worked out and written once (all its full sheets share one, its last another)
        marks = _KeptMarks(section.plan)
        for number, sheet in enumerate(sheets, start=section.first_sheet):
            canvas.setPageSize((page.width, page.height))
            fronts, backs = section.plan.fronts[: len(sheet)], section.plan.backs[: len(sheet)]
            place_forms(canvas, forms, defined, [card.front for card in sheet], fronts)
            if fold:
                place_forms(canvas, forms, defined, [card.back for card in sheet], backs)
                if section.plan.fold_line:
                    draw_fold_line(canvas, section.plan.fold_line)
            # marks only for the rows and columns this sheet fills
            marks.draw(canvas, len(sheet), backs_page=False)
            folded = " · " + printed(section.language, "fold") if fold else ""
            footer(canvas, page, f"{section.title} · {number}/{total}{folded}")
            canvas.showPage()
            page_count += 1
            if section.duplex in ("long", "short"):
                canvas.setPageSize((page.width, page.height))
                place_forms(canvas, forms, defined, [card.back for card in sheet], backs)
                marks.draw(canvas, len(sheet), backs_page=True)
                if blank_back is not None and all(card.back is None for card in sheet):
                    blank_back(canvas, page, section.title)  # one-sided pieces: say why the page is empty
                canvas.showPage()
                page_count += 1
            if progress:
                progress(len(sheet))
    canvas.save()
    if numbers is not None:
        numbers.update(form_numbers(canvas, sorted(defined)))
    return buffer.getvalue(), page_count


def place_forms(
    canvas: Canvas, forms: Mapping[str, Form], defined: set[str], keys: Sequence[str | None], slots: Sequence[Slot]
) -> None:
    """Each key's form in its slot, turned by the slot's rotation; a form is defined on first use."""
    for key, slot in zip(keys, slots, strict=False):
        if key is None:
            continue  # a single-sided piece: its back stays blank
        form = forms[key]
        name = _form_name(key)
        if key not in defined:
            _define_form(canvas, name, form)
            defined.add(key)
        # one "q [clip] cm Do Q" written at once: this runs for every card of every sheet, and
        # ReportLab's saveState, clipPath, translate and rotate cost ten times as much
        code = ["q"]
        if slot.clip is not None:  # a tight grid: the bleed must not reach the neighbouring cards
            left, bottom, right, top = slot.clip
            code.append(f"{fp_str(left, bottom, right - left, top - bottom)} re W n")
        code.append(f"{fp_str(*_placing(slot, form.size))} cm")
        canvas._code.append(" ".join(code))
        canvas.doForm(name)
        canvas._code.append("Q")


_QUARTER_TURNS = {0: (1.0, 0.0), 90: (0.0, 1.0), 180: (-1.0, 0.0), 270: (0.0, -1.0)}


def _placing(slot: Slot, size: Size) -> tuple[float, float, float, float, float, float]:
    """The matrix drawing a form (trim box at (0, 0), `size`) in the slot, turned by the slot's
    rotation about the slot's centre."""
    turn = slot.rotation % 360
    cos, sin = _QUARTER_TURNS.get(turn) or (math.cos(math.radians(turn)), math.sin(math.radians(turn)))
    half_w, half_h = size.width / 2, size.height / 2
    x = slot.x + slot.width / 2 - (cos * half_w - sin * half_h)
    y = slot.y + slot.height / 2 - (sin * half_w + cos * half_h)
    return cos, sin, -sin, cos, x, y


def _form_name(key: str) -> str:
    return "face" + "".join(ch if ch.isalnum() else "_" for ch in key)


def _define_form(canvas: Canvas, name: str, form: Form) -> None:
    if form.draw is _placeholder:
        canvas._doc.Reference(_Null(), pdfdoc.xObjectName(name))
        return
    b = form.bleed
    canvas.beginForm(name, -b, -b, form.size.width + b, form.size.height + b)
    path = canvas.beginPath()
    path.rect(-b, -b, form.size.width + 2 * b, form.size.height + 2 * b)
    canvas.clipPath(path, stroke=0, fill=0)  # nothing a face draws reaches past its bleed
    form.draw(canvas)
    end_form(canvas)


class _KeptMarks:
    """The crop marks of one section's sheets, each set written by draw_marks once and its page
    operators repeated for every other sheet with as many cards: they are the same bytes, and a
    sheet's marks cost more to work out and write than the rest of its frame."""

    def __init__(self, plan: SheetPlan) -> None:
        self._plan = plan
        self._code: dict[tuple[int, bool], list[str]] = {}

    def draw(self, canvas: Canvas, count: int, backs_page: bool) -> None:
        code = self._code.get((count, backs_page))
        if code is None:
            front_marks, back_marks = marks_for(self._plan, count)
            start = len(canvas._code)
            # draw_marks restores the graphics state it sets: repeating its operators leaves the
            # canvas as drawing them again would
            draw_marks(canvas, back_marks if backs_page else front_marks)
            code = self._code[count, backs_page] = canvas._code[start:]
        else:
            canvas._code.extend(code)


def draw_marks(canvas: Canvas, marks: Sequence[Mark]) -> None:
    canvas.saveState()
    canvas.setStrokeColor(HexColor("#000000"))
    canvas.setLineWidth(0.3)
    for mark in marks:
        canvas.line(mark.x1, mark.y1, mark.x2, mark.y2)
    canvas.restoreState()


def draw_fold_line(canvas: Canvas, line: Mark) -> None:
    canvas.saveState()
    canvas.setStrokeColor(HexColor("#888888"))
    canvas.setLineWidth(0.4)
    canvas.setDash(4, 3)
    canvas.line(line.x1, line.y1, line.x2, line.y2)
    canvas.restoreState()


FOOTER_MARGIN = mm(5)  # from the paper edge: most home printers cannot print closer
FOOTER_BAND = mm(3)  # the room a sheet plan keeps free above that margin (SheetSpec.footer)
FOOTER_SIZE = 6.0  # pt: the smallest text pnp prints on a sheet


def home_footer(canvas: Canvas, page: Size, text: str, language: str = "en", mark: str = "") -> None:
    """A label and a 50 mm scale bar, 5 mm or more from the paper edge, in the band the sheet
    plan keeps free: a user can check the print was made at 100 %.  Its words are in the card language.
    A draft's `mark` ("BORRADOR") opens the band, in red: no crop mark reaches the band."""
    canvas.saveState()
    baseline = FOOTER_MARGIN + mm(0.6)  # the descenders stay above the margin
    start = FOOTER_MARGIN
    if mark:
        canvas.setFont(plain_font(bold=True), FOOTER_SIZE + 1)
        canvas.setFillColor(HexColor("#d32f2f"))
        canvas.drawString(start, baseline, mark)
        start += canvas.stringWidth(mark, plain_font(bold=True), FOOTER_SIZE + 1) + mm(2)
    canvas.setFont(plain_font(), FOOTER_SIZE)
    canvas.setFillColor(HexColor("#555555"))
    bar_x = page.width - FOOTER_MARGIN - mm(50)
    scale = printed(language, "print at 100 % (actual size): the bar must measure 50 mm")
    text = fit_line(canvas, f"{text} · {scale}", bar_x - mm(8) - start)
    canvas.drawString(start, baseline, text)
    canvas.setStrokeColor(HexColor("#555555"))
    canvas.setLineWidth(0.5)
    canvas.line(bar_x, FOOTER_MARGIN + mm(1.2), bar_x + mm(50), FOOTER_MARGIN + mm(1.2))
    for tick in (0, 50):
        canvas.line(bar_x + mm(tick), FOOTER_MARGIN, bar_x + mm(tick), FOOTER_MARGIN + mm(2.4))
    canvas.restoreState()


def fit_line(canvas: Canvas, text: str, room: float) -> str:
    """The text, cut with an ellipsis where it would run past `room` at the current font."""
    font, size = canvas._fontname, canvas._fontsize
    if canvas.stringWidth(text, font, size) <= room:
        return text
    while text and canvas.stringWidth(text + "…", font, size) > room:
        text = text[:-1]
    return text.rstrip(" ·") + "…"


CALIBRATION_REACH = 10  # mm each way: the range --back-offset accepts


def _calibration_title(duplex: str, language: str, shift: str, back: bool) -> str:
    if duplex == "long":
        title = printed(language, "pnp duplex calibration (long-edge flip{shift})")
    else:
        title = printed(language, "pnp duplex calibration (short-edge flip{shift})")
    side = printed(language, "back") if back else printed(language, "front")
    return f"{title.format(shift=shift)}, {side}"


def render_calibration(
    plan: SheetPlan, duplex: str, offset: tuple[float, float] = (0.0, 0.0), language: str = "en"
) -> bytes:
    """Two pages: crosses on the front, millimetre scales behind them on the back.

    Print duplex with offset 0, hold the sheet to the light, and read where each
    cross falls on its scales: that reading is the --back-offset to use.  Built
    with a --back-offset, the scales are moved by it as the backs are, so a
    correction can be checked: every cross then reads 0.
    """
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, f"pnp duplex calibration ({duplex})")
    page = plan.page
    points = [(page.width * fx, page.height * fy) for fx, fy in ((0.3, 0.7), (0.7, 0.7), (0.3, 0.3), (0.7, 0.3))]
    canvas.setPageSize((page.width, page.height))
    canvas.setFont(plain_font(), 9)
    shift = ""
    if any(offset):
        shift = printed(language, ", back-offset {x:g}mm,{y:g}mm").format(x=offset[0] / mm(1), y=offset[1] / mm(1))
    canvas.drawString(mm(15), page.height - mm(15), _calibration_title(duplex, language, shift, back=False))
    paragraphs = (
        printed(
            language,
            "Print both pages duplex at 100 %, hold to the light, read each cross on the scales of the back: "
            "use the readings as --back-offset X,Y (mm), added to the offset this page was built with.",
        ),
        printed(language, "If the four crosses read differently, use their average."),
        printed(
            language,
            "If they differ by more than 1 mm, the printer turns or stretches the sheet: "
            "no offset corrects that; try another paper tray.",
        ),
    )
    # each wrapped to the page: the Spanish sentences are longer than the English ones
    lines = [line for text in paragraphs for line in simpleSplit(text, plain_font(), 9, page.width - mm(30))]
    for number, line in enumerate(lines):
        canvas.drawString(mm(15), page.height - mm(20 + 4.5 * number), line)
    reach = mm(CALIBRATION_REACH + 2)
    for x, y in points:
        canvas.setLineWidth(0.3)
        canvas.line(x - reach, y, x + reach, y)
        canvas.line(x, y - reach, x, y + reach)
    canvas.showPage()
    canvas.setPageSize((page.width, page.height))
    canvas.setFont(plain_font(), 9)
    canvas.drawString(mm(15), mm(15), _calibration_title(duplex, language, shift, back=True))
    dx, dy = offset
    for x, y in points:
        bx = (page.width - x if duplex == "long" else x) + dx
        by = (page.height - y if duplex == "short" else y) + dy
        canvas.setFont(plain_font(), 6)
        edge = mm(CALIBRATION_REACH)
        for step in range(-CALIBRATION_REACH, CALIBRATION_REACH + 1):
            length = mm(2) if step % 5 == 0 else mm(1)
            canvas.line(bx + mm(step), by - edge, bx + mm(step), by - edge + length)
            canvas.line(bx - edge, by + mm(step), bx - edge + length, by + mm(step))
            if step % 5 == 0:
                canvas.drawCentredString(bx + mm(step), by - edge - mm(2.5), f"{step:+d}")
                canvas.drawRightString(bx - edge - mm(1), by + mm(step) - 2, f"{step:+d}")
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()
