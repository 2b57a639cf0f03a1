"""The `pnp` command: `python -m pnp` and the installed script both start here.

Ctrl-C while Python is still importing pnp's modules (a second or two on a busy
machine) would print a traceback: catch it here, before any import, so that an
interrupt at any moment is one line and exit 130.
"""

from __future__ import annotations

import gc
import signal


def run() -> None:
    try:
        from pnp.cli import main

        main()
    except KeyboardInterrupt:  # while Python imports pnp or parses the command: the commands catch their own
        from pnp.exiting import leave_interrupted

        leave_interrupted()
    finally:
        # the work is done, but Python's shutdown (worker pools joining, exit handlers) can still
        # be interrupted, and would print a traceback from inside them: end quietly instead
        signal.signal(signal.SIGINT, _interrupted_at_exit)
        # Python's shutdown runs the garbage collector over every object still alive (a build's
        # modules, models and layouts): 0.1 s or more of a rebuild that took one second.  Frozen
        # objects are left out of it; the memory is the system's again when the process ends.
        gc.freeze()


def _interrupted_at_exit(signum: int, frame: object) -> None:
    from pnp.exiting import leave

    leave(130)


if __name__ == "__main__":
    run()
