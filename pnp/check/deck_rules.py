"""Rules about deck composition: the box manifest, the swaps, the cards a deck must keep."""

from __future__ import annotations

from pnp import compose
from pnp.check.rule import Rule
from pnp.errors import Finding, Severity, error, warning
from pnp.i18n import N_, _, ngettext, ui_language
from pnp.load.pack import PACK_FILE
from pnp.model import LoadedDeck, PackData
from pnp.model.swaps import Swap
from pnp.paths import shown_path
from pnp.report import plural


def check_deck_counts(pack: PackData) -> list[Finding]:
    findings = []
    for loaded in pack.decks:
        deck = loaded.deck
        if deck.expected_count is None or deck.origin is not None:
            continue
        if loaded.entered != deck.expected_count:
            short = deck.expected_count - loaded.entered
            what = (
                ngettext("{n} still to enter", "{n} still to enter", short).format(n=short)
                if short > 0
                else ngettext("{n} too many", "{n} too many", -short).format(n=-short)
            )
            findings.append(
                warning(
                    "deck/manifest",
                    shown_path(pack.root / PACK_FILE),
                    _('deck "{id}": expected {expected_count} (box contents), found {total} ({what})').format(
                        id=deck.id,
                        expected_count=plural(deck.expected_count, "card"),
                        total=loaded.entered,
                        what=what + _placeholders(loaded),
                    ),
                    line=pack.line("deck", deck.id),
                    field=f"deck.{deck.id}.expected_count",
                    hint=_("list what it holds with: pnp deck {root} {id}").format(
                        root=shown_path(pack.root), id=deck.id
                    ),
                )
            )
    return findings


def _placeholders(loaded: LoadedDeck) -> str:
    count = loaded.total - loaded.entered
    if not count:
        return ""
    return ngettext("; {n} placeholder counts as missing", "; {n} placeholders count as missing", count).format(n=count)


def check_manifest_lines(pack: PackData) -> list[Finding]:
    """A box line over decks that all carry an expected count is already checked per
    deck; then only the sum of those counts is compared with the box."""
    findings = []
    pack_file = shown_path(pack.root / PACK_FILE)
    for line in pack.pack.manifest:
        decks = [d for d in pack.decks if d.deck.id in line.decks]
        if not decks:
            continue
        # the line as the reader's language names it ("75 Cartas Trato"), else as the original does
        name = line.name.get(ui_language()) or line.name.get(pack.pack.source_language) or line.id
        where = {"line": pack.line("manifest", line.id), "field": f"manifest.{line.id}.count"}
        expected = [d.deck.expected_count for d in decks]
        if all(e is not None for e in expected):
            total = sum(e for e in expected if e is not None)
            if total != line.count:
                findings.append(
                    warning(
                        "box/manifest",
                        pack_file,
                        _(
                            'box contents "{name}": {count}, but the expected counts of {decks} add up to {total}'
                        ).format(name=name, count=plural(line.count, "card"), decks=", ".join(line.decks), total=total),
                        **where,
                        hint=_("correct the decks' expected_count or this line's count"),
                    )
                )
            continue
        found = sum(d.entered for d in decks)
        if found != line.count:
            findings.append(
                warning(
                    "box/manifest",
                    pack_file,
                    _('box contents "{name}": expected {count}, found {found} in {decks}').format(
                        name=name, count=plural(line.count, "card"), found=found, decks=", ".join(line.decks)
                    ),
                    **where,
                )
            )
    return findings


def check_box_total(pack: PackData) -> list[Finding]:
    """The decks that are printed, all together, against the cards the box contents count."""
    lines = [line for line in pack.pack.manifest if line.decks]
    if not lines:
        return []
    printed = [d for d in pack.decks if d.deck.origin is None]
    expected = sum(line.count for line in lines)
    found = sum(d.entered for d in printed)
    if found == expected:
        return []
    counted = {deck_id for line in lines for deck_id in line.decks}
    uncounted = [d.deck.id for d in printed if d.deck.id not in counted]
    what = (
        ngettext("{n} still to enter", "{n} still to enter", expected - found).format(n=expected - found)
        if found < expected
        else ngettext("{n} too many", "{n} too many", found - expected).format(n=found - expected)
    )
    hint = (
        _("decks in no line of the box contents: {uncounted}").format(uncounted=", ".join(uncounted))
        if uncounted
        else _("pnp deck {root} shows each deck against the box").format(root=shown_path(pack.root))
    )
    return [
        warning(
            "box/total",
            shown_path(pack.root / PACK_FILE),
            _("box contents: {expected} in all, found {found} in the decks ({what})").format(
                expected=plural(expected, "card"), found=found, what=what
            ),
            line=pack.line("manifest", lines[0].id),
            field="manifest",
            hint=hint,
        )
    ]


