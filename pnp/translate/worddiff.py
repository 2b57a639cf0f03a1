"""Word-level differences between two texts, for people: `[-old-]{+new+}` and proof highlights."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Literal

_TOKEN = re.compile(r"\s+|\w+(?:[-'’]\w+)*|[^\w\s]")

Op = Literal["equal", "delete", "insert"]


@dataclass(frozen=True)
class Piece:
    op: Op
    text: str


def tokens(text: str) -> list[str]:
    """Words, runs of spaces and single marks: joined back they give the text unchanged."""
    return _TOKEN.findall(text)


def word_diff(old: str, new: str) -> list[Piece]:
    """The pieces that turn old into new, word by word; equal runs are merged."""
    a, b = tokens(old), tokens(new)
    pieces: list[Piece] = []
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            _add(pieces, "equal", "".join(a[i1:i2]))
            continue
        if tag in ("delete", "replace"):
            _add(pieces, "delete", "".join(a[i1:i2]))
        if tag in ("insert", "replace"):
            _add(pieces, "insert", "".join(b[j1:j2]))
    return pieces


def edits_diff(old: str, edits: list[tuple[int, int, str]]) -> list[Piece]:
    """The pieces of old with each edit (start, end, new text; sorted, apart) as its own change.

    A diff of the two whole texts may pair words across edits ("de la ficha" -> "del marcador" would read
    [-de-]{+del+} [-la ficha-]{+marcador+}); the edits say which words became which."""
    pieces: list[Piece] = []
    last = 0
    for start, end, written in edits:
        _add(pieces, "equal", old[last:start])
        for piece in word_diff(old[start:end], written):
            _add(pieces, piece.op, piece.text)
        last = end
    _add(pieces, "equal", old[last:])
    return pieces


def _add(pieces: list[Piece], op: Op, text: str) -> None:
    if not text:
        return
    if pieces and pieces[-1].op == op:
        pieces[-1] = Piece(op, pieces[-1].text + text)
    else:
        pieces.append(Piece(op, text))


def format_word_diff(pieces: list[Piece], context: int = 4) -> str:
    """One line: changes as [-old-]{+new+}, up to `context` words around each, the rest '…', ¶ for a line break."""
    out: list[str] = []
    last = len(pieces) - 1
    for index, piece in enumerate(pieces):
        if piece.op == "delete":
            out.append(f"[-{piece.text}-]")
        elif piece.op == "insert":
            out.append(f"{{+{piece.text}+}}")
        else:
            out.append(_trim(piece.text, context, keep_start=index > 0, keep_end=index < last))
    return re.sub(r"[ \t]*\n\s*", " ¶ ", "".join(out))


def _trim(text: str, context: int, keep_start: bool, keep_end: bool) -> str:
    """An unchanged run: its first words after a change, its last words before one."""
    parts = tokens(text)
    words = [i for i, t in enumerate(parts) if t[0].isalnum() or t[0] == "_"]  # marks ride along
    wanted = context * (keep_start + keep_end)
    if not (keep_start or keep_end) or len(words) <= wanted + 2:  # never elide just a word or two
        return text
    head = "".join(parts[: words[context - 1] + 1]) if keep_start else ""
    tail = "".join(parts[words[-context] :]) if keep_end else ""
    left = f"{head.rstrip()} " if keep_start else ""
    right = f" {tail.lstrip()}" if keep_end else ""
    return f"{left}…{right}"
