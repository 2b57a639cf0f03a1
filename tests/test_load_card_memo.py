"""A reload checks again only the cards that changed, or whose referenced things changed, and says exactly
what a load without any cache says: the same findings, in the same order, at the same file and line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import pnp.load.references
from pnp.cache import META_SUFFIX, Cache
from pnp.errors import Finding
from pnp.load.pack import load_pack
from pnp.load.remembered import remembering

# cards that give findings of every kind a card's cross-check has, placed by field and by dotted key
SUPPLY_MORE = """
[[card]]
id = "boarder"
type = "gear"
cost = 1
keywords = ["boarding 2"]
title.en = "Boarder"
title.es = "Abordador"
text.en = "Attack with {sail}."
text.es = "**Ataca con {sail}."

[[card]]
id = "ghost"
type = "gear"
cost = 5
art = "art/ghost.png"
title.en = "Ghost"
title.es = "Fantasma"
text.en = "Use {nitro}."
"""
NAV_MORE = """
[[card]]
id = "odd"
type = "nav"
keywords = ["boardng"]
title.en = "Odd"
title.fr = "Bizarre"
status.fr = "draft"

[[card]]
id = "boarded"
type = "nav"
keywords = ["boarding 1"]
title.en = "Boarded"
"""


@pytest.fixture
def pack(tiny_copy: Path) -> Path:
    for name, more in (("supply.toml", SUPPLY_MORE), ("nav.toml", NAV_MORE)):
        path = tiny_copy / name
        path.write_text(path.read_text(encoding="utf-8") + more, encoding="utf-8")
    return tiny_copy


@pytest.fixture
def checked(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The ids of the cards whose cross-check runs, in order."""
    ids: list[str] = []
    real = pnp.load.references._check_card

    def counting(*args: object, **kwargs: object) -> object:
        ids.append(args[3].id)  # type: ignore[attr-defined]
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(pnp.load.references, "_check_card", counting)
    return ids


def _cached(root: Path, cache: Cache) -> list[Finding]:
    with remembering(cache):
        return load_pack(root).findings


def _uncached(root: Path) -> list[Finding]:
    return load_pack(root).findings


def _card_findings(findings: list[Finding]) -> list[Finding]:
    return [f for f in findings if f.card is not None]


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _reload_is_exact(root: Path, cache: Cache, checked: list[str]) -> list[str]:
    """Reload with the cache; its findings must be an uncached load's. Returns the cards checked again."""
    checked.clear()
    warm = _cached(root, cache)
    again = list(checked)
    checked.clear()
    assert warm == _uncached(root)
    return again


def test_an_unchanged_reload_checks_no_card_and_says_the_same(pack: Path, tmp_path: Path, checked: list[str]) -> None:
    cache = Cache(tmp_path / "cache", ".json")
    first = _cached(pack, cache)
    assert len(checked) == 10  # every card, once
    codes = {f.code for f in _card_findings(first)}
    assert {"load/unknown-ref", "load/unknown-icon", "load/markup", "load/missing-file"} <= codes
    assert {"load/unknown-language"} <= codes and all(f.line for f in _card_findings(first))
    assert _reload_is_exact(pack, cache, checked) == []


def test_an_edit_checks_that_card_again_and_the_lines_below_it_move(
    pack: Path, tmp_path: Path, checked: list[str]
) -> None:
    cache = Cache(tmp_path / "cache", ".json")
    before = _cached(pack, cache)
    # two lines more in the first card: every finding below it is two lines lower, none checked again
    _edit(pack / "supply.toml", 'text.es = "Gana 2 {fuel}."', 'text.es = "Gana 2 {fuel}."\nflavour.en = "Hm."\n')
    assert _reload_is_exact(pack, cache, checked) == ["fuel-cell"]
    after = _cached(pack, cache)
    moved = {(f.card, f.code, f.field): f.line for f in after if f.file.endswith("supply.toml") and f.card}
    for f in before:
        if f.file.endswith("supply.toml") and f.card and f.line:
            assert moved[(f.card, f.code, f.field)] == f.line + 2
    # a new finding on the edited card itself
    _edit(pack / "supply.toml", 'flavour.en = "Hm."', 'flavour.en = "**Hm."')
    assert _reload_is_exact(pack, cache, checked) == ["fuel-cell"]
    assert any(f.card == "fuel-cell" and f.code == "load/markup" for f in _uncached(pack))


