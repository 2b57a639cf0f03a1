"""`pnp proof --since REV` on a stranger's repository: nothing is ever written outside a temporary folder.

Git accepts trees with entries named "..", symlinks and submodules in a clone;
each of these histories is built with git's own plumbing, as an attacker would.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main
from tests.conftest import TINY

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


def _git(repo: Path, *args: str, stdin: bytes | None = None) -> str:
    done = subprocess.run(
        ["git", "-c", "user.name=pnp", "-c", "user.email=pnp@example.invalid", *args],
        cwd=repo,
        input=stdin,
        capture_output=True,
        check=True,
    )
    return done.stdout.decode().strip()


def _blob(repo: Path, content: bytes) -> str:
    return _git(repo, "hash-object", "-w", "--stdin", stdin=content)


def _tree(repo: Path, entries: list[tuple[str, str, str, str]]) -> str:
    listing = "".join(f"{mode} {kind} {sha}\t{name}\n" for mode, kind, sha, name in entries)
    return _git(repo, "mktree", "--missing", stdin=listing.encode())


def _honest_repo(tmp_path: Path) -> Path:
    """A repository whose HEAD holds the tiny pack at pack/."""
    repo = tmp_path / "repo"
    shutil.copytree(TINY, repo / "pack")
    _git(repo, "init", "-q")
    _git(repo, "add", ".")
    _git(repo, "commit", "-q", "-m", "honest")
    return repo


def _commit_hostile(repo: Path, extra: list[tuple[str, str, str, str]], without: str = "") -> None:
    """Branch "hostile": HEAD's pack files (but `without`) and the `extra` tree entries beside them."""
    entries = []
    for line in _git(repo, "ls-tree", "HEAD:pack").splitlines():
        header, name = line.split("\t")
        mode, kind, sha = header.split()
        if name != without:
            entries.append((mode, kind, sha, name))
    root = _tree(repo, [("040000", "tree", _tree(repo, [*entries, *extra]), "pack")])
    _git(repo, "update-ref", "refs/heads/hostile", _git(repo, "commit-tree", root, "-m", "hostile"))


def _dot_dot_chain(repo: Path, levels: int, leaf: str, content: bytes) -> str:
    """A tree holding ../../…/leaf, `levels` deep."""
    tree = _tree(repo, [("100644", "blob", _blob(repo, content), leaf)])
    for _ in range(levels - 1):
        tree = _tree(repo, [("040000", "tree", tree, "..")])
    return tree


def _proof_since(repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    scratch = tmp_path / "scratch" / "deeper" / "still"
    scratch.mkdir(parents=True)
    monkeypatch.setenv("TMPDIR", str(scratch))
    monkeypatch.setattr(tempfile, "tempdir", None)
    monkeypatch.chdir(repo)
    result = CliRunner().invoke(main, ["proof", "pack", "--since", "hostile", "-o", str(tmp_path / "proof")])
    return result.exit_code, result.output


@pytest.mark.slow
def test_a_tree_entry_named_dot_dot_is_refused_and_nothing_escapes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    repo = _honest_repo(tmp_path)
    _commit_hostile(repo, [("040000", "tree", _dot_dot_chain(repo, 6, "escaped.txt", b"attacker's content\n"), "..")])

    code, output = _proof_since(repo, tmp_path, monkeypatch)

    assert list(tmp_path.rglob("escaped.txt")) == []
    assert code == 1
    assert 'hostile holds a path pnp will not copy: "pack/../' in output
    assert "no '..', no absolute paths, no symlinks" in output


@pytest.mark.slow
def test_a_symlink_in_the_history_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    repo = _honest_repo(tmp_path)
    _commit_hostile(repo, [("120000", "blob", _blob(repo, b"/etc/passwd"), "glossary.toml")], without="glossary.toml")

    code, output = _proof_since(repo, tmp_path, monkeypatch)

    assert code == 1
    assert 'hostile holds a path pnp will not copy: "pack/glossary.toml"' in output


def test_an_honest_revision_still_reads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    repo = _honest_repo(tmp_path)
    _commit_hostile(repo, [])

    code, output = _proof_since(repo, tmp_path, monkeypatch)

    assert code == 0, output
    assert "changed since git hostile" in output
