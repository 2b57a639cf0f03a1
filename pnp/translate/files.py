"""The TOML files of a pack that hold per-language text, and editing them as text."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tomlkit
from pydantic import BaseModel

from pnp.load.pack import GLOSSARY_FILE, PACK_FILE
from pnp.model import Board, DeckFile, Pack, PackData, TokenFile
from pnp.paths import shown_path

BOM = "\ufeff"


@dataclass
class PackFile:
    """One file as read, its tomlkit document, and the text it had."""

    path: Path
    model: type[BaseModel]
    text: str  # without a byte-order mark
    bom: bool
    document: Any

    @property
    def shown(self) -> str:
        return shown_path(self.path)

    def new_bytes(self) -> bytes:
        return ((BOM if self.bom else "") + keep_line_endings(self.text, tomlkit.dumps(self.document))).encode("utf-8")

    def changed(self) -> bool:
        return tomlkit.dumps(self.document) != self.text


def keep_line_endings(old: str, new: str) -> str:
    """A file with Windows line endings (CRLF) gets them in what an edit inserts too (tomlkit writes LF)."""
    if "\r\n" in old and "\n" not in old.replace("\r\n", ""):
        return _LONE_LF.sub("\r\n", new)
    return new


_LONE_LF = re.compile(r"(?<!\r)\n")


def open_file(path: Path, model: type[BaseModel]) -> PackFile:
    """A file the loader has already read without error: it is UTF-8 TOML."""
    text = path.read_bytes().decode("utf-8")
    bom = text.startswith(BOM)
    text = text.removeprefix(BOM)
    return PackFile(path, model, text, bom, tomlkit.parse(text))


def text_files(pack: PackData) -> list[PackFile]:
    """pack.toml, each deck file once, board.toml and tokens.toml: every file with per-language text."""
    files = [open_file(pack.root / PACK_FILE, Pack)]
    seen = {files[0].path.resolve()}
    for deck in pack.decks:
        if deck.file.resolve() not in seen:
            seen.add(deck.file.resolve())
            files.append(open_file(deck.file, DeckFile))
    if pack.board is not None:
        files.append(open_file(pack.board.file, Board))
    if pack.tokens is not None:
        files.append(open_file(pack.tokens.file, TokenFile))
    return files


def glossary_path(pack: PackData) -> Path:
    return pack.root / GLOSSARY_FILE
