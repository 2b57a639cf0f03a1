"""The text rules: one bad case per rule with its exact findings, the rulebook's
own inconsistencies all found, and no false alarm on the bundled packs."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pnp.check import RULES
from pnp.check.text import RULES as TEXT_RULES
from pnp.check.text.forms import fold
from pnp.check.text.lexicon import speller
from pnp.check.text.phrases import phrase_matcher
from pnp.errors import Finding
from pnp.load import load_pack
from pnp.load.toml import key_lines
from pnp.report import format_text
from tests.conftest import BLUE_SUN, ROOT, TINY


def text_findings(pack: Path) -> list[str]:
    """The text rules' findings, as `pnp check` prints them, without the count line."""
    result = load_pack(pack)
    assert result.pack is not None, format_text(result.findings)
    findings: list[Finding] = []
    for rule in TEXT_RULES:
        findings += rule.run(result.pack)
    return format_text(findings).splitlines()[:-1]


def edit(pack: Path, file: str, old: str, new: str) -> None:
    path = pack / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_every_text_rule_is_checked_by_pnp_check() -> None:
    assert {r.id for r in TEXT_RULES} <= {r.id for r in RULES}
    assert [r.id for r in TEXT_RULES] == [
        "text/glossary",
        "glossary/gender",
        "text/untranslated",
        "text/keyword",
        "text/cited-name",
        "text/numbers",
        "text/negation",
        "text/comparison",
        "text/opposite",
        "text/period",
        "text/dropped-word",
        "text/condition",
        "text/shortened",
        "text/player",
        "text/number-format",
        "text/repeated-word",
        "text/typography",
        "text/spelling",
        "text/no-dictionary",
        "text/accent-noun",
        "text/accent-question",
        "text/accent-pronoun",
        "text/accent-diacritic",
        "text/homophone",
        "text/grammar",
        "text/agreement",
        "text/false-friend",
        "text/register",
        "text/consistency",
        "text/line-breaks",
    ]


# --- one bad case per rule -----------------------------------------------------------


def test_glossary_finds_a_forbidden_variant_in_any_case_accent_and_number(tiny_copy: Path) -> None:
    edit(tiny_copy, "supply.toml", 'text.es = "Gana 2 {fuel}."', 'text.es = "Gana 2 {fuel} de GASOLÍNAS."')
    assert text_findings(tiny_copy) == [
        'tiny/supply.toml:8: warning: card "fuel-cell" field "text.es": '
        '"GASOLÍNAS" is a forbidden variant of "combustible" (glossary term "Fuel")',
        '    hint: write "combustible", inflected to fit',
    ]


def test_glossary_finds_a_source_term_left_without_its_translation(tiny_copy: Path) -> None:
    edit(tiny_copy, "supply.toml", 'title.es = "Célula de combustible"', 'title.es = "Célula de energía"')
    assert text_findings(tiny_copy) == [
        'tiny/supply.toml:6: warning: card "fuel-cell" field "title.es": '
        'the original says "Fuel", but the glossary\'s translation "combustible" is not here',
        '    hint: translate "Fuel" as "combustible"',
    ]


def test_a_noun_term_is_not_read_in_a_verb_form_of_its_word(tiny_copy: Path) -> None:
    """A term with a gender is a noun: "Fueled" is no use of "Fuel", as "rounded down" is none of "Round"."""
    glossary = tiny_copy / "glossary.toml"
    glossary.write_text(
        glossary.read_text(encoding="utf-8").replace('target = "combustible"', 'target = "combustible"\ngender = "m"'),
        encoding="utf-8",
    )
    edit(tiny_copy, "supply.toml", 'text.en = "Gain 2 {fuel}."', 'text.en = "Fueled, gain 2 {fuel}."')
    edit(tiny_copy, "supply.toml", 'text.es = "Gana 2 {fuel}."', 'text.es = "Con el depósito lleno, gana 2 {fuel}."')
    assert text_findings(tiny_copy) == []
    edit(tiny_copy, "supply.toml", 'text.en = "Fueled, gain 2 {fuel}."', 'text.en = "With fuel, gain 2 {fuel}."')
    assert any("the glossary's translation" in line for line in text_findings(tiny_copy))


