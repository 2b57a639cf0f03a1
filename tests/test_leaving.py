"""Leaving after Ctrl-C ends the processes pnp started: none outlives it holding its output pipes.

A check running beside the build ignores Ctrl-C (the terminal sends it to every process of the
group); pnp leaves at once with os._exit, which skips multiprocessing's own clean-up.  A child
left behind kept the build's output pipe open, so whatever read it (a shell's `| tee`, a test)
waited for it to finish its work, and a large result could block it forever.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
import time

LEAVES_WITH_A_CHILD_RUNNING = textwrap.dedent(
    """
    import time
    from pnp.export.workers import Background
    from pnp.exiting import {how}

    def slow():
        time.sleep(60)
        return b"x" * 1_000_000  # more than a pipe holds

    waiting = Background(slow)
    time.sleep(0.3)
    {how}({args})
    """
)


def _run_until_output_closes(how: str, args: str) -> tuple[float, int]:
    code = LEAVES_WITH_A_CHILD_RUNNING.format(how=how, args=args)
    started = time.monotonic()
    run = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    run.communicate(timeout=50)  # returns when every holder of the pipes is gone, not when pnp is
    return time.monotonic() - started, run.returncode


def test_leaving_ends_a_background_check() -> None:
    took, code = _run_until_output_closes("leave", "130")
    assert code == 130
    assert took < 20, f"the output stayed open {took:.1f} s after pnp left: its child outlived it"


def test_leaving_a_closed_pipe_ends_a_background_check() -> None:
    took, code = _run_until_output_closes("leave_reader_gone", "")
    assert code == 141
    assert took < 20
