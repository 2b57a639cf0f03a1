"""glossary apply with a term's gender: determiners and regular adjectives of the noun phrase follow it."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.check.text.lexicon import Speller, speller
from pnp.cli import main
from pnp.translate.agreement import Edit, agree
from tests.test_glossary_apply import edit
from tests.test_text_rules import text_findings


@pytest.fixture(scope="module")
def spanish() -> Speller:
    checker = speller("es")
    assert checker is not None
    return checker


def add_terms(pack: Path, *terms: str) -> None:
    """Append [[term]] tables (TOML text) to the pack's glossary."""
    with (pack / "glossary.toml").open("a", encoding="utf-8") as glossary:
        glossary.write("".join(terms))


def _applied(text: str, wrong: str, right: str, gender: str, checker: Speller) -> str:
    """The text with `wrong` (its first occurrence) replaced and its phrase made to agree, or STOP: why."""
    start = text.index(wrong)
    agreement = agree(text, start, start + len(wrong), right, gender, None, checker)
    if agreement.problem:
        return "STOP: " + agreement.problem
    out = text
    for e in sorted([*agreement.edits, Edit(start, start + len(wrong), right)], key=lambda e: -e.start):
        out = out[: e.start] + e.written + out[e.end :]
    return out


@pytest.mark.parametrize(
    ("text", "wrong", "right", "gender", "expected"),
    [
        ("Coloca el marcador de alerta rojo.", "marcador", "ficha", "f", "Coloca la ficha de alerta roja."),
        ("El marcador se queda.", "marcador", "ficha", "f", "La ficha se queda."),
        ("Retira un marcador.", "marcador", "ficha", "f", "Retira una ficha."),
        ("Quita los marcadores usados.", "marcadores", "fichas", "f", "Quita las fichas usadas."),
        ("Pon todos los marcadores rojos.", "marcadores", "fichas", "f", "Pon todas las fichas rojas."),
        ("El primer marcador activo.", "marcador", "ficha", "f", "La primera ficha activa."),
        ("El valor del marcador.", "marcador", "ficha", "f", "El valor de la ficha."),
        ("Dale la vuelta al marcador.", "marcador", "ficha", "f", "Dale la vuelta a la ficha."),
        ("Este marcador es tuyo.", "marcador", "ficha", "f", "Esta ficha es tuya."),  # the subject's predicate
        ("Los marcadores son retirados.", "marcadores", "fichas", "f", "Las fichas son retiradas."),
        ("El marcador rojo queda fijo.", "marcador", "ficha", "f", "La ficha roja queda fija."),
        ("El valor del marcador es alto.", "marcador", "ficha", "f", "El valor de la ficha es alto."),  # valor's
        ("Con el marcador es fácil.", "marcador", "ficha", "f", "Con la ficha es fácil."),
        ("Si el marcador es retirado, roba.", "marcador", "ficha", "f", "Si la ficha es retirada, roba."),
        (  # the marker is the object: the player is attacked
            "Si el jugador que tiene el marcador es atacado, pierde.",
            "marcador",
            "ficha",
            "f",
            "Si el jugador que tiene la ficha es atacado, pierde.",
        ),
        ("El valor de la ficha.", "ficha", "marcador", "m", "El valor del marcador."),
        ("Mueve la ficha roja de la nave.", "ficha", "marcador", "m", "Mueve el marcador rojo de la nave."),
        ("Coge el escudo.", "escudo", "arma", "f", "Coge el arma."),  # a stressed a keeps el
        ("Coge un escudo.", "escudo", "alerta", "f", "Coge una alerta."),  # the stress is not on the a
        ("El marcador queda en el mapa.", "marcador", "ficha", "f", "La ficha queda en el mapa."),
        ("Cada marcador verde.", "marcador", "ficha", "f", "Cada ficha verde."),  # nothing to change
    ],
)
def test_the_noun_phrase_agrees_with_the_new_term(
    spanish: Speller, text: str, wrong: str, right: str, gender: str, expected: str
) -> None:
    assert _applied(text, wrong, right, gender, spanish) == expected


