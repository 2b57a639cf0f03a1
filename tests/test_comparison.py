"""text/comparison: a lower bound of the original stays lower, an upper one upper."""

from __future__ import annotations

import pytest

from pnp.check.text.comparison import compare_bounds
from pnp.check.text.fields import Text


def _messages(english: str, spanish: str) -> list[str]:
    original = Text("cards.toml", "card", "text", "en", english, 3)
    return [f.message for f in compare_bounds(Text("cards.toml", "card", "text", "es", spanish, 4), original)]


@pytest.mark.parametrize(
    ("english", "spanish", "words"),
    [
        ("If a ship has at least 4 crew, it sails.", "Si un barco tiene como mucho 4 tripulantes, zarpa.",
         ('"at least"', '"como mucho"')),
        ("Discard up to 2 scrolls.", "Descarta al menos 2 pergaminos.", ('"up to 2"', '"al menos"')),
        ("Towns with fewer than 5 walls burn.", "Las ciudades con más de 5 murallas arden.",
         ('"fewer than"', '"más de"')),
        ("The player with more gold than you pays.", "El jugador con menos oro que tú paga.",
         ('"more gold than"', '"menos oro que"')),
        ("Choose 3 or more dice.", "Elige 3 dados o menos.", ('"or more"', '"o menos"')),
        ("If you have at least 3 horses, gain 1.", "Si tienes más de 3 caballos, gana 1.",
         ('"at least"', "the number itself")),
    ],
)  # fmt: skip
def test_a_bound_turned_around_names_both_sides(english: str, spanish: str, words: tuple[str, str]) -> None:
    messages = _messages(english, spanish)
    assert len(messages) == 1 and all(w in messages[0] for w in words), messages


@pytest.mark.parametrize(
    ("english", "spanish"),
    [
        ("If you have at least 2 horses, gain 1.", "Si tienes 2 caballos o más, gana 1."),
        ("Discard no more than 2 scrolls.", "Descarta 2 pergaminos como máximo."),
        ("Move up to a maximum of 4 spaces.", "Mueve hasta un máximo de 4 casillas."),
        ("No one may hold more than one crown.", "Nadie puede tener más de una corona."),
        ("Discard cards until you have fewer than 3.", "Descarta cartas hasta que te queden menos de 3."),
        ("Gain 2 gold unless you have a ship.", "Gana 2 de oro a menos que tengas un barco."),
        ("Draw one more card.", "Roba una carta más."),
        ("Choose at least one die.", "Elige un dado como mínimo."),
        ("Play until the end of the round.", "Juega hasta el final de la ronda."),
        ("Draw 2 cards.", "Roba al menos 2 cartas."),  # a bound added: not this rule's to judge
    ],
)
def test_a_bound_kept_or_not_there_is_no_finding(english: str, spanish: str) -> None:
    assert _messages(english, spanish) == []
