"""Drawing a fitted text from the replayed lines (pnp.render.typeset) puts every glyph and every
icon where ReportLab's Paragraph puts it.

Each example draws the same fitted text twice, once with ReportLab's Paragraph and once with
pnp's own line setting, and reads back with pdfium where each visible character landed.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

import pypdfium2 as pdfium
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from reportlab.pdfgen.canvas import Canvas

from pnp.layout.templates import IconFile
from pnp.render import icons as icon_drawing
from pnp.render import linebreak, typeset
from pnp.render.text import HYPHENATION, FittedText, TextBox, fit_text, measure
from tests.test_linebreak import FONTS, PROPERTY, _width, roles, sizes, texts

EXAMPLES = max(40, int(os.environ.get("PNP_LINEBREAK_EXAMPLES", "400")) // 3)  # each example renders two PDFs
ALIGNS = ("left", "center", "right", "justify")
ICONS = {"fuel": IconFile("fuel", Path("fuel.svg"), "fuel.svg", "")}
PAGE = 400.0
DRAWINGS = settings(
    PROPERTY,
    max_examples=EXAMPLES,
    # the fixture only records: it is emptied before each drawing
    suppress_health_check=[*PROPERTY.suppress_health_check, HealthCheck.function_scoped_fixture],
)

Placed = tuple[list[tuple[str, float, float]], list[tuple[str, float, float, float]]]
LEFT = 12.0  # the box's left edge on the test page


@pytest.fixture
def icon_places(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, float, float, float]]:
    """Where icons are drawn, on the page (through any translation the Paragraph made)."""
    placed: list[tuple[str, float, float, float]] = []

    def record(canvas: Canvas, icon: IconFile | None, x: float, y: float, width: float, height: float) -> None:
        a, b, c, d, e, f = canvas._currentMatrix
        placed.append((icon.name if icon else "", round(a * x + c * y + e, 3), round(b * x + d * y + f, 3), width))

    monkeypatch.setattr(typeset, "draw_icon", record)
    monkeypatch.setattr(icon_drawing, "draw_icon", record)
    return placed


def _page(draw: Callable[[Canvas], None]) -> pdfium.PdfTextPage:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(PAGE, PAGE))
    draw(canvas)
    canvas.showPage()
    canvas.save()
    return pdfium.PdfDocument(buffer.getvalue())[0].get_textpage()


def _drawn(draw: Callable[[Canvas], None], icon_places: list) -> Placed:
    icon_places.clear()
    text = _page(draw)
    glyphs = []
    for index in range(text.count_chars()):
        char = text.get_text_range(index, 1)
        if char.strip():
            left, bottom, _right, _top = text.get_charbox(index)
            glyphs.append((char, round(left, 2), round(bottom, 2)))
    return glyphs, list(icon_places)


def _extent(draw: Callable[[Canvas], None], icon_places: list) -> tuple[float, float, dict[float, float]]:
    """The leftmost and rightmost edge of what was drawn (a glyph's advance, an icon's side), and the
    rightmost edge of each line's glyphs, by the line's bottom."""
    icon_places.clear()
    text = _page(draw)
    edges = [(x, x + side) for _name, x, _y, side in icon_places]
    lines: dict[float, float] = {}
    for index in range(text.count_chars()):
        if text.get_text_range(index, 1).strip():
            left, bottom, right, _top = text.get_charbox(index, loose=True)
            edges.append((left, right))
            lines[round(bottom, 1)] = max(right, lines.get(round(bottom, 1), right))
    return min((e[0] for e in edges), default=LEFT), max((e[1] for e in edges), default=LEFT), lines


def _spread_beside_icons(fitted: FittedText) -> bool:
    """Whether a line is justified or squeezed and holds an icon: there pnp spreads the room over the
    spaces it widens, and ReportLab over the line's words less one."""
    box = fitted.box
    measured = measure(box.text, box.role, box.language if box.hyphenate else "", box.leading)
    for paragraph in measured.paragraphs:
        lines = linebreak.broken_lines(paragraph, fitted.size, box.width, measured.language)
        for index, line in enumerate(lines):
            spread = typeset._placement(box.align, box.width - line.width, 1, index == len(lines) - 1, line.line_break)
            icons = any(not isinstance(word, str) and word.kind == linebreak.IMAGE for word in line.words)
            if spread[1] and icons:
                return True
    return False


