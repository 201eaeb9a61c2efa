"""Benchmark: Baldur's Gate random playouts (games/s, actions/s) on one core, ``copy()`` per call, and the
analysis functions (exact event odds, protection chances).

Run: ``python benchmarks/bench_baldur.py`` from the project root.

Times are CPU time of this process (``time.process_time``): on a shared machine the wall clock counts
the other processes too.
"""

from __future__ import annotations

import random
import time

from tablerules.baldur.analysis import event_odds, protection_chance
from tablerules.baldur.cards import protections, rules
from tablerules.baldur.game import Baldur


def warm_up() -> float:
    """Load the card data and build the protection-set tables once; the CPU seconds that took."""
    start = time.process_time()
    Baldur(seed=0)
    rules()  # load and validate the card data once (jsonschema takes seconds to import)
    for number in (3, 5, 7, 9):  # the protection numbers; up to 4 jokers in a hand
        for jokers in range(5):
            protections(["BJ", "BJ", "RJ", "RJ"][:jokers], number)
    return time.process_time() - start


def playouts(players: int, seconds: float = 4.0) -> tuple[float, float, int]:
    warm_up()
    start = time.process_time()
    games = actions = 0
    while time.process_time() - start < seconds:
        game = Baldur({"players": players}, seed=games)
        rng = random.Random(games)
        while not game.is_over():
            game.apply(game.sample_chance(rng) if game.is_chance() else rng.choice(game.legal_actions()))
            actions += 1
        games += 1
    elapsed = time.process_time() - start
    return games / elapsed, actions / elapsed, games


def per_call(fn, repeat: int = 200) -> float:
    start = time.process_time()
    for _ in range(repeat):
        fn()
    return (time.process_time() - start) / repeat


def main() -> None:
    print(f"warm-up (card data, protection-set tables): {warm_up():8.2f} s once per process")
    for players in (4, 2, 6):
        g, a, n = playouts(players)
        print(f"{f'Baldur, {players} players':<28} {g:8.1f} games/s {a:10,.0f} actions/s ({n} games)")
    game = Baldur(seed=11)
    rng = random.Random(11)
    while not game.is_over() and game.num_actions < 300:
        game.apply(game.sample_chance(rng) if game.is_chance() else rng.choice(game.legal_actions()))
    print(f"copy() after {game.num_actions} actions:     {per_call(game.copy, 2000) * 1e6:8.1f} us")
    print(f"event_odds:                    {per_call(lambda: event_odds(game), 2000) * 1e6:8.1f} us")
    bank = ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "2H", "3H", "4H"]
    start = time.process_time()
    p = protection_chance(bank, 4, 9, heroes=2)
    print(f"protection_chance (C(12,4) hands, 2 heroes, 9): {(time.process_time() - start) * 1e3:8.1f} ms = {p}")


if __name__ == "__main__":
    main()
