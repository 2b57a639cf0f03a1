"""Kinds of translation error read by the words around them, each with its errors and clean tricky cases.

The cases are written for the kind (a made-up lighthouse and caravan game), not taken from any
benchmark: a clean sentence flagged is as wrong as an error missed.
"""

from __future__ import annotations

import re

import pytest

from pnp.check.text.accents import accent_slips
from pnp.check.text.comparison import compare_bounds
from pnp.check.text.conditions import compare_conditions
from pnp.check.text.consistency import aligned
from pnp.check.text.dropped import compare_dropped_words
from pnp.check.text.false_friends import false_friends
from pnp.check.text.fields import Text
from pnp.check.text.grammar import slips as grammar_slips
from pnp.check.text.homophones import slips
from pnp.check.text.lexicon import speller
from pnp.check.text.negation import compare_negation
from pnp.check.text.numbers import compare_ordinals
from pnp.check.text.opposites import compare_opposites
from pnp.check.text.periods import compare_periods
from pnp.check.text.players import compare_players
from pnp.check.text.register import USTED, evidence
from pnp.check.text.term_agreement import noun_slips

CHECKER = speller("es")
assert CHECKER is not None


def _pair(english: str, spanish: str) -> tuple[Text, Text]:
    return Text("c.toml", "c", "text", "es", spanish, 4), Text("c.toml", "c", "text", "en", english, 3)


def _messages(compare, english: str, spanish: str) -> list[str]:  # type: ignore[no-untyped-def]
    return [f.message for f in compare(*_pair(english, spanish))]


# --- grammar: dequeísmo, queísmo, haber that says there is, todo -----------------------------------


@pytest.mark.parametrize(
    ("spanish", "written", "right"),
    [
        ("Piensas de que ganas la partida.", "Piensas de que", "Piensas que"),
        ("Creo de que el farero descansa.", "Creo de que", "Creo que"),
        ("Es posible de que la marea suba.", "Es posible de que", "Es posible que"),
        ("El farero dice de que no.", "dice de que", "dice que"),
        ("Asegúrate que tienes una cuerda.", "Asegúrate que", "Asegúrate de que"),
        ("Date cuenta que la niebla sube.", "Date cuenta que", "Date cuenta de que"),
        ("Acuérdese que debe encender la lámpara.", "Acuérdese que", "Acuérdese de que"),
        ("Si habían dos barcos en el puerto, roba.", "habían dos", "había dos"),
        ("Hubieron 3 tormentas esta noche.", "Hubieron 3", "Hubo 3"),
        ("Si han habido tres tormentas, descansa.", "han habido tres", "ha habido tres"),
        ("Descarta toda tus cuerdas.", "toda tus", "todas tus"),
        ("Todos las lámparas se apagan.", "Todos las", "Todas las"),
        ("Recorre todo la costa.", "todo la", "toda la"),
        ("Roba una carta de tormenta y guárdalo.", "guárdalo", "guárdala"),
        ("Roba 2 cuerdas y descártalos.", "descártalos", "descártalas"),
        ("Toma la lámpara y enciéndelo.", "enciéndelo", "enciéndela"),
        ("Pide ayuda a la farera: la das 2 cuerdas.", "la das", "le das"),  # laísmo
        ("Elige un faro cuyo depósito sea vacío.", "sea vacío", "esté vacío"),
        ("Si la barca es llena, descansa.", "es llena", "está llena"),
        ("Si tengas una cuerda, descansa.", "Si tengas", ""),  # "si" takes the indicative
        ("Roba 2 cartas si pierdas la apuesta.", "si pierdas", ""),
        ("Cuando ya no hayan cuerdas en el faro, descansa.", "hayan cuerdas", "haya cuerdas"),
        ("Cada farero debe de pagar 1 de aceite.", "debe de pagar", "debe pagar"),  # an obligation
        ("No lo paga el farero, si no el pescador.", "si no", "sino"),
        ("Cuando encenderás la lámpara, gana 1.", "Cuando encenderás", ""),
        ("Gana 2 de aceite, colocándolo después en el faro.", "colocándolo después", ""),
        ("Toma la lámpara y colóquele en la torre.", "colóquele", ""),
        ("Puedes anunciar de que tu barco sale.", "anunciar de que", "anunciar que"),
        ("Siempre que te se acabe el aceite, roba.", "te se", "se te"),
        ("Si no puedes pagar, entrégalo 1 cuerda.", "entrégalo", "entrégale"),
        ("No puede moverse hasta que alguien lo repara.", "hasta que alguien lo repara", ""),
        ("Toma una caja conteniendo 3 cuerdas.", "una caja conteniendo", "una caja que contiene"),
        ("Lleva 2 cuerdas a los fareros del cabo y dale 1 lámpara.", "dale", "dales"),
        ("Después, todos ustedes ganáis 1 de aceite.", "ustedes ganáis", ""),
        ("Cada farero que tenga más que 3 cuerdas descansa.", "más que 3", "más de 3"),
        ("El farero que su barca está más lejos pierde 1.", "que su", "cuyo / cuya"),
        ("Paga 2 cuerdas para que le deja ver sus cartas.", "para que le deja", ""),
        ("Soborna el guardia de la torre.", "Soborna el guardia", "Soborna al guardia"),
        ("Todo farero que tenga dos barcas o más, debe pagar 1.", ", debe", ""),
        ("Entrega 2 cuerdas a el farero.", "a el", "al"),
        ("Puede cambiar 2 cuerdas para 3 lámparas.", "para", "por"),
        ("Cada otro turno, descansa.", "Cada otro turno", "cada dos turnos"),
        ("Elige a un otro farero.", "un otro", "otro"),
        ("En esta noche, se vende las cuerdas al doble.", "se vende las cuerdas", ""),
        ("Si la marea llegará a 4, pierde 1.", "Si la marea llegará", ""),
        ("Gana 7 a menos que hay niebla.", "a menos que hay", ""),
        ("El primero farero que llegue gana 3.", "El primero farero", "El primer farero"),
        ("Coloca dos cuerdas en este área del faro.", "este área", "esta área"),
        ("Cambia una carta sin que los demás fareros ven cuál.", "sin que los demás fareros ven", ""),
        ("Dale a tus dos vecinos 1 cuerda cada uno.", "Dale", "Dales"),
        ("Los demás: no revelad vuestras cartas.", "no revelad", ""),
        ("Ningún barco de pesca no puede zarpar.", "Ningún barco de pesca no", "Ningún barco de pesca"),
    ],
)  # fmt: skip
def test_a_slip_of_spanish_grammar_is_named(spanish: str, written: str, right: str) -> None:
    assert [(w, r) for w, r, _why in grammar_slips(spanish)] == [(written, right)]


@pytest.mark.parametrize(
    "spanish",
    [
        "Se la das a otro farero.",
        "Cuando hayan robado, descansad.",
        "Siempre que se te acabe el aceite, roba.",
        "Dale 1 cuerda al farero.",
        "Viaja a El Ferrol.",
        "El primero que llegue gana 3.",
        "El primero en llegar gana.",
        "Coloca dos cuerdas en esta área del faro.",
        "Dale a tu vecino 1 cuerda.",
        "Cambia 2 cuerdas para ganar 3 lámparas.",
        "No sé si vendrá la marea.",
        "Se venden las cuerdas al doble.",
        "Gana 7 a menos que haya niebla.",
        "Marisa avanza dos casillas. Ningún tiburón puede atraparla.",  # a name: of a gender pnp cannot tell
        "No reveléis vuestras cartas.",
        "Ningún farero que no tenga aceite puede descansar.",
        "Cuando se coloque un {oil} en la torre, el farero puede retirarlo.",
        "Ustedes ganan 1 de aceite.",
        "No tiene más que 3 cuerdas.",
        "El farero cuya barca está más lejos pierde 1.",
        "Paga 2 cuerdas para que le deje ver sus cartas.",
        "Espera hasta que la marea baje.",
        "Soborna al guardia de la torre.",
        "Todo farero que tenga dos barcas o más debe pagar 1.",
        "El farero que tenga más cuerdas, si quiere, descansa.",
        "Si otro farero juega una carta, pierde 1.",
        "Dales 2 cuerdas a los fareros.",
        "Toma una caja que contiene 3 cuerdas.",
        "Entrégalo a otro farero.",
        "No puede moverse hasta que alguien lo repare.",
        "Espera hasta que acabe la tormenta.",
        "Colócalas boca arriba para que todos puedan verlas.",
        "El deber de pagar es del farero.",
        "No descansa si no tiene aceite.",
        "¿Cuándo encenderás la lámpara?",
        "Roba una carta, colocándola boca abajo.",
        "Colóquelo en la torre.",
        "Entréguele en mano 2 cuerdas.",
        "La das a otro farero.",
        "Le das 2 cuerdas.",
        "Si tu barca está llena, descansa.",
        "La barca llena es tuya.",
        "Si tienes una cuerda, descansa.",
        "Si va al faro, gana 1.",
        "Si has ganado, roba.",
        "Como si fuera de día, roba.",
        "Si robas una carta, gana 1.",
        "Si quieres, descarta.",
        "Piensas que ganas la partida.",
        "¿Qué piensas de que haya ganado el farero?",
        "Se alegra de que la marea baje.",
        "Está seguro de que gana.",
        "Antes de que robes, descarta una cuerda.",
        "Después de que suba la marea, roba.",
        "Asegura que tiene dos lámparas.",  # to state it
        "Asegúrate de que tienes una cuerda.",
        "Si habían robado dos cartas, descarta una.",
        "Había dos barcos en el puerto.",
        "Descarta todas tus cuerdas.",
        "Recorre toda la costa.",
        "Todo su mazo va al descarte.",
        "Haz todo lo que quieras.",
        "Todos ellos pierden 1 de aceite.",
        "Roba una carta de tormenta y guárdala.",
        "Toma 2 monedas del banco y dáselas a un rival.",
        "Mira las 3 primeras cartas del mazo y devuélvelas en cualquier orden.",
        "Elige una ficha y un dado; colócalos en la torre.",
        "Si puedes pagar una lámpara, hazlo.",
        "Descarta tu mano y barájala.",
        "El grito del águila asusta a los fareros.",
        "La torre está inundada: vuelve a encenderlo.",  # its own sentence names nothing
        "Si “Farola” sigue en juego, descártala.",  # a name: its gender is not known
    ],
)
def test_right_spanish_grammar_is_clean(spanish: str) -> None:
    assert list(grammar_slips(spanish)) == []


# --- homophones -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spanish", "written", "meant"),
    [
        ("Hecha una carta al descarte.", "Hecha", "Echa"),  # an order with where it goes
        ("Hecha un dado al pozo.", "Hecha", "Echa"),  # a participle agrees: "hecha un" cannot
        ("Hecha tus cartas.", "Hecha", "Echa"),
        ("Se hecha una ficha en la bolsa.", "hecha", "echa"),  # after a pronoun: a verb
        ("Ha echo su jugada.", "echo", "hecho"),  # after haber: the participle
        ("De echo, gana 1.", "echo", "hecho"),
        ("Valla al puerto y gana 1.", "Valla", "Vaya"),
        ("Que cada jugador se valla.", "valla", "vaya"),
        ("Cuando valla a la torre, roba.", "valla", "vaya"),
        ("¡Valla! Pierdes 1.", "Valla", "Vaya"),
        ("Si ay una lámpara en la torre, roba.", "ay", "hay"),
        ("Ay 2 barcos en el puerto.", "Ay", "Hay"),
        ("Vamos haber qué pasa.", "haber", "a ver"),
        ("Haber si tienes suerte: tira un dado.", "Haber", "A ver"),
    ],
)
def test_a_homophone_the_words_around_decide_is_named_with_the_word_meant(
    spanish: str, written: str, meant: str
) -> None:
    assert [(w, m) for w, m, _why in slips(spanish)] == [(written, meant)]


@pytest.mark.parametrize(
    "spanish",
    [
        "Hecha la jugada, roba una carta.",  # an absolute participle: it agrees, a comma closes it
        "Hecho esto, roba 2.",
        "Hechas tus ofrendas, descansa.",
        "Una vez hecha la ofrenda, descansa.",
        "Lo hecho, hecho está.",
        "La carta hecha pedazos se descarta.",
        "Si se ha hecho de noche, roba.",
        "Echa una carta al descarte.",
        "Te echo una mano.",
        "Salta la valla.",
        "Coloca una valla de madera.",
        "Valla el campo: gana 1.",  # vallar, to fence
        "¡Ay! Pierdes 1 de aceite.",
        "Ay, qué noche: descansa.",
        "Hay una lámpara en la torre.",
        "Puede haber dos barcos en el puerto.",
        "Sin haber robado, descarta una carta.",
        "Debe haber una lámpara encendida.",
    ],
)
def test_a_homophone_right_where_it_is_is_left_alone(spanish: str) -> None:
    assert list(slips(spanish)) == []


# --- está: a verb where no noun can follow "esta" -------------------------------------------


@pytest.mark.parametrize(
    ("spanish", "written"),
    [
        ("El cielo esta despejado: gana 1.", "está"),  # esta is feminine: a masculine word is no noun of it
        ("Si estas preparado, roba.", "estás"),
        ("El faro esta encendido.", "está"),
        ("Si la torre esta vacía, roba.", "está"),  # after a noun, before an adjective that ends the phrase
        ("La linterna esta encendida.", "está"),
        ("La bruma esta densa: no avanzas.", "está"),  # the dictionary lists "densa" as a noun too
        ("Si la cuerda esta rota, descártala.", "está"),
        ("La barca esta lista, zarpa.", "está"),
    ],
)
def test_esta_before_what_only_a_verb_takes_is_esta_with_its_accent(spanish: str, written: str) -> None:
    assert [s.written for s in accent_slips(spanish, CHECKER)] == [written]


