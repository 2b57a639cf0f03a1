"""Printing findings for people (text) and for tools (JSON)."""

from __future__ import annotations

import json
from collections.abc import Sequence

from pnp.errors import Finding, Severity
from pnp.i18n import N_, _, ngettext, pgettext, plural_forms

JSON_SCHEMA_VERSION = 1

# The severity words of the text output; JSON keeps the codes ("error", "warning", "info").
SEVERITY_WORDS = {Severity.ERROR: N_("error"), Severity.WARNING: N_("warning"), Severity.INFO: N_("info")}

# The nouns that plural() counts, in both forms, so that each language can say them its own way.
COUNTED = {
    "aid": plural_forms("{n} aid", "{n} aids"),
    "card": plural_forms("{n} card", "{n} cards"),
    "card design": plural_forms("{n} card design", "{n} card designs"),
    "design": plural_forms("{n} design", "{n} designs"),
    "change": plural_forms("{n} change", "{n} changes"),
    "distinct face": plural_forms("{n} distinct face", "{n} distinct faces"),
    "error": plural_forms("{n} error", "{n} errors"),
    "file": plural_forms("{n} file", "{n} files"),
    "finding": plural_forms("{n} finding", "{n} findings"),
    "image": plural_forms("{n} image", "{n} images"),
    "note": plural_forms("{n} note", "{n} notes"),
    "sheet": plural_forms("{n} sheet", "{n} sheets"),
    "text": plural_forms("{n} text", "{n} texts"),
    "warning": plural_forms("{n} warning", "{n} warnings"),
}


def format_text(findings: Sequence[Finding]) -> str:
    """File first, so editors can jump; a count line last."""
    lines = []
    for f in sorted(findings, key=lambda f: f.sort_key):
        place = f.file + (f":{f.line}" if f.line else "")
        named = subject(f.card, f.field)
        where = (named + ": ") if named else ""
        lines.append(f"{place}: {_(SEVERITY_WORDS[f.severity])}: {where}{f.message}")
        if f.hint:
            lines.append("    " + _("hint: {hint}").format(hint=f.hint))
    lines.append(summary_line(findings))
    return "\n".join(lines)


def subject(card: str | None, field: str | None) -> str:
    """'card "x" field "y"' in the interface language: how every listing names what a line is about."""
    parts = []
    if card:
        parts.append(_('card "{card}"').format(card=card))
    if field:
        parts.append(_('field "{field}"').format(field=field))
    return " ".join(parts)


def summary_line(findings: Sequence[Finding]) -> str:
    counts = {s: sum(1 for f in findings if f.severity is s) for s in Severity}
    if not findings:
        return _("No problems found.")
    parts = [plural(counts[Severity.ERROR], "error"), plural(counts[Severity.WARNING], "warning")]
    if counts[Severity.INFO]:
        parts.append(plural(counts[Severity.INFO], "note"))
    files = len({f.file for f in findings})
    listed = _("{items} and {last}").format(items=", ".join(parts[:-1]), last=parts[-1])
    return _("Found {listed} in {files}.").format(listed=listed, files=plural(files, "file"))


def format_json(findings: Sequence[Finding]) -> str:
    ordered = sorted(findings, key=lambda f: f.sort_key)
    document = {
        "version": JSON_SCHEMA_VERSION,
        "findings": [f.as_dict() for f in ordered],
        "summary": {s.value: sum(1 for f in findings if f.severity is s) for s in Severity},
    }
    return json.dumps(document, ensure_ascii=False, indent=2)


def plural(n: int, word: str) -> str:
    """'1 card', '2 cards', in the interface language when the noun is one of COUNTED."""
    if word in COUNTED:
        singular, plural_form = COUNTED[word]
        return ngettext(singular, plural_form, n).format(n=n)
    return f"{n} {word}" + ("" if n == 1 else "s")


# A card's fields as a reader names them, for the messages that name a field inside a sentence,
# where the file's key ("text", "back.text") would read as a raw key.
def card_field_word(name: str) -> str | None:
    """A card field's name in words ("text" -> "texto"), or None for a name that is no card field."""
    words = {
        "title": pgettext("card field", "title"),
        "subtitle": pgettext("card field", "subtitle"),
        "text": pgettext("card field", "text"),
        "flavour": pgettext("card field", "flavour text"),
        "back.title": pgettext("card field", "back title"),
        "back.text": pgettext("card field", "back text"),
        "back.flavour": pgettext("card field", "back flavour text"),
        "status": pgettext("card field", "status"),
    }
    return words.get(name)


def field_name(name: str) -> str:
    """A card's field as a reader names it: "text" -> "texto", "back.title" -> "título del reverso"; a field
    with its language ("text.es") keeps the language after it."""
    if (word := card_field_word(name)) is not None:
        return word
    field, _dot, lang = name.rpartition(".")
    word = card_field_word(field)
    return f"{word} ({lang})" if word is not None else name
