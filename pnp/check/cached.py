"""The checks with a memory: a card whose content did not change is not checked again.

Most text rules judge each card on its own, against the pack's settings, its
glossary and word lists (PER_CARD, CARD_ALONE).  Their findings are kept per
card, under a digest of the card's content, its file and its lines, in one
cache entry for the pack's context (pack.toml, glossary, board, working
folder, pnp version with its dictionaries).  A run checks only the cards whose
digest is new, on a copy of the pack that holds just those cards, and takes
the rest from the entry.

The rules that compare cards with each other run after any change of a card,
but those in two phases (cited names, consistency, register: Rule.read) keep
what they read of each card in the card's record too, so that only the
changed cards are read again and the combining runs over the parts kept; the
others (deck counts, completeness) are cheap, and run on the whole pack.  When
no card changed at all no rule runs (and Hunspell's dictionary is not even
read).  Editing the glossary or pack.toml checks every card again.

A rule across cards with a part no card changes (Rule.alone: the aids' texts
judged by the card-text rules) keeps that part in the entry as well, and runs
only the rest after an edit.

The result is the findings `check_pack` gives, in the same order per rule:
tests/test_speed.py and tests/test_check_across_cards.py compare them.
"""

from __future__ import annotations

import contextlib
import hashlib
from collections import defaultdict
from collections.abc import Iterator
from typing import Any

from pnp.cache import Cache
from pnp.check import RULES, Rule
from pnp.check.entry import BESIDE_LAYOUT, entry_key
from pnp.check.text.lexicon import spellers
from pnp.collector import collector_paused
from pnp.errors import Finding
from pnp.model import Card, LoadedDeck, PackData, card_json

# rules whose findings on a card depend on that card alone (and the pack's context)
PER_CARD = frozenset(
    {
        "text/glossary",
        "text/untranslated",
        "text/keyword",
        "text/numbers",
        "text/negation",
        "text/number-format",
        "text/repeated-word",
        "text/false-friend",
        "text/typography",
        "text/spelling",
        "text/glyph",
        "text/accent-noun",
        "text/accent-question",
        "text/accent-pronoun",
        "text/accent-diacritic",
        "text/agreement",
    }
)
# rules that judge each card alone too, kept per card as PER_CARD's are.  Apart from PER_CARD, which
# text/consistency (on the cards of tied wordings) and the workbench's preview also run: adding
# these there would change what those find, which is not this cache's business
CARD_ALONE = frozenset(
    {
        "text/comparison",
        "text/opposite",
        "text/period",
        "text/dropped-word",
        "text/condition",
        "text/shortened",
        "text/player",
        "text/homophone",
        "text/grammar",
        "text/line-breaks",
    }
)
KEPT_PER_CARD = PER_CARD | CARD_ALONE
ANSWERS = "dictionary answers"

# A card's record in the entry, under its key: by rule id, the findings of each rule kept per card
# (a rule that found nothing has no item), and the part of each rule in two phases (Rule.read) that
# read something of the card.
Record = dict[str, Any]


def cached_check(pack: PackData, cache: Cache | None, rules: tuple[Rule, ...] = RULES) -> list[Finding]:
    """check_pack's findings, checking again only the cards that changed since the cache was written."""
    found = findings_by_rule(pack, cache, rules)
    return [f for rule in rules for f in found[rule.id]]


def findings_by_rule(pack: PackData, cache: Cache | None, rules: tuple[Rule, ...] = RULES) -> dict[str, list[Finding]]:
    """cached_check's findings, by rule id.  The rules of each group (pnp.check.entry) are kept in
    an entry of their own, so that a check that runs the groups in two processes and one that
    runs them in one share their entries."""
    found: dict[str, list[Finding]] = {}
    with collector_paused():
        for group in rule_groups(rules):
            try:
                found |= _cached_check(pack, cache, group)
            except (TypeError, KeyError, ValueError, AttributeError):
                # an entry that verifies but does not hold what this pnp writes (a stranger's folder):
                # checked as if there were none, and the entry written again
                found |= _cached_check(pack, cache, group, read_entry=False)
    return found


def rule_groups(rules: tuple[Rule, ...]) -> list[tuple[Rule, ...]]:
    """The rules cut into their groups (pnp.check.entry.BESIDE_LAYOUT and the rest), each in the
    order given, the empty ones left out."""
    beside = tuple(rule for rule in rules if rule.id in BESIDE_LAYOUT)
    rest = tuple(rule for rule in rules if rule.id not in BESIDE_LAYOUT)
    return [group for group in (beside, rest) if group]


