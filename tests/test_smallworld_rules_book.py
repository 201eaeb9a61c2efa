"""Small World (seed 003), issue 24: the sentences no test quoted yet, each checked through the protocol (legal
actions, apply, observation, log) on positions set with the scenario API (tablerules/smallworld/scenario.py), and
the box contents (游戏内含) against data/smallworld and /work/shared/reference."""

from __future__ import annotations

from tablerules.smallworld import actions as A
from tablerules.smallworld.game import SmallWorld
from tablerules.smallworld.maps import load_board, load_powers, load_races
from tablerules.smallworld.rules.conquest import conquest_cost
from tablerules.smallworld.scenario import begin, decline_race, give, new_game, put, set_lost_tribes
from tablerules.smallworld.state import ROW
from tablerules.smallworld.view import describe


def _dealt(players: int = 3, seed: int = 4) -> SmallWorld:
    """A new game with its row of combos drawn (seeded chance), at player 0's first pick."""
    g = SmallWorld({"players": players}, seed=seed)
    while g.is_chance():
        g.roll()
    return g


def _redeploy_and_end(g: SmallWorld, player: int) -> None:
    """End the conquest, put every token in hand on the player's regions, end the turn."""
    g.apply(A.EndConquest(player))
    while g.state.stage == "redeploy" and g.state.seats[player].hand:
        g.apply(next(a for a in g.legal_actions() if isinstance(a, A.Place)))
    g.apply(next(a for a in g.legal_actions() if isinstance(a, A.EndTurn) and not a.decline))


# ----- the box (游戏内含) against the data -----------------------------------------------------------------------
def test_fourteen_race_banners_and_twenty_power_badges_the_blank_ones_left_out() -> None:
    """Seed 003: "14 个种族旗帜，一面彩色一面灰色", "20 个特殊能力徽记", "《小小世界》中共有 14 个种族、20 个特殊能力",
    "种族 以下列出所有种族所拥有的能力": data/smallworld holds 14 races and 20 powers, each with its rule text (the
    list the seed and the reference give), English and Chinese. "外加一个空白旗帜，可以用来设计自己的种族" and
    "外加一个空白旗帜，可以用来设计自己的特殊能力": the blank banner and badge carry no rule, so they are in no data
    file and never reach the row (14 + 20 named ones, all distinct)."""
    races, powers = load_races(), load_powers()
    assert len(races) == 14 and len(powers) == 20
    assert all(r.text and r.text_zh and r.name_zh for r in races.values())
    assert all(p.text and p.name for p in powers.values())
    g = _dealt()
    s = g.state
    assert sorted(s.row_races + s.race_pool + s.race_bottom) == sorted(races)
    assert sorted(s.row_powers + s.power_pool + s.power_discard) == sorted(powers)


def test_every_race_has_tokens_enough_for_any_power() -> None:
    """Seed 003: "每个种族都有其独特的旗帜，以及足够的种族标志，可以供其与任意特殊能力组合。": for every race and every
    power, the tokens a pick gives (banner + badge, + 4 for the Amazons) never exceed the race's tokens in the box
    (亚马逊 15: 6 + 5 + 4; 矮人 8: 3 + 5). Picked through the protocol, the pick takes them all."""
    races, powers = load_races(), load_powers()
    most = max(p.tokens for p in powers.values())
    assert most == 5
    for race in races.values():
        assert race.tokens + most + (4 if race.name == "Amazons" else 0) <= race.box, race.name
    g = new_game(3, row=[("Amazons", "Seafaring")])
    g.apply(A.PickCombo(0, 0, "Amazons", "Seafaring"))
    assert g.state.seats[0].hand == 15 and g.state.box["Amazons"] == 0
    g = new_game(3, row=[("Dwarves", "Heroic")])
    g.apply(A.PickCombo(0, 0, "Dwarves", "Heroic"))
    assert g.state.seats[0].hand == 8 and g.state.box["Dwarves"] == 0