def test_a_misspelt_term_is_a_spelling_finding_only(tiny_copy: Path) -> None:
    edit(tiny_copy, "supply.toml", 'title.es = "Célula de combustible"', 'title.es = "Célula de conbustible"')
    assert text_findings(tiny_copy) == [
        'tiny/supply.toml:6: warning: card "fuel-cell" field "title.es": '
        '"conbustible" is not in the Spanish dictionary',
        "    hint: did you mean 'combustible'? If \"conbustible\" is right (a name, a game term), add it to words in "
        "pack.toml",
    ]


@pytest.mark.parametrize(
    ("english", "spanish", "reported"),
    [
        ("Gain 2 VP.", "Gana 2 PV.", False),  # the translation's own acronym
        ("Gain 2 VP.", "Gana 2 VP.", True),  # the original's, left as it was
        ("Gain 2 victory points.", "Gana 2 PV.", False),  # the original spells it out
        ("Gain 2 {fuel}.", "Gana 2 {fuel} y PVs.", True),  # not all capitals: looked up
    ],
)
def test_an_acronym_of_the_translation_is_no_misspelt_word(
    tiny_copy: Path, english: str, spanish: str, reported: bool
) -> None:
    edit(tiny_copy, "supply.toml", 'text.en = "Gain 2 {fuel}."', f'text.en = "{english}"')
    edit(tiny_copy, "supply.toml", 'text.es = "Gana 2 {fuel}."', f'text.es = "{spanish}"')
    found = [line for line in text_findings(tiny_copy) if "is not in the Spanish dictionary" in line]
    assert bool(found) is reported, found


def test_glossary_finds_verb_forms_with_attached_pronouns(tiny_copy: Path) -> None:
    glossary = tiny_copy / "glossary.toml"
    glossary.write_text(
        glossary.read_text(encoding="utf-8")
        + '\n[[term]]\nsource = "Discard"\ntarget = "descartar"\nforbidden = ["tirar"]\n',
        encoding="utf-8",
    )
    edit(tiny_copy, "supply.toml", "**Descarta** esta carta", "**Tírala**")
    assert text_findings(tiny_copy) == [
        'tiny/supply.toml:18: warning: card "spare-parts" field "text.es": '
        '"Tírala" is a forbidden variant of "descartar" (glossary term "Discard")',
        '    hint: write "descartar", inflected to fit',
    ]


def test_untranslated_finds_an_english_word_the_pack_does_not_list(tiny_copy: Path) -> None:
    edit(tiny_copy, "nav.toml", 'text.es = "Sigue volando."', 'text.es = "Sigue volando hacia el market."')
    assert text_findings(tiny_copy) == [
        'tiny/nav.toml:27: warning: card "clear-skies" field "text.es": "market" is English, left untranslated',
        '    hint: translate it; if it is a name, add "market" to words in pack.toml',
    ]
    edit(tiny_copy, "pack.toml", 'words = ["Vela"]', 'words = ["Vela", "Market"]')
    assert text_findings(tiny_copy) == []


