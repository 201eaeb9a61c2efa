"""The checked soak (``tablerules sweep GAME --check``): the harness's checks on the sweep's games, broken
checks as rows with a save that loads at that point, and mixed agents drawn per game."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from dicegame import Pig

from tablerules.cli import main
from tablerules.core.registry import game_class, register, unregister
from tablerules.sweep import SweepSpec, plan
from tablerules.sweep import query as Q
from tablerules.sweep.checked import Checker, CheckRates, mix_agents
from tablerules.sweep.records import SCHEMA, play_chunk, play_one

distributed = pytest.importorskip("distributed")

BREAK_AT = 7  #: the toy game's invariant breaks once this many actions are played


class BrokenPig(Pig):
    """Pig whose invariants break after its 7th action in games of an odd seed (a rules bug, for the soak)."""

    name = "broken-pig"

    def invariants(self) -> list[str]:
        broken = super().invariants()
        if self.seed % 2 and self.num_actions == BREAK_AT:
            broken.append("the pot holds a die that was never rolled")
        return broken


@pytest.fixture()
def broken_pig():
    register(BrokenPig)
    yield BrokenPig
    unregister("broken-pig")


def test_a_broken_invariant_is_a_row_with_the_seed_the_step_and_a_save_that_loads_there(
        broken_pig, tmp_path: Path) -> None:
    spec = SweepSpec("broken-pig", 4, check=True, chunk_size=4, name="b")
    (chunk,) = plan(spec)
    rows = play_chunk(chunk, tmp_path)
    assert [(r["seed"], r["status"]) for r in rows] == [(0, "finished"), (1, "violation"), (2, "finished"),
                                                         (3, "violation")]
    bad = rows[1]
    assert bad["checked"] and bad["violation_at"] == BREAK_AT
    assert bad["violation"] == "invariant broken: the pot holds a die that was never rolled"
    saved = json.loads(bad["save"])
    assert len(saved["history"]) == BREAK_AT
    # the save is also a file beside the chunk, and the terminal game opens it at that point
    path = tmp_path / "sweep=b" / "violations" / "broken-pig-seed1.json"
    assert json.loads(path.read_text()) == saved
    game = BrokenPig.load(path)
    assert game.num_actions == BREAK_AT and game.invariants() == ["the pot holds a die that was never rolled"]
    out = io.StringIO()
    assert main(["play", "broken-pig", "--load", str(path)], out=out, inp=io.StringIO("q\n")) == 0
    text = out.getvalue()
    assert text.rstrip().endswith(">") and f"  * {game.log[-1]}\n" in text and game.stage() in text


def test_an_engine_error_in_a_checked_game_keeps_a_save_of_the_game_before_it(monkeypatch) -> None:
    def perform(self, action):
        if self.num_actions == 5:
            raise RuntimeError("the turn ended twice")
        Pig.perform(self, action)

    monkeypatch.setattr(BrokenPig, "perform", perform)
    row = play_one(BrokenPig, {}, 0, ("random",), checker=Checker())
    assert row["status"] == "error" and row["violation"] == "RuntimeError: the turn ended twice"
    assert row["violation_at"] == 5 and len(json.loads(row["save"])["history"]) == 5


def test_each_check_of_the_harness_runs_in_a_checked_game(monkeypatch) -> None:
    """The checked games use core.testing's own check functions, at the rates CheckRates states."""
    from tablerules.sweep import checked

    calls: dict[str, list[int]] = {}
    step_arg = {"check_way_forward": 3, "check_stale_refused": 5, "check_undo": 4}  # else (game, seed, step)
    for name in ("check_way_forward", "check_invariants", "check_stale_refused", "check_copy",
                 "check_observations", "check_undo", "check_round_trip", "check_end"):
        real = getattr(checked, name)

        def spy(*args, _real=real, _name=name, **kwargs):
            calls.setdefault(_name, []).append(args[step_arg.get(_name, 2)])
            return _real(*args, **kwargs)

        monkeypatch.setattr(checked, name, spy)
    rates = CheckRates(stale_every=5, undo_every=4, copy_every=6, observe_every=9)
    cls = game_class("smallworld")
    game = cls({}, seed=3)
    Checker(rates).play(game, [cls.heuristic_agent()] * game.num_players())
    n = game.num_actions
    assert n > 100 and game.is_over()
    assert calls["check_way_forward"] == calls["check_invariants"] == list(range(n))  # before every action
    assert calls["check_stale_refused"] == list(range(4, n, 5))
    assert calls["check_undo"] == list(range(4, n + 1, 4))
    assert calls["check_copy"] == list(range(0, n, 6)) and calls["check_observations"] == list(range(0, n, 9))
    assert len(calls["check_round_trip"]) == 1 and calls["check_round_trip"][0] < n  # a step drawn from the game
    assert calls["check_end"] == [n]  # ... and the end: invariants, nothing listed, save + replay


