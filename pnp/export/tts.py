"""Tabletop Simulator: deck sheets, a back image and a saved object that loads as a custom deck.

TTS cuts a deck sheet into a grid of at most 10 x 7 cards and reads at most
4096 px per side; the grid's last slot shows the card a player holds hidden
(we put the deck's back there).  A deck with more designs than a sheet holds
goes on several sheets, one CustomDeck entry each.  Sheets are JPEG: TTS
players upload them, and a 4096 px PNG of card art is several times larger
for no visible gain once TTS has compressed its textures.
"""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from pnp.export.files import write_if_changed

MAX_COLUMNS = 10
MAX_ROWS = 7
MAX_SIDE = 4096  # pixels: TTS refuses larger textures
JPEG_QUALITY = 90


@dataclass(frozen=True)
class TtsCard:
    nickname: str
    description: str
    image: Path  # the face, at the size it will have on the sheet or larger
    copies: int


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


def write_tts_deck(deck_id: str, deck_name: str, cards: Sequence[TtsCard], back: Path, folder: Path) -> list[Path]:
    """Sheets, the back image and <deck>.json in folder; returns the files that changed."""
    with Image.open(back) as first:
        size = first.size
    grid = grid_for(size[0], size[1], len(cards))
    written: list[Path] = []
    back_image = _fit(Image.open(back), grid)
    back_path = folder / f"{deck_id}-back.jpg"
    if write_if_changed(back_path, _jpeg(back_image)):
        written.append(back_path)
    custom_decks: dict[str, dict] = {}
    contained: list[dict] = []
    deck_ids: list[int] = []
    for sheet_index, start in enumerate(range(0, len(cards), grid.slots)):
        chunk = cards[start : start + grid.slots]
        sheet = Image.new("RGB", (grid.columns * grid.card_width, grid.rows * grid.card_height), "#000000")
        for slot, card in enumerate(chunk):
            with Image.open(card.image) as face:
                sheet.paste(_fit(face, grid), _slot_origin(slot, grid))
        sheet.paste(back_image, _slot_origin(grid.columns * grid.rows - 1, grid))  # hidden-card image
        sheet_path = folder / f"{deck_id}-{sheet_index + 1}.jpg"
        if write_if_changed(sheet_path, _jpeg(sheet)):
            written.append(sheet_path)
        key = sheet_index + 1
        custom_decks[str(key)] = {
            "FaceURL": sheet_path.resolve().as_uri(),
            "BackURL": back_path.resolve().as_uri(),
            "NumWidth": grid.columns,
            "NumHeight": grid.rows,
            "BackIsHidden": True,
            "UniqueBack": False,
            "Type": 0,
        }
        for slot, card in enumerate(chunk):
            card_id = key * 100 + slot
            for _ in range(card.copies):
                deck_ids.append(card_id)
                contained.append(
                    {
                        "Name": "Card",
                        "Nickname": card.nickname,
                        "Description": card.description,
                        "CardID": card_id,
                        "CustomDeck": {str(key): custom_decks[str(key)]},
                        "Transform": _transform(),
                    }
                )
    saved = {
        "SaveName": deck_name,
        "GameMode": "",
        "Gravity": 0.5,
        "Date": "",
        "Table": "",
        "Sky": "",
        "Note": "",
        "Rules": "",
        "XmlUI": "",
        "LuaScript": "",
        "ObjectStates": [
            {
                "Name": "DeckCustom",
                "Nickname": deck_name,
                "Description": "",
                "Transform": _transform(rot_z=180.0),
                "DeckIDs": deck_ids,
                "CustomDeck": custom_decks,
                "ContainedObjects": contained,
            }
        ],
        "TabStates": {},
        "VersionNumber": "",
    }
    json_path = folder / f"{deck_id}.json"
    if write_if_changed(json_path, (json.dumps(saved, ensure_ascii=False, indent=2) + "\n").encode("utf-8")):
        written.append(json_path)
    return written


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


def _transform(rot_z: float = 0.0) -> dict[str, float]:
    return {
        "posX": 0.0,
        "posY": 1.0,
        "posZ": 0.0,
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": rot_z,
        "scaleX": 1.0,
        "scaleY": 1.0,
        "scaleZ": 1.0,
    }
