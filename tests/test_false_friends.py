"""text/false-friend: a look-alike flagged only in the sense the Spanish word lacks."""

from __future__ import annotations

import pytest

from pnp.check.text.false_friends import false_friends
from pnp.check.text.fields import Text


def _messages(english: str | None, spanish: str) -> list[str]:
    original = None if english is None else Text("cards.toml", "card", "text", "en", english, 3)
    return [f.message for f in false_friends(Text("cards.toml", "card", "text", "es", spanish, 4), original)]


@pytest.mark.parametrize(
    ("english", "spanish", "message"),
    [
        ("The Reavers eventually arrive.", "Los Reavers llegan eventualmente.",
         '"eventualmente" for "eventually": in Spanish it means by chance, possibly'),
        ("Actually, it is a trap.", "Actualmente, es una trampa.",
         '"Actualmente" for "Actually": in Spanish it means at present'),
        ("Visit the Library.", "Visita la Librería.", '"Librería" for "Library": in Spanish it means a bookshop'),
        ("Assume you win the test.", "Asume que ganas la prueba.",
         '"Asume" for "Assume you": in Spanish it means to take on (a duty, a cost, a role), not to suppose'),
        ("Apply for a crew position.", "Aplica para un puesto en la tripulación.",
         '"Aplica" for "Apply for": in Spanish it means to put on, to use, not to ask for'),
        (None, "El duelo tomará lugar al amanecer.", '"tomará lugar" is a calque of the English "take place"'),
        ("If you realise it is fake, discard it.", "Si realizas que es falsa, descártala.",
         '"realizas" for "realise": in Spanish it means to carry out, not to become aware'),
        ("Attend the auction.", "Atiende la subasta.",
         '"Atiende" for "Attend": in Spanish it means to look after, not to be present at'),
        (None, "Gana oro en base a tus mulas.", '"en base a" is a calque of the English "based on"'),
        (None, "Toma ventaja de la niebla y muévete.",
         '"Toma ventaja de" is a calque of the English "take advantage of"'),
        (None, "Si tomas ventaja del viento, avanza 2.",
         '"tomas ventaja del" is a calque of the English "take advantage of"'),
        (None, "En adición a su efecto, roba.", '"En adición a" is a calque of the English "in addition to"'),
        (None, "Solo hace sentido al final.", '"hace sentido" is a calque of the English "make sense"'),
        ("Resume the race.", "Resume la carrera.",
         '"Resume" for "Resume": in Spanish it means to sum up, not to start again'),
    ],
)  # fmt: skip
def test_a_look_alike_in_the_wrong_sense_names_both_words(english: str | None, spanish: str, message: str) -> None:
    assert _messages(english, spanish) == [message]


@pytest.mark.parametrize(
    ("english", "spanish"),
    [
        ("It may happen occasionally.", "Eventualmente, puede ocurrir."),  # the right sense
        ("You are currently docked.", "Actualmente estás atracado."),
        ("Buy a book at the bookshop.", "Compra un libro en la librería."),
        ("Take on the cost of the repair.", "Asume el coste de la reparación."),
        ("Apply the damage to your ship.", "Aplica el daño a tu nave."),
        ("Perform a Fight test.", "Realiza una prueba de Lucha."),
        ("Tend to the wounded crew.", "Atiende a los tripulantes heridos."),
        ("Attend to the wounded crew.", "Atiende a los tripulantes heridos."),
        ("The fight takes place at dawn.", "La pelea tiene lugar al amanecer."),
        ("It takes the place of a crew member.", "Toma el lugar de un tripulante."),
        ("You take a lead of 2 points.", "Tomas una ventaja de 2 puntos."),
        ("Take the lead by 3.", "Toma ventaja de 3 puntos."),  # a lead, counted
        ("Take advantage of the fog.", "Aprovecha la niebla."),
        (None, "Actualmente tienes 2 cartas."),  # no original: the sense cannot be told
        ("Sum up the rules.", "Resume las reglas."),
        ("Based on the map, move.", "Según el mapa, muévete."),
        ("Use the base of the tower.", "Usa la base de la torre."),
    ],
)
def test_a_look_alike_in_its_own_sense_is_no_finding(english: str | None, spanish: str) -> None:
    assert _messages(english, spanish) == []


def test_each_entry_is_searched_only_where_its_start_is() -> None:
    from pnp.check.text.false_friends import _starts

    assert _starts(r"librerias?") == ("libreria",)  # the letter made optional is left out
    assert _starts(r"atend\w*|atiend\w*") == ("atend", "atiend")
    assert _starts(r"en base (?:a|al|de)") == ("en base ",)
    assert _starts(r"(?:hac\w*|hiz\w*) sentido") is None  # no plain start: always searched
