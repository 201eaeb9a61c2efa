"""Agents and simulate(): seeded, reproducible summaries."""

from __future__ import annotations

from dicegame import Hold, Pig

from tablerules.core.agents import Agent, RandomAgent, play_game
from tablerules.core.protocol import Action, Game
from tablerules.core.simulation import simulate


class HoldAtTen(Agent):
    """A heuristic agent: roll until the turn total reaches 10, then hold."""

    name = "hold at 10"

    def choose(self, game: Game, player: int) -> Action:
        actions = game.legal_actions(player)
        hold = [a for a in actions if isinstance(a, Hold)]
        return hold[0] if hold and game.state.turn_total >= 10 else actions[0]


def test_simulate_summary_is_reproducible() -> None:
    a = simulate(Pig, 200, seed=5, progress=False)
    b = simulate(Pig, 200, seed=5, progress=False)
    assert a.to_json() == b.to_json()
    assert a.games == a.finished == 200
    assert sum(a.winners.values()) == 200
    assert a.mean_turns > 1 and len(a.turns) == 200


def test_heuristic_agent_beats_random_agent() -> None:
    summary = simulate(Pig, 400, seed=0, agents=[HoldAtTen(), RandomAgent(3)], progress=False)
    assert summary.winners[0] > 0.7 * 400


def test_play_game_stops_at_the_cap() -> None:
    game = play_game(Pig({"target": 10_000}, seed=1), max_steps=30)
    assert len(game.history) == 30 and not game.is_over()


def test_simulate_takes_parameters() -> None:
    summary = simulate(Pig, 20, seed=1, params={"players": 4, "target": 10}, progress=False)
    assert set(summary.winners) <= {0, 1, 2, 3}
    assert summary.to_json()["games"] == 20
