"""text/glossary reads the original: the longest term wins, and a term can be limited to a part of speech."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.check.text.glossary import check_glossary, used_as
from pnp.load import load_pack
from tests.test_text_rules import edit

GLOSSARY = """
[[term]]
source = "Reaver"
target = "saqueador"

[[term]]
source = "Reaver Ship"
target = "nave de saqueadores"

[[term]]
source = "Bounty"
target = "recompensa"

[[term]]
source = "Bounty Hunter"
target = "cazarrecompensas"

[[term]]
source = "Dock"
target = "muelle"
part_of_speech = "noun"

[[term]]
source = "Fly"
target = "volar"
part_of_speech = "verb"
"""


def _glossary_messages(tiny: Path, english: str, spanish: str) -> list[str]:
    (tiny / "glossary.toml").write_text(
        (tiny / "glossary.toml").read_text(encoding="utf-8") + GLOSSARY, encoding="utf-8"
    )
    edit(tiny, "supply.toml", 'text.en = "Gain 2 {fuel}."', f'text.en = "{english}"')
    edit(tiny, "supply.toml", 'text.es = "Gana 2 {fuel}."', f'text.es = "{spanish}"')
    pack = load_pack(tiny).pack
    assert pack is not None
    return [f.message for f in check_glossary(pack) if f.card == "fuel-cell" and f.field == "text.es"]


@pytest.mark.parametrize(
    ("english", "spanish"),
    [
        ("A Reaver Ship attacks.", "Una nave de saqueadores ataca."),  # "Reaver" is inside the longer term
        ("Hire a Bounty Hunter.", "Contrata a un cazarrecompensas."),
        ("Dock your ship to repair it.", "Atraca tu nave para repararla."),  # a verb: the term is a noun
        ("You may dock here.", "Puedes atracar aquí."),
        ("The Fly zone is closed.", "La zona de vuelo está cerrada."),  # a noun: the term is a verb
        ("Draw, then dock.", "Roba y atraca."),
    ],
)
def test_a_term_the_original_does_not_use_is_not_asked_for(tiny_copy: Path, english: str, spanish: str) -> None:
    assert _glossary_messages(tiny_copy, english, spanish) == []


@pytest.mark.parametrize(
    ("english", "spanish", "said"),
    [
        ("Hire a Bounty Hunter, then claim the Bounty.", "Contrata a un cazarrecompensas y cobra el premio.", "Bounty"),
        ("Move to the Dock.", "Muévete al puerto.", "Dock"),
        ("Repair your ship at your Dock.", "Repara tu nave en tu puerto.", "Dock"),
        ("The Dock's crew helps.", "La tripulación del puerto ayuda.", "Dock's"),
        ("You may fly 2 sectors.", "Puedes moverte 2 sectores.", "fly"),
    ],
)
def test_a_term_the_original_uses_as_itself_is_asked_for(
    tiny_copy: Path, english: str, spanish: str, said: str
) -> None:
    messages = _glossary_messages(tiny_copy, english, spanish)
    assert len(messages) == 1 and messages[0].startswith(f'the original says "{said}"'), messages


@pytest.mark.parametrize(
    ("english", "word", "part"),
    [
        ("Hold your cards.", "Hold", "verb"),
        ("Put it in the Hold.", "Hold", "noun"),
        ("Your cargo Hold is full.", "Hold", "noun"),
        ("Players hold cards.", "hold", None),  # a subject noun before it: not told apart
    ],
)
def test_the_part_of_speech_is_read_from_the_words_around(english: str, word: str, part: str | None) -> None:
    start = english.index(word)
    assert used_as(english, start, start + len(word)) == part


NAMED_TERMS = """
[[term]]
source = "Lion"
target = "león"

[[term]]
source = "Rope"
target = "cuerda"

[[term]]
source = "Harvest"
target = "cosecha"
"""


def _name_messages(tiny: Path, name: tuple[str, str], text: tuple[str, str]) -> list[str]:
    """text/glossary's messages on fuel-cell's name and text, its name and text so written."""
    (tiny / "glossary.toml").write_text(
        (tiny / "glossary.toml").read_text(encoding="utf-8") + NAMED_TERMS, encoding="utf-8"
    )
    edit(tiny, "supply.toml", 'title.en = "Fuel Cell"', f'title.en = "{name[0]}"')
    edit(tiny, "supply.toml", 'title.es = "Célula de combustible"', f'title.es = "{name[1]}"')
    edit(tiny, "supply.toml", 'text.en = "Gain 2 {fuel}."', f'text.en = "{text[0]}"')
    edit(tiny, "supply.toml", 'text.es = "Gana 2 {fuel}."', f'text.es = "{text[1]}"')
    pack = load_pack(tiny).pack
    assert pack is not None
    return [f"{f.field}: {f.message}" for f in check_glossary(pack) if f.card == "fuel-cell"]


@pytest.mark.parametrize(
    ("name", "text"),
    [
        # a compound said as one word, or a noun with its adjective or adverbial: the modifier is in it
        (("The Lion Tamer", "La domadora"), ("The tamer bows.", "La domadora saluda.")),
        (("Rope Team", "Cordada"), ("Your climbers form a rope team.", "Tus escaladores forman una cordada.")),
        (("Harvest Moon", "Luna cosechera"), ("Gain 2 {fuel}.", "Gana 2 {fuel}.")),
        (("Lion's Share", "La parte del león"), ("Take the most.", "Toma la mayor parte.")),  # said, as ever
    ],
)
def test_a_term_that_modifies_the_card_name_may_be_said_inside_one_word(
    tiny_copy: Path, name: tuple[str, str], text: tuple[str, str]
) -> None:
    assert _name_messages(tiny_copy, name, text) == []


@pytest.mark.parametrize(
    ("name", "text", "field"),
    [
        # the modifier said with "de" + a noun, but not in the glossary's words
        (("Harvest Festival", "Fiesta de la recolección"), ("Gain 2 {fuel}.", "Gana 2 {fuel}."), "title.es"),
        (("Lion Tamer", "Domadora de fieras"), ("Gain 2 {fuel}.", "Gana 2 {fuel}."), "title.es"),
        # the term is the name's head, not a modifier
        (("The Lion", "La fiera"), ("Gain 2 {fuel}.", "Gana 2 {fuel}."), "title.es"),
        # the compound of the name in the text, said without the translated name
        (("Rope Team", "Cordada"), ("Your climbers form a rope team.", "Tus escaladores forman un equipo."), "text.es"),
        # the term in the text, not in the name's compound
        (("Rope Team", "Cordada"), ("Cut the rope.", "Corta la soga."), "text.es"),
    ],
)
def test_a_term_the_name_says_as_itself_or_the_text_drops_is_asked_for(
    tiny_copy: Path, name: tuple[str, str], text: tuple[str, str], field: str
) -> None:
    messages = _name_messages(tiny_copy, name, text)
    assert len(messages) == 1 and messages[0].startswith(f"{field}: the original says"), messages
