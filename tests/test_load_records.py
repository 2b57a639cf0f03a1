"""A deck file read record by record (pnp.load.toml, while pnp.load.remembered is on) is the file's own
reading: the same data and the same key lines as parsing it whole, and only new records are parsed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import tomli

import pnp.load.toml
from pnp.cache import META_SUFFIX, Cache
from pnp.load.remembered import remembering
from pnp.load.toml import _key_lines, key_lines, read_toml

DECK = "".join(
    f'[[card]]\nid = "c{n}"\ntype = "nav"\ntitle.en = "Card {n}"\ntext.en = """\nLine {n}\n"""\n'
    f'[card.back]\ntitle.en = "Back {n}"\n\n'
    for n in range(6)
)


PARSE = tomli.loads  # the parser itself, not the counting one of `parsed`


@pytest.fixture
def parsed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text tomli parses, in order."""
    texts: list[str] = []
    real = tomli.loads

    def counting(text: str) -> dict:
        texts.append(text)
        return real(text)

    monkeypatch.setattr(pnp.load.toml.tomli, "loads", counting)
    return texts


def _read(path: Path, cache: Cache) -> tuple[dict, list[dict[str, int]]]:
    """What a load takes from the file while remembering: its data and its card key lines."""
    with remembering(cache):
        source, findings = read_toml(path, path.name)
        assert source is not None and findings == []
        return source.data, key_lines(source.text, "card")


def _as_whole(path: Path) -> tuple[dict, list[dict[str, int]]]:
    text = path.read_text(encoding="utf-8")
    return PARSE(text), _key_lines(text, "card")


def test_only_the_edited_card_is_parsed_and_the_lines_below_move(tmp_path: Path, parsed: list[str]) -> None:
    deck, cache = tmp_path / "deck.toml", Cache(tmp_path / "cache", ".json")
    deck.write_text("# a deck\n\n" + DECK, encoding="utf-8")
    assert _read(deck, cache) == _as_whole(deck)
    assert len(parsed) == 1 + 6  # the head (only comments?), then each card
    before = _as_whole(deck)[1]
    parsed.clear()
    pnp.load.toml._KEPT_LINES.clear()  # as in a new process
    assert _read(deck, cache) == _as_whole(deck)
    assert parsed == []  # the same text: not even its head is parsed again
    # three lines more in card c1: only its text is parsed; every key line below it is three lines lower
    deck.write_text(deck.read_text(encoding="utf-8").replace('"Card 1"', '"Card 1"\nflavour.en = """\nHm\n"""'))
    parsed.clear()
    data, lines = _read(deck, cache)
    assert (data, lines) == _as_whole(deck)
    assert len(parsed) == 2 and parsed[1].startswith('[[card]]\nid = "c1"')
    assert lines[0] == before[0] and lines[1]["flavour.en"] == before[1]["title.en"] + 1
    assert all(line == before[n][key] + 3 for n in range(2, 6) for key, line in lines[n].items())


@pytest.mark.parametrize(
    "change",
    [
        "a card added",
        "a card deleted",
        "cards swapped",
        "a date",
        "a header in a string",
        "a key before the cards",
        "a broken card",
        "windows line ends",
        "two equal cards",
    ],
)
def test_every_change_reads_as_the_whole_file(tmp_path: Path, change: str) -> None:
    deck, cache = tmp_path / "deck.toml", Cache(tmp_path / "cache", ".json")
    deck.write_text(DECK, encoding="utf-8")
    _read(deck, cache)
    cards = DECK.split("[[card]]")[1:]
    text = {
        "a card added": DECK + '[[card]]\nid = "new"\n',
        "a card deleted": "".join(f"[[card]]{c}" for c in cards[:2] + cards[3:]),
        "cards swapped": "".join(f"[[card]]{c}" for c in [cards[1], cards[0], *cards[2:]]),
        "a date": DECK + '[[card]]\nid = "dated"\nwhen = 2026-12-02\n',
        "a header in a string": DECK.replace("Line 3\n", "Line 3\n[[card]]\nid = 1\n"),
        "a key before the cards": "x = 1\n" + DECK,
        "a broken card": DECK.replace('title.en = "Card 2"', 'title.en = "Card 2'),
        "windows line ends": DECK.replace("\n", "\r\n"),
        "two equal cards": DECK + f"[[card]]{cards[4]}",
    }[change]
    deck.write_bytes(text.encode())
    try:
        whole = _as_whole(deck)
    except tomli.TOMLDecodeError:
        with remembering(cache):
            assert read_toml(deck, "deck.toml")[0] is None  # the file's own finding, as without a cache
        return
    with remembering(cache):
        source, findings = read_toml(deck, "deck.toml")
    assert source is not None and findings == []
    assert source.data == whole[0]
    with remembering(cache):
        assert key_lines(source.text, "card") == whole[1]


def test_a_broken_entry_counts_as_missing(tmp_path: Path, parsed: list[str]) -> None:
    deck, cache = tmp_path / "deck.toml", Cache(tmp_path / "cache", ".json")
    deck.write_text(DECK, encoding="utf-8")
    _read(deck, cache)
    (entry,) = [p for p in cache.folder.glob("*.json") if META_SUFFIX not in p.name]
    kept = json.loads(entry.read_bytes())
    first = next(iter(kept["parts"]))
    kept["parts"][first][0]["title"] = {"en": "Planted"}  # verified as an entry, but a card the file does not hold
    kept["parts"][first][1] = {"": "one"}
    cache.put(entry.stem, json.dumps(kept).encode())
    pnp.load.toml._KEPT_LINES.clear()
    parsed.clear()
    assert _read(deck, cache) == _as_whole(deck)
    assert len(parsed) == 1  # that card parsed again
    data = bytearray(entry.read_bytes())
    data[len(data) // 2] ^= 1
    entry.write_bytes(bytes(data))
    pnp.load.toml._KEPT_LINES.clear()
    parsed.clear()
    assert _read(deck, cache) == _as_whole(deck)
    assert len(parsed) == 6  # every card parsed again
