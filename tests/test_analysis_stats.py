"""The statistics of the ladder and of balance claims, on constructed results with known answers."""

from __future__ import annotations

import math

import pytest

from tablerules.analysis.stats import (
    ELO,
    bradley_terry,
    chi_square_fair,
    expected_score,
    p_words,
    paired_permutation,
    sign_test,
    wilson,
    wilson_interval,
)


def test_wilson_interval_values() -> None:
    """Textbook values (Newcombe 1998, and by hand): 5 of 20, none of 10, all of 10, and no trials at all."""
    assert wilson_interval(5, 20) == pytest.approx((0.1119, 0.4687), abs=1e-4)
    assert wilson_interval(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson_interval(10, 10) == pytest.approx((0.7225, 1.0), abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    rate = wilson(81, 263)  # Newcombe's 81/263: 0.2553 to 0.3662
    assert (rate.low, rate.high) == pytest.approx((0.2553, 0.3662), abs=1e-4)
    assert rate.words() == "31% (26% to 37%, 263 games)"
    assert wilson(1, 1).words() == "100% (21% to 100%, 1 game)"  # one game, not "1 games"


def test_bradley_terry_recovers_known_strengths() -> None:
    """Strengths 1, 2 and 4 and results exactly as expected (1 beats 2 a third of the time, 1 beats 4 a fifth,
    2 beats 4 a third): the maximum-likelihood fit is log 2 and log 4 above the reference."""
    wins = {("r", "h"): 100, ("h", "r"): 200, ("r", "s"): 60, ("s", "r"): 240, ("h", "s"): 100, ("s", "h"): 200}
    ratings = {r.agent: r for r in bradley_terry(wins, reference="r")}
    assert ratings["r"].strength == 0 and ratings["r"].low == ratings["r"].high == 0
    assert ratings["h"].strength == pytest.approx(math.log(2), abs=1e-6)
    assert ratings["s"].strength == pytest.approx(math.log(4), abs=1e-6)
    assert ratings["s"].elo == pytest.approx(400 * math.log10(4), abs=1e-3)  # 241 Elo: 4 to 1
    assert ratings["h"].low < math.log(2) < ratings["h"].high
    assert ratings["h"].games == 600
    assert expected_score(math.log(4), 0) == pytest.approx(0.8)


def test_bradley_terry_interval_of_two_agents_is_the_logit_interval() -> None:
    """With two agents the fit is the logit of the win share and the Hessian's standard error is
    1 / sqrt(n p (1 - p)): 60 wins of 100 give log 1.5 ± 1.96 × 0.2041."""
    (b,) = [r for r in bradley_terry({("a", "b"): 40, ("b", "a"): 60}) if r.agent == "b"]
    se = 1 / math.sqrt(100 * 0.6 * 0.4)
    assert b.strength == pytest.approx(math.log(1.5), abs=1e-6)
    assert (b.low, b.high) == pytest.approx((math.log(1.5) - 1.959964 * se, math.log(1.5) + 1.959964 * se), abs=1e-5)
    assert b.words() == f"{math.log(1.5) * ELO:+.0f} Elo ({b.low * ELO:+.0f} to {b.high * ELO:+.0f})"


def test_bradley_terry_refuses_fits_that_do_not_exist() -> None:
    """Agents never compared, or an agent that never lost, have no finite fit; a virtual draw per pair gives
    one (the shrinkage the ladder uses): one draw added to 10 wins of 10 is 10.5 against 0.5."""
    with pytest.raises(ValueError, match="never compared"):
        bradley_terry({("a", "b"): 3, ("b", "a"): 2, ("c", "d"): 1, ("d", "c"): 1})
    with pytest.raises(ValueError, match="unbounded"):
        bradley_terry({("a", "b"): 0, ("b", "a"): 10})
    (b,) = [r for r in bradley_terry({("a", "b"): 0, ("b", "a"): 10}, prior_draws=1) if r.agent == "b"]
    assert b.strength == pytest.approx(math.log(10.5 / 0.5), abs=1e-6)


def test_chi_square_against_fair() -> None:
    fair = chi_square_fair([75, 75, 75, 75])
    assert fair.p_value == pytest.approx(1.0) and fair.statistic == 0
    assert chi_square_fair([147, 89, 57, 7]).p_value < 1e-20  # the old Baldur's Gate seat bias (issue 26)
    # 60 / 40 against shares 3 : 2 is exactly as expected
    assert chi_square_fair([60, 40], [3, 2]).p_value == pytest.approx(1.0)
    assert chi_square_fair([10, 30]).words() == "chi-square 10.0 on 1 degrees of freedom, p = 0.0016"
    # seats expected to win nothing that won nothing leave the test: 10 / 30 / 0 / 0 as 10 / 30
    assert chi_square_fair([10, 30, 0, 0], [20, 20, 0, 0]).p_value == pytest.approx(
        chi_square_fair([10, 30]).p_value)


def test_sign_test_is_the_exact_binomial_of_discordant_pairs() -> None:
    """9 pairs one way and 1 the other: two-sided p = 2 × 11 / 1024."""
    test = sign_test(9, 1)
    assert test.p_value == pytest.approx(22 / 1024)
    assert sign_test(0, 0).p_value == 1.0
    assert p_words(0.00001) == "p < 0.0001" and p_words(0.0215) == "p = 0.021"
    assert p_words(0.00018) == "p = 0.0002"  # one digit below 0.001: a notebook never shows "0.00018"


def test_paired_permutation_test_is_exact_on_few_pairs() -> None:
    """Five seeds, each one turn longer with the rule: of the 32 sign flips only all-plus and all-minus are as
    extreme, p = 2 / 32; the t interval of a constant difference is that difference."""
    d = paired_permutation([10, 12, 9, 11, 10], [11, 13, 10, 12, 11])
    assert d.difference == 1 and d.low == d.high == 1
    assert d.test.p_value == pytest.approx(2 / 32)
    assert (d.mean_a, d.mean_b, d.pairs) == (10.4, 11.4, 5)
    same = paired_permutation([1, 2, 3], [1, 2, 3])
    assert same.test.p_value == 1.0
    with pytest.raises(ValueError):
        paired_permutation([1, 2], [1])