def test_two_double_sided_maps_for_two_to_five_players() -> None:
    """Seed 003: "游戏内含： · 两张双面地图，分别供 2-5 人游戏用；": a map side for each player count 2, 3, 4 and 5
    (four sides; the 5-player side is our own, marked invented, see docs/rules/smallworld.md), each game on its
    own."""
    boards = {n: load_board(n) for n in (2, 3, 4, 5)}
    assert {n: b.players for n, b in boards.items()} == {2: 2, 3: 3, 4: 4, 5: 5}
    assert [b.invented for b in boards.values()] == [False, False, False, True]
    for n in (2, 3, 4, 5):
        assert _dealt(n).board.players == n


def test_the_game_turn_marker_starts_on_round_one_and_moves_with_the_first_player() -> None:
    """Seed 003: "· 一个游戏回合标志；": one marker on the turn track, shown to every seat: round 1 at the start,
    round 2 once the first player's turn comes round again."""
    g = new_game(2, lost_tribes=False)
    assert g.observation(1)["state"]["round"] == 1 and describe(g, 1).startswith("round 1/10")
    for p in (0, 1):
        combo = next(a for a in g.legal_actions() if isinstance(a, A.PickCombo))
        g.apply(combo)
        while g.is_chance():
            g.roll()
        region = next(a for a in g.legal_actions() if isinstance(a, A.Conquer))
        g.apply(region)
        _redeploy_and_end(g, p)
        while g.is_chance():
            g.roll()
    assert g.state.current == 0 and g.observation(1)["state"]["round"] == 2


def test_the_rest_of_the_banners_and_badges_lie_face_up_under_the_fifth_combo() -> None:
    """Seed 003: "余下的种族旗帜和特殊能力徽记正面朝上放在第五个组合下面。": five combos laid out and the top of the
    stacks under them make six combos every seat sees and may pick (the sixth costs 5 coins); the other 8 banners and
    14 badges wait in the stacks."""
    g = _dealt()
    s = g.state
    assert ROW == 6 and len(s.row_races) == len(s.row_powers) == 6
    assert len(s.race_pool) == 8 and len(s.power_pool) == 14
    seen = g.observation(2)["state"]
    assert seen["row_races"] == s.row_races and seen["row_powers"] == s.row_powers
    picks = [a for a in g.legal_actions() if isinstance(a, A.PickCombo)]
    assert [a.index for a in picks] == [0, 1, 2, 3, 4, 5]


def test_race_tokens_show_their_grey_side_in_decline() -> None:
    """Seed 003: "种族标志有两面，一面色彩色一面是灰色。" (and the banners' "一面彩色一面灰色"): a region of an active
    race shows it coloured, one of a race in decline grey (every seat reads "in decline"), and the seat lists the
    banner turned over."""
    g = new_game(3, lost_tribes=False)
    give(g, 0, "Ratmen", "Commando")
    decline_race(g, 0, "Humans", "Forest")
    farm = next(r.id for r in g.board.regions if r.terrain == "farmland")
    hill = next(r.id for r in g.board.regions if r.terrain == "hill")
    put(g, farm, 0, 1, decline=True, race="Humans")
    put(g, hill, 0, 2)
    text = describe(g, 1)
    assert "player 0, 1 Humans in decline" in text and "player 0, 2 Ratmen" in text
    assert "2 Ratmen in decline" not in text and "in decline: Humans" in text
    state = g.observation(1)["state"]
    assert state["decline"][farm] and not state["decline"][hill]


# ----- set-up -----------------------------------------------------------------------------------------------------
def test_lost_tribes_mark_the_remains_of_old_civilisations() -> None:
    """Seed 003: "3． 在地图上每一个有白色圆圈", "标志的地方放置一个“失落部族”的标志， 代表游戏开始时有古",
    "代文明遗迹的区域；": every region with the circle starts with one lost tribe and no other; conquering one costs a
    token more ("该区域每有一个其他玩家的种族标志或失落的部族标志，需要再多放一个种族标志")."""
    g = _dealt(4)
    circles = [r.id for r in g.board.regions if r.lost_tribe]
    assert circles and g.observation(0)["state"]["lost_tribe"] == [r.lost_tribe for r in g.board.regions]
    give(g, 0, "Ratmen", "Alchemist", hand=8)
    assert all(conquest_cost(g, 0, i) >= 3 for i in circles)


