"""Completeness as a ladder: entered, written, translated, reviewed.

A card is *entered* when it has a title and is not a placeholder; *written*
when every text field its layout prints holds the card's text; *translated*
and *reviewed* by its status in the language asked for, once written.  A
placeholder stands in for a card nobody has typed yet: it counts as missing
on every rung.

"Its layout prints" is read from the layout family itself (an element whose
`text` uses `card.text`), so a layout that prints no rules text asks only for
the title.  The text may be in the source language or typed straight into a
target language from a copy of the card: either way the card's words are
there.  A guess is not: it belongs in `notes`, with `verify` saying why.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from pnp.check.rule import Rule
from pnp.errors import Finding, Severity, info, warning
from pnp.i18n import N_, _, ngettext
from pnp.layout.plan import deck_size
from pnp.layout.templates import Template, TemplateSet, load_family, size_class
from pnp.model import Card, LoadedDeck, PackData
from pnp.paths import TEMPLATES_DIR, shown_path
from pnp.report import field_name, plural
from pnp.units import Size, UnitError

_PRINTS_TEXT = re.compile(r"\bcard\.text\b")


@dataclass(frozen=True)
class CardState:
    """Where one card stands on the ladder, and what it lacks."""

    card: Card
    entered: bool
    written: bool
    translated: bool
    reviewed: bool
    missing: tuple[str, ...]  # the printed fields without text: "text", "back.text"


@dataclass(frozen=True)
class DeckState:
    """A deck's copies on each rung (copies, not designs: the box counts copies)."""

    deck: LoadedDeck
    cards: tuple[CardState, ...]

    def _copies(self, rung: str) -> int:
        return sum(s.card.count for s in self.cards if getattr(s, rung))

    @property
    def entered(self) -> int:
        return self._copies("entered")

    @property
    def written(self) -> int:
        return self._copies("written")

    @property
    def translated(self) -> int:
        return self._copies("translated")

    @property
    def reviewed(self) -> int:
        return self._copies("reviewed")

    @property
    def placeholders(self) -> int:
        return sum(s.card.count for s in self.cards if s.card.placeholder)

    @property
    def unwritten(self) -> tuple[CardState, ...]:
        return tuple(s for s in self.cards if not s.written)


@lru_cache(maxsize=8)
def _family(root: Path, family: str, pack_root: Path) -> TemplateSet:
    return load_family(root, family, pack_root)[0]


def _prints_text(templates: TemplateSet, card_type: str, size: Size | None) -> bool:
    """True when the layout for this type prints `card.text`; without a layout, assume it does."""
    if size is None:
        return True
    template = templates.layout_for(card_type, size.width > size.height + 0.01, size_class(size))
    return True if template is None else prints_text(template)


def prints_text(template: Template) -> bool:
    return any(
        isinstance(element.get("text"), str) and _PRINTS_TEXT.search(element["text"]) for element in template.elements
    )


def card_state(card: Card, prints_text: bool, language: str) -> CardState:
    missing: list[str] = []
    if prints_text and not _has_text(card.text):
        missing.append("text")
    if prints_text and card.back is not None and not _has_text(card.back.text):
        missing.append("back.text")
    entered = not card.placeholder and bool(card.title)
    written = entered and not missing
    status = card.status.get(language)
    translated = written and status in ("translated", "reviewed")
    return CardState(card, entered, written, translated, written and status == "reviewed", tuple(missing))


def face_marks(card: Card, prints_text: bool, language: str) -> tuple[str | None, str | None]:
    """The mark each side of a printed card needs (front, back): "placeholder" for a placeholder,
    "blank" for a printed text empty in every language, "untranslated" for one written in another
    language only (the sheet prints that language's words); None for a side with its text."""
    if card.placeholder:
        return "placeholder", "placeholder" if card.back is not None else None
    if not prints_text:
        return None, None
    back = _side_mark(card.back.text, language) if card.back is not None else None
    return _side_mark(card.text, language), back


def _side_mark(localized: dict[str, str], language: str) -> str | None:
    if not _has_text(localized):
        return "blank"
    return None if localized.get(language, "").strip() else "untranslated"


def _has_text(localized: dict[str, str]) -> bool:
    return any(value.strip() for value in localized.values())


_STATES: list[tuple[PackData, str, Path, list[DeckState]]] = []  # the last pack's: two rules ask in turn


def deck_states(pack: PackData, language: str | None = None, templates_root: Path = TEMPLATES_DIR) -> list[DeckState]:
    """Every deck's ladder, in pack order; `language` defaults to the first target language.

    Kept for the last pack object asked about (a PackData is frozen): deck/text-missing and
    card/text-missing read the same ladders."""
    language = language or pack.pack.printed_language
    if _STATES and _STATES[0][0] is pack and _STATES[0][1:3] == (language, templates_root):
        return list(_STATES[0][3])
    states = _deck_states(pack, language, templates_root)
    _STATES[:] = [(pack, language, templates_root, states)]
    return list(states)


