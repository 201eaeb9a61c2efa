"""The strength ladder and the balance counts (issue 26): the rotated seatings, outcomes read as A / B /
draw with capped games apart, ratings across agents, wins by seat label and by turn position, house rules
on paired seeds, and findings worded with their interval and test."""

from __future__ import annotations

from collections import Counter

import pytest

from tablerules.analysis.balance import (
    By,
    Finding,
    first_player_wins,
    pair_by_seed,
    rule_on_event,
    rule_on_measure,
    wins_by,
)
from tablerules.analysis.ladder import Match, Outcome, Side, ladder, ladder_agents, play_match, rungs, seatings, tally
from tablerules.analysis.order import first_player_from_log, position
from tablerules.core.registry import game_class
from tablerules.sweep.records import play_one


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_agent_holds_every_seat_equally_often(players: int) -> None:
    table = seatings("random", "heuristic", players)
    assert len(set(table)) == len(table) == (2 if players % 2 == 0 else 2 * players)
    for seat in range(players):
        held = Counter(s[seat] for s in table)
        assert held["random"] == held["heuristic"], (players, seat)
    total = Counter(name for s in table for name in s)
    assert total["random"] == total["heuristic"]


def _out(seed: int, agents: str, status: str = "finished", winners: tuple[int, ...] = (),
         scores: tuple[float, ...] = (), first: int = 0, turns: int = 10) -> Outcome:
    return Outcome(seed, tuple("random" if c == "r" else "heuristic" for c in agents), status, winners, scores,
                   first, turns)


def test_outcomes_are_read_as_a_side_a_draw_or_by_standing() -> None:
    assert _out(0, "rhrh", winners=(1,)).side("random", "heuristic") is Side.B
    assert _out(0, "rhrh", winners=(0, 2)).side("random", "heuristic") is Side.A
    assert _out(0, "rhrh", winners=(0, 1)).side("random", "heuristic") is Side.DRAW  # a joint win of both
    assert _out(0, "rhr", status="no winner").side("random", "heuristic") is Side.DRAW  # the monsters won
    capped = _out(0, "rhrh", status="capped", scores=(3, 7, 5, 7))
    assert capped.leaders() == (1, 3) and capped.side("random", "heuristic") is Side.B
    row = play_one(game_class("smallworld"), {}, 3, ("random", "heuristic", "random"))
    read = Outcome.from_row(row)
    assert read.agents == ("random", "heuristic", "random") and read.first == 0 and read.status == "finished"
    assert read.winners == tuple(row["winners"]) and len(read.scores) == 3


def test_a_match_counts_capped_games_apart() -> None:
    games = [_out(0, "rh", winners=(1,)), _out(0, "hr", winners=(0,)), _out(1, "rh", winners=(0,)),
             _out(1, "hr", status="capped", scores=(9, 2)), _out(2, "rh", status="error"),
             _out(2, "hr", winners=(0, 1))]
    m = tally("munchkin", "random", "heuristic", games)
    assert (m.a_wins, m.b_wins, m.draws, m.errors, m.finished) == (1, 2, 1, 1, 4)
    assert m.capped == {Side.A: 0, Side.B: 1, Side.DRAW: 0} and m.capped_games == 1
    assert m.rate().successes == 1 and m.rate().trials == 3
    assert m.pairwise() == {("random", "heuristic"): 1.5, ("heuristic", "random"): 2.5}
    assert m.seeds == {0, 1, 2} and not m.a_beats_b()


def test_the_ladder_rates_agents_and_names_the_unrated() -> None:
    """Random 10 - 30 heuristic, heuristic 20 - 20 search: with a virtual draw per pair the heuristic agent is
    log(30.5 / 10.5) above random and the search agent level with it; a match that never finished a game
    leaves its new agent unrated."""
    import math

    m1 = Match("g", "random", "heuristic", a_wins=10, b_wins=30)
    m2 = Match("g", "heuristic", "search", a_wins=20, b_wins=20)
    m3 = Match("g", "search", "ismcts", errors=10)
    board = ladder("g", [m1, m2, m3])
    assert [r.agent for r in board.ratings][-1] == "random" and board.unrated == ["ismcts"]
    assert board.rating("heuristic").strength == pytest.approx(math.log(30.5 / 10.5), abs=1e-5)
    assert board.rating("search").strength == pytest.approx(board.rating("heuristic").strength, abs=1e-5)
    assert board.rating("search").low < board.rating("heuristic").low  # further from random: wider
    assert rungs(["random", "heuristic", "mcts"]) == [("random", "heuristic"), ("heuristic", "mcts")]


