"""Worker processes for drawing: Ctrl-C stops the run with one line, never a traceback per worker.

A terminal sends Ctrl-C to every process of the foreground group, workers
included; each would print its own KeyboardInterrupt traceback.  Workers ignore
it instead, and the main process, which gets it too, cancels the work not yet
started and leaves (pnp: interrupted, exit 130).

Workers speak the interface language too: a spawned process (macOS, Windows)
starts in English, so each is told the language of the run that started it.
"""

from __future__ import annotations

import contextlib
import gc
import multiprocessing
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any, Generic, TypeVar, cast

from pnp.i18n import set_ui_language, ui_language

T = TypeVar("T")


def _start_worker(language: str) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    set_ui_language(language)


@contextmanager
def _interrupts_held() -> Iterator[None]:
    """Ctrl-C held back while a process is forked: the child starts with it blocked, and ignores it
    before letting it through (_QuietForkProcess.run), so a Ctrl-C at that moment cannot raise in it
    before it ignores Ctrl-C.  Here, a Ctrl-C held back arrives as soon as the fork is done."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # first: a Ctrl-C held back is then dropped, not raised
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


_FORK: Any = multiprocessing.get_context("fork") if "fork" in multiprocessing.get_all_start_methods() else None


if _FORK is not None:

    class _QuietForkProcess(_FORK.Process):
        """A forked process that never sees a Ctrl-C: not while it starts, not after."""

        def start(self) -> None:
            with _interrupts_held():
                super().start()

        def run(self) -> None:
            _ignore_interrupts()
            super().run()

    class _QuietForkContext(type(_FORK)):  # type: ignore[misc]
        Process = _QuietForkProcess


def _pool_context() -> Any:
    """Where processes are forked (Linux), a context whose workers ignore Ctrl-C from their first instant."""
    if _FORK is None or multiprocessing.get_start_method() != "fork":
        return None
    return _QuietForkContext()


@contextmanager
def _objects_frozen() -> Iterator[None]:
    """This process's objects left out of garbage collection while it forks: a forked child's
    collector then never walks them, and the memory they fill stays shared with the parent
    instead of being copied page by page into every child."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


@contextmanager
def worker_pool(workers: int) -> Iterator[ProcessPoolExecutor]:
    pool = ProcessPoolExecutor(
        max_workers=workers, mp_context=_pool_context(), initializer=_start_worker, initargs=(ui_language(),)
    )
    try:
        with _objects_frozen():  # the workers are forked as the first work is handed out
            yield pool
    except BaseException:
        # an interrupted run neither draws the rest first nor finishes what is being drawn: a worker
        # left running would outlive pnp, busy and holding its terminal. (Python 3.14 names this
        # terminate_workers; _processes exists since 3.2, and shutdown empties it.)
        running = list((getattr(pool, "_processes", None) or {}).values())
        results = getattr(pool, "_result_queue", None)  # shutdown forgets it
        pool.shutdown(wait=False, cancel_futures=True)
        for process in running:
            process.terminate()
        for process in running:
            process.join(timeout=5)
        _release_reader(results)
        raise
    pool.shutdown(wait=True)


def _release_reader(results: Any) -> None:
    """Let the pool's result reader see the end of its pipe.

    A worker killed while it sends a result (a drawn range is megabytes) leaves half a message in
    the pipe: the pool's manager thread waits for the rest forever, and Python, which joins that
    thread on exit, never exits.  This process holds a copy of the pipe's writing end (the workers
    were forked with it); once the workers are gone, closing it ends the reader's wait."""
    writer = getattr(results, "_writer", None)
    if writer is not None:
        with contextlib.suppress(OSError):
            writer.close()


class Background(Generic[T]):
    """`work` run in a forked process while this one goes on; `result()` waits for it.

    The build checks the pack this way from the moment it is loaded: the checks
    and the layout, drawing and joining need nothing of each other until the
    files are written.  Where fork is not the way processes start (macOS,
    Windows), in a process with threads, or when a process cannot be started,
    `result()` runs the work here.
    Like the drawing workers, the process ignores Ctrl-C: this one cancels it.
    """

    def __init__(self, work: Callable[[], T]) -> None:
        self._work = work
        self._process: Any = None
        if sys.platform != "linux" or threading.active_count() > 1:
            # fork is the default start method on Linux only; and a process with threads (the
            # workbench's server) may fork while another thread holds a lock the child then waits on
            return
        context = multiprocessing.get_context("fork")
        try:
            self._reader, writer = context.Pipe(duplex=False)
            self._process = _QuietForkProcess(target=_send_result, args=(work, writer, self._reader), daemon=True)
            # a Ctrl-C let through as start() returns leaves this child unknown to the caller's
            # cancel(): pnp's leaving (exiting.leave) ends it with every other child
            with _objects_frozen():
                self._process.start()
        except OSError:
            self._process = None
            return
        writer.close()  # the child holds its end: a child that dies leaves the pipe at EOF

    def result(self) -> T:
        if self._process is None:
            return self._work()
        try:
            done, value = self._reader.recv()
        except (EOFError, OSError):  # the process died (out of memory, killed): do the work here
            self._process.join()
            self._process = None
            return self._work()
        self._process.join()
        self._process = None
        if not done:
            raise value
        return cast(T, value)

    def cancel(self) -> None:
        if self._process is not None:
            self._process.terminate()
            self._process.join()
            self._process = None


def _send_result(work: Callable[[], object], writer: Any, reader: Any) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # this process does one piece of work and ends: its cycles are freed with it.  A collection on
    # the way (the check's, as it resumes the paused collector) would walk everything the work made,
    # a quarter of a second of a check of 2000 cards, for nothing
    gc.disable()
    # the reading end is the parent's: held here too, a parent gone would leave a large result
    # blocked in a pipe that this process itself keeps open, instead of failing at once
    reader.close()
    try:
        try:
            message: tuple[bool, object] = (True, work())
        except Exception as exc:  # raised again in the parent, as if the work had run there
            message = (False, exc)
        try:
            writer.send(message)
        except Exception as exc:  # an exception that cannot be pickled: its text
            writer.send((False, RuntimeError(f"{type(exc).__name__}: {exc}")))
        writer.close()
    finally:
        os._exit(0)  # the parent's exit handlers and buffers are the parent's
