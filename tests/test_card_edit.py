"""Saving one card (the workbench's saves): only its value changes, whatever the file looks like."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.load import load_pack
from pnp.translate.card_edit import CardSource, FieldEdit, plan_card_edit
from pnp.translate.interchange import base_hash

TRICKY = '''# a deck file laid out by hand
[[card]]
id = "first"
type = "gear"
cost = 1
title.en = "First"
text.en = """A text whose lines look like tables:
[[card]]
id = "fake"
"""
text.es = "Un texto."

[[card]]  # the second card
id = "second"
type = "gear"
cost = 1
title = { en = "Second", es = "Segunda" }
[card.back]
title.en = "Back"

[[card]]
id = "third"
type = "gear"
cost = 1
title.en = "Third"
'''


def _edit(path: Path, card: str, field: str, value: str) -> bytes:
    pack = load_pack(path.parent).pack
    assert pack is not None, load_pack(path.parent).findings
    name, _, lang = field.rpartition(".")
    from pnp.translate.interchange import current_text

    current = current_text(pack.cards()[card], name, lang)
    plan = plan_card_edit(pack, card, [FieldEdit(field, value, base_hash(current))])
    assert not plan.conflicts and not plan.findings, (plan.conflicts, plan.findings)
    assert len(plan.writes) == 1
    return plan.writes[0][1]


@pytest.fixture
def tricky(tiny_copy: Path) -> Path:
    supply = tiny_copy / "supply.toml"
    supply.write_text(TRICKY, encoding="utf-8")
    return supply


@pytest.mark.parametrize(
    ("card", "field", "old", "new"),
    [
        ("first", "text.es", 'text.es = "Un texto."', 'text.es = "Otro texto."'),
        ("second", "title.es", 'es = "Segunda"', 'es = "Otra"'),
        ("third", "title.es", 'title.en = "Third"', 'title.en = "Third"\ntitle.es = "Otra"'),
    ],
)
def test_only_the_value_changes_in_a_file_laid_out_by_hand(
    tricky: Path, card: str, field: str, old: str, new: str
) -> None:
    value = new.rsplit('"', 2)[-2]
    written = _edit(tricky, card, field, value).decode("utf-8")
    assert written == TRICKY.replace(old, new, 1) if card != "second" else TRICKY.replace(old, new)


def test_cards_are_cut_out_of_their_file_past_multi_line_strings(tricky: Path) -> None:
    for card in ("first", "second", "third"):
        assert CardSource.open(tricky, card).data is not None


def test_a_file_the_line_scan_misreads_is_edited_whole(tricky: Path) -> None:
    # triple quotes in a comment make the scan take the string's "[[card]]" line for a header
    text = TRICKY.replace('cost = 1\ntitle.en = "First"', 'cost = 1  # a """ in a comment\ntitle.en = "First"')
    assert text != TRICKY
    tricky.write_text(text, encoding="utf-8")
    assert CardSource.open(tricky, "third").data is None
    written = _edit(tricky, "third", "title.en", "Thirdly").decode("utf-8")
    assert written == text.replace('title.en = "Third"', 'title.en = "Thirdly"')


def test_a_file_with_a_byte_order_mark_and_windows_line_endings_keeps_both(tiny_copy: Path) -> None:
    supply = tiny_copy / "supply.toml"
    original = supply.read_text(encoding="utf-8")
    supply.write_bytes(b"\xef\xbb\xbf" + original.replace("\n", "\r\n").encode("utf-8"))
    written = _edit(supply, "pilot", "title.es", "Piloto experto")
    expected = original.replace('title.es = "Piloto"', 'title.es = "Piloto experto"').replace("\n", "\r\n")
    assert written == b"\xef\xbb\xbf" + expected.encode("utf-8")
