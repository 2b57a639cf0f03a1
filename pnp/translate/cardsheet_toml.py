"""What a card spreadsheet changes in the deck files: the fields a card lacks filled in, new cards appended.

Every other byte of a deck file stays as it was (tomlkit); a field the card
already has with another value is a conflict, reported, and the pack's value kept.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tomlkit

from pnp.errors import Finding, error
from pnp.i18n import _
from pnp.model import Card, DeckFile, LoadedDeck, PackData
from pnp.translate.cardsheet_columns import TEXTS
from pnp.translate.files import PackFile, open_file
from pnp.translate.glossary_apply import Change
from pnp.translate.interchange import set_field


@dataclass
class CardSheetPlan:
    """What importing the sheet would do: new file contents, the changes for people, and each row's fate."""

    writes: list[tuple[Path, bytes]] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    new_cards: list[tuple[int, str, str]] = field(default_factory=list)  # (row, id, title)
    updated_cards: list[tuple[int, str]] = field(default_factory=list)
    refused_rows: list[int] = field(default_factory=list)


def _current(card: Card, name: str) -> Any:
    head, _dot, rest = name.partition(".")
    value = getattr(card, head, None)
    if rest:
        return value.get(rest) if isinstance(value, dict) else None
    return list(value) if isinstance(value, list | tuple) else value


def fill_in_cards(
    pack: PackData,
    updates: list[tuple[int, str, dict[str, Any]]],
    plan: CardSheetPlan,
    shown: str,
    files: dict[Path, PackFile],
) -> None:
    """Rows of cards the pack has: the fields each card lacks, filled in; a field it has otherwise, a conflict."""
    cards = pack.cards()
    for number, card_id, values in updates:
        card = cards[card_id]
        deck = pack.deck_of(card_id)
        assert deck is not None
        label = _("row {number}").format(number=number)
        fill = {}
        for name, value in values.items():
            now = _current(card, name)
            if now in (None, "", []) or (name == "count" and now == 1 and "count" not in _explicit(deck, card_id)):
                if value != now:
                    fill[name] = value
            elif now != value:
                plan.findings.append(
                    error(
                        "import/conflict",
                        shown,
                        _(
                            '{label}: card "{card}" {field}: the sheet says "{theirs}", the pack says "{ours}": '
                            "the pack's is kept"
                        ).format(label=label, card=card_id, field=name, theirs=value, ours=now),
                        line=number,
                        card=card_id,
                        field=name,
                        hint=_("change it in the TOML file if the sheet is right"),
                    )
                )
        if not fill:
            continue
        source = files.setdefault(deck.file, open_file(deck.file, DeckFile))
        table = next(t for t in source.document["card"] if t.get("id") == card_id)
        for name, value in fill.items():
            _set(table, name, value)
            plan.changes.append(Change(source.shown, pack.line("card", card_id), card_id, name, "", _show(value)))
        plan.updated_cards.append((number, card_id))


def _explicit(deck: LoadedDeck, card_id: str) -> set[str]:
    """The keys a card's TOML table writes (count = 1 is the default when it is not written)."""
    source = open_file(deck.file, DeckFile)
    table: Any = next((t for t in source.document.get("card", []) if t.get("id") == card_id), {})
    return set(table.keys())


def _set(table: Any, name: str, value: Any) -> None:
    head, _dot, rest = name.partition(".")
    if head in TEXTS:
        set_field(table, [head], rest, value)
    elif rest:
        if head not in table:
            table.append(tomlkit.key([head, rest]), value)
        else:
            table[head][rest] = value
    else:
        table[head] = value


def _show(value: Any) -> str:
    return ", ".join(value) if isinstance(value, list) else str(value)


def append_cards(
    pack: PackData,
    deck: LoadedDeck,
    tables: list[tuple[int, dict[str, Any]]],
    plan: CardSheetPlan,
    files: dict[Path, PackFile],
) -> None:
    """Rows of new cards: each a [[card]] table at the end of the deck's file, its fields in the usual order."""
    if not tables:
        return
    source = files.setdefault(deck.file, open_file(deck.file, DeckFile))
    if "card" not in source.document:
        source.document.append("card", tomlkit.aot())
    order = [
        "id",
        "type",
        "count",
        *(f"{t}.{lang}" for t in TEXTS for lang in [pack.pack.source_language, *pack.pack.target_languages]),
    ]
    for number, values in tables:
        table = tomlkit.table()
        for name in sorted(values, key=lambda n: order.index(n) if n in order else len(order)):
            _set(table, name, values[name])
        cards = source.document["card"]
        if len(cards) and not cards[-1].as_string().endswith("\n\n"):
            cards[-1].add(tomlkit.nl())  # a blank line between cards, as pnp new and people write them
        cards.append(table)
        title = next((v for k, v in values.items() if k.startswith("title.")), "")
        plan.new_cards.append((number, values["id"], str(title)))