@pytest.mark.parametrize(
    "spanish",
    [
        "Esta mano no cuenta.",  # a feminine noun in -o
        "Esta foto es tuya.",
        "Esta o aquella carta.",
        "Esta no cuenta.",
        "Con esta solo ganas 1.",
        "Pon la ficha esta misma ronda.",  # a demonstrative before its noun
        "Roba la carta esta noche.",
        "Esta última carta.",
        "Usa la carta esta jugada.",  # a noun of the act, and of the turn it takes
        "Juega la ficha esta partida.",
        "Mueve el barco esta vuelta.",
        "Descarta la carta esta mañana.",
    ],
)
def test_esta_the_demonstrative_is_left_alone(spanish: str) -> None:
    assert accent_slips(spanish, CHECKER) == []


# --- agreement read from the phrase -----------------------------------------------------------


@pytest.mark.parametrize(
    ("spanish", "word"),
    [
        ("Cada cuerda mojado pierde 1.", "mojado"),  # cada tells no gender: cuerda's ending does
        ("Tu barca hundido.", "hundido"),
        ("Sus cuerdas mojados.", "mojados"),
        ("Los senderos se vuelven peligrosas.", "peligrosas"),  # a copula with se
        ("Las velas se mantienen encendidos.", "encendidos"),
        ("Cae la niebla y las caravanas quedan detenidos.", "detenidos"),  # a subject after "y"
        ("Los faros están apagado.", "apagado"),  # of the number neither the noun nor its copula has
        ("La torre queda cerradas.", "cerradas"),
        ("Los guardianes de la torre quedan dormido.", "dormido"),  # past a complement with "de"
        ("El faro de las islas está encendidos.", "encendidos"),
        # past a complement of the other number, the copula's number names the subject: its gender too
        ("Las cuerdas de un farero son mojados.", "mojados"),
        ("La torre ya está cerrado.", "cerrado"),  # an adverb before the copula
        ("Cada farero cuya barca ya esté hundido pierde 1.", "hundido"),  # the subject of a "cuya" clause
        ("La torre de los pescadores está cerrado.", "cerrado"),
    ],
)
def test_an_adjective_that_contradicts_its_phrase_is_named(spanish: str, word: str) -> None:
    found = noun_slips(spanish, CHECKER)
    assert len(found) == 1 and f'"{word}" is not' in found[0][0]


@pytest.mark.parametrize(
    "spanish",
    [
        "Cada cuerda mojada pierde 1.",
        "Su mapa nuevo.",  # masculine nouns in -a
        "Cada día soleado gana 1.",
        "Cada problema resuelto.",
        "Cada mano vacía roba.",  # a feminine noun in -o
        "Cada pirata herido.",  # of either gender
        "Su guía experta.",
        "Su alma pura.",
        "Los senderos se vuelven peligrosos.",
        "Las fichas se ponen boca abajo.",
        "Los jugadores se quedan una carta.",
        "Las cartas se vuelven a barajar.",
        "Los camellos y las caravanas quedan detenidos.",  # one subject of two nouns: masculine plural
        "Cae la niebla y las caravanas quedan detenidas.",
        "Cada ficha del pergamino rojo.",
        "Los bienes son carga y contrabando.",  # a noun said of the subject: its own gender and number
        "Las fichas son parte del juego.",
        "El faro de las islas está encendido.",
        "La luz de los faros es intensa.",
        "Los guardianes de la torre quedan dormidos.",
        "Los barcos están a salvo.",
        "Las cuerdas de un farero son mojadas.",
        "Cada farero cuya barca esté hundida pierde 1.",
        "La torre no está cerrada.",
        "Las cuerdas de los fareros son mojados.",  # the fareros' may be the subject: not judged
        "Las imágenes de una plantilla son archivos PNG.",  # a noun said of them, not a participle
        "Si otro farero juega una carta, pierde 1.",  # "juega" is a verb the dictionary does not tie to jugar
    ],
)
def test_a_phrase_that_agrees_is_left_alone(spanish: str) -> None:
    assert noun_slips(spanish, CHECKER) == []


# --- register: ustedes, and an order that goes on after "y" ------------------------------------


@pytest.mark.parametrize(
    ("spanish", "words"),
    [
        ("Descarten sus cartas y roben 2.", ["Descarten", "roben"]),
        ("Jueguen una carta.", ["Jueguen"]),
        ("Pongan 2 fichas.", ["Pongan"]),
        ("Elige un rival y pierda 1 punto.", ["pierda"]),  # the order goes on after "y", as usted
    ],
)
def test_ustedes_and_usted_orders_take_usted_side(spanish: str, words: list[str]) -> None:
    assert [e.word for e in evidence(spanish, CHECKER) if e.register == USTED] == words


def test_an_order_the_dictionary_also_knows_as_a_name_takes_a_side() -> None:
    """ "Toma" is a town too; a name is not followed by "un", "la", "tres": there it is an order."""
    assert [e.word for e in evidence("Toma un farol del muelle.", CHECKER)] == ["Toma"]
    assert evidence("Pete está herido.", CHECKER) == []


@pytest.mark.parametrize(
    "spanish",
    [
        "Todos los jugadores descartan 2.",  # indicative: a description
        "Pierden 2 puntos.",
        "Dan 2 puntos.",
        "Roba hasta que un rival robe y pierda 1.",  # the subjunctive of "hasta que"
        "Cuando un jugador robe y pierda 1, gana 1.",
        "Imprimirían la hoja.",  # a conditional, a future, a past subjunctive: no order
        "Imprimirán la hoja.",
        "Perdieran o no, siguen.",
    ],
)
def test_descriptions_and_subjunctives_take_no_usted_side(spanish: str) -> None:
    assert [e for e in evidence(spanish, CHECKER) if e.register == USTED] == []


def test_ustedes_is_no_evidence_outside_spain() -> None:
    assert evidence("Descarten sus cartas.", CHECKER, "es-419") == []


# --- meaning: unless, when, nor, fewest, who gives ---------------------------------------------


@pytest.mark.parametrize(
    ("compare", "english", "spanish", "said"),
    [
        (compare_conditions, "Unless you have 3 cards, discard one.", "Si tienes 3 cartas, descarta una.", '"unless"'),
        (compare_conditions, "Discard a card unless it is your turn.", "Descarta una carta si es tu turno.", '"si"'),
        (compare_conditions, "When you draw a storm card, lose 1.", "Roba una carta de tormenta y pierde 1.", '"When"'),
        (compare_conditions, "When you reach an oasis, gain 2 water.", "Avance hasta un oasis y gane 2 de agua.",
         '"When"'),
        (compare_conditions, "When you reach an oasis, gain 2 water.", "Vaya al oasis y gane 2 de agua.", '"When"'),
        (compare_negation, "You cannot draw cards, nor may you trade.",
         "No puedes robar cartas, pero puedes comerciar.",
         '"nor"'),
        (compare_negation, "Do not move nor rest.", "No te muevas y descansa.", '"nor"'),
        # a lamp said lit where the original has it unlit, or a gate open where it is shut
        (compare_negation, "Each keeper whose lamp is not lit loses 1 oil.",
         "Cada farero que tenga su lámpara encendida pierde 1 de aceite.", '"not"'),
        (compare_negation, "If the gate is not open, wait.", "Si la puerta está abierta, espera.", '"not"'),
        (compare_opposites, "Draw 2 cards.", "Da 2 cartas.", '"Da"'),
        (compare_players, "The keeper with the most rescues scores 10; everyone else scores half that.",
         "El farero con más rescates obtiene 10 y la mitad.", '"everyone else"'),
        # the things left over go somewhere: no players
        (compare_players, "Each opponent keeps 1 die. The rest go back.", "Quédate 1 dado. Los demás, a la reserva.",
         '"opponent"'),
        (compare_periods, "Until spring, the boat carries only three oil.", "Hasta el otoño, el barco solo lleva tres.",
         '"spring"'),
        # a time so many rounds from now against how long it lasts
        (compare_periods, "In two rounds, the storm moves to the nearest lighthouse.",
         "Durante dos rondas, el temporal avanza hacia el faro más cercano.", '"In two rounds"'),
        (compare_periods, "For two rounds, no boat may leave port.", "Dentro de dos rondas, ningún barco puede salir.",
         '"For two rounds"'),
        # once every so many rounds against so many times in one
        (compare_periods, "From now on, every two rounds, the harbour master inspects a lighthouse.",
         "A partir de ahora, dos veces por ronda, el capitán de puerto inspecciona un faro.", '"every two rounds"'),
        (compare_periods, "Twice per round, you may move a ship.", "Cada dos rondas, puedes mover un barco.",
         '"Twice per round"'),
        # "si no," beside a negation the original does not have
        (compare_negation, "Each one must stop at a tower or lose 1 coal.",
         "Cada una no debe detenerse en una torre; si no, pierde 1 de carbón.", '"no"'),
        (compare_negation, "Stop at a tower, then lose 1 coal.", "Si no te detienes, pierde 1 de carbón.", '"no"'),
        (compare_bounds, "The player with the fewest lamps goes first.", "Empieza el jugador con más lámparas.",
         '"fewest"'),
        (compare_bounds, "The player with the most oil wins.", "Gana el jugador con menos aceite.", '"the most"'),
        (compare_players, "Another player gives you 2 oil.", "Le das 2 de aceite a otro jugador.", '"gives you"'),
        # the neighbour on the other side than the original passes to, or a player the original never names
        (compare_players, "Then pass the marker to the left.",
         "A continuación, pasa el marcador al jugador de su derecha.", '"to the left"'),
        (compare_players, "Then pass the marker.", "A continuación, pasa el marcador al jugador de su izquierda.",
         '"jugador de su izquierda"'),
        (compare_players, "Each opponent pays you 1 coin.", "Pagas 1 moneda a cada rival.", '"pays you"'),
        (compare_players, "You receive 2 oil from another player.", "Da 2 de aceite a otro jugador.", '"Da"'),
        (compare_players, "The player on your left draws a card.", "El jugador a tu derecha roba una carta.",
         '"derecha"'),
        (compare_players, "Pass your hand to the right.", "Pasa tu mano a la izquierda.", '"izquierda"'),
        (compare_players, "Put the lamp on the left side of the tower.",
         "Pon la lámpara en el lado derecho de la torre.", '"lado derecho"'),
        (compare_players, "Turns go counterclockwise.", "Los turnos van en el sentido de las agujas del reloj.",
         '"agujas del reloj"'),
        (compare_players, "Play passes clockwise.", "El turno pasa en sentido antihorario.", '"antihorario"'),
        (compare_players, "Give 1 lamp to another player.", "Otro jugador te da 1 lámpara.", "you receive"),
        (compare_players, "Pay 2 oil to the keeper on your left.", "El farero de tu izquierda te paga 2 de aceite.",
         "you receive"),
        (compare_players, "You hand a rope to each rival.", "Recibes una cuerda de cada rival.", '"Recibes"'),
        (compare_players, "Choose a rival: they lose 1 lamp.", "Elija un rival y pierda 1 lámpara.", '"they"'),
        (compare_players, "Pick a keeper and he trims a wick.", "Elija un farero y recorte una mecha.", '"he"'),
        (compare_players, "Then the player on your left may trade once. Nobody else may trade.",
         "Nadie más puede comerciar.", "beside you"),
        (compare_players, "Any rival who enters must pay you 1 oil.",
         "Todo rival que entre debe pagar 1 de aceite a la reserva.", "to the supply"),
        (compare_players, "If they refuse, that keeper must give you 1 oil.",
         "Si se niega, ese farero debe pagar 1 de aceite.", "not to whom"),
    ],
)  # fmt: skip
def test_a_meaning_turned_around_is_named(compare, english: str, spanish: str, said: str) -> None:  # type: ignore[no-untyped-def]
    found = _messages(compare, english, spanish)
    assert len(found) == 1 and said in found[0]