@pytest.mark.parametrize(
    ("text", "wrong", "right", "gender", "word"),
    [
        ("Coge el marcador de combustible rojo.", "marcador", "ficha", "f", "rojo"),  # combustible is masculine too
        ("Mueve la ficha activa.", "ficha", "marcador", "m", "activa"),  # or the verb activar?
        ("El marcador solo se mueve.", "marcador", "ficha", "f", "solo"),  # or the adverb?
        ("La ficha es activa.", "ficha", "marcador", "m", "activa"),  # or "es" + the verb activar?
    ],
)
def test_undecidable_agreement_stops_and_says_which_word(
    spanish: Speller, text: str, wrong: str, right: str, gender: str, word: str
) -> None:
    result = _applied(text, wrong, right, gender, spanish)
    assert result.startswith("STOP: cannot tell whether"), result
    assert f'"{word}"' in result


@pytest.fixture
def tiny_with_markers(tiny_copy: Path) -> Path:
    edit(
        tiny_copy / "supply.toml",
        'text.es = "Gana 2 {fuel}."',
        'text.es = "Gana 2 {fuel}. Pon el marcador en tu nave y el marcador de alerta rojo en el mapa."',
    )
    add_terms(tiny_copy, '\n[[term]]\nsource = "token"\ntarget = "ficha"\ngender = "f"\n')
    (tiny_copy.parent / "fixes.txt").write_text("marcador >> ficha\n", encoding="utf-8")
    return tiny_copy


