"""Decks as `pnp deck` prints them: counts against the box, and the decks swaps make."""

from __future__ import annotations

from collections.abc import Sequence

from pnp.check.completeness import CardState, DeckState, counts, deck_states
from pnp.check.provenance import provenance
from pnp.compose import Result, compose, short_decks
from pnp.i18n import _, ngettext, pgettext
from pnp.model import Fact, LoadedDeck, PackData, Variant
from pnp.model.swaps import Swap
from pnp.report import field_name, plural


def _title(localized: dict[str, str], language: str, fallback: str) -> str:
    return localized.get(language) or localized.get(fallback) or "?"


def format_decks(data: PackData, language: str) -> str:
    """Each deck on the completeness ladder: entered, written, translated, reviewed, against the box."""
    source = data.pack.source_language
    rows: list[tuple[str, ...]] = [
        (
            _("deck"),
            _("name"),
            pgettext("count of cards", "entered"),
            pgettext("count of cards", "written"),
            pgettext("count of cards", "translated ({language})").format(language=language),
            pgettext("count of cards", "reviewed"),
            _("box"),
            "",
        )
    ]
    printed: list[DeckState] = []
    states = deck_states(data, language)
    for state in states:
        deck = state.deck.deck
        expected = "" if deck.expected_count is None else str(deck.expected_count)
        if deck.origin:
            status = _("from {origin}").format(origin=deck.origin)
        else:
            printed.append(state)
            status = _deck_status(data, state)
        rows.append(
            (
                deck.id,
                _title(deck.name, language, source),
                *_ladder(state),
                expected,
                status,
            )
        )
    total = counts(data, states)  # the figures every command and the workbench give
    box = str(total.box)
    if total.box is None:  # some deck's count is not in the box contents: the known part, and more
        known = sum(s.deck.deck.expected_count or 0 for s in printed)
        box = f"{known}+" if known else ""
    ladder = (total.entered, total.written, total.translated, total.reviewed)
    rows.append((_("total"), "", *(str(n) for n in ladder), box, _("complete") if total.complete else ""))
    placeholders = total.placeholders
    out = _table(rows, right={2, 3, 4, 5, 6})
    out += "\n" + _(
        "entered: cards with a title, placeholders left out; written: with the text their layout prints; "
        "translated, reviewed: by status"
    )
    out += "\n" + _("a whole build prints {printed}, {without} without text").format(
        printed=plural_cards(total.printed), without=total.without_text
    )
    if total.other_product:
        out += "\n" + _("decks of other products: {cards}, in no total").format(cards=plural_cards(total.other_product))
    out += "".join(f"\n{line}" for line in _shared_lines(data, language))
    if placeholders:
        out += "\n" + _("placeholders: {cards}, standing in for cards still to enter (counted as missing)").format(
            cards=plural_cards(placeholders)
        )
    if data.pack.swap:
        swaps = [(_("swap"), _("deck"), _("applies with"), _("name"))]
        for swap in data.pack.swap:
            swaps.append((swap.id, swap.deck, _condition_options(swap, data), _title(swap.name, language, source)))
        out += "\n\n" + _table(swaps, right=set())
    if data.pack.variant:
        variants = [(_("variant"), _("players"), _("name"))]
        for variant in data.pack.variant:
            players = ", ".join(str(n) for n in variant.players) or _("any")
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
            _('box contents "{name}": {count} over {decks}; {progress}').format(
                name=name,
                count=plural(line.count, "card"),
                decks=", ".join(line.decks),
                progress=_progress(entered, line.count),
            )
        )
    return lines


