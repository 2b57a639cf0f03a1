"""`pnp build`, as its stages: load -> choose the decks -> lay out -> impose -> plan the jobs -> draw ->
assemble the documents -> write the outputs (`_build` lists them in that order).

The checks run beside the layout and the drawing, in a process of their own;
their findings join the drawing's before anything is written.  Everything is
gathered first (faces laid out, ranges drawn, documents joined), then the files
are written, each atomically.  A stage that finds errors stops the build before
anything is written, so a good previous output survives.  Between stages the
data is plain: LaidOut (the decks on their sheets), DrawPlan, Drawn, and the
documents as (path, bytes).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path

from pnp.assets.fonts import font_problems
from pnp.cache import Cache, CacheKind, cache_root
from pnp.check.completeness import card_state, face_marks, prints_text
from pnp.errors import Finding, did_you_mean, error, has_errors, warning
from pnp.export import manifest
from pnp.export.edit_set import remove_stale_parts
from pnp.export.pdf import face_roles, pack_charset, render_calibration
from pnp.export.png import cpu_workers, fonts_digest
from pnp.export.sheets import DocumentJob, DrawSettings, FacePart, draw_documents, face_parts, icon_settings
from pnp.export.workers import Background
from pnp.files import write_atomic, write_error, write_same_as
from pnp.i18n import _, printed, spoken_language, ui_language
from pnp.layout.art import art_digests
from pnp.layout.memo import LayoutMemo, layout_memo
from pnp.layout.plan import PackFaces, lay_out_pack
from pnp.layout.templates import IconFile
from pnp.load import load_pack
from pnp.load.pack import PACK_FILE
from pnp.load.remembered import remembering
from pnp.model import LoadedDeck, PackData, pick
from pnp.paths import shown_path
from pnp.pipelines.aids import AidsMade, start_aid_documents
from pnp.pipelines.build_extras import LaidOut, export_extras, option_findings
from pnp.pipelines.build_options import FONTS_DIR, BuildOptions, BuildResult, DeckBuild
from pnp.pipelines.kept_documents import Digest, document_keys, remember_documents, unchanged_documents
from pnp.pipelines.sheet_sets import (
    SheetSet,
    checked_in,
    checks,
    draft_findings,
    impose_deck,
    selection_label,
    sheet_sets,
    sheets_of,
    variant_folder,
)
from pnp.pipelines.unchanged import BuildRecord
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
    """The stages in order.  Each adds its findings to the result; one that finds errors ends the build,
    and nothing is written before the last stage."""
    result = BuildResult()
    loaded = _load(pack_path, options, result)
    if loaded is None:
        return result
    pack, language = loaded
    decks = _selected_decks(pack, options, result, _deck_contents(pack, options, result))
    result.findings += option_findings(options, options.output / pack.pack.id / language)
    result.findings += font_problems(FONTS_DIR)
    if has_errors(result.findings):
        return result
    # the checks need nothing of the layout, the drawing or the joining: they run beside them all
    check_cache = Cache.open(options.output, CacheKind.CHECK, options.cache)
    checking = Background(partial(checks, pack, check_cache))
    # a draft's list of problems is printed, in the card language: the checks run in it too
    printing = (
        Background(partial(checked_in, language, pack, check_cache))
        if options.draft and spoken_language(language) != ui_language()
        else None
    )
    aiding: AidsMade | None = None
    try:
        laid = _lay_out(pack, language, decks, options, result)
        if laid is None:
            return result
        done = _impose(pack, laid, language, options, result)
        if done is None:
            return result
        # --no-cache reads nothing from the cache, and writes what it makes: it repairs the cache too
        cache = Cache.open(options.output, CacheKind.PDF, options.cache)
        plan = plan_jobs(done, laid.icons, cache)
        # aids.pdf needs nothing of the cards nor of the checks: made beside them, its findings still
        # come after theirs
        aiding = start_aid_documents(pack, language, options, done.out_dir, laid.icons)
        drawn = draw(plan, done, cache, progress)
        if isinstance(drawn, Finding):
            result.findings.append(drawn)
            return result
        result.ranges_drawn = drawn.ranges_drawn
        aid_files, aid_notes, aid_findings = aiding.result()
        earlier = list(result.findings)
        result.findings += checking.result() + drawn.findings
        on_sheet = result.findings
        if options.draft:
            result.findings = on_sheet = draft_findings(_dedupe(result.findings))
            if printing is not None:
                on_sheet = draft_findings(_dedupe(earlier + printing.result() + drawn.findings))
        documents = assemble_documents(plan, drawn, done, on_sheet)
        documents += aid_files
        result.notes += aid_notes
        result.findings += aid_findings
        if has_errors(result.findings):
            return result
        out_dir = done.out_dir
        # the files written as assembled, whose digest is known (a draft's cards.pdf is not as assembled)
        as_made = {name: d for name, d in drawn.digests.items() if not (options.draft and name == "cards.pdf")}
        known = {out_dir / name: digest for name, digest in as_made.items()}
        write_outputs(documents, done, result, frozenset(out_dir / name for name in drawn.kept), known)
        if drawn.records is not None:  # with the stamps of the files just written
            written = {name: as_made[name] for name in drawn.documents if name in as_made}
            remember_documents(drawn.records, drawn.keys, written, out_dir, result.written)
        if result.ok:
            _count(result, plan, done)
        return result
    finally:
        checking.cancel()  # a build stopped early, or interrupted, leaves no check running
        if aiding is not None:
            aiding.cancel()
        if printing is not None:
            printing.cancel()


@dataclass(frozen=True)
class DrawPlan:
    """What the build draws: the faces, in parts, each drawn once; the documents that place them
    (each deck's own sheets, cards.pdf's shared ones); and how they are drawn."""

    documents: tuple[DocumentJob, ...]
    parts: tuple[FacePart, ...]
    settings: DrawSettings
    sets: tuple[SheetSet, ...]  # cards.pdf's runs of sheets, in order


@dataclass(frozen=True)
class Drawn:
    """Every document, by file name, assembled from the faces drawn (or taken from the cache)."""

    documents: dict[str, bytes]  # those assembled now
    findings: list[Finding]
    ranges_drawn: int  # parts of faces drawn now, not taken from the cache
    kept: frozenset[str] = frozenset()  # documents whose file already holds these bytes: neither read nor written
    digests: dict[str, Digest] = field(default_factory=dict)  # every document's, kept or assembled
    records: Cache | None = None  # where what each document holds is kept (pnp.pipelines.kept_documents)
    keys: dict[str, str] = field(default_factory=dict)  # each document's key there


def _load(pack_path: Path, options: BuildOptions, result: BuildResult) -> tuple[PackData, str] | None:
    """The pack and the language to print, or None when either is wrong."""
    # a file whose bytes the last build parsed is read from the cache (--no-cache: parsed, and kept);
    # options that will stop the build leave no cache behind either: nothing is written
    stopping = bool(option_findings(options, options.output))
    with remembering(None if stopping else Cache.open(options.output, CacheKind.LOAD, options.cache)):
        loaded = load_pack(pack_path)
    result.findings += loaded.findings
    pack = loaded.pack
    if pack is None:
        return None
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
        return None
    return pack, language


def _lay_out(
    pack: PackData, language: str, decks: list[LoadedDeck], options: BuildOptions, result: BuildResult
) -> PackFaces | None:
    """Every face of the decks to print, placeholders marked; None when a layout has errors."""
    # the same code path as pnp check: what it refuses here, check has reported
    laid = lay_out_pack(
        pack, language, decks, options.templates, options.card_size, options.bilingual, _memo(pack, options, language)
    )
    result.findings += laid.findings
    if has_errors(result.findings):
        return None
    _mark_placeholders(laid, options, result)
    return laid


def _impose(
    pack: PackData, laid: PackFaces, language: str, options: BuildOptions, result: BuildResult
) -> LaidOut | None:
    """Each deck on sheets of the paper asked for; None when a deck does not fit on it."""
    builds: list[DeckBuild] = []
    for laid_deck in laid.decks:
        built = impose_deck(pack, laid_deck, language, options)
        if isinstance(built, Finding):
            result.findings.append(built)
        else:
            builds.append(built)
    if has_errors(result.findings):
        return None
    out_dir = options.output / pack.pack.id / language / variant_folder(options)
    return LaidOut(pack, builds, laid.faces(), laid.templates, options, out_dir, language)


def plan_jobs(done: LaidOut, icons: Mapping[str, IconFile], cache: Cache) -> DrawPlan:
    """The faces to draw, in parts, and the documents: each deck's cards-<deck>.pdf, and cards.pdf."""
    pack, options, language, faces = done.pack, done.options, done.language, done.faces
    pack_title = pick(pack, pack.pack.name, language)
    label = selection_label(pack, options, language)  # a --players / --variant build says so on every sheet
    sets = sheet_sets(done.builds, options.mix_decks, f"{pack_title} · {label}" if label else pack_title)
    settings = DrawSettings(
        pack_root=pack.root,
        fonts_dir=FONTS_DIR,
        bleed=options.bleed,
        template_files=tuple((n, t.file) for n, t in sorted(done.templates.templates.items())),
        icons=icon_settings(icons),
        draft_mark=printed(language, "DRAFT") if options.draft else "",
        charset=pack_charset(faces.values()),
        font_roles=face_roles(faces.values()),
        # where the layout kept each icon's verdict and form (pnp.layout.memo's cache)
        icon_cache=Cache.open(options.output, CacheKind.LAYOUT, options.cache),
    )
    documents = [
        DocumentJob(f"cards-{built.deck.deck.id}.pdf", pick(pack, built.deck.deck.name, language), (built.section,))
        for built in done.builds
    ]
    if done.builds and not options.decks:
        if len(sets) == 1 and sets[0].own:  # one deck: cards.pdf is its file
            documents.append(replace(documents[0], name="cards.pdf"))
        else:
            documents.append(DocumentJob("cards.pdf", pack_title, tuple(s.section for s in sets)))
    groups = [
        [faces[k] for k in dict.fromkeys(k for card in built.section.cards for k in (card.front, card.back) if k)]
        for built in done.builds
    ]
    # the pictures' stamps are kept with the parsed files: a rebuild reads only pictures that changed
    art = art_digests(faces, pack.root, Cache.open(options.output, CacheKind.LOAD, options.cache))
    parts = face_parts(groups, art, fonts_digest(FONTS_DIR), settings, cache)
    return DrawPlan(tuple(documents), tuple(parts), settings, tuple(sets))


