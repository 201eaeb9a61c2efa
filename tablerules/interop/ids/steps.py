"""Large blocks chosen in steps: how a table keeps ``num_distinct_actions`` small (version 4).

A block of more than :data:`LIMIT` ids (Munchkin's ``AskHelp``: helper x treasures x item) would make the action
space as large as the product of its arguments. So the wrappers offer such an action as a short **sequence of
choices by the same seat**, each among at most :data:`LIMIT` ids:

* The block's arguments are written as **digits**: an argument of at most :data:`LIMIT` values is one digit (its
  position in its domain); a larger one (Baldur's Gate's kinds named for each owner, its builds) is two, its
  position's high part (``position // r``) then its low part (``position % r``), ``r = ceil(sqrt(values))``.
* The digits are **grouped** from the first, each group as many digits as fit with at most :data:`LIMIT`
  combinations (mixed radix, the first digit most significant). The first group is the **head**: the block's
  own ids in the compact table are its heads (the block and its leading arguments). Each later group is a
  **tail**: tail ids are shared by every split block (they say which value of the current step; the head chosen
  says which block and step), in one region after the last block.
* A block of at most :data:`LIMIT` ids is one step, as in version 3 (its compact ids are its ids in order).

Every action of a split block is one head then its tails, and two actions never share a sequence (the digits are
its arguments' positions), so the wrappers can offer, after a partial choice, exactly the next ids consistent
with the engine's legal actions: every legal action is reachable by one sequence and every offered sequence ends
in a legal action.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

#: the most ids one step of a split block offers (and the largest block left whole)
LIMIT = 256


@dataclass(frozen=True)
class Digit:
    """One digit of a split block: ``(position of argument arg // divisor) % radix``."""

    arg: int
    radix: int
    divisor: int = 1

    def of(self, positions: tuple[int, ...]) -> int:
        return (positions[self.arg] // self.divisor) % self.radix


@dataclass(frozen=True)
class Split:
    """The steps of a block over :data:`LIMIT`: ``groups`` of digits, ``sizes`` their combinations (the head first)."""

    groups: tuple[tuple[Digit, ...], ...]
    sizes: tuple[int, ...]

    def values(self, positions: tuple[int, ...]) -> tuple[int, ...]:
        """Each step's value (its digits in mixed radix) for an action's argument positions."""
        out = []
        for group in self.groups:
            n = 0
            for d in group:
                n = n * d.radix + d.of(positions)
            out.append(n)
        return tuple(out)

    def digits(self, step: int, value: int) -> list[tuple[Digit, int]]:
        """The digits step ``step``'s value ``value`` stands for, with their values."""
        out = []
        for d in reversed(self.groups[step]):
            value, v = divmod(value, d.radix)
            out.append((d, v))
        return out[::-1]


def split(sizes: tuple[int, ...], limit: int = LIMIT) -> Split | None:
    """The steps of a block whose arguments have ``sizes`` values (``None``: at most ``limit`` ids, one step)."""
    if math.prod(sizes) <= limit:
        return None
    digits: list[Digit] = []
    for i, m in enumerate(sizes):
        if m <= limit:
            digits.append(Digit(i, m))
        else:
            r = math.isqrt(m - 1) + 1
            digits += [Digit(i, -(-m // r), r), Digit(i, r)]
    groups: list[list[Digit]] = [[]]
    product = 1
    for d in digits:
        if groups[-1] and product * d.radix > limit:
            groups.append([])
            product = 1
        groups[-1].append(d)
        product *= d.radix
    return Split(tuple(tuple(g) for g in groups), tuple(math.prod(d.radix for d in g) for g in groups))
