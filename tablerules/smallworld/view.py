"""Small World's state in words (the terminal and notebooks)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .state import NOBODY

if TYPE_CHECKING:
    from .game import SmallWorld


def region_text(g: SmallWorld, i: int) -> str:
    s = g.state
    r = g.board.regions[i]
    marks = [f for f in r.features] + (["mountain"] if r.mountain_marker else [])
    for name, on in (("lair", s.lair[i]), ("fortress", s.fortress[i]), ("hole", s.hole[i]), ("hero", s.hero[i]),
                     ("dragon", s.dragon == i), ("lost tribe", s.lost_tribe[i])):
        if on:
            marks.append(name)
    if s.encampment[i]:
        marks.append(f"{s.encampment[i]} encampment(s)")
    holder = "empty"
    if s.owner[i] != NOBODY:
        holder = f"P{s.owner[i]} {s.tokens[i]} {s.race[i]}{' (decline)' if s.decline[i] else ''}"
    return f"{i:>2} {r.terrain:<8} {holder:<28} {', '.join(marks)}"


def describe(g: SmallWorld, viewer: int | None = None) -> str:
    """The state in words; with ``viewer``, the other seats' coins are hidden (face down)."""
    s = g.state
    lines = [f"round {s.round}/{g.board.rounds}, player {s.current}'s turn, stage {s.stage}"]
    row = [f"{i + 1}. {power} {race}{f' [{c}c]' if c else ''}"
           for i, (race, power, c) in enumerate(zip(s.row_races, s.row_powers, s.row_coins, strict=False))]
    lines.append("combos: " + "; ".join(row))
    for p, seat in enumerate(s.seats):
        active = f"{seat.power} {seat.race} ({seat.hand} in hand)" if seat.race else "no active race"
        declined = ", ".join(d.race for d in seat.declined) or "-"
        coins = "? coins" if viewer is not None and viewer != p else f"{seat.coins} coins"
        lines.append(f"player {p}: {coins}, {active}, in decline: {declined}")
    lines += [region_text(g, i) for i in range(len(g.board)) if s.owner[i] != NOBODY or s.lost_tribe[i]]
    return "\n".join(lines)
