"""The ISMCTS agent's speed (issue 26): simulations and seconds per decision in every game.

Run: ``PYTHONPATH=. python benchmarks/ismcts_speed.py [positions] [simulations] [game ...]`` from the project
root (defaults: 12 positions, 100 simulations, every registered game). The positions are decisions with more
than one legal action from seeded games played by the game's heuristic agent,
evenly spread over three whole games (early, middle and late decisions). Each decision is
timed in processor seconds (``time.process_time``: what this process used, not what the shared machine's
other work took), and the first world sample's cost (``knowledge``: replaying the game's history to learn
what the seat knows, paid once a decision) is timed apart. Prints a Markdown table (median, mean, max
seconds a decision, the simulations a second) and the target: 100 simulations in at most 1 s.
"""

from __future__ import annotations

import statistics
import sys
import time

from tablerules.core.agents import make_agent, play_game
from tablerules.core.protocol import Game
from tablerules.core.registry import game_class, game_names
from tablerules.core.worlds import _KNOWN, knowledge
from tablerules.interop.ismcts import ISMCTSAgent, rollout_depth


def decisions(name: str, count: int, games: int = 3) -> list[Game]:
    """``count`` decisions (copies) evenly spread over ``games`` whole seeded games of ``name``."""
    cls = game_class(name)
    agent_name = "random" if cls.heuristic_agent() is None else "heuristic"
    out: list[Game] = []
    for seed in range(games):
        game = cls(seed=seed)
        agents = make_agent(agent_name, cls, seed=seed)
        found = []
        while not game.is_over() and game.num_actions < 1500:
            play_game(game, agents, max_steps=game.num_actions + 7 + len(found) % 5)
            if not game.is_over() and not game.is_chance() and len(game.legal_actions(game.to_act()[0])) > 1:
                found.append(game.copy())
        share = (count - len(out)) // (games - seed)
        out += [found[i * len(found) // share] for i in range(share)]
    return out


def measure(name: str, count: int, simulations: int) -> dict[str, float]:
    agent = ISMCTSAgent(simulations=simulations, seed=1)
    seconds, replay, searched = [], [], []
    for game in decisions(name, count):
        player = game.to_act()[0]
        _KNOWN.clear()
        start = time.process_time()
        knowledge(game, player)
        replay.append(time.process_time() - start)
        _KNOWN.clear()
        start = time.process_time()
        agent.choose(game, player)
        seconds.append(time.process_time() - start)
        searched.append(agent.last_simulations)
    sims = [s for s in searched if s]
    timed = [t for t, s in zip(seconds, searched, strict=True) if s]
    return {"positions": len(seconds), "searched": len(sims), "simulations": statistics.mean(sims) if sims else 0,
            "median": statistics.median(timed), "mean": statistics.mean(timed), "max": max(timed),
            "replay": statistics.median(replay), "per_second": sum(sims) / sum(timed)}


def main(argv: list[str]) -> None:
    count = int(argv[0]) if argv else 12
    simulations = int(argv[1]) if len(argv) > 1 else 100
    names = argv[2:] or game_names()
    print(f"ISMCTS, {simulations} simulations a decision, heuristic rollouts of the game's length "
          "(ismcts.ROLLOUT_DEPTHS) then the standing; processor seconds")
    print("| game | rollout actions | decisions (searched) | simulations a decision | median s | mean s | max s "
          "| of it, knowledge replay (median s) | simulations a second | 100 in <= 1 s |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    for name in names:
        r = measure(name, count, simulations)
        ok = "yes" if r["max"] * 100 / max(r["simulations"], 1) <= 1.0 else \
            ("median only" if r["median"] * 100 / max(r["simulations"], 1) <= 1.0 else "no")
        print(f"| {name} | {rollout_depth(name)} | {r['positions']} ({r['searched']}) | {r['simulations']:.0f} "
              f"| {r['median']:.3f} "
              f"| {r['mean']:.3f} | {r['max']:.3f} | {r['replay']:.3f} | {r['per_second']:.0f} | {ok} |", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
