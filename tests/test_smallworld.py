"""Small World (seed 003): data, maps, the turn structure, the seed's worked example, the random harness."""

from __future__ import annotations

import json
from fractions import Fraction

import networkx as nx
import pytest
from harness_parts import parts

from tablerules.core.errors import DataError, IllegalAction
from tablerules.core.protocol import Chance, Game
from tablerules.core.registry import game_class
from tablerules.core.testing import random_sim_test
from tablerules.smallworld import actions as A
from tablerules.smallworld.game import SmallWorld
from tablerules.smallworld.maps import load_board, load_board_file, load_powers, load_races, load_races_file
from tablerules.smallworld.rules.conquest import conquest_cost, cost_breakdown, targets
from tablerules.smallworld.scenario import (
    begin,
    decline_race,
    end_game,
    give,
    new_game,
    put,
    region_where,
    set_coins,
    set_fortresses,
    set_hand,
    set_lairs,
    set_round,
    set_row_coins,
)

DIE = "reinforcement die"


# ----- data -----------------------------------------------------------------------------------
def test_races_and_powers_as_data() -> None:
    races, powers = load_races(), load_powers()
    assert len(races) == 14 and len(powers) == 20
    assert sum(r.box for r in races.values()) == 168  # seed: 168 个种族标志
    assert races["Skeletons"].tokens + powers["Merchant"].tokens == 8  # seed: 骷髅+商人 ... 8 个标志物
    assert races["Amazons"].name_zh == "亚马逊" and "亚马逊标志" in races["Amazons"].text_zh
    assert races["Sorcerers"].name_zh == "法师" and races["Wizards"].name_zh == "巫师"
    assert powers["Merchant"].name_zh == "商人"


@pytest.mark.parametrize("players,regions,rounds", [(2, 23, 10), (3, 30, 10), (4, 39, 9), (5, 48, 8)])
def test_boards(players: int, regions: int, rounds: int) -> None:
    board = load_board(players)
    assert len(board) == regions and board.rounds == rounds
    g = board.graph()
    assert nx.is_connected(g) and g.number_of_nodes() == regions
    for r in board.regions:
        assert all(r.id in board.regions[n].adjacent for n in r.adjacent)  # symmetric
    assert board.invented == (players == 5)
    assert sum(r.mountain_marker for r in board.regions) <= 9  # seed: 9 座山峰


def test_two_player_board_adjacency_made_symmetric() -> None:
    board = load_board(2)
    assert 15 in board.regions[22].adjacent and 22 in board.regions[15].adjacent


def test_bad_map_files(tmp_path) -> None:
    good = json.loads((load_board.__wrapped__.__globals__["data_path"]("smallworld", "maps", "2p.json")).read_text())
    bad = dict(good, regions=[dict(r) for r in good["regions"]])
    bad["regions"][3]["terrain"] = "desert"
    f = tmp_path / "bad.json"
    f.write_text(json.dumps(bad))
    with pytest.raises(DataError, match=r"bad.json: at \$\.regions\[3\]\.terrain"):
        load_board_file(f)
    bad["regions"][3]["terrain"] = "hill"
    bad["regions"][3]["adjacent"] = [99]
    f.write_text(json.dumps(bad))
    with pytest.raises(DataError, match=r"regions\[3\]\.adjacent\[0\]: no region 99"):
        load_board_file(f)
    f.write_text("{not json")
    with pytest.raises(DataError, match="not valid JSON"):
        load_board_file(f)


ZH = {"name_zh": "兽人", "text_zh": "文字"}


def test_bad_race_file(tmp_path) -> None:
    f = tmp_path / "races.json"
    f.write_text(json.dumps({"format": "tablerules/smallworld-races@1",
                             "races": [{"name": "Orcs", "tokens": 5, "box": 10, "text": "x", **ZH},
                                       {"name": "Orcs", "tokens": 5, "box": 10, "text": "y", **ZH}]}))
    with pytest.raises(DataError, match=r"races\[1\]\.name: 'Orcs' is listed twice"):
        load_races_file(f)
    f.write_text(json.dumps({"format": "tablerules/smallworld-races@1",
                             "races": [{"name": "Orcs", "tokens": "five", "box": 10, "text": "x", **ZH},
                                       {"name": "Elves", "tokens": 6, "box": 11, "text": "y", **ZH}]}))
    with pytest.raises(DataError, match=r"races\[0\]\.tokens"):
        load_races_file(f)
    f.write_text(json.dumps({"format": "tablerules/smallworld-races@1",
                             "races": [{"name": "Orcs", "tokens": 5, "box": 10, "text": "x", **ZH},
                                       {"name": "Elves", "tokens": 6, "box": 11, "text": "y"}]}))
    with pytest.raises(DataError, match=r"races\[1\]: 'name_zh' is a required property"):
        load_races_file(f)