@pytest.mark.parametrize(
    ("compare", "english", "spanish"),
    [
        (compare_players, "Other players cannot take your oil.", "Nadie más puede quitarte el aceite."),
        (compare_players, "Each keeper must show the other players the lamps they lit.",
         "Cada farero debe enseñar a los demás las lámparas que haya encendido."),
        (compare_players, "The first keeper takes 2 oil; every other keeper takes 1.",
         "El farero inicial toma 2 de aceite y cada uno de los demás, 1."),
        (compare_negation, "Keepers who light nothing cannot take part in the next night.",
         "Quien no encienda nada se queda fuera de la próxima noche."),
        (compare_players, "Any rival who enters must pay you 1 oil.", "Todo rival que entre debe pagarte 1 de aceite."),
        (compare_players, "If they refuse, that keeper must give you 1 oil.",
         "Si se niega, ese farero debe darte 1 de aceite."),
        (compare_players, "Then the player on your left may trade once. Nobody else may trade.",
         "Después, el farero de tu izquierda puede comerciar una vez. Nadie más puede comerciar."),
        (compare_players, "Then the player on your left may trade.", "Después, el siguiente jugador puede comerciar."),
        (compare_players, "Other players cannot take your oil.", "Ningún otro farero puede quitarte el aceite."),
        (compare_conditions, "Unless you have 3 cards, discard one.", "Si no tienes 3 cartas, descarta una."),
        (compare_conditions, "Your boat cannot enter a storm unless she is face up.",
         "Tu barco solo puede entrar en una tormenta si ella está boca arriba."),
        (compare_conditions, "Unless you have 3 cards, discard one.", "Descarta una carta, salvo que tengas 3."),
        (compare_conditions, "When you draw a storm card, lose 1.", "Al robar una carta de tormenta, pierde 1."),
        (compare_conditions, "Whenever a ship docks, gain 1.", "Cada vez que un barco atraque, gana 1."),
        (compare_conditions, "When you reach the oasis, gain 1.", "Al llegar al oasis, gana 1."),
        (compare_conditions, "When your turn ends, draw a card.", "Al final de tu turno, roba una carta."),
        (compare_conditions, "When the storm ends, gain 1.", "Espera hasta que acabe la tormenta y gana 1."),
        (compare_conditions, "Choose when to play it.", "Elige cuándo jugarla."),
        (compare_conditions, "Each time you win, gain 1.", "Gana 1 por cada victoria."),
        (compare_conditions, "Overwrite the file even when it differs.", "Sobrescribe el archivo aunque sea distinto."),
        (compare_negation, "You cannot draw cards, nor may you trade.", "No puedes robar cartas ni comerciar."),
        # "whether or not" as "tanto si ... como si no"; "not lit" as "apagada", "not open" as "cerrada"
        (compare_negation, "Move one space, whether or not your lamp is lit.",
         "Avanza un espacio, tanto si tu lámpara está encendida como si no."),
        (compare_negation, "Each keeper whose lamp is not lit loses 1 oil.",
         "Cada farero que tenga su lámpara apagada pierde 1 de aceite."),
        (compare_negation, "If the gate is not open, wait.", "Si la puerta está cerrada, espera."),
        # "give you a card, or you draw one": "robas" says the draw
        (compare_opposites, "They must give you a card, or you draw one if their hand is empty.",
         "Tiene que darte una carta o, si no tiene cartas en la mano, robas tú una."),
        # "everyone else scores half that" as "los demás, la mitad"
        (compare_players, "The keeper with the most rescues scores 10; everyone else scores half that.",
         "El farero con más rescates obtiene 10; los demás, la mitad."),
        (compare_periods, "Every two rounds, each keeper loses 1 oil.", "Cada dos rondas, cada farero pierde 1."),
        (compare_periods, "Every other turn, draw a card.", "Un turno sí y otro no, roba una carta."),
        (compare_periods, "From winter until spring, pay 1.", "Del invierno a la primavera, paga 1."),
        (compare_periods, "Take water from the spring.", "Toma agua del manantial."),
        (compare_periods, "In two rounds, the storm moves.", "Dentro de dos rondas, el temporal avanza."),
        (compare_periods, "For two rounds, no boat leaves.", "Durante las dos rondas siguientes, ningún barco sale."),
        (compare_periods, "Win two rounds in a row to score.", "Gana dos rondas seguidas para puntuar."),
        (compare_periods, "Score in two rounds of play.", "Puntúa durante dos rondas de juego."),
        (compare_periods, "In the summer phase, gain 1.", "En la fase estival, gana 1."),
        (compare_periods, "Twice per round, you may move.", "Puedes moverte dos veces en cada ronda."),
        (compare_periods, "Once per round, gain 1 oil.", "Cada ronda, gana 1 de aceite."),
        # "to the left" says who gets it: the neighbour on that side
        (compare_players, "Then the first player passes the marker to the left.",
         "A continuación, el jugador inicial pasa el marcador al jugador de su izquierda."),
        # "or" between what must be done and what follows if not: "si no," (otherwise) negates nothing
        (compare_negation, "Each one must stop at a tower or lose 1 coal.",
         "Cada una debe detenerse en una torre; si no, pierde 1 de carbón."),
        (compare_negation, "Events never discard your bodyguard.", "Los eventos nunca descartan a tu guardaespaldas."),
        (compare_negation, "You cannot draw, nor may you trade.", "No puedes robar y tampoco puedes comerciar."),
        (compare_negation, "Neither player scores, nor draws.", "Ningún jugador puntúa ni roba."),
        (compare_bounds, "The player with the fewest lamps goes first.", "Empieza el jugador con menos lámparas."),
        (compare_bounds, "Discard the least expensive card.", "Descarta la carta más barata."),
        (compare_bounds, "Take the lowest card.", "Toma la carta más baja."),
        (compare_bounds, "The most powerful keeper draws the fewest cards.",
         "El farero más poderoso roba menos cartas."),
        (compare_bounds, "Most of your cards are lost unless you win.",
         "Pierdes la mayoría de tus cartas a menos que ganes."),
        (compare_players, "Another player gives you 2 oil.", "Otro jugador te da 2 de aceite."),
        (compare_players, "Another player gives you 2 oil.", "Recibes 2 de aceite de otro jugador."),
        (compare_players, "Another player gives you 1 rope.", "Otro jugador le entrega una cuerda."),  # usted
        (compare_players, "If a rival gives you a lamp, you give them a rope.",
         "Si un rival te da una lámpara, le das una cuerda."),
        (compare_players, "The player on your left draws a card.", "El jugador a tu izquierda roba una carta."),
        (compare_players, "Pass your hand left.", "Pasa tu mano hacia la izquierda."),
        (compare_players, "Discard the cards left in your hand.", "Descarta las cartas que queden a la derecha."),
        (compare_players, "You have the right to move first.", "Tienes derecho a mover primero."),
        (compare_players, "Turns go counterclockwise.", "Los turnos van en sentido contrario a las agujas del reloj."),
        (compare_players, "The players to your left and right draw.", "Los jugadores a tu derecha e izquierda roban."),
        (compare_players, "Move right away to the left lane.", "Muévete enseguida al carril izquierdo."),
        (compare_players, "Give 1 lamp to another player.", "Dale 1 lámpara a otro jugador."),
        (compare_players, "Give 1 lamp to another player.", "Otro jugador recibe 1 lámpara tuya."),
        (compare_players, "Pay 2 oil and take a rope from a rival.", "Paga 2 de aceite y un rival te da una cuerda."),
        (compare_players, "Choose a rival: they lose 1 lamp.", "Elija un rival: pierde 1 lámpara."),
        (compare_players, "Choose a rival: they lose 1 lamp.", "Elige a un rival y pierde 1 lámpara."),  # also "loses"
        (compare_players, "Choose a rival: they lose 1; then draw a card.",
         "Elija un rival: pierde 1; luego robe una carta."),
        (compare_players, "They give you a rope.", "Te dan una cuerda."),
        (compare_players, "Pick a keeper and he trims a wick.", "Elija un farero y este recorta una mecha."),
        (compare_players, "Give a lamp to a rival; they give you a rope.",
         "Dale una lámpara a un rival; te da una cuerda."),
    ],
)  # fmt: skip
def test_a_meaning_kept_in_other_words_is_clean(compare, english: str, spanish: str) -> None:  # type: ignore[no-untyped-def]
    assert _messages(compare, english, spanish) == []


# --- false friends told by the original --------------------------------------------------------


@pytest.mark.parametrize(
    ("english", "spanish", "said"),
    [
        ("Support another player's bid: both gain 1.", "Soporta la puja de otro jugador: ambos ganan 1.", '"Soporta"'),
        ("Support an ally in the fight.", "Soporta a un aliado en el combate.", '"Soporta"'),
        ("Gain 1 salt per caravan.", "Gana 1 de sal a nivel de caravana.", '"a nivel de"'),
        ("Pay the actual cost of the lamp.", "Paga el coste actual de la lámpara.", '"actual"'),
        ("Load two goods onto a large boat.", "Carga dos mercancías en un barco largo.", '"largo"'),
        ("If one of the spices is saffron, gain 1.", "Si una de las especies es azafrán, gana 1.", '"especies"'),
    ],
)
def test_a_false_friend_in_the_wrong_sense_is_named(english: str, spanish: str, said: str) -> None:
    found = _messages(false_friends, english, spanish)
    assert len(found) == 1 and said in found[0]


@pytest.mark.parametrize(
    ("english", "spanish"),
    [
        ("The bridge supports up to 3 tokens.", "El puente soporta hasta 3 fichas."),  # bears a weight
        ("You cannot stand the heat: lose 1.", "No soportas el calor: pierde 1."),
        ("At level 3, gain 1.", "A nivel 3, gana 1."),
        ("Move to the level of the tower.", "Muévete a nivel de la torre."),
        ("Remove a token from the board.", "Remueve una ficha del tablero."),  # DPD: not to be censured
        ("Pay the current cost of the lamp.", "Paga el coste actual de la lámpara."),
        ("Pay the actual cost of the lamp.", "Paga el coste real de la lámpara."),
        ("Load two goods onto a large boat.", "Carga dos mercancías en un barco grande."),
        ("If one of the spices is saffron, gain 1.", "Si una de las especias es azafrán, gana 1."),
        ("Choose a species of spice.", "Elige una especie de especia."),
        ("Move a large boat along the coast.", "Mueve un barco grande a lo largo de la costa."),
        ("A large boat with a long mast.", "Un barco grande con un mástil largo."),
    ],
)
def test_a_look_alike_in_its_own_sense_is_clean(english: str, spanish: str) -> None:
    assert _messages(false_friends, english, spanish) == []


def test_a_nivel_de_without_its_original_is_not_judged() -> None:
    assert false_friends(Text("c.toml", "c", "text", "es", "Gana 1 a nivel de caravana.", 4), None) == []


# --- opposites: gain and lose, draw and discard, up and down ------------------------------------


@pytest.mark.parametrize(
    ("english", "spanish", "said"),
    [
        ("Gain 2 oil.", "Pierde 2 de aceite.", '"Pierde"'),
        ("Each keeper loses 1 lamp.", "Cada farero gana 1 lámpara.", '"gana"'),
        ("Draw 2 storm cards.", "Descarta 2 cartas de tormenta.", '"Descarta"'),
        ("Discard a rope.", "Roba una cuerda.", '"Roba"'),
        ("Place the beacon card face up.", "Pon la carta de faro boca abajo.", '"boca abajo"'),
        ("Put it on top of the storm deck.", "Ponla debajo del mazo de tormenta.", '"debajo"'),
        ("Shuffle it into the bottom of the deck.", "Barájala en la parte superior del mazo.", '"parte superior"'),
        ("At the start of each night, light a lamp.", "Al final de cada noche, enciende una lámpara.", '"final"'),
        ("When the round ends, trim the wick.", "Cuando empiece la ronda, recorta la mecha.", '"empiece"'),
        ("Raise the tide marker by 2.", "Baja 2 casillas el marcador de marea.", '"Baja"'),
        ("The fog level drops by 1.", "El nivel de niebla aumenta 1.", '"aumenta"'),
        ("Open the lantern room.", "Cierra la sala de la linterna.", '"Cierra"'),
        ("Move your caravan forward 3 oases.", "Retrocede tu caravana 3 oasis.", '"Retrocede"'),
        ("Discard all your ropes.", "Descarta algunas de tus cuerdas.", '"algunas"'),
        ("Some keepers may rest.", "Todos los fareros pueden descansar.", '"Todos"'),
        ("You may discard a rope.", "Debes descartar una cuerda.", '"Debes"'),
        ("Discard a rope and draw 2 cards.", "Descarta una cuerda o roba 2 cartas.", '"o"'),
        ("Sink an enemy boat.", "Hunde un barco aliado.", '"aliado"'),
        ("Each friendly keeper gains 1 oil.", "Cada farero enemigo gana 1 de aceite.", '"enemigo"'),
        ("Light a lamp or trim a wick.", "Enciende una lámpara y recorta una mecha.", '"y"'),
        ("Each keeper must light a lamp.", "Cada farero puede encender una lámpara.", '"puede"'),
        ("Move to an adjacent tower.", "Muévete a una torre de la misma casilla.", '"misma casilla"'),
        (
            "Keepers on the same space lose 1 oil.",
            "Los fareros de las casillas adyacentes pierden 1 de aceite.",
            '"adyacentes"',
        ),
        ("The keeper with fewer lamps moves first.", "El farero con más lámparas mueve primero.", '"más"'),
        ("Add a fog token to the tower.", "Retira una ficha de niebla de la torre.", '"Retira"'),
        ("Remove 1 storm token from your boat.", "Añade 1 ficha de tormenta a tu barco.", '"Añade"'),
        ("Sell a barrel of oil for 3 coins.", "Compra un barril de aceite por 3 monedas.", '"Compra"'),
        ("Copy the previous keeper's action.", "Copia la acción del siguiente farero.", '"siguiente"'),
        ("Moor the boat outside the harbour.", "Amarra el barco dentro del puerto.", '"dentro"'),
        ("The defender rolls 2 dice.", "El atacante tira 2 dados.", '"atacante"'),
        ("Sail 2 sectors north.", "Navega 2 sectores hacia el sur.", '"sur"'),
        ("Reveal your hand.", "Oculta tu mano.", '"Oculta"'),
        ("Hide a lamp token in your hand.", "Enseña una ficha de lámpara de tu mano.", '"Enseña"'),
        (
            "Play this card before you light a lamp.",
            "Juega esta carta después de encender una lámpara.",
            '"después de"',
        ),
        (
            "After the storm, each keeper draws a card.",
            "Antes de la tormenta, cada farero roba una carta.",
            '"Antes de"',
        ),
        (
            "Each keeper with 3 lamps pays 1 oil to the harbour.",
            "Cada farero con 3 lámparas recibe 1 de aceite del puerto.",
            '"recibe"',
        ),
        ("Take 1 oil from the keeper on your left.", "Da 1 de aceite al farero de tu izquierda.", '"Da"'),
        (
            "The keeper with the most lamps must put all of them out.",
            "El farero con más lámparas debe apagar una de ellas.",
            '"una de ellas"',
        ),
        ("This tower costs 1 less oil.", "Esta torre cuesta 1 de aceite más.", '"más"'),
        (
            "Halve your lamps, rounding down.",
            "Divide tus lámparas entre 2, redondeando hacia arriba.",
            '"hacia arriba"',
        ),
        ("The youngest keeper starts.", "Empieza el farero de más edad.", '"de más edad"'),
        ("The oldest keeper starts.", "Empieza el farero más joven.", '"joven"'),
        ("Look at the top card of the storm deck.", "Revela la primera carta del mazo de tormenta.", '"Revela"'),
        ("Reveal the top card of the storm deck.", "Mira la primera carta del mazo de tormenta.", '"Mira"'),
        ("Remove this card from the game.", "Descarta esta carta.", '"Descarta"'),
        ("Remove 2 cubes from the track.", "Suma 2 cubos al marcador.", '"Suma"'),
        ("Look at the most recent entry in your logbook.", "Mira la entrada más antigua de tu bitácora.", '"antigua"'),
        ("Each keeper must light their lamp at once.", "Cada farero debe apagar su lámpara de inmediato.", '"apagar"'),
        ("Play only at high tide.", "Juega esta carta solo con la marea baja.", '"marea baja"'),
        ("If it ends on the windward side, it is safe.", "Si termina a sotavento, está a salvo.", '"sotavento"'),
        ("Discard this card.", "Retira esta carta de la partida.", '"de la partida"'),
        ("This turn you do not have to pay oil.", "Este turno no puedes pagar aceite.", '"no puedes"'),
        ("You cannot pay oil this turn.", "Este turno no tienes que pagar aceite.", '"no tienes que"'),
        ("Move your boat downstream.", "Mueve tu barca río arriba.", '"río arriba"'),
        ("At the end of the next night, discard 1.", "Al final de esta noche, descarta 1.", '"esta noche"'),
        (
            "Each keeper announces aloud how much oil they give.",
            "Cada farero decide en secreto cuánto aceite da.",
            '"en secreto"',
        ),
        ("No boat can enter the bay.", "Ningún barco puede salir de la bahía.", '"salir"'),
        ("Move to an empty boat.", "Muévete a un barco lleno.", '"lleno"'),
        ("Borrow 5 oil from the bank.", "Presta 5 de aceite al banco.", '"Presta"'),
        ("Score 1 for each unspent lamp.", "Puntúa 1 por cada lámpara gastada.", '"gastada"'),
        ("Ties go to the keeper closest to the tower.", "Gana el empate el farero más lejos de la torre.", '"lejos"'),
        (
            "The first keeper to light 3 lamps gains 2 oil.",
            "El jugador inicial gana 2 de aceite si enciende 3 lámparas.",
            '"jugador inicial"',
        ),
    ],
)
def test_an_action_turned_into_its_opposite_is_named(english: str, spanish: str, said: str) -> None:
    found = _messages(compare_opposites, english, spanish)
    assert len(found) == 1 and said in found[0], found


