"""Munchkin Quest (seed 001) p. 15-17 人物属性 read sentence by sentence: levels, races, classes, the discard
powers and d10 powers, Half-Breed and Super Munchkin, health. Each test quotes its passage."""

from __future__ import annotations

from quest_seed_helpers import NORTH, corridor_game, fight_in_north, roll_fight

from tablerules.core.protocol import Chance
from tablerules.quest.actions import (
    AnswerHelp,
    AskHelp,
    BuyLevel,
    D10Power,
    GiveUp,
    Heal,
    PlayCard,
    Power,
    Roll,
    SpendItem,
)
from tablerules.quest.scenario import hand, hero, monster, ready, wear


def test_a_class_power_may_discard_cards_in_play_even_the_class_card_itself() -> None:
    """p. 15 弃牌能力: "每个职业都有一个弃牌启动的能力。你可以弃掉任何卡牌启动这项能力，无论是场上的卡牌还是手牌都可以。
    没错，你可以弃掉职业卡本身来启动它自己的能力。" p. 4 弃牌: "你可以弃任何牌，无论是弃手牌还是弃场上的牌都可以。\""""
    game = corridor_game()
    hero(game, 0, cls="warrior")
    warrior = game.heroes[0].cls
    pole, = wear(game, 0, "eleven_foot_pole")
    fight_in_north(game, "pit_bull")
    legal = game.legal_actions()
    assert Power(0, "berserk", pole) in legal and Power(0, "berserk", warrior) in legal
    before = game.munchkin_strength()
    game.apply(Power(0, "berserk", pole))  # an item in play: +1 berserk, -1 for the pole gone
    assert game.munchkin_strength() == before and pole in game.treasure_discard
    game.apply(Power(0, "berserk", warrior))
    assert game.heroes[0].cls is None and len(game.fight.berserk) == 2  # the power worked, the class is gone


def test_a_deal_that_asks_for_a_discard_takes_a_card_in_play_too() -> None:
    """p. 4 弃牌: "许多特殊能力和交易都需要弃牌启动。除非另有说明，否则你可以弃任何牌，
    无论是弃手牌还是弃场上的牌都可以。\"
    The Shrine (pray: discard a card to heal 1)."""
    from tablerules.quest.actions import Deal
    from tablerules.quest.scenario import move_to, room

    game = ready(players=2)
    room(game, "shrine", (0, -1))
    move_to(game, 0, "shrine")
    hero(game, 0, health=2)
    spiky, = wear(game, 0, "spiky_knees")
    game.apply(Deal(0, "shrine", 0, spiky))
    assert game.heroes[0].health == 3 and spiky in game.treasure_discard


def test_half_breed_kept_when_a_race_is_swapped_on_purpose() -> None:
    """Seed 001 p. 17: 「拥有“混血”时你可以打出第二张种族卡」.
    p. 17 混血和超级小白: "当你失去所有种族卡时同时失去“混血”卡。不过，如果你是故意弃掉种族卡的，
    那就可以同时打出另一张
    种族卡来代替原来的那张，直接从，比如说，半精灵变成半矮人。\""""
    game = ready(players=2)
    hero(game, 0, race="elf")
    breed, dwarf = hand(game, 0, "half_breed", "dwarf")
    game.apply(PlayCard(0, breed))
    elf = game.heroes[0].race
    assert {"elf", "human"} <= game.tags(0)
    game.apply(GiveUp(0, elf, dwarf))
    h = game.heroes[0]
    assert (h.race, h.half_breed) == (dwarf, breed) and {"dwarf", "human"} <= game.tags(0)
    assert "dwarf" not in game.weak_tags(0)  # half-dwarf: no dwarf drawbacks
    game.apply(GiveUp(0, dwarf))  # given up with nothing in its place: the Half-Breed goes too
    assert (h.race, h.half_breed) == (None, None)


def test_the_super_munchkin_is_kept_when_a_class_is_swapped_on_purpose() -> None:
    """p. 17: "“超级小白”之于职业和“混血”之于种族的情况是一样的。\""""
    game = ready(players=2)
    hero(game, 0, cls="warrior")
    sm, wizard = hand(game, 0, "super_munchkin", "wizard")
    game.apply(PlayCard(0, sm))
    game.apply(GiveUp(0, game.heroes[0].cls, wizard))
    assert game.heroes[0].cls == wizard and game.heroes[0].super_munchkin == sm


