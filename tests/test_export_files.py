from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from pnp.files import write_atomic


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


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current
