"""Small World: a scenario test per rule sentence of seed 003 (小小世界中文规则) not covered elsewhere, each quoting
its passage; the coverage table in docs/rules/smallworld.md maps every sentence to its test."""

from __future__ import annotations

import pytest

from tablerules.core.errors import IllegalAction
from tablerules.core.protocol import Chance
from tablerules.smallworld import actions as A
from tablerules.smallworld.game import SmallWorld
from tablerules.smallworld.maps import load_powers, load_races
from tablerules.smallworld.rules import turns
from tablerules.smallworld.rules.conquest import conquest_cost, cost_breakdown, targets
from tablerules.smallworld.rules.scoring import score_breakdown
from tablerules.smallworld.scenario import (
    begin,
    decline_race,
    end_game,
    give,
    new_game,
    put,
    set_badge_stack,
    set_coins,
    set_encampments,
    set_hand,
    set_lost_tribes,
    set_round,
)
from tablerules.smallworld.state import (
    COIN_TOKENS,
    LOST_TRIBES,
    MAX_ENCAMPMENTS,
    MAX_FORTRESSES,
    MAX_HEROES,
    MAX_HOLES,
    MAX_LAIRS,
    START_COINS,
)

DIE = "reinforcement die"


def land(g: SmallWorld, **facts) -> list[int]:
    return [r.id for r in g.board.regions if not r.water and all(getattr(r, f) == v for f, v in facts.items())]


def far_from(g: SmallWorld, region: int, *avoid: int) -> int:
    """A land region not next to ``region`` (and not one of ``avoid``)."""
    near = set(g.board.regions[region].adjacent) | {region, *avoid}
    return next(i for i in land(g) if i not in near and g.state.owner[i] < 0 and not g.state.lost_tribe[i])


def redeploy_all(g: SmallWorld, player: int = 0) -> None:
    while g.state.seats[player].hand:
        g.apply(next(a for a in g.legal_actions() if isinstance(a, A.Place)))


# ----- components and set-up ------------------------------------------------------------------------------
def test_components_race_token_counts() -> None:
    """Seed: "· 168 个种族标志+1Leabharlann Baidu 个“失落的部族”" (the seed's text garbles the 18 of the lost tribes)
    and "亚马逊 x15，矮人 x8，精灵 x11，食尸鬼 x10，鼠人 x13， 骷髅 x20，法师 x18，鱼人 x11，巨人 x11， 半身人 x11 人
    类 x10，兽人 x10，巨魔 x10，巫师 x10，失落部族 x18": the box counts in data/smallworld/races.json add up to
    168."""
    seed = {"亚马逊": 15, "矮人": 8, "精灵": 11, "食尸鬼": 10, "鼠人": 13, "骷髅": 20, "法师": 18, "鱼人": 11,
            "巨人": 11, "半身人": 11, "人类": 10, "兽人": 10, "巨魔": 10, "巫师": 10}
    races = load_races()
    assert {r.name_zh: r.box for r in races.values()} == seed
    assert sum(seed.values()) == 168 and LOST_TRIBES == 18


def test_components_markers_and_coins() -> None:
    """Seed: "10 个巨魔巢穴、6 座城堡、9 座山峰、5 个聚居点、2 个地洞、2 位英雄、1 只龙。 · 109 个胜利点数（VP）代币；
    10VPx30，5VPx24，3VPx20，1VPx35"."""
    assert (MAX_LAIRS, MAX_FORTRESSES, MAX_ENCAMPMENTS, MAX_HOLES, MAX_HEROES) == (10, 6, 5, 2, 2)
    assert sum(COIN_TOKENS.values()) == 109 and sum(v * n for v, n in COIN_TOKENS.items()) == 515
    for players in (2, 3, 4, 5):
        g = SmallWorld({"players": players}, seed=1)
        assert sum(r.mountain_marker for r in g.board.regions) <= 9  # 9 座山峰
        assert sum(g.state.lost_tribe) + g.state.lost_tribes_box == 18


@pytest.mark.parametrize("players,rounds", [(2, 10), (3, 10), (4, 9), (5, 8)])
def test_setup_board_track_tribes_mountains_coins(players: int, rounds: int) -> None:
    """Seed, 游戏设置阶段: "1． 选出适合游戏人数用的地图，将回合标志物置于回合 1 处 ... 3． 在地图上每一个有白色圆圈标
    志的地方放置
    一个“失落部族”的标志 ... 4． 在地图上有山峰的区域放置山峰标志； 5． 每位玩家发放 5 枚 1 点的胜利点数代币"."""
    g = SmallWorld({"players": players}, seed=2)
    s = g.state
    assert g.board.players == players and g.board.rounds == rounds and s.round == 1
    assert s.lost_tribe == [r.lost_tribe for r in g.board.regions]
    assert all(r.mountain_marker == (r.terrain == "mountain") for r in g.board.regions)
    assert [seat.coins for seat in s.seats] == [START_COINS] * players == [5] * players


