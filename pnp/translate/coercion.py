"""What a spreadsheet does to a text it opens as a CSV cell, told apart from a person's edit.

LibreOffice and Excel guess each cell's type when they open a CSV, and save
the guess: "007" comes back as 7, "1/2" as a date, "1E3" as 1.00E+03, "12,50"
(in a Spanish locale) as 12.5, "VERDADERO" as TRUE, "=2+2" as 4.  A file saved
in a legacy encoding turns every character it cannot hold into "?".

Import knows the text as it was exported (the pack's text, when the row's base
says the pack has not changed since), so it can ask: is the cell a value that
a spreadsheet would have made from that text?  Each test below is one kind of
coercion, and each compares values, not spellings: "12" edited to "13" is an
edit (another number), "12" turned into "12.00" is not.
"""

from __future__ import annotations

import datetime
import difflib
import math
import re
import sys

from pnp.i18n import _

# the words LibreOffice and Excel read as TRUE and FALSE in the languages pnp's users work in
TRUE_WORDS = {"true", "verdadero", "vrai", "wahr", "vero", "verdadeiro", "cert", "egia"}
FALSE_WORDS = {"false", "falso", "faux", "falsch", "fals", "gezurra"}
# what a formula becomes when a spreadsheet computes it and cannot
FORMULA_ERRORS = re.compile(
    r"^(#NAME\?|#¿NOMBRE\?|#NOMBRE\?|#VALUE!|#¡VALOR!|#VALOR!|#REF!|#¡REF!|#DIV/0!|#¡DIV/0!|#N/A|#N/D|#NUM!|"
    r"#¡NUM!|#NULL!|#¡NULO!|Err:\d{3}|#ERR\d*)$",
    re.IGNORECASE,
)
FORMULA_START = ("=", "+", "-", "@")
CURRENCY = "€$£¥"
NUMBER = re.compile(r"^[+-]?(\d[\d.,' \u00a0\u202f]*)?(\d|[.,]\d+)([eE][+-]?\d+)?%?$")
MONTHS = {
    name: number
    for number, names in enumerate(
        [
            ("jan", "january", "ene", "enero"),
            ("feb", "february", "febrero"),
            ("mar", "march", "marzo"),
            ("apr", "april", "abr", "abril"),
            ("may", "mayo"),
            ("jun", "june", "junio"),
            ("jul", "july", "julio"),
            ("aug", "august", "ago", "agosto"),
            ("sep", "sept", "september", "septiembre", "set", "setiembre"),
            ("oct", "october", "octubre"),
            ("nov", "november", "noviembre"),
            ("dec", "december", "dic", "diciembre"),
        ],
        start=1,
    )
    for name in names
}
NUMERIC_DATE = re.compile(r"^(\d{1,4})\s*[/.-]\s*(\d{1,2})(?:\s*[/.-]\s*(\d{1,4}))?(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?$")
NAMED_DATE = re.compile(r"^(?:(\d{1,2})[\s./-]*([^\W\d_]+)\.?|([^\W\d_]+)\.?[\s./-]*(\d{1,2}))(?:[\s,./-]+(\d{2,4}))?$")
TIME = re.compile(r"^(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\s*([ap])\.?\s*m\.?)?$", re.IGNORECASE)
SPREADSHEET_EPOCH = datetime.date(1899, 12, 30)  # serial 1 is 1900-01-01 in both (Excel's false 1900-02-29 aside)


def spreadsheet_change(exported: str, cell: str) -> str | None:
    """How a spreadsheet would have turned `exported` into `cell`, in a few words; None when it would not."""
    if cell == exported:
        return None
    for kind in (_formula, _boolean, _date_or_time, _number, _spaces):
        found = kind(exported, cell)
        if found is not None:
            return found
    return None


def lost_characters(exported: str, cell: str) -> str:
    """The characters of `exported` that came back as "?" in `cell` (a file saved in a legacy encoding)."""
    lost = []
    matcher = difflib.SequenceMatcher(None, exported, cell, autojunk=False)
    for op, a1, a2, b1, b2 in matcher.get_opcodes():
        gone, came = exported[a1:a2], cell[b1:b2]
        if op == "replace" and set(came) == {"?"} and not gone.isascii():
            lost += [c for c in gone if not c.isascii() and c not in lost]
    return "".join(lost)


def _formula(exported: str, cell: str) -> str | None:
    if not exported.startswith(FORMULA_START):
        return None
    if FORMULA_ERRORS.match(cell.strip()) or _numbers(cell):
        return _("computed as a formula")
    return None


def _boolean(exported: str, cell: str) -> str | None:
    def truth(text: str) -> bool | None:
        word = text.strip().lower()
        return True if word in TRUE_WORDS else False if word in FALSE_WORDS else None

    before = truth(exported)
    if before is not None and truth(cell) is before:
        return _("read as a true/false value")
    return None


def _date_or_time(exported: str, cell: str) -> str | None:
    days = _days(exported)
    if days and (days & (_days(cell) | _serial_days(cell))):
        return _("read as a date")
    moment = _time(exported)
    if moment is not None and (moment == _time(cell) or _fraction_of_day(cell) == moment):
        return _("read as a time")
    return None


