"""The layout memo (pnp.layout.memo) takes a deck whose inputs are unchanged whole, and in a deck whose
cards alone changed lays out only those: what it gives is always what laying out without it gives."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from pnp.cache import META_SUFFIX, Cache, CacheKind
from pnp.layout.memo import LayoutMemo, layout_memo
from pnp.layout.plan import PackFaces, lay_out_pack
from pnp.load.pack import load_pack
from pnp.model import PackData
from pnp.pipelines.build import BuildOptions, build
from tests.test_cache import _more_decks


def _load(pack: Path) -> PackData:
    loaded = load_pack(pack)
    assert loaded.pack is not None, [f.message for f in loaded.findings]
    return loaded.pack


def _warm(pack: Path, out: Path) -> tuple[PackFaces, LayoutMemo]:
    """The pack laid out in Spanish with the memo a build keeps in `out`."""
    data = _load(pack)
    memo = layout_memo(out, True, data.root, "es")
    return lay_out_pack(data, "es", memo=memo), memo


def _seen(laid: PackFaces) -> tuple[list[Any], list[Any]]:
    """Everything the later stages read of a layout: every face, where its card is written, the findings."""
    decks = [
        (
            deck.deck.deck.id,
            deck.size,
            deck.back,
            [
                (c.card, c.front, c.back, c.front.card_file, c.front.card_line, c.back.card_file, c.back.card_line)
                for c in deck.cards
            ],
        )
        for deck in laid.decks
    ]
    return decks, laid.findings


def _as_uncached(pack: Path, laid: PackFaces) -> None:
    assert _seen(laid) == _seen(lay_out_pack(_load(pack), "es"))


def _edit(file: Path, old: str, new: str) -> None:
    text = file.read_text(encoding="utf-8")
    assert old in text, old
    file.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_after_one_edit_only_the_edited_card_is_laid_out(tiny_copy: Path, tmp_path: Path) -> None:
    _more_decks(tiny_copy, 3, 4)
    out = tmp_path / "out"
    first, memo = _warm(tiny_copy, out)
    assert memo.laid_out > 0 and memo.decks_kept == 0
    again, memo = _warm(tiny_copy, out)
    assert (memo.laid_out, memo.decks_kept, memo.cards_kept) == (0, 5, 0)  # every deck whole
    assert _seen(again) == _seen(first)
    _edit(tiny_copy / "cargo-1.toml", 'text.es = "Gana 2 {fuel}."', 'text.es = "Gana 2 {fuel} ya."')
    edited, memo = _warm(tiny_copy, out)
    assert (memo.laid_out, memo.decks_kept, memo.cards_kept) == (1, 4, 3)
    _as_uncached(tiny_copy, edited)
    face = next(
        c.front for d in edited.decks for c in d.cards if c.card.id == "cargo-1-1"
    )  # its text: "Gana 2 {fuel}."
    assert any("Gana 2 {fuel} ya." in str(e.get("text")) for e in face.elements)
    _, memo = _warm(tiny_copy, out)
    assert (memo.laid_out, memo.decks_kept) == (0, 5)  # the edited deck was kept as laid out


def test_a_layout_edit_lays_out_again_only_the_decks_it_draws(tiny_copy: Path, tmp_path: Path) -> None:
    _more_decks(tiny_copy, 2, 3)
    out = tmp_path / "out"
    before, _ = _warm(tiny_copy, out)
    _edit(tiny_copy / "templates" / "firefly" / "nav.toml", 'width = "30.5mm"', 'width = "28mm"')
    after, memo = _warm(tiny_copy, out)
    assert memo.decks_kept == 3  # supply and the two cargo decks: no nav card
    assert memo.laid_out == 3  # the nav deck's cards, each a new face
    _as_uncached(tiny_copy, after)
    nav_before, nav_after = (next(d for d in laid.decks if d.deck.deck.id == "nav") for laid in (before, after))
    assert nav_before.cards[0].front != nav_after.cards[0].front


def test_a_deck_added_or_removed_leaves_the_other_decks_whole(tiny_copy: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    _warm(tiny_copy, out)
    _more_decks(tiny_copy, 1, 3)  # a deck more: pack.toml changes, but not what the other decks read
    added, memo = _warm(tiny_copy, out)
    assert (memo.decks_kept, memo.laid_out) == (2, 3)
    _as_uncached(tiny_copy, added)
    manifest = tiny_copy / "pack.toml"
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text[: text.index('\n[[deck]]\nid = "cargo-0"')] + "\n", encoding="utf-8")
    removed, memo = _warm(tiny_copy, out)
    assert (memo.decks_kept, memo.laid_out) == (2, 0)
    assert [d.deck.deck.id for d in removed.decks] == ["supply", "nav"]
    _as_uncached(tiny_copy, removed)


def test_a_layout_picture_that_breaks_is_found_though_nothing_else_changed(tiny_copy: Path, tmp_path: Path) -> None:
    """A layout's own picture (not a card's art) is judged by the layout: the memo looks at its file."""
    emblem = tiny_copy / "art" / "emblem.png"
    Image.new("RGB", (20, 20), (200, 30, 30)).save(emblem)
    layout = tiny_copy / "templates" / "firefly" / "nav.toml"
    layout.write_text(
        layout.read_text(encoding="utf-8") + '\n[[element]]\nname = "emblem"\nkind = "image"\n'
        'source = "art/emblem.png"\nx = "17mm"\ny = "50mm"\nwidth = "4mm"\nheight = "4mm"\n',
        encoding="utf-8",
    )
    out = tmp_path / "out"
    first, _ = _warm(tiny_copy, out)
    assert not [f for f in first.findings if f.code == "layout/image"]
    emblem.write_bytes(b"not a picture at all")
    broken, memo = _warm(tiny_copy, out)
    assert memo.decks_kept == 1  # supply; nav read the picture
    found = [f for f in broken.findings if f.code == "layout/image"]  # said once, on the nav deck's cards
    assert len(found) == 1 and "emblem" in found[0].message and "3 cards" in found[0].message, found
    _as_uncached(tiny_copy, broken)
    again, memo = _warm(tiny_copy, out)
    assert memo.decks_kept == 2 and _seen(again) == _seen(broken)  # kept with the picture as it is now
    Image.new("RGB", (20, 20), (30, 30, 200)).save(emblem)
    mended, _ = _warm(tiny_copy, out)
    assert not [f for f in mended.findings if f.code == "layout/image"]
    _as_uncached(tiny_copy, mended)


def test_findings_taken_from_the_memo_come_in_the_order_a_fresh_layout_finds_them(
    tiny_copy: Path, tmp_path: Path
) -> None:
    """A layout with panels on a type without regions says so once per deck, on the first card that
    has both: after the card that said it is gone, the next one says it, though taken from the memo."""
    layout = tiny_copy / "templates" / "firefly" / "nav.toml"
    layout.write_text(
        layout.read_text(encoding="utf-8") + '\n[[element]]\nname = "panels"\nkind = "panels"\n', encoding="utf-8"
    )
    nav = tiny_copy / "nav.toml"
    plain = nav.read_text(encoding="utf-8")
    first_card = 'id = "alpha"\ntype = "nav"\ntitle.en = "Alpha"\ntitle.es = "Alfa"\nstatus.es = "reviewed"\n'
    nav.write_text(f"[[card]]\n{first_card}\n{plain}", encoding="utf-8")
    out = tmp_path / "out"
    laid, _ = _warm(tiny_copy, out)
    assert [f.card for f in laid.findings if f.code == "layout/no-regions"] == ["alpha"]
    nav.write_text(plain, encoding="utf-8")
    laid, memo = _warm(tiny_copy, out)
    assert memo.cards_kept == 3 and memo.laid_out == 0
    assert [f.card for f in laid.findings if f.code == "layout/no-regions"] == ["storm"]
    _as_uncached(tiny_copy, laid)


def test_an_entry_rewritten_after_many_edits_keeps_its_faces_and_stays_small(tiny_copy: Path, tmp_path: Path) -> None:
    """An edit writes the deck's entry with its elements as they were and the new ones after them; the
    old ones of an edited card are dropped when they have piled up: the entry is made anew."""
    _more_decks(tiny_copy, 1, 12)
    out = tmp_path / "out"
    _warm(tiny_copy, out)
    deck = tiny_copy / "cargo-0.toml"
    sizes, added = [], []
    for n in range(16):
        _edit(deck, 'text.es = "Gana 3 {fuel}', f'text.es = "Gana 3 {{fuel}} {n}')
        laid, memo = _warm(tiny_copy, out)
        assert (memo.laid_out, memo.cards_kept) == (1, 11)
        _as_uncached(tiny_copy, laid)
        (entry,) = [e for _, _, e in _entries(out) if any("cargo-0-0" in str(f) for f in e["faces"].values())]
        sizes.append(len(entry["elements"]))
        added.append(entry["added"])
    assert 0 in added[1:] and max(added) > 0, added  # grown, then made anew
    assert max(sizes) <= sizes[0] * 1.25 + 2, sizes


def _entries(out: Path) -> list[tuple[Cache, str, dict[str, Any]]]:
    """The memo's deck entries: (cache, key, what it holds)."""
    cache = Cache.open(out, CacheKind.LAYOUT)
    found = []
    for path in sorted(cache.folder.glob("*.json")):
        if not path.name.endswith(META_SUFFIX):
            entry = cache.get_json(path.stem)
            if "cards" in entry:
                found.append((cache, path.stem, entry))
    return found


