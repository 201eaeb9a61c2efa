"""Munchkin Quest (seed 001) p. 5-7 read sentence by sentence (issue #24): keywords, move points, moving,
moving out of turn, exploring, deals, searching and dropped items. Each test sets its position up with
``tablerules.quest.scenario`` and checks its passage through the protocol (the rest of p. 1 and p. 4-5:
tests/test_quest_rules_turn.py)."""

from __future__ import annotations

from fractions import Fraction

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

from tablerules.core.protocol import Chance
from tablerules.quest.actions import (
    AnswerHelp,
    AskHelp,
    Deal,
    Drop,
    Flee,
    PickUp,
    PlayCard,
    Power,
    Roll,
    RollToRun,
    RunTo,
    Search,
)
from tablerules.quest.exploration import EndTurn, Explore, Move
from tablerules.quest.geometry import Colour, Side
from tablerules.quest.movement import walk_monsters
from tablerules.quest.scenario import (
    empty_room_deck,
    hand,
    hero,
    monster,
    move_to,
    ready,
    room,
    set_floor,
    set_moves,
    wear,
)
from tablerules.quest.tiles import load_rooms


# ----- p. 5 关键词 ----------------------------------------------------------------------------------------
def test_rooms_read_the_keywords_of_monsters() -> None:
    """p. 5 关键词: "关键词指怪物或物品卡上列出的描述性词语。许多房间和卡牌上都会有与关键词相关的特殊效果。卡牌上的
    关键词是对怪物或物品的简洁描述。" The Crypt gives +3 to undead monsters only; the Chapel -3 to them."""
    game = ready(players=2)
    room(game, "crypt", (0, -1))
    horse = monster(game, "undead_horse", "crypt", "blue")
    assert game.monster_cards["undead_horse"].undead and not game.monster_cards["maul_rat"].undead
    rat = monster(game, "maul_rat", "crypt", "blue")
    game.apply(Move(0, "N"))
    assert sorted(game.fight.monsters) == sorted([horse, rat])
    assert game.monster_strength() == 4 + 3 + 1  # the horse +3, the rat as it is
    game = ready(players=2)
    room(game, "chapel", (0, -1))
    monster(game, "undead_horse", "chapel", "blue")
    game.apply(Move(0, "N"))
    assert game.monster_strength() == 4 - 3


# ----- p. 6 移动力: what moves pay for -----------------------------------------------------------------------
def test_moves_pay_for_going_into_rooms_and_for_what_is_done_in_them() -> None:
    """p. 6 移动力指示物: "移动力既可以用来移入其他房间，也可以用来在房间里做其他事。" A corridor costs 1, a search 1,
    picking up 1, a deal at the Kitchen 1: three moves, three of these."""
    game = ready(players=2)
    room(game, "kitchen", (0, -1))
    set_floor(game, "kitchen", gold=100)
    hero(game, 0, health=3)
    game.apply(Move(0, "N"))
    assert game.moves_left == 2
    game.apply(PickUp(0))
    assert game.moves_left == 1 and game.heroes[0].gold == 400
    game.apply(Deal(0, "kitchen", 0))
    assert game.moves_left == 0 and game.heroes[0].health == 4
    assert Search(0) not in game.legal_actions()  # nothing left to pay a search with
    game = ready(players=2)
    room(game, "kitchen", (0, -1))
    move_to(game, 0, "kitchen")
    game.apply(Search(0))
    assert game.moves_left == 2


def test_a_magic_escape_at_the_start_of_the_turn_then_the_turn_goes_on() -> None:
    """p. 6 回合开始时房间里有怪物: "例外：如果有那么一张牌能让你用魔法移入其他房间的话，你就可以通过传送、穿墙、
    或其他什么方式避免战斗。然后照常继续你的回合。" Player 1 starts the turn with a Pit Bull in the room, drinks a
    Flight Potion into the Kitchen, and goes on with 3 moves."""
    game = corridor_game(players=2)
    move_to(game, 1, NORTH)
    potion, = hand(game, 1, "flight_potion")
    monster(game, "pit_bull", NORTH, "red")
    game.apply(EndTurn(0))
    game.apply(Chance("monster die", "purple"))
    while game.is_chance():
        game.roll()
    assert game.current == 1 and game.fight is not None
    game.apply(Flee(1, potion, NORTH_EAST))
    assert game.fight is None and game.room_of(1).id == NORTH_EAST and game.moves_left == 3
    assert Move(1, "S") in game.legal_actions() and game.stage() == "moving"


