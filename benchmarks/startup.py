"""How long `pnp --help` takes as a whole process, in processor time, the best of ten.

The import-rule test holds what start-up loads (a count of modules); this measures what it costs,
which a test must not assert (a busy machine would fail it).  Issue target: under 0.2 s.

    python benchmarks/startup.py
"""

from __future__ import annotations

import os
import subprocess
import sys


def processor_seconds(command: list[str]) -> float:
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _pid, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)  # reaped here: Popen must not wait again
    if child.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed with {child.returncode}")
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    command = [sys.executable, "-m", "pnp", "--help"]
    times = sorted(processor_seconds(command) for _ in range(10))
    print(
        f"pnp --help: best {times[0]:.3f} s, median {times[len(times) // 2]:.3f} s of processor time (target < 0.2 s)"
    )


if __name__ == "__main__":
    main()
