"""Leaving at once after Ctrl-C: one line, exit 130, never a traceback or a death by the signal.

`sys.exit(130)` after an interrupt lets Python unwind and shut down, and an
interrupt caught inside the import machinery or the worker pool's shutdown can
still end the process by the signal (exit -2) instead of 130.  pnp writes every
file through a temporary name and renames it, so leaving without unwinding
loses nothing already written; the stale temporary files are cleaned by the
next run.
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
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    os._exit(code)


def leave_reader_gone() -> NoReturn:
    """The program reading pnp's output closed it (`pnp deck ... | head`): what was asked is done
    as far as anyone reads it, so leave quietly with the shell's code for a broken pipe (128 + 13),
    without the flush at exit that would fail again on the closed pipe."""
    with contextlib.suppress(OSError, ValueError):
        sys.stderr.flush()
    os._exit(141)