def draw(plan: DrawPlan, done: LaidOut, cache: Cache, progress: Callable[[int, int], None] | None) -> Drawn | Finding:
    """Every document, its faces from the cache or drawn in worker processes; a Finding when the
    cache cannot be written."""
    options = done.options
    for folder in (done.out_dir, cache_root(options.output)):  # leftovers of runs killed long ago
        remove_stale_parts(folder)
    to_draw = sum(len(part.faces) for part in plan.parts)  # every face, once
    drawn_so_far = 0

    def advance(count: int) -> None:
        nonlocal drawn_so_far
        drawn_so_far += count
        if progress:
            progress(drawn_so_far, to_draw)

    fonts = fonts_digest(FONTS_DIR)
    records = Cache.open(options.output, CacheKind.DOCUMENT, options.cache)
    keys = document_keys(records, plan.documents, plan.parts, plan.settings, fonts)
    kept = unchanged_documents(records, keys, done.out_dir)  # the last build made them from the same parts
    if options.draft:
        kept.pop("cards.pdf", None)  # its file opens with the list of problems: never what was assembled
    try:
        to_make = [document for document in plan.documents if document.name not in kept]
        index = Cache.open(options.output, CacheKind.FACES, options.cache)
        made, findings, count = draw_documents(
            to_make, plan.parts, plan.settings, cache, cpu_workers(), fonts, index, advance
        )
    except OSError as exc:
        return write_error(cache_root(options.output), exc)
    digests = {name: (digest, len(data)) for name, (data, digest) in made.items()} | kept
    documents = {name: data for name, (data, _) in made.items()}
    return Drawn(documents, findings, count, frozenset(kept), digests, records, keys)


