"""Per-face PNG images, rasterized by pdfium from the same PDF faces the sheets use.

Faces are drawn once by ReportLab into a small PDF (one page per face, bleed
included) and rasterized at the asked DPI: one drawing engine, never two.
Work is split across processes (ReportLab and PNG encoding hold the GIL), and
every image is cached by a hash of everything that makes it, so a rebuild
after editing one card redraws one card.
"""

from __future__ import annotations

import hashlib
import io
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.assets.fonts import load_fonts
from pnp.cache import Cache
from pnp.errors import Finding
from pnp.export.canvas import new_canvas
from pnp.export.workers import worker_pool
from pnp.files import write_atomic
from pnp.layout import FaceLayout
from pnp.render.icons import IconSettings, icon_map

# every build asks this module for its workers and its fonts' digest; the face renderer is imported
# by the PNG export that draws with it (as by pnp.export.pdf)
if TYPE_CHECKING:
    from pnp.render.face import RenderContext

MAX_DPI = 1200  # a tarot card at 1200 dpi is 19 MP: past this, files grow and nothing looks sharper
# zlib level 1: flat card art compresses nearly as well as at the default 6, at a fraction of the time
PNG_COMPRESS_LEVEL = 1
CACHE_VERSION = "1"  # bump when the rasterization itself changes


@dataclass(frozen=True)
class PngJob:
    face: FaceLayout
    targets: tuple[Path, ...]  # where the image is wanted (a face may be wanted under several names)
    digest: str  # cache key: everything that makes the pixels


@dataclass(frozen=True)
class RasterSettings:
    dpi: int
    bleed: float  # points drawn around the trim box
    keep_bleed: bool
    pack_root: Path
    fonts_dir: Path
    template_files: tuple[tuple[str, str], ...]
    icons: IconSettings = ()
    draft: bool = False  # a draft sets text down to 3 pt where a build refuses it under 5 pt


def job_digest(face: FaceLayout, settings: RasterSettings, art_digest: str, fonts_digest: str) -> str:
    parts = (
        CACHE_VERSION,
        face.key,
        settings.dpi,
        round(settings.bleed, 3),
        settings.keep_bleed,
        art_digest,
        fonts_digest,
        settings.icons,
        settings.draft,
    )
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:32]


@lru_cache(maxsize=4)
def fonts_digest(fonts_dir: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(fonts_dir.glob("*")):
        if path.is_file():
            digest.update(path.name.encode() + path.read_bytes())
    return digest.hexdigest()[:16]


def art_digest(face: FaceLayout, pack_root: Path) -> str:
    """A face's images by content: replacing art under the same name must redraw the face."""
    digest = hashlib.sha256()
    for element in face.elements:
        source = element.field("source")
        if source:
            path = pack_root / str(source)
            digest.update(str(source).encode())
            digest.update(path.read_bytes() if path.is_file() else b"missing")
    return digest.hexdigest()[:16]


def export_pngs(
    jobs: Sequence[PngJob],
    settings: RasterSettings,
    cache: Cache,
    workers: int,
    progress: Callable[[int], None] | None = None,
) -> tuple[list[Path], list[Finding], int]:
    """Write every job's targets; returns the files written, findings, and how many faces were drawn."""
    findings, drawn = rasterize(jobs, settings, cache, workers)
    written = []
    for job in jobs:
        data = cache.path(job.digest).read_bytes()  # verified by rasterize, or drawn by it just now
        for target in job.targets:
            if not target.exists() or target.read_bytes() != data:
                write_atomic(target, data)
                written.append(target)
        if progress:
            progress(1)
    return written, findings, drawn


def rasterize(
    jobs: Sequence[PngJob], settings: RasterSettings, cache: Cache, workers: int
) -> tuple[list[Finding], int]:
    """Make sure every job's image is in the cache, verified.  Returns findings and how many were drawn."""
    missing = list({job.digest: job for job in jobs if not cache.has(job.digest)}.values())
    findings: list[Finding] = []
    if missing:
        chunks = [missing[i::workers] for i in range(workers)] if workers > 1 else [list(missing)]
        chunks = [c for c in chunks if c]
        if len(chunks) > 1:
            import pnp.render.face  # noqa: F401  (before the workers fork: they share it)

            with worker_pool(len(chunks)) as pool:
                results = list(pool.map(_render_chunk, chunks, [settings] * len(chunks), [cache] * len(chunks)))
        else:
            results = [_render_chunk(chunks[0], settings, cache)]
        for chunk_findings in results:
            findings += chunk_findings
    return findings, len(missing)


def _render_chunk(jobs: Sequence[PngJob], settings: RasterSettings, cache: Cache) -> list[Finding]:
    from pnp.render.face import RenderContext

    ctx = RenderContext(
        fonts=load_fonts(settings.fonts_dir),
        pack_root=settings.pack_root,
        bleed=settings.bleed,
        template_file=dict(settings.template_files),
        icons=icon_map(settings.icons),
        draft=settings.draft,
    )
    import pypdfium2 as pdfium  # here: a build without PNG output never loads pdfium

    document = pdfium.PdfDocument(faces_pdf([job.face for job in jobs], ctx))
    scale = settings.dpi / 72
    for index, job in enumerate(jobs):
        page = document[index]
        crop = (0, 0, 0, 0) if settings.keep_bleed else (settings.bleed,) * 4
        image = page.render(scale=scale, crop=crop).to_pil()
        # pdfium rounds a partial pixel up; the size a print shop expects is the rounded one
        width, height = page.get_size()
        trim = 0 if settings.keep_bleed else 2 * settings.bleed
        exact = (round((width - trim) * scale), round((height - trim) * scale))
        if image.size != exact:
            image = image.crop((0, 0, *exact))
        buffer = io.BytesIO()
        image.save(buffer, format="PNG", compress_level=PNG_COMPRESS_LEVEL, dpi=(settings.dpi, settings.dpi))
        cache.put(job.digest, buffer.getvalue())
    return ctx.findings


def faces_pdf(faces: Sequence[FaceLayout], ctx: RenderContext) -> bytes:
    """One page per face, bleed box as the page: the input to rasterization."""
    from pnp.render.face import draw_face

    buffer = io.BytesIO()
    canvas = new_canvas(buffer, compress=False)
    b = ctx.bleed
    for face in faces:
        canvas.setPageSize((face.size.width + 2 * b, face.size.height + 2 * b))
        canvas.translate(b, b)
        draw_face(canvas, face, ctx)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def cpu_workers() -> int:
    return max(1, min(os.cpu_count() or 1, 8))
