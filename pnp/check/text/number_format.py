"""text/number-format: figures written the Spanish way, as the pack says.

Spanish writes decimals with a comma (2,5) and groups thousands with a point (10.000) or, as the
RAE's Ortografía (2010) recommends, with a thin space (10 000); a four-digit figure takes no
separator (1000), though many publishers write 1.000.  pack.toml `number_format` says which the
pack follows: "point", "space", or "original" (the translation keeps the original's figures, and
nothing is checked).  Without it, either grouping is right.

Whatever the setting, a figure copied in the English form is a finding: "1,000" reads as one with
three decimals in Spanish, and "1.5" as a grouping.  Both are judged only when the original writes
that same figure (a Spanish "2,500" with no original may be two and a half), and a point figure
after "regla", "sección", "apartado", "página" or "paso" is a section number ("la regla 4.1").
"""

from __future__ import annotations

import re

from pnp.check.text.fields import RULES_TEXT, Text, texts
from pnp.check.text.patterns import lazy
from pnp.errors import Finding, Severity
from pnp.i18n import _
from pnp.model import PackData

CODE = "text/number-format"
LANGUAGES = ("es",)

_END = r"(?!\d|[.,]\d)"  # a figure ends where no digit, nor a point or comma before one, follows
_THOUSANDS_COMMA = lazy(rf"(?<![\d.,])\d{{1,3}}(?:,\d{{3}})+{_END}")
_DECIMAL_POINT = lazy(rf"(?<![\d.,])\d+\.\d{{1,2}}{_END}")
_POINT_GROUPS = lazy(rf"(?<![\d.,])\d{{1,3}}(?:\.\d{{3}})+{_END}")
_SPACE_GROUPS = lazy(rf"(?<![\d.,])\d{{1,3}}(?:[ \u00a0\u202f\u2009]\d{{3}})+{_END}")
_SECTION = lazy(
    r"(?:regla|reglas|secci[oó]n|apartado|cap[ií]tulo|p[aá]gina|p[aá]g\.|paso|punto|ver|v[eé]ase|§|v)\s*$",
    re.IGNORECASE,
)


def check_number_format(pack: PackData) -> list[Finding]:
    style = pack.pack.number_format
    if style == "original":
        return []
    findings = []
    for text, original in texts(pack, RULES_TEXT):
        if text.lang.split("-")[0] in LANGUAGES:
            findings += number_format(text, original, style)
    return findings


def _digits(figure: str) -> str:
    return re.sub(r"\D", "", figure)


def _grouped(digits: str, separator: str) -> str:
    if len(digits) <= 4:
        return digits  # the RAE: four digits together
    head = len(digits) % 3 or 3
    return separator.join([digits[:head]] + [digits[i : i + 3] for i in range(head, len(digits), 3)])


_SEPARATED = lazy(r"\d[.,\u00a0\u202f\u2009 ]\d")


def number_format(text: Text, original: Text | None, style: str | None) -> list[Finding]:
    plain = text.plain
    if _SEPARATED.search(plain) is None:
        return []  # no figure with a point, comma or space inside: most texts
    theirs = original.plain if original is not None else ""
    wrong: list[tuple[str, str]] = []  # (as written, as it should be)
    separator = "\u202f" if style == "space" else "."
    for match in _THOUSANDS_COMMA.finditer(plain):
        if re.search(rf"(?<![\d.,]){re.escape(match.group())}{_END}", theirs):
            wrong.append((match.group(), _grouped(_digits(match.group()), separator)))
    for match in _DECIMAL_POINT.finditer(plain):
        if _SECTION.search(plain[max(0, match.start() - 12) : match.start()]):
            continue
        if re.search(rf"(?<![\d.,]){re.escape(match.group())}{_END}", theirs):
            wrong.append((match.group(), match.group().replace(".", ",")))
    if style == "point":
        wrong += [(m.group(), _grouped(_digits(m.group()), ".")) for m in _SPACE_GROUPS.finditer(plain)]
    elif style == "space":
        wrong += [
            (m.group(), _grouped(_digits(m.group()), "\u202f"))
            for m in _POINT_GROUPS.finditer(plain)
            if not _SECTION.search(plain[max(0, m.start() - 12) : m.start()])
        ]
        wrong += [
            (m.group(), _digits(m.group())) for m in _SPACE_GROUPS.finditer(plain) if len(_digits(m.group())) == 4
        ]
    findings = []
    for written, right in wrong:
        if written == right:
            continue
        findings.append(
            text.finding(
                Severity.WARNING,
                CODE,
                _('"{written}" is not written the Spanish way{style}').format(
                    written=written, style=_STYLE_SAID.get(style or "", "")
                ),
                _('write "{right}"').format(right=right.replace("\u202f", " ")),
            )
        )
    return findings


_STYLE_SAID = {"point": ' (pack.toml number_format = "point")', "space": ' (pack.toml number_format = "space")'}
