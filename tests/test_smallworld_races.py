"""A test per Small World race (seed 003, 种族; the reference for those the seed leaves out)."""

from __future__ import annotations

from tablerules.core.protocol import Chance
from tablerules.smallworld import actions as A
from tablerules.smallworld.rules.conquest import conquest_cost, cost_breakdown, targets
from tablerules.smallworld.rules.scoring import score_breakdown
from tablerules.smallworld.scenario import begin, decline_race, give, new_game, put, ready_all, set_lost_tribes


def setup(race: str, power: str = "Alchemist", hand: int = 10, players: int = 3):
    g = new_game(players, row=[], lost_tribes=False)
    give(g, 0, race, power, hand=hand)
    return g


def land(g, **facts):
    out = []
    for r in g.board.regions:
        if r.water:
            continue
        if all((f in r.features) == v if f in ("mine", "magic", "cavern") else getattr(r, f) == v
               for f, v in facts.items()):
            out.append(r.id)
    return out


def redeploy_all(g, player: int = 0) -> None:
    while g.stage() == "redeploy" and g.state.seats[player].hand:
        g.apply(next(a for a in g.legal_actions() if isinstance(a, A.Place)))


def test_amazons_four_extra_tokens_for_conquest_only() -> None:
    """Seed 003, 亚马逊: "有4个亚马逊标志只能用于征服领土，不能用于防御。每回合开始时，除了现有的标志外，再从盒子中拿
    出4个亚马逊标志用于征服领土。征服阶段结束，进入重新部署部队阶段时（见前述），从地图上拿走四个标志放入盒子里（这个
    过程中如果亚马逊标志不够，可以放弃某区域），下回合编制军队时再重新拿进场内。"."""
    g = new_game(3, row=[("Amazons", "Commando")])
    i = g.state.row_races.index("Amazons")
    g.apply(A.PickCombo(0, i, "Amazons", g.state.row_powers[i]))
    tokens = 6 + g.powers[g.state.seats[0].power].tokens + 4
    assert g.state.seats[0].hand == tokens and g.state.box["Amazons"] == 15 - tokens
    while g.is_chance():
        g.roll()
    start = targets(g, 0)[0]
    g.apply(A.Conquer(0, start, conquest_cost(g, 0, start)))
    g.apply(A.EndConquest(0))
    assert g.state.seats[0].hand == tokens - 4 - 1  # 4 back to the box, 1 stays in the region
    assert g.state.box["Amazons"] == 15 - tokens + 4
    redeploy_all(g)
    g.apply(A.EndTurn(0))
    begin(g, 0)
    assert g.state.seats[0].hand == 4  # 4 from the box again at the start of the turn
    ready_all(g)
    assert g.state.seats[0].hand == tokens - 4 - 1 + 4  # readied (all but 1) + 4 from the box


def test_dwarves_mines_also_in_decline() -> None:
    """Seed 003, 矮人: "回合结束时，矮人所占领的每一个矿区都可以获得1个额外的胜利点数。矮人种族退场后此效果仍然存在。
    \""""
    g = setup("Dwarves")
    mines = land(g, mine=True)
    put(g, mines[0], 0, 2)
    put(g, mines[1], 0, 1)
    assert dict(score_breakdown(g, 0))["Dwarves: mine"] == 2
    g = new_game(3, row=[], lost_tribes=False)  # the same mines held by Dwarves in decline
    decline_race(g, 0, "Dwarves", "Alchemist")
    put(g, mines[0], 0, 1, decline=True, race="Dwarves")
    put(g, mines[1], 0, 1, decline=True, race="Dwarves")
    assert dict(score_breakdown(g, 0))["Dwarves in decline: mines"] == 2


def test_elves_lose_no_token() -> None:
    """Seed 003, 精灵: "当敌人征服精灵的领地之后，你可以保留所有的精灵标志，不需要按照通用的战斗规则，将其中一个放回盒
    子中。"."""
    g = setup("Ratmen", hand=10)
    give(g, 1, "Elves", "Hill")
    a = land(g, border=True, terrain="farmland")[0]
    b = next(n for n in g.board.regions[a].adjacent if n in land(g) and g.board.regions[n].terrain != "mountain")
    put(g, a, 0, 1)
    put(g, b, 1, 3)
    begin(g, 0)
    box = g.state.box["Elves"]
    g.apply(A.Conquer(0, b, 5))
    assert g.state.box["Elves"] == box and g.state.seats[1].pending == {"Elves": 3}


