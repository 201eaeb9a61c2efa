"""Benchmark: Small World random playouts (games/s, actions/s) on one core, ``copy()`` per call, and the analysis
functions. Pig (the protocol's smallest game) is timed with the same loop, as the machine's yardstick: the
protocol itself (check, apply, trail, caches) sets a ceiling on any game's actions per second.

Run: ``python benchmarks/bench_smallworld.py`` from the project root (``make bench``).
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

from tablerules.core.protocol import Game
from tablerules.smallworld.analysis import final_attempt_table, plan_conquests
from tablerules.smallworld.game import SmallWorld
from tablerules.smallworld.scenario import begin, give, new_game


def playouts(make, seconds: float = 4.0) -> tuple[float, float, int]:
    """Random play through the protocol (legal_actions + apply; chance sampled with one seeded stream). Timed in
    CPU seconds of this process (``time.process_time``): on a machine shared with other jobs, wall time counts
    their turns too."""
    make(0)  # load data once
    clock = time.process_time
    start = clock()
    games = actions = 0
    while clock() - start < seconds:
        game: Game = make(games)
        rng = random.Random(games)
        while not game.is_over():
            if game.is_chance():
                game.apply(game.sample_chance(rng))
            else:
                game.apply(rng.choice(game.legal_actions()))
            actions += 1
        games += 1
    elapsed = clock() - start
    return games / elapsed, actions / elapsed, games


def per_call(fn, repeat: int = 200) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        fn()
    return (time.perf_counter() - start) / repeat


def mid_game(players: int, actions: int) -> SmallWorld:
    game = SmallWorld({"players": players}, seed=11)
    rng = random.Random(11)
    while not game.is_over() and game.num_actions < actions:
        game.apply(game.sample_chance(rng) if game.is_chance() else rng.choice(game.legal_actions()))
    return game


def main() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
    from dicegame import Pig

    g, a, n = playouts(lambda s: Pig({"players": 3, "target": 100}, seed=s))
    print(f"{'Pig (yardstick)':<32} {g:9.1f} games/s {a:10,.0f} actions/s ({n} games)")
    for players in (2, 3, 4, 5):
        g, a, n = playouts(lambda s, p=players: SmallWorld({"players": p}, seed=s))
        print(f"{f'Small World, {players} players':<32} {g:9.1f} games/s {a:10,.0f} actions/s ({n} games)")
    for actions in (50, 200):
        game = mid_game(4, actions)
        t = per_call(game.copy, 2000)
        print(f"copy() 4 players, {game.num_actions} actions in:  {t * 1e6:8.1f} us")
    t = per_call(lambda: final_attempt_table.__wrapped__() if hasattr(final_attempt_table, "__wrapped__")
                 else final_attempt_table(), 50)
    print(f"final_attempt_table (6 x 4 exact odds):   {t * 1e3:8.2f} ms")
    for hand in (5, 9, 12):
        g2 = new_game(3)
        give(g2, 0, "Orcs", "Pillaging", hand=hand)
        begin(g2, 0)
        start = time.perf_counter()
        plan = plan_conquests(g2)
        print(f"plan_conquests, {hand:>2} tokens in hand:      {(time.perf_counter() - start) * 1e3:8.1f} ms "
              f"({plan.nodes} positions, expected {float(plan.expected):.2f} coins)")


if __name__ == "__main__":
    main()
