"""Exact odds for the dice rules of the games: combat, running away, searching, conquering.

Every function returns exact :class:`fractions.Fraction` probabilities computed on
:class:`~tablerules.core.distribution.Distribution` (integer counts over a common denominator).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from .core.distribution import D6_FACES, Distribution, d6_count_le, exact
from .quest.search_table import SearchRow, SearchTable, load_search_table

#: Small World's reinforcement die (seed 003, 援军骰; faces from shared/reference).
REINFORCEMENT_DIE: tuple[int, ...] = (0, 0, 0, 1, 2, 3)

#: Running away (seed 000 and seed 001): roll a d6 per monster, 5 or more escapes.
FLEE_NEED = 5

Side = Iterable[tuple[int, int] | Sequence[int]]


def _as_json(values: dict[str, Any]) -> dict[str, Any]:
    """Exact fraction strings plus a ``"float"`` object with the same keys (the CLI contract)."""
    exact: dict[str, Any] = {}
    floats: dict[str, Any] = {}
    for key, value in values.items():
        if isinstance(value, dict):
            exact[key] = {k: str(v) for k, v in value.items()}
            floats[key] = {k: float(v) for k, v in value.items()}
        elif isinstance(value, list | tuple):
            exact[key] = [str(v) for v in value]
            floats[key] = [float(v) for v in value]
        else:
            exact[key] = str(value)
            floats[key] = float(value)
    return {**exact, "float": floats}


# ----- combat --------------------------------------------------------------------------------
@dataclass(frozen=True)
class CombatOdds:
    """``win``: the munchkins win; ``tie``: equal totals; ``lose`` = 1 - ``win``."""

    win: Fraction
    tie: Fraction
    lose: Fraction

    def to_json(self) -> dict[str, Any]:
        return _as_json({"win": self.win, "tie": self.tie, "lose": self.lose})


@lru_cache(maxsize=256)
def dice_difference(munchkin_dice: int, monster_dice: int) -> Distribution:
    """The distribution of (munchkins' dice total) - (monsters' dice total), all d6.

    No dice (a count of 0 or less) roll 0 (seed 001, p. 11). A d6 is symmetric: ``-X`` is
    distributed as ``(7 - X) - 7``, so ``m d6 - k d6`` is ``(m + k) d6 - 7k``: one sum of dice.
    """
    return Distribution.dice(max(0, munchkin_dice) + max(0, monster_dice)) - 7 * max(0, monster_dice)


def side_totals(side: Side) -> tuple[int, int]:
    """``(strength, dice)`` of one side: strengths added, dice counts added (a count below 0 rolls none)."""
    strength = dice = 0
    for entry in side:
        s, d = entry
        strength += int(s)
        dice += max(0, int(d))
    return strength, dice


def combat(munchkins: Side, monsters: Side, ties_win: bool = False) -> CombatOdds:
    """Exact odds of a dice combat (Munchkin Quest, seed 001 p. 11, 战斗结果).

    Each side is a list of ``(strength, dice)``: a fighter's or monster's level plus bonuses, and
    how many d6 it rolls. The munchkins win when their total (strengths + dice) is greater than the
    monsters' total; a tie goes to the monsters unless ``ties_win``.
    """
    m_strength, m_dice = side_totals(munchkins)
    k_strength, k_dice = side_totals(monsters)
    # munchkins' total - monsters' total = S - 7k + m_strength - k_strength, S the sum of (m + k) d6
    # (see dice_difference); read in closed form (d6_count_le), fast for hundreds of dice
    n = m_dice + k_dice
    den = 6**n
    tie_at = k_strength - m_strength + 7 * k_dice  # S equal to this: a tie
    below = d6_count_le(n, tie_at - 1)
    at_most = d6_count_le(n, tie_at)
    tie_count = at_most - below
    win_count = den - below if ties_win else den - at_most
    return CombatOdds(exact(win_count, den), exact(tie_count, den), exact(den - win_count, den))


@lru_cache(maxsize=256)
def _win_row(total_dice: int, ties_win: bool) -> tuple[int, tuple[Fraction, ...]]:
    """``(first, row)`` for a fight where the monsters roll no dice and the munchkins ``total_dice``.

    ``row[i]`` is P(win) at strength difference ``first + i``; below ``first`` the munchkins always
    lose, beyond the row they always win. With ``k`` monster dice the same row holds, moved ``7k``
    up (see :func:`dice_difference`).
    """
    dice = Distribution.dice(total_dice)
    den = dice.denominator
    tail = dice.tail_counts().tolist()  # tail[i] = count(sum >= min + i)
    # win at strength difference d  <=>  sum >= (0 if ties_win else 1) - d
    first = (0 if ties_win else 1) - dice.max
    size = len(dice.counts)
    return first, tuple(exact(tail[size - 1 - i], den) for i in range(size))


_ZERO, _ONE = Fraction(0), Fraction(1)


def combat_table(munchkin_dice: int, monster_dice: int, diffs: Iterable[int],
                 ties_win: bool = False) -> list[Fraction]:
    """The munchkins' win probability for each strength difference (munchkins minus monsters).

    One difference distribution serves the whole row, for heatmaps.
    """
    m_dice, k_dice = max(0, int(munchkin_dice)), max(0, int(monster_dice))
    first, row = _win_row(m_dice + k_dice, bool(ties_win))
    first += 7 * k_dice
    last = first + len(row) - 1
    return [_ZERO if d < first else _ONE if d > last else row[d - first] for d in diffs]


# ----- running away --------------------------------------------------------------------------
@dataclass(frozen=True)
class FleeOdds:
    """``escape`` per monster, ``escape_all``, and ``caught[k]`` = P(exactly k monsters catch you)."""

    escape: tuple[Fraction, ...]
    escape_all: Fraction
    caught: tuple[Fraction, ...]

    def to_json(self) -> dict[str, Any]:
        return _as_json({"escape_all": self.escape_all, "caught": list(self.caught)})


def flee(modifiers: Iterable[int], need: int = FLEE_NEED) -> FleeOdds:
    """Running away: one d6 per monster, escaped when roll + modifier >= ``need``.

    Seed 000 (逃跑): roll a die per monster, 5 or 6 escapes (elf +1, halfling -1); seed 001 p. 9 the
    same in Munchkin Quest. ``modifiers`` holds one modifier per monster.
    """
    die = Distribution.die(D6_FACES)
    escape = tuple(die.p_ge(need - int(m)) for m in modifiers)
    # Poisson-binomial: polynomial in x where x marks a monster that catches you
    caught = [Fraction(1)]
    for p in escape:
        nxt = [Fraction(0)] * (len(caught) + 1)
        for k, q in enumerate(caught):
            nxt[k] += q * p
            nxt[k + 1] += q * (1 - p)
        caught = nxt
    return FleeOdds(escape, caught[0], tuple(caught))


# ----- searching -----------------------------------------------------------------------------
@dataclass(frozen=True)
class SearchOdds:
    """The probability of each search-table row, with the rows themselves."""

    rows: dict[int, Fraction]
    table: SearchTable

    def row(self, number: int) -> SearchRow:
        return self.table.lookup(number)

    def monster(self) -> Fraction:
        """P(the search brings a monster)."""
        return sum((p for r, p in self.rows.items() if self.row(r).monster), Fraction(0))

    def expected_gold(self) -> Fraction:
        return sum((p * self.row(r).gold for r, p in self.rows.items()), Fraction(0))

    def expected_treasures(self) -> Fraction:
        return sum((p * self.row(r).treasures for r, p in self.rows.items()), Fraction(0))

    def to_json(self) -> dict[str, Any]:
        return _as_json({"rows": {str(r): p for r, p in self.rows.items()}})


def search(dice: int, modifier: int = 0, table: SearchTable | None = None) -> SearchOdds:
    """The Munchkin Quest search roll: ``dice`` d6 + the room's search ``modifier`` read on the table.

    Seed 001 p. 7 (搜索) and p. 20 (搜索表): rows 1 (1 or less) to 11 (11 or more); with 0 dice or
    fewer the roll is 0 and the modifier is still added.
    """
    table = table or load_search_table()
    total = (Distribution.dice(dice) + int(modifier)).clip(table.lowest, table.highest)
    probabilities = total.probabilities()
    rows = {r.row: probabilities.get(r.row, Fraction(0)) for r in table.rows}
    return SearchOdds(rows, table)


# ----- conquering ----------------------------------------------------------------------------
def conquest(tokens: int, cost: int, die: Sequence[int] = REINFORCEMENT_DIE) -> Fraction:
    """Small World's final conquest (seed 003, 最后一次征服的尝试): P(tokens + die >= cost).

    The reinforcement die shows 0, 0, 0, 1, 2, 3.
    """
    return Distribution.die(die).p_ge(int(cost) - int(tokens))
