"""The languages pnp speaks: gettext catalogues for its interface and for what it prints.

English is the source language: every message is written in English in the code
and wrapped in `_()`; `pnp/locale/<lang>/LC_MESSAGES/pnp.po` translates it, kept
with Babel (babel.cfg, docs/translating.md). Two languages are in play:

- the interface language (findings, progress, `--help`), chosen once per run by
  `choose_ui_language` from `--ui-lang`, `PNP_UI_LANG` or the locale variables;
- the card language of a build, for every word printed on a sheet (card, board
  and token sheets, calibration page, draft mark, the mark across a placeholder
  card), whatever the interface language: `printed(lang, "...")`.  Those words
  have a catalogue of their own, `pnp/locale/<lang>/LC_MESSAGES/sheets.po`: a
  card language needs only these few words translated, not pnp's interface,
  and having them does not make it an interface language.

A message missing from a catalogue falls back to English, one message at a time.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from functools import cache
from pathlib import Path

DOMAIN = "pnp"
SHEETS_DOMAIN = "sheets"  # the words printed on sheets, in the card language
LOCALE_DIR = Path(__file__).parent / "locale"
SOURCE_LANGUAGE = "en"
# The variables gettext reads, in its order; PNP_UI_LANG comes before them all.
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
_ENGLISH_LOCALES = {"", "c", "posix", "en"}

_ui: gettext.NullTranslations = gettext.NullTranslations()
_ui_language = SOURCE_LANGUAGE


def _(message: str) -> str:
    """The message in the interface language (English when it has no translation)."""
    return _ui.gettext(message)


def N_(message: str) -> str:
    """Marks a message for extraction where it is defined; `_()` translates it where it is shown."""
    return message


def P_(message: str) -> str:
    """Marks a word printed on sheets (the sheets catalogue) where it is defined; `printed()` translates it."""
    return message


def plural_forms(singular: str, plural: str) -> tuple[str, str]:
    """Marks a singular and plural pair for extraction; `ngettext(*pair, n)` chooses where it is shown."""
    return singular, plural


def pgettext(context: str, message: str) -> str:
    """A message whose translation depends on where it stands ("reviewed" as a column of counts: revisadas)."""
    return _ui.pgettext(context, message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural message for n, in the interface language."""
    return _ui.ngettext(singular, plural, n)


def printed(lang: str, message: str) -> str:
    """A word printed on a sheet, in the build's card language `lang` (English where it has no translation)."""
    return sheet_translations(lang).gettext(message)


def printed_n(lang: str, singular: str, plural: str, n: int) -> str:
    return sheet_translations(lang).ngettext(singular, plural, n)


def number(n: int) -> str:
    """A count as the interface language writes it: 12,000 in English; 12 000 in Spanish, where
    the RAE groups digits with a (non-breaking) space and leaves four-digit numbers whole (5000)."""
    if _ui_language == "es":
        return str(n) if abs(n) < 10_000 else f"{n:,}".replace(",", "\u00a0")
    return f"{n:,}"


def decimal(value: float, places: int = 1) -> str:
    """A measure as a person writes it: rounded to `places` decimals, no trailing zeros, with the
    interface language's decimal sign ("5,5 pt" in Spanish, never "5.449999 pt")."""
    text = f"{round(value, places):.{places}f}".rstrip("0").rstrip(".") if places else str(round(value))
    text = "0" if text in ("-0", "") else text
    return text.replace(".", ",") if _ui_language == "es" else text


def ui_language() -> str:
    """The interface language in use: "en", or a language pnp has a catalogue for."""
    return _ui_language


def normalize(name: str) -> str:
    """'es_ES.UTF-8' → 'es_ES', 'es-ES' → 'es_ES', 'C' → 'c'."""
    base = name.strip().split(".")[0].split("@")[0].replace("-", "_")
    if base.lower() in _ENGLISH_LOCALES:
        return base.lower()
    head, _sep, region = base.partition("_")
    return head.lower() + ("_" + region.upper() if region else "")


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The catalogue for lang ('es', 'es_ES', 'es-AR'), or English when pnp has none."""
    return _catalogue(DOMAIN, lang)


@cache
def sheet_translations(lang: str) -> gettext.NullTranslations:
    """The sheet words for a card language ('es', 'es-MX': its region, then the language alone)."""
    return _catalogue(SHEETS_DOMAIN, lang)


def _catalogue(domain: str, lang: str) -> gettext.NullTranslations:
    code = normalize(lang)
    if code in _ENGLISH_LOCALES or code.startswith("en_"):
        return gettext.NullTranslations()
    return gettext.translation(domain, LOCALE_DIR, languages=[code], fallback=True)


def sheet_languages() -> list[str]:
    """English and every card language whose sheet words pnp prints translated."""
    found = {p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{SHEETS_DOMAIN}.mo")}
    return sorted({SOURCE_LANGUAGE, *found})


def has_catalogue(lang: str) -> bool:
    code = normalize(lang)
    return (
        code in _ENGLISH_LOCALES or code.startswith("en_") or type(translations(code)) is not gettext.NullTranslations
    )


def available_languages() -> list[str]:
    """English and every language with a compiled catalogue."""
    found = {p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo")}
    return sorted({SOURCE_LANGUAGE, *found})


def requested_language(option: str | None, environ: Mapping[str, str]) -> str:
    """The language asked for: --ui-lang, then PNP_UI_LANG, then the locale variables in gettext's order.

    LANGUAGE is a list ('fr:es'); its first language pnp speaks wins, as gettext does."""
    for explicit in (option, environ.get("PNP_UI_LANG")):
        if explicit:
            return explicit
    for variable in LOCALE_VARIABLES:
        value = environ.get(variable, "")
        if not value:
            continue
        if variable == "LANGUAGE":
            names = [n for n in value.split(":") if n]
            spoken = [n for n in names if has_catalogue(n)]
            return (spoken or names)[0]
        return value
    return SOURCE_LANGUAGE


def choose_ui_language(option: str | None = None, environ: Mapping[str, str] | None = None) -> str | None:
    """Set the interface language; return a notice when the language asked for is not available.

    An unknown language is never an error: pnp speaks English and says so once."""
    global _ui, _ui_language
    name = requested_language(option, os.environ if environ is None else environ)
    if has_catalogue(name):
        _ui, _ui_language = translations(name), _language_code(name)
        return None
    _ui, _ui_language = gettext.NullTranslations(), SOURCE_LANGUAGE
    return _("interface language '{language}' is not available; using English (available: {languages})").format(
        language=name, languages=", ".join(available_languages())
    )


def set_ui_language(lang: str) -> None:
    """Set the interface language directly (tests, tools); unknown languages give English."""
    global _ui, _ui_language
    _ui = translations(lang)
    _ui_language = spoken_language(lang)


def spoken_language(lang: str) -> str:
    """The language pnp's messages come in when `lang` is asked for: its own, or English."""
    return _language_code(lang) if has_catalogue(lang) else SOURCE_LANGUAGE


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Messages made inside come in `lang` (English when pnp has no catalogue for it): findings
    printed on a sheet, in the card language, whatever the interface speaks."""
    global _ui, _ui_language
    before = _ui, _ui_language
    set_ui_language(lang)
    try:
        yield
    finally:
        _ui, _ui_language = before


def _language_code(name: str) -> str:
    code = normalize(name)
    return SOURCE_LANGUAGE if code in _ENGLISH_LOCALES or code.startswith("en_") else code.split("_")[0]
