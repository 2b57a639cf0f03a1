"""How long `pnp --help` takes as a whole process, in processor time, the best of ten; and what a
build that draws pays for its modules before it starts (importing pnp.pipelines.build), with how
many of the check rules' modules that import brings in (none: the checks import them in their
own process).

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


# the build's modules, and the check modules among them, printed by the measured process itself
BUILD_IMPORT = """
import sys
import pnp.pipelines.build
checks = [name for name in sys.modules if name.startswith("pnp.check.")]
print(len(sys.modules), len(checks), file=sys.stderr)
"""


def main() -> None:
    command = [sys.executable, "-m", "pnp", "--help"]
    times = sorted(processor_seconds(command) for _ in range(10))
    print(
        f"pnp --help: best {times[0]:.3f} s, median {times[len(times) // 2]:.3f} s of processor time (target < 0.2 s)"
    )
    build = [sys.executable, "-c", BUILD_IMPORT]
    times = sorted(processor_seconds(build) for _ in range(10))
    counted = subprocess.run(build, capture_output=True, text=True, check=True).stderr.split()
    print(
        f"import pnp.pipelines.build: best {times[0]:.3f} s, median {times[len(times) // 2]:.3f} s of processor time;"
        f" {counted[0]} modules, {counted[1]} of them pnp.check's"
    )


if __name__ == "__main__":
    main()
