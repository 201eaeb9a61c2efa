"""Benchmark: Munchkin full games per second and actions per second on one core (``make bench``).

Random agents play until the turn cap (400 turns: random play rarely reaches level 10); heuristic
agents play games that end with a winner.
"""

from __future__ import annotations

import time

from tablerules.core.agents import play_game
from tablerules.munchkin.agents import HeuristicAgent
from tablerules.munchkin.game import MunchkinGame


def rate(agents, seconds: float = 5.0) -> tuple[float, float, int]:
    MunchkinGame(seed=0)  # load the cards once
    start = time.perf_counter()
    games = actions = 0
    while time.perf_counter() - start < seconds:
        game = play_game(MunchkinGame({"players": 4}, seed=games), agents)
        games += 1
        actions += len(game.history)
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / elapsed, games


def main() -> None:
    for label, agents in (("random agents (to the 400-turn cap)", None), ("heuristic agents", HeuristicAgent())):
        games, actions, n = rate(agents)
        print(f"munchkin, 4 players, {label:<36} {games:8.1f} games/s {actions:10,.0f} actions/s ({n} games)")


if __name__ == "__main__":
    main()
