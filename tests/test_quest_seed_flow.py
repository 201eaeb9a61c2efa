"""Munchkin Quest (seed 001) p. 6-11 read sentence by sentence: the start of the turn, moving, exploring,
searching, deals, charity, death and revival, help, the boss, the monster turn. Each test quotes its passage."""

from __future__ import annotations

from quest_seed_helpers import EAST, NORTH, NORTH_EAST, corridor_game, explore_into, fight_in_north, roll_fight

from tablerules.core.protocol import Chance
from tablerules.quest.actions import (
    AnswerHelp,
    AskHelp,
    Deal,
    DiscardCard,
    FightAnyway,
    GiveCard,
    PickUp,
    RollToRun,
    RunTo,
    Search,
    Suicide,
)
from tablerules.quest.exploration import EndTurn, Move
from tablerules.quest.heroes import START_GOLD
from tablerules.quest.scenario import hand, hero, monster, move_to, ready, room, wear


def test_a_monster_in_your_room_when_your_turn_starts_is_a_fight() -> None:
    """p. 6 回合开始时房间里有怪物: "要是回合开始时就和怪物呆在一个房间里的话，就和撞上怪物一样处理，直接触发战斗。";
    p. 8:
    "如果怪物在你的回合之外移入了你所在的房间，什么事都不会发生...只有当你的回合开始，且房间里仍然有怪物时，
    战斗才会开始。" ; "在你的回合，一旦发生以下情况之一，则发生战斗：·你回合开始时和怪物共处一室"."""
    game = corridor_game(players=2)
    move_to(game, 1, NORTH)
    plant = monster(game, "potted_plant", NORTH, "red")  # lurking: it never moves on the monster turn
    assert game.fight is None  # player 1 is not to play: nothing happens
    game.apply(EndTurn(0))
    while game.is_chance():
        game.roll()
    assert game.current == 1 and game.fight is not None and game.fight.monsters == [plant]


def test_moves_three_spent_on_links_not_stored_and_fights_cost_none() -> None:
    """p. 6 移动力: "所有人的初始移动力都是3...没用完的移动力不能留到下轮。" p. 8 连战:
    "战斗和逃跑（见第10页）都不消耗移动力，所以一回合
    里可能会进行多场战斗。" p. 7: "如果你在战斗结束之后还有移动力，则可以照常使用。\""""
    game = corridor_game(players=2)
    hero(game, 0, level=5)
    fight_in_north(game, "maul_rat")
    assert game.moves_left == 2
    roll_fight(game, 6, 1)
    while game.is_chance():
        game.roll()
    assert game.fight is None and game.moves_left == 2
    monster(game, "gimpy_goblin", NORTH_EAST, "blue")
    game.apply(Move(0, "E"))
    assert game.fight is not None and game.moves_left == 1  # a second fight in the same turn


def test_exploring_a_dxm_card_and_a_monster_fight_at_once() -> None:
    """Seed 001 p. 4: "每次掷这个骰子的时候，与掷出颜色相对应的玩家可以拿一张主角卡".
    p. 6 探索: "3.在他折腾地图的时候，你可以抓一张主角卡，作为探索的奖励...4...顺便说一句，你现在已经在战斗里了，
    因为……5.没探索
    过的房间里总有怪物！...掷怪物骰决定这只怪物应当配哪种颜色的底座（掷出的那个颜色的玩家可以抓一张主角卡）"
    p. 17 主角卡: "·探索新房间时。\""""
    game = ready(players=2)
    before = len(game.heroes[0].hand) + len(game.heroes[1].hand)
    explore_into(game, "storeroom", "maul_rat", "blue", side="N")
    assert game.fight is not None and game.room_of(0).name == "Storeroom"
    assert len(game.heroes[0].hand) + len(game.heroes[1].hand) == before + 2  # the explorer's, blue's


def test_searching_once_a_room_a_turn_one_move_not_with_a_monster() -> None:
    """p. 7 搜索: "花一点移动力就可以投个骰子...有怪物在场的时候不能搜索。" ; "每回合每个房间只能搜索一次！" ;
    "如果你在一次搜索中找到了足够多的东西，房间就会被“搜刮完毕”或“洗劫一空”。" ;
    "往被“搜刮完毕”的房间
    里再放一个“搜刮完毕”就会变成“洗劫一空”\""""
    game = corridor_game(players=2)
    game.apply(Move(0, "N"))
    game.apply(Search(0))
    game.apply(Chance("search", 5))  # 100 gold, a Treasure, looted
    while game.is_chance():
        game.roll()
    assert game.moves_left == 1 and game.tokens[NORTH].value == "looted" and Search(0) not in game.legal_actions()
    monster(game, "maul_rat", NORTH_EAST, "blue")
    hero(game, 0, level=9)
    game.apply(Move(0, "E"))
    assert Search(0) not in game.legal_actions()


