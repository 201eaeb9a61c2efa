"""Munchkin Quest (seed 001) fights read sentence by sentence (p. 8-11): when a fight starts, the cards in
it, the dice, winning and losing, and how a fight ends. Each test quotes its passage."""

from __future__ import annotations

from quest_seed_helpers import EAST, NORTH, NORTH_EAST, all_pass, corridor_game, fight_in_north, roll_fight

from tablerules.core.protocol import Chance
from tablerules.quest.actions import (
    AnswerHelp,
    AskHelp,
    Flee,
    OneShot,
    PlayCurse,
    Power,
    Roll,
    RollToRun,
    RunTo,
)
from tablerules.quest.scenario import hand, hero, monster, wear


def test_running_away_into_a_room_with_a_monster_starts_the_fight_at_once() -> None:
    """p. 8: "在你的回合，一旦发生以下情况之一，则发生战斗：……你移入了有怪物的房间" and p. 7 "在你自己的回合中，一旦你
    和怪物处在同一个房间里，就立刻开战": running away into such a room is entering it too."""
    game = corridor_game()
    dog = fight_in_north(game, "pit_bull")
    rat = monster(game, "maul_rat", NORTH_EAST, "green")
    roll_fight(game, 1, 6)  # 1 + 1 against 2 + 6: lost, a hit
    game.apply(RunTo(0, NORTH_EAST))
    game.apply(RollToRun(0, dog))
    game.apply(Chance("d6", 5))  # escaped
    assert game.room_of(0).id == NORTH_EAST
    assert game.fight is not None and game.fight.monsters == [rat] and game.stage() == "combat"


def test_a_flight_potion_into_a_room_with_a_monster_is_a_new_fight() -> None:
    """p. 8 (你移入了有怪物的房间), whatever the reason: a magic escape into a monster's room fights it."""
    game = corridor_game()
    potion, = hand(game, 0, "flight_potion")
    fight_in_north(game, "pit_bull")
    rat = monster(game, "maul_rat", NORTH_EAST, "green")
    game.apply(Flee(0, potion, NORTH_EAST))
    assert game.fight is not None and game.fight.monsters == [rat]


def test_out_of_your_turn_a_helper_running_into_monsters_starts_nothing() -> None:
    """p. 8: "只有在自己的回合才能引发战斗。" A helper who runs into a monster's room fights nothing."""
    game = corridor_game()
    monster(game, "maul_rat", EAST, "green")
    hero(game, 0, level=1)
    dog = fight_in_north(game, "pit_bull")
    game.apply(AskHelp(0, 1, 0))
    game.apply(AnswerHelp(1, True))
    roll_fight(game, 1, 1, 6)  # 1+1 + 1+1 against 2 + 6
    game.apply(RunTo(0, NORTH_EAST))
    game.apply(RollToRun(0, dog))
    game.apply(Chance("d6", 6))
    game.apply(RunTo(1, "ENT"))
    game.apply(RollToRun(1, dog))
    game.apply(Chance("d6", 6))
    assert game.fight is None and game.room_of(0).id == NORTH_EAST


def test_one_shots_go_back_to_their_owners_when_the_munchkins_leave() -> None:
    """Seed 001 p. 16: "可投掷的物品可以在你自己所在的房间或者任何相邻的房间使用".
    p. 8 怪物跑哪去了？: "如果所有怪物被移出了房间，或者所有小白被移出了房间，战斗就宣告结束了。所有“只能使用一次”
    的卡牌回到拥有者那里，怪物增强牌则仍然留在怪物身上。" The fighter drinks a Flight Potion before the roll: the
    potion from the hand goes back to the hand, the one from the belt to the belt, the enhancer stays."""
    game = corridor_game()
    flight, freezing = hand(game, 0, "flight_potion", "freezing_explosive_potion")
    belt, = wear(game, 0, "magic_missile")
    hairy, = hand(game, 1, "hairy")
    strength, = hand(game, 2, "potion_of_strength")
    dog = fight_in_north(game, "pit_bull")
    game.apply(OneShot(0, freezing, "munchkins"))
    game.apply(OneShot(0, belt, "munchkins"))
    game.apply(Roll(0))
    from tablerules.quest.actions import Enhance

    game.apply(Enhance(1, hairy, dog))
    game.apply(OneShot(2, strength, "monsters"))  # thrown from the entrance next door
    all_pass(game)
    game.apply(Flee(0, flight, "ENT"))
    assert game.fight is None
    assert freezing in game.heroes[0].hand and belt in game.heroes[0].carried
    assert strength in game.heroes[2].hand
    assert game.enhanced[dog] == [hairy] and flight in game.treasure_discard


