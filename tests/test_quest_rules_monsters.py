"""Munchkin Quest (seed 001) p. 13 read sentence by sentence: monster cards, the monster turn's movement and its
special ways, monster keywords, monster packs. Each test sets its position with the scenario API
(tablerules/quest/scenario.py) and checks its passage through the protocol."""

from __future__ import annotations

from quest_seed_helpers import NORTH, corridor_game, explore_into, fight_in_north, roll_fight

from tablerules.core.protocol import Chance
from tablerules.families.munchkin.cardtext import quest_keywords
from tablerules.quest.actions import RollToRun, RunTo
from tablerules.quest.exploration import EndTurn, Move
from tablerules.quest.geometry import Colour
from tablerules.quest.scenario import monster, move_to, ready, room
from tablerules.quest.tiles import Movement, load_monsters

#: a row of rooms east of the entrance (0, 0): the Odd Room (purple arrow east), the Wizard's Study (purple east),
#: the Elven Glade (purple west: back, so a monster stops there) and the Dark Hall (orange east, blue west)
ODD, TOWER, GLADE, HALL = "odd_room", "wizard_tower", "elven_glade", "dark_corridor"


def row_game(players: int = 3):
    """Every munchkin on the entrance, the four rooms of the row joined by corridors."""
    game = ready(players=players)
    for x, tile in enumerate((ODD, TOWER, GLADE, HALL), start=1):
        room(game, tile, (x, 0))
    return game


def monster_turn(game, colour: str) -> None:
    """The current player ends the turn; the monster die shows ``colour``; the DxM card it brings is drawn."""
    game.apply(EndTurn(game.current))
    game.apply(Chance("monster die", colour))
    while game.is_chance() and game.chance_step().event == "dxm":
        game.roll()


def where(game, *pieces: str) -> list[str]:
    return [game.dungeon.monsters[p].room for p in pieces]


def test_a_new_monster_comes_from_the_top_of_the_monster_deck_to_the_explorer() -> None:
    """p. 13 怪物卡: "新发现怪物时，从怪物牌堆顶上抓一张牌决定（见第6页，“探索”），并把这张怪物卡放在你面前。" The
    draw is a chance step over the cards left in the Monster deck; the card leaves the deck, its standee stands in
    the new room and the explorer fights it."""
    game = ready(players=2)
    before = sum(game.monster_deck.values())
    explore_into(game, "storeroom", "pit_bull", "blue")
    assert sum(game.monster_deck.values()) == before - 1 and game.monster_deck["pit_bull"] == 0
    piece, = [m for m in game.dungeon.monsters.values() if m.room == "storeroom"]
    assert game.monster_card(piece.id).id == "pit_bull"
    assert game.fight is not None and game.fight.fighter == 0 and game.fight.monsters == [piece.id]


def test_a_surviving_monster_card_goes_to_its_base_colour_and_anyone_may_look_at_it() -> None:
    """p. 13 怪物卡: "如果怪物在第一场战斗中幸存，就把卡牌放在怪物底座颜色对应的玩家面前，以便此后寻找。"
    "任何玩家都可以在任何时候要求查看怪物卡。" The munchkin runs from the Pit Bull on a blue base: it stays on the
    board, with blue (player 1) as its owner, and every seat's view names its card and base."""
    game = corridor_game()
    dog = fight_in_north(game, "pit_bull", base="blue")
    roll_fight(game, 1, 6)
    game.apply(RunTo(0, game.dungeon.entrance.id))
    game.apply(RollToRun(0, dog))
    game.apply(Chance("d6", 6))
    assert game.fight is None and dog in game.dungeon.monsters
    assert game.piece(dog).target is Colour.BLUE and game.colours[1] is Colour.BLUE
    for seat in range(3):
        seen = game.observe(seat)["dungeon"]["monsters"][dog]
        assert seen["target"] == "blue" and seen["id"].split("#")[0] == "pit_bull"
        assert game.monster_card(seen["id"]).name in game.describe_view(seat)


