"""Joining per-deck PDFs into one, reproducibly.

pdfium copies pages with everything they use (forms, fonts, images), which is
far faster than drawing them again.  It stamps the current date and a random
file id into what it saves; both are overwritten with fixed values of the
same length, so the byte offsets in the file stay valid and two builds of the
same input are byte-identical.
"""

from __future__ import annotations

import hashlib
import io
import re
from collections.abc import Sequence

_FILE_ID = re.compile(rb"/ID\[<([0-9A-F]+)><([0-9A-F]+)>\]")
_DATE = re.compile(rb"/CreationDate\(D:\d{14}[^)]*\)")
FIXED_DATE = b"/CreationDate(D:20000101000000+00'00')"  # ReportLab's invariant date


def merge_pdfs(documents: Sequence[bytes]) -> bytes:
    import pypdfium2 as pdfium  # here: only a draft's cards.pdf is merged, and loading pdfium is not free

    merged = pdfium.PdfDocument.new()
    sources = [pdfium.PdfDocument(data) for data in documents]
    for source in sources:
        merged.import_pages(source)
    buffer = io.BytesIO()
    merged.save(buffer, version=17)
    for source in sources:
        source.close()
    merged.close()
    data = bytearray(buffer.getbuffer())
    buffer.close()  # one copy of a joined deck at a time: at 5,000 cards each is 130 MB
    _make_reproducible(data)
    return bytes(data)


def _make_reproducible(data: bytearray) -> None:
    """The date and the file id overwritten in place, each with a value of its own length."""
    for match in list(_DATE.finditer(data)):
        data[match.start() : match.end()] = FIXED_DATE[: len(match.group(0))].ljust(len(match.group(0)), b" ")
    stamp = _FILE_ID.search(data)
    if stamp is None:
        return
    digest = hashlib.md5(memoryview(data)[: stamp.start()], usedforsecurity=False).hexdigest().upper().encode()
    width = len(stamp.group(1))
    fixed = digest.ljust(width, b"0")[:width]
    data[stamp.start() : stamp.end()] = b"/ID[<" + fixed + b"><" + fixed + b">]"
