"""Which fixes carry a gender (from the glossary), and a fix applied to one text with its agreement."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.check.text.forms import fold
from pnp.check.text.lexicon import speller
from pnp.check.text.nouns import unusable_gender
from pnp.check.text.phrases import phrase_matcher
from pnp.errors import Finding, info
from pnp.i18n import _
from pnp.model import PackData
from pnp.translate.agreement import Edit, Gender, Number, agree
from pnp.translate.fixes import Fix
from pnp.translate.replace import Replacement, Replacer
from pnp.translate.worddiff import Piece, edits_diff

AGREEMENT = "fixes/agreement"


def fix_genders(
    pack: PackData, fixes: list[Fix], fixes_shown: str, lang: str
) -> tuple[dict[Fix, tuple[Gender, Number | None]], list[Finding]]:
    """The gender (and number) each fix's right term takes from its glossary term, and notes for the
    terms whose gender agreement cannot use (a verb, a phrase)."""
    default = pack.pack.printed_language
    terms = [t for t in pack.glossary.term if (t.lang or default) == lang and t.gender is not None]
    checker = speller(lang)
    genders: dict[Fix, tuple[Gender, Number | None]] = {}
    findings: list[Finding] = []
    for fix in fixes:
        term = next((t for t in terms if phrase_matcher(t.target, lang).fullmatch(fold(fix.right))), None)
        if term is None or term.gender is None:
            continue
        why = unusable_gender(term, checker)
        if why is not None:
            findings.append(
                info(
                    AGREEMENT,
                    fixes_shown,
                    _(
                        '"{term}" is {why}: its gender ("{gender}") is not used, the words around it stay as they are'
                    ).format(term=fix.right, why=_(why), gender=term.gender),
                    line=fix.line,
                )
            )
            continue
        number = None
        if term.number is not None and fold(term.target) == fold(fix.right):
            number = "p" if term.number == "plural" else "s"
        genders[fix] = (term.gender, number)
    return genders, findings


@dataclass(frozen=True)
class Rewrite:
    """One text rewritten: the new text, the replacements in it, and its diff with each edit its own change."""

    new: str
    replacements: list[Replacement]
    problem: str | None  # why agreement cannot be decided: then new is the old text
    pieces: list[Piece]


class Rewriter:
    """A text with every fix applied and the words agreeing with each fixed term made to agree."""

    def __init__(self, replacer: Replacer, genders: dict[Fix, tuple[Gender, Number | None]], lang: str) -> None:
        self.replacer = replacer
        self.genders = genders
        self.checker = speller(lang) if genders else None

    def rewrite(self, text: str) -> Rewrite:
        """The new text, or why agreement cannot be decided."""
        replacements = self.replacer.find(text)
        edits = [Edit(r.start, r.end, r.written) for r in replacements]
        for replacement in replacements:
            gender = self.genders.get(replacement.fix)
            if gender is None or self.checker is None:
                continue
            agreement = agree(text, replacement.start, replacement.end, replacement.written, *gender, self.checker)
            if agreement.problem is not None:
                problem = f'"{replacement.found}" -> "{replacement.written}": {agreement.problem}'
                return Rewrite(text, replacements, problem, [])
            edits += [e for e in agreement.edits if not any(_overlap(e, r) for r in replacements)]
        out, last, kept = [], 0, []
        for edit in sorted(set(edits), key=lambda e: e.start):
            if edit.start < last:
                continue
            out += [text[last : edit.start], edit.written]
            kept.append((edit.start, edit.end, edit.written))
            last = edit.end
        out.append(text[last:])
        return Rewrite("".join(out), replacements, None, edits_diff(text, kept))


def _overlap(edit: Edit, replacement: Replacement) -> bool:
    return edit.start < replacement.end and replacement.start < edit.end
