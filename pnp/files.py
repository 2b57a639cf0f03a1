"""Atomic writes: a temporary file beside the target, then a rename."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from pnp.errors import Finding, error
from pnp.i18n import _
from pnp.paths import shown_path


def write_atomic(path: Path, data: bytes, durable: bool = True) -> None:
    """Write data to path so that a reader sees the old file or the new one, never half of one.

    `durable` waits until the data is on the disk before the rename, so a power cut cannot
    leave a renamed but empty file.  The cache does without (a cut leaves an entry that does
    not verify, and is made again): on a 50 MB sheet file the wait is a third of a second."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            if durable:
                os.fsync(out.fileno())
        os.chmod(temporary, 0o666 & ~_umask())  # mkstemp makes 0600; outputs are ordinary files
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _read_umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current


_UMASK = _read_umask()  # read once: setting it, even briefly, is process-wide


def _umask() -> int:
    return _UMASK


def write_error(path: Path, exc: OSError) -> Finding:
    """A file that could not be written, named as the system named it (the folder that
    refused may be deeper than the one the user chose)."""
    failed = Path(exc.filename) if getattr(exc, "filename", None) else path
    return error(
        "export/write",
        shown_path(failed),
        _("cannot write: {value}").format(value=exc.strerror or exc),
        hint=_("choose another folder with -o, or check its permissions and free space"),
    )


def write_if_changed(path: Path, data: bytes) -> bool:
    """write_atomic, skipped when the file already holds these bytes; True when written.

    Rebuilds then touch only what changed, which keeps sync tools and upload
    folders quiet."""
    try:
        if path.read_bytes() == data:
            return False
    except OSError:
        pass
    write_atomic(path, data)
    return True
