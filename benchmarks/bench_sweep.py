"""Benchmark: balance sweeps on dask.distributed, and the MCTS agent against the heuristic one.

``python benchmarks/bench_sweep.py scaling`` (the sweep extra):

* games/s of a Munchkin heuristic sweep on a LocalCluster of 1 and of 2 worker processes (the cluster
  started and warmed up before the clock starts), beside the same games played in this process;
* the overhead per chunk: a sweep of 1-game chunks against the play time its rows record (task dispatch,
  result, the Parquet file, its rename); from it the chunk size that keeps the overhead under 5%.

``python benchmarks/bench_sweep.py resume --games 20000 --workers 2 --out DIR`` (the sweep extra): per game,
the ``tablerules sweep`` command on a local cluster, interrupted with SIGINT (Ctrl-C) a third of the way
in, then run again to resume; DuckDB then checks every seed is in the dataset exactly once.

``python benchmarks/bench_sweep.py mcts [--games N]`` (the openspiel extra): per game, seat 0 played by the
MCTS agent against the heuristic agent (random where a game has none) on every other seat, and the same
seeds with the heuristic agent in seat 0 too, so the two win rates compare on the same deals.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time

from tablerules.core.agents import make_agents, play_game
from tablerules.core.registry import game_class, game_names


def _warm_cluster(workers: int):
    from distributed import Client

    from tablerules.sweep.runner import local_cluster

    client = Client(local_cluster(workers))
    client.wait_for_workers(workers)
    client.run(lambda: __import__("tablerules.munchkin.game"))  # imports and data loading off the clock
    return client


def scaling(games: int, chunk: int) -> dict:
    from tablerules.sweep import SweepSpec, run_sweep

    out: dict = {"games": games, "chunk_size": chunk, "load_average_1min_at_start": os.getloadavg()[0]}
    cls = game_class("munchkin")
    start = time.perf_counter()
    for seed in range(games // 2):
        play_game(cls(seed=seed), make_agents(("heuristic",), cls, seed))
    out["in_process_games_per_s"] = (games // 2) / (time.perf_counter() - start)
    for workers in (1, 2):
        client = _warm_cluster(workers)
        with tempfile.TemporaryDirectory() as tmp:
            spec = SweepSpec("munchkin", games, ("heuristic",), chunk_size=chunk, name=f"w{workers}")
            report = run_sweep(spec, tmp, client=client, progress=False)
        out[f"workers_{workers}_games_per_s"] = report.games / report.seconds
        client.close()
    # overhead: 1-game chunks of a fast game on one worker
    client = _warm_cluster(1)
    from tablerules.sweep.query import connect

    n = 60
    with tempfile.TemporaryDirectory() as tmp:
        spec = SweepSpec("munchkin", n, ("heuristic",), chunk_size=1, name="overhead")
        report = run_sweep(spec, tmp, client=client, progress=False)
        play = connect(tmp).execute("SELECT sum(seconds), avg(seconds) FROM games").fetchone()
    client.close()
    per_chunk = (report.seconds - play[0]) / n
    out["overhead_per_chunk_s"] = per_chunk
    out["mean_game_s"] = play[1]
    out["chunk_size_for_5pct"] = int(per_chunk / (0.05 * play[1])) + 1
    return out


def _sweep_argv(name: str, games: int, workers: int, out: str, chunk: int) -> list[str]:
    agent = "heuristic" if game_class(name).heuristic_agent() is not None else "random"
    return [sys.executable, "-m", "tablerules", "sweep", name, "--games", str(games), "--agents", agent,
            "--workers", str(workers), "--chunk-size", str(chunk), "--out", out, "--name", f"{name}-{games}",
            "--json", "--no-progress"]


def resume(games: int, workers: int, out: str, chunk: int, names: list[str]) -> dict:
    """Each game's sweep interrupted by SIGINT once a third of the chunks it had left landed, then resumed."""
    from tablerules.sweep.query import connect

    report = {}
    for name in names:
        argv = _sweep_argv(name, games, workers, out, chunk)
        sweep = f"{name}-{games}"
        row: dict = {"game": name, "games": games, "workers": workers,
                     "load_average_1min_at_start": round(os.getloadavg()[0], 1)}
        start = time.perf_counter()
        # SIGINT as at a terminal, even when this script runs in the background (where it is ignored)
        first = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                 preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        before = row["chunks_before"] = _chunks_on_disk(out, sweep)
        third = before + max((-(-games // chunk) - before) // 3, 1)
        while first.poll() is None:
            time.sleep(0.5)
            if _chunks_on_disk(out, sweep) >= third:  # a third of the chunks left landed: Ctrl-C
                first.send_signal(signal.SIGINT)
                break
        out1, _ = first.communicate()
        row["first_exit"] = first.returncode
        row["first"] = json.loads(out1) if out1.strip() else None
        row["chunks_after_interrupt"] = _chunks_on_disk(out, sweep)
        second = subprocess.run(argv, capture_output=True, text=True)
        row["second_exit"] = second.returncode
        row["second"] = json.loads(second.stdout)
        row["wall_s"] = round(time.perf_counter() - start, 1)
        con = connect(out, sweep)
        n, distinct, low, high, errors, capped = con.execute(
            "SELECT count(*), count(DISTINCT seed), min(seed), max(seed), count(*) FILTER (status = 'error'), "
            "count(*) FILTER (capped) FROM games").fetchone()
        row.update(rows=n, distinct_seeds=distinct, seeds=f"{low}..{high}", errors=errors, capped=capped,
                   exactly_once=(n == distinct == games and low == 0 and high == games - 1))
        print(json.dumps(row), flush=True)
        report[name] = row
    return report


def _chunks_on_disk(out: str, sweep: str) -> int:
    from pathlib import Path

    return sum(1 for _ in (Path(out) / f"sweep={sweep}").rglob("chunk-*.parquet"))


def mcts_vs_heuristic(games: int, budget_s: float) -> dict:
    out = {}
    for name in game_names():
        cls = game_class(name)
        other = "heuristic" if cls.heuristic_agent() is not None else "random"
        wins = {"mcts": 0, other: 0}
        played = 0
        start = time.perf_counter()
        for seed in range(games):
            for seat0 in ("mcts", other):
                game = play_game(cls(seed=seed), make_agents((seat0, other, other, other, other, other), cls, seed))
                result = game.result()
                wins[seat0] += bool(result and 0 in result.winners)
            played += 1
            if time.perf_counter() - start > budget_s:
                break
        out[name] = {"n": played, "players": cls(seed=0).num_players(), "opponents": other,
                     "seat0_mcts_wins": wins["mcts"], f"seat0_{other}_wins": wins[other],
                     "seconds": round(time.perf_counter() - start, 1)}
        print(name, out[name], flush=True)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("part", choices=["scaling", "mcts", "resume"])
    parser.add_argument("--workers", type=int, default=2, help="resume: local worker processes")
    parser.add_argument("--out", default="sweeps", help="resume: the Parquet dataset folder")
    parser.add_argument("--only", default="", help="resume: comma-separated games (default: all)")
    parser.add_argument("--games", type=int, default=None)
    parser.add_argument("--chunk-size", type=int, default=25)
    parser.add_argument("--budget", type=float, default=600.0, help="mcts: seconds per game before stopping")
    args = parser.parse_args()
    if args.part == "scaling":
        print(json.dumps(scaling(args.games or 200, args.chunk_size), indent=1))
    elif args.part == "resume":
        names = [n for n in args.only.split(",") if n] or game_names()
        report = resume(args.games or 20000, args.workers, args.out, args.chunk_size, names)
        sys.exit(0 if all(r["exactly_once"] and r["first_exit"] == 130 for r in report.values()) else 1)
    else:
        print(json.dumps(mcts_vs_heuristic(args.games or 10, args.budget), indent=1))


if __name__ == "__main__":
    main()
