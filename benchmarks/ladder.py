"""The strength ladder of every game (issue 26), as balance sweeps.

    nice -n 10 python benchmarks/ladder.py --seeds 40 --search-seeds 6 --games smallworld \
        --out sweeps/ladder --results data/ladder/results.json

Every match is one sweep per seating (:func:`tablerules.analysis.ladder.sweep_match`), so a rerun plays only
the chunks still missing (the sweeps are keyed by game, seating and seeds, not by the agents' code: after an
agent changes, use a new ``--out``). Prints each match and the ratings; ``--results`` stores each game's
matches, as soon as the game is done, in the bundled ladder file that ``notebooks/balance_ladder.ipynb``
reads (:mod:`tablerules.analysis.ladder_results`; a game measured again replaces its entry).
``--search-seeds-for GAME=N`` sizes one game's search matches apart (a search game costs minutes).
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

from tablerules.analysis.ladder import ladder, ladder_agents, rungs, search_agent, sweep_match
from tablerules.analysis.ladder_results import GameRun, Search, write_results
from tablerules.core.registry import game_class

GAMES = ("munchkin", "quest", "quest-crawl", "smallworld", "baldursgate", "kragmortha")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=40, help="seeds of a match without the search agent")
    parser.add_argument("--search-seeds", type=int, default=6, help="seeds of a match with the search agent")
    parser.add_argument("--out", type=Path, default=Path("sweeps/ladder"))
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--games", nargs="*", default=list(GAMES))
    parser.add_argument("--search-seeds-for", nargs="*", default=[], metavar="GAME=N",
                        help="seeds of one game's search matches (overrides --search-seeds there)")
    parser.add_argument("--results", type=Path, help="the ladder file to store each game in (the bundled one: "
                        "data/ladder/results.json)")
    args = parser.parse_args(argv)
    search_seeds = {k: int(v) for k, v in (item.split("=", 1) for item in args.search_seeds_for)}
    from distributed import Client

    from tablerules.sweep.runner import local_cluster

    search = search_agent()
    command = "python benchmarks/ladder.py " + shlex.join(argv if argv is not None else sys.argv[1:])
    with local_cluster(args.workers) as cluster, Client(cluster) as client:
        for game in args.games:
            start = time.perf_counter()
            matches = []
            for a, b in rungs(ladder_agents(game)):
                seeds = search_seeds.get(game, args.search_seeds) if search in (a, b) else args.seeds
                if not seeds:
                    continue
                # a search game takes minutes: one seed a chunk, so both workers have one
                matches.append(sweep_match(game, a, b, seeds, args.out, client=client,
                                           chunk_size=1 if search in (a, b) else 2))
                m = matches[-1]
                print(f"{game}: {a} v {b}: {m.a_wins}-{m.b_wins} ({m.draws} draws, {m.capped_games} capped, "
                      f"{m.errors} errors), "
                      f"{a} {m.rate().words()}, {m.test().words()}", flush=True)
            board = ladder(game, matches)
            for r in board.ratings:
                print(f"  {r.agent}: {r.words()}", flush=True)
            if args.results:
                write_results(args.results, [GameRun(game, game_class(game)().num_players(), matches,
                                                     time.perf_counter() - start,
                                                     datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"), command,
                                                     search_settings(search, game))], order=GAMES)
    return 0


def search_settings(search: str | None, game: str) -> Search | None:
    """The search rung's budget as the agent called ``search`` plays it in ``game`` (its defaults)."""
    if search == "ismcts":
        from tablerules.interop import ismcts

        return Search(search, ismcts.DEFAULT_SIMULATIONS, ismcts.rollout_depth(game))
    if search == "mcts":
        from tablerules.interop import mcts

        return Search(search, mcts.DEFAULT_SIMULATIONS, mcts.DEFAULT_ROLLOUT_DEPTH)
    return None


if __name__ == "__main__":
    sys.exit(main())
