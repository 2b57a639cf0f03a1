"""Which sheets a build prints, and where: mixed decks, variant folders, drafts.

- Cards of one size share sheets across decks in cards.pdf (each back still
  lands behind its own front): a pack of many small decks prints on far fewer
  sheets.  The per-deck files keep one deck per sheet, for reprinting a deck.
- A build that differs from the default (paper, duplex, card size, bilingual,
  tight grid, a draft, a player count or variant) writes into a folder named after what differs, so no
  variant overwrites another or the default's files.  A deck selection
  (--decks) is no variant: it writes the same cards-<deck>.pdf a whole build
  of those options writes, into the same folder, and leaves cards.pdf alone.
- A draft prints despite text errors: they are reported as warnings.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pnp.cache import Cache
from pnp.errors import Finding, Severity
from pnp.export.pdf import Placement, SheetSection
from pnp.i18n import P_, printed, printed_n, speaking
from pnp.impose.sheet import SheetPlan, plan_below
from pnp.layout.plan import DeckFaces
from pnp.model import PackData, pick
from pnp.pipelines.build_options import BuildOptions, DeckBuild
from pnp.pipelines.sheet_fit import deck_sheet_plan
from pnp.units import parse_card_size

DEFAULTS = BuildOptions()


@dataclass(frozen=True)
class SheetSet:
    """One run of sheets of cards.pdf: a deck alone, same-size decks mixed, or a shared sheet where
    the last cards of one size sit under the last cards of another."""

    key: str  # the deck id when the run is that deck's own sheets; else "mixed-N" or "shared-N"
    section: SheetSection
    decks: tuple[DeckBuild, ...]
    own: bool = False  # the deck's own sheets: cards-<deck>.pdf holds them already drawn

    @property
    def mixed(self) -> bool:
        return not self.own


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
    selection = options.selection
    if selection is not None and not selection.empty:  # not the box's decks: never the box's files
        if selection.players is not None:
            parts.append(f"players-{selection.players}")
        parts += [*selection.variants, *selection.setups, *selection.swaps]
    return "-".join(parts)


def selection_label(pack: PackData, options: BuildOptions, language: str) -> str:
    """What a --players / --variant build prints, for its footers: "2 jugadores · Partida para Dos
    Jugadores"; "" for the box's decks."""
    selection = options.selection
    if selection is None or selection.empty:
        return ""
    parts = []
    if selection.players is not None:
        parts.append(printed_n(language, "{n} player", "{n} players", selection.players).format(n=selection.players))
    names = {variant.id: variant.name for variant in pack.pack.variant}
    parts += [pick(pack, names[v], language) if v in names else v for v in selection.variants]
    parts += [*selection.setups, *selection.swaps]
    return " · ".join(parts)


def _slug(card_size: str) -> str:
    try:
        size = parse_card_size(card_size)
    except ValueError:
        return "custom"
    text = card_size.strip().lower()
    if text.replace("-", "").isalpha():
        return text
    return f"{round(size.width / 2.8346457, 1):g}x{round(size.height / 2.8346457, 1):g}mm"


# The named card sizes as a sheet's footer prints them, in the card language ("poker" is "póker" in Spanish).
SIZE_WORDS = {
    "poker": P_("poker"),
    "bridge": P_("bridge"),
    "mini-american": P_("mini-american"),
    "mini-euro": P_("mini-euro"),
    "tarot": P_("tarot"),
    "square": P_("square"),
}


def size_words(card_sizes: list[str], language: str) -> str:
    """The card sizes of a footer in the card language, a custom size ("63mm x 88mm") as written:
    "póker y tarot"."""
    names = [printed(language, SIZE_WORDS.get(size.strip().lower(), size)) for size in card_sizes]
    if len(names) < 2:
        return "".join(names)
    return printed(language, "{sizes} and {last}").format(sizes=", ".join(names[:-1]), last=names[-1])


def sheet_sets(builds: list[DeckBuild], mix: bool, title: str) -> list[SheetSet]:
    """cards.pdf's runs in deck order.  With `mix`, the decks that share a sheet plan (same card
    size and orientation) become one run, its footer naming the pack and the size; and a run's
    last, part-filled sheet takes the last sheet of another size in the room under its cards
    when all of them fit, which saves that sheet."""
    groups: dict[object, list[DeckBuild]] = {}
    for built in builds:
        groups.setdefault(built.section.plan if mix else built.deck.deck.id, []).append(built)
    runs = [_run(index, decks, title) for index, decks in enumerate(groups.values())]
    shared = _share_last_sheets(runs) if mix else {}
    guests = {guest for members, _ in shared.values() for guest in members[1:]}
    sets: list[SheetSet] = []
    for index, run in enumerate(runs):
        if index not in shared and index not in guests:
            sets.append(run)
            continue
        sets += _all_but_last(run)
        if index in shared:
            members, plan = shared[index]
            cards = tuple(card for i in members for card in _last_cards(runs[i]))
            language = run.section.language
            sizes = size_words(
                list(dict.fromkeys(d.deck.deck.card_size for i in members for d in runs[i].decks)), language
            )
            section = SheetSection(f"{title} · {sizes}", plan, cards, run.section.duplex, language)
            decks = tuple(d for i in members for d in runs[i].decks)
            sets.append(SheetSet(f"shared-{index}", section, decks))
    return sets