# ----- setup and the combo row -----------------------------------------------------------------
def test_setup_draws_six_combos_then_player_0_picks() -> None:
    g = SmallWorld({"players": 3}, seed=4)
    step = g.chance_step()
    assert step.event == "race banner" and len(step.outcomes) == 14
    assert all(p == Fraction(1, 14) for _, p in step.outcomes)
    while g.is_chance():
        g.roll()
    s = g.state
    assert len(s.row_races) == 6 == len(s.row_powers) and g.to_act() == (0,)
    assert all(seat.coins == 5 for seat in s.seats)
    assert sum(s.lost_tribe) == 10  # 3-player board


def test_seed_worked_example_skeletons_merchant() -> None:
    """Seed 003: "每个玩家可以从场上可见的六个种族...然后将下方的种族";
    "选择时需要在这一组合上方每一个种族...职业组合上放上一个胜利点数".
    Seed: "要选择骷髅 + 商人的组合，就需要花费两个胜利点数 ... 骷髅+商人的组合可以拿取 8 个标志物"."""
    g = new_game(3, row=[("Ratmen", "Commando"), ("Humans", "Alchemist"), ("Skeletons", "Merchant")])
    pick = A.PickCombo(0, 2, "Skeletons", "Merchant")
    assert pick in g.legal_actions()
    g.apply(pick)
    s = g.state
    assert s.seats[0].coins == 3 and s.seats[0].hand == 8
    assert s.row_coins[:2] == [1, 1]  # one coin on each combo above
    assert s.row_races[:2] == ["Ratmen", "Humans"]  # the combos below move up
    assert g.chance_step().event == "race banner"  # the row refills


def test_seed_example_hill_with_lost_tribe_costs_three() -> None:
    """Seed: "要想进入有失落的部族的山丘，需要使用三个宝贵的种族标志"."""
    g = new_game(3)
    hill = next(r.id for r in g.board.regions if r.terrain == "hill" and r.lost_tribe)
    give(g, 0, "Ratmen", "Alchemist", hand=8)
    assert conquest_cost(g, 0, hill) == 3
    assert dict(cost_breakdown(g, 0, hill)) == {"base": 2, "lost tribe": 1}


def test_coins_on_a_combo_go_to_its_picker() -> None:
    g = new_game(3)
    set_row_coins(g, {3: 2})
    g.apply(A.PickCombo(0, 3, g.state.row_races[3], g.state.row_powers[3]))
    assert g.state.seats[0].coins == 5 - 3 + 2


def test_cannot_pick_what_you_cannot_pay() -> None:
    """Seed 003: "能力的组合时需要花费胜利点数，数量由该组合的位置决定"."""
    g = new_game(3)
    set_coins(g, 0, 1)
    picks = [a for a in g.legal_actions() if isinstance(a, A.PickCombo)]
    assert [a.index for a in picks] == [0, 1]
    with pytest.raises(IllegalAction, match="picking a combo"):
        g.apply(A.PickCombo(0, 4, g.state.row_races[4], g.state.row_powers[4]))


# ----- conquest --------------------------------------------------------------------------------
def test_first_conquest_on_the_border_then_adjacent() -> None:
    """Seed 003: "首次在地图上放置种族标志时，必须放置在边境区域上";
    "新征服的区域必须与已经被他的种族标志占据的区域相邻"."""
    g = new_game(3, lost_tribes=False)
    give(g, 0, "Ratmen", "Alchemist", hand=12)
    begin(g, 0)
    first = set(targets(g, 0))
    board = g.board
    assert first == {r.id for r in board.regions if (r.border or r.id in board.sea_adjacent) and not r.water}
    inland = next(r.id for r in board.regions if not r.border and r.id not in board.sea_adjacent and not r.water)
    with pytest.raises(IllegalAction, match="first conquest"):
        g.apply(A.Conquer(0, inland, 2))
    start = next(iter(sorted(first)))
    g.apply(A.Conquer(0, start, conquest_cost(g, 0, start)))
    assert set(targets(g, 0)) == {n for n in board.regions[start].adjacent if not board.regions[n].water}


