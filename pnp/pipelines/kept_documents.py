"""Documents a rebuild need not assemble: a file that the last build wrote from the same parts.

A document (a deck's file, cards.pdf) is its sheets filled with the faces of
the parts that hold them (pnp.export.sheets).  Its bytes are fixed by what it
places (its title, its sheets and their placements), the options that draw its
sheets, and the cache keys of the parts its faces come from; each part's key
hashes everything that makes its faces.  After a build assembles a document,
the cache (.cache/documents) keeps the SHA-256 and size of its bytes, and the
stamp of the file it wrote, under a key of those inputs.  A rebuild whose
document has the same key, and whose file on disk has that stamp (or, read
again, those very bytes), takes the file as it is: it is neither read,
assembled nor written again.  After editing one card of a five-deck pack,
only that card's deck file and cards.pdf are made.  A file edited or removed
since, or a record that does not verify (pnp.cache), is assembled as always.
A draft's cards.pdf opens with its list of problems, added after assembly:
its file is never recorded, and a draft assembles it always.
"""

from __future__ import annotations

import contextlib
import hashlib
from collections.abc import Mapping, Sequence
from pathlib import Path

from pnp.cache import Cache
from pnp.export.sheets import DocumentJob, DrawSettings, FacePart
from pnp.files import content_stamp


def document_keys(
    cache: Cache, documents: Sequence[DocumentJob], parts: Sequence[FacePart], settings: DrawSettings, fonts: str
) -> dict[str, str]:
    """Each document's key: what it places, how its sheets are drawn, and the parts of its faces."""
    part_of = {face.key: part.key for part in reversed(parts) for face in part.faces}  # the first part wins
    keys = {}
    for document in documents:
        faces = dict.fromkeys(
            key for section in document.sections for card in section.cards for key in (card.front, card.back) if key
        )
        keys[document.name] = cache.key(
            "document",
            document.name,
            document.title,
            document.sections,
            repr(settings),
            fonts,
            tuple((face, part_of.get(face)) for face in faces),
        )
    return keys


Digest = tuple[str, int]  # a file's SHA-256 and size


def unchanged_documents(cache: Cache, keys: Mapping[str, str], out_dir: Path) -> dict[str, Digest]:
    """The documents whose file in `out_dir` holds the bytes the last build made from the same
    inputs, with their digest.  A file whose stamp (pnp.files.content_stamp) is the one it had when
    that build wrote it is not read: its size, times and inode change whenever its bytes do.  One
    whose stamp changed (copied back, touched) is read and compared with the digest."""
    kept = {}
    for name, key in keys.items():
        record = cache.get_json(key)
        if not record:
            continue
        path = out_dir / name
        try:
            stamp = list(content_stamp(path.stat()))
        except OSError:
            continue
        digest = (record.get("sha256"), record.get("size"))
        if not isinstance(digest[0], str) or not isinstance(digest[1], int) or digest[1] != stamp[0]:
            continue
        if record.get("stamp") != stamp:
            try:
                data = path.read_bytes()
            except OSError:
                continue
            if hashlib.sha256(data).hexdigest() != digest[0]:
                continue
            _put(cache, key, (digest[0], digest[1]), stamp)  # read once: the next build trusts the stamp
        kept[name] = (digest[0], digest[1])
    return kept


def remember_documents(
    cache: Cache, keys: Mapping[str, str], made: Mapping[str, Digest], out_dir: Path, written: Sequence[Path]
) -> None:
    """What each document assembled now holds (its digest, and the stamp of its file, when it was
    `written`), for the next build to compare its file with."""
    done = set(written)
    for name, digest in made.items():
        if out_dir / name not in done:
            continue
        try:
            stamp = list(content_stamp((out_dir / name).stat()))
        except OSError:
            continue
        _put(cache, keys[name], digest, stamp)


def _put(cache: Cache, key: str, digest: Digest, stamp: list[int]) -> None:
    with contextlib.suppress(OSError):  # the cache only saves time
        cache.put_json(key, {"sha256": digest[0], "size": digest[1], "stamp": stamp})
