"""A pack as it was: at a git revision (its TOML files, from one `git archive`, in a temporary folder),
or another pack folder."""

from __future__ import annotations

import re
import shutil
import subprocess
import tarfile
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

from pnp.errors import Finding, error
from pnp.i18n import N_, _, number
from pnp.limits import MAX_FILE_BYTES, MAX_REVISION_BYTES, MAX_REVISION_FILES, MAX_REVISION_IMAGE_BYTES
from pnp.load.pack import LoadResult, load_pack
from pnp.paths import shown_path


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
        yield _renamed(result, copy, f"{since}:{repo_prefix(root)}"), f"git {since}"


def run_git(root: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(["git", "-C", str(root), *args], capture_output=True, check=False)


def repo_prefix(root: Path) -> str:
    done = run_git(root, "rev-parse", "--show-prefix")
    return done.stdout.decode("utf-8", "replace").strip() if done.returncode == 0 else ""


def _checkout(root: Path, revision: str, into: Path) -> tuple[Path | None, Finding | None]:
    shown = shown_path(root)

    def fail(message: str, hint: str) -> tuple[None, Finding]:
        return None, error("proof/since", shown, message, hint=hint)

    if not root.is_dir():
        return None, None  # the pack itself does not load: its own findings say why
    try:
        inside = run_git(root, "rev-parse", "--is-inside-work-tree")
    except FileNotFoundError:
        return fail(_("git is not installed, so --since cannot read a revision"), _("give --since another pack folder"))
    if inside.returncode != 0:
        return fail(
            _('"--since" names no folder with a pack.toml, and {shown} is not in a git repository').format(shown=shown),
            _("give a git revision (HEAD~1, a tag) of the pack's repository, or another pack folder"),
        )
    if run_git(root, "rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}").returncode != 0:
        return fail(
            _('"{revision}" is neither a pack folder nor a git revision of this repository').format(revision=revision),
            _("try HEAD~1, a tag or a commit id (git log --oneline lists them)"),
        )
    prefix = repo_prefix(root)
    top = into / root.resolve().name
    top.mkdir()
    problem = _copy_pack_files(root, revision, prefix, top)
    if problem is not None:
        return fail(*problem)
    if not (top / "pack.toml").is_file():
        return fail(
            _("the pack did not exist at {revision}: {prefix}pack.toml is not in that revision").format(
                revision=revision, prefix=prefix
            ),
            _("give an older revision, or another pack folder"),
        )
    return top, None


_REFUSED_HINT = N_(
    "a pack's history may hold only plain files with plain names: no '..', no absolute paths, no symlinks"
)


def _copy_pack_files(root: Path, revision: str, prefix: str, top: Path) -> tuple[str, str] | None:
    """The pack's files at `revision` written under `top`, or (message, hint) saying why not.

    One `git archive` of the pack's folder, read as a stream: each file is written as it
    arrives, in pieces, and only the files a pack reads are kept (_read_by_a_pack).  Every entry
    is vetted first: a tree from a stranger may name "..",
    an absolute path or a symlink, and none is ever written.
    """
    with tempfile.TemporaryFile() as errors:
        git = subprocess.Popen(
            ["git", "-C", str(root), "archive", "--format=tar", revision, "--", "."],
            stdout=subprocess.PIPE,
            stderr=errors,
            stdin=subprocess.DEVNULL,
        )
        assert git.stdout is not None
        problem: tuple[str, str] | None = None
        try:
            problem = _unpack(git.stdout, revision, prefix, top)
            if problem is None:
                while git.stdout.read(1 << 16):  # the archive's end padding, which tarfile leaves unread
                    pass
        except tarfile.TarError:
            pass  # git stopped mid-stream: its exit code and message say why
        finally:
            git.stdout.close()
            if git.poll() is None and problem is not None:
                git.kill()  # refused: the rest of the archive is not wanted
            git.wait()
        if problem is None and git.returncode != 0:
            errors.seek(0)
            message = errors.read(2000).decode("utf-8", "replace").strip()
            invalid = re.search(r"invalid path '(.*)'", message)  # git itself refuses a tree entry named ".."
            if invalid:
                return _('{revision} holds a path pnp will not copy: "{name}"').format(
                    revision=revision, name=_printable(prefix + invalid.group(1))
                ), _(_REFUSED_HINT)
            return _("git could not read {revision}: {message}").format(revision=revision, message=message), ""
    return problem


def _unpack(stream: IO[bytes], revision: str, prefix: str, top: Path) -> tuple[str, str] | None:
    copied, total = 0, 0
    with tarfile.open(fileobj=stream, mode="r|") as archive:
        for member in archive:
            name = member.name.removesuffix("/")
            shown = _printable(prefix + name)
            if member.name == "pax_global_header" or (member.isdir() and _is_plain_relative(name)):
                continue
            target = _inside(top, name) if member.isfile() else None
            if target is None:
                return _('{revision} holds a path pnp will not copy: "{name}"').format(
                    revision=revision, name=shown
                ), _(_REFUSED_HINT)
            if not _read_by_a_pack(name):
                continue  # skipped as it streams past: never held in memory
            limit = MAX_FILE_BYTES if name.endswith(".toml") else MAX_REVISION_IMAGE_BYTES
            if member.size > limit:
                return _(
                    "{name} is {size} MB at {revision}; a pack's file of its kind may be at most {limit} MB"
                ).format(name=shown, size=member.size // 1_000_000, revision=revision, limit=limit // 1_000_000), _(
                    "give a later revision, or another pack folder"
                )
            copied, total = copied + 1, total + member.size
            if copied > MAX_REVISION_FILES or total > MAX_REVISION_BYTES:
                return _(
                    "the pack at {revision} has more than {files} files or {size} MB that a pack reads: too many"
                ).format(
                    revision=revision, files=number(MAX_REVISION_FILES), size=number(MAX_REVISION_BYTES // 1_000_000)
                ), _("give another pack folder with --since")
            source = archive.extractfile(member)
            assert source is not None  # a regular file's data
            try:
                target.parent.mkdir(parents=True, exist_ok=True)
                # "xb": never replace what is there, so two entries cannot write through one another.
                with target.open("xb") as handle:
                    shutil.copyfileobj(source, handle, 1 << 20)
            except OSError as problem:
                return _('could not copy "{name}" from {revision}: {strerror}').format(
                    name=shown, revision=revision, strerror=problem.strerror
                ), ""
    return None


def _read_by_a_pack(name: str) -> bool:
    """What loading a pack reads: its TOML files (pack.toml, decks, glossary, board, tokens) and the
    images and icons they may name, wherever the pack keeps them; not its layouts (a proof compares
    texts) nor anything else."""
    return name.lower().endswith(_PACK_SUFFIXES) and not name.startswith(("templates/", "output/"))


_PACK_SUFFIXES = (".toml", ".png", ".jpg", ".jpeg", ".svg")


def _is_plain_relative(name: str) -> bool:
    parts = name.split("/")
    return (
        bool(name)
        and not name.startswith("/")
        and "\\" not in name
        and ":" not in parts[0]
        and all(part not in ("", ".", "..") and "\0" not in part for part in parts)
    )


def _inside(top: Path, relative: str) -> Path | None:
    if not _is_plain_relative(relative):
        return None
    target = top.joinpath(*relative.split("/"))
    return target if target.resolve().is_relative_to(top.resolve()) else None


def _printable(name: str) -> str:
    return name.encode("unicode_escape").decode("ascii")


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
