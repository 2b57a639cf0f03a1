"""Decks as `pnp deck` prints them: counts against the box, and the decks swaps make."""

from __future__ import annotations

from collections.abc import Sequence

from pnp.check.completeness import CardState, DeckState, deck_states
from pnp.check.provenance import provenance
from pnp.compose import Result, compose, short_decks
from pnp.model import Fact, LoadedDeck, PackData, Swap, Variant


def _title(localized: dict[str, str], language: str, fallback: str) -> str:
    return localized.get(language) or localized.get(fallback) or "?"


def format_decks(data: PackData, language: str) -> str:
    """Each deck on the completeness ladder: entered, written, translated, reviewed, against the box."""
    source = data.pack.source_language
    rows: list[tuple[str, ...]] = [
        ("deck", "name", "entered", "written", f"translated ({language})", "reviewed", "box", "")
    ]
    printed: list[DeckState] = []
    for state in deck_states(data, language):
        deck = state.deck.deck
        expected = "" if deck.expected_count is None else str(deck.expected_count)
        if deck.origin:
            status = f"from {deck.origin}"
        else:
            printed.append(state)
            status = _deck_status(state)
        rows.append(
            (
                deck.id,
                _title(deck.name, language, source),
                *_ladder(state),
                expected,
                status,
            )
        )
    totals = [sum(getattr(s, rung) for s in printed) for rung in ("entered", "written", "translated", "reviewed")]
    counted = [line for line in data.pack.manifest if line.decks]
    expected_total = (
        sum(line.count for line in counted) if counted else sum(s.deck.deck.expected_count or 0 for s in printed)
    )
    rows.append(("total", "", *(str(n) for n in totals), str(expected_total), ""))
    placeholders = sum(s.placeholders for s in printed)
    out = _table(rows, right={2, 3, 4, 5, 6})
    out += (
        "\nentered: cards with a title, placeholders left out; written: with the text their layout prints; "
        "translated, reviewed: by status"
    )
    out += "".join(f"\n{line}" for line in _shared_lines(data, language))
    if placeholders:
        out += (
            f"\nplaceholders: {plural_cards(placeholders)}, standing in for cards still to enter (counted as missing)"
        )
    if data.pack.swap:
        swaps = [("swap", "deck", "applies with", "name")]
        for swap in data.pack.swap:
            swaps.append((swap.id, swap.deck, _condition_options(swap, data), _title(swap.name, language, source)))
        out += "\n\n" + _table(swaps, right=set())
    if data.pack.variant:
        variants = [("variant", "players", "name")]
        for variant in data.pack.variant:
            players = ", ".join(str(n) for n in variant.players) or "any"
            variants.append((variant.id, players, _title(variant.name, language, source)))
        out += "\n\n" + _table(variants, right=set())
    return out


def _shared_lines(data: PackData, language: str) -> list[str]:
    """Box lines that count several decks none of which has its own expected count: only their sum is known."""
    lines = []
    for line in data.pack.manifest:
        decks = [d for d in data.decks if d.deck.id in line.decks]
        if len(decks) < 2 or any(d.deck.expected_count is not None for d in decks):
            continue
        entered = sum(d.entered for d in decks)
        name = _title(line.name, language, data.pack.source_language)
        lines.append(
            f'box contents "{name}": {line.count} cards over {", ".join(line.decks)}; {_progress(entered, line.count)}'
        )
    return lines


def plural_cards(n: int) -> str:
    return f"{n} card" + ("" if n == 1 else "s")


def _ladder(state: DeckState) -> tuple[str, str, str, str]:
    return (str(state.entered), str(state.written), str(state.translated), str(state.reviewed))


def _deck_status(state: DeckState) -> str:
    """ "complete" only when the box count is reached and every card has its text."""
    deck = state.deck.deck
    parts = []
    if deck.expected_count is not None and state.entered != deck.expected_count:
        parts.append(_progress(state.entered, deck.expected_count))
    lacking = state.deck.total - state.written - state.placeholders
    if lacking:
        parts.append(f"{lacking} without text")
    if state.placeholders:
        parts.append(f"{state.placeholders} placeholder{'' if state.placeholders == 1 else 's'}")
    if not parts and state.entered:
        return "complete" if deck.expected_count is not None or state.written == state.deck.total else ""
    return "; ".join(parts)


def format_facts(facts: list[Fact], language: str, source: str) -> list[str]:
    lines = []
    for fact in facts:
        line = f"- {_title(fact.text, language, source)}"
        if fact.source:
            line += f" [{fact.source}]"
        if fact.verify:
            line += f" (to verify: {fact.verify})"
        lines.append(line)
    return lines


