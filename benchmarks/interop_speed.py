"""Benchmark: random playouts through the OpenSpiel wrapper against the engines' own loop (issue 27, item 5).

For each game at its default player count, in one process and interleaved: the engine's own random playout
(``bench_quest.playout_rate``: ``legal_actions(to_act()[0])``, ``sample_chance``) and the same kind of playout
through the wrapper (``legal_actions()`` and ``chance_outcomes()`` of ``pyspiel`` states, ids sampled with their
probabilities, as ``pyspiel.random_sim_test`` and OpenSpiel's bots play; and with the game parameter
``chance="sampled"``, where each chance node offers the one outcome the wrapper drew), beside OpenSpiel's
``python_tic_tac_toe``. Actions per CPU second; each measure is the median of ``--runs`` runs of ``--seconds``
each; the ratio is wrapper / engine. A head or tail of a large block (ids version 4) is not counted as an action.
``python benchmarks/interop_speed.py [--runs 5] [--seconds 2] [GAME ...]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

import pyspiel
from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers python_tic_tac_toe)

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_quest import playout_rate, tic_tac_toe_rate

from tablerules.core.batch import batch_gc
from tablerules.core.registry import game_class, game_names
from tablerules.interop import openspiel as tos


def wrapper_rate(game: pyspiel.Game, seconds: float, stream: int = 0) -> float:
    """Random play through the OpenSpiel API, chance sampled with its probabilities: actions per CPU second."""
    game.new_initial_state().is_terminal()  # load the data once
    rng = random.Random(stream)
    start = time.process_time()
    actions = 0
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                if getattr(state, "_core", None) is not None and state._core.chosen:
                    continue  # a head or tail of a large block (ids version 4): the action is not played yet
            actions += 1
    return actions / (time.process_time() - start)


class _NullState(pyspiel.State):
    """A game that does nothing: a chance node with two outcomes, then a choice of two, 50 times."""

    def __init__(self, game: pyspiel.Game) -> None:
        super().__init__(game)
        self.n = 0

    def current_player(self) -> int:
        if self.n >= 100:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(pyspiel.PlayerId.CHANCE) if self.n % 2 == 0 else 0

    def _legal_actions(self, player: int) -> list[int]:
        return [0, 1]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(0, 0.5), (1, 0.5)]

    def _apply_action(self, action: int) -> None:
        self.n += 1

    def is_terminal(self) -> bool:
        return self.n >= 100

    def returns(self) -> list[float]:
        return [0.0]

    def __str__(self) -> str:
        return str(self.n)


_NULL_TYPE = pyspiel.GameType(
    short_name="python_null_for_speed", long_name="null", dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION, utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL, max_num_players=1, min_num_players=1,
    provides_information_state_string=False, provides_information_state_tensor=False,
    provides_observation_string=False, provides_observation_tensor=False, parameter_specification={})


class _NullGame(pyspiel.Game):
    def __init__(self, params: dict | None = None) -> None:
        super().__init__(_NULL_TYPE, pyspiel.GameInfo(num_distinct_actions=2, max_chance_outcomes=2, num_players=1,
                                                      min_utility=0.0, max_utility=0.0, utility_sum=0.0,
                                                      max_game_length=100), params or {})

    def new_initial_state(self) -> _NullState:
        return _NullState(self)


pyspiel.register_game(_NULL_TYPE, _NullGame)


def measure(names: list[str], runs: int, seconds: float) -> list[tuple[str, float, float, float]]:
    """(game, engine, wrapper with chance="explicit", wrapper with chance="sampled"): medians, actions per CPU s."""
    rows = []
    with batch_gc():
        ttt = statistics.median(tic_tac_toe_rate(seconds) for _ in range(runs))
        rows.append(("python_tic_tac_toe", ttt, ttt, ttt))
        null = statistics.median(wrapper_rate(pyspiel.load_game("python_null_for_speed"), seconds)
                                 for _ in range(runs))
        rows.append(("a Python game that does nothing", null, null, null))
        for name in names:
            cls, game, sampled = game_class(name), tos.load(name), tos.load(name, chance="sampled")
            engine, wrapped, drawn = [], [], []
            for run in range(runs):  # interleaved, so that a busy moment costs all three alike
                engine.append(playout_rate(cls, {}, seconds, stream=run))
                wrapped.append(wrapper_rate(game, seconds, stream=run))
                drawn.append(wrapper_rate(sampled, seconds, stream=run))
            rows.append((name, statistics.median(engine), statistics.median(wrapped), statistics.median(drawn)))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=game_names())
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    rows = measure(args.games, args.runs, args.seconds)
    ttt, null = rows[0][1], rows[1][1]
    print(f"medians of {args.runs} runs of {args.seconds:g} s (CPU), inside batch_gc()")
    print("| game | engine (actions/s) | x ttt | wrapper (actions/s) | x ttt | wrapper / engine | sampled chance "
          "(actions/s) | sampled / engine | best possible |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name, engine, wrapped, drawn in rows:
        # the ratio if the wrapper cost nothing beyond OpenSpiel's own calls (those of the game doing nothing)
        best = 1 / (1 + engine / null)
        print(f"| {name} | {engine:,.0f} | {engine / ttt:.2f} | {wrapped:,.0f} | {wrapped / ttt:.2f} "
              f"| {wrapped / engine:.2f} | {drawn:,.0f} | {drawn / engine:.2f} | {best:.2f} |")


if __name__ == "__main__":
    main()
