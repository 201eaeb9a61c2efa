"""Munchkin Quest (seed 001) p. 11-12 小白美女 对 尖叫宅男, "战斗的示例，包含了数字及其他一切": the worked example
replayed with all its numbers, from the search before it to the search after it, and the boss example."""

from __future__ import annotations

from quest_seed_helpers import all_pass, explore_into

from tablerules.core.protocol import Chance
from tablerules.quest.actions import (
    AnswerCurse,
    AnswerHelp,
    AskHelp,
    ChooseLoss,
    Enhance,
    LoadDie,
    OneShot,
    Pass,
    PlayCard,
    PlayCheat,
    PlayCurse,
    Roll,
    Search,
    TakeTreasure,
)
from tablerules.quest.exploration import Move
from tablerules.quest.scenario import hand, hero, move_to, ready, room, wear


def _answer_if_asked(game, target: int) -> None:
    if game.stage() == "cursed: answer the curse":
        game.apply(AnswerCurse(target, "accept"))


def test_munchkin_babe_against_the_shrieking_geek_every_number() -> None:
    """p. 11-12: "现在是小白美女的回合了。她刚花了一点移动力搜索房间，然后发现了些金币。她还有两步移动力。" ...
    "小白美女因为杀死
    怪物所以升了一级。凯兰都尔因为是精灵所以也升一级。现在她已经10级了" ... "四个宝物，我先挑" ...
    "（把“规则去死！”卡放在了矛上）
    现在矛的所有限制都消失了，而且能提供最大加值" ... "（打出升一级卡然后把等级指示物多升了一格。）" ...
    "你新拿到的长矛现在着火了"
    ... "而你的盔甲变成了布丁" ... "把+4的精金盔甲和刚拿到的戳砍之矛一起弃掉了，而“规则去死”卡也跟着矛一起没了" ...
    "我照样是10级！"
    ... "我还有一点移动力，用来搜索这个房间吧。\""""
    game = ready(players=4)
    babe, igor, smitty, kelandor = 0, 1, 2, 3
    room(game, "storeroom", (-1, 0), {"E": "corridor", "N": "corridor"})  # she searched it; north: the dark
    move_to(game, babe, "storeroom")
    hero(game, babe, level=5, cls="warrior")
    wear(game, babe, "firefighters_helmet")
    potion, tax, = hand(game, babe, "freezing_explosive_potion", "curse_tax")[:2]
    fire, pudding = hand(game, babe, "curse_weapon_on_fire", "curse_pudding_armour")
    strength, igor_die = hand(game, igor, "potion_of_strength", "inflated_die")  # "他也有一张灌铅骰"
    hero(game, kelandor, level=9, race="elf")
    armour, *_ = wear(game, kelandor, "mithril_armour", "short_sword", "sneaky_bastard_sword")  # +9, hands full
    ancient, hairy, baby, loaded, cheat = hand(game, kelandor, "ancient", "hairy", "baby", "loaded_die", "cheat")
    for who in (igor, smitty, kelandor):
        move_to(game, who, "storeroom")  # "这帮人都在相邻的房间" (the searched room, next to the new one)
    # she searched (1 move): some gold; two moves left
    game.apply(Search(babe))
    game.apply(Chance("search", 2))
    assert game.moves_left == 2 and game.heroes[babe].gold == 600
    explore_into(game, "padded_cell", "shrieking_geek", "blue", side="N")  # "我要探索新房间了"
    geek = game.fight.monsters[0]
    assert game.moves_left == 1 and game.room_of(babe).name == "Padded Cell"
    # 12:5 for the monster; the helmet +2: 7 against 12; she rolls no die (red warrior icon), it rolls one
    assert (game.munchkin_strength(), game.monster_strength(), game.munchkin_dice(), game.monster_dice()) == \
        (7, 12, 0, 1)
    game.apply(OneShot(babe, potion, "munchkins"))  # +5: 12 against 12
    assert game.munchkin_strength() == 12
    game.apply(Roll(babe))
    game.apply(Enhance(kelandor, ancient, geek))
    game.apply(Enhance(kelandor, hairy, geek))
    all_pass(game)
    assert game.monster_strength() == 27  # "所以这只远古长毛的尖叫宅男变成了27级"
    game.apply(AskHelp(babe, kelandor, 1))
    game.apply(AnswerHelp(kelandor, True))
    assert game.munchkin_strength() == 30  # "我现在是9级，而且还有+9的加值...这样就是30:27了"
    game.apply(Roll(babe))
    game.apply(Enhance(kelandor, baby, geek))
    assert game.monster_strength() == 22  # "现在他是22对小白们的30"
    game.apply(OneShot(igor, strength, "monsters"))
    assert game.monster_strength() == 27  # "于是局势又变回了怪物27:小白30"
    all_pass(game)
    game.apply(Roll(babe))
    all_pass(game)
    game.apply(Chance("d6", 1))  # Kelandor
    game.apply(Chance("d6", 6))  # Igor for his monster
    assert (game.munchkin_strength() + game.rolled("munchkins"), game.monster_strength() + game.rolled("monsters")) \
        == (31, 33)
    game.apply(LoadDie(kelandor, loaded, 0, 6))
    game.apply(Pass(igor))  # "但是这张牌没用……他掷出来的已经是最好的结果了"
    assert igor_die in game.heroes[igor].hand
    assert (game.heroes[babe].level, game.heroes[kelandor].level) == (6, 10)
    # "本来有2个宝藏，远古加两个，长毛加一个，怪物小鬼再减一个。四个宝物，我先挑": drawn face up
    for card in ("go_up_a_level#1", "poking_spear#1", "wishing_ring#1", "flight_potion#1"):  # "翻出了四张宝藏卡"
        game.apply(Chance("treasure", card))
    spear = "poking_spear#1"
    assert game.stage() == "the helper picks treasures first" and game.to_act() == (kelandor,)
    # "我是该选这支最多+5的戳砍之矛呢，这枚许愿之戒呢，还是这瓶飞行药水呢？...（把矛拿走。）"
    assert {a.card for a in game.legal_actions() if isinstance(a, TakeTreasure)} == {
        "go_up_a_level#1", spear, "wishing_ring#1", "flight_potion#1"}
    game.apply(TakeTreasure(kelandor, spear))
    assert spear in game.heroes[kelandor].hand and spear not in game.heroes[babe].hand
    assert {"go_up_a_level#1", "wishing_ring#1", "flight_potion#1"} <= set(game.heroes[babe].hand)  # "拿走了剩下几张卡"
    assert not game.can_carry(kelandor, spear)  # "你双手都满了，所以用不了"
    game.apply(PlayCheat(kelandor, cheat, spear))  # in Babe's turn
    assert game.strength(kelandor) == 10 + 9 + 5
    game.apply(PlayCard(babe, "go_up_a_level#1"))
    assert game.heroes[babe].level == 7
    game.apply(PlayCurse(babe, fire, kelandor))
    _answer_if_asked(game, kelandor)
    game.apply(ChooseLoss(kelandor, spear))
    game.apply(PlayCurse(babe, pudding, kelandor))
    _answer_if_asked(game, kelandor)
    assert armour in game.treasure_discard and spear in game.treasure_discard and cheat in game.dxm_discard
    assert game.heroes[kelandor].level == 10 and game.strength(kelandor) == 10 + 5
    assert tax in game.heroes[babe].hand
    game.apply(Search(babe))  # "我还有一点移动力，用来搜索这个房间吧"
    assert game.moves_left == 0 and game.chance_step().event == "search"


def test_the_boss_is_a_level_20_goldfish() -> None:
    """p. 11: "例：一个10级的玩家移进了入口，于是便抽了一张怪物卡……是一只金鱼！不，准确地说，是一只20级的金鱼..." ;
    "Boss的等级永远是
    20，不管抓到的怪物卡上写的等级是多少" ;
    "它...也不会因为任何理由（就算怪物卡上这么写了也不行）无视一个10级的小白\" (the
    Goldfish ignores elves)."""
    game = ready(players=2)
    room(game, "storeroom", (0, -1))
    move_to(game, 0, "storeroom")
    hero(game, 0, level=10, race="elf")
    game.apply(Move(0, "S"))
    game.apply(Chance("monster", "goldfish"))
    game.apply(Chance("base", "blue"))
    while game.is_chance():
        game.roll()
    assert game.fight is not None and game.fight.boss and game.monster_strength() == 20
