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


@pytest.mark.parametrize(
    ("english", "spanish", "said"),
    [
        # each of them became one of them
        (
            "Each player with a ship draws a card.",
            "Un jugador con una nave roba una carta.",
            "one of them instead of each",
        ),
        ("Every opponent loses 2 gold.", "Un oponente pierde 2 de oro.", "one of them instead of each"),
        ("All other players discard a card.", "Otro jugador descarta una carta.", None),  # named, just not counted
        (
            "At dusk, all opponents pay you 1 gold.",
            "Al anochecer, un rival te paga 1 de oro.",
            "one of them instead of each",
        ),
        # one of them became all of them
        ("Choose an opponent: they lose 1 gold.", "Elige: cada rival pierde 1 de oro.", "all of them instead of one"),
        ("One opponent draws a card.", "Todos tus rivales roban una carta.", "all of them instead of one"),
    ],
)
def test_each_player_said_as_one_or_one_as_each_is_a_finding(english: str, spanish: str, said: str | None) -> None:
    messages = _messages(english, spanish)
    if said is None:
        assert not any("instead of" in m for m in messages), messages
    else:
        assert len(messages) == 1 and said in messages[0], messages


@pytest.mark.parametrize(
    ("english", "spanish"),
    [
        ("Each opponent gives you 1 gold.", "Cada uno de tus rivales te da 1 de oro."),
        ("Each opponent gives you 1 gold.", "Tus rivales te dan 1 de oro cada uno."),
        ("Every player with a ship draws.", "Todo jugador con una nave roba."),
        ("Each player passes a card to an opponent.", "Cada jugador le pasa una carta a un rival."),
        (
            "Each player draws; a player with no cards draws two.",
            "Los jugadores roban; un jugador sin cartas roba dos.",
        ),
        ("Whenever an opponent draws, you gain 1.", "Cada vez que un rival roba, ganas 1."),
        ("Choose an opponent. Each of you loses 1 gold.", "Elige a un rival. Cada uno de vosotros pierde 1 de oro."),
        ("Any opponent may pay you 1 gold.", "Cualquier rival puede pagarte 1 de oro."),
        (
            "All players draw, and an opponent of your choice discards.",
            "Todos roban, y un rival a tu elección descarta.",
        ),
    ],
)
def test_the_same_number_of_players_in_other_words_is_no_finding(english: str, spanish: str) -> None:
    assert _messages(english, spanish) == []


@pytest.mark.parametrize(
    ("english", "spanish"),
    [
        # the other players said without a noun, as people
        ("The winner scores 3; everyone else scores 1.", "El ganador anota 3; los demás anotan 1."),
        ("You draw 2; the other players get their gold back.", "Robas 2; a los demás se les devuelve su oro."),
        ("You keep the card, and the others discard theirs.", "Te quedas la carta, y las demás descartan las suyas."),
        ("Draw 2. Each opponent draws 1.", "Roba 2. El resto roba 1."),
        ("Draw 2. Your opponents do not.", "Roba 2. El resto no."),
        (
            "The highest bidder pays; other players keep their gold.",
            "Quien más puja paga; quienes no ganan, se quedan su oro.",
        ),
        ("Score 2; all other players lose 1.", "Anota 2; todos los demás pierden 1."),
    ],
)
def test_the_other_players_said_without_a_noun_are_named(english: str, spanish: str) -> None:
    assert _messages(english, spanish) == []


@pytest.mark.parametrize(
    ("english", "spanish"),
    [
        # "los demás", "el resto" of things: the other players are still lost
        ("Each opponent keeps 1 card and discards the rest.", "Quédate 1 carta y descarta las demás."),
        ("Each opponent reveals a card; shuffle the others.", "Revela una carta; baraja las demás cartas."),
        ("Another player draws 2 and shuffles the rest in.", "Roba 2 y baraja el resto en el mazo."),
        ("Each opponent keeps 1 card. The rest go back.", "Quédate 1 carta. Las demás, al mazo."),
        ("Each opponent keeps 1 card. The rest go under.", "Quédate 1 carta. El resto bajo el mazo."),
    ],
)
def test_the_other_cards_do_not_name_the_other_players(english: str, spanish: str) -> None:
    messages = _messages(english, spanish)
    assert len(messages) == 1 and "names no other player" in messages[0], messages
