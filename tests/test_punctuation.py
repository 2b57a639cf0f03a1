"""Punctuation stays with its word: no line of a card text opens with a full stop, a comma, a
closing bracket or quote, after an icon or anywhere, as fitted (pnp.render.linebreak) and as drawn
(pnp.render.typeset)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st
from reportlab.pdfgen.canvas import Canvas

from pnp.layout.templates import IconFile
from pnp.render import icons as icon_drawing
from pnp.render import linebreak, typeset
from pnp.render.text import TextBox, fit_text, measure
from pnp.render.words import IMAGE
from tests.test_linebreak import FONTS, PROPERTY, roles, sizes
from tests.test_typeset import ICONS, LEFT, PAGE, _drawn

TEXT = "Cuando vueles lejos de la Alianza, gana 2 {fuel}. Después roba una carta."
BODY = FONTS.roles["body"]


@pytest.fixture
def icon_places(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, float, float, float]]:
    """Where icons are drawn, on the page (as tests/test_typeset.py records them)."""
    placed: list[tuple[str, float, float, float]] = []

    def record(canvas: Canvas, icon: IconFile | None, x: float, y: float, width: float, height: float) -> None:
        a, b, c, d, e, f = canvas._currentMatrix
        placed.append((icon.name if icon else "", round(a * x + c * y + e, 3), round(b * x + d * y + f, 3), width))

    monkeypatch.setattr(typeset, "draw_icon", record)
    monkeypatch.setattr(icon_drawing, "draw_icon", record)
    return placed


def _opening(line: linebreak.Line) -> str:
    """The first character a line prints, its icon's name in braces."""
    first = line.words[0]
    if isinstance(first, str):
        return first[:1]
    if first.kind == IMAGE:
        return "{"
    return next((piece.text[:1] for piece in first.pieces if piece.text), "")


def _line_of(glyphs: list, icons: list, size: float) -> tuple[float, float]:
    """(the icon's baseline, the baseline of the first full stop after it)."""
    _name, _x, y, _side = icons[0]
    stop = next(g for g in glyphs if g[0] == ".")
    return y + 0.2 * size, stop[2]


def test_a_full_stop_after_an_icon_is_drawn_on_the_icons_line(icon_places: list) -> None:
    reportlab_broke = []
    for width in range(60, 200):
        fitted = fit_text(TextBox(TEXT, BODY, width, 300, 9, 9, language="es"))
        glyphs, icons = _drawn(lambda c, f=fitted: typeset.draw_text(c, f, LEFT, PAGE - 10, ICONS), icon_places)
        icon_line, stop_line = _line_of(glyphs, icons, 9)
        assert abs(icon_line - stop_line) < 2, (width, icon_line, stop_line)
        glyphs, icons = _drawn(lambda c, f=fitted: typeset._draw_paragraphs(c, f, LEFT, PAGE - 10, ICONS), icon_places)
        icon_line, stop_line = _line_of(glyphs, icons, 9)
        if abs(icon_line - stop_line) > 5:
            reportlab_broke.append(width)
    assert reportlab_broke  # ReportLab alone opens a line with the full stop at some widths: pnp does not


@pytest.mark.parametrize("text", ["Roba dos .", "Dijo « Serenity » y calló .", "Gana 2 {fuel} ."])
def test_a_space_before_closing_punctuation_never_breaks(text: str) -> None:
    """Written with a space before it, the punctuation is set after a no-break space: ReportLab and the
    fitting alike keep it on the line of the word before."""
    for width in range(15, 140):
        for paragraph in measure(text, BODY, "es", 1.2).paragraphs:
            lines = linebreak.broken_lines(paragraph, 9, width, "es")
            assert all(_opening(line) not in linebreak.CLOSING for line in lines), (width, lines)


def test_the_line_count_fitted_is_the_line_count_drawn_with_glued_punctuation() -> None:
    for width in range(60, 200):
        measured = measure(TEXT, BODY, "es", 1.2)
        for paragraph in measured.paragraphs:
            lines = linebreak.broken_lines(paragraph, 9, width, "es")
            assert len(lines) == linebreak.lines(paragraph, 9, width, "es")
            assert all(_opening(line) not in linebreak.CLOSING for line in lines), width


GLUED = st.lists(
    st.one_of(
        st.sampled_from(["gana", "2", "roba", "una", "carta", "y", "descarta", "Alianza", "tripulación", "«Serenity»"]),
        st.sampled_from(["{fuel}.", "{fuel},", "{fuel};", "{fuel}:", "{fuel})", "{fuel}?", "{fuel}!", "{fuel}»"]),
        st.sampled_from(["{fuel}.)", "{fuel}{fuel}.", "**{fuel}.**", "{fuel}*.*", "({fuel})."]),
    ),
    min_size=1,
    max_size=40,
).map(" ".join)


@pytest.mark.slow
@PROPERTY
@given(text=GLUED, role=roles, size=sizes, width=st.floats(20, 220))
def test_no_line_opens_with_closing_punctuation(text: str, role: str, size: float, width: float) -> None:
    measured = measure(text, FONTS.roles[role], "es", 1.2)
    for paragraph in measured.paragraphs:
        lines = linebreak.broken_lines(paragraph, size, width, "es")
        assert len(lines) == linebreak.lines(paragraph, size, width, "es")
        assert all(_opening(line) not in linebreak.CLOSING for line in lines), [line.words for line in lines]


COUNTED = "Cuando vueles lejos de la Alianza, gana 1 {fuel}. Después descarta 12 {fuel} y roba."


def _closing(line: linebreak.Line) -> str:
    """The last text a line prints ("" when it ends with an icon)."""
    last = line.words[-1]
    if isinstance(last, str):
        return last
    pieces = last.pieces if last.kind != IMAGE or last.pieces else ()
    return "".join(piece.text for piece in pieces)


def test_a_number_and_the_icon_it_counts_stay_on_one_line_as_fitted() -> None:
    for width in range(40, 260):
        for paragraph in measure(COUNTED, BODY, "es", 1.2).paragraphs:
            lines = linebreak.broken_lines(paragraph, 9, width, "es")
            assert len(lines) == linebreak.lines(paragraph, 9, width, "es")
            for line, after in itertools.pairwise(lines):
                assert not (_closing(line).strip("\xa0 ").isdigit() and _opening(after) == "{"), (width, lines)


def test_a_number_and_the_icon_it_counts_are_drawn_on_one_line(icon_places: list) -> None:
    """On the sheet: the icon after "1" sits on the baseline of the "1"."""
    apart = []
    for width in range(60, 200):
        fitted = fit_text(TextBox(COUNTED, BODY, width, 300, 9, 9, language="es"))
        glyphs, icons = _drawn(lambda c, f=fitted: typeset.draw_text(c, f, LEFT, PAGE - 10, ICONS), icon_places)
        one = next(g for g in glyphs if g[0] == "1")
        if abs(icons[0][2] + 0.2 * 9 - one[2]) > 2:
            apart.append(width)
    assert not apart
