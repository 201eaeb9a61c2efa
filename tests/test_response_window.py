"""Response windows: several players may act at once; every action names its player."""

from __future__ import annotations

import pytest
from dicegame import Hold, Roll
from windowgame import Cheer, Heckle, HecklersPig, Pass

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
    assert game.state.scores[0] == 5 and game.state.current == 1 and game.stage() == "deciding"


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


def test_out_of_turn_actions_have_their_own_buttons() -> None:
    from tablerules.core.protocol import Chance

    game = HecklersPig({"players": 3}, seed=1)
    game.apply(Roll(0))
    game.apply(Chance("d6", 5))
    panel = StepThrough(game, humans=(0, 2))
    texts = [getattr(c, "value", "") for c in panel.anytime_box.children]
    assert any("Out of turn" in t and "player 2" in t for t in texts)
    assert not any("player 1" in t for t in texts)  # seat 1 is an agent's
    (cheer,) = [b for row in panel.anytime_box.children[1::2] for b in row.children]
    assert cheer.description.startswith("player 2 cheers")
    cheer.click()
    assert panel.game.state.turn_total == 6 and panel.game.to_act() == (0,)


def test_random_agents_may_act_out_of_turn_in_simulations() -> None:
    from tablerules.core.agents import RandomAgent, play_game

    quiet = play_game(HecklersPig({"players": 3}, seed=4), [RandomAgent(s) for s in range(3)])
    lively = play_game(HecklersPig({"players": 3}, seed=4), [RandomAgent(s, interject_rate=0.5) for s in range(3)])
    assert not any(isinstance(a, Cheer) for a in quiet.history)
    assert sum(isinstance(a, Cheer) for a in lively.history) >= 3 and lively.is_over()


def test_the_terminal_lists_out_of_turn_actions_after_the_others() -> None:
    import io

    from tablerules.cli import play_loop

    game = HecklersPig({"players": 3}, seed=1)
    out = io.StringIO()
    play_loop(game, io.StringIO("0\n5\n2\nq\n"), out)  # roll, type a 5, then the third action: player 1 cheers
    text = out.getvalue()
    assert "Out of turn (at any time):\n    2. player 1 cheers" in text
    assert game.history[-1] == Cheer(1) and game.state.turn_total == 6
