"""Exact odds, checked against icepool (an independent dice engine) and by properties."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st
from icepool import Die, d6

from tablerules import odds

DIFFS = range(-20, 21)


def icepool_win(m_dice: int, k_dice: int, diff: int, ties_win: bool = False) -> Fraction:
    total = (m_dice @ d6) + diff - (k_dice @ d6)
    return total.probability(">=" if ties_win else ">", 0)


@pytest.mark.parametrize("ties_win", [False, True])
def test_combat_table_equals_icepool_on_the_full_table(ties_win: bool) -> None:
    for m in range(4):
        for k in range(4):
            row = odds.combat_table(m, k, DIFFS, ties_win=ties_win)
            difference = (m @ d6) - (k @ d6)
            expected = [difference.probability(">=" if ties_win else ">", -d) for d in DIFFS]
            assert row == expected, (m, k)
            assert all(type(p) is Fraction for p in row)


def test_combat_matches_icepool_on_every_cell() -> None:
    for m in range(4):
        for k in range(4):
            for diff in DIFFS:
                result = odds.combat([(diff, m)], [(0, k)])
                total = (m @ d6) + diff - (k @ d6)
                assert result.win == total.probability(">", 0)
                assert result.tie == total.probability("==", 0)
                assert result.lose == 1 - result.win
                assert odds.combat([(diff, m)], [(0, k)], ties_win=True).win == total.probability(">=", 0)


def test_combat_sums_strengths_and_dice_of_each_side() -> None:
    # a munchkin (level 5, 1 die) with a helper (level 3, 1 die) against two monsters: 6 + 1 die, 4 + 1 die
    result = odds.combat([(5, 1), (3, 1)], [(6, 1), (4, 1)])
    assert result.win == icepool_win(2, 2, 8 - 10)


def test_combat_worked_numbers() -> None:
    assert odds.combat([(7, 1)], [(6, 1)]).win == Fraction(7, 12)
    assert odds.combat([(6, 1)], [(6, 1)]) == odds.CombatOdds(Fraction(5, 12), Fraction(1, 6), Fraction(7, 12))
    assert odds.combat([(3, 0)], [(2, 0)]).win == 1  # no dice: 3 > 2 for certain
    assert odds.combat([(2, 0)], [(2, 0)]).tie == 1
    assert odds.combat([(2, 0)], [(2, 0)], ties_win=True).win == 1


def test_negative_dice_count_rolls_zero() -> None:
    assert odds.combat([(5, -1)], [(4, 0)]) == odds.combat([(5, 0)], [(4, 0)])


def test_flee_matches_icepool() -> None:
    for n in range(1, 7):
        for modifier in range(-2, 3):
            result = odds.flee([modifier] * n)
            p = (d6 + modifier).probability(">=", 5)
            assert result.escape_all == p**n
            caught = Die([0 if r + modifier >= 5 else 1 for r in range(1, 7)])
            pool = n @ caught
            assert list(result.caught) == [pool.probability(k) for k in range(n + 1)]


def test_flee_mixed_modifiers_match_icepool() -> None:
    modifiers = [-2, -1, 0, 1, 2, 1]
    result = odds.flee(modifiers)
    pool = sum((Die([0 if r + m >= 5 else 1 for r in range(1, 7)]) for m in modifiers), start=Die([0]))
    assert list(result.caught) == [pool.probability(k) for k in range(len(modifiers) + 1)]
    assert result.escape_all == pool.probability(0)
    assert result.escape == tuple((d6 + m).probability(">=", 5) for m in modifiers)


def test_flee_edge_cases() -> None:
    assert odds.flee([]).escape_all == 1
    assert odds.flee([]).caught == (Fraction(1),)
    assert odds.flee([4]).escape_all == 1  # roll + 4 >= 5 always
    assert odds.flee([-5]).escape_all == 0
    assert odds.flee([0], need=6).escape_all == Fraction(1, 6)


@pytest.mark.parametrize("dice", range(0, 4))
@pytest.mark.parametrize("modifier", range(-2, 3))
def test_search_matches_icepool(dice: int, modifier: int) -> None:
    result = odds.search(dice, modifier)
    roll = (dice @ d6) + modifier
    expected = {r: roll.probability(r) for r in range(2, 11)}
    expected[1] = roll.probability("<=", 1)
    expected[11] = roll.probability(">=", 11)
    assert result.rows == {r: expected[r] for r in range(1, 12)}
    assert sum(result.rows.values()) == 1


def test_search_rows_read_the_seed_table() -> None:
    result = odds.search(1, 0)
    assert result.row(1).monster and result.row(7).monster
    assert result.row(2).gold == 300 and result.row(11).treasures == 3
    assert result.row(9).room_token.value == "plundered"
    assert result.monster() == Fraction(1, 6)  # only a 1 on one die (7 needs a modifier)
    assert odds.search(1, 1).monster() == Fraction(1, 6)  # 6 + 1 = 7
    assert result.expected_gold() == Fraction(300 + 400 + 500 + 100 + 300, 6)
    assert odds.search(0, 3).rows[3] == 1  # no dice roll 0, the modifier still counts


@pytest.mark.parametrize("tokens", range(0, 8))
@pytest.mark.parametrize("cost", range(0, 12))
def test_conquest_matches_icepool(tokens: int, cost: int) -> None:
    reinforcement = Die([0, 0, 0, 1, 2, 3])
    assert odds.conquest(tokens, cost) == (reinforcement + tokens).probability(">=", cost)


def test_conquest_worked_numbers() -> None:
    assert odds.conquest(3, 3) == 1
    assert odds.conquest(3, 4) == Fraction(1, 2)
    assert odds.conquest(3, 6) == Fraction(1, 6)
    assert odds.conquest(3, 7) == 0


def test_to_json_contract() -> None:
    data = odds.combat([(7, 1)], [(6, 1)]).to_json()
    assert data == {"win": "7/12", "tie": "5/36", "lose": "5/12",
                    "float": {"win": 7 / 12, "tie": 5 / 36, "lose": 5 / 12}}
    assert odds.combat([(9, 0)], [(1, 0)]).to_json()["win"] == "1"
    assert odds.combat([(1, 0)], [(9, 0)]).to_json()["win"] == "0"


# ----- properties ----------------------------------------------------------------------------
dice = st.integers(0, 4)
strength = st.integers(-25, 25)


@given(dice, dice, strength)
def test_win_chance_never_falls_as_strength_rises(m: int, k: int, diff: int) -> None:
    assert odds.combat([(diff + 1, m)], [(0, k)]).win >= odds.combat([(diff, m)], [(0, k)]).win


@given(dice, dice, strength)
def test_win_plus_mirrored_ties_win_is_one(m: int, k: int, diff: int) -> None:
    # P(m, k, D) + P(k, m, 1 - D) = 1: with X = m dice + D - k dice, the munchkins win when X >= 1;
    # with the sides swapped at difference 1 - D the other side wins when -X + 1 >= 1, i.e. X <= 0
    assert odds.combat_table(m, k, [diff])[0] + odds.combat_table(k, m, [1 - diff])[0] == 1


@given(dice, dice, strength)
def test_win_tie_lose_consistent(m: int, k: int, diff: int) -> None:
    plain = odds.combat([(diff, m)], [(0, k)])
    ties = odds.combat([(diff, m)], [(0, k)], ties_win=True)
    assert plain.win + plain.lose == 1
    assert ties.win == plain.win + plain.tie
    assert 0 <= plain.tie <= 1


@given(st.lists(st.integers(-3, 5), max_size=6))
def test_flee_caught_distribution_sums_to_one(modifiers: list[int]) -> None:
    result = odds.flee(modifiers)
    assert sum(result.caught) == 1
    assert result.caught[0] == result.escape_all

