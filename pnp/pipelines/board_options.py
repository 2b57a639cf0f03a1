"""The plain data a board run passes between its stages: options in, a result out."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, get_args

from pnp.errors import Finding, has_errors
from pnp.impose.packing import StickerSheets
from pnp.units import mm

BoardDuplex = Literal["long", "short", "fold"]  # token backs: a token sheet always has backs
BOARD_DUPLEX_CHOICES: tuple[BoardDuplex, ...] = get_args(BoardDuplex)
OVERLAP_MM = (0, 50)  # how far neighbouring map pages overlap
MARGIN_MM = (0, 10)  # how far a sticker reaches beyond its label


@dataclass(frozen=True)
class BoardOptions:
    language: str | None = None
    paper: str = "a4"
    overlap: float = mm(10)
    margin: float = mm(1)  # sticker margin beyond each label region, every side
    image: Path | None = None
    duplex: BoardDuplex = "long"
    output: Path = Path("output")


@dataclass(frozen=True)
class Written:
    path: Path
    pages: int


@dataclass
class BoardResult:
    findings: list[Finding] = field(default_factory=list)
    written: list[Written] = field(default_factory=list)
    tiles: int = 0
    stickers: StickerSheets | None = None
    same: list[str] = field(default_factory=list)  # labels that read the same in the build's language
    tokens: int = 0
    standees: int = 0

    @property
    def ok(self) -> bool:
        return not has_errors(self.findings)