@pytest.mark.parametrize(
    ("english", "spanish"),
    [
        ("Gain 2 oil.", "Obtienes 2 de aceite."),
        ("Gain 1 lamp for each rope you lost.", "Gana 1 lámpara por cada cuerda que hayas perdido."),
        ("Keep your lamps.", "No pierdes tus lámparas."),
        ("Draw a card from the discard pile.", "Roba una carta de la pila de descartes."),
        ("Draw a card, then discard one.", "Roba una carta y descarta otra."),
        ("Discard a rope before you draw.", "Descarta una cuerda y después roba."),
        ("Draw the top card of the storm deck.", "Toma la primera carta del mazo de tormenta."),
        ("Reveal the top card, then put it back on top.", "Revela la primera carta y devuélvela encima."),
        ("Turn the beacon card face down and lower the tide by 1.",
         "Pon boca abajo la carta de faro y baja la marea 1."),
        ("Draw up to 3 cards. The fog level drops by 1.", "Roba hasta 3 cartas. El nivel de niebla baja 1."),
        ("Pick up a rope and reduce the storm by 1.", "Coge una cuerda y reduce la tormenta en 1."),
        ("The tide rises.", "Sube la marea."),
        ("At the end of the night, the first keeper passes the lamp.",
         "Al final de la noche, el farero inicial pasa la lámpara."),
        ("At the end of your turn, put it at the bottom of the deck.", "Al final de tu turno, ponla debajo del mazo."),
        ("It lasts until the end of the round.", "Dura hasta el final de la ronda."),
        ("Close the gate behind you.", "Cierra la puerta tras de ti."),
        ("Your caravan advances 2 oases.", "Tu caravana avanza 2 oasis."),
        ("Look at it secretly.", "Mírala sin enseñarla."),
        ("Win ties.", "Ganas los empates."),
        ("Remove the lost keeper from the board.", "Retira del tablero al farero perdido."),
        ("If you have any ropes, discard all of them.", "Si tienes alguna cuerda, descártalas todas."),
        ("Each keeper with at least one lamp gains 1.", "Cada farero que tenga alguna lámpara gana 1."),
        ("Either keeper may rest.", "Cualquiera de los dos fareros puede descansar."),
        ("You must not draw; you may discard.", "No puedes robar; puedes descartar."),
        ("Keepers may not rest.", "Los fareros no pueden descansar."),
        ("You must discard a rope if you can.", "Debes descartar una cuerda si puedes."),
        ("You may draw a card.", "Si quieres, roba una carta."),
        ("You do not have to discard.", "No tienes que descartar."),
        ("You may need to discard.", "Puede que tengas que descartar."),
        ("Draw 2 or more cards.", "Roba 2 cartas o más."),
        ("Sink an enemy boat next to an allied tower.", "Hunde un barco enemigo junto a una torre aliada."),
        ("Give a lamp to an ally.", "Dale una lámpara a un aliado."),
        ("Each opponent loses 1 oil.", "Cada rival pierde 1 de aceite."),
        ("Keepers with 2 or 3 lamps draw.", "Los fareros con 2 o 3 lámparas roban."),
        ("Whether or not you win, draw a card.", "Ganes o no, roba una carta."),
        ("Every token and standee face is printed.", "Se imprime cada cara de ficha o figura."),
        ("Keepers and fishers cannot move.", "Ni los fareros ni los pescadores pueden moverse."),
        ("Draw a card, or discard one and gain 1.", "Roba una carta, o descarta una y gana 1."),
        ("Move to a neighbouring tower.", "Muévete a una torre vecina."),
        ("It does not work at all for some keepers.", "No funciona para algunos fareros."),
        ("The keeper with fewer lamps moves first.", "El farero con menos lámparas mueve primero."),
        ("Draw one more card.", "Roba una carta más."),
        ("If you have more lamps than a rival, gain 1.", "Si tienes menos lámparas que un rival, gana 1."),  # a bound
        ("Gain 1 coin, plus 1 more for each boat.", "Gana 1 moneda, y 1 más por cada barco."),
        ("Add up your lamps and remove that many fog tokens.",
         "Suma tus lámparas y retira otras tantas fichas de niebla."),
        ("Remove a fog token and place it on the tower.", "Retira una ficha de niebla y colócala en la torre."),
        ("Remove it from the board and put it in the box.", "Sácala del tablero y ponla en la caja."),
        ("Add a lamp to the tower.", "Pon una lámpara en la torre."),
        ("Buy a lamp, then sell a rope.", "Compra una lámpara y vende una cuerda."),
        ("Moor the boat next to the harbour.", "Amarra el barco junto al puerto."),
        ("The next keeper draws a card.", "El farero siguiente roba una carta."),
        ("Keep it until your next turn.", "Guárdala hasta tu próximo turno."),
        ("Keepers inside the tower are safe.", "Los fareros que estén en la torre están a salvo."),
        ("When attacked, the defender rolls 2 dice.", "Cuando le atacan, el defensor tira 2 dados."),
        ("Reveal the card, then put it back face down.", "Revela la carta y vuelve a ponerla boca abajo."),
        ("Hide it in your hand.", "Escóndela en tu mano."),
        ("Discard a rope before you draw.", "Descarta una cuerda y después roba."),
        ("After you move, draw a card.", "Tras moverte, roba una carta."),
        ("Draw a card after all.", "Roba una carta, pero antes descarta una."),
        ("Play it before or after you move.", "Juégala antes o después de moverte."),
        ("The keeper with the fewest lamps gains 2 more.", "El farero con menos lámparas gana otras 2."),
        ("Pay 2 oil to receive a lamp.", "Paga 2 de aceite para recibir una lámpara."),
        ("Take the beacon card and turn it over.", "Toma la carta de faro y dale la vuelta."),
        ("Remove the token, or give it to another keeper.", "Quita la ficha, o pásasela a otro farero."),
        ("Lighting the beacon takes more than one turn.", "Encender el faro dura más de un turno."),
        ("Each keeper may take a lamp from one of them.", "Cada farero puede tomar una lámpara de uno de ellos."),
        ("This tower costs 1 less oil.", "Esta torre cuesta 1 de aceite menos."),
        ("Halve your lamps, rounding down.", "Divide tus lámparas entre 2, redondeando a la baja."),
        ("The youngest keeper starts.", "Empieza el farero más joven."),
        ("The oldest keeper with the most lamps starts.", "Empieza el farero de más edad con más lámparas."),
        ("The youngest keeper with the most oil starts.",
         "Empieza el farero más joven con la mayor cantidad de aceite."),
        ("Look at the top card of the storm deck.", "Echa un vistazo a la primera carta del mazo de tormenta."),
        ("Look at the top card and show it to a keeper.", "Mira la primera carta y enséñasela a un farero."),
        ("Remove this card from the game.", "Retira esta carta de la partida."),
        ("Remove this card from the game.", "Devuelve esta carta a la caja."),
        ("This turn you do not have to pay oil.", "Este turno no estás obligado a pagar aceite."),
        ("You do not need to pay, but you cannot move.", "No necesitas pagar, pero no puedes moverte."),
        ("Move your boat downstream.", "Mueve tu barca aguas abajo."),
        ("At the end of the next night, discard 1.", "Al final de la noche siguiente, descarta 1."),
        ("No boat can enter the bay.", "Ningún barco puede entrar en la bahía."),
        ("Move to an empty boat.", "Muévete a un barco vacío."),
        ("Borrow 5 oil from the bank.", "Pide prestados 5 de aceite al banco."),
        ("Pay the full cost.", "Paga el coste completo."),
        ("Score 1 for each unspent lamp.", "Puntúa 1 por cada lámpara sin gastar."),
        ("Leave the card face up.", "Deja la carta boca arriba."),
        ("Ties go to the keeper closest to the tower.", "Gana el empate el farero más cercano a la torre."),
        ("So far, no keeper has rested.", "Hasta ahora, ningún farero ha descansado."),
        ("The first keeper to light 3 lamps gains 2 oil.",
         "El primer farero que encienda 3 lámparas gana 2 de aceite."),
        ("The first keeper to light 3 lamps gains 2 oil.", "El primero en encender 3 lámparas gana 2 de aceite."),
        ("The start player draws a card.", "El jugador inicial roba una carta."),
        ("Look at the most recent entry in your logbook.", "Mira la última entrada de tu bitácora."),
        ("Light your lamp. If it goes out, lose 1 oil.", "Enciende tu lámpara. Si se apaga, pierde 1 de aceite."),
        ("Move your light ship two spaces.", "Mueve tu barco ligero dos espacios."),
        ("Each keeper whose lamp is not lit loses 1 oil.", "Cada farero con su lámpara apagada pierde 1 de aceite."),
        ("Play only at high tide.", "Juega esta carta solo en pleamar."),
        ("If it ends on the windward side, it is safe.", "Si termina a barlovento, está a salvo."),
        ("The oldest card of the discard pile is removed.", "Se retira la carta más antigua de la pila de descartes."),
        # "adds" said as "suma", and "Pull" as "Retira": both sides said, nothing turned
        ("Pull your goalie: your lineup adds 3 {puck}.", "Retira a tu portero: tu alineación suma 3 {puck}."),
    ],
)  # fmt: skip
def test_an_action_said_as_the_original_says_it_is_clean(english: str, spanish: str) -> None:
    assert _messages(compare_opposites, english, spanish) == []


# --- a word that changes the rule, left out ------------------------------------------------------


