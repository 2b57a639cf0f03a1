"""The texts of a pack's aids (reference cards and set-up sheets) as exchange entries, and writing them back.

An aid text is named by its aid and its place, without the language:
`aids/reavers` and `block[1].bullets[0]` (in the PO, msgctxt
"aids/reavers:block[1].bullets[0]").  A card id is a slug and never holds
a "/", so the two kinds of entry cannot be taken for each other.  The
places are: title, block[N].heading, block[N].text, block[N].bullets[I],
block[N].steps[I], block[N].columns[C].header and block[N].rows[R][C].

Writing back edits the aid's own TOML file with tomlkit, keeping every
other byte, as card edits do.  A list item or a table cell is written only
where the language's list already holds it: a list for a new language is
a whole list, made in the TOML file (each language has as many items as
the original).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp.model import PackData
from pnp.model.aids import Aid, Block, LoadedAid
from pnp.paths import shown_path
from pnp.translate.files import PackFile, open_file
from pnp.translate.glossary_apply import Change
from pnp.translate.tomledit import set_item, set_text

AID_PREFIX = "aids/"
_PLACE = re.compile(
    r"^(?:title|block\[(?P<block>\d+)\]\.(?:(?P<whole>heading|text)|(?P<list>bullets|steps)\[(?P<item>\d+)\]"
    r"|columns\[(?P<column>\d+)\]\.header|rows\[(?P<row>\d+)\]\[(?P<cell>\d+)\]))$"
)


@dataclass(frozen=True)
class Place:
    """Where a text is in an aid: the block (None for the title), its kind, and the item, row and column."""

    block: int | None
    kind: str  # title, heading, text, bullets, steps, header, rows
    index: tuple[int, ...] = ()

    def name(self) -> str:
        """The place as entries name it: block[1].bullets[0]."""
        return self.field("")

    def field(self, lang: str) -> str:
        """The field path in the aid's file, as checks and the proof name it: block[1].bullets.es[0]."""
        dot = f".{lang}" if lang else ""
        if self.block is None:
            return f"title{dot}"
        head = f"block[{self.block}]."
        if self.kind in ("heading", "text"):
            return f"{head}{self.kind}{dot}"
        if self.kind == "header":
            return f"{head}columns[{self.index[0]}].header{dot}"
        return head + self.kind + dot + "".join(f"[{n}]" for n in self.index)


def parse_place(text: str) -> Place | None:
    match = _PLACE.match(text.strip())
    if match is None:
        return None
    if match["block"] is None:
        return Place(None, "title")
    block = int(match["block"])
    if match["whole"]:
        return Place(block, match["whole"])
    if match["list"]:
        return Place(block, match["list"], (int(match["item"]),))
    if match["column"] is not None:
        return Place(block, "header", (int(match["column"]),))
    return Place(block, "rows", (int(match["row"]), int(match["cell"])))


def places(aid: Aid) -> list[Place]:
    """Every place of the aid that holds a text in some language, in reading order."""
    found = [Place(None, "title")]
    for n, block in enumerate(aid.block):
        if block.heading or block.text:
            found.append(Place(n, "heading" if block.heading else "text"))
        elif block.bullets or block.steps:
            kind = "bullets" if block.bullets else "steps"
            items = max((len(v) for v in getattr(block, kind).values()), default=0)
            found += [Place(n, kind, (i,)) for i in range(items)]
        else:
            found += [Place(n, "header", (c,)) for c in range(len(block.columns))]
            rows = max((len(v) for v in block.rows.values()), default=0)
            found += [Place(n, "rows", (r, c)) for r in range(rows) for c in range(len(block.columns))]
    return found


def text_at(aid: Aid, place: Place, lang: str) -> str:
    """The text at the place in one language ("" when that language has none there)."""
    if place.block is None:
        return aid.title.get(lang, "")
    block = aid.block[place.block]
    if place.kind in ("heading", "text"):
        texts: dict[str, str] = getattr(block, place.kind)
        return texts.get(lang, "")
    if place.kind == "header":
        return block.columns[place.index[0]].header.get(lang, "")
    values = _items(block, place, lang)
    return values[place.index[-1]] if values is not None and place.index[-1] < len(values) else ""


def _items(block: Block, place: Place, lang: str) -> list[str] | None:
    """The list (or table row) of one language that holds the place's text, or None when there is none."""
    if place.kind in ("bullets", "steps"):
        items: dict[str, list[str]] = getattr(block, place.kind)
        return items.get(lang)
    rows = block.rows.get(lang)
    return rows[place.index[0]] if rows is not None and place.index[0] < len(rows) else None


def missing_list(aid: Aid, place: Place, lang: str) -> str | None:
    """The field path of the language's list or row the place needs and lacks, or None when it can be written."""
    if place.kind not in ("bullets", "steps", "rows"):
        return None
    assert place.block is not None
    values = _items(aid.block[place.block], place, lang)
    if values is not None and place.index[-1] < len(values):
        return None
    dot = f"[{place.index[0]}]" if place.kind == "rows" else ""
    return f"block[{place.block}].{place.kind}.{lang}{dot}"


def aid_of(pack: PackData, name: str) -> LoadedAid | None:
    return next((a for a in pack.aids if f"{AID_PREFIX}{a.id}" == name), None)


def aid_names(pack: PackData) -> list[str]:
    return [f"{AID_PREFIX}{a.id}" for a in pack.aids]


def write_aid_texts(
    pack: PackData, wanted: list[tuple[LoadedAid, Place, str]], lang: str
) -> tuple[list[tuple[Path, bytes]], list[Change]]:
    """Each text set in its aid's file, every other byte kept; the places were checked (exists, missing_list)."""
    files: dict[Path, PackFile] = {}
    changes = []
    for aid, place, value in wanted:
        source = files.setdefault(aid.file, open_file(aid.file, Aid))
        old = text_at(aid.aid, place, lang)
        _set(source.document, place, lang, value)
        line = aid.line(place.field(lang))
        change = Change(shown_path(aid.file), line, None, place.field(lang), old, value, aid=f"{AID_PREFIX}{aid.id}")
        changes.append(change)
    return [(f.path, f.new_bytes()) for f in files.values() if f.changed()], changes


def _set(document: Any, place: Place, lang: str, value: str) -> None:
    if place.block is None:
        set_text(document["title"], lang, value)
        return
    block = document["block"][place.block]
    if place.kind in ("heading", "text"):
        set_text(block[place.kind], lang, value)
    elif place.kind == "header":
        set_text(block["columns"][place.index[0]]["header"], lang, value)
    elif place.kind == "rows":
        set_item(block["rows"][lang][place.index[0]], place.index[1], value)
    else:
        set_item(block[place.kind][lang], place.index[0], value)