def test_keyword_needs_its_number_in_the_text_and_in_the_keywords_list(tiny_copy: Path) -> None:
    edit(tiny_copy, "nav.toml", 'text.en = "Keep flying."', 'text.en = "Boarding 2. Keep flying."')
    edit(tiny_copy, "nav.toml", 'text.es = "Sigue volando."', 'text.es = "Abordaje. Sigue volando."')
    edit(
        tiny_copy, "nav.toml", 'status.es = "reviewed"\nnotes', 'keywords = ["boarding"]\nstatus.es = "reviewed"\nnotes'
    )
    assert text_findings(tiny_copy) == [
        'tiny/nav.toml:27: error: card "clear-skies" field "text.es": keyword "Abordaje" needs a number after it',
        '    hint: write its value after it, like "Abordaje 2"',
        'tiny/nav.toml:27: error: card "clear-skies" field "text.es": numbers differ from the original: missing 2',
        '    hint: the original text (en) reads "Boarding 2. Keep flying."',
        'tiny/nav.toml:28: error: card "clear-skies" field "keywords[0]": keyword "boarding" needs a number',
        '    hint: write "boarding 2" (its value on the card)',
    ]


def test_keyword_value_agrees_with_the_card_and_takes_none_when_the_glossary_says_so(tiny_copy: Path) -> None:
    glossary = tiny_copy / "glossary.toml"
    glossary.write_text(
        glossary.read_text(encoding="utf-8")
        + '\n[[keyword]]\nid = "surge"\nsource = "Surge"\ntarget = "Oleada"\nvalue = "none"\n',
        encoding="utf-8",
    )
    edit(tiny_copy, "nav.toml", 'text.es = "Sigue volando."', 'text.es = "Oleada 1, Abordaje 3.\\n\\nSigue volando."')
    edit(tiny_copy, "nav.toml", 'text.en = "Keep flying."', 'text.en = "Surge 1, Boarding 3.\\n\\nKeep flying."')
    edit(
        tiny_copy,
        "nav.toml",
        'status.es = "reviewed"\nnotes',
        'keywords = ["boarding 2"]\nstatus.es = "reviewed"\nnotes',
    )
    assert text_findings(tiny_copy) == [
        'tiny/nav.toml:26: error: card "clear-skies" field "text.en": '
        'keyword "Surge" takes no number, but the text says "Surge 1"',
        '    hint: write "Surge" alone, or set value = "number" for it in glossary.toml',
        'tiny/nav.toml:26: error: card "clear-skies" field "text.en": '
        'the text says "Boarding 3", but the card\'s keywords say "boarding 2"',
        "    hint: make the text and the keywords list agree",
        'tiny/nav.toml:27: error: card "clear-skies" field "text.es": '
        'keyword "Oleada" takes no number, but the text says "Oleada 1"',
        '    hint: write "Oleada" alone, or set value = "number" for it in glossary.toml',
        'tiny/nav.toml:27: error: card "clear-skies" field "text.es": '
        'the text says "Abordaje 3", but the card\'s keywords say "boarding 2"',
        "    hint: make the text and the keywords list agree",
    ]


def test_keyword_of_the_original_must_be_translated(tiny_copy: Path) -> None:
    edit(tiny_copy, "nav.toml", 'text.en = "Keep flying."', 'text.en = "Boarding 2. Keep flying."')
    edit(tiny_copy, "nav.toml", 'text.es = "Sigue volando."', 'text.es = "Asalto 2. Sigue volando."')
    assert text_findings(tiny_copy) == [
        'tiny/nav.toml:27: error: card "clear-skies" field "text.es": '
        'the original text (en) has the keyword "Boarding 2", this text lacks "Abordaje"',
        '    hint: write "Abordaje 2"',
    ]


def test_keyword_in_prose_is_left_alone(tiny_copy: Path) -> None:
    edit(tiny_copy, "nav.toml", 'text.en = "Keep flying."', 'text.en = "Boarding is a keyword. Keep flying."')
    edit(
        tiny_copy, "nav.toml", 'text.es = "Sigue volando."', 'text.es = "Abordaje es una palabra clave. Sigue volando."'
    )
    assert text_findings(tiny_copy) == []


