"""Documents assembled from faces drawn once: the sheets of a document hold empty forms, each
replaced by the face drawn elsewhere, with what it uses (fonts, pictures, icons).

ReportLab draws each face once, as a form, in a *part*: a document of its own,
drawn in a worker process.  Every document of a build (each deck's file and
cards.pdf) is first drawn with an empty placeholder form per face (its pages,
crop marks and footers only, which is quick), then each placeholder object is
replaced by its face's form object, copied from its part with every object it
refers to, renumbered.  What one part's faces share (the fonts subset once in
that part, a picture, an icon) is copied once per document, and objects that
are equal in several parts (each font, subset alike in every part) are kept
once.  Only PDF written
by ReportLab is read here: its objects are in file order, listed by one cross
reference table, with no object streams.
"""

from __future__ import annotations

import hashlib
import re
import zlib
from collections.abc import Mapping
from dataclasses import dataclass, field

__all__ = ["Part", "assemble", "parse"]

_STARTXREF = re.compile(rb"startxref\s+(\d+)\s+%%EOF\s*$")
_HEADER = re.compile(rb"(\d+) 0 obj\s")
_REF = re.compile(rb"(\d+) 0 R\b")
_STREAM = re.compile(rb">>\s*stream\r?\n")
_TRAILER_REF = re.compile(rb"/(Root|Info) (\d+) 0 R")
SHARED_STREAM = 64 * 1024  # objects up to this stream length are kept once when equal: fonts, not pictures


@dataclass(frozen=True)
class Parsed:
    """A PDF's objects by number, each as the bytes after its "N 0 obj" line, up to its end."""

    head: bytes  # the header before the first object
    objects: dict[int, bytes | memoryview]
    root: int
    info: int
    _pieces: dict[int, tuple[list[bytes], list[int], bytes | memoryview]] = field(default_factory=dict)

    def pieces(self, number: int) -> tuple[list[bytes], list[int], bytes | memoryview]:
        """An object's dictionary cut at its references (the text around them, and the numbers they
        name) and its stream: cut once, however many documents take the object."""
        cut = self._pieces.get(number)
        if cut is None:
            head, stream = _split(self.objects[number])
            bits = _REF.split(head)  # text, number, text, ..., text
            cut = self._pieces[number] = (bits[0::2], [int(n) for n in bits[1::2]], stream)
        return cut


@dataclass(frozen=True)
class Part:
    """Faces drawn as forms in one document: the document and each face's form object number."""

    pdf: Parsed
    forms: Mapping[str, int]  # face key -> object number of its form


def parse(data: bytes) -> Parsed:
    """The objects of a PDF written by ReportLab; ValueError when it is not one such."""
    end = _STARTXREF.search(data, max(0, len(data) - 64))
    if end is None:
        raise ValueError("no startxref")
    xref = int(end.group(1))
    lines = data[xref : data.index(b"trailer", xref)].split(b"\n")
    if lines[0].strip() != b"xref":
        raise ValueError("no cross-reference table")
    first, count = (int(n) for n in lines[1].split())
    offsets = {}
    for number, line in enumerate(lines[2 : 2 + count], start=first):
        fields = line.split()
        if len(fields) == 3 and fields[2] == b"n":
            offsets[number] = int(fields[0])
    spans = sorted(offsets.items(), key=lambda item: item[1])
    view = memoryview(data)  # the objects are views of the document: its streams are not copied
    objects: dict[int, bytes | memoryview] = {}
    for index, (number, start) in enumerate(spans):
        stop = spans[index + 1][1] if index + 1 < len(spans) else xref
        header = _HEADER.match(data, start)
        if header is None or int(header.group(1)) != number:
            raise ValueError(f"object {number} is not where the table says")
        objects[number] = view[header.end() : stop]
    refs = dict((name.decode(), int(n)) for name, n in _TRAILER_REF.findall(data, data.index(b"trailer", xref)))
    return Parsed(data[: spans[0][1]], objects, refs["Root"], refs["Info"])


