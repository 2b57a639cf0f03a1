"""The rows of any card spreadsheet: a CSV (any delimiter, any encoding a spreadsheet saves), an xlsx or an ods."""

from __future__ import annotations

import csv
from pathlib import Path

from pnp.errors import Finding, error, info
from pnp.files import os_reason
from pnp.i18n import _
from pnp.limits import MAX_SHEET_FILE_BYTES, MAX_SHEET_ROWS
from pnp.paths import shown_path
from pnp.translate.csvfile import csv_reason, decode_csv
from pnp.translate.sheetfile import SHEET_SUFFIXES, Cell, SheetRow, read_sheets


def read_table(path: Path) -> tuple[list[SheetRow] | None, list[Finding]]:
    """The rows of a CSV (any delimiter, any encoding a spreadsheet saves), an xlsx or an ods."""
    shown = shown_path(path)
    if path.suffix.lower() in SHEET_SUFFIXES:
        sheets, findings = read_sheets(path)
        if sheets is None:
            return None, findings
        if not sheets:
            return None, [
                *findings,
                error("import/bad-file", shown, _("the spreadsheet has no visible sheet with rows")),
            ]
        if len(sheets) > 1:
            others = ", ".join(s.name for s in sheets[1:])
            findings.append(
                info(
                    "import/other-sheets",
                    shown,
                    _('only the first sheet, "{name}", is read; not: {others}').format(
                        name=sheets[0].name, others=others
                    ),
                )
            )
        return sheets[0].rows, findings
    try:
        size = path.stat().st_size
        if size > MAX_SHEET_FILE_BYTES:
            return None, [
                error(
                    "import/too-large",
                    shown,
                    _("the file is {size} MB; pnp reads spreadsheets of up to {limit} MB").format(
                        size=size // 1_000_000, limit=MAX_SHEET_FILE_BYTES // 1_000_000
                    ),
                )
            ]
        raw = path.read_bytes()
    except FileNotFoundError:
        return None, [error("import/unreadable", shown, _("file not found"))]
    except OSError as exc:
        return None, [
            error("import/unreadable", shown, _("cannot read the file: {strerror}").format(strerror=os_reason(exc)))
        ]
    text, findings = decode_csv(raw, shown)
    if text is None:
        return None, findings
    sample = text[:20_000]
    try:
        delimiter = csv.Sniffer().sniff(sample, delimiters=",;\t|").delimiter
    except csv.Error:
        first = sample.split("\n", 1)[0]
        delimiter = max((",", ";", "\t", "|"), key=first.count)
    names = {",": _("commas"), ";": _("semicolons"), "\t": _("tabs"), "|": _("vertical bars")}
    findings.append(
        info(
            "import/delimiter", shown, _("columns separated by {delimiter}").format(delimiter=names[delimiter]), line=1
        )
    )
    rows = []
    reader = csv.reader(text.splitlines(keepends=True), delimiter=delimiter)
    try:
        for number, cells in enumerate(reader, start=1):
            if number > MAX_SHEET_ROWS:
                return None, [*findings, _too_many(shown)]
            rows.append(SheetRow(number, [Cell(c) for c in cells]))
    except csv.Error as exc:
        return None, [
            *findings,
            error(
                "import/bad-file",
                shown,
                _("row {value}: not readable as CSV: {reason}").format(value=len(rows) + 1, reason=csv_reason(exc)),
            ),
        ]
    return rows, findings


def _too_many(shown: str) -> Finding:
    return error(
        "import/too-large",
        shown,
        _("the file has more than {limit} rows, the most pnp imports from a sheet").format(limit=MAX_SHEET_ROWS),
        hint=_("split it in several files of fewer rows, or delete the empty rows at its end"),
    )
