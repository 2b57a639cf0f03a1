"""text/consistency: which card of a differing set is named, and how sure the message is."""

from __future__ import annotations

from pathlib import Path

from pnp.check.text.consistency import check_consistency
from pnp.load import load_pack
from tests.test_text_rules import edit

_SHUFFLE = 'text.en = "Shuffle the discards back into the deck."'


def _findings(pack: Path) -> list[tuple[str, str]]:
    loaded = load_pack(pack).pack
    assert loaded is not None
    return [(f.card or "", f.message) for f in check_consistency(loaded)]


def _same_english(pack: Path, storm: str | None = None, skies: str = "Mezcla los descartes con el mazo.") -> None:
    """clear-skies (and storm, when given a wording) say reshuffle's English sentence."""
    edit(pack, "nav.toml", 'text.en = "Keep flying."', _SHUFFLE)
    edit(pack, "nav.toml", 'text.es = "Sigue volando."', f'text.es = "{skies}"')
    if storm is not None:
        edit(pack, "nav.toml", 'text.en = "Lose 1 {fuel}."', _SHUFFLE)
        edit(pack, "nav.toml", 'text.es = "Pierde 1 {fuel}."', f'text.es = "{storm}"')


def test_the_odd_one_out_of_three_is_named_even_when_it_comes_first(tiny_copy: Path) -> None:
    # storm is first in the file and the only card that says it otherwise
    _same_english(tiny_copy, storm="Mezcla el descarte en el mazo.", skies="Baraja los descartes de nuevo en el mazo.")
    found = _findings(tiny_copy)
    assert [card for card, _ in found] == ["storm"]
    assert '"Baraja los descartes de nuevo en el mazo." on card "reshuffle"' in found[0][1]
    assert "as on 2 of 3 cards" in found[0][1]


def test_two_wordings_and_nothing_to_choose_name_both_cards_without_a_verdict(tiny_copy: Path) -> None:
    _same_english(tiny_copy)
    found = _findings(tiny_copy)
    assert sorted(card for card, _ in found) == ["clear-skies", "reshuffle"]
    assert all("pnp cannot tell which is meant" in message for _, message in found)
    by_card = dict(found)
    assert '"Baraja los descartes de nuevo en el mazo." on card "reshuffle"' in by_card["clear-skies"]
    assert '"Mezcla los descartes con el mazo." on card "clear-skies"' in by_card["reshuffle"]


def test_of_two_wordings_the_one_another_check_faults_is_named(tiny_copy: Path) -> None:
    # the second card is the right one, and the first has a misspelt word: the first is named, alone
    edit(
        tiny_copy,
        "nav.toml",
        'text.es = "Baraja los descartes de nuevo en el mazo."',
        'text.es = "Baraja los descartes en el mazzo."',
    )
    _same_english(tiny_copy, skies="Baraja los descartes en el mazo.")
    found = _findings(tiny_copy)
    assert [card for card, _ in found] == ["reshuffle"]
    assert '"Baraja los descartes en el mazo." on card "clear-skies"' in found[0][1]
    assert "which no other check finds fault with" in found[0][1]


def test_two_tied_wordings_both_faulted_are_both_named(tiny_copy: Path) -> None:
    edit(
        tiny_copy,
        "nav.toml",
        'text.es = "Baraja los descartes de nuevo en el mazo."',
        'text.es = "Baraja los descartes en el mazzo."',
    )
    _same_english(tiny_copy, skies="Baraja los descartes en el mazo mazo.")
    assert sorted(card for card, _ in _findings(tiny_copy)) == ["clear-skies", "reshuffle"]


def test_one_wording_everywhere_and_other_sentences_are_no_finding(tiny_copy: Path) -> None:
    _same_english(
        tiny_copy, storm="Baraja los descartes de nuevo en el mazo.", skies="Baraja los descartes de nuevo en el mazo."
    )
    assert _findings(tiny_copy) == []


def test_a_spanish_message_names_the_other_card_in_spanish(tiny_copy: Path) -> None:
    """The other wording's place is said in the interface language too: "en la carta", not "on card"."""
    from pnp.i18n import speaking

    _same_english(tiny_copy)
    with speaking("es"):
        found = _findings(tiny_copy)
    assert found
    assert all(" en la carta " in message and " on card " not in message for _, message in found)