def plural_cards(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def _ladder(state: DeckState) -> tuple[str, str, str, str]:
    return (str(state.entered), str(state.written), str(state.translated), str(state.reviewed))


def _deck_status(data: PackData, state: DeckState) -> str:
    """ "complete" only when every card the box holds for the deck is entered and written: a deck
    the box counts only together with others (one box contents line) is never complete alone."""
    deck = state.deck.deck
    parts = []
    if deck.expected_count is not None and state.entered != deck.expected_count:
        parts.append(_progress(state.entered, deck.expected_count))
    lacking = state.deck.total - state.written - state.placeholders
    if lacking:
        parts.append(_("{n} without text").format(n=lacking))
    if state.placeholders:
        parts.append(ngettext("{n} placeholder", "{n} placeholders", state.placeholders).format(n=state.placeholders))
    if not parts and counts(data, [state]).complete:
        return _("complete")
    return "; ".join(parts)


def format_facts(facts: list[Fact], language: str, source: str) -> list[str]:
    lines = []
    for fact in facts:
        line = f"- {_title(fact.text, language, source)}"
        if fact.source:
            line += f" [{fact.source}]"
        if fact.verify:
            line += " " + _("(to verify: {what})").format(what=fact.verify)
        lines.append(line)
    return lines


def _condition_options(swap: Swap, data: PackData | None = None) -> str:
    """The `pnp deck` options that apply a swap."""
    condition = swap.condition
    options = []
    if condition is not None:
        variant = next((v for v in data.pack.variant if v.id == condition.variant), None) if data else None
        if variant is not None and variant.players:
            players = "|".join(str(n) for n in variant.players)
            options += [
                _("--variant {variant} (or --players {players})").format(variant=condition.variant, players=players)
            ]
        elif condition.variant:
            options += [f"--variant {condition.variant}"]
        options += [f"--players {'|'.join(str(n) for n in condition.players)}"] if condition.players else []
        options += [f"--setup {condition.setup}"] if condition.setup else []
    return " ".join(options) or f"--swap {swap.id}"


def format_deck(data: PackData, loaded: LoadedDeck, language: str) -> str:
    source = data.pack.source_language
    deck = loaded.deck
    state = next(s for s in deck_states(data, language) if s.deck.deck.id == deck.id)
    types = {t.id: _title(t.name, language, source) for t in data.pack.card_type}
    rows = [("n", "id", _("title"), _("type"), _("cost"), _("state"))]
    for card_state in state.cards:
        card = card_state.card
        cost = "" if card.cost is None else str(card.cost)
        rows.append(
            (
                str(card.count),
                card.id,
                _title(card.title, language, source),
                types.get(card.type, card.type),
                cost,
                _card_status(card_state, language),
            )
        )
    lines = [f"{_title(deck.name, language, source)} ({deck.id})", _table(rows, right={0, 4})]
    total = _("{cards} in {designs}").format(
        cards=plural(loaded.total, "card"), designs=plural(len(loaded.cards), "design")
    )
    total += _("; entered {entered}, written {written}, translated {translated}, reviewed {reviewed}").format(
        entered=state.entered, written=state.written, translated=state.translated, reviewed=state.reviewed
    )
    if deck.expected_count is not None:
        status = _deck_status(data, state) or _progress(state.entered, deck.expected_count)
        total += _("; box contents: {expected_count} ({status})").format(
            expected_count=deck.expected_count, status=status
        )
    lines.append(total)
    if deck.facts:
        lines += ["", _("What the sources say:"), *format_facts(deck.facts, language, source)]
    return "\n".join(lines)


def _card_status(state: CardState, language: str) -> str:
    if state.card.placeholder:
        return _("placeholder")
    if not state.written:
        return _("no {fields}").format(fields=_(" and no ").join(field_name(m) for m in state.missing))
    status = _("reviewed") if state.reviewed else _("translated") if state.translated else _("written")
    return status + (_(", to verify") if state.card.verify else "")


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
    types = {t.id: title(t.name) for t in data.pack.card_type}
    rows = [("n", _("change"), "id", _("title"), _("type"), _("cost"))]
    for row in composed.rows:
        if row.copies or row.box:
            change = f"{row.change:+d}" if row.change else ""
            cost = "" if row.card.cost is None else str(row.card.cost)
            kind = types.get(row.card.type, row.card.type)
            rows.append((str(row.copies), change, row.card.id, title(row.card.title), kind, cost))
    lines.append(_table(rows, right={0, 1, 5}))
    random = [s.id for s in composed.swaps if s.remove_random and s.deck == deck_id]
    if composed.random:
        lines.append(
            _("taken out at random: {random} ({random2})").format(
                random=plural(composed.random, "card"), random2=", ".join(random)
            )
        )
    dealing = [f"{plural(s.deal, 'card')} ({s.id})" for s in composed.swaps if s.deal and s.deck == deck_id]
    if dealing:
        lines.append(_("dealt from the deck: {dealt}").format(dealt=", ".join(dealing)))
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
            missing = (short.deck.expected_count or 0) - short.entered
            lines.append(
                _('still to enter: {missing} of the {expected_count} of deck "{id}", which swap {id2} {role}').format(
                    missing=missing,
                    expected_count=plural(short.deck.expected_count or 0, "card"),
                    id=short.deck.id,
                    id2=swap.id,
                    role=role,
                )
            )
    for miss in result.shortfalls:
        if miss.deck == deck_id:
            what = (
                _('{wanted} of "{card}"').format(wanted=miss.wanted, card=miss.card.id)
                if miss.card
                else ngettext("{n} card at random", "{n} cards at random", miss.wanted).format(n=miss.wanted)
            )
            found = str(miss.found)
            if miss.placeholders:  # stand-ins are not the deck: say how few real cards it holds so far
                found = ngettext(
                    "{found} so far, {n} of them a placeholder",
                    "{found} so far, {n} of them placeholders",
                    miss.placeholders,
                ).format(found=miss.found, n=miss.placeholders)
            lines.append(
                _("cannot: {id} takes out {what}, and the deck holds {found}").format(
                    id=miss.swap.id, what=what, found=found
                )
            )
    total = _("{cards} in {designs}").format(
        cards=plural(composed.held, "card"), designs=plural(composed.designs, "design")
    )
    stand_ins = sum(r.copies for r in composed.rows if r.card.placeholder)
    uncounted = any(m.deck == deck_id and m.card is None for m in result.shortfalls)
    if composed.random and uncounted:  # fewer entered than come out at random: no count to give yet
        if stand_ins:
            total = ngettext(
                "{total} ({n} of them a placeholder)", "{total} ({n} of them placeholders)", stand_ins
            ).format(total=total, n=stand_ins)
        total = _("{total2}, less {random} at random: not counted until the deck's cards are entered").format(
            total2=total, random=composed.random
        )
    elif composed.dealt:
        total = _("{total} left in the deck ({total2}, less {less})").format(
            total=plural(composed.total, "card"), total2=total, less=_less(composed.random, composed.dealt)
        )
        if composed.pending:  # the cards counted per a quantity join before the deal: they are what is left
            total += _(", besides those added during play")
    elif composed.random:
        total = _("{total} ({total2}, less {random} at random)").format(
            total=plural(composed.total, "card"), total2=total, random=composed.random
        )
    lines.append(
        _("{total}; as in the box: {box}").format(
            total=total,
            box=_("{cards} in {designs}").format(
                cards=plural(loaded.total, "card"), designs=plural(len(loaded.cards), "design")
            ),
        )
    )
    return "\n".join(lines)


def _less(random: int, dealt: int) -> str:
    """What leaves a deck before it is played: "3 dealt", "21 at random and 3 dealt"."""
    dealt_text = ngettext("{n} dealt", "{n} dealt", dealt).format(n=dealt)
    if not random:
        return dealt_text
    return _("{random} at random and {dealt}").format(random=random, dealt=dealt_text)


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
        heading = _("step {n} of {steps}: {step}").format(n=n, steps=len(steps), step=step or _("as the box holds it"))
        parts.append(heading + "\n" + format_composition(data, compose(data, applied, values), deck_id, language))
    return "\n\n".join(parts)


def format_variant(variant: Variant, language: str, source: str) -> str:
    players = ", ".join(str(n) for n in variant.players)
    heading = _("Variant {id}: {name}").format(id=variant.id, name=_title(variant.name, language, source))
    if players:
        # "(1 player)", "(2 players)", "(1, 2 players)": the count that decides is the largest
        heading += " " + ngettext("({players} player)", "({players} players)", max(variant.players)).format(
            players=players
        )
    lines = [heading]
    if variant.source:
        lines.append(_("source: {source}").format(source=variant.source))
    lines += format_facts(variant.facts, language, source)
    for component in variant.components:
        token = " " + _("(token {token})").format(token=component.token) if component.token else ""
        lines.append(f"{component.change:+d} {_title(component.name, language, source)}{token}")
    return "\n".join(lines)


def format_sources(data: PackData) -> str:
    """Every cited source, with what cites it; then what cites none."""
    by_source: dict[str, list[str]] = {}
    for cited in provenance(data):
        subjects = by_source.setdefault(cited.source, [])
        if f"{_(cited.kind)} {cited.subject}" not in subjects:
            subjects.append(f"{_(cited.kind)} {cited.subject}")
    lines = []
    for source, subjects in by_source.items():
        lines.append(source)
        lines.append("    " + ", ".join(subjects))
    unsourced = [card.id for deck in data.decks for card in deck.cards if not card.source and not card.placeholder]
    if unsourced:
        shown = ", ".join(unsourced[:8]) + (", …" if len(unsourced) > 8 else "")
        lines.append(_("cards with no source: {n} ({cards})").format(n=len(unsourced), cards=shown))
    return "\n".join(lines) if lines else _("No facts of this pack cite a source.")