def test_worked_example_skeletons_merchant_all_numbers() -> None:
    """Seed 003: "每个玩家可以从场上可见的六个种族...然后将下方的种族"; "选择时需要在这一组合上方每一个种族";
    "每位玩家从盒子中拿出相应数量的种族标志物".
    Seed: "如图中，要选择骷髅 + 商人的组合，就需要花费两个胜利点数；在此之后把下面三个组合上移，形成新的队列。...
    标物物总量等于
    种族旗帜与特殊能力徽记上的数值之和（例：骷髅+商人的组合可以拿取 8 个标志物）"."""
    g = new_game(3, row=[("Ratmen", "Commando"), ("Humans", "Alchemist"), ("Skeletons", "Merchant")])
    s = g.state
    below = list(zip(s.row_races[3:], s.row_powers[3:], strict=True))
    assert len(below) == 3  # the three combos below Skeletons + Merchant
    g.apply(A.PickCombo(0, 2, "Skeletons", "Merchant"))
    assert s.seats[0].coins == 5 - 2 and s.row_coins[:2] == [1, 1]  # two coins, one on each combo above
    assert list(zip(s.row_races[2:5], s.row_powers[2:5], strict=True)) == below  # the three below move up
    assert g.races["Skeletons"].tokens == 6 and g.powers["Merchant"].tokens == 2 and s.seats[0].hand == 8


def test_every_race_goes_with_every_power() -> None:
    """Seed: "每个种族都可以与任何一个特殊能力相搭配，获得相应的加成。... 选择每个种族/能力的组合时可以按照种族旗帜与
    能力徽记上的
    数值获得相应数量的种族标志。"."""
    races, powers = load_races(), load_powers()
    for race in races:
        for power in powers:
            g = new_game(2, row=[(race, power)])
            g.apply(A.PickCombo(0, 0, race, power))
            extra = 4 if race == "Amazons" else 0
            assert g.state.seats[0].hand == min(races[race].tokens + powers[power].tokens + extra, races[race].box)


# ----- conquest -------------------------------------------------------------------------------------------
def test_conquest_needs_two_tokens_plus_markers_plus_defenders() -> None:
    """Seed: "要征服一个区域，玩家至少要在这个区域放置两个种族标志。该区域每有一个定居点、要塞、山峰或巨魔巢穴，就需要
    多放一个种族
    标志；该区域每有一个其他玩家的种族标志或失落的部族标志，需要再多放一个种族标志。"."""
    g = new_game(3, lost_tribes=False)
    give(g, 0, "Ratmen", "Alchemist", hand=20)
    empty, camp = land(g, terrain="farmland")[:2]
    assert conquest_cost(g, 0, empty) == 2
    give(g, 1, "Elves", "Bivouacking")
    put(g, camp, 1, 1)
    assert conquest_cost(g, 0, camp) == 3  # one token of another player
    set_encampments(g, {camp: 1})
    assert conquest_cost(g, 0, camp) == 4  # 定居点 (an encampment)
    mountain = land(g, terrain="mountain")[0]
    assert dict(cost_breakdown(g, 0, mountain)) == {"base": 2, "mountain": 1}
    put(g, mountain, 1, 1)
    assert conquest_cost(g, 0, mountain) == 4
    tribe = next(i for i in land(g) if g.board.regions[i].lost_tribe and g.state.owner[i] < 0)
    set_lost_tribes(g, [tribe])  # the maps put no lost tribe on a mountain
    assert conquest_cost(g, 0, tribe) == 2 + 1 + g.board.regions[tribe].mountain_marker


def test_tokens_stay_where_they_conquered_until_redeployment() -> None:
    """Seed: "对一个区域进行征服时，玩家需要将种族标志放置在这个区域里；到重新布署部队时（见下文）才可以移动。"."""
    g = new_game(3, lost_tribes=False)
    give(g, 0, "Ratmen", "Alchemist", hand=10)
    begin(g, 0)
    r = targets(g, 0)[0]
    cost = conquest_cost(g, 0, r)
    g.apply(A.Conquer(0, r, cost))
    assert g.state.tokens[r] == cost and g.state.seats[0].hand == 10 - cost
    assert not any(isinstance(a, A.Place) for a in g.legal_actions())  # no moving before redeployment
    g.apply(A.EndConquest(0))
    assert any(isinstance(a, A.Place) for a in g.legal_actions())


