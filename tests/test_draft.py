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