def _deck_states(pack: PackData, language: str, templates_root: Path) -> list[DeckState]:
    templates = _family(templates_root, pack.pack.template_family, pack.root)
    states = []
    for loaded in pack.decks:
        try:
            size: Size | None = deck_size(loaded)  # as the build lays it out
        except UnitError:
            size = None  # the loader reported it
        printing: dict[str, bool] = {}  # by card type: a deck's cards share a few layouts
        for card_type in dict.fromkeys(card.type for card in loaded.cards):
            printing[card_type] = _prints_text(templates, card_type, size)
        cards = tuple(card_state(card, printing[card.type], language) for card in loaded.cards)
        states.append(DeckState(loaded, cards))
    return states


@dataclass(frozen=True)
class Counts:
    """A pack's cards counted one way for every command and the workbench (copies, not designs: the
    box counts copies).  Only the decks of this product count: a deck from another product
    (`origin`) is shown apart, as `other_product`."""

    box: int | None  # the copies the box holds, as the box contents say; None: they do not say
    held: int  # copies in the deck files: what a whole build prints
    entered: int  # copies typed in with their title, placeholders left out
    placeholders: int  # copies standing in for cards still to enter
    written: int  # entered, with the text their layout prints
    translated: int  # written, and translated (or reviewed) in the language counted
    reviewed: int
    other_product: int  # copies of decks that belong to another product

    @property
    def printed(self) -> int:
        """What a whole build prints: every card of the deck files (placeholders, cards without a title too)."""
        return self.held

    @property
    def without_text(self) -> int:
        """Printed copies without their text: unwritten cards and placeholders."""
        return self.printed - self.written

    @property
    def to_enter(self) -> int | None:
        """Copies of the box nobody has typed yet (a placeholder is one of them)."""
        return None if self.box is None else max(0, self.box - self.entered)

    @property
    def complete(self) -> bool:
        """Every card the box holds is entered and written."""
        return self.box is not None and self.entered == self.box and self.written == self.entered


def box_count(pack: PackData, decks: Sequence[str] | None = None) -> int | None:
    """The copies the box holds for these decks (default: every deck of this product): a deck's
    expected count, else its share of a box contents line that names it; None when neither says
    (a line that counts a deck with others outside `decks` says nothing of that deck alone)."""
    own = [d for d in pack.decks if d.deck.origin is None and (decks is None or d.deck.id in decks)]
    expected = {d.deck.id: d.deck.expected_count for d in pack.decks}
    total = sum(d.deck.expected_count or 0 for d in own)
    pending = {d.deck.id for d in own if d.deck.expected_count is None}
    for line in pack.pack.manifest:
        covered = set(line.decks) & pending
        if not covered:
            continue
        others = [deck for deck in line.decks if deck not in covered]
        if any(expected.get(deck) is None for deck in others):
            return None  # shared with a deck outside these whose count is not known apart
        total += line.count - sum(expected[deck] or 0 for deck in others)
        pending -= covered
    return None if pending else total


def counts(pack: PackData, states: Sequence[DeckState], decks: Sequence[str] | None = None) -> Counts:
    """The Counts of these deck states (of `decks`, default every one), against the box."""
    chosen = [s for s in states if decks is None or s.deck.deck.id in decks]
    own = [s for s in chosen if s.deck.deck.origin is None]
    return Counts(
        box=box_count(pack, [s.deck.deck.id for s in own]) if own else None,
        held=sum(s.deck.total for s in own),
        entered=sum(s.entered for s in own),
        placeholders=sum(s.placeholders for s in own),
        written=sum(s.written for s in own),
        translated=sum(s.translated for s in own),
        reviewed=sum(s.reviewed for s in own),
        other_product=sum(s.deck.total for s in chosen if s.deck.deck.origin is not None),
    )


def pack_counts(pack: PackData, language: str | None = None, templates_root: Path = TEMPLATES_DIR) -> Counts:
    """The pack's Counts in `language` (default the first target language)."""
    return counts(pack, deck_states(pack, language, templates_root))


# --- check rules ----------------------------------------------------------------


