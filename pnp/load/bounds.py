"""The limits of pnp/limits.py applied to a parsed TOML file, before any later stage sees it.

One walk over every value of every file pnp reads: nesting depth, the length of
each string and of each word in it.  Huge input becomes a finding here, so the
checks, the layout and the renderer only ever see text of a printable size.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from typing import Any

from pnp.errors import Finding, error
from pnp.i18n import _, number
from pnp.limits import MAX_NESTING_DEPTH, MAX_TEXT_CHARS, MAX_WORD_CHARS

CODE = "load/too-large"
_LONG_WORD = re.compile(rf"\w{{{MAX_WORD_CHARS + 1},}}")

Path = tuple[str | int, ...]


def _values(data: Any) -> Iterator[tuple[Path, Any]]:
    """Every value with its key path, depth first, without recursion (the depth is the input's to choose)."""
    stack: list[tuple[Path, Any]] = [((), data)]
    while stack:
        path, value = stack.pop()
        yield path, value
        if isinstance(value, dict):
            stack.extend(((*path, key), item) for key, item in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend(((*path, index), item) for index, item in reversed(list(enumerate(value))))


def within_limits(data: Any, json_only: bool = False) -> bool:
    """Whether too_deep and oversized_strings find nothing in `data`, told by one quick walk that
    builds no key paths (most files break no limit: the walks that name what breaks one run only
    when one does); with `json_only`, also whether every value is one JSON holds as it is (no date,
    no infinity).  Its recursion stops at the depth limit, wherever the input goes."""
    return _within(data, 0, json_only)


def _within(value: Any, depth: int, json_only: bool) -> bool:
    if depth > MAX_NESTING_DEPTH:
        return False
    kind = type(value)
    if kind is str:
        return _plain_text(value)
    if kind is dict:
        return all(_within(item, depth + 1, json_only) for item in value.values())
    if kind is list:
        return all(_within(item, depth + 1, json_only) for item in value)
    if json_only:
        return kind is bool or kind is int or (kind is float and math.isfinite(value))
    return True


def _plain_text(text: str) -> bool:
    """No finding of oversized_strings: not only blank, not too long, no word too long."""
    if text and not text.strip():
        return False
    if len(text) > MAX_TEXT_CHARS:
        return False
    # a run of letters is no longer than the run of non-spaces it is in: the expression runs only
    # where one of those is long enough
    return len(text) <= MAX_WORD_CHARS or max(map(len, text.split())) <= MAX_WORD_CHARS or not _LONG_WORD.search(text)


def too_deep(data: Any) -> Path | None:
    """The first key path nested deeper than the limit, or None."""
    for path, _value in _values(data):
        if len(path) > MAX_NESTING_DEPTH:
            return path
    return None


def dotted(path: Path) -> str:
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def oversized_strings(data: dict[str, Any], shown: str, line_of: Any) -> list[Finding]:
    """A finding for each string over the length limit, holding a word over the word limit, or only blank."""
    findings = []
    for path, value in _values(data):
        if not isinstance(value, str):
            continue
        if value and not value.strip():
            problem = _("the value is only spaces or blank lines, which print nothing")
            hint = _('write the text, or leave the field out (an empty "" marks a text not written yet)')
        elif len(value) > MAX_TEXT_CHARS:
            problem = _("the text is {length} characters long; the limit is {limit}").format(
                length=number(len(value)), limit=number(MAX_TEXT_CHARS)
            )
            hint = _("split it over several cards or fields; a rules card holds about 1,200 characters")
        elif word := _LONG_WORD.search(value):
            problem = _('a word of {length} characters ("{start}…"); the limit is {limit} characters').format(
                length=number(len(word.group())), start=word.group()[:20], limit=MAX_WORD_CHARS
            )
            hint = _("put spaces between the words; a number this long is not a number of the game")
        else:
            continue
        card = _card(data, path)
        field = dotted(path[2:] if card else path)  # a card's field is named inside the card, as elsewhere
        code = CODE if value.strip() else "load/invalid"
        findings.append(error(code, shown, problem, line=_line(path, line_of), card=card, field=field, hint=hint))
    return findings


def _line(path: Path, line_of: Any) -> int | None:
    if len(path) >= 2 and isinstance(path[0], str) and isinstance(path[1], int):
        key = ".".join(str(p) for p in path[2:] if isinstance(p, str))
        return line_of(path[0], path[1], key or None)
    return line_of(None, None, str(path[0])) if path else None


def _card(data: dict[str, Any], path: Path) -> str | None:
    if len(path) < 2 or path[0] != "card" or not isinstance(path[1], int):
        return None
    try:
        card_id = data["card"][path[1]].get("id")
    except (KeyError, IndexError, AttributeError):
        return None
    return card_id if isinstance(card_id, str) and 0 < len(card_id) <= MAX_WORD_CHARS else f"#{path[1] + 1}"
