"""text/condition (a condition lost or gained) and text/shortened (a clause likely gone)."""

from __future__ import annotations

import pytest

from pnp.check.text.conditions import compare_conditions, shortened
from pnp.check.text.fields import Text


def _messages(english: str, spanish: str) -> list[str]:
    original = Text("cards.toml", "card", "text", "en", english, 3)
    return [f.message for f in compare_conditions(Text("cards.toml", "card", "text", "es", spanish, 4), original)]


@pytest.mark.parametrize(
    ("english", "spanish", "word"),
    [
        ("If your tower stands, score 3.", "Anota 3.", '"If"'),
        ("Gain 2 grain unless it rains.", "Gana 2 de grano.", '"unless"'),
        ("As long as you hold the bell, score 2.", "Anota 2.", '"As long as"'),
        ("Draw a card.", "Si llueve, roba una carta.", '"Si"'),
        ("Each player scores 1.", "Cada jugador anota 1 a menos que tenga un pozo.", '"a menos que"'),
        # "may" kept as "puede": it stands for no "if you wish" behind the "si" added
        (
            "You may give one grain to a neighbour.",
            "Si tienes un molino en tu granja, puedes dar un grano a un vecino.",
            '"Si"',
        ),
    ],
)
def test_a_condition_lost_or_gained_is_named(english: str, spanish: str, word: str) -> None:
    messages = _messages(english, spanish)
    assert len(messages) == 1 and word in messages[0], messages


@pytest.mark.parametrize(
    ("english", "spanish"),
    [
        ("If you do, score 3.", "De hacerlo, anota 3."),
        ("Score 3 if so.", "En ese caso, anota 3."),
        ("You may draw a card.", "Si quieres, roba una carta."),  # "you may" said another way
        ("You may draw a card.", "Si lo deseas, puedes robar una carta."),
        ("You may give one grain to a neighbour.", "Puedes darle un grano a un vecino, si te apetece."),
        ("Keep sailing, if you can.", "Sigue navegando, si puedes."),
        ("When a tower falls, draw a card.", "Si cae una torre, roba una carta."),  # when as if
        ("Gain 1 even if you lose.", "Gana 1 aunque pierdas."),
        ("Score 1 unless it rains.", "Anota 1 salvo que llueva."),
        ("Act as if you had 3 towers.", "Actúa como si tuvieras 3 torres."),
        # how long, not under what: a duration is no condition to keep
        ("Keep this card as long as you can.", "Guarda esta carta tanto como puedas."),
        ("Hold your breath as long as possible.", "Aguanta la respiración todo lo posible."),
    ],
)
def test_a_condition_kept_in_other_words_is_no_finding(english: str, spanish: str) -> None:
    assert _messages(english, spanish) == []


def _shortened(english: str, spanish: str) -> bool:
    original = Text("cards.toml", "card", "text", "en", english, 3)
    return shortened(Text("cards.toml", "card", "text", "es", spanish, 4), original) is not None


@pytest.mark.parametrize(
    ("english", "spanish"),
    [
        ("Discard a scroll and shuffle your discard pile into your deck.", "Descarta un pergamino."),
        (
            "Reveal the top card of the deck; if it is a tower, put it into your hand.",
            "Revela la primera carta del mazo.",
        ),
    ],
)
def test_a_translation_much_shorter_than_its_original_is_named(english: str, spanish: str) -> None:
    assert _shortened(english, spanish)


@pytest.mark.parametrize(
    ("english", "spanish"),
    [
        ("Take a look at the top 3 cards of the deck.", "Mira las 3 primeras cartas del mazo."),
        ("Discard it and give it to me.", "Descártala y dámelo."),  # pronouns attached: fewer words
        ("Gain 1 {gold}.", "Gana 1."),  # a short original: a rewording, not a loss
        ("Your opponents show you their hands.", "Tus rivales te enseñan sus manos."),
    ],
)
def test_a_translation_about_as_long_as_its_original_is_no_finding(english: str, spanish: str) -> None:
    assert not _shortened(english, spanish)
