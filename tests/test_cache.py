"""The build cache: transparent (a warm build writes the bytes a --no-cache build writes),
and never trusted blindly (a planted, flipped, torn or foreign entry is drawn again and replaced)."""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

import pnp.export.sheets
from pnp.cache import FINGERPRINTED, META_SUFFIX, Cache, fingerprinted_files, installed_version
from pnp.pipelines.build import BuildOptions, build
from tests.conftest import BLUE_SUN

ARTICLES = ("Garfio", "Radar", "Motor", "Señuelo", "Botiquín")


def _grow(pack: Path, extra: int) -> None:
    """Add `extra` gear cards to tiny's supply deck, so it fills several sheets."""
    supply = pack / "supply.toml"
    cards = [
        f'[[card]]\nid = "extra-{n}"\ntype = "gear"\ntitle.en = "Spare {n}"\n'
        f'title.es = "{ARTICLES[n % len(ARTICLES)]} {n}"\ntext.en = "Gain {n % 5 + 1} {{fuel}}."\n'
        f'text.es = "Gana {n % 5 + 1} {{fuel}}."\ncost = {100 * (n % 4 + 1)}\nstatus.es = "reviewed"\n'
        for n in range(extra)
    ]
    supply.write_text(supply.read_text(encoding="utf-8") + "\n" + "\n".join(cards), encoding="utf-8")
    manifest = pack / "pack.toml"
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text.replace("expected_count = 5\n", f"expected_count = {5 + extra}\n", 1), encoding="utf-8")


def _outputs(out: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((out / "tiny" / "es").glob("*.pdf"))}


def _entries(out: Path) -> list[Path]:
    return sorted((out / ".cache" / "pdf").glob("*.pdf"))


@pytest.fixture
def small_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pnp.export.sheets, "FACES_PER_PART", 2)  # two faces a part: several parts per deck


def _more_decks(pack: Path, decks: int, cards: int) -> list[Path]:
    """Add `decks` decks of `cards` gear cards each to tiny, as a box of many decks has them; their files."""
    manifest = pack / "pack.toml"
    text = manifest.read_text(encoding="utf-8")
    files = []
    for d in range(decks):
        text += (
            f'\n[[deck]]\nid = "cargo-{d}"\nname = {{ en = "Cargo {d}", es = "Carga {d}" }}\n'
            f'card_size = "mini-american"\nexpected_count = {cards}\ncard_types = ["gear"]\n'
            f'back = {{ label = {{ en = "CARGO", es = "CARGA" }}, color = "#4e6b2b" }}\n'
        )
        entries = [
            f'[[card]]\nid = "cargo-{d}-{n}"\ntype = "gear"\ntitle.en = "Crate {d}.{n}"\n'
            f'title.es = "Caja {d}.{n}"\ntext.en = "Gain {n % 5 + 1} {{fuel}}."\n'
            f'text.es = "Gana {n % 5 + 1} {{fuel}}."\ncost = {100 * (n % 4 + 1)}\nstatus.es = "reviewed"\n'
            for n in range(cards)
        ]
        files.append(pack / f"cargo-{d}.toml")
        files[-1].write_text("\n".join(entries), encoding="utf-8")
    manifest.write_text(text, encoding="utf-8")
    return files


