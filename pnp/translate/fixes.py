"""FIXES files: the forum's "término erróneo >> término correcto" lists, one fix a line, `#` comments."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnp.errors import Finding, error
from pnp.load.pack import shown_path

SEPARATOR = ">>"
EXAMPLE = "Paraíso >> Refugio"


@dataclass(frozen=True)
class Fix:
    wrong: str
    right: str
    line: int


def read_text_file(path: Path, code: str) -> tuple[str | None, list[Finding]]:
    """A UTF-8 text file (a byte-order mark is allowed); every way it can fail is a finding."""
    shown = shown_path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None, [error(code, shown, "file not found")]
    except IsADirectoryError:
        return None, [error(code, shown, "expected a file, found a folder")]
    except OSError as exc:
        return None, [error(code, shown, f"cannot read the file: {exc.strerror}")]
    try:
        return raw.decode("utf-8").removeprefix("\ufeff"), []
    except UnicodeDecodeError as exc:
        return None, [
            error(
                code,
                shown,
                f"the file is not UTF-8 text: byte 0x{raw[exc.start]:02X} cannot be read",
                line=raw[: exc.start].count(b"\n") + 1,
                hint="save the file as UTF-8 (most editors: 'Save with encoding')",
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

        if SEPARATOR not in content:
            bad(f'expected "wrong term >> right term", found no "{SEPARATOR}"', f"write one fix a line: {EXAMPLE}")
            continue
        if content.count(SEPARATOR) > 1:
            bad(f'more than one "{SEPARATOR}" on the line', f"write one fix a line: {EXAMPLE}")
            continue
        wrong, right = (" ".join(side.split()) for side in content.split(SEPARATOR))
        if not wrong:
            bad(f'nothing before "{SEPARATOR}": which term is wrong?', f"write one fix a line: {EXAMPLE}")
        elif not right:
            bad(
                f'nothing after "{SEPARATOR}": "{wrong}" would be replaced by nothing',
                "write the term to use after >>; to delete words, edit the cards themselves",
            )
        elif wrong == right:
            bad(f'"{wrong}" is replaced by itself', "remove the line, or correct one side")
        else:
            fixes.append(Fix(wrong, right, number))
    findings += _contradictions(fixes, shown)
    return fixes, findings


def _contradictions(fixes: list[Fix], shown: str) -> list[Finding]:
    """Two rights for one wrong, or a right term that another line calls wrong: the list disagrees with itself."""
    findings = []
    first: dict[str, Fix] = {}
    for fix in fixes:
        key = fix.wrong.casefold()
        if key in first and first[key].right != fix.right:
            findings.append(
                error(
                    "fixes/contradiction",
                    shown,
                    f'"{fix.wrong}" is corrected to "{first[key].right}" on line {first[key].line} '
                    f'and to "{fix.right}" here',
                    line=fix.line,
                    hint="keep one of the two lines",
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
                    f'"{fix.right}" is the right term here and a wrong term on line {other.line}',
                    line=fix.line,
                    hint=f"correct both to one term: {fix.wrong} >> {other.right}",
                )
            )
    return findings
