"""The build's optional outputs: per-face PNG, print-shop files, Tabletop Simulator decks.

Each takes the faces the build laid out and writes its files; images come
from one cache of rasterized faces, so asking for PNG and TTS draws once.
"""

from __future__ import annotations

from pathlib import Path

from pnp.build_state import FONTS_DIR, BuildOptions, BuildResult, DeckBuild
from pnp.errors import Finding
from pnp.export.files import write_error, write_if_changed
from pnp.export.png import (
    PngJob,
    RasterSettings,
    art_digest,
    cpu_workers,
    export_pngs,
    fonts_digest,
    job_digest,
    rasterize,
)
from pnp.export.printshop import PROFILES, one_up_pdf
from pnp.export.tts import TtsCard, write_tts_deck
from pnp.layout import FaceLayout, TemplateSet
from pnp.model import PackData
from pnp.render.face import RenderContext
from pnp.render.fonts import load_fonts


def export_extras(
    pack: PackData,
    builds: list[DeckBuild],
    faces: dict[str, FaceLayout],
    templates: TemplateSet,
    options: BuildOptions,
    out_dir: Path,
    result: BuildResult,
    language: str,
) -> None:
    """Everything asked for beyond the PDF sheets."""
    if options.png:
        _export_pngs(pack, builds, faces, templates, options, out_dir, result)
    if options.tts:
        _export_tts(pack, builds, faces, templates, options, out_dir, result, language)
    if options.print_shop == "mpc":
        _export_mpc(pack, builds, faces, templates, options, out_dir, result)
    elif options.print_shop in ("drivethru", "oneup"):
        _export_one_up(pack, builds, faces, templates, options, out_dir, result, language)


def pick(pack: PackData, localized: dict[str, str], language: str) -> str:
    return localized.get(language) or localized.get(pack.pack.source_language, "")


def _raster_settings(
    pack: PackData, templates: TemplateSet, dpi: int, bleed: float, keep_bleed: bool
) -> RasterSettings:
    return RasterSettings(
        dpi=dpi,
        bleed=bleed,
        keep_bleed=keep_bleed,
        pack_root=pack.root,
        fonts_dir=FONTS_DIR,
        template_files=tuple((n, t.file) for n, t in sorted(templates.templates.items())),
    )


def _png_jobs(
    pack: PackData,
    faces: dict[str, FaceLayout],
    wanted: dict[str, list[Path]],
    settings: RasterSettings,
    options: BuildOptions,
) -> tuple[list[PngJob], Path]:
    fonts = fonts_digest(FONTS_DIR)
    jobs = [
        PngJob(faces[key], tuple(targets), job_digest(faces[key], settings, art_digest(faces[key], pack.root), fonts))
        for key, targets in wanted.items()
    ]
    cache_dir = options.output / ".cache" / "png"
    if not options.cache:
        for job in jobs:
            (cache_dir / f"{job.digest}.png").unlink(missing_ok=True)
    return jobs, cache_dir


def _write_images(
    pack: PackData,
    faces: dict[str, FaceLayout],
    wanted: dict[str, list[Path]],
    settings: RasterSettings,
    options: BuildOptions,
    result: BuildResult,
) -> None:
    jobs, cache_dir = _png_jobs(pack, faces, wanted, settings, options)
    try:
        written, findings, drawn = export_pngs(jobs, settings, cache_dir, cpu_workers())
    except OSError as exc:
        result.findings.append(_write_error(cache_dir, exc))
        return
    result.findings += findings
    result.written += written
    result.images_drawn += drawn
    result.images += sum(len(job.targets) for job in jobs)


def _export_pngs(
    pack: PackData,
    builds: list[DeckBuild],
    faces: dict[str, FaceLayout],
    templates: TemplateSet,
    options: BuildOptions,
    out_dir: Path,
    result: BuildResult,
) -> None:
    settings = _raster_settings(pack, templates, options.dpi, options.bleed, options.png_bleed)
    _write_images(pack, faces, _face_files(builds, out_dir / "png"), settings, options, result)


