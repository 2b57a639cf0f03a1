"""Rules about deck composition: the box manifest."""

from __future__ import annotations

from pnp.check.rule import Rule
from pnp.errors import Finding, Severity, info, warning
from pnp.load.pack import PACK_FILE, shown_path
from pnp.model import PackData


def check_deck_counts(pack: PackData) -> list[Finding]:
    findings = []
    for loaded in pack.decks:
        deck = loaded.deck
        if deck.expected_count is None or deck.origin is not None:
            continue
        if loaded.total != deck.expected_count:
            short = deck.expected_count - loaded.total
            what = f"{short} still to enter" if short > 0 else f"{-short} too many"
            findings.append(
                warning(
                    "deck/manifest",
                    shown_path(pack.root / PACK_FILE),
                    f'deck "{deck.id}": expected {deck.expected_count} cards (box contents), '
                    f"found {loaded.total} ({what})",
                    line=pack.line("deck", deck.id),
                    field=f"deck.{deck.id}.expected_count",
                    hint=f"list what it holds with: pnp deck {shown_path(pack.root)} {deck.id}",
                )
            )
    return findings


def check_manifest_lines(pack: PackData) -> list[Finding]:
    """A box line over decks that all carry an expected count is already checked per
    deck; then only the sum of those counts is compared with the box."""
    findings = []
    pack_file = shown_path(pack.root / PACK_FILE)
    for line in pack.pack.manifest:
        decks = [d for d in pack.decks if d.deck.id in line.decks]
        if not decks:
            continue
        name = line.name.get(pack.pack.source_language) or line.id
        where = {"line": pack.line("manifest", line.id), "field": f"manifest.{line.id}.count"}
        expected = [d.deck.expected_count for d in decks]
        if all(e is not None for e in expected):
            total = sum(e for e in expected if e is not None)
            if total != line.count:
                findings.append(
                    warning(
                        "box/manifest",
                        pack_file,
                        f'box contents "{name}": {line.count} cards, but the expected counts of '
                        f"{', '.join(line.decks)} add up to {total}",
                        **where,
                        hint="correct the decks' expected_count or this line's count",
                    )
                )
            continue
        found = sum(d.total for d in decks)
        if found != line.count:
            findings.append(
                warning(
                    "box/manifest",
                    pack_file,
                    f'box contents "{name}": expected {line.count} cards, found {found} in {", ".join(line.decks)}',
                    **where,
                )
            )
    return findings


def check_verify_notes(pack: PackData) -> list[Finding]:
    return [
        info(
            "card/verify",
            shown_path(loaded.file),
            f"to verify: {card.verify}",
            card=card.id,
            line=pack.line("card", card.id),
            field="verify",
        )
        for loaded in pack.decks
        for card in loaded.cards
        if card.verify
    ]


RULES = (
    Rule(
        "deck/manifest",
        Severity.WARNING,
        "Each deck holds the number of cards the box manifest gives it.",
        check_deck_counts,
    ),
    Rule(
        "box/manifest",
        Severity.WARNING,
        "Each line of the box contents adds up over the decks it counts.",
        check_manifest_lines,
    ),
    Rule(
        "card/verify",
        Severity.INFO,
        "Facts marked `verify` still need checking against a physical card.",
        check_verify_notes,
    ),
)
