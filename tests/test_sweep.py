"""Balance sweeps: seeded chunks on dask.distributed, Parquet files, DuckDB queries, resuming."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from dicegame import Pig

from tablerules.cli import main
from tablerules.core.registry import register, unregister
from tablerules.sweep import SweepSpec, missing, plan, run_sweep
from tablerules.sweep import query as Q
from tablerules.sweep.records import SCHEMA, play_one

distributed = pytest.importorskip("distributed")


def seeds_by_setting(out: Path, sweep: str, key: str) -> dict[object, list[int]]:
    con = Q.connect(out, sweep)
    found: dict[object, list[int]] = {}
    for row in Q.rows(con, f"SELECT {key} AS k, seed FROM games ORDER BY k, seed"):
        found.setdefault(row["k"], []).append(row["seed"])
    return found


def test_chunks_are_seeded_and_cover_every_setting_once() -> None:
    spec = SweepSpec("quest-crawl", 25, params={"players": [2, 3]}, seed=100, chunk_size=10)
    chunks = plan(spec)
    assert [(c.params, c.index, c.first_seed, c.count) for c in chunks] == [
        ((("players", p),), i, 100 + 10 * i, n) for p in (2, 3) for i, n in enumerate((10, 10, 5))]
    assert chunks == plan(spec)  # chunk i always plays the same games
    assert str(chunks[4].path) == f"sweep={spec.sweep_id}/players=3/chunk-000001.parquet"
    assert SweepSpec("quest-crawl", 50, params={"players": [2, 3]}, seed=100, chunk_size=10).sweep_id == spec.sweep_id


def test_an_interrupted_sweep_resumes_with_every_game_exactly_once(client, tmp_path: Path) -> None:
    spec = SweepSpec("quest-crawl", 24, params={"players": [2, 3]}, seed=7, chunk_size=4)
    first = run_sweep(spec, tmp_path, client=client, progress=False, stop_after=2)
    assert first.interrupted and not first.complete
    # a writer killed mid-write leaves only a temporary file: it is neither read nor taken for a chunk
    folder = tmp_path / f"sweep={spec.sweep_id}" / "players=2"
    (folder / ".chunk-000005.parquet.99.1.tmp").write_bytes(b"half a file")
    left = missing(spec, tmp_path)
    assert 0 < len(left) <= 12 - 2
    # (in-process workers cannot be stopped mid-chunk: a chunk that was running may still land meanwhile)
    second = run_sweep(spec, tmp_path, client=client, progress=False)
    assert second.complete and second.ran <= len(left) and not missing(spec, tmp_path)
    assert second.done_before + second.ran == 12
    assert seeds_by_setting(tmp_path, spec.sweep_id, "players") == {2: list(range(7, 31)), 3: list(range(7, 31))}
    assert run_sweep(spec, tmp_path, client=client, progress=False).ran == 0  # nothing left to do
    with pytest.raises(ValueError, match="different sweep"):
        run_sweep(SweepSpec("quest-crawl", 24, params={"players": [2, 3]}, seed=8, chunk_size=4,
                            name=spec.sweep_id), tmp_path, client=client, progress=False)


def test_an_extended_sweep_replays_its_short_last_chunk_and_cannot_shrink(client, tmp_path: Path) -> None:
    small = SweepSpec("quest-crawl", 5, seed=0, chunk_size=4, name="x")
    run_sweep(small, tmp_path, client=client, progress=False)
    bigger = SweepSpec("quest-crawl", 10, seed=0, chunk_size=4, name="x")
    assert [(c.index, c.count) for c in missing(bigger, tmp_path)] == [(1, 4), (2, 2)]
    assert run_sweep(bigger, tmp_path, client=client, progress=False).ran == 2
    assert seeds_by_setting(tmp_path, "x", "sweep") == {"x": list(range(10))}
    with pytest.raises(ValueError, match="extended, not shrunk"):
        run_sweep(small, tmp_path, client=client, progress=False)


def test_a_chunk_is_one_parquet_file_of_the_fixed_schema(client, tmp_path: Path) -> None:
    spec = SweepSpec("munchkin", 6, agents=("heuristic",), params={"deal": [2]}, chunk_size=3, name="m")
    run_sweep(spec, tmp_path, client=client, progress=False)
    files = sorted(tmp_path.glob("sweep=m/deal=2/chunk-*.parquet"))
    assert [f.name for f in files] == ["chunk-000000.parquet", "chunk-000001.parquet"]
    table = pq.read_table(files[1], partitioning=None)
    assert table.schema.equals(SCHEMA)
    row = table.to_pylist()[0]
    assert row["seed"] == 3 and row["chunk"] == 1 and row["players"] == 4 and row["agents"] == ["heuristic"] * 4
    assert json.loads(row["params"]) == {"deal": 2, "first_player": -1, "max_turns": 400, "players": 4}
    assert row["status"] == "finished" and len(row["winners"]) >= 1
    assert len(row["seat_race"]) == len(row["seat_class"]) == len(row["seat_level"]) == 4
    assert max(row["seat_level"]) == 10  # a Munchkin game is won at level 10
    assert json.loads((tmp_path / "sweep=m" / "_sweep.json").read_text())["games"] == 6


def test_duckdb_answers_win_rates_with_intervals_and_lengths(client, tmp_path: Path) -> None:
    spec = SweepSpec("munchkin", 8, agents=("heuristic",), params={"deal": [2, 4]}, chunk_size=4, name="q")
    run_sweep(spec, tmp_path, client=client, progress=False)
    con = Q.connect(tmp_path, "q")
    by_seat = Q.win_rates(con, ["deal", "seat"])
    assert [(r["deal"], r["seat"], r["n"]) for r in by_seat] == [(d, s, 8) for d in (2, 4) for s in range(4)]
    winners = Q.rows(con, "SELECT deal, sum(len(winners)) AS w FROM games GROUP BY deal ORDER BY deal")
    assert [sum(r["wins"] for r in by_seat if r["deal"] == d) for d in (2, 4)] == [r["w"] for r in winners]
    for r in Q.win_rates(con, "race") + by_seat:
        assert 0 <= r["low"] <= r["rate"] <= r["high"] <= 1
    assert sum(r["n"] for r in Q.win_rates(con, "race")) == 64
    lengths = Q.lengths(con, "deal")
    assert [r["games"] for r in lengths] == [8, 8] and all(r["q1"] <= r["median"] <= r["q3"] for r in lengths)
    assert Q.statuses(con) == {"finished": 16}


class FlakyPig(Pig):
    """Pig that raises on its first roll when the seed is a multiple of 3 (a rules bug, for the sweep)."""

    name = "flaky-pig"

    def perform(self, action):
        if self.seed % 3 == 0:
            raise RuntimeError(f"boom at seed {self.seed}")
        super().perform(action)


def test_failed_and_capped_games_are_recorded_with_their_seed(client, tmp_path: Path) -> None:
    register(FlakyPig)
    try:
        spec = SweepSpec("flaky-pig", 9, chunk_size=5, name="f", params={"target": [20, 500]}, max_actions=60)
        report = run_sweep(spec, tmp_path, client=client, progress=False)
    finally:
        unregister("flaky-pig")
    assert report.errors == 6 and report.games == 18
    con = Q.connect(tmp_path, "f")
    assert [(r["seed"], "boom at seed" in r["error"]) for r in Q.failures(con)] == [
        (s, True) for s in (0, 0, 3, 3, 6, 6)]
    capped = Q.rows(con, "SELECT target, status, count(*) AS n FROM games WHERE status <> 'error' GROUP BY ALL")
    assert {(r["target"], r["status"]): r["n"] for r in capped} == {(20, "finished"): 6, (500, "capped"): 6}


def test_a_game_over_its_own_turn_cap_is_reported_capped() -> None:
    from tablerules.core.registry import game_class

    row = play_one(game_class("munchkin"), {"max_turns": 3}, 1, ("random",))
    assert (row["status"], row["capped"], row["winners"]) == ("capped", True, [])


def test_the_sweep_command_runs_on_an_existing_scheduler_and_resumes(client, tmp_path: Path, capsys) -> None:
    argv = ["sweep", "quest-crawl", "--games", "6", "--chunk-size", "3", "--param", "players=2,3",
            "--out", str(tmp_path), "--scheduler", client.scheduler.address, "--name", "cli", "--json",
            "--no-progress"]
    assert main(argv) == 0
    first = json.loads(capsys.readouterr().out)
    assert (first["ran"], first["games"], first["complete"]) == (4, 12, True)
    assert main(argv) == 0
    assert json.loads(capsys.readouterr().out)["ran"] == 0
    assert main(["sweep", "quest-crawl", "--games", "6", "--out", str(tmp_path), "--param", "nope=1"]) == 2
    assert main(["sweep", "quest-crawl", "--games", "6", "--out", str(tmp_path), "--agents", "nobody"]) == 2


def test_an_interrupted_sweep_command_exits_130_and_a_rerun_finishes(client, tmp_path: Path, capsys,
                                                                   monkeypatch) -> None:
    """Ctrl-C keeps the finished chunks and the command says it did not finish (exit 130, as a shell reports
    an interrupt), so a script running sweeps never takes a half sweep for a whole one."""
    from tablerules.sweep import runner

    whole = runner.run_sweep
    argv = ["sweep", "quest-crawl", "--games", "8", "--chunk-size", "2", "--out", str(tmp_path),
            "--scheduler", client.scheduler.address, "--name", "cut", "--json", "--no-progress"]
    monkeypatch.setattr(runner, "run_sweep", lambda *a, **k: whole(*a, **k, stop_after=1))
    assert main(argv) == 130
    first = json.loads(capsys.readouterr().out)
    assert first["interrupted"] and not first["complete"]
    monkeypatch.setattr(runner, "run_sweep", whole)
    assert main(argv) == 0
    second = json.loads(capsys.readouterr().out)
    assert second["complete"] and second["done_before"] + second["ran"] == 4