def test_ghouls_keep_all_tokens_and_conquer_in_decline_first() -> None:
    """Seed 003, 食尸鬼: "食尸鬼种族退场时，你可以保留场上所有的食尸鬼标志，而不是每个区域保留一个。除此之外，食尸鬼种
    族退场后，你仍然可以在每轮行动中用食尸鬼来征服新的区域，行动方式与其活着时一样（然而不受任何特殊能力的加成）。你必
    须在自己的行动回合之前操纵食尸鬼的行动。"."""
    g = setup("Ghouls", hand=0)
    a = land(g, border=True)[0]
    put(g, a, 0, 4)
    begin(g, 0)
    g.apply(A.Decline(0))
    s = g.state
    assert s.tokens[a] == 4 and s.decline[a] and s.box["Ghouls"] == 6
    begin(g, 0)  # player 0's turn again
    assert g.stage() == "ghouls" and s.seats[0].ghoul_hand == 0 and s.tokens[a] == 4
    g.apply(A.Ready(0))  # 预备部队, as for a race in play ("行动方式与其活着时一样")
    assert s.seats[0].ghoul_hand == 3 and s.tokens[a] == 1
    target = next(a for a in g.legal_actions() if isinstance(a, A.Conquer))
    g.apply(target)
    assert s.race[target.region] == "Ghouls" and s.decline[target.region]
    g.apply(A.EndConquest(0))
    while g.stage() == "ghouls redeploy":
        g.apply(next(a for a in g.legal_actions() if isinstance(a, A.Place)))
    assert g.stage() == "pick"  # then the player picks a new race


def test_giants_discount_next_to_their_mountain() -> None:
    """Seed 003, 巨人: "巨人在征服与自己已经占据的山地相邻的区域时可以少花费一个种族标志。每征服一个区域至少要一个巨人
    种族标志。"."""
    g = setup("Giants")
    m = land(g, terrain="mountain")[0]
    n = next(x for x in g.board.regions[m].adjacent if x in land(g) and g.board.regions[x].terrain != "mountain")
    before = conquest_cost(g, 0, n)
    put(g, m, 0, 2)
    assert conquest_cost(g, 0, n) == max(1, before - 1) and ("Giants", -1) in cost_breakdown(g, 0, n)


def test_halflings_enter_anywhere_and_dig_two_holes() -> None:
    """Seed 003, 半身人: "半身人可以从任何地点进入地图，不需要从边境进入。半身人可以在自己占据的前两个区域建设地洞，有
    地洞的区域不会受到任何玩家的攻击（包括种族与特殊能力）。当半身人种族退场，或者你放弃这个区域时，地洞同时拆除，不再
    起保护作用。"."""
    g = setup("Halflings", hand=10)
    begin(g, 0)
    inland = [r for r in land(g, border=False) if r not in g.board.sea_adjacent]
    assert set(inland) <= set(targets(g, 0))
    g.apply(A.Conquer(0, inland[0], conquest_cost(g, 0, inland[0])))
    second = targets(g, 0)[0]
    g.apply(A.Conquer(0, second, conquest_cost(g, 0, second)))
    third = targets(g, 0)[0]
    g.apply(A.Conquer(0, third, conquest_cost(g, 0, third)))
    s = g.state
    assert s.hole[inland[0]] and s.hole[second] and not s.hole[third]
    give(g, 1, "Ratmen", "Flying", hand=10)
    begin(g, 1)
    assert inland[0] not in targets(g, 1) and third in targets(g, 1)


def test_humans_farmland() -> None:
    """Seed 003, 人类: "回合结束时，每占据一个农田区域，就可以获得一个额外胜利点数。"."""
    g = setup("Humans")
    for i in land(g, terrain="farmland")[:2]:
        put(g, i, 0, 1)
    assert dict(score_breakdown(g, 0))["Humans: farmland"] == 2


def test_orcs_non_empty_conquests() -> None:
    """Seed 003, 兽人: "回合结束时，本回合每占领一个非空区域，就可以获得一个额外胜利点数。"."""
    g = new_game(3)
    give(g, 0, "Orcs", "Alchemist", hand=10)
    begin(g, 0)
    tribe = next(r for r in targets(g, 0) if g.state.lost_tribe[r])
    g.apply(A.Conquer(0, tribe, conquest_cost(g, 0, tribe)))
    assert dict(score_breakdown(g, 0))["Orcs: non-empty regions conquered"] == 1