@pytest.mark.parametrize(
    "breaking",
    [
        "flipped byte",
        "no elements",
        "a face that is not there",
        "an element out of the table",
        "an element of another shape",
        "a card row cut short",
    ],
)
def test_a_broken_entry_is_laid_out_again(tiny_copy: Path, tmp_path: Path, breaking: str) -> None:
    _more_decks(tiny_copy, 1, 3)
    out = tmp_path / "out"
    _warm(tiny_copy, out)
    entries = _entries(out)
    assert len(entries) == 3
    for cache, key, entry in entries:
        if breaking == "flipped byte":
            data = bytearray(cache.path(key).read_bytes())
            data[len(data) // 2] ^= 0x01
            cache.path(key).write_bytes(bytes(data))
            continue
        if breaking == "no elements":
            del entry["elements"]
        elif breaking == "a face that is not there":
            entry["cards"][-1][2][0] = "0" * 32
        elif breaking == "an element out of the table":
            next(iter(entry["faces"].values()))[-1][0] = len(entry["elements"]) + 5
        elif breaking == "an element of another shape":
            entry["elements"][-1][3].append("one value too many")
        else:
            entry["cards"][0] = entry["cards"][0][:3]
        cache.put(key, json.dumps(entry).encode())  # an entry that verifies, holding what no build wrote
    laid, memo = _warm(tiny_copy, out)
    assert memo.decks_kept == 0
    _as_uncached(tiny_copy, laid)
    _, memo = _warm(tiny_copy, out)  # each deck written again, whole
    assert (memo.decks_kept, memo.laid_out) == (3, 0)


def _outputs(out: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((out / "tiny" / "es").glob("*.pdf"))}


@pytest.mark.slow
def test_warm_builds_after_edits_art_and_decks_write_what_a_no_cache_build_writes(
    tiny_copy: Path, tmp_path: Path
) -> None:
    """A card edited, a layout edited, a card's art replaced, a deck added: each warm build's files are
    those of a --no-cache build of the same pack."""
    out = tmp_path / "warm"
    assert build(tiny_copy, BuildOptions(output=out)).ok
    art = tiny_copy / "art" / "spare-parts.png"
    steps = [
        lambda: _edit(tiny_copy / "supply.toml", "Gana 2 {fuel}.", "Gana 2 {fuel} ya."),
        lambda: _edit(tiny_copy / "templates" / "firefly" / "nav.toml", 'width = "30.5mm"', 'width = "28mm"'),
        lambda: Image.new("RGB", Image.open(art).size, (10, 120, 40)).save(art),
        lambda: _more_decks(tiny_copy, 1, 2),
    ]
    for number, step in enumerate(steps):
        step()
        assert build(tiny_copy, BuildOptions(output=out)).ok
        fresh = tmp_path / f"fresh-{number}"
        assert build(tiny_copy, BuildOptions(output=fresh, cache=False)).ok
        assert _outputs(out) == _outputs(fresh), number


def test_a_layout_line_moved_keeps_no_finding_pointing_at_the_old_line(tiny_copy: Path, tmp_path: Path) -> None:
    """A layout is part of the memo's key by its files' texts, not by the files themselves (whose
    repr was a tenth of a second per deck): a comment added above an element moves the lines
    findings name, and the deck is laid out again."""
    from pnp.layout.templates import load_family
    from pnp.paths import TEMPLATES_DIR

    layout = tiny_copy / "templates" / "firefly" / "nav.toml"
    family, _ = load_family(TEMPLATES_DIR, "firefly", tiny_copy)
    nav = family.templates["nav"]
    assert len(repr(nav)) < len(repr(nav.elements)) + 500  # the elements and a digest, no files
    out = tmp_path / "out"
    _warm(tiny_copy, out)
    layout.write_text("# a comment\n" + layout.read_text(encoding="utf-8"), encoding="utf-8")
    moved, _ = load_family(TEMPLATES_DIR, "firefly", tiny_copy)
    assert repr(moved.templates["nav"]) != repr(family.templates["nav"])
    assert moved.templates["nav"].where("title") == (
        family.templates["nav"].where("title")[0],
        (family.templates["nav"].where("title")[1] or 0) + 1,
    )
    after, memo = _warm(tiny_copy, out)
    assert memo.laid_out == 3  # the nav deck again
    _as_uncached(tiny_copy, after)
