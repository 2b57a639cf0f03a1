"""Saving one card from the workbench: the fields a person changed, each against the value the page showed.

Every value comes with the hash of the text the page was showing (its base,
as in `pnp import`).  A field whose text on disk is no longer that base was
changed by someone else since the page loaded (an editor, another browser
tab): it is a conflict, shown beside the person's own text and never
overwritten.  Other cards and fields of the file may have changed meanwhile:
they are kept, since the edit goes into the file as it is now, byte for byte.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import tomli
import tomlkit

from pnp.errors import Finding, error
from pnp.i18n import _
from pnp.load.bounds import oversized_strings
from pnp.load.toml import key_lines
from pnp.model import Card, DeckFile, PackData
from pnp.paths import shown_path
from pnp.translate.files import BOM, PackFile, keep_line_endings, open_file
from pnp.translate.glossary_apply import Change, with_reviews_undone
from pnp.translate.interchange import STATUS, STATUSES, base_hash, card_texts, current_text, normalize, set_field

COMMENT = "comment"  # comment.<field>.<lang>: a note on a text (docs/pack-format.md)
ALWAYS = ("title", "text")  # offered on every card, even empty; the other texts when the card has them


@dataclass(frozen=True)
class FieldEdit:
    field: str  # "text.es", "back.title.en", "status.es"
    value: str
    base: str  # base_hash of the text the page showed


@dataclass(frozen=True)
class Conflict:
    field: str
    yours: str
    theirs: str  # the text on disk now
    base: str  # its hash: sent back with the form, a second save replaces it knowingly
    typed: bool = True  # yours was typed on the page; False: the page only showed it (a status click)


@dataclass
class CardEditPlan:
    writes: list[tuple[Path, bytes]] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)
    conflicts: list[Conflict] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)


def text_fields(card: Card) -> list[str]:
    """The card's text fields a page offers: "title", "text", then the others it has."""
    return [name for name, values in card_texts(card).items() if name in ALWAYS or any(values.values())]


def editable(pack: PackData, card: Card) -> set[str]:
    """Every "<field>.<lang>" a request may change on this card: its texts, its status and the comments on
    its texts ("comment.text.es")."""
    names = {f"{name}.{lang}" for name in card_texts(card) for lang in pack.languages}
    notes = {f"{COMMENT}.{name}.{lang}" for name in card_texts(card) for lang in pack.pack.target_languages}
    return names | notes | {f"{STATUS}.{lang}" for lang in pack.pack.target_languages}


def comment_text(card: Card, name: str, lang: str) -> str:
    """The card's comment on a text: name is "comment.text" or "comment.back.title"."""
    path = name.split(".")[1:]
    face: object = card.comment
    if path[:1] == ["back"]:
        face, path = getattr(face, "back", None), path[1:]
    if face is None or len(path) != 1:
        return ""
    notes = getattr(face, path[0], None)
    return str(notes.get(lang, "")) if isinstance(notes, dict) else ""


def card_comments(card: Card, lang: str) -> dict[str, str]:
    """The card's comments in a language, by text field ("text", "back.title"), those that say something."""
    found = {name: comment_text(card, f"{COMMENT}.{name}", lang) for name in card_texts(card)}
    return {name: note for name, note in found.items() if note.strip()}


def plan_card_edit(pack: PackData, card_id: str, edits: list[FieldEdit], seen: bool = False) -> CardEditPlan:
    """The card's file with the changed fields set, or the conflicts and problems that stop it.

    `pack` must be loaded from the files as they are now: the bases are compared with it.  With `seen`
    (a status set from the page), every text the page showed must still be the file's, typed over or
    not: a card is marked translated or reviewed for the texts the person read, never for others."""
    plan = CardEditPlan()
    card, deck = pack.cards()[card_id], pack.deck_of(card_id)
    assert deck is not None
    source = CardSource.open(deck.file, card_id)
    table = source.table
    shown = shown_path(deck.file)
    for edit in edits:
        name, _dot, lang = edit.field.rpartition(".")
        is_comment = name.startswith(f"{COMMENT}.")
        current = comment_text(card, name, lang) if is_comment else current_text(card, name, lang)
        value = normalize(edit.value)  # browsers send \r\n
        if value != current and base_hash(value) == edit.base and seen and name != STATUS:
            plan.conflicts.append(Conflict(edit.field, value, current, base_hash(current), typed=False))
            continue
        if value == current or base_hash(value) == edit.base:
            continue  # as the file says, or as the page showed it: not this page's edit
        where = {"line": pack.line("field", f"{card_id}:{edit.field}") or pack.line("card", card_id)}
        if base_hash(current) != edit.base:
            plan.conflicts.append(Conflict(edit.field, value, current, base_hash(current)))
            continue
        if not value.strip() and not is_comment:  # a comment answered may be emptied: it is not a text
            plan.findings.append(
                error(
                    "edit/empty",
                    shown,
                    _('the page empties field "{field}", and pnp never deletes a text').format(field=edit.field),
                    card=card_id,
                    field=edit.field,
                    hint=_("put the text back; to remove it, edit the TOML file"),
                    **where,
                )
            )
            continue
        oversized = oversized_strings({edit.field: value}, shown, lambda *_key, line=where["line"]: line)
        if oversized:  # the limits the loader applies: said here, with the loader's words, before any write
            plan.findings += [replace(f, card=card_id, field=edit.field) for f in oversized]
            continue
        if name == STATUS and value not in STATUSES:
            plan.findings.append(
                error(
                    "edit/status",
                    shown,
                    _('"{value}" is not a status').format(value=value),
                    card=card_id,
                    field=edit.field,
                    **where,
                )
            )
            continue
        set_field(table, name.split("."), lang, value)
        plan.changes.append(Change(shown, where["line"], card_id, edit.field, current, value))
    if plan.conflicts or plan.findings:
        return CardEditPlan(conflicts=plan.conflicts, findings=plan.findings)
    asked = {e.field for e in edits if e.field.startswith(f"{STATUS}.")}  # "reviewed" again, with a new text
    plan.changes = _reviews_undone(pack, source.document, shown, plan.changes, asked)
    if source.changed():
        plan.writes.append((deck.file, source.new_bytes()))
    return plan