def _after_removals(swap: Swap) -> str:
    return _(" once the cards it names are out") if swap.remove or swap.remove_types else ""


def _at_swap(pack: PackData, swap: Swap, key: str) -> dict:
    return {"line": pack.line("swap", swap.id), "field": f"swap.{swap.id}.{key}"}


def check_swap_removals(pack: PackData) -> list[Finding]:
    findings = []
    pack_file = shown_path(pack.root / PACK_FILE)
    for swap in pack.pack.swap:
        deck = pack.deck(swap.deck)
        assert deck is not None  # the loader checked every reference
        for n, type_id in enumerate(swap.remove_types):
            if type_id not in deck.deck.card_types:
                findings.append(
                    error(
                        "deck/swap-remove",
                        pack_file,
                        _('swap "{id}": deck "{deck}" holds no cards of type "{type_id}"').format(
                            id=swap.id, deck=swap.deck, type_id=type_id
                        ),
                        **_at_swap(pack, swap, f"remove_types[{n}]"),
                        hint=_("this deck holds: {card_types}").format(card_types=", ".join(deck.deck.card_types)),
                    )
                )
        for short in compose.compose(pack, [swap]).shortfalls:
            if short.card is None:  # at random: judged here only when the deck is known to be complete
                if compose.is_complete(deck):
                    message = _(
                        'swap "{id}": takes {wanted} out of deck "{deck}" at random, but it holds {found}{swap}'
                    ).format(
                        id=swap.id,
                        wanted=plural(short.wanted, "card"),
                        deck=swap.deck,
                        found=short.found,
                        swap=_after_removals(swap),
                    )
                    hint = _("write remove_random = {found} at most").format(found=short.found)
                    findings.append(
                        error("deck/swap-remove", pack_file, message, **_at_swap(pack, swap, short.field), hint=hint)
                    )
                continue
            if short.found == 0:
                other = pack.deck_of(short.card.id)
                message = _('swap "{id}": removes "{id2}" from deck "{deck}", which does not hold it').format(
                    id=swap.id, id2=short.card.id, deck=swap.deck
                )
                message += _(' (it is in deck "{id}")').format(id=other.deck.id) if other else ""
                hint = (
                    _('set deck = "{id}", or drop this line').format(id=other.deck.id) if other else _("drop this line")
                )
            else:
                message = _('swap "{id}": removes {wanted} of "{id2}" from deck "{deck}", which holds {found}').format(
                    id=swap.id, wanted=short.wanted, id2=short.card.id, deck=swap.deck, found=short.found
                )
                hint = _("write copies = {found}, or correct the card's count").format(found=short.found)
            findings.append(
                error("deck/swap-remove", pack_file, message, **_at_swap(pack, swap, short.field), hint=hint)
            )
    return findings


def check_swap_additions(pack: PackData) -> list[Finding]:
    """What a swap puts into a deck is of a type that deck holds (the loader checked that it exists)."""
    findings = []
    pack_file = shown_path(pack.root / PACK_FILE)
    for swap in pack.pack.swap:
        wrong: dict[tuple[str, str, str], list[str]] = {}
        for move in compose.compose(pack, [swap]).moves:
            target = pack.deck(move.target) if move.target else None
            if target is not None and move.card.type not in target.deck.card_types:
                key = "into" if move.target == swap.into else move.field
                wrong.setdefault((key, target.deck.id, move.card.type), []).append(f'"{move.card.id}"')
        for (key, deck_id, type_id), cards in wrong.items():
            target = pack.deck(deck_id)
            assert target is not None
            findings.append(
                error(
                    "deck/swap-add",
                    pack_file,
                    _(
                        'swap "{id}": puts {cards} (type "{type_id}") into deck "{deck_id}", '
                        'which does not hold cards of type "{type_id}"'
                    ).format(id=swap.id, cards=", ".join(cards), type_id=type_id, deck_id=deck_id),
                    **_at_swap(pack, swap, key),
                    hint=_("this deck holds: {card_types}").format(card_types=", ".join(target.deck.card_types)),
                )
            )
    return findings


def check_swap_balance(pack: PackData) -> list[Finding]:
    findings = []
    for swap in pack.pack.swap:
        if not swap.replacement or compose.short_decks(pack, swap):
            continue  # a deck still to enter is deck/swap-incomplete's to report
        removed, added = _swap_counts(pack, swap)
        if removed != added:
            findings.append(
                error(
                    "deck/swap-balance",
                    shown_path(pack.root / PACK_FILE),
                    _('swap "{id}": a replacement removes {removed} but adds {added}').format(
                        id=swap.id, removed=plural(removed, "card"), added=added
                    ),
                    **_at_swap(pack, swap, "replacement"),
                    hint=_("correct the copies, or set replacement = false when the swap is not one for one"),
                )
            )
    return findings


