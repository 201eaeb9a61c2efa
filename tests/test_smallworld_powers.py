"""A test per Small World special power (the reference; the seed names only 商人 Merchant)."""

from __future__ import annotations

import pytest

from tablerules.core.errors import IllegalAction
from tablerules.core.protocol import Chance
from tablerules.smallworld import actions as A
from tablerules.smallworld.rules.conquest import conquest_cost, cost_breakdown, targets
from tablerules.smallworld.rules.scoring import score_breakdown
from tablerules.smallworld.scenario import begin, give, new_game, put, ready_all, set_conquests, set_fresh

DIE = "reinforcement die"


def setup(power: str, race: str = "Ratmen", hand: int = 10, players: int = 3):
    g = new_game(players, row=[("Humans", "Hill" if power != "Hill" else "Swamp")], lost_tribes=False)
    give(g, 0, race, power, hand=hand)
    return g


def land(g, **facts):
    return [r.id for r in g.board.regions if not r.water and all(
        (f in r.features) == v if f in ("mine", "magic", "cavern") else getattr(r, f) == v for f, v in facts.items())]


def finish_conquest(g, player: int = 0) -> None:
    g.apply(A.EndConquest(player))
    while g.state.seats[player].hand:
        g.apply(next(a for a in g.legal_actions() if (isinstance(a, A.Place) and a.count > 1) or
                     isinstance(a, A.Place)))


@pytest.mark.parametrize("power,terrain", [("Forest", "forest"), ("Hill", "hill"), ("Swamp", "swamp")])
def test_terrain_powers(power: str, terrain: str) -> None:
    g = setup(power)
    for i in land(g, terrain=terrain)[:2]:
        put(g, i, 0, 1)
    assert dict(score_breakdown(g, 0))[f"{power}: {terrain}"] == 2


def test_alchemist() -> None:
    g = setup("Alchemist")
    assert dict(score_breakdown(g, 0))["Alchemist"] == 2


def test_merchant() -> None:
    g = setup("Merchant")
    for i in land(g)[:3]:
        put(g, i, 0, 1)
    assert sum(v for _, v in score_breakdown(g, 0)) == 6


def test_wealthy_once_on_the_first_turn() -> None:
    g = setup("Wealthy")
    set_fresh(g, 0, True)
    assert dict(score_breakdown(g, 0))["Wealthy (first turn)"] == 7
    set_fresh(g, 0, False)
    assert "Wealthy (first turn)" not in dict(score_breakdown(g, 0))


def test_pillaging() -> None:
    g = setup("Pillaging")
    three = land(g)[:3]
    for r in three:
        put(g, r, 0, 1)
    begin(g, 0)
    set_conquests(g, three, nonempty=3)
    assert dict(score_breakdown(g, 0))["Pillaging: non-empty regions conquered"] == 3


def test_commando() -> None:
    g = setup("Commando")
    r = land(g, terrain="farmland")[0]
    assert conquest_cost(g, 0, r) == 1 and ("Commando", -1) in cost_breakdown(g, 0, r)


def test_mounted() -> None:
    g = setup("Mounted")
    assert conquest_cost(g, 0, land(g, terrain="hill")[0]) == 1
    assert conquest_cost(g, 0, land(g, terrain="forest")[0]) == 2


def test_underworld_caverns_cheaper_and_adjacent() -> None:
    g = setup("Underworld")
    caverns = sorted(g.board.caverns)
    assert ("Underworld", -1) in cost_breakdown(g, 0, caverns[0])
    put(g, caverns[0], 0, 2)
    begin(g, 0)
    assert set(caverns[1:]) <= set(targets(g, 0))


def test_flying_anywhere_but_water() -> None:
    g = setup("Flying")
    begin(g, 0)
    assert set(targets(g, 0)) == set(land(g))


def test_seafaring_conquers_seas_and_keeps_them_in_decline() -> None:
    g = setup("Seafaring")
    begin(g, 0)
    seas = [r.id for r in g.board.regions if r.water]
    border_seas = [r for r in seas if g.board.regions[r].border]
    assert set(border_seas) <= set(targets(g, 0))
    g.apply(A.Conquer(0, border_seas[0], 2))
    finish_conquest(g)
    g.apply(A.EndTurn(0))
    begin(g, 0)
    g.apply(A.Decline(0))
    assert g.state.owner[border_seas[0]] == 0 and g.state.decline[border_seas[0]]
    assert g.invariants() == []


def test_berserk_rolls_before_each_conquest() -> None:
    g = setup("Berserk", hand=3)
    begin(g, 0)
    assert not any(isinstance(a, A.Conquer | A.FinalAttempt) for a in g.legal_actions())
    g.apply(A.RollBerserk(0))
    g.apply(Chance(DIE, 2))
    r = next(x for x in targets(g, 0) if conquest_cost(g, 0, x) == 3)
    assert A.Conquer(0, r, 1) in g.legal_actions()  # 3 - 2 on the die
    g.apply(A.Conquer(0, r, 1))
    assert g.state.seats[0].hand == 2 and A.RollBerserk(0) in g.legal_actions()


