"""The table's shared pieces (issue 23): the clickable board, the whole log grouped by turn, odds kept
through the roll, no chores for the human seat, and a seat view with no save box. Driven without a
browser on Pig (tests/dicegame.py); tests/test_browser.py drives the real panels."""

from __future__ import annotations

from fractions import Fraction

import pytest
from dicegame import Hold, Pig, Roll

from tablerules import explain
from tablerules.core.agents import RandomAgent
from tablerules.widgets import StepThrough, svg
from tablerules.widgets.board import Board
from tablerules.widgets.logview import TurnMarks, log_html


class PigBoard(StepThrough):
    """Pig with a board: a die to click (roll) and a jar to click (hold)."""

    def board_svg(self) -> str:
        return svg.document(200, 100, svg.target("die:0", svg.rect(10, 10, 80, 80, shape=True), "roll the die")
                            + svg.target("jar:0", svg.circle(150, 50, 40, shape=True), "hold"))

    def action_targets(self, action) -> tuple[str, ...]:
        if isinstance(action, Roll):
            return ("die:0",)
        return ("jar:0",) if isinstance(action, Hold) else ()


def test_a_board_click_plays_the_one_action_of_that_part() -> None:
    panel = PigBoard(Pig(seed=4))
    assert panel.board.active == ["die:0"]  # only the die has an action before the first roll
    assert "data-target" in panel.board.svg
    panel.board.click("die:0")
    assert panel.game.history == (Roll(0),)


def test_a_part_with_no_action_says_so_and_changes_nothing() -> None:
    panel = PigBoard(Pig(seed=4))
    panel.board.click("jar:0")
    assert panel.game.history == () and "nothing you can do there now" in panel.message.value


def test_a_part_with_several_actions_offers_them_under_the_board() -> None:
    class Both(PigBoard):
        def action_targets(self, action) -> tuple[str, ...]:
            return ("die:0",)

    panel = Both(Pig(seed=4))
    panel.play(Roll(0))
    panel.play(panel.game.roll())  # a die rolled: now rolling again and holding are both legal
    if panel.game.is_over() or panel.game.state.turn_total == 0:
        pytest.skip("the seeded die rolled a 1")
    panel.board.click("die:0")
    offered = [b.description for b in panel.choice_box.children if hasattr(b, "description")]
    assert "player 0 rolls" in offered and "player 0 holds" in offered


def test_actions_the_board_stands_for_are_folded_the_rest_stay_as_buttons() -> None:
    class DieOnly(PigBoard):
        def action_targets(self, action) -> tuple[str, ...]:
            return ("die:0",) if isinstance(action, Roll) else ()

    panel = DieOnly(Pig(seed=4), humans=(0, 1))
    panel.board.click("die:0")
    panel.roll_button.click()
    if panel.game.state.turn_total:
        direct = [b.description for row in panel.direct_rows.children for b in row.children[1:]]
        assert direct == ["player 0 holds"]
    assert panel.all_actions.selected_index is None  # the full list is folded under the board


def test_board_widget_click_calls_back() -> None:
    seen: list[str] = []
    board = Board(svg="<svg></svg>", active=["a:1"])
    board.on_click(seen.append)
    board.click("a:1")
    board.click("a:1")
    assert seen == ["a:1", "a:1"]


def test_the_log_is_the_whole_game_grouped_by_turn() -> None:
    panel = StepThrough(Pig(seed=8), agents=RandomAgent(1))
    game = panel.game
    while not game.is_over() and game.turn_number() < 8:
        panel.agent_step_button.click()
    lines = [line for line in game.log_for(None)]
    assert len(lines) > 12
    view = panel.log_view.value
    assert all(line in view for line in lines)  # every line, not the last 12
    assert view.count("<h4>Turn ") >= game.turn_number() >= 5 and "Turn 3: player 1" in view
    assert "tablerules-logscroll" in view and "column-reverse" in view  # scrolls, newest line in view


def test_the_log_filter_shows_one_seats_turns() -> None:
    panel = StepThrough(Pig(seed=8), agents=RandomAgent(1))
    while panel.game.turn_number() < 6 and not panel.game.is_over():
        panel.agent_step_button.click()
    panel.log_filter.value = 1
    view = panel.log_view.value
    assert ": player 1</h4>" in view and ": player 0</h4>" not in view


def test_turn_marks_forget_turns_taken_back() -> None:
    game = Pig(seed=3)
    marks = TurnMarks()
    marks.reset(game)
    while game.turn_number() < 3:
        if game.is_chance():
            game.roll()
        else:
            game.apply(Hold(game.to_act()[0]) if game.state.turn_total else Roll(game.to_act()[0]))
        marks.note(game)
    assert [s.turn for s in marks.starts][-1] == 3
    while game.turn_number() > 1:
        game.undo()
    marks.note(game)
    assert [s.turn for s in marks.starts] == [0, 1]
    assert "Turn 1" in log_html(marks.groups(game, None))


def test_a_seat_view_has_no_save_box() -> None:
    panel = StepThrough(Pig(seed=4), humans=(0,), agents=RandomAgent(2))
    panel.view_toggle.value = "seat"
    assert panel.save_button.disabled and panel.save() == "" and panel.save_text.value == ""
    assert "teacher view" in panel.message.value
    panel.view_toggle.value = "teacher"
    assert not panel.save_button.disabled and '"pig"' in panel.save()
    panel.view_toggle.value = "seat"
    assert panel.save_text.value == ""  # what was saved in the teacher view is gone from the seat's page


def test_other_seats_dice_roll_themselves_without_referee_mode() -> None:
    panel = StepThrough(Pig(seed=5), humans=(0,), agents=RandomAgent(2))
    panel.play(Roll(0))
    assert not panel.game.is_chance()  # no odds at stake: the die rolled itself, no chore
    assert isinstance(panel.game.history[1], type(panel.game.history[1]))
    panel.referee.value = True
    if not panel.game.is_over() and panel.game.to_act() == (0,):
        panel.play(Roll(0))
        assert panel.game.is_chance() and panel.outcome_pick.options  # referee mode: typed in or rolled


def test_odds_stay_through_the_roll_and_the_outcome_shows_beside_them(monkeypatch) -> None:
    def pig_odds(game, viewer):
        return explain.Explanation(odds=[("a 1 ends the turn", Fraction(1, 6))])

    monkeypatch.setitem(explain.EXPLAIN, "pig", pig_odds)
    panel = StepThrough(Pig(seed=5), humans=(0,), agents=RandomAgent(2))
    panel.play(Roll(0))
    assert panel.game.is_chance()  # the human's own die, with odds at stake, waits for one click
    assert "Odds before the roll" in panel.roll_view.value and "1/6 (16.7%)" in panel.roll_view.value
    assert panel.outcome_pick.layout.display == "none"  # no picker without referee mode
    panel.roll_button.click()
    view = panel.roll_view.value
    assert "1/6 (16.7%)" in view and "The roll" in view and "player 0 rolls" in view


def test_agents_one_turn_on_your_own_turn_says_why_nothing_happens() -> None:
    panel = StepThrough(Pig(seed=4), humans=(0,), agents=RandomAgent(2))
    panel.agent_turn_button.click()
    assert panel.game.history == () and "your turn" in panel.message.value
