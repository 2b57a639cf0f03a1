"""The workbench's state: one pack loaded once and kept warm, its findings, and what the pages ask of it.

Plain Python, no web framework: the pages (pnp/serve/app.py) only call this.
Every request starts with `fresh()`, which reloads the pack when one of its
files changed on disk (an editor, `git pull`, another tab's save), so pages
always show the files as they are.  One lock serialises loading, saving and
drawing: ReportLab and pdfium are not made for threads.  A card as typed, before it is saved, is
serve/card_preview.py; the glossary hints and the memory's other sources are serve/aids.py.
"""

from __future__ import annotations

import hashlib
import os
import threading
from collections import Counter, OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from pnp.check.cached import PER_CARD
from pnp.check.completeness import CardState, Counts, DeckState, counts, deck_states
from pnp.check.text.forms import fold
from pnp.check.text.glossary import GlossaryIndex
from pnp.errors import Finding, Severity, error, has_errors
from pnp.export.edit_set import Snapshot, remove_stale_parts, verify_edit, write_edit_set
from pnp.export.workers import Background
from pnp.i18n import _
from pnp.load import load_pack
from pnp.load.pack import LoadResult
from pnp.model import Card, LoadedDeck, PackData
from pnp.model.glossary import Term
from pnp.pipelines.findings import laid_out_findings, rule_findings
from pnp.pipelines.fitting import layout_and_fitting_findings
from pnp.proof.collect import CardEntry, card_entry
from pnp.proof.thumbs import card_images
from pnp.serve.aids import TermHint, read_elsewhere, term_hints
from pnp.serve.card_preview import Preview, edited_card, typed_findings
from pnp.translate.card_edit import CardEditPlan, FieldEdit, plan_card_edit
from pnp.translate.fixes import Fix
from pnp.translate.glossary_apply import Plan, plan_fixes
from pnp.translate.interchange import card_texts
from pnp.translate.memory import Memory, Remembered, Suggestion, pack_entries

PREVIEW_DPI = 200  # the card page shows the card at print size: sharp on a screen of twice the density
THUMB_DPI = 60  # the list's small pictures
THUMBS_KEPT = 4000  # PNGs kept in memory (a list thumbnail is 3-6 KB)
STATUSES = ("draft", "translated", "reviewed")


@dataclass(frozen=True)
class Row:
    """One card as the list shows it."""

    card: Card
    deck: LoadedDeck
    state: CardState
    status: str  # draft, translated or reviewed, as the ladder counts it
    title: str
    findings: tuple[Finding, ...]
    words: str  # every text in every language, folded, for the search
    digest: str  # changes when the card does: thumbnails are cached under it


@dataclass(frozen=True)
class Progress:
    name: str
    total: int
    written: int
    translated: int
    reviewed: int

    def percent(self, rung: int) -> int:
        return round(100 * rung / self.total) if self.total else 0


@dataclass
class Filters:
    deck: str = ""
    type: str = ""
    status: str = ""
    code: str = ""
    q: str = ""


@dataclass
class SaveResult:
    plan: CardEditPlan
    findings: list[Finding] = field(default_factory=list)  # a write that failed

    @property
    def saved(self) -> bool:
        return bool(self.plan.writes) and not self.findings and not self.plan.conflicts


