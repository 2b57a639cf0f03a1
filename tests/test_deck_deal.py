"""A swap's `deal` against the deck it deals from (deck/swap-deal): a deal larger than the cards
left at that point is an error naming file, line, swap and both numbers, in pnp check and pnp build;
a deal the deck can give is no finding.  The packs are examples/tiny with swaps appended."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from pnp.cli import main
from tests.test_deck_rules import _append, _deck_findings

_DEAL = '\n[[swap]]\nid = "{id}"\ndeck = "{deck}"\nreplacement = false\ncondition = {{ variant = "v" }}\ndeal = {n}\n'


def _deal(pack: Path, swap_id: str, deck: str, n: int) -> None:
    _append(pack, _DEAL.format(id=swap_id, deck=deck, n=n))


def test_a_deal_larger_than_its_deck_is_an_error_naming_both_numbers(tiny_copy: Path) -> None:
    _deal(tiny_copy, "hand", "supply", 6)
    assert _deck_findings(tiny_copy) == (
        'tiny/pack.toml:58: error: field "swap.hand.deal": swap "hand": deals 6 cards from deck "supply", '
        "which holds 5 at that point\n"
        "    hint: write deal = 5 at most, or correct the cards the deck holds\n"
        "Found 1 error and 0 warnings in 1 file.\n"
    )


def test_a_deal_the_deck_can_give_is_no_finding(tiny_copy: Path) -> None:
    _deal(tiny_copy, "hand", "supply", 5)
    assert _deck_findings(tiny_copy) == "No problems found.\n"


def test_a_later_deal_counts_what_earlier_steps_dealt(tiny_copy: Path) -> None:
    """Each deal fits the 5-card deck on its own; together the variant deals 6 of 5: the second is
    the one that leaves fewer than no cards."""
    _deal(tiny_copy, "first", "nav", 3)
    _deal(tiny_copy, "second", "nav", 3)
    assert _deck_findings(tiny_copy) == (
        'tiny/pack.toml:65: error: field "swap.second.deal": swap "second": deals 3 cards from deck "nav", '
        "which holds 2 at that point (after first)\n"
        "    hint: write deal = 2 at most, or correct the cards the deck holds\n"
        "Found 1 error and 0 warnings in 1 file.\n"
    )


def test_cards_added_per_a_quantity_count_at_its_max(tiny_copy: Path) -> None:
    _append(tiny_copy, '\n[[quantity]]\nid = "storms"\nname = { en = "storms" }\nmax = 2\n')
    _deal(tiny_copy, "hand", "nav", 8)
    _append(tiny_copy, 'add = [{ card = "storm", per = "storms" }]\n')
    assert 'deals 8 cards from deck "nav", which holds at most 7 at that point' in _deck_findings(tiny_copy)
    _edit_last_deal(tiny_copy, 8, 7)
    assert _deck_findings(tiny_copy) == "No problems found.\n"


def _edit_last_deal(pack: Path, old: int, new: int) -> None:
    path = pack / "pack.toml"
    text = path.read_text(encoding="utf-8")
    head, _, tail = text.rpartition(f"deal = {old}\n")
    path.write_text(f"{head}deal = {new}\n{tail}", encoding="utf-8")


def test_a_deck_still_to_enter_is_warned_about_not_judged(tiny_copy: Path) -> None:
    _deal(tiny_copy, "hand", "supply", 6)
    path = tiny_copy / "pack.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("expected_count = 5", "expected_count = 9", 1))
    found = _deck_findings(tiny_copy)
    assert 'warning: field "swap.hand.deal": swap "hand": deals 6 cards from deck "supply"' in found
    assert "deck/swap-deal" not in found and " error: " not in found


def test_check_and_build_say_it_in_spanish(tiny_copy: Path, tmp_path: Path) -> None:
    _deal(tiny_copy, "hand", "supply", 6)
    for args in (["check", str(tiny_copy)], ["build", str(tiny_copy), "-o", str(tmp_path / "out")]):
        result = CliRunner().invoke(main, ["--ui-lang", "es", *args])
        assert result.exit_code == 1, result.output
        assert (
            'error: campo "swap.hand.deal": intercambio "hand": reparte 6 cartas del mazo "supply", '
            "que en ese momento tiene 5"
        ) in result.output
        assert "escribe deal = 5 como mucho" in result.output
    assert not (tmp_path / "out" / "tiny").exists()