def test_a_rename_of_a_referenced_id_checks_again_only_the_cards_that_name_it(
    pack: Path, tmp_path: Path, checked: list[str]
) -> None:
    cache = Cache(tmp_path / "cache", ".json")
    _cached(pack, cache)
    _edit(pack / "glossary.toml", 'id = "boarding"', 'id = "boarding-party"')
    # the cards naming "boarding" now name nothing; "odd" names an unknown one, whose hint names the known
    assert sorted(_reload_is_exact(pack, cache, checked)) == ["boarded", "boarder", "odd"]
    assert {f.card for f in _uncached(pack) if f.message.startswith('unknown keyword "boarding ')} == {
        "boarder",
        "boarded",
    }
    _edit(pack / "pack.toml", 'icons = ["fuel", "parts"]', 'icons = ["fuel", "parts", "nitro"]')
    assert _reload_is_exact(pack, cache, checked) == ["ghost"]  # the one card that uses {nitro}
    _edit(pack / "pack.toml", 'id = "nav"\nname = { en = "Nav"', 'id = "sea"\nname = { en = "Nav"')
    assert sorted(_reload_is_exact(pack, cache, checked)) == ["boarded", "clear-skies", "odd", "reshuffle", "storm"]


def test_a_file_a_card_names_is_looked_at_again_when_it_changes(pack: Path, tmp_path: Path, checked: list[str]) -> None:
    cache = Cache(tmp_path / "cache", ".json")
    _cached(pack, cache)
    (pack / "art" / "ghost.png").write_bytes((pack / "art" / "spare-parts.png").read_bytes())
    assert _reload_is_exact(pack, cache, checked) == ["ghost"]
    (pack / "art" / "spare-parts.png").write_bytes(b"not a picture")
    assert _reload_is_exact(pack, cache, checked) == ["spare-parts"]
    assert any(f.card == "spare-parts" and f.code == "load/bad-image" for f in _uncached(pack))
    (pack / "art" / "ghost.png").unlink()
    assert _reload_is_exact(pack, cache, checked) == ["ghost"]
    (pack / "art" / "ghosts.png").write_bytes(b"")  # what the folder holds is in the missing file's hint
    assert _reload_is_exact(pack, cache, checked) == ["ghost"]
    assert any("ghosts.png" in (f.hint or "") for f in _uncached(pack))


def _entries(cache: Cache) -> list[Path]:
    return [p for p in cache.folder.glob("*.json") if META_SUFFIX not in p.name]


def _kept_cards(cache: Cache) -> list[int]:
    """How many cards each deck's entry holds."""
    entries = [json.loads(p.read_bytes()) for p in _entries(cache)]
    return sorted(len(entry["cards"]) for entry in entries if "cards" in entry)


def test_a_deleted_card_is_said_no_more_and_leaves_the_kept_entry(
    pack: Path, tmp_path: Path, checked: list[str]
) -> None:
    cache = Cache(tmp_path / "cache", ".json")
    _cached(pack, cache)
    assert _kept_cards(cache) == [5, 5]
    supply = pack / "supply.toml"
    text = supply.read_text(encoding="utf-8")
    start = text.index('[[card]]\nid = "boarder"')
    supply.write_text(text[:start] + text[text.index("[[card]]", start + 1) :], encoding="utf-8")
    assert _reload_is_exact(pack, cache, checked) == []
    assert "boarder" not in {f.card for f in _uncached(pack)}
    assert _kept_cards(cache) == [4, 5]


@pytest.mark.parametrize("damage", ["flipped byte", "planted entry"])
def test_a_broken_entry_counts_as_missing(pack: Path, tmp_path: Path, checked: list[str], damage: str) -> None:
    cache = Cache(tmp_path / "cache", ".json")
    _cached(pack, cache)
    marks = [p for p in _entries(cache) if "cards" in json.loads(p.read_bytes())]
    assert len(marks) == 2  # one entry per deck
    for entry in marks:
        if damage == "flipped byte":
            data = bytearray(entry.read_bytes())
            data[len(data) // 2] ^= 1
            entry.write_bytes(bytes(data))
        else:  # verified as an entry, but not what pnp keeps: a finding with a line, of no known severity
            cache.put(entry.stem, b'{"cards": {"x": [[{"severity": "fatal", "line": 3}, "card"]]}}')
    assert sorted(_reload_is_exact(pack, cache, checked)) == sorted(
        ["fuel-cell", "spare-parts", "pilot", "boarder", "ghost", "storm", "reshuffle", "clear-skies", "odd", "boarded"]
    )
    assert _reload_is_exact(pack, cache, checked) == []  # and made again