def assemble_documents(
    plan: DrawPlan, drawn: Drawn, done: LaidOut, findings: list[Finding]
) -> list[tuple[Path, bytes]]:
    """The files to write: cards-<deck>.pdf, cards.pdf (whole builds only), the calibration page.
    A draft's cards.pdf opens with the list of `findings`.  With --decks, cards.pdf is left as it
    was: it holds every deck, or nothing."""
    options, out_dir, language = done.options, done.out_dir, done.language
    documents: list[tuple[Path, bytes]] = []
    for document in plan.documents:
        # a kept document's file holds its bytes already: it is neither read nor written (write_outputs)
        data = drawn.documents.get(document.name, b"")
        if document.name == "cards.pdf" and options.draft:
            # a draft's own modules: most builds are no drafts
            from pnp.export.draft import render_findings_page
            from pnp.export.merge import merge_pdfs

            # on leaves of its own: in a duplex print every front still meets its own back
            whole_leaves = options.duplex in ("long", "short")
            page = done.builds[0].section.plan.page
            data = merge_pdfs([render_findings_page(findings, page, language, whole_leaves), data])
        documents.append((out_dir / document.name, data))
    if options.calibration and options.duplex in ("long", "short") and done.builds:
        documents.append(
            (
                out_dir / f"calibration-{options.duplex}.pdf",
                render_calibration(done.builds[0].section.plan, options.duplex, options.back_offset, language),
            )
        )
    return documents


