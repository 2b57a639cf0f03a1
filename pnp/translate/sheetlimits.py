"""A spreadsheet file's sizes, checked from the zip's directory before a byte of it is unpacked.

xlsx and ods are zips of XML.  A hostile file can be a zip bomb (a few
kilobytes that unpack to gigabytes) or not a zip at all; both are told here
from the file's size and the sizes its directory declares, so the reader only
ever opens a file whose whole unpacked size is known and bounded.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

from pnp.errors import Finding, error
from pnp.files import os_reason
from pnp.i18n import _
from pnp.limits import MAX_SHEET_FILE_BYTES, MAX_SHEET_MEMBERS, MAX_SHEET_UNZIPPED_BYTES


def check_zip(path: Path, shown: str) -> Finding | None:
    """The reason not to open the file, or None when its sizes are within pnp's limits."""
    hint = _("save it again as .xlsx or .ods from your spreadsheet")
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        return error("import/unreadable", shown, _("file not found"))
    except OSError as exc:
        return error("import/unreadable", shown, _("cannot read the file: {strerror}").format(strerror=os_reason(exc)))
    if path.is_dir():
        return error("import/unreadable", shown, _("expected a file, found a folder"))
    if size > MAX_SHEET_FILE_BYTES:
        return error(
            "import/too-large",
            shown,
            _("the file is {size} MB; pnp reads spreadsheets of up to {limit} MB").format(
                size=size // 1_000_000, limit=MAX_SHEET_FILE_BYTES // 1_000_000
            ),
            hint=_("split the sheet in several files"),
        )
    try:
        with zipfile.ZipFile(path) as archive:
            members = archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError):
        return error(
            "import/unreadable",
            shown,
            _("not an xlsx or ods file: the file is not the zip these formats are"),
            hint=_("a CSV renamed .xlsx? give the file its real extension; else {hint}").format(hint=hint),
        )
    unzipped = sum(member.file_size for member in members)
    if len(members) > MAX_SHEET_MEMBERS or unzipped > MAX_SHEET_UNZIPPED_BYTES:
        return error(
            "import/too-large",
            shown,
            _(
                "the file unpacks to {size} MB in {members} parts; pnp reads spreadsheets of up to {limit} MB unpacked"
            ).format(size=unzipped // 1_000_000, members=len(members), limit=MAX_SHEET_UNZIPPED_BYTES // 1_000_000),
            hint=_("this is not what a spreadsheet saves for a card list (a zip bomb?): {hint}").format(hint=hint),
        )
    return None
