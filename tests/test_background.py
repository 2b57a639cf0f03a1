"""The build's checks run in a process of their own (pnp/export/workers.py: Background)."""

from __future__ import annotations

import os
import signal
import sys
import time

import pytest

from pnp.export.workers import Background

needs_fork = pytest.mark.skipif(sys.platform != "linux", reason="elsewhere the work runs in this process")


@needs_fork
def test_the_work_runs_in_another_process_and_its_result_comes_back() -> None:
    here = os.getpid()
    assert Background(lambda: ("done", os.getpid())).result()[0] == "done"
    assert Background(os.getpid).result() != here


def _fails() -> None:
    raise ValueError("a bad pack")


def test_an_exception_of_the_work_is_raised_by_result() -> None:
    with pytest.raises(ValueError, match="a bad pack"):
        Background(_fails).result()


@needs_fork
def test_a_work_whose_process_dies_is_done_here() -> None:
    here = os.getpid()

    def dies_elsewhere() -> str:
        if os.getpid() != here:
            os.kill(os.getpid(), signal.SIGKILL)  # out of memory, or killed by hand
        return "done here"

    assert Background(dies_elsewhere).result() == "done here"


@needs_fork
def test_cancel_stops_the_process() -> None:
    background = Background(lambda: time.sleep(600))
    process = background._process
    assert process is not None and process.is_alive()
    background.cancel()
    assert not process.is_alive()
