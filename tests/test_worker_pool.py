"""A drawing that stops with an error while workers are sending their ranges must not hang pnp's exit."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

pytestmark = pytest.mark.slow  # each test here takes seconds: whole builds, subprocesses, a browser

SCRIPT = textwrap.dedent(
    """
    import time
    from pnp.export.workers import worker_pool

    def drawn_range(index):
        return b"%" * 20_000_000  # a drawn range: megabytes through the pipe

    for _ in range(3):
        try:
            with worker_pool(2) as pool:
                futures = [pool.submit(drawn_range, index) for index in range(4)]
                time.sleep(0.1)  # the workers are sending when the error comes
                raise OSError("No space left on device")
        except OSError:
            pass
    print("exited")
    """
)


@pytest.mark.skipif(sys.platform != "linux", reason="fork, as the build's workers start on Linux")
def test_an_error_while_workers_send_their_ranges_lets_pnp_exit() -> None:
    """A worker stopped halfway through sending left half a message in the result pipe; the pool's
    manager thread waited for the rest, and Python waits for that thread on exit: the process
    never ended (a full disk while the cache was written did it)."""
    run = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "exited"
