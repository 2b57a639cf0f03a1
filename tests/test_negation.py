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
        # "sin" before a verb or a clause, or for the original's "with", turns the rule around
        ("Draw a card and look at it.", "Roba una carta sin mirarla.",
         'the translation says "sin", but the original "Draw a card and look at it." has no negation'),
        ("Move, and then reveal a card.", "Muévete sin que nadie vea una carta.",
         'the translation says "sin, nadie", but the original "Move, and then reveal a card." has no negation'),
        ("Attack with a pilot.", "Ataca sin piloto.",
         'the translation says "sin", but the original "Attack with a pilot." has no negation'),
        ("Attack safely.", "No ataques sin peligro.",
         'the translation says "no, sin", but the original "Attack safely." has no negation'),
        # a quotation the translation rewrites is the translation's words: judged as any others
        ('He said "Never again."', 'Dijo «Otra vez».',
         'the original says "never", but "Dijo «Otra vez»." has no negation'),
        # a value kept as typed is no negation, but the rest of the sentence still is one
        ('Write "none"; you cannot skip it.', 'Escribe "none"; puedes saltarlo.',
         'the original says "cannot", but "Escribe "none"; puedes saltarlo." has no negation'),
        # a verb said by its own Spanish verb ("refuse": "negarse") leaves a "no" beside it unexplained
        ("The other captain may refuse.", "El otro capitán no puede negarse.",
         'the translation says "no", but the original "The other captain may refuse." has no negation'),
        ("Ignore the storm.", "No ignores la tormenta.",
         'the translation says "no", but the original "Ignore the storm." has no negation'),
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
        ("The other captain may refuse.", "El otro capitán puede negarse."),
        ("Only changed texts are written.", "Solo se escriben los textos cambiados; ningún otro."),
    ],
)
def test_negations_said_other_ways_are_no_finding(english: str, spanish: str) -> None:
    assert _messages(english, spanish) == []


@pytest.mark.parametrize(
    ("english", "spanish"),
    [
        # "sin" + noun for an English adverb or adjective with no negation word
        ("Your ship lands safely.", "Tu nave aterriza sin peligro."),
        ("Move freely through the sector.", "Muévete sin restricciones por el sector."),
        ("The captain boards unopposed.", "El capitán embarca sin oposición."),
        ("Your crew returns unharmed.", "Tu tripulación vuelve sin daños."),
        ("Take a card for free.", "Toma una carta sin coste."),
        ("The smuggler leaves empty-handed.", "El contrabandista se va sin un botín."),
        ("The smuggler leaves empty-handed.", "El contrabandista se va sin nada."),
        ("The ship drifts aimlessly.", "La nave va a la deriva sin ningún rumbo."),
        ("Fight with a sword and win silently.", "Lucha con espada y gana sin ruido."),
    ],
)
def test_sin_before_a_noun_for_an_english_adverb_is_no_added_negation(english: str, spanish: str) -> None:
    assert _messages(english, spanish) == []


def test_sin_is_still_the_negation_the_original_asks_for() -> None:
    assert _messages("Move without a pilot.", "Muévete sin piloto.") == []
    assert len(_messages("Move without a pilot.", "Muévete con piloto.")) == 1


def test_a_sentence_that_keeps_its_negation_does_not_excuse_another_that_loses_it() -> None:
    assert len(_messages("You may not fight. Never flee.", "No puedes luchar. Huye siempre.")) == 1


@pytest.mark.parametrize(
    ("english", "spanish"),
    [
        # two bans, one kept: the other became a permission
        ("Crew cannot board and no ship may dock.", "La tripulación puede embarcar y ninguna nave puede atracar."),
        ("Nobody may trade, and you cannot draw.", "Nadie puede comerciar, y puedes robar."),
        ("Never discard a Ship; do not reveal it.", "Nunca descartes una nave; revélala."),
        ("It has no shield and cannot attack.", "No tiene escudo y puede atacar."),
        ("Never trade; no crew may board.", "Nunca comercies; cualquier tripulación puede embarcar."),
    ],
)
def test_a_negation_lost_beside_a_kept_one_is_a_finding(english: str, spanish: str) -> None:
    messages = _messages(english, spanish)
    assert len(messages) == 1 and "negates fewer" in messages[0], messages