# ----- p. 6 移入其他房间 ------------------------------------------------------------------------------------
def test_a_move_goes_into_an_adjacent_room_never_onto_a_link() -> None:
    """p. 6 移入其他房间: "每次移动都只能移入相邻的房间。虽然房间之间有连接块，但是你永远不会停在连接块上。" From the
    entrance one move reaches the Storeroom north or the Library east, not the Kitchen beyond them; after a
    move the munchkin stands in a room."""
    game = corridor_game(players=2)
    targets = {Side(a.side).step(game.room_of(0).at) for a in game.legal_actions() if isinstance(a, Move)}
    assert targets == {(0, -1), (1, 0)}  # the two rooms next to the entrance
    game.apply(Move(0, "N"))
    assert game.dungeon.munchkins[game.colours[0]] in game.dungeon.rooms and game.room_of(0).id == NORTH


def test_with_no_wall_all_round_there_is_always_a_way_even_with_0_moves() -> None:
    """p. 6 移入其他房间: "除非四周都是墙，否则车到山前必有路。限每回合一次，你可以花费所有的移动力来穿过通道。
    即使移动力是0也可以。" With no move left the once-a-turn crossing still goes through a corridor; a room walled
    all round has no way out."""
    game = corridor_game(players=2)
    set_moves(game, 0)
    assert Move(0, "N") in game.legal_actions()
    game.apply(Move(0, "N"))
    assert game.room_of(0).id == NORTH and game.all_in_used
    assert not any(isinstance(a, Move | Explore) for a in game.legal_actions())  # once a turn
    game = ready(players=2)
    room(game, "hospital", (3, 3), links={})  # walls all round
    move_to(game, 0, "hospital")
    set_moves(game, 0)
    assert not any(isinstance(a, Move | Explore) for a in game.legal_actions())


def test_an_item_taking_moves_below_those_used_stops_the_moving_and_nothing_else() -> None:
    """p. 6 某些卡牌会改变你的移动力: "如果使用的物品把你的移动力降到了本回合已经使用过的移动力之下，那么你就不能再移动
    了，但是并没有其他惩罚。" Two moves used; two big items more than the first leave 1 move a turn: no moving on
    (not even the once-a-turn crossing), and level, health and gold stay."""
    game = corridor_game(players=2)
    wear(game, 0, "mithril_armour")  # one big item: no cost
    game.apply(Move(0, "N"))
    game.apply(Move(0, "E"))
    assert game.moves_left == 1
    rock, ladder = hand(game, 0, "huge_rock", "stepladder")
    game.apply(PlayCard(0, rock))  # 2 moves a turn now: 2 used, none left
    assert game.moves_left == 0 and Move(0, "W") in game.legal_actions()  # the crossing is still there
    game.apply(PlayCard(0, ladder))  # 1 move a turn, below the 2 used
    assert game.moves_left == 0
    assert not any(isinstance(a, Move | Explore) for a in game.legal_actions())
    assert (game.heroes[0].level, game.heroes[0].health, game.heroes[0].gold) == (1, 4, 300)


