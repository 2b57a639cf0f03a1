"""Deck composition: the decks that result when swaps apply.

A pure function of the loaded pack: which swaps a player count, variant or
setup card selects, and what each deck then holds.  `pnp deck` prints the
result; the deck rules of `pnp check` apply each swap on its own and judge
what it did.

Whatever the order of the swaps, every named removal comes first, then the
cards taken out at random, then every addition, then the cards dealt
out (`deal`, which later steps count the deck without): a rulebook's "remove the
CAG cards, optionally 21 at random, then add the Cylon Attack cards" holds
even when the optional part is a swap of its own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from pnp.model import Card, Deck, LoadedDeck, PackData
from pnp.model.swaps import Condition, Quantity, Swap


@dataclass(frozen=True)
class Selection:
    """What a composition is asked for: swaps by id, or the conditions they match."""

    swaps: tuple[str, ...] = ()
    players: int | None = None
    variants: tuple[str, ...] = ()
    setups: tuple[str, ...] = ()

    @property
    def empty(self) -> bool:
        return not (self.swaps or self.players is not None or self.variants or self.setups)


def matches(condition: Condition | None, selection: Selection) -> bool:
    """A condition matches when every key it sets is met; without one, a swap applies only by id."""
    if condition is None or (condition.variant is None and not condition.players and condition.setup is None):
        return False
    if condition.variant is not None and condition.variant not in selection.variants:
        return False
    if condition.players and selection.players not in condition.players:
        return False
    return condition.setup is None or condition.setup in selection.setups


def with_variants_for_players(data: PackData, selection: Selection) -> Selection:
    """A player count selects the variants made for it ("Partida para Un Jugador" with --players 1)."""
    if selection.players is None:
        return selection
    extra = tuple(v.id for v in data.pack.variant if selection.players in v.players and v.id not in selection.variants)
    return replace(selection, variants=selection.variants + extra)


def selected_swaps(data: PackData, selection: Selection) -> tuple[Swap, ...]:
    """Swaps named by id, and those whose condition matches, in pack.toml order."""
    return tuple(s for s in data.pack.swap if s.id in selection.swaps or matches(s.condition, selection))


@dataclass(frozen=True)
class Move:
    """Copies of one card a swap moved: out of `source`, into `target` (None: the box)."""

    swap: Swap
    field: str  # the swap's field that moved them: remove[0], remove_types[0], add[1], add_decks[0]
    card: Card
    copies: int
    source: str | None
    target: str | None


@dataclass(frozen=True)
class Shortfall:
    """A removal a swap could not make in full: the deck holds fewer copies than it names."""

    swap: Swap
    field: str
    deck: str
    wanted: int
    found: int
    card: Card | None = None  # None for cards taken out at random
    placeholders: int = 0  # of the `found` copies, those that only stand in for cards not entered yet
    pending: int = 0  # of the `found` copies, those still to add per a quantity, counted at its max


@dataclass(frozen=True)
class Pending:
    """Copies a swap line counts per a quantity whose value was not given."""

    swap: Swap
    card: Card
    copies: int
    quantity: Quantity


@dataclass(frozen=True)
class Row:
    card: Card
    copies: int
    box: int  # copies in the deck as the box holds it

    @property
    def change(self) -> int:
        return self.copies - self.box


@dataclass(frozen=True)
class Composition:
    """One deck after the swaps."""

    deck: Deck
    rows: tuple[Row, ...]
    swaps: tuple[Swap, ...]  # the applied swaps that name this deck: as `deck`, `into` or in `add_decks`
    random: int  # cards taken out at random (which ones is left to chance)
    pending: tuple[Pending, ...]
    dealt: int = 0  # cards dealt from it (to players, at set-up): no longer in the deck, which ones unknown

    @property
    def held(self) -> int:
        """Copies of the cards listed, before any taken out at random."""
        return sum(r.copies for r in self.rows)

    @property
    def total(self) -> int:
        return max(0, self.held - self.random - self.dealt)

    @property
    def designs(self) -> int:
        return sum(1 for r in self.rows if r.copies > 0)


@dataclass(frozen=True)
class Result:
    decks: dict[str, Composition]
    moves: tuple[Move, ...]
    shortfalls: tuple[Shortfall, ...]
    overdeals: tuple[Shortfall, ...] = ()  # a `deal` larger than what its deck holds at that point


@dataclass
class _State:
    cards: dict[str, Card]
    held: dict[str, dict[str, int]]  # deck id -> card id -> copies, in order
    moves: list[Move] = field(default_factory=list)
    shortfalls: list[Shortfall] = field(default_factory=list)
    random: dict[str, int] = field(default_factory=dict)
    pending: dict[str, list[Pending]] = field(default_factory=dict)
    dealt: dict[str, int] = field(default_factory=dict)
    overdeals: list[Shortfall] = field(default_factory=list)

    def take(self, swap: Swap, name: str, deck: str, card_id: str, copies: int, target: str | None) -> None:
        have = self.held[deck].get(card_id, 0)
        if have < copies:
            self.shortfalls.append(Shortfall(swap, name, deck, copies, have, self.cards[card_id]))
        taken = min(have, copies)
        if taken:
            self.held[deck][card_id] = have - taken
            self.moves.append(Move(swap, name, self.cards[card_id], taken, deck, target))

    def put(self, swap: Swap, name: str, deck: str, card_id: str, copies: int, source: str | None) -> None:
        self.held[deck][card_id] = self.held[deck].get(card_id, 0) + copies
        self.moves.append(Move(swap, name, self.cards[card_id], copies, source, deck))

    def arrive(self, move: Move) -> None:
        """Cards a removal sent `into` another deck reach it (the move is already logged)."""
        assert move.target is not None
        self.held[move.target][move.card.id] = self.held[move.target].get(move.card.id, 0) + move.copies


def compose(data: PackData, swaps: Sequence[Swap], quantities: Mapping[str, int] | None = None) -> Result:
    """Apply `swaps` to the decks as the box holds them; `quantities` gives values for lines with `per`."""
    quantities = quantities or {}
    state = _State(
        cards=data.cards(),
        held={d.deck.id: {c.id: c.count for c in d.cards} for d in data.decks},
    )
    for swap in swaps:  # named removals
        for n, line in enumerate(swap.remove):
            state.take(swap, f"remove[{n}]", swap.deck, line.card, line.copies, swap.into)
        for n, type_id in enumerate(swap.remove_types):
            for card_id, copies in list(state.held[swap.deck].items()):
                if copies and state.cards[card_id].type == type_id:
                    state.take(swap, f"remove_types[{n}]", swap.deck, card_id, copies, swap.into)
    sent = [move for move in state.moves if move.target is not None]
    for swap in swaps:  # at random
        if swap.remove_random:
            left = sum(state.held[swap.deck].values()) - state.random.get(swap.deck, 0)
            if left < swap.remove_random:
                stand_ins = sum(n for c, n in state.held[swap.deck].items() if state.cards[c].placeholder)
                state.shortfalls.append(
                    Shortfall(swap, "remove_random", swap.deck, swap.remove_random, max(0, left), None, stand_ins)
                )
            state.random[swap.deck] = state.random.get(swap.deck, 0) + swap.remove_random
    for swap in swaps:  # additions
        for n, line in enumerate(swap.add):
            if line.per is None:
                state.put(swap, f"add[{n}]", swap.deck, line.card, line.copies, None)
                continue
            quantity = next(q for q in data.pack.quantity if q.id == line.per)
            if line.per in quantities:
                if quantities[line.per]:
                    state.put(swap, f"add[{n}]", swap.deck, line.card, line.copies * quantities[line.per], None)
            else:
                pending = Pending(swap, state.cards[line.card], line.copies, quantity)
                state.pending.setdefault(swap.deck, []).append(pending)
        for n, deck_id in enumerate(swap.add_decks):
            for card_id, copies in list(state.held[deck_id].items()):
                if copies:
                    state.held[deck_id][card_id] = 0
                    state.put(swap, f"add_decks[{n}]", swap.deck, card_id, copies, deck_id)
        for move in sent:
            if move.swap is swap:
                state.arrive(move)
    for swap in swaps:  # dealt out, once the step's cards are in (a rule deals from the deck as built)
        if swap.deal:
            _deal(state, swap)
    return _result(data, swaps, state)


def _deal(state: _State, swap: Swap) -> None:
    """Deal from a deck, noting a deal larger than what is left in it.  Copies still to add per a
    quantity count at that quantity's max; with no max the deal cannot be judged."""
    # a deal too big for its deck has already emptied it: a later one starts from none, not fewer
    left = max(0, sum(state.held[swap.deck].values()) - state.random.get(swap.deck, 0) - state.dealt.get(swap.deck, 0))
    bound: int | None = 0
    for pending in state.pending.get(swap.deck, []):
        bound = None if bound is None or pending.quantity.max is None else bound + pending.copies * pending.quantity.max
    if bound is not None and left + bound < swap.deal:
        stand_ins = sum(n for c, n in state.held[swap.deck].items() if state.cards[c].placeholder)
        state.overdeals.append(Shortfall(swap, "deal", swap.deck, swap.deal, left + bound, None, stand_ins, bound))
    state.dealt[swap.deck] = state.dealt.get(swap.deck, 0) + min(swap.deal, left + (bound or 0))


