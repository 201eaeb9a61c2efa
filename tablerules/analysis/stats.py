"""The statistics behind every balance or strength claim: each number comes with its 95% interval, each
effect with the test behind it.

* :func:`wilson`: a rate with its Wilson score interval (good at 0 or n successes and small n);
* :func:`chi_square_fair`: counts (wins by seat) against shares given (every seat alike by default);
* :func:`sign_test`: the exact McNemar test of paired yes/no outcomes (a binomial test of the discordant
  pairs) and :func:`paired_permutation`: a paired permutation test of a measure on the same seeds;
* :func:`bradley_terry`: strengths from pairwise results, fitted by maximum likelihood (scipy), with
  intervals from the inverse Hessian of the log-likelihood.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
from scipy import optimize, stats
from scipy.sparse.csgraph import connected_components

Z95 = 1.959963984540054
#: Elo points per unit of Bradley-Terry log-odds (a 400-point gap is 10 to 1)
ELO = 400 / math.log(10)


@dataclass(frozen=True)
class Rate:
    """``successes`` of ``trials`` with the 95% Wilson interval ``low`` .. ``high``."""

    successes: float
    trials: int
    low: float
    high: float

    @property
    def rate(self) -> float:
        return self.successes / self.trials if self.trials else 0.0

    def words(self) -> str:
        """"62% (55% to 68%, 150 games)"."""
        games = "1 game" if self.trials == 1 else f"{self.trials} games"
        return f"{self.rate:.0%} ({self.low:.0%} to {self.high:.0%}, {games})"


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of a rate ``successes / trials`` (0 to 1 with no trials)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def wilson(successes: float, trials: int, z: float = Z95) -> Rate:
    low, high = wilson_interval(successes, trials, z)
    return Rate(successes, trials, low, high)


@dataclass(frozen=True)
class Test:
    """A significance test: its name, statistic and p-value."""

    name: str
    statistic: float
    p_value: float

    def significant(self, alpha: float = 0.05) -> bool:
        return self.p_value < alpha

    def words(self) -> str:
        """"chi-square 3.2 on 3 degrees of freedom, p = 0.36"."""
        return f"{self.name}, {p_words(self.p_value)}"


def p_words(p: float) -> str:
    """A p-value as people write it: "p = 0.036" (two significant digits; one below 0.001, "p = 0.0002", so no
    long row of digits), "p < 0.0001" below that."""
    if p < 1e-4:
        return "p < 0.0001"
    return f"p = {p:.1g}" if p < 1e-3 else f"p = {p:.2g}"


def chi_square_fair(counts: Sequence[float], shares: Sequence[float] | None = None, ddof: int = 0) -> Test:
    """Chi-square goodness of fit of ``counts`` against ``shares`` of their total (equal shares by default);
    ``ddof``: degrees of freedom used up by shares read off the counts themselves."""
    counts = np.asarray(counts, dtype=float)
    total = counts.sum()
    shares = np.full(len(counts), 1 / len(counts)) if shares is None else np.asarray(shares, float) / sum(shares)
    if total == 0:
        return Test("chi-square on no wins", 0.0, 1.0)
    kept = shares > 0  # a seat expected to win nothing and winning nothing tells nothing
    if np.any(counts[~kept] > 0):
        return Test("chi-square: a seat expected to win nothing won", math.inf, 0.0)
    result = stats.chisquare(counts[kept], shares[kept] * total, ddof=ddof)
    df = int(np.sum(kept)) - 1 - ddof
    return Test(f"chi-square {result.statistic:.1f} on {df} degrees of freedom", float(result.statistic),
                float(result.pvalue))


def sign_test(for_b: int, for_a: int) -> Test:
    """The exact McNemar test of paired yes/no outcomes: of the pairs that differ, ``for_b`` went one way and
    ``for_a`` the other; under "no difference" each way is a coin toss (a two-sided binomial test). Also the
    sign test of A's wins against B's."""
    n = for_a + for_b
    p = float(stats.binomtest(for_b, n, 0.5).pvalue) if n else 1.0
    return Test(f"exact sign test, {for_b} against {for_a}", float(for_b), p)


@dataclass(frozen=True)
class PairedDifference:
    """How a measure changes on the same seeds: the mean difference (B − A), its 95% interval (Student t)
    and a paired permutation test (the signs of the differences swapped at random)."""

    pairs: int
    mean_a: float
    mean_b: float
    difference: float
    low: float
    high: float
    test: Test


def paired_permutation(a: Sequence[float], b: Sequence[float], seed: int = 0, resamples: int = 9999
                       ) -> PairedDifference:
    """``b - a`` over pairs (the same seed without and with a house rule): mean, t interval, and the paired
    permutation test of "no change" (exact when 2^pairs <= ``resamples``; else ``resamples`` seeded draws)."""
    x, y = np.asarray(a, float), np.asarray(b, float)
    if len(x) != len(y) or len(x) < 2:
        raise ValueError("paired samples need the same length, at least 2")
    diff = y - x
    mean = float(diff.mean())
    half = float(stats.t.ppf(0.975, len(diff) - 1) * diff.std(ddof=1) / math.sqrt(len(diff)))
    if np.all(diff == 0):
        p = 1.0
    else:
        result = stats.permutation_test((x, y), lambda u, v: np.mean(v - u), permutation_type="samples",
                                        n_resamples=resamples, rng=np.random.default_rng(seed))
        p = float(result.pvalue)
    return PairedDifference(len(diff), float(x.mean()), float(y.mean()), mean, mean - half, mean + half,
                            Test(f"paired permutation test over {len(diff)} seeds", mean, p))


# ----- Bradley-Terry -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Rating:
    """An agent's Bradley-Terry strength in log-odds against the reference agent (0), with its 95% interval.
    ``elo`` is the same on the Elo scale (400 points: 10 to 1)."""

    agent: str
    strength: float
    low: float
    high: float
    games: float  #: comparisons it took part in (virtual draws included)

    @property
    def elo(self) -> float:
        return self.strength * ELO

    def words(self) -> str:
        return f"{self.elo:+.0f} Elo ({self.low * ELO:+.0f} to {self.high * ELO:+.0f})"


def expected_score(a: float, b: float) -> float:
    """The chance that strength ``a`` beats strength ``b``: 1 / (1 + e^(b - a))."""
    return 1 / (1 + math.exp(b - a))


def bradley_terry(wins: Mapping[tuple[str, str], float], reference: str | None = None, prior_draws: float = 0.0,
                  z: float = Z95) -> list[Rating]:
    """Strengths of the agents from ``wins[(a, b)]`` (how often a beat b; a draw is half a win each way),
    the ``reference`` agent (default: the first named) fixed at 0; the maximum-likelihood fit and intervals
    ``strength ± z · se`` from the inverse Hessian of the log-likelihood. ``prior_draws`` adds that many drawn
    games to every pair compared (a light pull together that keeps a fit finite when an agent never lost).

    ``ValueError`` when the fit does not exist: agents never compared, directly or through others, or (with no
    prior) an agent, or a group of agents, that won or lost every game against the rest."""
    agents: list[str] = []
    for a, b in wins:
        for name in (a, b):
            if name not in agents:
                agents.append(name)
    reference = reference or agents[0]
    if reference not in agents:
        raise ValueError(f"the reference agent {reference!r} played no game")
    index = {name: i for i, name in enumerate(agents)}
    k = len(agents)
    w = np.zeros((k, k))
    for (a, b), count in wins.items():
        if a != b:
            w[index[a], index[b]] += count
    pairs = (w + w.T) > 0
    w = w + prior_draws / 2 * pairs
    if connected_components(pairs, directed=False)[0] > 1:
        raise ValueError("some agents were never compared with the others, directly or through a third")
    if connected_components(w > 0, directed=True, connection="strong")[0] > 1:
        raise ValueError("an agent (or group) won or lost every game against the rest: the strengths are "
                         "unbounded; give prior_draws > 0")
    free = [i for i in range(k) if i != index[reference]]

    def full(theta: np.ndarray) -> np.ndarray:
        out = np.zeros(k)
        out[free] = theta
        return out

    def negative_log_likelihood(theta: np.ndarray) -> tuple[float, np.ndarray]:
        s = full(theta)
        gap = s[:, None] - s[None, :]
        p = 1 / (1 + np.exp(-gap))  # p[i, j]: i beats j
        value = -float(np.sum(w * np.log(p)))
        grad = -(np.sum(w * (1 - p), axis=1) - np.sum(w.T * (1 - p.T), axis=1))  # ∂/∂s_i
        return value, grad[free]

    fit = optimize.minimize(negative_log_likelihood, np.zeros(k - 1), jac=True, method="BFGS",
                            options={"gtol": 1e-10, "maxiter": 1000})
    s = full(fit.x)
    n = w + w.T
    p = 1 / (1 + np.exp(-(s[:, None] - s[None, :])))
    info = n * p * (1 - p)  # Fisher information of each pair
    hessian = np.diag(info.sum(axis=1)) - info
    cov = np.zeros((k, k))
    cov[np.ix_(free, free)] = np.linalg.inv(hessian[np.ix_(free, free)])
    se = np.sqrt(np.diag(cov))
    games = n.sum(axis=1) / 1.0
    return [Rating(name, float(s[i]), float(s[i] - z * se[i]), float(s[i] + z * se[i]), float(games[i]))
            for name, i in index.items()]
