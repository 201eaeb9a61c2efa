"""Widget callbacks, driven without a browser (``button.click()``, setting ``.value``)."""

from __future__ import annotations

from fractions import Fraction

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
    assert panel.roll_button.description == "Roll the dice"
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


# ----- the shared panel pieces (issue 11) -------------------------------------------------------
def test_save_in_the_panel_then_load_gives_the_same_game() -> None:
    panel = StepThrough(Pig(seed=4))
    panel.play(Roll(0))
    panel.roll_button.click()
    panel.save_button.click()
    saved = panel.save_text.value
    history = panel.game.history
    panel.undo_button.click()
    panel.undo_button.click()
    assert panel.game.history == ()
    panel.load_button.click()
    assert panel.game.history == history and "loaded: 2 actions" in panel.message.value
    panel.save_text.value = saved.replace('"pig"', '"nothing"')
    panel.load_button.click()
    assert "cannot load" in panel.message.value and panel.game.history == history


def test_worked_example_button_and_grouped_named_buttons() -> None:
    def staged() -> Pig:
        game = Pig(seed=1)
        game.apply(Roll(0))
        game.apply(Chance("d6", 6))
        return game

    panel = StepThrough(Pig(seed=4), examples={"six on the first roll": staged})
    assert list(panel.example_pick.options) == ["six on the first roll"]
    panel.example_button.click()
    assert panel.game.state.turn_total == 6 and "worked example" in panel.message.value
    kinds = [row.children[0].value for row in panel.action_rows.children]
    assert kinds == ["<b>roll</b>:", "<b>hold</b>:"]
    assert all(b.layout.width == "auto" and b.description == b.tooltip for b in panel.actions_box.children)


def test_agents_turn_never_plays_the_human_seat() -> None:
    panel = StepThrough(Pig(seed=3), agents=RandomAgent(2), humans=(0,))
    panel.agent_turn_button.click()
    assert panel.game.history == ()  # seat 0 is to act: the agents wait for the human
    panel.play(Hold(0)) if Hold(0) in panel.game.legal_actions() else panel.play(Roll(0))
    while panel.game.is_chance():
        panel.roll_button.click()
    assert all(a.actor == 0 or isinstance(a, Chance) for a in panel.game.history[:2])


def test_munchkin_panel_seat_view_hides_other_hands_and_shows_the_fight_explained() -> None:
    from tablerules.munchkin.game import MunchkinGame
    from tablerules.widgets.munchkin_widgets import EXAMPLES, MunchkinPanel

    panel = MunchkinPanel(MunchkinGame({"players": 3}, seed=4))
    game = panel.game
    other = next(c for c in sorted(game.players[1].hand))
    assert game.card(other).name not in panel.state_view.value.split("data-seat='1'>")[1].split("</td>")[0]
    assert "(hidden)" in panel.state_view.value
    panel.view_toggle.value = "teacher"
    assert game.card(other).name in panel.state_view.value.split("data-seat='1'>")[1].split("</td>")[0]
    panel.view_toggle.value = "seat"
    panel.load_example("an elf helps against the Drooling Slime (请求帮助)")
    view = panel.state_view.value
    assert "Drooling Slime +4 against elf" in view and "tablerules-card-text" in view
    assert "escapes every monster" in view and "1/3" in view  # a d6, 5 or 6
    assert "tablerules-rulebox" in view and "seeds/000_911cc6d064cb2adb.txt" in view  # cites the seed file
    assert set(EXAMPLES) == set(panel.example_pick.options)


def test_chance_picker_is_named_and_grouped() -> None:
    from tablerules.munchkin import scenario
    from tablerules.munchkin.game import KickDoor
    from tablerules.widgets.munchkin_widgets import MunchkinPanel

    game = scenario.ready(players=3, seed=1)
    panel = MunchkinPanel(game)
    panel.referee.value = True  # cards drawn at a real table are typed in: referee mode, in the teacher view
    panel.view_toggle.value = "teacher"
    panel.play(KickDoor(0))
    labels = [label for label, _ in panel.outcome_pick.options]
    assert labels and all(label.startswith("draw: ") and "#" not in label for label in labels)
    assert panel.roll_button.description == "Draw (seeded)"  # a card is drawn, not rolled
    assert len(labels) == len({game.card(a.outcome).id for _, a in panel.outcome_pick.options})  # copies merged
    kinds = [label.split(":")[1] for label in labels]
    assert kinds == sorted(kinds, key=kinds.index) and len(set(kinds)) == len(
        [k for i, k in enumerate(kinds) if i == 0 or kinds[i - 1] != k])  # each kind in one block
    assert sum(Fraction(label.split("p = ")[1].rstrip(")")) for label in labels) == 1


