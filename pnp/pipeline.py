"""build = load -> check -> layout -> render -> impose -> export.

Everything is gathered first (faces laid out, findings collected), then the
files are written, each atomically.  A stage that finds errors stops the
build before anything is written, so a good previous output survives.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path

from pnp.build_exports import LaidOut, export_extras, option_findings, pick
from pnp.build_state import FONTS_DIR, BuildOptions, BuildResult, DeckBuild
from pnp.cache import Cache
from pnp.check.cached import cached_check
from pnp.check.completeness import card_state, prints_text
from pnp.compose import compose, selected_swaps
from pnp.errors import Finding, did_you_mean, error, has_errors, warning
from pnp.export import manifest
from pnp.export.draft import render_findings_page
from pnp.export.edit_set import remove_stale_parts
from pnp.export.files import write_atomic, write_error
from pnp.export.pdf import Placement, SheetSection, render_calibration
from pnp.export.png import (
    art_digest,
    cpu_workers,
    fonts_digest,
)
from pnp.export.sheets import DeckPdfJob, DrawSettings, draw_decks, icon_settings, joined
from pnp.export.workers import Background
from pnp.i18n import _, printed
from pnp.layout.memo import LayoutMemo, layout_memo
from pnp.layout.plan import DeckFaces, PackFaces, lay_out_pack
from pnp.load import load_pack
from pnp.load.pack import PACK_FILE, shown_path
from pnp.model import LoadedDeck, PackData
from pnp.pipelines.sheet_fit import deck_sheet_plan
from pnp.pipelines.sheet_sets import draft_findings, sheet_sets, sheets_of, variant_folder
from pnp.pipelines.unchanged import BuildRecord
from pnp.render.fonts import font_problems
from pnp.render.missing_mark import with_missing_mark


def build(
    pack_path: Path,
    options: BuildOptions,
    progress: Callable[[int, int], None] | None = None,
    record: BuildRecord | None = None,
) -> BuildResult:
    """Build, unless nothing the last build read or wrote has changed: then say what it said.

    A caller that already asked the `record` (the command line, before importing this module)
    passes it in."""
    if record is None:
        record = BuildRecord(pack_path, options)
        if (kept := record.replay()) is not None:
            return kept
    before = record.before()
    result = _build(pack_path, options, progress)
    result.findings = _dedupe(result.findings)  # one layout error repeats for every deck that uses the layout
    record.after_build(before, result)
    return result


def _build(pack_path: Path, options: BuildOptions, progress: Callable[[int, int], None] | None) -> BuildResult:
    result = BuildResult()
    loaded = load_pack(pack_path)
    result.findings += loaded.findings
    pack = loaded.pack
    if pack is None:
        return result
    language = options.language or pack.pack.printed_language
    if language not in pack.languages:
        result.findings.append(
            error(
                "build/language",
                shown_path(pack.root / PACK_FILE),
                _('"{language}" is not a language of this pack').format(language=language),
                hint=_("languages: {languages}").format(languages=", ".join(pack.languages)),
            )
        )
        return result
    contents = _deck_contents(pack, options, result)
    decks = _selected_decks(pack, options, result, contents)
    result.findings += option_findings(options, options.output / pack.pack.id / language)
    result.findings += font_problems(FONTS_DIR)
    if has_errors(result.findings):
        return result
    # the checks need nothing of the layout, the drawing or the joining: they run beside them all
    check_cache = Cache(options.output / ".cache" / "check", ".json", read=options.cache)
    checking = Background(partial(cached_check, pack, check_cache))
    try:
        return _lay_out_and_draw(pack, language, decks, options, progress, result, checking)
    finally:
        checking.cancel()  # a build stopped early, or interrupted, leaves no check running


def _lay_out_and_draw(
    pack: PackData,
    language: str,
    decks: list[LoadedDeck],
    options: BuildOptions,
    progress: Callable[[int, int], None] | None,
    result: BuildResult,
    checking: Background[list[Finding]],
) -> BuildResult:
    # the same code path as pnp check: what it refuses here, check has reported
    laid = lay_out_pack(
        pack, language, decks, options.templates, options.card_size, options.bilingual, _memo(pack, options, language)
    )
    result.findings += laid.findings
    if has_errors(result.findings):
        return result
    _mark_placeholders(laid, options, result)
    templates = laid.templates
    faces = laid.faces()
    builds: list[DeckBuild] = []
    for laid_deck in laid.decks:
        built = _impose_deck(pack, laid_deck, language, options, result)
        if built is not None:
            builds.append(built)
    if has_errors(result.findings):
        return result

    out_dir = options.output / pack.pack.id / language / variant_folder(options)
    for folder in (out_dir, options.output / ".cache"):  # leftovers of runs killed long ago
        remove_stale_parts(folder)
    pack_title = pick(pack, pack.pack.name, language)
    sets = sheet_sets(builds, options.mix_decks, pack_title)
    total = sum(len(b.section.cards) for b in builds)
    done = to_draw = 0  # to_draw: the cards of every deck's sheets and of the shared ones

    def advance(count: int) -> None:
        nonlocal done
        done += count
        if progress:
            progress(done, to_draw)

    settings = DrawSettings(
        pack_root=pack.root,
        fonts_dir=FONTS_DIR,
        bleed=options.bleed,
        template_files=tuple((n, t.file) for n, t in sorted(templates.templates.items())),
        icons=icon_settings(laid.icons),
        draft_mark=printed(language, "DRAFT") if options.draft else "",
    )
    fonts_hash = fonts_digest(FONTS_DIR)
    jobs = []
    decks_by_id = {built.deck.deck.id for built in builds}
    for built in builds:
        used = {
            key: faces[key]
            for placement in built.section.cards
            for key in (placement.front, placement.back)
            if key is not None
        }
        deck_faces = tuple(used[key] for key in sorted(used))
        title = pick(pack, built.deck.deck.name, language)
        art = tuple(art_digest(face, pack.root) for face in deck_faces)
        jobs.append(DeckPdfJob(built.deck.deck.id, title, built.section, deck_faces, art, fonts_hash))
    for sheet_set in sets if not options.decks else []:
        if sheet_set.mixed:  # cards.pdf's shared sheets: the same faces, placed together
            used_keys = {k for card in sheet_set.section.cards for k in (card.front, card.back) if k is not None}
            mixed_faces = tuple(faces[key] for key in sorted(used_keys))
            art = tuple(art_digest(face, pack.root) for face in mixed_faces)
            jobs.append(DeckPdfJob(sheet_set.key, pack_title, sheet_set.section, mixed_faces, art, fonts_hash))
    to_draw = sum(len(job.section.cards) for job in jobs)
    # --no-cache reads nothing from the cache, and writes what it makes: it repairs the cache too
    cache = Cache(options.output / ".cache" / "pdf", ".pdf", read=options.cache)
    try:
        drawn, draw_findings, result.ranges_drawn = draw_decks(jobs, settings, cache, cpu_workers(), advance)
    except OSError as exc:
        result.findings.append(write_error(options.output / ".cache", exc))
        return result
    result.findings += checking.result() + draw_findings
    if options.draft:
        result.findings = draft_findings(_dedupe(result.findings))
    joins = Cache(options.output / ".cache" / "joined", ".pdf", read=options.cache)
    made: dict[tuple[int, ...], bytes] = {}

    def join(parts: list[bytes]) -> bytes:
        """Joined once per set of ranges: a one-deck pack's cards.pdf is its deck's file, one copy."""
        key = tuple(id(part) for part in parts)  # the ranges stay in `drawn` for the whole build
        if key not in made:
            made[key] = joined(parts, joins)
        return made[key]

    documents: list[tuple[Path, bytes]] = [
        (out_dir / f"cards-{job.deck_id}.pdf", join(drawn[job.deck_id])) for job in jobs if job.deck_id in decks_by_id
    ]
    if jobs and not options.decks:
        # the page ranges already drawn, joined: a deck that shares no sheet is not drawn again,
        # and a draft opens with the list of what is still wrong.  With --decks, cards.pdf is
        # left as it was: it holds every deck, or nothing.
        parts = [part for sheet_set in sets for part in drawn[sheet_set.key]]
        if options.draft:
            parts.insert(0, render_findings_page(result.findings, builds[0].section.plan.page, language))
        documents.append((out_dir / "cards.pdf", join(parts)))
    if options.calibration and options.duplex in ("long", "short") and builds:
        documents.append(
            (
                out_dir / f"calibration-{options.duplex}.pdf",
                render_calibration(builds[0].section.plan, options.duplex, options.back_offset, language),
            )
        )
    if has_errors(result.findings):
        return result
    if note := manifest.interrupted_before(out_dir):
        result.findings.append(note)
    try:
        manifest.begin(out_dir)
    except OSError as exc:
        result.findings.append(write_error(out_dir / manifest.MANIFEST, exc))
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
    try:
        known = manifest.digests_of(documents)  # what was just written, without reading it back
        result.written.append(manifest.finish(out_dir, result.written, _description(options, language), known))
    except OSError as exc:
        result.findings.append(write_error(out_dir / manifest.MANIFEST, exc))
        return result
    result.cards = total
    result.faces = len(faces)
    result.sheets = sum(sheets_of(sheet_set.section) for sheet_set in sets)
    result.sheets_unmixed = sum(sheets_of(b.section) for b in builds)
    return result


def _memo(pack: PackData, options: BuildOptions, language: str) -> LayoutMemo:
    return layout_memo(
        options.output, options.cache, pack.root, language, options.templates, options.card_size, options.bilingual
    )


def _description(options: BuildOptions, language: str) -> dict[str, object]:
    """What the manifest says about the build: enough to tell two builds of one folder apart."""
    return {
        "language": language,
        "paper": options.paper,
        "duplex": options.duplex,
        "decks": list(options.decks) or "all",
        "png": options.png,
        "tts": options.tts,
    }


def _deck_contents(pack: PackData, options: BuildOptions, result: BuildResult) -> dict[str, LoadedDeck]:
    """Each deck as it is printed: as the box holds it, or as --players / --variant make it."""
    if options.selection is None or options.selection.empty:
        return {d.deck.id: d for d in pack.decks}
    quantities = {q.id: q.max for q in pack.pack.quantity if q.max is not None}  # enough copies for any game
    quantities |= dict(options.quantities)
    chosen = selected_swaps(pack, options.selection)
    composed = compose(pack, chosen, quantities)
    for deck_id, composition in composed.decks.items():
        if composition.random and composition.deck.origin is None:
            result.notes.append(
                _('deck "{deck}": every card is printed; take {n} out at random when you set up').format(
                    deck=deck_id, n=composition.random
                )
            )
    given = dict(options.quantities)
    for quantity in pack.pack.quantity:
        if quantity.id not in given and any(line.per == quantity.id for swap in chosen for line in swap.add):
            result.notes.append(
                _(
                    'cards counted per "{id}" are printed for its largest value, {max}, '
                    "enough for any game (--quantity {id}=N prints fewer)"
                ).format(id=quantity.id, max=quantity.max)
            )
    contents = {}
    for loaded in pack.decks:
        rows = composed.decks[loaded.deck.id].rows
        # a card moved into this deck is printed with this deck's back: it is shuffled into it
        cards = tuple(row.card.model_copy(update={"count": row.copies}) for row in rows if row.copies > 0)
        contents[loaded.deck.id] = LoadedDeck(deck=loaded.deck, file=loaded.file, cards=cards)
    return contents


def _mark_placeholders(laid: PackFaces, options: BuildOptions, result: BuildResult) -> None:
    """Placeholders print with the "text missing" mark on both sides, or not at all with --no-placeholders;
    and every printed card without its text is counted for the build's last line."""
    for deck in laid.decks:
        kept = []
        for card in deck.cards:
            if card.card.placeholder and not options.placeholders:
                result.placeholders_left_out += card.card.count
                continue
            if card.card.placeholder:
                back = with_missing_mark(card.back) if card.card.back is not None else card.back
                card = replace(card, front=with_missing_mark(card.front), back=back)
            template = laid.templates.get(card.front.template)
            if not card_state(card.card, template is None or prints_text(template), "").written:
                result.without_text += card.card.count
            kept.append(card)
        deck.cards = kept
    laid.decks = [deck for deck in laid.decks if deck.cards]  # every card a placeholder, and --no-placeholders


