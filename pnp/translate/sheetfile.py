"""Spreadsheet files (xlsx, ods): the CSV's rows as typed cells, with nothing for a spreadsheet to guess.

Export writes an xlsx with XlsxWriter: every value a text cell (never a
formula: a text starting with "=" is stored as the text it is), the
translation column formatted as Text ("@") so that what a translator types
there stays text too, wrapped, a frozen header and an autofilter.  One sheet
for the whole pack, with the card's deck in a last column: card ids are
unique in a pack, so no row needs its sheet to be told apart, and one sheet
is what a translator sorts, filters and searches at once (a sheet per deck
would hide the other decks' uses of a term).  The columns pnp uses itself
(base, deck) are grey, narrow and headed by a note; they are not locked,
because a protected sheet cannot be sorted or filtered in Excel.

Import reads xlsx and ods with python-calamine.  A cell comes back with its
type: a text cell is read as it is; a number, date, time or true/false cell
where the export wrote text is a spreadsheet's conversion (or a person's
typing in a cell that lost its Text format), shown as the spreadsheet shows it
and judged by the same rules as a CSV's cells (pnp.translate.coercion).
A formula comes back as its last computed value: calamine gives no formulas.

A spreadsheet file is a zip: its size, its members' sizes and its rows are
checked before anything is read (pnp.translate.sheetlimits).
"""

from __future__ import annotations

import datetime
import io
import math
from dataclasses import dataclass
from pathlib import Path

from pnp.errors import Finding, error, info
from pnp.i18n import _
from pnp.limits import MAX_SHEET_ROWS
from pnp.paths import shown_path
from pnp.translate.sheetlimits import check_zip

SHEET_SUFFIXES = (".xlsx", ".ods")


@dataclass(frozen=True)
class Cell:
    """One cell as read: its text as the spreadsheet shows it, and whether it was a text cell."""

    text: str
    typed: bool = False  # a number, date, time or true/false cell: the spreadsheet's type, not text


@dataclass(frozen=True)
class SheetRow:
    number: int  # the spreadsheet's row number (1 is the header)
    cells: list[Cell]


@dataclass(frozen=True)
class Sheet:
    name: str
    rows: list[SheetRow]


def write_xlsx(header: list[str], rows: list[list[str]], own: tuple[str, ...], note: str) -> bytes:
    """An xlsx of one sheet: texts as text cells, wrapped, header frozen, columns sized; `own` columns grey."""
    import xlsxwriter

    buffer = io.BytesIO()
    # strings_to_formulas/numbers/urls off: every value is written as the text it is
    book = xlsxwriter.Workbook(
        buffer,
        {"in_memory": True, "strings_to_formulas": False, "strings_to_numbers": False, "strings_to_urls": False},
    )
    sheet = book.add_worksheet("pnp")
    text = book.add_format({"num_format": "@", "text_wrap": True, "valign": "top"})
    own_text = book.add_format({"num_format": "@", "valign": "top", "font_color": "#808080", "bg_color": "#EEEEEE"})
    head = book.add_format({"bold": True, "bottom": 1, "bg_color": "#DDEBF7"})
    own_head = book.add_format({"bold": True, "bottom": 1, "font_color": "#808080", "bg_color": "#EEEEEE"})
    for column, name in enumerate(header):
        mine = name in own
        sheet.write_string(0, column, name, own_head if mine else head)
        if mine:
            sheet.write_comment(0, column, note)
        longest = max([len(name), *(_longest_line(row[column]) for row in rows if column < len(row))])
        width = 14 if mine else min(max(longest, 8) + 2, 60)
        sheet.set_column(column, column, width, own_text if mine else text)
    for number, row in enumerate(rows, start=1):
        for column, value in enumerate(row):
            sheet.write_string(number, column, value, own_text if header[column] in own else text)
    sheet.freeze_panes(1, 0)
    if rows:
        sheet.autofilter(0, 0, len(rows), len(header) - 1)
    book.close()
    return buffer.getvalue()


def _longest_line(text: str) -> int:
    return max((len(line) for line in text.splitlines()), default=0)