def write_outputs(
    documents: list[tuple[Path, bytes]],
    done: LaidOut,
    result: BuildResult,
    kept: frozenset[Path] = frozenset(),
    hashed: Mapping[Path, Digest] | None = None,
) -> None:
    """The documents, each atomically (but those `kept`, whose file holds their bytes already: their
    bytes are not held), then the extras (PNG, TTS, print shops), inside the manifest's begin and
    finish: a build interrupted between them is reported by the next one.  `hashed`: the digests
    known of documents' files, kept or as assembled."""
    out_dir = done.out_dir
    if note := manifest.interrupted_before(out_dir):
        result.findings.append(note)
    try:
        manifest.begin(out_dir)
    except OSError as exc:
        result.findings.append(write_error(out_dir / manifest.MANIFEST, exc))
        return
    written: dict[int, Path] = {}  # id of the bytes -> the file just written with them
    for path, data in documents:
        try:
            if path in kept:
                pass
            elif id(data) in written:  # the same document under a second name
                write_same_as(path, written[id(data)], data)
            else:
                write_atomic(path, data)
                written[id(data)] = path
        except OSError as exc:
            result.findings.append(write_error(path, exc))
            return
        result.written.append(path)
    export_extras(done, result)
    if has_errors(result.findings):
        return
    try:
        known = manifest.digests_of(documents, hashed)  # what was just written, without reading it back
        result.written.append(
            manifest.finish(out_dir, result.written, _description(done.options, done.language), known)
        )
    except OSError as exc:
        result.findings.append(write_error(out_dir / manifest.MANIFEST, exc))


def _count(result: BuildResult, plan: DrawPlan, done: LaidOut) -> None:
    """The figures of the build's last line."""
    result.cards = sum(len(built.section.cards) for built in done.builds)
    result.faces = len(done.faces)
    result.sheets = sum(sheets_of(sheet_set.section) for sheet_set in plan.sets)
    result.sheets_unmixed = sum(sheets_of(built.section) for built in done.builds)


def _memo(pack: PackData, options: BuildOptions, language: str) -> LayoutMemo:
    return layout_memo(
        options.output, options.cache, pack.root, language, options.templates, options.card_size, options.bilingual
    )


def _description(options: BuildOptions, language: str) -> dict[str, object]:
    """What the manifest says about the build: enough to tell two builds of one folder apart.  A
    --players / --variant build names them (the box's decks are the build without them)."""
    selection = options.selection
    chosen: dict[str, object] = {}
    if selection is not None and not selection.empty:
        chosen = {"players": selection.players, "variants": list(selection.variants)}
    return {
        "language": language,
        "paper": options.paper,
        "duplex": options.duplex,
        "decks": list(options.decks) or "all",
        "png": options.png,
        "tts": options.tts,
        "aids": options.aids,
    } | chosen


def _deck_contents(pack: PackData, options: BuildOptions, result: BuildResult) -> dict[str, LoadedDeck]:
    """Each deck as it is printed: as the box holds it, or as --players / --variant make it."""
    if options.selection is None or options.selection.empty:
        return {d.deck.id: d for d in pack.decks}
    from pnp.compose import compose, selected_swaps  # only a --players / --variant build composes decks

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
    printing: dict[str, bool] = {}  # layout -> whether it prints the card's text: a few layouts, many cards
    for deck in laid.decks:
        kept = []
        for card in deck.cards:
            if card.card.placeholder and not options.placeholders:
                result.placeholders_left_out += card.card.count
                continue
            printing_text = printing.get(card.front.template)
            if printing_text is None:
                template = laid.templates.get(card.front.template)
                printing_text = printing[card.front.template] = template is None or prints_text(template)
            # a card printed without its text says so on the sheet, whatever made it so
            front_mark, back_mark = face_marks(card.card, printing_text, card.front.language)
            if front_mark or back_mark:
                card = replace(
                    card,
                    front=with_missing_mark(card.front, front_mark) if front_mark else card.front,
                    back=with_missing_mark(card.back, back_mark) if back_mark else card.back,
                )
            if not card_state(card.card, printing_text, "").written:
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


def _dedupe(findings: list[Finding]) -> list[Finding]:
    return list(dict.fromkeys(findings))


__all__ = ["FONTS_DIR", "BuildOptions", "BuildResult", "build"]
