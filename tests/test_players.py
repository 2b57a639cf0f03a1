"""text/player: the rule goes to the same player in the translation as in the original."""

from __future__ import annotations

import pytest

from pnp.check.text.fields import Text
from pnp.check.text.players import compare_players


def _messages(english: str, spanish: str) -> list[str]:
    original = Text("cards.toml", "card", "text", "en", english, 3)
    return [f.message for f in compare_players(Text("cards.toml", "card", "text", "es", spanish, 4), original)]


@pytest.mark.parametrize(
    ("english", "spanish", "words"),
    [
        ("Each opponent loses 1 gold.", "Pierde 1 de oro.", '"opponent"'),
        ("Another player draws a card.", "Roba una carta.", '"Another player"'),
        ("You score 2.", "Cada rival anota 2.", '"rival"'),
        ("Each player scores 2.", "Tus oponentes anotan 2.", '"oponentes"'),
        ("Pick an opponent. They discard a card.", "Elija a un rival. Descarte una carta.", '"They"'),
        ("Pick an opponent. That player shows you a card.", "Elige a un rival. Enséñame una carta.", '"That player"'),
    ],
)
def test_a_rule_given_to_another_player_is_named(english: str, spanish: str, words: str) -> None:
    messages = _messages(english, spanish)
    assert len(messages) == 1 and words in messages[0], messages


@pytest.mark.parametrize(
    ("english", "spanish"),
    [
        ("Each opponent loses 1 gold.", "Cada rival pierde 1 de oro."),
        ("Your opponents give you 1 gold each.", "Cada rival le da 1 de oro."),
        ("Each other player draws a card.", "Los demás jugadores roban una carta."),
        ("The player to your left chooses.", "El jugador a tu izquierda elige."),
        ("Each player draws a card.", "Cada jugador roba una carta."),
        ("Pick an opponent. They discard a card.", "Elige a un rival. Descarta una carta."),  # also "he discards"
        ("Pick an opponent. They discard a card.", "Elija a un rival, que descarta una carta."),
        ("If the miller is hit, he loses 2.", "Si el molinero es golpeado, pierde 2."),
    ],
)
def test_the_same_player_in_other_words_is_no_finding(english: str, spanish: str) -> None:
    assert _messages(english, spanish) == []
