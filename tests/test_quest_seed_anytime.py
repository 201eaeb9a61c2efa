"""Munchkin Quest (seed 001) p. 5 在任何玩家回合都可以进行的行动 and the other "any time" sentences (p. 7, 10, 16,
17) read sentence by sentence: what a seat may do out of turn, in fights and outside them."""

from __future__ import annotations

from quest_seed_helpers import NORTH_EAST, corridor_game, explore_into, fight_in_north, roll_fight

from tablerules.quest.actions import (
    Drop,
    Enhance,
    FightAnyway,
    GiveGold,
    GiveItem,
    LoadDie,
    PlayCard,
    PlayCurse,
    Roll,
    Suicide,
    SummonWall,
)
from tablerules.quest.exploration import Move
from tablerules.quest.scenario import backpack, hand, hero, monster, move_to, ready, room, wear


def test_items_are_given_out_of_turn_to_a_munchkin_in_the_same_or_an_adjacent_room() -> None:
    """Seed 001 p. 4: "手牌不能出售，交换，也不能给别人"; "这些卡不能回手";
    "在战斗之外你可以和别人交换场上的物品和金币"; p. 5: "与身处同一个房间或相邻房间的其他小白交换物品"; p. 16:
    "当你把物品送走时，你立刻失去这件物品带来的好处，而受赠的小白立刻享受到物品的好处".
    p. 5 战斗以外的任何时候都可以：与身处同一个房间或相邻房间的其他小白交换物品; p. 16:
    "如果其他小白所在的房间和你相同
    或相邻，且现在不在战斗中，那你就可以把穿戴物，持有物或者背包里的物品给他，但是不能给手牌。
    ...受赠者不能把它收为手牌。\""""
    game = corridor_game()
    helmet, = wear(game, 1, "firefighters_helmet")
    packed, = backpack(game, 1, "leather_armour")
    in_hand, = hand(game, 1, "short_sword")
    move_to(game, 2, NORTH_EAST)  # not next to the entrance (only through the Storeroom or the Library)
    assert game.to_act() == (0,)
    legal = game.legal_actions(1)
    assert GiveItem(1, helmet, 0) in legal and GiveItem(1, packed, 0) in legal
    assert GiveItem(1, helmet, 2) not in legal and not any(getattr(a, "card", "") == in_hand for a in legal
                                                            if isinstance(a, GiveItem))
    game.apply(GiveItem(1, helmet, 0))
    assert helmet in game.heroes[0].carried and helmet not in game.heroes[0].hand
    assert game.strength(0) == 3 and game.strength(1) == 1  # the bonus changes hands at once
    game.apply(GiveGold(1, 0, 100))
    assert (game.heroes[0].gold, game.heroes[1].gold) == (400, 200)


def test_items_are_dropped_in_the_room_at_any_time_outside_fights() -> None:
    """Seed 001 p. 5: "把不想背的东西扔在地上"; p. 16: "不过你可以把物品扔到地上".
    p. 7 掉落的物品: "你可以在任何时候把物品扔在地上"; p. 5 战斗以外的任何时候都可以：把不想背的东西扔在地上。"""
    game = corridor_game()
    rock, = wear(game, 2, "huge_rock")
    game.apply(Drop(2, rock))
    assert game.dropped[game.dungeon.entrance.id] == [rock] and rock not in game.heroes[2].carried


def test_no_giving_or_dropping_while_a_fight_is_on() -> None:
    """p. 8: "战斗进行过程中你不能捡或卖物品，也不能把物品送人。" p. 16 "且现在不在战斗中\""""
    game = corridor_game()
    wear(game, 1, "firefighters_helmet")
    fight_in_north(game)
    assert not any(isinstance(a, GiveItem | Drop | GiveGold) for a in game.legal_actions(1))
    assert not any(isinstance(a, GiveItem | Drop | GiveGold) for a in game.legal_actions(0))


