"""`pnp glossary apply`: a FIXES list applied to every translation of a pack, and recorded in its glossary."""

from __future__ import annotations

from bisect import insort
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tomlkit

from pnp.check.text.forms import fold
from pnp.check.text.phrases import phrase_matcher
from pnp.errors import Finding, error, info
from pnp.i18n import _
from pnp.model import PackData
from pnp.paths import shown_path
from pnp.report import subject
from pnp.translate.agreement_fixes import Rewriter, fix_genders
from pnp.translate.files import glossary_path, keep_line_endings, text_files
from pnp.translate.fixes import Fix
from pnp.translate.replace import Inside, Replacer
from pnp.translate.tomledit import localized_values, set_text
from pnp.translate.worddiff import Piece, format_word_diff, word_diff

MAX_LISTED = 3
REVIEWED, TRANSLATED = "reviewed", "translated"


@dataclass(frozen=True)
class Change:
    """One text that changes: where it is, and its old and new value."""

    file: str
    line: int | None
    card: str | None
    field: str
    old: str
    new: str
    why: str = ""  # said after the diff: why a text nobody named changes (a status back to "translated")
    pieces: list[Piece] | None = None  # the diff when the edits are known: each its own change
    aid: str | None = None  # the aid (aids/<id>) whose text this is, for an aid's text

    def shown(self) -> str:
        """'supply.toml:12: card "x" field "title.es": [-Paraíso-]{+Refugio+}', as every editing command lists it."""
        place = self.file + (f":{self.line}" if self.line else "")
        why = f" ({self.why})" if self.why else ""
        pieces = self.pieces if self.pieces is not None else word_diff(self.old, self.new)
        return f"{place}: {subject(self.card, self.field)}: {format_word_diff(pieces)}{why}"


@dataclass
class Plan:
    """What applying would do: new file contents, the changes for people, and what stops it."""

    writes: list[tuple[Path, bytes]] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)
    glossary: list[str] = field(default_factory=list)  # one line per glossary change
    findings: list[Finding] = field(default_factory=list)


def plan_fixes(pack: PackData, fixes: list[Fix], fixes_shown: str, lang: str, allow_inside: bool) -> Plan:
    plan = Plan()
    replacer = Replacer(fixes)
    genders, plan.findings = fix_genders(pack, fixes, fixes_shown, lang)
    rewriter = Rewriter(replacer, genders, lang)
    used: set[Fix] = set()
    inside: dict[Fix, list[str]] = {}
    for source in text_files(pack):
        changes: list[Change] = []
        for value in localized_values(source.document, source.model, source.text):
            if value.lang != lang:
                continue
            where = f"{source.shown}:{value.line}" if value.line else source.shown
            for found in replacer.inside_words(value.value):
                inside.setdefault(found.fix, []).append(f'"{found.word}" ({where})')
            rewrite = rewriter.rewrite(value.value)
            if not rewrite.replacements:
                continue
            used |= {r.fix for r in rewrite.replacements}
            if rewrite.problem is not None:
                plan.findings.append(
                    error(
                        "fixes/agreement",
                        source.shown,
                        rewrite.problem,
                        line=value.line,
                        card=value.record_id,
                        field=value.field,
                        hint=_("change this text by hand, then run again; nothing was written"),
                    )
                )
                continue
            set_text(value.table, value.lang, rewrite.new, lambda raw: rewriter.rewrite(raw).new)
            changes.append(
                Change(
                    source.shown, value.line, value.record_id, value.field, value.value, rewrite.new, "", rewrite.pieces
                )
            )
        plan.changes += with_reviews_undone(pack, source.document, source.shown, changes, lang)
        if source.changed():
            plan.writes.append((source.path, source.new_bytes()))
    if not allow_inside:
        plan.findings += [
            _inside_finding(fix, words, fixes_shown) for fix, words in sorted(inside.items(), key=_by_line)
        ]
    for fix in fixes:
        if fix not in used and fix not in inside:
            plan.findings.append(
                info(
                    "fixes/unused",
                    fixes_shown,
                    _('"{wrong}" is in no translation ({lang}) of the pack').format(wrong=fix.wrong, lang=lang),
                    line=fix.line,
                )
            )
    glossary_write, plan.glossary = _record_in_glossary(pack, fixes, lang, fixes_shown)
    if glossary_write is not None:
        plan.writes.append(glossary_write)
    return plan


def with_reviews_undone(pack: PackData, document: Any, shown: str, changes: list[Change], lang: str) -> list[Change]:
    """A reviewed card whose text changes is "translated" again: someone must review the new text.

    Its status change follows the card's last text change."""
    out: list[Change] = []
    for index, change in enumerate(changes):
        out.append(change)
        last = index + 1 == len(changes) or changes[index + 1].card != change.card
        if change.card is None or not last:
            continue
        table = next((t for t in document.get("card", []) if t.get("id") == change.card), None)
        status = table.get("status") if table is not None else None
        if status is None or status.get(lang) != REVIEWED:
            continue
        set_text(status, lang, TRANSLATED)
        line = pack.line("field", f"{change.card}:status.{lang}") or pack.line("card", change.card)
        why = _("its text changed: review it again")
        out.append(Change(shown, line, change.card, f"status.{lang}", REVIEWED, TRANSLATED, why))
    return out


def _by_line(item: tuple[Fix, list[str]]) -> int:
    return item[0].line


