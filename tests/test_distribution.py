"""The exact distribution type: construction, arithmetic, exactness."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablerules.core.distribution import Distribution, exact


def brute_force(n: int, faces=(1, 2, 3, 4, 5, 6)) -> dict[int, Fraction]:
    counts: dict[int, int] = {}
    for roll in product(faces, repeat=n):
        counts[sum(roll)] = counts.get(sum(roll), 0) + 1
    total = len(faces) ** n
    return {k: Fraction(v, total) for k, v in sorted(counts.items())}


@pytest.mark.parametrize("n", range(0, 5))
def test_sum_of_d6_matches_enumeration(n: int) -> None:
    assert Distribution.dice(n).probabilities() == brute_force(n)


def test_no_dice_roll_zero() -> None:
    assert Distribution.dice(0).probabilities() == {0: Fraction(1)}
    assert Distribution.dice(-2).probabilities() == {0: Fraction(1)}


def test_custom_die_repeated_faces_weigh_more() -> None:
    die = Distribution.die((0, 0, 0, 1, 2, 3))
    assert die.probabilities() == {0: Fraction(1, 2), 1: Fraction(1, 6), 2: Fraction(1, 6), 3: Fraction(1, 6)}
    assert Distribution.dice(2, (0, 0, 0, 1, 2, 3)).probabilities() == brute_force(2, (0, 0, 0, 1, 2, 3))


def test_difference_and_comparisons() -> None:
    d = Distribution.dice(1) - Distribution.dice(1)
    assert d.min == -5 and d.max == 5
    assert d.p_eq(0) == Fraction(1, 6)
    assert d.p_gt(0) == Fraction(15, 36)
    assert d.p_ge(0) + d.p_lt(0) == 1
    assert d.p_le(-6) == 0 and d.p_ge(-5) == 1


def test_shift_and_negation() -> None:
    d = Distribution.dice(2) + 3
    assert (d.min, d.max) == (5, 15)
    assert (-d).probabilities() == {-k: p for k, p in d.probabilities().items()}
    assert (10 - Distribution.dice(1)).probabilities() == {k: Fraction(1, 6) for k in range(4, 10)}


def test_clip_and_map() -> None:
    d = Distribution.dice(2).clip(4, 10)
    assert d.p_eq(4) == Fraction(6, 36)  # 2, 3, 4 -> 4
    assert d.p_eq(10) == Fraction(6, 36)  # 10, 11, 12 -> 10
    assert Distribution.dice(1).map(lambda v: v % 2).probabilities() == {0: Fraction(1, 2), 1: Fraction(1, 2)}


def test_mean() -> None:
    assert Distribution.dice(3).mean() == Fraction(21, 2)


def test_large_pools_stay_exact() -> None:
    d = Distribution.dice(40)  # 6**40 > 2**62: counts switch to Python integers
    assert d.denominator == 6**40
    assert d.p_eq(40) == Fraction(1, 6**40)
    assert sum(d.probabilities().values()) == 1


def test_bad_distributions_are_refused() -> None:
    with pytest.raises(ValueError):
        Distribution(0, [])
    with pytest.raises(ValueError):
        Distribution(0, [0, 0])
    with pytest.raises(ValueError):
        Distribution(0, [1, -1])
    with pytest.raises(ValueError):
        Distribution.die(())


@given(st.integers(0, 10**6), st.integers(1, 10**6))
def test_exact_is_a_normal_fraction(n: int, d: int) -> None:
    f = exact(n, d)
    assert f == Fraction(n, d)
    assert (f.numerator, f.denominator) == (Fraction(n, d).numerator, Fraction(n, d).denominator)
    assert hash(f) == hash(Fraction(n, d))


@given(st.integers(0, 4), st.integers(0, 4), st.integers(-30, 30))
def test_sum_probabilities_is_one_and_tail_matches(m: int, k: int, x: int) -> None:
    d = Distribution.dice(m) - Distribution.dice(k)
    assert sum(d.probabilities().values()) == 1
    assert d.p_ge(x) == sum((p for v, p in d.probabilities().items() if v >= x), Fraction(0))