def _selected_decks(
    pack: PackData, options: BuildOptions, result: BuildResult, contents: dict[str, LoadedDeck]
) -> list[LoadedDeck]:
    printable = [contents[d.deck.id] for d in pack.decks if d.deck.origin is None]
    if not options.decks:
        return [d for d in printable if d.cards]
    chosen = []
    for deck_id in options.decks:
        deck = contents.get(deck_id)
        if deck is None:
            result.findings.append(
                error(
                    "build/unknown-deck",
                    shown_path(pack.root / PACK_FILE),
                    _('no deck "{deck_id}"').format(deck_id=deck_id),
                    hint=did_you_mean(deck_id, [d.deck.id for d in printable])
                    or _("decks: {decks}").format(decks=", ".join(d.deck.id for d in printable)),
                )
            )
        elif not deck.cards:
            result.findings.append(
                warning(
                    "build/empty-deck",
                    shown_path(deck.file),
                    _('deck "{deck_id}" has no cards entered yet: nothing to print').format(deck_id=deck_id),
                    hint=_("enter its cards in {file}").format(file=shown_path(deck.file)),
                )
            )
        else:
            if deck.deck.origin is not None:
                result.findings.append(
                    warning(
                        "build/other-product",
                        shown_path(pack.root / PACK_FILE),
                        _('deck "{deck_id}" belongs to {origin}: printed because --decks asked for it').format(
                            deck_id=deck_id, origin=deck.deck.origin
                        ),
                        field=f"deck.{deck_id}.origin",
                    )
                )
            chosen.append(deck)
    return chosen


def _impose_deck(
    pack: PackData, laid: DeckFaces, language: str, options: BuildOptions, result: BuildResult
) -> DeckBuild | None:
    deck = laid.deck
    plan, problem = deck_sheet_plan(pack, deck.deck.id, laid.size, options)  # check asks the same
    if plan is None:
        result.findings += [problem] if problem else []
        return None
    placements: list[Placement] = []
    designs: list[tuple[str, str, str]] = []
    for card in laid.cards:
        placements += [Placement(card.front.key, card.back.key)] * card.card.count
        designs.append((card.card.id, card.front.key, card.back.key))
    title = pick(pack, deck.deck.name, language)
    return DeckBuild(
        deck, SheetSection(title, plan, tuple(placements), options.duplex, language), laid.back.key, tuple(designs)
    )


def _dedupe(findings: list[Finding]) -> list[Finding]:
    return list(dict.fromkeys(findings))


__all__ = ["FONTS_DIR", "BuildOptions", "BuildResult", "build"]
