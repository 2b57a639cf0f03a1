"""A build whose inputs and outputs are as the last build left them is not run again.

After a build that wrote its files, a record in <output>/.cache/build keeps:
- every file of the pack folder and of the layouts folder, each with its size,
  modification time and SHA-256, taken *before* the build read them, so an
  edit made while it ran is seen by the next build;
- every file the build wrote, with its size and modification time;
- what the build reported (warnings, notes and its counts), to be shown again.

The next build with the same options, pnp and interface language compares:
a file whose size and time are unchanged is unchanged; one whose time moved
(a checkout, `touch`) is read and compared by its SHA-256; an added or
removed file, an output that is gone or was changed, or any doubt, and the
build runs.  Files touched within TRUST_AFTER seconds of the record are
always read: a clock tick may hide an edit made in the same instant.

Builds that also write images, Tabletop Simulator or print-shop files
always run (their caches spare the drawing): they keep files this record
would not name.  The record is a cache entry (pnp/cache.py): verified
before use, ignored when foreign, corrupt or of another pnp.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp.cache import CACHE_FOLDER, Cache, CacheKind
from pnp.errors import Finding

if TYPE_CHECKING:
    from pnp.pipelines.build_options import BuildOptions, BuildResult

TRUST_AFTER = 2.0  # seconds: a file changed this close to the record is read, not trusted by its time
MAX_INPUT_FILES = 20_000  # a pack folder larger than this is not recorded: walking it would cost more
MAX_INPUT_BYTES = 2_000_000_000  # nor one whose files add up to more (a link to a disk image, a video)
SKIPPED_FOLDERS = {".git", ".hg", ".svn", "__pycache__", CACHE_FOLDER}
COUNTS = ("cards", "sheets", "sheets_unmixed", "faces", "without_text", "placeholders_left_out")


@dataclass(frozen=True)
class InputFile:
    size: int
    mtime_ns: int
    sha256: str


def applies(options: BuildOptions) -> bool:
    """Whether a build with these options can be skipped: not with --no-cache or the extras."""
    return options.cache and not (options.png or options.tts or options.print_shop)


def snapshot(
    folders: list[Path], output: Path, known: dict[str, InputFile] | None = None, known_at: int = 0
) -> dict[str, InputFile] | None:
    """Every file under `folders` (the output folder left out) with its size, time and SHA-256.

    A file whose size and time match `known` (a snapshot taken at `known_at`, in ns) keeps its
    known digest unread, unless it was changed within TRUST_AFTER of that snapshot.  None when
    the folders hold more than MAX_INPUT_FILES files or MAX_INPUT_BYTES, or cannot be read: such a
    run is not recorded, and runs in full every time."""
    known = known or {}
    files: dict[str, InputFile] = {}
    skip = {_resolved(output)}
    trusted_before = known_at - int(TRUST_AFTER * 1e9)
    total = 0
    try:
        for index, folder in enumerate(folders):
            for path, stat in _walk(folder, skip):
                total += stat.st_size
                if total > MAX_INPUT_BYTES:
                    return None
                name = f"{index}/{path.relative_to(folder).as_posix()}"
                seen = known.get(name)
                if (
                    seen
                    and (seen.size, seen.mtime_ns) == (stat.st_size, stat.st_mtime_ns)
                    and (stat.st_mtime_ns < trusted_before)
                ):
                    files[name] = seen
                else:
                    files[name] = InputFile(stat.st_size, stat.st_mtime_ns, _sha256(path))
                if len(files) > MAX_INPUT_FILES:
                    return None
    except OSError:
        return None
    return files


def _walk(folder: Path, skip: set[Path]) -> Iterator[tuple[Path, os.stat_result]]:
    pending = [folder]
    while pending:
        current = pending.pop()
        with os.scandir(current) as entries:
            for entry in sorted(entries, key=lambda e: e.name):
                path = Path(entry.path)
                if entry.is_dir(follow_symlinks=False):
                    if entry.name not in SKIPPED_FOLDERS and _resolved(path) not in skip:
                        pending.append(path)
                    continue
                if _editor_leftover(entry.name):
                    continue
                try:  # a link to a file counts by what it points at, as load reads it
                    if entry.is_file():
                        yield path, entry.stat()
                except OSError:  # a link that loops or points nowhere: nothing load could read either
                    continue


def _editor_leftover(name: str) -> bool:
    """An editor's backup, swap or lock file beside a deck file: never read by a build."""
    return name.endswith(("~", ".swp", ".swo", ".swx")) or name.startswith(".#") or name == "4913"


def _resolved(path: Path) -> Path:
    with contextlib.suppress(OSError):
        return path.resolve()
    return path.absolute()


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


