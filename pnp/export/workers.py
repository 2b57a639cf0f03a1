"""Worker processes for drawing: Ctrl-C stops the run with one line, never a traceback per worker.

A terminal sends Ctrl-C to every process of the foreground group, workers
included; each would print its own KeyboardInterrupt traceback.  Workers ignore
it instead, and the main process, which gets it too, cancels the work not yet
started and leaves (pnp: interrupted, exit 130).
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager


def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextmanager
def worker_pool(workers: int) -> Iterator[ProcessPoolExecutor]:
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_interrupts)
    try:
        yield pool
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)  # an interrupted run does not draw the rest first
        raise
    pool.shutdown(wait=True)