@pytest.mark.parametrize(
    ("english", "spanish"),
    [
        # the same bans said with Spanish negative concord: one negation however many words
        ("Crew cannot board and no ship may dock.", "La tripulación no puede embarcar y ninguna nave puede atracar."),
        ("You cannot draw or discard, and nobody may trade.", "No puedes robar ni descartar, y nadie puede comerciar."),
        ("Nobody gains anything and no one loses.", "Nadie gana nada y nadie pierde."),
        ("No ship may dock and crew cannot board.", "Ninguna nave puede atracar ni la tripulación puede embarcar."),
        (
            "No ship may dock; crew cannot board either.",
            "Ninguna nave puede atracar; tampoco puede embarcar la tripulación.",
        ),
        ("If you have no Ship, nobody gives you anything.", "Si no tienes ninguna nave, nadie te da nada."),
        ("You cannot fight if you have no weapon.", "No puedes luchar si no tienes ningún arma."),
        ("Nobody, not even you, may look.", "Nadie, ni siquiera tú, puede mirar."),
        ("Do not draw if nobody has passed.", "No robes si nadie ha pasado."),
        ("Pay; if you don't, lose 1 and never draw.", "Paga; si no, pierde 1 y nunca robes."),
        ("Say a word (not, never, no) and keep none.", "Di una palabra (no, nunca, sin) y no te quedes ninguna."),
        ("It is damaged, or it is not a card.", "Está dañada, o no es una carta."),  # "o no" that negates a verb
        # a negation said another way beside one that is kept
        (
            "You cannot draw, and you may not fight without a pilot.",
            "No puedes robar, y solo puedes luchar con piloto.",
        ),
        ("Do not draw; you cannot fight unless you pay.", "No robes; solo puedes luchar si pagas."),
        ("Do not draw; you cannot fight unless you pay.", "No robes; no puedes luchar a menos que pagues."),
        ("Do not draw, and never pay for it.", "No robes, y juégala gratis."),
        ("You cannot fight without a sword.", "No puedes luchar sin espada."),
        ("You cannot fight without a sword, and never flee.", "Nunca huyas, y lucha solo con espada."),
        ("No crew may board, and you cannot move it.", "Ninguna tripulación puede embarcar, y es imposible moverla."),
    ],
)
def test_as_many_negations_said_other_ways_are_no_finding(english: str, spanish: str) -> None:
    assert _messages(english, spanish) == []


@pytest.mark.parametrize(
    ("english", "spanish"),
    [
        # a positive said as the negation of its opposite, and a negation as the opposite positive
        ("The camp is safe tonight.", "Esta noche el campamento no corre peligro."),
        ("Your ships are safe in port.", "En el puerto tus naves no sufren daños."),
        ("The captain remains on the bridge.", "El capitán no abandona el puente."),
        ("The sentry stays at the gate.", "El centinela no se va de la puerta."),
        ("Keep the card you drew.", "No descartes la carta que has robado."),
        ("Its strength stays the same.", "Su fuerza no cambia."),
        ("Skip your next turn.", "No juegas tu próximo turno."),
        ("Choose a card secretly.", "Elige una carta sin que nadie la vea."),
        ("The guard cannot move this turn.", "El guardia se queda quieto este turno."),
        ("Do not discard it.", "Quédate con ella."),
        ("Pilots do not leave the ship.", "Los pilotos permanecen en la nave."),
        ("You are not in danger.", "Estás a salvo."),
        ("Do not move. Stay put.", "No te muevas. No te muevas."),
    ],
)
def test_a_positive_said_as_the_negation_of_its_opposite_is_no_finding(english: str, spanish: str) -> None:
    assert _messages(english, spanish) == []


@pytest.mark.parametrize(
    ("english", "spanish"),
    [
        # the negation of the positive itself, not of its opposite: the rule turned around
        ("The camp is safe tonight.", "Esta noche el campamento no es seguro."),
        ("The sentry stays at the gate.", "El centinela no se queda en la puerta."),
        ("Keep the card you drew.", "No te quedes con la carta que has robado."),
        ("Its strength stays the same.", "Su fuerza no es la misma."),
        ("Choose a card secretly.", "No elijas una carta en secreto."),
        # a positive the translation already says literally licenses no restatement of a lost negation
        ("The guard stays and cannot move.", "El guardia se queda y puede moverse."),
        ("A guard stays put and a pilot cannot move.", "El guardia no se mueve y el piloto se mueve."),
    ],
)
def test_a_restatement_licenses_only_the_negation_of_the_opposite(english: str, spanish: str) -> None:
    assert len(_messages(english, spanish)) == 1


@pytest.mark.parametrize(
    ("english", "spanish"),
    [
        # the Spanish "a menos que", "salvo", "hasta" render the original's own unless, except, until:
        # they cannot also stand for the negation the translation dropped
        ("Pilots cannot fly unless they pay 2.", "Los pilotos pueden volar a menos que paguen 2."),
        ("Crew cannot board except at a port.", "La tripulación puede embarcar salvo en un puerto."),
        ("You may not draw until your turn.", "Puedes robar hasta tu turno."),
        ("Ships cannot move unless they pay. Crew do not fight.",
         "Las naves pueden moverse salvo que paguen. La tripulación no lucha."),
    ],
)  # fmt: skip
def test_a_negative_word_that_renders_its_own_english_word_excuses_no_lost_negation(english: str, spanish: str) -> None:
    messages = _messages(english, spanish)
    assert len(messages) == 1 and "has no negation" in messages[0], messages


def test_a_negative_word_with_no_english_word_of_its_kind_still_says_the_negation() -> None:
    assert _messages("Pilots cannot fly unless they pay 2.", "Los pilotos solo pueden volar si pagan 2.") == []
    assert _messages("Draw unless you pay; you cannot fight.", "Roba a menos que pagues; no puedes luchar.") == []
