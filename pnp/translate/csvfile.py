"""CSV for spreadsheets: one row per card text, `card,field,<source>,<target>,base`.

The file is UTF-8 with a byte-order mark, so that Excel opens accents
right; a file saved back with semicolons or tabs (Excel in Spanish) reads too.
`base` is the hash of the translation at export time: leave it as it is.
"""

from __future__ import annotations

import csv
import io

from pnp.errors import Finding, error
from pnp.i18n import _
from pnp.translate.interchange import Entry, Row

BASE = "base"


def header(source: str, target: str) -> list[str]:
    return ["card", "field", source, target, BASE]


def write_csv(entries: list[Entry], source: str, target: str) -> bytes:
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(header(source, target))
    for entry in entries:
        writer.writerow([entry.card, entry.field, entry.source, entry.target, entry.base])
    return ("\ufeff" + buffer.getvalue()).encode("utf-8")


def read_csv(text: str, shown: str, source: str, targets: list[str]) -> tuple[str | None, list[Row], list[Finding]]:
    """(the target language its header names, its rows, findings); rows are named as a spreadsheet numbers them."""
    first = text.split("\n", 1)[0]
    delimiter = max((",", ";", "\t"), key=first.count)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    try:
        head = next(reader, [])
    except csv.Error as exc:
        return None, [], [error("import/bad-file", shown, _("not a CSV file: {exc}").format(exc=exc), line=1)]
    lang = head[3] if len(head) == 5 else None
    expected = header(source, lang if lang in targets else targets[0])
    if [cell.strip() for cell in head] != expected:
        hint = _("export again with pnp export PACK --format csv, and keep its first row as it is")
        if len(head) == 5 and head[:3] == expected[:3] and head[4] == BASE:
            hint = _("{head!r} is not a target language of the pack ({targets})").format(
                head=head[3], targets=", ".join(targets)
            )
        return (
            None,
            [],
            [
                error(
                    "import/bad-header",
                    shown,
                    _('expected the header "{expected}", found "{head}"').format(
                        expected=",".join(expected), head=delimiter.join(head)
                    ),
                    line=1,
                    hint=hint,
                )
            ],
        )
    rows: list[Row] = []
    findings: list[Finding] = []
    line = reader.line_num + 1
    number = 1
    while True:
        try:
            cells = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            findings.append(
                error(
                    "import/bad-row",
                    shown,
                    _("row {value}: not readable as CSV: {exc}").format(value=number + 1, exc=exc),
                    line=line,
                )
            )
            break
        number += 1
        start, line = line, reader.line_num + 1
        if not any(cell.strip() for cell in cells):
            continue
        label = f"row {number}"
        if len(cells) != 5:
            findings.append(
                error(
                    "import/bad-row",
                    shown,
                    _("{label}: expected 5 cells ({expected}), found {n_cells}").format(
                        label=label, expected=",".join(expected), n_cells=len(cells)
                    ),
                    line=start,
                    hint=_(
                        "a text with commas, quotes or line breaks must be in double quotes; save from a spreadsheet"
                    ),
                )
            )
            continue
        card, field, original, target, base = cells
        rows.append(Row(card.strip(), field.strip(), original, target, base.strip(), start, label))
    return lang, rows, findings