def test_cited_name_must_be_a_card_of_the_pack(tiny_copy: Path) -> None:
    edit(tiny_copy, "nav.toml", 'text.es = "Sigue volando."', 'text.es = "Sigue volando. Descarta “Tormentas”."')
    assert text_findings(tiny_copy) == [
        'tiny/nav.toml:27: warning: card "clear-skies" field "text.es": '
        '"Tormentas" is quoted as a name, but no card, deck or term of the pack is called so',
        "    hint: did you mean 'Tormenta'? Correct the name, or add it to words in pack.toml if it names "
        "something outside the pack",
    ]
    edit(tiny_copy, "nav.toml", "“Tormentas”", "«Tormenta» o “Barajar mazo”")
    assert text_findings(tiny_copy) == []


def test_numbers_and_icons_of_the_original_reappear(tiny_copy: Path) -> None:
    edit(tiny_copy, "supply.toml", 'text.es = "Gana 2 {fuel}."', 'text.es = "Gana 3 {parts}."')
    assert text_findings(tiny_copy) == [
        'tiny/supply.toml:8: error: card "fuel-cell" field "text.es": '
        "numbers differ from the original: missing 2; not in the original: 3",
        '    hint: the original text (en) reads "Gain 2 {fuel}."',
        'tiny/supply.toml:8: error: card "fuel-cell" field "text.es": '
        "icons differ from the original: {fuel} once in the original, 0 times here; "
        "{parts} 0 times in the original, once here",
        '    hint: the original text (en) reads "Gain 2 {fuel}."',
    ]


def test_numbers_written_as_words_and_thousands_separators_count(tiny_copy: Path) -> None:
    edit(tiny_copy, "supply.toml", 'text.en = "Gain 2 {fuel}."', 'text.en = "Gain 2 {fuel} and 1,000 credits."')
    edit(tiny_copy, "supply.toml", 'text.es = "Gana 2 {fuel}."', 'text.es = "Gana dos {fuel} y 1.000 créditos."')
    assert text_findings(tiny_copy) == []


def test_typography_of_spanish_text(tiny_copy: Path) -> None:
    edit(
        tiny_copy, "nav.toml", 'text.es = "Sigue volando."', 'text.es = "Sigue  volando , si puedes! “Rápido. ¿ Vale?"'
    )
    assert text_findings(tiny_copy) == [
        'tiny/nav.toml:27: warning: card "clear-skies" field "text.es": two spaces in a row: "Sigue  volando"',
        '    hint: write "Sigue volando"',
        'tiny/nav.toml:27: warning: card "clear-skies" field "text.es": a space before ",": "volando , si"',
        '    hint: write "volando, si"',
        'tiny/nav.toml:27: warning: card "clear-skies" field "text.es": a space after "¿": "¿ Vale?"',
        '    hint: write "¿Vale?"',
        'tiny/nav.toml:27: warning: card "clear-skies" field "text.es": '
        '"!" without its opening "¡": "Sigue volando , si puedes!"',
        '    hint: open the exclamation with "¡"',
        'tiny/nav.toml:27: warning: card "clear-skies" field "text.es": "“" is never closed by "”": "“Rápido. ¿ Vale?"',
        '    hint: close it with "”"',
    ]


def test_typography_compares_the_final_period_with_the_original(tiny_copy: Path) -> None:
    edit(tiny_copy, "nav.toml", 'text.es = "Sigue volando."', 'text.es = "Sigue volando"')
    edit(tiny_copy, "supply.toml", 'title.es = "Repuestos"', 'title.es = "Repuestos."')
    assert text_findings(tiny_copy) == [
        'tiny/nav.toml:27: warning: card "clear-skies" field "text.es": '
        "the original text (en) ends with a period, this text does not",
        '    hint: end it with "."',
        'tiny/supply.toml:16: warning: card "spare-parts" field "title.es": '
        "this text ends with a period, the original title (en) does not",
        "    hint: remove the final period, as in the original",
    ]


