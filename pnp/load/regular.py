"""Reading a pack's file only when it is a plain file, without ever waiting.

A pack folder from a stranger may hold a named pipe (a FIFO) where a deck file
or a layout should be: opening one for reading waits for a writer, forever.
Files are opened without blocking and checked with fstat on the open file (no
race between a check and the open); a pipe, a device or a socket is refused.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path


class NotRegularFile(OSError):
    """The path is a named pipe, a device or a socket: pnp reads only plain files."""


def read_regular(path: Path, limit: int) -> bytes:
    """Up to `limit` bytes of the file at `path`.

    Raises FileNotFoundError, IsADirectoryError, NotRegularFile or another OSError."""
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        mode = os.fstat(descriptor).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(path)
        if not stat.S_ISREG(mode):
            raise NotRegularFile(path)
        chunks, left = [], limit
        while left > 0:
            chunk = os.read(descriptor, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(descriptor)
