"""The build's optional outputs: per-face PNG, print-shop files, Tabletop Simulator decks.

Each takes the faces the build laid out and writes its files; images come
from one cache of rasterized faces, so asking for PNG and TTS draws once.
"""

from __future__ import annotations

from dataclasses import dataclass
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
from pnp.render.icons import icon_settings


@dataclass(frozen=True)
class LaidOut:
    """What the build made before the extras: the pack, its decks' faces, and the options."""

    pack: PackData
    builds: list[DeckBuild]
    faces: dict[str, FaceLayout]
    templates: TemplateSet
    options: BuildOptions
    out_dir: Path
    language: str

    def pick(self, localized: dict[str, str]) -> str:
        return pick(self.pack, localized, self.language)

    def raster_settings(self, dpi: int, bleed: float, keep_bleed: bool) -> RasterSettings:
        return RasterSettings(
            dpi=dpi,
            bleed=bleed,
            keep_bleed=keep_bleed,
            pack_root=self.pack.root,
            fonts_dir=FONTS_DIR,
            template_files=tuple((n, t.file) for n, t in sorted(self.templates.templates.items())),
            icons=icon_settings(self.templates.icons),
        )


def export_extras(done: LaidOut, result: BuildResult) -> None:
    """Everything asked for beyond the PDF sheets."""
    options = done.options
    if options.png:
        _export_pngs(done, result)
    if options.tts:
        _export_tts(done, result)
    if options.print_shop == "mpc":
        _export_mpc(done, result)
    elif options.print_shop in ("drivethru", "oneup"):
        _export_one_up(done, result)


def pick(pack: PackData, localized: dict[str, str], language: str) -> str:
    return localized.get(language) or localized.get(pack.pack.source_language, "")


def _png_jobs(done: LaidOut, wanted: dict[str, list[Path]], settings: RasterSettings) -> tuple[list[PngJob], Path]:
    fonts = fonts_digest(FONTS_DIR)
    faces = done.faces
    jobs = [
        PngJob(
            faces[key], tuple(targets), job_digest(faces[key], settings, art_digest(faces[key], done.pack.root), fonts)
        )
        for key, targets in wanted.items()
    ]
    cache_dir = done.options.output / ".cache" / "png"
    if not done.options.cache:
        for job in jobs:
            (cache_dir / f"{job.digest}.png").unlink(missing_ok=True)
    return jobs, cache_dir


def _write_images(done: LaidOut, wanted: dict[str, list[Path]], settings: RasterSettings, result: BuildResult) -> None:
    jobs, cache_dir = _png_jobs(done, wanted, settings)
    try:
        written, findings, drawn = export_pngs(jobs, settings, cache_dir, cpu_workers())
    except OSError as exc:
        result.findings.append(_write_error(cache_dir, exc))
        return
    result.findings += findings
    result.written += written
    result.images_drawn += drawn
    result.images += sum(len(job.targets) for job in jobs)


def _export_pngs(done: LaidOut, result: BuildResult) -> None:
    options = done.options
    settings = done.raster_settings(options.dpi, options.bleed, options.png_bleed)
    _write_images(done, _face_files(done.builds, done.out_dir / "png"), settings, result)


def _export_mpc(done: LaidOut, result: BuildResult) -> None:
    profile = PROFILES["mpc"]
    settings = done.raster_settings(profile.dpi, (profile.bleed_in or 0) * 72, True)
    for built in done.builds:
        counts = [f"back.png\t{len(built.section.cards)}"]
        for card_id, front, back in built.faces:
            copies = sum(1 for p in built.section.cards if p.front == front and p.back == back)
            counts.append(f"{card_id}.png\t{copies}")
            if back != built.back_key:
                counts.append(f"{card_id}-back.png\t{copies}")
        tsv = ("image\tcopies\n" + "\n".join(counts) + "\n").encode()
        _write_file(done.out_dir / "mpc" / built.deck.deck.id / "quantities.tsv", tsv, result)
    _write_images(done, _face_files(done.builds, done.out_dir / "mpc"), settings, result)


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


def _export_one_up(done: LaidOut, result: BuildResult) -> None:
    profile = PROFILES[done.options.print_shop or "oneup"]
    bleed = done.options.bleed if profile.bleed_in is None else profile.bleed_in * 72
    ctx = RenderContext(
        fonts=load_fonts(FONTS_DIR),
        pack_root=done.pack.root,
        bleed=bleed,
        template_file={n: t.file for n, t in done.templates.templates.items()},
        icons=done.templates.icons,
    )
    for built in done.builds:
        ordered = [done.faces[key] for _, front, back in built.faces for key in (front, back)]
        data = one_up_pdf(ordered, ctx, done.pick(built.deck.deck.name))
        _write_file(done.out_dir / profile.name / f"{built.deck.deck.id}.pdf", data, result)
    result.findings += ctx.findings


def _export_tts(done: LaidOut, result: BuildResult) -> None:
    settings = done.raster_settings(done.options.dpi, done.options.bleed, False)
    wanted: dict[str, list[Path]] = {}
    for built in done.builds:
        for key in (built.back_key, *(front for _, front, _ in built.faces)):
            wanted.setdefault(key, [])
    jobs, cache_dir = _png_jobs(done, wanted, settings)
    try:
        findings, drawn = rasterize(jobs, settings, cache_dir, cpu_workers())
    except OSError as exc:
        result.findings.append(_write_error(cache_dir, exc))
        return
    result.findings += findings
    result.images_drawn += drawn
    image = {job.face.key: cache_dir / f"{job.digest}.png" for job in jobs}
    cards = done.pack.cards()
    for built in done.builds:
        tts_cards = [
            TtsCard(
                nickname=done.pick(cards[card_id].title),
                description=done.pick(cards[card_id].text),
                image=image[front],
                copies=cards[card_id].count,
            )
            for card_id, front, _ in built.faces
        ]
        try:
            result.written += write_tts_deck(
                built.deck.deck.id,
                done.pick(built.deck.deck.name),
                tts_cards,
                image[built.back_key],
                done.out_dir / "tts",
            )
        except OSError as exc:
            result.findings.append(_write_error(done.out_dir / "tts", exc))
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
