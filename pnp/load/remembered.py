"""Files parsed by an earlier build, kept under a digest of their bytes: a rebuild parses only what changed.

Reading a 1,000-card deck file is parsing its TOML, bounding its strings and
depth, and finding the line of every key: a large share of a rebuild after one
edit, though one file at most changed.  While `remembering(cache)` is on,
pnp.load.toml keeps what it finds in a clean file (its plain data, the lines
of a table's keys) in the build cache (pnp.cache: verified on every read,
never trusted blindly), under the SHA-256 of the file's bytes and the pnp
that wrote it; a file whose bytes are the same is then read from there.  Only
a file read without findings is kept, and only data JSON holds as it is (a
TOML date is not: such a file is parsed every time).

A deck file of [[card]] tables is kept table by table, each under the digest
of its own text: after one card's edit only that card is parsed again.  And
each card's cross-check findings are kept under a digest of the card and of
what its check reads (pnp.load.card_memo): only a card that changed, or whose
referenced names or files changed, is checked again.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from pnp.cache import Cache

_CACHE: ContextVar[Cache | None] = ContextVar("pnp_remembered_files", default=None)


@contextmanager
def remembering(cache: Cache | None) -> Iterator[None]:
    """Files read inside are taken from `cache`, or kept in it (None: parsed as always)."""
    token = _CACHE.set(cache)
    try:
        yield
    finally:
        _CACHE.reset(token)


def current() -> Cache | None:
    return _CACHE.get()


def key_of(cache: Cache, what: str, content: bytes, *more: object) -> str:
    return cache.key(what, hashlib.sha256(content).hexdigest(), *more)


def recall(cache: Cache, key: str) -> Any:
    """What was kept under `key`, or None when nothing that verifies is there."""
    return cache.get_json(key).get("value")


def keep(cache: Cache, key: str, value: Any) -> None:
    """Keep `value` when JSON gives it back as it is; else keep nothing."""
    try:
        data = json.dumps({"value": value}, ensure_ascii=False, allow_nan=False).encode()
    except (TypeError, ValueError):  # a date, a time, an infinity: not plain JSON
        return
    if json.loads(data)["value"] != value:
        return
    with contextlib.suppress(OSError):  # the cache only saves time
        cache.put(key, data)