def _swap_counts(pack: PackData, swap: Swap) -> tuple[int, int]:
    """Cards a swap removes and adds, as its lines say; lines counted `per` a quantity are left out."""
    moves = compose.compose(pack, [swap]).moves
    removed = sum(line.copies for line in swap.remove if line.per is None) + swap.remove_random
    removed += sum(m.copies for m in moves if m.field.startswith("remove_types"))
    added = sum(line.copies for line in swap.add if line.per is None)
    added += sum(m.copies for m in moves if m.field.startswith("add_decks"))
    return removed, added


def check_swap_incomplete(pack: PackData) -> list[Finding]:
    """Say plainly that a swap counts cards still to be entered, rather than judge it on them."""
    findings = []
    pack_file = shown_path(pack.root / PACK_FILE)
    for swap in pack.pack.swap:
        short = compose.short_decks(pack, swap)
        for loaded in short:
            entered = _("has {total} of its {expected_count} entered").format(
                total=loaded.entered, expected_count=plural(loaded.deck.expected_count or 0, "card")
            )
            if loaded.deck.id == swap.deck:
                message = _(
                    'swap "{id}": takes cards out of deck "{deck}" by type or at random, and it {entered}'
                ).format(id=swap.id, deck=swap.deck, entered=entered)
                key = "remove_types" if swap.remove_types else "remove_random"
            else:
                message = _('swap "{id}": adds deck "{id2}", which {entered}').format(
                    id=swap.id, id2=loaded.deck.id, entered=entered
                )
                key = "add_decks"
            if swap.replacement:
                removed, added = _swap_counts(pack, swap)
                message += _(
                    ": the swap removes {removed} and adds {added} so far; its balance is checked once all are"
                ).format(removed=plural(removed, "card"), added=added)
            else:
                message += _(": the deck the swap makes is incomplete until all are")
            hint = _("enter its cards; pnp deck {root} {id} lists those entered so far").format(
                root=shown_path(pack.root), id=loaded.deck.id
            )
            findings.append(warning("deck/swap-incomplete", pack_file, message, **_at_swap(pack, swap, key), hint=hint))
        own = pack.deck(swap.deck)
        if own is None or own in short or compose.is_complete(own):
            continue
        for miss in compose.compose(pack, [swap]).shortfalls:
            if miss.card is None:  # at random, from a deck whose count is not known
                findings.append(
                    warning(
                        "deck/swap-incomplete",
                        pack_file,
                        _(
                            'swap "{id}": takes {wanted} out of deck "{deck}" at random, but it holds {found}{swap}'
                        ).format(
                            id=swap.id,
                            wanted=plural(miss.wanted, "card"),
                            deck=swap.deck,
                            found=miss.found,
                            swap=_after_removals(swap),
                        ),
                        **_at_swap(pack, swap, miss.field),
                        hint=_(
                            "enter the rest of its cards, and set its expected_count to let pnp tell what is missing"
                        ),
                    )
                )
    return findings


def _deal_selections(pack: PackData) -> list[compose.Selection]:
    """Each swap on its own, then each variant and player count with every swap it selects: a deal
    is judged against the deck as the earlier swaps and deals of the same game left it."""
    selections = [compose.Selection(swaps=(s.id,)) for s in pack.pack.swap if s.deal]
    conditions = [s.condition for s in pack.pack.swap if s.condition is not None]
    variants = dict.fromkeys([*(v.id for v in pack.pack.variant), *(c.variant for c in conditions if c.variant)])
    selections += [compose.Selection(variants=(v,)) for v in variants]
    selections += [compose.Selection(setups=(c.setup,)) for c in conditions if c.setup]
    counts = sorted({*pack.pack.players, *(n for v in pack.pack.variant for n in v.players)})
    selections += [compose.with_variants_for_players(pack, compose.Selection(players=n)) for n in counts]
    return selections


