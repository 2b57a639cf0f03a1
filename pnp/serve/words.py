"""The workbench's words: pnp's gettext catalogue (pnp/i18n.py), in the interface language.

Every English word a page shows goes through `_` (the templates call the same
function, through jinja2's i18n extension, newstyle: `_("%(n)s terms", n=...)`),
so the workbench speaks the language pnp was started in (--ui-lang, PNP_UI_LANG,
the locale).  The words printed on its PDFs follow the card language, as in
`pnp build`.
"""

from __future__ import annotations

from markupsafe import Markup, escape

from pnp.i18n import N_, _, ngettext, pgettext

__all__ = ["N_", "STATUS_WORDS", "_", "code", "duplex_label", "field_name", "ngettext"]


STATUS_WORDS = (N_("draft"), N_("translated"), N_("reviewed"), N_("none"))


def code(text: str) -> Markup:
    """A command or a syntax inside a sentence (`pnp build`), kept out of the sentence to translate."""
    return Markup("<code>{}</code>").format(escape(text))


def field_name(name: str) -> str:
    """A card's field as a reader names it: "text" -> "texto", "back.title" -> "título del reverso"; a field
    with its language ("text.es") keeps the language after it."""
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
    if name in words:
        return words[name]
    field, _dot, lang = name.rpartition(".")
    return f"{words[field]} ({lang})" if field in words else name


def duplex_label(choice: str) -> str:
    """The print page's backs choices as a person reads them (the command line's --duplex values)."""
    words = {
        "long": _("backs, flipped on the long edge"),
        "short": _("backs, flipped on the short edge"),
        "none": _("no backs (fronts only)"),
        "fold": _("fronts and backs side by side, to fold"),
    }
    return words.get(choice, choice)
