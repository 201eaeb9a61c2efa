"""Scoring at the end of a turn: 1 coin per region, plus race and power bonuses, with the breakdown.

Seed 003, 获得胜利点数: "这时每在地图上占据一个区域，就可以获得 1 个胜利点数。与此同时，该玩家还可以通过种族/特殊能力
获得额外的胜利点数 ... 退场种族的标志占据的每个区域也会为玩家获得 1 个胜利点数。除非规则中有特别说明，其种族与特殊能力
不再获得额外的分数。" 种族退场: "除非有特别说明，种族与特殊能力都不会在这一回合获得额外的胜利点数。"
Race bonuses: 人类 (farmland), 兽人 (non-empty conquests), 矮人 (mines, also in decline); the rest per the reference.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.words import counted
from ..state import indices

if TYPE_CHECKING:
    from ..game import SmallWorld

TERRAIN_POWERS = {"Forest": "forest", "Hill": "hill", "Swamp": "swamp"}
TERRAIN_RACES = {"Humans": "farmland"}
FEATURE_RACES = {"Dwarves": "mine", "Wizards": "magic"}
_POWER_TERMS = frozenset([*TERRAIN_POWERS, "Alchemist", "Merchant", "Pillaging", "Fortified", "Wealthy"])


def score_breakdown(g: SmallWorld, player: int, declined_this_turn: bool = False) -> list[tuple[str, int]]:
    """(reason, coins) for ``player``'s turn end; the sum is what they earn."""
    s = g.state
    regions = g.board.regions
    seat = s.seats[player]
    races, declines = s.race, s.decline
    mine = indices(s.owner, player)
    terms = [("regions", len(mine))]
    if "Dwarves" in races:
        dwarves_declined = [i for i in mine if races[i] == "Dwarves" and declines[i]]
        if dwarves_declined:
            terms.append(("Dwarves in decline: mines", sum(regions[i].has("mine") for i in dwarves_declined)))
    if declined_this_turn or not seat.race:
        return [(k, v) for k, v in terms if v]
    race, power = seat.race, seat.power
    active = [i for i in mine if not declines[i]]
    if race in TERRAIN_RACES:
        terms.append((f"{race}: {TERRAIN_RACES[race]}", sum(regions[i].terrain == TERRAIN_RACES[race] for i in active)))
    if race in FEATURE_RACES:
        terms.append((f"{race}: {FEATURE_RACES[race]}", sum(regions[i].has(FEATURE_RACES[race]) for i in active)))
    if race == "Orcs":
        terms.append(("Orcs: non-empty regions conquered", s.conquered_nonempty))
    if power in _POWER_TERMS:
        if power in TERRAIN_POWERS:
            terms.append((f"{power}: {TERRAIN_POWERS[power]}", sum(regions[i].terrain == TERRAIN_POWERS[power]
                                                                   for i in active)))
        elif power == "Alchemist":
            terms.append(("Alchemist", 2))
        elif power == "Merchant":
            terms.append(("Merchant: regions", len(active)))
        elif power == "Pillaging":
            terms.append(("Pillaging: non-empty regions conquered", s.conquered_nonempty))
        elif power == "Fortified":
            terms.append(("Fortified: fortresses", sum(s.fortress[i] for i in active)))
        elif power == "Wealthy" and seat.fresh:
            terms.append(("Wealthy (first turn)", 7))
    return [(k, v) for k, v in terms if v]


def score_turn(g: SmallWorld, player: int, declined_this_turn: bool = False) -> int:
    terms = score_breakdown(g, player, declined_this_turn)
    total = sum(v for _, v in terms)
    g.state.seats[player].coins += total
    why = " + ".join(f"{v} ({k})" for k, v in terms) or "nothing"
    g.event(f"player {player} scores {counted(total, 'coin')}: {why}")
    return total