def test_a_killed_monster_card_is_discarded_its_standee_removed_its_base_returned() -> None:
    """p. 13 怪物卡: "当怪物被杀掉或者因为其他原因消失时，就把相应的怪物卡弃进弃牌堆，把怪物立身像从地图上拿走，
    把底座放回底座所有者手里" """
    game = corridor_game()
    bases = game.free_bases[Colour.BLUE]
    dog = fight_in_north(game, "pit_bull", base="blue")
    assert game.free_bases[Colour.BLUE] == bases - 1
    roll_fight(game, 6, 1)  # 1 + 6 against 2 + 1
    assert game.fight is None and dog not in game.dungeon.monsters
    assert game.monster_discard["pit_bull"] == 1 and game.free_bases[Colour.BLUE] == bases


def test_each_monster_moves_its_own_way_by_the_arrows_of_the_rolled_colour() -> None:
    """p. 13 怪物移动: "绝大多数怪物都可以移动，而且要分别检查每只怪物的移动方式。" "如果房间内的某个怪物移动箭头颜色和
    怪物移动色一致，那怪物就会向相应的方向移动……如果它能移得过去的话。" "检查怪物移入的房间里的所有箭头。" p. 13
    特殊的怪物移动方式: "快速的怪物会在怪物回合照常移动，然后沿着移动方向多走一步（如果有路的话），进入下一个房间。"
    "然后不管进入的房间上有什么箭头它都会停止。" Purple: the Odd Room's arrow leads east to the Wizard's Study, its
    purple arrow on to the Elven Glade, whose purple arrow points back (no backtracking): a goblin ends in the Glade,
    the fast squirrel one room further east (the Dark Hall, whose arrows it ignores), the slow goblin in the
    Study, the lurking Lawyer stays, the reverse Mushroom's first step goes against the Study's arrow."""
    game = row_game()
    goblin = monster(game, "gimpy_goblin", ODD, "red")
    squirrel = monster(game, "nervous_squirrel", ODD, "red")
    slow = monster(game, "lame_goblin", ODD, "red")
    lawyer = monster(game, "lawyer", ODD, "red")
    mushroom = monster(game, "mushroom", TOWER, "red")
    monster_turn(game, "purple")
    assert where(game, goblin, squirrel, slow, lawyer, mushroom) == [GLADE, HALL, TOWER, ODD, ODD]


def test_a_room_without_an_arrow_of_the_colour_keeps_its_monsters() -> None:
    """p. 13 怪物移动: "如果房间内的某个怪物移动箭头颜色和怪物移动色一致，那怪物就会向相应的方向移动" (and with no
    arrow of that colour it does not move): red has no arrow in the Odd Room."""
    game = row_game()
    goblin = monster(game, "gimpy_goblin", ODD, "red")
    monster_turn(game, "red")
    assert where(game, goblin) == [ODD]


def test_the_base_colour_changes_nothing_and_a_pack_moves_together() -> None:
    """p. 13 怪物移动: "怪物的移动与其底座颜色无关。" 怪物群: "大多数情况下怪物群里的怪物会成群行动。" Two goblins of
    the same room on red and blue bases walk the same way; the pack breaks where one of them is slow."""
    game = row_game()
    red = monster(game, "gimpy_goblin", ODD, "red")
    blue = monster(game, "maul_rat", ODD, "blue")
    slow = monster(game, "lame_goblin", ODD, "green")
    monster_turn(game, "purple")
    assert where(game, red, blue) == [GLADE, GLADE] and where(game, slow) == [TOWER]


def test_moving_monsters_ignore_other_monsters_and_munchkins_they_do_not_target() -> None:
    """p. 13 怪物移动: "除非有特殊说明，否则怪物移动时无视其他的怪物和大部分小白（见下文，“抓住了！”）。" A goblin
    walks through the Wizard's Study where another monster and the green munchkin stand (its base is red: player 0
    on the entrance); a goblin on a green base stops by its target there."""
    game = row_game()
    move_to(game, 2, TOWER)
    monster(game, "lawyer", TOWER, "red")
    red = monster(game, "gimpy_goblin", ODD, "red")
    green = monster(game, "maul_rat", ODD, "green")
    monster_turn(game, "purple")
    assert where(game, red) == [GLADE] and where(game, green) == [TOWER]


def test_the_standees_icon_is_the_monsters_movement_and_its_card_reads_it_out() -> None:
    """p. 13 特殊的怪物移动方式: "移动怪物时要看一下它的立像。" "如果上面有个脚丫样的图标，就说明它有特殊的移动方式。"
    "绿色的脚丫图标表示快速的怪物。" "红色的脚丫图标表示迟缓的怪物。" "带斜杠的黄色的脚丫表示潜伏的怪物。"
    "蓝色的反向脚丫表示逆行的怪物。" The icon is the standee's ``movement`` (the piece on the board carries it); the
    card's text names it, and the monster turn moves each by it (the test above)."""
    words = {Movement.FAST: "快速", Movement.SLOW: "迟缓", Movement.LURKING: "潜伏", Movement.REVERSE: "逆行"}
    game = ready(players=2)
    room(game, "storeroom", (0, -1))
    for card in load_monsters():
        if card.movement is not Movement.NORMAL:
            assert f"移动：{words[card.movement]}" in card.text_zh, card.id
        else:
            assert "移动：" not in card.text_zh, card.id
    assert {c.movement for c in load_monsters()} == set(Movement)
    piece = monster(game, "nervous_squirrel", "storeroom", "red")
    assert game.dungeon.monsters[piece].movement is Movement.FAST


def test_a_question_mark_foot_reads_the_card_locked_doors_secret_doors_walls() -> None:
    """p. 13 特殊的怪物移动方式: "带问号的脚丫表示我们搞的东西太复杂了，你得去读读怪物卡。"
    "比如说，有些怪物可以通过上锁的门或者密门，有些可以穿墙" (a correction: the cards did not say which
    links a monster passes beyond corridors and doors). The Pit Bull's card says it passes locked doors, and it
    does: behind a locked door it walks through, where a goblin stays."""
    cards = {c.id: c for c in load_monsters()}
    assert "Passes locked doors." in cards["pit_bull"].text and "可以通过上锁的门" in cards["pit_bull"].text_zh
    assert "可以通过墙" in cards["unspeakable_horror"].text_zh and "密门" in cards["shadow_nose"].text_zh
    assert "可以通过" not in cards["gimpy_goblin"].text_zh
    game = ready(players=2)
    room(game, ODD, (1, 0))
    room(game, TOWER, (2, 0), links={"W": "locked"})
    dog = monster(game, "pit_bull", ODD, "red")
    goblin = monster(game, "gimpy_goblin", ODD, "red")
    monster_turn(game, "purple")
    assert where(game, dog, goblin) == [TOWER, ODD]


def test_a_monster_cards_keywords_size_movement_kind_at_its_foot() -> None:
    """p. 13 怪物关键词: "怪物卡最下面列出了怪物的关键词。" "这些词说明了它的体形、移动方式、类别和能力。"
    "体型：微型，小型，和一般人类差不多大，或者巨型。" "如果怪物卡的第一个关键词不是微型、小型或者巨型的话，那这怪物就是
    和人差不多大的。" "移动方式：逆行，快速，迟缓以及潜伏。" "类别：例如“不死”或者“龙”" (a correction: the card texts
    listed no keywords). The last line of each card is its keywords; a human-sized monster's first keyword is no
    size; the undead say so."""
    sizes = {"tiny": "微型", "small": "小型", "huge": "巨型"}
    for card in load_monsters():
        last = card.text_zh.rsplit("。", 2)[-2]
        keywords = quest_keywords(card, zh=True)
        if not keywords:
            assert "关键词" not in card.text_zh
            continue
        assert last == "关键词：" + "，".join(keywords), card.id
        first = keywords[0]
        assert (first == sizes[card.size]) if card.size in sizes else first not in sizes.values(), card.id
        assert ("不死" in keywords) == card.undead
    cards = {c.id: c for c in load_monsters()}
    assert cards["nervous_squirrel"].text_zh.endswith("关键词：微型，快速。")
    assert cards["ghoulfiends"].text.endswith("Keywords: reverse, undead.")  # human-sized: no size word


def test_rooms_and_classes_have_rules_on_a_monsters_kind() -> None:
    """p. 13 怪物关键词: "某些房间、物品、职业和其它卡牌上有和类别与能力相关的规则。" The Crypt gives +3 to the
    undead only: the undead Ghoulfiends fight at 8 + 3, the Pit Bull at its level."""
    game = corridor_game()
    room(game, "crypt", (-1, 0))
    ghoul = monster(game, "ghoulfiends", "crypt", "blue")
    game.apply(Move(0, "W"))
    assert game.fight.monsters == [ghoul] and game.monster_strength() == 8 + 3
    other = corridor_game()
    fight_in_north(other, "pit_bull")
    assert other.monster_strength() == 2 and other.fight.room == NORTH
