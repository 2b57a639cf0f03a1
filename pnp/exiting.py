"""Leaving at once after Ctrl-C: one line, exit 130, never a traceback or a death by the signal.

`sys.exit(130)` after an interrupt lets Python unwind and shut down, and an
interrupt caught inside the import machinery or the worker pool's shutdown can
still end the process by the signal (exit -2) instead of 130.  pnp writes every
file through a temporary name and renames it, so leaving without unwinding
loses nothing already written; the stale temporary files are cleaned by the
next run.  Leaving that way skips the exit handler that ends the processes pnp
started (a check running beside the build, drawing workers), and those ignore
Ctrl-C: `leave` ends them itself, or they would outlive pnp holding its
terminal and its output pipes.
"""

from __future__ import annotations

import contextlib
import os
import sys
from typing import NoReturn


def leave_interrupted() -> NoReturn:
    from pnp.i18n import _  # in the interface language, as every other line pnp prints

    sys.stderr.write(_("pnp: interrupted") + "\n")
    leave(130)


def leave(code: int) -> NoReturn:
    _end_children()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    os._exit(code)


def leave_reader_gone() -> NoReturn:
    """The program reading pnp's output closed it (`pnp deck ... | head`): what was asked is done
    as far as anyone reads it, so leave quietly with the shell's code for a broken pipe (128 + 13),
    without the flush at exit that would fail again on the closed pipe."""
    _end_children()
    with contextlib.suppress(OSError, ValueError):
        sys.stderr.flush()
    os._exit(141)


def _end_children() -> None:
    """End every process this one started through multiprocessing and that still runs."""
    multiprocessing = sys.modules.get("multiprocessing")
    if multiprocessing is None:  # none was ever started: nothing to import at the last moment
        return
    with contextlib.suppress(Exception):  # leaving must not fail: a child already gone is fine
        for child in multiprocessing.active_children():
            child.terminate()
