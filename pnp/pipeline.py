"""build = load -> check -> layout -> render -> impose -> export.

Everything is gathered first (faces laid out, findings collected), then the
files are written, each atomically.  A stage that finds errors stops the
build before anything is written, so a good previous output survives.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pnp.build_exports import LaidOut, export_extras, pick
from pnp.build_state import FONTS_DIR, BuildOptions, BuildResult, DeckBuild
from pnp.check import check_pack
from pnp.errors import Finding, did_you_mean, error, has_errors, warning
from pnp.export.files import write_atomic, write_error
from pnp.export.merge import merge_pdfs
from pnp.export.pdf import Placement, SheetSection, render_calibration
from pnp.export.png import (
    art_digest,
    cpu_workers,
    fonts_digest,
)
from pnp.export.sheets import DeckPdfJob, DrawSettings, deck_digest, draw_decks, icon_settings
from pnp.impose import ImposeError, SheetSpec, plan_sheet
from pnp.layout.plan import DeckFaces, lay_out_pack
from pnp.load import load_pack
from pnp.load.pack import PACK_FILE, shown_path
from pnp.model import LoadedDeck, PackData
from pnp.units import mm, paper_size


def build(pack_path: Path, options: BuildOptions, progress: Callable[[int, int], None] | None = None) -> BuildResult:
    result = _build(pack_path, options, progress)
    result.findings = _dedupe(result.findings)  # one layout error repeats for every deck that uses the layout
    return result


def _build(pack_path: Path, options: BuildOptions, progress: Callable[[int, int], None] | None) -> BuildResult:
    result = BuildResult()
    loaded = load_pack(pack_path)
    result.findings += loaded.findings
    pack = loaded.pack
    if pack is None:
        return result
    language = options.language or (pack.pack.target_languages or [pack.pack.source_language])[0]
    if language not in pack.languages:
        result.findings.append(
            error(
                "build/language",
                shown_path(pack.root / PACK_FILE),
                f'"{language}" is not a language of this pack',
                hint=f"languages: {', '.join(pack.languages)}",
            )
        )
        return result
    decks = _selected_decks(pack, options, result)
    if has_errors(result.findings):
        return result
    # the same code path as pnp check: what it refuses here, check has reported
    laid = lay_out_pack(pack, language, decks, options.templates, options.card_size, options.bilingual)
    result.findings += laid.findings
    if has_errors(result.findings):
        return result
    templates = laid.templates
    faces = laid.faces()
    builds: list[DeckBuild] = []
    for laid_deck in laid.decks:
        built = _impose_deck(pack, laid_deck, language, options, result)
        if built is not None:
            builds.append(built)
    if has_errors(result.findings):
        return result

    out_dir = options.output / pack.pack.id / language
    total = sum(len(b.section.cards) for b in builds)
    done = 0

    def advance(count: int) -> None:
        nonlocal done
        done += count
        if progress:
            progress(done, total)

    settings = DrawSettings(
        pack_root=pack.root,
        fonts_dir=FONTS_DIR,
        bleed=options.bleed,
        template_files=tuple((n, t.file) for n, t in sorted(templates.templates.items())),
        icons=icon_settings(laid.icons),
    )
    fonts_hash = fonts_digest(FONTS_DIR)
    jobs = []
    for built in builds:
        used = {
            key: faces[key]
            for placement in built.section.cards
            for key in (placement.front, placement.back)
            if key is not None
        }
        deck_faces = tuple(used[key] for key in sorted(used))
        title = pick(pack, built.deck.deck.name, language)
        art = [art_digest(face, pack.root) for face in deck_faces]
        jobs.append(
            DeckPdfJob(
                built.deck.deck.id,
                title,
                built.section,
                deck_faces,
                deck_digest(title, built.section, deck_faces, art, fonts_hash, settings),
            )
        )
    cache_dir = options.output / ".cache" / "pdf" if options.cache else None
    try:
        drawn, draw_findings, result.decks_drawn = draw_decks(
            jobs,
            settings,
            cache_dir,
            cpu_workers(),
            advance,
            # the checks need no drawing and the drawing no checks: run them side by side
            while_drawing=lambda: result.findings.extend(check_pack(pack)),
        )
    except OSError as exc:
        result.findings.append(write_error(options.output / ".cache", exc))
        return result
    result.findings += draw_findings
    documents: list[tuple[Path, bytes]] = [(out_dir / f"cards-{job.deck_id}.pdf", drawn[job.deck_id]) for job in jobs]
    if jobs and not options.decks:
        # the decks already drawn, joined: every face is drawn once per build, not once per file.
        # With --decks, cards.pdf is left as it was: it holds every deck, or nothing.
        documents.append((out_dir / "cards.pdf", merge_pdfs([drawn[job.deck_id] for job in jobs])))
    if options.calibration and options.duplex in ("long", "short") and builds:
        documents.append(
            (out_dir / f"calibration-{options.duplex}.pdf", render_calibration(builds[0].section.plan, options.duplex))
        )
    if has_errors(result.findings):
        return result
    for path, data in documents:
        try:
            write_atomic(path, data)
        except OSError as exc:
            result.findings.append(write_error(path, exc))
            return result
        result.written.append(path)
    export_extras(LaidOut(pack, builds, faces, templates, options, out_dir, language), result)
    if has_errors(result.findings):
        return result
    result.cards = total
    result.faces = len(faces)
    result.sheets = sum(-(-len(b.section.cards) // len(b.section.plan.fronts)) for b in builds)
    return result


def _selected_decks(pack: PackData, options: BuildOptions, result: BuildResult) -> list[LoadedDeck]:
    printable = [d for d in pack.decks if d.deck.origin is None]
    if not options.decks:
        return [d for d in printable if d.cards]
    chosen = []
    for deck_id in options.decks:
        deck = pack.deck(deck_id)
        if deck is None:
            result.findings.append(
                error(
                    "build/unknown-deck",
                    shown_path(pack.root / PACK_FILE),
                    f'no deck "{deck_id}"',
                    hint=did_you_mean(deck_id, [d.deck.id for d in printable]),
                )
            )
        elif not deck.cards:
            result.findings.append(
                warning(
                    "build/empty-deck",
                    shown_path(deck.file),
                    f'deck "{deck_id}" has no cards entered yet: nothing to print',
                    hint=f"enter its cards in {shown_path(deck.file)}",
                )
            )
        else:
            if deck.deck.origin is not None:
                result.findings.append(
                    warning(
                        "build/other-product",
                        shown_path(pack.root / PACK_FILE),
                        f'deck "{deck_id}" belongs to {deck.deck.origin}: printed because --decks asked for it',
                        field=f"deck.{deck_id}.origin",
                    )
                )
            chosen.append(deck)
    return chosen


def _impose_deck(
    pack: PackData, laid: DeckFaces, language: str, options: BuildOptions, result: BuildResult
) -> DeckBuild | None:
    deck = laid.deck
    try:
        plan = plan_sheet(
            SheetSpec(
                paper=paper_size(options.paper),
                card=laid.size,
                bleed=options.bleed,
                margin=mm(5),
                mark_length=mm(3),
                duplex=options.duplex,
                back_offset=options.back_offset,
            )
        )
    except ImposeError as exc:
        result.findings.append(
            error(
                "build/impose",
                shown_path(pack.root / PACK_FILE),
                str(exc),
                field=f"deck.{deck.deck.id}.card_size",
                hint="try --paper letter, a smaller --bleed, or a smaller card size",
            )
        )
        return None
    placements: list[Placement] = []
    designs: list[tuple[str, str, str]] = []
    for card in laid.cards:
        placements += [Placement(card.front.key, card.back.key)] * card.card.count
        designs.append((card.card.id, card.front.key, card.back.key))
    title = pick(pack, deck.deck.name, language)
    return DeckBuild(deck, SheetSection(title, plan, tuple(placements), options.duplex), laid.back.key, tuple(designs))


def _dedupe(findings: list[Finding]) -> list[Finding]:
    return list(dict.fromkeys(findings))


__all__ = ["FONTS_DIR", "BuildOptions", "BuildResult", "build"]