def _same(replayed: Placed, paragraph: Placed) -> bool:
    """The same glyphs and icons, each within 0.02 pt (a hundredth of a millimetre) of ReportLab's place:
    ReportLab moves from line to line by the leading, pnp to each line's own origin, and the float
    sums differ in the last digits."""
    (glyphs, icons), (their_glyphs, their_icons) = replayed, paragraph
    if [g[0] for g in glyphs] != [g[0] for g in their_glyphs] or len(icons) != len(their_icons):
        return False

    def near(mine: tuple, theirs: tuple) -> bool:
        return mine[0] == theirs[0] and all(abs(u - v) <= 0.02 for u, v in zip(mine[1:], theirs[1:], strict=True))

    return all(map(near, glyphs, their_glyphs)) and all(map(near, icons, their_icons))


def _both(fitted: FittedText, icon_places: list) -> tuple[Placed, Placed]:
    top = PAGE - 10
    paragraph = _drawn(lambda canvas: typeset._draw_paragraphs(canvas, fitted, LEFT, top, ICONS), icon_places)
    replayed = _drawn(lambda canvas: typeset.draw_text(canvas, fitted, LEFT, top, ICONS), icon_places)
    return paragraph, replayed


@st.composite
def fitted_texts(draw: st.DrawFn) -> FittedText:
    """A generated card text fitted at one size to a box of any width, in any role, alignment and language."""
    text = draw(texts)
    font = FONTS.roles[draw(roles)]
    size = draw(sizes)
    width = _width(SimpleNamespace(draw=draw), text, font.name(), size)  # _width asks only .draw
    align, language = draw(st.sampled_from(ALIGNS)), draw(st.sampled_from(sorted(HYPHENATION)))
    return fit_text(
        TextBox(text, font, width, 300, size, size, align=align, language=language, hyphenate=draw(st.booleans()))
    )


@pytest.mark.slow
@DRAWINGS
@given(fitted=fitted_texts())
def test_every_glyph_and_icon_lands_where_reportlab_puts_it(icon_places: list, fitted: FittedText) -> None:
    assume(not _spread_beside_icons(fitted))  # there pnp is right and ReportLab is not: the next test
    paragraph, replayed = _both(fitted, icon_places)
    assert _same(replayed, paragraph), (replayed, paragraph)


@pytest.mark.slow
@DRAWINGS
@given(fitted=fitted_texts())
def test_no_line_of_a_text_that_fits_leaves_its_box(icon_places: list, fitted: FittedText) -> None:
    assume(fitted.fits and linebreak.modelled(fitted.box.text))  # pnp's own setting: the rest is ReportLab's
    left, right, _lines = _extent(lambda canvas: typeset.draw_text(canvas, fitted, LEFT, PAGE - 10, ICONS), icon_places)
    slant = 0.2 * fitted.size  # an italic f or j leans past its advance, as it does in any typesetting
    assert left >= LEFT - slant and right <= LEFT + fitted.box.width + slant, (left, right, LEFT + fitted.box.width)


