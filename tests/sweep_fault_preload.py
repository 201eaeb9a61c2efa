"""Loaded into the fault test's ``dask worker`` processes (``--preload``): a full disk for one chunk.

Writing chunk 1 of a sweep named ``disk-full`` raises ``OSError(ENOSPC)`` on the worker, the way a worker
whose disk filled up fails a chunk as a whole (not inside one game): the sweep must turn its seeds into
``status = "error"`` rows, never lose them. Every other chunk is written as usual.
"""

from __future__ import annotations

import errno
from pathlib import Path
from typing import Any

from tablerules.sweep import records

_write_rows = getattr(records.write_rows, "unpatched", records.write_rows)  # dask may load a preload twice


def _full_disk(rows: list[dict[str, Any]], path: Path) -> None:
    if "sweep=disk-full" in path.as_posix() and path.name == "chunk-000001.parquet":
        raise OSError(errno.ENOSPC, "No space left on device", str(path))
    _write_rows(rows, path)


_full_disk.unpatched = _write_rows  # type: ignore[attr-defined]
records.write_rows = _full_disk