def test_at_least_one_token_whatever_the_bonuses() -> None:
    """Seed: "重要提示：不管有什么样的种族/能力的加成，征服一个区域时至少需要一枚种族标志。" and 鱼人: "每征服一个区域
    至少要花费一个
    标志物"."""
    g = new_game(3, lost_tribes=False)
    give(g, 0, "Tritons", "Commando", hand=10)
    coastal = next(i for i in g.board.coastal if g.board.regions[i].terrain in ("farmland", "forest", "swamp", "hill"))
    assert [t for t in cost_breakdown(g, 0, coastal) if t[1] < 0] == [("Commando", -1), ("Tritons", -1)]
    assert conquest_cost(g, 0, coastal) == 1  # 2 - 1 - 1 = 0, kept at 1


def test_bonuses_stack_and_lapse_in_decline() -> None:
    """Seed: "除非有特殊说明，在场上的各种族的加成效果与特殊能力中的加成效果都可以叠加，而在种族退出场地之后便失效。
    "."""
    g = new_game(3)
    give(g, 0, "Tritons", "Commando", hand=10)
    tribe = next(i for i in g.board.coastal if g.state.lost_tribe[i] and not g.board.regions[i].mountain_marker)
    assert conquest_cost(g, 0, tribe) == 2 + 1 - 1 - 1  # both discounts
    give(g, 1, "Humans", "Forest")
    farm = land(g, terrain="farmland")[0]
    forest = land(g, terrain="forest")[0]
    put(g, farm, 1, 2)
    put(g, forest, 1, 2)
    assert dict(score_breakdown(g, 1)) == {"regions": 2, "Humans: farmland": 1, "Forest: forest": 1}
    begin(g, 1)
    g.apply(A.Decline(1))
    assert dict(score_breakdown(g, 1)) == {"regions": 2}  # in decline: no race or power bonus


def test_lone_defending_token_goes_to_the_box() -> None:
    """Seed: "如果被占领区域只有一个种族标志，那么这个种族标志会被弃入盒子。这种情况在征服有失落的部族或已退场的种族时
    经常发生。"."""
    g = new_game(3, lost_tribes=False)
    give(g, 0, "Ratmen", "Alchemist", hand=10)
    decline_race(g, 1, "Humans", "Hill")
    r = land(g, border=True, terrain="farmland")[0]
    other = far_from(g, r)
    put(g, r, 1, 1, decline=True, race="Humans")
    put(g, other, 1, 1, decline=True, race="Humans")
    box = g.state.box["Humans"]
    begin(g, 0)
    g.apply(A.Conquer(0, r, 3))
    assert g.state.box["Humans"] == box + 1 and g.state.seats[1].pending == {}


def test_all_regions_lost_means_a_first_conquest_again() -> None:
    """Seed: "如果某个玩家的所有区域都被征服了，那么下回合开始时他需要重新按照“第一场征服”的规则放置自己的种族标志。
    "."""
    g = new_game(3, lost_tribes=False)
    give(g, 0, "Ratmen", "Alchemist", hand=10)
    give(g, 1, "Humans", "Hill")
    r = land(g, border=True, terrain="farmland")[0]
    put(g, r, 1, 3)
    begin(g, 0)
    g.apply(A.Conquer(0, r, 5))
    g.apply(A.EndConquest(0))
    redeploy_all(g)
    g.apply(A.EndTurn(0))  # player 1 has no region to put the 2 kept tokens on: they wait in hand
    s = g.state
    assert s.current == 1 and s.seats[1].hand == 2 and not s.regions_of(1)
    assert set(targets(g, 1)) == {i for i in g.board.entry if not g.board.regions[i].water}  # border again


