"""text/numbers reads number words as values on both sides: "two" against "tres" is a finding."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.check.text.fields import Text
from pnp.check.text.numbers import compare_numbers
from tests.test_text_rules import edit, text_findings


def _messages(english: str, spanish: str) -> list[str]:
    original = Text("cards.toml", "card", "text", "en", english, 3)
    text = Text("cards.toml", "card", "text", "es", spanish, 4)
    return [finding.message for finding in compare_numbers(text, original)]


@pytest.mark.parametrize(
    ("english", "spanish", "message"),
    [
        ("Draw two cards.", "Roba tres cartas.", 'missing "two" (2); not in the original: "tres" (3)'),
        ("Draw one card.", "Roba dos cartas.", 'missing "one" (1); not in the original: "dos" (2)'),
        ("Gain twice the pay.", "Gana el triple de la paga.", 'missing "twice" (2); not in the original: "triple" (3)'),
        ("Draw 2 cards.", "Roba tres cartas.", 'missing 2; not in the original: "tres" (3)'),
        ("Draw twenty cards.", "Roba doce cartas.", 'missing "twenty" (20); not in the original: "doce" (12)'),
        ("Draw two cards, then two more.", "Roba cartas y más.", 'missing "two" (2, 2 times)'),
        ("Draw two cards.", "Roba cartas.", 'missing "two" (2)'),
    ],
)
def test_number_words_are_compared_as_values(english: str, spanish: str, message: str) -> None:
    assert _messages(english, spanish) == [f"numbers differ from the original: {message}"]


@pytest.mark.parametrize(
    ("english", "spanish"),
    [
        ("Draw a card.", "Roba una carta."),  # an article on both sides is no number
        ("Draw one card.", "Roba una carta."),  # one = una
        ("Draw 1 card.", "Roba una carta."),
        ("Draw a card.", "Roba 1 carta."),
        ("Draw two cards.", "Roba 2 cartas."),
        ("Draw 2 cards.", "Roba dos cartas."),
        ("Gain twice your pay.", "Gana el doble de tu paga."),
        ("Gain double pay.", "Gana 2 veces la paga."),
        ("Once per turn, draw eleven cards.", "Una vez por turno, roba once cartas."),  # "once" is 11 in Spanish
        ("The first player draws.", "El jugador inicial roba."),  # an ordinal is not a number of its own
        ("Draw seventeen cards.", "Roba diecisiete cartas."),
        ("Draw two cards.", "Roba un par de cartas."),
        ("Both players draw.", "Los dos jugadores roban."),
    ],
)
def test_equal_values_and_articles_are_clean(english: str, spanish: str) -> None:
    assert _messages(english, spanish) == []


def test_a_pack_with_number_words_that_differ_is_an_error(tiny_copy: Path) -> None:
    edit(tiny_copy, "supply.toml", 'text.en = "Gain 2 {fuel}."', 'text.en = "Gain two {fuel}."')
    edit(tiny_copy, "supply.toml", 'text.es = "Gana 2 {fuel}."', 'text.es = "Gana tres {fuel}."')
    assert text_findings(tiny_copy) == [
        'tiny/supply.toml:8: error: card "fuel-cell" field "text.es": '
        'numbers differ from the original: missing "two" (2); not in the original: "tres" (3)',
        '    hint: the original text (en) reads "Gain two {fuel}."',
    ]


@pytest.mark.parametrize(
    ("english", "spanish"),
    [
        ("Which one do you choose?", "¿Cuál eliges?"),
        ("Each one gains 1 {fuel}.", "Cada jugador gana 1 {fuel}."),
        ("One of your crew is Disgruntled.", "Uno de tus tripulantes está descontento."),
        ("Players help one another.", "Los jugadores se ayudan entre sí."),
    ],
)
def test_one_as_a_pronoun_is_no_number(english: str, spanish: str) -> None:
    assert _messages(english, spanish) == []


@pytest.mark.parametrize(
    ("english", "catalan"),
    [
        ("Draw two cards.", "Roba dues cartes."),  # the feminine two
        ("Draw two tokens.", "Roba dos marcadors."),
        ("Draw one card.", "Roba una carta."),
        ("Gain double the pay.", "Guanya el doble de la paga."),
        ("Draw 2 cards.", "Roba dues cartes."),
        ("Draw a new card.", "Roba una carta nova."),  # nou, nova: new, not nine
        ("Draw nineteen cards.", "Roba dinou cartes."),
    ],
)
def test_catalan_number_words_are_read_as_catalan(english: str, catalan: str) -> None:
    original = Text("cards.toml", "card", "text", "en", english, 3)
    assert compare_numbers(Text("cards.toml", "card", "text", "ca", catalan, 4), original) == []


def test_a_catalan_number_that_differs_is_still_found() -> None:
    original = Text("cards.toml", "card", "text", "en", "Draw two cards.", 3)
    found = compare_numbers(Text("cards.toml", "card", "text", "ca", "Roba tres cartes.", 4), original)
    assert [f.message for f in found] == [
        'numbers differ from the original: missing "two" (2); not in the original: "tres" (3)'
    ]


@pytest.mark.parametrize(
    ("english", "german", "message"),
    [
        ("Draw two cards.", "Ziehe zwei Karten.", None),  # words pnp cannot read: not compared
        ("Draw 1 card.", "Ziehe eine Karte.", None),  # a figure may be a word there
        ("Draw a card.", "Ziehe 1 Karte.", None),
        ("Draw 2 cards.", "Ziehe 3 Karten.", "numbers differ from the original: not in the original: 3"),
    ],
)
def test_a_language_without_number_words_compares_figures_only(english: str, german: str, message: str | None) -> None:
    original = Text("cards.toml", "card", "text", "en", english, 3)
    found = compare_numbers(Text("cards.toml", "card", "text", "de", german, 4), original)
    assert [f.message for f in found] == ([message] if message else [])


def test_a_pack_in_catalan_and_german_notes_once_that_german_words_were_not_compared(tiny_copy: Path) -> None:
    from pnp.check.text.numbers import check_numbers
    from pnp.load import load_pack

    edit(tiny_copy, "pack.toml", 'target_languages = ["es"]', 'target_languages = ["es", "ca", "de"]')
    edit(tiny_copy, "supply.toml", 'text.en = "Gain 2 {fuel}."', 'text.en = "Gain two {fuel}."')
    edit(
        tiny_copy,
        "supply.toml",
        'text.es = "Gana 2 {fuel}."',
        'text.es = "Gana dos {fuel}."\ntext.ca = "Guanya dues {fuel}."\ntext.de = "Erhalte zwei {fuel}."',
    )
    pack = load_pack(tiny_copy).pack
    assert pack is not None
    found = [(f.severity.value, f.message) for f in check_numbers(pack)]
    assert found == [("info", 'numbers written as words were not compared in "de": pnp reads them only in ca, en, es')]


@pytest.mark.parametrize(
    ("english", "spanish"),
    [
        ("If it is a draw, neither of you scores.", "Si hay empate, ninguno de los dos puntúa."),
        ("Either of you may pass.", "Cualquiera de las dos puede pasar."),
        ("The two of you swap hands.", "Vosotros dos os cambiáis la mano."),
        ("You lose 1 coin each.", "Perdéis 1 moneda los dos."),
        ("You and the captain fight each other.", "Tú y el capitán lucháis entre los dos."),
        ("Choose an ally: you both lose 1 {fuel}.", "Elige a un aliado: los dos perdéis 1 {fuel}."),
        ("One of you draws a card.", "Uno de los dos roba una carta."),
    ],
)
def test_dos_naming_two_people_is_no_number(english: str, spanish: str) -> None:
    assert _messages(english, spanish) == []


@pytest.mark.parametrize(
    ("english", "spanish", "message"),
    [
        # "los dos", "las dos" before what they count still count it
        ("Draw the top card.", "Roba las dos primeras cartas.", 'not in the original: "dos" (2)'),
        ("Discard three cards.", "Descarta las dos cartas.", 'missing "three" (3); not in the original: "dos" (2)'),
        ("Neither of you scores 3.", "Ninguno de los dos puntúa 2.", "missing 3; not in the original: 2"),
    ],
)
def test_dos_before_what_it_counts_is_a_number(english: str, spanish: str, message: str) -> None:
    assert _messages(english, spanish) == [f"numbers differ from the original: {message}"]


@pytest.mark.parametrize(
    ("english", "spanish"),
    [
        # "one" with no noun after it stands for a thing already named: Spanish says it with a pronoun
        ("If the deck is empty, draw one from the discard pile.", "Si el mazo está vacío, roba del descarte."),
        ("If you have one, discard it.", "Si tienes alguna, descártala."),
        ("Reveal them one at a time.", "Revélalas de una en una."),
        ("Pick one and give it to a friend.", "Elige y dásela a un amigo."),
        ("You may take one.", "Puedes tomarla."),
    ],
)
def test_one_with_no_noun_after_it_is_no_count(english: str, spanish: str) -> None:
    assert _messages(english, spanish) == []


@pytest.mark.parametrize(
    ("english", "spanish", "message"),
    [
        # "one" before what it counts stays a count
        ("Take one card from the supply.", "Toma dos cartas de la reserva.",
         'missing "one" (1); not in the original: "dos" (2)'),
        ("Gain one {fuel}.", "Gana {fuel}.", 'missing "one" (1)'),
        ("Draw one more card.", "Roba más cartas.", 'missing "one" (1)'),  # "otra carta" would say it
        ("Take one from the supply.", "Toma dos de la reserva.", 'not in the original: "dos" (2)'),
    ],
)  # fmt: skip
def test_one_before_a_noun_is_a_count(english: str, spanish: str, message: str) -> None:
    assert _messages(english, spanish) == [f"numbers differ from the original: {message}"]


@pytest.mark.parametrize(
    ("english", "spanish"),
    [
        # a bound said the other way round allows the same numbers
        ("Players with more than 2 cards discard one.", "Los jugadores con tres cartas o más descartan una."),
        ("If you have fewer than 3 ships, draw.", "Si tienes dos naves o menos, roba."),
        ("If you have fewer than three ships, draw.", "Si tienes como máximo dos naves, roba."),
        ("Each player with at least 4 coins pays.", "Cada jugador con más de tres monedas paga."),
        ("Discard down to 5 or fewer cards.", "Descarta hasta quedarte con menos de seis cartas."),
        ("A ship with more than one crew may board.", "Una nave con al menos dos tripulantes puede abordar."),
    ],
)
def test_a_bound_said_the_other_way_round_is_the_same_number(english: str, spanish: str) -> None:
    assert _messages(english, spanish) == []


@pytest.mark.parametrize(
    ("english", "spanish", "message"),
    [
        # the bound moved: the restatement must allow exactly the same numbers
        ("Players with more than 2 cards discard.", "Los jugadores con dos cartas o más descartan.",
         None),
        ("Players with more than 2 cards discard.", "Los jugadores con cuatro cartas o más descartan.",
         'missing 2; not in the original: "cuatro" (4)'),
        ("If you have fewer than 3 ships, draw.", "Si tienes tres naves o menos, roba.", None),
        ("If you have fewer than 3 ships, draw.", "Si tienes cuatro naves o más, roba.",
         'missing 3; not in the original: "cuatro" (4)'),
        # N+1 outside a comparison is another number
        ("Draw 3 cards.", "Roba cuatro cartas.", 'missing 3; not in the original: "cuatro" (4)'),
        ("Draw more than 3 cards and pay 2.", "Roba cuatro cartas o más y paga 3.",
         'missing 2; not in the original: "cuatro" (4)'),
    ],
)  # fmt: skip
def test_a_bound_that_moved_is_a_finding(english: str, spanish: str, message: str | None) -> None:
    assert _messages(english, spanish) == ([f"numbers differ from the original: {message}"] if message else [])
