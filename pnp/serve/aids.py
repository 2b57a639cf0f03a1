"""What the card page offers a translator beside the texts: the glossary terms the original uses, with
whether the translation as typed uses them, and the translation memory's other packs and compendiums."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from pnp.check.text.fields import plain
from pnp.check.text.forms import fold
from pnp.check.text.glossary import GlossaryIndex
from pnp.errors import Finding, warning
from pnp.i18n import _
from pnp.load import load_pack
from pnp.model import Card
from pnp.model.glossary import Term
from pnp.translate.interchange import card_texts
from pnp.translate.memory import Remembered, compendium_entries, pack_entries


@dataclass(frozen=True)
class TermHint:
    """A glossary term of the card's original, against the translation as typed."""

    term: Term
    used: bool  # the translation uses the term's translation
    forbidden: tuple[str, ...]  # the variants it must not use that it uses


def term_hints(
    glossary: GlossaryIndex, terms: list[Term], card: Card, typed: dict[str, str], lang: str
) -> list[TermHint]:
    """Each term against the card's translation: the page's typed "<field>.<lang>" texts, else the file's."""
    target = "\n\n".join(  # the words a reader sees, as the glossary rule reads them: icons are not words
        plain(typed.get(f"{name}.{lang}", values.get(lang, ""))) for name, values in card_texts(card).items()
    )
    folded = fold(target)
    forbidden = glossary.forbidden(target, lang)
    return [
        TermHint(
            term,
            bool(target.strip()) and glossary.translated(term, lang, folded),
            tuple(dict.fromkeys(h.variant for h in forbidden if h.term is term)),
        )
        for term in terms
    ]


def read_elsewhere(sources: Sequence[Path], language: str) -> tuple[list[Remembered], list[Finding]]:
    """The texts of the other packs and compendiums `pnp serve --memory` names, and why any is left out."""
    found: list[Remembered] = []
    findings: list[Finding] = []
    for path in sources:
        shown = str(path)
        if path.is_dir():
            loaded = load_pack(path)
            if loaded.pack is None:
                message = _("{pack} does not load, so its texts are not suggested").format(pack=shown)
                findings.append(warning("memory/pack", shown, message, hint=_("run pnp check on it")))
                continue
            found += pack_entries(loaded.pack, language)
        else:
            entries, problems = compendium_entries(path, shown)
            found += entries
            findings += problems
    return found, findings