def test_races_and_classes_one_each_and_given_up_at_any_time() -> None:
    """Seed 001 p. 5: "增加或弃掉种族职业"; p. 17:
    「除非你是“混血”或者“超级小白”（见下），否则最多有一张职业卡和一张种族卡」.
    p. 15: "通常每人在场上最多只能有一张种族卡...任何时候都可以弃掉种族卡，战斗中也不例外" ;
    "通常每人在场上最多只能有一张职业卡。
    ...任何时候都可以弃掉职业卡，战斗中也不例外"; p. 9: "你可以在任何时候增加或弃掉种族和职业。没错，战斗中也可以。\""""
    game = corridor_game()
    hero(game, 0, race="elf", cls="warrior")
    dwarf, thief = hand(game, 0, "dwarf", "thief")
    assert PlayCard(0, dwarf) not in game.legal_actions() and PlayCard(0, thief) not in game.legal_actions()
    fight_in_north(game, "shrieking_geek")  # +6 against warriors
    assert game.monster_strength() == 12
    game.apply(GiveUp(0, game.heroes[0].cls))  # "俺可不当战士咧"
    assert game.monster_strength() == 6
    game.apply(PlayCard(0, thief))
    assert "thief" in game.tags(0)


def test_the_worked_examples_note_drop_the_warrior_for_7_against_6() -> None:
    """Seed 001 p. 9: "每只小白掷一个骰子，怪物的掷骰数显示在怪物卡上".
    p. 11, the translator's note to the worked example: "当然了，她可以把战士卡弃掉，
    这样便成为了7:6而且双方都能掷骰。\"
    A level-5 warrior with the Firefighter's Helmet in the Padded Cell against the Shrieking Geek."""
    from quest_seed_helpers import explore_into

    game = ready(players=4)
    hero(game, 0, level=5, cls="warrior")
    wear(game, 0, "firefighters_helmet")
    explore_into(game, "padded_cell", "shrieking_geek", "blue", side="N")
    assert (game.munchkin_strength(), game.monster_strength(), game.munchkin_dice()) == (7, 12, 0)
    game.apply(GiveUp(0, game.heroes[0].cls))
    assert (game.munchkin_strength(), game.monster_strength(), game.munchkin_dice(), game.monster_dice()) == (7, 6, 1,
    1)


def test_d10_power_works_on_at_most_the_level() -> None:
    """p. 15 d10威能: "如果掷出的结果小于等于你的等级，这项能力就能生效...当你升到10级时，这项能力就每次都能生效。\""""
    game = corridor_game()
    hero(game, 0, level=4, cls="wizard")
    game.apply(D10Power(0, "teleport", NORTH))
    assert game.chance_outcomes()[0][0].event == "d10" and len(game.chance_outcomes()) == 10
    game.apply(Chance("d10", 5))
    assert game.room_of(0).id != NORTH
    game = corridor_game()
    hero(game, 0, level=4, cls="wizard")
    game.apply(D10Power(0, "teleport", NORTH))
    game.apply(Chance("d10", 4))
    assert game.room_of(0).id == NORTH


def test_levels_from_kills_one_a_monster_two_for_a_mighty_one_alone() -> None:
    """Seed 001 p. 1: "玩家只有通过杀怪才能升到第10级"; p. 9: "每只小白掷一个骰子，怪物的掷骰数显示在怪物卡上".
    p. 15 升级: "按照怪物卡上写明的级数升级。普通的怪物值1级，“强大”的怪物值2级。"; p. 9: "升1级。
    如果你单独杀了一只“强大”的
    怪物，升2级。\""""
    game = corridor_game()
    hero(game, 0, level=8)
    wear(game, 0, "poking_spear", "mithril_armour")
    fight_in_north(game, "bull")  # 14, mighty, 2 dice
    roll_fight(game, 6, 1, 1)  # 17 + 6 against 14 + 2
    assert game.heroes[0].level == 10 and 0 in game.ten_by_kill


def test_a_helper_on_a_mighty_monster_takes_one_level_from_the_fighter() -> None:
    """Seed 001 p. 15: "帮手通常不能升级，但是也有例外".
    p. 15: "如果找人帮忙打赢了“强大”的怪物，那帮手可以升一级（但是你少升一级）。注意，
    如果有精灵帮你打败了一只“强大”的怪物，
    那他只能升一级，不是两级！" ; "因为帮手升的级别本质上也是杀怪得到的，因此可以用这种方式升到第10级。\""""
    game = corridor_game()
    hero(game, 0, level=8)
    hero(game, 1, level=9, race="elf")
    wear(game, 0, "poking_spear", "mithril_armour")
    fight_in_north(game, "bull")
    game.apply(AskHelp(0, 1, 0))
    game.apply(AnswerHelp(1, True))
    roll_fight(game, 6, 6, 1, 1)
    assert (game.heroes[0].level, game.heroes[1].level) == (9, 10) and 1 in game.ten_by_kill


def test_go_up_a_level_never_the_last_level() -> None:
    """Seed 001 p. 1: "玩家只有通过杀怪才能升到第10级".
    p. 15: "“升一级”卡是你的好朋友，任何时候都可以使用，但是不能用来升最后一级。" p. 4 如何取胜:
    "不能用其他“升一级”的方式来升
    这最后一级。\""""
    game = ready(players=2)
    hero(game, 0, level=9)
    gual, = hand(game, 0, "go_up_a_level")
    assert PlayCard(0, gual) not in game.legal_actions()
    hero(game, 0, level=8)
    game.refresh()
    game.apply(PlayCard(0, gual))
    assert game.heroes[0].level == 9


def test_buying_a_level_1000_gold_items_at_their_value_no_change_never_level_10() -> None:
    """Seed 001 p. 5: "弃掉总价至少1000金币的东西升一级，可以用物品和现金任意组合"; p. 7:
    "即使所支付的金额高于所需金额，也拿不到找零".
    p. 15: "你可以在自己的回合花1000金币买1级。你也可以用物品支付其中的一部分，物品的价值按牌面上标示的价值计算。
    把如此花掉
    的物品弃掉。如果全部用物品支付，那就算总价大于1000金币也拿不到找零。不能买最后一级。\""""
    game = ready(players=2)
    hero(game, 0, gold=0)
    a, b = wear(game, 0, "mithril_armour", "chainsaw_of_bloody_dismemberment")  # 600 + 600
    game.apply(SpendItem(0, a))
    assert game.heroes[0].level == 1 and BuyLevel(0) not in game.legal_actions()
    game.apply(SpendItem(0, b))
    assert game.heroes[0].level == 2 and game.spent == 0 and game.heroes[0].gold == 0  # 200 lost
    hero(game, 0, gold=1000, level=9)
    assert BuyLevel(0) not in game.legal_actions()
    hero(game, 0, level=5)
    game.refresh()
    game.apply(BuyLevel(0))
    assert (game.heroes[0].level, game.heroes[0].gold) == (6, 0)


def test_no_level_below_1() -> None:
    """p. 1 绝对铁律: "玩家和怪物的等级不会因任何原因降到1以下"; p. 15 降级: "等级不能降到1以下\""""
    game = corridor_game()
    fight_in_north(game, "gimpy_goblin")  # bad stuff: lose a level
    roll_fight(game, 1, 6)
    from tablerules.quest.actions import RollToRun, RunTo

    game.apply(RunTo(0, "ENT"))
    game.apply(RollToRun(0, game.fight.chasing[0]))
    game.apply(Chance("d6", 1))
    assert game.heroes[0].level == 1
    assert Heal(0) not in game.legal_actions()  # healing costs a level you do not have


def test_healing_minus_a_level_plus_3_health_never_above_the_maximum() -> None:
    """Seed 001 p. 5: "自降一级，回复3点生命".
    p. 15 回复生命: "战斗之外的任何时候你都可以自降一级回复3点生命...不管回复多少，生命值永远不会超过最大生命值。
    \""""
    game = ready(players=2)
    hero(game, 1, level=4, health=2)
    game.apply(Heal(1))  # out of turn
    assert (game.heroes[1].level, game.heroes[1].health) == (3, 4)
    hero(game, 1, health=1)
    game.apply(Heal(1))
    assert (game.heroes[1].level, game.heroes[1].health) == (2, 4)


def test_a_hit_turns_a_heart_black_and_all_black_is_death() -> None:
    """Seed 001 p. 8: "生命指示物全变黑的时候你就死了"; "如果在战斗中挂掉，你就不用继续扔骰子逃跑了".
    p. 15 掉血: "你每挨一击，就把一个生命值指示物翻成黑色...所有指示物都变成黑色时，你就死了。"; p. 9:
    "参战的小白们就得把等同于
    参战的怪物数的红色生命指示物翻成黑色\""""
    game = corridor_game()
    hero(game, 0, health=2)
    monster(game, "maul_rat", NORTH, "green")
    fight_in_north(game, "gimpy_goblin")
    roll_fight(game, 1, 6, 6)  # two monsters: two hits
    assert game.heroes[0].dead and game.fight is None


def test_the_fighter_says_im_rolling_and_the_others_may_interfere() -> None:
    """p. 9 掷战斗骰: "你都得宣布“我要骰了”，然后开始掷骰。不过在掷骰之前，
    你等待一段合理的时间——定义为大约2.6秒——给其他人打断
    的机会。" Everybody else gets one answer; the fighter may answer any interference before the dice."""
    game = corridor_game()
    hairy, = hand(game, 1, "hairy")
    dog = fight_in_north(game, "pit_bull")
    game.apply(Roll(0))
    assert game.stage() == "interference" and set(game.fight.window.waiting) == {1, 2}
    from tablerules.quest.actions import Enhance, Pass

    game.apply(Enhance(1, hairy, dog))
    game.apply(Pass(1))
    game.apply(Pass(2))
    assert game.stage() == "combat" and game.to_act() == (0,)  # somebody interfered: the fighter answers
