"""The build manifest: written last, so a whole set of outputs can be told from a torn one.

A build removes the manifest of its output folder before it writes anything,
and writes a new one after its last file.  A folder without a manifest holds a
build that was interrupted (its files may be half old, half new); with one,
each file listed has the digest the manifest gives, unless it was changed after.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from pathlib import Path

from pnp import __version__
from pnp.errors import Finding, warning
from pnp.files import write_atomic
from pnp.i18n import _
from pnp.paths import shown_path

MANIFEST = "build-manifest.json"


def interrupted_before(out_dir: Path) -> Finding | None:
    """A note when the folder holds outputs and no manifest: the last build there did not finish."""
    if not out_dir.is_dir() or (out_dir / MANIFEST).exists():
        return None
    if not any(out_dir.glob("*.pdf")):
        return None
    return warning(
        "build/interrupted",
        shown_path(out_dir),
        _("the last build into this folder did not finish (no build manifest): its files may mix two builds"),
        hint=_("this build rewrites them and writes the manifest when it is done"),
    )


def begin(out_dir: Path) -> None:
    """Before the first file is written: from now until finish() the folder is marked as being written."""
    (out_dir / MANIFEST).unlink(missing_ok=True)


def digests_of(
    documents: Iterable[tuple[Path, bytes]], known: Mapping[Path, tuple[str, int]] | None = None
) -> dict[Path, tuple[str, int]]:
    """Each document's SHA-256 and size: from `known` (documents hashed as they were assembled, or
    kept as an earlier build wrote them), else hashed once per bytes object (a one-deck pack's
    cards.pdf is its deck's file)."""
    known = known or {}
    by_object: dict[int, tuple[str, int]] = {}
    digests = {}
    for path, data in documents:
        if path in known:
            digests[path] = known[path]
            continue
        if id(data) not in by_object:
            by_object[id(data)] = (hashlib.sha256(data).hexdigest(), len(data))
        digests[path] = by_object[id(data)]
    return digests


def finish(
    out_dir: Path,
    files: Iterable[Path],
    description: dict[str, object],
    known: dict[Path, tuple[str, int]] | None = None,
) -> Path:
    """After the last file: name every file this build wrote, with its SHA-256 (from `known`
    for the files whose bytes the build still holds, else read back)."""
    listed = {}
    known = known or {}
    for path in sorted(set(files)):
        if path in known:
            digest, size = known[path]
        else:
            try:
                data = path.read_bytes()
            except OSError:
                continue
            digest, size = hashlib.sha256(data).hexdigest(), len(data)
        try:
            name = str(path.resolve().relative_to(out_dir.resolve()))
        except ValueError:
            name = str(path)
        listed[name] = {"sha256": digest, "bytes": size}
    manifest = {"pnp": __version__, "complete": True, "build": description, "files": listed}
    target = out_dir / MANIFEST
    write_atomic(target, (json.dumps(manifest, indent=2, sort_keys=True, ensure_ascii=False) + "\n").encode("utf-8"))
    return target
