"""Worker processes for drawing: Ctrl-C stops the run with one line, never a traceback per worker.

A terminal sends Ctrl-C to every process of the foreground group, workers
included; each would print its own KeyboardInterrupt traceback.  Workers ignore
it instead, and the main process, which gets it too, cancels the work not yet
started and leaves (pnp: interrupted, exit 130).

Workers speak the interface language too: a spawned process (macOS, Windows)
starts in English, so each is told the language of the run that started it.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager

from pnp.i18n import set_ui_language, ui_language


def _start_worker(language: str) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    set_ui_language(language)


@contextmanager
def worker_pool(workers: int) -> Iterator[ProcessPoolExecutor]:
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_start_worker, initargs=(ui_language(),))
    try:
        yield pool
    except BaseException:
        # an interrupted run neither draws the rest first nor finishes what is being drawn: a worker
        # left running would outlive pnp, busy and holding its terminal. (Python 3.14 names this
        # terminate_workers; _processes exists since 3.2, and shutdown empties it.)
        running = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for process in running:
            process.terminate()
        raise
    pool.shutdown(wait=True)
