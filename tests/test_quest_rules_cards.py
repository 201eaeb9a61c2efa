"""Munchkin Quest (seed 001) p. 17 and p. 20 read sentence by sentence: drawing and playing DxM and Treasure
cards, using items, race and class cards, Half-Breed and Super Munchkin, enhancers, timing, "any time", curses,
and the search table. Each test sets its position with the scenario API (tablerules/quest/scenario.py) and checks
its passage through the protocol."""

from __future__ import annotations

import pytest
from quest_seed_helpers import EAST, NORTH, corridor_game, explore_into, fight_in_north, roll_fight

from tablerules.core.protocol import Chance
from tablerules.odds import search as search_odds
from tablerules.quest.actions import (
    AnswerCurse,
    AnswerHelp,
    AskHelp,
    Deal,
    Enhance,
    GiveItem,
    OneShot,
    PlayCard,
    PlayCurse,
    Roll,
    Search,
    SpendItem,
    Wandering,
)
from tablerules.quest.exploration import EndTurn, Move
from tablerules.quest.scenario import hand, hero, move_to, ready, room, wear
from tablerules.quest.search_table import RoomToken, load_search_table


def draws(game) -> list[tuple[int, str, str]]:
    """The card draws waiting: (player, deck, face)."""
    return [(s.player, s.deck, s.face) for s in game.pending if getattr(s, "kind", "") == "draw"]


def test_rooms_deal_dxm_cards_and_sell_treasures() -> None:
    """p. 17 主角卡: "某些房间的交易也能让你拿到主角卡。" 宝藏卡: "某些房间的交易能让你买到宝藏卡。" The Library draws a
    DxM card for a move and 200 gold; the Armoury sells the Horny Helmet from the Treasure discards for its value."""
    game = corridor_game()
    game.apply(Move(0, "E"))  # the Library
    game.apply(Deal(0, EAST, 0))
    assert game.heroes[0].gold == 100 and game.chance_step().event == "dxm" and draws(game)[0][:2] == (0, "dxm")
    game = corridor_game()
    room(game, "armoury", (-1, 0))
    helmet, = wear(game, 0, "horny_helmet")
    game.apply(SpendItem(0, helmet))  # paid towards a level: into the Treasure discards
    hero(game, 0, gold=1000)
    game.apply(Move(0, "W"))
    game.apply(Deal(0, "armoury", 0, helmet))
    assert helmet in game.heroes[0].hand and game.heroes[0].gold == 400


def test_most_treasures_are_items_won_by_kills_searches_and_trades() -> None:
    """p. 17 宝藏卡: "大多数宝藏卡都是物品。" "获得宝藏的常见方式有：·杀怪。" "见第9页，“如果你赢了”。·搜索房间。"
    "·和其他玩家交换。" A kill draws the monster's treasure, a search row draws its treasure, an item given
    changes hands."""
    game = corridor_game()
    treasures = [c for c in game.treasure_deck]
    assert sum(game.card(c).kind == "item" for c in treasures) * 2 > len(treasures)
    fight_in_north(game, "pit_bull")
    roll_fight(game, 6, 1)
    assert draws(game) == [(0, "treasure", "down")]
    while game.is_chance():
        game.roll()
    game.apply(Search(0))
    game.apply(Chance("search", 5))
    assert draws(game) == [(0, "treasure", "down")]
    while game.is_chance():
        game.roll()
    armour, = wear(game, 1, "leather_armour")
    move_to(game, 1, NORTH)
    game.apply(GiveItem(1, armour, 0))
    assert armour in game.heroes[0].carried


def test_only_items_in_play_work_played_on_your_turn_they_work_at_once() -> None:
    """p. 17 物品——使用物品: "除此之外，只有在场上的物品才能使用。" "如果现在是你的回合，那就可以直接打出来并立刻使用；"
    The armour in the hand adds nothing; played on your turn it adds its bonus at once. A one-shot is the
    exception: from the hand in a fight."""
    game = corridor_game()
    armour, potion = hand(game, 0, "leather_armour", "potion_of_strength")
    assert game.strength(0) == 1
    game.apply(PlayCard(0, armour))
    assert game.strength(0) == 2
    fight_in_north(game, "pit_bull")
    game.apply(OneShot(0, potion, "munchkins"))
    assert game.munchkin_strength() == 2 + 5


def test_a_helper_fighting_out_of_turn_uses_no_new_item() -> None:
    """p. 17 物品——使用物品: "如果你因为在帮别人或者其他什么原因在自己的回合之外战斗，那就不能使用新的物品。" Player 1
    helps: the sword in the hand cannot come into play; a one-shot may still be played (p. 17: 一次性卡牌可以在任何
    战斗中打出)."""
    game = corridor_game()
    sword, potion = hand(game, 1, "short_sword", "potion_of_strength")
    fight_in_north(game, "pit_bull")
    game.apply(AskHelp(0, 1, 0))
    game.apply(AnswerHelp(1, True))
    game.apply(Roll(0))
    legal = game.legal_actions(1)
    assert not any(isinstance(a, PlayCard) and a.card == sword for a in legal)
    assert OneShot(1, potion, "munchkins") in legal


def test_most_dxm_cards_are_spent_race_and_class_cards_stay_and_come_when_you_like() -> None:
    """p. 17 出牌: 主角卡: "大多数主角卡是一次性使用的，用完弃掉，不过以下是例外："
    种族和职业卡: "这些卡牌可以拿到手立刻使用，也可以等到之后任何时候使用。"
    Go Up a Level is discarded once played; the Dwarf card drawn by player 1 may be played at once (in player 0's
    turn) or kept and played in a later turn; it stays in play."""
    game = corridor_game()
    gual, = hand(game, 0, "go_up_a_level_dxm")
    game.apply(PlayCard(0, gual))
    assert game.heroes[0].level == 2 and gual in game.dxm_discard
    dwarf, = hand(game, 1, "dwarf")
    assert PlayCard(1, dwarf) in game.legal_actions(1)
    game.apply(EndTurn(0))
    while game.is_chance():
        game.roll()
    assert game.current == 1 and PlayCard(1, dwarf) in game.legal_actions(1)
    game.apply(PlayCard(1, dwarf))
    assert game.heroes[1].race == dwarf and dwarf not in game.dxm_discard


def test_half_breed_needs_a_race_has_its_advantages_and_a_second_race_both() -> None:
    """p. 17 混血和超级小白: "这两张卡分别允许你拥有两个种族和两个职业。"
    "当你有一张种族卡时便可以打出“混血”。" "你现在就是那个种族和人类的混血了。"
    "你拥有非人类种族卡带来的所有好处，但不承受任何坏处。"
    "例如说，半精灵享受绿色的精灵图标带来的好处，但是不用承受红色的精灵图标带来的不利。"
    "如果你有两张种族卡，那就变成了，打个比方，半精灵半矮人，同时享受两个种族带来的优缺点。"
    The search dice count the icons: the Elven Glade (green elf, red dwarf), the Dark Hall (red elf)."""
    game = corridor_game()
    room(game, "elven_glade", (-1, 0))
    room(game, "dark_corridor", (0, 1))
    glade, hall = (game.dungeon.rooms[r] for r in ("elven_glade", "dark_corridor"))
    half, dwarf = hand(game, 0, "half_breed", "dwarf")
    assert PlayCard(0, half) not in game.legal_actions(0)
    hero(game, 0, race="elf")
    assert PlayCard(0, dwarf) not in game.legal_actions(0)  # a second race only with the Half-Breed
    assert (game.dice_count(0, glade), game.dice_count(0, hall)) == (2, 0)
    game.apply(PlayCard(0, half))
    assert {"elf", "human"} <= game.tags(0)
    assert (game.dice_count(0, glade), game.dice_count(0, hall)) == (2, 1)  # the green icon, not the red
    game.apply(PlayCard(0, dwarf))
    assert {"elf", "dwarf"} <= game.tags(0) and "human" not in game.tags(0)
    assert (game.dice_count(0, glade), game.dice_count(0, hall)) == (1, 0)  # both races' icons, both ways


def test_super_munchkin_a_super_warrior_or_a_warrior_and_wizard() -> None:
    """p. 17 混血和超级小白: "这两张卡分别允许你拥有两个种族和两个职业。"
    "比如说，你可以变成超级战士，享受战士的一切好处而不承受任何坏处。"
    "或者你也可以变成战士兼法师，同时享受两个职业带来的好处和坏处。" The Shrieking Geek's +6 against
    warriors: a warrior meets it, a super warrior does not; with the wizard card too, it does again. The Guard Room
    (green warrior, red wizard)."""
    game = corridor_game()
    room(game, "guard_room", (-1, 0))
    guard = game.dungeon.rooms["guard_room"]
    sup, wizard = hand(game, 0, "super_munchkin", "wizard")
    hero(game, 0, cls="warrior")
    assert PlayCard(0, wizard) not in game.legal_actions(0)
    fight_in_north(game, "shrieking_geek")
    assert game.monster_strength() == 6 + 6
    game.apply(PlayCard(0, sup))
    assert game.monster_strength() == 6 and "warrior" in game.tags(0)
    assert game.dice_count(0, guard) == 2
    game.apply(PlayCard(0, wizard))
    assert game.monster_strength() == 6 + 6 and {"warrior", "wizard"} <= game.tags(0)
    assert game.dice_count(0, guard) == 1


def test_enhancers_stack_on_the_monster_their_player_names_and_wanderers_join() -> None:
    """p. 17 怪物增强卡和增加怪物卡: "调整怪物能力的卡牌就是“怪物增强卡”。" "“游荡怪物”和“怪物的另一半”会往战斗里增加
    怪物。" "所有增强卡均叠加。" "如果战斗中有多个怪物，打出增强卡的玩家必须决定将增强卡应用于哪个怪物身上。" (the Quest
    decks hold the Wandering Monster and the Monster Capsule; no Mate). The Monster Capsule brings a Mushroom into the
    Pit Bull's fight; player 1's Hairy and Intelligent (+5 each) are offered on either monster and both go on the
    Mushroom."""
    game = corridor_game()
    capsule, hairy, clever = hand(game, 1, "monster_capsule", "hairy", "intelligent")
    dog = fight_in_north(game, "pit_bull")
    game.apply(Roll(0))
    game.apply(Wandering(1, capsule))
    game.apply(Chance("monster", "mushroom"))
    game.apply(Chance("base", "green"))
    while game.is_chance():  # green (player 2) draws a DxM card for the new monster
        game.roll()
    mushroom, = [m for m in game.fight.monsters if m != dog]
    assert game.monster_strength() == 2 + 2
    assert {Enhance(1, hairy, dog), Enhance(1, hairy, mushroom)} <= set(game.legal_actions(1))
    game.apply(Enhance(1, hairy, mushroom))
    game.apply(Enhance(1, clever, mushroom))
    assert game.monster_strength() == 2 + 2 + 5 + 5
    assert sorted(game.enhanced[mushroom]) == sorted([hairy, clever]) and dog not in game.enhanced


def test_cards_take_effect_in_the_order_they_are_played() -> None:
    """p. 17 时序: "卡牌生效的顺序和打出顺序相同。" At level 8 a Go Up a Level makes 9; a second would make the last
    level and is refused; a curse then takes a level (8), and now the second Go Up a Level makes 9 again."""
    game = corridor_game()
    hero(game, 0, level=8)
    first, second = hand(game, 0, "go_up_a_level", "go_up_a_level_dxm")
    curse, = hand(game, 1, "curse_lose_a_level")
    game.apply(PlayCard(0, first))
    assert game.heroes[0].level == 9 and not any(isinstance(a, PlayCard) for a in game.legal_actions(0))
    game.apply(PlayCurse(1, curse, 0))
    assert game.heroes[0].level == 8
    game.apply(PlayCard(0, second))
    assert game.heroes[0].level == 9


def test_a_flight_potion_before_the_combat_roll_escapes_a_sure_defeat() -> None:
    """p. 17 “任何时候均可使用”: "比如说，如果你有一瓶“闪现药水”，那就可以在掷战斗骰之前喝下去，就算必败无疑也可以安然
    逃脱。" Level 1 against the Bull Demon (14): drunk before "I'm rolling", no die and no bad stuff."""
    from tablerules.quest.actions import Flee

    game = ready(players=2)
    potion, = hand(game, 0, "flight_potion")
    explore_into(game, "storeroom", "bull", "blue")
    entrance = game.dungeon.entrance.id
    assert game.munchkin_strength() + 6 < game.monster_strength()
    game.apply(Flee(0, potion, entrance))
    assert game.fight is None and game.room_of(0).id == entrance and game.heroes[0].health == 4


@pytest.mark.parametrize("face, stopped", [(4, True), (5, False)])
def test_a_clerics_d10_stops_a_curse(face: int, stopped: bool) -> None:
    """p. 17 诅咒: "·牧师的d10能力可以用来防止诅咒生效。" A level-4 cleric prays against Lose a Level: a d10 of at most
    4 stops it (p. 15: 如果掷出的结果小于等于你的等级，这项能力就能生效)."""
    game = corridor_game()
    hero(game, 1, level=4, cls="cleric")
    curse, = hand(game, 0, "curse_lose_a_level")
    game.apply(PlayCurse(0, curse, 1))
    assert AnswerCurse(1, "pray") in game.legal_actions(1)
    game.apply(AnswerCurse(1, "pray"))
    game.apply(Chance("d10", face))
    assert game.heroes[1].level == (4 if stopped else 3) and curse in game.dxm_discard


# ----- p. 20 搜索表 -------------------------------------------------------------------------------------------
#: row -> (gold, treasures, token)
ROWS = {2: (300, 0, None), 3: (400, 0, None), 4: (500, 0, None), 5: (100, 1, "looted"), 6: (300, 1, "looted"),
        8: (500, 1, "looted"), 9: (0, 2, "plundered"), 10: (500, 2, "plundered"), 11: (0, 3, "plundered")}


@pytest.mark.parametrize("row", sorted(ROWS))
def test_each_row_of_the_search_table_in_play(row: int) -> None:
    """p. 20 搜索表: "2 300金币。3 400金币。4 500金币。" "6 300金币和一张宝藏卡。这个房间已经“搜刮完毕！”了。"
    "8 500金币和一张宝藏卡。这个房间已经“搜刮完毕！”了。" "9 两张宝藏卡。这个房间已经“洗劫一空！”了。"
    "10 500金币和两张宝藏卡。这个房间已经“洗劫一空！”了。" "11 三张宝藏卡。这个房间已经“洗劫一空！”了。"
    Each row of data/quest/search_table.json, rolled in the Storeroom (1 die + 1, a dwarf 2 dice + 1): the gold,
    the Treasure draws and the room's token."""
    gold, treasures, token = ROWS[row]
    data = load_search_table().lookup(row)
    assert (data.gold, data.treasures, data.room_token) == (gold, treasures, token and RoomToken(token))
    game = corridor_game()
    dice = 2 if row > 7 else 1
    if dice == 2:
        hero(game, 0, race="dwarf")
    game.apply(Move(0, "N"))
    game.apply(Search(0))
    odds = {r: p for r, p in search_odds(dice, 1).rows.items() if p}
    assert dict((a.outcome, p) for a, p in game.chance_outcomes()) == odds
    game.apply(Chance("search", row))
    assert game.heroes[0].gold == 300 + gold and len(draws(game)) == treasures
    assert game.tokens.get(NORTH) == (token and RoomToken(token))


def test_search_treasures_face_up_with_another_munchkin_there_else_face_down() -> None:
    """p. 20 搜索表: "和击败怪物时一样，如果房间里有其他小白，那就明抽宝藏牌，否则就暗抽。\""""
    for other, face in ((False, "down"), (True, "open")):
        game = corridor_game()
        hero(game, 0, race="dwarf")
        if other:
            move_to(game, 2, NORTH)
        game.apply(Move(0, "N"))
        game.apply(Search(0))
        game.apply(Chance("search", 9))
        assert draws(game) == [(0, "treasure", face)] * 2


def test_no_search_dice_roll_0_and_the_modifier_is_still_added() -> None:
    """p. 20 搜索表: "别忘了，如果你的掷骰数是0或更低，那掷骰结果就是0，但是你还是可以在此基础之上加调整值。"
    A cleric in the Den of Thieves (a red cleric icon: 0 dice, modifier +1) reads row 1 for certain; the odds give
    0 dice + 3 row 3, and fewer than 0 dice the same."""
    game = corridor_game()
    room(game, "den_of_thieves", (-1, 0))
    hero(game, 0, cls="cleric")
    game.apply(Move(0, "W"))
    assert game.dice_count(0) == 0
    game.apply(Search(0))
    assert game.chance_outcomes() == ((Chance("search", 1), 1),)
    for dice in (0, -2):
        odds = search_odds(dice, 3)
        assert odds.rows[3] == 1 and sum(odds.rows.values()) == 1


def test_a_question_mark_means_the_room_has_its_own_rule_written_on_it() -> None:
    """p. 20 大多数内容都在说明书里有写: "如果某张卡牌或房间里出现了问号图标的话，就说明有特殊规则。" Every room with a
    rule of its own (a deal, the Odd Room's levels, soundproofing, a bonus for its monsters, running, the nest)
    carries its text in both languages; in play the Treasure Vault's monsters fight at +2 as its text says."""
    from tablerules.quest.tiles import load_rooms

    special = [t for t in load_rooms().rooms if t.rules]
    assert len(special) > 10
    for tile in special:
        assert tile.text and tile.text_zh, tile.id
    assert "+2" in load_rooms().tile("treasure_vault").text
    game = ready(players=2)
    explore_into(game, "treasure_vault", "pit_bull", "blue")
    assert game.monster_strength() == 2 + 2
