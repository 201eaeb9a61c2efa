"""Agents and simulate(): seeded, reproducible summaries."""

from __future__ import annotations

from collections import Counter

from dicegame import Hold, Pig

from tablerules.core.actions import Result
from tablerules.core.agents import Agent, RandomAgent, play_game
from tablerules.core.protocol import Action, Game
from tablerules.core.registry import game_class
from tablerules.core.simulation import simulate, standing


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


class _Ended:
    """A game's end as :func:`standing` reads it: only the result."""

    def __init__(self, result: Result | None) -> None:
        self._result = result

    def result(self) -> Result | None:
        return self._result


def test_standing_places_seats_by_their_scores() -> None:
    """Places from the result's scores: equal scores share a place, the next place is skipped."""
    assert standing(_Ended(Result((), {0: 3, 1: 5, 2: 5, 3: 1}, "capped"))) == {0: 3, 1: 1, 2: 1, 3: 4}
    assert standing(_Ended(None)) is None
    assert standing(_Ended(Result((2,), {}, "won"))) is None


def test_capped_games_report_their_leaders_apart_from_the_winners() -> None:
    """Munchkin stopped by ``max_turns``: nobody wins, the seats highest in level are counted as leaders;
    a game stopped mid-play by the length cap has no standing and is counted as unranked."""
    summary = simulate("munchkin", 3, seed=1, params={"max_turns": 4}, progress=False)
    assert summary.capped == 3 and not summary.winners and summary.capped_unranked == 0
    leaders: Counter = Counter()
    for seed in (1, 2, 3):
        game = play_game(game_class("munchkin")({"max_turns": 4}, seed=seed))
        leaders.update(seat for seat, place in standing(game).items() if place == 1)
    assert summary.capped_leaders == leaders and sum(leaders.values()) >= 3
    assert summary.to_json()["capped_leaders"] == {str(k): v for k, v in sorted(leaders.items())}
    stopped = simulate(_ShortPig, 2, seed=0, params={"target": 10_000}, progress=False)
    assert stopped.capped == stopped.capped_unranked == 2 and not stopped.capped_leaders


class _ShortPig(Pig):
    """Pig stopped by its length cap long before anybody reaches the target."""

    max_length = 40