def test_mixed_seats_are_drawn_per_game_from_a_seeded_stream() -> None:
    munchkin, pig = game_class("munchkin"), Pig
    draws = [tuple(mix_agents(munchkin, ("random", "heuristic"), seed, 4)) for seed in range(40)]
    assert draws == [tuple(mix_agents(munchkin, ("random", "heuristic"), seed, 4)) for seed in range(40)]
    assert len(set(draws)) > 8 and {n for d in draws for n in d} == {"random", "heuristic"}
    assert mix_agents(pig, ("random", "heuristic"), 5, 3) == ["random"] * 3  # no heuristic for Pig: left out
    with pytest.raises(ValueError, match="has none of the agents heuristic"):
        mix_agents(pig, ("heuristic",), 5, 3)
    row = play_one(munchkin, {"max_turns": 4}, 11, ("random", "heuristic"), mix=True)
    assert row["agents"] == mix_agents(munchkin, ("random", "heuristic"), 11, 4) and not row["checked"]


def test_a_checked_mixed_sweep_of_several_games_is_one_resumable_run(client, tmp_path: Path, capsys) -> None:
    argv = ["sweep", "quest-crawl,smallworld", "--games", "4", "--chunk-size", "2", "--check", "--mix",
            "--agents", "random,heuristic", "--out", str(tmp_path), "--scheduler", client.scheduler.address,
            "--name", "soak", "--json", "--no-progress"]
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["ran"], data["games"], data["violations"], data["complete"]) == (4, 8, 0, True)
    assert data["sweeps"] == ["soak-quest-crawl", "soak-smallworld"]
    by_game = {g["game"]: g for g in data["per_game"]}
    assert by_game["smallworld"]["games"] == 4 and by_game["smallworld"]["cap"] == {"actions": 20_000}
    assert 0 <= by_game["quest-crawl"]["capped_share"] <= 1 and by_game["quest-crawl"]["cpu_seconds_per_1000"] > 0
    table = pq.read_table(next((tmp_path / "sweep=soak-smallworld").glob("chunk-*.parquet")), partitioning=None)
    assert table.schema.equals(SCHEMA)
    rows = table.to_pylist()
    assert all(r["checked"] and r["violation"] is None and set(r["agents"]) <= {"random", "heuristic"}
               for r in rows)
    crawl_agents = {n for r in Q.rows(Q.connect(tmp_path, "soak-quest-crawl"), "SELECT agents FROM games")
                    for n in r["agents"]}
    assert crawl_agents <= {"random", "heuristic"}  # the crawl has its own heuristic agent
    assert main([a for a in argv if a != "--json"]) == 0  # resumed: nothing left; the text summary has a line per game
    text = capsys.readouterr().out
    assert "0 chunks (0 games" in text and "smallworld: 4 games, " in text and "% capped (cap " in text


def test_the_soak_flags_leave_the_name_of_an_unchecked_sweep_alone() -> None:
    plain = SweepSpec("munchkin", 10)
    assert "check" not in plain.identity() and "mix" not in plain.identity()
    assert SweepSpec("munchkin", 10, check=True).sweep_id != plain.sweep_id != SweepSpec("munchkin", 10,
                                                                                           mix=True).sweep_id


def test_the_chunks_of_several_sweeps_are_queued_in_turn() -> None:
    """A soak of several games stopped part-way has played about as many games of each."""
    from tablerules.sweep.runner import in_turn

    assert in_turn([["a1", "a2", "a3"], [], ["c1"], ["d1", "d2"]]) == ["a1", "c1", "d1", "a2", "d2", "a3"]
    assert in_turn([]) == []
