"""The typed, immutable model of a pack: what every later stage reads.

Field descriptions are the contributor docs: `docs/pack-format.md` documents
each of them, and a test keeps the two in step.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

Slug = Annotated[str, Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")]
IconName = Annotated[str, Field(pattern=r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")]  # {name} in text starts with a letter
Language = Annotated[str, Field(pattern=r"^[a-z]{2,3}(-[A-Z]{2})?$")]
LocalizedText = dict[str, str]
Count = Annotated[int, Field(ge=1, le=999)]
Status = Literal["draft", "translated", "reviewed"]


class Record(BaseModel):
    """Strict, frozen and closed: an unknown field or a string for a number is an error."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, allow_inf_nan=False)


# --- cards -----------------------------------------------------------------


class Face(Record):
    """The second face of a double-sided card (a quest's B side, a token's back)."""

    title: LocalizedText = Field(default_factory=dict, description="Title of this face, per language.")
    text: LocalizedText = Field(
        default_factory=dict, description="Rules text of this face, per language, in card markup."
    )
    flavour: LocalizedText = Field(default_factory=dict, description="Flavour text of this face, per language.")
    art: str | None = Field(None, description="Art for this face, a path inside the pack.")


class Card(Record):
    """One card design; `count` says how many copies the box holds."""

    id: Slug = Field(description="Lowercase slug, unique in the pack and the same in every language.")
    type: Slug = Field(description="A card type declared in pack.toml ([[card_type]]).")
    count: Count = Field(1, description="Copies of this card in the box, 1 to 999.")
    title: LocalizedText = Field(description="Card title, per language: title.en, title.es.")
    subtitle: LocalizedText = Field(
        default_factory=dict, description="Secondary title line (a crew's role, a quest stage name), per language."
    )
    text: LocalizedText = Field(default_factory=dict, description="Rules text, per language, in card markup.")
    flavour: LocalizedText = Field(default_factory=dict, description="Flavour text, per language.")
    cost: Annotated[int, Field(ge=0, le=1_000_000)] | None = Field(
        None, description="Price in the game's currency (Firefly: credits)."
    )
    legality: Literal["legal", "illegal"] | None = Field(
        None, description="Whether a job or challenge is legal or illegal."
    )
    skills: dict[str, Annotated[int, Field(ge=0, le=99)]] = Field(
        default_factory=dict,
        description="Skill values by skill id, like skills = { fight = 1, tech = 0, negotiate = 2 }.",
    )
    keywords: list[str] = Field(
        default_factory=list, description='Glossary keywords on the card, with their value: ["boarding 2", "surge"].'
    )
    stats: dict[str, int | str] = Field(
        default_factory=dict, description="Other printed values a game needs (threat, attack, quest points), by name."
    )
    art: str | None = Field(None, description="Front art, a path inside the pack (art/...).")
    back: Face | None = Field(
        None, description="The second face of a double-sided card; other cards use the deck's back."
    )
    status: dict[str, Status] = Field(
        default_factory=dict, description="Translation status per target language: draft, translated or reviewed."
    )
    verify: str | None = Field(
        None, description="A fact on this card that still needs checking against a physical copy; pnp check shows it."
    )
    notes: str | None = Field(
        None, description="Free notes for translators and reviewers: where the text came from, doubts."
    )
    placeholder: bool = Field(
        False,
        description="True when the card stands in for one not known yet: it counts as missing, prints with a "
        "'text missing' mark across its face, and `pnp build --no-placeholders` leaves it out.",
    )
    source: str | None = Field(
        None,
        description='Where the card\'s facts come from, a document by name and section: "Blue Sun rulebook (ES), Contenido".',
    )


# --- pack ------------------------------------------------------------------


class Fact(Record):
    """A fact a source text states that no other field holds (a contact's perks, a variant's set-up)."""

    text: LocalizedText = Field(description="The fact, per language, as a player would read it.")
    source: str | None = Field(None, description="Where it is stated: a document by name and section.")
    verify: str | None = Field(None, description="What still needs checking; pnp deck shows it beside the fact.")


class CardType(Record):
    """A kind of card; its id is also the layout file name in the template family."""

    id: Slug = Field(description="Slug used by cards' `type` and by the layout file templates/<family>/<id>.toml.")
    name: LocalizedText = Field(description="Type name per language, as printed on the card.")
    requires: list[str] = Field(
        default_factory=list, description='Card fields every card of this type must fill in (e.g. ["cost"]).'
    )