def test_a_search_finding_a_monster_is_a_fight_at_once() -> None:
    """p. 7: "如果你搜出了一个怪物，战斗立刻开始" ; p. 20: "7——抓一张怪物卡，立刻开战" ; p. 8 (a fight starts in
    your turn when) "·新怪物出现在了你的房间。"."""
    game = corridor_game(players=2)
    game.apply(Move(0, "N"))
    game.apply(Search(0))
    game.apply(Chance("search", 7))
    game.apply(Chance("monster", "maul_rat"))
    game.apply(Chance("base", "blue"))
    while game.is_chance():
        game.roll()
    assert game.fight is not None and game.fight.room == NORTH


def test_deals_cost_a_move_not_with_a_monster_some_once_a_turn() -> None:
    """p. 7 交易: "有怪物在场的时候不能进行交易。除非另有说明，否则进行交易需要花费一点移动力...某些交易规定了上限。
    这种交易每回合只能进行
    一次。你不能再花移动力进行同样的交易。如果没有上限，那你只要花移动力就能重新进行同样的交易，多少次都可以。\""""
    game = ready(players=2)
    room(game, "hospital", (0, -1))
    room(game, "gambling_den", (1, 0))
    move_to(game, 0, "hospital")
    hero(game, 0, health=1, gold=1000)
    game.apply(Deal(0, "hospital", 0))
    assert (game.heroes[0].health, game.heroes[0].gold, game.moves_left) == (3, 700, 2)
    assert not any(isinstance(a, Deal) for a in game.legal_actions())  # once a turn
    move_to(game, 0, "gambling_den")
    game.apply(Deal(0, "gambling_den", 0, "100"))
    game.apply(Chance("d6", 4))
    assert any(isinstance(a, Deal) for a in game.legal_actions())  # no limit: again while moves last


def test_charity_over_five_cards_to_the_lowest_level_or_discarded() -> None:
    """p. 7 行善: "如果你在回合结束的时候手里超过了5张卡，就必须把超过的部分送给等级最低的小白。
    如果你自己的等级就是最低或者并列最低，
    就把超过的部分弃掉。\" A dead player still receives charity (p. 8: 可以如常拿到善施)."""
    game = ready(players=3)
    hero(game, 0, level=3)
    hero(game, 1, level=2, dead=True)
    hero(game, 2, level=4)
    cards = hand(game, 0, "elf", "dwarf", "halfling", "warrior", "wizard", "thief")
    game.apply(EndTurn(0))
    assert game.stage() == "charity" and {a.to for a in game.legal_actions() if isinstance(a, GiveCard)} == {1}
    game.apply(GiveCard(0, cards[0], 1))
    assert cards[0] in game.heroes[1].hand
    game = ready(players=2)
    hero(game, 1, level=3)
    cards = hand(game, 0, "elf", "dwarf", "halfling", "warrior", "wizard", "thief")
    game.apply(EndTurn(0))
    assert [type(a) for a in game.legal_actions() if a.actor == 0 and isinstance(a, GiveCard | DiscardCard)] \
        and all(isinstance(a, DiscardCard) for a in game.legal_actions() if isinstance(a, GiveCard | DiscardCard))


def test_before_charity_hand_items_go_into_play_or_onto_the_floor() -> None:
    """p. 7 行善: "你完全可以把手里的卡牌放到场上，把能卖掉的东西卖掉，甚至把手里的东西扔到地上，
    这样可以少给别人或少弃一点牌。" In your own turn an item goes from the hand straight to the floor of
    your room; over the limit at the end of the turn, the charity stage offers it too (and putting it into
    play), and once the hand is down to five the turn goes on to the monsters with nothing given."""
    from tablerules.quest.actions import Drop, PlayCard

    game = ready(players=3)
    hero(game, 0, level=3)
    hero(game, 1, level=1)
    boots, = hand(game, 0, "boots_of_running_really_fast")
    assert Drop(0, boots) in game.legal_actions()  # in the turn, from the hand
    spear, = hand(game, 0, "poking_spear")
    cards = hand(game, 0, "elf", "dwarf", "halfling", "warrior")
    game.apply(EndTurn(0))
    assert game.stage() == "charity"
    assert {Drop(0, boots), Drop(0, spear), PlayCard(0, spear)} <= set(game.legal_actions())
    game.apply(Drop(0, boots))
    assert boots in game.dropped["ENT"] and boots not in game.heroes[0].hand
    assert game.stage() == "monster turn: rolling the monster die"
    assert set(cards) <= set(game.heroes[0].hand) and not game.heroes[1].hand


