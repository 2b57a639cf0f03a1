"""Editing commands write every file or none, never over an edit made meanwhile, keeping each file's mode (issue 10)."""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.export import edit_set

FIX = "Repuestos >> Recambios\n"  # changes supply.toml and glossary.toml of the tiny pack


def _apply(tiny: Path) -> CliRunner.invoke:
    (tiny.parent / "fixes.txt").write_text(FIX, encoding="utf-8")
    return CliRunner().invoke(main, ["glossary", "apply", "tiny", "fixes.txt", "--write"])


def _files(tiny: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(tiny.glob("*.toml"))}


def test_a_file_that_cannot_be_staged_leaves_every_file_as_it_was(
    tiny_copy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = _files(tiny_copy)
    real_stage = edit_set._stage
    calls: list[Path] = []

    def full_disk(path: Path, data: bytes) -> str:
        calls.append(path)
        if len(calls) == 2:
            raise OSError(28, "No space left on device")
        return real_stage(path, data)

    monkeypatch.setattr(edit_set, "_stage", full_disk)
    result = _apply(tiny_copy)
    assert result.exit_code == 1
    assert "cannot write the file: No space left on device" in result.stdout
    assert "Nothing was written: the pack is as it was." in result.stderr
    assert _files(tiny_copy) == before
    assert list(tiny_copy.glob(".*.part")) == []


def test_a_rename_failing_halfway_names_the_files_that_changed(
    tiny_copy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_replace = os.replace
    done: list[str] = []

    def flaky(source: str, target: str | Path) -> None:
        if done:
            raise OSError(5, "Input/output error")
        done.append(str(target))
        real_replace(source, target)

    monkeypatch.setattr(edit_set.os, "replace", flaky)
    result = _apply(tiny_copy)
    assert result.exit_code == 1
    changed = Path(done[0]).name
    assert f"Only part of the edit was written: tiny/{changed} changed, the other files did not." in result.stderr
    assert "Nothing was written" not in result.stderr
    assert "export/partial-write" not in result.stdout  # codes are for --format json; the words say it
    assert "cannot replace the file (Input/output error)" in result.stdout
    assert list(tiny_copy.glob(".*.part")) == []


def test_a_file_saved_between_read_and_write_is_not_overwritten(
    tiny_copy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_verify = edit_set.verify_edit
    saved_by_editor = (tiny_copy / "supply.toml").read_text(encoding="utf-8") + "\n# my edit\n"

    def editor_saves_meanwhile(*args: object) -> list:
        (tiny_copy / "supply.toml").write_text(saved_by_editor, encoding="utf-8")
        return real_verify(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(edit_set, "verify_edit", editor_saves_meanwhile)
    glossary_before = (tiny_copy / "glossary.toml").read_bytes()
    result = _apply(tiny_copy)
    assert result.exit_code == 1
    assert "tiny/supply.toml: error: the file changed on disk while pnp was working on it" in result.stdout
    assert (tiny_copy / "supply.toml").read_text(encoding="utf-8") == saved_by_editor
    assert (tiny_copy / "glossary.toml").read_bytes() == glossary_before


def test_a_rewritten_file_keeps_its_mode(tiny_copy: Path) -> None:
    (tiny_copy / "supply.toml").chmod(0o600)
    (tiny_copy / "glossary.toml").chmod(0o640)
    result = _apply(tiny_copy)
    assert result.exit_code == 0, result.output
    assert "Recambios" in (tiny_copy / "supply.toml").read_text(encoding="utf-8")
    assert stat.S_IMODE((tiny_copy / "supply.toml").stat().st_mode) == 0o600
    assert stat.S_IMODE((tiny_copy / "glossary.toml").stat().st_mode) == 0o640


def test_stale_part_files_are_cleaned_and_fresh_ones_left(tiny_copy: Path) -> None:
    stale = tiny_copy / ".supply.toml.ab12cd34.part"
    fresh = tiny_copy / ".nav.toml.zz99yy88.part"
    not_ours = tiny_copy / "notes.part"
    for path in (stale, fresh, not_ours):
        path.write_text("half a file", encoding="utf-8")
    an_hour_ago = time.time() - 3600
    for path in (stale, not_ours):
        os.utime(path, (an_hour_ago, an_hour_ago))
    assert _apply(tiny_copy).exit_code == 0
    assert not stale.exists()
    assert fresh.exists()  # another pnp may be writing it right now
    assert not_ours.exists()
