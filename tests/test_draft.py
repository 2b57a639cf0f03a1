"""A draft prints duplex: the list of problems in front of the sheets keeps fronts and backs paired."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest

from pnp.pipelines.build import BuildOptions, build


def _pages(path: Path) -> int:
    document = pdfium.PdfDocument(path)
    try:
        return len(document)
    finally:
        document.close()


def _text(path: Path, index: int) -> str:
    document = pdfium.PdfDocument(path)
    try:
        return document[index].get_textpage().get_text_range()
    finally:
        document.close()


@pytest.mark.slow
def test_a_duplex_draft_lists_its_problems_on_leaves_of_their_own(tiny_copy: Path, tmp_path: Path) -> None:
    plain = build(tiny_copy, BuildOptions(output=tmp_path / "out", cache=False))
    draft = build(tiny_copy, BuildOptions(output=tmp_path / "out", cache=False, draft=True))
    assert plain.ok and draft.ok
    sheets = _pages(tmp_path / "out" / "tiny" / "es" / "cards.pdf")
    cards = tmp_path / "out" / "tiny" / "es" / "draft" / "cards.pdf"
    listed = _pages(cards) - sheets
    # the list, then a blank back: page 1 and 2 are one leaf, the first sheet of fronts is page 3
    assert listed >= 1 and listed % 2 == 0, listed
    assert "DRAFT" in _text(cards, 0) or "BORRADOR" in _text(cards, 0)
    assert _text(cards, listed - 1).strip() == ""  # the back of the list's last leaf is blank


@pytest.mark.slow
def test_a_draft_without_backs_adds_no_blank_page(tiny_copy: Path, tmp_path: Path) -> None:
    plain = build(tiny_copy, BuildOptions(output=tmp_path / "out", cache=False, duplex="none"))
    draft = build(tiny_copy, BuildOptions(output=tmp_path / "out", cache=False, duplex="none", draft=True))
    assert plain.ok and draft.ok
    sheets = _pages(tmp_path / "out" / "tiny" / "es" / "no-backs" / "cards.pdf")
    assert _pages(tmp_path / "out" / "tiny" / "es" / "no-backs-draft" / "cards.pdf") - sheets == 1


def test_the_draft_mark_sits_in_the_footer_band_where_no_crop_mark_reaches() -> None:
    """ "BORRADOR" was printed in the top margin, where the crop marks of the last column run."""
    from reportlab.pdfgen.canvas import Canvas

    from pnp.export.draft import marked
    from pnp.export.pdf import FOOTER_BAND, FOOTER_MARGIN, home_footer
    from pnp.units import Size, mm

    drawn: list[tuple[float, float, str]] = []

    class Recording(Canvas):
        def drawString(self, x, y, text, *args, **kwargs):
            drawn.append((x, y, text))
            return super().drawString(x, y, text, *args, **kwargs)

        def drawRightString(self, x, y, text, *args, **kwargs):
            drawn.append((x, y, text))
            return super().drawRightString(x, y, text, *args, **kwargs)

    page = Size(mm(210), mm(297))
    canvas = Recording("/dev/null", pagesize=(page.width, page.height))
    footer = marked(lambda c, p, t: home_footer(c, p, t, "es", mark="BORRADOR"), "BORRADOR")
    footer(canvas, page, "Blue Sun · hoja 1")
    marks = [(x, y) for x, y, text in drawn if text == "BORRADOR"]
    assert marks and all(FOOTER_MARGIN <= y <= FOOTER_MARGIN + FOOTER_BAND for _x, y in marks), marks
    text_x = next(x for x, _y, text in drawn if text.startswith("Blue Sun"))
    assert text_x > marks[0][0] + mm(10)  # the footer's words follow the mark, never under it


@pytest.mark.slow
def test_a_draft_lists_its_problems_in_the_card_language_whatever_the_interface_speaks(
    tiny_copy: Path, tmp_path: Path
) -> None:
    """An English interface, a Spanish build: the list printed on the draft's first leaf speaks
    Spanish, as every word of the sheets does; the messages on screen stay English, checked before
    (and cached) in English."""
    from pnp.i18n import set_ui_language, ui_language

    deck = tiny_copy / "supply.toml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("Gana 2 {fuel}.", "Gana 3 {fuel}."), encoding="utf-8")
    before = ui_language()
    set_ui_language("en")
    try:
        stopped = build(tiny_copy, BuildOptions(output=tmp_path / "out", language="es"))  # checked in English
        draft = build(tiny_copy, BuildOptions(output=tmp_path / "out", language="es", draft=True))
        assert ui_language() == "en"  # the Spanish checks changed nothing on screen
    finally:
        set_ui_language(before)
    assert not stopped.ok and draft.ok
    assert any("numbers differ from the original" in f.message for f in draft.findings)
    listed = _text(tmp_path / "out" / "tiny" / "es" / "draft" / "cards.pdf", 0)
    assert "los números no coinciden con el original" in listed and "aviso text/numbers" in listed, listed
    assert "numbers differ" not in listed and "warning" not in listed, listed
