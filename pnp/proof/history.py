"""A card's history from git: each commit that changed it, with every changed field word by word.

The workbench's card page shows it.  Only the card's deck file is read at each
revision (`git show REV:path`), never checked out: a history of hundreds of
commits costs one small read per commit shown.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import ValidationError

from pnp.i18n import N_
from pnp.limits import MAX_FILE_BYTES
from pnp.load.revision import repo_prefix, run_git
from pnp.model import Card
from pnp.proof.collect import FieldChange, card_fields, field_order
from pnp.translate.worddiff import word_diff

MAX_COMMITS = 30  # commits of the file looked at; the card changed in some of them
_SEPARATOR = "\x1f"


@dataclass(frozen=True)
class Version:
    commit: str  # short id, or "" for the file as it is on disk, not committed
    date: str
    author: str
    subject: str
    changes: tuple[FieldChange, ...]
    new: bool = False  # the card first appears here


@dataclass
class History:
    versions: list[Version] = field(default_factory=list)
    problem: str | None = None  # why there is none, in English: "not in a git repository" (shown through _)


def card_history(deck_file: Path, card_id: str, limit: int = MAX_COMMITS) -> History:
    """The commits of `deck_file` that changed the card, newest first, and uncommitted changes on top."""
    folder = deck_file.parent
    try:
        inside = run_git(folder, "rev-parse", "--is-inside-work-tree")
    except FileNotFoundError:
        return History(problem=N_("git is not installed"))
    if inside.returncode != 0:
        return History(problem=N_("the pack is not in a git repository"))
    path = repo_prefix(folder) + deck_file.name
    listed = run_git(
        folder, "log", f"-n{limit}", "--format=%h%x1f%ad%x1f%an%x1f%s", "--date=short", "--", deck_file.name
    )
    commits = [line.split(_SEPARATOR) for line in listed.stdout.decode("utf-8", "replace").splitlines()]
    commits = [c for c in commits if len(c) == 4]
    history = History()
    newer = _card_in(deck_file.read_bytes(), card_id)
    newer_label = ("", "", "", "")
    for commit in commits:
        shown = run_git(folder, "show", f"{commit[0]}:{path}")
        older = _card_in(shown.stdout, card_id) if shown.returncode == 0 else None
        _add(history, newer_label, newer, older)
        newer, newer_label = older, (commit[0], commit[1], commit[2], commit[3])
    if len(commits) < limit:  # the oldest commit listed is where the file began
        _add(history, newer_label, newer, None)
    return history


def _add(history: History, label: tuple[str, str, str, str], card: Card | None, before: Card | None) -> None:
    if card is None:
        return
    if before is None:
        history.versions.append(Version(*label, (), new=True))
        return
    fields_old, fields_new = card_fields(before), card_fields(card)
    changes = tuple(
        FieldChange(name, tuple(word_diff(fields_old.get(name, ""), fields_new.get(name, ""))))
        for name in sorted(set(fields_old) | set(fields_new), key=field_order)
        if fields_old.get(name, "") != fields_new.get(name, "")
    )
    if changes:
        history.versions.append(Version(*label, changes))


def _card_in(content: bytes, card_id: str) -> Card | None:
    """The card as that version of the file has it; a version that does not read is no version,
    nor one a pack on disk could not be (over the file limit, or nested past the parser's depth)."""
    if len(content) > MAX_FILE_BYTES:
        return None
    try:
        data = tomllib.loads(content.decode("utf-8-sig"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError):
        return None
    for raw in data.get("card", []) if isinstance(data.get("card"), list) else []:
        if isinstance(raw, dict) and raw.get("id") == card_id:
            try:
                return Card.model_validate(raw)
            except ValidationError:
                return None
    return None
