"""Missing accents the dictionary cannot see: each sub-rule finds its slips, and leaves right Spanish alone."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.check.text.accents import DIACRITIC, NOUN, PRONOUN, QUESTION, accent_slips
from pnp.check.text.lexicon import Speller, speller
from tests.test_text_rules import edit, text_findings


@pytest.fixture(scope="module")
def spanish() -> Speller:
    checker = speller("es")
    assert checker is not None
    return checker


def _slips(text: str, checker: Speller) -> list[tuple[str, str, str]]:
    return [(s.code, s.word, s.written) for s in accent_slips(text, checker)]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("text", "slips"),
    [
        ("Si superas tu limite, descarta.", [(NOUN, "limite", "límite")]),
        ("Si no puede, el roba una carta.", [(DIACRITIC, "el", "él")]),  # a word known only as a verb
        ("Si el tiene dos cartas, gana.", [(DIACRITIC, "el", "él")]),
        ("Cuando el pierda, baraja.", [(DIACRITIC, "el", "él")]),
        ("Pon el deposito en el tablero.", [(NOUN, "deposito", "depósito")]),
        ("Mira el numero de la carta.", [(NOUN, "numero", "número")]),
        ("Anota su calculo.", [(NOUN, "calculo", "cálculo")]),
        ("Es parte de la practica.", [(NOUN, "practica", "práctica")]),  # "la" after a preposition
        ("Su critica fue dura.", [(NOUN, "critica", "crítica")]),
        ("Una barra de titulo verde.", [(NOUN, "titulo", "título")]),  # no finite verb follows "de"
        ("Gana en numero de fichas.", [(NOUN, "numero", "número")]),
        ("¿Que haces?", [(QUESTION, "Que", "Qué")]),
        ("¿De que color es la carta?", [(QUESTION, "que", "qué")]),
        ("¿Y como se juega?", [(QUESTION, "como", "cómo")]),
        ("¿Cuando robas?", [(QUESTION, "Cuando", "Cuándo")]),
        ("¿Donde se coloca?", [(QUESTION, "Donde", "Dónde")]),
        ("¡Que suerte!", [(QUESTION, "Que", "Qué")]),
        ("¡Cuanto daño!", [(QUESTION, "Cuanto", "Cuánto")]),
        ("Elige que carta robas.", [(QUESTION, "que", "qué")]),  # an indirect question: which card
        ("El jugador decide cuantas cartas roba.", [(QUESTION, "cuantas", "cuántas")]),
        ("Portate bien.", [(PRONOUN, "Portate", "Pórtate")]),  # the dictionary knows the voseo "portate"
        ("Damelo ya.", [(PRONOUN, "Damelo", "Dámelo")]),
        ("Roba una carta y descartala.", [(PRONOUN, "descartala", "descártala")]),
        ("Sigue poniendola a un lado.", [(PRONOUN, "poniendola", "poniéndola")]),
        ("Roba una carta mas.", [(DIACRITIC, "mas", "más")]),
        ("La carta esta en juego.", [(DIACRITIC, "esta", "está")]),
        ("La carta esta colocada.", [(DIACRITIC, "esta", "está")]),
        ("Espera a que este en el mazo.", [(DIACRITIC, "este", "esté")]),
        ("Si tu robas, descarta.", [(DIACRITIC, "tu", "tú")]),
        ("Si tu publicas la carta, gana.", [(DIACRITIC, "tu", "tú")]),  # not "tu públicas": tú is meant
        ("Dásela a mi.", [(DIACRITIC, "mi", "mí")]),
        ("A mi me gusta.", [(DIACRITIC, "mi", "mí")]),
        ("Si el no tiene fichas, roba.", [(DIACRITIC, "el", "él")]),  # no article comes before "no"
        ("El se queda en el puerto.", [(DIACRITIC, "El", "Él")]),
        ("Ella roba y el lo descarta.", [(DIACRITIC, "el", "él")]),
        ("Juega la carta con el.", [(DIACRITIC, "el", "él")]),  # an article ends no phrase
        ("Dáselo a el, no a ella.", [(DIACRITIC, "el", "él")]),
        ("Si tu no puedes, pasa.", [(DIACRITIC, "tu", "tú")]),
        ("Tu ya has jugado este turno.", [(DIACRITIC, "Tu", "Tú")]),
    ],
)
def test_each_missing_accent_is_found(spanish: Speller, text: str, slips: list[tuple[str, str, str]]) -> None:
    assert _slips(text, spanish) == slips


@pytest.mark.parametrize(
    "text",
    [
        "Solo puedes robar una carta este turno.",  # solo and este: no accent since 2010
        "El descarte se baraja.",  # nouns the dictionary knows only as a verb's subjunctive
        "El empate no cuenta.",
        "El vigía grita.",  # a person's noun in stressed -ía
        "El guarda abre la puerta.",
        "El robo falla.",  # an -o is the first person: never after "él"
        "Esta carta es tuya; ese mazo, no.",
        "La practica cada día.",  # "la" before a verb is a pronoun
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
        "Roba más cartas, mas no esta.",  # "mas" opening a clause is "pero"
        "Esta de aquí va al mazo.",  # a demonstrative before "de"
        "Esta carta va en tu mazo y muévela a mi nave.",
        "Sin incluir el descarte.",  # "el" + a noun the dictionary knows only as a verb: no "él" rule
        "Tu turno termina.",
        "Decide que roba.",  # decides that he draws: a verb follows
        "Elige que la carta sea tuya.",
        "Roba más cartas que jugadores haya.",  # a comparison: no verb of choosing
        "Según indica la carta, roba.",  # "según" opens a clause
        "Hasta limita el daño.",  # "hasta" as "even"
        "Roba de Practica.",  # a name: capitalised
        "Esta tirada de dado puede cambiar.",  # a noun that looks like a participle
        "El no-muerto ataca primero.",  # a hyphenated noun after the article
        "Roba el «Tormentera» y el de arriba.",  # a quoted name, a pronoun "el de"
        "Pon el mismo número y toma el tuyo.",
        "El Pub del Puerto abre; gana el doble.",
        "Él no roba; tú tampoco.",
        "Tu nave se mueve y tu turno termina.",
        "Guarda el valor en el\ndisco.",  # a line break inside a phrase
    ],
)
def test_right_spanish_is_left_alone(spanish: Speller, text: str) -> None:
    assert _slips(text, spanish) == []


@pytest.mark.slow
def test_a_pack_gets_one_finding_per_slip_with_the_fix(tiny_copy: Path) -> None:
    edit(tiny_copy, "nav.toml", 'text.es = "Sigue volando."', 'text.es = "¿Que haces? Descartala y supera tu limite."')
    assert text_findings(tiny_copy) == [
        'tiny/nav.toml:27: warning: card "clear-skies" field "text.es": "tu limite": "limite" is a verb form, '
        'but after "tu" a noun is meant: "límite"',
        '    hint: write "tu límite"',
        'tiny/nav.toml:27: warning: card "clear-skies" field "text.es": "Descartala" needs its accent with the '
        'pronouns attached: "Descártala"',
        '    hint: write "Descártala"',
        'tiny/nav.toml:27: warning: card "clear-skies" field "text.es": "¿Que haces?": "Que" asks a question: '
        'it takes its accent, "Qué"',
        '    hint: write "¿Qué haces?"',
    ]  # and no text/spelling finding for "Descartala": one slip, one finding


def test_a_word_of_the_packs_word_list_is_never_flagged(tiny_copy: Path) -> None:
    edit(tiny_copy, "nav.toml", 'text.es = "Sigue volando."', 'text.es = "Sigue a Damelo."')
    edit(tiny_copy, "pack.toml", 'words = ["Vela"]', 'words = ["Vela", "Damelo"]')
    assert text_findings(tiny_copy) == []


def test_an_article_after_a_verb_is_a_determiner(spanish: Speller) -> None:
    assert _slips("Coloca la ultima carta.", spanish) == [(NOUN, "ultima", "última")]
    assert _slips("Si ella la practica, gana.", spanish) == []  # after a pronoun, "la" is one too


def test_the_words_remembered_per_word_list_follow_the_list(spanish: Speller) -> None:
    """A word judged once is remembered with the pack's word list: another list judges it again."""
    text = "Portate bien y mira tu limite."
    assert [s.word for s in accent_slips(text, spanish)] == ["Portate", "limite"]
    assert [s.word for s in accent_slips(text, spanish, frozenset({"portate", "limite"}))] == []
    assert [s.word for s in accent_slips(text, spanish)] == ["Portate", "limite"]