def test_death_drops_everything_a_level_and_the_turn_goes_to_the_monsters() -> None:
    """p. 8 死亡: "把你的手牌弃光，·掉1级 / 你的所有金币和物品都掉在了你所处的房间 / 你所拥有的主角卡牌仍然归你。
    也就是说，你的种族和
    职业保持不变 / 直接进行到怪物轮\""""
    game = corridor_game(players=2)
    hero(game, 0, level=4, race="elf")
    helmet, = wear(game, 0, "firefighters_helmet")
    hand(game, 0, "dwarf")
    game.apply(Move(0, "N"))
    game.apply(Suicide(0))
    h = game.heroes[0]
    assert h.dead and h.level == 3 and h.hand == [] and h.gold == 0 and h.race is not None
    assert game.dropped[NORTH] == [helmet] and game.dropped_gold[NORTH] == 300
    assert game.stage() == "monster turn: rolling the monster die"


def test_revival_on_the_entrance_full_health_300_gold_two_and_two_cards() -> None:
    """p. 8 复活: "你在自己的下回合初出现在入口块上。把你的所有生命值指示物翻成红色。拿300枚金币，
    抓2张宝藏卡和2张主角卡...然后如常
    进行你的回合。" p. 17 主角卡 and 宝藏卡 (each): "死而复生时抓两张（见第8页，“复活”）。\""""
    game = corridor_game(players=2)
    game.apply(Move(0, "N"))
    game.apply(Suicide(0))
    game.apply(Chance("monster die", "purple"))  # nobody's colour: nobody draws
    while game.is_chance():  # player 1's DxM card
        game.roll()
    game.apply(EndTurn(1))
    game.apply(Chance("monster die", "purple"))
    while game.is_chance():
        game.roll()
    h = game.heroes[0]
    assert game.current == 0 and not h.dead and h.health == h.max_health and h.gold == START_GOLD
    decks = sorted(game.card(c).deck for c in h.hand)
    assert decks == ["dxm"] * 3 + ["treasure"] * 2  # 2 + 2, then the turn's DxM card
    assert game.room_of(0).entrance


def test_the_monsters_win_when_every_munchkin_is_dead() -> None:
    """p. 4 怪物方胜利: "如果某一时刻所有玩家都死翘翘了，那/怪物们/就赢得游戏。\""""
    game = ready(players=2)
    hero(game, 1, dead=True, health=0)
    game.apply(Suicide(0))
    assert game.is_over() and game.result().winners == ()


def test_help_one_helper_from_the_room_or_next_door_moves_in_free() -> None:
    """Seed 001 p. 6: "回合外的移动不会消耗移动力".
    p. 10 找人帮忙: "你只能有一个帮手...你可以邀请与你同一个房间或者可以跑来帮你的任何人" ; 跑去帮忙:
    "相邻的房间里的小白可以通过
    走廊或任何门跑去帮你。这属于回合外移动，而且不需要花费移动力。" ; "当帮手移动了以后，便必须帮忙。\""""
    game = corridor_game()
    move_to(game, 2, EAST)  # two rooms away from the Storeroom
    fight_in_north(game, "pit_bull")
    asked = {a.helper for a in game.legal_actions() if isinstance(a, AskHelp)}
    assert asked == {1}
    game.apply(AskHelp(0, 1, 0))
    game.apply(AnswerHelp(1, True))
    assert game.room_of(1).id == NORTH and game.moves_left == 2 and game.fight.helper == 1
    assert not any(isinstance(a, AskHelp) for a in game.legal_actions())


