"""Atomic writes: a temporary file beside the target, then a rename; a file's stamp."""

from __future__ import annotations

import errno
import os
import secrets
import tempfile
from pathlib import Path

from pnp.errors import Finding, error
from pnp.i18n import _
from pnp.paths import shown_path

Stamp = tuple[int, int, int, int, int]  # size, mtime_ns, ctime_ns, inode, device


def content_stamp(info: os.stat_result) -> Stamp:
    """What the file system says of a file that changes whenever its bytes do: its size, its
    modification and change times, its inode and device (pnp.assets.file_digests says why)."""
    return (info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino, info.st_dev)


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


def write_same_as(path: Path, written: Path, data: bytes) -> None:
    """Write `data` to path, where `written` was just written with the same bytes: as a second name
    of that file (a one-deck pack's cards.pdf is its deck's file, 100 MB at 5000 cards, written
    and flushed to the disk once), else as a copy where the file system has no hard links (FAT,
    exFAT, some network shares) or refuses one.  Atomic as write_atomic: the new name is made
    beside the old one and renamed over it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    # named as mkstemp names write_atomic's, so that the next run cleans it up if this one stops here
    temporary = path.parent / f".{path.name}.{secrets.token_hex(4)}.part"
    try:
        os.link(written, temporary)
    except OSError:
        write_atomic(path, data)
        return
    try:
        os.replace(temporary, path)
    finally:
        # a rename onto a name of the same file does nothing and leaves the temporary name
        temporary.unlink(missing_ok=True)


def _read_umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current


_UMASK = _read_umask()  # read once: setting it, even briefly, is process-wide


def _umask() -> int:
    return _UMASK


def write_error(path: Path, exc: OSError) -> Finding:
    """A file that could not be written, named as the system named it (the folder that
    refused may be deeper than the one the user chose); a file standing where a folder
    should be is named itself."""
    failed = Path(exc.filename) if getattr(exc, "filename", None) else path
    blocking = file_in_the_way(failed) if exc.errno in (errno.ENOTDIR, errno.EEXIST) else None
    if blocking is not None:
        return error(
            "export/write",
            shown_path(blocking),
            _("this is a file, not a folder: nothing can be written inside it"),
            hint=_("choose a folder with -o, or move the file away"),
        )
    return error(
        "export/write",
        shown_path(failed),
        _("cannot write: {value}").format(value=os_reason(exc)),
        hint=_("choose another folder with -o, or check its permissions and free space"),
    )


def file_in_the_way(path: Path) -> Path | None:
    """The nearest folder of `path` (itself included) that is a file, or None."""
    for place in (path, *path.parents):
        if place.is_file():
            return place
    return None


def os_reason(exc: OSError) -> str:
    """Why the system refused, in the interface language: strerror is the C library's English."""
    reasons = {
        errno.ENOENT: _("the file or folder does not exist"),
        errno.EACCES: _("you have no permission for it"),
        errno.EPERM: _("you have no permission for it"),
        errno.ENOSPC: _("the disk is full"),
        errno.EROFS: _("the disk can only be read"),
        errno.EISDIR: _("it is a folder, not a file"),
        errno.ENOTDIR: _("a file stands where a folder should be"),
        errno.ENAMETOOLONG: _("the name is too long"),
        errno.EEXIST: _("something of that name is already there"),
    }
    if exc.errno in reasons:
        return reasons[exc.errno]
    return _("the system refused (error {number})").format(number=exc.errno) if exc.errno else _("the system refused")


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