def test_bivouacking_encampments() -> None:
    g = setup("Bivouacking")
    begin(g, 0)
    r = targets(g, 0)[0]
    g.apply(A.Conquer(0, r, conquest_cost(g, 0, r)))
    g.apply(A.EndConquest(0))
    g.apply(A.PlaceEncampment(0, r))
    g.apply(A.PlaceEncampment(0, r))
    assert g.state.encampment[r] == 2 and g.state.seats[0].encampments == 3
    give(g, 1, "Humans", "Alchemist", hand=20)
    assert dict(cost_breakdown(g, 1, r))["encampments"] == 2


def test_fortified_once_per_turn_defence_and_coin() -> None:
    g = setup("Fortified")
    begin(g, 0)
    r = targets(g, 0)[0]
    g.apply(A.Conquer(0, r, conquest_cost(g, 0, r)))
    g.apply(A.EndConquest(0))
    g.apply(A.PlaceFortress(0, r))
    assert not any(isinstance(a, A.PlaceFortress) for a in g.legal_actions())
    assert dict(score_breakdown(g, 0))["Fortified: fortresses"] == 1
    with pytest.raises(IllegalAction, match="redeployment"):
        g.apply(A.PlaceFortress(0, r))


def test_heroic_heroes_make_regions_immune() -> None:
    g = setup("Heroic")
    begin(g, 0)
    r = targets(g, 0)[0]
    g.apply(A.Conquer(0, r, conquest_cost(g, 0, r)))
    g.apply(A.EndConquest(0))
    g.apply(A.PlaceHero(0, r))
    give(g, 1, "Humans", "Flying", hand=20)
    begin(g, 1)
    assert r not in targets(g, 1)


def test_dragon_master_one_token_and_immunity() -> None:
    g = setup("Dragon Master")
    give(g, 1, "Humans", "Hill")
    a = land(g, border=True)[0]
    put(g, a, 1, 6)
    begin(g, 0)
    g.apply(A.DragonAttack(0, a))
    s = g.state
    assert s.owner[a] == 0 and s.tokens[a] == 1 and s.dragon == a and s.seats[0].hand == 9
    assert not any(isinstance(x, A.DragonAttack) for x in g.legal_actions())
    give(g, 2, "Elves", "Flying", hand=20)
    assert a not in targets(g, 2)


def test_diplomat_peace() -> None:
    g = setup("Diplomat")
    give(g, 1, "Humans", "Flying", hand=10)
    begin(g, 0)
    r = targets(g, 0)[0]
    g.apply(A.Conquer(0, r, conquest_cost(g, 0, r)))
    finish_conquest(g)
    g.apply(A.EndTurn(0))
    assert g.stage() == "diplomacy" and A.MakePeace(0, 1) in g.legal_actions()
    g.apply(A.MakePeace(0, 1))
    assert r not in targets(g, 1)


def test_spirit_does_not_count_toward_the_decline_limit() -> None:
    from tablerules.smallworld.rules.decline import go_into_decline
    from tablerules.smallworld.scenario import decline_race

    g = setup("Spirit")
    decline_race(g, 0, "Humans", "Hill")
    h = land(g)[5]
    put(g, h, 0, 1, decline=True, race="Humans")
    s = land(g)[0]
    put(g, s, 0, 2)
    go_into_decline(g, 0)
    assert sorted(d.race for d in g.state.seats[0].declined) == ["Humans", "Ratmen"]
    assert g.state.owner[h] == 0


def test_stout_declines_after_scoring() -> None:
    g = setup("Stout")
    begin(g, 0)
    r = targets(g, 0)[0]
    g.apply(A.Conquer(0, r, conquest_cost(g, 0, r)))
    finish_conquest(g)
    assert A.EndTurn(0, True) in g.legal_actions()
    coins = g.state.seats[0].coins
    g.apply(A.EndTurn(0, True))
    assert g.state.seats[0].coins == coins + 1 and g.state.decline[r] and g.state.seats[0].race == ""


def test_stout_ghouls_keep_exactly_their_tokens() -> None:
    """Found by the slow harness: Stout Ghouls declining after redeployment must not count readied tokens twice."""
    g = setup("Stout", race="Ghouls", hand=0)
    a = land(g, border=True)[0]
    put(g, a, 0, 5)
    begin(g, 0)
    ready_all(g)
    r = next(x for x in targets(g, 0) if conquest_cost(g, 0, x) <= 3)
    g.apply(A.Conquer(0, r, conquest_cost(g, 0, r)))
    finish_conquest(g)
    g.apply(A.EndTurn(0, True))
    s = g.state
    assert s.tokens[a] + s.tokens[r] + s.box["Ghouls"] == 10 and g.invariants() == []