def _export_mpc(
    pack: PackData,
    builds: list[DeckBuild],
    faces: dict[str, FaceLayout],
    templates: TemplateSet,
    options: BuildOptions,
    out_dir: Path,
    result: BuildResult,
) -> None:
    profile = PROFILES["mpc"]
    settings = _raster_settings(pack, templates, profile.dpi, (profile.bleed_in or 0) * 72, True)
    for built in builds:
        counts = [f"back.png\t{len(built.section.cards)}"]
        for card_id, front, back in built.faces:
            copies = sum(1 for p in built.section.cards if p.front == front and p.back == back)
            counts.append(f"{card_id}.png\t{copies}")
            if back != built.back_key:
                counts.append(f"{card_id}-back.png\t{copies}")
        tsv = ("image\tcopies\n" + "\n".join(counts) + "\n").encode()
        _write_file(out_dir / "mpc" / built.deck.deck.id / "quantities.tsv", tsv, result)
    _write_images(pack, faces, _face_files(builds, out_dir / "mpc"), settings, options, result)


def _face_files(builds: list[DeckBuild], root: Path) -> dict[str, list[Path]]:
    """Each face's image files: <root>/<deck>/<card>.png, <card>-back.png for its own back, back.png."""
    wanted: dict[str, list[Path]] = {}
    for built in builds:
        folder = root / built.deck.deck.id
        wanted.setdefault(built.back_key, []).append(folder / "back.png")
        for card_id, front, back in built.faces:
            wanted.setdefault(front, []).append(folder / f"{card_id}.png")
            if back != built.back_key:
                wanted.setdefault(back, []).append(folder / f"{card_id}-back.png")
    return wanted


def _export_one_up(
    pack: PackData,
    builds: list[DeckBuild],
    faces: dict[str, FaceLayout],
    templates: TemplateSet,
    options: BuildOptions,
    out_dir: Path,
    result: BuildResult,
    language: str,
) -> None:
    profile = PROFILES[options.print_shop or "oneup"]
    bleed = options.bleed if profile.bleed_in is None else profile.bleed_in * 72
    ctx = RenderContext(
        fonts=load_fonts(FONTS_DIR),
        pack_root=pack.root,
        bleed=bleed,
        template_file={n: t.file for n, t in templates.templates.items()},
    )
    for built in builds:
        ordered = [faces[key] for _, front, back in built.faces for key in (front, back)]
        data = one_up_pdf(ordered, ctx, pick(pack, built.deck.deck.name, language))
        _write_file(out_dir / profile.name / f"{built.deck.deck.id}.pdf", data, result)
    result.findings += ctx.findings


def _export_tts(
    pack: PackData,
    builds: list[DeckBuild],
    faces: dict[str, FaceLayout],
    templates: TemplateSet,
    options: BuildOptions,
    out_dir: Path,
    result: BuildResult,
    language: str,
) -> None:
    settings = _raster_settings(pack, templates, options.dpi, options.bleed, False)
    wanted: dict[str, list[Path]] = {}
    for built in builds:
        for key in (built.back_key, *(front for _, front, _ in built.faces)):
            wanted.setdefault(key, [])
    jobs, cache_dir = _png_jobs(pack, faces, wanted, settings, options)
    try:
        findings, drawn = rasterize(jobs, settings, cache_dir, cpu_workers())
    except OSError as exc:
        result.findings.append(_write_error(cache_dir, exc))
        return
    result.findings += findings
    result.images_drawn += drawn
    image = {job.face.key: cache_dir / f"{job.digest}.png" for job in jobs}
    cards = pack.cards()
    for built in builds:
        tts_cards = []
        for card_id, front, _ in built.faces:
            card = cards[card_id]
            tts_cards.append(
                TtsCard(
                    nickname=pick(pack, card.title, language),
                    description=pick(pack, card.text, language),
                    image=image[front],
                    copies=card.count,
                )
            )
        try:
            result.written += write_tts_deck(
                built.deck.deck.id,
                pick(pack, built.deck.deck.name, language),
                tts_cards,
                image[built.back_key],
                out_dir / "tts",
            )
        except OSError as exc:
            result.findings.append(_write_error(out_dir / "tts", exc))
            return


def _write_file(path: Path, data: bytes, result: BuildResult) -> None:
    try:
        changed = write_if_changed(path, data)
    except OSError as exc:
        result.findings.append(_write_error(path, exc))
        return
    if changed:
        result.written.append(path)


def _write_error(path: Path, exc: OSError) -> Finding:
    return write_error(path, exc)
