"""The quick walk of the limits (pnp.load.bounds.within_limits) says what the walks that name each
broken limit find, and what a JSON round trip keeps: a difference would let a file past a limit
unreported, or send a plain file the long way."""

from __future__ import annotations

import datetime
import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.limits import MAX_NESTING_DEPTH, MAX_TEXT_CHARS, MAX_WORD_CHARS
from pnp.load.bounds import oversized_strings, too_deep, within_limits

_WORDS = st.sampled_from(
    ["", " ", "\n\t ", "roba", "a" * MAX_WORD_CHARS, "a" * (MAX_WORD_CHARS + 1), "é" * (MAX_WORD_CHARS + 1), "-" * 80,
     "x-" * 60, "b" * (MAX_WORD_CHARS - 1) + "-" + "c" * 10]
)  # fmt: skip
_TEXTS = st.one_of(
    st.lists(_WORDS, max_size=4).map(" ".join),
    st.text(max_size=30),
    st.integers(1, 3).map(lambda n: "palabra " * (MAX_TEXT_CHARS // 8 + n)),
)
_LEAVES = st.one_of(
    _TEXTS,
    st.integers(-(2**70), 2**70),
    st.booleans(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.just(datetime.date(2026, 12, 4)),
)


def _nested(value: Any, depth: int) -> Any:
    for level in range(depth):
        value = [value] if level % 2 else {"k": value}
    return value


_VALUES = st.recursive(
    _LEAVES, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
)
_DATA = st.tuples(st.dictionaries(st.text(max_size=5), _VALUES, max_size=4), st.integers(0, MAX_NESTING_DEPTH + 3)).map(
    lambda pair: {"card": [_nested(pair[0], pair[1])]}
)


def _json_plain(data: Any) -> bool:
    try:
        return bool(json.loads(json.dumps(data, ensure_ascii=False, allow_nan=False)) == data)
    except (TypeError, ValueError):
        return False


@settings(max_examples=400, deadline=None, derandomize=True)
@given(_DATA)
def test_the_quick_walk_of_the_limits_finds_what_the_naming_walks_find(data: dict[str, Any]) -> None:
    found = too_deep(data) is not None or bool(oversized_strings(data, "f.toml", lambda *_where: None))
    assert within_limits(data) is not found
    assert within_limits(data, json_only=True) is (not found and _json_plain(data))


def test_the_quick_walk_stops_at_the_depth_limit_however_deep_the_input() -> None:
    deep: Any = "x"
    for _ in range(50_000):
        deep = [deep]
    assert within_limits({"card": [deep]}) is False