@pytest.mark.parametrize(
    ("english", "spanish", "said"),
    [
        ("If you would lose a lamp, discard a rope instead.", "Si fueras a perder una lámpara, descarta una cuerda.",
         '"instead"'),
        ("Only the first keeper may light the beacon.", "El primer farero puede encender el faro.", '"Only"'),
        ("Every keeper except you loses 1 oil.", "Todos los fareros pierden 1 de aceite.", '"except"'),
        ("Discard a card at random.", "Descarta una carta.", '"at random"'),
        ("Secretly choose a tower.", "Elige una torre.", '"Secretly"'),
        ("All players reveal their cards simultaneously.", "Todos los jugadores revelan sus cartas.",
         '"simultaneously"'),
        ("Immediately move your boat 1 sector.", "Mueve tu barco 1 sector.", '"Immediately"'),
        ("This tower is permanently flooded.", "Esta torre está inundada.", '"permanently"'),
        ("Keepers cannot move until the storm ends.", "Los fareros no pueden moverse cuando termina la tormenta.",
         '"until"'),
        ("Gain 1 oil for each lit tower.", "Gana 1 de aceite si hay una torre encendida.", '"for each"'),
        ("Take an additional action.", "Realiza una acción.", '"additional"'),
        ("Ignore the fog this turn.", "Este turno, la niebla afecta a todos.", '"Ignore"'),
        ("Place the beacon card face down.", "Coloca la carta de faro junto al mazo.", '"face down"'),
        ("Discard down to 3 ropes.", "Descarta 3 cuerdas.", '"down to 3"'),
        ("Discard this card to light a lamp.", "Descarta una carta para encender una lámpara.", '"this card"'),
        ("When this boat sinks, draw a card.", "Cuando se hunda un barco, roba otra carta.", '"this boat"'),
        ("Each keeper gains 1 oil for each lit tower.", "Cada farero gana 1 de aceite si tiene una torre encendida.",
         '"for each"'),
        ("You may discard a rope.", "Descarta una cuerda.", '"may"'),
        ("Load your two boats with up to 6 oil in total.", "Carga hasta 6 de aceite en cada uno de tus dos barcos.",
         '"in total"'),
        ("Shuffle the discard pile into the deck.", "Devuelve la pila de descartes al mazo.", '"Shuffle"'),
        ("Deliver oil in two consecutive nights.", "Entrega aceite en dos noches.", '"consecutive"'),
        ("Only a single boat may sail tonight.", "Esta noche puede zarpar un barco solo.", '"Only"'),
        ("Each boat loses all but one of its ropes.", "Cada barco pierde una de sus cuerdas.", '"all but one"'),
        ("Discard 3 ropes of different colours.", "Descarta 3 cuerdas.", '"different"'),
        ("The keeper with the tallest tower draws twice as many.",
         "El farero con la torre más alta roba dos cartas más.", '"twice as many"'),
        ("Gain 1 oil or 1 rope, or both if no fog covers you.", "Gana 1 de aceite o 1 cuerda si no te cubre la niebla.",
         '"or both"'),
        ("Play this card only during your own turn.", "Juega esta carta solo durante un turno.", '"your own"'),
        ("Each tower costs 2 oil less.", "Cada torre cuesta 2 de aceite.", '"less"'),
        ("Roll a die. Otherwise, lose 2 oil.", "Tira un dado. Pierde 2 de aceite.", '"Otherwise"'),
        ("Search the deck for a storm card.", "Roba una carta de tormenta del mazo.", '"Search"'),
        ("You gain 2 and 4 oil respectively.", "Ganas 2 y 4 de aceite.", '"respectively"'),
        ("You cannot light it again this night.", "No puedes encenderla esta noche.", '"again"'),
        ("You may swap one of your boats with a rival's.", "Puedes quedarte con un barco de un rival.", '"swap"'),
        ("Look at every boat within 2 spaces of you.", "Mira todos los barcos a 2 casillas de ti.",
         '"within 2 spaces"'),
        ("If your boat would sink, lose 1 oil instead.", "Si tu barco se ha hundido, pierde 1 de aceite en su lugar.",
         '"would"'),
        ("Each tower above the second level costs 1 additional oil.",
         "Cada torre por encima del segundo nivel cuesta 1 de aceite.", '"additional"'),
        ("The lamp stays lit, even if the tower is flooded.", "La lámpara sigue encendida si la torre se inunda.",
         '"even if"'),
        ("The keeper with the most oil cannot rest.", "Ningún farero que tenga aceite puede descansar.",
         '"the most"'),
        ("Each keeper gives you 1 oil.", "Un farero te da 1 de aceite.", '"Each keeper"'),
        ("Each keeper gives you 1 oil for every tower.", "Un farero te da 1 de aceite por cada torre.",
         '"Each keeper"'),
        # the one "pueden" is the storms': "may" wants its own
        ("You may discard a rope to rest. Storms can sink boats.",
         "Descarta una cuerda para descansar. Las tormentas pueden hundir barcos.", '"may"'),
    ],
)  # fmt: skip
def test_a_word_that_changes_the_rule_left_out_is_named(english: str, spanish: str, said: str) -> None:
    found = _messages(compare_dropped_words, english, spanish)
    assert len(found) == 1 and said in found[0], found


@pytest.mark.parametrize(
    ("english", "spanish"),
    [
        ("Discard a rope instead.", "En su lugar, descarta una cuerda."),
        ("Draw 2 cards instead of 1.", "Roba 2 cartas en vez de 1."),
        ("Draw 2 cards. Do this instead of resting.", "Roba 2 cartas en lugar de descansar."),  # moved
        ("Only once per night, you may rest.", "Una sola vez por noche, puedes descansar."),
        ("You may only move on your turn.", "Solo puedes moverte en tu turno."),
        ("Not only keepers may rest, but fishers too.", "Pueden descansar los fareros y los pescadores."),
        ("Every keeper except you loses 1 oil.", "Todos los fareros salvo tú pierden 1 de aceite."),
        ("Every keeper other than you loses 1 oil.", "Cada uno de los otros fareros pierde 1 de aceite."),
        ("Discard a card at random.", "Descarta una carta al azar."),
        ("Draw a random event.", "Roba un evento aleatorio."),
        ("Secretly choose a tower.", "Elige una torre en secreto."),
        ("Secretly choose a tower.", "Elige una torre sin mostrarla."),
        ("All players reveal their cards simultaneously.", "Todos los jugadores revelan sus cartas a la vez."),
        ("Immediately move your boat.", "Mueve tu barco de inmediato."),
        ("Move two boats at once.", "Mueve dos barcos a la vez."),
        ("The keeper rests. Immediately afterwards, draw a card.",
         "El farero descansa. Justo después, roba una carta."),
        ("Keepers cannot move until the storm ends.", "Los fareros no pueden moverse hasta que termine la tormenta."),
        ("Gain +1 until the end of the turn.", "Gana +1 durante el resto del turno."),
        ("Keep it face up until you use it.", "Mantenla boca arriba mientras no la uses."),
        ("Gain 1 oil for each lit tower.", "Gana 1 de aceite por cada torre encendida."),
        ("Gain 1 oil per tower.", "Gana 1 de aceite por torre."),
        ("Each keeper gains 1 oil for each lit tower.", "Cada farero gana 1 de aceite por torre encendida."),
        ("Each keeper gains 1 oil for each lit tower.",
         "Todos los fareros ganan 1 de aceite por cada torre encendida."),
        ("Take an extra action.", "Realiza una acción más."),
        ("Ignore the fog this turn.", "Este turno, la niebla no te afecta."),
        ("Ignore the fog this turn.", "Este turno, pasa por alto la niebla."),
        ("Place it face down.", "Colócala bocabajo."),
        ("Turn the tile face up.", "Dale la vuelta a la loseta."),
        ("Till the field and plant an extra seed.", "Ara el campo y planta una semilla más."),
        ("The surface of the sea is still.", "La superficie del mar está en calma."),
        ("Discard down to 3 ropes.", "Descarta cuerdas hasta quedarte con 3."),
        ("Pass it face down to the keeper on your left.", "Pásala boca abajo al farero de tu izquierda."),
        ("If the tower is lit, the reward is 4 oil instead.",
         "Si la torre está encendida, la recompensa pasa a ser de 4."),
        ("The beacon counts as a lamp for every order.",
         "El faro cuenta como una lámpara para todos los encargos."),
        ("Discard this card to light a lamp.", "Descarta esta carta para encender una lámpara."),
        ("Discard this card to light a lamp.", "Descártala para encender una lámpara."),
        ("Put a fog token on this card.", "Pon una ficha de niebla sobre ella."),
        ("Put a fog token on this card.", "Pon aquí una ficha de niebla."),
        ("This card's keeper draws a card.", "El farero de la carta roba una carta."),
        ("This is the last storm: draw a card.", "Es la última tormenta: roba una carta."),
        ("Do it this way: draw a card.", "Hazlo así: roba una carta."),
        ("When this boat sinks, draw a card.", "Cuando este barco se hunda, roba una carta."),
        ("You may discard a rope.", "Si lo deseas, descarta una cuerda."),
        ("Load your two boats with up to 6 oil in total.", "Carga hasta 6 de aceite en total en tus dos barcos."),
        ("Shuffle the discard pile into the deck.", "Baraja la pila de descartes con el mazo."),
        ("Deliver oil in two consecutive nights.", "Entrega aceite en dos noches seguidas."),
        ("Only a single boat may sail tonight.", "Esta noche puede zarpar un solo barco."),
        ("Each boat loses all but one of its ropes.", "Cada barco pierde todas sus cuerdas menos una."),
        ("Discard 3 ropes of different colours.", "Descarta 3 cuerdas de colores distintos."),
        ("The keeper with the tallest tower draws twice as many.", "El farero con la torre más alta roba el doble."),
        ("Play this card only during your own turn.", "Juega esta carta solo durante tu turno."),
        ("Each tower costs 2 oil less.", "Cada torre cuesta 2 de aceite menos."),
        ("Roll a die. Otherwise, lose 2 oil.", "Tira un dado. Si no, pierde 2 de aceite."),
        ("The keeper buys the cheapest lamp at the Lamp Exchange.",
         "El farero compra la lámpara más barata de la Lonja."),
        ("Texts the scan reads otherwise were kept.", "Se conservan los textos que el escaneo lee de otro modo."),
        ("Discard ropes until you have only 5 left.", "Descarta cuerdas hasta quedarte con cinco."),
        ("Search the deck for a storm card.", "Busca en el mazo una carta de tormenta."),
        ("You gain 2 and 4 oil respectively.", "Ganas 2 y 4 de aceite respectivamente."),
        ("A boat that would leave the map stops at the edge instead.",
         "Un barco que fuera a salir del mapa se detiene en el borde."),
        ("Choose a different keeper.", "Elige a otro farero."),
        ("If you cannot agree within one minute, nobody gains.",
         "Si no os ponéis de acuerdo en un minuto, nadie gana."),
        ("You cannot light it again this night.", "No puedes volver a encenderla esta noche."),
        ("You may swap one of your boats with a rival's.",
         "Puedes intercambiar uno de tus barcos por uno de un rival."),
        ("Deliver 4 lamps. You may not include oil.", "Entrega 4 lámparas, sin incluir aceite."),
        ("Each keeper pays 2 per tower instead of 1.", "Cada farero paga 2 por torre, y no 1."),
        ("Look at every boat within 2 spaces of you.", "Mira todos los barcos a 2 casillas o menos de ti."),
        ("Finish it within this night.", "Termínalo esta noche."),
        ("If your boat would sink, lose 1 oil instead.",
         "Si tu barco fuera a hundirse, pierde 1 de aceite en su lugar."),
        ("If your boat would sink, lose 1 oil instead.", "Si tu barco se hundiera, pierde 1 de aceite en su lugar."),
        ("Take an additional action.", "Realiza una segunda acción."),
        ("The lamp stays lit, even if the tower is flooded.",
         "La lámpara sigue encendida aunque la torre se inunde."),
        ("The keeper with the most oil cannot rest.", "El farero con más aceite no puede descansar."),
        ("Light at the most one lamp.", "Enciende una lámpara como mucho."),
        ("Each keeper gives you 1 oil.", "Cada farero te da 1 de aceite."),
        ("Each keeper gives you 1 oil.", "Los fareros te dan 1 de aceite cada uno."),
        ("Each time you rest, gain 1 oil.", "Una vez por descanso, gana 1 de aceite."),
        ("You may discard a rope.", "Tienes la opción de descartar una cuerda."),
        ("Optionally, discard a rope.", "Opcionalmente, descarta una cuerda."),
        ("Keepers may not rest.", "Los fareros no pueden descansar."),
        ("This may end the game.", "Esto puede terminar la partida."),
        ("You may discard a rope. Storms can sink boats.",
         "Puedes descartar una cuerda. Las tormentas pueden hundir barcos."),
        ("You may discard a rope. You can then rest.", "Puedes descartar una cuerda. Después, descansa."),
    ],
)  # fmt: skip
def test_a_word_that_changes_the_rule_said_in_the_translation_is_clean(english: str, spanish: str) -> None:
    assert _messages(compare_dropped_words, english, spanish) == []


# --- spans of time: a turn, a round, a phase, a game ---------------------------------------------


@pytest.mark.parametrize(
    ("english", "spanish", "said"),
    [
        ("Once per turn, you may light a lamp.", "Una vez por ronda, puedes encender una lámpara.", '"ronda"'),
        ("Until the end of the round, keepers cannot move.", "Hasta el final del turno, los fareros no pueden moverse.",
         '"turno"'),
        ("Use this only once per game.", "Úsala solo una vez por ronda.", '"ronda"'),
        ("During the storm phase, draw 2.", "Durante el turno de tormenta, roba 2.", '"turno"'),
    ],
)  # fmt: skip
def test_a_span_of_time_changed_is_named(english: str, spanish: str, said: str) -> None:
    found = _messages(compare_periods, english, spanish)
    assert len(found) == 1 and said in found[0], found


@pytest.mark.parametrize(
    ("english", "spanish"),
    [
        ("Once per turn, you may light a lamp.", "Una vez por turno, puedes encender una lámpara."),
        ("Turn it face down at the end of the round.", "Ponla boca abajo al final de la ronda."),
        ("On your turn, draw a card.", "Cuando te toque, roba una carta."),
        ("Keepers act in turn; each round ends when all have acted.",
         "Los fareros actúan por orden; cada ronda termina cuando todos han actuado."),
        ("Remove it from the game.", "Retírala del juego."),
        ("Place a round token on the tower this turn.", "Pon una ficha redonda en la torre este turno."),
        ("Turn the tile over. Draw a card.", "Dale la vuelta a la loseta. Roba una carta."),
        ("Once per round, put a lamp into play.", "Una vez por ronda, pon una lámpara en juego."),
    ],
)  # fmt: skip
def test_the_same_span_or_none_is_clean(english: str, spanish: str) -> None:
    assert _messages(compare_periods, english, spanish) == []


@pytest.mark.parametrize(
    ("english", "spanish", "finding"),
    [
        ("Draw up to 2 storm cards.", "Roba 2 cartas de tormenta.", True),
        ("Move up to 3 oases.", "Avanza 3 oasis.", True),
        ("Draw up to 2 storm cards.", "Roba hasta 2 cartas de tormenta.", False),
        ("Draw up to 2 storm cards.", "Roba 1 o 2 cartas de tormenta.", False),
        ("Move up to 3 oases.", "Avanza 3 oasis como mucho.", False),
        ("Discard up to 2 ropes to draw 2 cards.", "Descarta 2 cuerdas para robar 2 cartas.", False),  # which 2?
        # a count in words is a count: "up to three" as "tres"
        ("Move up to three of your boats one dock.", "Mueve tres de tus botes un muelle.", True),
        ("Move up to three of your boats one dock.", "Mueve hasta tres de tus botes un muelle.", False),
        ("Move up to three of your boats one dock.", "Mueve tres botes como máximo.", False),
        ("Take up to two lamps.", "Toma una o dos lámparas.", False),
        ("Take up to two lamps and two ropes.", "Toma dos lámparas y dos cuerdas.", False),  # which two?
    ],
)  # fmt: skip
def test_up_to_said_as_an_exact_number_is_named(english: str, spanish: str, finding: bool) -> None:
    found = _messages(compare_bounds, english, spanish)
    assert (len(found) == 1 and "not at most" in found[0]) if finding else found == []


@pytest.mark.parametrize(
    ("english", "spanish", "finding"),
    [
        ("If you have at least 3 lamps, draw a card.", "Si tienes 3 lámparas, roba una carta.", True),
        ("Keepers with 2 or more ropes rest.", "Los fareros con 2 cuerdas descansan.", True),
        ("If you have at least 3 lamps, draw a card.", "Si tienes 3 lámparas o más, roba una carta.", False),
        ("If you have at least 3 lamps, draw a card.", "A partir de 3 lámparas, roba una carta.", False),
        ("If you have at least 3 lamps, draw a card.", "Si tienes como mínimo 3 lámparas, roba una carta.", False),
        ("Roll a die: on 5 or more, gain 1.", "Tira un dado: con un 5 o superior, gana 1.", False),
        ("If you have at least 3 lamps, draw 3 cards.", "Si tienes 3 lámparas, roba 3 cartas.", False),  # which 3?
        ("If you have at least four lamps, rest.", "Si tienes cuatro lámparas, descansa.", True),
        ("If you have at least four lamps, rest.", "Si tienes cuatro lámparas o más, descansa.", False),
    ],
)  # fmt: skip
def test_at_least_said_as_an_exact_number_is_named(english: str, spanish: str, finding: bool) -> None:
    found = _messages(compare_bounds, english, spanish)
    assert (len(found) == 1 and "not at least" in found[0]) if finding else found == []