def _run(index: int, decks: list[DeckBuild], title: str) -> SheetSet:
    if len(decks) == 1:
        return SheetSet(decks[0].deck.deck.id, decks[0].section, (decks[0],), own=True)
    first = decks[0].section
    cards = tuple(card for built in decks for card in built.section.cards)
    sizes = size_words([decks[0].deck.deck.card_size], first.language)
    section = SheetSection(f"{title} · {sizes}", first.plan, cards, first.duplex, first.language)
    return SheetSet(f"mixed-{index}", section, tuple(decks))


def _last_start(run: SheetSet) -> int:
    return (sheets_of(run.section) - 1) * len(run.section.plan.fronts)


def _last_cards(run: SheetSet) -> tuple[Placement, ...]:
    return run.section.cards[_last_start(run) :]


def _all_but_last(run: SheetSet) -> list[SheetSet]:
    """The run without its last sheet, numbered as sheets of the whole run; [] for a one-sheet run."""
    cards = run.section.cards[: _last_start(run)]
    if not cards:
        return []
    section = replace(run.section, cards=cards, sheet_total=sheets_of(run.section))
    return [SheetSet(f"{run.key}-full", section, run.decks)]


def _share_last_sheets(runs: list[SheetSet]) -> dict[int, tuple[list[int], SheetPlan]]:
    """host run -> (the runs whose last sheets it holds, host first; the shared sheet's plan).
    Greedy, in deck order: a run's last sheet takes every other last sheet that fits under it."""
    shared: dict[int, tuple[list[int], SheetPlan]] = {}
    taken: set[int] = set()
    for host, run in enumerate(runs):
        if host in taken or not run.section.cards:
            continue
        members, plan, used = [host], run.section.plan, len(_last_cards(run))
        for guest, other in enumerate(runs):
            if guest in taken or guest in shared or guest == host or other.section.plan.spec is None:
                continue
            count = len(_last_cards(other))
            joined = plan_below(plan, used, other.section.plan.spec, count)
            if joined is None:
                continue
            members.append(guest)
            taken.add(guest)
            plan, used = joined, used + count
        if len(members) > 1:
            taken.add(host)
            shared[host] = (members, plan)
    return shared


def sheets_of(section: SheetSection) -> int:
    return -(-len(section.cards) // len(section.plan.fronts))


def draft_findings(findings: list[Finding]) -> list[Finding]:
    """In a draft, text errors (fitting, translation checks) do not stop printing: warnings."""
    return [
        replace(f, severity=Severity.WARNING) if f.severity is Severity.ERROR and f.code.startswith("text/") else f
        for f in findings
    ]


def checked_in(language: str, pack: PackData, cache: Cache | None) -> list[Finding]:
    """The pack's checks with their messages in `language`: what a draft prints on its first leaf
    speaks the card language, as every word on its sheets does, whatever the interface speaks
    (the cache keeps them apart: its keys hold the language)."""
    with speaking(language):
        return checks(pack, cache)


def checks(pack: PackData, cache: Cache | None) -> list[Finding]:
    """The pack's checks, cached per card.  The rules are imported here, in the process that runs
    them: a build runs them in a process of its own, and its own process never needs them."""
    from pnp.check.cached import cached_check

    return cached_check(pack, cache)


def impose_deck(pack: PackData, laid: DeckFaces, language: str, options: BuildOptions) -> DeckBuild | Finding:
    """The deck's cards on sheets of the paper and duplex asked for, or why they do not fit."""
    deck = laid.deck
    plan, problem = deck_sheet_plan(pack, deck.deck.id, laid.size, options)  # pnp check asks the same
    if plan is None:
        assert problem is not None
        return problem
    placements: list[Placement] = []
    designs: list[tuple[str, str, str]] = []
    for card in laid.cards:
        placements += [Placement(card.front.key, card.back.key)] * card.card.count
        designs.append((card.card.id, card.front.key, card.back.key))
    title = " · ".join(filter(None, (pick(pack, deck.deck.name, language), selection_label(pack, options, language))))
    return DeckBuild(
        deck, SheetSection(title, plan, tuple(placements), options.duplex, language), laid.back.key, tuple(designs)
    )