def test_spelling_against_the_spanish_dictionary_and_the_word_list(tiny_copy: Path) -> None:
    edit(
        tiny_copy,
        "nav.toml",
        'text.es = "Baraja los descartes de nuevo en el mazo."',
        'text.es = "Baraja los descrates de nuevo en el mazo de Vela y barájalo."',
    )
    assert text_findings(tiny_copy) == [
        'tiny/nav.toml:17: warning: card "reshuffle" field "text.es": "descrates" is not in the Spanish dictionary',
        "    hint: did you mean 'descartes'? If \"descrates\" is right (a name, a game term), add it to words in "
        "pack.toml",
    ]


@pytest.mark.slow
def test_spelling_reports_a_shout_and_a_very_long_word_at_once(tiny_copy: Path) -> None:
    """Hunspell's own suggest tries every accent pattern of a word (3 ** 12 for "AAAAAAAAAAAA", two minutes):
    a word this long or with a letter three times in a row gets no suggestion, and every other one a bounded
    search. This test runs in well under a second (most of it reading the dictionary)."""
    long = "Ra" + "ta" * 31  # as long as a word may be (pnp.limits.MAX_WORD_CHARS)
    edit(tiny_copy, "nav.toml", 'text.es = "Sigue volando."', f'text.es = "¡Aaaaaaaaaaaaaaaargh! Sigue, {long}."')
    assert len(long) == 64
    assert text_findings(tiny_copy) == [
        'tiny/nav.toml:27: warning: card "clear-skies" field "text.es": '
        '"Aaaaaaaaaaaaaaaargh" is not in the Spanish dictionary',
        '    hint: If "Aaaaaaaaaaaaaaaargh" is right (a name, a game term), add it to words in pack.toml',
        f'tiny/nav.toml:27: warning: card "clear-skies" field "text.es": "{long}" is not in the Spanish dictionary',
        f'    hint: If "{long}" is right (a name, a game term), add it to words in pack.toml',
    ]
    spanish = speller("es")
    assert spanish is not None
    assert [spanish.suggest(w) for w in ("AAAAAAAAAAAA", "aeaeaeaeaeaeaea", "aeiouaeiouaeio")] == [None, None, None]
    assert [spanish.suggest(w) for w in ("descartalo", "delmazo", "conbustible", "tirpulación")] == [
        "descártalo",
        "del mazo",
        "combustible",
        "tripulación",
    ]


def test_consistency_of_one_source_sentence_across_cards(tiny_copy: Path) -> None:
    edit(tiny_copy, "nav.toml", 'text.en = "Keep flying."', 'text.en = "Shuffle the discards back into the deck."')
    edit(tiny_copy, "nav.toml", 'text.es = "Sigue volando."', 'text.es = "Mezcla los descartes con el mazo."')
    hint = "    hint: choose one translation for the same sentence on every card, unless a card's context needs another"
    assert text_findings(tiny_copy) == [
        'tiny/nav.toml:17: warning: card "reshuffle" field "text.es": '
        '"Shuffle the discards back into the deck." is translated "Baraja los descartes de nuevo en el mazo." here, '
        'and "Mezcla los descartes con el mazo." on card "clear-skies" (tiny/nav.toml:27): '
        "pnp cannot tell which is meant",
        hint,
        'tiny/nav.toml:27: warning: card "clear-skies" field "text.es": '
        '"Shuffle the discards back into the deck." is translated "Mezcla los descartes con el mazo." here, '
        'and "Baraja los descartes de nuevo en el mazo." on card "reshuffle" (tiny/nav.toml:17): '
        "pnp cannot tell which is meant",
        hint,
    ]


# --- the rulebook's own inconsistencies ----------------------------------------------------


