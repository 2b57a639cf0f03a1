"""text/agreement for every noun of the reviewed lexicon, not only the glossary's terms."""

from __future__ import annotations

import pytest

from pnp.check.text.lexicon import speller
from pnp.check.text.term_agreement import noun_genders, noun_slips


def _messages(spanish: str) -> list[str]:
    return [message for message, _hint in noun_slips(spanish, speller("es"))]


@pytest.mark.parametrize(
    ("spanish", "message"),
    [
        ("Coloca el ficha en la casilla.", '"el ficha": "ficha" is feminine singular, "el" is not'),
        ("Roba una dado.", '"una dado": "dado" is masculine singular, "una" is not'),
        ("Descarta los cartas.", '"los cartas": "cartas" is feminine plural, "los" is not'),
        ("Mira tus mano.", '"tus mano": "mano" is feminine singular, "tus" is not'),
        ("Gana la primer ronda.", '"primer ronda": "ronda" is feminine singular, "primer" is not'),
        ("Mueve la nave al casilla.", '"al casilla": "casilla" is feminine singular, "al" is not'),
        ("Este agua está fría.", '"Este agua": "agua" is feminine singular, "Este" is not'),
        ("Tira el dado rojas.", None),  # another number: the adjective may go with more nouns
        ("Tira la dado rojo.", '"la dado": "dado" is masculine singular, "la" is not'),
        ("La nave dañado vuelve.", '"nave dañado": "nave" is feminine singular, "dañado" is not'),
        ("Levanta el tablero rota y roba.", '"tablero rota": "tablero" is masculine singular, "rota" is not'),
        ("El cofre queda abierta.", '"cofre queda abierta": "cofre" is masculine singular, "abierta" is not'),
        (
            "Las puertas abiertas quedan cerrados.",
            '"puertas abiertas quedan cerrados": "puertas" is feminine plural, "cerrados" is not',
        ),
    ],
)
def test_a_word_that_disagrees_with_a_known_noun_is_named(spanish: str, message: str | None) -> None:
    assert _messages(spanish) == ([message] if message else [])


@pytest.mark.parametrize(
    "spanish",
    [
        "El agua moja el mapa.",  # el agua: a stressed a
        "Un hacha y un arma.",
        "Las aguas y las armas.",
        "La mano, el mapa, el día.",
        "La piloto y el guía.",  # epicene nouns are not in the lexicon
        "La capital y el capital.",  # two meanings, two genders
        "Las carga y los prueba.",  # pronouns before verbs
        "Cuenta los recuentos de fichas marcados.",  # the adjective is the head noun's
        "Coloca la carta objetivo.",  # a noun in apposition
        "Una vez adjunto, roba.",
        "La Zorra descarta.",  # a name the lexicon does not know
        "Cada carta y cada dado.",
        "Sus cartas y su nave roja.",
        "Deja la ficha bajo la nave.",  # words used as adverbs or prepositions
        "Si el dado cae fuera del tablero, tíralo.",
        "Mueve la nave rápido.",
        "Cuando el tablero rota, roba.",  # a verb of its subject
        "Tira la ficha del dado rota.",  # la ficha's
        "El mazo queda vacío y la ficha queda boca arriba.",
        "Los dados quedan sobre el tablero.",
    ],
)
def test_right_agreement_and_nouns_it_cannot_judge_are_no_finding(spanish: str) -> None:
    assert _messages(spanish) == []


def test_the_lexicon_has_no_noun_of_both_genders() -> None:
    genders = noun_genders()
    for word in ("piloto", "testigo", "agente", "guía", "mar", "orden", "final", "parte", "frente", "capital"):
        assert word not in genders, word
    assert genders["agua"] == ("f", "s") and genders["mapa"] == ("m", "s") and genders["días"] == ("m", "p")
    assert genders["acciones"] == ("f", "p") and genders["imágenes"] == ("f", "p") and genders["luces"] == ("f", "p")
