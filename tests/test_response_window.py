"""Response windows: several players may act at once; every action names its player."""

from __future__ import annotations

import pytest
from dicegame import Hold, Roll
from windowgame import Heckle, HecklersPig, Pass

from tablerules.core.errors import IllegalAction
from tablerules.core.protocol import Chance
from tablerules.core.simulation import simulate
from tablerules.core.testing import random_sim_test
from tablerules.widgets import StepThrough


def holding(players: int = 3) -> HecklersPig:
    game = HecklersPig({"players": players}, seed=1)
    game.apply(Roll(0))
    game.apply(Chance("d6", 6))
    game.apply(Hold(0))
    return game


def test_a_hold_opens_a_window_for_every_other_player() -> None:
    game = holding()
    assert game.stage() == "response window" and game.to_act() == (1, 2)
    assert set(game.legal_actions()) == {Pass(1), Heckle(1), Pass(2), Heckle(2)}
    assert game.legal_actions(2) == (Pass(2), Heckle(2)) and game.legal_actions(0) == ()


def test_answers_in_any_order_close_the_window() -> None:
    game = holding()
    game.apply(Heckle(2))
    assert game.to_act() == (1,)
    with pytest.raises(IllegalAction) as info:
        game.apply(Heckle(2))  # once per window
    assert info.value.rule == "response window"
    with pytest.raises(IllegalAction, match="must answer the hold first"):
        game.apply(Roll(0))
    game.apply(Pass(1))
    assert game.scores[0] == 5 and game.current == 1 and game.stage() == "deciding"


def test_harness_and_simulation_with_windows() -> None:
    report = random_sim_test(lambda s: HecklersPig({"players": 2 + s % 3}, seed=s), n_games=300,
                             round_trip_every=4)
    assert report.games == 300
    summary = simulate(HecklersPig, 100, seed=3, params={"players": 4}, progress=False)
    assert summary.finished == 100


def test_the_step_through_panel_offers_every_answer() -> None:
    panel = StepThrough(holding())
    buttons = {b.description: b for b in panel.actions_box.children}
    assert set(buttons) == {"player 1 lets it go", "player 1 heckles", "player 2 lets it go", "player 2 heckles"}
    assert "to act</b>: players 1, 2" in panel.header.value
    buttons["player 2 heckles"].click()
    assert panel.game.window == [1]


def test_agents_answer_their_part_of_a_window_and_humans_see_only_their_buttons() -> None:
    from tablerules.core.agents import Agent

    class AlwaysHold(Agent):
        def choose(self, game, player):
            actions = game.legal_actions(player)
            return next((a for a in actions if isinstance(a, Hold | Heckle)), actions[0])

    game = HecklersPig({"players": 3}, seed=2)
    panel = StepThrough(game, agents=AlwaysHold(), humans=(1,))
    # player 0 (an agent) rolls, then holds: player 2 (an agent) heckles, player 1 (human) must answer
    assert game.stage() == "response window" and game.to_act() == (1,)
    assert game.history[-1] == Heckle(2)
    assert {b.description for b in panel.actions_box.children} == {"player 1 lets it go", "player 1 heckles"}
