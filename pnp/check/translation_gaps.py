"""A card whose original has a text that a target language lacks: that language's sheets would
print the original's words, so it is a finding, never silent (one per deck and language)."""

from __future__ import annotations

from pnp.check.rule import Rule
from pnp.errors import Finding, Severity, warning
from pnp.i18n import N_, _, ngettext
from pnp.model import Card, PackData
from pnp.paths import shown_path
from pnp.report import plural


def _gaps(card: Card, source: str, language: str) -> list[str]:
    """The fields the original has and `language` lacks: title, text, flavour and the back's."""
    fields = [("title", card.title), ("subtitle", card.subtitle), ("text", card.text), ("flavour", card.flavour)]
    if card.back is not None:
        fields += [("back.title", card.back.title), ("back.text", card.back.text)]
    return [
        name
        for name, localized in fields
        if localized.get(source, "").strip() and not localized.get(language, "").strip()
    ]


def check_untranslated_text(pack: PackData) -> list[Finding]:
    source = pack.pack.source_language
    findings = []
    for loaded in pack.decks:
        if loaded.deck.origin is not None:
            continue
        for language in pack.pack.target_languages:
            lacking = [(card, gaps) for card in loaded.cards if (gaps := _gaps(card, source, language))]
            if not lacking:
                continue
            copies = sum(card.count for card, _gaps in lacking)
            named = ", ".join(f"{card.id} ({', '.join(gaps)})" for card, gaps in lacking[:5])
            more = len(lacking) - 5
            if more > 0:
                named += " " + _("and {more} more").format(more=more)
            findings.append(
                warning(
                    "card/untranslated",
                    shown_path(loaded.file),
                    ngettext(
                        'deck "{deck}": {copies} has no "{lang}" text: its {lang} sheets print the original\'s '
                        "words: {named}",
                        'deck "{deck}": {copies} have no "{lang}" text: its {lang} sheets print the original\'s '
                        "words: {named}",
                        copies,
                    ).format(deck=loaded.deck.id, copies=plural(copies, "card"), lang=language, named=named),
                    hint=_('translate them, e.g. text.{lang} = "..."').format(lang=language),
                )
            )
    return findings


RULES = (
    Rule(
        "card/untranslated",
        Severity.WARNING,
        N_("Each text of the original is translated in every target language; else its sheets print the original's."),
        check_untranslated_text,
    ),
)
