"""Munchkin Quest (seed 001): running away and entering a room however you come in (p. 6 自动遇敌,
p. 8 战斗, p. 10 逃跑, 跑去帮忙 and 大家逃命). Each test quotes its passage; the positions come from
tests/quest_seed_helpers.py."""

from __future__ import annotations

import pytest
from quest_seed_helpers import NORTH, NORTH_EAST, corridor_game, fight_in_north, roll_fight

from tablerules.core.protocol import Chance, IllegalAction
from tablerules.quest.actions import AnswerHelp, AskHelp, Flee, Roll, RollToRun, RunTo
from tablerules.quest.exploration import Decline, DrawMonster
from tablerules.quest.scenario import empty_room_deck, hand, hero, monster, room

WANDER = "all rooms placed: draw a monster?"


def test_running_away_into_an_empty_room_once_every_room_is_placed_may_draw_a_monster() -> None:
    """p. 6 自动遇敌: "当所有房间都探索完毕之后，怪物便没有藏身之处了。这种情况下，在自己的回合进入没有怪物的房间时，
    便可以选择抓一张怪物牌（见第6页）。如此做并不会花费移动力。" Running away is entering too (p. 10: "不管你躲没躲过
    怪物的后果，掷骰之后就会出现在那里"): the runner, caught or not, may draw a monster in the empty room it runs to,
    and the monster drawn is a fight at once (p. 8: 新怪物出现在了你的房间)."""
    game = corridor_game()
    empty_room_deck(game)  # every tile placed
    dog = fight_in_north(game, "pit_bull")
    roll_fight(game, 1, 6)  # 1 + 1 against 2 + 6: lost, a hit
    game.apply(RunTo(0, NORTH_EAST))
    game.apply(RollToRun(0, dog))
    game.apply(Chance("d6", 5))  # escaped
    assert game.fight is None and game.room_of(0).id == NORTH_EAST
    assert game.stage() == WANDER and set(game.legal_actions()) >= {DrawMonster(0), Decline(0)}
    moves = game.moves_left
    game.apply(DrawMonster(0))
    game.apply(Chance("monster", "maul_rat"))
    game.apply(Chance("base", "green"))
    while game.is_chance():
        game.roll()
    assert game.fight is not None and game.fight.room == NORTH_EAST and game.moves_left == moves


def test_a_runner_caught_still_enters_and_may_decline_the_wandering_monster() -> None:
    """p. 10: "无论你躲没躲过，只要活下来了，就可以通过指定的连接块进入下一个房间" with p. 6 "便可以选择抓一张怪物牌":
    a runner caught by the bad stuff still enters the empty room and chooses; declining leaves the room empty."""
    game = corridor_game()
    empty_room_deck(game)
    hero(game, 0, health=4)
    dog = fight_in_north(game, "pit_bull")
    roll_fight(game, 1, 6)
    game.apply(RunTo(0, NORTH_EAST))
    game.apply(RollToRun(0, dog))
    game.apply(Chance("d6", 1))  # caught: the bad stuff
    while game.losses or game.choice is not None:
        game.apply(game.legal_actions()[0])
    assert not game.heroes[0].dead and game.room_of(0).id == NORTH_EAST
    assert game.stage() == WANDER
    game.apply(Decline(0))
    assert game.stage() == "moving" and not game.dungeon.monsters_in(NORTH_EAST)


def test_a_flight_potion_into_an_empty_room_may_draw_a_wandering_monster() -> None:
    """p. 6 自动遇敌 (进入没有怪物的房间, any way of entering) and p. 10 (如果你有允许魔法移动去其他房间...的卡牌，就
    可以直接使用): a magic escape into an empty room, once every room is placed, offers the wandering monster."""
    game = corridor_game()
    empty_room_deck(game)
    potion, = hand(game, 0, "flight_potion")
    fight_in_north(game, "pit_bull")
    game.apply(Flee(0, potion, NORTH_EAST))
    assert game.fight is None and game.room_of(0).id == NORTH_EAST and game.stage() == WANDER


def test_no_wandering_monster_for_staying_or_out_of_your_turn() -> None:
    """p. 6: "在自己的回合进入没有怪物的房间时": a helper who runs into an empty room in another's turn draws
    nothing, and the fighter who wins stays in the room (entering nothing)."""
    game = corridor_game()
    empty_room_deck(game)
    hero(game, 0, level=1)
    dog = fight_in_north(game, "pit_bull")
    game.apply(AskHelp(0, 1, 0))
    game.apply(AnswerHelp(1, True))
    roll_fight(game, 1, 1, 6)  # 1+1 + 1+1 against 2 + 6: lost
    game.apply(RunTo(0, "ENT"))  # the entrance: never a wandering monster
    game.apply(RollToRun(0, dog))
    game.apply(Chance("d6", 6))
    game.apply(RunTo(1, NORTH_EAST))
    game.apply(RollToRun(1, dog))
    game.apply(Chance("d6", 6))
    assert game.fight is None and game.room_of(1).id == NORTH_EAST and game.stage() == "moving"
    won = corridor_game()
    empty_room_deck(won)
    hero(won, 0, level=5)
    fight_in_north(won, "pit_bull")
    roll_fight(won, 6, 1)
    while won.is_chance():
        won.roll()
    assert won.fight is None and won.room_of(0).id == NORTH and won.stage() == "moving"


