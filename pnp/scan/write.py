"""What `pnp scan` puts into a pack: each card's image, and the card's `scan`, texts and `verify` note.

An image pnp scan wrote carries the digest of its pixels in a PNG text chunk:
an image whose pixels still match it is pnp's own and may be replaced by a
new scan; any other file at that path (a retouched scan, the user's own
photo) is the user's, and only `--force` replaces it.

The TOML edits keep every byte of the deck files but the keys they add, with
the functions `pnp import` edits with; the command writes them all or none.
"""

from __future__ import annotations

import hashlib
import io
import re
import warnings
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from PIL import Image, PngImagePlugin

from pnp.i18n import _
from pnp.images import image_problem
from pnp.model import DeckFile, PackData
from pnp.scan import OUTPUT_DPI
from pnp.translate.files import PackFile, open_file
from pnp.translate.interchange import card_texts, set_field
from pnp.translate.tomledit import fresh_string, set_text

SCANS_FOLDER = "art/scans"
DIGEST_KEY = "pnp-scan"  # PNG text chunk: the sha256 of the pixels pnp wrote


def scan_path(card_id: str) -> str:
    """Where a card's scan goes, relative to the pack."""
    return f"{SCANS_FOLDER}/{card_id}.png"


def _digest(image: Image.Image) -> str:
    return hashlib.sha256(image.tobytes()).hexdigest()


def encode_scan(pixels: np.ndarray, page: str) -> bytes:
    """The card's image as a PNG at 300 dpi, marked as pnp's own."""
    image = Image.fromarray(pixels, "RGB")
    chunks = PngImagePlugin.PngInfo()
    chunks.add_text(DIGEST_KEY, _digest(image))
    chunks.add_text("Source", page)
    out = io.BytesIO()
    image.save(out, format="PNG", dpi=(OUTPUT_DPI, OUTPUT_DPI), pnginfo=chunks, optimize=False)
    return out.getvalue()


def made_by_pnp(path: Path) -> bool:
    """True when the file is an image pnp scan wrote and nobody changed since."""
    if image_problem(path) is not None:
        return False
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(path) as image:
                stated = image.info.get(DIGEST_KEY)
                return isinstance(stated, str) and image.mode == "RGB" and stated == _digest(image)
    except Exception:
        return False


@dataclass
class CardUpdate:
    """What one card gets: its scan's path, and the texts read from the scan."""

    card_id: str
    scan: str | None = None
    texts: dict[str, str] = field(default_factory=dict)  # field ("text") -> text in the source language


@dataclass
class PackEdit:
    writes: list[tuple[Path, bytes]] = field(default_factory=list)
    scans_set: list[str] = field(default_factory=list)  # card ids
    scans_kept: list[tuple[str, str]] = field(default_factory=list)  # (card id, the scan it names already)
    texts_set: list[tuple[str, str]] = field(default_factory=list)  # (card id, "text.en")
    texts_kept: list[tuple[str, str]] = field(default_factory=list)  # typed already, other than read: kept


def plan_pack_edit(pack: PackData, updates: list[CardUpdate], force: bool) -> PackEdit:
    """The deck files with each card's `scan`, the texts it had not got yet, and a `verify` note for them."""
    edit = PackEdit()
    files: dict[Path, PackFile] = {}
    cards = pack.cards()
    language = pack.pack.source_language
    for update in updates:
        card, deck = cards[update.card_id], pack.deck_of(update.card_id)
        assert deck is not None
        source = files.get(deck.file.resolve())
        if source is None:
            source = files[deck.file.resolve()] = open_file(deck.file, DeckFile)
        table = next(t for t in source.document["card"] if t.get("id") == update.card_id)
        if update.scan is not None and card.scan != update.scan:
            if card.scan is None or force:
                if "scan" in table:
                    table["scan"] = fresh_string(update.scan)
                else:
                    table.append("scan", fresh_string(update.scan))
                edit.scans_set.append(card.id)
            else:
                edit.scans_kept.append((card.id, card.scan))
        read = []
        typed = card_texts(card)
        for name, text in update.texts.items():
            already = typed.get(name, {}).get(language, "")
            if already.strip():
                if _words(already) != _words(text):  # the same words need no mention
                    edit.texts_kept.append((card.id, f"{name}.{language}"))
                continue
            set_field(table, name.split("."), language, text)
            read.append(f"{name}.{language}")
            edit.texts_set.append((card.id, f"{name}.{language}"))
        if read:
            note = _("{fields} read by OCR from {scan}: check against the card, then delete this note").format(
                fields=", ".join(read), scan=update.scan or scan_path(card.id)
            )
            if card.verify is None:
                table.append("verify", fresh_string(note))
            elif note not in card.verify:  # the card's own note stays first, in its own quoting
                set_text(table, "verify", f"{card.verify}; {note}")
    edit.writes = [(f.path, f.new_bytes()) for f in files.values() if f.changed()]
    return edit


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text.casefold())
