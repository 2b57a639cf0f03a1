"""Sheet PDFs in page ranges: drawn in parallel on every core, and cached per range.

A deck's sheets are cut into ranges of RANGE_SHEETS sheets.  Each range is a
document of its own, so the ranges of one large deck are drawn on all cores
at once; pdfium joins them into the deck's file and into cards.pdf.  Each
range is cached (pnp.cache) under a key made of what it shows: its cards and
sheet numbers, its faces, the bytes of their art, the fonts, the templates
and the options.  A rebuild after editing one card draws the one range that
holds it again, and takes every other range as it was.  Ranges are cut by
sheet count, never by core count, so every machine writes the same bytes.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from collections.abc import Callable, Sequence
from concurrent.futures import as_completed
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

from pnp.assets.fonts import load_fonts
from pnp.cache import META_SUFFIX, Cache
from pnp.errors import Finding
from pnp.export.draft import marked
from pnp.export.merge import merge_pdfs
from pnp.export.pdf import SheetSection, home_footer, render_pdf
from pnp.export.workers import worker_pool
from pnp.layout import FaceLayout
from pnp.render.face import RenderContext
from pnp.render.icons import IconSettings, icon_map, icon_settings

__all__ = ["DeckPdfJob", "DrawSettings", "draw_decks", "icon_settings", "joined"]

RANGE_SHEETS = 12  # sheets per range: small enough to spread a deck over cores and redraw little
KEEP_JOINED = 16  # joined documents kept in the cache: the last builds' files, not every file ever built


@dataclass(frozen=True)
class DeckPdfJob:
    deck_id: str
    title: str
    section: SheetSection
    faces: tuple[FaceLayout, ...]  # every face the section places
    art: tuple[str, ...]  # each face's art digest (pnp.export.png.art_digest), in the order of faces
    fonts: str  # digest of the fonts folder


@dataclass(frozen=True)
class DrawSettings:
    pack_root: Path
    fonts_dir: Path
    bleed: float
    template_files: tuple[tuple[str, str], ...]
    icons: IconSettings = ()
    draft_mark: str = ""  # the word a draft prints on every sheet; "" for a normal build


@dataclass(frozen=True)
class RangeJob:
    deck_id: str
    index: int  # the range's place in its deck
    title: str
    section: SheetSection  # the range's cards, numbered as sheets of the whole deck
    faces: tuple[FaceLayout, ...]  # the faces the range places
    key: str


def page_ranges(job: DeckPdfJob, settings: DrawSettings, cache: Cache) -> list[RangeJob]:
    """The deck cut into ranges of RANGE_SHEETS sheets, each with its cache key."""
    per_range = len(job.section.plan.fronts) * RANGE_SHEETS
    cards = job.section.cards
    total = -(-len(cards) // len(job.section.plan.fronts))
    art = dict(zip((face.key for face in job.faces), job.art, strict=True))
    faces = {face.key: face for face in job.faces}
    ranges = []
    for index, start in enumerate(range(0, len(cards), per_range)):
        placed = cards[start : start + per_range]
        section = replace(job.section, cards=placed, first_sheet=index * RANGE_SHEETS + 1, sheet_total=total)
        keys = sorted({key for card in placed for key in (card.front, card.back) if key is not None})
        key = cache.key(
            job.title,
            repr(section),
            tuple(keys),
            tuple(art[k] for k in keys),
            job.fonts,
            round(settings.bleed, 4),
            settings.template_files,
            settings.icons,
            settings.draft_mark,
        )
        ranges.append(RangeJob(job.deck_id, index, job.title, section, tuple(faces[k] for k in keys), key))
    return ranges


def draw_decks(
    jobs: Sequence[DeckPdfJob],
    settings: DrawSettings,
    cache: Cache,
    workers: int,
    progress: Callable[[int], None] | None = None,
    while_drawing: Callable[[], None] | None = None,
) -> tuple[dict[str, list[bytes]], list[Finding], int]:
    """Each deck's page ranges as PDF documents, the drawing findings, and how many ranges were drawn.

    Ranges are drawn in worker processes; `while_drawing` runs in this process
    meanwhile (the build checks the pack's text then), so no core is idle.
    """
    ranges = [r for job in jobs for r in page_ranges(job, settings, cache)]
    drawn: dict[tuple[str, int], tuple[bytes, list[Finding]]] = {}
    missing = []
    for job in ranges:
        cached = _read_cache(cache, job.key)
        if cached is None:
            missing.append(job)
            continue
        drawn[job.deck_id, job.index] = cached
        if progress:
            progress(len(job.section.cards))
    if missing:
        with worker_pool(max(1, min(workers, len(missing)))) as pool:
            futures = {pool.submit(_draw, job, settings): job for job in missing}
            if while_drawing:
                while_drawing()
            for future in as_completed(futures):
                job = futures[future]
                drawn[job.deck_id, job.index] = future.result()
                _write_cache(cache, job.key, *drawn[job.deck_id, job.index])
                if progress:
                    progress(len(job.section.cards))
    elif while_drawing:
        while_drawing()
    documents: dict[str, list[bytes]] = {}
    findings: list[Finding] = []
    for job in ranges:  # in deck and page order, whichever worker finished first
        data, found = drawn[job.deck_id, job.index]
        documents.setdefault(job.deck_id, []).append(data)
        findings += found
    return documents, findings, len(missing)


def _draw(job: RangeJob, settings: DrawSettings) -> tuple[bytes, list[Finding]]:
    ctx = RenderContext(
        fonts=load_fonts(settings.fonts_dir),
        pack_root=settings.pack_root,
        bleed=settings.bleed,
        template_file=dict(settings.template_files),
        icons=icon_map(settings.icons),
        draft=bool(settings.draft_mark),
    )
    # the footer's words: the card language; a draft's mark opens it, clear of every crop mark
    plain = partial(home_footer, language=job.section.language, mark=settings.draft_mark)
    footer = marked(plain, settings.draft_mark) if settings.draft_mark else None
    data = render_pdf([job.section], {face.key: face for face in job.faces}, ctx, job.title, footer=footer)
    return data, ctx.findings


def _write_cache(cache: Cache, key: str, data: bytes, findings: list[Finding]) -> None:
    cache.put(key, data, {"findings": [f.as_dict() for f in findings]})


def _read_cache(cache: Cache, key: str) -> tuple[bytes, list[Finding]] | None:
    """A cached range, or None when the entry is missing or does not verify: then it is drawn again."""
    entry = cache.get(key)
    if entry is None:
        return None
    data, extra = entry
    try:
        findings = [Finding.from_dict(item) for item in extra["findings"]]
    except (TypeError, KeyError, ValueError):
        return None
    return data, findings


def joined(parts: Sequence[bytes], cache: Cache) -> bytes:
    """Page ranges as one document: a lone range as drawn, more joined by pdfium.

    Joining is kept in the cache too (in a folder of its own, the newest
    KEEP_JOINED only), so a rebuild with nothing changed joins nothing.
    """
    if len(parts) == 1:
        return parts[0]
    key = cache.key("joined", tuple(hashlib.sha256(part).hexdigest() for part in parts))
    entry = cache.get(key)
    if entry is not None:
        with contextlib.suppress(OSError):
            os.utime(cache.path(key))  # the newest are kept: this one is in use
        return entry[0]
    data = merge_pdfs(parts)
    with contextlib.suppress(OSError):  # the cache only saves time
        cache.put(key, data)
        _prune(cache)
    return data


def _prune(cache: Cache) -> None:
    entries = sorted(cache.folder.glob(f"*{cache.suffix}"), key=lambda p: p.stat().st_mtime_ns, reverse=True)
    for old in entries[KEEP_JOINED:]:
        old.unlink(missing_ok=True)
        old.with_name(old.name.removesuffix(cache.suffix) + META_SUFFIX).unlink(missing_ok=True)