def _split(body: bytes | memoryview) -> tuple[bytes, bytes | memoryview]:
    """An object's dictionary (where its references are) and its stream (bytes never read)."""
    stream = _STREAM.search(body)
    if stream is None:
        return bytes(body), b""
    return bytes(body[: stream.end()]), body[stream.end() :]


def assemble(sheets: Parsed, placeholders: Mapping[str, int], parts: Mapping[str, Part]) -> tuple[bytes, str]:
    """The sheets, each placeholder form (face key -> its object number there) replaced by the
    face's form of its part (face key -> the part); with the document's SHA-256.

    What is copied depends only on each face, never on which part drew it or what else that part
    holds: every form names only the fonts its own content sets (own_fonts, as its part is drawn),
    and equal objects are kept once whatever their part.  So a document assembled
    from faces drawn in many parts (a rebuild that drew only an edited card again) is the same,
    byte for byte, as one assembled from parts drawn in one go."""
    objects: dict[int, tuple[bytes | memoryview, ...]] = {n: (body,) for n, body in sheets.objects.items()}
    following = max(objects) + 1
    copied: dict[int, dict[int, int]] = {}  # id(part) -> its object numbers -> ours
    shared = _Shared()  # equal objects kept once
    active: set[tuple[int, int]] = set()

    def fresh() -> int:
        nonlocal following
        following += 1
        return following - 1

    def take(part: Part, number: int, into: int | None = None) -> int:
        memo = copied.setdefault(id(part), {})
        if number in memo:
            return memo[number]
        if (id(part), number) in active:  # refers back to itself: numbered now, shared with no other
            memo[number] = fresh()
            return memo[number]
        active.add((id(part), number))
        literals, refs, stream = part.pdf.pieces(number)
        head = literals[0]
        if refs:  # each reference taken in turn, left to right, before the next is read
            out = [head]
            for ref, literal in zip(refs, literals[1:], strict=True):
                out += (b"%d 0 R" % take(part, ref), literal)
            head = b"".join(out)
        active.discard((id(part), number))
        if into is None and number not in memo:
            same = shared.find(head, stream)
            if same is not None:
                memo[number] = same
                return same
            into = fresh()
            shared.add(head, stream, into)
        into = into if into is not None else memo.get(number) or fresh()
        memo[number] = into
        objects[into] = (head, stream)
        return into

    for key, number in placeholders.items():
        part = parts[key]
        take(part, part.forms[key], number)
    return _write(sheets, objects)


class _Shared:
    """Objects as copied (their references already renumbered), to find an equal one: small ones by
    their digest, large ones (pictures) hashed only when one of the same dictionary and length
    came before, so most pictures are never hashed."""

    def __init__(self) -> None:
        self._small: dict[tuple[bytes, bytes], int] = {}
        self._large: dict[tuple[bytes, int], list[tuple[bytes | memoryview, bytes | None, int]]] = {}

    @staticmethod
    def _digest(stream: bytes | memoryview) -> bytes:
        return hashlib.md5(stream, usedforsecurity=False).digest()

    def find(self, head: bytes, stream: bytes | memoryview) -> int | None:
        if len(stream) <= SHARED_STREAM:
            return self._small.get((head, self._digest(stream)))
        candidates = self._large.get((head, len(stream)))
        if not candidates:
            return None
        digest = self._digest(stream)
        for index, (other, other_digest, number) in enumerate(candidates):
            if other_digest is None:
                other_digest = self._digest(other)
                candidates[index] = (other, other_digest, number)
            if other_digest == digest:
                return number
        return None

    def add(self, head: bytes, stream: bytes | memoryview, number: int) -> None:
        if len(stream) <= SHARED_STREAM:
            self._small[(head, self._digest(stream))] = number
        else:
            self._large.setdefault((head, len(stream)), []).append((stream, None, number))