def test_ladder_agents_skip_a_missing_heuristic(monkeypatch: pytest.MonkeyPatch) -> None:
    assert ladder_agents("quest-crawl")[:2] == ["random", "heuristic"]  # every game has one now
    monkeypatch.setattr(game_class("quest-crawl"), "heuristic_agent", classmethod(lambda cls: None))
    assert ladder_agents("quest-crawl")[0] == "random" and "heuristic" not in ladder_agents("quest-crawl")
    assert ladder_agents("smallworld")[:2] == ["random", "heuristic"]


def test_a_real_match_plays_every_seed_in_every_seating() -> None:
    """Small World at 3 seats: 2 seeds × 6 seatings; the same match replays to the same counts."""
    m = play_match("smallworld", "random", "heuristic", range(2))
    assert m.finished + m.capped_games + m.errors == 12 and m.errors == 0
    assert m.seeds == {0, 1}
    again = play_match("smallworld", "random", "heuristic", range(2))
    assert (again.a_wins, again.b_wins, again.draws) == (m.a_wins, m.b_wins, m.draws)


def test_the_first_player_is_read_from_every_game_log() -> None:
    assert first_player_from_log(["the dice for the first player: blue (player 1) rolls highest and starts"]) == 1
    assert first_player_from_log(["player 2 wins rock-paper-scissors and starts"]) == 2
    assert first_player_from_log(["player 3 starts"]) == 3 and first_player_from_log(["setup"]) == 0
    assert position(1, 3, 4) == 2 and position(3, 3, 4) == 0
    for name in ("munchkin", "quest", "quest-crawl", "baldursgate", "kragmortha"):
        firsts = {play_one(game_class(name), {}, s, ("random",), max_actions=60)["first"] for s in range(10)}
        assert len(firsts) > 1, name  # the first player is dealt by chance: several seats come up
    assert {play_one(game_class("smallworld"), {}, s, ("random",), max_actions=20)["first"] for s in range(4)} == {0}


def test_wins_by_seat_and_by_turn_position_are_told_apart() -> None:
    """The first player always wins, and the first player is each seat in turn: the labels are fair, the turn
    positions are not (and a capped game counts apart)."""
    games = [_out(s, "hhhh", winners=(s % 4,), first=s % 4) for s in range(40)]
    games.append(_out(40, "hhhh", status="capped", scores=(1, 1, 1, 1)))
    labels = wins_by(games, By.SEAT)
    places = wins_by(games, By.POSITION)
    assert labels.games == 40 and labels.capped == 1
    assert [r.successes for r in labels.rates] == [10, 10, 10, 10] and labels.test.p_value == pytest.approx(1)
    assert [r.successes for r in places.rates] == [40, 0, 0, 0] and places.test.p_value < 1e-15
    assert places.label(0) == "first player" and labels.label(0) == "seat 1"
    # seats told apart by the game (sexes): labels compared within each group only
    biased = [_out(s, "hhhh", winners=(1 if s % 2 else 3,)) for s in range(80)] + \
             [_out(s, "hhhh", winners=(0,)) for s in range(10)] + [_out(s, "hhhh", winners=(2,)) for s in range(10)]
    assert wins_by(biased, By.SEAT, groups=((0, 2), (1, 3))).test.p_value == pytest.approx(1)
    assert wins_by(biased, By.SEAT).test.p_value < 1e-3
    odd_only = [_out(s, "hhhh", winners=(1 + 2 * (s % 2),)) for s in range(20)]  # seats 0 and 2 never win
    assert wins_by(odd_only, By.SEAT, groups=((0, 2), (1, 3))).test.p_value == pytest.approx(1)


def test_house_rules_are_compared_on_the_same_seeds() -> None:
    """Ten seeds: with the rule the first player wins in 8 more of them and no fewer (exact McNemar p = 2/256),
    and every game is two turns shorter."""
    without = [_out(s, "hh", winners=(1,), first=0, turns=12) for s in range(10)]
    with_rule = [_out(s, "hh", winners=(0,) if s < 8 else (1,), first=0, turns=10) for s in range(10)]
    with_rule.append(_out(99, "hh", winners=(0,)))  # no partner: left out
    without.append(_out(98, "hh", winners=(0,)))
    with_rule.append(_out(98, "hh", status="capped", scores=(1, 2)))  # capped: counted apart, left out
    pairs = pair_by_seed(without, with_rule)
    assert len(pairs) == 10 and all(a.seed == b.seed for a, b in pairs)
    event = rule_on_event(pairs, first_player_wins)
    assert (event.only_with, event.only_without) == (8, 0)
    assert event.test.p_value == pytest.approx(2 / 256) and event.difference == pytest.approx(0.8)
    turns = rule_on_measure(pairs, lambda o: o.turns)
    assert turns.difference == -2 and turns.test.p_value < 0.01