def test_go_up_a_level_and_curses_at_any_time_even_in_a_fight_before_the_roll() -> None:
    """Seed 001 p. 5: 「使用“升一级”卡」; p. 9: "一次性卡牌（无论是宝藏卡还是主角卡）可以在战斗中直接从手上打出"; p.
    10: "使用任何一次性卡牌影响战斗".
    p. 5 任何时候都可以：使用“升一级”卡 / 使用诅咒卡; p. 17: "除非卡牌另有说明，
    否则可以在/任何/时候对/任何/玩家使用诅咒。
    趁别人在战斗里的时候削弱他们的能力实在是非常有趣。" Before "I'm rolling", with no window open."""
    game = corridor_game()
    gual, = hand(game, 1, "go_up_a_level")
    toe, = hand(game, 2, "curse_stubbed_toe")
    fight_in_north(game)
    assert game.stage() == "combat" and game.to_act() == (0,)
    game.apply(PlayCard(1, gual))
    assert game.heroes[1].level == 2
    game.apply(PlayCurse(2, toe, 1))  # on anyone, not only the munchkins of the fight
    assert game.heroes[1].health == 3 and game.fight is not None


def test_after_the_roll_only_cards_that_say_so() -> None:
    """p. 9: "等你掷骰完毕以后，就轮到其他人掷骰了。这时候只有明确说明可以在掷骰之后使用的卡牌才能用。\""""
    game = corridor_game()
    gual, = hand(game, 1, "go_up_a_level")
    die, = hand(game, 2, "loaded_die")
    fight_in_north(game, "pit_bull")
    roll_fight(game, 1, 6)
    assert game.stage() == "after the roll"
    assert PlayCard(1, gual) not in game.legal_actions(1)
    assert LoadDie(2, die, 0, 6) in game.legal_actions()


def test_after_the_roll_no_race_or_class_card() -> None:
    """p. 9: "掷骰完毕以后…只有明确说明可以在掷骰之后使用的卡牌才能用": a race or class card is no card for after the
    roll, though before the roll it may be played in a fight (p. 15)."""
    game = corridor_game()
    elf, = hand(game, 1, "elf")
    hand(game, 2, "loaded_die")  # a card for after the roll keeps that window open
    fight_in_north(game, "pit_bull")
    assert PlayCard(1, elf) in game.legal_actions(1)  # before the roll, in the fight: yes (p. 15)
    roll_fight(game, 1, 6)
    assert game.stage() == "after the roll"
    assert PlayCard(1, elf) not in game.legal_actions(1)


def test_enhancers_any_time_outside_fights_and_the_monster_keeps_them() -> None:
    """Seed 001 p. 17: "增强卡任何时候都可以使用"; "大多数增强卡会提升怪物的等级".
    p. 10: "给战场上的怪物用怪物增强卡...这些卡任何时候都可以使用，并不限于战斗中。" p. 17:
    "在战斗中幸存的怪物保留增强
    卡。比如说，“巨无霸蘑菇”在被杀死或者移出场之前总是“巨无霸”。\""""
    game = corridor_game()
    shroom = monster(game, "mushroom", NORTH_EAST, "green")
    humongous, = hand(game, 1, "humongous")
    game.apply(Enhance(1, humongous, shroom))
    assert game.enhanced[shroom] == [humongous]
    game.apply(Move(0, "N"))
    game.apply(Move(0, "E"))  # a mushroom ignores dwarves only: player 0 (human) fights it
    assert game.fight is not None and game.fight.monsters == [shroom]
    assert game.monster_strength() == 2 + 10 and game.treasure_count() == 1 + 2
    assert FightAnyway not in {type(a) for a in game.legal_actions()}


def test_a_dead_player_plays_cards_but_not_on_themselves() -> None:
    """p. 8 死亡以后: "人物挂掉了，玩家可没死...也可以照常出牌，但是不能用这些卡牌影响你自己的人物了，
    因为这家伙是个死人了。\""""
    game = corridor_game()
    toe, gual = hand(game, 1, "curse_stubbed_toe", "go_up_a_level")
    elf, = hand(game, 1, "elf")
    hand(game, 2, "loaded_die")  # a card for after the roll keeps that window open
    hero(game, 1, dead=True)
    legal = game.legal_actions(1)
    assert PlayCurse(1, toe, 0) in legal and PlayCurse(1, toe, 1) not in legal
    assert PlayCard(1, gual) not in legal and PlayCard(1, elf) not in legal


def test_summon_wall_out_of_turn_before_the_other_moves() -> None:
    """Seed 001 p. 6: "除非使用魔法，否则不能穿墙移动"; 「以墙相连的房间不算“相邻”」; p. 17:
    "除非卡牌上另有说明，否则任何时候都可以打主角卡"; "在其他人的回合中，你可以在任何时候高喊一声".
    p. 17 “任何时候均可使用”: "如果有人把他的小白移进了你所在的屋子，你不能用“召唤墙”来取消这步移动：
    你得在他移动之前先
    把墙召唤出来才行。" Out of turn, before the move, the wall goes up; after it, too late."""
    game = corridor_game()
    wall, = hand(game, 2, "summon_wall")
    move_to(game, 2, NORTH_EAST)
    game.apply(Move(0, "N"))
    assert Move(0, "E") in game.legal_actions()
    game.apply(SummonWall(2, wall, "W"))  # between the Kitchen and the Storeroom, in player 0's turn
    assert Move(0, "E") not in game.legal_actions()


