"""CSV for spreadsheets: one row per card text, `card,field,<source>,<target>,base`.

The file is UTF-8 with a byte-order mark, so that Excel opens accents
right.  What spreadsheets save back reads too: UTF-8 with or without the
mark, UTF-16 ("Texto Unicode"), Windows-1252 and Mac Roman (Excel's plain
"CSV" on Windows and macOS), separated by commas, semicolons (Excel in
Spanish) or tabs.  The encoding is told by its byte-order mark, or else by
charset-normalizer among those a spreadsheet writes.
`base` is the hash of the translation at export time, in letters so that no
spreadsheet reads it as a number or a date: leave it as it is.

Formula injection: a cell starting with = + - @, a tab or a carriage return
is a formula to Excel and LibreOffice ("+1 {fight} mientras..." would be
computed, and a hostile pack could run one).  As OWASP's CSV-injection advice
says, such a cell is written with a leading apostrophe, which spreadsheets
show as text; a cell that itself starts with an apostrophe gets one more.
Import takes off only an apostrophe export can have added (one before = + - @,
a tab, a carriage return or another apostrophe): every text comes back as it
was, and a text typed as 'hola keeps its apostrophe.

Columns after `base` (a reviewer's notes) are kept aside: import reports
each note with its card and writes nothing from them.
"""

from __future__ import annotations

import codecs
import csv
import io
from pathlib import Path

import charset_normalizer

from pnp.errors import Finding, error, info
from pnp.files import os_reason
from pnp.i18n import N_, _
from pnp.paths import shown_path
from pnp.translate.interchange import Entry, Row

BASE = "base"
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
QUOTE = "'"
SPREADSHEET_ENCODINGS = ["utf_8", "utf_16", "cp1252", "mac_roman"]
# Each with the name a spreadsheet's "Save as" gives it, said in the interface language
ENCODING_NAMES = {
    "utf_16": N_("UTF-16 (Excel: Unicode Text)"),
    "cp1252": N_("Windows-1252 (Excel on Windows: CSV (Comma delimited))"),
    "mac_roman": N_("Mac Roman (Excel on macOS: CSV)"),
}


def header(source: str, target: str) -> list[str]:
    return ["card", "field", source, target, BASE]


def neutralise(cell: str) -> str:
    """The cell as a spreadsheet must read it: text, never a formula."""
    return QUOTE + cell if cell.startswith((*FORMULA_START, QUOTE)) else cell


def restore(cell: str) -> str:
    """neutralise, undone: only the apostrophe it adds goes, so a text typed as 'hola keeps its own."""
    return cell[1:] if cell.startswith(QUOTE) and cell[1:].startswith((*FORMULA_START, QUOTE)) else cell


def write_csv(entries: list[Entry], source: str, target: str) -> bytes:
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(header(source, target))
    for entry in entries:
        writer.writerow([neutralise(c) for c in (entry.card, entry.field, entry.source, entry.target, entry.base)])
    return ("\ufeff" + buffer.getvalue()).encode("utf-8")