def test_attacking_your_own_race_in_decline() -> None:
    """Seed: "注意：如果愿意，玩家可以攻击放有自己的已退场种族的区域。他会失去这个已退场种族，新的种族/能力本回合可以
    在这个区域获利。"."""
    g = new_game(3, lost_tribes=False)
    give(g, 0, "Humans", "Alchemist", hand=10)
    decline_race(g, 0, "Wizards", "Swamp")
    farm = land(g, border=True, terrain="farmland")[0]
    put(g, farm, 0, 1, decline=True, race="Wizards")
    begin(g, 0)
    # "每有一个其他玩家的种族标志…需要再多放一个": your own declined token is not another player's: cost 2, not 3
    assert farm in targets(g, 0) and conquest_cost(g, 0, farm) == 2
    assert dict(cost_breakdown(g, 0, farm)) == {"base": 2}
    assert conquest_cost(g, 1, farm) == 3  # for anyone else it is a defender
    g.apply(A.Conquer(0, farm, 2))
    s = g.state
    assert s.race[farm] == "Humans" and not s.decline[farm] and s.seats[0].declined == []  # the Wizards are gone
    assert s.race_bottom[-1] == "Wizards"
    assert dict(score_breakdown(g, 0))["Humans: farmland"] == 1  # the new race profits from the region


def test_mountain_marker_stays_and_defends_the_new_holder() -> None:
    """Seed: "山峰的标志是不会移动的，征服山峰区域的玩家可以获得额外的防御力。"."""
    g = new_game(3, lost_tribes=False)
    give(g, 0, "Ratmen", "Alchemist", hand=10)
    give(g, 1, "Humans", "Hill", hand=10)
    m = next(i for i in g.board.entry if g.board.regions[i].terrain == "mountain")
    begin(g, 0)
    g.apply(A.Conquer(0, m, 3))
    assert g.board.regions[m].mountain_marker and conquest_cost(g, 1, m) == 2 + 3 + 1  # 3 tokens + the mountain


def test_any_number_of_conquests_in_a_turn() -> None:
    """Seed: "现在，这名玩家可以重复以上步骤，征服新的区域。只要拥有足够的种族标志，他可以在一回合内征服任意数量的区域
    。"."""
    g = new_game(3, lost_tribes=False)
    give(g, 0, "Ratmen", "Alchemist", hand=12)
    begin(g, 0)
    for _ in range(6):
        r = next(a for a in g.legal_actions() if isinstance(a, A.Conquer) and a.cost == 2)
        g.apply(r)
    assert len(g.state.conquered) == 6 and g.state.seats[0].hand == 0


def test_final_attempt_target_chosen_before_the_die_not_the_weakest() -> None:
    """Seed: "注意，必须在投骰子之前选择目标区域。如果相信自己的运气，这名玩家不需要选择防御力量最弱的区域。"."""
    g = new_game(3, lost_tribes=False)
    give(g, 0, "Ratmen", "Alchemist", hand=2)
    begin(g, 0)
    assert any(isinstance(a, A.Conquer) for a in g.legal_actions())
    m = next(i for i in targets(g, 0) if g.board.regions[i].terrain == "mountain")
    assert A.FinalAttempt(0, m, 3) in g.legal_actions()  # a 2-token conquest is open, yet the mountain may be tried
    g.apply(A.FinalAttempt(0, m, 3))
    assert g.is_chance() and g.state.attempt == m  # the target is fixed before the roll
    g.apply(Chance(DIE, 1))
    assert g.state.owner[m] == 0 and g.stage() == "redeploy"
    assert g.state.tokens[m] + g.state.seats[0].hand == 2  # all went in (redeployment lifts all but one again)


def test_failed_final_attempt_tokens_go_to_held_regions() -> None:
    """Seed: "如果不成功，他可以把所有的种族标志放入自己已经占领的区域。无论尝试是否成功，当前玩家的征服阶段马上结束。
    "."""
    g = new_game(3, lost_tribes=False)
    give(g, 0, "Ratmen", "Alchemist", hand=4)
    begin(g, 0)
    first = next(i for i in targets(g, 0) if conquest_cost(g, 0, i) == 2)
    g.apply(A.Conquer(0, first, 2))
    m = next((i for i in targets(g, 0) if conquest_cost(g, 0, i) == 3), None) or targets(g, 0)[0]
    set_hand(g, 0, 1)
    cost = conquest_cost(g, 0, m)
    g.apply(A.FinalAttempt(0, m, cost))
    g.apply(Chance(DIE, 0))
    s = g.state
    assert s.owner[m] == -1 and g.stage() == "redeploy" and s.seats[0].hand == 2
    redeploy_all(g)
    assert s.tokens[first] == 3


