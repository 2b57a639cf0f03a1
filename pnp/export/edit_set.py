"""Writing a set of edited pack files: all of them or none, and never over an edit made meanwhile.

`glossary apply --write` and `import --write` change several TOML files of a
pack.  Each new file is staged beside its original first (a `.part` file, with
the original's permissions), and only when every one is staged are they renamed
into place, so a full disk or a read-only file leaves the whole pack as it was.
Before the renames each original is compared with the bytes pnp read: a file
saved by an editor in between is not overwritten.  A rename that fails after
others succeeded (which a local disk does not do, but a network share may) is
reported file by file.

A rename replaces the file: a hard link to the old file keeps the old text.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import stat
import tempfile
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from pnp.errors import Finding, Severity, error
from pnp.i18n import _
from pnp.load.pack import load_pack
from pnp.model import PackData
from pnp.paths import shown_path

PART_SUFFIX = ".part"
_OURS = re.compile(r"^\..+\.[a-z0-9_]{8}\.part$")  # tempfile.mkstemp(prefix=".<name>.", suffix=".part")
STALE_AFTER_SECONDS = 15 * 60  # an interrupted write's leftover; a live one is seconds old


@dataclass(frozen=True)
class Snapshot:
    """The digest of every file an edit may rewrite, taken before pnp reads them."""

    digests: dict[Path, str]

    @classmethod
    def of(cls, root: Path) -> Snapshot:
        digests = {}
        for path in sorted(root.rglob("*.toml")):
            if path.is_file() and not path.is_symlink():
                digests[path.resolve()] = _digest(path)
        return cls(digests)


@dataclass
class EditResult:
    written: list[Path] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)


def prepare_edit(pack: Path) -> Snapshot:
    """Before reading a pack to edit it: clear old leftovers of interrupted writes, note what each file holds."""
    if pack.is_dir():
        remove_stale_parts(pack)
        return Snapshot.of(pack)
    return Snapshot({})


def apply_edit(data: PackData, writes: list[tuple[Path, bytes]], before: Snapshot) -> EditResult:
    """The edited files of every editing command, all of them or none, once the edited pack is known to load."""
    problems = verify_edit(data, writes)
    if problems:
        return EditResult(findings=problems)
    return write_edit_set(writes, before)


def _digest(path: Path) -> str:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return ""


def _changed_meanwhile(path: Path, before: Snapshot) -> Finding | None:
    expected = before.digests.get(path.resolve())
    now = _digest(path) if path.exists() else None
    if expected == now or (expected is None and now is None):
        return None
    return error(
        "edit/changed-on-disk",
        shown_path(path),
        _("the file changed on disk while pnp was working on it (saved from an editor?); it was not overwritten"),
        hint=_("run the command again: it starts from the file as it is now"),
    )


def write_edit_set(writes: Iterable[tuple[Path, bytes]], before: Snapshot) -> EditResult:
    """Every file or none: stage all, check nobody edited them, then rename each into place."""
    writes = list(writes)
    result = EditResult()
    result.findings = [f for path, _ in writes if (f := _changed_meanwhile(path, before))]
    if result.findings:
        return result
    staged: list[tuple[Path, str]] = []
    try:
        for path, data in writes:
            staged.append((path, _stage(path, data)))
    except OSError as exc:
        for _path, temporary in staged:
            Path(temporary).unlink(missing_ok=True)
        failed = writes[len(staged)][0]
        result.findings.append(
            error(
                "export/write",
                shown_path(failed),
                _("cannot write the file: {reason}").format(reason=exc.strerror or exc),
                hint=_("check the folder's permissions and free space"),
            )
        )
        return result
    result.findings = [f for path, _ in writes if (f := _changed_meanwhile(path, before))]
    if result.findings:
        for _path, temporary in staged:
            Path(temporary).unlink(missing_ok=True)
        return result
    for index, (path, temporary) in enumerate(staged):
        try:
            os.replace(temporary, path)
        except OSError as exc:
            for _path, rest in staged[index:]:
                Path(rest).unlink(missing_ok=True)
            result.findings.append(
                error(
                    "export/partial-write",
                    shown_path(path),
                    _(
                        "cannot replace the file ({reason}) after {files} had been changed; "
                        "it and the files after it are as they were"
                    ).format(
                        reason=exc.strerror or exc,
                        files=", ".join(shown_path(p) for p in result.written) or _("no other file"),
                    ),
                    hint=_("check the folder, then run the command again: files already changed are not changed twice"),
                )
            )
            return result
        result.written.append(path)
    return result


def _stage(path: Path, data: bytes) -> str:
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=PART_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        if path.exists():  # keep the original's permissions: a private 0600 file stays private
            os.chmod(temporary, stat.S_IMODE(path.stat().st_mode))
        else:
            os.chmod(temporary, 0o644)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return temporary


def remove_stale_parts(folder: Path) -> list[Path]:
    """Delete pnp's own leftovers (`.<name>.<random>.part`) of writes interrupted long ago, anywhere in folder."""
    removed: list[Path] = []
    if not folder.is_dir():
        return removed
    now = time.time()
    for path in folder.rglob(f".*{PART_SUFFIX}"):
        try:
            info = path.lstat()
            old = now - info.st_mtime > STALE_AFTER_SECONDS
            if old and stat.S_ISREG(info.st_mode) and _OURS.match(path.name):
                path.unlink()
                removed.append(path)
        except OSError:
            continue  # another run cleaned it, or it is not ours to remove
    return removed


def _special_files(folder: str, names: list[str]) -> set[str]:
    """Named pipes, devices and sockets in the pack: copying one would fail or wait; no pack reads them."""
    special = set()
    for name in names:
        try:
            mode = os.lstat(os.path.join(folder, name)).st_mode
        except OSError:
            continue
        if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode) or stat.S_ISLNK(mode)):
            special.add(name)
    return special


def verify_edit(data: PackData, writes: list[tuple[Path, bytes]]) -> list[Finding]:
    """The pack as it would be after the edit must still load: a last net under the TOML editing."""
    with tempfile.TemporaryDirectory(prefix="pnp-edit-") as folder:
        copy = Path(folder) / data.root.name
        shutil.copytree(data.root, copy, symlinks=True, ignore=_special_files)
        for path, content in writes:
            (copy / path.resolve().relative_to(data.root.resolve())).write_bytes(content)
        result = load_pack(copy)
    if result.pack is not None:
        return []
    first = next(f for f in result.findings if f.severity is Severity.ERROR)
    return [
        error(
            "edit/broken",
            first.file.replace(str(copy), shown_path(data.root)),
            _("the edit would break the pack ({message}); nothing was changed").format(message=first.message),
            line=first.line,
            hint=_("this is a bug in pnp: run again with --debug and report it"),
        )
    ]
