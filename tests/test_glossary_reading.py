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
