"""Decks as `pnp deck` prints them: counts against the box, and the decks swaps make."""

from __future__ import annotations

from collections.abc import Sequence

from pnp.compose import Result, short_decks
from pnp.model import LoadedDeck, PackData, Swap


def _title(localized: dict[str, str], language: str, fallback: str) -> str:
    return localized.get(language) or localized.get(fallback) or "?"


def format_decks(data: PackData, language: str) -> str:
    source = data.pack.source_language
    rows = [("deck", "name", "cards", "box", "")]
    for loaded in data.decks:
        deck = loaded.deck
        expected = "" if deck.expected_count is None else str(deck.expected_count)
        state = ""
        if deck.origin:
            state = f"from {deck.origin}"
        elif deck.expected_count is not None:
            state = _progress(loaded.total, deck.expected_count)
        rows.append((deck.id, _title(deck.name, language, source), str(loaded.total), expected, state))
    total = sum(d.total for d in data.decks if not d.deck.origin)
    expected_total = sum(d.deck.expected_count or 0 for d in data.decks if not d.deck.origin)
    rows.append(("total", "", str(total), str(expected_total), ""))
    if not data.pack.swap:
        return _table(rows, right={2, 3})
    swaps = [("swap", "deck", "applies with", "name")]
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
    total = f"{loaded.total} cards in {len(loaded.cards)} designs"
    if deck.expected_count is not None:
        total += f"; box contents: {deck.expected_count} ({_progress(loaded.total, deck.expected_count)})"
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
    lines = [f"{title(composed.deck.name)} ({deck_id})", f"with: {applied or 'no swap changes this deck'}"]
    rows = [("n", "change", "id", "title", "type", "cost")]
    for row in composed.rows:
        if row.copies or row.box:
            change = f"{row.change:+d}" if row.change else ""
            cost = "" if row.card.cost is None else str(row.card.cost)
            rows.append((str(row.copies), change, row.card.id, title(row.card.title), row.card.type, cost))
    lines.append(_table(rows, right={0, 1, 5}))
    random = [s.id for s in composed.swaps if s.remove_random and s.deck == deck_id]
    if composed.random:
        lines.append(f"taken out at random: {composed.random} cards ({', '.join(random)})")
    for pending in composed.pending:
        card = pending.card
        lines.append(
            f"to add during play: {pending.copies} × {card.id} ({title(card.title)}) per "
            f"{title(pending.quantity.name)}; give --quantity {pending.quantity.id}=N"
        )
    for swap in composed.swaps:
        for short in short_decks(data, swap):
            role = "takes cards out of" if short.deck.id == swap.deck else "adds"
            missing = (short.deck.expected_count or 0) - short.total
            lines.append(
                f"still to enter: {missing} of the {short.deck.expected_count} cards of deck "
                f'"{short.deck.id}", which swap {swap.id} {role}'
            )
    for miss in result.shortfalls:
        if miss.deck == deck_id:
            what = f'{miss.wanted} of "{miss.card.id}"' if miss.card else f"{miss.wanted} cards at random"
            lines.append(f"cannot: {miss.swap.id} takes out {what}, and the deck holds {miss.found}")
    total = f"{composed.held} cards in {composed.designs} designs"
    if composed.random:
        total = f"{composed.total} cards ({total}, less {composed.random} at random)"
    lines.append(f"{total}; as in the box: {loaded.total} cards in {len(loaded.cards)} designs")
    return "\n".join(lines)


def _progress(found: int, expected: int) -> str:
    if found == expected:
        return "complete"
    return f"{expected - found} still to enter" if found < expected else f"{found - expected} too many"


def _table(rows: Sequence[tuple[str, ...]], right: set[int]) -> str:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    out = []
    for row in rows:
        cells = [
            cell.rjust(w) if i in right else cell.ljust(w) for i, (cell, w) in enumerate(zip(row, widths, strict=True))
        ]
        out.append("  ".join(cells).rstrip())
    return "\n".join(out)
