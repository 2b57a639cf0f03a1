"""Where in a text a finding points: the span its message quotes.

Findings carry a field, not a position; their messages quote what is wrong
("Paraíso" is a forbidden variant…, a space before "?": "hola ?").  The
quoted piece found in the field's text is the place.  Typography findings
quote the mark first and the context last: the context is the place.
"""

from __future__ import annotations

import re

from pnp.errors import Finding

_QUOTED = re.compile(r'"([^"]+)"')
_ICON_SHOWN = "{…}"
LAST_QUOTE_FIRST = ("text/typography",)


def locate(finding: Finding, text: str) -> tuple[int, int] | None:
    """The (start, end) in text of what the finding quotes, or None when it quotes nothing there."""
    if finding.code == "text/numbers":
        return _extra_number(finding.message, text)
    quoted = _QUOTED.findall(finding.message)
    if finding.code in LAST_QUOTE_FIRST:
        quoted.reverse()
    for piece in quoted:
        span = _find(piece, text)
        if span is not None:
            return span
    return None


def _extra_number(message: str, text: str) -> tuple[int, int] | None:
    """text/numbers: a number "not in the original" is the place; a missing one has none."""
    extra = re.search(r"not in the original: ([^;]+)", message)
    for item in extra.group(1).split(", ") if extra else []:
        number = item.split(" (")[0].strip().strip('"')  # 3, or "tres" (3)
        match = re.search(rf"(?<![\w.,]){re.escape(number)}(?![\w]|[.,]\d)", text)
        if match:
            return match.span()
    return None


def _find(piece: str, text: str) -> tuple[int, int] | None:
    piece = piece.strip().removesuffix("…").strip()
    if not piece:
        return None
    if piece != " ".join(piece.split()):  # the spacing is the finding ("two spaces in a row"): match it exactly
        pattern = re.escape(piece)
    else:  # quote() joins lines and shows icons as {…}
        icon = r"\{[a-z][a-z0-9-]*\}"
        pattern = r"\s+".join(re.escape(word).replace(re.escape(_ICON_SHOWN), icon) for word in piece.split())
    match = re.search(pattern, text)
    return match.span() if match else None
