"""Munchkin Quest (seed 001): every number and condition the seed gives for a card, a monster, a room, the
search table or the components, checked against data/quest/*.json (and the engine reading it)."""

from __future__ import annotations

import pytest
from quest_seed_helpers import corridor_game, fight_in_north

from tablerules.quest.actions import AnswerHelp, AskHelp
from tablerules.quest.cards import load_quest_cards
from tablerules.quest.geometry import MONSTER_DIE
from tablerules.quest.scenario import hero
from tablerules.quest.search_table import RoomToken, load_search_table
from tablerules.quest.tiles import load_links, load_monsters, load_rooms

CARDS = load_quest_cards()
MONSTERS = {m.id: m for m in load_monsters()}


def test_the_plutonium_dragon_has_3_against_a_halfling_helper_counted_once() -> None:
    """p. 10 战斗中的帮手: "怪物卡上面的特殊加值和减值对帮手也适用。如果你面对一条钚龙，而帮手是半身人的话，
    这条龙有+3加值。不过，
    即使你也是半身人，这个加值也只计算一次。\""""
    assert [(m.bonus, m.against) for m in MONSTERS["plutonium_dragon"].modifiers] == [(3, "halfling")]
    game = corridor_game()
    hero(game, 0, race="halfling")
    hero(game, 1, race="halfling")
    fight_in_north(game, "plutonium_dragon")
    assert game.monster_strength() == 20 + 3
    game.apply(AskHelp(0, 1, 0))
    game.apply(AnswerHelp(1, True))
    assert game.monster_strength() == 20 + 3  # once, though both are halflings


def test_two_elves_against_a_monster_weak_against_elves_count_it_once() -> None:
    """p. 10: "类似地，如果两个精灵共同对抗一只对精灵有减值的怪物，减值也只计算一次。" (the Drooling Slime's +4
    against elves
    stands for any race modifier: the side's races are counted once)"""
    game = corridor_game()
    hero(game, 0, race="elf")
    hero(game, 1, race="elf")
    fight_in_north(game, "drooling_slime")
    game.apply(AskHelp(0, 1, 0))
    game.apply(AnswerHelp(1, True))
    assert game.monster_strength() == 1 + 4


def test_the_shrieking_geek_of_the_worked_example() -> None:
    """p. 8: "当“尖叫宅男”“对抗不宅的战士时+6”...这只宅男对抗战士时有+6加值"; p. 11:
    "这只宅男是6级的怪物...怪物还能掷个战斗骰";
    p. 12: "这个怪物只值两个宝藏\""""
    geek = MONSTERS["shrieking_geek"]
    assert (geek.level, geek.dice, geek.treasures, geek.levels) == (6, 1, 2, 1)
    assert [(m.bonus, m.against) for m in geek.modifiers] == [(6, "warrior")]


def test_the_bull_demon_is_huge_and_mighty() -> None:
    """p. 5 关键词: "公牛怪是“巨型 强大的 火系 恶魔”" (mighty: 2 levels, p. 15)."""
    bull = MONSTERS["bull"]
    assert bull.size == "huge" and bull.levels == 2


def test_the_goldfish_of_the_boss_example_is_in_the_monster_deck() -> None:
    """p. 11: "抽了一张怪物卡……是一只金鱼！不，准确地说，是一只20级的金鱼..." """
    assert MONSTERS["goldfish"].name_zh == "金鱼"


@pytest.mark.parametrize(("card", "kind", "bonus", "treasures"), [
    ("freezing_explosive_potion", "one_shot", 5, 0),  # p. 11: 这张药剂是可以+5的一次性卡牌
    ("potion_of_strength", "one_shot", 5, 0),  # p. 12: 他用这瓶药剂给怪物+5
    ("ancient", "enhancer", 10, 2),  # p. 12: “远古”给怪物+10 ; 远古加两个
    ("hairy", "enhancer", 5, 1),  # “长毛”再+5 ; 长毛加一个
    ("baby", "enhancer", -5, -1),  # “怪物小鬼”给怪物-5 ; 怪物小鬼再减一个
    ("firefighters_helmet", "item", 2, 0),  # p. 11: 消防队员头盔。这玩艺能给她+2
    ("mithril_armour", "item", 4, 0),  # p. 12: +4的精金盔甲
    ("poking_spear", "item", 5, 0),  # p. 12: 最多+5的戳砍之矛
])
def test_the_worked_examples_cards(card: str, kind: str, bonus: int, treasures: int) -> None:
    """p. 11-12, the worked example's cards and their numbers."""
    c = CARDS[card]
    assert (c.kind, c.bonus, c.treasures) == (kind, bonus, treasures)