# ----- p. 6 回合外的移动 ------------------------------------------------------------------------------------
def test_moving_out_of_turn_to_help_to_backstab_and_to_run() -> None:
    """p. 6 回合外的移动: "有些时候可以在其他玩家的回合之内移动，比如说帮别人战怪（见第10页），跑去背刺，或者帮别人但没
    战掉怪以后逃跑（见第10页）。" A helper comes in from next door, a thief next door runs in to backstab, and the
    helper runs away from the lost fight; the fighter's moves are untouched."""
    game = corridor_game(players=3)
    move_to(game, 2, NORTH_EAST)
    hero(game, 2, cls="thief")
    card, = hand(game, 2, "curse_tax")
    dog = fight_in_north(game, "pit_bull")
    game.apply(AskHelp(0, 1, 0))
    game.apply(AnswerHelp(1, True))
    assert game.room_of(1).id == NORTH  # the helper came in
    game.apply(Roll(0))
    game.apply(Power(2, "backstab", card))
    assert game.room_of(2).id == NORTH  # the thief ran in to backstab
    all_pass(game)
    roll_fight(game)  # after the interference the fighter rolls again
    for face in (1, 1, 6):
        game.apply(Chance("d6", face))
    game.apply(RunTo(0, "ENT"))
    game.apply(RollToRun(0, dog))
    game.apply(Chance("d6", 6))
    game.apply(RunTo(1, NORTH_EAST))
    game.apply(RollToRun(1, dog))
    game.apply(Chance("d6", 6))
    assert game.room_of(1).id == NORTH_EAST and game.current == 0 and game.moves_left == 2  # the helper ran


# ----- p. 6 探索 --------------------------------------------------------------------------------------------
def test_exploring_through_a_link_with_no_room_beyond() -> None:
    """p. 6 移入其他房间: "如果你想通过连接块去探索新的房间的话，把你的模型放在连接块上作为标志。但是当新房间接上以后，
    你就得进入新的房间，这才算作移动完毕。" p. 6 探索: "当你穿越的连接块另一头没有房间时，就算是发现了一个新房间。"
    "1.负责地图的小白随机抽取一张房间块，接在你所处的连接块上。新房间的规则文字与入口块的规则文字方向必须一致。现在
    你就处在这个新房间里了。2.若新房间的四周尚未放满连接块的话，负责地图的小白按数抽取并随机连在新房间周围。\""""
    game = corridor_game(players=2)
    legal = game.legal_actions()
    assert Explore(0, "S") in legal and Explore(0, "W") in legal  # nothing beyond: exploring
    assert Explore(0, "N") not in legal and Move(0, "N") in legal  # a room beyond: moving
    game.apply(Explore(0, "S"))
    assert game.moves_left == 2 and game.room_of(0).entrance  # on the link, the room not drawn yet
    rooms = game.chance_outcomes()
    assert {o.outcome for o, _ in rooms} == set(game.room_deck) and {p for _, p in rooms} == {
        Fraction(1, len(game.room_deck))}
    game.apply(Chance("room", "guard_room"))
    placed = game.room_of(0)
    assert placed.id == "guard_room" and placed.at == (0, 1)  # in the new room, on the link's far side
    assert placed.arrows == dict(load_rooms().tile("guard_room").arrows)  # oriented as printed, like the entrance
    while game.chance_step().event == "dxm":
        game.roll()
    sides = []
    while game.chance_step().event == "link":  # the free sides (not the one explored through)
        step = game.chance_step()
        sides.append(game.pending[0].side.value)
        assert {o.outcome for o, _ in step.outcomes} == {k for k, n in game.link_pool.items() if n}
        game.apply(Chance("link", "door"))
    assert sorted(sides) == ["E", "S", "W"]


def test_the_exploring_card_the_room_rules_and_the_monster() -> None:
    """p. 6 探索: "3.在他折腾地图的时候，你可以抓一张主角卡，作为探索的奖励。你可以选择是否立刻使用。4.阅读房间上面的
    特殊规则。有些规则在你进入时立刻生效，有些则对战斗产生影响。" ; "从怪物牌堆顶上抓一张牌，然后找到相应的怪物立牌。"
    The Elf drawn for exploring can be played at once in the fight or kept; the Treasure Vault's +2 is in the
    fight; the Monster Nest brings a monster as soon as one walks in."""
    game = ready(players=2)
    game.apply(Explore(0, "N"))
    game.apply(Chance("room", "treasure_vault"))
    elf = next(c for c in game.dxm_deck if c.startswith("elf#"))
    game.apply(Chance("dxm", elf))
    while game.chance_step().event == "link":
        game.roll()
    deck = sum(game.monster_deck.values())
    game.apply(Chance("monster", "gimpy_goblin"))
    assert sum(game.monster_deck.values()) == deck - 1
    game.apply(Chance("base", "blue"))
    while game.is_chance():
        game.roll()
    goblin, = game.fight.monsters
    assert game.dungeon.monsters[goblin].name.startswith("Gimpy Goblin") and game.dungeon.monsters[goblin].room == \
        "treasure_vault"
    assert game.monster_strength() == 1 + 2  # the Vault's rule: monsters here +2
    assert PlayCard(0, elf) in game.legal_actions() and Roll(0) in game.legal_actions()  # use it now, or keep it
    game.apply(PlayCard(0, elf))
    assert game.heroes[0].race == elf
    game = ready(players=2)
    room(game, "monster_nest", (0, -1))
    game.apply(Move(0, "N"))
    assert game.chance_step().event == "monster"  # entering the empty nest