def test_the_helper_runs_too_on_their_own_rolls_maybe_elsewhere() -> None:
    """p. 10 大家逃命！: "如果你有帮手，而你们这方输掉了的话，帮手也得逃跑。他也要为所有怪物分别掷骰。
    不过他不一定要和你往同一个方向跑。
    帮手逃跑的成败和你无关，反之亦然。\""""
    game = corridor_game()
    dog = fight_in_north(game, "pit_bull")
    game.apply(AskHelp(0, 1, 0))
    game.apply(AnswerHelp(1, True))
    roll_fight(game, 1, 1, 6)
    game.apply(RunTo(0, NORTH_EAST))
    game.apply(RollToRun(0, dog))
    game.apply(Chance("d6", 1))  # caught: 2 hits
    game.apply(RunTo(1, "ENT"))
    game.apply(RollToRun(1, dog))
    game.apply(Chance("d6", 5))
    assert (game.heroes[0].health, game.heroes[1].health) == (1, 3)
    assert (game.room_of(0).id, game.room_of(1).id) == (NORTH_EAST, "ENT")


def test_running_roll_5_or_more_escapes_no_move_spent() -> None:
    """p. 10 掷逃跑骰: "逃跑不会花费移动力，只需要掷一个骰子...如果结果是5或更高，那就躲过了恶果。" ;
    "掷骰之前先选逃向！逃跑不能逃向
    黑暗，只能逃向一个已经探索过的房间。\""""
    game = corridor_game(players=2)
    dog = fight_in_north(game, "pit_bull")
    roll_fight(game, 1, 6)
    assert {a.room for a in game.legal_actions() if isinstance(a, RunTo)} == {"ENT", NORTH_EAST}
    game.apply(RunTo(0, "ENT"))
    game.apply(RollToRun(0, dog))
    game.apply(Chance("d6", 5))
    assert game.heroes[0].health == 3 and game.moves_left == 2 and game.room_of(0).entrance


def test_ignored_you_choose_to_fight_and_may_not_deal_search_or_pick_up() -> None:
    """p. 8 被怪物无视: "如果你被怪物无视了，那你就可以自选是否开战...但是，你不能在房间里进行交易，捡物品，
    或搜索房间。如果你选择开战，
    那战斗就如常开始。\" (the Kiosk ignores thieves)"""
    game = corridor_game(players=2)
    hero(game, 0, cls="thief")
    monster(game, "kiosk", NORTH, "blue")
    hero(game, 1, room=NORTH)
    from tablerules.quest.actions import Drop

    knees, = wear(game, 1, "spiky_knees")
    game.apply(Drop(1, knees))
    game.apply(Move(0, "N"))
    assert game.fight is None
    legal = game.legal_actions()
    assert Search(0) not in legal and PickUp(0) not in legal and FightAnyway(0) in legal
    game.apply(FightAnyway(0))
    assert game.fight is not None


def test_a_level_10_munchkin_on_the_entrance_fights_the_boss_only_level_10_helpers() -> None:
    """Seed 001 p. 11: "照常决定它的底座颜色".
    p. 11 Boss: "当10级玩家在自己的回合处于入口时，
    抓一张怪物作为Boss...你可以请求帮助……但是10级以下的小白在Boss战上帮不上忙，就算
    他们就在入口也不行。\""""
    game = ready(players=3)
    room(game, "storeroom", (0, -1))
    move_to(game, 0, "storeroom")
    hero(game, 0, level=10)
    hero(game, 2, level=10)
    game.apply(Move(0, "S"))
    game.apply(Chance("monster", "lawyer"))
    game.apply(Chance("base", "blue"))
    while game.is_chance():
        game.roll()
    assert game.fight.boss and {a.helper for a in game.legal_actions() if isinstance(a, AskHelp)} == {2}


def test_the_monster_turn_colour_draws_a_dxm_card_even_with_no_monster() -> None:
    """Seed 001 p. 4: "每次掷这个骰子的时候，与掷出颜色相对应的玩家可以拿一张主角卡"; p. 13:
    "每位玩家的回合结束之后都有一个怪物回合".
    p. 13 怪物回合: "刚进行完回合的玩家掷怪物骰...即使没有需要移动的怪物也必须掷骰，因为要……抓主角卡：
    与怪物移动色相对应的玩家立刻抓
    一张主角卡。" p. 17 主角卡: "·怪物骰掷出你的颜色时。\""""
    game = ready(players=2)
    game.apply(EndTurn(0))
    assert game.chance_step().event == "monster die"
    game.apply(Chance("monster die", "blue"))
    assert game.chance_step().event == "dxm" and game.pending[0].player == 1