def _number(exported: str, cell: str) -> str | None:
    before, after = _numbers(exported), _numbers(cell)
    if not before or not after:
        return None
    if not any(_same(a, b) for a in before for b in after) and not _shown_shorter(exported, cell, before, after):
        return None
    bare = _bare(exported)
    if re.match(r"^[+-]?0\d", bare) and not re.match(r"^[+-]?0\d", _bare(cell)):
        return _("read as a number: leading zeros dropped")
    if "e" in bare.lower() or "e" in _bare(cell).lower():
        return _("read as a number: scientific notation")
    if bare.rstrip("%") and any(c in bare for c in ",.") and set(bare) & {",", "."} != set(_bare(cell)) & {",", "."}:
        return _("read as a number: decimal separator changed")
    return _("read as a number")


def _spaces(exported: str, cell: str) -> str | None:
    if cell.strip() == exported.strip():  # LibreOffice's "Trim spaces"; neither touches the spaces inside
        return _("spaces trimmed")
    return None


def _bare(text: str) -> str:
    return text.strip().strip(CURRENCY).strip().replace("\u00a0", "").replace("\u202f", "")


def _numbers(text: str) -> set[float]:
    """Every value a spreadsheet in some locale reads in `text`: "1.000" is 1 or 1000, "12,50" is 12.5."""
    bare = _bare(text)
    if not bare or not NUMBER.match(bare):
        return set()
    percent = bare.endswith("%")
    digits = bare.rstrip("%").replace(" ", "").replace("'", "")
    readings = set()
    for decimal, grouping in ((".", ","), (",", ".")):
        if digits.count(decimal) > 1:
            continue
        whole, _sep, fraction = digits.partition(decimal)
        if fraction and grouping in fraction:
            continue
        candidate = whole.replace(grouping, "") + ("." + fraction if fraction else "")
        try:
            # a spreadsheet's number is a double: past its range it keeps the largest one (302e80281048 is
            # saved as 1.79769313486232E+308)
            value = math.copysign(min(abs(float(candidate)), sys.float_info.max), float(candidate))
        except ValueError:
            continue
        readings |= {value / 100, value} if percent else {value}
    return readings


def _shown_shorter(exported: str, cell: str, before: set[float], after: set[float]) -> bool:
    """A number too long for a column (Excel's "General" shows 11 characters) saved as it was shown: 1.23457E+18."""
    mantissa = re.match(r"^[+-]?(\d)[.,]?(\d*)[eE]", _bare(cell))
    if len(_bare(exported)) <= 11 or mantissa is None:
        return False
    digits = 1 + len(mantissa.group(2))
    return any(_same(float(f"{a:.{digits - 1}e}"), b) for a in before for b in after)


def _same(a: float, b: float) -> bool:
    """Equal, or equal to the 15 significant digits a spreadsheet keeps."""
    return math.isclose(a, b, rel_tol=1e-14)


def _days(text: str) -> set[tuple[int, int]]:
    """The (month, day) pairs a spreadsheet may read in `text`, year left aside (it fills in the current one)."""
    text = text.strip().lower()
    pairs: set[tuple[int, int]] = set()
    numeric = NUMERIC_DATE.match(text)
    if numeric:
        first, second, third = (int(g) if g else None for g in numeric.groups())
        assert first is not None and second is not None
        if third is not None and first > 31:  # 2026-01-02
            pairs.add((second, third))
        else:
            pairs |= {(first, second), (second, first)}
    named = NAMED_DATE.match(text)
    if named:
        day = named.group(1) or named.group(4)
        month = MONTHS.get(named.group(2) or named.group(3) or "")
        if month is not None and day is not None:
            pairs.add((month, int(day)))
    return {(m, d) for m, d in pairs if 1 <= m <= 12 and 1 <= d <= 31}


def _serial_days(text: str) -> set[tuple[int, int]]:
    """A date saved as the number spreadsheets count days with."""
    values = _numbers(text)
    for value in values:
        if value.is_integer() and 3000 <= value <= 2958465:  # 3000 is in 1908: a date, not a small count
            day = SPREADSHEET_EPOCH + datetime.timedelta(days=int(value))
            return {(day.month, day.day)}
    return set()


def _time(text: str) -> tuple[int, int, int] | None:
    found = TIME.match(text.strip())
    if not found:
        return None
    hour, minute, second = int(found.group(1)), int(found.group(2)), int(found.group(3) or 0)
    half = (found.group(4) or "").lower()
    if half:
        hour = hour % 12 + (12 if half == "p" else 0)
    return (hour, minute, second) if hour < 24 and minute < 60 and second < 60 else None


def _fraction_of_day(text: str) -> tuple[int, int, int] | None:
    for value in _numbers(text):
        if 0 <= value < 1:
            seconds = round(value * 86400)
            return (seconds // 3600, seconds // 60 % 60, seconds % 60)
    return None
