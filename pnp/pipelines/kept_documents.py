"""Documents a rebuild need not assemble: a file that the last build wrote from the same parts.

A document (a deck's file, cards.pdf) is its sheets filled with the faces of
the parts that hold them (pnp.export.sheets).  Its bytes are fixed by what it
places (its title, its sheets and their placements), the options that draw its
sheets, and the cache keys of the parts its faces come from; each part's key
hashes everything that makes its faces.  After a build assembles a document,
the cache (.cache/documents) keeps the SHA-256 and size of its bytes under a
key of those inputs.  A rebuild whose document has the same key, and whose
file on disk has those very bytes, takes the file as it is: it is neither
assembled nor written again.  After editing one card of a five-deck pack,
only that card's deck file and cards.pdf are made.  A file edited or removed
since, or a record that does not verify (pnp.cache), is assembled as always.
A draft's cards.pdf opens with its list of problems, added after assembly:
drafts assemble every document.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from collections.abc import Mapping, Sequence
from pathlib import Path

from pnp.cache import Cache
from pnp.export.sheets import DocumentJob, DrawSettings, FacePart


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


def unchanged_documents(cache: Cache, keys: Mapping[str, str], out_dir: Path) -> dict[str, tuple[bytes, Digest]]:
    """The documents whose file in `out_dir` holds the bytes the last build made from the same
    inputs, with their digest."""
    kept = {}
    for name, key in keys.items():
        record = cache.get_json(key)
        try:
            data = (out_dir / name).read_bytes()
        except OSError:
            continue
        if record.get("size") == len(data) and record.get("sha256") == (digest := hashlib.sha256(data).hexdigest()):
            kept[name] = (data, (digest, len(data)))
    return kept


def remember_documents(cache: Cache, keys: Mapping[str, str], made: Mapping[str, bytes]) -> dict[str, Digest]:
    """What each document assembled now holds, for the next build to compare its file with; each
    one's digest (the build manifest lists them too)."""
    digests = {}
    for name, data in made.items():
        digests[name] = (hashlib.sha256(data).hexdigest(), len(data))
        record = {"sha256": digests[name][0], "size": len(data)}
        with contextlib.suppress(OSError):  # the cache only saves time
            cache.put(keys[name], json.dumps(record).encode())
    return digests
