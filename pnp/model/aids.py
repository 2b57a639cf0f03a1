"""Rules on paper: the records of a pack's aids/*.toml (reference cards and set-up sheets), and an aid as loaded.

One file per aid, named after its id: aids/reaver-space.toml.  An aid is a title and blocks in
order ([[block]]): a heading, a paragraph, a bulleted or numbered list, or a table.  Every text is
per language, like card text, in the same markup ({icon}, **bold**, *italic*); lists and table
rows are per language too (bullets.es = [...]), each language with as many items as the original.
Part of the pack model (pnp.model holds the loaded aids); field descriptions are the contributor
docs, as there.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator
from pydantic_core import PydanticCustomError

from pnp.i18n import _
from pnp.model.record import Count, Record, Slug

AidKind = Literal["reference", "setup"]
Align = Literal["left", "center", "right"]
AID_FOLDER = "aids"
PAGE_SIZES = ("a4", "letter")  # an aid of one of these sizes is a page; any other size is a card
BLOCK_KINDS = ("heading", "text", "bullets", "steps", "rows")

ItemList = Annotated[list[Annotated[str, Field(max_length=2000)]], Field(max_length=200)]
Row = Annotated[list[Annotated[str, Field(max_length=500)]], Field(max_length=20)]


class Column(Record):
    """One column of a table: its header per language, and how its cells are aligned."""

    header: dict[str, str] = Field(description='The header per language: header = { en = "Unit", es = "Unidad" }.')
    align: Align = Field("left", description="left, center or right: how the column's cells and header sit.")
    width: Annotated[int, Field(ge=1, le=100)] | None = Field(
        None,
        description="Share of the table's width in percent; columns without one share what is left equally.",
    )


class Block(Record):
    """One block of an aid, in order: a heading, a paragraph, a list or a table (give exactly one)."""

    heading: dict[str, str] = Field(default_factory=dict, description="A section title, per language.")
    text: dict[str, str] = Field(
        default_factory=dict, description="A paragraph per language, in card markup ({icon}, **bold**)."
    )
    bullets: dict[str, ItemList] = Field(
        default_factory=dict, description='A bulleted list per language: bullets.es = ["…", "…"].'
    )
    steps: dict[str, ItemList] = Field(
        default_factory=dict, description="A numbered list per language (set-up steps), numbered by pnp."
    )
    columns: Annotated[list[Column], Field(max_length=20)] = Field(
        default_factory=list, description="A table's columns, in order; give them with rows."
    )
    rows: dict[str, Annotated[list[Row], Field(max_length=200)]] = Field(
        default_factory=dict,
        description='A table\'s rows per language, a cell per column: rows.es = [["Raider", "3-8", "Destruido"]].',
    )
    source: str | None = Field(None, description="Where the block's rule is stated: a document by name and section.")
    verify: str | None = Field(
        None, description="Why the block is a guess and what to check; printed beside it, and shown by pnp check."
    )

    @model_validator(mode="after")
    def _one_kind(self) -> Block:
        given = [kind for kind in BLOCK_KINDS if getattr(self, kind)]
        if len(given) != 1:
            raise PydanticCustomError(
                "aid_block",
                _(
                    "give a [[block]] exactly one of heading.en, text.en, bullets.en, steps.en "
                    "or a table (columns[...] and rows.en); it has {given}"
                ).format(given=", ".join(given) or _("none")),
            )
        if self.rows and not self.columns:
            raise PydanticCustomError("aid_block", _("a table needs its columns[...] beside its rows.en"))
        if self.columns and not self.rows:
            raise PydanticCustomError("aid_block", _("a table needs its rows.en beside its columns[...]"))
        return self

    @property
    def kind(self) -> str:
        return next(kind for kind in BLOCK_KINDS if getattr(self, kind))


class Aid(Record):
    """aids/<id>.toml: a reference card (a player aid) or a set-up sheet, printed with the cards."""

    kind: AidKind = Field(description="reference (a player aid, a card per player) or setup (a set-up sheet).")
    title: dict[str, str] = Field(description="The aid's title per language, printed at its top.")
    size: str = Field(description='A card size name (poker, tarot, …), "WIDTHmm x HEIGHTmm", or a page: a4 or letter.')
    orientation: Literal["portrait", "landscape"] = Field("portrait", description="Landscape turns the size.")
    copies: Count = Field(1, description="How many to print (one per player: 4), 1 to 999.")
    sides: Literal[1, 2] = Field(
        2, description="The most sides it may take: 2 prints the back when the front runs over."
    )
    variant: Slug | None = Field(
        None, description="The variant ([[variant]] of pack.toml) the aid is for; pnp deck --variant lists it."
    )
    source: str | None = Field(None, description="Where its rules are stated, a document by name and section.")
    verify: str | None = Field(None, description="What about the whole aid still needs checking; printed on it.")
    notes: str | None = Field(None, description="Free notes for translators and reviewers; never printed.")
    block: Annotated[list[Block], Field(max_length=500)] = Field(
        default_factory=list, description="The blocks in order ([[block]])."
    )


class LoadedAid(BaseModel):
    """An aid as the loader hands it on: its id (the file name), file and the lines of its blocks' keys."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    id: str
    aid: Aid
    file: Path
    # "" -> line of the first key; "block[3]" -> its header; "block[3].text.es" -> the key's line
    lines: dict[str, int] = {}

    @property
    def is_page(self) -> bool:
        return self.aid.size.strip().lower() in PAGE_SIZES

    def line(self, field: str) -> int | None:
        return field_line(self.lines, field)


def field_line(lines: dict[str, int], field: str) -> int | None:
    """The line of a field path, else of the nearest enclosing one, else of the file's first key."""
    path = field
    while path:
        if path in lines:
            return lines[path]
        path = path.rpartition("[")[0] if path.endswith("]") else path.rpartition(".")[0]
    return lines.get("")


def block_texts(block: Block, language: str) -> list[tuple[str, str]]:
    """(field path inside the block, text) for one language: `text.es`, `bullets.es[2]`, `rows.es[1][0]`."""
    if block.heading or block.text:
        kind = "heading" if block.heading else "text"
        value = getattr(block, kind).get(language)
        return [(f"{kind}.{language}", value)] if value else []
    if block.bullets or block.steps:
        kind = "bullets" if block.bullets else "steps"
        return [(f"{kind}.{language}[{n}]", item) for n, item in enumerate(getattr(block, kind).get(language, []))]
    texts = [
        (f"columns[{n}].header.{language}", c.header[language])
        for n, c in enumerate(block.columns)
        if c.header.get(language)
    ]
    for r, row in enumerate(block.rows.get(language, [])):
        texts += [(f"rows.{language}[{r}][{c}]", cell) for c, cell in enumerate(row) if cell]
    return texts
