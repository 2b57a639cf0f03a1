"""A PNG's own compressed pixels, embedded in the PDF as they are.

PDF's Flate filter with PNG predictors reads the IDAT data of a PNG file
unchanged.  For a picture pnp prints at its own size (no downsampling), that
data is embedded as it is: nothing is decoded and compressed again, which is
most of the time an image costs, and the file keeps the PNG's compression,
usually tighter than a fast zlib pass over the raw pixels.  The pixels are
the same.  Only plain PNGs qualify: 8 bits a channel, RGB or grey, no
palette, no transparency, not interlaced; any other picture goes through
ReportLab's drawImage as before.
"""

from __future__ import annotations

import hashlib
import struct
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

SIGNATURE = b"\x89PNG\r\n\x1a\n"
COLOURS = {0: 1, 2: 3}  # PNG colour type -> channels: grey, RGB


@dataclass(frozen=True)
class PngStream:
    width: int
    height: int
    colours: int
    data: bytes  # the IDAT chunks' data, joined: a zlib stream of predicted rows

    @property
    def name(self) -> str:
        """The image's name in a document: the same pixels are embedded once."""
        return "pnpPng" + hashlib.md5(self.data, usedforsecurity=False).hexdigest()


def png_stream(path: Path) -> PngStream | None:
    """The PNG's pixels as PDF can take them unchanged, or None when it is not a plain PNG."""
    try:
        stamp = path.stat()
    except OSError:
        return None
    return _read(str(path), stamp.st_size, stamp.st_mtime_ns)


@lru_cache(maxsize=64)
def _read(path: str, _size: int, _mtime: int) -> PngStream | None:
    try:
        data = Path(path).read_bytes()
    except OSError:
        return None
    if not data.startswith(SIGNATURE):
        return None
    at, header, parts = len(SIGNATURE), None, []
    while at + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[at : at + 8])
        body = data[at + 8 : at + 8 + length]
        if len(body) < length:
            return None  # a torn file: let the usual reading say so
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            parts.append(body)
        elif kind in (b"tRNS", b"PLTE"):
            return None  # transparency or a palette: not plain RGB or grey
        elif kind == b"IEND":
            break
        at += 12 + length
    if header is None or len(header) != 13 or not parts:
        return None
    width, height, depth, colour, method, filtering, interlace = struct.unpack(">IIBBBBB", header)
    if depth != 8 or colour not in COLOURS or (method, filtering, interlace) != (0, 0, 0):
        return None
    return PngStream(width, height, COLOURS[colour], b"".join(parts))


class _PngXObject(pdfdoc.PDFObject):
    """An image XObject whose stream is a PNG's IDAT data, decoded with PNG predictors."""

    def __init__(self, png: PngStream) -> None:
        self.png = png

    def format(self, document: pdfdoc.PDFDocument) -> bytes:
        png = self.png
        stream = pdfdoc.PDFStream(content=png.data)
        entries = stream.dictionary
        entries["Type"] = pdfdoc.PDFName("XObject")
        entries["Subtype"] = pdfdoc.PDFName("Image")
        entries["Width"] = png.width
        entries["Height"] = png.height
        entries["BitsPerComponent"] = 8
        entries["ColorSpace"] = pdfdoc.PDFName("DeviceRGB" if png.colours == 3 else "DeviceGray")
        entries["Filter"] = pdfdoc.PDFName("FlateDecode")  # a name, as DecodeParms is one; set: no more compression
        parms = {"Predictor": 15, "Colors": png.colours, "BitsPerComponent": 8, "Columns": png.width}
        entries["DecodeParms"] = pdfdoc.PDFDictionary(parms)
        entries["Length"] = len(png.data)
        return stream.format(document)


def draw_png(canvas: Canvas, png: PngStream, x: float, y: float, width: float, height: float) -> None:
    """The PNG in the box, embedded the first time the document shows it, placed by name after."""
    name = png.name
    registered = canvas._doc.getXObjectName(name)
    if registered not in canvas._doc.idToObject:
        image = _PngXObject(png)
        image.name = name
        canvas._setXObjects(image)  # a form being drawn lists it among its resources
        canvas._doc.Reference(image, registered)
        canvas._doc.addForm(name, image)
    place_image(canvas, name, x, y, width, height)


def place_image(canvas: Canvas, name: str, x: float, y: float, width: float, height: float) -> None:
    """An image the document holds already, placed by its name in the box, as drawImage places it."""
    canvas._currentPageHasImages = 1
    canvas.saveState()
    canvas.translate(x, y)
    canvas.scale(width, height)
    canvas._code.append(f"/{canvas._doc.getXObjectName(name)} Do")
    canvas.restoreState()
    canvas._formsinuse.append(name)


def forget_streams() -> None:
    """The PNG files read so far, forgotten (pnp.render.files_read)."""
    _read.cache_clear()
