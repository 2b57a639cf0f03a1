"""The workbench's words, in one place for the translation to come.

Every English word a page shows goes through `_` (the templates call the same
function), so that once pnp has its gettext catalogues (pnp/i18n.py), `_`
becomes theirs and the workbench speaks the interface language.  Until then it
gives the English back.
"""

from __future__ import annotations

from markupsafe import Markup, escape


def _(message: str) -> str:
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


def N_(message: str) -> str:
    """Marks a word shown later through `_` (a status, a reason): its translation is looked up there."""
    return message


STATUS_WORDS = (N_("draft"), N_("translated"), N_("reviewed"), N_("none"))


def code(text: str) -> Markup:
    """A command or a syntax inside a sentence (`pnp build`), kept out of the sentence to translate."""
    return Markup("<code>{}</code>").format(escape(text))