def test_the_worked_examples_card_conditions() -> None:
    """p. 12: "伊戈尔就在相邻的房间，所以他可以往战斗力扔药剂，而且药剂可以对任何一方使用" (Potion of Strength
    thrown); "你双手
    都满了，所以用不了" (the spear takes both hands); "灌铅骰子，允许你在掷骰之后改变一个掷骰结果"; p. 4:
    "“灌铅骰子”和“充气骰子”这两张
    牌可以用来改变任何骰子"; p. 17: "弃掉“许愿之戒”，便可以在生效之前取消诅咒"; p. 16: "规则去死！"; "闪现药水"."""
    assert CARDS["potion_of_strength"].thrown and CARDS["freezing_explosive_potion"].thrown
    assert CARDS["poking_spear"].slot == "hands2"
    assert CARDS["loaded_die"].kind == CARDS["inflated_die"].kind == "loaded_die"
    assert CARDS["wishing_ring"].kind == "remove_curse" and CARDS["cheat"].kind == "cheat"
    assert CARDS["flight_potion"].kind == "escape"
    assert CARDS["curse_pudding_armour"].effects[0].slot == "armour"  # 你的盔甲变成了布丁
    assert CARDS["curse_weapon_on_fire"].effects[0].slot == "hands"  # 你新拿到的长矛现在着火了
    assert CARDS["go_up_a_level"].deck == "treasure" and CARDS["go_up_a_level_dxm"].deck == "dxm"
    assert CARDS["monster_capsule"].kind == CARDS["wandering_monster"].kind == "wandering"


def test_the_search_table() -> None:
    """p. 20 搜索表: "1或更低——抓一张怪物卡，立刻开战 / 2——300金币 / 3——400金币 / 4——500金币 /
    5——100金币和一张宝藏卡。这个房间已经
    “搜刮完毕！”了 / 6——300金币和一张宝藏卡。 / 7——抓一张怪物卡，立刻开战 / 8——500金币和一张宝藏卡。
    / 9——两张宝藏卡。
    这个房间已经“洗劫一空！”了 / 10——500金币和两张宝藏卡。 / 11——三张宝藏卡。" (rows 6 and 8 leave the room looted,
    9 to 11 plundered)\""""
    L, P = RoomToken.LOOTED, RoomToken.PLUNDERED
    want = {1: (0, 0, True, None), 2: (300, 0, False, None), 3: (400, 0, False, None), 4: (500, 0, False, None),
            5: (100, 1, False, L), 6: (300, 1, False, L), 7: (0, 0, True, None), 8: (500, 1, False, L),
            9: (0, 2, False, P), 10: (500, 2, False, P), 11: (0, 3, False, P)}
    table = load_search_table()
    assert {r.row: (r.gold, r.treasures, r.monster, r.room_token) for r in table.rows} == want
    assert table.lookup(0).row == 1 and table.lookup(-3).row == 1


def test_the_components() -> None:
    """p. 2-3 配件: "24个房间块 / 73个连接块 ... 一面是走廊，另一面是墙或门" (open corridor, door, locked door,
    secret door,
    wall); "一个6面怪物骰，每面颜色不同"; 4 colours of bases, 12 bases."""
    assert len(load_rooms().rooms) == 24
    links = load_links()
    assert sum(t.count for t in links) == 73
    assert {t.kind.value for t in links} == {"corridor", "door", "locked", "secret", "wall"}
    assert len(set(MONSTER_DIE)) == 6
    game = corridor_game(players=4)
    assert sum(game.free_bases.values()) == 12


def test_the_padded_cell_is_bad_for_warriors() -> None:
    """p. 11: "棉垫病房对战士不利...棉垫病房上有一个红色的战士标志\""""
    cell = load_rooms().tile("padded_cell")
    assert cell.bad_for == ("warrior",) or list(cell.bad_for) == ["warrior"]


def test_the_odd_room_favours_odd_levels() -> None:
    """p. 9: "如果房间的规则文字上写对某些人物“有利”（例如，“奇异之屋”对奇数等级的小白有利），
    那就会产生和绿色图标一样的好处；反之，
    写明“不利”会产生和红色图标一样的坏处。\""""
    from tablerules.quest.scenario import move_to, ready, room

    game = ready(players=2)
    room(game, "odd_room", (0, -1))
    move_to(game, 0, "odd_room")
    hero(game, 0, level=3)
    assert game.dice_count(0) == 2
    hero(game, 0, level=4)
    assert game.dice_count(0) == 0
