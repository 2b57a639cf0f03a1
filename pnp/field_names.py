"""A card's fields as a reader names them, in the interface language ("text" -> "texto"): for the messages
that name a field inside a sentence, where the file's key ("text", "back.text") would read as a raw key."""

from __future__ import annotations

from pnp.i18n import pgettext

__all__ = ["field_name"]


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