def test_redeployment_free_anywhere_one_per_region() -> None:
    """Seed, 重新分配部队: "当前的玩家可以随意重新在已占领的区域放置自己的种族标志，不用任何花费（也不需要在相邻的区域
    进行调度）。
    然而每个控制的区域至少要放置一个种族标志。"."""
    g = new_game(3, lost_tribes=False)
    give(g, 0, "Ratmen", "Alchemist", hand=10)
    a = land(g, border=True, terrain="farmland")[0]
    b = far_from(g, a)
    put(g, a, 0, 5)
    put(g, b, 0, 1)
    begin(g, 0)
    g.apply(A.EndConquest(0))
    s = g.state
    assert s.tokens[a] == 1 and s.tokens[b] == 1 and s.seats[0].hand == 14  # every region keeps one
    g.apply(A.Place(0, b, 14))  # b is not next to a: no adjacency needed
    assert s.tokens[b] == 15 and A.EndTurn(0) in g.legal_actions()


# ----- scoring --------------------------------------------------------------------------------------------
def test_score_one_per_region_plus_combo_bonus() -> None:
    """Seed, 获得胜利点数: "这时每在地图上占据一个区域，就可以获得 1 个胜利点数。与此同时，该玩家还可以通过种族/特殊能
    力获得额外的
    胜利点数。"."""
    g = new_game(3, lost_tribes=False)
    give(g, 0, "Humans", "Merchant")
    farms = land(g, terrain="farmland")[:2]
    hill = land(g, terrain="hill")[0]
    for r in (*farms, hill):
        put(g, r, 0, 1)
    assert dict(score_breakdown(g, 0)) == {"regions": 3, "Humans: farmland": 2, "Merchant: regions": 3}


def test_declined_regions_score_one_each_without_bonus() -> None:
    """Seed: "退场种族的标志占据的每个区域也会为玩家获得 1 个胜利点数。除非规则中有特别说明，其种族与特殊能力不再获得
    额外的分数。"
    and "与首回合唯一的区别 ... 在每回合的分数结算阶段，已经退场的种族留在场地上的种族标志仍然可以给玩家获得胜利点数。"
    Decision: the active Merchant counts the active race's regions only (its badge goes with that race)."""
    g = new_game(3, lost_tribes=False)
    give(g, 0, "Ratmen", "Merchant")
    decline_race(g, 0, "Humans", "Forest")
    farm = land(g, terrain="farmland")[0]
    forest = land(g, terrain="forest")[0]
    hill = land(g, terrain="hill")[0]
    put(g, farm, 0, 1, decline=True, race="Humans")
    put(g, forest, 0, 1, decline=True, race="Humans")
    put(g, hill, 0, 2)
    assert dict(score_breakdown(g, 0)) == {"regions": 3, "Merchant: regions": 1}


def test_decline_turn_scores_regions_only() -> None:
    """Seed: "退场种族每占据一个区域获得 1 个胜利点数。除非有特别说明，种族与特殊能力都不会在这一回合获得额外的胜利点
    数。"."""
    g = new_game(3, lost_tribes=False)
    give(g, 0, "Humans", "Alchemist")
    farms = land(g, terrain="farmland")[:2]
    for r in farms:
        put(g, r, 0, 2)
    begin(g, 0)
    coins = g.state.seats[0].coins
    g.apply(A.Decline(0))
    assert g.state.seats[0].coins == coins + 2  # no farmland bonus, no Alchemist on the decline turn


# ----- the following turns --------------------------------------------------------------------------------
def test_clockwise_turns_and_the_turn_track() -> None:
    """Seed, II: "所有玩家按顺时针方向轮流进行游戏。在余下的回合中，每次轮到起始玩家时，他需要将游戏回合的标志物向后移
    动一个数字。"."""
    g = new_game(3)
    order = []
    rounds = []
    while len(order) < 7:
        order.append(g.state.current)
        rounds.append(g.state.round)
        turns.next_turn(g)
        g.refresh()
        while g.is_chance():
            g.roll()
    assert order == [0, 1, 2, 0, 1, 2, 0] and rounds == [1, 1, 1, 2, 2, 2, 3]


def test_expand_or_decline_not_both() -> None:
    """Seed: "每名玩家的回合中，他可以在以下行动中任选一项执行：通过新的征服进行扩张。或者将现有的种族退出场地。进行以
    上活动后，再次
    计算获得的胜利点数。" and "如果要把现有种族退场，则该玩家本轮不能征服任何区域，在计算得分之后他的回合马上结束。"."""
    g = new_game(3, lost_tribes=False)
    give(g, 0, "Ratmen", "Alchemist")
    a = land(g, border=True, terrain="farmland")[0]
    put(g, a, 0, 5)
    begin(g, 0)
    assert A.Decline(0) in g.legal_actions()
    twin = g.copy()
    g.apply(A.Ready(0))  # expanding: readying troops is part of it
    assert A.Decline(0) not in g.legal_actions()
    coins = twin.state.seats[0].coins
    twin.apply(A.Decline(0))
    assert twin.state.current == 1 and twin.state.seats[0].coins == coins + 1  # scored, turn over, no conquest