def test_coins_are_money_in_play_and_decide_the_winner() -> None:
    """Seed 003: "在游戏过程中代币可以作为货币使用，最后结算时按照胜利点数决定胜利者。": the coins pay for a combo
    (the third one costs 2 of the 5: 3 left) and, once the game is over, the most coins win (the result's scores are
    the coins)."""
    g = new_game(2, lost_tribes=False)
    g.apply(A.PickCombo(0, 2, g.state.row_races[2], g.state.row_powers[2]))
    assert g.state.seats[0].coins == 3
    g = _dealt(2, seed=1)
    while not g.is_over():
        g.roll() if g.is_chance() else g.apply(g.legal_actions()[0])
    result = g.result()
    coins = {p: seat["coins"] for p, seat in enumerate(g.observation(0)["state"]["seats"])}
    assert result.scores == coins and set(result.winners) <= {p for p, c in coins.items() if c == max(coins.values())}


# ----- the first turn ---------------------------------------------------------------------------------------------
def test_a_first_turn_picks_a_combo_conquers_and_scores() -> None:
    """Seed 003: "I. 第一回合 在第一回合，你需要进行以下操作： 1．选择一个种族与特殊能力的组合；", "2．征服一个或几个
    区域；", "3．获得胜利点数。"; "1．选择一个种族与特殊能力的组合；"; "2. 征服区域 玩家的种族标志可以用来征服地图上的
    各个区域， 从而获得胜利点数。"; "3．获得胜利点数。", "至此，该玩家的征服阶段结束。": player 0 picks Skeletons +
    Merchant (the third combo: 2 coins, 5 - 2 = 3 left; 6 + 2 = 8 tokens), conquers two regions (2 tokens each),
    redeploys and scores 2 coins for the regions + 2 for the Merchant: 3 + 4 = 7; the conquest is over and player 1
    plays."""
    g = new_game(3, lost_tribes=False)
    assert {type(a) for a in g.legal_actions()} == {A.PickCombo}  # 1: a combo first
    g.apply(A.PickCombo(0, 2, "Skeletons", "Merchant"))
    while g.is_chance():
        g.roll()
    assert g.state.seats[0].coins == 3 and g.state.seats[0].hand == 8
    first = next(a for a in g.legal_actions() if isinstance(a, A.Conquer) and a.cost == 2)
    g.apply(first)  # 2: conquer
    second = next(a for a in g.legal_actions() if isinstance(a, A.Conquer) and a.cost == 2)
    g.apply(second)
    assert g.state.seats[0].hand == 4 and g.state.regions_of(0) == sorted([first.region, second.region])
    _redeploy_and_end(g, 0)  # 3: score
    assert g.state.seats[0].coins == 3 + 2 + 2
    assert g.state.current == 1 and g.state.stage == "pick"
    assert not any(isinstance(a, A.Conquer) and a.player == 0 for a in g.legal_actions())


# ----- later conquests: the seed's example goes on --------------------------------------------------------------
def test_the_hill_example_goes_on_to_the_elves_farmland() -> None:
    """Seed 003: "例如，要想进入有失落的部族的山丘，需要使用三个宝贵的种族标志。", "成功征服山丘之后，这支部
    队来到了精灵的农场旁边。": a hill with a lost tribe costs 2 + 1 = 3 tokens; once it is taken, the Elves' farmland
    beside it (2 Elves) is a conquest of its own, adjacent now: 2 + 2 = 4 tokens."""
    g = new_game(3, lost_tribes=False)
    board = g.board
    hill = next(r.id for r in board.regions if r.terrain == "hill" and r.lost_tribe and r.border and any(
        board.regions[n].terrain == "farmland" for n in r.adjacent))
    farm = next(n for n in board.regions[hill].adjacent if board.regions[n].terrain == "farmland")
    set_lost_tribes(g, [hill])
    give(g, 1, "Elves", "Forest")
    put(g, farm, 1, 2)
    give(g, 0, "Ratmen", "Alchemist", hand=8)
    begin(g, 0)
    assert A.Conquer(0, hill, 3) in g.legal_actions()
    g.apply(A.Conquer(0, hill, 3))
    assert g.state.seats[0].hand == 5 and A.Conquer(0, farm, 4) in g.legal_actions()
    g.apply(A.Conquer(0, farm, 4))
    assert g.state.owner[farm] == 0 and g.state.seats[0].hand == 1


