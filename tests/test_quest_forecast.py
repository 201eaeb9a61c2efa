"""Exact monster forecasts, checked against Monte Carlo runs of the movement code, and movement
properties on random dungeons (hypothesis)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from quest_helpers import dungeon

from tablerules.core.data import data_path
from tablerules.quest.dungeon import Dungeon
from tablerules.quest.forecast import (
    distribution_after,
    float_distribution,
    forecast,
    long_run,
    reach_within,
    transitions,
)
from tablerules.quest.generate import random_dungeon
from tablerules.quest.geometry import MONSTER_DIE, Movement, Side
from tablerules.quest.movement import Stop, move_all, move_monster


@pytest.fixture(scope="module")
def examples() -> Dungeon:
    return Dungeon.load(data_path("quest", "dungeons", "movement_examples.json"))


def monte_carlo(d: Dungeon, turns: int, runs: int, seed: int = 0) -> dict[str, Counter]:
    rng = random.Random(seed)
    ends: dict[str, Counter] = {m: Counter() for m in d.monsters}
    for _ in range(runs):
        board = d.copy()
        for _ in range(turns):
            colour = rng.choice(MONSTER_DIE)
            board.move_monsters({m: p.end for m, p in move_all(board, colour).items()})
        for m, piece in board.monsters.items():
            ends[m][piece.room] += 1
    return ends


def test_one_turn_is_the_six_colours(examples: Dungeon) -> None:
    for m in examples.monsters:
        ends = Counter(move_monster(examples, examples.monsters[m], c).end for c in MONSTER_DIE)
        assert distribution_after(examples, m, 1) == {r: Fraction(n, 6) for r, n in ends.items()}
    assert distribution_after(examples, "gimpy", 0) == {"R8": 1}


@pytest.mark.parametrize("turns", [1, 2, 4])
def test_forecast_matches_monte_carlo(examples: Dungeon, turns: int) -> None:
    runs = 6000
    sampled = monte_carlo(examples, turns, runs, seed=turns)
    exact = forecast(examples, turns)
    for m, dist in exact.items():
        assert sum(dist.values()) == 1
        assert set(sampled[m]) <= set(dist)
        for room, p in dist.items():
            q = float(p)
            sigma = (q * (1 - q) / runs) ** 0.5
            assert abs(sampled[m][room] / runs - q) <= 5 * sigma + 1e-9, (m, room)


def test_forecast_on_a_random_dungeon_matches_monte_carlo() -> None:
    d = random_dungeon(30, seed=3, monsters=6, munchkins=2)
    runs, turns = 4000, 3
    sampled = monte_carlo(d, turns, runs, seed=9)
    for m, dist in forecast(d, turns).items():
        for room, p in dist.items():
            q = float(p)
            assert abs(sampled[m][room] / runs - q) <= 5 * (q * (1 - q) / runs) ** 0.5 + 1e-9


def test_float_forecast_agrees_with_the_exact_one(examples: Dungeon) -> None:
    for m in examples.monsters:
        exact = distribution_after(examples, m, 5)
        approx = float_distribution(examples, m, 5)
        assert set(exact) == set(approx)
        assert all(abs(float(exact[r]) - approx[r]) < 1e-12 for r in exact)


def test_transition_matrix_is_stochastic(examples: Dungeon) -> None:
    chain = transitions(examples, "horror")
    rooms, matrix = chain.sparse()
    assert rooms[0] == "R12"
    assert all(abs(s - 1) < 1e-12 for s in matrix.sum(axis=1).A1)


def test_reach_within(examples: Dungeon) -> None:
    # the gimpy goblin ends a turn in R4 only on green (1/6 a turn)... or later via other rooms
    one = reach_within(examples, "gimpy", "R4", 1)
    assert one == Fraction(1, 6)
    three = reach_within(examples, "gimpy", "R4", 3)
    assert one < three < 1
    runs, hits = 6000, 0
    rng = random.Random(5)
    for _ in range(runs):
        board = examples.copy()
        for _ in range(3):
            board.move_monsters({m: p.end for m, p in move_all(board, rng.choice(MONSTER_DIE)).items()})
            if board.monsters["gimpy"].room == "R4":
                hits += 1
                break
    q = float(three)
    assert abs(hits / runs - q) <= 5 * (q * (1 - q) / runs) ** 0.5
    assert reach_within(examples, "kiosk", "R1", 2) == 1  # lurking: it ends every turn in R1
    assert reach_within(examples, "kiosk", "R2", 5) == 0
    assert reach_within(examples, "gimpy", "R4", 0) == 0
    with pytest.raises(KeyError):
        reach_within(examples, "gimpy", "nowhere", 2)


def test_long_run_matches_monte_carlo_time_averages(examples: Dungeon) -> None:
    # the long-run share averages over runs (a run can fall into different closed classes) and over time
    rng = random.Random(11)
    for m in ("mushroom", "squirrel", "gimpy", "horror"):
        limit = long_run(examples, m)
        assert abs(sum(limit.values()) - 1) < 1e-9
        counts: Counter = Counter()
        runs, burn_in, turns = 400, 100, 200
        for _ in range(runs):
            room = examples.monsters[m].room
            for t in range(turns):
                piece = replace(examples.monsters[m], room=room)
                room = move_monster(examples, piece, rng.choice(MONSTER_DIE)).end
                if t >= burn_in:
                    counts[room] += 1
        total = runs * (turns - burn_in)
        assert set(counts) <= set(limit)
        for room, p in limit.items():
            assert abs(counts[room] / total - p) < 0.06, (m, room)


def test_long_run_weighs_closed_classes_by_absorption() -> None:
    # from S, red goes east to a dead end E, blue goes west to a dead end W: each 1/6 a turn, forever
    rooms = {"W": ((0, 0), {}), "S": ((1, 0), {"red": "E", "blue": "W"}), "E": ((2, 0), {})}
    d = dungeon(rooms, [((0, 0), "E", "corridor"), ((1, 0), "E", "corridor")], [{"id": "m", "room": "S"}])
    limit = long_run(d, "m")
    assert limit == pytest.approx({"W": 0.5, "E": 0.5})


# ----- properties on random dungeons ----------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(st.integers(2, 60), st.integers(0, 10**6), st.sampled_from(MONSTER_DIE))
def test_movement_invariants_on_random_dungeons(size: int, seed: int, colour) -> None:
    d = random_dungeon(size, seed=seed, monsters=8, munchkins=2)
    for m, result in move_all(d, colour).items():
        piece = d.monsters[m]
        assert result.rooms[0] == piece.room
        assert len(set(result.rooms)) == len(result.rooms)  # no backtracking, ever
        assert not d.rooms[result.end].entrance or result.end == piece.room  # never stops in the entrance
        if piece.movement is Movement.LURKING:
            assert result.rooms == (piece.room,)
        if piece.movement is Movement.SLOW:
            assert len([r for r in result.rooms[1:] if not d.rooms[r].entrance]) <= 1
        target = d.munchkins.get(piece.target) if piece.target else None
        if target is not None and target in result.rooms[1:] and not d.rooms[target].entrance:
            assert result.end == target and result.stop is Stop.TARGET


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 40), st.integers(0, 10**6), st.integers(0, 4))
def test_forecasts_sum_to_one_on_random_dungeons(size: int, seed: int, turns: int) -> None:
    d = random_dungeon(size, seed=seed, monsters=3)
    for dist in forecast(d, turns).values():
        assert sum(dist.values()) == 1


def test_generated_dungeons_are_connected_grids() -> None:
    d = random_dungeon(200, seed=1, monsters=38)
    assert len(d.rooms) == 200 and len(d.monsters) == 38 and d.entrance is not None
    positions = {r.at for r in d.rooms.values()}
    assert len(positions) == 200
    assert all(any(side.step(r.at) in positions for side in Side) for r in d.rooms.values())