def test_conquest_cost_terms() -> None:
    g = new_game(3)
    give(g, 0, "Ratmen", "Alchemist", hand=12)
    give(g, 1, "Trolls", "Fortified", hand=0)
    mountain = region_where(g, terrain="mountain")
    put(g, mountain, 1, 3)
    set_lairs(g, [mountain])
    set_fortresses(g, [mountain])
    assert conquest_cost(g, 0, mountain) == 2 + 3 + 1 + 1 + 1


def test_seas_cannot_be_conquered() -> None:
    """Seed 003: "海洋与湖泊无法被征服"."""
    g = new_game(3)
    give(g, 0, "Ratmen", "Alchemist", hand=12)
    begin(g, 0)
    sea = region_where(g, terrain="sea")
    assert sea not in targets(g, 0)
    with pytest.raises(IllegalAction, match="seas and lakes"):
        g.apply(A.Conquer(0, sea, 2))


def _attack_setup(defender_race: str = "Humans", tokens: int = 3):
    g = new_game(3, lost_tribes=False)
    give(g, 0, "Ratmen", "Alchemist", hand=12)
    give(g, 1, defender_race, "Hill", hand=0)
    a = region_where(g, border=True, terrain="farmland")
    b = next(n for n in g.board.regions[a].adjacent if g.board.regions[n].terrain not in ("sea", "lake", "mountain"))
    put(g, a, 0, 2)
    put(g, b, 1, tokens)
    c = next(r.id for r in g.board.regions if not r.water and r.id not in (a, b) and r.id not in
             g.board.regions[a].adjacent)
    put(g, c, 1, 1)
    begin(g, 0)
    return g, a, b, c


def test_enemy_losses_one_to_the_box_rest_redeployed_after_the_turn() -> None:
    """Seed 003: "征服成功后对方需要立即把所有标志都收回手中"; "将其中一个种族标志放回盒子里";
    "收回手中的种族标志不需要放置在刚刚被征服的区域相邻的地方"."""
    g, _a, b, c = _attack_setup("Humans", 3)
    box = g.state.box["Humans"]
    cost = conquest_cost(g, 0, b)
    assert cost == 5
    g.apply(A.Conquer(0, b, cost))
    s = g.state
    assert s.box["Humans"] == box + 1 and s.seats[1].pending == {"Humans": 2}
    g.apply(A.EndConquest(0))
    while s.seats[0].hand:
        g.apply(next(a for a in g.legal_actions() if isinstance(a, A.Place)))
    g.apply(A.EndTurn(0))
    assert g.to_act() == (1,) and g.stage() == "losses"
    g.apply(A.Place(1, c, 2))
    assert s.current == 1 and g.stage() == "conquer"
    assert s.tokens[c] == 3 and s.seats[1].hand == 0  # placed; player 1 may now ready them (预备部队)
    g.apply(A.Ready(1))
    assert s.tokens[c] == 1 and s.seats[1].hand == 2


def test_final_attempt_with_the_die() -> None:
    """Seed 003: "可以尝试用这些种族标志来征服最后一个区域"; "然后投一次援军骰";
    "如果骰子投出的点数加上自己手中的标志物数量达到了征服这个区域所需要的标志物数量";
    "这名玩家将手中剩余的所有种族标志放入这个区域"."""
    g, _a, b, _c = _attack_setup("Humans", 3)
    set_hand(g, 0, 3)
    assert A.FinalAttempt(0, b, 5) in g.legal_actions()
    g.apply(A.FinalAttempt(0, b, 5))
    step = g.chance_step()
    assert {a.outcome: p for a, p in step.outcomes} == {0: Fraction(1, 2), 1: Fraction(1, 6), 2: Fraction(1, 6),
                                                        3: Fraction(1, 6)}
    twin = g.copy()
    g.apply(Chance(DIE, 2))
    assert g.state.owner[b] == 0 and g.stage() == "redeploy"
    assert g.state.tokens[b] == 1 and g.state.seats[0].hand == 3  # all 3 went in; redeployment lifts 2 + 1 (a)
    twin.apply(Chance(DIE, 1))
    assert twin.state.owner[b] == 1 and twin.stage() == "redeploy"