@pytest.mark.slow
def test_a_warm_build_is_byte_identical_to_a_no_cache_build_after_the_same_edits(
    tiny_copy: Path, tmp_path: Path, small_parts: None
) -> None:
    _grow(tiny_copy, 30)
    warm, fresh = tmp_path / "warm", tmp_path / "fresh"
    first = build(tiny_copy, BuildOptions(output=warm))
    assert first.ok and first.ranges_drawn > 3
    supply = tiny_copy / "supply.toml"
    edits = [("Gana 2 {fuel}.", "Gana 2 {fuel} ahora."), ('title.es = "Radar 1"', 'title.es = "Radar grande 1"')]
    for old, new in edits:
        supply.write_text(supply.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
        again = build(tiny_copy, BuildOptions(output=warm))
        assert again.ok, [str(f) for f in again.findings if f.severity.value == "error"]
        assert 0 < again.ranges_drawn < first.ranges_drawn  # only the parts that hold the edited card
    fresh_result = build(tiny_copy, BuildOptions(output=fresh, cache=False))
    assert fresh_result.ranges_drawn == first.ranges_drawn
    assert _outputs(warm) == _outputs(fresh)
    assert len(_outputs(warm)) == 3


def _one_deck(pack: Path) -> None:
    """tiny with its supply deck alone, as a pack of one deck file is."""
    manifest = pack / "pack.toml"
    text = manifest.read_text(encoding="utf-8")
    text = text[: text.index('[[deck]]\nid = "nav"')] + text[text.index("[[manifest]]") :]
    text = text.replace('count = 10\ndecks = ["supply", "nav"]', 'count = 5\ndecks = ["supply"]')
    manifest.write_text(text.replace('name = { en = "10 cards", es = "10 cartas" }', 'name = { en = "5", es = "5" }'))
    (pack / "nav.toml").unlink()


def test_a_one_deck_pack_writes_its_deck_file_once_under_both_names(tiny_copy: Path, tmp_path: Path) -> None:
    """cards.pdf of a one-deck pack is its deck's file: written and flushed to the disk once, the
    second name a hard link, and after an edit both are what a --no-cache build writes."""
    _one_deck(tiny_copy)
    warm, fresh = tmp_path / "warm", tmp_path / "fresh"
    assert build(tiny_copy, BuildOptions(output=warm)).ok
    folder = warm / "tiny" / "es"
    assert (folder / "cards.pdf").samefile(folder / "cards-supply.pdf")
    supply = tiny_copy / "supply.toml"
    supply.write_text(supply.read_text(encoding="utf-8").replace("Gana", "Recibe", 1), encoding="utf-8")
    assert build(tiny_copy, BuildOptions(output=warm)).ok
    assert (folder / "cards.pdf").samefile(folder / "cards-supply.pdf")
    assert build(tiny_copy, BuildOptions(output=fresh, cache=False)).ok
    assert _outputs(warm) == _outputs(fresh) and len(_outputs(warm)) == 2
    assert sorted(p.name for p in folder.iterdir() if p.name.endswith(".part")) == []


@pytest.mark.slow
def test_a_many_deck_warm_build_is_byte_identical_to_a_no_cache_build_after_the_same_edits(
    tiny_copy: Path, tmp_path: Path
) -> None:
    """Five decks whose cards share sheets in cards.pdf: each edit draws only the part of faces that
    holds the card, and every file, each deck's and cards.pdf, is what a --no-cache build writes."""
    files = _more_decks(tiny_copy, 3, 7)
    warm, fresh = tmp_path / "warm", tmp_path / "fresh"
    first = build(tiny_copy, BuildOptions(output=warm))
    assert first.ok, [f.message for f in first.findings if f.severity.value == "error"]
    assert first.ranges_drawn == 5  # each deck's faces once, though cards.pdf places them on sheets of its own
    for file, old, new in [
        (files[0], 'title.es = "Caja 0.3"', 'title.es = "Caja grande 0.3"'),
        (files[2], "Gana 2 {fuel}.", "Gana 2 {fuel} ahora."),
        (tiny_copy / "nav.toml", "Sigue volando.", "Sigue volando, capitán."),
    ]:
        file.write_text(file.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
        again = build(tiny_copy, BuildOptions(output=warm))
        assert again.ok and again.ranges_drawn == 1
    assert build(tiny_copy, BuildOptions(output=fresh, cache=False)).ok
    outputs = _outputs(warm)
    assert sorted(outputs) == sorted(
        ["cards.pdf", "cards-supply.pdf", "cards-nav.pdf"] + [f"cards-cargo-{d}.pdf" for d in range(3)]
    )
    assert outputs == _outputs(fresh)


@pytest.mark.slow
def test_a_no_op_rebuild_draws_nothing_and_writes_the_same_bytes(tiny_copy: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    first = build(tiny_copy, BuildOptions(output=out))
    before = _outputs(out)
    again = build(tiny_copy, BuildOptions(output=out))
    assert (first.ranges_drawn, again.ranges_drawn) == (2, 0)  # each deck's faces, drawn once
    assert _outputs(out) == before


def _foreign_pdf(entry: Path, others: list[bytes]) -> None:
    mine = entry.read_bytes()
    entry.write_bytes(next(data for data in others if data != mine))  # a whole, valid PDF of another deck


def _flipped_content_byte(entry: Path, _: list[bytes]) -> None:
    data = bytearray(entry.read_bytes())
    data[len(data) // 2] ^= 0x20
    entry.write_bytes(bytes(data))


def _flipped_header_byte(entry: Path, _: list[bytes]) -> None:
    data = bytearray(entry.read_bytes())
    data[12] ^= 0xFF  # past %PDF-1.x: the kind of damage that made pdfium raise on every build
    entry.write_bytes(bytes(data))


def _javascript(entry: Path, _: list[bytes]) -> None:
    entry.write_bytes(
        b"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R/OpenAction<</S/JavaScript/JS(app.alert(1))>>>>endobj\n"
        b"2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n"
    )


def _torn(entry: Path, _: list[bytes]) -> None:
    entry.write_bytes(entry.read_bytes()[:200])


def _record_of_another_pnp(entry: Path, _: list[bytes]) -> None:
    record = entry.with_name(entry.stem + META_SUFFIX)
    meta = json.loads(record.read_text(encoding="utf-8"))
    record.write_text(json.dumps({**meta, "pnp": "0000000000000000"}), encoding="utf-8")


def _record_missing(entry: Path, _: list[bytes]) -> None:
    entry.with_name(entry.stem + META_SUFFIX).unlink()


def _record_garbage(entry: Path, _: list[bytes]) -> None:
    entry.with_name(entry.stem + META_SUFFIX).write_text("[1, 2", encoding="utf-8")


@pytest.mark.slow
@pytest.mark.parametrize(
    "damage",
    [
        _foreign_pdf,
        _flipped_content_byte,
        _flipped_header_byte,
        _javascript,
        _torn,
        _record_of_another_pnp,
        _record_missing,
        _record_garbage,
    ],
)
def test_a_bad_cache_entry_is_drawn_again_and_replaced(
    tiny_copy: Path, tmp_path: Path, damage: Callable[[Path, list[bytes]], None]
) -> None:
    out = tmp_path / "out"
    assert build(tiny_copy, BuildOptions(output=out)).ok
    good = _outputs(out)
    entries = _entries(out)
    assert len(entries) == 5  # each deck's faces, and the sheets of each deck's file and of cards.pdf
    snapshot = [entry.read_bytes() for entry in entries]
    for entry in entries:
        damage(entry, snapshot)
    shutil.rmtree(out / ".cache" / "build")  # the record of the last build would skip it: nothing changed
    rebuilt = build(tiny_copy, BuildOptions(output=out))
    assert rebuilt.ok, [f.message for f in rebuilt.findings]
    assert rebuilt.ranges_drawn == 2
    assert _outputs(out) == good  # the right decks, byte for byte: nothing of the bad entries is used
    assert build(tiny_copy, BuildOptions(output=out)).ranges_drawn == 0  # replaced by good entries


@pytest.mark.slow
def test_no_cache_repairs_the_cache(tiny_copy: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    build(tiny_copy, BuildOptions(output=out))
    for entry in _entries(out):
        _flipped_content_byte(entry, [])
    cache = Cache(out / ".cache" / "pdf", ".pdf")
    assert not any(cache.has(entry.stem) for entry in _entries(out))
    assert build(tiny_copy, BuildOptions(output=out, cache=False)).ranges_drawn == 2
    assert all(cache.has(entry.stem) for entry in _entries(out))
    assert build(tiny_copy, BuildOptions(output=out)).ranges_drawn == 0


@pytest.mark.slow
def test_a_cache_of_another_pnp_version_is_not_used(
    tiny_copy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "out"
    build(tiny_copy, BuildOptions(output=out))
    monkeypatch.setattr("pnp.cache.pnp_fingerprint", lambda: "another-version")
    assert build(tiny_copy, BuildOptions(output=out)).ranges_drawn == 2


def test_cache_entries_verify_their_bytes(tmp_path: Path) -> None:
    cache = Cache(tmp_path, ".bin")
    key = cache.key("anything")
    cache.put(key, b"payload", {"n": 1})
    assert cache.get(key) == (b"payload", {"n": 1})
    cache.path(key).write_bytes(b"paylaod")
    assert cache.get(key) is None
    assert Cache(tmp_path, ".bin", read=False).get(key) is None


@pytest.mark.slow
def test_a_warm_check_finds_what_an_uncached_check_finds_after_the_same_edits(
    tiny_copy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check, layout, fitting and dictionary caches are transparent: each run starts as a new
    process would (no speller in memory), and finds what a check without any cache finds."""
    from pnp.check.text import lexicon
    from pnp.cli.check import _load_and_check

    warm = tmp_path / "warm"
    supply = tiny_copy / "supply.toml"
    long_text = " ".join(["Gana 2 {fuel}."] * 120)  # words judged before: the dictionary's answers are recalled
    edits = [
        ("", ""),  # the first run fills the caches
        ("Gana 2 {fuel}.", "Gana 2 {fuel} con el Engine  rapido."),  # spelling, English, typography
        ("Gana 2 {fuel} con el Engine  rapido.", long_text),  # a text fitting cannot set
        (long_text, "Gana 2 {fuel}."),  # back as it was: every finding from the caches
    ]
    _grow(tiny_copy, 3)
    seen_codes: set[str] = set()
    reference: dict[str, lexicon.Speller] = {}  # the uncached checks share one speller, read once
    for old, new in edits:
        supply.write_text(supply.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
        monkeypatch.setattr(lexicon, "_SPELLERS", {})
        cached = _load_and_check(tiny_copy, warm)
        monkeypatch.setattr(lexicon, "_SPELLERS", reference)
        uncached = _load_and_check(tiny_copy, None)
        assert sorted(cached, key=repr) == sorted(uncached, key=repr)
        seen_codes |= {f.code for f in cached}
    assert {"text/spelling", "text/untranslated", "text/small"} <= seen_codes
    assert (warm / ".cache" / "fitting").is_dir() and (warm / ".cache" / "check").is_dir()


@pytest.mark.slow
def test_every_folder_of_the_cache_is_a_kind_of_its_table(tiny_copy: Path) -> None:
    """CacheKind lists every kind of entry: a check and a build with images write only those folders,
    and each kind the table names is written by one of them."""
    from click.testing import CliRunner

    from pnp.cache import CacheKind
    from pnp.cli import main

    out = Path("output")  # where pnp check keeps its cache
    assert CliRunner().invoke(main, ["check", str(tiny_copy)]).exit_code == 0
    # one deck after the other: cards.pdf is joined from two runs of sheets
    assert build(tiny_copy, BuildOptions(output=out, png=True, mix_decks=False)).ok
    assert build(BLUE_SUN, BuildOptions(output=out)).ok  # a pack with reference cards: aids.pdf
    folders = {folder.name for folder in (out / ".cache").iterdir() if folder.is_dir()}
    assert folders == {kind.folder for kind in CacheKind}
    for kind in CacheKind:
        assert {path.suffix for path in (out / ".cache" / kind.folder).iterdir()} <= {kind.suffix, ".json"}


def _flip_every_entry(out: Path, kinds: tuple[str, ...]) -> int:
    """Flip one byte of every entry of these kinds of the cache: each must then be made again."""
    flipped = 0
    for kind in kinds:
        for path in (out / ".cache" / kind).glob("*"):
            if not path.name.endswith(META_SUFFIX):
                data = bytearray(path.read_bytes())
                data[len(data) // 2] ^= 0x01
                path.write_bytes(bytes(data))
                flipped += 1
    return flipped


@pytest.mark.slow
def test_a_warm_build_after_editing_the_glossary_or_a_layout_writes_what_a_no_cache_build_writes(
    tiny_copy: Path, tmp_path: Path
) -> None:
    """The caches of parsed files and laid-out faces are transparent: an edit to the glossary (a
    keyword a card prints), to the pack's own layout, and to a card's text each show in a warm
    build as in a --no-cache one, and a damaged entry of either cache is made again, never used."""
    files = _more_decks(tiny_copy, 3, 7)
    keyword = 'type = "gear"\nkeywords = ["boarding 2"]\n'  # a card that prints the glossary's keyword
    files[1].write_text(files[1].read_text(encoding="utf-8").replace('type = "gear"\n', keyword, 1), encoding="utf-8")
    warm = tmp_path / "warm"
    assert build(tiny_copy, BuildOptions(output=warm)).ok
    before = _outputs(warm)
    assert _flip_every_entry(warm, ("load", "layout")) >= 7  # pack, glossary, five deck files; faces
    supply = tiny_copy / "supply.toml"
    supply.write_text(supply.read_text(encoding="utf-8").replace("Gana 2 {fuel}.", "Gana 2 {fuel} ya.", 1))
    assert build(tiny_copy, BuildOptions(output=warm)).ok
    assert _outputs(warm)["cards-supply.pdf"] != before["cards-supply.pdf"]
    layout = tiny_copy / "templates" / "firefly" / "nav.toml"
    for file, old, new, changed in [
        (tiny_copy / "glossary.toml", 'target = "Abordaje"', 'target = "Asalto"', "cards-cargo-1.pdf"),
        (layout, 'name = "title"\nwidth = "30.5mm"', 'name = "title"\nwidth = "28mm"', "cards-nav.pdf"),
    ]:
        shown = _outputs(warm)
        assert old in file.read_text(encoding="utf-8")
        file.write_text(file.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
        assert build(tiny_copy, BuildOptions(output=warm)).ok
        assert _outputs(warm)[changed] != shown[changed], changed
        assert _outputs(warm)["cards-cargo-2.pdf"] == shown["cards-cargo-2.pdf"]  # an untouched deck
    fresh = tmp_path / "fresh"
    assert build(tiny_copy, BuildOptions(output=fresh, cache=False)).ok
    assert _outputs(warm) == _outputs(fresh)


def test_a_file_is_parsed_again_when_its_bytes_change_and_a_date_is_never_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pnp.load.toml
    from pnp.load.remembered import remembering
    from pnp.load.toml import key_lines, read_toml

    cache = Cache(tmp_path / "cache", ".json")
    plain, dated = tmp_path / "deck.toml", tmp_path / "dated.toml"
    plain.write_text('[[card]]\nid = "a"\ntitle.es = "Uno"\n', encoding="utf-8")
    dated.write_text('[[card]]\nid = "b"\nwhen = 2026-12-02\n', encoding="utf-8")
    with remembering(cache):
        first = read_toml(plain, "deck.toml")[0]
        assert first is not None and key_lines(first.text, "card") == [{"": 1, "id": 2, "title.es": 3}]
        assert read_toml(dated, "dated.toml")[0] is not None
    kept = sorted(cache.folder.glob("*.json"))
    assert len([p for p in kept if not p.name.endswith(META_SUFFIX)]) == 2  # the plain file and its lines

    def parse(text: str) -> dict:
        parsed.append(text)
        return real(text)

    parsed: list[str] = []
    real = pnp.load.toml.tomli.loads
    monkeypatch.setattr(pnp.load.toml.tomli, "loads", parse)
    with remembering(cache):
        same = read_toml(plain, "deck.toml")[0]
    assert same is not None and same.data == first.data and parsed == []  # taken from the cache
    plain.write_text('[[card]]\nid = "a"\ntitle.es = "Dos"\n', encoding="utf-8")
    with remembering(cache):
        again, dates = read_toml(plain, "deck.toml")[0], read_toml(dated, "dated.toml")[0]
    assert again is not None and again.data == {"card": [{"id": "a", "title": {"es": "Dos"}}]}
    assert dates is not None and str(dates.data["card"][0]["when"]) == "2026-12-02"
    assert len(parsed) == 2  # the changed file and the dated one


@pytest.mark.slow
def test_a_rebuild_writes_again_only_the_documents_an_edit_changes(tiny_copy: Path, tmp_path: Path) -> None:
    """After one card's edit, its deck's file and cards.pdf are made again; every other deck's file
    is left as it is (same file, never rewritten), unless it no longer holds what the build made."""
    files = _more_decks(tiny_copy, 3, 7)
    manifest = tiny_copy / "pack.toml"
    for color in ("#111111", "#222222", "#333333"):  # a back of its own: decks sharing one share its part
        manifest.write_text(manifest.read_text(encoding="utf-8").replace('"#4e6b2b"', f'"{color}"', 1))
    warm = tmp_path / "warm"
    assert build(tiny_copy, BuildOptions(output=warm)).ok
    folder = warm / "tiny" / "es"

    def inodes() -> dict[str, int]:
        return {path.name: path.stat().st_ino for path in folder.glob("*.pdf")}

    first = inodes()
    files[0].write_text(files[0].read_text(encoding="utf-8").replace("Caja 0.3", "Caja grande 0.3"), encoding="utf-8")
    assert build(tiny_copy, BuildOptions(output=warm)).ok
    rewritten = {name for name, inode in inodes().items() if first[name] != inode}
    assert rewritten == {"cards.pdf", "cards-cargo-0.pdf"}
    damaged = folder / "cards-cargo-2.pdf"
    damaged.write_bytes(damaged.read_bytes() + b"%")
    assert build(tiny_copy, BuildOptions(output=warm)).ok
    fresh = tmp_path / "fresh"
    assert build(tiny_copy, BuildOptions(output=fresh, cache=False)).ok
    assert _outputs(warm) == _outputs(fresh)


def _manifest_matches_files(folder: Path) -> None:
    """Every file the manifest lists has the digest it gives: kept, assembled or merged."""
    listed = json.loads((folder / "build-manifest.json").read_text(encoding="utf-8"))["files"]
    assert any(name.endswith(".pdf") for name in listed)
    for name, entry in listed.items():
        data = (folder / name).read_bytes()
        assert (entry["sha256"], entry["bytes"]) == (hashlib.sha256(data).hexdigest(), len(data)), name


def _file_id_is_its_digest(data: bytes) -> None:
    """An assembled document's file id: the first half of the SHA-256 of all it holds before its trailer."""
    trailer = data.rindex(b"trailer\n")
    digest = hashlib.sha256(data[:trailer]).hexdigest()[:32].encode()
    assert data[trailer:].startswith(b"trailer\n<<\n/ID [<%s><%s>]" % (digest, digest))


@pytest.mark.slow
def test_a_kept_document_is_known_by_its_stamp_and_never_read(
    tiny_copy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After one card's edit, the other decks' files are neither read nor written: the stamp each
    had when written vouches for it.  The manifest still gives every file's true digest."""
    files = _more_decks(tiny_copy, 3, 7)
    _own_backs(tiny_copy)
    warm = tmp_path / "warm"
    assert build(tiny_copy, BuildOptions(output=warm)).ok
    folder = warm / "tiny" / "es"
    read: list[str] = []
    read_bytes = Path.read_bytes

    def noting(path: Path) -> bytes:
        if path.parent == folder:
            read.append(path.name)
        return read_bytes(path)

    monkeypatch.setattr(Path, "read_bytes", noting)
    files[0].write_text(files[0].read_text(encoding="utf-8").replace("Caja 0.3", "Caja grande 0.3"), encoding="utf-8")
    assert build(tiny_copy, BuildOptions(output=warm)).ok
    assert [name for name in read if name.endswith(".pdf")] == []
    monkeypatch.undo()
    _manifest_matches_files(folder)
    for name in ("cards.pdf", "cards-cargo-0.pdf", "cards-cargo-1.pdf"):  # assembled now, kept
        _file_id_is_its_digest((folder / name).read_bytes())
    fresh = tmp_path / "fresh"
    assert build(tiny_copy, BuildOptions(output=fresh, cache=False)).ok
    assert _outputs(warm) == _outputs(fresh)


@pytest.mark.slow
def test_a_kept_document_whose_stamp_changed_is_compared_and_one_changed_in_place_is_made_again(
    tiny_copy: Path, tmp_path: Path
) -> None:
    """Bytes written again as they were (a copy back, a touch) change the stamp but not the file:
    it is read once, found equal and kept.  Bytes changed under the same size are assembled again."""
    files = _more_decks(tiny_copy, 3, 7)
    _own_backs(tiny_copy)
    warm = tmp_path / "warm"
    assert build(tiny_copy, BuildOptions(output=warm)).ok
    folder = warm / "tiny" / "es"
    same, damaged = folder / "cards-cargo-1.pdf", folder / "cards-cargo-2.pdf"
    same.write_bytes(same.read_bytes())  # a new stamp (times), the same bytes, the same inode
    data = bytearray(damaged.read_bytes())
    data[len(data) // 2] ^= 0x01  # a flipped bit: same size, same inode
    damaged.write_bytes(bytes(data))
    inodes = {path.name: path.stat().st_ino for path in folder.glob("*.pdf")}
    stamp_of_same = same.stat().st_mtime_ns
    files[0].write_text(files[0].read_text(encoding="utf-8").replace("Caja 0.3", "Caja grande 0.3"), encoding="utf-8")
    assert build(tiny_copy, BuildOptions(output=warm)).ok
    now = {path.name: path.stat().st_ino for path in folder.glob("*.pdf")}
    assert {name for name in now if now[name] != inodes[name]} == {"cards.pdf", "cards-cargo-0.pdf", damaged.name}
    assert same.stat().st_mtime_ns == stamp_of_same  # compared, not written
    fresh = tmp_path / "fresh"
    assert build(tiny_copy, BuildOptions(output=fresh, cache=False)).ok
    assert _outputs(warm) == _outputs(fresh)
    _manifest_matches_files(folder)


@pytest.mark.slow
def test_a_draft_rebuild_lists_the_digest_of_the_cards_file_it_wrote(tiny_copy: Path, tmp_path: Path) -> None:
    """A draft's cards.pdf opens with its list of problems, merged after assembly: the manifest gives
    the digest of the file written, not of the assembly, and the other files' are kept."""
    files = _more_decks(tiny_copy, 2, 5)
    warm = tmp_path / "warm"
    assert build(tiny_copy, BuildOptions(output=warm, draft=True)).ok
    folder = warm / "tiny" / "es" / "draft"
    _manifest_matches_files(folder)
    before = (folder / "cards-cargo-0.pdf").stat().st_ino
    files[1].write_text(files[1].read_text(encoding="utf-8").replace("Caja 1.2", "Caja ancha 1.2"), encoding="utf-8")
    assert build(tiny_copy, BuildOptions(output=warm, draft=True)).ok
    assert (folder / "cards-cargo-0.pdf").stat().st_ino == before  # kept
    _manifest_matches_files(folder)


def _own_backs(pack: Path) -> None:
    """A back of its own for each added deck: decks sharing one share its part of faces."""
    manifest = pack / "pack.toml"
    for color in ("#111111", "#222222", "#333333"):
        manifest.write_text(manifest.read_text(encoding="utf-8").replace('"#4e6b2b"', f'"{color}"', 1))


@pytest.mark.parametrize("name", ["pypdfium2", "svglib", "lxml", "reportlab", "pillow", "pydantic-core"])
def test_installed_version_reads_what_importlib_metadata_reads(name: str) -> None:
    """The versions in the cache's fingerprint and the icon verdicts' keys, read without importing
    importlib.metadata, are the versions it finds."""
    assert installed_version(name) == importlib.metadata.version(name)


def test_installed_version_of_a_missing_distribution_is_refused_as_importlib_metadata_refuses_it() -> None:
    with pytest.raises(importlib.metadata.PackageNotFoundError):
        installed_version("no-such-distribution-pnp")


def test_the_fingerprint_reads_the_files_a_walk_of_every_path_finds(tmp_path: Path) -> None:
    """fingerprinted_files skips __pycache__ and stats no other file: it finds what sorted(rglob) keeps."""
    for name in ("a.py", "b/c.toml", "b/__pycache__/c.cpython-311.pyc", "b/d.txt.bak", "e/f/g.dic", "h.ttf", ".x.py"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(name, encoding="utf-8")
    (tmp_path / "i.aff").mkdir()  # a folder, not a file
    for root in (tmp_path, Path(pnp.export.sheets.__file__).resolve().parents[1]):
        walked = [p for p in sorted(root.rglob("*")) if p.is_file() and p.suffix in FINGERPRINTED]
        assert fingerprinted_files(root) == walked
    assert [p.name for p in fingerprinted_files(tmp_path)] == [".x.py", "a.py", "c.toml", "g.dic", "h.ttf"]