@pytest.fixture
def rulebook(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """tests/data/rulebook with the Blue Sun glossary, where the canonical choices are."""
    target = tmp_path / "rulebook"
    shutil.copytree(ROOT / "tests" / "data" / "rulebook", target)
    shutil.copy(BLUE_SUN / "glossary.toml", target / "glossary.toml")
    monkeypatch.chdir(tmp_path)
    return target


def test_every_inconsistency_of_the_rulebook_is_found(rulebook: Path, update_golden: bool) -> None:
    found = text_findings(rulebook)
    expected = ROOT / "tests" / "data" / "rulebook" / "expected.txt"
    if update_golden:
        expected.write_text("\n".join(found) + "\n", encoding="utf-8")
    messages = [line for line in found if not line.startswith("    hint:")]
    for wrong, canonical in [
        ("refugio", "paraíso"),
        ("Haven", "paraíso"),
        ("Señor Universo", "Sr. Universo"),
        ("Grandes Retos Malditos", "Gran Desafío Maldito"),
        ("Indicadores de Alerta", "marcador de Alerta"),
        ("fichas de alerta", "marcador de Alerta"),
        ("Con tus manos", "Con las manos atadas"),
        ("Piezas", "repuestos"),
    ]:
        assert any(f'"{wrong}" is a forbidden variant of "{canonical}"' in m for m in messages), wrong
    assert found == expected.read_text(encoding="utf-8").splitlines()


def test_the_rulebook_canonical_passages_give_no_finding(rulebook: Path) -> None:
    found = " ".join(text_findings(rulebook))
    for card in ("big-damn-challenges", "reaver-cutter-ruling", "hands-tied", "reaver-cutter"):
        assert f'card "{card}"' not in found, card


# --- no false alarms ------------------------------------------------------------------------


@pytest.mark.parametrize("pack", ["cards/blue-sun", "examples/tiny", "cards/lotr-sailing", "cards/bsg"])
def test_bundled_packs_have_no_text_findings(pack: str) -> None:
    if not (ROOT / pack).exists():
        pytest.skip(f"{pack} is not in this tree")
    assert text_findings(ROOT / pack) == []


# --- the pieces ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("phrase", "language", "text"),
    [
        ("Gran Reto Maldito", "es", "Grandes Retos Malditos"),
        ("marcador de Alerta", "es", "MARCADORES DE ALERTA"),
        ("actualización de nave", "es", "actualizaciones de nave"),
        ("paraíso", "es", "Paraisos"),
        ("Sr. Universo", "es", "sr. universo"),
        ("tirar", "es", "Tírala"),
        ("colocar", "es", "coloque"),
        ("volar a todo trapo", "es", "vuelas a todo trapo"),
        ("resolver", "es", "resuélvela"),
        ("Portarse mal", "es", "te portas mal"),
        ("Nav Card", "en", "nav cards"),
        ("Mr. Universe", "en", "Mr. Universe's"),
    ],
)
def test_terms_match_their_forms(phrase: str, language: str, text: str) -> None:
    assert phrase_matcher(phrase, language).search(fold(text))


@pytest.mark.parametrize(("phrase", "text"), [("reto", "retoque"), ("marcador", "marca"), ("tirar", "tiranía")])
def test_terms_match_whole_words_only(phrase: str, text: str) -> None:
    assert not phrase_matcher(phrase, "es").search(fold(text))


@pytest.mark.parametrize(
    ("word", "known"),
    [
        ("barájalo", True),
        ("descártala", True),
        ("descartarla", True),
        ("dárselo", True),
        ("descartándola", True),
        ("léelo", True),
        ("cuídalo", True),
        ("descartala", False),  # the accent is required
        ("Múevela", False),  # on the stressed vowel
        ("barajéalas", False),
        ("Barco-Enemigo", True),
        ("destruído", False),
    ],
)
def test_spanish_dictionary_knows_verbs_with_attached_pronouns(word: str, known: bool) -> None:
    checker = speller("es")
    assert checker is not None
    assert checker.knows(word) is known