def test_a_finding_is_stated_with_its_interval_and_test_or_not_at_all() -> None:
    edge = wins_by([_out(s, "hhhh", winners=(0,), first=0) for s in range(30)], By.POSITION)
    estimate = f"the first player wins {edge.rates[0].words()}"
    strong = Match("baldursgate", "random", "heuristic", a_wins=5, b_wins=75)
    weak = Match("baldursgate", "random", "heuristic", a_wins=30, b_wins=34)
    said = Finding("Baldur's Gate first player", estimate, edge.test, strength=strong).words()
    assert said.startswith("Baldur's Gate first player: the first player wins 100% (89% to 100%, 30 games); "
                           "chi-square") and said.endswith("p < 0.0001: an effect at the 5% level.")
    too_weak = Finding("Baldur's Gate first player", estimate, edge.test, strength=weak)
    assert not too_weak.effect and "agents too weak for a conclusion" in too_weak.words()
    assert "53% (41% to 65%, 64 games)" in too_weak.words()
    fair = wins_by([_out(s, "hhhh", winners=(s % 4,), first=0) for s in range(40)], By.POSITION)
    assert Finding("x", "y", fair.test, strength=strong).words().endswith("p = 1: no effect shown.")


def test_a_match_on_the_sweep_machinery_equals_the_match_in_process(tmp_path) -> None:
    """The same match played as balance sweeps (one per seating, on an in-process Dask cluster, read back with
    DuckDB) counts the same as played here; the sweep records each game's first player."""
    distributed = pytest.importorskip("distributed")
    from tablerules.analysis.ladder import sweep_match, sweep_outcomes
    from tablerules.sweep import SweepSpec
    from tablerules.sweep.runner import local_cluster

    cluster = local_cluster(1, processes=False)
    with distributed.Client(cluster) as client:
        swept = sweep_match("smallworld", "random", "heuristic", 2, tmp_path, seed=3, client=client, chunk_size=1)
        rows = sweep_outcomes(SweepSpec("quest-crawl", 4, ("random",), seed=0, chunk_size=2), tmp_path,
                              client=client)
        fewer = sweep_outcomes(SweepSpec("quest-crawl", 3, ("random",), seed=0, chunk_size=2), tmp_path,
                               client=client)  # a stored sweep of more games is read, not shrunk
    cluster.close()
    here = play_match("smallworld", "random", "heuristic", range(3, 5))
    assert (swept.a_wins, swept.b_wins, swept.draws, swept.seeds) == (here.a_wins, here.b_wins, here.draws, {3, 4})
    assert [o.seed for o in rows] == [0, 1, 2, 3] and fewer == rows[:3]
    assert [o.first for o in rows] == [play_one(game_class("quest-crawl"), {}, s, ("random",))["first"]
                                       for s in range(4)]


def test_the_ladder_tables_are_in_words() -> None:
    """The notebook's tables: agents and games by name, shares with intervals, tests with p, capped games led
    by each side, unrated agents said; no raw list or long float."""
    import re

    from tablerules.plots.ladder import match_table, ratings_table, seat_table

    m1 = Match("baldursgate", "random", "heuristic", a_wins=3, b_wins=37, seeds=set(range(20)))
    m1.capped[Side.B] = 2
    m2 = Match("baldursgate", "heuristic", "mcts", errors=2, seeds={0})
    matches = str(match_table([m1, m2]))
    assert "Baldur's Gate" in matches and "random against heuristic" in matches
    assert "8% (3% to 20%, 40 games)" in matches and "exact sign test, 3 against 37, p < 0.0001" in matches
    assert "0 / 2 / 0" in matches and "no game decided" in matches and "MCTS search (sees every hand)" in matches
    ratings = str(ratings_table([ladder("baldursgate", [m1, m2])]))
    assert "the reference" in ratings and "not rated" in ratings and re.search(r"\+\d+ to \+\d+", ratings)
    seats = str(seat_table(wins_by([_out(s, "hhhh", winners=(s % 4,), first=0) for s in range(8)], By.POSITION)))
    assert "first player" in seats and "fourth player" in seats and "p = 1" in seats
    for text in (matches, ratings, seats):
        assert not re.search(r"\[\d|\d\.\d{5,}|'[a-z_]+'", text)
