"""Benchmark: Munchkin Quest monster movement and forecasts (run by ``make bench``).

* the exact forecast of 38 monsters over 10 monster turns on a 24-room dungeon;
* one monster turn of 38 monsters;
* scaling on generated dungeons of 100, 1,000 and 10,000 rooms: the transition matrix of one monster
  over every room, then a 10-turn forecast from the uniform spread (sparse matrix products) and the
  exact 10-turn forecast from its room; cost per (rooms x turns) should stay about flat;
* random dungeon crawls (exploring + monster turns) per second and actions per second;
* whole games of ``quest`` per second (random and heuristic agents), and the cost of ``copy()`` early and
  late in a game;
* random playouts of ``quest`` and of the crawl at 2, 3 and 4 players through the protocol (the loop of
  ``bench_openspiel.direct_rate``, CPU time), beside OpenSpiel's ``python_tic_tac_toe`` played in the same
  run when open_spiel is installed (issue #9's yardstick: Quest >= ~1.13x, the crawl >= ~2.25x).
"""

from __future__ import annotations

import random
import time
from dataclasses import replace

import numpy as np

from tablerules.core.agents import play_game
from tablerules.quest.exploration import DungeonCrawl
from tablerules.quest.forecast import Transitions, forecast
from tablerules.quest.generate import random_dungeon
from tablerules.quest.geometry import MONSTER_DIE, Colour
from tablerules.quest.movement import move_all, move_monster


def timed(fn, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def scaling(rooms: int, turns: int) -> tuple[float, float, float]:
    """Seconds to build one monster's transition matrix over every room of a generated dungeon, then
    to forecast ``turns`` turns from the uniform spread (floats) and from its room (exact)."""
    d = random_dungeon(rooms, seed=2, monsters=1)
    monster = d.monsters["m0"]
    start = time.perf_counter()
    moves = {r: tuple(move_monster(d, replace(monster, room=r), c).end for c in MONSTER_DIE) for r in d.rooms}
    chain = Transitions("m0", monster.room, moves)
    ids, matrix = chain.sparse()
    t_build = time.perf_counter() - start
    transposed = matrix.T.tocsr()

    def float_forecast() -> np.ndarray:
        v = np.full(len(ids), 1.0 / len(ids))
        for _ in range(turns):
            v = transposed @ v
        return v

    def exact_forecast() -> dict[str, int]:
        counts = {chain.start: 1}
        for _ in range(turns):
            nxt: dict[str, int] = {}
            for room, n in counts.items():
                for end in chain.moves[room]:
                    nxt[end] = nxt.get(end, 0) + n
            counts = nxt
        return counts

    return t_build, timed(float_forecast), timed(exact_forecast)


def playout_rate(cls: type, params: dict, seconds: float, stream: int = 0) -> float:
    """Random play through the protocol, CPU seconds: actions/s (``bench_openspiel`` times every game with it).

    ``stream`` picks the games (the choices' random stream and the game seeds): time a game twice in one
    process with two streams, or the second run replays the first one's games with every cache that
    depends on what was dealt already filled (Quest read ~15% faster that way)."""
    cls(params, seed=0)  # load the data once
    rng = random.Random(stream)
    start = time.process_time()
    games = actions = 0
    while time.process_time() - start < seconds:
        game = cls(params, seed=stream * 1_000_003 + games)
        while not game.is_over():
            if game.is_chance():
                game.apply(game.sample_chance(rng))
            else:
                game.apply(rng.choice(game.legal_actions(game.to_act()[0])))
        games += 1
        actions += len(game.history)
    return actions / (time.process_time() - start)


def tic_tac_toe_rate(seconds: float) -> float | None:
    """OpenSpiel's ``python_tic_tac_toe`` played at random, CPU seconds: actions/s (None without open_spiel)."""
    try:
        import pyspiel
        from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers python_tic_tac_toe)
    except ImportError:
        return None
    game = pyspiel.load_game("python_tic_tac_toe")
    rng = random.Random(0)
    start = time.process_time()
    actions = 0
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
    return actions / (time.process_time() - start)


def playouts(seconds: float = 3.0) -> None:
    from tablerules.quest.game import QuestGame

    ttt = tic_tac_toe_rate(seconds)
    yardstick = f", python_tic_tac_toe {ttt:,.0f} actions/s" if ttt else ""
    print(f"\nrandom playouts, {seconds:.0f} CPU s each{yardstick}")
    for label, cls in (("quest", QuestGame), ("crawl", DungeonCrawl)):
        for players in (2, 3, 4):
            rate = playout_rate(cls, {"players": players}, seconds)
            ratio = f" ({rate / ttt:.2f}x python_tic_tac_toe)" if ttt else ""
            print(f"  {label}, {players} players: {rate:,.0f} actions/s{ratio}")


def main() -> None:
    small = random_dungeon(24, seed=1, monsters=38, munchkins=4)
    t = timed(lambda: forecast(small, 10))
    print(f"forecast: 38 monsters x 10 turns on 24 rooms (exact)  {t * 1e3:9.1f} ms")
    t = timed(lambda: move_all(small, Colour.RED), repeat=50)
    print(f"one monster turn of 38 monsters                       {t * 1e6:9.1f} us")

    turns = 10
    print(f"\n{'rooms':>7} {'matrix build':>14} {'float fc 10t':>14} {'exact fc 10t':>14} {'us/(room*turn)':>15}")
    for rooms in (100, 1_000, 10_000):
        t_build, t_float, t_exact = scaling(rooms, turns)
        per = (t_build + t_float) / (rooms * turns) * 1e6
        print(f"{rooms:>7} {t_build * 1e3:>11.1f} ms {t_float * 1e3:>11.3f} ms {t_exact * 1e3:>11.3f} ms {per:>15.3f}")

    DungeonCrawl(seed=0)  # load the data once
    start = time.perf_counter()
    actions = games = 0
    while time.perf_counter() - start < 5:
        game = play_game(DungeonCrawl({"players": 4, "rounds": 10}, seed=games))
        actions += len(game.history)
        games += 1
    elapsed = time.perf_counter() - start
    print(f"\nrandom crawls (4 players, 10 rounds): {games / elapsed:.1f} games/s, {actions / elapsed:,.0f} actions/s "
          f"on one core")

    from tablerules.quest.agents import QuestHeuristicAgent
    from tablerules.quest.game import QuestGame

    QuestGame(seed=0)  # load the cards once
    for label, agents in (("random agents", None), ("heuristic agents", QuestHeuristicAgent())):
        start = time.perf_counter()
        actions = games = winners = 0
        while time.perf_counter() - start < 5:
            game = play_game(QuestGame({"players": 4}, seed=games), agents)
            actions += len(game.history)
            games += 1
            winners += bool(game.result().winners)
        elapsed = time.perf_counter() - start
        print(f"whole games (4 players, {label}): {games / elapsed:.1f} games/s, {actions / elapsed:,.0f} actions/s, "
              f"{winners}/{games} with a winner")

    # copy() copies the state only (history and log are shared): the same cost early and late in a game
    for wanted in (200, 1500):
        for seed in (7, 2, 3, 8, 9, 6, 0):
            game = play_game(QuestGame({"players": 4, "max_turns": 10**4}, seed=seed), QuestHeuristicAgent(),
                             max_steps=wanted)
            if game.num_actions >= wanted:
                break
        t = timed(lambda g=game: [g.copy() for _ in range(200)]) / 200
        print(f"copy() {game.num_actions} actions into a game: {t * 1e6:,.0f} us")

    playouts()


if __name__ == "__main__":
    main()
