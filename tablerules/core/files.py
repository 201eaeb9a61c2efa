"""Writing files atomically: a temporary file in the same folder, then ``os.replace``.

An interrupted write (an exception, a full disk, a killed process) never leaves a half-written save,
dungeon or figure: the old file stays as it was, or there is no file, and no temporary file is left.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def atomic_path(path: str | Path) -> Iterator[Path]:
    """Yield a temporary path next to ``path`` (same suffix, so writers that read the suffix, such as
    matplotlib's ``savefig``, still do); once the block ends without error it replaces ``path``."""
    target = Path(path)
    fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=f".tmp{target.suffix}", dir=target.parent)
    os.close(fd)
    temporary = Path(name)
    try:
        yield temporary
        try:  # keep the permissions of the file it replaces, or the usual ones of a new file
            mode = target.stat().st_mode & 0o777
        except FileNotFoundError:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def atomic_write_bytes(path: str | Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically (flushed to disk before the rename)."""
    with atomic_path(path) as temporary, open(temporary, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())


def atomic_write_text(path: str | Path, text: str, encoding: str = "utf-8") -> None:
    """Write ``text`` to ``path`` atomically."""
    atomic_write_bytes(path, text.encode(encoding))
