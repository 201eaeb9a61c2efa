"""Munchkin Quest (seed 001) p. 8-9 read sentence by sentence: being ignored, sizing up a fight, monsters leaving it,
several monsters, the combat roll, rooms and their icons, the totals. Each test quotes its passage; the positions come
from the scenario API (tablerules/quest/scenario.py) and the game's actions."""

from __future__ import annotations

from quest_seed_helpers import EAST, NORTH, NORTH_EAST, all_pass, corridor_game, fight_in_north, roll_fight

from tablerules import odds
from tablerules.core.protocol import Chance
from tablerules.quest.actions import (
    AnswerHelp,
    AskHelp,
    Enhance,
    FightAnyway,
    OneShot,
    PlayCurse,
    Roll,
    RollToRun,
    RunTo,
    Search,
    Wandering,
)
from tablerules.quest.analysis import fight_odds
from tablerules.quest.cards import load_quest_cards
from tablerules.quest.exploration import EndTurn, Move
from tablerules.quest.scenario import backpack, hand, hero, monster, move_to, room, wear
from tablerules.quest.tiles import load_monsters, load_rooms


# ----- p. 8 被怪物无视 --------------------------------------------------------------------------------
def test_cards_say_which_munchkins_a_monster_ignores() -> None:
    """p. 8 被怪物无视: "有些卡牌和房间上写着，怪物会“无视”某些小白。" The monster cards name races and classes they
    ignore (the Kiosk ignores thieves, the Goldfish elves); no room of data/quest/rooms.json says so. An ignored thief
    walks into the Kiosk's room and nothing happens; a munchkin it does not ignore fights."""
    cards = load_monsters()
    kinds = {"human", "elf", "dwarf", "halfling", "warrior", "wizard", "thief", "cleric"}
    ignoring = {m.id: set(m.ignores) for m in cards if m.ignores}
    assert ignoring["kiosk"] == {"thief"} and ignoring["goldfish"] == {"elf"}
    assert all(tags <= kinds for tags in ignoring.values())
    game = corridor_game(players=2)
    hero(game, 0, cls="thief")
    monster(game, "kiosk", NORTH, "blue")
    game.apply(Move(0, "N"))
    assert game.fight is None and any("ignores player 0" in line for line in game.log)
    other = corridor_game(players=2)
    monster(other, "kiosk", NORTH, "blue")
    other.apply(Move(0, "N"))
    assert other.fight is not None


def test_an_ignored_munchkin_may_stay_in_peace_or_move_on() -> None:
    """p. 8: "你可以选择呆在房间里和怪物和平共处，也可以移去其他房间。" The thief ignored by the Kiosk may move on (a
    move to the Kitchen is offered), or stay and end the turn: the next turn starts in the Kiosk's room with no fight
    either (p. 8 "只有当你的回合开始，且房间里仍然有怪物时" is for monsters that do not ignore you)."""
    game = corridor_game(players=2)
    hero(game, 0, cls="thief")
    monster(game, "kiosk", NORTH, "blue")  # lurking: it stays put on the monster turn
    game.apply(Move(0, "N"))
    assert Move(0, "E") in game.legal_actions() and EndTurn(0) in game.legal_actions()
    game.apply(EndTurn(0))
    while game.is_chance() or game.current != 1:  # the monster turn, then player 1's DxM card
        game.roll()
    game.apply(EndTurn(1))
    while game.is_chance():
        game.roll()
    assert game.current == 0 and game.room_of(0).id == NORTH and game.fight is None
    assert FightAnyway(0) in game.legal_actions() and Move(0, "E") in game.legal_actions()


def test_a_monster_that_ignored_you_remembers_nothing_next_time() -> None:
    """p. 8: "如果怪物无视了你，那在你们之后再次相遇的时候，它对此前的遭遇不会有任何记忆。" The thief picks a fight
    with the Kiosk, loses and runs; walking back in, the Kiosk ignores the thief again (no fight at once, the choice
    offered again), as if they had never met."""
    game = corridor_game(players=2)
    hero(game, 0, cls="thief")
    kiosk = monster(game, "kiosk", NORTH, "blue")
    game.apply(Move(0, "N"))
    game.apply(FightAnyway(0))
    roll_fight(game, 1, 6)  # 1 + 1 against 4 + 6
    game.apply(RunTo(0, "ENT"))
    game.apply(RollToRun(0, kiosk))
    game.apply(Chance("d6", 6))
    assert game.fight is None and game.room_of(0).entrance
    game.apply(Move(0, "N"))
    assert game.fight is None and FightAnyway(0) in game.legal_actions()


# ----- p. 8 开战 ----------------------------------------------------------------------------------
def test_size_up_a_monster_by_its_level_against_your_level_and_items() -> None:
    """p. 8 开战: "战怪时，先看看它的等级，然后和自己的等级（见第15页）比比，别忘了算上你身上和包里的装备。" Level 3
    with the Firefighter's Helmet (+2) worn is 5 against the Pit Bull's 2; what lies in the backpack gives no bonus
    (p. 16: 背包...不会给你提供加值), so "包里" is read as what the munchkin carries in play. The numbers are those of
    the fight's "I'm rolling" line and of its odds."""
    game = corridor_game(players=2)
    hero(game, 0, level=3)
    wear(game, 0, "firefighters_helmet")
    backpack(game, 0, "short_sword")
    fight_in_north(game, "pit_bull")
    assert (game.munchkin_strength(), game.monster_strength()) == (5, 2)
    assert fight_odds(game).probability == odds.combat([(5, 1)], [(2, 1)]).win
    game.apply(Roll(0))
    assert "(5 and 1 dice against 2 and 1 dice)" in game.log[-1]


def test_a_monster_card_modifier_against_a_class_adjusts_the_monster() -> None:
    """p. 8: "某些怪物拥有战斗相关的的能力或弱点，比如说面对某些种族和职业时的调整值。" ; "怪物卡上写的调整值都是调整
    怪物等级的。" The Maul Rat (level 1, +3 against clerics) fights a cleric at 4; the cleric keeps her own level;
    against a thief it is level 1."""
    game = corridor_game(players=2)
    hero(game, 0, level=2, cls="cleric")
    fight_in_north(game, "maul_rat")
    assert (game.munchkin_strength(), game.monster_strength()) == (2, 1 + 3)
    other = corridor_game(players=2)
    hero(other, 0, level=2, cls="thief")
    fight_in_north(other, "maul_rat")
    assert (other.munchkin_strength(), other.monster_strength()) == (2, 1)


def test_a_curse_may_take_an_item_in_the_middle_of_a_fight() -> None:
    """p. 8: "战斗进行过程中你不能捡或卖物品，也不能把物品送人。不过你倒是可能会因为诅咒丢东西。" Player 1 curses the
    fighter with Lose Your Headgear: the helmet goes, and with it 2 of the fighter's strength."""
    game = corridor_game(players=2)
    hero(game, 0, level=3)
    helmet, = wear(game, 0, "firefighters_helmet")
    curse, = hand(game, 1, "curse_lose_headgear")
    fight_in_north(game, "pit_bull")
    assert game.munchkin_strength() == 5
    game.apply(PlayCurse(1, curse, 0))
    while game.stage() not in ("combat",):
        game.apply(next(a for a in game.legal_actions() if a.player == 0))
    assert helmet not in game.heroes[0].carried and game.munchkin_strength() == 3 and game.fight is not None


def test_a_monster_that_vanishes_leaves_the_fight_and_the_fight_goes_on() -> None:
    """p. 8 怪物跑哪去了？: "某些事件会直接把怪物从战斗中拿走" ; "只要房间里还剩有怪物，战斗就继续。" The only such
    event in the data is a monster leaving the game (p. 6: no base left, the highest-level monster goes): a Wandering
    Monster joins the fight against the Orcs with every base in use, so the Orcs (level 10) vanish; the Pit Bull that
    came stays, and the fight goes on against it alone (its 1 treasure, not the Orcs' 3)."""
    game = corridor_game(players=2)
    hero(game, 0, level=9)
    for card, where, base in (("maul_rat", EAST, "red"), ("goldfish", EAST, "red"), ("lame_goblin", EAST, "blue"),
                              ("kiosk", NORTH_EAST, "blue"), ("mushroom", NORTH_EAST, "blue")):
        monster(game, card, where, base)
    card, = hand(game, 1, "wandering_monster")
    orcs = fight_in_north(game, "orcs", "red")  # the last free base
    assert not any(game.free_bases.values())
    game.apply(Roll(0))
    game.apply(Wandering(1, card))
    game.apply(Chance("monster", "pit_bull"))
    game.apply(Chance("base", "red"))
    while game.chance_step() is not None and game.chance_step().event == "dxm":
        game.roll()
    dog = game.fight.monsters[0]
    assert game.fight is not None and game.fight.monsters == [dog] and dog.startswith("pit_bull")
    assert orcs not in game.dungeon.monsters and (game.monster_strength(), game.treasure_count()) == (2, 1)
    all_pass(game)
    roll_fight(game, 1, 1)  # 9 + 1 against 2 + 1
    assert game.fight is None and game.heroes[0].level == 10


# ----- p. 9 多个怪物 -------------------------------------------------------------------------------
def test_a_standee_is_one_monster_whatever_its_name_says() -> None:
    """p. 9 多个怪物: "凡涉及到规则的地方，每个怪物立身像均视为一个怪物，而不管卡牌的名字上写的是几个（比如说“尸妖兄弟
    ”）。" The 3,872 Orcs are one standee: losing to them is one hit, and running is one die."""
    game = corridor_game(players=2)
    hero(game, 0, level=3)
    orcs = fight_in_north(game, "orcs")
    assert game.fight.monsters == [orcs] and game.monster_dice() == 2
    roll_fight(game, 1, 6, 6)
    assert game.heroes[0].health == 3  # one hit: one monster
    game.apply(RunTo(0, "ENT"))
    assert game.fight.chasing == [orcs]
    game.apply(RollToRun(0, orcs))
    game.apply(Chance("d6", 5))
    assert game.fight is None and not game.is_chance()


def test_several_monsters_are_fought_as_one_group() -> None:
    """p. 9: "这一群怪物视为一个整体：你不能只战一只然后从其他怪物手里跑掉。" Two monsters in the room are one fight:
    no action fights one of them alone; winning beats both (a level each), losing means running from both."""
    game = corridor_game(players=3)
    hero(game, 0, level=6)
    rat = monster(game, "maul_rat", NORTH, "green")
    goblin = fight_in_north(game, "gimpy_goblin")
    assert sorted(game.fight.monsters) == sorted([rat, goblin])
    assert game.monster_strength() == 2 and game.monster_dice() == 2
    roll_fight(game, 1, 1, 1)
    while game.is_chance():
        game.roll()
    assert game.heroes[0].level == 8 and rat not in game.dungeon.monsters and goblin not in game.dungeon.monsters
    lost = corridor_game(players=3)
    hero(lost, 0, level=1, health=4)
    monster(lost, "maul_rat", NORTH, "green")
    fight_in_north(lost, "gimpy_goblin")
    roll_fight(lost, 1, 6, 6)
    lost.apply(RunTo(0, "ENT"))
    assert sorted(lost.fight.chasing) == sorted(lost.fight.monsters) and len(lost.fight.monsters) == 2


# ----- p. 9 掷战斗骰 -------------------------------------------------------------------------------
def test_the_roll_is_the_last_step_of_a_fight() -> None:
    """p. 9 掷战斗骰: "战斗的最后一步便是掷骰。" ; "通常来讲，小白们和怪物们都可以掷骰，然后把结果加到各自的等级和加值
    上" Once the dice are rolled nobody asks for help, plays a one-shot or an enhancer: the dice are added to each
    side (5 + 3 against 2 + 5) and decide."""
    game = corridor_game(players=3)
    hero(game, 0, level=3)
    wear(game, 0, "firefighters_helmet")
    potion, = hand(game, 0, "sleep_potion")
    hairy, = hand(game, 1, "hairy")
    fight_in_north(game, "pit_bull")
    roll_fight(game, 3, 5)
    legal = game.legal_actions()
    assert not any(isinstance(a, AskHelp | OneShot | Enhance) for a in legal)
    assert potion in game.heroes[0].hand and hairy in game.heroes[1].hand
    assert game.fight is None and game.heroes[0].level == 4
    assert any("the dice: munchkins 3, monsters 5; 8 against 7" in line for line in game.log)


def test_the_fighter_rolls_first_then_the_helper_then_the_monsters_owner() -> None:
    """p. 9: "如果战斗发生在你的回合，你就是“主战玩家”，并且由你开始掷骰。" The fighter's die is the first chance
    step, then the helper's, then the monster's, rolled by its owner (blue: player 1, so the player to the left of a
    fighting owner, player 2)."""
    game = corridor_game(players=3)
    fight_in_north(game, "pit_bull", "blue")
    game.apply(AskHelp(0, 1, 0))
    game.apply(AnswerHelp(1, True))
    game.apply(Roll(0))
    all_pass(game)
    assert [d[:2] for d in game.fight.dice] == [["munchkins", 0], ["munchkins", 1], ["monsters", 2]]
    game.apply(Chance("d6", 4))
    assert [d[2] for d in game.fight.dice] == [4, None, None]


def test_a_curse_when_the_fighter_is_about_to_roll() -> None:
    """p. 9: "他们可能会在你要掷骰的时候下一张诅咒，或者使用些特殊能力（见第10页，“帮助和干涉”）来逆转乾坤。" In the
    "I'm rolling" window player 1 curses the fighter (a hit), player 2 backstabs as a thief from next door (-2): the
    fight turns, and the fighter answers before any die."""
    game = corridor_game(players=3)
    hero(game, 0, level=3, health=4)
    toe, = hand(game, 1, "curse_stubbed_toe")
    hero(game, 2, cls="thief")
    card, = hand(game, 2, "curse_tax")
    fight_in_north(game, "pit_bull")
    game.apply(Roll(0))
    assert game.stage() == "interference"
    game.apply(PlayCurse(1, toe, 0))
    while game.stage() != "interference":
        game.apply(next(a for a in game.legal_actions() if a.player == 0))
    from tablerules.quest.actions import Power

    game.apply(Power(2, "backstab", card))
    all_pass(game)
    assert game.heroes[0].health == 3 and game.munchkin_strength() == 1
    assert game.stage() == "combat" and game.to_act() == (0,) and not game.fight.dice


def test_before_the_roll_ask_for_help_or_play_more_cards() -> None:
    """p. 9: "如果你战不掉怪物的话，可以请求帮助（见第10页），或者在掷骰之前再用些卡牌。" After an enhancer turns the
    fight, the fighter may still ask for help or throw in a one-shot; both count before the dice."""
    game = corridor_game(players=3)
    hero(game, 0, level=3)
    potion, = hand(game, 0, "flaming_poison_potion")
    hairy, = hand(game, 1, "hairy")
    dog = fight_in_north(game, "pit_bull")
    game.apply(Roll(0))
    game.apply(Enhance(1, hairy, dog))
    all_pass(game)
    legal = game.legal_actions()
    assert AskHelp(0, 2, 0) in legal and OneShot(0, potion, "munchkins") in legal
    game.apply(OneShot(0, potion, "munchkins"))
    game.apply(AskHelp(0, 2, 1))
    game.apply(AnswerHelp(2, True))
    assert (game.munchkin_strength(), game.monster_strength()) == (3 + 3 + 1, 2 + 5)


# ----- p. 9 房间和图标 ------------------------------------------------------------------------------
def test_most_rooms_have_special_rules_on_their_parchment() -> None:
    """p. 9 房间和图标: "大多数房间都有特殊规则，列在房间块的一张羊皮纸上。" Of the 24 room tiles most have a rule
    (deals, monsters' bonuses, soundproof, ...) or icons, each written out on the tile (its text)."""
    rooms = load_rooms()
    tiles = list(rooms.rooms)
    with_rules = [t for t in tiles if t.rules]
    assert len(tiles) == 24 and len(with_rules) > len(tiles) / 2
    assert all(t.text and t.text_zh for t in tiles)


def test_room_icons_are_races_and_classes_printed_on_those_cards() -> None:
    """p. 9 图标: "很多房间在房间名旁边会列出一个或几个图标。" ; "这些图标表示种族和职业（见左边）。" ; "在相应的种族
    和职业卡上也会有这些图标。" Many tiles carry one icon or several (the Gambling Den: halfling and thief); every
    icon is a race or a class that a race or class card makes you (human: having no race card)."""
    rooms = load_rooms()
    tiles = list(rooms.rooms)
    iconed = [t for t in tiles if t.good_for or t.bad_for]
    assert len(iconed) > len(tiles) / 2 and any(len(t.good_for) + len(t.bad_for) >= 2 for t in iconed)
    cards = load_quest_cards()
    on_cards = {c.race for c in cards.values() if c.kind == "race"}
    on_cards |= {c.cls for c in cards.values() if c.kind == "class"}
    icons = {i for t in tiles for i in (*t.good_for, *t.bad_for)}
    assert icons <= on_cards | {"human"} and icons - {"human"} == on_cards


def test_green_icons_add_a_die_red_icons_take_one_for_fights_and_searches() -> None:
    """p. 9 图标: "战斗骰和搜索骰（见第7页）都会受到这些图标的影响。" ; "·绿色图标表示这个房间对相应的种族和职业有利。
    " ; "每个和你人物相符的绿色图标能让你多掷1个骰子。" ; "·红色图标表示这个房间对相应的种族和职业不利。" ; "每个和你
    人物相符的红色图标会使你少掷1个骰子。" An elf cleric in the Shrine (green cleric and elf) rolls 3 combat dice; a
    thief in the Chapel (red thief) none; the search roll counts the same dice (its odds use 2 dice for an elf in the
    Elven Glade)."""
    game = corridor_game(players=2)
    hero(game, 0, level=2, race="elf", cls="cleric")
    shrine = room(game, "shrine", (-1, -1))
    monster(game, "pit_bull", shrine, "blue")
    move_to(game, 0, NORTH)
    game.apply(Move(0, "W"))
    assert game.fight is not None and game.munchkin_dice() == 3
    assert fight_odds(game).probability == odds.combat([(2, 3)], [(2, 1)]).win
    thief = corridor_game(players=2)
    hero(thief, 0, level=2, cls="thief")
    chapel = room(thief, "chapel", (-1, -1))
    monster(thief, "pit_bull", chapel, "blue")
    move_to(thief, 0, NORTH)
    thief.apply(Move(0, "W"))
    assert thief.munchkin_dice() == 0
    assert fight_odds(thief).probability == odds.combat([(2, 0)], [(2, 1)]).win == 0
    searcher = corridor_game(players=2)
    hero(searcher, 0, race="elf")
    glade = room(searcher, "elven_glade", (-1, -1))
    move_to(searcher, 0, NORTH)
    searcher.apply(Move(0, "W"))
    searcher.apply(Search(0))
    assert "(2 dice, modifier +1)" in searcher.log[-1]
    step = searcher.chance_step()
    expected = odds.search(2, 1).rows
    assert {o.outcome: p for o, p in step.outcomes} == {r: p for r, p in expected.items() if p}
    assert glade == searcher.room_of(0).id


# ----- p. 9 战斗结果 -------------------------------------------------------------------------------
def test_the_totals_level_modifiers_dice_and_thrown_items_against_the_monsters() -> None:
    """p. 9 战斗结果: "把你的（等级+调整值+战斗骰+投掷物品[见第17页，“投掷物品”]）和怪物的（等级+调整值+战斗骰）比较一
    下。" A level-3 cleric with the Firefighter's Helmet (+2) and a Cotion of Ponfusion thrown for her from the
    entrance next door (+3), rolling 4: 12; the Maul Rat, level 1 +3 against clerics, rolling 5: 9."""
    game = corridor_game(players=3)
    hero(game, 0, level=3, cls="cleric")
    wear(game, 0, "firefighters_helmet")
    potion, = hand(game, 2, "cotion_of_ponfusion")
    fight_in_north(game, "maul_rat", "blue")
    game.apply(Roll(0))
    game.apply(OneShot(2, potion, "munchkins"))  # player 2 stands on the entrance, next door
    all_pass(game)
    game.apply(Roll(0))
    all_pass(game)
    assert fight_odds(game).probability == odds.combat([(8, 1)], [(4, 1)]).win
    game.apply(Chance("d6", 4))
    game.apply(Chance("d6", 5))
    assert any("the dice: munchkins 4, monsters 5; 12 against 9" in line for line in game.log)
    assert game.fight is None and game.heroes[0].level == 4


def test_the_helper_rolls_a_die_too() -> None:
    """p. 9: "如果你有帮手，那把帮手的等级和调整值算在你这一边。他也可以掷个骰子。" The helper's level and items join
    the fighter's side, and the helper rolls a combat die of their own: 2 dice against the monster's 1 (the odds read
    2d6 for the munchkins)."""
    game = corridor_game(players=2)
    hero(game, 0, level=2)
    hero(game, 1, level=3)
    wear(game, 1, "short_sword")
    fight_in_north(game, "harpies")
    game.apply(AskHelp(0, 1, 0))
    game.apply(AnswerHelp(1, True))
    assert (game.munchkin_strength(), game.munchkin_dice()) == (2 + 3 + 3, 2)
    assert fight_odds(game).probability == odds.combat([(8, 2)], [(4, 1)]).win
    game.apply(Roll(0))
    all_pass(game)
    assert [d[:2] for d in game.fight.dice if d[0] == "munchkins"] == [["munchkins", 0], ["munchkins", 1]]
    for face in (1, 2, 6):
        game.apply(Chance("d6", face))
    assert any("the dice: munchkins 1, munchkins 2, monsters 6; 11 against 10" in line for line in game.log)
    assert game.fight is None and game.heroes[0].level == 3
