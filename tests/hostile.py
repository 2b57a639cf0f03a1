"""Running pnp as a person would, in a process of its own, under a time limit and a memory limit.

A hostile pack's reproducer hangs or eats memory on code that lacks a limit: in a child process
the test fails (timeout, or a MemoryError under RLIMIT_AS) instead of hanging the suite.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from tests.conftest import ROOT


def run_pnp(
    args: Sequence[str],
    cwd: Path,
    timeout: float = 60,
    memory_mb: int = 1500,
    stdin: str | None = None,
    pythonpath: Path = ROOT,
) -> subprocess.CompletedProcess[str]:
    """`python -m pnp ARGS`, in English, with pnp from `pythonpath`, failing the test past `timeout` seconds."""

    def limit_memory() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (memory_mb * 1024 * 1024, memory_mb * 1024 * 1024))

    env = {**os.environ, "PNP_UI_LANG": "en", "PYTHONPATH": str(pythonpath)}
    try:
        return subprocess.run(
            [sys.executable, "-m", "pnp", *args],
            cwd=cwd,
            env=env,
            capture_output=True,
            text=True,
            timeout=timeout,
            preexec_fn=limit_memory,
            input=stdin,
            stdin=None if stdin is not None else subprocess.DEVNULL,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"pnp {' '.join(args)} was still running after {timeout} s")
