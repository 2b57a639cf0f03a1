"""An aid (reference card, set-up sheet) as ReportLab flowables, fitted to its size and sides.

The blocks become paragraphs, lists and tables in the bundled fonts, with
icons drawn inline as in card text (pnp.render.icons).  Fitting tries the
body size first and steps down, never under MIN_SIZE (the legibility floor):
the largest size at which the whole aid fits on its sides wins; a card takes
its back only when its front runs over.  What does not fit at the floor is
reported by `pnp check` (aid/fit) and printed over as many sides as it needs,
never clipped.  A block marked `verify` prints with its reason in a yellow
box before it, and an aid marked `verify` with a band under its title.
How it looks (fonts, sizes, margins, colours, the heading and table style)
is the layout family's aid style (pnp.layout.aid_style), which a pack may
override; the verify marks keep their own yellow, whatever the style.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Frame, Paragraph, Spacer, Table, TableStyle
from reportlab.platypus.flowables import HRFlowable

from pnp.assets.fonts import FontRegistry, FontRole
from pnp.i18n import printed
from pnp.layout.aid_style import MIN_BODY, AidStyle, AidStyles
from pnp.model.aids import Block, LoadedAid
from pnp.render.text import HYPHENATION, set_text, to_para_markup
from pnp.render.words import hyphenator
from pnp.units import Size, mm, paper_size, parse_card_size

MIN_SIZE = MIN_BODY  # points: nothing on an aid is set smaller
STEP = 0.25
VERIFY_FILL = colors.HexColor("#fff2a8")
VERIFY_EDGE = colors.HexColor("#b08800")
DEFAULT_STYLES = AidStyles()
_ALIGN = {"left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT}


def aid_size(aid: LoadedAid) -> Size:
    """Trim size in points, orientation applied."""
    size = paper_size(aid.aid.size.strip().lower()) if aid.is_page else parse_card_size(aid.aid.size)
    width, height = size.width, size.height
    if (aid.aid.orientation == "landscape") != (width > height):
        width, height = height, width
    return Size(width, height)


@dataclass
class FittedAid:
    """The aid set at one size: the flowables of each side, in order."""

    aid: LoadedAid
    language: str
    size: float  # body size in points
    style: AidStyle
    sides: list[list[Flowable]] = field(default_factory=list)
    fits: bool = True  # on its sides at `size`; False: it runs over, set at MIN_SIZE on more sides
    too_wide: bool = False  # something cannot be set in the width at all (a table of too many columns)

    @property
    def width(self) -> float:
        return aid_size(self.aid).width - 2 * self.style.margin

    @property
    def height(self) -> float:
        return aid_size(self.aid).height - 2 * self.style.margin


def fit_aid(
    aid: LoadedAid, language: str, original: str, fonts: FontRegistry, styles: AidStyles = DEFAULT_STYLES
) -> FittedAid:
    """The largest body size from the style's start size down to MIN_SIZE at which it fits its sides."""
    style = styles.for_shape(aid.is_page)
    size = style.body_size
    while True:
        fitted = _flow(aid, language, original, fonts, style, size, aid.aid.sides)
        if fitted.fits or size - STEP < MIN_SIZE - 1e-9:
            break
        size -= STEP
    if not fitted.fits:  # printed all the same, over the sides it needs: never clipped, never smaller
        fitted = _flow(aid, language, original, fonts, style, MIN_SIZE, 99)
        fitted.fits = False
    return fitted