def test_final_attempt_at_most_three_short() -> None:
    """Seed 003: "他可以选择一个需要的标志数量比自己的标志多不超过 3 个 的区域"."""
    g, _a, b, _c = _attack_setup("Humans", 3)
    set_hand(g, 0, 1)  # 4 short of 5
    assert not any(isinstance(x, A.FinalAttempt) and x.region == b for x in g.legal_actions())


def test_abandon_before_conquering_and_redeploy_minimum_one() -> None:
    g, a, _b, _c = _attack_setup()
    g.apply(A.Abandon(0, a))
    assert g.state.owner[a] == -1 and g.state.seats[0].hand == 14
    g.apply(A.Conquer(0, a, 2))
    assert not any(isinstance(x, A.Abandon) for x in g.legal_actions())
    g.apply(A.EndConquest(0))
    assert g.state.tokens[a] == 1 and g.state.seats[0].hand == 13
    assert A.EndTurn(0) not in g.legal_actions()  # every token in hand must be placed


# ----- decline and scoring ----------------------------------------------------------------------
def test_decline_keeps_one_token_per_region_scores_and_ends_the_turn() -> None:
    g, a, _b, _c = _attack_setup()
    put(g, a, 0, 4)
    old = g.state.regions_of(0)
    set_hand(g, 0, 0)
    coins = g.state.seats[0].coins
    g.apply(A.Decline(0))
    s = g.state
    assert s.tokens[a] == 1 and s.decline[a] and s.seats[0].race == ""
    assert s.seats[0].coins == coins + len(old)  # 1 per region, no bonus on the decline turn
    assert s.current == 1
    assert "Alchemist" in s.power_discard


def test_one_race_in_decline_per_player() -> None:
    """Seed 003: "每名玩家只能在地图上保留一个已退场种族的标记";
    "如果当前种族退场时场上还有之前退场的种族的标记，则立即从场上移除"; "然后把当前种族的标志翻过来表示退场"."""
    g, _a, _b, c = _attack_setup()
    far = c
    decline_race(g, 0, "Wizards", "Swamp")
    put(g, far, 0, 1, decline=True, race="Wizards")  # c was player 1's; make it the Wizards'
    set_hand(g, 0, 0)
    g.apply(A.Decline(0))
    s = g.state
    assert [d.race for d in s.seats[0].declined] == ["Ratmen"]
    assert s.owner[far] == -1 and s.race_bottom[-1] == "Wizards"


def test_turn_track_end_and_tie_break() -> None:
    g = new_game(2)
    set_round(g, g.board.rounds)
    give(g, 0, "Ratmen", "Alchemist")
    give(g, 1, "Humans", "Hill")
    put(g, 0 + region_where(g, terrain="hill"), 0, 5)
    put(g, region_where(g, terrain="forest"), 1, 1)
    set_coins(g, 0, 30)
    set_coins(g, 1, 30)
    from tablerules.smallworld.rules.turns import result

    end_game(g)
    res = result(g)
    assert res.winners == (0,) and "most tokens" in res.reason


def test_game_plays_to_the_end_and_round_trips() -> None:
    from tablerules.core.agents import play_game

    g = play_game(SmallWorld({"players": 4}, seed=3))
    assert g.is_over() and g.state.round == 9
    assert Game.from_json(json.loads(json.dumps(g.to_json()))).state_dict() == g.state_dict()
    assert game_class("smallworld") is SmallWorld


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_harness(players: int) -> None:
    report = random_sim_test(lambda seed: SmallWorld({"players": players}, seed=seed), n_games=3,
                             round_trip_every=23, undo_every=13)
    assert report.games == 3


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("part", parts(5))  # 4 x 5 x 50 games (~1 CPU s each), spread evenly over the test workers
def test_thousands_of_random_games(players: int, part: int) -> None:
    report = random_sim_test(lambda seed: SmallWorld({"players": players}, seed=seed), n_games=50,
                             seed=1000 + 50 * part, round_trip_every=0, undo_every=0, copy_every=97, observe_every=0,
                             illegal_every=17)
    assert report.games == 50


@pytest.mark.parametrize("players", [2, 3, 5])
def test_openspiel_random_sim_test(players: int) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from tablerules.interop import openspiel

    pyspiel.random_sim_test(openspiel.load("smallworld", players=players), num_sims=2, serialize=True, verbose=False)


