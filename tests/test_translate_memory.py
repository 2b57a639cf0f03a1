"""The translation memory: the closest originals already translated, with their translations and a similarity."""

from __future__ import annotations

from pathlib import Path

from pnp.load import load_pack
from pnp.translate.memory import Memory, Remembered, compendium_entries, pack_entries

from .conftest import TINY


def test_an_original_one_word_away_from_a_translated_one_is_suggested_with_its_translation() -> None:
    memory = Memory(pack_entries(load_pack(TINY).pack, "es"))  # type: ignore[arg-type]
    found = memory.suggest("Shuffle the discards back into the box.")
    assert found, "one word differs: it must be suggested"
    best = found[0]
    assert best.target == "Baraja los descartes de nuevo en el mazo." and best.where == "reshuffle · text"
    assert 80 <= best.similarity < 100
    assert memory.suggest("Shuffle the discards back into the deck.")[0].similarity == 100


def test_drafts_are_not_remembered_and_a_field_is_not_suggested_to_itself() -> None:
    entries = pack_entries(load_pack(TINY).pack, "es")  # type: ignore[arg-type]
    assert not [e for e in entries if e.card == "pilot"], "pilot is a draft in Spanish: not trusted yet"
    memory = Memory(entries)
    same = memory.suggest("Lose 1 {fuel}.", card="storm", field="text")
    assert all(s.where != "storm · text" for s in same)
    assert memory.suggest("Lose 1 {fuel}.")[0].where == "storm · text"


def test_nothing_close_suggests_nothing() -> None:
    memory = Memory([Remembered("Gain 2 fuel.", "Gana 2 de combustible.", "x")])
    assert memory.suggest("Every player draws three cards and discards one.") == []
    assert memory.suggest("") == []


def test_a_compendium_gives_its_translated_entries_and_a_broken_one_says_so(tmp_path: Path) -> None:
    po = tmp_path / "old.es.po"
    po.write_text(
        'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "Draw 2 cards."\nmsgstr "Roba 2 cartas."\n\n'
        '#, fuzzy\nmsgid "Draw 3 cards."\nmsgstr "Roba 3 cartas."\n\n'
        'msgid "Pass."\nmsgstr ""\n',
        encoding="utf-8",
    )
    entries, problems = compendium_entries(po, "old.es.po")
    assert problems == [] and [(e.source, e.target) for e in entries] == [("Draw 2 cards.", "Roba 2 cartas.")]
    assert Memory(entries).suggest("Draw 4 cards.")[0].target == "Roba 2 cartas."
    broken = tmp_path / "broken.po"
    broken.write_bytes(b'msgid "a\nmsgstr \xff')
    entries, problems = compendium_entries(broken, "broken.po")
    assert entries == [] and problems and "broken.po" in problems[0].message


def test_five_thousand_cards_are_indexed_once_and_each_lookup_answers(tmp_path: Path) -> None:
    """At 5000 cards (three texts each) the memory still gives the close one first (the times are measured
    in docs/translating.md, not here: a test never depends on the machine's speed)."""
    words = ["fuel", "parts", "crew", "sector", "ship", "storm", "cargo", "credits", "moon", "station"]
    entries = [
        Remembered(
            f"Gain {i % 7} {words[i % 10]} and move {i % 5} {words[(i * 3) % 10]} to sector {i}.",
            f"Gana {i % 7} {words[i % 10]} y mueve {i % 5} {words[(i * 3) % 10]} al sector {i}.",
            f"card-{i} · text",
        )
        for i in range(15000)
    ]
    memory = Memory(entries)
    assert len(memory) == 15000
    one_word_off = entries[4242].source.replace("Gain", "Take")
    found = memory.suggest(one_word_off)
    assert found[0].where == "card-4242 · text" and found[0].target == entries[4242].target