def _flow(
    aid: LoadedAid, language: str, original: str, fonts: FontRegistry, style: AidStyle, size: float, most: int
) -> FittedAid:
    fitted = FittedAid(aid, language, size, style)
    story = aid_story(aid, language, original, fonts, size, fitted.width, style)
    scratch = Canvas(io.BytesIO())
    while story and len(fitted.sides) < most:
        frame = Frame(0, 0, fitted.width, fitted.height, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        placed: list[Flowable] = []
        while story:
            flowable = story[0]
            if frame.add(flowable, scratch, trySplit=1):
                placed.append(story.pop(0))
                continue
            parts = frame.split(flowable, scratch)
            if parts and not (len(parts) == 1 and parts[0] is flowable):
                story[0:1] = parts
                if frame.add(story[0], scratch, trySplit=1):
                    placed.append(story.pop(0))
                    continue
            break
        if not placed:  # nothing fits even on an empty side: too wide or too tall at any size
            fitted.too_wide = True
            story.pop(0)
            continue
        fitted.sides.append(placed)
    fitted.fits = not story and not fitted.too_wide
    return fitted


def draw_side(canvas: Canvas, fitted: FittedAid, side: int, x: float, y: float) -> None:
    """One side of the aid with its trim box's bottom-left corner at (x, y)."""
    edge = fitted.style.margin
    _paper_and_frame(canvas, fitted, x, y)
    frame = Frame(
        x + edge,
        y + edge,
        fitted.width,
        fitted.height,
        leftPadding=0,
        rightPadding=0,
        topPadding=0,
        bottomPadding=0,
    )
    for flowable in fitted.sides[side]:
        frame.add(flowable, canvas, trySplit=1)
    if side + 1 < len(fitted.sides):  # the reader turns it over
        note = printed(fitted.language, "continued overleaf")
        canvas.saveState()
        canvas.setFont(_role(fitted, fitted.style.body_font).name(italic=True), MIN_SIZE)
        canvas.drawRightString(x + edge + fitted.width, y + edge * 0.5, note)
        canvas.restoreState()


def _paper_and_frame(canvas: Canvas, fitted: FittedAid, x: float, y: float) -> None:
    """The style's fill over the side, and a card's outline a little inside its trim, under the text."""
    style, size = fitted.style, aid_size(fitted.aid)
    frame = style.frame and not fitted.aid.is_page
    if not (style.paper or frame):
        return
    canvas.saveState()
    if style.paper:
        canvas.setFillColor(colors.HexColor(style.paper))
        canvas.rect(x, y, size.width, size.height, stroke=0, fill=1)
    if frame:
        # between the cut and the text, under the "continued overleaf" note's descenders (at half the margin)
        inset = min(mm(1.2), style.margin * 0.3)
        canvas.setStrokeColor(colors.HexColor(style.frame))
        canvas.setLineWidth(0.8)
        canvas.roundRect(
            x + inset, y + inset, size.width - 2 * inset, size.height - 2 * inset, mm(1.5), stroke=1, fill=0
        )
    canvas.restoreState()


def _role(fitted: FittedAid | None, name: str, fonts: FontRegistry | None = None) -> FontRole:
    from pnp.assets.fonts import load_fonts
    from pnp.paths import FONTS_DIR

    registry = fonts or load_fonts(FONTS_DIR)
    return registry.role(name) or registry.role("body") or next(iter(registry.roles.values()))


# --- the story ------------------------------------------------------------------


def aid_story(
    aid: LoadedAid,
    language: str,
    original: str,
    fonts: FontRegistry,
    size: float,
    width: float,
    style: AidStyle | None = None,
) -> list[Flowable]:
    """The aid's flowables in order at body `size`; a text missing in `language` is set in the original."""
    style = style or DEFAULT_STYLES.for_shape(aid.is_page)
    roles = {name: _role(None, name, fonts) for name in (style.body_font, style.title_font, style.heading_font)}
    styles = _Styles(
        roles[style.body_font], roles[style.title_font], roles[style.heading_font], size, language, width, style
    )
    story: list[Flowable] = []
    # a heading or a verify note is never left at the foot of a side: each is held with what follows it
    held: list[Flowable] = [
        Paragraph(_markup(_pick(aid.aid.title, language, original), styles.title.fontSize), styles.title)
    ]
    if aid.aid.verify:
        held.append(_verify(aid.aid.verify, language, styles))
    for block in aid.aid.block:
        if block.verify:
            held.append(_verify(block.verify, language, styles))
        flowables = _block(block, language, original, styles)
        if block.heading:
            held += flowables
            continue
        if held and flowables and isinstance(flowables[0], Paragraph):
            held.append(flowables.pop(0))
        if held:
            story.append(_Held(held))
            held = []
        story += flowables
    if held:
        story.append(_Held(held))
    return story


class _Held(Flowable):
    """Flowables that go on one side together: a heading, its verify note and the first paragraph."""

    def __init__(self, parts: list[Flowable]) -> None:
        super().__init__()
        self.parts = parts
        self._placed: list[tuple[Flowable, float]] = []

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        y = 0.0
        self._placed = []
        for index, part in enumerate(self.parts):
            if index:
                y += max(part.getSpaceBefore(), self.parts[index - 1].getSpaceAfter())
            _width, height = part.wrap(availWidth, availHeight)
            self._placed.append((part, y + height))
            y += height
        self.width, self.height = availWidth, y
        return availWidth, y

    def draw(self) -> None:
        for part, bottom in self._placed:
            part.drawOn(self.canv, 0, self.height - bottom)

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        return []  # never split: moved to the next side whole

    def getSpaceBefore(self) -> float:
        return self.parts[0].getSpaceBefore()

    def getSpaceAfter(self) -> float:
        return self.parts[-1].getSpaceAfter()


@dataclass
class _Styles:
    body_role: FontRole
    title_role: FontRole
    heading_role: FontRole
    size: float
    language: str
    width: float  # of the frame the aid is set in
    look: AidStyle

    def __post_init__(self) -> None:
        size, look = self.size, self.look
        hyphens = hyphenator(HYPHENATION.get(self.language, "")) or ""
        common = {"hyphenationLang": hyphens, "embeddedHyphenation": 1, "splitLongWords": 1}
        self.body = ParagraphStyle(
            "aid-body",
            fontName=self.body_role.name(),
            fontSize=size,
            leading=size * 1.2,
            spaceAfter=size * 0.35,
            textColor=colors.HexColor(look.text_color),
            **common,
        )
        # ReportLab starts a bulleted line's text 0.6 bullet sizes after the bullet: the indents leave
        # that room, so the first line starts where the others do
        bullets = {"bulletFontName": self.body_role.name(), "bulletFontSize": size, "spaceAfter": size * 0.15}
        self.item = ParagraphStyle(
            "aid-item", parent=self.body, leftIndent=size * 1.2, bulletIndent=size * 0.2, **bullets
        )
        self.step = ParagraphStyle("aid-step", parent=self.body, leftIndent=size * 1.5, bulletIndent=0, **bullets)
        self.long_step = ParagraphStyle("aid-step-10", parent=self.step, leftIndent=size * 2.0)
        band = look.heading_style == "band"
        self.heading = ParagraphStyle(
            "aid-heading",
            fontName=self.heading_role.name(),
            fontSize=size * 1.2,
            leading=size * 1.4,
            spaceBefore=size * (0.8 if band else 0.5),
            spaceAfter=size * (0.45 if band else 0.2),
            textColor=colors.HexColor(look.heading_color),
            backColor=colors.HexColor(look.accent) if band else None,
            borderPadding=(size * 0.2, size * 0.3) if band else 0,
            keepWithNext=1,
        )
        banded = bool(look.title_band)
        self.title = ParagraphStyle(
            "aid-title",
            fontName=self.title_role.name(),
            fontSize=size * 1.55,
            leading=size * 1.8,
            spaceAfter=size * (0.8 if banded else 0.4),
            textColor=colors.HexColor(look.title_color),
            backColor=colors.HexColor(look.title_band) if banded else None,
            borderPadding=(size * 0.25, size * 0.4) if banded else 0,
            alignment=_ALIGN.get(look.title_align, TA_LEFT),
        )
        self.verify = ParagraphStyle(
            "aid-verify",
            parent=self.body,
            fontName=self.body_role.name(italic=True),
            fontSize=max(MIN_SIZE, size * 0.85),
            leading=max(MIN_SIZE, size * 0.85) * 1.2,
            textColor=colors.black,  # the verify mark reads the same whatever the style
            backColor=VERIFY_FILL,
            borderColor=VERIFY_EDGE,
            borderWidth=0.6,
            borderPadding=size * 0.25,
            spaceBefore=size * 0.4,
            spaceAfter=size * 0.5,
        )

    def cell(self, align: str, header: bool) -> ParagraphStyle:
        return ParagraphStyle(
            f"aid-cell-{align}-{header}",
            parent=self.body,
            fontName=self.body_role.name(bold=header),
            alignment=_ALIGN.get(align, TA_LEFT),
            spaceAfter=0,
        )


def _pick(localized: dict[str, str], language: str, original: str) -> str:
    return localized.get(language) or localized.get(original, "")


def _pick_list(localized: dict, language: str, original: str) -> list:
    return localized.get(language) or localized.get(original, [])


def _markup(text: str, size: float) -> str:
    return "<br/>".join(to_para_markup(p, size) for p in set_text(text))


def _verify(reason: str, language: str, styles: _Styles) -> Flowable:
    from pnp.markup import escape

    label = printed(language, "VERIFY")
    return Paragraph(f"<b>{escape(label)}:</b> {_markup(reason, styles.verify.fontSize)}", styles.verify)


def _block(block: Block, language: str, original: str, styles: _Styles) -> list[Flowable]:
    size = styles.size
    if block.heading:
        heading = Paragraph(_markup(_pick(block.heading, language, original), size * 1.2), styles.heading)
        if styles.look.heading_style != "rule":
            return [heading]
        rule = HRFlowable(
            width="100%", thickness=0.8, color=colors.HexColor(styles.look.accent), spaceBefore=0, spaceAfter=size * 0.3
        )
        return [heading, rule]
    if block.text:
        return [Paragraph(_markup(p, size), styles.body) for p in _paragraphs(_pick(block.text, language, original))]
    if block.bullets or block.steps:
        numbered = bool(block.steps)
        items = _pick_list(block.steps if numbered else block.bullets, language, original)
        style = (styles.long_step if len(items) >= 10 else styles.step) if numbered else styles.item
        flowables: list[Flowable] = [
            Paragraph(_markup(item, size), style, bulletText=f"{n}." if numbered else "•")
            for n, item in enumerate(items, start=1)
        ]
        if flowables:
            flowables.append(Spacer(1, size * 0.25))
        return flowables
    return [_table(block, language, original, styles), Spacer(1, size * 0.4)]


def _paragraphs(text: str) -> list[str]:
    from pnp.markup import split_paragraphs

    return split_paragraphs(text)


def _table(block: Block, language: str, original: str, styles: _Styles) -> Table:
    size = styles.size
    aligns = [c.align for c in block.columns]
    header = [
        Paragraph(_markup(_pick(c.header, language, original), size), styles.cell(c.align, True)) for c in block.columns
    ]
    rows = [
        [Paragraph(_markup(cell, size), styles.cell(aligns[n], False)) for n, cell in enumerate(row)]
        for row in _pick_list(block.rows, language, original)
    ]
    widths = _column_widths([c.width for c in block.columns], styles.width)
    table = Table([header, *rows], colWidths=widths, repeatRows=1)
    look = styles.look
    rule = colors.HexColor(look.rule_color)
    commands: list[tuple] = [
        ("FONTNAME", (0, 0), (-1, -1), styles.body_role.name()),  # never ReportLab's unembedded Helvetica
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), size * 0.3),
        ("RIGHTPADDING", (0, 0), (-1, -1), size * 0.3),
        ("TOPPADDING", (0, 0), (-1, -1), size * 0.2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), size * 0.25),
    ]
    # a guessed table's header is the verify note's yellow: it repeats on every side the table takes
    if block.verify or look.table_header_fill:
        fill = VERIFY_FILL if block.verify else colors.HexColor(look.table_header_fill)
        commands.append(("BACKGROUND", (0, 0), (-1, 0), fill))
    if look.table_rules == "grid":
        commands.append(("GRID", (0, 0), (-1, -1), 0.4, rule))
    elif look.table_rules == "rows":
        commands += [
            ("LINEABOVE", (0, 0), (-1, 0), 0.8, rule),
            ("LINEBELOW", (0, 0), (-1, 0), 0.6, rule),
            ("LINEBELOW", (0, 1), (-1, -1), 0.3, rule),
        ]
    table.setStyle(TableStyle(commands))
    return table


def _column_widths(shares: list[int | None], width: float) -> list[float]:
    """Each column's width: its share in percent, the rest split equally among those without one."""
    given = sum(s or 0 for s in shares)
    free = [s for s in shares if not s]
    rest = max(0.0, 100.0 - given) / len(free) if free else 0.0
    widths = [width * (s or rest) / 100.0 for s in shares]
    total = sum(widths)
    return [w * width / total for w in widths] if total else widths
