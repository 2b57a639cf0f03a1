"""A translation memory: the originals already translated, and the closest of them to a new original.

Built from the pack's own cards whose status in the language is translated or reviewed (the drafts are
not trusted yet), and, when asked, from other packs and PO compendiums.  The workbench builds it once
each time it loads the pack and asks it for each field of the card on the page.

Similarity is rapidfuzz's `fuzz.ratio` (the normalised Indel distance, 0-100) over texts lowercased and
stripped of punctuation by `utils.default_process`, as Poedit and Weblate show a percentage.  The
originals are processed once, when the memory is built; a lookup is one `process.extract` over them,
which rapidfuzz runs in C++ (a few milliseconds at 5000 cards, docs/translating.md).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import polib
from rapidfuzz import fuzz, process, utils

from pnp.errors import Finding, warning
from pnp.i18n import _
from pnp.model import PackData
from pnp.translate.interchange import card_texts

SUGGESTIONS = 5  # shown per field, each inserted by Alt+Shift+1 … 5
CUTOFF = 60  # below this, a "suggestion" is another sentence: Poedit and Weblate stop about here too
DONE = ("translated", "reviewed")


@dataclass(frozen=True)
class Remembered:
    source: str
    target: str
    where: str  # "fuel-cell · text", or the compendium's file name
    card: str = ""
    field: str = ""  # "text", "back.title"


@dataclass(frozen=True)
class Suggestion:
    source: str
    target: str
    where: str
    similarity: int  # 0-100


class Memory:
    def __init__(self, entries: Iterable[Remembered]) -> None:
        kept: dict[tuple[str, str], Remembered] = {}
        for entry in entries:  # the same pair twice is one suggestion, where it was first found
            if entry.source.strip() and entry.target.strip():
                kept.setdefault((entry.source, entry.target), entry)
        self.entries = list(kept.values())
        self._processed = [utils.default_process(entry.source) for entry in self.entries]

    def __len__(self) -> int:
        return len(self.entries)

    def suggest(self, original: str, card: str = "", field: str = "", limit: int = SUGGESTIONS) -> list[Suggestion]:
        """The closest remembered originals to this one, best first; never the field itself."""
        query = utils.default_process(original)
        if not query or not self.entries:
            return []
        found = process.extract(
            query, self._processed, scorer=fuzz.ratio, processor=None, limit=limit + 1, score_cutoff=CUTOFF
        )
        out = []
        for _choice, score, index in found:
            entry = self.entries[index]
            if card and entry.card == card and entry.field == field:
                continue
            out.append(Suggestion(entry.source, entry.target, entry.where, int(score)))
        return out[:limit]


def pack_entries(pack: PackData, lang: str) -> list[Remembered]:
    """Every text of the cards translated or reviewed in `lang`, with its original."""
    source_language = pack.pack.source_language
    found = []
    for deck in pack.decks:
        for card in deck.cards:
            if card.status.get(lang) not in DONE:
                continue
            for name, localized in card_texts(card).items():
                source, target = localized.get(source_language, ""), localized.get(lang, "")
                if source and target:
                    found.append(Remembered(source, target, f"{card.id} · {name}", card.id, name))
    return found


def compendium_entries(path: Path, shown: str) -> tuple[list[Remembered], list[Finding]]:
    """The translated, not fuzzy, entries of a PO file (a compendium, or another pack's export)."""
    try:
        po = polib.pofile(str(path))
    except (OSError, ValueError, UnicodeDecodeError) as exc:
        problem = _("cannot read {file} as a PO file: {problem}").format(file=shown, problem=exc)
        return [], [warning("memory/po", shown, problem, hint=_("give a .po file, or another pack's folder"))]
    found = [
        Remembered(entry.msgid, entry.msgstr, path.name)
        for entry in po
        if entry.msgstr and not entry.obsolete and "fuzzy" not in entry.flags
    ]
    return found, []
