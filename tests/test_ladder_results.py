"""The measured ladder as a bundled data file (issue 26): written game by game by benchmarks/ladder.py, read
back into the same matches, and the bundled one covers every game with all three rungs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tablerules.analysis.ladder import Match, Side, ladder
from tablerules.analysis.ladder_results import GameRun, Search, read_results, results_path, write_results
from tablerules.core.data import DataError
from tablerules.core.registry import game_class

GAMES = ("munchkin", "quest", "quest-crawl", "smallworld", "baldursgate", "kragmortha")


def _run(game: str, a_wins: int) -> GameRun:
    m1 = Match(game, "random", "heuristic", a_wins, 30, 2, {Side.A: 1, Side.B: 0, Side.DRAW: 0}, 0, set(range(16)))
    m2 = Match(game, "heuristic", "ismcts", 5, 7, 0, dict.fromkeys(Side, 0), 1, {0, 1, 2})
    return GameRun(game, 2, [m1, m2], 12.5, "2026-12-02 02:00 UTC", "python benchmarks/ladder.py",
                   Search("ismcts", 100, 4))


def test_results_round_trip_and_a_game_measured_again_replaces_its_entry(tmp_path: Path) -> None:
    path = tmp_path / "results.json"
    write_results(path, [_run("smallworld", 3)], order=GAMES)
    write_results(path, [_run("munchkin", 0)], order=GAMES)
    back = read_results(path)
    assert [g.game for g in back.games] == ["munchkin", "smallworld"]  # in the given order
    sw = back.game("smallworld")
    assert (sw.matches[0].a_wins, sw.matches[0].b_wins, sw.matches[0].draws) == (3, 30, 2)
    assert sw.matches[0].capped == {Side.A: 1, Side.B: 0, Side.DRAW: 0} and sw.matches[1].errors == 1
    assert sw.seeds() == {("random", "heuristic"): 16, ("heuristic", "ismcts"): 3}
    assert sw.search == Search("ismcts", 100, 4)
    # the ratings are the ones the live matches give
    live = ladder("smallworld", _run("smallworld", 3).matches)
    assert [(r.agent, round(r.elo, 6)) for r in sw.ladder().ratings] == [(r.agent, round(r.elo, 6))
                                                                          for r in live.ratings]
    write_results(path, [_run("smallworld", 9)], order=GAMES)
    assert read_results(path).game("smallworld").matches[0].a_wins == 9
    assert read_results(path).game("munchkin").matches[0].a_wins == 0


def test_a_broken_results_file_names_its_field(tmp_path: Path) -> None:
    path = tmp_path / "results.json"
    write_results(path, [_run("smallworld", 3)])
    document = json.loads(path.read_text())
    document["games"][0]["matches"][0]["a_wins"] = -1
    path.write_text(json.dumps(document))
    with pytest.raises(DataError, match=r"\$\.games\[0\]\.matches\[0\]\.a_wins"):
        read_results(path)


def test_the_bundled_ladder_has_every_game_and_three_rungs() -> None:
    results = read_results(results_path())
    assert [g.game for g in results.games] == list(GAMES)
    for run in results.games:
        assert run.players == game_class(run.game)().num_players()
        assert [(m.a, m.b) for m in run.matches] == [("random", "heuristic"), ("heuristic", "ismcts")], run.game
        assert run.search is not None and run.search.agent == "ismcts" and run.search.simulations == 100
        assert all(m.seeds and m.errors == 0 for m in run.matches), run.game
        assert run.command.startswith("python benchmarks/ladder.py")


def test_the_order_is_said_only_when_the_sign_test_shows_it() -> None:
    from tablerules.plots.ladder import order_words, settings_table

    shown = order_words(Match("g", "random", "heuristic", 2, 38))
    assert shown.startswith("random < heuristic: shown; heuristic won 95% (83% to 99%, 40 games)")
    assert shown.endswith("(random against heuristic: exact sign test, 2 against 38, p < 0.0001)")
    assert "not shown (the interval covers one half)" in order_words(Match("g", "heuristic", "ismcts", 9, 12))
    assert "the reverse is shown (heuristic is the stronger)" in order_words(Match("g", "heuristic", "ismcts", 20, 4))
    assert order_words(Match("g", "heuristic", "ismcts", draws=3)).endswith("no game decided")
    table = settings_table(read_results_of([_run("smallworld", 3)]))
    assert table.rows[0][2] == "random v heuristic 16; heuristic v IS-MCTS 3"
    assert table.rows[0][3] == "100 simulations, rollouts of 4 actions"


def read_results_of(runs: list[GameRun]):
    from tablerules.analysis.ladder_results import LadderResults

    return LadderResults(runs)
