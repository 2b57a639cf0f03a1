"""text/agreement for nouns no list knows: a noun phrase that says two genders or numbers."""

from __future__ import annotations

import pytest

from pnp.check.text.lexicon import speller
from pnp.check.text.term_agreement import noun_slips


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
        ("Las tres velas está apagadas.", '"velas está"'),  # a plural subject, a singular copula
        ("Las ventanas quedan cerrados.", '"Las ventanas quedan cerrados"'),  # a predicate
        ("Las puertas quedan cerrados.", '"puertas quedan cerrados"'),  # a lexicon noun's predicate
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
    ],
)
def test_agreeing_phrases_and_what_it_cannot_read_are_no_finding(spanish: str) -> None:
    assert _messages(spanish) == []