def check_swap_deals(pack: PackData) -> list[Finding]:
    """A swap's `deal` takes no more cards than its deck holds at that point: a bigger one would
    leave a deck of fewer than no cards, which pnp deck could only show as 0."""
    findings = []
    pack_file = shown_path(pack.root / PACK_FILE)
    seen: set[str] = set()
    for selection in _deal_selections(pack):
        swaps = compose.selected_swaps(pack, selection)
        for over in compose.compose(pack, swaps).overdeals:
            if over.swap.id in seen:
                continue
            seen.add(over.swap.id)
            deck = pack.deck(over.deck)
            counted = [deck, *(pack.deck(d) for s in swaps if s.deck == over.deck for d in s.add_decks)]
            short = [d for d in counted if d is not None and not compose.is_complete(d) and d.deck.expected_count]
            earlier = [s.id for s in swaps[: swaps.index(over.swap)] if s.deck == over.deck]
            message = (
                _('swap "{id}": deals {wanted} from deck "{deck}", which holds at most {found} at that point')
                if over.pending
                else _('swap "{id}": deals {wanted} from deck "{deck}", which holds {found} at that point')
            ).format(id=over.swap.id, wanted=plural(over.wanted, "card"), deck=over.deck, found=over.found)
            if earlier:
                message += _(" (after {swaps})").format(swaps=", ".join(earlier))
            if short:
                hint = _("enter its cards; pnp deck {root} {id} lists those entered so far").format(
                    root=shown_path(pack.root), id=short[0].deck.id
                )
                findings.append(
                    warning("deck/swap-incomplete", pack_file, message, **_at_swap(pack, over.swap, "deal"), hint=hint)
                )
                continue
            hint = _("write deal = {found} at most, or correct the cards the deck holds").format(found=over.found)
            findings.append(error("deck/swap-deal", pack_file, message, **_at_swap(pack, over.swap, "deal"), hint=hint))
    return findings


_MUST_KEEP_HINT = N_('only a setup card may take it out: give the swap condition = { setup = "<setup card id>" }')


def check_must_keep(pack: PackData) -> list[Finding]:
    findings = []
    pack_file = shown_path(pack.root / PACK_FILE)
    language = pack.pack.printed_language
    for loaded in pack.decks:
        held = {c.id for c in loaded.cards}
        for card_id in loaded.deck.must_keep:
            if card_id not in held:
                other = pack.deck_of(card_id)
                findings.append(
                    error(
                        "deck/must-keep",
                        pack_file,
                        (
                            _('deck "{deck}": must keep "{card}", which is not in it (it is in deck "{other}")')
                            if other
                            else _('deck "{deck}": must keep "{card}", which is not in it')
                        ).format(deck=loaded.deck.id, card=card_id, other=other.deck.id if other else ""),
                        line=pack.line("deck", loaded.deck.id),
                        field=f"deck.{loaded.deck.id}.must_keep",
                        hint=_("a deck keeps its own cards: move the card into this deck, or drop it from must_keep"),
                    )
                )
    for swap in pack.pack.swap:
        if swap.condition is not None and swap.condition.setup is not None:
            continue  # prescribed by a setup card: the one exception the rulebook allows
        for move in compose.compose(pack, [swap]).moves:
            source = pack.deck(move.source) if move.source else None
            if move.field.startswith("remove") and source is not None and move.card.id in source.deck.must_keep:
                title = move.card.title.get(language)
                findings.append(
                    error(
                        "deck/must-keep",
                        pack_file,
                        f'swap "{swap.id}": takes "{move.card.id}"'
                        + (f" ({title})" if title else "")
                        + _(' out of deck "{id}", which must keep it').format(id=source.deck.id),
                        **_at_swap(pack, swap, move.field),
                        hint=_(_MUST_KEEP_HINT),
                    )
                )
    return findings


RULES = (
    Rule(
        "deck/manifest",
        Severity.WARNING,
        N_("Each deck holds the number of cards the box manifest gives it."),
        check_deck_counts,
    ),
    Rule(
        "box/manifest",
        Severity.WARNING,
        N_("Each line of the box contents adds up over the decks it counts."),
        check_manifest_lines,
    ),
    Rule(
        "box/total",
        Severity.WARNING,
        N_("The printed decks, all together, hold as many cards as the box contents count."),
        check_box_total,
    ),
    Rule(
        "deck/swap-remove",
        Severity.ERROR,
        N_("What a swap removes is in its deck, with enough copies."),
        check_swap_removals,
    ),
    Rule(
        "deck/swap-add",
        Severity.ERROR,
        N_("What a swap puts into a deck is of a card type that deck holds."),
        check_swap_additions,
    ),
    Rule(
        "deck/swap-balance",
        Severity.ERROR,
        N_("A replacement swap removes exactly as many cards as it adds."),
        check_swap_balance,
    ),
    Rule(
        "deck/swap-deal",
        Severity.ERROR,
        N_("A swap deals no more cards than its deck holds at that point."),
        check_swap_deals,
    ),
    Rule(
        "deck/swap-incomplete",
        Severity.WARNING,
        N_("A swap that counts cards still to be entered says so instead of being judged."),
        check_swap_incomplete,
    ),
    Rule(
        "deck/must-keep",
        Severity.ERROR,
        N_("Cards a deck must keep (Reshuffle) are in it, and only a setup card's swap takes them out."),
        check_must_keep,
    ),
)
