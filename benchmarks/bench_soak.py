"""Soak: N random games of every registered game with every invariant of the harness checked (issue 16).

Each game runs through :func:`tablerules.core.testing.random_sim_test` (legal actions, a way forward at
every step, chance outcomes summing to 1, the game's own invariants, stale actions refused, undo, copies,
observations, saves round-tripped, the length cap). A failing game is counted and the soak goes on:
*violations* are broken invariants, *stuck* games are the ones with no way forward or that never end.

    python benchmarks/bench_soak.py --games 1000              # 1,000 games of every game
    python benchmarks/bench_soak.py --games 100000 --seconds 600 --jobs 2   # stop each game after 10 min

It prints one row per game (games played, seconds, games/s, the time 100,000 games would take, actions,
violations, stuck) and exits 1 if any game broke an invariant or got stuck.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from tablerules.core.registry import game_class, game_names
from tablerules.core.testing import HarnessFailure, random_sim_test

STUCK = ("no legal action", "nobody is to act", "did not end within")


@dataclass
class Soak:
    game: str
    games: int = 0
    actions: int = 0
    seconds: float = 0.0
    violations: list[str] = field(default_factory=list)
    stuck: list[str] = field(default_factory=list)

    def add(self, other: Soak) -> None:
        self.games += other.games
        self.actions += other.actions
        self.seconds = max(self.seconds, other.seconds)
        self.violations += other.violations
        self.stuck += other.stuck


#: How often the costlier checks run (the harness's argument names). The way forward, the legal-action
#: checks and the game's invariants run at every step; a save replay or an undo costs a replay of the
#: whole game so far, so they are spaced out (a 4,000-action random Munchkin game would otherwise spend
#: minutes replaying itself).
CADENCE = {"round_trip_every": 250, "undo_every": 50, "illegal_every": 5, "copy_every": 25, "observe_every": 100}


def soak(name: str, first_seed: int, games: int, seconds: float, cadence: dict[str, int]) -> Soak:
    """Play seeds ``first_seed, first_seed + 1, ...`` of ``name`` until ``games`` or ``seconds`` run out."""
    cls = game_class(name)
    cls(seed=first_seed)  # load the data files once
    out = Soak(name)
    start = time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        if time.perf_counter() - start > seconds:
            break
        try:
            report = random_sim_test(lambda s: cls(seed=s), n_games=1, seed=seed, **cadence)
        except HarnessFailure as exc:
            (out.stuck if any(s in str(exc) for s in STUCK) else out.violations).append(str(exc))
            out.games += 1
            continue
        out.games += 1
        out.actions += report.actions
    out.seconds = time.perf_counter() - start
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="random games of every game (default 1000)")
    parser.add_argument("--seconds", type=float, default=float("inf"), help="stop each game after this long")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1, help="processes (each plays its share of the seeds)")
    for option, every in CADENCE.items():
        parser.add_argument(f"--{option.replace('_', '-')}", type=int, default=every,
                            help=f"(default {every}; 1: every action; the end is always replayed)")
    parser.add_argument("--only", nargs="*", help="these games only")
    args = parser.parse_args(argv)
    cadence = {option: getattr(args, option) for option in CADENCE}
    names = args.only or game_names()
    share = -(-args.games // args.jobs)
    print(f"{'game':<14} {'games':>7} {'seconds':>8} {'games/s':>8} {'100k games':>11} {'actions':>10} "
          f"{'violations':>10} {'stuck':>6}")
    bad = 0
    with ProcessPoolExecutor(args.jobs) as pool:
        for name in names:
            jobs = [pool.submit(soak, name, args.seed + j * share, min(share, args.games - j * share), args.seconds,
                                cadence) for j in range(args.jobs) if j * share < args.games]
            total = Soak(name)
            for job in jobs:
                total.add(job.result())
            rate = total.games / total.seconds if total.seconds else 0.0
            full = f"{100_000 / rate / 3600:.1f} h" if rate else "-"
            print(f"{name:<14} {total.games:>7} {total.seconds:>8.1f} {rate:>8.2f} {full:>11} {total.actions:>10} "
                  f"{len(total.violations):>10} {len(total.stuck):>6}", flush=True)
            for message in (total.violations + total.stuck)[:5]:
                print(f"    {message}")
            bad += len(total.violations) + len(total.stuck)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
