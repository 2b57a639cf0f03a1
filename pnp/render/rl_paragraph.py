"""What pnp's line breaking reads of ReportLab 5's paragraph module, without importing it.

`reportlab.platypus.paragraph` cannot be imported alone: its package imports
every flowable, the tables, the document templates and a Python colouriser,
some 50 ms of a process that wraps no Paragraph (most builds and checks: the
line breaking is replayed, pnp.render.linebreak).  These are copies of its
whitespace, its split and its URI and hyphenation patterns, character for
character; tests/test_rl_paragraph.py holds each equal to ReportLab's own, so
an upgrade that changes one fails there instead of breaking lines differently.
"""

from __future__ import annotations

import re
from functools import cache

# ReportLab's _wsc: the characters it may end a line at (the no-break space is not one of them)
WHITESPACE = "".join(
    (
        "\u0009",
        "\u000a",
        "\u000b",
        "\u000c",
        "\u000d",
        "\u001c",
        "\u001d",
        "\u001e",
        "\u001f",
        "\u0020",
        "\u0085",
        "\u1680",
        "\u2000",
        "\u2001",
        "\u2002",
        "\u2003",
        "\u2004",
        "\u2005",
        "\u2006",
        "\u2007",
        "\u2008",
        "\u2009",
        "\u200a",
        "\u200b",
        "\u2028",
        "\u2029",
        "\u202f",
        "\u205f",
        "\u3000",
    )
)
_WHITESPACE_SPLIT = re.compile("[%s]+" % re.escape(WHITESPACE)).split  # noqa: UP031 - ReportLab's expression


def split(text: str) -> list[str]:
    """ReportLab's split(text) of a str: at its whitespace when the text holds a no-break space
    (which str.split would break at), else as str.split."""
    return _WHITESPACE_SPLIT(text) if "\xa0" in text else text.split()


@cache
def uri() -> re.Pattern[str]:
    """ReportLab's uri_pat, compiled on first need: only a word with "://" is matched, and its ranges
    up to U+FFFF, without regard to case, take some 30 ms to compile."""
    return re.compile(
        "(^(?:[a-z0-9\\.\\-\\+]*)://)(?:\\S+(?::\\S*)?@)?(?:(?:25[0-5]|2[0-4]\\d|[0-1]?\\d?\\d)(?:\\.(?:25[0-5]|"
        "2[0-4]\\d|[0-1]?\\d?\\d)){3}|\\[[0-9a-f:\\.]+\\]|([a-z\xa1-\uffff0-9](?:[a-z\xa1-\uffff0-9-]{0,61}"
        "[a-z\xa1-\uffff0-9])?(?:\\.(?!-)[a-z\xa1-\uffff0-9-]{1,63}(?<!-))*\\.(?!-)(?:[a-z\xa1-\uffff-]{2,63}|"
        "xn--[a-z0-9]{1,59})(?<!-)\\.?|localhost))(?::\\d{2,5})?(?:[/?#][^\\s]*)?\\Z",
        re.I,
    )


# the letters ReportLab hyphenates words of, and its explicit hyphens (a hyphen, a soft hyphen)
_HY_LETTERS = (
    "A-Za-z\xc0-\xd6\xd8-\xf6\xf8-\u024f\u1e80-\u1e85\u1e00-\u1eff\u0410-\u044f\u1e02\u1e03\u1e0a\u1e0b\u1e1e\u1e1f"
    "\u1e40\u1e41\u1e56\u1e57\u1e60\u1e61\u1e6a\u1e6b\u1e9b\u1ef2\u1ef3"
)
_HY_SHY = "-\xad"
HY_PREFIX = re.compile("^['\"([{\xbf\u2018\u201a\u201c\u201e]+")
HY_SUFFIX = re.compile("[]'\")}?!.,;:\u2019\u201b\u201d\u201f]+$")
HY_LETTERS = re.compile("".join(("^[", _HY_LETTERS, "]+$")))
HY_SHY_LETTERS = re.compile("".join(("^[", _HY_SHY, _HY_LETTERS, "]+$")))
HY_SHY = re.compile("".join(("([", _HY_SHY, "])")))