def test_ready_troops_is_the_players_choice() -> None:
    """Seed, 预备部队: "玩家回合开始时，可以在场上每个已经占领的区域留下一个种族标志，把剩余的种族标志收回手中，用它们
    去征服新的区域。"
    (可以: he may, before the first conquest; one choice for all the regions, each keeping one token)."""
    g = new_game(3, lost_tribes=False)
    give(g, 0, "Ratmen", "Alchemist", hand=2)
    a = land(g, border=True, terrain="farmland")[0]
    b = far_from(g, a)
    put(g, a, 0, 4)
    put(g, b, 0, 3)
    begin(g, 0)
    s = g.state
    assert s.tokens[a] == 4 and s.seats[0].hand == 2  # nothing taken back by itself
    twin = g.copy()
    r = next(x for x in twin.legal_actions() if isinstance(x, A.Conquer) and x.cost <= 2)
    twin.apply(r)  # conquering without readying: the troops stay where they are
    assert twin.state.tokens[a] == 4 and twin.state.tokens[b] == 3 and A.Ready(0) not in twin.legal_actions()
    g.apply(A.Ready(0))
    assert s.tokens[a] == 1 and s.tokens[b] == 1 and s.seats[0].hand == 2 + 3 + 2
    assert A.Ready(0) not in g.legal_actions()  # nothing left to ready
    r = next(x for x in g.legal_actions() if isinstance(x, A.Conquer))
    g.apply(r)
    with pytest.raises(IllegalAction, match="ready troops"):
        g.apply(A.Ready(0))


def test_first_conquest_rule_only_when_a_race_enters() -> None:
    """Seed: "按照第一回合中的规则去征服新的区域。“第一场征服”的相关规则只有在某个种族首次进入地图时适用。"."""
    g = new_game(3, lost_tribes=False)
    give(g, 0, "Ratmen", "Alchemist", hand=10)
    a = land(g, border=True, terrain="farmland")[0]
    put(g, a, 0, 2)
    begin(g, 0)
    assert set(targets(g, 0)) == {n for n in g.board.regions[a].adjacent if not g.board.regions[n].water}


def test_abandon_some_or_all_regions() -> None:
    """Seed, 放弃区域: "他可以放弃以前占领的某些（或者全部）区域，将种族标志收回。放弃掉的区域无法获得胜利点数。如果玩
    家放弃了场上
    已经占领的所有区域，他必须按照前面所说的“第一次征服”的规则选择下一个征服的区域"."""
    g = new_game(3, lost_tribes=False)
    give(g, 0, "Ratmen", "Alchemist")
    a = land(g, border=True, terrain="farmland")[0]
    b = far_from(g, a)
    put(g, a, 0, 3)
    put(g, b, 0, 2)
    begin(g, 0)
    g.apply(A.Abandon(0, a))
    assert g.state.owner[a] == -1 and g.state.seats[0].hand == 3 and dict(score_breakdown(g, 0))["regions"] == 1
    g.apply(A.Abandon(0, b))
    assert g.state.seats[0].hand == 5
    assert set(targets(g, 0)) == {i for i in g.board.entry if not g.board.regions[i].water}


def test_decline_flips_keeps_one_a_region_discards_the_badge() -> None:
    """Seed, 种族退场: "宣布当前种族退场后，将自己的种族旗帜翻转过来，灰色一面朝上 ... 与此种族相搭配的特殊能力不再起
    作用，将代表特殊
    能力的徽记弃掉。与此同时，场上当前种族所占据的所有区域中，每个区域保留一个种族标志物，并将标志物翻转，灰色一面朝上
    ；将剩余的种族
    标志物收回盒子中。"."""
    g = new_game(3, lost_tribes=False)
    give(g, 0, "Ratmen", "Commando", hand=0)
    a = land(g, border=True, terrain="farmland")[0]
    b = far_from(g, a)
    put(g, a, 0, 4)
    put(g, b, 0, 3)
    box = g.state.box["Ratmen"]
    begin(g, 0)
    g.apply(A.Decline(0))
    s = g.state
    assert (s.tokens[a], s.tokens[b], s.decline[a], s.decline[b]) == (1, 1, True, True)
    assert s.box["Ratmen"] == box + 5 and "Commando" in s.power_discard
    assert [(d.race, d.power) for d in s.seats[0].declined] == [("Ratmen", "Commando")]