class DeckBack(Record):
    """What the back of every card in a deck shows."""

    label: LocalizedText = Field(default_factory=dict, description="Text printed on the back, per language.")
    image: str | None = Field(
        None, description="An image for the back, a path inside the pack; replaces the drawn back."
    )
    color: str | None = Field(None, pattern=r"^#[0-9a-fA-F]{6}$", description="Back colour as #rrggbb.")


class Deck(Record):
    """A deck as it is shuffled and played; its cards live in <file>."""

    id: Slug = Field(description="Slug; also the default file name <id>.toml.")
    name: LocalizedText = Field(description="Deck name per language.")
    file: str | None = Field(None, description="The deck's card file inside the pack; default <id>.toml.")
    card_size: str = Field(
        description='A size name (poker, bridge, mini-american, mini-euro, tarot, square) or "WIDTHmm x HEIGHTmm".'
    )
    size_source: str | None = Field(
        None, description="Where the card size comes from, when it is not confirmed by a primary source."
    )
    orientation: Literal["portrait", "landscape"] = Field(
        "portrait", description="Landscape decks print with the long side horizontal."
    )
    back: DeckBack = Field(default_factory=DeckBack, description="The deck's card back ([deck.back]).")
    expected_count: Annotated[int, Field(ge=0, le=99_999)] | None = Field(
        None, description="Cards the box manifest gives this deck, copies included; pnp check compares."
    )
    card_types: list[Slug] = Field(description="Card types this deck may hold.")
    origin: str | None = Field(
        None,
        description="Set when the deck belongs to another product (the base game) and is here only for swaps; it is then not printed.",
    )
    must_keep: list[Slug] = Field(
        default_factory=list,
        description="Cards that must stay in this deck (Reshuffle cards); only a swap a setup card prescribes may take one out.",
    )
    source: str | None = Field(
        None, description="Where the deck's count and make-up come from, by document and section."
    )
    facts: list[Fact] = Field(
        default_factory=list,
        description="What the sources say about this deck and its cards (a contact's perks, where a symbol sits); pnp deck prints them.",
    )


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


class ManifestLine(Record):
    """One line of the box contents ("25 Cartas Suministro")."""

    id: Slug = Field(description="Slug naming the line.")
    name: LocalizedText = Field(description="The line as the box or rulebook prints it, per language.")
    count: Annotated[int, Field(ge=0, le=99_999)] = Field(description="How many the box holds.")
    decks: list[Slug] = Field(
        default_factory=list,
        description="Decks whose cards this line counts, copies included; empty for components that are not cards (map, tokens, ships).",
    )
    source: str | None = Field(None, description="Where the box contents are listed, by document and section.")


class ComponentChange(Record):
    """A component a variant takes out of play or adds: plastic ships, a board, a marker."""

    name: LocalizedText = Field(description="The component, per language.")
    change: Annotated[int, Field(ge=-999, le=999)] = Field(
        description="How many the variant adds (positive) or takes out (negative)."
    )
    token: Slug | None = Field(None, description="The token of tokens.toml that stands for it, when there is one.")


class Variant(Record):
    """A way to play that the sources define: who plays, what changes at set-up."""

    id: Slug = Field(description="Slug naming the variant; swaps name it in `condition.variant`.")
    name: LocalizedText = Field(description="The variant's name, per language.")
    players: list[Annotated[int, Field(ge=1, le=99)]] = Field(
        default_factory=list, description="Player counts it is for; empty means any."
    )
    facts: list[Fact] = Field(
        default_factory=list, description="What changes besides the decks: resources, set-up steps ([[variant.facts]])."
    )
    components: list[ComponentChange] = Field(
        default_factory=list, description="Components it takes out or adds ([[variant.components]])."
    )
    source: str | None = Field(None, description="Where the variant is stated, by document and section.")


