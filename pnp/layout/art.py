"""Each face's pictures by content: what keys its drawn part (pnp.export.sheets)."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from pathlib import Path

from pnp.assets.file_digests import FileDigests
from pnp.cache import Cache
from pnp.layout.faces import FaceLayout


def art_digests(faces: Mapping[str, FaceLayout], pack_root: Path, cache: Cache | None) -> dict[str, str]:
    """Each face's digest of the names and bytes of the pictures it shows: replacing art under the
    same name must redraw the face.  A file is read only when it may have changed (FileDigests)."""
    files = FileDigests(cache, pack_root)
    digests = {}
    for key, face in faces.items():
        digest = hashlib.sha256()
        for element in face.elements:
            # typed only when written: an absent source is its default, None (typing each is not free)
            source = element.field("source") if element.get("source") is not None else None
            if source:
                digest.update(str(source).encode() + b"\0")
                digest.update((files.digest(pack_root / str(source)) or "missing").encode())
        digests[key] = digest.hexdigest()[:16]
    files.save()
    return digests
