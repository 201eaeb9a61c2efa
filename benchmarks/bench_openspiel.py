"""Benchmark: the OpenSpiel interop (``make bench``; needs the ``openspiel`` extra).

* random playouts, actions per CPU second, of every game through our protocol directly (plain, and inside
  ``batch_gc()`` as ``simulate()`` and sweeps play) and through the wrapper (``tablerules.interop.openspiel``),
  beside OpenSpiel's Python ``python_tic_tac_toe`` and C++ ``tic_tac_toe`` played the same way in the same
  run (tic-tac-toe also inside ``batch_gc()``, for the ratio);
* ``Game.copy()`` of a Munchkin state ~200 and ~2,000 actions in, and ``Game.from_json`` of its save;
* MCTS (20 simulations, random rollouts) seconds per move on a mid-game Munchkin state.
"""

from __future__ import annotations

import functools
import random
import sys
import time
from pathlib import Path

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts
from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers python_tic_tac_toe)

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # the Pig fixtures
sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench_quest, when imported from elsewhere

from bench_quest import playout_rate
from dicegame import Pig
from windowgame import HecklersPig

from tablerules.core.batch import batch_gc
from tablerules.core.registry import game_class, game_names
from tablerules.interop import openspiel as tos
from tablerules.interop.mcts import MCTSAgent

FIXTURES = {"pig": Pig, "hecklers-pig": HecklersPig}
for cls in FIXTURES.values():
    tos.register(cls, perfect_information=True)


def classes() -> dict[str, type]:
    return {**FIXTURES, **{name: game_class(name) for name in game_names()}}


def direct_rate(cls: type, seconds: float, stream: int = 0) -> float:
    """Random play through the protocol, CPU seconds: actions/s (``bench_quest.playout_rate``'s loop)."""
    return playout_rate(cls, {}, seconds, stream)


def openspiel_rate(game: pyspiel.Game, seconds: float) -> tuple[float, int]:
    """Random play through the OpenSpiel API, chance sampled with its probabilities: (actions/s, games)."""
    game.new_initial_state().is_terminal()  # load the data once
    rng = random.Random(0)
    start = time.process_time()
    games = actions = 0
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
        games += 1
    return actions / (time.process_time() - start), games


def munchkin_state(actions: int, seed: int = 1) -> pyspiel.State:
    """A 4-player Munchkin state ``actions`` random actions in (through the wrapper)."""
    rng = random.Random(seed)
    state = tos.load("munchkin", players=4).new_initial_state()
    while len(state.history()) < actions and not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def timed(function, repeat: int) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        function()
    return (time.perf_counter() - start) / repeat


def mcts_move_time(state: pyspiel.State, moves: int, rollout_cap: int | None = None) -> float:
    """Seconds per move of MCTS (20 simulations, one random rollout each) from ``state`` on."""
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng, max_length=rollout_cap)
    bot = mcts.MCTSBot(state.get_game(), uct_c=2.0, max_simulations=20, evaluator=evaluator, random_state=rng)
    state = state.clone()
    spent, done = 0.0, 0
    while done < moves and not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choice([a for a, _ in outcomes], p=[p for _, p in outcomes]))
            continue
        start = time.perf_counter()
        action = bot.step(state)
        spent += time.perf_counter() - start
        done += 1
        state.apply_action(action)
    return spent / max(done, 1)


def agent_move_time(state: pyspiel.State, moves: int) -> float:
    """CPU seconds per real choice (two or more legal actions) of the kit's ``MCTSAgent`` with 20 simulations.

    It is OpenSpiel's ``MCTSBot`` too, with the kit's leaf evaluator: a random rollout of at most 40 actions,
    and an unfinished game valued by the seats' scores (``tablerules.interop.mcts``)."""
    game = tos.tablerules_game(state).copy()
    agent = MCTSAgent(simulations=20, seed=0)
    rng = random.Random(0)
    spent, done = 0.0, 0
    while done < moves and not game.is_over():
        if game.is_chance():
            game.apply(game.sample_chance(rng))
            continue
        player = game.to_act()[0]
        if len(game.legal_actions(player)) < 2:
            game.apply(game.legal_actions(player)[0])
            continue
        start = time.process_time()
        action = agent.choose(game, player)
        spent += time.process_time() - start
        done += 1
        game.apply(action)
    return spent / max(done, 1)


def main(seconds: float = 3.0) -> None:
    ttt = pyspiel.load_game("python_tic_tac_toe")
    ttt_plain, _ = openspiel_rate(ttt, seconds)
    with batch_gc():
        ttt_batch, _ = openspiel_rate(ttt, seconds)
    print(f"python_tic_tac_toe (yardstick): {ttt_plain:,.0f} a/s plain, {ttt_batch:,.0f} a/s in batch_gc()")
    print(f"random playouts, {seconds:.0f} s each{'':<26}{'direct':>14}{'x ttt':>7}{'batch_gc()':>14}{'x ttt':>7}"
          f"{'OpenSpiel wrapper':>20}{'wrapper/direct':>16}")
    for name, cls in classes().items():
        direct = direct_rate(cls, seconds)
        with batch_gc():
            batched = direct_rate(cls, seconds, stream=1)  # other games than the plain run's (warm caches)
        wrapped, games = openspiel_rate(tos.load(name), seconds)
        print(f"  {name:<45}{direct:>10,.0f} a/s{direct / ttt_plain:>6.2f}x{batched:>10,.0f} a/s"
              f"{batched / ttt_batch:>6.2f}x{wrapped:>16,.0f} a/s{wrapped / direct:>15.2f}x ({games} games)")
    for name in ("python_tic_tac_toe", "tic_tac_toe"):
        rate, games = openspiel_rate(pyspiel.load_game(name), seconds)
        print(f"  OpenSpiel {name:<35}{'':>14}{rate:>16,.0f} a/s ({games} games)")

    print("Munchkin, 4 players (tablerules.Game, no wrapper)")
    for actions in (200, 2000):
        game = tos.tablerules_game(munchkin_state(actions))
        save = game.to_json()
        copy = timed(game.copy, 20)
        load = timed(functools.partial(type(game).from_json, save), 3)
        print(f"  {len(game.history):>5} actions in: copy() {copy * 1000:8.1f} ms"
              f"   from_json(save) {load * 1000:8.1f} ms")

    state = munchkin_state(2000)
    print(f"MCTS, 20 simulations, on a Munchkin state {len(state.history())} actions in (through the wrapper)")
    print(f"  random rollouts to the end of the game      {mcts_move_time(state, 2):8.2f} s/move")
    print(f"  random rollouts cut at 100 actions          {mcts_move_time(state, 3, rollout_cap=100):8.2f} s/move")
    print(f"  the kit's MCTSAgent (40-action rollouts, scores at the leaf) {agent_move_time(state, 10):8.3f} s/move")


if __name__ == "__main__":
    main()