def decode_csv(raw: bytes, shown: str) -> tuple[str | None, list[Finding]]:
    """The text of a CSV file in any encoding a spreadsheet saves; a note says which when it was not UTF-8."""
    marks = ((codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"))
    for mark, encoding in marks:
        if raw.startswith(mark):
            try:
                text = raw.decode(encoding).removeprefix("\ufeff")
            except UnicodeDecodeError:
                break
            return text, [] if encoding == "utf-8" else [_encoding_note(shown, "utf_16")]
    try:
        return raw.decode("utf-8"), []
    except UnicodeDecodeError as exc:
        first_bad = exc.start
    # the reading with the fewest impossible characters first: charset-normalizer's own best() leans on
    # language coherence, which reads a Mac Roman file as Windows-1252 when its accents are few
    candidates = charset_normalizer.from_bytes(raw, cp_isolation=SPREADSHEET_ENCODINGS)
    guess = min(candidates, key=lambda match: (match.chaos, -match.coherence), default=None)
    if guess is None or guess.encoding == "utf_8":
        return None, [
            error(
                "import/unreadable",
                shown,
                _(
                    "the file's encoding cannot be told: byte 0x{raw:02X} is not UTF-8, and "
                    "the text reads as none of the encodings spreadsheets save"
                ).format(raw=raw[first_bad]),
                line=raw[:first_bad].count(b"\n") + 1,
                hint=_(
                    "save it again as 'CSV UTF-8' (Excel) or with the character set 'Unicode (UTF-8)' (LibreOffice)"
                ),
            )
        ]
    return str(guess), [_encoding_note(shown, guess.encoding)]


def read_csv_file(path: Path) -> tuple[str | None, list[Finding]]:
    """The file's text, whatever encoding the spreadsheet saved it in; every way it can fail is a finding."""
    shown = shown_path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None, [error("import/unreadable", shown, _("file not found"))]
    except IsADirectoryError:
        return None, [error("import/unreadable", shown, _("expected a file, found a folder"))]
    except OSError as exc:
        return None, [
            error("import/unreadable", shown, _("cannot read the file: {strerror}").format(strerror=os_reason(exc)))
        ]
    return decode_csv(raw, shown)


def _encoding_note(shown: str, encoding: str) -> Finding:
    return info(
        "import/encoding",
        shown,
        _("read as {encoding}, not UTF-8").format(
            encoding=_(ENCODING_NAMES[encoding]) if encoding in ENCODING_NAMES else encoding
        ),
        line=1,
        hint=_(
            "check the accents in the changes below; 'CSV UTF-8' (Excel) or 'Unicode "
            "(UTF-8)' (LibreOffice) avoids the guess"
        ),
    )


def check_header(
    head: list[str], shown: str, source: str, targets: list[str], joiner: str, own: tuple[str, ...] = ()
) -> tuple[str | None, Finding | None]:
    """(the target language the header names, or the header's problem); `own` columns may follow base."""
    lang = head[3] if len(head) >= 5 else None
    expected = header(source, lang if lang in targets else targets[0])
    extra = [name for name in head[5:] if name not in own]
    if head[:5] == expected and all(extra):
        return lang, None
    hint = _("export again with pnp export PACK --format csv, and keep its first row as it is")
    if len(head) >= 5 and head[:3] == expected[:3] and head[4] == BASE:
        hint = _("{head!r} is not a target language of the pack ({targets})").format(
            head=head[3], targets=", ".join(targets)
        )
    elif len(head) < 5:
        hint = _("a column is missing or two were merged: {hint}").format(hint=hint)
    elif not all(extra):
        hint = _("give each column after base a name (like notas), or delete the empty ones")
    return None, error(
        "import/bad-header",
        shown,
        _('expected the header "{expected}", found "{head}"').format(
            expected=",".join(expected), head=joiner.join(head)
        ),
        line=1,
        hint=hint,
    )


def note_finding(shown: str, label: str, name: str, note: str, line: int, card: str, field: str) -> Finding:
    """A reviewer's note in a column after base: reported with its card, never imported."""
    return info(
        "import/extra-column",
        shown,
        _('{label}: {name}: "{strip}" (kept aside, not imported)').format(label=label, name=name, strip=note.strip()),
        line=line,
        card=card,
        field=field,
    )


def csv_reason(exc: csv.Error) -> str:
    """Why the csv module stopped, in the interface language (its own words are English)."""
    text = str(exc)
    if "NUL" in text:
        return _("it holds a zero byte: is it a spreadsheet or another file saved with a .csv name?")
    if "field limit" in text:
        return _("a cell is longer than {limit} characters").format(limit=csv.field_size_limit())
    return _("a quote is not closed, or a line break stands outside quotes")


def read_csv(text: str, shown: str, source: str, targets: list[str]) -> tuple[str | None, list[Row], list[Finding]]:
    """(the target language its header names, its rows, findings); rows are named as a spreadsheet numbers them."""
    first = text.split("\n", 1)[0]
    delimiter = max((",", ";", "\t"), key=first.count)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    try:
        head = next(reader, [])
    except csv.Error as exc:
        return (
            None,
            [],
            [error("import/bad-file", shown, _("not a CSV file: {reason}").format(reason=csv_reason(exc)), line=1)],
        )
    head = [cell.strip() for cell in head]
    lang, problem = check_header(head, shown, source, targets, delimiter)
    if problem is not None:
        return None, [], [problem]
    extra = head[5:]
    width = len(head)
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
                    "import/bad-file",  # the rest of the file cannot be read: nothing from it is written
                    shown,
                    _("row {value}: not readable as CSV: {reason}").format(value=number + 1, reason=csv_reason(exc)),
                    line=line,
                )
            )
            break
        number += 1
        start, line = line, reader.line_num + 1
        if not any(cell.strip() for cell in cells):
            continue
        label = _("row {number}").format(number=number)
        cells += [""] * (width - len(cells)) if 5 <= len(cells) < width else []
        if len(cells) != width:
            findings.append(
                error(
                    "import/bad-row",
                    shown,
                    _("{label}: expected {width} cells ({head}), found {n_cells}").format(
                        label=label, width=width, head=delimiter.join(head), n_cells=len(cells)
                    ),
                    line=start,
                    hint=_(
                        "a text with commas, quotes or line breaks must be in double quotes; save from a spreadsheet"
                    )
                    + (_("; two cells may have been merged") if len(cells) < width else ""),
                )
            )
            card, field = [*cells, "", ""][:2]
            rows.append(Row(card.strip(), field.strip(), "", "", "", start, label, unreadable=True))
            continue
        card, field, original, target, base = (restore(c) for c in cells[:5])
        for name, note in zip(extra, cells[5:], strict=True):
            if note.strip():
                findings.append(note_finding(shown, label, name, note, start, card.strip(), field.strip()))
        rows.append(Row(card.strip(), field.strip(), original, target, base.strip(), start, label))
    return lang, rows, findings