def test_one_shots_go_back_when_the_fighter_dies_before_the_roll() -> None:
    """p. 8: "所有小白被移出了房间" — a fighter killed before the roll leaves the fight empty of munchkins: the
    other players' one-shots go back to them (the dead fighter's own are discarded with the hand)."""
    game = corridor_game()
    hero(game, 0, health=1)
    mine, = hand(game, 0, "sleep_potion")
    strength, = hand(game, 1, "potion_of_strength")
    toe, = hand(game, 2, "curse_stubbed_toe")
    fight_in_north(game, "pit_bull")
    game.apply(OneShot(0, mine, "munchkins"))
    game.apply(Roll(0))
    game.apply(OneShot(1, strength, "monsters"))
    game.apply(PlayCurse(2, toe, 0))
    assert game.heroes[0].dead and game.fight is None
    assert strength in game.heroes[1].hand and mine in game.treasure_discard


def test_one_shots_are_discarded_when_the_fight_is_fought_out() -> None:
    """p. 8 (the fight fought to the end is not "left"): one-shots used in a fight that is won or lost are
    discarded ("一次性物品...扔了以后就得弃掉", p. 16)."""
    game = corridor_game()
    hero(game, 0, level=3)
    freezing, = hand(game, 0, "freezing_explosive_potion")
    fight_in_north(game, "pit_bull")
    game.apply(OneShot(0, freezing, "munchkins"))
    roll_fight(game, 1, 1)
    assert game.fight is None and freezing in game.treasure_discard


def test_a_flight_potion_may_replace_the_running_roll() -> None:
    """p. 10 逃跑: "如果你有允许魔法移动去其他房间，或者明确说明允许逃跑的卡牌，就可以直接使用，不用掷逃跑骰了。"
    After a lost fight the runner drinks it instead of rolling: no die, no bad stuff, into the room chosen."""
    game = corridor_game()
    potion, = hand(game, 0, "flight_potion")
    fight_in_north(game, "pit_bull")
    roll_fight(game, 1, 6)
    assert game.stage() == "running: direction" and Flee(0, potion, NORTH_EAST) in game.legal_actions()
    game.apply(Flee(0, potion, NORTH_EAST))
    assert not game.is_chance() and game.fight is None
    assert game.room_of(0).id == NORTH_EAST and game.heroes[0].health == 3  # the lost fight's hit only


def test_a_flight_potion_is_not_for_after_a_failed_running_roll() -> None:
    """Seed 001 p. 9: "那你就得同时和所有不无视你的怪物对战"; p. 10: "就得为每个怪物分别掷逃跑骰，顺序任选".
    p. 10, the translator's note: "也就是说，不能掷骰失败之后再决定使用". With two monsters, once the first die
    is rolled the potion is no longer offered."""
    game = corridor_game()
    hero(game, 0, health=4)
    hand(game, 0, "flight_potion")
    monster(game, "maul_rat", NORTH, "green")
    fight_in_north(game, "gimpy_goblin")
    roll_fight(game, 1, 6, 6)
    game.apply(RunTo(0, "ENT"))
    assert any(isinstance(a, Flee) for a in game.legal_actions())  # chosen the room, not yet rolled
    first = game.fight.chasing[0]
    game.apply(RollToRun(0, first))
    game.apply(Chance("d6", 1))
    assert game.stage() == "running away" and not any(isinstance(a, Flee) for a in game.legal_actions())


