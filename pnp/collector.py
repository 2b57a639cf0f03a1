"""Python's cycle collector paused while many short-lived or acyclic objects are made.

A check makes hundreds of thousands of short-lived objects (matches, words,
findings), freed as soon as they are dropped; a rebuild's layout takes tens of
thousands of faces from its memo, none in a cycle.  Each few hundred
allocations make the collector look through the young objects, and now and then
through the whole heap, which holds the loaded pack: a sixth of a cold check of
2000 cards (0.35 s), a third of a rebuild's layout, for nothing.  Paused, not
stopped: it runs again after, and it is left alone when something else paused
it (the check's thread and the layout may pause it at once).
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def collector_paused(freeze: bool = False) -> Iterator[None]:
    """The cycle collector off while inside; with `freeze`, what was made meanwhile is left out of
    later collections (gc.freeze) rather than all walked once more as the collector resumes."""
    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if paused:
            if freeze:
                gc.freeze()
            gc.enable()


def collector_off_for_one_pass() -> contextlib.AbstractContextManager[None]:
    """Paused for the one pass a command makes before its process ends (`pnp check`): its objects,
    the loaded pack and its layouts, live until then, and a collection would only walk them again and
    again; refcounting still frees what is dropped."""
    return collector_paused(freeze=True)
