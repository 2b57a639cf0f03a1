"""Tabletop Simulator: deck sheets, back images, and saved objects that load as custom decks.

TTS cuts a deck sheet into a grid of at most 10 x 7 cards and reads at most
4096 px per side; the grid's last slot shows the card a player holds hidden
(we put the deck's back there).  A deck with more designs than a sheet holds
goes on several sheets, one CustomDeck entry each.  Sheets are JPEG: TTS
players upload them, and a 4096 px PNG of card art is several times larger
for no visible gain once TTS has compressed its textures.

What TTS expects of a saved object, and what pnp does for it:

- A card is `CardID` = sheet id x 100 + its slot, and the sheet id is the key
  of its `CustomDeck` entry.  TTS keeps one image pair per sheet id in a
  game: two decks using the same id show each other's faces once combined.
  So every sheet of the pack gets its own id (the deck's place in the pack x
  100 + the sheet), the same whichever decks a build writes.
- Descriptions are BBCode ([b], [i]); icons are written as their names.
- `Transform` scale 1 is a poker card; other sizes scale by their width.
- Landscape cards are `SidewaysCard`.
- Cards with their own backs use a sheet of backs laid out like the faces
  (`UniqueBack`); the others share the deck's back image.
- Image addresses are the base URL plus the file name: by default the tts
  folder on this computer, or `--tts-base-url` where the folder is uploaded.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit, urlunsplit

from PIL import Image

from pnp.files import write_if_changed
from pnp.i18n import _
from pnp.markup import parse
from pnp.report import plural

MAX_COLUMNS = 10
MAX_ROWS = 7
MAX_SIDE = 4096  # pixels: TTS refuses larger textures
JPEG_QUALITY = 90
POKER_WIDTH_MM = 63.5  # TTS's card at scale 1
SHEETS_PER_DECK = 100  # sheet ids of the n-th deck of a pack: n*100 .. n*100+99


class TooManySheets(ValueError):
    """A deck needs more sheets than its block of sheet ids holds."""


@dataclass(frozen=True)
class TtsCard:
    nickname: str
    description: str  # card markup: {icon}, **bold**, *italic*
    image: Path  # the face, at the size it will have on the sheet or larger
    copies: int
    back_image: Path | None = None  # the card's own back; None: the deck's


@dataclass(frozen=True)
class TtsDeck:
    """One deck to save: its cards and what TTS needs to know of their shape."""

    deck_id: str
    name: str
    cards: Sequence[TtsCard]
    back: Path
    first_sheet_id: int  # unique in the pack: deck_number(...)
    width_mm: float  # the card's short side, for the scale
    sideways: bool
    icon_words: Mapping[str, str] | None = None  # icon name -> its word in the card's language


@dataclass(frozen=True)
class SheetGrid:
    columns: int
    rows: int
    card_width: int
    card_height: int

    @property
    def slots(self) -> int:
        """Card slots on one sheet: the last one is kept for the hidden-card image."""
        return self.columns * self.rows - 1


def grid_for(card_width: int, card_height: int, designs: int) -> SheetGrid:
    """The grid for cards of this pixel size: as many as fit in 4096 px, at most 10 x 7.

    A card larger than a sheet allows is scaled down (TTS could not load it), and
    a small deck gets a small grid rather than a mostly empty 10 x 7 one.
    """
    scale = min(1.0, MAX_SIDE / card_width, MAX_SIDE / (card_height * 2))  # at least 1 x 2 slots
    width, height = max(1, int(card_width * scale)), max(1, int(card_height * scale))
    columns = max(1, min(MAX_COLUMNS, MAX_SIDE // width))
    rows = max(2, min(MAX_ROWS, MAX_SIDE // height))
    needed = designs + 1
    if needed <= columns * rows:  # shrink the grid to the deck: TTS needs at least 2 slots
        columns = min(columns, needed)
        rows = max(2, -(-needed // columns))
    return SheetGrid(columns, rows, width, height)


def first_sheet_id(deck_number: int) -> int:
    """The first sheet id of the deck at this place (1, 2, ...) in the pack."""
    return deck_number * SHEETS_PER_DECK


def base_url_problem(url: str) -> str | None:
    """Why this is not a folder address TTS can load images from, or None."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return _('"{url}" is not a web address: write it like https://example.org/my-game/tts/').format(url=url)
    if any(ch.isspace() for ch in url.strip()):
        return _('"{url}" has spaces: a web address has none (write %20)').format(url=url)
    if parts.query or parts.fragment:
        return _('"{url}" has a ? or # part: give the address of the folder the images are in').format(url=url)
    return None


