"""FIXES files: the forum's "término erróneo >> término correcto" lists, one fix a line, `#` comments."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from pnp.errors import Finding, error
from pnp.files import os_reason
from pnp.i18n import _
from pnp.model.fix_limits import LIMITS_EXAMPLE, Limits, parse_limits
from pnp.paths import shown_path

SEPARATOR = ">>"
EXAMPLE = "Refugio >> Paraíso"


# A fix may end with its limits in brackets: "piezas >> repuestos [not near: sobrantes, juego]".
LIMITS = re.compile(r"\[([^\[\]]*)\]\s*$")


NOWHERE_LIMITED = Limits()


@dataclass(frozen=True)
class Fix:
    wrong: str
    right: str
    line: int
    limits: Limits = NOWHERE_LIMITED  # where it holds (pnp.model.fix_limits): everywhere when empty
    limits_text: str = ""  # as the line writes them, for the glossary to record (forbidden_where)

    @property
    def whole(self) -> bool:
        return self.limits.whole

    @property
    def near(self) -> tuple[str, ...]:
        return self.limits.near

    @property
    def not_near(self) -> tuple[str, ...]:
        return self.limits.not_near

    @property
    def limited(self) -> bool:
        """Right in some places only: its wrong term is no forbidden variant everywhere."""
        return bool(self.limits)


def read_text_file(path: Path, code: str) -> tuple[str | None, list[Finding]]:
    """A UTF-8 text file (a byte-order mark is allowed); every way it can fail is a finding."""
    shown = shown_path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None, [error(code, shown, _("file not found"))]
    except IsADirectoryError:
        return None, [error(code, shown, _("expected a file, found a folder"))]
    except OSError as exc:
        return None, [error(code, shown, _("cannot read the file: {strerror}").format(strerror=os_reason(exc)))]
    try:
        return raw.decode("utf-8").removeprefix("\ufeff"), []
    except UnicodeDecodeError as exc:
        return None, [
            error(
                code,
                shown,
                _("the file is not UTF-8 text: byte 0x{raw:02X} cannot be read").format(raw=raw[exc.start]),
                line=raw[: exc.start].count(b"\n") + 1,
                hint=_("save the file as UTF-8 (most editors: 'Save with encoding')"),
            )
        ]


def parse_fixes(text: str, shown: str) -> tuple[list[Fix], list[Finding]]:
    """Each `wrong >> right` line; a malformed line is an error naming its line."""
    fixes: list[Fix] = []
    findings: list[Finding] = []
    for number, line in enumerate(text.splitlines(), start=1):
        content = line.split("#", 1)[0].strip()
        if not content:
            continue

        def bad(message: str, hint: str, number: int = number) -> None:
            findings.append(error("fixes/syntax", shown, message, line=number, hint=hint))

        limits, limits_text = Limits(), ""
        bracket = LIMITS.search(content)
        if bracket is not None:
            limits, unknown = parse_limits(bracket.group(1))
            limits_text = bracket.group(1).strip()
            if unknown is not None:
                bad(
                    _('"{limit}" is not a limit of a fix').format(limit=unknown),
                    _(
                        "the limits are whole, near: words, not near: words, noun and verb; for example {example}"
                    ).format(example=_(LIMITS_EXAMPLE)),
                )
                continue
            content = content[: bracket.start()].strip()

        if SEPARATOR not in content:
            bad(
                _('expected "wrong term >> right term", found no "{SEPARATOR}"').format(SEPARATOR=SEPARATOR),
                _("write one fix a line: {EXAMPLE}").format(EXAMPLE=EXAMPLE),
            )
            continue
        if content.count(SEPARATOR) > 1:
            bad(
                _('more than one "{SEPARATOR}" on the line').format(SEPARATOR=SEPARATOR),
                _("write one fix a line: {EXAMPLE}").format(EXAMPLE=EXAMPLE),
            )
            continue
        wrong, right = (" ".join(side.split()) for side in content.split(SEPARATOR))
        if not wrong:
            bad(
                _('nothing before "{SEPARATOR}": which term is wrong?').format(SEPARATOR=SEPARATOR),
                _("write one fix a line: {EXAMPLE}").format(EXAMPLE=EXAMPLE),
            )
        elif not right:
            bad(
                _('nothing after "{SEPARATOR}": "{wrong}" would be replaced by nothing').format(
                    SEPARATOR=SEPARATOR, wrong=wrong
                ),
                _("write the term to use after >>; to delete words, edit the cards themselves"),
            )
        elif wrong == right:
            bad(_('"{wrong}" is replaced by itself').format(wrong=wrong), _("remove the line, or correct one side"))
        else:
            fixes.append(Fix(wrong, right, number, limits, limits_text))
    findings += _contradictions(fixes, shown)
    return fixes, findings


def _contradictions(fixes: list[Fix], shown: str) -> list[Finding]:
    """Two rights for one wrong, or a right term that another line calls wrong: the list disagrees with itself."""
    findings = []
    first: dict[str, Fix] = {}
    for fix in fixes:
        key = fix.wrong.casefold()
        if fix.limited:
            continue  # limited fixes may give one term two rights, each in its own places
        if key in first and first[key].right != fix.right:
            findings.append(
                error(
                    "fixes/contradiction",
                    shown,
                    _('"{wrong}" is corrected to "{right}" on line {line} and to "{right2}" here').format(
                        wrong=fix.wrong, right=first[key].right, line=first[key].line, right2=fix.right
                    ),
                    line=fix.line,
                    hint=_("keep one of the two lines"),
                )
            )
        first.setdefault(key, fix)
    for fix in fixes:
        other = first.get(fix.right.casefold())
        if other is not None and other.wrong.casefold() != other.right.casefold():
            findings.append(
                error(
                    "fixes/contradiction",
                    shown,
                    _('"{right}" is the right term here and a wrong term on line {line}').format(
                        right=fix.right, line=other.line
                    ),
                    line=fix.line,
                    hint=_("correct both to one term: {wrong} >> {right}").format(wrong=fix.wrong, right=other.right),
                )
            )
    return findings
