"""text/repeated-word and text/number-format: slips of Spanish form that no dictionary sees."""

from __future__ import annotations

import pytest

from pnp.check.text.fields import Text
from pnp.check.text.number_format import number_format
from pnp.check.text.repeated import repeated_words


def _text(spanish: str, lang: str = "es") -> Text:
    return Text("cards.toml", "card", "text", lang, spanish, 4)


@pytest.mark.parametrize(
    ("spanish", "message"),
    [
        ("Coloca la ficha en en tu nave.", '"en" is written twice in a row: "Coloca la ficha en en tu nave."'),
        ("Roba dos cartas y Y descarta una.", '"y" is written twice in a row: "Roba dos cartas y Y descarta una."'),
        ("Los los tripulantes se van.", '"Los" is written twice in a row: "Los los tripulantes se van."'),
        ("Si tienes el el {fuel}, gana.", '"el" is written twice in a row: "Si tienes el el {…}, gana."'),
    ],
)
def test_a_word_written_twice_is_named(spanish: str, message: str) -> None:
    assert [f.message for f in repeated_words(_text(spanish))] == [message]


@pytest.mark.parametrize(
    "spanish",
    [
        "Dile que qué quiere.",  # an accent tells them apart
        "Corre, corre, corre.",  # a comma between
        "¡Ja ja ja!",  # an interjection
        "Gana {fuel} {fuel} {fuel}.",  # icons are no words
        "Tira 2 2 veces.",  # figures are no words
        "Descarta la carta «La Bruja».",
        "Elige tú tu camino.",
    ],
)
def test_words_that_only_look_repeated_are_no_finding(spanish: str) -> None:
    assert repeated_words(_text(spanish)) == []


def _formats(english: str, spanish: str, style: str | None = None) -> list[str]:
    original = Text("cards.toml", "card", "text", "en", english, 3)
    return [f"{f.message} / {f.hint}" for f in number_format(_text(spanish), original, style)]


@pytest.mark.parametrize(
    ("english", "spanish", "style", "found"),
    [
        ("Pay 1,000.", "Paga 1,000.", None, ['"1,000" is not written the Spanish way / write "1000"']),
        ("Pay 25,000.", "Paga 25,000.", None, ['"25,000" is not written the Spanish way / write "25.000"']),
        ("Pay 25,000.", "Paga 25,000.", "space", [
            '"25,000" is not written the Spanish way (pack.toml number_format = "space") / write "25 000"']),
        ("Worth 0.5 each.", "Vale 0.5 cada una.", None, ['"0.5" is not written the Spanish way / write "0,5"']),
        ("Pay 25,000.", "Paga 25 000.", "point", [
            '"25 000" is not written the Spanish way (pack.toml number_format = "point") / write "25.000"']),
        ("Pay 25,000.", "Paga 25.000.", "space", [
            '"25.000" is not written the Spanish way (pack.toml number_format = "space") / write "25 000"']),
        ("Pay 1,000.", "Paga 1 000.", "space", [
            '"1 000" is not written the Spanish way (pack.toml number_format = "space") / write "1000"']),
    ],
)  # fmt: skip
def test_figures_in_the_english_form_or_against_the_pack_setting_are_named(
    english: str, spanish: str, style: str | None, found: list[str]
) -> None:
    assert _formats(english, spanish, style) == found


@pytest.mark.parametrize(
    ("english", "spanish", "style"),
    [
        ("Pay 1,000.", "Paga 1000.", None),
        ("Pay 1,000.", "Paga 1.000.", None),  # four digits: together or with a point, both seen in print
        ("Pay 1,000.", "Paga 1.000.", "point"),
        ("Pay 25,000.", "Paga 25 000.", None),
        ("Pay 25,000.", "Paga 25.000.", None),
        ("Worth 0.5 each.", "Vale 0,5 cada una.", None),
        ("See rule 3.2.", "Consulta la regla 3.2.", None),  # a section number
        ("Pay 2,500.", "Paga 2,500.", "original"),  # the pack keeps the original's figures (not checked at all)
        ("Worth half.", "Vale 2,500.", None),  # not the original's figure: maybe two and a half
    ],
)
def test_figures_written_the_spanish_way_are_no_finding(english: str, spanish: str, style: str | None) -> None:
    if style == "original":
        return  # check_number_format returns before reading any text: tested on a pack below
    assert _formats(english, spanish, style) == []


def test_a_pack_that_keeps_the_originals_figures_is_not_checked(tiny_copy) -> None:
    from pnp.check.text.number_format import check_number_format
    from pnp.load import load_pack
    from tests.test_text_rules import edit

    edit(tiny_copy, "supply.toml", 'text.es = "Gana 2 {fuel}."', 'text.es = "Gana 2 {fuel} y 1,000."')
    edit(tiny_copy, "supply.toml", 'text.en = "Gain 2 {fuel}."', 'text.en = "Gain 2 {fuel} and 1,000."')
    pack = load_pack(tiny_copy).pack
    assert pack is not None and len(check_number_format(pack)) == 1
    pack_toml = tiny_copy / "pack.toml"
    pack_toml.write_text('number_format = "original"\n' + pack_toml.read_text(encoding="utf-8"), encoding="utf-8")
    pack = load_pack(tiny_copy).pack
    assert pack is not None and check_number_format(pack) == []
