"""A translation that starts or ends with a line break its original does not have (or lacks one it has).

gettext's `msgfmt -c` refuses such an entry, so Poedit, Weblate and every tool
that compiles the PO stops on it; `pnp export --format po` exports it fuzzy to
stay valid.  On the card it is a blank line above or below the text that the
original does not print.  Both ask pnp.markup.line_breaks_differ; this is the
pack's side of it, for `pnp check`.
"""

from __future__ import annotations

from pnp.check.text.fields import texts
from pnp.errors import Finding, Severity
from pnp.i18n import _
from pnp.markup import line_breaks_differ
from pnp.model import PackData


def check_line_breaks(pack: PackData) -> list[Finding]:
    found = []
    for text, original in texts(pack):
        if original is None:
            continue
        start, end = line_breaks_differ(original.raw, text.raw)
        if not (start or end):
            continue
        has = original.raw.replace("\r\n", "\n")
        sides = []
        if start:
            sides.append(
                _("the original starts with a line break and the translation does not")
                if has.startswith("\n")
                else _("the translation starts with a line break the original does not have")
            )
        if end:
            sides.append(
                _("the original ends with a line break and the translation does not")
                if has.endswith("\n")
                else _("the translation ends with a line break the original does not have")
            )
        found.append(
            text.finding(
                Severity.WARNING,
                "text/line-breaks",
                "; ".join(sides),
                hint=_(
                    "start and end it as the original does: a PO file with it fails msgfmt -c, "
                    "and the card prints a blank line the original does not"
                ),
            )
        )
    return found