def test_no_base_left_every_monster_tied_highest_leaves() -> None:
    """p. 6 探索: "如果有并列最高级，那就把所有并列的怪物都移出去。换而言之，游戏中怪物数不会超过玩家人数的3倍。" Two
    players, six bases, six monsters; two of them level 6: both leave, and the new one takes a freed base."""
    game = corridor_game(players=2)
    lawyer = monster(game, "lawyer", NORTH, "red")
    geek = monster(game, "shrieking_geek", NORTH_EAST, "red")
    for card, where, base in (("gimpy_goblin", NORTH_EAST, "red"), ("maul_rat", EAST, "blue"),
                              ("mushroom", EAST, "blue"), ("potted_plant", EAST, "blue")):
        monster(game, card, where, base)
    assert not any(game.free_bases.values())
    explore_into(game, "guard_room", "goldfish", "red", side="W")
    assert lawyer not in game.dungeon.monsters and geek not in game.dungeon.monsters
    assert len(game.dungeon.monsters) == 5 <= 3 * 2 and game.free_bases[Colour.RED] == 1


def test_once_every_room_is_placed_monsters_still_pass_the_outer_links() -> None:
    """p. 7: "此时小白视所有延伸向地城外的连接块为墙，因为GM还没设计另一边的房间呢。不过怪物依旧可以穿过这些连接块。"
    A munchkin in an outer room cannot go out through a door; a monster whose arrow points through it goes on
    (into the darkness, p. 13)."""
    game = ready(players=2)
    empty_room_deck(game)
    d = game.dungeon
    for r in d.rooms.values():
        way = next((c for c, side in r.arrows.items() if d.room_at(side.step(r.at)) is None
                    and d.link(r.at, side).value in ("corridor", "door")), None)
        if way is not None and not r.entrance:
            break
    move_to(game, 0, r.id)
    side = r.arrows[way]
    assert Explore(0, side.value) not in game.legal_actions() and Move(0, side.value) not in game.legal_actions()
    move_to(game, 0, d.entrance.id)
    goblin = monster(game, "gimpy_goblin", r.id, "blue")
    walked = dict(walk_monsters(game.copy().dungeon, way))
    assert walked[goblin][0] == r.id and walked[goblin][-1] != r.id  # out through the outer link


# ----- p. 7 交易, 搜索, 掉落的物品 ------------------------------------------------------------------------
def test_rooms_buy_and_sell_items_cards_and_levels() -> None:
    """p. 7 交易: "某些房间允许你买卖物品，卡牌，等级，等等。这便称为交易。" ; "大多数交易会写明支付方式：
    无论是使用金币，物品还是卡牌（也可能仅限于某种特定的卡牌）。" The Den of Thieves buys a thief's item, the
    Armoury sells an item, the Library a DxM card and the Throne Room a level, for gold; the Shrine takes any card."""
    game = ready(players=2)
    for tile, at in (("den_of_thieves", (0, -1)), ("armoury", (1, 0)), ("library", (0, 1)), ("throne_room", (-1, 0)),
                     ("shrine", (-1, -1))):
        room(game, tile, at)
    hero(game, 0, cls="thief", gold=1000, health=3)
    sword, = wear(game, 0, "short_sword")
    move_to(game, 0, "den_of_thieves")
    game.apply(Deal(0, "den_of_thieves", 0, sword))  # sold: an item for gold
    assert game.heroes[0].gold == 1000 + game.card(sword).value and sword in game.treasure_discard
    move_to(game, 0, "armoury")
    game.apply(Deal(0, "armoury", 0, sword))  # bought back from the Treasure discards at its value
    assert sword in game.heroes[0].hand and game.heroes[0].gold == 1000
    move_to(game, 0, "library")
    set_moves(game, 3)
    game.apply(Deal(0, "library", 0))  # a card for 200 gold
    assert game.heroes[0].gold == 800 and game.chance_step().event == "dxm"
    game.roll()
    move_to(game, 0, "throne_room")
    game.apply(Deal(0, "throne_room", 0))  # a level for 800 gold
    assert (game.heroes[0].level, game.heroes[0].gold) == (2, 0)
    move_to(game, 0, "shrine")
    set_moves(game, 3)
    paid = {a.option for a in game.legal_actions() if isinstance(a, Deal)}
    assert paid == set(game.heroes[0].hand) | {game.heroes[0].cls}  # a card: from the hand or in play