def _cached_check(
    pack: PackData, cache: Cache | None, rules: tuple[Rule, ...], read_entry: bool = True
) -> dict[str, list[Finding]]:
    if cache is None:
        return {rule.id: rule.run(pack) for rule in rules}
    context = entry_key(cache, pack, tuple(rule.id for rule in rules))
    stored = cache.get_json(context) if read_entry else {}
    per_card_rules = [rule for rule in rules if rule.id in KEPT_PER_CARD]
    across = [rule for rule in rules if rule.id not in KEPT_PER_CARD]
    keys = _card_keys(pack)
    known: dict[str, Record] = stored.get("cards", {})
    fresh = {card_id: key for card_id, key in keys.items() if key not in known}
    pack_level: dict[str, list[dict[str, Any]]] = stored.get("pack", {})
    # the rules across cards are kept for the cards as they are now: a no-op run runs no rule at all
    every_card = hashlib.sha256(repr(sorted(keys.items())).encode()).hexdigest()
    whole: dict[str, list[dict[str, Any]]] = stored.get("whole", {}).get(every_card, {})
    rerun = not all(isinstance(whole.get(rule.id), list) for rule in across)
    alone: dict[str, Any] = stored.get("alone", {})  # kept under the pack's settings, whatever the cards
    if rerun or fresh or "pack" not in stored:
        with _answers_kept(cache):
            pack_level = _check_fresh(pack, fresh, per_card_rules, [r for r in across if _in_two_phases(r)], known)
            if rerun:
                whole = {rule.id: [f.as_dict() for f in _run_across(pack, rule, keys, known, alone)] for rule in across}
        entry = {
            "pack": pack_level,
            "cards": {key: known[key] for key in keys.values() if key in known},
            "whole": {every_card: whole},
            "alone": alone,
        }
        # the cache only saves time: a folder that cannot be written checks in full next time
        with contextlib.suppress(OSError):
            cache.put_json(context, entry, sort_keys=True)
    by_rule: dict[str, list[dict[str, Any]]] = {rule.id: list(pack_level.get(rule.id, [])) for rule in per_card_rules}
    for key in keys.values():  # in the pack's order of cards; a record holds the few rules that found something
        for rule_id, items in known[key].items():
            if rule_id in by_rule:  # not a part of a rule in two phases
                by_rule[rule_id] += items
    return {
        rule.id: [_finding(item) for item in (by_rule[rule.id] if rule.id in by_rule else whole[rule.id])]
        for rule in rules
    }


def _in_two_phases(rule: Rule) -> bool:
    return rule.read is not None and rule.combine is not None


def _run_across(
    pack: PackData, rule: Rule, keys: dict[str, str], known: dict[str, Record], alone: dict[str, Any]
) -> list[Finding]:
    """A rule across cards on the whole pack: in two phases, only its combining, over the parts kept;
    with a part that no card changes, that part as kept (or found now, and kept in `alone`)."""
    if rule.alone is not None and rule.with_cards is not None:
        if rule.id not in alone:
            alone[rule.id] = rule.alone(pack)
        return rule.with_cards(pack, alone[rule.id])
    if rule.read is None or rule.combine is None:
        return rule.run(pack)
    parts = {card_id: known[key][rule.id] for card_id, key in keys.items() if rule.id in known[key]}
    return rule.combine(pack, parts)


def _check_fresh(
    pack: PackData, fresh: dict[str, str], rules: list[Rule], readers: list[Rule], known: dict[str, Record]
) -> dict[str, list[dict[str, Any]]]:
    """Run the per-card rules on the fresh cards, and read their parts for the rules in two phases,
    keeping both in `known`; the findings that name no card, by rule."""
    subset = only_cards(pack, set(fresh))
    records = {card_id: known.setdefault(key, {}) for card_id, key in fresh.items()}
    pack_level = {}
    for rule in rules:
        by_card: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for finding in rule.run(subset):
            by_card[finding.card if finding.card in fresh else ""].append(finding.as_dict())
        pack_level[rule.id] = by_card.pop("", [])
        for card_id, found in by_card.items():  # a card without findings keeps none: a smaller entry
            records[card_id][rule.id] = found
    for rule in readers:
        assert rule.read is not None
        for card_id, part in rule.read(subset).items():
            if card_id in records:
                records[card_id][rule.id] = part
    return pack_level


@contextlib.contextmanager
def _answers_kept(cache: Cache) -> Iterator[None]:
    """The dictionaries' answers of earlier runs recalled, and kept with this run's: words judged
    before need no dictionary, so a check of one edited card seldom reads one."""
    kept = {}
    for name, speller in spellers().items():
        try:
            key = cache.key(ANSWERS, name, speller.digest())
        except OSError:  # a broken install: the rules that need the dictionary report it
            continue
        stored = cache.get_json(key)
        speller.recall(stored)
        speller.keep_in(cache)
        kept[name] = (speller, key, stored)
    yield
    for speller, key, stored in kept.values():
        if speller.answers() != stored:  # new answers, or answers this process had before the entry
            with contextlib.suppress(OSError):  # the cache only saves time
                cache.put_json(key, speller.answers())


_KEYS: list[tuple[PackData, dict[str, str]]] = []  # the last pack's card keys: each group of rules asks


def _card_keys(pack: PackData) -> dict[str, str]:
    """Each card's key: its content, its deck and file, and the lines of its table and fields."""
    if _KEYS and _KEYS[0][0] is pack:
        return _KEYS[0][1]
    keys = _made_card_keys(pack)
    _KEYS[:] = [(pack, keys)]
    return keys


def _made_card_keys(pack: PackData) -> dict[str, str]:
    lines: dict[str, list[str]] = defaultdict(list)
    for (kind, name), line in pack.lines.items():
        if kind == "card":
            lines[name].append(f"card:{name}={line}")
        elif kind == "field":
            lines[name.partition(":")[0]].append(f"field:{name}={line}")
    keys = {}
    for loaded in pack.decks:
        where = f"\0{loaded.deck.id}\0{loaded.file}\0"  # no NUL in a name: the parts cannot run together
        for card in loaded.cards:
            payload = card_json(card) + where + "\0".join(sorted(lines.get(card.id, ())))
            keys[card.id] = hashlib.sha256(payload.encode()).hexdigest()[:32]
    return keys


def only_cards(pack: PackData, card_ids: set[str]) -> PackData:
    """The pack with only these cards in its decks: what the per-card rules need to see."""
    decks: list[LoadedDeck] = []
    for loaded in pack.decks:
        cards: tuple[Card, ...] = tuple(card for card in loaded.cards if card.id in card_ids)
        decks.append(loaded.model_copy(update={"cards": cards}))
    return pack.model_copy(update={"decks": tuple(decks)})


def _finding(item: dict[str, Any]) -> Finding:
    return Finding.from_dict(item)