class Pack(Record):
    """pack.toml: the pack's identity, decks, swaps and box manifest."""

    id: Slug = Field(description="Slug naming the pack; also its output folder name.")
    name: LocalizedText = Field(description="Pack name per language.")
    game: str = Field(description="The game the pack belongs to.")
    source_language: Language = Field(description="The language of the original cards (en).")
    target_languages: list[Language] = Field(description='Languages the pack translates into (["es"]).')
    template_family: Slug = Field(description="The layouts under templates/<family>/ that draw this pack's cards.")
    source: str | None = Field(None, description="Where the pack's facts come from.")
    words: list[str] = Field(
        default_factory=list,
        description="Names and terms that are correct though no dictionary has them (Meridian, Reaver).",
    )
    icons: list[IconName] = Field(default_factory=list, description="Icon names card text may use as {name}.")
    addressed_as: Literal["tú", "usted"] | None = Field(
        None,
        description='How Spanish translations address the player: "tú" (with vosotros) or "usted" (with ustedes); '
        "unset, the one most texts use.",
    )
    number_format: Literal["point", "space", "original"] | None = Field(
        None,
        description='How Spanish translations group thousands: "point" (10.000), "space" (10 000, the RAE\'s), '
        '"original" (as the original writes them: not checked); unset, either grouping.',
    )
    icon_files: dict[IconName, str] = Field(
        default_factory=dict,
        description='The pack\'s own icon drawings: name -> an SVG or PNG file inside the pack ({ wave = "icons/wave.svg" }); these names need not be repeated in `icons`.',
    )
    card_type: list[CardType] = Field(description="The card types ([[card_type]]).")
    deck: list[Deck] = Field(description="The decks ([[deck]]).")
    swap: list[Swap] = Field(default_factory=list, description="Deck swaps ([[swap]]).")
    quantity: list[Quantity] = Field(
        default_factory=list, description="Numbers known only during play that swap lines count by ([[quantity]])."
    )
    manifest: list[ManifestLine] = Field(default_factory=list, description="The box contents ([[manifest]]).")
    variant: list[Variant] = Field(
        default_factory=list,
        description="Variants: pnp deck --variant and pnp build --variant apply them ([[variant]]).",
    )

    @property
    def printed_language(self) -> str:
        """The language a build prints, a check fits and the tools default to: the first target
        language, or the source language of a pack that translates into none."""
        return (self.target_languages or [self.source_language])[0]


class DeckFile(Record):
    """A deck file: nothing but its [[card]] tables."""

    card: list[Card] = Field(default_factory=list, description="The deck's cards ([[card]]).")


# --- glossary --------------------------------------------------------------


class Term(Record):
    """A term and its one canonical translation."""

    source: str = Field(description="The term in the source language.")
    target: str = Field(description="The canonical translation.")
    lang: Language | None = Field(None, description="The target language; default the pack's first.")
    forbidden: list[str] = Field(default_factory=list, description="Variants that must not appear in translations.")
    note: str | None = Field(None, description="Why this term, where the alternatives came from.")
    cite: str | None = Field(
        None,
        description="Where the term comes from, a document by name and section (`source` is the term's original word).",
    )
    gender: Literal["m", "f"] | None = Field(
        None, description="Grammatical gender of the target's noun: `glossary apply` makes el/la, -o/-a agree."
    )
    number: Literal["singular", "plural"] | None = Field(
        None, description="Grammatical number of the target as written (plural for a noun used only so)."
    )
    part_of_speech: Literal["noun", "verb"] | None = Field(
        None,
        description='The source term is the term only as this part of speech: "noun" for the Hold, not to hold.',
    )


class Keyword(Record):
    """A keyword and its syntax: "Boarding X" takes a number, "Surge" takes none."""

    id: Slug = Field(description="Slug used in cards' `keywords`.")
    source: str = Field(description="The keyword in the source language, without its value.")
    target: str = Field(description="The keyword in the target language, without its value.")
    lang: Language | None = Field(None, description="The target language; default the pack's first.")
    value: Literal["none", "number"] = Field(
        "none", description="Whether the keyword is followed by a number (Boarding X)."
    )
    note: str | None = Field(None, description="Rules reminder or reason for the wording.")
    cite: str | None = Field(None, description="Where the keyword is defined, a document by name and section.")


class Glossary(Record):
    """glossary.toml: the pack's terms and keywords."""

    term: list[Term] = Field(default_factory=list, description="Terms ([[term]]).")
    keyword: list[Keyword] = Field(default_factory=list, description="Keywords ([[keyword]]).")


# --- boards and tokens (board.toml, tokens.toml) ------------------------------

HexColor = Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$")]
RegionKind = Literal["sector", "region", "label"]
RegionFlag = Literal["reaver-space", "uroboros", "planetary"]
TokenShape = Literal["circle", "square", "hex", "rounded"]


