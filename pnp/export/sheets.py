"""Per-deck sheet PDFs: drawn in parallel, one process per deck, and cached.

Decks are separate documents, so they can be drawn on every core at once.
Each deck's PDF is cached under a hash of everything that makes it (faces,
art, fonts, sheet plan, options), with the findings drawing it produced: a
rebuild after editing one card draws that card's deck again, and takes the
others as they were.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path

from pnp.errors import Finding, Severity
from pnp.export.files import write_atomic
from pnp.export.pdf import SheetSection, render_pdf
from pnp.layout import FaceLayout
from pnp.render.face import RenderContext
from pnp.render.fonts import load_fonts
from pnp.render.icons import IconSettings, icon_map, icon_settings

CACHE_VERSION = "2"  # bump when drawing changes in a way face keys do not capture


__all__ = ["DeckPdfJob", "DrawSettings", "deck_digest", "draw_decks", "icon_settings"]


@dataclass(frozen=True)
class DeckPdfJob:
    deck_id: str
    title: str
    section: SheetSection
    faces: tuple[FaceLayout, ...]  # every face the section places
    digest: str


@dataclass(frozen=True)
class DrawSettings:
    pack_root: Path
    fonts_dir: Path
    bleed: float
    template_files: tuple[tuple[str, str], ...]
    icons: IconSettings = ()


def deck_digest(
    title: str,
    section: SheetSection,
    faces: Sequence[FaceLayout],
    art: Sequence[str],
    fonts: str,
    settings: DrawSettings,
) -> str:
    parts = (
        CACHE_VERSION,
        title,
        repr(section),
        tuple(f.key for f in faces),
        tuple(art),
        fonts,
        round(settings.bleed, 4),
        settings.template_files,
        settings.icons,
    )
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:32]


def draw_decks(
    jobs: Sequence[DeckPdfJob],
    settings: DrawSettings,
    cache_dir: Path | None,
    workers: int,
    progress: Callable[[int], None] | None = None,
    while_drawing: Callable[[], None] | None = None,
) -> tuple[dict[str, bytes], list[Finding], int]:
    """Each deck's PDF bytes, the drawing findings, and how many decks were drawn (not cached).

    Decks are drawn in worker processes; `while_drawing` runs in this process
    meanwhile (the build checks the pack's text then), so one core is not idle.
    """
    documents: dict[str, bytes] = {}
    findings: list[Finding] = []
    missing = []
    for job in jobs:
        cached = _read_cache(cache_dir, job.digest) if cache_dir else None
        if cached is None:
            missing.append(job)
            continue
        documents[job.deck_id], found = cached
        findings += found
        if progress:
            progress(len(job.section.cards))
    if not missing:
        if while_drawing:
            while_drawing()
        return documents, findings, 0
    with ProcessPoolExecutor(max_workers=max(1, min(workers, len(missing)))) as pool:
        futures = {pool.submit(_draw, job, settings): job for job in missing}
        if while_drawing:
            while_drawing()
        for future in as_completed(futures):
            job = futures[future]
            documents[job.deck_id], found = future.result()
            findings += found
            _write_cache(cache_dir, job.digest, documents[job.deck_id], found)
            if progress:
                progress(len(job.section.cards))
    return documents, findings, len(missing)


def _draw(job: DeckPdfJob, settings: DrawSettings) -> tuple[bytes, list[Finding]]:
    ctx = RenderContext(
        fonts=load_fonts(settings.fonts_dir),
        pack_root=settings.pack_root,
        bleed=settings.bleed,
        template_file=dict(settings.template_files),
        icons=icon_map(settings.icons),
    )
    data = render_pdf([job.section], {face.key: face for face in job.faces}, ctx, job.title)
    return data, ctx.findings


def _write_cache(cache_dir: Path | None, digest: str, data: bytes, findings: list[Finding]) -> None:
    if cache_dir is None:
        return
    write_atomic(cache_dir / f"{digest}.json", json.dumps([f.as_dict() for f in findings]).encode())
    write_atomic(cache_dir / f"{digest}.pdf", data)  # last: its presence marks a whole entry


def _read_cache(cache_dir: Path | None, digest: str) -> tuple[bytes, list[Finding]] | None:
    """A cached deck, or None when the entry is missing, torn or unreadable: then it is drawn again."""
    if cache_dir is None:
        return None
    try:
        data = (cache_dir / f"{digest}.pdf").read_bytes()
        raw = json.loads((cache_dir / f"{digest}.json").read_text(encoding="utf-8"))
        findings = [Finding(**{**item, "severity": Severity(item["severity"])}) for item in raw]
    except (OSError, ValueError, TypeError, KeyError):
        return None
    if not (data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF")):
        return None
    return data, findings
