"""The records of a pack's board.toml and tokens.toml, and the board and tokens as loaded.

Part of the pack model (pnp.model names them all); field descriptions are the
contributor docs, as there.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from pnp.model.record import Count, IconName, LocalizedText, Record, Slug
from pnp.model.token_shapes import TokenShape

# --- boards and tokens (board.toml, tokens.toml) ------------------------------

HexColor = Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$")]
RegionKind = Literal["sector", "region", "label"]
RegionFlag = Literal["reaver-space", "uroboros", "planetary"]


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
        description="Sectors a ship can fly to from this one; each must share an edge with it (or a [[route]]) and list it back.",
    )
    notes: str | None = Field(None, description="Free notes: where the position was measured, doubts.")


class Route(Record):
    """A way between two sectors that do not touch, like a sea lane between islands: a move the
    rules allow across open water, drawn on the map as a dashed line."""

    between: list[Slug] = Field(
        min_length=2,
        max_length=2,
        description='The two sectors it joins, by id: ["north-isle", "south-isle"]. Either way round; it is a move both ways.',
    )
    via: list[list[str]] = Field(
        default_factory=list,
        description='Points the drawn line bends at, each [x, y] from the board\'s top-left corner: [["120mm", "80mm"]].',
    )
    notes: str | None = Field(None, description="Free notes: where the route is stated. Never printed.")


class Board(Record):
    """board.toml: one board or map section, its physical size and its regions."""

    name: LocalizedText = Field(description="The board's name per language.")
    width: str = Field(description='Physical width with a unit, like "254mm" or "10in".')
    height: str = Field(description='Physical height with a unit, like "508mm" or "20in".')
    color: HexColor | None = Field(
        None, description="Background colour of the map pnp draws (default a light paper tone)."
    )
    legend: LocalizedText = Field(
        default_factory=dict,
        description="Words for the players, per language, printed under the map's title and on its assembly guide: how this board meets another, like where the base game's board joins.",
    )
    source: str | None = Field(None, description="Where the positions and names come from.")
    verify: str | None = Field(None, description="What still needs measuring on a physical board; pnp check shows it.")
    place_stats: list[str] = Field(
        default_factory=list,
        description='Names of card `stats` whose value is a region id, like ["pickup", "dropoff"]; pnp check looks each one up.',
    )
    region: list[Region] = Field(default_factory=list, description="The regions ([[region]]).")
    route: list[Route] = Field(
        default_factory=list, description="Routes between sectors that do not touch ([[route]]), like sea lanes."
    )


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
        description="circle, square, hex (pointy top, flat sides left and right), flat-hex (flat top and bottom, points left and right), triangle (equilateral, point up) or rounded (a square with rounded corners)."
    )
    size: str = Field(
        description="A length with a unit, like \"20mm\": a circle's diameter, a square's side, a hex from flat side to flat side, a triangle's side."
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


# --- as loaded ----------------------------------------------------------------


class LoadedBoard(BaseModel):
    """board.toml as the loader hands it on: lengths already in points."""

    model_config = ConfigDict(frozen=True, defer_build=True)

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
    # each [[route]]: the two sectors it joins and the points its line bends at, in points, board coordinates
    routes: tuple[tuple[str, str, tuple[tuple[float, float], ...]], ...] = ()
    route_lines: tuple[int | None, ...] = ()  # the line of each [[route]] table

    def routed(self, a: str, b: str) -> bool:
        """Whether a declared route joins sectors a and b (either way round)."""
        return any({first, second} == {a, b} for first, second, _via in self.routes)

    def region(self, region_id: str) -> Region | None:
        return next((r for r in self.board.region if r.id == region_id), None)


class LoadedTokens(BaseModel):
    """tokens.toml as the loader hands it on: lengths already in points."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    tokens: TokenFile
    file: Path
    sizes: dict[str, tuple[float, float]]  # token id -> bounding box (width, height) in points
    standee_sizes: dict[str, tuple[float, float, float]]  # standee id -> (width, height, base) in points
    lines: dict[tuple[str, str], int] = {}  # ("token", id) or ("standee", id) -> line of its table