class Rect(Record):
    """A rectangle on the board, lengths with units, measured from the board's top-left corner."""

    x: str = Field(description='Distance of the left edge from the board\'s left edge, like "12mm".')
    y: str = Field(description="Distance of the top edge from the board's top edge.")
    width: str = Field(description='Width, like "60mm".')
    height: str = Field(description='Height, like "12mm".')


class Region(Record):
    """A place on the board: a sector ships fly between, a larger region, or words printed on it."""

    id: Slug = Field(description="Lowercase slug, unique on the board; cards and tokens cite regions by it.")
    kind: RegionKind = Field(
        description="sector (a space ships move between), region (an area holding sectors, like Rim Space) or label (printed words pnp covers with a translated sticker)."
    )
    name: LocalizedText = Field(
        description="Name per language; for a label, the words printed on the board and their translation."
    )
    rect: Rect | None = Field(
        None, description="The shape as a rectangle: { x, y, width, height }. Give rect or polygon."
    )
    polygon: list[list[str]] | None = Field(
        None,
        description='The shape as corners in order, each [x, y] from the board\'s top-left corner: [["0mm", "0mm"], ["60mm", "0mm"], ["60mm", "40mm"]].',
    )
    rotation: float = Field(
        0.0, description="Degrees the shape is turned clockwise about the centre of its bounding box."
    )
    color: HexColor | None = Field(
        None,
        description="A region's border colour (its sectors are outlined in it), a sector's own, or a label's background.",
    )
    ink: HexColor | None = Field(
        None, description="Text colour of a label, on the map and on its sticker (default black)."
    )
    flags: list[RegionFlag] = Field(
        default_factory=list, description="What the rules say about a sector: reaver-space, uroboros, planetary."
    )
    within: Slug | None = Field(
        None, description="The region (kind region) a sector belongs to; the sector takes its colour."
    )
    adjacent: list[Slug] = Field(
        default_factory=list,
        description="Sectors a ship can fly to from this one; each must share an edge with it and list it back.",
    )
    notes: str | None = Field(None, description="Free notes: where the position was measured, doubts.")


class Board(Record):
    """board.toml: one board or map section, its physical size and its regions."""

    name: LocalizedText = Field(description="The board's name per language.")
    width: str = Field(description='Physical width with a unit, like "254mm" or "10in".')
    height: str = Field(description='Physical height with a unit, like "508mm" or "20in".')
    color: HexColor | None = Field(
        None, description="Background colour of the map pnp draws (default a light paper tone)."
    )
    source: str | None = Field(None, description="Where the positions and names come from.")
    verify: str | None = Field(None, description="What still needs measuring on a physical board; pnp check shows it.")
    place_stats: list[str] = Field(
        default_factory=list,
        description='Names of card `stats` whose value is a region id, like ["pickup", "dropoff"]; pnp check looks each one up.',
    )
    region: list[Region] = Field(default_factory=list, description="The regions ([[region]]).")


class TokenFace(Record):
    """One face of a token or standee."""

    label: LocalizedText = Field(default_factory=dict, description="Words printed on the face, per language.")
    icon: IconName | None = Field(None, description="An icon of pack.toml `icons`, drawn in the middle of the face.")
    art: str | None = Field(
        None, description="An image for the face, a path inside the pack; drawn instead of the icon."
    )
    color: HexColor = Field("#ffffff", description="Face colour.")
    ink: HexColor = Field("#000000", description="Colour of the words.")


class Token(Record):
    """A kind of token; `count` says how many the box holds."""

    id: Slug = Field(description="Lowercase slug, unique among the pack's tokens and standees.")
    name: LocalizedText = Field(description="What the token is, per language (shown in findings and summaries).")
    shape: TokenShape = Field(
        description="circle, square, hex (pointy top, flat sides left and right) or rounded (a square with rounded corners)."
    )
    size: str = Field(
        description="Width with a unit, like \"20mm\": a circle's diameter, a square's side, a hex from flat side to flat side."
    )
    count: Count = Field(1, description="How many the box holds, 1 to 999.")
    front: TokenFace = Field(description="The front face ([token.front]).")
    back: TokenFace | None = Field(None, description="The back face; a token without one is single-sided.")
    regions: list[Slug] = Field(
        default_factory=list,
        description="Board regions the token is placed on (a permanent alert's sectors); each must exist.",
    )
    manifest: Slug | None = Field(
        None, description="The [[manifest]] line of pack.toml that counts this token; pnp check compares the totals."
    )
    verify: str | None = Field(None, description="A fact still to check on a physical token; pnp check shows it.")
    notes: str | None = Field(None, description="Free notes for translators and reviewers.")


