"""The typed, immutable model of a pack: what every later stage reads.

Field descriptions are the contributor docs: `docs/pack-format.md` documents
each of them, and a test keeps the two in step.  Here: the cards, card types,
decks and pack.toml, and the loaded whole (PackData).  Beside it: the text
regions of an original face (region_model.py), deck swaps (swap_model.py),
glossary.toml (glossary_model.py), board.toml and tokens.toml (board_model.py),
and what every record is made of (record.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator
from pydantic_core import PydanticCustomError

from pnp.i18n import _

# The records of board.toml and tokens.toml are in pnp/model/board.py, the basics every record is
# made of in pnp/model/record.py; pnp.model names those the stages read, so that it stays the whole model.
from pnp.model.aids import LoadedAid
from pnp.model.board import Board as Board
from pnp.model.board import LoadedBoard, LoadedTokens
from pnp.model.board import Rect as Rect
from pnp.model.board import Region as Region
from pnp.model.board import Route as Route
from pnp.model.board import Standee as Standee
from pnp.model.board import Token as Token
from pnp.model.board import TokenFace as TokenFace
from pnp.model.board import TokenFile as TokenFile
from pnp.model.glossary import Glossary
from pnp.model.record import Count, IconName, Language, LocalizedText, Record, Slug, Status
from pnp.model.regions import RegionNudge, TextRegion
from pnp.model.swaps import Quantity, Swap

# --- cards -----------------------------------------------------------------


class Face(Record):
    """The second face of a double-sided card (a quest's B side, a token's back)."""

    title: LocalizedText = Field(default_factory=dict, description="Title of this face, per language.")
    text: LocalizedText = Field(
        default_factory=dict, description="Rules text of this face, per language, in card markup."
    )
    flavour: LocalizedText = Field(default_factory=dict, description="Flavour text of this face, per language.")
    art: str | None = Field(None, description="Art for this face, a path inside the pack.")


class FaceComments(Record):
    """Notes on one face's texts, per field and language (comment.text.es = "..."): questions and answers
    between a translator and a reviewer, kept with the card; never printed."""

    title: dict[Language, str] = Field(default_factory=dict, description="A note on the title, per language.")
    subtitle: dict[Language, str] = Field(default_factory=dict, description="A note on the subtitle, per language.")
    text: dict[Language, str] = Field(default_factory=dict, description="A note on the rules text, per language.")
    flavour: dict[Language, str] = Field(default_factory=dict, description="A note on the flavour text, per language.")


class Comments(FaceComments):
    """A card's notes on its texts: comment.<field>.<lang>, and comment.back.<field>.<lang> for its B side."""

    back: FaceComments | None = Field(None, description="Notes on the second face's texts: comment.back.text.es.")


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
    scan: str | None = Field(
        None,
        description="Your own scan or photo of the card's original face, a path inside the pack (art/scans/<id>.png); pnp scan writes it.",
    )
    nudge: dict[Slug, RegionNudge] = Field(
        default_factory=dict,
        description='Per-card changes to its type\'s text regions, by region id: nudge = { rules = { y = "1mm" } }.',
    )
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
    comment: Comments | None = Field(
        None,
        description='Notes on its texts per field and language, by the translator or the reviewer: comment.text.es = "¿«nave» o «navío»?". Shown in the workbench, the proof and the PO export; never printed.',
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
    region: list[TextRegion] = Field(
        default_factory=list,
        description="The text regions of the original face ([[card_type.region]]): what pnp scan reads, and where a scan's text is covered.",
    )

    @field_validator("region")
    @classmethod
    def _regions_apart(cls, regions: list[TextRegion]) -> list[TextRegion]:
        seen: set[str] = set()
        for index, region in enumerate(regions):
            if region.id in seen:
                raise PydanticCustomError("region_twice", _("two regions are called {id}").format(id=region.id))
            seen.add(region.id)
            for other in regions[:index]:
                if _overlap(region.box_mm(), other.box_mm()):
                    raise PydanticCustomError(
                        "region_overlap",
                        _("the regions {a} and {b} overlap: a panel would cover the other").format(
                            a=other.id, b=region.id
                        ),
                    )
        return regions


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


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
    verify: str | None = Field(
        None,
        description="What about the deck the pack infers rather than reads (its count, how its cards lie), and the source it would be checked against; pnp check and the proof show it.",
    )
    facts: list[Fact] = Field(
        default_factory=list,
        description="What the sources say about this deck and its cards (a contact's perks, where a symbol sits); pnp deck prints them.",
    )


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
    players: list[Annotated[int, Field(ge=1, le=99)]] = Field(
        default_factory=list,
        description="The player counts the base game is for ([3, 4, 5, 6]): --players accepts them besides those of its swaps and variants.",
    )

    @property
    def printed_language(self) -> str:
        """The language a build prints, a check fits and the tools default to: the first target
        language, or the source language of a pack that translates into none."""
        return (self.target_languages or [self.source_language])[0]


class DeckFile(Record):
    """A deck file: nothing but its [[card]] tables."""

    card: list[Card] = Field(default_factory=list, description="The deck's cards ([[card]]).")


# --- the loaded whole --------------------------------------------------------


class LoadedDeck(BaseModel):
    """A deck with its cards, as the loader hands it on."""

    model_config = ConfigDict(frozen=True, defer_build=True)

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


class PackData(BaseModel):
    """Everything one pack holds, loaded and cross-checked."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    root: Path
    pack: Pack
    decks: tuple[LoadedDeck, ...]
    glossary: Glossary
    # ("card", id), ("deck", id), ("swap", id), ("manifest", id), ("term", source) -> line of its table
    lines: dict[tuple[str, str], int] = {}
    board: LoadedBoard | None = None  # board.toml, when the pack has one
    tokens: LoadedTokens | None = None  # tokens.toml, when the pack has one
    aids: tuple[LoadedAid, ...] = ()  # aids/*.toml: reference cards and set-up sheets (pnp.model.aids)

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


# Each card's JSON, by the card (kept with it, so that its id is not reused): the load's cross-check,
# the layout (once per language) and the checks' cache each key a card by it, and a check forked after
# the load finds it made
_JSON: dict[int, tuple[Card, str]] = {}
_JSON_AT_MOST = 1 << 15  # then forgotten all at once: the workbench loads its pack again after edits


def card_json(card: Card) -> str:
    """card.model_dump_json(), made once per card in a process."""
    kept = _JSON.get(id(card))
    if kept is None or kept[0] is not card:
        if len(_JSON) >= _JSON_AT_MOST:
            _JSON.clear()
        kept = _JSON[id(card)] = (card, card.model_dump_json())
    return kept[1]


def pick(pack: PackData, localized: LocalizedText, language: str) -> str:
    """The text in `language`, or in the pack's source language when it has none yet."""
    return localized.get(language) or localized.get(pack.pack.source_language, "")