def test_a_cleric_helper_turns_undead_for_one_more_combat_die() -> None:
    """p. 10 战斗中的帮手: "帮手的能力可以照常使用。例如，如果有牧师帮你战不死的话，可以多掷一个战斗骰。\""""
    game = corridor_game()
    hero(game, 1, cls="cleric")
    card, = hand(game, 1, "curse_tax")
    fight_in_north(game, "undead_horse")
    game.apply(AskHelp(0, 1, 0))
    game.apply(AnswerHelp(1, True))
    assert game.munchkin_dice() == 2
    game.apply(Roll(0))
    game.apply(Power(1, "turning", card))  # the helper discards a card to turn the undead
    assert game.fight_dice(1) == 2 and game.munchkin_dice() == 3


def test_a_tie_goes_to_the_monsters_unless_a_warrior_fights() -> None:
    """p. 9 战斗结果: "如果你的总值大于怪物的总值，就算你赢了。平局算怪物赢。" ; "平局和输一样，除非你使用战士能力\""""
    game = corridor_game(players=2)
    hero(game, 0, level=2)
    fight_in_north(game, "pit_bull")  # level 2
    roll_fight(game, 3, 3)
    assert game.stage() == "running: direction"
    game = corridor_game(players=2)
    hero(game, 0, level=2, cls="warrior")
    fight_in_north(game, "pit_bull")
    roll_fight(game, 3, 3)
    assert game.fight is None and game.heroes[0].level == 3


def test_treasures_face_down_alone_face_up_with_another_munchkin_there() -> None:
    """p. 9 如果你赢了: "根据所有怪物卡上面注明的数目抓宝藏牌。如果房间里有其他小白，那就明抽宝藏牌；否则就暗抽，
    别让其他人看到。\""""
    game = corridor_game(players=2)
    hero(game, 0, level=5)
    fight_in_north(game, "maul_rat")
    roll_fight(game, 6, 1)
    assert [(s.deck, s.face) for s in game.pending if getattr(s, "deck", "")] == [("treasure", "down")]
    game = corridor_game(players=2)
    hero(game, 0, level=5)
    hero(game, 1, room=NORTH)
    fight_in_north(game, "maul_rat")
    roll_fight(game, 6, 1)
    assert [(s.deck, s.face) for s in game.pending if getattr(s, "deck", "")] == [("treasure", "open")]


def test_the_boss_cannot_be_fled() -> None:
    """p. 1 绝对铁律: "Boss怪不能被移出入口，也不能被变成另一个怪物或者逃避战斗。" p. 11:
    "任何卡牌和能力都不能让你避开这场战斗！\""""
    from tablerules.quest.exploration import Move
    from tablerules.quest.scenario import move_to, ready, room

    game = ready(players=2)
    room(game, "storeroom", (0, -1))
    move_to(game, 0, "storeroom")
    hero(game, 0, level=10)
    hand(game, 0, "flight_potion")
    game.apply(Move(0, "S"))
    game.apply(Chance("monster", "lawyer"))
    game.apply(Chance("base", "blue"))
    while game.is_chance():
        game.roll()
    assert game.fight.boss and not any(isinstance(a, Flee) for a in game.legal_actions())


def test_a_level_10_munchkin_running_into_the_entrance_meets_the_boss() -> None:
    """Seed 001 p. 11: "照常决定它的底座颜色".
    p. 11: "当10级玩家在自己的回合处于入口时，抓一张怪物作为Boss。" Running away into the entrance in your own
    turn puts you there (p. 8: whatever the reason you entered)."""
    game = corridor_game(players=2)
    hero(game, 0, level=10)
    dog = fight_in_north(game, "orcs")  # 10 + 2 dice
    roll_fight(game, 1, 6, 6)
    game.apply(RunTo(0, "ENT"))
    game.apply(RollToRun(0, dog))
    game.apply(Chance("d6", 6))
    assert game.chance_step().event == "monster"  # the boss is drawn
    game.apply(Chance("monster", "lawyer"))
    game.apply(Chance("base", "blue"))
    while game.is_chance():
        game.roll()
    assert game.fight is not None and game.fight.boss