def test_every_game_panel_has_worked_examples_that_load() -> None:
    from tablerules.baldur.game import Baldur
    from tablerules.quest.game import QuestGame
    from tablerules.smallworld.game import SmallWorld
    from tablerules.widgets.baldur_panel import BaldurPanel
    from tablerules.widgets.kragmortha_panel import KragmorthaPanel
    from tablerules.widgets.quest_panel import QuestPanel
    from tablerules.widgets.smallworld_panel import SmallWorldPanel

    panels = [QuestPanel(QuestGame({"players": 3}, seed=1), picture=False),
              SmallWorldPanel(SmallWorld({"players": 3}, seed=1), draw=False), BaldurPanel(Baldur(seed=1)),
              KragmorthaPanel(players=3, seed=1)]
    for panel in panels:
        assert panel.examples
        for name in panel.examples:
            panel.load_example(name)
            assert "worked example" in panel.message.value and "tablerules-rulebox" in panel.state_view.value
        assert "tablerules-card-text" in panel.state_view.value and "tablerules-breakdown" in panel.state_view.value


def test_undo_with_a_human_seat_goes_back_to_the_last_human_decision() -> None:
    panel = StepThrough(Pig(seed=5), agents=RandomAgent(3), humans=(0,))
    panel.play(Roll(0))
    panel.roll_button.click()
    panel.undo_button.click()
    assert panel.game.history == ()  # the die and the roll are taken back: seat 0 decides again


def test_rate_bars_carry_wilson_intervals() -> None:
    from matplotlib.figure import Figure

    from tablerules.plots.odds_plots import rate_bars, wilson_interval

    low, high = wilson_interval(5, 20)
    assert 0.1 < low < 0.25 < high < 0.5  # 5 of 20: about 0.11 to 0.47
    assert wilson_interval(0, 0) == (0.0, 1.0)
    ax = Figure().subplots()
    rate_bars(ax, {"elf": 5, "dwarf": 1}, {"elf": 20, "dwarf": 4, "halfling": 0}, baseline=0.25)
    assert [t.get_text() for t in ax.get_xticklabels()] == ["dwarf\n(4 players)", "elf\n(20 players)"]
    errorbars = next(c for c in ax.containers if type(c).__name__ == "ErrorbarContainer")
    assert len(errorbars.lines[2][0].get_segments()) == 2  # one error bar per bar


def test_a_worked_example_is_not_saved_as_a_replay() -> None:
    def staged() -> Pig:
        game = Pig(seed=1)
        game.state.scores[0] = 90  # engine write: the subject is a position no action reached (Pig: no scenario API)
        game.refresh()
        return game

    panel = StepThrough(Pig(seed=4), examples={"near the end": staged})
    panel.load_example("near the end")
    assert panel.save() == "" and "cannot be saved" in panel.message.value


def test_movement_widget_picture_table_and_log_show_the_same_moment() -> None:
    from tablerules.core.data import data_path
    from tablerules.quest.dungeon import Dungeon
    from tablerules.quest.geometry import Colour
    from tablerules.widgets import MonsterMovementWidget

    widget = MonsterMovementWidget(Dungeon.load(data_path("quest", "dungeons", "movement_examples.json")), seed=1)
    widget.colour.value = Colour.GREEN
    widget.step()
    widget.step()  # mid-turn: the table shows where the monsters stand in the picture, the log says so
    moving = {m: p.rooms[min(widget.shown, len(p.rooms)) - 1] for m, p in widget.paths.items()}
    if moving:
        assert f"step {widget.shown - 1}<" in widget.log.value
        for monster, room in moving.items():
            assert f"data-monster='{monster}'>{room}<" in widget.rooms.value
    widget.move()
    assert "Rolled green" in widget.log.value
    widget.reset()
    assert "Rolled" not in widget.log.value and "at rest" in widget.log.value
