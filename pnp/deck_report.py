"""Decks as `pnp deck` prints them: counts against the box, and the decks swaps make."""

from __future__ import annotations

from collections.abc import Sequence

from pnp.compose import Result, short_decks
from pnp.i18n import _, ngettext
from pnp.model import LoadedDeck, PackData, Swap


def _title(localized: dict[str, str], language: str, fallback: str) -> str:
    return localized.get(language) or localized.get(fallback) or "?"


def format_decks(data: PackData, language: str) -> str:
    source = data.pack.source_language
    rows = [(_("deck"), _("name"), _("cards"), _("box"), "")]
    for loaded in data.decks:
        deck = loaded.deck
        expected = "" if deck.expected_count is None else str(deck.expected_count)
        state = ""
        if deck.origin:
            state = _("from {origin}").format(origin=deck.origin)
        elif deck.expected_count is not None:
            state = _progress(loaded.total, deck.expected_count)
        rows.append((deck.id, _title(deck.name, language, source), str(loaded.total), expected, state))
    total = sum(d.total for d in data.decks if not d.deck.origin)
    expected_total = sum(d.deck.expected_count or 0 for d in data.decks if not d.deck.origin)
    rows.append((_("total"), "", str(total), str(expected_total), ""))
    if not data.pack.swap:
        return _table(rows, right={2, 3})
    swaps = [(_("swap"), _("deck"), _("applies with"), _("name"))]
    for swap in data.pack.swap:
        swaps.append((swap.id, swap.deck, _condition_options(swap), _title(swap.name, language, source)))
    return _table(rows, right={2, 3}) + "\n\n" + _table(swaps, right=set())


def _condition_options(swap: Swap) -> str:
    """The `pnp deck` options that apply a swap."""
    condition = swap.condition
    options = []
    if condition is not None:
        options += [f"--variant {condition.variant}"] if condition.variant else []
        options += [f"--players {'|'.join(str(n) for n in condition.players)}"] if condition.players else []
        options += [f"--setup {condition.setup}"] if condition.setup else []
    return " ".join(options) or f"--swap {swap.id}"


def format_deck(data: PackData, loaded: LoadedDeck, language: str) -> str:
    source = data.pack.source_language
    deck = loaded.deck
    rows = [("n", "id", "title", "type", "cost")]
    for card in loaded.cards:
        cost = "" if card.cost is None else str(card.cost)
        rows.append((str(card.count), card.id, _title(card.title, language, source), card.type, cost))
    lines = [f"{_title(deck.name, language, source)} ({deck.id})", _table(rows, right={0, 4})]
    total = _("{total} cards in {n_cards} designs").format(total=loaded.total, n_cards=len(loaded.cards))
    if deck.expected_count is not None:
        total += _("; box contents: {expected_count} ({total})").format(
            expected_count=deck.expected_count, total=_progress(loaded.total, deck.expected_count)
        )
    lines.append(total)
    return "\n".join(lines)


def format_composition(data: PackData, result: Result, deck_id: str, language: str) -> str:
    source = data.pack.source_language
    composed = result.decks[deck_id]
    loaded = data.deck(deck_id)
    assert loaded is not None

    def title(localized: dict[str, str]) -> str:
        return _title(localized, language, source)

    applied = ", ".join(f"{s.id} ({title(s.name)})" if s.name else s.id for s in composed.swaps)
    applied = applied or _("no swap changes this deck")
    lines = [f"{title(composed.deck.name)} ({deck_id})", _("with: {swaps}").format(swaps=applied)]
    rows = [("n", _("change"), "id", _("title"), _("type"), _("cost"))]
    for row in composed.rows:
        if row.copies or row.box:
            change = f"{row.change:+d}" if row.change else ""
            cost = "" if row.card.cost is None else str(row.card.cost)
            rows.append((str(row.copies), change, row.card.id, title(row.card.title), row.card.type, cost))
    lines.append(_table(rows, right={0, 1, 5}))
    random = [s.id for s in composed.swaps if s.remove_random and s.deck == deck_id]
    if composed.random:
        lines.append(
            _("taken out at random: {random} cards ({random2})").format(
                random=composed.random, random2=", ".join(random)
            )
        )
    for pending in composed.pending:
        card = pending.card
        lines.append(
            _("to add during play: {copies} × {id} ({title}) per {name}; give --quantity {id2}=N").format(
                copies=pending.copies,
                id=card.id,
                title=title(card.title),
                name=title(pending.quantity.name),
                id2=pending.quantity.id,
            )
        )
    for swap in composed.swaps:
        for short in short_decks(data, swap):
            role = _("takes cards out of") if short.deck.id == swap.deck else _("adds")
            missing = (short.deck.expected_count or 0) - short.total
            lines.append(
                _(
                    'still to enter: {missing} of the {expected_count} cards of deck "{id}", which swap {id2} {role}'
                ).format(
                    missing=missing, expected_count=short.deck.expected_count, id=short.deck.id, id2=swap.id, role=role
                )
            )
    for miss in result.shortfalls:
        if miss.deck == deck_id:
            what = (
                f'{miss.wanted} of "{miss.card.id}"'
                if miss.card
                else _("{wanted} cards at random").format(wanted=miss.wanted)
            )
            lines.append(
                _("cannot: {id} takes out {what}, and the deck holds {found}").format(
                    id=miss.swap.id, what=what, found=miss.found
                )
            )
    total = _("{held} cards in {designs} designs").format(held=composed.held, designs=composed.designs)
    if composed.random:
        total = _("{total} cards ({total2}, less {random} at random)").format(
            total=composed.total, total2=total, random=composed.random
        )
    lines.append(
        _("{total}; as in the box: {total2} cards in {n_cards} designs").format(
            total=total, total2=loaded.total, n_cards=len(loaded.cards)
        )
    )
    return "\n".join(lines)


def _progress(found: int, expected: int) -> str:
    if found == expected:
        return _("complete")
    if found < expected:
        return ngettext("{n} still to enter", "{n} still to enter", expected - found).format(n=expected - found)
    return ngettext("{n} too many", "{n} too many", found - expected).format(n=found - expected)


def _table(rows: Sequence[tuple[str, ...]], right: set[int]) -> str:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    out = []
    for row in rows:
        cells = [
            cell.rjust(w) if i in right else cell.ljust(w) for i, (cell, w) in enumerate(zip(row, widths, strict=True))
        ]
        out.append("  ".join(cells).rstrip())
    return "\n".join(out)
