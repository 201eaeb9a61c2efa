"""Munchkin Quest (seed 001) p. 1 and p. 4-7 read sentence by sentence (issue #24): rooms and cards over the
rulebook, the set-up, the three dice, the turn and its phases, the hand and what is in play, keywords. Each
test sets its position up with ``tablerules.quest.scenario`` and checks its passage through the protocol.
Moving, exploring, deals, searching and dropped items: tests/test_quest_rules_turn_moving.py."""

from __future__ import annotations

from fractions import Fraction

import pytest
from quest_seed_helpers import (
    EAST,
    NORTH,
    NORTH_EAST,
    all_pass,
    corridor_game,
    explore_into,
    fight_in_north,
    roll_fight,
)

from tablerules.core.errors import IllegalAction
from tablerules.core.protocol import Chance
from tablerules.quest.actions import (
    D10Power,
    Deal,
    Flee,
    GiveUp,
    LoadDie,
    PlayCard,
    Roll,
    RollToRun,
    RunTo,
    Search,
    Suicide,
)
from tablerules.quest.exploration import EndTurn, Explore, Move
from tablerules.quest.game import QuestGame, QuestParams
from tablerules.quest.geometry import Colour
from tablerules.quest.scenario import backpack, hand, hero, monster, move_to, ready, room, wear


# ----- p. 1: rooms and cards over the rulebook, the iron rules over both ------------------------------------
def test_rooms_and_cards_say_what_the_rulebook_does_not() -> None:
    """p. 1: "本规则书里面写的是一般规则，房间和卡牌标明了特殊效果。因此，如果规则书的规则与房间或卡牌发的效果生冲突，
    以房间或卡牌的效果为准；" p. 4 管理手牌: "房间和卡牌的特殊规则优于基本规则。"
    The rulebook: a level costs 1000 gold (p. 15), a move goes into an adjacent room (p. 6), a lost fight is run
    from with dice (p. 10); the Throne Room sells a level for 800, the Portal Room goes to any explored room, the
    Flight Potion escapes without a roll."""
    game = corridor_game(players=2)
    room(game, "throne_room", (0, 1))
    move_to(game, 0, "throne_room")
    hero(game, 0, gold=800)
    game.apply(Deal(0, "throne_room", 0))
    assert (game.heroes[0].level, game.heroes[0].gold) == (2, 0)  # 800, not 1000
    room(game, "portal_room", (-1, 0))
    move_to(game, 0, "portal_room")
    assert Deal(0, "portal_room", 0, NORTH_EAST) in game.legal_actions()  # two rooms away, no link between
    game.apply(Deal(0, "portal_room", 0, NORTH_EAST))
    assert game.room_of(0).id == NORTH_EAST
    game = corridor_game(players=2)
    potion, = hand(game, 0, "flight_potion")
    fight_in_north(game, "pit_bull")
    game.apply(Flee(0, potion, NORTH_EAST))
    assert game.fight is None and not game.is_chance() and game.room_of(0).id == NORTH_EAST  # no running roll


def test_a_card_over_a_room() -> None:
    """p. 1: "如果卡牌和房间的效果发生冲突，以卡牌为准。" The Pit of Despair makes running from it harder (-1), the
    Flight Potion escapes with no roll at all: the card wins, no die is rolled and no bad stuff comes."""
    game = ready(players=2)
    potion, = hand(game, 0, "flight_potion")
    hero(game, 0, level=1)
    explore_into(game, "pit_of_despair", "pit_bull", "blue", side="N")
    roll_fight(game, 1, 6)  # lost
    assert game.stage() == "running: direction"
    rolled = game.copy()  # without the potion: a 5 is a 4 here, and the bad stuff comes
    rolled.apply(RunTo(0, rolled.dungeon.entrance.id))
    rolled.apply(RollToRun(0, rolled.fight.chasing[0]))
    rolled.apply(Chance("d6", 5))
    assert rolled.heroes[0].health == 1
    game.apply(Flee(0, potion, game.dungeon.entrance.id))
    assert game.fight is None and not game.is_chance() and game.heroes[0].health == 3  # the hit of the lost fight
    assert game.room_of(0).entrance


