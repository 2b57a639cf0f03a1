"""Text from a pack reaches the terminal escaped: a card cannot set the window title or hide a line.

Card text, ids and file names are a stranger's, and pnp echoes them in findings,
diffs and deck lists.  A terminal obeys escape sequences (ESC ], ESC [) and
bidirectional overrides in what it prints, so every character of that kind is
shown as its escape (\\x1b, \\u202e) instead, in every line pnp writes.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TextIO

# C0 controls but tab, newline and carriage return (progress lines redraw with it), DEL, C1 controls,
# and the bidirectional embeddings, overrides and isolates
_UNSAFE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def _escaped(match: re.Match[str]) -> str:
    code = ord(match.group())
    # \u form from DEL up: also a valid escape inside the JSON strings of --format json
    return f"\\x{code:02x}" if code < 0x7F else f"\\u{code:04x}"


def terminal_safe(text: str) -> str:
    return _UNSAFE.sub(_escaped, text)


class _SafeStream:
    """A text stream that escapes what a terminal would obey; everything else goes to the stream beneath."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(terminal_safe(text) if isinstance(text, str) else text)
        return len(text)

    def __getattr__(self, name: str) -> Any:  # flush, isatty, buffer (binary output is not text), encoding
        return getattr(self._stream, name)


@contextmanager
def escaped_output() -> Iterator[None]:
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = _SafeStream(sys.stdout), _SafeStream(sys.stderr)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved
