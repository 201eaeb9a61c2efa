"""Munchkin Quest (seed 001) p. 16-17 物品 and 现金 read sentence by sentence: slots, hands, the belt, the
backpack, big items, gold, dropping and picking up, Cheat!, playing items. Each test quotes its passage."""

from __future__ import annotations

from quest_seed_helpers import NORTH, corridor_game, fight_in_north, roll_fight

from tablerules.core.protocol import Chance
from tablerules.quest.actions import (
    ChooseLoss,
    Drop,
    DropGold,
    OneShot,
    Pack,
    PickUp,
    PlayCard,
    PlayCheat,
    RollToRun,
    RunTo,
    Search,
)
from tablerules.quest.exploration import Move
from tablerules.quest.scenario import backpack, hand, hero, move_to, ready, wear


def test_gold_is_dropped_in_the_room_and_picked_up_for_a_move() -> None:
    """p. 16 现金: "现金可以和物品一样花掉，扔在地上或者和其他小白交换。" p. 7: "如果你掉落的只有金币的话，
    直接把金币放进相应房间就
    好了。" p. 16 捡物品: "就可以花1点移动力捡起任意多的掉落物品。\""""
    game = corridor_game()
    game.apply(DropGold(1, 100))  # out of turn, on the entrance
    assert game.heroes[1].gold == 200 and game.dropped_gold[game.dungeon.entrance.id] == 100
    game.apply(PickUp(0))
    assert game.heroes[0].gold == 400 and game.moves_left == 2


def test_only_what_you_wear_and_carry_gives_a_bonus() -> None:
    """p. 16: "只有持有物和穿戴物能给你带来好处。手牌里的物品卡在放进场上之前没有任何作用。\" ; 背包:
    "背包里的物品不会给你提供
    加值\""""
    game = ready(players=2)
    hand(game, 0, "short_sword")
    backpack(game, 0, "horny_helmet")
    assert game.strength(0) == 1
    wear(game, 0, "leather_armour")
    assert game.strength(0) == 2


def test_three_slots_two_hands_and_one_of_two_helmets() -> None:
    """p. 16 装备位: "你只有一个头（给帽子准备的），一个躯干（给盔甲准备的），以及一双脚"; 手:
    "每只小白起始都有两只手"; 背包:
    "比如说，如果你有两顶头盔，只有一顶有效果\""""
    game = ready(players=2)
    wear(game, 0, "firefighters_helmet", "short_sword", "buckler_of_swashing")
    helmet, spear = hand(game, 0, "horny_helmet", "poking_spear")
    assert not game.can_carry(0, helmet) and not game.can_carry(0, spear)
    game.apply(PlayCard(0, helmet))  # it does not fit: into the backpack
    assert helmet in game.heroes[0].backpack and game.strength(0) == 1 + 2 + 3 + 2


def test_jewellery_and_clothes_take_no_slot() -> None:
    """p. 16 饰物和便服: "关键词是“饰物”和“衣物”的物品同样属于穿戴物，不过它们不占装备位。你可以穿任意多的饰物和衣物。
    \""""
    game = ready(players=2)
    wear(game, 0, "kneepads_of_allure", "spiky_knees")
    assert game.strength(0) == 1 + 2 + 1


def test_the_belt_holds_any_number_of_one_shots_used_in_a_fight() -> None:
    """Seed 001 p. 16: "不过你也可以把它们先放进场上".
    p. 16 腰带: "如果不是穿戴物，而且不需要手，那就算是在你腰带上的持有物。
    典型的腰带物品都是一次性物品...腰带上可以有任意多
    物品。" p. 9: "战斗中可以使用已经在场上的药水和卷轴（也就是“腰带”里的东西）\""""
    game = corridor_game()
    belt = hand(game, 0, "sleep_potion", "potion_of_halitosis", "magic_missile")
    for copy in belt:
        game.apply(PlayCard(0, copy))
    assert set(belt) <= set(game.heroes[0].carried) and game.strength(0) == 1  # no bonus until used
    fight_in_north(game, "pit_bull")
    game.apply(OneShot(0, belt[0], "munchkins"))
    assert game.munchkin_strength() == 1 + 2


def test_the_backpack_holds_two_and_not_in_fights() -> None:
    """Seed 001 p. 5: "把自己背包里的东西翻出来穿在身上，或者把身上的东西卸下来扔进背包里".
    p. 16 背包: "背包只能装两件物品。" ; "不能在战斗中和逃跑的时候翻背包里的东西。" p. 9:
    "也不能临时从你的背包里拿出什么东西换
    在身上\""""
    game = corridor_game()
    a, b, c = wear(game, 0, "leather_armour", "spiky_knees", "short_sword")
    game.apply(Pack(0, a, True))
    game.apply(Pack(0, b, True))
    assert Pack(0, c, True) not in game.legal_actions()
    fight_in_north(game, "pit_bull")
    assert not any(isinstance(x, Pack) for x in game.legal_actions())


def test_big_items_cost_a_move_each_beyond_the_first() -> None:
    """p. 16 大物品: "带一件大物品时没有惩罚，但是每多带一件就会减少你1点移动力。" p. 6:
    "如果在回合中移动力发生了改变，则视同在回合
    开始时移动力便已经改变处理。\""""
    game = ready(players=2)
    wear(game, 0, "mithril_armour")
    assert game.base_moves(0) == 3
    rock, = hand(game, 0, "huge_rock")
    game.apply(PlayCard(0, rock))
    assert game.base_moves(0) == 2 and game.moves_left == 2
    game.apply(Drop(0, rock))
    assert game.moves_left == 3


def test_items_into_play_on_your_turn_outside_fights_not_in_a_fight() -> None:
    """Seed 001 p. 5: "从手牌中打出一张物品卡到场上".
    p. 5 自己回合战斗以外的任何时候都可以：从手牌中打出一张物品卡到场上; p. 9:
    "无论是在你的战斗还是其他人的战斗中，均不能从手上
    打出其他物品\""""
    game = corridor_game()
    armour, = hand(game, 0, "leather_armour")
    other, = hand(game, 1, "spiky_knees")
    assert PlayCard(0, armour) in game.legal_actions() and PlayCard(1, other) not in game.legal_actions(1)
    fight_in_north(game, "pit_bull")
    assert PlayCard(0, armour) not in game.legal_actions()


def test_a_treasure_won_goes_into_play_at_once_even_out_of_turn() -> None:
    """Seed 001 p. 5: "将刚得到的宝藏卡放进场上".
    p. 9: "找到的物品可以立刻放进场"; p. 5 战斗以外的任何时候都可以：将刚得到的宝藏卡放进场上; p. 17:
    "物品卡可以在你抓到的时候
    立刻放到场上\""""
    from tablerules.quest.scenario import won

    game = ready(players=2)
    boots, = won(game, 1, "boots_of_butt_kicking")
    game.apply(PlayCard(1, boots))
    assert boots in game.heroes[1].carried


def test_cheat_ignores_the_restrictions_and_goes_with_the_item() -> None:
    """Seed 001 p. 16: "某些物品还在职业、种族或性别上有所限制".
    p. 16 物品限制: "当你对某件物品使用“规则去死！”的时候，可以无视所有限制，并享受其最大加值。
    当你失去这件物品的时候，
    “规则去死！”卡会跟着物品走。\""""
    game = ready(players=2)
    cheat, staff = hand(game, 0, "cheat", "staff_of_napalm")  # wizards only
    assert not game.can_carry(0, staff)
    game.apply(PlayCheat(0, cheat, staff))
    assert game.strength(0) == 1 + 5
    game.apply(Drop(0, staff))
    assert cheat in game.dxm_discard and game.strength(0) == 1


def test_bad_stuff_naming_a_slot_takes_what_you_wear_any_item_may_be_the_backpacks() -> None:
    """p. 16: "如果诅咒或者怪物的后果让你弃掉或扔掉...鞋子的话，就专指你正穿着的鞋子。背包里的鞋子可不算数。但是，
    如果只要求你
    弃掉或扔掉“一件物品”的话，你就可以选择背包里的物品甚至是你腰带上的物品，但是不能选择手牌里的物品。" ; 现金:
    "让你弃掉或扔掉
    物品的时候你必须选择一张物品卡，而不能用现金代替。" (Drooling Slime: lose your footgear, else a level.)"""
    game = corridor_game()
    hero(game, 0, level=3)
    backpack(game, 0, "boots_of_butt_kicking")
    hand(game, 0, "boots_of_running_really_fast")
    fight_in_north(game, "drooling_slime")
    roll_fight(game, 1, 6)
    game.apply(RunTo(0, "ENT"))
    game.apply(RollToRun(0, game.fight.chasing[0]))
    game.apply(Chance("d6", 1))
    assert game.heroes[0].level == 2 and len(game.heroes[0].backpack) == 1  # the packed boots do not count


def test_losing_one_of_several_items_the_victim_chooses() -> None:
    """p. 17 诅咒: "如果诅咒能影响到的物品不止一件，那由诅咒的目标决定受影响的物品，除非卡牌上另有说明。\""""
    from tablerules.quest.actions import PlayCurse

    game = ready(players=2)
    a, b = wear(game, 0, "short_sword", "buckler_of_swashing")
    fire, = hand(game, 1, "curse_weapon_on_fire")
    game.apply(PlayCurse(1, fire, 0))
    assert {x.card for x in game.legal_actions(0) if isinstance(x, ChooseLoss)} == {a, b}
    game.apply(ChooseLoss(0, b))
    assert game.heroes[0].carried == [a]


def test_picking_up_dropped_items_costs_a_move_or_comes_with_a_search() -> None:
    """Seed 001 p. 7: "同时你也可以把房间里面别人掉落的东西捡起来".
    p. 16 捡物品: "如果你所在的房间里有掉落的物品，就可以花1点移动力捡起任意多的掉落物品。此外，
    当你在有掉落物品的房间里搜索
    时，可以在搜索结果之外自动得到你想要的所有掉落物品。\""""
    game = corridor_game()
    move_to(game, 1, NORTH)
    knees, = wear(game, 1, "spiky_knees")
    game.apply(Drop(1, knees))
    game.apply(Move(0, "N"))
    game.apply(Search(0))
    game.apply(Chance("search", 2))  # 300 gold
    assert knees in game.heroes[0].carried and game.heroes[0].gold == 600


def test_a_cheated_item_given_away_takes_its_cheat_with_it() -> None:
    """p. 16: "当你失去这件物品的时候，“规则去死！”卡会跟着物品走。" Given to a munchkin next to you, the staff (wizards
    only) stays cheated: in play for the receiver, with its bonus."""
    from tablerules.quest.actions import GiveItem

    game = ready(players=2)
    cheat, staff = hand(game, 0, "cheat", "staff_of_napalm")
    game.apply(PlayCheat(0, cheat, staff))
    game.apply(GiveItem(0, staff, 1))
    assert game.heroes[1].cheats == {staff: cheat} and staff in game.heroes[1].carried
    assert game.strength(1) == 1 + 5 and cheat not in game.dxm_discard