def test_cost_equals_its_breakdown_in_random_positions() -> None:
    import random

    from tablerules.smallworld.rules.conquest import force_regions

    rng = random.Random(7)
    for seed in range(6):
        g = SmallWorld({"players": 3 + seed % 3}, seed=seed)
        while not g.is_over():
            if g.is_chance():
                g.roll()
                continue
            s = g.state
            for p in range(g.num_players()):
                if s.seats[p].race:
                    for r in range(len(g.board)):
                        assert conquest_cost(g, p, r) == max(1, sum(v for _, v in cost_breakdown(g, p, r)))
            assert force_regions(g, s.current, "active") is not None
            g.apply(rng.choice(g.legal_actions()))


def test_listed_conquests_match_targets_and_costs_in_random_positions() -> None:
    """The legal-action listing works out targets and costs in one pass: it must list exactly the regions of
    ``targets`` at their ``conquest_cost`` (Berserk's die off, minimum 1), as Conquer when the hand pays and as a
    final attempt when 1-3 tokens short (seed 003, 征服一个区域 / 最后一次征服的尝试)."""
    import random

    from tablerules.smallworld.rules.conquest import GHOULS

    rng = random.Random(11)
    checked = 0
    for seed in range(8):
        g = SmallWorld({"players": 2 + seed % 4}, seed=seed)
        while not g.is_over():
            if g.is_chance():
                g.roll()
                continue
            s = g.state
            p = s.current
            force = g.force()
            seat = s.seats[p]
            hand = seat.ghoul_hand if force == GHOULS else seat.hand
            berserk = force != GHOULS and seat.power == "Berserk"
            if s.stage in ("conquer", "ghouls") and hand >= 1 and not (berserk and s.berserk_die < 0):
                want = []
                for r in targets(g, p, force):
                    cost = conquest_cost(g, p, r, force)
                    if berserk:
                        cost = max(1, cost - s.berserk_die)
                    if cost <= hand:
                        want.append(A.Conquer(p, r, cost))
                    elif cost - hand <= 3 and not berserk:
                        want.append(A.FinalAttempt(p, r, cost))
                listed = [a for a in g.legal_actions() if isinstance(a, A.Conquer | A.FinalAttempt)]
                assert listed == want
                checked += 1
            g.apply(rng.choice(g.legal_actions()))
    assert checked > 300


def test_seat_views_hide_other_coins_until_the_end() -> None:
    """Seed 003: "代币数量在游戏过程中不需要公开，直到最后计算得分时才公布"."""
    g = new_game(3)
    set_coins(g, 1, 11)
    view = g.observation(0)["state"]
    assert view["seats"][0]["coins"] == 5 and view["seats"][1]["coins"] is None
    assert "player 1: coins face down" in g.observation_string(0) and "player 1: 11 coins" in g.observation_string(None)
    set_round(g, g.board.rounds)
    end_game(g)
    assert g.observation(0)["state"]["seats"][1]["coins"] == 11


def test_state_round_trips_through_plain_json() -> None:
    from tablerules.core.agents import play_game
    from tablerules.core.state import from_plain
    from tablerules.smallworld.state import SmallWorldState

    g = play_game(SmallWorld({"players": 3}, seed=9), max_steps=150)
    plain = json.loads(json.dumps(g.state_dict()))
    assert from_plain(SmallWorldState, plain) == g.state


def test_refusals_name_the_rule() -> None:
    g, a, b, _c = _attack_setup()
    sea = region_where(g, terrain="sea")
    cases = [
        (A.Conquer(0, sea, 2), "seas and lakes"),
        (A.Conquer(0, b, 1), "conquest cost"),
        (A.PickCombo(0, 0, "Ratmen", "Commando"), "picking a combo"),
        (A.Place(0, a, 1), "redeployment"),
        (A.EndTurn(0), "redeployment"),
        (A.Conquer(1, b, 2), "turn order"),
        (A.MakePeace(0, 1), "Diplomat"),
        (Chance(DIE, 3), "chance"),
    ]
    for action, rule in cases:
        with pytest.raises(IllegalAction) as err:
            g.apply(action)
        assert err.value.rule == rule, (action, err.value)
    g.apply(A.Conquer(0, b, conquest_cost(g, 0, b)))
    with pytest.raises(IllegalAction, match="going into decline"):
        g.apply(A.Decline(0))
    with pytest.raises(IllegalAction, match="abandoning regions"):
        g.apply(A.Abandon(0, a))