def test_the_search_icons_and_the_rooms_one_cannot_search() -> None:
    """p. 7 搜索: "房间里的搜索图标（见上）会对搜索骰进行修正。很自然，“无法搜索”的图标就表示在房间里根本不能搜索。"
    The Library (+2) reads the table two rows lower than the Crypt (-2); the Pit of Despair, the Hospital and the
    Shrine cannot be searched at all."""
    from tablerules.odds import search as search_odds

    game = ready(players=2)
    for tile, at in (("library", (0, -1)), ("crypt", (1, 0)), ("pit_of_despair", (0, 1)), ("hospital", (-1, 0)),
                     ("shrine", (-1, -1))):
        room(game, tile, at)
    rows = {}
    for tile in ("library", "crypt"):
        move_to(game, 0, tile)
        after = game.copy()
        after.apply(Search(0))
        rows[tile] = {o.outcome: p for o, p in after.chance_outcomes()}
        assert rows[tile] == {r: p for r, p in search_odds(1, game.room_of(0).search).rows.items() if p}
    assert min(rows["library"]) == 3 and min(rows["crypt"]) == 1 and max(rows["library"]) == 8
    for tile in ("pit_of_despair", "hospital", "shrine"):
        move_to(game, 0, tile)
        assert game.room_of(0).search is None and Search(0) not in game.legal_actions()


def test_a_dropped_pile_is_open_to_every_seat_wherever_it_lies() -> None:
    """p. 7 掉落的物品: "其他玩家随时可以查看掉落物品堆里面的卡牌，不管这些牌在哪。" Player 0 drops a sword in the
    Kitchen; player 1, on the entrance, reads the pile card by card (the hands stay counts)."""
    game = corridor_game(players=2)
    sword, = wear(game, 0, "short_sword")
    hand(game, 0, "elf")
    move_to(game, 0, NORTH_EAST)
    game.apply(Drop(0, sword))
    seen = game.observe(1)
    assert seen["dropped"] == {NORTH_EAST: [sword]} and seen["heroes"][0]["hand"] == 1
    assert game.room_of(1).entrance


def test_a_deal_whose_room_names_no_move_cost_costs_one_move() -> None:
    """p. 7 交易: "除非另有说明，否则进行交易需要花费一点移动力。" The Throne Room's level for 800 gold says nothing
    else, so it costs one move: not offered with none left; the Portal Room says 2."""
    game = ready(players=2)
    room(game, "throne_room", (0, -1))
    room(game, "portal_room", (1, 0))
    move_to(game, 0, "throne_room")
    hero(game, 0, gold=800)
    game.apply(Deal(0, "throne_room", 0))
    assert game.moves_left == 2 and game.heroes[0].level == 2
    game = ready(players=2)
    room(game, "throne_room", (0, -1))
    move_to(game, 0, "throne_room")
    hero(game, 0, gold=800)
    set_moves(game, 0)
    assert not any(isinstance(a, Deal) for a in game.legal_actions())
    room(game, "portal_room", (1, 0))
    move_to(game, 0, "portal_room")
    set_moves(game, 3)
    game.apply(Deal(0, "portal_room", 0, "throne_room"))
    assert game.moves_left == 1
