"""text/negation: a negation of the original is kept, and none is added, whatever words say it."""

from __future__ import annotations

import pytest

from pnp.check.text.fields import Text
from pnp.check.text.negation import compare_negation


def _messages(english: str, spanish: str) -> list[str]:
    original = Text("cards.toml", "card", "text", "en", english, 3)
    text = Text("cards.toml", "card", "text", "es", spanish, 4)
    return [finding.message for finding in compare_negation(text, original)]


@pytest.mark.parametrize(
    ("english", "spanish", "message"),
    [
        ("Crew can't leave the ship.", "La tripulación puede dejar la nave.",
         'the original says "can\'t", but "La tripulación puede dejar la nave." has no negation'),
        ("Never reveal this card.", "Revela siempre esta carta.",
         'the original says "never", but "Revela siempre esta carta." has no negation'),
        ("None of your crew may fight.", "Todos tus tripulantes pueden luchar.",
         'the original says "none", but "Todos tus tripulantes pueden luchar." has no negation'),
        ("Move without a pilot.", "Muévete con un piloto.",
         'the original says "without", but "Muévete con un piloto." has no negation'),
        ("Shuffle the deck.", "No barajes el mazo.",
         'the translation says "no", but the original "Shuffle the deck." has no negation'),
        ("Pay 1 {fuel}.", "Paga 1 {fuel} sin mirar.",
         'the translation says "sin", but the original "Pay 1 {fuel}." has no negation'),
        ("Keep it. Nobody may steal it.", "Quédatela. Cualquiera puede robarla.",
         'the original says "nobody", but "Cualquiera puede robarla." has no negation'),
        # a quotation the translation rewrites is the translation's words: judged as any others
        ('He said "Never again."', 'Dijo «Otra vez».',
         'the original says "never", but "Dijo «Otra vez»." has no negation'),
        # a value kept as typed is no negation, but the rest of the sentence still is one
        ('Write "none"; you cannot skip it.', 'Escribe "none"; puedes saltarlo.',
         'the original says "cannot", but "Escribe "none"; puedes saltarlo." has no negation'),
    ],
)  # fmt: skip
def test_a_lost_or_added_negation_names_the_words_of_both_sentences(english: str, spanish: str, message: str) -> None:
    assert _messages(english, spanish) == [message]


@pytest.mark.parametrize(
    ("english", "spanish"),
    [
        ("Do not gain any {fuel}.", "No ganas nada de {fuel}."),  # a double negation counts once
        ("Nobody draws anything.", "Nadie roba nada."),
        ("Gain no {fuel}.", "No ganes {fuel}."),  # "no" as a determiner
        ("Have no cards in hand.", "No tengas ninguna carta en la mano."),
        ("Fight unless you flee.", "Lucha a menos que huyas."),
        ("Fight unless you flee.", "Lucha si no huyes."),  # unless -> si no
        ("Only the captain may fight.", "Nadie salvo el capitán puede luchar."),
        ("Move up to 2 sectors.", "Muévete no más de 2 sectores."),
        ("Unarmed crew stay aboard.", "Los tripulantes sin armas se quedan a bordo."),
        ("Draw, whether or not you win.", "Roba, ganes o no."),
        ("It is stronger than ever.", "Es más fuerte que nunca."),
        ("Before doing anything, draw.", "Antes de hacer nada, roba."),
        ("It cannot be stolen nor traded.", "No se puede robar ni comerciar."),
        ("Discard a card. You may not draw.", "Descarta una carta. No puedes robar."),
        ("Pay 2 {credits}; otherwise, discard it.", "Paga 2 {credits}; si no, descártala."),  # otherwise -> si no
        ("Flee, or else lose a crew.", "Huye; si no, pierdes un tripulante."),  # or else -> si no
        ("Set aside cards in no deck.", "Aparta las cartas que están fuera de los mazos."),  # in no X -> fuera de
        ('Write "none" if it has no cost.', 'Escribe "none" si no tiene coste.'),  # a value kept as typed
        ('Type "no" to skip.', "Escribe «no» para saltarlo."),
        ("The guard refused the bribe.", "El guardia no aceptó el soborno."),  # any form of refuse, avoid, ...
        ("Ignoring the rule, draw.", "Sin hacer caso de la regla, roba."),
    ],
)
def test_negations_said_other_ways_are_no_finding(english: str, spanish: str) -> None:
    assert _messages(english, spanish) == []


def test_a_sentence_that_keeps_its_negation_does_not_excuse_another_that_loses_it() -> None:
    assert len(_messages("You may not fight. Never flee.", "No puedes luchar. Huye siempre.")) == 1
