"""Exact discrete distributions of integer outcomes.

A :class:`Distribution` is a run of integer *counts* for the consecutive outcomes ``offset,
offset + 1, ...``; the probability of an outcome is its count over the sum of all counts (the
common denominator). Sums of dice are convolutions of the counts, so every probability stays an
exact integer ratio; :class:`fractions.Fraction` appears only at the API boundary and floats only
for plots.

Counts are numpy ``int64`` while the denominator fits in 62 bits, and Python integers (numpy
``object`` arrays) beyond, so large dice pools stay exact too.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from functools import lru_cache

import numpy as np

#: The faces of an ordinary six-sided die.
D6_FACES: tuple[int, ...] = (1, 2, 3, 4, 5, 6)

_INT64_LIMIT = 2**62


def exact(numerator: int, denominator: int) -> Fraction:
    """``Fraction(numerator, denominator)``, reduced with one gcd and without re-checking types.

    Odds tables build hundreds of Fractions from integer counts; this skips the generic
    constructor's parsing (the result is an ordinary, normalised Fraction).
    """
    g = math.gcd(numerator, denominator)
    return _coprime(numerator // g, denominator // g)


if hasattr(Fraction, "_from_coprime_ints"):  # Python >= 3.12
    _coprime = Fraction._from_coprime_ints
else:  # Python 3.11: what 3.12's Fraction._from_coprime_ints does
    def _coprime(numerator: int, denominator: int) -> Fraction:
        out = object.__new__(Fraction)
        out._numerator = numerator
        out._denominator = denominator
        return out


def _convolve(a: np.ndarray, b: np.ndarray, total: int) -> np.ndarray:
    """Counts of the sum of two independent outcomes (``total``: the product of their denominators);
    exact whatever the size."""
    if a.dtype != object and b.dtype != object and total < _INT64_LIMIT:
        return np.convolve(a, b)
    return np.convolve(a.astype(object), b.astype(object))


class Distribution:
    """An exact distribution over the integers ``offset .. offset + len(counts) - 1``."""

    __slots__ = ("_den", "_tail", "counts", "offset")

    def __init__(self, offset: int, counts: Iterable[int] | np.ndarray) -> None:
        arr = np.asarray(counts)
        if arr.dtype != object:
            arr = arr.astype(np.int64)
        if arr.ndim != 1 or arr.size == 0:
            raise ValueError("a distribution needs at least one outcome")
        if bool((arr < 0).any()):
            raise ValueError("counts cannot be negative")
        nonzero = np.flatnonzero(arr)
        if nonzero.size == 0:
            raise ValueError("a distribution needs a positive count")
        first, last = int(nonzero[0]), int(nonzero[-1])
        self.offset = int(offset) + first
        self.counts = arr[first : last + 1]
        self.counts.flags.writeable = False
        self._tail: np.ndarray | None = None
        self._den: int | None = None

    @classmethod
    def _trusted(cls, offset: int, counts: np.ndarray) -> Distribution:
        """Internal: counts already non-negative with positive ends (sums, negations of such)."""
        out = object.__new__(cls)
        out.offset = offset
        out.counts = counts
        counts.flags.writeable = False
        out._tail = None
        out._den = None
        return out

    # ----- construction -------------------------------------------------------------------
    @classmethod
    def constant(cls, value: int) -> Distribution:
        """The distribution that is ``value`` for certain."""
        return cls(value, [1])

    @classmethod
    def die(cls, faces: Sequence[int] = D6_FACES) -> Distribution:
        """One roll of a fair die with the given faces; repeated faces weigh more.

        Small World's reinforcement die is ``Distribution.die((0, 0, 0, 1, 2, 3))``.
        """
        if not faces:
            raise ValueError("a die needs at least one face")
        lo = min(faces)
        counts = np.bincount(np.asarray(faces, dtype=np.int64) - lo)  # both ends positive: min and max faces
        return cls._trusted(lo, counts)

    @classmethod
    def dice(cls, n: int, faces: Sequence[int] = D6_FACES) -> Distribution:
        """The sum of ``n`` fair dice. No dice (``n <= 0``) roll 0.

        Munchkin Quest (seed 001, p. 11, room icons): "if the number of dice is 0 or less, the roll
        is 0, but every other bonus is still added to that 0".
        """
        return _dice(max(0, int(n)), tuple(faces))

    @classmethod
    def from_outcomes(cls, outcomes: dict[int, int]) -> Distribution:
        """From a mapping outcome -> integer weight."""
        if not outcomes:
            raise ValueError("a distribution needs at least one outcome")
        lo, hi = min(outcomes), max(outcomes)
        counts = [0] * (hi - lo + 1)
        for value, weight in outcomes.items():
            counts[value - lo] += int(weight)
        return cls(lo, np.array(counts, dtype=object if max(counts) >= _INT64_LIMIT else np.int64))

    # ----- arithmetic ---------------------------------------------------------------------
    def __add__(self, other: Distribution | int) -> Distribution:
        if isinstance(other, Distribution):
            return Distribution._trusted(self.offset + other.offset, _convolve(self.counts, other.counts,
                                                                               self.denominator * other.denominator))
        return self.shift(int(other))

    __radd__ = __add__

    def __neg__(self) -> Distribution:
        return Distribution._trusted(-self.max, self.counts[::-1].copy())

    def __sub__(self, other: Distribution | int) -> Distribution:
        if isinstance(other, Distribution):
            return self + (-other)
        return self + (-int(other))

    def __rsub__(self, other: int) -> Distribution:
        return (-self) + other

    def shift(self, k: int) -> Distribution:
        """The distribution of ``X + k`` (shares the counts: no copy, no re-check)."""
        out = object.__new__(Distribution)
        out.offset = self.offset + k
        out.counts = self.counts
        out._tail = self._tail
        out._den = self._den
        return out

    def map(self, f: Callable[[int], int]) -> Distribution:
        """The distribution of ``f(X)``."""
        out: dict[int, int] = {}
        for value, count in self.items():
            key = int(f(value))
            out[key] = out.get(key, 0) + count
        return Distribution.from_outcomes(out)

    def clip(self, low: int | None = None, high: int | None = None) -> Distribution:
        """Outcomes below ``low`` count as ``low``, above ``high`` as ``high``."""
        lo = self.min if low is None else low
        hi = self.max if high is None else high
        return self.map(lambda v: min(max(v, lo), hi))

    # ----- reading ------------------------------------------------------------------------
    @property
    def denominator(self) -> int:
        """The common denominator: the sum of all counts."""
        if self._den is None:
            self._den = int(self.counts.sum())
        return self._den

    @property
    def min(self) -> int:
        return self.offset

    @property
    def max(self) -> int:
        return self.offset + len(self.counts) - 1

    def items(self) -> list[tuple[int, int]]:
        """``(outcome, count)`` pairs with a positive count, lowest outcome first."""
        return [(self.offset + i, int(c)) for i, c in enumerate(self.counts) if c]

    def probabilities(self) -> dict[int, Fraction]:
        """Outcome -> exact probability, for every possible outcome."""
        den = self.denominator
        return {value: Fraction(count, den) for value, count in self.items()}

    def floats(self) -> tuple[np.ndarray, np.ndarray]:
        """``(outcomes, probabilities)`` as float arrays, for plots only."""
        values = np.arange(self.min, self.max + 1)
        return values, self.counts.astype(float) / float(self.denominator)

    def tail_counts(self) -> np.ndarray:
        """``tail[i]`` = count of outcomes ``>= offset + i``; one extra trailing 0."""
        if self._tail is None:
            tail = np.concatenate([np.cumsum(self.counts[::-1])[::-1], np.zeros(1, self.counts.dtype)])
            tail.flags.writeable = False
            self._tail = tail
        return self._tail

    def count_ge(self, x: int) -> int:
        """How many of the ``denominator`` equally likely cases are ``>= x``."""
        i = x - self.offset
        if i <= 0:
            return self.denominator
        tail = self.tail_counts()
        return int(tail[i]) if i < len(tail) else 0

    def p_ge(self, x: int) -> Fraction:
        return exact(self.count_ge(x), self.denominator)

    def p_gt(self, x: int) -> Fraction:
        return exact(self.count_ge(x + 1), self.denominator)

    def p_le(self, x: int) -> Fraction:
        return 1 - self.p_gt(x)

    def p_lt(self, x: int) -> Fraction:
        return 1 - self.p_ge(x)

    def p_eq(self, x: int) -> Fraction:
        i = x - self.offset
        count = int(self.counts[i]) if 0 <= i < len(self.counts) else 0
        return Fraction(count, self.denominator)

    def mean(self) -> Fraction:
        return Fraction(sum(v * c for v, c in self.items()), self.denominator)

    # ----- comparison ---------------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Distribution):
            return NotImplemented
        return self.probabilities() == other.probabilities()

    def __hash__(self) -> int:
        return hash(tuple(self.probabilities().items()))

    def __repr__(self) -> str:
        inner = ", ".join(f"{v}: {p}" for v, p in self.probabilities().items())
        return f"Distribution({{{inner}}})"


@lru_cache(maxsize=256)
def _dice(n: int, faces: tuple[int, ...]) -> Distribution:
    if n == 0:
        return Distribution.constant(0)
    if n == 1:
        return Distribution.die(faces)
    half = _dice(n // 2, faces)
    total = half + half
    return total + _dice(1, faces) if n % 2 else total


def d6_count_le(n: int, total: int) -> int:
    """How many of the ``6**n`` rolls of ``n`` d6 sum to ``total`` or less, in closed form.

    Inclusion-exclusion over the dice that show more than 6 (with each die read as 0..5 and
    ``t = total - n``): ``sum_k (-1)**k C(n, k) C(t - 6k + n, n)``. At most ``n + 1`` exact integer
    terms, where convolving ``n`` dice costs ``n**2`` big-integer products: combat odds for hundreds
    of dice answer in milliseconds.
    """
    n = max(0, int(n))
    t = int(total) - n
    if t < 0:
        return 0
    if t >= 5 * n:
        return 6**n
    count = 0
    for k in range(min(n, t // 6) + 1):
        term = math.comb(n, k) * math.comb(t - 6 * k + n, n)
        count += -term if k % 2 else term
    return count
