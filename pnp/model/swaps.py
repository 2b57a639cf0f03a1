"""Deck swaps: the cards an expansion, a variant, a player count or a setup card takes out of a deck
and puts in ([[swap]]), and the numbers known only during play that they count by ([[quantity]])."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from pnp.model.record import Count, LocalizedText, Record, Slug


class SwapLine(Record):
    """One card and how many copies a swap moves."""

    card: Slug = Field(description="A card id of the pack.")
    copies: Count = Field(1, description="How many copies, 1 to 999.")
    per: Slug | None = Field(
        None,
        description="A [[quantity]] id: the copies are per unit of that number, known only during play (one card per resource in the red).",
    )


class Condition(Record):
    """When a swap applies: every key it sets must match what `pnp deck` is asked for."""

    variant: Slug | None = Field(None, description="The variant or expansion that prescribes the swap.")
    players: list[Annotated[int, Field(ge=1, le=99)]] = Field(
        default_factory=list, description="Player counts the swap applies to; empty means any."
    )
    setup: Slug | None = Field(
        None,
        description="The card id of the setup card that prescribes the swap; only such a swap may take out a deck's must_keep cards.",
    )


class Swap(Record):
    """Cards an expansion or variant removes from a deck and adds to it."""

    id: Slug = Field(description="Slug naming the swap.")
    deck: Slug = Field(description="The deck the swap changes.")
    name: LocalizedText = Field(default_factory=dict, description="What the swap is, per language.")
    remove: list[SwapLine] = Field(default_factory=list, description='Cards taken out: [{ card = "...", copies = 1 }].')
    add: list[SwapLine] = Field(default_factory=list, description='Cards put in: [{ card = "...", copies = 1 }].')
    remove_types: list[Slug] = Field(
        default_factory=list,
        description="Card types taken out: every card of these types in the deck, all its copies.",
    )
    remove_random: Annotated[int, Field(ge=0, le=999)] = Field(
        0, description="How many cards are taken out at random, after every named removal and before any addition."
    )
    deal: Annotated[int, Field(ge=0, le=999)] = Field(
        0,
        description="How many cards are dealt from the deck at this step, after its additions (3 to the secondary character): they leave the deck, and later steps count it without them.",
    )
    into: Slug | None = Field(
        None, description="A deck id: the cards taken out go into that deck instead of back into the box."
    )
    add_decks: list[Slug] = Field(
        default_factory=list,
        description="Whole decks put in, every card with its count (an expansion's replacement cards).",
    )
    replacement: bool = Field(
        True,
        description="True when the added cards replace the removed ones one for one; pnp check then compares the totals.",
    )
    condition: Condition | None = Field(
        None,
        description='When the swap applies: { variant = "...", players = [1, 2], setup = "..." }; without one, only when asked for by id.',
    )
    source: str | None = Field(None, description="Where the rule comes from (rulebook page, section).")
    step: LocalizedText = Field(
        default_factory=dict,
        description="When in the game the swap happens (set-up, the sleeper phase); a deck changed at two steps is shown step by step.",
    )


class Quantity(Record):
    """A number known only during play that swap lines count copies by (resources in the red)."""

    id: Slug = Field(description="Slug naming the quantity; swap lines name it in `per`.")
    name: LocalizedText = Field(description="What the number counts, per language.")
    max: Annotated[int, Field(ge=0, le=999)] | None = Field(None, description="The largest value it can take.")
    source: str | None = Field(None, description="Where the rule that counts by it is stated.")
