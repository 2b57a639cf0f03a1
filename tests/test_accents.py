"""Missing accents the dictionary cannot see: each sub-rule finds its slips, and leaves right Spanish alone."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.check.text.accents import NOUN, PRONOUN, QUESTION, accent_slips
from pnp.check.text.lexicon import Speller, speller
from tests.test_text_rules import edit, text_findings


@pytest.fixture(scope="module")
def spanish() -> Speller:
    checker = speller("es")
    assert checker is not None
    return checker


def _slips(text: str, checker: Speller) -> list[tuple[str, str, str]]:
    return [(s.code, s.word, s.written) for s in accent_slips(text, checker)]


@pytest.mark.parametrize(
    ("text", "slips"),
    [
        ("Si superas tu limite, descarta.", [(NOUN, "limite", "límite")]),
        ("Pon el deposito en el tablero.", [(NOUN, "deposito", "depósito")]),
        ("Mira el numero de la carta.", [(NOUN, "numero", "número")]),
        ("Anota su calculo.", [(NOUN, "calculo", "cálculo")]),
        ("Es parte de la practica.", [(NOUN, "practica", "práctica")]),  # "la" after a preposition
        ("Su critica fue dura.", [(NOUN, "critica", "crítica")]),
        ("¿Que haces?", [(QUESTION, "Que", "Qué")]),
        ("¿De que color es la carta?", [(QUESTION, "que", "qué")]),
        ("¿Y como se juega?", [(QUESTION, "como", "cómo")]),
        ("¿Cuando robas?", [(QUESTION, "Cuando", "Cuándo")]),
        ("¿Donde se coloca?", [(QUESTION, "Donde", "Dónde")]),
        ("¡Que suerte!", [(QUESTION, "Que", "Qué")]),
        ("¡Cuanto daño!", [(QUESTION, "Cuanto", "Cuánto")]),
        ("Portate bien.", [(PRONOUN, "Portate", "Pórtate")]),  # the dictionary knows the voseo "portate"
        ("Damelo ya.", [(PRONOUN, "Damelo", "Dámelo")]),
        ("Roba una carta y descartala.", [(PRONOUN, "descartala", "descártala")]),
        ("Sigue poniendola a un lado.", [(PRONOUN, "poniendola", "poniéndola")]),
    ],
)
def test_each_missing_accent_is_found(spanish: Speller, text: str, slips: list[tuple[str, str, str]]) -> None:
    assert _slips(text, spanish) == slips


@pytest.mark.parametrize(
    "text",
    [
        "Solo puedes robar una carta este turno.",  # solo and este: no accent since 2010
        "Esta carta es tuya; ese mazo, no.",
        "La practica cada día.",  # "la" before a verb is a pronoun
        "Si tu publicas la carta, gana.",  # a singular determiner before -s: "tú" is meant, not a noun
        "Habla con tu contacto y gira tu nave.",
        "El límite es tu número.",
        "¡Que te diviertas!",  # a wish, not an exclamation of degree
        "¡Que gane el mejor!",
        "¿Cuando robas, descartas?",  # a yes/no question opened by a clause
        "¿Sabes lo que quiero?",  # "que" inside a question is a relative
        "Colocase la ficha.",  # a subjunctive, no pronoun
        "Una gemela, una vela, la escuela, la cuenta.",  # nouns that end like pronouns
        "Dale la carta, ponte en fila y colocadlo.",  # the stress does not move: no accent
        "Release Cylon Mugshots.",  # an English name: text/untranslated's
        "Pórtate bien, dámelo y descártala.",
    ],
)
def test_right_spanish_is_left_alone(spanish: Speller, text: str) -> None:
    assert _slips(text, spanish) == []


def test_a_pack_gets_one_finding_per_slip_with_the_fix(tiny_copy: Path) -> None:
    edit(tiny_copy, "nav.toml", 'text.es = "Sigue volando."', 'text.es = "¿Que haces? Descartala y supera tu limite."')
    assert text_findings(tiny_copy) == [
        'tiny/nav.toml:27: warning: card "clear-skies" field "text.es": "tu limite": "limite" is a verb form, '
        'but after "tu" a noun is meant: "límite"',
        '    hint: write "tu límite"',
        'tiny/nav.toml:27: warning: card "clear-skies" field "text.es": "Descartala": "Descartala" needs its '
        'accent with the pronouns attached: "Descártala"',
        '    hint: write "Descártala"',
        'tiny/nav.toml:27: warning: card "clear-skies" field "text.es": "¿Que haces?": "Que" asks a question: '
        'it takes its accent, "Qué"',
        '    hint: write "¿Qué haces?"',
    ]  # and no text/spelling finding for "Descartala": one slip, one finding


def test_a_word_of_the_packs_word_list_is_never_flagged(tiny_copy: Path) -> None:
    edit(tiny_copy, "nav.toml", 'text.es = "Sigue volando."', 'text.es = "Sigue a Damelo."')
    edit(tiny_copy, "pack.toml", 'words = ["Vela"]', 'words = ["Vela", "Damelo"]')
    assert text_findings(tiny_copy) == []
