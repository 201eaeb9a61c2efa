"""Kragmortha benchmark: random playouts (games/s, actions/s), copy() per call, the analysis functions.

Run: ``PYTHONPATH=. python benchmarks/bench_kragmortha.py``.

Times are CPU time of this process (``time.process_time``): on a shared machine the wall clock counts
the other processes too. Pig (tests/dicegame.py) is timed with the same loop as the machine's yardstick:
the issue's 50,000 actions/s is about 0.54x Pig on a quiet machine (Pig ~93,000 actions/s).
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

from tablerules.core.protocol import Game
from tablerules.kragmortha.analysis import desk_chance, simulate
from tablerules.kragmortha.game import Kragmortha


def playouts(games: int = 100, players: int = 4, make: Callable[[int], Game] | None = None) -> tuple[float, float]:
    """Random playouts (the seeded random stream for the draws, ``random.Random(seed)`` for the choices)."""
    Kragmortha({"players": players})  # load and validate the data once (jsonschema takes seconds to import)
    make = make or (lambda seed: Kragmortha({"players": players}, seed=seed))
    actions = 0
    start = time.process_time()
    for seed in range(games):
        g = make(seed)
        rng = random.Random(seed)
        while not g.is_over():
            if g.is_chance():
                g.roll()
            else:
                g.apply(rng.choice(g.legal_actions()))
            actions += 1
    elapsed = time.process_time() - start
    return games / elapsed, actions / elapsed


def copies(n: int = 20_000) -> float:
    g = Kragmortha({"players": 4}, seed=1)
    rng = random.Random(1)
    for _ in range(150):
        if g.is_over():
            break
        g.roll() if g.is_chance() else g.apply(rng.choice(g.legal_actions()))
    start = time.process_time()
    for _ in range(n):
        g.copy()
    return (time.process_time() - start) / n


def main() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
    from dicegame import Pig  # the protocol's smallest game: the machine's yardstick

    _, pig = playouts(300, make=lambda seed: Pig({"players": 3, "target": 100}, seed=seed))
    print(f"Pig (yardstick): {pig:,.0f} actions/s")
    for players in (4, 2):
        games_s, actions_s = playouts(players=players)
        print(f"random playouts ({players} players): {games_s:.1f} games/s, {actions_s:,.0f} actions/s "
              f"({actions_s / pig:.2f}x Pig)")
    print(f"copy(): {copies() * 1e6:.1f} us per call")
    start = time.process_time()
    desk_chance("d4", ["goblin-grimoire-parchment", "lord-potion-gems", "goblin-gems-crystal"], 3)
    print(f"desk_chance(d4, 3 turns): {time.process_time() - start:.2f} s")
    start = time.process_time()
    simulate(4, 20, "greedy")
    print(f"simulate(4 players, 20 greedy games): {time.process_time() - start:.2f} s")


if __name__ == "__main__":
    main()