def test_running_into_the_monster_nest_draws_its_monster() -> None:
    """The Monster Nest (data/quest/rooms.json: "进入时，如果这里没有怪物，就抽一只") read with p. 8 (在你的回合，一旦
    ……你移入了有怪物的房间, whatever the reason you entered): running into the empty nest is entering it, so its
    monster comes and is fought at once."""
    game = corridor_game()
    nest = room(game, "monster_nest", (-1, -1))  # west of the Storeroom, a corridor between
    dog = fight_in_north(game, "pit_bull")
    roll_fight(game, 1, 6)
    game.apply(RunTo(0, nest))
    game.apply(RollToRun(0, dog))
    game.apply(Chance("d6", 5))
    assert game.room_of(0).id == nest and game.stage() == "exploring: drawing a monster"
    game.apply(Chance("monster", "maul_rat"))
    game.apply(Chance("base", "green"))
    while game.is_chance():
        game.roll()
    assert game.fight is not None and game.fight.room == nest


def _helped_fight_lost(potion_for: int) -> tuple:
    """Player 0 fights the Pit Bull in the Storeroom with player 1 (from the entrance) as helper; they lose.
    Returns the game, the dog and ``potion_for``'s Flight Potion."""
    game = corridor_game()
    hero(game, 0, level=1)
    potion, = hand(game, potion_for, "flight_potion")
    dog = fight_in_north(game, "pit_bull")
    game.apply(AskHelp(0, 1, 0))
    game.apply(AnswerHelp(1, True))
    return game, dog, potion


def test_a_helper_may_drink_a_flight_potion_instead_of_the_running_roll() -> None:
    """p. 10 大家逃命！: "如果你有帮手，而你们这方输掉了的话，帮手也得逃跑。他也要为所有怪物分别掷骰。
    不过他不一定要和你往同一个方向跑。" The helper runs by the running rules, so p. 10 逃跑 holds for them
    too: "如果你有允许魔法移动去其他房间，或者明确说明允许逃跑的卡牌，就可以直接使用，不用掷逃跑骰了。"
    The helper's Flight Potion replaces their roll (no die, no bad stuff), into a room of their own
    choosing; it is theirs to drink only when they run, not before the fighter's dice are done, and not
    after a failed roll (译者注: 不能掷骰失败之后再决定使用)."""
    game, dog, potion = _helped_fight_lost(1)
    roll_fight(game, 1, 1, 6)  # 1+1 + 1+1 against 2 + 6: lost, a hit each
    assert game.fight.runners == [0, 1] and not any(isinstance(a, Flee) for a in game.legal_actions())
    game.apply(RunTo(0, "ENT"))
    game.apply(RollToRun(0, dog))
    game.apply(Chance("d6", 6))
    assert game.stage() == "running: direction" and game.fight.runners == [1]
    assert Flee(1, potion, NORTH_EAST) in game.legal_actions()
    health = game.heroes[1].health
    game.apply(Flee(1, potion, NORTH_EAST))
    assert not game.is_chance() and game.fight is None
    assert game.room_of(1).id == NORTH_EAST and game.room_of(0).id == "ENT"
    assert game.heroes[1].health == health and potion in game.treasure_discard and potion not in game.heroes[1].hand


def test_a_helper_chooses_the_room_then_drinks_but_not_after_a_failed_roll() -> None:
    """p. 10 "掷骰之前先选逃向！" and the translator's note "不能掷骰失败之后再决定使用": with the room
    chosen the helper may still drink instead of rolling; against two monsters, once a die is rolled the
    potion is gone from the choices."""
    game = corridor_game()
    hero(game, 0, level=1, health=4)
    hero(game, 1, health=4)
    potion, = hand(game, 1, "flight_potion")
    monster(game, "maul_rat", NORTH, "green")
    fight_in_north(game, "gimpy_goblin")
    game.apply(AskHelp(0, 1, 0))
    game.apply(AnswerHelp(1, True))
    roll_fight(game, 1, 1, 6, 6)
    game.apply(RunTo(0, "ENT"))
    for piece in list(game.fight.monsters):
        game.apply(RollToRun(0, piece))
        game.apply(Chance("d6", 6))
    game.apply(RunTo(1, NORTH_EAST))
    assert Flee(1, potion, NORTH_EAST) in game.legal_actions()
    game.apply(RollToRun(1, game.fight.chasing[0]))
    game.apply(Chance("d6", 1))
    while game.losses or game.choice is not None:
        game.apply(game.legal_actions()[0])
    assert game.stage() == "running away" and not any(isinstance(a, Flee) for a in game.legal_actions())


def test_a_helper_may_not_drink_a_flight_potion_before_the_combat_roll() -> None:
    """p. 10 跑去帮忙: "当帮手移动了以后，便必须帮忙。" and p. 17 任何时候均可使用: the Flight Potion
    before the combat dice is the example for "在你的回合中" (如果你有一瓶“闪现药水”，那就可以在掷战斗骰之前
    喝下去). A helper must help: in the fighter's "I'm rolling" window their Flight Potion is refused (it is
    for running, after a lost fight)."""
    game, _, potion = _helped_fight_lost(1)
    game.apply(Roll(0))
    assert game.stage() == "interference" and 1 in game.fight.window.waiting
    assert not any(isinstance(a, Flee) and a.player == 1 for a in game.legal_actions())
    with pytest.raises(IllegalAction, match="running away"):
        game.apply(Flee(1, potion, NORTH_EAST))
    assert game.fight is not None and game.room_of(1).id == NORTH