def test_the_iron_rules_stand_against_rooms_and_cards() -> None:
    """p. 1: "但是，以下绝对铁律不会受任何房间与卡牌的效果影响：...玩家只有通过杀怪才能升到第10级" Neither the
    Throne Room's level (a room) nor a Go Up a Level (a card) takes a level-9 munchkin to level 10."""
    game = ready(players=2)
    room(game, "throne_room", (0, -1))
    move_to(game, 0, "throne_room")
    gual, = hand(game, 0, "go_up_a_level")
    hero(game, 0, level=8, gold=2000)
    assert Deal(0, "throne_room", 0) in game.legal_actions() and PlayCard(0, gual) in game.legal_actions()
    hero(game, 0, level=9)
    assert Deal(0, "throne_room", 0) not in game.legal_actions()
    with pytest.raises(IllegalAction):
        game.apply(PlayCard(0, gual))
    assert game.heroes[0].level == 9


# ----- p. 4 初始设置: players, decks, discards, colours, gold ---------------------------------------------
def test_two_to_four_players_and_three_decks_shuffled_apart() -> None:
    """p. 4 初始设置: "2-4人游戏 把卡牌分成怪物牌、宝藏牌和主角能力（主角）牌三堆，然后分别洗牌。" A draw is a chance
    step over the cards left in its own deck, every card equally likely (a shuffled deck): the opening DxM cards
    from the DxM deck, the Treasures from the Treasure deck, the monster of a new room from the monster deck."""
    for players in (1, 5):
        with pytest.raises(ValueError, match="2 to 4 players"):
            QuestParams(players=players)
    for players in (2, 3, 4):
        assert QuestGame({"players": players}, seed=1).params.players == players
    game = QuestGame({"players": 2}, seed=1)
    dxm = game.chance_step()
    assert {o.outcome for o, _ in dxm.outcomes} == set(game.dxm_deck)
    assert {game.card(o.outcome).deck for o, _ in dxm.outcomes} == {"dxm"}
    assert len({p for _, p in dxm.outcomes}) == 1  # equally likely
    while game.chance_step().description.endswith("dxm card"):
        game.roll()
    treasure = game.chance_step()
    assert {game.card(o.outcome).deck for o, _ in treasure.outcomes} == {"treasure"}
    game = ready(players=2)
    game.apply(Explore(0, "N"))
    game.apply(Chance("room", "storeroom"))
    while game.chance_step().event != "monster":
        game.roll()
    monsters = dict(game.chance_outcomes())
    assert {o.outcome for o in monsters} == {m for m, n in game.monster_deck.items() if n}
    assert sum(monsters.values()) == 1 and monsters[Chance("monster", "maul_rat")] == Fraction(
        game.monster_deck["maul_rat"], sum(game.monster_deck.values()))


def test_three_discard_piles_face_up() -> None:
    """p. 4 初始设置: "将三个牌堆的弃牌分别面朝上，形成各自独立的弃牌堆。" A DxM card and a Treasure card paid at the
    Shrine and a monster killed each go to their own discard pile, and every seat reads the piles (the decks only
    as sizes)."""
    game = ready(players=2)
    room(game, "shrine", (0, -1))
    move_to(game, 0, "shrine")
    elf, sword = hand(game, 0, "elf", "short_sword")
    hero(game, 0, health=1)
    game.apply(Deal(0, "shrine", 0, elf))
    game.apply(Deal(0, "shrine", 0, sword))
    assert game.dxm_discard == [elf] and game.treasure_discard == [sword]
    seen = game.observe(1)
    assert seen["dxm_discard"] == [elf] and seen["treasure_discard"] == [sword]
    assert seen["dxm_deck"] == len(game.dxm_deck)  # a deck: its size only
    game = corridor_game(players=2)
    hero(game, 0, level=5)
    fight_in_north(game, "maul_rat")
    roll_fight(game, 6, 1)
    while game.is_chance():
        game.roll()
    assert game.monster_discard["maul_rat"] == 1 and game.observe(1)["monster_discard"] == {"maul_rat": 1}


def test_a_deck_found_empty_at_a_draw_takes_the_discards_laid_since() -> None:
    """p. 4 初始设置: "任意牌堆的牌用完时，把相应的弃牌堆洗成新的牌堆。如果某个牌堆和相应的弃牌堆都没了，那就谁也抽不了
    这种牌了！" Every DxM card is in a hand or in play, the discards are empty: player 1's turn card is not drawn.
    Then player 0 gives up the Elf: the next turn's DxM card comes from that discard, shuffled into a new deck."""
    game = ready(players=3)
    cards = sorted(c.split("#")[0] for c in game.dxm_deck)
    elf, = hand(game, 0, "elf")
    cards.remove("elf")
    hand(game, 2, *cards)
    game.apply(PlayCard(0, elf))
    assert game.dxm_deck == [] and game.dxm_discard == []
    game.apply(EndTurn(0))
    game.apply(Chance("monster die", "purple"))
    assert game.current == 1 and not game.is_chance() and game.log[-1] == "no dxm card is left: nobody draws"
    game.apply(GiveUp(0, elf))  # out of turn: the Elf goes to the DxM discards
    assert game.dxm_discard == [elf]
    game.apply(EndTurn(1))
    game.apply(Chance("monster die", "purple"))
    assert game.current == 2 and game.chance_outcomes() == ((Chance("dxm", elf), 1),)
    game.apply(Chance("dxm", elf))
    assert elf in game.heroes[2].hand and game.dxm_discard == []


def test_each_player_a_colour_with_its_bases_level_1_and_300_gold() -> None:
    """p. 4 初始设置: "·这种颜色的小白模型，骰子，等级指示物以及塑料底座。" ; "3枚移动力指示物（脚丫形，绿色朝上）
    ·300金币的现金" Each seat plays one colour: its munchkin, its level (1), 3 bases of that colour for the
    monsters it owns, 300 gold."""
    game = QuestGame({"players": 4}, seed=2)
    assert len(set(game.colours)) == 4 and [h.colour for h in game.heroes] == list(game.colours)
    assert game.free_bases == {c: 3 for c in game.colours}
    assert all((h.level, h.gold) == (1, 300) for h in game.heroes)
    assert [game.base_moves(p) for p in range(4)] == [3] * 4  # 3 move tokens each
    assert all(game.dungeon.munchkins[c] == game.dungeon.entrance.id for c in game.colours)


# ----- p. 4 骰子: the monster die, the d10, the d6 -----------------------------------------------------------
def test_the_monster_die_names_the_owner_and_the_way_monsters_move() -> None:
    """p. 4 游戏中有三种骰子: "怪物骰是指每面标有不同颜色的那个6面骰。这玩艺决定怪物的所属（见第9页）以及怪物的移向
    （见第13页）。" Six faces, six colours, each 1/6; a new monster's base (its owner) is the colour rolled, and on
    the monster turn the colour rolled decides where the monsters go."""
    game = ready(players=2)
    game.apply(Explore(0, "N"))
    game.apply(Chance("room", "storeroom"))
    while game.chance_step().event != "monster":
        game.roll()
    game.apply(Chance("monster", "gimpy_goblin"))
    base = game.chance_step()
    assert base.event == "base" and len(base.outcomes) == 6
    assert {o.outcome for o, _ in base.outcomes} == {c.value for c in Colour}
    assert all(p == Fraction(1, 6) for _, p in base.outcomes)
    game.apply(Chance("base", "blue"))
    while game.is_chance():
        game.roll()
    goblin = next(iter(game.dungeon.monsters.values()))
    assert goblin.target is Colour.BLUE  # blue owns it (and it hunts blue)
    game = corridor_game(players=2)
    goblin = monster(game, "gimpy_goblin", NORTH_EAST, "blue")  # the Kitchen's blue arrow points west
    game.apply(EndTurn(0))
    assert game.chance_step().event == "monster die" and len(game.chance_outcomes()) == 6
    ends = set()
    for colour in Colour:
        after = game.copy()
        after.apply(Chance("monster die", colour.value))
        ends.add(after.dungeon.monsters[goblin].room)
    assert ends == {NORTH, NORTH_EAST}  # blue: west into the Storeroom; the others: no way, it stays


def test_the_d10_for_class_powers_and_the_d6_for_every_other_roll() -> None:
    """p. 4 游戏中有三种骰子: "10面骰用在职业能力（见第15页）上。" ; "当规则或卡牌让你“掷个骰子”，或者当房间或怪物之类
    影响了你的掷骰数目或掷出点数时，都仅指这种普通6面骰。当然，另有说明的情况除外。" The wizard's teleport rolls
    the d10 (stated); the combat dice, running and the search are d6, and a room's icon changes how many."""
    game = corridor_game(players=2)
    hero(game, 0, cls="wizard")
    game.apply(D10Power(0, "teleport", EAST))
    assert game.chance_step().event == "d10" and [o.outcome for o, _ in game.chance_outcomes()] == list(range(1, 11))
    game.apply(Chance("d10", 1))
    game = corridor_game(players=2)
    hero(game, 0, race="dwarf")  # the Storeroom favours dwarves: a green icon, one more die
    fight_in_north(game, "pit_bull")
    assert game.munchkin_dice() == 2
    game.apply(Roll(0))
    all_pass(game)
    dice = []
    while game.is_chance():
        step = game.chance_step()
        dice.append(step.event)
        assert [o.outcome for o, _ in step.outcomes] == list(range(1, 7))
        game.apply(Chance("d6", 1))
    assert dice == ["d6", "d6", "d6"]  # the dwarf's two, the monster's one
    assert game.stage() == "running: direction"
    game.apply(RunTo(0, game.dungeon.entrance.id))
    game.apply(RollToRun(0, game.fight.chasing[0]))
    assert game.chance_step().event == "d6"


# ----- p. 4 开场和终局, p. 5 玩家回合, p. 7 怪物回合: the turn and its phases -------------------------------
def test_the_turns_phases_in_order() -> None:
    """p. 4 开场和终局: "小白们按回合行动（见第5页）。" p. 5 玩家回合: "1.抓主角卡，见第6页 2.移动，见第6页
    探索，见第6页 战斗，见第8页 交易，见第7页 搜刮，见第7页 3.行善，见第7页 玩家回合结束之后就是怪物回合，见第13页。
    然后就是下一位玩家的回合了。" p. 7: "行善阶段完毕以后，你的回合就算结束了。现在就轮到怪物移动了（见第13页）。
    怪物回合结束的时候，下一个玩家的回合就开始了。\""""
    game = ready(players=3, first=1)
    assert game.current == 1 and game.current_players() == (1,)
    with pytest.raises(IllegalAction) as error:
        game.apply(EndTurn(0))
    assert error.value.rule == "turn order"
    hand(game, 1, "elf", "dwarf", "halfling", "warrior", "wizard", "thief")
    hero(game, 2, level=2)
    game.apply(Explore(1, "N"))  # 2. moving: exploring, the fight
    game.apply(Chance("room", "storeroom"))
    while game.chance_step().event != "monster":
        game.roll()
    game.apply(Chance("monster", "potted_plant"))
    game.apply(Chance("base", "yellow"))  # nobody plays yellow: the explorer picks
    game.apply(game.legal_actions()[0])
    while game.is_chance():
        game.roll()
    assert game.fight is not None
    hero(game, 1, level=5)
    roll_fight(game, 6)  # level 5 + 6 against the level-1 plant (no die): won
    while game.is_chance():
        game.roll()
    assert game.fight is None and game.stage() == "moving" and Search(1) in game.legal_actions()  # moving on
    game.apply(EndTurn(1))  # 3. charity: 7 cards, the others are lower
    assert game.stage() == "charity"
    while game.stage() == "charity":
        game.apply(game.legal_actions()[0])
    assert game.stage() == "monster turn: rolling the monster die"  # charity done: the turn is over
    game.apply(Chance("monster die", "purple"))
    assert game.current == 2 and game.chance_step().event == "dxm"  # the next player's turn: 1. a DxM card
    assert game.pending[0].player == 2


def test_each_turn_you_may_move_explore_search_deal_or_fight() -> None:
    """p. 5 玩家回合: "每个回合里，你可以移动，搜刮，交易，探索或者战怪。" In the Kitchen (a heal for a move) with a
    room beyond one link and nothing beyond another: a move, an exploration, a search and a deal are all offered; a
    monster in a room one walks into is a fight."""
    game = ready(players=2)
    room(game, "kitchen", (0, -1), {"N": "door", "E": "corridor"})  # south: the entrance's corridor
    room(game, "storeroom", (1, -1))
    move_to(game, 0, "kitchen")
    hero(game, 0, health=3)
    legal = game.legal_actions()
    assert {Move(0, "S"), Move(0, "E"), Explore(0, "N"), Search(0), Deal(0, "kitchen", 0)} <= set(legal)
    monster(game, "maul_rat", "storeroom", "blue")
    game.apply(Move(0, "E"))
    assert game.fight is not None and game.stage() == "combat"


def test_suicide_and_other_own_turn_actions_are_the_current_players_only() -> None:
    """p. 5 在自己回合可以进行的行动: "以下行动只能在自己的回合进行。" ; "自己回合的任何时候都可以：·自杀，见第8页"
    Player 0 may die on purpose in their own turn, before and in a fight; player 1 may not in player 0's turn,
    and gets the choice in their own."""
    game = corridor_game(players=2)
    assert Suicide(0) in game.legal_actions(0) and Suicide(1) not in game.legal_actions(1)
    game.apply(EndTurn(0))
    game.apply(Chance("monster die", "purple"))
    while game.is_chance():
        game.roll()
    assert game.current == 1 and Suicide(1) in game.legal_actions(1) and Suicide(0) not in game.legal_actions(0)


# ----- p. 4 管理手牌: the hand, what is in play, timing ----------------------------------------------------
def test_every_kind_of_card_has_its_own_time() -> None:
    """p. 4 管理手牌: "每类牌都有特殊的出牌时机。" In a fight before the roll: a Go Up a Level goes (any time), an item
    from the hand does not (your turn outside fights), a Loaded Die does not (only after a die is rolled); after
    the roll the Loaded Die does."""
    game = corridor_game(players=2)
    gual, sword, die = hand(game, 0, "go_up_a_level", "short_sword", "loaded_die")
    assert PlayCard(0, sword) in game.legal_actions()  # your turn, outside fights
    fight_in_north(game, "pit_bull")
    legal = game.legal_actions()
    assert PlayCard(0, gual) in legal and PlayCard(0, sword) not in legal
    assert not any(isinstance(a, LoadDie) for a in legal)
    roll_fight(game, 1, 6)
    assert any(isinstance(a, LoadDie) and a.card == die for a in game.legal_actions(0))


def test_nobody_takes_the_cards_in_your_hand() -> None:
    """p. 4 管理手牌: "手牌：手牌帮不了你什么，但是谁都拿不走你的手牌，当然白纸黑字地写着影响“手牌”的除外。" A thief
    in the room may try to steal an item in play, never the Treasure cards in the hand."""
    game = corridor_game(players=2)
    hero(game, 0, cls="thief")
    worn, = wear(game, 1, "leather_armour")
    held, = hand(game, 1, "short_sword")
    steals = [a.target for a in game.legal_actions() if isinstance(a, D10Power) and a.power == "steal"]
    assert steals == [worn] and held not in steals


def test_in_play_is_what_lies_in_front_of_you_not_the_hand() -> None:
    """p. 4 管理手牌: "场上：你面前的宝藏卡和主角卡都是在场上的。" ; "你的手牌不算在场上。" ; "物品：你手牌里的物品
    不算在场上。" ; "种族和职业：这些牌可以打出来，放到你面前。" An Elf card and a sword in the hand make no elf and
    give no bonus; played in front of the munchkin they do."""
    game = ready(players=2)
    elf, sword = hand(game, 0, "elf", "short_sword")
    backpack(game, 0)
    assert game.character(0).split()[1] == "Human" and game.strength(0) == 1
    game.apply(PlayCard(0, elf))
    game.apply(PlayCard(0, sword))
    assert game.heroes[0].race == elf and sword in game.heroes[0].carried
    assert game.character(0).split()[1] == "Elf" and game.strength(0) == 1 + game.card(sword).bonus
