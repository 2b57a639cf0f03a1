"""`pnp build --watch`: build again each time a file of the pack changes, until Ctrl-C.

A translator edits a deck file, saves, and looks at the sheets: a process that
stays up has its libraries imported, its fonts and dictionary read and its
caches warm, so the next build starts at once.  Changes are found as the build
record finds them (pnp/pipelines/unchanged.py): the files' sizes and times,
and their SHA-256 when a time moved, so saving a file unchanged builds
nothing.  An editor writes a file in steps: the build waits until two looks,
an interval apart, agree.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from pathlib import Path

from pnp.pipelines.unchanged import InputFile, snapshot

INTERVAL = 0.5  # seconds between looks: quicker than anyone switches to the PDF viewer


def warm_up() -> None:
    """Read the spelling dictionaries once, before the rebuilds: each rebuild's checks run in a
    process forked from this one, which then finds them read (half a second each time)."""
    from pnp.check.text.lexicon import spellers

    for checker in spellers().values():
        with contextlib.suppress(OSError, ValueError):  # a broken install: the checks report it
            checker.load()


class CannotWatch(Exception):
    """The folder cannot be read, or is too large to look at twice a second."""


def watch(
    folders: list[Path],
    output: Path,
    rebuild: Callable[[list[str]], None],
    interval: float = INTERVAL,
    sleep: Callable[[float], None] = time.sleep,
    looks: int | None = None,
    ready: Callable[[], None] = lambda: None,
) -> None:
    """Call `rebuild` with the files changed (added, removed or edited; named from their folder)
    after each change to the files under `folders`, until interrupted
    (or after `looks` looks, for tests); `ready` once the files are known, so that any
    change after it is seen."""
    last, taken = _look(folders, output, None, 0)
    ready()
    while looks is None or looks > 0:
        if looks is not None:
            looks -= 1
        sleep(interval)
        now, now_taken = _look(folders, output, last, taken)
        if _digests(now) == _digests(last):
            last, taken = now, now_taken
            continue
        while True:  # the editor may still be writing: wait until two looks agree
            sleep(interval)
            settled, settled_taken = _look(folders, output, now, now_taken)
            if _digests(settled) == _digests(now):
                break
            now, now_taken = settled, settled_taken
        rebuild(_changed(last, settled))
        last, taken = settled, settled_taken


def _look(
    folders: list[Path], output: Path, known: dict[str, InputFile] | None, known_at: int
) -> tuple[dict[str, InputFile], int]:
    taken = time.time_ns()
    files = snapshot(folders, output, known, known_at)
    if files is None:
        raise CannotWatch(", ".join(str(folder) for folder in folders))
    return files, taken


def _changed(before: dict[str, InputFile], after: dict[str, InputFile]) -> list[str]:
    old, new = _digests(before), _digests(after)
    names = {name for name in old.keys() | new.keys() if old.get(name) != new.get(name)}
    return sorted(name.split("/", 1)[1] for name in names)  # without the folder's number


def _digests(files: dict[str, InputFile]) -> dict[str, str]:
    return {name: file.sha256 for name, file in files.items()}
