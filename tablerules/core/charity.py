"""Charity (慈善捐赠 / 行善), shared by Munchkin and Munchkin Quest: at the end of your turn the cards over
your hand limit go to the lowest-level player(s), split as evenly as you can; if you are (one of) the
lowest, you discard them instead."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence


def lowest_others(levels: Sequence[int], giver: int, dead: Collection[int] = ()) -> list[int]:
    """The players who receive charity: the lowest level, not the giver; nobody if the giver is lowest.
    ``dead`` players do not count (Munchkin 慈善捐赠: "给等级最低的小白（死人不算）")."""
    counted = [i for i in range(len(levels)) if i == giver or i not in dead]
    low = min(levels[i] for i in counted)
    if levels[giver] == low:
        return []
    return [i for i in counted if levels[i] == low and i != giver]


def next_recipients(levels: Sequence[int], giver: int, given: Mapping[int, int],
                    dead: Collection[int] = ()) -> list[int]:
    """Who may receive the next card: among the lowest (not counting the ``dead``), those given the
    fewest so far (as even as you can). Empty: the giver discards."""
    lowest = lowest_others(levels, giver, dead)
    if not lowest:
        return []
    fewest = min(given.get(q, 0) for q in lowest)
    return [q for q in lowest if given.get(q, 0) == fewest]
