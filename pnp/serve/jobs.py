"""Builds started from the page: one at a time, in a thread, with progress the page polls."""

from __future__ import annotations

import itertools
import threading
from dataclasses import dataclass, field
from pathlib import Path

from pnp.errors import Finding, Severity, error
from pnp.i18n import _
from pnp.pipelines.build import build
from pnp.pipelines.build_options import BuildOptions, BuildResult
from pnp.report import plural


@dataclass
class Job:
    id: int
    label: str
    done: int = 0
    total: int = 0
    running: bool = True
    files: list[Path] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    summary: str = ""

    @property
    def percent(self) -> int:
        return round(100 * self.done / self.total) if self.total else 0


class Jobs:
    """The builds of this server; a second build waits for none: it is refused while one runs."""

    def __init__(self, lock: threading.Lock) -> None:
        self.lock = lock  # the workbench's draw lock: drawing a preview and building never run at once
        self.jobs: dict[int, Job] = {}
        self._ids = itertools.count(1)

    def running(self) -> Job | None:
        return next((job for job in self.jobs.values() if job.running), None)

    def start(self, pack: Path, options: BuildOptions, label: str) -> Job | None:
        if self.running() is not None:
            return None
        job = Job(next(self._ids), label)
        self.jobs[job.id] = job
        thread = threading.Thread(target=self._run, args=(job, pack, options), daemon=True, name=f"pnp-build-{job.id}")
        thread.start()
        return job

    def _run(self, job: Job, pack: Path, options: BuildOptions) -> None:
        def progress(done: int, total: int) -> None:
            job.done, job.total = done, total

        try:
            with self.lock:
                result = build(pack, options, progress)
            _finish(job, result)
        except Exception as exc:  # the page must say it, not leave the bar turning forever
            job.findings = [
                error(
                    "serve/build",
                    str(pack),
                    _("the build stopped: {kind}: {problem}").format(kind=type(exc).__name__, problem=exc),
                )
            ]
        finally:
            job.running = False


def _finish(job: Job, result: BuildResult) -> None:
    job.findings = [f for f in result.findings if f.severity is not Severity.INFO]
    job.files = [p for p in result.written if p.suffix == ".pdf"]
    if result.ok:
        job.summary = _("{cards} on {sheets}").format(
            cards=plural(result.cards, "card"), sheets=plural(result.sheets, "sheet")
        )
        job.done = job.total = max(job.total, 1)
