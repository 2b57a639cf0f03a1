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
from pnp.report import field_name

__all__ = ["N_", "STATUS_WORDS", "_", "code", "duplex_label", "field_name", "ngettext", "paper_name"]


STATUS_WORDS = (N_("draft"), N_("translated"), N_("reviewed"), N_("none"))


def code(text: str) -> Markup:
    """A command or a syntax inside a sentence (`pnp build`), kept out of the sentence to translate."""
    return Markup("<code>{}</code>").format(escape(text))


def duplex_label(choice: str) -> str:
    """The print page's backs choices as a person reads them (the command line's --duplex values)."""
    words = {
        "long": _("backs, flipped on the long edge"),
        "short": _("backs, flipped on the short edge"),
        "none": _("no backs (fronts only)"),
        "fold": _("fronts and backs side by side, to fold"),
    }
    return words.get(choice, choice)


def paper_name(paper: str) -> str:
    """A paper as people write it ("A4", "Letter", in Spanish "Carta"), not the --paper value ("a4", "letter")."""
    words = {"a4": pgettext("paper", "A4"), "letter": pgettext("paper", "Letter")}
    return words.get(paper, paper)
