from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from pnp.files import write_atomic, write_same_as


def test_write_atomic_replaces_whole_files_with_ordinary_permissions(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "cards.pdf"
    write_atomic(target, b"first")
    write_atomic(target, b"second")
    assert target.read_bytes() == b"second"
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~_umask()
    assert [p.name for p in target.parent.iterdir()] == ["cards.pdf"]


def test_a_failed_write_keeps_the_previous_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "cards.pdf"
    write_atomic(target, b"good build")

    def broken_replace(src: str, dst: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        write_atomic(target, b"half a build")
    assert target.read_bytes() == b"good build"
    assert [p.name for p in tmp_path.iterdir()] == ["cards.pdf"]


def test_a_second_name_of_a_file_just_written_is_the_same_file(tmp_path: Path) -> None:
    first, second = tmp_path / "cards.pdf", tmp_path / "deck" / "cards-supply.pdf"
    write_atomic(first, b"one deck")
    write_same_as(second, first, b"one deck")
    assert second.read_bytes() == b"one deck" and os.path.samefile(first, second)
    write_same_as(second, first, b"one deck")  # already a name of that file: nothing left behind
    assert sorted(p.name for p in second.parent.iterdir()) == ["cards-supply.pdf"]
    write_atomic(first, b"the deck edited")  # a new file under the first name: the second keeps its bytes
    assert second.read_bytes() == b"one deck"
    assert stat.S_IMODE(second.stat().st_mode) == 0o666 & ~_umask()


def test_where_there_are_no_hard_links_the_second_name_is_a_copy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = tmp_path / "cards.pdf", tmp_path / "cards-supply.pdf"
    write_atomic(first, b"one deck")
    second.write_bytes(b"the last build")

    def no_links(src: object, dst: object) -> None:
        raise PermissionError(1, "Operation not permitted")  # FAT, exFAT, some network shares

    monkeypatch.setattr(os, "link", no_links)
    write_same_as(second, first, b"one deck")
    assert second.read_bytes() == b"one deck" and not os.path.samefile(first, second)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cards-supply.pdf", "cards.pdf"]


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current