@pytest.mark.parametrize(
    ("word", "known"),
    [
        ("Remendadora", True),  # remendar: a role a game names, which the dictionary does not list
        ("remendadores", True),
        ("pilotadora", True),
        ("servidoras", True),  # servir
        ("hogadora", False),  # hogar is a noun: no one "hogars"
        ("remendadorra", False),
        ("pub", True),  # the DLE takes it as written in English; Hunspell lacks it
        ("ranking", True),
        ("pubb", False),
    ],
)
def test_spanish_dictionary_knows_agent_nouns_of_its_verbs_and_the_dles_loanwords(word: str, known: bool) -> None:
    checker = speller("es")
    assert checker is not None
    assert checker.knows(word) is known


def test_dictionaries_ship_inside_the_package() -> None:
    data = ROOT / "pnp" / "data"
    for name in ("hunspell/es_ES.aff", "hunspell/es_ES.dic", "hunspell/LICENSE-es.md", "wordlists/en_US.txt"):
        assert (data / name).is_file(), name
    assert speller("fr") is None
    assert TINY.exists()


def test_key_lines_finds_each_key_of_each_card() -> None:
    text = (
        '[[card]]\nid = "a"\ntext.en = """\nx = 1\n"""\ntext.es = "b"\n\n[card.back]\ntitle.es = "c"\n'
        '[[card]]\nid = "d"\ntitle = { en = "e" }\n'
    )
    assert key_lines(text, "card") == [
        {"": 1, "id": 2, "text.en": 3, "text.es": 6, "back": 8, "back.title.es": 9},
        {"": 10, "id": 11, "title": 12},
    ]


def test_every_text_rule_is_documented_with_its_severity() -> None:
    doc = (ROOT / "docs" / "findings.md").read_text(encoding="utf-8")
    for rule in TEXT_RULES:
        assert f"| `{rule.id}` | {rule.severity.value} |" in doc, rule.id


def test_glossary_takes_a_word_of_the_terms_family_as_its_translation(tiny_copy: Path) -> None:
    """English "crew" counts people ("2 crew"): the Spanish "tripulantes" is right where the glossary
    says "tripulación", as the member of a collective, or a verb beside its noun, always is."""
    glossary = tiny_copy / "glossary.toml"
    glossary.write_text(
        glossary.read_text(encoding="utf-8") + '\n[[term]]\nsource = "Crew"\ntarget = "tripulación"\n',
        encoding="utf-8",
    )
    edit(tiny_copy, "supply.toml", 'text.en = "Gain 2 {fuel}."', 'text.en = "Gain 2 {fuel} for 2 crew."')
    edit(tiny_copy, "supply.toml", 'text.es = "Gana 2 {fuel}."', 'text.es = "Gana 2 {fuel} por 2 tripulantes."')
    assert not [f for f in text_findings(tiny_copy) if "tripulación" in f]
    edit(tiny_copy, "supply.toml", "por 2 tripulantes.", "por 2 personas.")
    assert [f for f in text_findings(tiny_copy) if '"tripulación" is not here' in f]


def test_a_family_shares_a_stem_of_five_letters_and_a_derivational_ending() -> None:
    from pnp.check.text.glossary import same_family

    assert same_family("tripulacion", "tripulantes")
    assert same_family("exploracion", "explorar")
    assert not same_family("parte", "partida")  # "part" is too short a stem to tell a family
    assert not same_family("tripulacion", "tripas")
    # a word made from the term names the one who works with it: "Camel Drivers" as "Camelleros"
    assert same_family("camello", "camelleros")
    assert same_family("caravana", "caravanero")
    assert not same_family("carta", "cartera")  # "cart": too short a stem
    assert not same_family("camello", "camellos")  # a plural is the word itself, no family (matched as a form)
    # a whole word and one made from it: the fans ("la afición") for the glossary's fan ("aficionado")
    assert same_family("aficion", "aficionados")
    assert same_family("guerrilla", "guerrillero")
    assert not same_family("carta", "cartero")  # five letters or fewer: too short to tell
    assert not same_family("aficion", "aficionarse")  # a verb is no derivative of this kind