def folder_url(folder: Path, base_url: str | None) -> str:
    """The address the images of folder are loaded from, ending in /."""
    if base_url is None:
        return folder.resolve().as_uri() + "/"
    base = _percent_encoded(base_url.strip())
    return base if base.endswith("/") else base + "/"


def _percent_encoded(url: str) -> str:
    """The address as TTS fetches it: a non-ASCII host in IDNA, the path's other characters percent-encoded.

    TTS (and the web servers it asks) take an address as bytes: "…/juegos/cañón/" must reach them as
    "…/juegos/ca%C3%B1%C3%B3n/".  What is already percent-encoded stays as it is."""
    parts = urlsplit(url)
    netloc = parts.netloc
    if not netloc.isascii() and parts.hostname:
        # a host IDNA cannot write is left as the user wrote it, for the web to refuse
        with contextlib.suppress(UnicodeError):
            netloc = netloc.replace(parts.hostname, parts.hostname.encode("idna").decode("ascii"))
    path = quote(parts.path, safe="/%:@!$&'()*+,;=-._~")
    return urlunsplit((parts.scheme, netloc, path, parts.query, parts.fragment))


def to_bbcode(text: str, icon_words: Mapping[str, str] | None = None) -> str:
    """Card markup as TTS's BBCode: [b], [i], icons as their words, paragraphs as blank lines.

    An icon is written as its word in the card's language (icon_words: "fuel" is
    "combustible" on a Spanish card), or as its name when the pack gives none.

    Brackets of the card's own text that TTS would read as a tag get a zero-width
    space, so text prints as written."""
    paragraphs = []
    for paragraph in parse(text):
        pieces = []
        for span in paragraph:
            if span.line_break:
                pieces.append("\n")
                continue
            piece = _literal((icon_words or {}).get(span.text, span.text)) if span.icon else _literal(span.text)
            if span.icon:
                piece = f"[b]{piece}[/b]"
            if span.italic:
                piece = f"[i]{piece}[/i]"
            if span.bold and not span.icon:
                piece = f"[b]{piece}[/b]"
            pieces.append(piece)
        paragraphs.append("".join(pieces).replace("[/b][b]", "").replace("[/i][i]", ""))
    return "\n\n".join(paragraphs)


_TAG = re.compile(r"\[(?=/?(?:b|i|u|s|sub|sup|-|[0-9a-fA-F]{6})\])")


def _literal(text: str) -> str:
    return _TAG.sub("[\u200b", text)