def test_new_combo_at_the_next_turn_after_decline() -> None:
    """Seed: "可以选择将目前的种族退场，下一回合开始时可以重新从桌上可见的选择一个新的种族/特殊能力的组合继续游戏。"
    and "下一回合开始时，
    放弃了原先种族的玩家可以像第一回合一样，重新在队列中选择种族/特殊能力的组合。其他规则也与第一回合完全相同。"."""
    g = new_game(2, lost_tribes=False)
    give(g, 0, "Ratmen", "Commando")
    put(g, land(g, border=True)[0], 0, 3)
    begin(g, 0)
    g.apply(A.Decline(0))
    assert g.state.current == 1
    turns.next_turn(g)
    g.refresh()
    while g.is_chance():
        g.roll()
    assert g.state.current == 0 and g.stage() == "pick"
    assert all(isinstance(a, A.PickCombo) for a in g.legal_actions())


def test_last_token_gone_banner_under_the_stack() -> None:
    """Seed: "如果一个种族的最后一枚标志从场地上消失（新种族退场，或是所有退场种族所占领的区域都被征服），就将这个种族
    的旗帜放到种族队列
    下方一叠种族旗帜的底部"."""
    g = new_game(3, lost_tribes=False)
    give(g, 0, "Ratmen", "Commando", hand=10)
    decline_race(g, 1, "Wizards", "Swamp")
    r = land(g, border=True, terrain="farmland")[0]
    put(g, r, 1, 1, decline=True, race="Wizards")
    begin(g, 0)
    g.apply(A.Conquer(0, r, 2))  # Commando: 3 - 1
    assert g.state.seats[1].declined == [] and g.state.race_bottom[-1] == "Wizards"


def test_badges_reshuffled_when_they_run_out() -> None:
    """Seed: "在某些特殊情况中，特殊能力徽记会不够用。这时将用过的特殊能力徽记重新洗过，放置到最后一个徽记下面。"."""
    g = new_game(3)
    s = g.state
    set_badge_stack(g, [])
    g.apply(A.PickCombo(0, 0, s.row_races[0], s.row_powers[0]))
    while g.is_chance():
        step = g.chance_step()
        if step.event == "power badge":
            assert {a.outcome for a, _ in step.outcomes} == set(s.power_discard)
        g.roll()
    assert len(s.row_powers) == 6 and s.power_discard == []


# ----- the end --------------------------------------------------------------------------------------------
def test_last_round_then_the_game_ends() -> None:
    """Seed, III: "游戏回合的标志物移动到最后一个数字上时，游戏进入最后一个回合。当前回合结束后游戏马上结束，每名玩家
    亮出自己的胜利点数
    标志，并计算自己的总点数，点数最多的玩家获得胜利。"."""
    g = new_game(2)
    s = g.state
    set_round(g, g.board.rounds)
    set_coins(g, 0, 12)
    set_coins(g, 1, 9)
    begin(g, 1)
    turns.next_turn(g)  # player 1's turn, the last of the last round, ends
    g.refresh()
    assert g.is_over() and s.round == 10 and g.result().winners == (0,)
    assert g.observation(1)["state"]["seats"][0]["coins"] == 12  # shown at the end


def test_tie_goes_to_most_tokens_active_and_declined() -> None:
    """Seed: "如果点数持平，当前场面上种族标志最多的玩家获得胜利（包括当前种族和已经退场的种族）。"."""
    g = new_game(2, lost_tribes=False)
    give(g, 0, "Ratmen", "Commando")
    give(g, 1, "Humans", "Hill")
    decline_race(g, 1, "Wizards", "Swamp")
    put(g, land(g, terrain="farmland")[0], 0, 3)
    put(g, land(g, terrain="hill")[0], 1, 2)
    put(g, land(g, terrain="forest")[0], 1, 2, decline=True, race="Wizards")
    set_coins(g, 0, 20)
    set_coins(g, 1, 20)
    set_round(g, g.board.rounds)
    end_game(g)
    assert g.result().winners == (1,)  # 2 active + 2 in decline beat 3