def read_sheets(path: Path) -> tuple[list[Sheet] | None, list[Finding]]:
    """Every visible sheet of an xlsx or ods file, as text cells; a hidden sheet is named and left out."""
    from python_calamine import CalamineError, CalamineWorkbook

    shown = shown_path(path)
    problem = check_zip(path, shown)
    if problem is not None:
        return None, [problem]
    findings: list[Finding] = []
    try:
        book = CalamineWorkbook.from_path(str(path))
    except (CalamineError, OSError, ValueError):
        return None, [
            error(
                "import/unreadable",
                shown,
                _("not a spreadsheet pnp can read: the file is damaged, or not the xlsx or ods its name says"),
                hint=_("save it again as .xlsx or .ods from your spreadsheet"),
            )
        ]
    sheets = []
    with book:
        for meta in book.sheets_metadata:
            if str(meta.visible).rsplit(".", 1)[-1].lower() != "visible":
                findings.append(
                    info(
                        "import/hidden-sheet",
                        shown,
                        _('the hidden sheet "{name}" is not read').format(name=meta.name),
                        hint=_("show it in the spreadsheet (and hide the others) to import it"),
                    )
                )
                continue
            try:
                sheet = book.get_sheet_by_name(meta.name)
                height = sheet.total_height + 1  # the index of the last row, from 0
                if height > MAX_SHEET_ROWS:
                    return None, [
                        error(
                            "import/too-large",
                            shown,
                            _("the sheet {name} has {rows} rows; pnp imports up to {limit} rows from a sheet").format(
                                name=meta.name, rows=height, limit=MAX_SHEET_ROWS
                            ),
                            hint=_("split it in several files of fewer rows, or delete the empty rows at its end"),
                        )
                    ]
                values = sheet.to_python(skip_empty_area=False)
            except (CalamineError, ValueError):
                return None, [
                    error(
                        "import/unreadable",
                        shown,
                        _("cannot read the sheet {name}: save the file again from your spreadsheet").format(
                            name=meta.name
                        ),
                    )
                ]
            findings += _merged_notes(sheet.merged_cell_ranges, shown, meta.name)
            rows = [SheetRow(number, [_cell(v) for v in row]) for number, row in enumerate(values, start=1)]
            sheets.append(Sheet(meta.name, rows))
    return sheets, findings


def _merged_notes(ranges: list | None, shown: str, name: str) -> list[Finding]:
    """A merged cell keeps its value in its first cell only: the rows it spans are named."""
    found = []
    for (top, left), (bottom, right) in ranges or []:
        if bottom > top:
            found.append(
                info(
                    "import/merged-cells",
                    shown,
                    _(
                        "sheet {name}: rows {first} to {last} share a merged cell (column {column}): its text counts "
                        "for row {first} only"
                    ).format(name=name, first=top + 1, last=bottom + 1, column=_letter(left)),
                    line=top + 1,
                    hint=_("unmerge the cells and fill each row if the rows below need the value"),
                )
            )
        del right
    return found


def _letter(column: int) -> str:
    letters = ""
    column += 1
    while column:
        column, rest = divmod(column - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def column_letter(column: int) -> str:
    """The spreadsheet's name of a column (0 is A, 26 is AA)."""
    return _letter(column)


def _cell(value: object) -> Cell:
    """The cell's text, as a spreadsheet in English shows it by default, and whether it was typed."""
    if isinstance(value, str):
        return Cell(value)
    if value is None:
        return Cell("")
    if isinstance(value, bool):
        return Cell("TRUE" if value else "FALSE", typed=True)
    if isinstance(value, float):
        if math.isfinite(value) and value.is_integer() and abs(value) < 1e15:
            return Cell(str(int(value)), typed=True)
        return Cell(repr(value).upper() if "e" in repr(value) else repr(value), typed=True)
    if isinstance(value, int):
        return Cell(str(value), typed=True)
    if isinstance(value, datetime.datetime):
        return Cell(value.isoformat(sep=" "), typed=True)
    if isinstance(value, datetime.date):
        return Cell(value.isoformat(), typed=True)
    if isinstance(value, datetime.time):
        return Cell(value.strftime("%H:%M:%S"), typed=True)
    if isinstance(value, datetime.timedelta):
        seconds = int(value.total_seconds())
        return Cell(f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}", typed=True)
    return Cell(str(value), typed=True)
