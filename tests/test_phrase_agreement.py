"""text/agreement for nouns no list knows: a noun phrase that says two genders or numbers."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.check.text.lexicon import speller
from pnp.check.text.term_agreement import check_agreement, noun_slips
from pnp.load import load_pack
from tests.test_text_rules import edit


def _messages(spanish: str) -> list[str]:
    return [message for message, _hint in noun_slips(spanish, speller("es"))]


@pytest.mark.parametrize(
    ("spanish", "named"),
    [
        ("Deja la cuerda nuevo en el pozo.", '"la cuerda nuevo"'),  # determiner f, adjective m
        ("Las tres ovejas cansada vuelven.", '"Las tres ovejas cansada"'),  # plural, then singular
        ("Los caballos cansada vuelven.", '"caballos cansada"'),  # a lexicon noun: plural, then singular
        ("Compra el bandeja más barata.", '"el bandeja más barata"'),  # past "más"
        ("Vende dos sombreros rojas.", '"sombreros rojas"'),  # a noun in -os and no determiner
        ("{n} trozo de polvo o ruido descartada.", '"ruido descartada"'),  # a masculine head, a masculine complement
        ("Las tres velas está apagadas.", '"velas está"'),  # a plural subject, a singular copula
        ("Las ventanas quedan cerrados.", '"Las ventanas quedan cerrados"'),  # a predicate
        ("Las puertas quedan cerrados.", '"puertas quedan cerrados"'),  # a lexicon noun's predicate
        # after the noun, a word that is also a verb form: an adjective when the phrase is an object
        ("Entrega el candelabro rota.", '"el candelabro rota"'),  # rotar; entrega is a noun too
        ("Carga el barril seca y sigue.", '"el barril seca"'),  # secar
        ("Roba una carta y descarta el sombrero rota.", '"el sombrero rota"'),  # una: another clause's
        ("Devuelve el cáliz descartada a la caja.", '"el cáliz descartada"'),  # a participle only
        # a predicate: after a copula no word is a verb, and agreeing adjectives may stand between
        ("El cerrojo queda rota.", '"El cerrojo queda rota"'),
        ("Las copas están llenos.", '"Las copas están llenos"'),  # copas is no "you top": a copula follows
        ("Las jarras blancas están vacíos.", '"Las jarras blancas están vacíos"'),
        ("Las monedas gastadas es tuyas.", '"monedas gastadas es"'),  # a plural subject, a singular copula
        ("Los sellos rotos está en la pila.", '"sellos rotos está"'),
        ("Las velas blancas están apagados.", '"velas blancas están apagados"'),  # a lexicon noun
        # the subject of a relative's copula: its noun, wherever the phrase stands
        ("Lleva el queso a la despensa, que queda cerrado.", '"la despensa, que queda cerrado"'),
        ("Roba la barca que está dañado.", '"la barca que está dañado"'),
        ("Deja las jarras, que quedan llenos.", '"las jarras, que quedan llenos"'),
        # a plural subject and a singular verb of the present, past one complement of the noun
        ("Todos los monjes del huerto descansa hoy.", '"monjes del huerto descansa"'),
        ("Tus carretas avanza dos casillas.", '"carretas avanza"'),
        # a noun in -ón is masculine, one in -ión feminine, with no determiner to say so
        ("Entrega 3 jarrones terminadas.", '"jarrones terminadas"'),
        ("Cumple dos misiones terminados.", '"misiones terminados"'),
    ],
)
def test_a_phrase_that_contradicts_itself_is_named(spanish: str, named: str) -> None:
    messages = _messages(spanish)
    assert len(messages) == 1 and messages[0].startswith(named), messages


@pytest.mark.parametrize(
    "spanish",
    [
        "Echa el agua fría en la olla.",  # el before a stressed a
        "Elige un área pequeña.",
        "La artista es hábil y el centinela está despierto.",  # epicene nouns agree with the person
        "La piloto experta despega.",
        "Las deja juntas en la mesa.",  # a pronoun before a verb
        "El cuchillo y la cuchara rotos.",  # a plural adjective after two nouns
        "Si el cocinero es la víctima, pierde 2.",  # a noun phrase after the copula
        "Coloca las dos alquitaras nuevas.",  # a rare noun, agreeing
        "La carta esta en juego.",  # "esta" without its accent: no noun follows
        "Gana dos cuando sea tu turno.",
        "Un escenario cuya regla cambia.",
        "El resto son tuyas.",
        "Pon el original y la traducción lado a lado.",  # a set phrase of a noun
        "Puede que la haya leído.",  # a pronoun and haber
        # a word that may be a verb of the phrase: the phrase is its subject, or an object follows it
        "Cuando el molino rota, roba una carta.",
        "Si robas el dado rota la carta.",
        "La entrega el candelabro rota.",  # la entrega: a noun phrase, not an order
        # an adjective that agrees with another noun of the clause
        "Deja la jarra del monje rota.",
        "Toma la espada del caballero herido.",
        "Coloca la copa sobre el cofre roja.",
        "Las tintas rojas están secas.",
        "Las cartas robadas son tuyas.",
        "La mitad de las cartas son rojas.",  # a partitive: the copula may agree with the complement
        "Las monedas de oro están gastadas.",
        "Tres motas de polvo o ruido descartadas.",  # the head's, before "de ... o ..."
        "Dos jarras de vino blancas.",
        # a copula's word that is no adjective of the subject
        "El dado queda cara arriba.",
        "El cofre queda boca abajo.",
        "El pergamino queda fuera del juego.",
        "Las fichas quedan juntas.",
        "Descarta la carta sola.",
        # epicene nouns, and a noun the dictionary does not know
        "El centinela queda dormido.",
        "La piloto queda herida.",
        "El zorblax queda rota.",
        "El arma queda rota.",
        "El agua queda fría.",
        "Lleva el queso a la despensa, que queda cerrada hasta mañana.",
        "La carta que robas queda boca abajo.",  # the relative's subject is "tú": no copula after "que"
        "El personaje de la carta que está herido se retira.",  # the relative may be the personaje's
        "El capitán del barco que está herido.",
        "Coge la moneda que está encima del mazo.",
        "Pon la carta que es tuya junto al mazo.",
        "Todos los monjes del huerto descansan hoy.",
        "Las cartas roba el jugador.",  # the object first, a subject after the verb
        "Las cartas que roba el jugador van al mazo.",
        "Las cartas de tu mano se descartan.",
        "Los jugadores eligen una carta y cada uno roba.",
        "Entrega 3 jarrones terminados.",
        "Conduce dos camiones cargados.",  # camión: masculine, for all its -ión
        "Da dos razones claras.",  # razón: feminine
    ],
)
def test_agreeing_phrases_and_what_it_cannot_read_are_no_finding(spanish: str) -> None:
    assert _messages(spanish) == []


def test_other_languages_are_not_read(tiny_copy: Path) -> None:
    """A Catalan text that reads as a Spanish slip ("queda rota" after a masculine noun) is not judged."""
    edit(tiny_copy, "pack.toml", 'target_languages = ["es"]', 'target_languages = ["es", "ca"]')
    edit(
        tiny_copy,
        "nav.toml",
        'text.es = "Sigue volando."',
        'text.es = "Sigue volando."\ntext.ca = "El cerrojo queda rota. Les cartes descartades és teva."',
    )
    pack = load_pack(tiny_copy).pack
    assert pack is not None
    assert [f.field for f in check_agreement(pack)] == []


def test_a_participle_after_a_glossary_noun_agrees_as_an_adjective_does(tiny_copy: Path) -> None:
    """ "combustible agotada" with "combustible" a masculine term: the participle is read as an adjective."""
    edit(tiny_copy, "glossary.toml", 'target = "combustible"', 'target = "combustible"\ngender = "m"')
    edit(tiny_copy, "supply.toml", 'text.es = "Gana 2 {fuel}."', 'text.es = "Gana 2 {fuel} de combustible agotada."')
    pack = load_pack(tiny_copy).pack
    assert pack is not None
    messages = [f.message for f in check_agreement(pack)]
    assert any('"combustible agotada"' in m for m in messages), messages
    edit(tiny_copy, "supply.toml", "combustible agotada", "combustible agotado")
    pack = load_pack(tiny_copy).pack
    assert pack is not None
    assert not any("agotad" in f.message for f in check_agreement(pack))