class Workbench:
    def __init__(self, root: Path, output: Path, language: str | None = None, memory: Sequence[Path] = ()) -> None:
        self.root = root
        self.output = output
        self.asked_language = language
        self.lock = threading.RLock()  # the pack, its findings and its files
        self.draw_lock = threading.Lock()  # ReportLab and pdfium: previews, thumbnails and builds, one at a time
        self.loaded = LoadResult(None)
        self.findings: list[Finding] = []
        self.rows: dict[str, Row] = {}
        self.decks: list[DeckState] = []
        self.counts = Counts(None, 0, 0, 0, 0, 0, 0, 0)
        self._stamp: tuple[tuple[str, int, int], ...] = ()
        self._snapshot = Snapshot({})
        self._thumbs: OrderedDict[tuple[str, int], bytes] = OrderedDict()
        self._glossary: GlossaryIndex | None = None
        self.generation = 0  # full reloads so far: in the thumbnails' addresses, which browsers keep
        self._laid: list[Finding] = []  # what laying out found, kept apart: a save lays out its card alone
        self._memory: Memory | None = None  # built at the first card page after each load, then kept
        self.memory_sources = list(memory)
        self._elsewhere: list[Remembered] | None = None  # the other packs' and compendiums': read once
        self.memory_findings: list[Finding] = []
        self.reload()

    # --- loading --------------------------------------------------------------------------

    @property
    def pack(self) -> PackData | None:
        return self.loaded.pack

    @property
    def language(self) -> str:
        pack = self.pack
        if pack is None:
            return self.asked_language or ""
        return self.asked_language or pack.pack.printed_language

    @property
    def source_language(self) -> str:
        return self.pack.pack.source_language if self.pack else ""

    def problems(self) -> list[Finding]:
        """Why the pack cannot be worked on: its load errors, or a language it does not have."""
        if self.pack is None:
            return [f for f in self.loaded.findings if f.severity is Severity.ERROR]
        if self.language not in self.pack.pack.target_languages:
            targets = ", ".join(self.pack.pack.target_languages) or _("none")
            message = _('"{language}" is not a target language of the pack (targets: {targets})').format(
                language=self.language, targets=targets
            )
            return [error("serve/language", str(self.root), message, hint=_("start again with --lang"))]
        return []

    def reload(self, changed: frozenset[str] = frozenset()) -> None:
        """Load the pack and find its findings again; with `changed` (the cards this server just saved,
        nothing else having changed) only those cards are laid out again, the others keep theirs."""
        with self.lock:
            remove_stale_parts(self.root)
            self._snapshot = Snapshot.of(self.root) if self.root.is_dir() else Snapshot({})
            self._stamp = self._disk_stamp()
            before = self.pack
            if not changed:  # art or layouts may have changed: every picture is drawn again, at new addresses
                self._thumbs.clear()
                self.generation += 1
            self.loaded = load_pack(self.root)
            self._glossary = None
            self._memory = None
            pack = self.pack
            if pack is None or self.problems():
                self.findings, self.rows, self.decks, self._laid = list(self.loaded.findings), {}, [], []
                return
            # beside the layout in a process of its own when this process has no threads yet (the
            # first load, before the server starts); in turn once it serves (see Background)
            checking = Background(partial(rule_findings, pack, self.output))
            try:
                if changed and before is not None and _same_context(before, pack):
                    kept = [f for f in self._laid if f.card not in changed]
                    self._laid = list(dict.fromkeys(kept + _laid_out_cards(pack, changed)))
                else:
                    self._laid = laid_out_findings(pack, self.output)
                rules = checking.result()
            finally:
                checking.cancel()
            self.findings = self.loaded.findings + rules + self._laid
            self.decks = [d for d in deck_states(pack, self.language) if d.deck.cards]
            self.counts = counts(pack, self.decks)  # the box's figures, as `pnp deck` gives them
            by_card: dict[str, list[Finding]] = {}
            for finding in self.findings:
                if finding.card is not None:
                    by_card.setdefault(finding.card, []).append(finding)
            self.rows = {}
            for state in self.decks:
                deck_json = state.deck.deck.model_dump_json()
                for card_state in state.cards:
                    card = card_state.card
                    self.rows[card.id] = self._row(state.deck, card_state, tuple(by_card.get(card.id, [])), deck_json)

    def _row(self, deck: LoadedDeck, state: CardState, findings: tuple[Finding, ...], deck_json: str) -> Row:
        card = state.card
        status = "reviewed" if state.reviewed else "translated" if state.translated else "draft"
        texts = [value for values in card_texts(card).values() for value in values.values()]
        title = card.title.get(self.language) or card.title.get(self.source_language) or card.id
        digest = hashlib.sha256((card.model_dump_json() + deck_json).encode()).hexdigest()[:16]
        return Row(card, deck, state, status, title, findings, fold(" ".join([card.id, *texts])), digest)

    def _disk_stamp(self) -> tuple[tuple[str, int, int], ...]:
        """What tells that a file of the pack changed (its TOML, art, icons, layouts): each file's size and
        time, without reading it.  Hidden files (pnp's own .part files, .git) do not count."""
        stamp = []
        for folder, names, files in os.walk(self.root) if self.root.is_dir() else []:
            names[:] = sorted(n for n in names if not n.startswith("."))
            for name in sorted(n for n in files if not n.startswith(".")):
                try:
                    info = os.stat(os.path.join(folder, name))
                except OSError:
                    continue
                stamp.append((os.path.join(folder, name), info.st_mtime_ns, info.st_size))
        return tuple(stamp)

    def fresh(self) -> None:
        """Reload when a file of the pack changed on disk since it was loaded."""
        with self.lock:
            if self._disk_stamp() != self._stamp:
                self.reload()

    # --- the list ---------------------------------------------------------------------------

    def listed(self, filters: Filters) -> list[Row]:
        query = fold(filters.q.strip())
        rows = []
        for row in self.rows.values():
            if filters.deck and row.deck.deck.id != filters.deck:
                continue
            if filters.type and row.card.type != filters.type:
                continue
            if filters.status and not self._has_status(row, filters.status):
                continue
            if filters.code and all(f.code != filters.code for f in row.findings):
                continue
            if query and query not in row.words:
                continue
            rows.append(row)
        return rows

    def neighbours(self, card_id: str, filters: Filters) -> tuple[str, str]:
        """The cards before and after this one in the list as filtered, in the list's order ("" at an end).
        The card itself need not match any more (marked translated under "draft only"): its place in the
        whole list still says which listed cards come before and after it."""
        ids = list(self.rows)
        if card_id not in self.rows:
            return "", ""
        here = ids.index(card_id)
        listed = {row.card.id for row in self.listed(filters)}
        before = next((i for i in reversed(ids[:here]) if i in listed), "")
        after = next((i for i in ids[here + 1 :] if i in listed), "")
        return before, after

    def _has_status(self, row: Row, status: str) -> bool:
        if status == "missing":  # no text in any language
            return not row.state.written
        if status == "untranslated":  # still to translate: not marked so, or a text with an original but none here
            return row.status == "draft" or any(
                values.get(self.source_language, "").strip() and not values.get(self.language, "").strip()
                for values in card_texts(row.card).values()
            )
        return row.status == status

    def progress(self) -> tuple[list[Progress], Progress]:
        """Per deck and for the whole box: copies written, translated, reviewed."""
        decks = [
            Progress(
                self.deck_name(state.deck),
                sum(s.card.count for s in state.cards),
                state.written,
                state.translated,
                state.reviewed,
            )
            for state in self.decks
        ]
        # the box's row counts this product's decks, placeholders included, as a build prints
        # them and `pnp deck` counts them (pnp.check.completeness.Counts): another product's
        # deck has its row above but is in no total
        counted = self.counts
        total = Progress("", counted.printed, counted.written, counted.translated, counted.reviewed)
        return decks, total

    def type_name(self, type_id: str) -> str:
        """A card type as the pack names it in the language worked on ("Equipo"), else its id."""
        pack = self.pack
        for kind in pack.pack.card_type if pack is not None else []:
            if kind.id == type_id:
                return kind.name.get(self.language) or kind.name.get(self.source_language) or type_id
        return type_id

    def deck_name(self, deck: LoadedDeck) -> str:
        return deck.deck.name.get(self.language) or deck.deck.name.get(self.source_language) or deck.deck.id

    def codes(self) -> list[tuple[str, int]]:
        counts = Counter(f.code for row in self.rows.values() for f in row.findings)
        return sorted(counts.items())

    def pack_level(self) -> list[Finding]:
        found = [f for f in self.findings if f.card is None] + self.memory_findings
        return sorted(found, key=lambda f: f.sort_key)

    # --- one card ---------------------------------------------------------------------------

    def entry(self, card_id: str) -> CardEntry:
        row = self.rows[card_id]
        return card_entry(row.card, row.deck.deck.id, self.language, self.source_language, list(row.findings))

    def terms(self, card: Card) -> list[Term]:
        """The glossary terms the card's original uses, in the language worked on."""
        if self.pack is None:
            return []
        if self._glossary is None:
            self._glossary = GlossaryIndex(self.pack)
        original = " ".join(values.get(self.source_language, "") for values in card_texts(card).values())
        return [term for term, _ in self._glossary.in_source(self.language, fold(original))]

    def memory(self) -> Memory:
        """The translation memory of the pack as loaded, with the other packs' and compendiums' texts."""
        with self.lock:
            if self._memory is None:
                if self._elsewhere is None:
                    self._elsewhere, problems = read_elsewhere(self.memory_sources, self.language)
                    self.memory_findings += problems
                own = pack_entries(self.pack, self.language) if self.pack is not None else []
                self._memory = Memory([*own, *self._elsewhere])
            return self._memory

    def suggestions(self, card_id: str) -> dict[str, list[Suggestion]]:
        """For each text of the card, the closest originals already translated, with their translations."""
        card = self.rows[card_id].card
        memory = self.memory()
        return {
            name: memory.suggest(original, card.id, name)
            for name, localized in card_texts(card).items()
            if (original := localized.get(self.source_language, ""))
        }

    def term_hints(self, card: Card, typed: dict[str, str]) -> list[TermHint]:
        """The glossary terms the original uses, each with whether the translation as typed (`typed`, the
        page's "<field>.<lang>" texts, else the file's) uses its translation or a variant it forbids."""
        terms = self.terms(card)
        if not terms or self._glossary is None:
            return []
        return term_hints(self._glossary, terms, card, typed, self.language)

    def uses(self) -> dict[str, list[Row]]:
        """Each glossary term's source, and the cards whose original uses it."""
        found: dict[str, list[Row]] = {}
        for row in self.rows.values():
            for term in self.terms(row.card):
                found.setdefault(term.source, []).append(row)
        return found

    def thumbnail(self, card_id: str, dpi: int = THUMB_DPI) -> bytes | None:
        row = self.rows[card_id]
        key = (row.digest, dpi)
        with self.draw_lock:
            if key in self._thumbs:
                self._thumbs.move_to_end(key)
                return self._thumbs[key]
            pack = self.pack
            assert pack is not None
            images, _ = card_images(pack, row.deck, row.card, self.language, dpi)
            image = images.get(card_id)
            if image is not None:
                self._thumbs[key] = image
                while len(self._thumbs) > THUMBS_KEPT:
                    self._thumbs.popitem(last=False)
            return image

    def preview(self, card_id: str, values: dict[str, str]) -> Preview:
        """The card with the page's unsaved texts, laid out and drawn alone (front, and B side if it has
        one), and its findings as they would be: the per-card rules run on the new texts."""
        row = self.rows[card_id]
        card, problem = edited_card(row.card, values)
        if card is None:
            trouble = error("serve/preview", str(row.deck.file), problem, card=card_id)
            return Preview({}, [trouble], self.entry(card_id))
        pack = self.pack
        assert pack is not None
        with self.draw_lock:
            images, drawn = card_images(pack, row.deck, card, self.language, PREVIEW_DPI)
        if not values:
            return Preview(images, drawn, self.entry(card_id))
        laid = set(self._laid)
        kept = [f for f in row.findings if f.code not in PER_CARD and f not in laid]
        found = typed_findings(pack, row.deck.deck.id, card, kept, drawn)
        entry = card_entry(card, row.deck.deck.id, self.language, self.source_language, found)
        return Preview(images, drawn, entry)

    # --- writing ----------------------------------------------------------------------------

    def save(self, card_id: str, edits: list[FieldEdit], seen: bool = False) -> SaveResult:
        """Write the card's changed fields through the byte-preserving edits; conflicts write nothing.
        With `seen` (a status click) the texts the page showed must all be the file's (plan_card_edit)."""
        with self.lock:
            self.fresh()  # the bases are compared with the files as they are now
            if card_id not in self.rows or self.pack is None:
                return SaveResult(
                    CardEditPlan(),
                    [error("serve/gone", str(self.root), _('card "{card}" is gone').format(card=card_id))],
                )
            plan = plan_card_edit(self.pack, card_id, edits, seen)
            result = SaveResult(plan)
            if plan.conflicts or has_errors(plan.findings) or not plan.writes:
                return result
            result.findings = verify_edit(self.pack, plan.writes)
            if not result.findings:
                result.findings = write_edit_set(plan.writes, self._snapshot).findings
            self.reload(frozenset({card_id}) if not result.findings else frozenset())
            return result

    def glossary_plan(self, fixes: Sequence[Fix], shown: str) -> Plan:
        with self.lock:
            self.fresh()
            assert self.pack is not None
            return plan_fixes(self.pack, list(fixes), shown, self.language, allow_inside=False)

    def write_plan(self, writes: list[tuple[Path, bytes]]) -> list[Finding]:
        """Write a glossary fix's files, all or none, unless a file changed since the plan was made."""
        with self.lock:
            assert self.pack is not None
            findings = verify_edit(self.pack, writes) or write_edit_set(writes, self._snapshot).findings
            self.reload()
            return findings


def _same_context(before: PackData, now: PackData) -> bool:
    """Nothing but cards changed: pack.toml, glossary, board and tokens are as they were."""
    return (before.pack, before.glossary, before.board, before.tokens) == (
        now.pack,
        now.glossary,
        now.board,
        now.tokens,
    )


def _laid_out_cards(pack: PackData, cards: frozenset[str]) -> list[Finding]:
    """What laying out and fitting these cards alone finds, as pnp check does for every card."""
    decks = [
        d.model_copy(update={"cards": tuple(c for c in d.cards if c.id in cards)})
        for d in pack.decks
        if any(c.id in cards for c in d.cards)
    ]
    return [f for f in layout_and_fitting_findings(pack, decks=decks) if f.card in cards]
