"""Widget callbacks, driven without a browser (``button.click()``, setting ``.value``)."""

from __future__ import annotations

from dicegame import Hold, Pig, Roll

from tablerules import odds
from tablerules.core.agents import RandomAgent
from tablerules.core.protocol import Chance
from tablerules.widgets import CombatOddsWidget, StepThrough


def action_buttons(panel: StepThrough) -> dict[str, object]:
    return {b.description: b for b in panel.actions_box.children}


def test_legal_actions_are_buttons_and_clicking_plays_them() -> None:
    panel = StepThrough(Pig(seed=4))
    assert list(action_buttons(panel)) == ["player 0 rolls"]
    assert panel.chance_box.layout.display == "none"
    action_buttons(panel)["player 0 rolls"].click()
    assert panel.game.history == (Roll(0),)
    assert panel.chance_box.layout.display == "flex"
    assert panel.actions_box.children == ()
    assert [a.outcome for _, a in panel.outcome_pick.options] == [1, 2, 3, 4, 5, 6]
    assert "chance" in panel.header.value


def test_chance_typed_in_from_a_real_table() -> None:
    panel = StepThrough(Pig(seed=4))
    panel.play(Roll(0))
    panel.outcome_pick.value = Chance("d6", 5)
    panel.apply_outcome_button.click()
    assert panel.game.state.turn_total == 5
    assert "player 0 rolls 5 (turn total 5)" in panel.log_view.value
    assert set(action_buttons(panel)) == {"player 0 rolls", "player 0 holds"}


def test_roll_button_uses_the_seeded_dice() -> None:
    panel = StepThrough(Pig(seed=4))
    twin = Pig(seed=4)
    panel.play(Roll(0))
    twin.apply(Roll(0))
    panel.roll_button.click()
    assert panel.game.history[-1] == twin.roll()


def test_undo_and_agents() -> None:
    panel = StepThrough(Pig(seed=8), agents=RandomAgent(1))
    assert panel.undo_button.disabled
    panel.agent_step_button.click()
    assert len(panel.game.history) == 1 and not panel.undo_button.disabled
    panel.undo_button.click()
    assert panel.game.history == ()
    panel.agent_turn_button.click()
    assert panel.game.turn_number() == 1 and panel.game.state.current == 1
    while not panel.game.is_over():
        panel.agent_turn_button.click()
    assert "Game over" in panel.header.value
    assert panel.agent_step_button.disabled and panel.actions_box.children == ()


def test_illegal_click_shows_the_rule_and_changes_nothing() -> None:
    panel = StepThrough(Pig(seed=2))
    panel.play(Hold(0))
    assert "illegal action (hold)" in panel.message.value
    assert panel.game.history == ()


def test_listeners_hear_every_change() -> None:
    seen = []
    panel = StepThrough(Pig(seed=2))
    panel.listeners.append(lambda game: seen.append(len(game.history)))
    panel.play(Roll(0))
    panel.roll_button.click()
    assert seen == [1, 2]


def test_combat_odds_widget_follows_the_sliders() -> None:
    widget = CombatOddsWidget()
    assert "5/12" in widget.result.value and "41.67%" in widget.result.value
    first_chart = widget.chart.value
    widget.munchkin_strength.value = 7
    assert "<b>7/12</b>" in widget.result.value and "58.33%" in widget.result.value
    assert widget.chart.value != first_chart and bytes(widget.chart.value)[:4] == b"\x89PNG"
    widget.monster_dice.value = 2
    widget.ties_win.value = True
    assert widget.odds() == odds.combat([(7, 1)], [(6, 2)], ties_win=True)
    assert str(widget.odds().win) in widget.result.value