def check_missing_text(pack: PackData) -> list[Finding]:
    """One finding per deck: how many copies still lack their text. A pack in progress is normal,
    so it is a warning (exit 0), and the cards are named only with --verbose (card/text-missing)."""
    findings = []
    for state in deck_states(pack):
        deck = state.deck
        if deck.deck.origin is not None or not state.unwritten:
            continue
        counted = counts(pack, [state])  # the figures `pnp deck`, the build and the workbench give
        total = counted.printed
        lacking = counted.without_text
        placeholders = ""
        if state.placeholders:
            placeholders = ngettext(
                ", {n} of them a placeholder", ", {n} of them placeholders", state.placeholders
            ).format(n=state.placeholders)
        findings.append(
            warning(
                "deck/text-missing",
                shown_path(deck.file),
                ngettext(
                    'deck "{deck}": {lacking} of {cards} has no text yet{placeholders}',
                    'deck "{deck}": {lacking} of {cards} have no text yet{placeholders}',
                    lacking,
                ).format(deck=deck.deck.id, lacking=lacking, cards=plural(total, "card"), placeholders=placeholders),
                hint=_("pnp check {pack} --verbose names them").format(pack=shown_path(pack.root)),
            )
        )
    return findings


def check_missing_text_per_card(pack: PackData) -> list[Finding]:
    findings = []
    for state in deck_states(pack):
        if state.deck.deck.origin is not None:
            continue
        shown = shown_path(state.deck.file)
        for card_state_ in state.unwritten:
            card = card_state_.card
            if card.placeholder:
                message, hint = (
                    _("a placeholder: the card it stands for is not known yet"),
                    _("replace it with the real card"),
                )
            else:
                message = _("no {fields} in any language: the layout prints it").format(
                    fields=_(" and no ").join(field_name(m) for m in card_state_.missing)
                )
                hint = _("type it from your copy; a guess goes in notes, with verify saying why")
            findings.append(
                info(
                    "card/text-missing",
                    shown,
                    message,
                    line=pack.line("card", card.id),
                    card=card.id,
                    field=card_state_.missing[0] if card_state_.missing else "placeholder",
                    hint=hint,
                )
            )
    return findings


_LOOKS_PLACEHOLDER = re.compile(r"\bplaceholder\b|\bprovisional\b|\bmarcador de posici", re.IGNORECASE)


_PLACEHOLDERS: list[tuple[PackData, list[Finding]]] = []  # the last pack's: two rules ask in turn


def _placeholder_findings(pack: PackData) -> list[Finding]:
    """A placeholder says it is one, and its text never claims to be the card's."""
    if _PLACEHOLDERS and _PLACEHOLDERS[0][0] is pack:
        return _PLACEHOLDERS[0][1]
    findings = _placeholders(pack)
    _PLACEHOLDERS[:] = [(pack, findings)]
    return findings


def _placeholders(pack: PackData) -> list[Finding]:
    findings = []
    for loaded in pack.decks:
        shown = shown_path(loaded.file)
        for card in loaded.cards:
            where = {"line": pack.line("card", card.id), "card": card.id}
            if card.placeholder and (_has_text(card.text) or (card.back and _has_text(card.back.text))):
                if not card.verify:
                    findings.append(
                        warning(
                            "card/placeholder-text",
                            shown,
                            _("a placeholder with rules text and no verify: the text would pass for the card's own"),
                            field="text",
                            hint=_(
                                "move the text to notes, or say in verify where it comes from and why it is uncertain"
                            ),
                            **where,
                        )
                    )
            elif not card.placeholder and _LOOKS_PLACEHOLDER.search(card.notes or ""):
                findings.append(
                    warning(
                        "card/placeholder-unmarked",
                        shown,
                        _(
                            "its notes call it a placeholder, but it is not marked as one: it would print and count "
                            "as a real card"
                        ),
                        field="placeholder",
                        hint=_("write placeholder = true"),
                        **where,
                    )
                )
    return findings


def check_placeholder_text(pack: PackData) -> list[Finding]:
    return [f for f in _placeholder_findings(pack) if f.code == "card/placeholder-text"]


def check_placeholder_unmarked(pack: PackData) -> list[Finding]:
    return [f for f in _placeholder_findings(pack) if f.code == "card/placeholder-unmarked"]


RULES = (
    Rule(
        "deck/text-missing",
        Severity.WARNING,
        N_("Each printed deck's cards have the text their layout prints; one summary per deck."),
        check_missing_text,
    ),
    Rule(
        "card/text-missing",
        Severity.INFO,
        N_("Each card without its text, or a placeholder (shown with pnp check --verbose)."),
        check_missing_text_per_card,
    ),
    Rule(
        "card/placeholder-text",
        Severity.WARNING,
        N_("A placeholder's rules text carries `verify`: it never passes for the card's own text."),
        check_placeholder_text,
    ),
    Rule(
        "card/placeholder-unmarked",
        Severity.WARNING,
        N_("A card whose notes call it a placeholder is marked `placeholder = true`."),
        check_placeholder_unmarked,
    ),
)
