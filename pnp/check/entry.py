"""Where the checks with a memory (pnp.check.cached) keep their findings: an entry per group of
rules, under a key that names the pack's context and the group's rules.  Apart from the rules'
modules, so that a process can tell whether a pack was checked before without importing them.

`pnp check` runs the rules in a process of its own, beside the layout and the text fitting.  When
a pack's cards are checked for the first time (no entry yet, or --no-cache), the rules take longer
than the layout, so the process that lays out runs one group too (BESIDE_LAYOUT), once its layout
is done; after an edit, when the rules take little, both groups run in the rules' process, as a
build runs them.  Each group has an entry of its own either way, so that all of them share one."""

from __future__ import annotations

import hashlib
import os

from pnp.cache import Cache
from pnp.model import PackData

ENTRY = "findings"
# Rules that ask no dictionary (the process that runs them would read it too, a fifth of a second)
# and take, at first sight of a pack, about what the rules' process has more than the layout's: on
# 2000 cards about 0.55 s of 2.6 s.  In the order pnp.check.every_rule gives them.
BESIDE_LAYOUT = ("text/numbers", "text/dropped-word")


def entry_key(cache: Cache, pack: PackData, rule_ids: tuple[str, ...]) -> str:
    """The key of the entry that keeps these rules' findings on this pack."""
    return cache.key(ENTRY, check_context(pack), rule_ids)


def checked_before(pack: PackData, cache: Cache) -> bool:
    """Whether an entry of the group BESIDE_LAYOUT exists for the pack (it may still not verify)."""
    return cache.read and cache.path(entry_key(cache, pack, BESIDE_LAYOUT)).is_file()


def check_context(pack: PackData) -> str:
    """Everything besides the cards that a per-card finding depends on, as a digest."""
    digest = hashlib.sha256()
    for part in (pack.pack, pack.glossary, pack.board, pack.tokens):
        digest.update(b"\0" if part is None else part.model_dump_json().encode())
    digest.update("".join(aid.model_dump_json() for aid in pack.aids).encode())  # aids/: checked as a whole
    other_lines = sorted((k, v) for k, v in pack.lines.items() if k[0] not in ("card", "field"))
    digest.update(repr((str(pack.root), os.getcwd(), other_lines, [d.deck.id for d in pack.decks])).encode())
    return digest.hexdigest()