class CardSource:
    """One card's table of a deck file, parsed by tomlkit alone: the rest of the file is kept as text.

    tomlkit takes seconds on a deck file of a thousand cards; a save changes one
    card.  The card's lines (from its `[[card]]` header to the next one) are
    parsed and edited with the same functions as `pnp import`, and put back
    between the untouched lines around them.  Before that, the lines must read
    as that card alone and the rest as the other cards (a layout the line scan
    misreads is parsed whole instead); after it, the new file must read as the
    old one but for that card.
    """

    def __init__(self, file: PackFile, head: str = "", tail: str = "", data: dict[str, Any] | None = None) -> None:
        self.file, self.head, self.tail, self.data = file, head, tail, data  # data: the other cards, when split
        self.document = file.document
        self.table: Any = None

    @classmethod
    def open(cls, path: Path, card_id: str) -> CardSource:
        raw = path.read_bytes().decode("utf-8")  # the loader has read it: UTF-8 TOML
        source = cls._split(path, raw.removeprefix(BOM), raw.startswith(BOM), card_id) or cls(open_file(path, DeckFile))
        source.table = next(t for t in source.document["card"] if t.get("id") == card_id)
        return source

    @classmethod
    def _split(cls, path: Path, text: str, bom: bool, card_id: str) -> CardSource | None:
        data = tomli.loads(text)
        cards = data.get("card", [])
        headers = [record[""] for record in key_lines(text, "card")]
        index = next((i for i, raw in enumerate(cards) if raw.get("id") == card_id), None)
        if index is None or len(headers) != len(cards):
            return None
        lines = text.splitlines(keepends=True)
        start, end = headers[index] - 1, headers[index + 1] - 1 if index + 1 < len(headers) else len(lines)
        head, chunk, tail = "".join(lines[:start]), "".join(lines[start:end]), "".join(lines[end:])
        try:
            alone, rest = tomli.loads(chunk), tomli.loads(head + tail)
        except tomli.TOMLDecodeError:
            return None
        if alone != {"card": [cards[index]]} or rest != {**data, "card": cards[:index] + cards[index + 1 :]}:
            return None
        part = PackFile(path, DeckFile, chunk, False, tomlkit.parse(chunk))
        return cls(part, (BOM if bom else "") + head, tail, {**data, "card": (cards, index)})

    def changed(self) -> bool:
        return self.file.changed()

    def new_bytes(self) -> bytes:
        if self.data is None:
            return self.file.new_bytes()
        edited = keep_line_endings(self.file.text, tomlkit.dumps(self.document))
        text = self.head + edited + self.tail
        cards, index = self.data["card"]
        expected = {**self.data, "card": [*cards[:index], *tomli.loads(edited)["card"], *cards[index + 1 :]]}
        if tomli.loads(text.removeprefix(BOM)) != expected:  # unreachable: both parts were read alone
            raise ValueError(_("the edit of {file} would change more than its card").format(file=self.file.shown))
        return text.encode("utf-8")


def _reviews_undone(
    pack: PackData, document: object, shown: str, changes: list[Change], asked: frozenset[str] | set[str] = frozenset()
) -> list[Change]:
    """A reviewed translation whose text or original changes goes back to "translated", as glossary fixes do;
    unless the same save sets that status itself (even to the status it has: "mark reviewed" with a new text)."""
    set_now = {c.field for c in changes if c.field.startswith(f"{STATUS}.")} | asked
    out = list(changes)
    for lang in pack.pack.target_languages:
        if f"{STATUS}.{lang}" in set_now:
            continue
        touched = [
            c
            for c in changes
            if not c.field.startswith((f"{STATUS}.", f"{COMMENT}."))  # a note on a text does not change it
            and c.field.rpartition(".")[2] in (lang, pack.pack.source_language)
        ]
        out += [c for c in with_reviews_undone(pack, document, shown, touched, lang) if c not in touched]
    return out