def test_ratmen_many_tokens_no_ability() -> None:
    assert new_game(3).races["Ratmen"].tokens == 8
    g = setup("Ratmen")
    assert [k for k, _ in score_breakdown(g, 0)] == ["Alchemist"]


def test_skeletons_raise_a_token_per_two_non_empty_conquests() -> None:
    g = setup("Skeletons", hand=12)
    tribes = [r for r in land(g, border=True) if g.board.regions[r].lost_tribe]
    pair = next((a, b) for a in tribes for b in g.board.regions[a].adjacent if g.board.regions[b].lost_tribe)
    set_lost_tribes(g, pair)
    begin(g, 0)
    for r in pair:
        g.apply(A.Conquer(0, r, conquest_cost(g, 0, r)))
    assert g.state.conquered_nonempty == 2
    before = g.state.box["Skeletons"]
    g.apply(A.EndConquest(0))
    assert g.state.box["Skeletons"] == before - 1


def test_sorcerers_replace_a_lone_active_token_once_per_opponent() -> None:
    g = setup("Sorcerers", hand=5)
    give(g, 1, "Humans", "Hill")
    a = land(g, border=True)[0]
    b = next(n for n in g.board.regions[a].adjacent if n in land(g))
    put(g, a, 0, 1)
    put(g, b, 1, 1)
    begin(g, 0)
    assert A.Enchant(0, b) in g.legal_actions()
    g.apply(A.Enchant(0, b))
    s = g.state
    assert s.owner[b] == 0 and s.race[b] == "Sorcerers" and s.box["Humans"] == 10
    assert not any(isinstance(x, A.Enchant) for x in g.legal_actions())


def test_tritons_coastal_discount() -> None:
    """Seed 003, 鱼人: "鱼人在征服海洋或湖泊沿岸的区域时，可以少花一个标志物。每征服一个区域至少要花费一个标志物。"."""
    g = setup("Tritons")
    coast = sorted(g.board.coastal)[0]
    assert ("Tritons", -1) in cost_breakdown(g, 0, coast)
    inland = next(r for r in land(g) if r not in g.board.coastal)
    assert all(k != "Tritons" for k, _ in cost_breakdown(g, 0, inland))


def test_trolls_lairs() -> None:
    """Seed 003, 巨魔: "可以在自己占据的每个区域放置一个巨魔巢穴，每个巢穴可以为这个区域增加一点防御力（视为多放置了一
    个种族标志）。即使巨魔种族退场，这个巢穴仍然存在。如果你放弃了这个区域，或是其他玩家征服了这个区域，都要将巢穴移除
    。"."""
    g = setup("Trolls", hand=10)
    begin(g, 0)
    t = targets(g, 0)[0]
    g.apply(A.Conquer(0, t, conquest_cost(g, 0, t)))
    s = g.state
    assert s.lair[t]
    give(g, 1, "Ratmen", "Hill", hand=20)
    assert dict(cost_breakdown(g, 1, t))["troll lair"] == 1  # one more defender
    u = next(i for i in targets(g, 0) if conquest_cost(g, 0, i) <= s.seats[0].hand)
    g.apply(A.Conquer(0, u, conquest_cost(g, 0, u)))
    twin = g.copy()
    begin(twin, 1)
    ready_all(twin)
    twin.apply(A.Conquer(1, t, conquest_cost(twin, 1, t)))
    assert not twin.state.lair[t]  # conquered by another player: the lair goes
    g.apply(A.EndConquest(0))
    while g.state.seats[0].hand:
        g.apply(next(a for a in g.legal_actions() if isinstance(a, A.Place)))
    g.apply(A.EndTurn(0))
    begin(g, 0)  # player 0's next turn (the others skipped)
    keep = g.copy()
    g.apply(A.Decline(0))
    assert s.lair[t] and s.lair[u] and s.decline[t]  # the lairs stay in decline
    keep.apply(A.Abandon(0, u))
    assert not keep.state.lair[u] and keep.state.lair[t]  # abandoned: its lair goes


def test_wizards_magic() -> None:
    g = setup("Wizards")
    put(g, land(g, magic=True)[0], 0, 1)
    assert dict(score_breakdown(g, 0))["Wizards: magic"] == 1


def test_races_reach_the_game_through_the_die_too() -> None:
    g = setup("Ratmen", hand=1)
    begin(g, 0)
    attempt = next(a for a in g.legal_actions() if isinstance(a, A.FinalAttempt))
    g.apply(attempt)
    g.apply(Chance("reinforcement die", 3))
    assert g.state.owner[attempt.region] == 0
