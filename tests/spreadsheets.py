"""A small spreadsheet for tests: what LibreOffice and Excel do to a CSV they open and save again.

Every rule is one of theirs, kept to the cells a pack's texts can hold:

- LibreOffice 7.4, as `soffice --headless --convert-to csv` shows it (the test that runs it checks
  this simulator's readings against the real thing): a plain number is read as one (007 is saved as
  7, 1E3 as 1000, " 12 " as 12, in Spanish 12,50 as 12.5 and 1.000 as 1000) and saved with up to
  15 digits; with "Detect special numbers" it also reads dates (1/2 is saved as 01/02/26, or
  02/01/26 in Spanish), times (10:30 as 10:30:00 AM), percentages (50% as 50.00%), the locale's
  TRUE and FALSE (VERDADERO as TRUE), scientific notation (1.00E+03) and numbers past a double's
  range (302e80281048 as 1.79769313486232E+308).  A cell that starts with an apostrophe stays
  as it is, apostrophe included.
- Excel reads every cell as if typed into a "General" cell, always with its special numbers, and
  saves what the cell shows: 1/2 and 1-2 as 2-Jan (01-feb in Spanish), a number of more than 11
  digits in scientific notation, TRUE in the locale's word.  Its plain "CSV" is Windows-1252, where
  every character outside it becomes "?".
"""

from __future__ import annotations

import csv
import datetime
import io
import math
import re
from dataclasses import dataclass

MONTHS_EN = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
MONTHS_ES = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sep", "oct", "nov", "dic"]
BOOLEANS = {"en": ("TRUE", "FALSE"), "es": ("VERDADERO", "FALSO")}


@dataclass(frozen=True)
class Spreadsheet:
    name: str
    locale: str  # "en" or "es": its decimal separator, date order, TRUE and FALSE
    excel: bool
    special_numbers: bool  # LibreOffice's "Detect special numbers"; Excel always does
    encoding: str = "utf-8"
    delimiter: str = ","

    @property
    def special(self) -> bool:
        return self.excel or self.special_numbers

    def open_and_save(self, data: bytes) -> bytes:
        """The CSV file after the spreadsheet opened it and saved it again."""
        rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline="")))
        saved = [[self.cell(c) for c in row] for row in rows]
        buffer = io.StringIO(newline="")
        csv.writer(buffer, delimiter=self.delimiter, lineterminator="\r\n").writerows(saved)
        return buffer.getvalue().encode(self.encoding, errors="replace")  # "?" for what it cannot hold

    def cell(self, text: str) -> str:
        """What the spreadsheet saves for a cell that held `text`."""
        if text.startswith("'"):
            return text
        for reading in (self._boolean, self._date, self._time, self._percent, self._number):
            value = reading(text)
            if value is not None:
                return value
        return text

    def _boolean(self, text: str) -> str | None:
        if not self.special:
            return None
        yes, no = BOOLEANS[self.locale]
        word = text.strip().upper()
        if word not in (yes, no):
            return None
        truth = word == yes
        saved_yes, saved_no = BOOLEANS[self.locale] if self.excel else BOOLEANS["en"]
        return saved_yes if truth else saved_no

    def _date(self, text: str) -> str | None:
        if not self.special:
            return None
        text = text.strip()
        numeric = re.fullmatch(r"(\d{1,2})/(\d{1,2})", text) or (
            re.fullmatch(r"(\d{1,2})-(\d{1,2})", text) if self.excel else None
        )
        named = re.fullmatch(r"([A-Za-z]{3}) (\d{1,2})", text) if self.locale == "en" else None
        if numeric:
            first, second = int(numeric.group(1)), int(numeric.group(2))
            month, day = (first, second) if self.locale == "en" else (second, first)
        elif named and named.group(1).title() in MONTHS_EN:
            month, day = MONTHS_EN.index(named.group(1).title()) + 1, int(named.group(2))
        else:
            return None
        year = datetime.date.today().year
        try:
            datetime.date(year, month, day)
        except ValueError:
            return None
        if self.excel:
            return f"{day}-{MONTHS_EN[month - 1]}" if self.locale == "en" else f"{day:02d}-{MONTHS_ES[month - 1]}"
        return f"{month:02d}/{day:02d}/{year % 100:02d}"

    def _time(self, text: str) -> str | None:
        found = re.fullmatch(r"(\d{1,2}):(\d{2})", text.strip())
        if not self.special or not found or int(found.group(1)) > 23 or int(found.group(2)) > 59:
            return None
        hour, minute = int(found.group(1)), int(found.group(2))
        if self.excel:
            return f"{hour}:{minute:02d}"
        if self.locale == "en":
            return f"{(hour - 1) % 12 + 1:02d}:{minute:02d}:00 {'AM' if hour < 12 else 'PM'}"
        return f"{hour:02d}:{minute:02d}:00"

    def _percent(self, text: str) -> str | None:
        if not self.special or not text.strip().endswith("%"):
            return None
        value = self._parse(text.strip()[:-1])
        if value is None:
            return None
        return f"{value:g}%" if self.excel else f"{value:.2f}%"

    def _number(self, text: str) -> str | None:
        value = self._parse(text.strip())
        if value is None:
            return None
        scientific = "e" in text.lower()
        if math.isinf(value):
            if not self.special or self.excel:
                return None  # LibreOffice without special numbers and Excel leave it as text
            return f"{math.copysign(1.7976931348623157e308, value):.15G}"  # the largest double
        if scientific and self.special:
            shown = f"{value:.2E}"  # the cell takes the scientific format it was typed in
        elif value.is_integer() and abs(value) < 1e15:
            shown = str(int(value))
        else:
            shown = f"{value:.15G}"
            if not self.excel:  # LibreOffice's "General" writes three exponent digits: 1.23456789012346E+018
                shown = re.sub(r"E([+-])(\d\d)$", r"E\g<1>0\2", shown)
        if self.excel and len(shown) > 11:  # "General" shows what fits a standard column, and Excel saves that
            mantissa, _e, exponent = f"{value:.5E}".partition("E")
            shown = f"{mantissa.rstrip('0').rstrip('.')}E{exponent}"
        return shown.replace(".", ",") if self.excel and self.locale == "es" else shown

    def _parse(self, text: str) -> float | None:
        decimal, group = (".", ",") if self.locale == "en" else (",", ".")
        pattern = rf"[+-]?(\d{{1,3}}(\{group}\d{{3}})+|\d+)(\{decimal}\d+)?([eE][+-]?\d+)?"
        if not re.fullmatch(pattern, text):
            return None
        return float(text.replace(group, "").replace(decimal, "."))


SPREADSHEETS = [
    Spreadsheet("LibreOffice (English), as it opens a CSV", "en", excel=False, special_numbers=False),
    Spreadsheet("LibreOffice (English), special numbers", "en", excel=False, special_numbers=True),
    Spreadsheet(
        "LibreOffice (Spanish), special numbers, Windows-1252",
        "es",
        excel=False,
        special_numbers=True,
        encoding="cp1252",
        delimiter=";",
    ),
    Spreadsheet("Excel (English), CSV", "en", excel=True, special_numbers=True, encoding="cp1252"),
    Spreadsheet("Excel (Spanish), CSV", "es", excel=True, special_numbers=True, encoding="cp1252", delimiter=";"),
    Spreadsheet("Excel (Spanish), CSV UTF-8", "es", excel=True, special_numbers=True, delimiter=";"),
]
