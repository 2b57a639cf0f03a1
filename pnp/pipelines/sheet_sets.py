"""Which sheets a build prints, and where: mixed decks, variant folders, drafts.

- Cards of one size share sheets across decks in cards.pdf (each back still
  lands behind its own front): a pack of many small decks prints on far fewer
  sheets.  The per-deck files keep one deck per sheet, for reprinting a deck.
- A build that differs from the default (paper, duplex, card size, bilingual,
  tight grid, a draft) writes into a folder named after what differs, so no
  variant overwrites another or the default's files.  A deck selection
  (--decks) is no variant: it writes the same cards-<deck>.pdf a whole build
  of those options writes, into the same folder, and leaves cards.pdf alone.
- A draft prints despite text errors: they are reported as warnings.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pnp.build_state import BuildOptions, DeckBuild
from pnp.errors import Finding, Severity
from pnp.export.pdf import SheetSection
from pnp.units import parse_card_size

DEFAULTS = BuildOptions()


@dataclass(frozen=True)
class SheetSet:
    """One run of sheets of cards.pdf: a deck alone, or same-size decks mixed."""

    key: str  # the deck id, or "mixed-N"
    section: SheetSection
    decks: tuple[DeckBuild, ...]

    @property
    def mixed(self) -> bool:
        return len(self.decks) > 1


def variant_folder(options: BuildOptions) -> str:
    """ "" for the default build; else the options that differ, like "letter-short-poker-bilingual"."""
    parts = []
    if options.paper != DEFAULTS.paper:
        parts.append(options.paper)
    if options.duplex != DEFAULTS.duplex:
        parts.append({"none": "no-backs"}.get(options.duplex, options.duplex))
    if options.card_size:
        parts.append(_slug(options.card_size))
    if options.bilingual:
        parts.append("bilingual")
    if options.tight and options.duplex != "fold":  # fold is always tight: its folder says fold
        parts.append("tight")
    if options.draft:
        parts.append("draft")
    return "-".join(parts)


def _slug(card_size: str) -> str:
    try:
        size = parse_card_size(card_size)
    except ValueError:
        return "custom"
    text = card_size.strip().lower()
    if text.replace("-", "").isalpha():
        return text
    return f"{round(size.width / 2.8346457, 1):g}x{round(size.height / 2.8346457, 1):g}mm"


def sheet_sets(builds: list[DeckBuild], mix: bool, title: str) -> list[SheetSet]:
    """cards.pdf's runs in deck order: with `mix`, the decks that share a sheet plan (same card size
    and orientation) become one run, its footer naming the pack and the size."""
    groups: dict[object, list[DeckBuild]] = {}
    for built in builds:
        groups.setdefault(built.section.plan if mix else built.deck.deck.id, []).append(built)
    sets = []
    for index, decks in enumerate(groups.values()):
        if len(decks) == 1:
            sets.append(SheetSet(decks[0].deck.deck.id, decks[0].section, (decks[0],)))
            continue
        first = decks[0].section
        cards = tuple(card for built in decks for card in built.section.cards)
        size = decks[0].deck.deck.card_size
        section = SheetSection(f"{title} · {size}", first.plan, cards, first.duplex)
        sets.append(SheetSet(f"mixed-{index}", section, tuple(decks)))
    return sets


def sheets_of(section: SheetSection) -> int:
    return -(-len(section.cards) // len(section.plan.fronts))


def draft_findings(findings: list[Finding]) -> list[Finding]:
    """In a draft, text errors (fitting, translation checks) do not stop printing: warnings."""
    return [
        replace(f, severity=Severity.WARNING) if f.severity is Severity.ERROR and f.code.startswith("text/") else f
        for f in findings
    ]
