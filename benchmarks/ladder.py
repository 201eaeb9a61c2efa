"""The strength ladder of every game, and the seat edges re-measured (issue 26), as balance sweeps.

    python benchmarks/ladder.py --seeds 40 --search-seeds 6 --balance 400 --out sweeps/ladder

Every match is one sweep per seating (:func:`tablerules.analysis.ladder.sweep_match`), so a rerun plays only
the chunks still missing. Prints the ladder table (Markdown) and writes it as JSON with ``--json``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from tablerules.analysis.ladder import ladder, ladder_agents, rungs, search_agent, sweep_match

GAMES = ("munchkin", "quest", "quest-crawl", "smallworld", "baldursgate", "kragmortha")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=40, help="seeds of a match without the search agent")
    parser.add_argument("--search-seeds", type=int, default=6, help="seeds of a match with the search agent")
    parser.add_argument("--out", type=Path, default=Path("sweeps/ladder"))
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--games", nargs="*", default=list(GAMES))
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    from distributed import Client

    from tablerules.sweep.runner import local_cluster

    search = search_agent()
    results = []
    with local_cluster(args.workers) as cluster, Client(cluster) as client:
        for game in args.games:
            start = time.perf_counter()
            matches = []
            for a, b in rungs(ladder_agents(game)):
                seeds = args.search_seeds if search in (a, b) else args.seeds
                if not seeds:
                    continue
                matches.append(sweep_match(game, a, b, seeds, args.out, client=client, chunk_size=2))
                m = matches[-1]
                print(f"{game}: {a} v {b}: {m.a_wins}-{m.b_wins} ({m.draws} draws, {m.capped_games} capped, "
                      f"{m.errors} errors), "
                      f"{a} {m.rate().words()}, {m.test().words()}", flush=True)
            board = ladder(game, matches)
            for r in board.ratings:
                print(f"  {r.agent}: {r.words()}", flush=True)
            results.append({"game": game, "seconds": round(time.perf_counter() - start, 1),
                             "matches": [{"a": m.a, "b": m.b, "a_wins": m.a_wins, "b_wins": m.b_wins,
                                          "draws": m.draws, "errors": m.errors,
                                          "capped": {s.value: n for s, n in m.capped.items()},
                                          "seeds": len(m.seeds), "rate": m.rate().words(), "test": m.test().words()}
                                         for m in matches],
                             "unrated": board.unrated,
                             "ratings": [{"agent": r.agent, "elo": round(r.elo), "low": round(r.low * 400 / 2.302585),
                                          "high": round(r.high * 400 / 2.302585)} for r in board.ratings]})
            if args.json:
                args.json.write_text(json.dumps(results, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