def test_the_opposites_gate_on_letters_finds_what_the_expressions_alone_find(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each side's words are looked for only where their first letters are: never a word less."""
    from dataclasses import replace

    from pnp.check.text import opposites

    pairs = [
        ("Place the beacon card face up, then draw 2.", "Pon la carta de faro bocaabajo y descarta 2."),
        ("At the start of each night, gain 1 and raise the tide.", "Al final de cada noche, pierde 1 y baja la marea."),
        ("Open the gate and move forward.", "Cierra la puerta y retrocede."),
        ("Discard all your ropes; put one on top.", "Descarta algunas cuerdas; pon una al final del montón."),
        ("Shuffle it into the bottom of the deck.", "Barájala en la parte superior del mazo."),
    ]
    gated = [opposites.turned(source, target) for source, target in pairs]
    every = tuple(
        replace(
            c, english_starts=(("",), ("",)), spanish_starts=(("",), ("",)), english_words=(frozenset(), frozenset())
        )
        for c in opposites._compiled()
    )
    monkeypatch.setattr(opposites, "_compiled", lambda: every)
    opposites.turned.cache_clear()
    try:
        assert [opposites.turned(source, target) for source, target in pairs] == gated
        assert all(found is not None for found in gated)
    finally:
        opposites.turned.cache_clear()


@pytest.mark.parametrize(
    ("english", "spanish", "finding"),
    [
        ("Reveal the second card of the storm deck.", "Revela la tercera carta del mazo de tormenta.", True),
        ("On the third night, gain 1 oil.", "En la cuarta noche, gana 1 de aceite.", True),
        ("Move to the 2nd tower.", "Muévete a la 3.ª torre.", True),
        ("Reveal the second card of the storm deck.", "Revela la segunda carta del mazo de tormenta.", False),
        ("The first keeper draws a card.", "El farero inicial roba una carta.", False),
        ("At first, discard one; the third keeper draws.", "Al principio, descarta una; el tercer farero roba.", False),
        ("First, draw a card.", "Primero, roba una carta.", False),
        ("Enter the second room.", "Entra en el segundo cuarto.", False),
        ("Each lamp beyond the second costs 1 oil.", "Cada lámpara a partir de la tercera cuesta 1 de aceite.", False),
    ],
)  # fmt: skip
def test_an_ordinal_changed_is_named(english: str, spanish: str, finding: bool) -> None:
    found = _messages(compare_ordinals, english, spanish)
    assert (len(found) == 1 and "another place in the order" in found[0]) if finding else found == []


@pytest.mark.parametrize(
    ("english", "spanish", "finding"),
    [
        ("Move your boat to the third tower of the coast.", "Mueve tu barco tres torres por la costa.", True),
        ("Discard the second card of the deck.", "Descarta dos cartas del mazo.", True),
        ("Move your boat to the third tower of the coast.", "Mueve tu barco a la tercera torre de la costa.", False),
        ("Move to the 3rd tower.", "Ve a la torre 3.", False),  # a cardinal after the noun names it
        ("Every second night, draw 2 cards.", "Cada dos noches, roba 2 cartas.", False),
        ("On the third night, draw three cards.", "En la noche tres, roba tres cartas.", False),
        ("The first keeper draws two cards.", "El farero inicial roba dos cartas.", False),
    ],
)  # fmt: skip
def test_an_ordinal_said_as_a_count_is_named(english: str, spanish: str, finding: bool) -> None:
    found = _messages(compare_ordinals, english, spanish)
    assert (len(found) == 1 and "a count, not a place" in found[0]) if finding else found == [], found


@pytest.mark.parametrize(
    ("target", "spanish", "kept"),
    [
        ("cosecha", "cuando coseches, gana 1", True),  # the verb of the noun "harvest"
        ("gremio", "banquete gremial", True),  # the noun's adjective: "Guild Feast"
        ("gremio", "los privilegios gremiales", True),
        ("gremio", "gana 1 moneda", False),
        ("gremio", "el gremlin", False),
        ("carta", "cartas", False),  # "cart": too short a stem
    ],
)
def test_a_glossary_noun_said_as_its_verb_or_adjective_counts(target: str, spanish: str, kept: bool) -> None:
    from pnp.check.text.glossary import _verb_of_the_family

    assert _verb_of_the_family(target, spanish) is kept


@pytest.mark.parametrize(
    ("spanish", "slip"),
    [
        ("Vende en el mercado tantas mercancías como quieras.", False),  # "tantas" counts the mercancías
        ("Deja en el mercado varias fichas.", False),
        ("Deja en el mercado roja una ficha.", True),
    ],
)
def test_a_quantifier_after_a_noun_is_the_next_nouns(spanish: str, slip: bool) -> None:
    assert bool(noun_slips(spanish, CHECKER)) is slip


def test_the_dropped_words_gate_on_letters_finds_what_the_expressions_alone_find(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each word's English expression runs only where its first letters are: the same findings as
    running every expression on every sentence."""
    import dataclasses

    from pnp.check.text import dropped

    marks = [m for m in test_a_word_that_changes_the_rule_left_out_is_named.pytestmark if m.name == "parametrize"]
    cleans = [
        m
        for m in test_a_word_that_changes_the_rule_said_in_the_translation_is_clean.pytestmark
        if m.name == "parametrize"
    ]
    pairs = [(case[0], case[1]) for case in marks[0].args[1]] + list(cleans[0].args[1])

    def first(source: str, target: str) -> object:  # sentence by sentence, as compare_dropped_words asks
        found = (dropped.dropped(s, target, source, t) for s, t in aligned(source, target))
        return next((f for f in found if f is not None), None)

    gated = [first(source, target) for source, target in pairs]
    assert sum(found is not None for found in gated) == len(marks[0].args[1])
    every = tuple(dataclasses.replace(c, gates=("",)) for c in dropped._compiled())
    monkeypatch.setattr(dropped, "_compiled", lambda: every)
    dropped.dropped.cache_clear()
    dropped._rendered.cache_clear()
    try:
        assert [first(source, target) for source, target in pairs] == gated
    finally:
        dropped.dropped.cache_clear()
        dropped._rendered.cache_clear()


def test_a_word_lists_gates_are_the_literal_letters_every_alternative_must_start_with() -> None:
    """The gate of "cards?" is "card" (the s may be absent), of "boca ?abajo" "boca", and a group
    splits no alternative: a gate longer than what the expression matches would hide a finding."""
    from pnp.check.text.patterns import alternatives, literal_starts

    assert alternatives("for each|for (?:every|all)|per") == ["for each", "for (?:every|all)", "per"]
    assert literal_starts("cards?|boca ?abajo|face[- ]?down|down to (?:\\d+)") == ("card", "boca", "face", "down to ")
    assert literal_starts("only|at random", plain=False) == ("at random",)
    with pytest.raises(AssertionError):
        literal_starts("(?:a|b)c")


@pytest.mark.parametrize(
    ("english", "spanish", "finding"),
    [
        # a "more than" denied is an upper bound on either side
        ("This dock holds at most two boats.", "En este muelle no caben más de dos botes.", False),
        ("This dock holds at most two boats.", "En este muelle nunca hay más de dos botes.", False),
        ("You cannot hold more than two boats.", "No puedes tener más de dos botes.", False),
        ("You cannot hold more than two boats.", "Puedes tener como máximo dos botes.", False),
        ("You cannot hold fewer than two boats.", "No puedes tener menos de dos botes.", False),
        ("This dock holds at least two boats.", "En este muelle no caben más de dos botes.", True),
        ("You cannot hold more than two boats.", "Debes tener al menos dos botes.", True),
        ("If you have no lamps, draw more than 2 cards.", "Si no tienes lámparas, roba más de 2 cartas.", False),
        ("No keeper may light more than one lamp.", "Ningún farero puede encender más de una lámpara.", False),
        ("No keeper may light more than one lamp.", "Nadie puede encender más de una lámpara.", False),
    ],
)  # fmt: skip
def test_a_denied_more_than_is_an_upper_bound(english: str, spanish: str, finding: bool) -> None:
    found = _messages(compare_bounds, english, spanish)
    assert (len(found) == 1 and "turned around" in found[0]) if finding else found == [], found


def test_a_gate_index_finds_every_gate_a_text_holds_overlapping_or_not() -> None:
    """One pass finds "at once" inside "all at once" and "per" beside "permanently": a gate the index
    missed would hide a finding."""
    from pnp.check.text.patterns import Gates

    gates = Gates(["at once", "all at once", "per", "permanent", "face", "for each"])
    assert gates.held("move all at once, permanently, per turn") == {"", "all at once", "at once", "per", "permanent"}
    assert gates.held("nothing here") == {""}
    assert Gates([]).held("per") == {""}


def test_an_adjective_after_a_terms_complement_may_be_the_head_nouns() -> None:
    """ "cada color de gema distinto": "distinto" is the color's; a head of the other gender is no excuse."""
    from pnp.check.text.phrases import Match
    from pnp.check.text.term_agreement import _adjective_disagrees

    plain = "Gana 1 por cada color de gema distinto."
    at = plain.index("gema")
    assert _adjective_disagrees(plain, Match(0, at, at + 4), "gema", "f", "Gem", CHECKER) is None
    plain = "Gana 1 por cada carta de gema distinto."
    at = plain.index("gema")
    assert _adjective_disagrees(plain, Match(0, at, at + 4), "gema", "f", "Gem", CHECKER) is not None


@pytest.mark.parametrize(
    ("english", "spanish", "said"),
    [
        # between commas the relative says something of every keeper: the condition is gone
        ("Keepers who have no lit lamp lose 1 oil.",
         "Los fareros, que no tienen ninguna lámpara encendida, pierden 1.", "between commas"),
        ("Cards that show a storm are discarded.", "Las cartas, que muestran una tormenta, se descartan.",
         "between commas"),
        # what was done became what is done
        ("Play this card only if you have lit a lamp this turn.",
         "Juega esta carta solo si enciendes una lámpara este turno.", "done before"),
    ],
)  # fmt: skip
def test_a_condition_read_otherwise_is_named(english: str, spanish: str, said: str) -> None:
    found = _messages(compare_conditions, english, spanish)
    assert len(found) == 1 and said in found[0], found


@pytest.mark.parametrize(
    ("english", "spanish"),
    [
        ("Keepers who have no lit lamp lose 1 oil.", "Los fareros que no tienen ninguna lámpara encendida pierden 1."),
        ("The keepers, who are tired, rest.", "Los fareros, que están cansados, descansan."),
        ("Play this card only if you have lit a lamp this turn.",
         "Juega esta carta solo si has encendido una lámpara este turno."),
        ("Play this card only if you have lit a lamp this turn.",
         "Juega esta carta solo si ya encendiste una lámpara."),
        ("If you have taken damage, rest.", "Si tienes daño, descansa."),  # a state: no time gone by is read
        ("If you have no lamp this turn, draw 2.", "Si no tienes lámpara este turno, roba 2."),
    ],
)  # fmt: skip
def test_a_condition_kept_in_its_own_words_is_clean(english: str, spanish: str) -> None:
    assert _messages(compare_conditions, english, spanish) == []


def test_a_noun_term_said_as_a_verb_and_a_person_term_in_the_feminine_count() -> None:
    """ "you may dock" uses no game Dock; "capitana del puerto" is the glossary's "capitán del puerto"."""
    from pnp.check.text.glossary import _feminine, _said_as_verb

    source = "You may dock at the harbour. Another player docks next to you. The dock is full."
    assert _said_as_verb(source, source.index("dock"), source.index("dock") + 4)
    assert _said_as_verb(source, source.index("docks"), source.index("docks") + 5)
    assert not _said_as_verb(source, source.rindex("dock"), source.rindex("dock") + 4)
    assert _feminine("capitán del puerto") == "capitana del puerto"
    assert _feminine("jugador") == "jugadora"
    assert _feminine("sol") is None


def test_the_feminine_of_a_noun_in_on_is_no_spelling_mistake() -> None:
    from pnp.check.text.lexicon import english_words
    from pnp.check.text.words import _verdict

    assert _verdict("Polizona", CHECKER, english_words()) is None
    assert _verdict("Polizonna", CHECKER, english_words()) == "unknown"


@pytest.mark.parametrize(
    ("title", "right"),
    [
        ("Tormenta Sobre El Faro", "Tormenta sobre el Faro"),  # English title case
        ("Banco De Niebla", "Banco de Niebla"),
        ("Tormenta sobre el faro", None),
        ("El Señor de los Anillos", None),
        ("Corvain, capitana del puerto", None),
        ("LA GRAN TORMENTA", None),
    ],
)
def test_a_spanish_title_in_english_title_case_is_named(title: str, right: str | None) -> None:
    from pnp.check.text.typography import _title_case

    found = _title_case(title)
    assert (len(found) == 1 and f'"{right}"' in found[0][1]) if right else found == []


@pytest.mark.parametrize(
    ("spanish", "right"),
    [
        ("Mueve tres espacios hacia el Norte a lo largo de la costa.", '"norte"'),
        ("Navega al Sur de la isla.", '"sur"'),
        ("Navega hacia el norte.", None),
        ("Viaja al Polo Norte.", None),  # names
        ("Cruza el mar del Norte y llega a Corea del Sur.", None),
    ],
)
def test_a_cardinal_point_for_a_direction_in_capitals_is_named(spanish: str, right: str | None) -> None:
    from pnp.check.text.typography import _compass_capitals

    found = _compass_capitals(spanish)
    assert (len(found) == 1 and found[0][1] == f"write {right}") if right else found == [], found


@pytest.mark.parametrize(
    ("spanish", "right"),
    [
        ("Tu estadio te da un 50% más de {coin}.", '"50 %"'),
        ("Gana un 12,5% de tus puntos.", '"12,5 %"'),
        ("Tu estadio te da un 50 % más de {coin}.", None),
        ("Tu estadio te da la mitad de {coin}.", None),
    ],
)
def test_a_percent_sign_against_its_number_is_named(spanish: str, right: str | None) -> None:
    from pnp.check.text.typography import _percent

    found = _percent(spanish)
    assert (len(found) == 1 and found[0][1].startswith(f"write {right}")) if right else found == [], found


@pytest.mark.parametrize(
    ("spanish", "right"),
    [
        ("Al final del partido, pide un tiempo muerto y elige una opción: Retira una sanción o roba.",
         '"opción: retira"'),
        ("Cuando juegues esta carta en tu turno, elige: Descarta dos cartas o gana 1 {coin}.",
         '"elige: descarta"'),
        # a heading before the colon: a label, a cost
        ("Acción: Roba una carta.", None),
        ("Descarta 1 {coin}: Gana 2 {fan}.", None),
        ("Fase de mantenimiento del estadio: Roba una carta.", None),
        # what follows the colon is no sentence: words cited, a menu's names, a name
        ("Un verbo con pronombres lleva la tilde que necesitan: Pórtate, dámelo, descártala.", None),
        ("Guárdala otra vez en tu editor de imágenes: Imagen > Modo > RGB.", None),
        ("Cuando juegues esta carta en tu turno, elige: retira una sanción.", None),
        ("Cuando juegues esta carta, di su nombre: «Roba una carta».", None),
        ("Retira del mazo de Quorum: Incitar al motín, Difundir fotos y Nombrar árbitro.", None),  # names
    ],
)  # fmt: skip
def test_a_capital_after_a_clause_and_its_colon_is_named(spanish: str, right: str | None) -> None:
    from pnp.check.text.typography import _capital_after_colon

    found = _capital_after_colon(spanish, frozenset())
    assert (len(found) == 1 and found[0][1] == f"write {right}") if right else found == [], found


@pytest.mark.parametrize(
    ("word", "known"),
    [
        ("detenlo", True),  # "detén" of "detener", its accent dropped as "lo" attaches
        ("Mantenla", True),
        ("proponlo", True),
        ("intervenlo", True),
        ("detenselo", False),  # two pronouns: "deténselo", with its accent
        ("desdenlo", False),  # no verb "desdener"
        ("cantanlo", False),
    ],
)
def test_an_oxytone_imperative_with_its_pronoun_is_a_word(word: str, known: bool) -> None:
    from pnp.check.text.lexicon import speller

    checker = speller("es")
    assert checker is not None and checker.oxytone_imperative_with_pronouns(word) is known


@pytest.mark.parametrize(
    ("english", "spanish", "finding"),
    [
        ("Take 3 {oil}. Keep one and place the others on any lighthouses.",
         "Toma 3 {oil}. Quédate uno y coloca los otros dos en los faros que quieras.", False),
        ("Take 3 {oil}. Keep one and place the rest on a lighthouse.",
         "Toma 3 {oil}. Quédate uno y coloca los dos restantes en un faro.", False),
        ("Take 3 {oil}. Keep one and place the others on any lighthouses.",
         "Toma 3 {oil}. Quédate uno y coloca dos en los faros que quieras.", True),  # no count of the rest
        ("Take 3 {oil}. Keep one and place 1 on a lighthouse.",
         "Toma 3 {oil}. Quédate uno y coloca los otros dos en un faro.", True),  # the original names no rest
    ],
)  # fmt: skip
def test_the_count_of_the_rest_said_is_no_number_added(english: str, spanish: str, finding: bool) -> None:
    from pnp.check.text.numbers import compare_numbers

    found = _messages(compare_numbers, english, spanish)
    assert bool(found) is finding, found


def test_more_than_said_as_at_least_as_many_as_is_named() -> None:
    found = _messages(compare_bounds, "Each keeper with more lamps than you rests.",
                      "Cada farero con al menos tantas lámparas como tú descansa.")  # fmt: skip
    assert len(found) == 1 and "one counts the number itself" in found[0]
    assert _messages(compare_bounds, "Each keeper with more lamps than you rests.",
                     "Cada farero con más lámparas que tú descansa.") == []  # fmt: skip


def test_an_ustedes_order_with_its_pronouns_is_spelt_right() -> None:
    assert CHECKER.knows("Revélenlos") and CHECKER.knows("Descártenla")
    assert not CHECKER.knows("Revelenlos")  # the accent the pronouns need


def test_exactly_said_as_a_bound_is_named() -> None:
    found = _messages(
        compare_bounds, "A keeper with exactly 3 lamps rests.", "Un farero con 3 lámparas o más descansa."
    )
    assert len(found) == 1 and "not exactly" in found[0]
    assert (
        _messages(
            compare_bounds, "A keeper with exactly 3 lamps rests.", "Un farero con exactamente 3 lámparas descansa."
        )
        == []
    )
    assert _messages(compare_bounds, "A keeper with exactly 3 lamps rests.", "Un farero con 3 lámparas descansa.") == []


def test_a_preposition_after_a_plural_is_no_adjective() -> None:
    assert noun_slips("Todos los clanes salvo el que tenga más centinelas pierden 2.", CHECKER) == []


def test_every_grammar_slip_with_no_right_form_has_a_hint() -> None:
    """A slip whose right form cannot be told is hinted by its kind: every kind has a hint of its own."""
    import inspect

    from pnp.check.text import grammar

    source = inspect.getsource(grammar)
    kinds = re.findall(r'""\s*,\s*N_\(\s*"((?:[^"\\]|\\.)*)"', source) + re.findall(
        r'yield [^\n]*, "", N_\(\s*"((?:[^"\\]|\\.)*)"', source
    )
    assert kinds and all(kind in grammar._HINTS for kind in kinds), [k for k in kinds if k not in grammar._HINTS]


# --- learnt from the volcano-forge and circus-caravan sets: each kind with its own cases -----------


@pytest.mark.parametrize(
    ("spanish", "written", "right"),
    [
        # "todo" before "el" and a feminine noun with a stressed a is feminine: "toda el agua"
        ("Gasta todo el agua del cubo.", "todo el", "toda el"),
        ("Pierde toda el agua del cubo.", None, None),
        ("Descarta todo el mazo.", None, None),
        ("Descarta toda el mazo.", "toda el", "todo el"),
        # "contra más" for "cuanto más", at the head of a correlation
        ("Contra más lonas tengas, más aplausos ganas.", "Contra más", "Cuanto más"),
        ("Cuantas más lonas tengas, más aplausos ganas.", None, None),
        ("Lucha contra más rivales que tú.", None, None),
        # an adverb of place with a possessive
        ("Coloca delante tuyo un payaso.", "delante tuyo", "delante de ti"),
        ("Deja la ficha detrás mía.", "detrás mía", "detrás de mí"),
        ("Coloca delante de ti un payaso.", None, None),
        ("Juega como si fuera suyo.", None, None),  # "fuera", a form of "ser"
        ("Coloca la lona a su alrededor.", None, None),
        # "cualquier" before a number
        ("Descarta cualquier dos cartas.", "cualquier dos", ""),
        ("Descarta dos cartas cualesquiera.", None, None),
        ("Descarta cualquier carta.", None, None),
        # "cada" with its verb in the plural
        ("Cada uno de los payasos eligen.", "Cada uno de los payasos eligen", "Cada uno de los payasos elige"),
        ("Cada jugador pierden un aplauso.", "Cada jugador pierden", "Cada jugador pierde"),
        ("Cada uno de los jugadores elige una carta.", None, None),
        ("Cada ronda ganan un aplauso los payasos.", None, None),
        ("Cada rival que tenga un cartel gana 1.", None, None),
        # "Ves a" for the order "Ve a"
        ("Ves a un pueblo adyacente.", "Ves a", "Ve a"),
        ("¿Ves a ese payaso?", None, None),
        ("Si ves a un rival, gana un aplauso.", None, None),
        # "echo" for "hecho" after "haber" or "una vez"
        ("Una vez echo esto, no puedes mover.", "Una vez echo", "Una vez hecho"),
        ("Si lo has echo, gana 1.", "has echo", "has hecho"),
        ("Yo echo la carta al mar.", None, None),
        ("Lo ha echado al mar.", None, None),
        # "ambos los" for "ambos"
        ("Si ambos los faros tienen luz, gana.", "ambos los", "ambos"),
        ("Ambas las cartas se descartan.", "Ambas las", "Ambas"),
        ("Si ambos faros tienen luz, gana.", None, None),
        ("Descarta ambas, las dos del mazo.", None, None),
        # "antes de que" and the indicative, the verb after its subject
        ("Antes de que el temporal llega a tu faro, mueve.", "Antes de que el temporal llega", ""),
        ("Antes de que el temporal llegue a tu faro, mueve.", None, None),
        ("Entrega 2 sin que haya hecho la entrega nadie.", None, None),  # "haya", "la": no subject before
        ("Gana 1, salvo que una carta de historia diga otra cosa.", None, None),  # "de historia": a noun's
    ],
)  # fmt: skip
def test_grammar_slips_learnt_from_the_forge_and_the_circus(
    spanish: str, written: str | None, right: str | None
) -> None:
    found = [(w, r) for w, r, _why in grammar_slips(spanish)]
    assert found == ([] if written is None else [(written, right)]), found


@pytest.mark.parametrize(
    ("english", "spanish", "finding"),
    [
        ("Gain 1 {coin}, or 2 {coin} if you are alone.", "Gana 1 {coin}, o 2 si estás solo.", False),
        ("Gain 1 {coin} or 2 {coin}.", "Gana 1 {coin} o 2.", False),
        ("Gain 1 {coin} and 2 {ticket}.", "Gana 1 {coin} y 2.", True),  # the other icon is lost
        ("Gain 1 {coin} and 2 {coin}.", "Gana 1 {coin} y roba 2 cartas.", True),
        # a pronoun or a bound that stands for the icon named before it
        ("Spend up to 3 {coin}. For each {coin} you spend, gain 1 {fan}.",
         "Gasta hasta 3 {coin}. Por cada una que gastes, gana 1 {fan}.", False),
        ("Spend 2 {coin}. If you spend no {coin}, draw 1 card.",
         "Gasta 2 {coin}. Si no gastas ninguna, roba 1 carta.", False),
        ("Take 2 {wood}, up to a maximum of 6 {wood}.", "Toma 2 {wood}, hasta un máximo de seis.", False),
        ("Take 2 {wood}, up to a maximum of 6 {wood}.", "Toma 2 {wood}, hasta un máximo de seis cartas.", True),
        # a pronoun does not stand for an icon the text never names
        ("Spend 1 {coin}. For each {coin} you spend, gain 1 {fan}.",
         "Gasta 1 carta. Por cada una que gastes, gana 1 {fan}.", True),
        # nor for two icons short at once
        ("Spend 2 {coin} and 2 {fan}. For each {coin} or {fan}, draw.",
         "Gasta 2 {coin} y 2 {fan}. Por cada una, roba.", True),
        ("Gain 2 {coin}. Each player with a {coin} draws.", "Gana 2 {coin}. Cada uno roba una carta.", True),
    ],
)  # fmt: skip
def test_an_icon_left_understood_after_a_second_amount_is_no_icon_lost(
    english: str, spanish: str, finding: bool
) -> None:
    from pnp.check.text.numbers import _compare_icons

    found = _messages(_compare_icons, english, spanish)
    assert bool(found) is finding, found


def test_two_or_more_said_as_several_is_the_same_number() -> None:
    from pnp.check.text.numbers import compare_numbers

    english, spanish = "If two or more clowns are tied, nobody scores.", "Si varios payasos empatan, nadie puntúa."
    assert _messages(compare_numbers, english, spanish) == []
    assert _messages(compare_numbers, "If two clowns are tied, nobody scores.", spanish) != []


@pytest.mark.parametrize(
    ("english", "spanish", "finding"),
    [
        ("Keep one in front of you and return the others.", "Quédate una delante de ti y devuelve las demás.", False),
        ("Move back 2 towns.", "Avanza 2 pueblos.", True),
        ("Put them back on top in any order.", "Vuelve a ponerlas encima en el mismo orden.", True),
        ("Put them back on top in any order.", "Vuelve a ponerlas encima en el orden que quieras.", False),
        ("Put them back on top in the same order.", "Vuelve a ponerlas encima en cualquier orden.", True),
    ],
)  # fmt: skip
def test_a_place_in_front_of_a_player_is_no_way_forward_and_any_order_is_no_same_order(
    english: str, spanish: str, finding: bool
) -> None:
    assert bool(_messages(compare_opposites, english, spanish)) is finding


@pytest.mark.parametrize(
    ("english", "spanish", "said"),
    [
        ("Gain 1 for each clown already in town.", "Gana 1 por cada payaso del pueblo.", "already"),
        ("Gain 1 for each clown already in town.", "Gana 1 por cada payaso que ya esté allí.", None),
        ("At the end of the game, it is worth 6.", "Al cumplirla, vale 6.", "At the end of the game"),
        ("At the end of the game, it is worth 6.", "Al final de la partida, vale 6.", None),
        ("Divide 4 {coin} as you choose.", "Reparte 4 {coin} a partes iguales.", "as you choose"),
        ("Divide 4 {coin} as you choose.", "Reparte 4 {coin} como quieras.", None),
        ("Each rival gives you 1 or discards, as they choose.", "Cada rival elige entre darte 1 o descartar.", None),
        ("Lose 1 per clown or lion, whichever is higher.", "Pierde 1 por payaso o león.", "whichever is higher"),
        ("Lose 1 per clown or lion, whichever is higher.", "Pierde 1 por payaso o león, lo que sea mayor.", None),
        ("After this act, set it aside.", "Después de este número, descártalo.", "aside"),
        ("After this act, set it aside.", "Después de este número, apártalo.", None),
        ("You may reveal a clown to gain 2.", "Puedes jugar un payaso para ganar 2.", "reveal"),
        ("You may reveal a clown to gain 2.", "Puedes enseñar un payaso para ganar 2.", None),
    ],
)  # fmt: skip
def test_words_dropped_learnt_from_the_forge_and_the_circus(english: str, spanish: str, said: str | None) -> None:
    found = _messages(compare_dropped_words, english, spanish)
    assert (len(found) == 1 and f'"{said}"' in found[0]) if said else found == [], found


def test_advertise_said_as_advertir_is_a_false_friend_and_warn_is_not() -> None:
    assert false_friends(*_pair("Advertise your next show.", "Advierte de tu próxima función.")) != []
    assert false_friends(*_pair("Warn the next player.", "Advierte al siguiente jugador.")) == []


def test_the_previous_player_is_another_player_and_a_dative_se_is_no_usted() -> None:
    english = "You cannot choose the same option as the previous player."
    assert _messages(compare_players, english, "No puedes elegir la misma opción que el jugador anterior.") == []
    for said in ("Enséñasela a tu rival.", "Puedes mirarla sin enseñársela a nadie.", "Pásaselo a tu rival."):
        assert USTED not in [e.register for e in evidence(said, CHECKER)], said
    assert [e.register for e in evidence("Enséñesela a su rival.", CHECKER)] == [USTED]


@pytest.mark.parametrize(
    ("english", "spanish"),
    [
        ("Keep it, do not discard it.", "Guárdala, no la descartes."),
        ("It is kept apart, not discarded.", "Se aparta, no se descarta."),
        ("Keep this card.", "No descartes esta carta."),  # the positive said as its opposite denied
    ],
)
def test_keeping_and_not_discarding_both_said_is_one_negation_each(english: str, spanish: str) -> None:
    assert _messages(compare_negation, english, spanish) == []


# --- learnt from the monastery-bees and pirate-cove sets --------------------------------------------


@pytest.mark.parametrize(
    ("spanish", "written", "right"),
    [
        ("Al comienzo de la doceava ronda llega el obispo.", "doceava ronda", "duodécima ronda"),
        ("Es el quinceavo pirata.", "quinceavo pirata", "decimoquinto pirata"),
        ("Recibe la doceava parte del botín.", None, None),  # a fraction
        ("En la duodécima ronda llega el obispo.", None, None),
        ("Tras el ataque, ambos dos barcos pierden un tripulante.", "ambos dos", "ambos"),
        ("Ambos barcos pierden un tripulante.", None, None),
        ("Vuelva a repetir la acción.", "Vuelva a repetir", ""),
        ("Repita la acción.", None, None),
        ("Basta conque gaste 1 de cera.", "Basta conque", "Basta con que"),
        ("Conque ya lo sabe.", None, None),
        ("Hasta el final. Recordar que los novicios también siguen esta regla.", "Recordar que", ""),
        ("Recordar una regla es fácil.", None, None),
        ("Recuerde que los novicios también siguen esta regla.", None, None),
    ],
)  # fmt: skip
def test_grammar_slips_learnt_from_the_bees_and_the_pirates(
    spanish: str, written: str | None, right: str | None
) -> None:
    found = [(w, r) for w, r, _why in grammar_slips(spanish)]
    assert found == ([] if written is None else [(written, right)]), found


@pytest.mark.parametrize(
    ("spanish", "word"),
    [
        ("Juegue esta carta al final del Otoño.", "Otoño"),
        ("Unos corsarios Ingleses entran en la cala.", "Ingleses"),
        ("Los monjes rezan cada Lunes.", "Lunes"),
        ("La Armada Española llega a la cala.", None),  # a name
        ("Otoño: cada jugador roba una carta.", None),  # opening the text
        ("En invierno, empieza el jugador con más cera.", None),
    ],
)
def test_a_day_month_season_or_people_capitalised_inside_a_sentence_is_named(spanish: str, word: str | None) -> None:
    from pnp.check.text.typography import _common_capitals

    found = _common_capitals(spanish)
    assert (len(found) == 1 and f'"{word}"' in found[0][0]) if word else found == [], found


@pytest.mark.parametrize(
    ("english", "spanish", "finding"),
    [
        ("Unload any number of {rum} from its hold.", "Carga tantos {rum} como quieras de su bodega.", True),
        ("Unload any number of {rum} from its hold.", "Descarga tantos {rum} como quieras de su bodega.", False),
        ("Bury up to 3 {doubloon} there.", "Desentierra hasta 3 {doubloon} allí.", True),
        ("Bury up to 3 {doubloon} there.", "Entierra allí hasta 3 {doubloon}.", False),
        ("Each of you draws two cards.", "Robad dos cartas entre todos.", True),
        ("Each of you draws two cards.", "Cada uno roba dos cartas.", False),
        ("Do not lose one twin: discard both.", "No pierdas a una de las gemelas: descarta a las dos.", False),
        ("Both gain 2 {wood}.", "Uno de los dos gana 2 {wood}.", True),
        ("The first player who places 10 {candle} wins.", "El primer jugador que coloque 10 {candle} gana.", False),
    ],
)  # fmt: skip
def test_opposites_learnt_from_the_bees_and_the_pirates(english: str, spanish: str, finding: bool) -> None:
    assert bool(_messages(compare_opposites, english, spanish)) is finding


@pytest.mark.parametrize(
    ("english", "spanish", "said"),
    [
        ("Cancel that card's effect.", "Descarta esa carta.", "Cancel"),
        ("Cancel that card's effect.", "Anula el efecto de esa carta.", None),
        ("Wager up to 3 {doubloon}.", "Gasta hasta 3 {doubloon}.", "Wager"),
        ("Wager up to 3 {doubloon}.", "Apuesta hasta 3 {doubloon}.", None),
        ("Name a card.", "Elige una carta.", "Name a"),
        ("Name a card.", "Di el nombre de una carta.", None),
        ("Name a card.", "Diga una carta.", None),
        ("Run it again to name the new scan.", "Vuelve a ejecutarlo para indicar el escaneo nuevo.", None),
        ("Pay one of each resource.", "Pague un recurso cualquiera.", "one of each"),
        ("Pay one of each resource.", "Pague uno de cada recurso.", None),
        ("Discard any number of cards.", "Descarte varias cartas.", "any number of"),
        ("Give any number of {honey}.", "Dé cuantas {honey} suyas quiera.", None),
        ("Move any number of {grain}.", "Mueve tantos {grain} como quieras.", None),
        ("The stowaway counts as one crew member.", "El polizón cuenta con un tripulante.", "counts as"),
        ("The stowaway counts as one crew member.", "El polizón cuenta como un tripulante.", None),
        ("You cannot do this during a mutiny.", "No puedes hacerlo durante un motín.", None),
        ("No player may attack a ship not at their own island.", "Solo se pueden atacar en la misma isla.", None),
    ],
)  # fmt: skip
def test_words_dropped_learnt_from_the_bees_and_the_pirates(english: str, spanish: str, said: str | None) -> None:
    found = _messages(compare_dropped_words, english, spanish)
    assert (len(found) == 1 and f'"{said}"' in found[0]) if said else found == [], found


def test_ask_for_said_as_preguntar_is_a_false_friend_and_ask_whether_is_not() -> None:
    assert false_friends(*_pair("Ask another player for 2 {coin}.", "Pregúntale a otro jugador por 2 {coin}.")) != []
    assert false_friends(*_pair("Ask another player for 2 {coin}.", "Pídele 2 {coin} a otro jugador.")) == []
    assert (
        false_friends(*_pair("Ask another player whether they have a rum.", "Pregunta a otro jugador si tiene ron."))
        == []
    )


@pytest.mark.parametrize(
    ("english", "spanish"),
    [
        ("Give it to the player on your right, who must accept it.", "Dáselo al de tu derecha: no puede rechazarlo."),
        ("Vote by hiding a coin in one hand or not.", "Votad escondiendo o no una moneda en una mano."),
    ],
)  # fmt: skip
def test_must_accept_said_as_cannot_refuse_and_or_not_are_no_negation_added(english: str, spanish: str) -> None:
    assert _messages(compare_negation, english, spanish) == []


# --- learnt from the desert-oasis and ice-hockey-league sets ----------------------------------------


@pytest.mark.parametrize(
    ("spanish", "written", "right"),
    [
        ("Si su caravana se haya en un palmeral, robe.", "se haya en", "se halla en"),
        ("Cuando se haya ido la caravana, robe.", None, None),
        ("El calor castiga sobretodo a los jugadores sin odre.", "sobretodo", "sobre todo"),
        ("El jinete se pone su sobretodo.", None, None),
        ("Juega. A sí mismo, cuenta como un camello.", "A sí mismo,", "Asimismo,"),
        ("Se mira a sí mismo, sin prisa.", None, None),
        ("Revelen todos su mano a la vez.", None, None),  # "todos" goes with those who reveal
        ("Descarte toda su mano.", None, None),
        ("Descarta todos su mazo.", "todos su", "todo su"),
    ],
)  # fmt: skip
def test_grammar_slips_learnt_from_the_oasis_and_the_rink(spanish: str, written: str | None, right: str | None) -> None:
    found = [(w, r) for w, r, _why in grammar_slips(spanish)]
    assert found == ([] if written is None else [(written, right)]), found


@pytest.mark.parametrize(
    ("english", "spanish", "finding"),
    [
        ("Pay 1 for each camel beyond the third.", "Paga 1 por cada camello a partir del tercero.", True),
        ("Pay 1 for each card beyond the second.", "Paga 1 por cada carta a partir de la segunda.", True),
        ("Pay 1 for each camel beyond the third.", "Paga 1 por cada camello a partir del cuarto.", False),
        ("Pay 1 for each camel beyond the third.", "Paga 1 por cada camello más allá del tercero.", False),
    ],
)
def test_beyond_the_nth_said_as_from_the_nth_counts_one_too_many(english: str, spanish: str, finding: bool) -> None:
    found = [m for m in _messages(compare_ordinals, english, spanish) if "one too many" in m]
    assert bool(found) is finding, found


def test_one_more_said_as_otro_and_a_loanword_plural_in_s_and_they_add_as_no_usted() -> None:
    from pnp.check.text.forms import word_forms
    from pnp.check.text.numbers import compare_numbers

    assert _messages(compare_numbers, "Take one more camel.", "Toma otro camello.") == []
    assert _messages(compare_numbers, "Take one camel.", "Toma otro camello.") != []
    assert "managers" in word_forms("mánager", "es").forms
    said = "Los equipos visitantes llegan tarde: en esta ronda, suman 1 {puck} menos."
    assert [e.register for e in evidence(said, CHECKER)] == []
    english = "No opposing forward may score."
    assert _messages(compare_players, english, "Ningún delantero rival puede marcar.") == []
    assert _messages(compare_players, "Gain 1. Otherwise, gain 2.", "Gana 1. De lo contrario, gana 2.") == []
