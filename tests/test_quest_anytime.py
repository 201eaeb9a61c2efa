"""Any-time actions in Munchkin Quest (seed 001 p. 5, 在任何玩家回合都可以进行的行动; p. 15 races and classes
"战斗中也可以"; p. 8 suicide "在你回合之中的任何时候"): each played by a seat that is NOT to act while
another seat's stage is pending, and the stage goes on where it was."""

from __future__ import annotations

import pytest

from tablerules.core.errors import IllegalAction
from tablerules.core.protocol import Chance
from tablerules.quest.actions import AnswerCurse, AskHelp, GiveUp, Heal, Pack, PlayCard, PlayCurse, Suicide
from tablerules.quest.exploration import Explore
from tablerules.quest.game import QuestGame
from tablerules.quest.scenario import backpack, hand, hero, ready, won


def in_a_fight(players: int = 3) -> QuestGame:
    """Player 0 explores north into the Crypt with a Gimpy Goblin (red base): a fight, player 0 to act."""
    game = ready(players)
    game.apply(Explore(0, "N"))
    game.apply(Chance("room", "crypt"))
    while game.is_chance() and game.chance_step().event in ("dxm", "link"):
        game.roll()
    game.apply(Chance("monster", "gimpy_goblin"))
    game.apply(Chance("base", "red"))
    while game.is_chance():
        game.roll()
    assert game.stage() == "combat" and game.to_act() == (0,)
    return game


def test_go_up_a_level_out_of_turn() -> None:
    """Seed 001 p. 5: 「使用“升一级”卡」."""
    game = ready(3)
    gual = hand(game, 1, "go_up_a_level")[0]
    assert game.to_act() == (0,) and game.stage() == "moving"
    assert PlayCard(1, gual) in game.legal_actions(1) and game.out_of_turn_actions()[1]
    game.apply(PlayCard(1, gual))
    assert game.heroes[1].level == 2 and game.stage() == "moving" and game.to_act() == (0,)


def test_a_curse_out_of_turn_is_answered_then_the_turn_goes_on() -> None:
    game = ready(3)
    hero(game, 0, level=3)
    curse = hand(game, 2, "curse_lose_a_level")[0]
    game.apply(PlayCurse(2, curse, 0))
    if game.to_act() == (0,) and game.stage() == "cursed: answer the curse":
        game.apply(AnswerCurse(0, "accept"))
    assert game.heroes[0].level == 2 and game.stage() == "moving" and game.to_act() == (0,)


def test_races_and_classes_come_and_go_out_of_turn_even_in_a_fight() -> None:
    """Seed 001 p. 5: "增加或弃掉种族职业"."""
    game = in_a_fight()
    elf = hand(game, 1, "elf")[0]
    assert PlayCard(1, elf) in game.legal_actions(1)
    game.apply(PlayCard(1, elf))
    assert "elf" in game.tags(1) and game.stage() == "combat" and game.to_act() == (0,)
    game.apply(GiveUp(1, elf))
    assert "elf" not in game.tags(1) and game.stage() == "combat"
    gual = hand(game, 1, "go_up_a_level")[0]
    # p. 5 任何时候都可以：使用“升一级”卡 — in fights too, before the roll (rules fidelity, issue #10)
    assert PlayCard(1, gual) in game.legal_actions(1)


def test_a_treasure_just_won_goes_into_play_out_of_turn() -> None:
    """Seed 001 p. 5: "将刚得到的宝藏卡放进场上"."""
    game = ready(3)
    helmet = won(game, 1, "firefighters_helmet")[0]
    old = hand(game, 1, "eleven_foot_pole")[0]  # in the hand from before: only on your own turn
    assert PlayCard(1, helmet) in game.legal_actions(1) and PlayCard(1, old) not in game.legal_actions(1)
    game.apply(PlayCard(1, helmet))
    assert helmet in game.heroes[1].carried and game.to_act() == (0,)
    game.apply(game.legal_actions()[-1])  # player 0 ends the turn: the won treasures are no longer new
    assert game.stage() != "moving"
    while game.stage() != "moving":
        game.roll() if game.is_chance() else game.apply(game.legal_actions()[0])
    assert game.current == 1 and game.heroes[1].won == []


def test_heal_the_backpack_and_suicide_out_of_turn() -> None:
    """Seed 001 p. 5: "自降一级，回复3点生命";
    "把自己背包里的东西翻出来穿在身上，或者把身上的东西卸下来扔进背包里"."""
    game = in_a_fight()
    hero(game, 1, level=3, health=1)
    assert Heal(1) not in game.legal_actions(1)  # not in a fight
    game.apply(AskHelp(0, 1, 1))
    assert game.to_act() == (1,) and game.stage() == "asking for help"
    assert Suicide(0) in game.legal_actions(0)  # your own turn, someone else to act
    game.apply(Suicide(0))
    assert game.heroes[0].dead and game.fight is None and game.stage_name == "monster turn"  # the turn ends
    game2 = ready(3)
    hero(game2, 2, level=3, health=1)
    pole = backpack(game2, 2, "eleven_foot_pole")[0]
    assert game2.to_act() == (0,)
    game2.apply(Heal(2))
    assert (game2.heroes[2].level, game2.heroes[2].health) == (2, 4)
    game2.apply(Pack(2, pole, False))
    assert pole in game2.heroes[2].carried and game2.to_act() == (0,)


def test_healing_waits_while_a_fight_is_on() -> None:
    """Seed 001 p. 5: "自降一级，回复3点生命".
    p. 5: healing is one of the things done "在任何玩家回合都可以进行" but not during a fight."""
    game = in_a_fight()
    hero(game, 1, level=3, health=1)
    before = game.state_dict()
    with pytest.raises(IllegalAction) as refused:
        game.apply(Heal(1))
    assert refused.value.rule != "actions" and game.state_dict() == before


def test_a_bribe_the_helper_can_no_longer_take_leaves_only_a_refusal() -> None:
    """p. 10: an item offered as a bribe changes hands when the helper agrees. If, between the offer and
    the answer, the helper gives up the race the item needs (any time, p. 15) with a full backpack
    (p. 16: 2 items), the item could go nowhere: only a refusal is left."""
    from tablerules.quest.actions import AnswerHelp

    game = in_a_fight()
    hero(game, 0, carried=["rapier_of_unfairness"])
    hero(game, 1, race="elf", backpack=["eleven_foot_pole", "stepladder"])
    rapier = game.heroes[0].carried[-1]
    game.apply(AskHelp(0, 1, 0, 0, rapier))
    assert AnswerHelp(1, True) in game.legal_actions(1)
    game.apply(GiveUp(1, game.heroes[1].race))
    assert game.legal_actions(1) == (AnswerHelp(1, False),) or AnswerHelp(1, True) not in game.legal_actions(1)
    with pytest.raises(IllegalAction):
        game.apply(AnswerHelp(1, True))
    game.apply(AnswerHelp(1, False))
    assert rapier in game.heroes[0].carried and len(game.heroes[1].backpack) == 2