def test_charity_shared_as_evenly_as_possible_among_tied_lowest() -> None:
    """p. 7 行善: "如果很多小白等级并列最低，那就尽量平均地分配，不过你可以决定谁拿什么。\""""
    game = ready(players=3)
    hero(game, 0, level=3)
    cards = hand(game, 0, "elf", "dwarf", "halfling", "warrior", "wizard", "thief", "cleric")
    game.apply(EndTurn(0))
    assert {a.to for a in game.legal_actions() if isinstance(a, GiveCard)} == {1, 2}
    game.apply(GiveCard(0, cards[0], 1))
    assert {a.to for a in game.legal_actions() if isinstance(a, GiveCard)} == {2}  # evenly: now player 2


def test_a_thief_backstabs_a_fighting_munchkin_from_next_door() -> None:
    """p. 10 帮手以外: "盗贼可以使用背刺能力" (the thief's discard power: -2 to the munchkins, from the room or next
    to it)."""
    from tablerules.quest.actions import Pass, Power, Roll

    game = corridor_game()
    hero(game, 1, cls="thief")
    card, = hand(game, 1, "curse_tax")
    fight_in_north(game, "pit_bull")
    before = game.munchkin_strength()
    game.apply(Roll(0))
    game.apply(Power(1, "backstab", card))
    assert game.munchkin_strength() == before - 2
    game.apply(Pass(1))
    assert not any(isinstance(a, Power) for a in game.legal_actions(1))  # once a fight


def test_a_helper_killing_a_monster_of_their_colour_draws_a_dxm_card() -> None:
    """p. 10 帮手的奖励: "如果怪物和帮手颜色一致，他可以抓一张主角卡。" p. 17: "打败或者帮助打败“自己的”怪物时\""""
    game = corridor_game()
    hero(game, 0, level=5)
    fight_in_north(game, "pit_bull", base="blue")  # player 1's colour
    game.apply(AskHelp(0, 1, 0))
    game.apply(AnswerHelp(1, True))
    roll_fight(game, 6, 6, 1)
    draws = [(s.deck, s.player) for s in game.pending if getattr(s, "deck", "")]
    assert ("dxm", 1) in draws and ("dxm", 0) not in draws


def test_enhancers_and_a_monster_capsule_in_the_boss_fight() -> None:
    """p. 11: "怪物增强卡可以照常用在Boss身上，而“怪物胶囊”或类似的卡牌也可以给它造出帮凶。\""""
    from tablerules.quest.actions import Enhance, Roll, Wandering

    game = ready(players=2)
    room(game, "storeroom", (0, -1))
    move_to(game, 0, "storeroom")
    hero(game, 0, level=10)
    hairy, capsule = hand(game, 1, "hairy", "monster_capsule")
    game.apply(Move(0, "S"))
    game.apply(Chance("monster", "lawyer"))
    game.apply(Chance("base", "blue"))
    while game.is_chance():
        game.roll()
    boss = game.fight.monsters[0]
    game.apply(Roll(0))
    game.apply(Enhance(1, hairy, boss))
    assert game.monster_strength() == 20 + 5
    game.apply(Wandering(1, capsule))
    game.apply(Chance("monster", "maul_rat"))
    game.apply(Chance("base", "red"))
    while game.is_chance():
        game.roll()
    # the companion keeps its own level: only the boss is always 20
    assert len(game.fight.monsters) == 2 and game.monster_strength() == 20 + 5 + 1


def test_a_bribe_a_curse_took_meanwhile_can_only_be_refused() -> None:
    """p. 10 贿赂 with p. 5 (curses at any time): the fighter offers the helmet, a curse takes it before the
    answer; the asked player can only refuse (the bribe is gone)."""
    from tablerules.quest.actions import PlayCurse

    game = corridor_game()
    helmet, = wear(game, 0, "firefighters_helmet")
    curse, = hand(game, 2, "curse_lose_headgear")
    fight_in_north(game, "pit_bull")
    game.apply(AskHelp(0, 1, 0, 0, helmet))
    game.apply(PlayCurse(2, curse, 0))
    assert helmet in game.dxm_discard + game.treasure_discard
    assert [a for a in game.legal_actions() if isinstance(a, AnswerHelp)] == [AnswerHelp(1, False)]