def write_tts_deck(deck: TtsDeck, folder: Path, base_url: str | None = None) -> tuple[list[Path], dict[str, Any]]:
    """Sheets, back images and <deck>.json in folder; returns the files that changed and the deck's object."""
    with Image.open(deck.back) as first:
        size = first.size
    grid = grid_for(size[0], size[1], len(deck.cards))
    sheets = -(-len(deck.cards) // grid.slots)
    if sheets > SHEETS_PER_DECK:
        raise TooManySheets(
            _('deck "{deck}" needs {sheets} at this --dpi; its ids allow {allowed}').format(
                deck=deck.deck_id, sheets=plural(sheets, "sheet"), allowed=SHEETS_PER_DECK
            )
        )
    url = folder_url(folder, base_url)
    written: list[Path] = []
    back_image = _fit(Image.open(deck.back), grid)
    back_path = folder / f"{deck.deck_id}-back.jpg"
    if write_if_changed(back_path, _jpeg(back_image)):
        written.append(back_path)
    custom_decks: dict[str, dict[str, Any]] = {}
    contained: list[dict[str, Any]] = []
    deck_ids: list[int] = []
    scale = deck.width_mm / POKER_WIDTH_MM
    for sheet_index, start in enumerate(range(0, len(deck.cards), grid.slots)):
        chunk = deck.cards[start : start + grid.slots]
        sheet_id = deck.first_sheet_id + sheet_index
        sheet_path = folder / f"{deck.deck_id}-{sheet_index + 1}.jpg"
        if write_if_changed(sheet_path, _jpeg(_sheet(grid, [c.image for c in chunk], back_image))):
            written.append(sheet_path)
        unique_back = any(card.back_image is not None for card in chunk)
        back_name = back_path.name
        if unique_back:
            backs_path = folder / f"{deck.deck_id}-{sheet_index + 1}-backs.jpg"
            backs = _sheet(grid, [card.back_image or deck.back for card in chunk], back_image)
            if write_if_changed(backs_path, _jpeg(backs)):
                written.append(backs_path)
            back_name = backs_path.name
        custom_decks[str(sheet_id)] = {
            "FaceURL": url + sheet_path.name,
            "BackURL": url + back_name,
            "NumWidth": grid.columns,
            "NumHeight": grid.rows,
            "BackIsHidden": True,
            "UniqueBack": unique_back,
            "Type": 0,
        }
        for slot, card in enumerate(chunk):
            card_id = sheet_id * 100 + slot
            for _copy in range(card.copies):
                deck_ids.append(card_id)
                contained.append(
                    {
                        "Name": "Card",
                        "Nickname": card.nickname,
                        "Description": to_bbcode(card.description, deck.icon_words),
                        "CardID": card_id,
                        "SidewaysCard": deck.sideways,
                        "CustomDeck": {str(sheet_id): custom_decks[str(sheet_id)]},
                        "Transform": _transform(scale),
                    }
                )
    if len(contained) == 1:  # TTS has no deck of one card: it is a card
        state = {**contained[0], "Name": "CardCustom", "Transform": _transform(scale, rot_z=180.0)}
    else:
        state = {
            "Name": "DeckCustom",
            "Nickname": deck.name,
            "Description": "",
            "SidewaysCard": deck.sideways,
            "Transform": _transform(scale, rot_z=180.0),
            "DeckIDs": deck_ids,
            "CustomDeck": custom_decks,
            "ContainedObjects": contained,
        }
    json_path = folder / f"{deck.deck_id}.json"
    if write_if_changed(json_path, saved_object(deck.name, [state])):
        written.append(json_path)
    return written, state


def write_tts_box(name: str, file_stem: str, decks: Sequence[dict[str, Any]], folder: Path) -> list[Path]:
    """<pack>.box.json: a bag holding every deck, to bring the whole game to the table at once."""
    bag = {
        "Name": "Bag",
        "Nickname": name,
        "Description": "",
        "Transform": _transform(1.0),
        "ContainedObjects": list(decks),
    }
    path = folder / f"{file_stem}.box.json"
    return [path] if write_if_changed(path, saved_object(name, [bag])) else []


def saved_object(name: str, states: list[dict[str, Any]]) -> bytes:
    saved = {
        "SaveName": name,
        "GameMode": "",
        "Gravity": 0.5,
        "Date": "",
        "Table": "",
        "Sky": "",
        "Note": "",
        "Rules": "",
        "XmlUI": "",
        "LuaScript": "",
        "ObjectStates": states,
        "TabStates": {},
        "VersionNumber": "",
    }
    return (json.dumps(saved, ensure_ascii=False, indent=2, allow_nan=False) + "\n").encode("utf-8")


def _sheet(grid: SheetGrid, images: Sequence[Path], hidden: Image.Image) -> Image.Image:
    sheet = Image.new("RGB", (grid.columns * grid.card_width, grid.rows * grid.card_height), "#000000")
    for slot, path in enumerate(images):
        with Image.open(path) as face:
            sheet.paste(_fit(face, grid), _slot_origin(slot, grid))
    sheet.paste(hidden, _slot_origin(grid.columns * grid.rows - 1, grid))  # hidden-card image
    return sheet


def _slot_origin(slot: int, grid: SheetGrid) -> tuple[int, int]:
    return (slot % grid.columns) * grid.card_width, (slot // grid.columns) * grid.card_height


def _fit(image: Image.Image, grid: SheetGrid) -> Image.Image:
    image = image.convert("RGB")
    if image.size != (grid.card_width, grid.card_height):
        image = image.resize((grid.card_width, grid.card_height), Image.Resampling.LANCZOS)
    return image


def _jpeg(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="JPEG", quality=JPEG_QUALITY, optimize=True)
    return buffer.getvalue()


def _transform(scale: float, rot_z: float = 0.0) -> dict[str, float]:
    return {
        "posX": 0.0,
        "posY": 1.0,
        "posZ": 0.0,
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": rot_z,
        "scaleX": round(scale, 4),
        "scaleY": 1.0,
        "scaleZ": round(scale, 4),
    }