def _condition_options(swap: Swap, data: PackData | None = None) -> str:
    """The `pnp deck` options that apply a swap."""
    condition = swap.condition
    options = []
    if condition is not None:
        variant = next((v for v in data.pack.variant if v.id == condition.variant), None) if data else None
        if variant is not None and variant.players:
            options += [f"--variant {condition.variant} (or --players {'|'.join(str(n) for n in variant.players)})"]
        elif condition.variant:
            options += [f"--variant {condition.variant}"]
        options += [f"--players {'|'.join(str(n) for n in condition.players)}"] if condition.players else []
        options += [f"--setup {condition.setup}"] if condition.setup else []
    return " ".join(options) or f"--swap {swap.id}"


def format_deck(data: PackData, loaded: LoadedDeck, language: str) -> str:
    source = data.pack.source_language
    deck = loaded.deck
    state = next(s for s in deck_states(data, language) if s.deck.deck.id == deck.id)
    rows = [("n", "id", "title", "type", "cost", "state")]
    for card_state in state.cards:
        card = card_state.card
        cost = "" if card.cost is None else str(card.cost)
        rows.append(
            (
                str(card.count),
                card.id,
                _title(card.title, language, source),
                card.type,
                cost,
                _card_status(card_state, language),
            )
        )
    lines = [f"{_title(deck.name, language, source)} ({deck.id})", _table(rows, right={0, 4})]
    total = f"{loaded.total} cards in {len(loaded.cards)} designs"
    total += (
        f"; entered {state.entered}, written {state.written}, translated {state.translated}, reviewed {state.reviewed}"
    )
    if deck.expected_count is not None:
        status = _deck_status(state) or _progress(state.entered, deck.expected_count)
        total += f"; box contents: {deck.expected_count} ({status})"
    lines.append(total)
    if deck.facts:
        lines += ["", "What the sources say:", *format_facts(deck.facts, language, source)]
    return "\n".join(lines)


def _card_status(state: CardState, language: str) -> str:
    if state.card.placeholder:
        return "placeholder"
    if not state.written:
        return f"no {' and no '.join(state.missing)}"
    status = "reviewed" if state.reviewed else "translated" if state.translated else "written"
    return status + (", to verify" if state.card.verify else "")


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
            missing = (short.deck.expected_count or 0) - short.entered
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


def format_steps(
    data: PackData, chosen: Sequence[Swap], values: dict[str, int], deck_id: str, language: str
) -> str | None:
    """A deck that swaps change at different moments of the game, shown after each moment in turn
    ("what is dealt at set-up, what is added at the sleeper phase"); None when there is one moment."""
    source = data.pack.source_language
    touching = [s for s in chosen if deck_id in (s.deck, s.into, *s.add_decks)]
    steps: list[str] = []
    for swap in touching:
        step = _title(swap.step, language, source) if swap.step else ""
        if step not in steps:
            steps.append(step)
    if len(steps) < 2:
        return None
    parts = []
    for n, step in enumerate(steps, 1):
        done = steps[:n]
        applied = [
            s for s in chosen if s not in touching or (_title(s.step, language, source) if s.step else "") in done
        ]
        heading = f"step {n} of {len(steps)}: {step or 'as the box holds it'}"
        parts.append(heading + "\n" + format_composition(data, compose(data, applied, values), deck_id, language))
    return "\n\n".join(parts)


def format_variant(variant: Variant, language: str, source: str) -> str:
    players = ", ".join(str(n) for n in variant.players)
    heading = f"Variant {variant.id}: {_title(variant.name, language, source)}"
    if players:
        heading += f" ({players} player{'' if players == '1' else 's'})"
    lines = [heading]
    if variant.source:
        lines.append(f"source: {variant.source}")
    lines += format_facts(variant.facts, language, source)
    for component in variant.components:
        token = f" (token {component.token})" if component.token else ""
        lines.append(f"{component.change:+d} {_title(component.name, language, source)}{token}")
    return "\n".join(lines)


def format_sources(data: PackData) -> str:
    """Every cited source, with what cites it; then what cites none."""
    by_source: dict[str, list[str]] = {}
    for cited in provenance(data):
        subjects = by_source.setdefault(cited.source, [])
        if f"{cited.kind} {cited.subject}" not in subjects:
            subjects.append(f"{cited.kind} {cited.subject}")
    lines = []
    for source, subjects in by_source.items():
        lines.append(source)
        lines.append("    " + ", ".join(subjects))
    unsourced = [card.id for deck in data.decks for card in deck.cards if not card.source and not card.placeholder]
    if unsourced:
        lines.append(
            f"cards with no source: {len(unsourced)} ({', '.join(unsourced[:8])}{', …' if len(unsourced) > 8 else ''})"
        )
    return "\n".join(lines) if lines else "No facts of this pack cite a source."
