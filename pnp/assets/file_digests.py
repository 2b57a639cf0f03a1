"""The SHA-256 of the pack's picture files, each file read only when it may have changed.

Every face's drawn part is keyed by the bytes of its art (pnp.export.sheets), so
a build hashes every picture it prints: some 200 files of a large pack, a
share of a rebuild after editing one card's text.  A `FileDigests` keeps, in
one build-cache entry (pnp.cache: verified like every entry), each file's
digest beside what the file system says of it: size, modification and change
times in nanoseconds, inode and device.  A file whose five figures are all the
same is taken to hold the same bytes, and is not read; anything different, or
no entry, and the file is read and hashed.

Why that is safe: writing a file's bytes sets its modification and change
times; a tool can set the modification time back (touch -d, an unpacked
archive), but never the change time, which the kernel sets on every write and
every change of the times themselves; a file replaced by another has a new
inode.  A cache copied from another machine names other inodes and times, and
is never matched.  And a digest is only a key: a wrong one could only redraw a
face or keep an old drawing, never run anything (the entry is plain JSON).
"""

from __future__ import annotations

import contextlib
import hashlib
from pathlib import Path

from pnp.cache import Cache
from pnp.files import Stamp, content_stamp


class FileDigests:
    """Digests of files under one folder, remembered between builds in `cache` (None: always hashed)."""

    def __init__(self, cache: Cache | None, root: Path) -> None:
        self._cache = cache
        self._key = cache.key("file-digests", str(root.resolve())) if cache is not None else ""
        self._known: dict[str, list[object]] | None = None  # path -> [*stamp, digest], read when first asked
        self._now: dict[str, list[object]] = {}  # the files asked for in this build, with their stamps

    def digest(self, path: Path) -> str | None:
        """The SHA-256 of the file's bytes, or None when it is not a file that can be read."""
        name = str(path)
        if name in self._now:
            return str(self._now[name][-1])
        try:
            info = path.stat()
        except OSError:
            return None
        stamp: Stamp = content_stamp(info)
        known = self._remembered().get(name)
        if isinstance(known, list) and len(known) == 6 and tuple(known[:5]) == stamp and isinstance(known[5], str):
            digest: str = known[5]
        else:
            if not path.is_file():
                return None
            try:
                digest = hashlib.sha256(path.read_bytes()).hexdigest()
            except OSError:
                return None
        self._now[name] = [*stamp, digest]
        return digest

    def save(self) -> None:
        """Keep the stamps of the files asked for in this build, when they differ from those kept."""
        if self._cache is None or self._now == self._remembered():
            return
        with contextlib.suppress(OSError):  # the cache only saves time
            self._cache.put_json(self._key, self._now)

    def _remembered(self) -> dict[str, list[object]]:
        if self._known is None:
            self._known = self._cache.get_json(self._key) if self._cache is not None else {}
        return self._known
