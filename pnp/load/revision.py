"""A pack as it was: at a git revision (`git show REV:path` into a temporary folder), or another pack folder."""

from __future__ import annotations

import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from pnp.errors import Finding, error
from pnp.load.pack import LoadResult, load_pack, shown_path


@contextmanager
def pack_then(root: Path, since: str) -> Iterator[tuple[LoadResult, str]]:
    """The pack `since` names, loaded, and how to call it ("git HEAD~1", "folder old/blue-sun").

    Findings about the old pack name its files as REV:path, never the temporary folder.
    """
    folder = Path(since)
    if (folder / "pack.toml").is_file():
        yield load_pack(folder), f"folder {shown_path(folder)}"
        return
    with tempfile.TemporaryDirectory(prefix="pnp-since-") as temporary:
        copy, problem = _checkout(root, since, Path(temporary))
        if copy is None:
            yield LoadResult(None, [problem] if problem else []), f"git {since}"
            return
        result = load_pack(copy)
        yield _renamed(result, copy, f"{since}:{_prefix(root)}"), f"git {since}"


def _git(root: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(["git", "-C", str(root), *args], capture_output=True, check=False)


def _prefix(root: Path) -> str:
    done = _git(root, "rev-parse", "--show-prefix")
    return done.stdout.decode("utf-8", "replace").strip() if done.returncode == 0 else ""


def _checkout(root: Path, revision: str, into: Path) -> tuple[Path | None, Finding | None]:
    shown = shown_path(root)

    def fail(message: str, hint: str) -> tuple[None, Finding]:
        return None, error("proof/since", shown, message, hint=hint)

    if not root.is_dir():
        return None, None  # the pack itself does not load: its own findings say why
    try:
        inside = _git(root, "rev-parse", "--is-inside-work-tree")
    except FileNotFoundError:
        return fail("git is not installed, so --since cannot read a revision", "give --since another pack folder")
    if inside.returncode != 0:
        return fail(
            f'"--since" names no folder with a pack.toml, and {shown} is not in a git repository',
            "give a git revision (HEAD~1, a tag) of the pack's repository, or another pack folder",
        )
    if _git(root, "rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}").returncode != 0:
        return fail(
            f'"{revision}" is neither a pack folder nor a git revision of this repository',
            "try HEAD~1, a tag or a commit id (git log --oneline lists them)",
        )
    listed = _git(root, "ls-tree", "-r", "-z", "--name-only", "--full-tree", revision, "--", _prefix(root) or ".")
    prefix = _prefix(root)
    names = [n for n in listed.stdout.decode("utf-8", "replace").split("\0") if n]
    if not any(n == f"{prefix}pack.toml" for n in names):
        return fail(
            f"the pack did not exist at {revision}: {prefix}pack.toml is not in that revision",
            "give an older revision, or another pack folder",
        )
    top = into / root.resolve().name
    for name in names:
        blob = _git(root, "show", f"{revision}:{name}")
        target = top / name[len(prefix) :]
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(blob.stdout)
    return top, None


def _renamed(result: LoadResult, copy: Path, label: str) -> LoadResult:
    folder = str(copy)
    findings = [
        Finding(
            f.severity,
            f.code,
            f.file.replace(folder + "/", label).replace(folder, label),
            f.message,
            f.line,
            f.card,
            f.field,
            f.hint,
        )
        for f in result.findings
    ]
    return LoadResult(result.pack, findings)