@pytest.mark.slow
def test_glossary_apply_makes_determiners_and_adjectives_agree_each_its_own_word(tiny_with_markers: Path) -> None:
    result = CliRunner().invoke(main, ["glossary", "apply", "tiny", "fixes.txt", "--write"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == (
        'tiny/supply.toml:8: card "fuel-cell" field "text.es": Gana 2 {fuel}. '
        "Pon [-el-]{+la+} [-marcador-]{+ficha+} en tu nave y [-el-]{+la+} [-marcador-]{+ficha+} "
        "de alerta [-rojo-]{+roja+} en el mapa."
    )
    supply = (tiny_with_markers / "supply.toml").read_text(encoding="utf-8")
    assert "Pon la ficha en tu nave y la ficha de alerta roja en el mapa." in supply


def test_an_article_merged_with_its_preposition_is_one_change_of_its_own(tiny_with_markers: Path) -> None:
    edit(tiny_with_markers / "supply.toml", "Pon el marcador en tu nave", "Mira el valor de la ficha de tu nave")
    (tiny_with_markers.parent / "fixes.txt").write_text("ficha >> marcador\n", encoding="utf-8")
    edit(tiny_with_markers / "glossary.toml", 'target = "ficha"\ngender = "f"', 'target = "marcador"\ngender = "m"')
    result = CliRunner().invoke(main, ["glossary", "apply", "tiny", "fixes.txt"])
    assert result.exit_code == 0, result.output
    assert "Mira el valor [-de la-]{+del+} [-ficha-]{+marcador+} de tu nave" in result.output


def test_glossary_apply_stops_on_a_line_it_cannot_decide(tiny_with_markers: Path) -> None:
    edit(tiny_with_markers / "supply.toml", "de alerta rojo", "de combustible rojo")
    before = (tiny_with_markers / "supply.toml").read_bytes()
    result = CliRunner().invoke(main, ["glossary", "apply", "tiny", "fixes.txt", "--write"])
    assert result.exit_code == 1
    assert (
        'tiny/supply.toml:8: error: card "fuel-cell" field "text.es": "marcador" -> "ficha": cannot tell whether '
        '"rojo" agrees with the replaced term or with "combustible"'
    ) in result.output
    assert (tiny_with_markers / "supply.toml").read_bytes() == before


@pytest.mark.slow
def test_without_a_gender_the_words_around_stay(tiny_with_markers: Path) -> None:
    edit(tiny_with_markers / "glossary.toml", 'gender = "f"\n', "")
    result = CliRunner().invoke(main, ["glossary", "apply", "tiny", "fixes.txt"])
    assert "Pon el [-marcador-]{+ficha+} en" in result.output


@pytest.mark.slow
def test_a_verb_or_phrase_term_ignores_its_gender_with_a_note(tiny_with_markers: Path) -> None:
    add_terms(tiny_with_markers, '\n[[term]]\nsource = "draw"\ntarget = "robar"\ngender = "m"\n')
    (tiny_with_markers.parent / "fixes.txt").write_text("gana >> robar\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["glossary", "apply", "tiny", "fixes.txt"])
    assert (
        'fixes.txt:1: info: "robar" is a verb, not a noun: its gender ("m") is not used, the words around it stay '
        "as they are"
    ) in result.output
    notes = text_findings(tiny_with_markers)
    assert any("a verb, not a noun: glossary apply ignores its gender" in line for line in notes)


def test_a_phrase_term_ignores_its_gender_with_a_note(tiny_with_markers: Path) -> None:
    add_terms(tiny_with_markers, '\n[[term]]\nsource = "Hands Tied"\ntarget = "Con las manos atadas"\ngender = "f"\n')
    (tiny_with_markers.parent / "fixes.txt").write_text("con tus manos >> con las manos atadas\n", encoding="utf-8")
    edit(tiny_with_markers / "supply.toml", "Pon el marcador", "Juega con tus manos y el marcador")
    result = CliRunner().invoke(main, ["glossary", "apply", "tiny", "fixes.txt"])
    assert 'fixes.txt:1: info: "con las manos atadas" is a phrase, not a noun: its gender ("f") is not used' in (
        result.output
    )
    assert "Juega con [-tus-]{+las+} manos{+ atadas+} y el marcador" in result.output  # "manos" stays
    notes = text_findings(tiny_with_markers)
    assert any('"Con las manos atadas" is a phrase, not a noun: glossary apply ignores its gender' in n for n in notes)


def test_a_gender_against_the_targets_own_article_is_a_finding(tiny_copy: Path) -> None:
    add_terms(
        tiny_copy,
        '\n[[term]]\nsource = "token"\ntarget = "la ficha"\ngender = "m"\nnumber = "plural"\n',
        '\n[[term]]\nsource = "weapon"\ntarget = "el arma"\ngender = "f"\n',  # right: a stressed a
    )
    assert text_findings(tiny_copy) == [
        'tiny/glossary.toml:15: warning: field "term[1].gender": term "la ficha" is masculine (gender = "m"), '
        'but its article "la" is feminine',
        '    hint: correct gender to "f", or the article of the target',
        'tiny/glossary.toml:16: warning: field "term[1].number": term "la ficha" is plural (number = "plural"), '
        'but its article "la" is singular',
        '    hint: correct number to "singular", or the article of the target',
    ]


def test_a_gender_against_the_article_another_term_writes_before_it_is_a_finding(tiny_copy: Path) -> None:
    add_terms(
        tiny_copy,
        '\n[[term]]\nsource = "token"\ntarget = "ficha"\ngender = "m"\n',
        '\n[[term]]\nsource = "the Alert Token"\ntarget = "la ficha de Alerta"\n',
        '\n[[term]]\nsource = "axe"\ntarget = "hacha"\ngender = "f"\n',
        '\n[[term]]\nsource = "the axe"\ntarget = "el hacha"\n',  # right: a stressed a
        '\n[[term]]\nsource = "map"\ntarget = "mapa"\ngender = "m"\n',  # right, whatever its ending
        '\n[[term]]\nsource = "the maps"\ntarget = "los mapas"\n',
    )
    assert text_findings(tiny_copy) == [
        'tiny/glossary.toml:15: warning: field "term[1].gender": term "ficha" is masculine (gender = "m"), but the '
        'glossary writes "la ficha de Alerta" (term "the Alert Token")',
        '    hint: correct gender to "f", or the article of "la ficha de Alerta"',
    ]


def test_a_term_after_a_determiner_of_the_other_gender_is_a_finding(tiny_copy: Path) -> None:
    add_terms(
        tiny_copy,
        '\n[[term]]\nsource = "token"\ntarget = "ficha"\ngender = "f"\n',
        '\n[[term]]\nsource = "weapon"\ntarget = "arma"\ngender = "f"\n',
    )
    edit(
        tiny_copy / "supply.toml",
        'text.es = "Gana 2 {fuel}."',
        'text.es = "Gana 2 {fuel}. Pon el ficha, la ficha y los fichas junto al arma y el arma. Un ficha."',
    )
    assert text_findings(tiny_copy) == [
        'tiny/supply.toml:8: warning: card "fuel-cell" field "text.es": "el ficha": "ficha" is feminine '
        '(glossary term "token"), "el" is not',
        '    hint: write "la ficha"',
        'tiny/supply.toml:8: warning: card "fuel-cell" field "text.es": "los fichas": "fichas" is feminine '
        '(glossary term "token"), "los" is not',
        '    hint: write "las fichas"',
        'tiny/supply.toml:8: warning: card "fuel-cell" field "text.es": "Un ficha": "ficha" is feminine '
        '(glossary term "token"), "Un" is not',
        '    hint: write "Una ficha"',
    ]


def test_an_adjective_right_after_a_term_that_agrees_with_none_of_its_nouns_is_a_finding(tiny_copy: Path) -> None:
    add_terms(tiny_copy, '\n[[term]]\nsource = "Alert Token"\ntarget = "ficha de Alerta"\ngender = "f"\n')
    edit(
        tiny_copy / "supply.toml",
        'text.es = "Gana 2 {fuel}."',
        'text.es = "Gana 2 {fuel}. Pon la ficha de Alerta rojo y la ficha de Alerta roja otra vez."',
    )
    assert text_findings(tiny_copy) == [
        'tiny/supply.toml:8: warning: card "fuel-cell" field "text.es": "ficha de Alerta rojo": "ficha de Alerta" '
        'is feminine (glossary term "Alert Token"), "rojo" is not',
        '    hint: write "ficha de Alerta roja"',
    ]


def test_a_term_as_subject_with_a_copulas_adjective_of_the_other_gender_is_a_finding(tiny_copy: Path) -> None:
    add_terms(tiny_copy, '\n[[term]]\nsource = "token"\ntarget = "ficha"\ngender = "f"\n')
    edit(  # the original says it too: a condition only the translation had would be text/condition's
        tiny_copy / "supply.toml",
        'text.en = "Gain 2 {fuel}."',
        'text.en = "Gain 2 {fuel}. If the token is removed, draw. The token stays turned. The value of the token is '
        'high. The player who has the token is attacked."',
    )
    edit(
        tiny_copy / "supply.toml",
        'text.es = "Gana 2 {fuel}."',
        'text.es = "Gana 2 {fuel}. Si la ficha es retirado, roba. La ficha queda girada. El valor de la ficha es '
        'alto. El jugador que tiene la ficha es atacado."',
    )
    assert text_findings(tiny_copy) == [
        'tiny/supply.toml:8: warning: card "fuel-cell" field "text.es": "ficha es retirado": "ficha" is feminine '
        '(glossary term "token"), "retirado" is not',
        '    hint: write "ficha es retirada"',
    ]


def test_a_term_and_its_adjective_before_a_copula_are_read_as_one_subject(tiny_copy: Path) -> None:
    add_terms(tiny_copy, '\n[[term]]\nsource = "token"\ntarget = "ficha"\ngender = "f"\n')
    edit(
        tiny_copy / "supply.toml",
        'text.en = "Gain 2 {fuel}."',
        'text.en = "Gain 2 {fuel}. The red token is removed. The blue token stays broken."',
    )
    edit(
        tiny_copy / "supply.toml",
        'text.es = "Gana 2 {fuel}."',
        'text.es = "Gana 2 {fuel}. La ficha roja es retirado. La ficha azul queda rota."',
    )
    assert text_findings(tiny_copy) == [
        'tiny/supply.toml:8: warning: card "fuel-cell" field "text.es": "ficha roja es retirado": "ficha" is feminine '
        '(glossary term "token"), "retirado" is not',
        '    hint: write "ficha roja es retirada"',
    ]


def test_a_term_as_the_subject_of_a_relatives_copula_agrees_too(tiny_copy: Path) -> None:
    add_terms(tiny_copy, '\n[[term]]\nsource = "token"\ntarget = "ficha"\ngender = "f"\n')
    edit(
        tiny_copy / "supply.toml",
        'text.en = "Gain 2 {fuel}."',
        'text.en = "Gain 2 {fuel}. Put it on the token, which stays turned. The hero of the token who is hurt leaves."',
    )
    edit(
        tiny_copy / "supply.toml",
        'text.es = "Gana 2 {fuel}."',
        'text.es = "Gana 2 {fuel}. Ponlo en la ficha, que queda girado. El héroe de la ficha que está herido se va."',
    )
    assert text_findings(tiny_copy) == [
        'tiny/supply.toml:8: warning: card "fuel-cell" field "text.es": "ficha, que queda girado": "ficha" is feminine '
        '(glossary term "token"), "girado" is not',
        '    hint: write "ficha, que queda girada"',
    ]


def test_a_term_of_common_gender_takes_the_persons_article(tiny_copy: Path) -> None:
    """ "guía" with gender = "m" in the glossary: "la guía" for a woman is right, and the phrase must
    still agree with itself."""
    add_terms(tiny_copy, '\n[[term]]\nsource = "guide"\ntarget = "guía"\ngender = "m"\n')
    edit(tiny_copy / "supply.toml", 'text.en = "Gain 2 {fuel}."', 'text.en = "Gain 2 {fuel}. The guide is ready."')
    edit(tiny_copy / "supply.toml", 'text.es = "Gana 2 {fuel}."', 'text.es = "Gana 2 {fuel}. La guía está lista."')
    assert text_findings(tiny_copy) == []
    edit(tiny_copy / "supply.toml", "La guía está lista.", "La guía está listo.")
    found = text_findings(tiny_copy)
    assert len(found) == 2 and '"La guía está listo": "La" is feminine singular, "listo" is not' in found[0]


def test_a_term_that_opens_a_clause_after_y_is_its_subject(tiny_copy: Path) -> None:
    """After "y" and a verb before it, a new clause: the term is its subject.  Two nouns joined
    by "y" before one copula are one subject of both: "los camellos y las fichas quedan" is left."""
    add_terms(tiny_copy, '\n[[term]]\nsource = "token"\ntarget = "ficha"\ngender = "f"\n')
    edit(
        tiny_copy / "supply.toml",
        'text.en = "Gain 2 {fuel}."',
        'text.en = "Gain 2 {fuel}. The fog falls and the tokens stay stopped. The camels and the tokens stay stopped."',
    )
    edit(
        tiny_copy / "supply.toml",
        'text.es = "Gana 2 {fuel}."',
        'text.es = "Gana 2 {fuel}. Cae la niebla y las fichas quedan detenidos. Los camellos y las fichas quedan '
        'detenidos."',
    )
    assert text_findings(tiny_copy) == [
        'tiny/supply.toml:8: warning: card "fuel-cell" field "text.es": "fichas quedan detenidos": "fichas" is '
        'feminine (glossary term "token"), "detenidos" is not',
        '    hint: write "fichas quedan detenidas"',
    ]
