"""The MCTS agent (OpenSpiel's MCTSBot on the wrapper) and agents by name: simulate, sweeps, panels."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("pyspiel")

from tablerules.cli import main
from tablerules.core.agents import RandomAgent, agent_names, make_agent, play_game, step
from tablerules.core.registry import game_class, game_names
from tablerules.interop.mcts import MCTSAgent, zero_sum_value


def test_agents_are_known_by_name() -> None:
    assert agent_names()[:3] == ["random", "heuristic", "mcts"]
    assert isinstance(make_agent("mcts", game_class("quest-crawl"), 1), MCTSAgent)
    with pytest.raises(ValueError, match="unknown agent 'genius'"):
        make_agent("genius", game_class("quest-crawl"))


def test_a_leaf_is_valued_as_if_the_best_score_won() -> None:
    assert zero_sum_value([3, 7, 5]) == [-0.5, 1.0, -0.5]
    assert zero_sum_value([7, 7, 5]) == [0.25, 0.25, -0.5]
    assert zero_sum_value([2, 2]) == [0.0, 0.0]


def test_mcts_finishes_a_game_and_is_repeatable() -> None:
    cls = game_class("quest-crawl")
    games = [play_game(cls(seed=4), [MCTSAgent(simulations=12, rollout_depth=10, seed=1), RandomAgent(2)])
             for _ in range(2)]
    assert games[0].is_over() and games[0].result() is not None
    assert games[0].to_json()["history"] == games[1].to_json()["history"]


@pytest.mark.parametrize("name", game_names())
def test_mcts_chooses_legal_actions_in_every_game(name: str) -> None:
    cls = game_class(name)
    game = cls(seed=2)
    mcts = MCTSAgent(simulations=6, rollout_depth=6, seed=0)
    seats = [mcts] + [RandomAgent(seat) for seat in range(1, game.num_players())]
    decisions = 0
    while not game.is_over() and decisions < 25:
        decisions += not game.is_chance() and 0 in game.to_act()
        step(game, seats.__getitem__)  # game.apply refuses an illegal action
    assert decisions == 25 or game.is_over()


def test_simulate_and_sweep_take_the_mcts_agent(monkeypatch) -> None:
    from io import StringIO

    from tablerules.interop import mcts

    monkeypatch.setattr(mcts, "DEFAULT_SIMULATIONS", 8)
    monkeypatch.setattr(mcts, "DEFAULT_ROLLOUT_DEPTH", 8)

    out = StringIO()
    assert main(["simulate", "quest-crawl", "--games", "1", "--agents", "mcts", "--json"], out=out) == 0
    assert json.loads(out.getvalue())["finished"] == 1
    from tablerules.sweep.records import play_one

    row = play_one(game_class("quest-crawl"), {}, 3, ("mcts", "random"))
    assert row["status"] == "finished" and row["agents"] == ["mcts", "random"]


def test_the_panel_takes_an_agent_name_and_changes_it(monkeypatch) -> None:
    pytest.importorskip("ipywidgets")
    from tablerules.interop import mcts

    monkeypatch.setattr(mcts, "DEFAULT_SIMULATIONS", 8)
    from tablerules.widgets.stepper import StepThrough

    panel = StepThrough(game_class("quest-crawl")(seed=1), agents="mcts", humans=[1])
    assert isinstance(panel.agent_for(0), MCTSAgent)
    panel.agent_pick.value = "random"
    assert isinstance(panel.agent_for(0), RandomAgent) and "random" in panel.message.value
    panel.agent_pick.value = "heuristic"
    assert panel.agent_for(0).name == "heuristic"
    panel.agent_pick.value = "random"
    # a game without a heuristic agent: said, nothing changed
    monkeypatch.setattr(game_class("quest-crawl"), "heuristic_agent", classmethod(lambda cls: None))
    panel.agent_pick.value = "heuristic"
    assert isinstance(panel.agent_for(0), RandomAgent) and "no heuristic agent" in panel.message.value
