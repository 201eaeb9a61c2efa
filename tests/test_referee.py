"""Referee mode (issue #11 item 6): every die can be typed in as rolled at a real table, hidden draws of
other seats are not left to a person, and a re-roll draws from a fresh random stream."""

from __future__ import annotations

from dicegame import Pig

from tablerules.cli import _agents_play
from tablerules.core.agents import Agent, RandomAgent, seat_agents
from tablerules.core.protocol import Chance
from tablerules.core.referee import hidden_from, leave_to_people, only_answers, reroll
from tablerules.munchkin.game import MunchkinGame
from tablerules.quest.actions import Pass, Roll
from tablerules.quest.game import QuestGame
from tablerules.widgets.quest_panel import QuestPanel


class Passer(Agent):
    """Lets every response window go by (otherwise the first legal action)."""

    def choose(self, game, player):
        actions = game.legal_actions(player)
        return next((a for a in actions if isinstance(a, Pass)), actions[0])


def _quest_before_roll(seed: int = 2) -> tuple[QuestGame, int]:
    """A seeded Quest game played at random up to a fight where somebody may say "I'm rolling!"."""
    game, agent = QuestGame(seed=seed), RandomAgent(seed)
    for _ in range(3000):
        if game.is_chance():
            game.roll()
            continue
        rolls = [a for a in game.legal_actions() if isinstance(a, Roll)]
        if rolls:
            return game, rolls[0].player
        seat = game.to_act()[0]
        game.apply(agent.choose(game, seat))
    raise AssertionError("no fight reached")


def test_quest_combat_dice_after_im_rolling_wait_for_the_human_in_the_panel() -> None:
    """Munchkin Quest p. 9: the fighter says "I'm rolling", the others may interfere, then the dice are
    rolled. With the others passing, the combat dice are the human fighter's to roll or type in."""
    game, fighter = _quest_before_roll()
    panel = QuestPanel(game, humans=(fighter,), agents=Passer(), picture=False)
    panel.referee.value = True  # dice rolled at a real table are typed in
    panel.play(Roll(fighter))
    assert game.stage() == "rolling the combat dice"
    assert panel.chance_box.layout.display == "flex"
    since = game.history[game.history.index(Roll(fighter)) + 1:]
    assert since and all(isinstance(a, Pass) for a in since)  # the agents only passed
    faces = [a for a, _ in game.chance_outcomes()]
    typed = faces[-1]  # the referee types in the highest face, whatever the seeded dice say
    panel.outcome_pick.value = typed
    panel.apply_outcome_button.click()
    assert game.history[-1] == typed


def test_quest_combat_dice_wait_for_the_seat_in_terminal_play() -> None:
    """`tablerules play quest --seat N`: after the seat's "I'm rolling!" and the agents' passes, the dice
    wait for the seat (r or the typed faces)."""
    game, fighter = _quest_before_roll()
    game.apply(Roll(fighter))
    assert _agents_play(game, fighter, seat_agents(Passer(), game.seed), True)
    assert game.stage() == "rolling the combat dice"


def test_passing_keeps_the_chance_step_with_the_deciding_seat() -> None:
    assert only_answers(Pass(1))
    assert not only_answers(Roll(1))


def test_hidden_draws_of_other_seats_are_never_left_to_a_person() -> None:
    """The deal: each seat draws face down (Munchkin p. 1); seat 1 cannot type in seat 0's cards."""
    game = MunchkinGame(seed=4)
    assert game.chance_step().description == "player 0 draws a door card"
    assert hidden_from(game, (1,)) and not hidden_from(game, (0,))
    assert not leave_to_people(game, (1,), True)
    assert leave_to_people(game, (0,), True)
    assert not leave_to_people(game, (0,), False)


def test_reroll_can_differ_from_the_seeded_roll_and_is_recorded_and_replayed() -> None:
    game = Pig(seed=4)
    while not game.is_chance():
        game.apply(game.legal_actions()[0])
    seeded = game.sample_chance()
    outcomes = {a for a, _ in game.chance_outcomes()}
    seen = set()
    for _ in range(200):
        action = reroll(game)
        assert isinstance(action, Chance) and action in outcomes
        assert game.history[-1] == action
        seen.add(action)
        if action != seeded:
            break
        game.undo()
    assert seen - {seeded}, "200 fresh re-rolls all gave the seeded result"
    copy = Pig.from_json(game.to_json())
    assert copy.history == game.history and copy.log == game.log


def test_panel_reroll_button_applies_a_legal_outcome() -> None:
    game, fighter = _quest_before_roll()
    panel = QuestPanel(game, humans=(fighter,), agents=Passer(), picture=False)
    panel.play(Roll(fighter))
    outcomes = {a for a, _ in game.chance_outcomes()}
    before = game.num_actions
    assert panel.reroll_button.description == "Re-roll"
    panel.reroll_button.click()
    assert game.num_actions > before and game.history[before] in outcomes
