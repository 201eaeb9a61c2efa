"""The crawl's monster die as a chance step whose cumulative counts are worked out once instead of once
per roll.

:class:`Pool` is a :class:`~tablerules.core.actions.Weighted` step (the same outcomes, probabilities and
``allows``) whose :meth:`Pool.pick` makes exactly the one ``rng.randrange`` call ``Weighted.pick`` makes
and returns the same outcome, so seeded games are unchanged. The die steps are shared objects (a
random crawl rolls the die on about one action in five). Remembering the link pool's steps by their
counts was tried and measured slower (2026-11-30): building a step costs less than keying the table.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Mapping, Sequence
from itertools import accumulate
from typing import Any

from ..core.actions import Weighted, chance
from ..core.protocol import Action


class Pool(Weighted):
    """``values[i]`` with probability ``counts[i] / sum(counts)`` (every count positive)."""

    def __init__(self, event: str, description: str, values: tuple, counts: tuple[int, ...]) -> None:
        super().__init__(event, description, values, counts)
        g = math.gcd(*counts)
        cumulative = list(accumulate(counts if g == 1 else [n // g for n in counts]))
        # every reduced count 1 (a die): the bisection would pick index randrange(n) itself
        object.__setattr__(self, "_cumulative", None if cumulative[-1] == len(values) else cumulative)

    @classmethod
    def of(cls, event: str, description: str, counts: Sequence[tuple[Any, int]]) -> Pool:
        """As ``ChanceStep.weighted(event, description, counts)``: the values with ``n != 0``, in order."""
        kept = [(v, n) for v, n in counts if n]
        return cls(event, description, tuple([v for v, _ in kept]), tuple([n for _, n in kept]))

    @classmethod
    def counted(cls, event: str, description: str, counter: Mapping[Any, int]) -> Pool:
        """As ``ChanceStep.weighted(event, description, sorted(counter.items()))`` (a pool of links or monster
        cards kept as counts by value), built with one pass in Python instead of three."""
        kept = [item for item in sorted(counter.items()) if item[1]]
        if not kept:
            return cls.of(event, description, kept)
        values, counts = zip(*kept, strict=True)
        g = math.gcd(*counts)
        cumulative = list(accumulate(counts if g == 1 else [n // g for n in counts]))
        step = cls.__new__(cls)  # (the fields as __init__ sets them, in one call)
        step.__dict__.update(event=event, description=description, _values=values, _counts=counts, _outcomes=None,
                             _cumulative=None if cumulative[-1] == len(values) else cumulative)
        return step

    @classmethod
    def distinct(cls, event: str, description: str, values: Sequence[Any]) -> Pool:
        """As ``ChanceStep.uniform(event, description, values)`` for distinct values (a deck of room tiles):
        each equally likely, in the order given; nothing to accumulate (``pick``: one ``randrange``)."""
        step = cls.__new__(cls)
        values = tuple(values)
        step.__dict__.update(event=event, description=description, _values=values, _counts=(1,) * len(values),
                             _outcomes=None, _cumulative=None)
        return step

    def pick(self, rng: Any) -> Action:
        """The outcome ``Weighted.pick`` gives with the same ``rng`` (one ``randrange`` of the same bound)."""
        values = self._values
        cumulative = self._cumulative
        if cumulative is None:
            return chance(self.event, values[rng.randrange(len(values))])
        i = bisect_right(cumulative, rng.randrange(cumulative[-1]))
        return chance(self.event, values[min(i, len(values) - 1)])