def _inside_finding(fix: Fix, words: list[str], fixes_shown: str) -> Finding:
    listed = ", ".join(words[:MAX_LISTED]) + (f" and {len(words) - MAX_LISTED} more" if len(words) > MAX_LISTED else "")
    example = Inside(fix, words[0].split('"')[1]).word
    return error(
        "fixes/inside-word",
        fixes_shown,
        _('"{wrong}" is also part of longer words, which whole-word matching leaves as they are: {listed}').format(
            wrong=fix.wrong, listed=listed
        ),
        line=fix.line,
        hint=_(
            'add a line for each of them ("{example} >> ..."), or run again with '
            "--allow-inside to change the whole words only"
        ).format(example=example),
    )


# --- the glossary ------------------------------------------------------------------


def _record_in_glossary(
    pack: PackData, fixes: list[Fix], lang: str, fixes_shown: str
) -> tuple[tuple[Path, bytes] | None, list[str]]:
    """Right terms become canonical targets, wrong ones their forbidden variants."""
    path = glossary_path(pack)
    exists = path.exists()
    raw = path.read_bytes().decode("utf-8") if exists else ""
    bom = raw.startswith("\ufeff")
    text = raw.removeprefix("\ufeff")
    document = tomlkit.parse(text)
    default = pack.pack.printed_language
    terms = document.get("term")
    added: list[tomlkit.items.Table] = []  # new terms go at the end of the file, each after a blank line
    said: list[str] = []
    shown = shown_path(path)
    candidates = _Terms(lang, [t for t in (terms or []) if str(t.get("lang", default)) == lang])
    for fix in sorted(fixes, key=lambda f: f.line):
        term = candidates.find(fix.right)
        done = []
        # a limited fix is right in some places only: its wrong term is right elsewhere, so no term
        # is retargeted to it, and it is forbidden where the limits say (forbidden_where)
        if term is None and not fix.limited:
            term = candidates.find(fix.wrong)
            if term is not None:
                candidates.retarget(term, fix.right)
                set_text(term, "target", fix.right)
                _drop_forbidden(term, fix.right)
                done.append(f'target "{fix.wrong}" -> "{fix.right}"')
        if term is None:
            term = tomlkit.table()
            term.add("source", "")
            term.add("target", fix.right)
            term.add("forbidden", tomlkit.array())
            term.add("note", f"From {fixes_shown} line {fix.line} (pnp glossary apply): write the source term.")
            added.append(term)
            if str(term.get("lang", default)) == lang:
                candidates.add(term)
            done.append("new term (its source is empty: write it)")
        forbidden = [str(v) for v in term.get("forbidden", [])]
        if not any(_same(v, fix.wrong, lang) for v in forbidden):
            if "forbidden" not in term:
                term.add("forbidden", tomlkit.array())
            term["forbidden"].append(fix.wrong)
            done.append(f'forbidden += "{fix.wrong}"')
        where = term.get("forbidden_where")
        if fix.limited and (where is None or where.get(fix.wrong) != fix.limits_text):
            if where is None:
                term.add("forbidden_where", tomlkit.inline_table())
            term["forbidden_where"][fix.wrong] = fix.limits_text
            done.append(f'forbidden_where.{fix.wrong} = "{fix.limits_text}"')
        if done:
            name = term.get("source") or term.get("target")
            said.append(f'{shown}: term "{name}": {", ".join(done)}')
    new = tomlkit.dumps(document)
    for term in added:
        new = new.rstrip("\r\n") + ("\n\n" if new.strip() else "") + "[[term]]\n" + tomlkit.dumps(term)
    new = keep_line_endings(text, new)
    if new == text:
        return None, said
    return (path, (("\ufeff" if bom else "") + new).encode("utf-8")), said


class _Terms:
    """The glossary's terms of one language, found by any form of their target.

    A fixes file of 2,000 lines against a glossary of 2,000 terms would compare
    every line with every term; terms are kept in buckets by the first sound of
    their target instead, which every inflected form shares (`_first_sound`).
    """

    def __init__(self, lang: str, tables: list[Any]) -> None:
        self.lang = lang
        self.tables: list[Any] = []
        self.targets: list[str] = []
        self.buckets: dict[str, list[int]] = {}
        for table in tables:
            self.add(table)

    def add(self, table: Any) -> None:
        self.tables.append(table)
        self.targets.append(str(table.get("target", "")))
        self.buckets.setdefault(_first_sound(self.targets[-1]), []).append(len(self.tables) - 1)

    def find(self, phrase: str) -> Any | None:
        """The first term, in file order, whose target `phrase` is a form of."""
        folded = fold(phrase)
        for index in self.buckets.get(_first_sound(phrase), []):
            if phrase_matcher(self.targets[index], self.lang).fullmatch(folded):
                return self.tables[index]
        return None

    def retarget(self, table: Any, target: str) -> None:
        index = next(i for i, t in enumerate(self.tables) if t is table)
        self.buckets[_first_sound(self.targets[index])].remove(index)
        self.targets[index] = target
        insort(self.buckets.setdefault(_first_sound(target), []), index)


def _first_sound(phrase: str) -> str:
    """What every inflected form of a phrase starts with: its first letter, or "vowel".

    Inflection changes endings, and stem changes touch vowels only (poder ->
    puedo, entender -> entiendo): a test checks this over the word lists."""
    first = fold(phrase.strip())[:1]
    return "vowel" if first in "aeiouy" else first


def _same(term: str, other: str, lang: str) -> bool:
    """One term in another form: "refugios" is "refugio", "Grandes Desafíos" is "Gran Desafío"."""
    return phrase_matcher(term, lang).fullmatch(fold(other)) is not None


def _drop_forbidden(term: tomlkit.items.Table, right: str) -> None:
    forbidden = term.get("forbidden")
    if forbidden is None:
        return
    for index in reversed(range(len(forbidden))):
        if _same(str(forbidden[index]), right, "") or fold(str(forbidden[index])) == fold(right):
            del forbidden[index]
