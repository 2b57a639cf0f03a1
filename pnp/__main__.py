"""The `pnp` command: `python -m pnp` and the installed script both start here.

Ctrl-C while Python is still importing pnp's modules (a second or two on a busy
machine) would print a traceback: catch it here, before any import, so that an
interrupt at any moment is one line and exit 130.
"""

from __future__ import annotations

import sys


def run() -> None:
    try:
        from pnp.cli import main

        main()
    except KeyboardInterrupt:
        sys.stderr.write("pnp: interrupted\n")
        sys.exit(130)


if __name__ == "__main__":
    run()