_FONT_RESOURCE = re.compile(rb"/Font (\d+) 0 R")
_FONT_ENTRY = re.compile(rb"/([^\s/\[\]()<>{}%]+) (\d+) 0 R")
_SETS_FONT = re.compile(rb"/([^\s/\[\]()<>{}%]+)\s+[-+\d.]+\s+Tf\b")


def own_fonts(data: bytes) -> bytes:
    """A part whose every form names only the fonts its own content sets, not the part's whole font
    dictionary (ReportLab gives every form the document's, which lists every font any face of
    that part used): what a face's form holds then depends on the face alone.  A form whose
    content cannot be read keeps the whole dictionary: every font it may set is still there."""
    pdf = parse(data)
    objects: dict[int, tuple[bytes | memoryview, ...]] = {}
    tables: dict[int, dict[bytes, int]] = {}
    changed = False
    for number, body in pdf.objects.items():
        head, stream = _split(body)
        found = _FONT_RESOURCE.search(head)
        content = _content(head, stream) if found is not None and b"/Subtype /Form" in head else None
        if found is None or content is None:
            objects[number] = (body,)
            continue
        table_number = int(found.group(1))
        if table_number not in tables:
            whole, _ = _split(pdf.objects[table_number])
            tables[table_number] = {name: int(n) for name, n in _FONT_ENTRY.findall(whole)}
        table = tables[table_number]
        names = sorted(set(_SETS_FONT.findall(content)) & set(table))
        own = b"<< " + b"".join(b"/%s %d 0 R " % (name, table[name]) for name in names) + b">>"
        objects[number] = (head[: found.start()] + b"/Font " + own + head[found.end() :], stream)
        changed = True
    return _write(pdf, objects)[0] if changed else data


def _content(head: bytes, stream: bytes | memoryview) -> bytes | None:
    """A form's drawing operators: its stream, inflated when it is (ReportLab's only filter)."""
    body = bytes(stream)
    end = body.rfind(b"endstream")
    body = body[:end] if end >= 0 else body
    if b"/Filter" not in head:
        return body
    if b"/FlateDecode" not in head or head.count(b"/Filter") != 1 or b"/DecodeParms" in head:
        return None
    try:
        return zlib.decompressobj().decompress(body)
    except zlib.error:
        return None


def _write(sheets: Parsed, objects: dict[int, tuple[bytes | memoryview, ...]]) -> tuple[bytes, str]:
    """The document, and its SHA-256 (hex): one pass over its bytes gives its file id and the
    digest the build manifest lists, so a document assembled is never hashed again."""
    out: list[bytes | memoryview] = [sheets.head]
    size = len(sheets.head)
    offsets = []
    for number in range(1, max(objects) + 1):
        body = objects.get(number)
        if body is None:  # never: each number is a sheet object or a copied one
            raise ValueError(f"object {number} missing")
        offsets.append(size)
        label = b"%d 0 obj\n" % number
        out += [label, *body]
        size += len(label) + sum(len(chunk) for chunk in body)
    out.append(b"xref\n0 %d\n0000000000 65535 f \n" % (len(offsets) + 1))
    out += [b"%010d 00000 n \n" % offset for offset in offsets]
    # the file id of a reproducible document: a digest of what it holds (SHA-256, the first half:
    # twice as quick as MD5 where the processor computes it, and the whole file's digest follows)
    summary = hashlib.sha256()
    for chunk in out:
        summary.update(chunk)
    digest = summary.hexdigest()[:32].encode()
    trailer = b"trailer\n<<\n/ID [<%s><%s>]\n/Info %d 0 R\n/Root %d 0 R\n/Size %d\n>>\nstartxref\n%d\n%%%%EOF\n" % (
        digest,
        digest,
        sheets.info,
        sheets.root,
        len(offsets) + 1,
        size,
    )
    summary.update(trailer)
    out.append(trailer)
    return b"".join(out), summary.hexdigest()
