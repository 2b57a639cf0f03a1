"""Python's cycle collector paused while the rules run.

A check makes hundreds of thousands of short-lived objects (matches, words,
findings), freed as soon as they are dropped; each few hundred allocations make
the collector look through the young objects, and now and then through the
whole heap, which holds the loaded pack.  That was a sixth of a cold check of
2000 cards (0.35 s) for nothing: the rules make no reference cycles that need
it.  Paused, not stopped: it runs again after the check, and it is left alone
when something else paused it.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()