# ----- the final attempt ------------------------------------------------------------------------------------------
def test_the_last_conquest_may_lack_tokens_and_calls_for_the_die() -> None:
    """Seed 003: "最后一次征服的尝试/援军 投骰 每个玩家回合中，在进行最后一次征服的时候，可能没有足够的种族标志。":
    with 2 tokens left and a region costing 4 (2 + 2 defenders) no plain conquest of it is offered, but the final
    attempt is, with the reinforcement die (faces 0, 0, 0, 1, 2, 3): 2 + a 2 or a 3 makes it, 1 in 3."""
    from fractions import Fraction

    g = new_game(3, lost_tribes=False)
    board = g.board
    own = next(r.id for r in board.regions if r.border and not r.water and r.terrain != "mountain" and any(
        not board.regions[n].water and board.regions[n].terrain != "mountain" for n in r.adjacent))
    other = next(n for n in board.regions[own].adjacent
                 if not board.regions[n].water and board.regions[n].terrain != "mountain")
    give(g, 0, "Ratmen", "Alchemist", hand=2)
    give(g, 1, "Humans", "Hill")
    put(g, own, 0, 2)
    put(g, other, 1, 2)
    begin(g, 0)
    assert conquest_cost(g, 0, other) == 4
    legal = g.legal_actions()
    assert A.Conquer(0, other, 4) not in legal and A.FinalAttempt(0, other, 4) in legal
    g.apply(A.FinalAttempt(0, other, 4))
    odds = {int(a.outcome): p for a, p in g.chance_step().outcomes}
    assert sum(p for face, p in odds.items() if 2 + face >= 4) == Fraction(1, 3)


# ----- scoring: tokens of several races --------------------------------------------------------------------------
def test_a_race_in_decline_still_scores_beside_the_active_one() -> None:
    """Seed 003: "随着游戏进程，玩家可能会有多于一个 的种族标志留在地图上，之前退出场地的种族如果有标志留在场地上， 也
    可以获得分数（见下文种 族退场规则） 。": player 0 holds 2 regions of the active Ratmen and 2 of the Humans in
    decline: the turn scores 4 coins (1 a region of either race; the Humans' farmland bonus is gone with their
    decline)."""
    g = new_game(3, lost_tribes=False)
    board = g.board
    land = [r.id for r in board.regions if not r.water and r.terrain != "mountain"]
    give(g, 0, "Ratmen", "Commando")
    decline_race(g, 0, "Humans", "Forest")
    farms = [i for i in land if board.regions[i].terrain == "farmland"][:2]
    rest = [i for i in land if i not in farms][:2]
    for i in farms:
        put(g, i, 0, 1, decline=True, race="Humans")
    for i in rest:
        put(g, i, 0, 2)
    begin(g, 0)
    coins = g.state.seats[0].coins
    _redeploy_and_end(g, 0)
    assert g.state.seats[0].coins == coins + 4


def test_the_summary_sheets_steps_and_lists() -> None:
    """Seed 003: "· 6 张表单，包含游戏步骤与种族/能力清单；": the player aids carry the turn's steps and the list of
    races and powers; here every stage a turn passes through has its rule box (the step, the seed's words, in
    English), and every race and power its text: nothing a seat meets is without its summary."""
    from tablerules.smallworld.view import STAGE_RULES

    g = _dealt()
    stages = set()
    while not g.is_over() and len(stages) < 6 and g.state.round < 4:
        stages.add(g.state.stage)
        g.roll() if g.is_chance() else g.apply(g.legal_actions()[-1])
    assert {"pick", "conquer", "redeploy"} <= stages and stages <= set(STAGE_RULES)
    assert all(title and en for title, _zh, en in STAGE_RULES.values())
    assert all(r.text for r in load_races().values()) and all(p.text for p in load_powers().values())