class RunRecord:
    """The record of the last run of one kind (build, check) on one pack with one set of options:
    its inputs, the files it wrote, and what it reported (`said`, plain JSON)."""

    def __init__(
        self, kind: str, pack_path: Path, output: Path, options: object, folders: list[Path], use: bool
    ) -> None:
        self.pack_root = _resolved(pack_path)
        self.output = output
        self.folders = [self.pack_root, *folders]
        self.use = use
        self.cache = Cache.open(output, CacheKind.BUILD, use)
        # the working folder too: findings name files from it
        self.key = self.cache.key(kind, str(self.pack_root), repr(options), os.getcwd())
        self.stored = self.cache.get_json(self.key) if use else {}

    def unchanged(self) -> tuple[dict[str, Any], list[Path]] | None:
        """What the last run said and the files it wrote, when nothing it read or wrote changed since."""
        try:
            known = {name: InputFile(*item) for name, item in self.stored["inputs"].items()}
            outputs = {Path(name): (int(size), int(mtime)) for name, (size, mtime) in self.stored["outputs"].items()}
            said = self.stored["said"]
        except (KeyError, TypeError, ValueError, AttributeError):
            return None
        if not isinstance(said, dict):
            return None
        for path, seen in outputs.items():
            try:
                stat = path.stat()
            except OSError:
                return None
            if (stat.st_size, stat.st_mtime_ns) != seen:
                return None
        taken = time.time_ns()
        now = snapshot(self.folders, self.output, known, self._taken())
        if now is None or {n: f.sha256 for n, f in now.items()} != {n: f.sha256 for n, f in known.items()}:
            return None
        if now != known:  # only times moved (a checkout, touch): from now on they are trusted again
            self._save((now, taken), outputs, said)
        return said, sorted(outputs)

    def before(self) -> tuple[dict[str, InputFile], int] | None:
        """The inputs as the run is about to read them, and when (None: this run is not recorded)."""
        if not self.use:
            return None
        taken = time.time_ns()
        inputs = snapshot(self.folders, self.output, self._known_inputs(), self._taken())
        return None if inputs is None else (inputs, taken)

    def keep(self, before: tuple[dict[str, InputFile], int] | None, written: list[Path], said: dict[str, Any]) -> None:
        if before is None:
            return
        outputs: dict[Path, tuple[int, int]] = {}
        try:
            for path in written:
                stat = path.stat()
                outputs[_resolved(path)] = (stat.st_size, stat.st_mtime_ns)
        except OSError:
            return
        self._save(before, outputs, said)

    def _known_inputs(self) -> dict[str, InputFile]:
        try:
            return {name: InputFile(*item) for name, item in self.stored.get("inputs", {}).items()}
        except (AttributeError, TypeError):
            return {}

    def _taken(self) -> int:
        taken = self.stored.get("taken_ns", 0)
        return taken if isinstance(taken, int) else 0

    def _save(
        self, before: tuple[dict[str, InputFile], int], outputs: dict[Path, tuple[int, int]], said: dict[str, Any]
    ) -> None:
        inputs, taken = before
        self.stored = {
            "taken_ns": taken,
            "inputs": {name: [f.size, f.mtime_ns, f.sha256] for name, f in inputs.items()},
            "outputs": {str(path): list(stat) for path, stat in outputs.items()},
            "said": said,
        }
        with contextlib.suppress(OSError):  # the record only saves time
            self.cache.put_json(self.key, self.stored)


class BuildRecord(RunRecord):
    """The record of the last build of one pack with one set of options."""

    def __init__(self, pack_path: Path, options: BuildOptions) -> None:
        super().__init__("build", pack_path, options.output, options, [options.templates], applies(options))

    def replay(self) -> BuildResult | None:
        """What the last build reported, when nothing it read or wrote has changed since; else None."""
        from pnp.pipelines.build_options import BuildResult

        kept = self.unchanged()
        if kept is None:
            return None
        said, outputs = kept
        try:
            result = BuildResult(
                findings=[Finding.from_dict(item) for item in said["findings"]],
                notes=[str(note) for note in said["notes"]],
                unchanged=outputs,
            )
            for name in COUNTS:
                setattr(result, name, int(said["counts"][name]))
        except (KeyError, TypeError, ValueError, AttributeError):
            return None
        return result

    def after_build(self, before: tuple[dict[str, InputFile], int] | None, result: BuildResult) -> None:
        """Keep the record of a build that wrote all it meant to."""
        if not result.ok or not result.written:
            return
        said = {
            "findings": [f.as_dict() for f in result.findings],
            "notes": result.notes,
            "counts": {name: getattr(result, name) for name in COUNTS},
        }
        self.keep(before, result.written, said)


class CheckRecord(RunRecord):
    """The record of the last `pnp check` of one pack: an unchanged pack is not checked again."""

    def __init__(self, pack_path: Path, output: Path, use: bool, templates: Path) -> None:
        super().__init__("check", pack_path, output, (), [templates], use)

    def replay(self) -> list[Finding] | None:
        kept = self.unchanged()
        if kept is None:
            return None
        try:
            return [Finding.from_dict(item) for item in kept[0]["findings"]]
        except (KeyError, TypeError, ValueError, AttributeError):
            return None

    def after_check(self, before: tuple[dict[str, InputFile], int] | None, findings: list[Finding]) -> None:
        self.keep(before, [], {"findings": [f.as_dict() for f in findings]})
