"""`pnp proof --since REV` copies only what a pack reads, within limits, in one git call, streaming (issue 28, item 4).

Run as a person would, in a process of its own under a time and a memory limit: a blob read whole
into memory fails the memory limit instead of taking the machine.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
from pathlib import Path

import pytest

from tests.conftest import TINY
from tests.hostile import run_pnp

pytestmark = [
    pytest.mark.slow,  # each runs pnp in a child process over a git history
    pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed"),
]


def _git(repo: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=pnp", "-c", "user.email=pnp@example.invalid", *args],
        cwd=repo,
        check=True,
        capture_output=True,
    )


def _repo_with(tmp_path: Path, extra: dict[str, int]) -> Path:
    """The tiny pack at repo/pack, committed with `extra` files of the given sizes (zeros, cheap to store)."""
    repo = tmp_path / "repo"
    shutil.copytree(TINY, repo / "pack")
    for name, size in extra.items():
        path = repo / "pack" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as handle:
            handle.truncate(size)
    _git(repo, "init", "-q")
    _git(repo, "add", ".")
    _git(repo, "commit", "-q", "-m", "first")
    for name in extra:
        (repo / "pack" / name).unlink()  # the pack on disk is small; only its history holds the big files
    return repo


def test_a_large_file_in_the_history_is_streamed_past_never_held(tmp_path: Path) -> None:
    repo = _repo_with(tmp_path, {"video/making-of.bin": 600_000_000})
    done = run_pnp(["proof", "pack", "--since", "HEAD", "-o", "proof"], cwd=repo, timeout=120, memory_mb=900)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "changed since git HEAD" in done.stdout


def test_an_image_over_the_limit_in_the_history_is_refused_by_name(tmp_path: Path) -> None:
    repo = _repo_with(tmp_path, {"art/huge.png": 250_000_000})
    done = run_pnp(["proof", "pack", "--since", "HEAD", "-o", "proof"], cwd=repo, timeout=120, memory_mb=900)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "pack/art/huge.png is 250 MB at HEAD; a pack's file of its kind may be at most 200 MB" in done.stdout
    assert "Traceback" not in done.stderr


def test_the_history_is_read_in_one_git_call_not_one_a_file(tmp_path: Path) -> None:
    repo = _repo_with(tmp_path, {f"notes/note-{n}.txt": 10 for n in range(60)})
    shim = tmp_path / "bin"
    shim.mkdir()
    log = tmp_path / "git-calls.log"
    real = shutil.which("git")
    (shim / "git").write_text(f'#!/bin/sh\necho "$*" >> "{log}"\nexec "{real}" "$@"\n', encoding="utf-8")
    (shim / "git").chmod(stat.S_IRWXU)
    env_path = f"{shim}{os.pathsep}{os.environ['PATH']}"
    old = os.environ["PATH"]
    os.environ["PATH"] = env_path
    try:
        done = run_pnp(["proof", "pack", "--since", "HEAD", "-o", "proof"], cwd=repo, timeout=120)
    finally:
        os.environ["PATH"] = old
    assert done.returncode == 0, done.stdout + done.stderr
    calls = log.read_text(encoding="utf-8").splitlines()
    copying = [c for c in calls if " cat-file " in f" {c} " or " show " in f" {c} " or " archive " in f" {c} "]
    assert len(copying) == 1 and " archive " in f" {copying[0]} ", calls