def test_a_justified_line_with_icons_ends_at_the_box_edge(icon_places: list) -> None:
    """ReportLab's own drawing of this text ran two points past the edge: the line's last letter was cut."""
    # (no number before an icon: "2 {fuel}" is now one word, and ReportLab breaks that text within the box)
    text = "Gana {fuel} y {fuel} cuando vueles lejos de la Alianza y de los Reavers."
    fitted = fit_text(TextBox(text, FONTS.roles["body"], 99, 300, 9, 9, align="justify", language="es"))
    _left, _right, lines = _extent(
        lambda canvas: typeset.draw_text(canvas, fitted, LEFT, PAGE - 10, ICONS), icon_places
    )
    *spread, last = [lines[bottom] for bottom in sorted(lines, reverse=True)]
    assert len(spread) == 3 and all(abs(edge - (LEFT + 99)) <= 0.15 for edge in spread), spread  # pdfium's boxes
    assert last < LEFT + 99 - 10  # the paragraph's last line is not spread
    _left, theirs, _lines = _extent(
        lambda canvas: typeset._draw_paragraphs(canvas, fitted, LEFT, PAGE - 10, ICONS), icon_places
    )
    assert theirs > LEFT + 99 + 1


@pytest.mark.parametrize("align", ["left", "center", "right"])  # justified: the test above
def test_a_card_text_with_icons_styles_and_paragraphs_is_set_as_reportlab_sets_it(
    icon_places: list, align: str
) -> None:
    text = (
        "Gana 2 {fuel} y **roba** una carta. Cuando robes esta carta, puedes *descartar* hasta dos cartas "
        "de Suministro y robar otras tantas.\n\nTu tripulación gana {fuel}{fuel} por cada Trabajo completado."
    )
    box = TextBox(text, FONTS.roles["body"], 120, 300, 9, 9, align=align, language="es")
    paragraph, replayed = _both(fit_text(box), icon_places)
    assert len(paragraph[0]) > 120 and len(paragraph[1]) == 3  # the text was drawn, icons and all
    assert _same(replayed, paragraph), (replayed, paragraph)


def test_a_text_the_replay_does_not_cover_is_drawn_by_reportlab(icon_places: list) -> None:
    """A soft hyphen: ReportLab's own Paragraph draws it, so it is drawn the same by construction."""
    box = TextBox("Inter\xadnacionalización de la tripulación", FONTS.roles["body"], 60, 300, 9, 9, language="es")
    fitted = fit_text(box)
    paragraph, replayed = _both(fitted, icon_places)
    assert paragraph[0] and replayed == paragraph


def test_bold_text_is_drawn_bold_in_every_role_that_has_a_bold_face() -> None:
    """ReportLab finds a paragraph's bold face through its family mapping: the label role, whose
    italic falls back to its regular face, printed its bold keywords regular until the mapping was
    registered upright last (pnp.assets.fonts.load_fonts)."""
    for role in FONTS.roles.values():
        box = TextBox("**Mecánico** · Moral", role, 200, 50, 8, 8)
        fonts = [fragment.fontName for fragment in fit_text(box).paragraphs[0].blPara.lines[0].words]
        assert fonts[0] == role.name(bold=True), role.role
        assert fonts[-1] == role.name(), role.role


def test_a_row_of_icons_shrinks_until_the_box_holds_it(icon_places: list) -> None:
    """ReportLab never ends a line before its first word of text: a paragraph of icons alone stays on
    one line however long.  The fitting counts such a line as not fitting, so it shrinks, and nothing
    of it is cut at the box's edge."""
    row = " ".join(["{fuel}"] * 12)
    fitted = fit_text(TextBox(row, FONTS.roles["body"], 99, 60, 9, 4, language="es"))
    assert fitted.fits and fitted.size < 9 and fitted.lines == 1
    _left, right, _lines = _extent(
        lambda canvas: typeset.draw_text(canvas, fitted, LEFT, PAGE - 10, ICONS), icon_places
    )
    assert len(icon_places) == 12 and right <= LEFT + 99 + 0.01
    refused = fit_text(TextBox(" ".join(["{fuel}"] * 40), FONTS.roles["body"], 99, 60, 9, 6, language="es"))
    assert not refused.fits  # 40 icons fit no line at 6 pt: a finding, not a cut