class Standee(Record):
    """A fold-over standee: front and back joined at the top fold, a base tab at each foot."""

    id: Slug = Field(description="Lowercase slug, unique among the pack's tokens and standees.")
    name: LocalizedText = Field(description="What the standee is, per language.")
    count: Count = Field(1, description="How many the box holds, 1 to 999.")
    width: str = Field(description='Width of the figure, like "30mm".')
    height: str = Field(description='Height of one face, from the base fold to the top fold, like "40mm".')
    base: str = Field("12mm", description="Depth of each base tab below a face.")
    front: TokenFace = Field(description="The front face ([standee.front]).")
    back: TokenFace | None = Field(None, description="The back face; without one the front is printed on both sides.")
    manifest: Slug | None = Field(
        None, description="The [[manifest]] line of pack.toml that counts this standee; pnp check compares the totals."
    )
    verify: str | None = Field(None, description="A fact still to check; pnp check shows it.")


class TokenFile(Record):
    """tokens.toml: the pack's tokens and standees."""

    verify: str | None = Field(
        None,
        description="A note about all the tokens (a split of the box count that is not public); pnp check shows it.",
    )
    token: list[Token] = Field(default_factory=list, description="Tokens ([[token]]).")
    standee: list[Standee] = Field(default_factory=list, description="Standees ([[standee]]).")


# --- the loaded whole --------------------------------------------------------


class LoadedDeck(BaseModel):
    """A deck with its cards, as the loader hands it on."""

    model_config = ConfigDict(frozen=True)

    deck: Deck
    file: Path
    cards: tuple[Card, ...]

    @property
    def total(self) -> int:
        return sum(card.count for card in self.cards)

    @property
    def entered(self) -> int:
        """Copies of real cards: a placeholder stands for a card still to enter."""
        return sum(card.count for card in self.cards if not card.placeholder)


class LoadedBoard(BaseModel):
    """board.toml as the loader hands it on: lengths already in points."""

    model_config = ConfigDict(frozen=True)

    board: Board
    file: Path
    width: float  # points
    height: float
    # region id -> corners in points, board coordinates (top-left origin, y down), rotation applied
    shapes: dict[str, tuple[tuple[float, float], ...]]
    # region id -> its bounding box before rotation (x, y, width, height), in points: what a sticker
    # covers; the rotation turns the region about this box's centre
    frames: dict[str, tuple[float, float, float, float]]
    lines: dict[str, int] = {}  # region id -> line of its [[region]] table

    def region(self, region_id: str) -> Region | None:
        return next((r for r in self.board.region if r.id == region_id), None)


class LoadedTokens(BaseModel):
    """tokens.toml as the loader hands it on: lengths already in points."""

    model_config = ConfigDict(frozen=True)

    tokens: TokenFile
    file: Path
    sizes: dict[str, tuple[float, float]]  # token id -> bounding box (width, height) in points
    standee_sizes: dict[str, tuple[float, float, float]]  # standee id -> (width, height, base) in points
    lines: dict[tuple[str, str], int] = {}  # ("token", id) or ("standee", id) -> line of its table


class PackData(BaseModel):
    """Everything one pack holds, loaded and cross-checked."""

    model_config = ConfigDict(frozen=True)

    root: Path
    pack: Pack
    decks: tuple[LoadedDeck, ...]
    glossary: Glossary
    # ("card", id), ("deck", id), ("swap", id), ("manifest", id), ("term", source) -> line of its table
    lines: dict[tuple[str, str], int] = {}
    board: LoadedBoard | None = None  # board.toml, when the pack has one
    tokens: LoadedTokens | None = None  # tokens.toml, when the pack has one

    def line(self, kind: str, record_id: str) -> int | None:
        return self.lines.get((kind, record_id))

    def deck(self, deck_id: str) -> LoadedDeck | None:
        return next((d for d in self.decks if d.deck.id == deck_id), None)

    def cards(self) -> dict[str, Card]:
        return {card.id: card for deck in self.decks for card in deck.cards}

    def deck_of(self, card_id: str) -> LoadedDeck | None:
        return next((d for d in self.decks if any(c.id == card_id for c in d.cards)), None)

    @property
    def languages(self) -> list[str]:
        return [self.pack.source_language, *self.pack.target_languages]