def _result(data: PackData, swaps: Sequence[Swap], state: _State) -> Result:
    decks = {}
    for loaded in data.decks:
        deck_id = loaded.deck.id
        box = {c.id: c.count for c in loaded.cards}
        rows = tuple(Row(state.cards[c], n, box.get(c, 0)) for c, n in state.held[deck_id].items())
        decks[deck_id] = Composition(
            deck=loaded.deck,
            rows=rows,
            swaps=tuple(s for s in swaps if deck_id in (s.deck, s.into, *s.add_decks)),
            random=state.random.get(deck_id, 0),
            pending=tuple(state.pending.get(deck_id, [])),
            dealt=state.dealt.get(deck_id, 0),
        )
    return Result(
        decks=decks, moves=tuple(state.moves), shortfalls=tuple(state.shortfalls), overdeals=tuple(state.overdeals)
    )


def short_decks(data: PackData, swap: Swap) -> tuple[LoadedDeck, ...]:
    """Decks whose cards a swap counts, and that are short of their expected_count: until
    their cards are entered, the swap's result cannot be judged."""
    counted = list(swap.add_decks)
    if swap.remove_types or swap.remove_random:
        counted.insert(0, swap.deck)
    found = (data.deck(deck_id) for deck_id in counted)
    return tuple(d for d in found if d is not None and _is_short(d))


def _is_short(loaded: LoadedDeck) -> bool:
    return loaded.deck.expected_count is not None and loaded.entered < loaded.deck.expected_count


def is_complete(loaded: LoadedDeck) -> bool:
    """True when the deck's count is known and reached: only then is a shortage surely an error."""
    return loaded.deck.expected_count is not None and loaded.entered >= loaded.deck.expected_count
