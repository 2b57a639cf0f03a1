"""A layout element as a reviewer names it on the proof: "título", "texto original", "resultado 2".

The proof's line of text sizes ("tamaño de letra: título 10 pt · texto 7,5 pt") names the elements the
face was set with.  Their names are a layout's keys ("title", "source-text", "outcome-2"): the usual ones
are said in words, as findings name card fields (pnp.report.field_name); one a layout made up is quoted
as it stands, since only the layout's writer knows what it holds.
"""

from __future__ import annotations

import re

from pnp.i18n import _, pgettext
from pnp.report import card_field_word

_NUMBERED = re.compile(r"^(?P<base>[a-z]+)-(?P<n>\d+)$")


def element_words(name: str) -> str:
    """The element `name` in words, or quoted when it is a name of the layout's own."""
    words = {
        "type": pgettext("layout element", "type"),
        "type-line": pgettext("layout element", "type"),
        "cost": pgettext("layout element", "cost"),
        "skills": pgettext("layout element", "skills"),
        "keywords": pgettext("layout element", "keywords"),
        "stats": pgettext("layout element", "values"),
        "source-title": pgettext("layout element", "original title"),
        "source-text": pgettext("layout element", "original text"),
        "outcome": pgettext("layout element", "outcome"),
        "slot": pgettext("layout element", "slot"),
        "range": pgettext("layout element", "range"),
        "label": pgettext("layout element", "label"),
    }
    if name in words:
        return words[name]
    if (word := card_field_word(name)) is not None:
        return word
    if (found := _NUMBERED.match(name)) and found["base"] in words:
        return f"{words[found['base']]} {found['n']}"
    return _('"{name}"').format(name=name)
