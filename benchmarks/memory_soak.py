"""Memory soak: one process plays many games of every game; its resident size must stay flat (issue 28).

For each game in turn, the same process plays seeds 0, 1, 2, ... alternating an all-random table and an
all-heuristic one (random only where the game has no heuristic agent), inside :func:`batch_gc` as a sweep
worker does. Every ``--every`` games it collects garbage and samples the resident size; after ``--warmup``
(the share of the run that loads data files and fills the caches) it fits a line and prints the slope in
KiB per 1,000 games, and names every module-level cache that kept growing after the warm-up
(:func:`tablerules.core.memory.cache_sizes`): a flat process has slope near 0 and no such cache.

    python benchmarks/memory_soak.py --games 100000 --every 2000          # the full soak (hours)
    nice -n 10 python benchmarks/memory_soak.py --games 100000 --seconds 150 --only quest,munchkin

``--seconds`` stops each game's run after that much CPU time (the slope is over the games played). ``--json`` prints the
samples too. Exit status 1 if any slope exceeds ``--limit`` KiB per 1,000 games or a cache with no bound
grew after the warm-up.
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import time
from dataclasses import asdict, dataclass, field

from tablerules.core.agents import make_agents, play_game
from tablerules.core.batch import batch_gc
from tablerules.core.caches import bound_of
from tablerules.core.memory import cache_sizes, ceiling_bytes, find_cache, grown, per_thousand, rss_kb
from tablerules.core.registry import game_class, game_names

#: cache-size snapshots kept during a run (every other one is dropped past this)
KEPT_SNAPSHOTS = 32


@dataclass
class Run:
    game: str
    games: int = 0
    seconds: float = 0.0
    warmup: int = 0  #: games before the fit
    samples: list[tuple[int, int]] = field(default_factory=list)  #: (games played, RSS KiB)
    growing: dict[str, tuple[int, int]] = field(default_factory=dict)  #: cache -> (entries after warm-up, at end)

    @property
    def slope(self) -> float:
        """KiB per 1,000 games after the warm-up."""
        return per_thousand(self.samples, self.warmup)

    def row(self) -> str:
        after = [kb for g, kb in self.samples if g >= self.warmup] or [0]
        return (f"{self.game:12} {self.games:8,} games {self.seconds:7.1f} s  RSS {after[0] / 1024:6.1f} -> "
                f"{after[-1] / 1024:6.1f} MiB after {self.warmup:,} warm-up games  slope "
                f"{self.slope:+7.1f} KiB/1,000 games  {len(self.growing)} bounded caches still filling"
                + (f" (fullest: {self.fullest()}; at their bounds about {self.ceiling_mib():.1f} MiB more)"
                   if self.growing else "") + "; unbounded: "
                + (", ".join(f"{k} {a}->{b}" for k, (a, b) in self.unbounded().items()) or "none"))

    def ceiling_mib(self) -> float:
        """How much more the growing dict caches would hold at their bounds, at their present bytes an entry
        (:func:`tablerules.core.memory.ceiling_bytes`): where the resident size levels off, above the last sample."""
        more, counted = 0, set()
        for k, (_, now) in self.growing.items():
            cache = find_cache(k)
            bound = bound_of(k, cache)
            if isinstance(bound, int) and now and id(cache) not in counted:  # a cache imported by two modules once
                counted.add(id(cache))
                more += max(0, ceiling_bytes(cache, bound) - ceiling_bytes(cache, now))
        return more / 2**20

    def fullest(self, count: int = 3) -> str:
        """The growing bounded caches nearest their bound: ``name entries-after-warm-up->at-end/bound``."""
        rows = []
        for k, (a, b) in self.growing.items():
            bound = bound_of(k, find_cache(k))
            if isinstance(bound, int):
                rows.append((b / bound, f"{k.removeprefix('tablerules.')} {a}->{b}/{bound}"))
            elif bound is not None:
                rows.append((0.0, f"{k.removeprefix('tablerules.')} {a}->{b} ({bound})"))
        return ", ".join(text for _, text in sorted(rows, reverse=True)[:count])

    def unbounded(self) -> dict[str, tuple[int, int]]:
        """The growing caches that have no bound (:func:`tablerules.core.caches.bound_of`)."""
        return {k: v for k, v in self.growing.items() if bound_of(k, find_cache(k)) is None}


def lineups(name: str) -> list[tuple[str, ...]]:
    """All-random and all-heuristic tables (random only where the game has no heuristic agent)."""
    return [("random",), ("heuristic",)] if game_class(name).heuristic_agent() is not None else [("random",)]


def soak(name: str, games: int, every: int, warmup: float, seconds: float | None, seed: int = 0,
         max_actions: int | None = None) -> Run:
    """Play ``games`` games of ``name`` (or until ``seconds``), sampling the resident size every ``every``."""
    cls = game_class(name)
    tables = lineups(name)
    run = Run(name)
    start = time.perf_counter()
    cpu = time.process_time()
    gc.collect()
    run.samples.append((0, rss_kb()))
    snapshots = [(0, cache_sizes())]  # (games, cache sizes), thinned to at most KEPT_SNAPSHOTS
    with batch_gc():
        for i in range(games):
            s = seed + i
            game = cls(seed=s)
            play_game(game, make_agents(tables[i % len(tables)], cls, s), max_steps=max_actions)
            del game
            run.games = i + 1
            out_of_time = seconds is not None and time.process_time() - cpu > seconds
            if run.games % every == 0 or run.games == games or out_of_time:
                gc.collect()
                run.samples.append((run.games, rss_kb()))
                snapshots.append((run.games, cache_sizes()))
                if len(snapshots) > KEPT_SNAPSHOTS:  # a snapshot is ~40 KiB: keeping them all would be a leak
                    snapshots = snapshots[::2] + ([snapshots[-1]] if len(snapshots) % 2 == 0 else [])
            if out_of_time:
                break
    run.seconds = time.perf_counter() - start
    run.warmup = int(run.games * warmup)
    at_warmup = next(sizes for g, sizes in snapshots if g >= run.warmup)
    run.growing = grown(at_warmup, snapshots[-1][1])
    return run


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=2000, help="games per game (default 2,000)")
    p.add_argument("--every", type=int, default=0, help="sample every N games (default: games / 20)")
    p.add_argument("--warmup", type=float, default=0.25, help="share of the run before the fit (default 0.25)")
    p.add_argument("--seconds", type=float, default=None,
                   help="stop each game's run after this much CPU time (a loaded machine plays fewer games)")
    p.add_argument("--only", default="", help="comma-separated game names (default: every game)")
    p.add_argument("--max-actions", type=int, default=None, help="stop a game after this many actions")
    p.add_argument("--limit", type=float, default=50.0, help="fail above this slope, KiB/1,000 games (50)")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    names = [n.strip() for n in args.only.split(",") if n.strip()] or game_names()
    every = args.every or max(1, args.games // 20)
    runs = []
    for name in names:
        run = soak(name, args.games, every, args.warmup, args.seconds, max_actions=args.max_actions)
        runs.append(run)
        print(json.dumps({**asdict(run), "slope": run.slope, "unbounded": run.unbounded()}) if args.json
              else run.row(), flush=True)
    return 1 if any(r.slope > args.limit or r.unbounded() for r in runs) else 0


if __name__ == "__main__":
    sys.exit(main())
