"""A build that changed nothing is not run again; anything changed, and it runs (pnp/pipelines/unchanged.py)."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

import pnp.pipelines.build
from pnp.cache import META_SUFFIX
from pnp.cli import main
from pnp.pipelines.build import BuildOptions, build

pytestmark = pytest.mark.slow  # each test here takes seconds: whole builds, subprocesses, a browser


def _first_build(pack: Path, out: Path, **options: object) -> list[Path]:
    result = build(pack, BuildOptions(output=out, **options))  # type: ignore[arg-type]
    assert result.ok and result.written, [f.message for f in result.findings]
    return result.written


def _stamps(paths: list[Path]) -> dict[Path, tuple[int, bytes]]:
    return {p: (p.stat().st_mtime_ns, p.read_bytes()) for p in paths}


def _edit_a_title(pack: Path) -> None:
    supply = pack / "supply.toml"
    text = supply.read_text(encoding="utf-8")
    assert 'title.es = "' in text
    supply.write_text(text.replace('title.es = "', 'title.es = "Nuevo ', 1), encoding="utf-8")


def test_a_rebuild_with_nothing_changed_writes_nothing_and_says_what_the_build_said(
    tiny_copy: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    first = build(tiny_copy, BuildOptions(output=out))
    assert first.ok and first.written
    before = _stamps(first.written)
    again = build(tiny_copy, BuildOptions(output=out))
    assert again.ok
    assert again.written == [] and again.ranges_drawn == 0
    assert sorted(again.unchanged) == sorted(p.resolve() for p in first.written)
    assert again.findings == first.findings and again.notes == first.notes
    assert (again.cards, again.faces, again.sheets, again.without_text) == (
        first.cards,
        first.faces,
        first.sheets,
        first.without_text,
    )
    assert _stamps(first.written) == before  # not even rewritten with the same bytes


def test_an_edit_builds_again_and_the_output_follows_it(tiny_copy: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    written = _first_build(tiny_copy, out)
    cards = next(p for p in written if p.name == "cards.pdf")
    old = cards.read_bytes()
    _edit_a_title(tiny_copy)
    again = build(tiny_copy, BuildOptions(output=out))
    assert again.ok and cards in again.written and not again.unchanged
    assert cards.read_bytes() != old


@pytest.mark.parametrize("change", ["added", "removed", "art"])
def test_any_file_of_the_pack_added_removed_or_changed_builds_again(
    tiny_copy: Path, tmp_path: Path, change: str
) -> None:
    out = tmp_path / "out"
    _first_build(tiny_copy, out)
    if change == "added":
        (tiny_copy / "notes.txt").write_text("una nota", encoding="utf-8")
    elif change == "removed":
        next(p for p in sorted(tiny_copy.rglob("*.svg"))).unlink()
    else:
        picture = next(p for p in sorted(tiny_copy.rglob("*")) if p.suffix in (".png", ".jpg", ".svg"))
        picture.write_bytes(picture.read_bytes() + b" ")
    again = build(tiny_copy, BuildOptions(output=out))
    assert not again.unchanged


def test_a_touched_file_with_the_same_content_is_still_unchanged(tiny_copy: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    _first_build(tiny_copy, out)
    supply = tiny_copy / "supply.toml"
    stat = supply.stat()
    os.utime(supply, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))  # a checkout moves times, not bytes
    assert build(tiny_copy, BuildOptions(output=out)).unchanged


def test_an_edit_that_keeps_the_size_and_the_time_is_still_seen(tiny_copy: Path, tmp_path: Path) -> None:
    """Two writes within one clock tick leave the same time: a file changed that close to the
    record is read, not trusted by its size and time."""
    out = tmp_path / "out"
    supply = tiny_copy / "supply.toml"
    text = supply.read_text(encoding="utf-8")
    supply.write_text(text, encoding="utf-8")  # saved just before the build, as a translator does
    _first_build(tiny_copy, out)
    stat = supply.stat()
    index = text.index('title.es = "') + len('title.es = "')
    swapped = text[:index] + ("Z" if text[index] != "Z" else "Y") + text[index + 1 :]
    assert len(swapped.encode()) == len(text.encode())
    supply.write_text(swapped, encoding="utf-8")
    os.utime(supply, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert not build(tiny_copy, BuildOptions(output=out)).unchanged


def test_an_edit_made_while_the_build_runs_is_built_next_time(
    tiny_copy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "out"
    real = pnp.pipelines.build._build

    def edited_midway(*args: object, **kwargs: object) -> object:
        result = real(*args, **kwargs)  # type: ignore[arg-type]
        _edit_a_title(tiny_copy)  # after the build read the pack, before it recorded what it read
        return result

    monkeypatch.setattr(pnp.pipelines.build, "_build", edited_midway)
    _first_build(tiny_copy, out)
    monkeypatch.setattr(pnp.pipelines.build, "_build", real)
    assert not build(tiny_copy, BuildOptions(output=out)).unchanged


@pytest.mark.parametrize("change", ["deleted", "edited"])
def test_an_output_deleted_or_changed_is_written_again(tiny_copy: Path, tmp_path: Path, change: str) -> None:
    out = tmp_path / "out"
    written = _first_build(tiny_copy, out)
    cards = next(p for p in written if p.name == "cards.pdf")
    good = cards.read_bytes()
    if change == "deleted":
        cards.unlink()
    else:
        cards.write_bytes(good[:-10])
    again = build(tiny_copy, BuildOptions(output=out))
    assert again.ok and cards in again.written
    assert cards.read_bytes() == good


def test_other_options_no_cache_and_extras_are_never_skipped(tiny_copy: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    _first_build(tiny_copy, out)
    assert not build(tiny_copy, BuildOptions(output=out, paper="letter")).unchanged
    assert not build(tiny_copy, BuildOptions(output=out, cache=False)).unchanged
    _first_build(tiny_copy, out, tts=True)
    assert not build(tiny_copy, BuildOptions(output=out, tts=True)).unchanged  # its files are not all recorded


@pytest.mark.parametrize("damage", ["garbage", "foreign", "wrong-shape"])
def test_a_bad_record_is_never_trusted(tiny_copy: Path, tmp_path: Path, damage: str) -> None:
    out = tmp_path / "out"
    _first_build(tiny_copy, out)
    (record,) = [p for p in (out / ".cache" / "build").iterdir() if not p.name.endswith(META_SUFFIX)]
    _edit_a_title(tiny_copy)
    stored = json.loads(record.read_text(encoding="utf-8"))
    if damage == "garbage":
        record.write_bytes(b"\x00not json")
    elif damage == "foreign":  # changed after pnp wrote it: its meta record no longer vouches for it
        stored["inputs"] = {}
        record.write_text(json.dumps(stored), encoding="utf-8")
    else:  # valid JSON, vouched for by its own meta record, but not a record
        stored = {"inputs": 3, "outputs": [], "findings": "x", "notes": None, "counts": {}}
        data = json.dumps(stored).encode()
        record.write_bytes(data)
        meta_file = record.with_name(record.name.removesuffix(".json") + META_SUFFIX)
        meta = json.loads(meta_file.read_text(encoding="utf-8"))
        meta.update(size=len(data), sha256=hashlib.sha256(data).hexdigest())
        meta_file.write_text(json.dumps(meta), encoding="utf-8")
    again = build(tiny_copy, BuildOptions(output=out))
    assert again.ok and again.written and not again.unchanged


def test_the_command_line_says_nothing_changed(tiny_copy: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    runner = CliRunner()
    first = runner.invoke(main, ["--ui-lang", "en", "build", str(tiny_copy), "-o", str(out)])
    assert first.exit_code == 0, first.output
    again = runner.invoke(main, ["--ui-lang", "en", "build", str(tiny_copy), "-o", str(out)])
    assert again.exit_code == 0, again.output
    wrote = first.output.count("wrote ")
    assert f"Nothing changed since the last build: its {wrote} files in" in again.output
    assert "wrote " not in again.output
    assert again.output.splitlines()[-1].startswith("Nothing changed")  # no "Built": nothing was built now


def test_a_check_of_an_unchanged_pack_says_the_same_without_checking(
    tiny_copy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pnp.cli.check

    runs = []
    real = pnp.cli.check._load_and_check

    def counted(*args: object, **kwargs: object) -> object:
        runs.append(1)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(pnp.cli.check, "_load_and_check", counted)
    runner = CliRunner()
    check = ["--ui-lang", "en", "check", str(tiny_copy), "--format", "json"]
    first = runner.invoke(main, check)
    again = runner.invoke(main, check)
    assert (again.exit_code, again.output) == (first.exit_code, first.output) and len(runs) == 1
    supply = tiny_copy / "supply.toml"
    supply.write_text(supply.read_text(encoding="utf-8").replace("Gana 2", "Gana  2", 1), encoding="utf-8")
    edited = runner.invoke(main, check)
    assert len(runs) == 2 and "text/typography" in edited.output and edited.output != first.output
    runner.invoke(main, [*check, "--no-cache"])
    assert len(runs) == 3


def test_a_check_after_an_edit_parses_only_the_edited_card_and_says_what_no_cache_says(
    tiny_copy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """pnp check reads the deck files as build does: a card whose text an earlier check parsed is taken
    from the load cache (./output), and its findings are those of a check that parses everything."""
    from pnp.load import toml

    parsed: list[str] = []
    real = toml._parsed_part

    def counted(part: str) -> object:
        parsed.append(part)
        return real(part)

    monkeypatch.setattr(toml, "_parsed_part", counted)
    runner = CliRunner()
    check = ["--ui-lang", "en", "check", str(tiny_copy), "--format", "json"]
    runner.invoke(main, check)
    assert parsed, "tiny's deck files are [[card]] tables: read a card at a time"
    supply = tiny_copy / "supply.toml"
    for old, new in (("Gana 2", "Gana  2"), ('title.es = "Piloto"', 'title.es = "Piloto jefe"')):
        supply.write_text(supply.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
        parsed.clear()
        edited = runner.invoke(main, check)
        assert len(parsed) == 1 and new in parsed[0]
        assert edited.output == runner.invoke(main, [*check, "--no-cache"]).output


def test_odd_files_in_the_pack_folder_neither_crash_nor_hang_the_record(tiny_copy: Path, tmp_path: Path) -> None:
    os.mkfifo(tiny_copy / "a-pipe")  # reading it would wait for a writer forever
    (tiny_copy / "dangling").symlink_to(tmp_path / "nowhere")
    (tiny_copy / "loop").symlink_to(tiny_copy, target_is_directory=True)
    (tiny_copy / "itself.toml").symlink_to(tiny_copy / "itself.toml")  # a link that loops
    (tiny_copy / "a.toml").symlink_to(tiny_copy / "b.toml")
    (tiny_copy / "b.toml").symlink_to(tiny_copy / "a.toml")
    out = tmp_path / "out"
    _first_build(tiny_copy, out)
    assert build(tiny_copy, BuildOptions(output=out)).unchanged
    for leftover in ("supply.toml~", ".supply.toml.swp", ".#supply.toml"):  # an editor at work
        (tiny_copy / leftover).write_text("x", encoding="utf-8")
    assert build(tiny_copy, BuildOptions(output=out)).unchanged


def test_a_pack_folder_too_large_to_record_is_built_every_time(
    tiny_copy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pnp.pipelines import unchanged

    monkeypatch.setattr(unchanged, "MAX_INPUT_BYTES", 1000)
    out = tmp_path / "out"
    _first_build(tiny_copy, out)
    again = build(tiny_copy, BuildOptions(output=out))
    assert again.ok and not again.unchanged
