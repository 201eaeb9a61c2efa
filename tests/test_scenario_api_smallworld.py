"""The Small World scenario API (issue 24): the round, coins, lost tribes, markers and the map are set through
setters that refuse what the rules cannot hold, keep the invariants and show in the legal actions."""

from __future__ import annotations

import pytest
from scenario_play import play_random

from tablerules.core.errors import ScenarioError
from tablerules.smallworld import scenario as S
from tablerules.smallworld.actions import Conquer, EndConquest, EndTurn
from tablerules.smallworld.maps import load_board

LAND = 2  # farmland, border, no lost tribe on the 3-player map
OTHER = 3  # hill, border


def staged(defender: tuple[str, str] = ("Trolls", "Fortified"), decline: bool = False,
           region: int = LAND) -> S.SmallWorld:
    """Player 1 holds ``region`` with 2 tokens of ``defender``; player 0 (Ratmen, Alchemist, 10 in hand) conquers."""
    g = S.new_game(3)
    if decline:
        S.decline_race(g, 1, defender[0], defender[1])
        S.put(g, region, 1, 1, decline=True, race=defender[0])
    else:
        S.give(g, 1, *defender)
        S.put(g, region, 1, 2)
    S.give(g, 0, "Ratmen", "Alchemist", hand=10)
    S.begin(g, 0)
    return g


def cost(g: S.SmallWorld, region: int) -> int | None:
    """What conquering ``region`` costs now, ``None`` when it cannot be attacked."""
    return next((a.cost for a in g.legal_actions() if isinstance(a, Conquer) and a.region == region), None)


def refused(field: str, call, *args, **kwargs) -> ScenarioError:
    with pytest.raises(ScenarioError) as caught:
        call(*args, **kwargs)
    assert caught.value.field == field
    assert str(caught.value).startswith(f"smallworld scenario: {field}: ")
    return caught.value


# ----- the map and the round --------------------------------------------------------------------------
@pytest.mark.parametrize("board", [2, 4, 5])
def test_three_players_on_any_map(board: int) -> None:
    g = S.new_game(3, board=board)
    assert len(g.state.seats) == 3 and len(g.board) == len(load_board(board)) and g.board.players == board
    assert len(g.state.owner) == len(g.board) and g.invariants() == []
    S.give(g, 0, "Ratmen", "Alchemist", hand=8)
    S.begin(g, 0)
    targets = {a.region for a in g.legal_actions() if isinstance(a, Conquer)}
    assert targets and targets <= set(g.board.land_entry)
    assert play_random(g, 50, seed=board) == 50


def test_a_map_for_six_players_is_refused() -> None:
    refused("board", S.new_game, 3, board=6)


def test_set_round() -> None:
    g = S.new_game(3)
    S.set_round(g, g.board.rounds)
    assert g.observe(0)["round"] == g.board.rounds and g.invariants() == []
    S.give(g, 2, "Humans", "Hill", hand=5)
    S.begin(g, 2)  # the last player of the last round ends the game by ending the turn
    for _ in range(20):
        if g.is_over():
            break
        ends = [a for a in g.legal_actions() if isinstance(a, EndConquest | EndTurn) and not getattr(a, "decline", 0)]
        g.apply(ends[0] if ends else g.legal_actions()[0])
    assert g.is_over() and g.state.round == g.board.rounds


@pytest.mark.parametrize("bad", [0, 11])
def test_set_round_refuses_a_round_off_the_track(bad: int) -> None:
    error = refused("round", S.set_round, S.new_game(3), bad)
    assert "from 1 to 10" in str(error)


# ----- coins ----------------------------------------------------------------------------------------------
def test_set_coins() -> None:
    g = S.new_game(3)
    S.set_coins(g, 1, 42)
    assert g.observe(1)["seats"][1]["coins"] == 42 and g.observe(0)["seats"][1]["coins"] is None
    assert g.observe(None)["seats"][1]["coins"] == 42 and g.invariants() == []


def test_set_coins_refuses_negative_coins_and_more_than_the_box() -> None:
    g = S.new_game(3)
    refused("coins[0]", S.set_coins, g, 0, -1)
    refused("coins[2]", S.set_coins, g, 2, S.COINS_IN_BOX)
    refused("coins", S.set_coins, g, 7, 3)


# ----- lost tribes ---------------------------------------------------------------------------------------
def test_set_lost_tribes() -> None:
    g = staged(region=OTHER)
    tribes = [r.id for r in g.board.regions if r.lost_tribe]
    first = next(i for i in tribes if i in g.board.land_entry)
    before = cost(g, first)
    S.set_lost_tribes(g, [first])
    assert g.state.lost_tribe[first] and sum(g.state.lost_tribe) == 1 and g.invariants() == []
    assert g.state.lost_tribes_box == 17
    S.set_lost_tribes(g, [])
    assert cost(g, first) == before - 1 and g.observe(0)["lost_tribe"][first] is False


def test_set_lost_tribes_refuses_a_sea_a_region_without_the_circle_and_a_held_region() -> None:
    g = staged()
    error = refused("lost_tribes[0]", S.set_lost_tribes, g, [0])
    assert str(error) == "smallworld scenario: lost_tribes[0]: region 0 is a sea; seas hold no lost tribe"
    refused("lost_tribes[3]", S.set_lost_tribes, g, [3])
    S.put(g, 5, 1, 1)  # a region with the circle, now held (its tribe went to the box)
    refused("lost_tribes[5]", S.set_lost_tribes, g, [5])
    refused("lost_tribes", S.set_lost_tribes, g, [99])


# ----- markers -------------------------------------------------------------------------------------------
def test_set_lairs_in_troll_regions_and_in_decline() -> None:
    g = staged(("Trolls", "Merchant"), decline=True)
    before = cost(g, LAND)
    S.set_lairs(g, [LAND])
    assert g.state.lair[LAND] and cost(g, LAND) == before + 1 and g.invariants() == []


def test_set_lairs_refuses_a_region_without_trolls() -> None:
    error = refused(f"lairs[{LAND}]", S.set_lairs, staged(("Humans", "Merchant")), [LAND])
    assert "holds Humans" in str(error)


def test_set_fortresses() -> None:
    g = staged(("Humans", "Fortified"))
    before = cost(g, LAND)
    S.set_fortresses(g, [LAND])
    assert g.state.fortress[LAND] and cost(g, LAND) == before + 1 and g.invariants() == []


def test_set_fortresses_refuses_a_race_without_fortified_and_too_many() -> None:
    refused(f"fortresses[{LAND}]", S.set_fortresses, staged(("Humans", "Hill")), [LAND])
    refused("fortresses", S.set_fortresses, staged(("Humans", "Fortified")), range(7))


def test_set_holes_make_a_region_immune() -> None:
    g = staged(("Halflings", "Hill"))
    assert cost(g, LAND) is not None
    S.set_holes(g, [LAND])
    assert g.state.hole[LAND] and cost(g, LAND) is None and g.invariants() == []
    assert g.state.seats[1].holes_placed == 1


def test_set_holes_refuses_halflings_in_decline_and_other_races() -> None:
    refused(f"holes[{LAND}]", S.set_holes, staged(("Halflings", "Hill"), decline=True), [LAND])
    refused(f"holes[{LAND}]", S.set_holes, staged(("Humans", "Hill")), [LAND])


def test_set_heroes_make_a_region_immune() -> None:
    g = staged(("Humans", "Heroic"))
    S.set_heroes(g, [LAND])
    assert g.state.hero[LAND] and cost(g, LAND) is None and g.invariants() == []


def test_set_heroes_refuses_a_race_without_heroic_and_three_heroes() -> None:
    refused(f"heroes[{LAND}]", S.set_heroes, staged(("Humans", "Hill")), [LAND])
    refused("heroes", S.set_heroes, staged(("Humans", "Heroic")), [1, 2, 3])


def test_set_dragon_makes_a_region_immune_and_leaves_it() -> None:
    g = staged(("Orcs", "Dragon Master"))
    S.set_dragon(g, LAND)
    assert g.state.dragon == LAND and cost(g, LAND) is None and g.invariants() == []
    S.set_dragon(g, None)
    assert g.state.dragon == S.NOBODY and cost(g, LAND) is not None


def test_set_dragon_refuses_an_empty_region_and_a_race_without_the_dragon() -> None:
    error = refused("dragon[7]", S.set_dragon, staged(("Orcs", "Dragon Master")), 7)
    assert "region 7 is empty" in str(error)
    refused(f"dragon[{LAND}]", S.set_dragon, staged(("Orcs", "Hill")), LAND)


def test_set_encampments_come_out_of_the_supply() -> None:
    g = staged(("Elves", "Bivouacking"))
    before = cost(g, LAND)
    S.set_encampments(g, {LAND: 2})
    assert g.state.encampment[LAND] == 2 and g.state.seats[1].encampments == 3
    assert cost(g, LAND) == before + 2 and g.invariants() == []


def test_set_encampments_refuses_more_than_five_negative_and_other_powers() -> None:
    g = staged(("Elves", "Bivouacking"))
    refused("encampments", S.set_encampments, g, {LAND: 6})
    refused(f"encampments[{LAND}]", S.set_encampments, g, {LAND: -1})
    refused(f"encampments[{LAND}]", S.set_encampments, staged(("Elves", "Hill")), {LAND: 1})


# ----- playing on --------------------------------------------------------------------------------------------
def test_fifty_random_actions_from_a_staged_position() -> None:
    g = S.new_game(3)
    S.give(g, 1, "Trolls", "Fortified", hand=3)
    S.put(g, LAND, 1, 2)
    S.put(g, OTHER, 1, 3)
    S.set_lairs(g, [LAND, OTHER])
    S.set_fortresses(g, [OTHER])
    S.give(g, 2, "Humans", "Heroic", hand=4)
    S.put(g, 4, 2, 2)
    S.set_heroes(g, [4])
    S.set_lost_tribes(g, [r.id for r in g.board.regions if r.lost_tribe and g.state.owner[r.id] == S.NOBODY][:3])
    S.set_round(g, 5)
    S.set_coins(g, 0, 30)
    S.begin(g, 0)
    assert play_random(g, 50, seed=1) == 50


def test_give_refuses_a_race_or_power_already_in_play() -> None:
    g = staged(("Humans", "Hill"))
    refused("race", S.give, g, 2, "Humans", "Merchant")
    refused("power", S.give, g, 2, "Elves", "Hill")
    assert g.invariants() == []


def test_a_race_set_in_decline_discards_its_badge_unless_kept() -> None:
    """种族退场: "将代表特殊能力的徽记弃掉" — the badge of a race set in decline leaves the pool (or the row) for
    the discard, so no badge is doubled; Spirit stays with its banner."""
    g = S.new_game(3)
    S.decline_race(g, 0, "Giants", "Wealthy")
    assert "Wealthy" in g.state.power_discard and "Wealthy" not in g.state.power_pool and g.invariants() == []
    S.decline_race(g, 1, "Ratmen", "Commando")  # both from the row: the row stays full
    assert "Commando" not in g.state.row_powers and len(g.state.row_powers) == 6 and g.invariants() == []
    S.decline_race(g, 2, "Trolls", "Spirit")
    assert "Spirit" not in g.state.power_discard and g.invariants() == []
    refused("power", S.decline_race, g, 2, "Wizards", "Wealthy")


# ----- the row's coins, a hand, this turn, the badge stack, the end ------------------------------------------
def test_set_row_coins_go_to_the_picker() -> None:
    g = S.new_game(3)
    S.set_row_coins(g, {2: 4})
    assert g.state.row_coins == [0, 0, 4, 0, 0, 0] and g.invariants() == []
    pick = next(a for a in g.legal_actions() if getattr(a, "index", None) == 2)
    g.apply(pick)
    assert g.state.seats[0].coins == 5 - 2 + 4


def test_set_row_coins_refuses_a_missing_combo_negative_coins_and_more_than_the_box() -> None:
    g = S.new_game(3)
    refused("row_coins[6]", S.set_row_coins, g, {6: 1})
    refused("row_coins[0]", S.set_row_coins, g, {0: -1})
    refused("row_coins", S.set_row_coins, g, {0: S.COINS_IN_BOX})


def test_set_hand_takes_from_and_gives_back_to_the_box() -> None:
    g = staged()
    box = g.state.box["Ratmen"]
    S.set_hand(g, 0, 3)
    assert g.state.seats[0].hand == 3 and g.state.box["Ratmen"] == box + 7 and g.invariants() == []
    assert all(a.cost <= 3 for a in g.legal_actions() if isinstance(a, Conquer))
    refused("hand[2]", S.set_hand, g, 2, 1)  # player 2 has no race
    refused("hand[0]", S.set_hand, g, 0, -1)
    refused("hand[0]", S.set_hand, g, 0, 3 + box + 8)
    refused("hand", S.set_hand, g, 5, 1)


def test_set_fresh_bars_the_decline_this_turn() -> None:
    g = staged()
    S.put(g, OTHER, 0, 2)
    assert any(type(a).__name__ == "Decline" for a in g.legal_actions())
    S.set_fresh(g, 0)
    assert not any(type(a).__name__ == "Decline" for a in g.legal_actions()) and g.invariants() == []
    refused("fresh[2]", S.set_fresh, g, 2)


def test_set_conquests_count_for_pillaging() -> None:
    g = S.new_game(3)
    S.give(g, 0, "Humans", "Pillaging", hand=5)
    S.put(g, LAND, 0, 2)
    S.put(g, OTHER, 0, 2)
    S.begin(g, 0)
    S.set_conquests(g, [LAND, OTHER], nonempty=1)
    assert g.state.conquered == [LAND, OTHER] and g.invariants() == []
    from tablerules.smallworld.rules.scoring import score_breakdown

    assert dict(score_breakdown(g, 0))["Pillaging: non-empty regions conquered"] == 1
    refused("conquered_nonempty", S.set_conquests, g, [LAND], nonempty=2)
    refused("conquered[4]", S.set_conquests, g, [4])  # nobody holds it


def test_set_badge_stack_empty_reshuffles_the_discard() -> None:
    g = S.new_game(3)
    S.set_badge_stack(g, [])
    assert g.state.power_pool == [] and "Flying" in g.state.power_discard and g.invariants() == []
    g.apply(next(a for a in g.legal_actions() if getattr(a, "index", None) == 0))
    badges = set(g.state.power_discard)
    seen = []
    while g.is_chance():
        if g.chance_step().event == "power badge":
            seen.append({a.outcome for a, _ in g.chance_step().outcomes})
        g.roll()
    assert seen == [badges]  # the new badge comes from the reshuffled discard
    refused("power_pool[Commando]", S.set_badge_stack, S.new_game(3), ["Commando"])  # in the row


def test_end_game_only_after_the_last_round() -> None:
    g = S.new_game(2)
    refused("over", S.end_game, g)
    S.set_round(g, g.board.rounds)
    S.set_coins(g, 1, 9)
    S.end_game(g)
    assert g.is_over() and g.result().winners == (1,) and not g.legal_actions() and g.invariants() == []