# ----- races: what the seed's race section says in general --------------------------------------------
def test_non_empty_regions() -> None:
    """Seed: "任何有失落部族或其他种族的标志的区域均视为非空区域；只有山地标志、没有其他种族或失落部族标志的山区域域视
    为空区域。"."""
    g = new_game(3, lost_tribes=False)
    give(g, 0, "Orcs", "Pillaging", hand=20)
    mountain = next(i for i in g.board.entry if g.board.regions[i].terrain == "mountain")
    begin(g, 0)
    g.apply(A.Conquer(0, mountain, 3))
    assert g.state.conquered_nonempty == 0  # a mountain marker alone: empty
    tribe = next(i for i in targets(g, 0) if not g.board.regions[i].mountain_marker and g.board.regions[i].lost_tribe)
    set_lost_tribes(g, [tribe])
    g.apply(A.Conquer(0, tribe, 3))
    assert g.state.conquered_nonempty == 1
    assert dict(score_breakdown(g, 0)) == {"regions": 2, "Orcs: non-empty regions conquered": 1,
                                           "Pillaging: non-empty regions conquered": 1}


def test_coloured_side_up_in_play_grey_in_decline() -> None:
    """Seed: "当这个种族留在场上时，地图上的种族标志彩色的一面朝上放置；当种族退场时，将灰色一面朝上放置。"
    (``decline`` per region,
    shown in the seat views)."""
    g = new_game(3, lost_tribes=False)
    give(g, 0, "Ratmen", "Commando")
    a = land(g, border=True)[0]
    put(g, a, 0, 2)
    assert g.observation(1)["state"]["decline"][a] is False
    begin(g, 0)
    g.apply(A.Decline(0))
    assert g.observation(1)["state"]["decline"][a] is True


def test_heroic_must_place_both_heroes() -> None:
    """Reference (Heroic): "at turn end place 2 Heroes in 2 regions" (the seed does not list Heroic): the turn
    cannot end before both are placed."""
    g = new_game(3, lost_tribes=False)
    give(g, 0, "Ratmen", "Heroic", hand=10)
    begin(g, 0)
    for _ in range(3):
        g.apply(next(a for a in g.legal_actions() if isinstance(a, A.Conquer)))
    g.apply(A.EndConquest(0))
    redeploy_all(g)
    assert A.EndTurn(0) not in g.legal_actions()
    with pytest.raises(IllegalAction, match="heroes"):
        g.apply(A.EndTurn(0))
    for _ in range(2):
        g.apply(next(a for a in g.legal_actions() if isinstance(a, A.PlaceHero)))
    assert sum(g.state.hero) == 2 and A.EndTurn(0) in g.legal_actions()


def test_losses_with_no_region_left_for_one_race() -> None:
    """Seed, 敌人的损失与撤退: "将其他种族标志保留在手中，然后在当前玩家的回合结束后将标志放在场上已经占据了的区域。"
    Found by random
    play: a player losing regions of two races places the active race's tokens; the race in decline with no region
    left sends its tokens to the box, and the game goes on (it used to wait for a placement nowhere)."""
    g = new_game(3, lost_tribes=False)
    give(g, 0, "Ratmen", "Commando", hand=20)
    give(g, 1, "Humans", "Hill")
    decline_race(g, 1, "Wizards", "Alchemist")
    a = land(g, border=True, terrain="farmland")[0]
    b = next(n for n in g.board.regions[a].adjacent if not g.board.regions[n].water)
    c = far_from(g, a, b)
    put(g, a, 1, 3, decline=True, race="Wizards")
    put(g, b, 1, 2)
    put(g, c, 1, 1)
    box = g.state.box["Wizards"]
    begin(g, 0)
    g.apply(A.Conquer(0, a, conquest_cost(g, 0, a)))
    g.apply(A.Conquer(0, b, conquest_cost(g, 0, b)))
    assert g.state.seats[1].pending == {"Wizards": 2, "Humans": 1}
    g.apply(A.EndConquest(0))
    redeploy_all(g)
    g.apply(A.EndTurn(0))
    assert g.stage() == "losses" and g.legal_actions() == (A.Place(1, c, 1),)
    g.apply(A.Place(1, c, 1))
    s = g.state
    assert s.current == 1 and g.stage() == "conquer" and s.tokens[c] == 2
    assert s.box["Wizards"] == box + 1 + 2 and s.seats[1].declined == [] and s.seats[1].pending == {}


def test_race_and_power_texts_in_both_languages() -> None:
    """Every race banner and power badge has its name and text in English and Chinese (the schema requires them);
    the race names are the seed's ("亚马逊 x15，矮人 x8 ...") and Merchant is its 商人."""
    races, powers = load_races(), load_powers()
    assert len(races) == 14 and len(powers) == 20
    assert all(r.name_zh and r.text_zh and r.text for r in races.values())
    assert all(p.name_zh and p.text_zh and p.text for p in powers.values())
    assert powers["Merchant"].name_zh == "商人" and races["Skeletons"].name_zh == "骷髅"
