"""Benchmark: Munchkin full games per second and actions per second on one core (``make bench``).

Random agents play until the turn cap (400 turns: random play rarely reaches level 10); heuristic
agents play games that end with a winner. ``python benchmarks/bench_munchkin.py lengths`` shows why
random games are long: how many end by a win or at the cap, their lengths, and what their actions are.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections import Counter

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


def lengths(games: int = 60) -> None:
    """Random 4-player games (uniform over each seat's legal actions, as MCTS rollouts play): how they
    end, how long they are, the actions by type, and the fights' outcomes from the event log."""
    sizes, turns, won, kinds, events = [], [], 0, Counter(), Counter()
    for seed in range(games):
        game, rng = MunchkinGame({"players": 4}, seed=seed), random.Random(seed)
        while not game.is_over():
            chance = game.is_chance()
            action = game.sample_chance(rng) if chance else rng.choice(game.legal_actions(game.to_act()[0]))
            kinds[type(action).__name__] += 1
            game.apply(action)
        sizes.append(len(game.history))
        turns.append(game.turns)
        won += bool(game.result().winners)
        for line in game.log:
            for word in (" kills ", "the monster wins", " is killed by ", "buys a level", "plays Go Up a Level"):
                events[word.strip()] += word in line
        events["highest level at the end"] += max(p.level for p in game.players)
    print(f"{games} random games: {won} won, {games - won} stopped at the {MunchkinGame().params.max_turns}-turn cap;"
          f" actions a game: median {statistics.median(sizes):,.0f}, {min(sizes):,}-{max(sizes):,};"
          f" turns: median {statistics.median(turns):.0f}")
    print("per game: " + ", ".join(f"{name} {n / games:.1f}" for name, n in events.items()))
    total = sum(kinds.values())
    for name, n in kinds.most_common(12):
        print(f"  {name:<16}{n / games:8.1f} a game {n / total:7.1%}")


def main() -> None:
    if sys.argv[1:] == ["lengths"]:
        lengths()
        return
    for label, agents in (("random agents (to the 400-turn cap)", None), ("heuristic agents", HeuristicAgent())):
        games, actions, n = rate(agents)
        print(f"munchkin, 4 players, {label:<36} {games:8.1f} games/s {actions:10,.0f} actions/s ({n} games)")


if __name__ == "__main__":
    main()
