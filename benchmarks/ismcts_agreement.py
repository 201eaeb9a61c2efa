"""How often the ISMCTS agent plays the heuristic agent's own move (issue 26), and what its root saw.

Run: ``PYTHONPATH=. python benchmarks/ismcts_agreement.py [positions] [--prior-weight W] [--rank-only] [--uct-c C]
[--rollout-depth N] [--simulations N]
[--games GAME ...]`` from the project root. The positions are those of ``ismcts_speed.py`` (decisions with more
than one legal action, spread over three seeded heuristic games). For each game: the decisions where the
search chose the move the heuristic agent (its prior's favourite and its rollouts' policy) chooses, and the
spread of the root's values (the best child's mean return minus the favourite's, averaged): a search whose
values do not separate the moves only follows its prior, and cannot play better than the heuristic.
"""

from __future__ import annotations

import argparse
import statistics
import sys

from ismcts_speed import decisions

from tablerules.core.registry import game_class, game_names
from tablerules.interop import ismcts


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("positions", type=int, nargs="?", default=16)
    parser.add_argument("--prior-weight", type=float, default=ismcts.HEURISTIC_PRIOR)
    parser.add_argument("--rank-only", action="store_true",
                        help="value cut-offs by the rank alone (not ismcts.standing)")
    parser.add_argument("--uct-c", type=float, default=2.0)
    parser.add_argument("--rollout-depth", type=int, help="actions (default: the game's, ismcts.ROLLOUT_DEPTHS)")
    parser.add_argument("--simulations", type=int, default=ismcts.DEFAULT_SIMULATIONS)
    parser.add_argument("--games", nargs="*", default=game_names())
    args = parser.parse_args(argv)
    gaps: list[float] = []
    original = ismcts.SeatISMCTSBot.get_final_policy

    def spy(bot: ismcts.SeatISMCTSBot, state, node):  # the root's values, read as the search ends
        tried = [c for c in node.child_info.values() if c.visits]
        favourite = max(node.child_info.values(), key=lambda c: c.prior)
        if tried and favourite.visits:
            gaps.append(max(c.value() for c in tried) - favourite.value())
        return original(bot, state, node)

    ismcts.SeatISMCTSBot.get_final_policy = spy
    print(f"prior weight {args.prior_weight}, cut-off by {'rank' if args.rank_only else 'rank and lead'}, "
          f"uct_c {args.uct_c}, rollouts of {args.rollout_depth or 'the game&#39;s'} actions, "
          f"{args.simulations} simulations".replace("&#39;", "'"))
    print("| game | decisions | the heuristic's move | mean value gap, best child over the favourite |")
    print("|---|---:|---:|---:|")
    for name in args.games:
        agent = ismcts.ISMCTSAgent(args.simulations, args.rollout_depth, seed=1, prior_weight=args.prior_weight,
                                   margin=not args.rank_only, uct_c=args.uct_c)
        gaps.clear()
        same = total = 0
        for game in decisions(name, args.positions):
            player = game.to_act()[0]
            heuristic = game_class(name).heuristic_agent()
            heuristic.seed = f"{agent.seed}/rollout"  # the policy the search's prior and rollouts use
            total += 1
            same += agent.choose(game, player) == heuristic.choose(game, player)
        gap = f"{statistics.mean(gaps):.3f}" if gaps else "none"
        print(f"| {name} | {total} | {same} | {gap} |", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
