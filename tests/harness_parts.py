"""The slow harness tests play their thousands of random games in parts of a few CPU s each (at most ~5),
so that pytest-xdist (``--dist worksteal``) spreads them evenly over the workers: a running test cannot be
split, so the longest part is the tail of the run.

Games per game at the full share (about 5,500 in all, ~400 CPU s on CI's machine): the crawl, Kragmortha
and Small World 1,000 each, Munchkin Quest 1,020, Munchkin and Baldur's Gate 750 each (their games cost
the most: ~0.16 CPU s each with every check, against ~0.09 for the crawl and ~0.02-0.04 for the others).

``TABLERULES_HARNESS_SHARE`` (default 1) runs that share of every game's parts (at least one), the first ones,
so the same seeds always run: e.g. 0.25 for a quick CI run (a quarter of the games and of their CPU time),
1 for the full run."""

from __future__ import annotations

import os


def parts(n: int) -> range:
    """The parts to run of ``n``: ``range(n)`` at the full share."""
    raw = os.environ.get("TABLERULES_HARNESS_SHARE", "1")
    try:
        share = float(raw)
    except ValueError:
        raise ValueError(f"TABLERULES_HARNESS_SHARE must be a number between 0 and 1, not {raw!r}") from None
    if not 0 < share <= 1:
        raise ValueError(f"TABLERULES_HARNESS_SHARE must be a number in (0, 1], not {raw!r}")
    return range(max(1, round(n * share)))
