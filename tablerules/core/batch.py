"""Garbage-collector settings for playing many games in one process (simulations, sweeps, the harness).

A game allocates many small short-lived objects per action (actions, log lines, history nodes) and
holds large long-lived ones (card tables, the seeds' texts). CPython's collector runs a young collection
every 700 net allocations and now and then a full one that walks every tracked object, the long-lived
tables included: 10-25% of a random playout's time (measured on Munchkin and Baldur's Gate, 2026-11-30).

:func:`batch_gc` moves what already exists out of the collector's reach (``gc.freeze``: the tables
loaded before the batch are never walked again) and collects the young generation every
:data:`YOUNG_THRESHOLD` allocations instead of 700. Cycles are still collected, only less often; the
old settings come back when the batch ends. Games play exactly the same moves either way.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

#: net allocations between two young-generation collections inside a batch (CPython's default is 700)
YOUNG_THRESHOLD = 10_000


@contextmanager
def batch_gc(young: int = YOUNG_THRESHOLD) -> Iterator[None]:
    """Within the block: objects alive at its start are frozen, young collections every ``young``
    allocations. Nested blocks keep the outer block's settings; leaving the outermost restores them."""
    old = gc.get_threshold()
    if old[0] >= young:  # already inside a batch (or the process chose a larger threshold itself)
        yield
        return
    gc.freeze()
    gc.set_threshold(young, *old[1:])
    try:
        yield
    finally:
        gc.set_threshold(*old)
        gc.unfreeze()