def test_suicide_only_in_your_own_turn_at_any_time() -> None:
    """p. 5 自己回合的任何时候都可以：自杀; p. 8 自杀: "在你回合之中的任何时候，都可以把所有红色的生命指示物翻成黑色。
    现在
    你就死了。\""""
    game = corridor_game()
    fight_in_north(game)
    assert Suicide(0) in game.legal_actions() and Suicide(1) not in game.legal_actions(1)
    game.apply(Roll(0))
    assert Suicide(0) in game.legal_actions(0)
    game.apply(Suicide(0))
    assert game.heroes[0].dead and game.fight is None


def test_no_base_left_the_strongest_with_its_enhancers_leaves() -> None:
    """p. 6 探索 5: "如果什么底座都没了，那就把最高等级（包括调整值）的怪物移出游戏，把空出来的底座给新怪物用。\""""
    game = ready(players=2)
    for tile, at in (("storeroom", (0, -1)), ("kitchen", (1, -1)), ("library", (1, 0))):
        room(game, tile, at)
    rat = monster(game, "maul_rat", "storeroom", "red")
    lawyer = monster(game, "lawyer", "kitchen", "red")
    for card, where, base in (("gimpy_goblin", "kitchen", "red"), ("goldfish", "library", "blue"),
                              ("mushroom", "library", "blue"), ("potted_plant", "library", "blue")):
        monster(game, card, where, base)
    ancient, = hand(game, 1, "ancient")
    game.apply(Enhance(1, ancient, rat))  # level 1 + 10: the strongest, above the level-6 Lawyer
    assert not any(game.free_bases.values())
    explore_into(game, "hospital", "pit_bull", "red", side="S")
    assert rat not in game.dungeon.monsters and lawyer in game.dungeon.monsters
    assert ancient in game.dxm_discard
    assert game.chance_step() is None or game.chance_step().event != "base"


def test_the_entrances_links_cannot_be_walled() -> None:
    """p. 1 绝对铁律: "入口及其连接块不能移动，翻转或被移除" (Summon Wall is offered on no link of the entrance)."""
    game = corridor_game()
    hand(game, 0, "summon_wall")
    assert not any(isinstance(a, SummonWall) for a in game.legal_actions(0))  # on the entrance
    move_to(game, 0, NORTH_EAST)
    assert {a.side for a in game.legal_actions(0) if isinstance(a, SummonWall)} == {"S", "W"}


def test_the_monster_turn_cannot_be_interrupted() -> None:
    """Seed 001 p. 13: 「（不能！）打断怪物回合」.
    p. 13 （不能！）打断怪物回合: "所有怪物移动的整体被视为一个行动，因此不能被打断，
    即使是“任何时候均可使用”的卡牌也不行。" "例如，如果根据箭头怪物应当移动两个房间，你不能在它进入第一个房间的时候用
    ‘诅咒！爱之诱惑！’让它转向去追另一个小白。" (no seat has any action while the monster die and the moves resolve)"""
    from tablerules.quest.exploration import EndTurn

    game = corridor_game()
    hand(game, 1, "go_up_a_level")
    game.apply(EndTurn(0))
    assert game.is_chance() and game.out_of_turn_actions() == {} and game.legal_actions(1) == ()


def test_a_curse_with_nothing_to_take_does_nothing() -> None:
    """Seed 001 p. 17: "诅咒立刻生效，然后弃掉".
    p. 17: "如果你根本没有能被诅咒影响到的物品，那就别管它。例如，如果有人对你放了“盔甲变泥”，但是你根本没穿盔甲，
    那什么事都不会
    发生。把诅咒弃掉然后狠狠地嘲笑他吧。\""""
    game = corridor_game()
    pudding, = hand(game, 1, "curse_pudding_armour")
    before = (game.heroes[0].level, game.heroes[0].health)
    game.apply(PlayCurse(1, pudding, 0))
    assert (game.heroes[0].level, game.heroes[0].health) == before and pudding in game.dxm_discard
