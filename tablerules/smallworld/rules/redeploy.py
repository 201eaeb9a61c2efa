"""Readying troops, redeployment (with Amazons, Skeletons, encampments, fortresses, heroes) and the losers'
redeployment after the attacker's turn.

Seed 003, 预备部队: "玩家回合开始时，可以在场上每个已经占领的区域留下一个种族标志，把剩余的种族标志收回手中" (可以:
the player chooses, before the first conquest: ``Ready``).
重新分配部队: "完成了征服行动之后，当前的玩家可以随意重新在已占领的区域放置自己的种族标志，不用任何花费 ... 然而每个控制
的区域至少要放置一个种族标志。" Redeployment is played as: every token but one per region back in hand, then placed
one region at a time (the same positions as moving tokens freely). 亚马逊: "进入重新部署部队阶段时，从地图上拿走四个
标志放入盒子里（这个过程中如果亚马逊标志不够，可以放弃某区域）".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.words import counted
from ..state import MAX_FORTRESSES, MAX_HEROES
from .conquest import clear_region

if TYPE_CHECKING:
    from ..game import SmallWorld


def lift(g: SmallWorld, regions: list[int]) -> int:
    """Every token but one of ``regions`` back to the hand; returns how many."""
    s = g.state
    tokens = s.tokens
    n = 0
    for i in regions:
        n += tokens[i] - 1
        tokens[i] = 1
    return n


def amazons_muster(g: SmallWorld, player: int) -> None:
    """亚马逊: "每回合开始时，除了现有的标志外，再从盒子中拿出4个亚马逊标志用于征服领土"."""
    s = g.state
    seat = s.seats[player]
    if seat.race == "Amazons":
        extra = min(4, s.box["Amazons"])
        s.box["Amazons"] -= extra
        seat.hand += extra
        g.event(f"player {player}'s Amazons take {counted(extra, 'extra token')} for conquest")


def ready_troops(g: SmallWorld, player: int, ghouls: bool = False) -> None:
    """预备部队, when the player chooses it: every region of the force keeps one token, the rest go to the hand (the
    Ghouls' hand for Ghouls in decline)."""
    s = g.state
    seat = s.seats[player]
    regions = s.regions_of(player, "Ghouls", True) if ghouls else s.regions_of(player, seat.race, False)
    n = lift(g, regions)
    if ghouls:
        seat.ghoul_hand += n
    else:
        seat.hand += n
    s.acted = True
    g.event(f"player {player} readies {counted(n, 'token')}, one left in each region")


def start_redeploy(g: SmallWorld, player: int) -> None:
    s = g.state
    seat = s.seats[player]
    regions = s.regions_of(player, seat.race, False)
    seat.hand += lift(g, regions)
    if seat.race == "Skeletons":
        extra = min(s.box["Skeletons"], s.conquered_nonempty // 2)
        s.box["Skeletons"] -= extra
        seat.hand += extra
        if extra:
            g.event(f"player {player}'s Skeletons raise {counted(extra, 'new token')}")
    if seat.race == "Amazons":
        back = min(4, seat.hand)
        seat.hand -= back
        s.box["Amazons"] += back
        s.amazons_owed = 4 - back if regions else 0
        g.event(f"player {player}'s Amazons send {counted(back, 'token')} back to the box")
    if seat.power == "Bivouacking":
        for i in regions:
            seat.encampments += s.encampment[i]
            s.encampment[i] = 0
    if seat.power == "Heroic":
        for i in regions:
            s.hero[i] = False
    s.stage = "redeploy"


def pay_amazons(g: SmallWorld, player: int, region: int) -> None:
    """Amazons short of tokens for the box abandon a region to pay (its tokens go to the box)."""
    s = g.state
    n = s.tokens[region]
    clear_region(g, region)
    paid = min(n, s.amazons_owed)
    s.amazons_owed -= paid
    s.box["Amazons"] += paid
    s.seats[player].hand += n - paid
    g.event(f"player {player} abandons region {region} to send Amazons back to the box")
    if not s.regions_of(player, "Amazons", False):
        s.amazons_owed = 0


def redeploy_places(g: SmallWorld, player: int) -> list[int]:
    s = g.state
    seat = s.seats[player]
    if s.stage == "ghouls redeploy":
        return s.regions_of(player, "Ghouls", True) if seat.ghoul_hand else []
    if s.stage == "losses":
        return [i for race, n in seat.pending.items() if n for i in s.regions_of(player, race)]
    return s.regions_of(player, seat.race, False) if seat.hand else []


def place(g: SmallWorld, player: int, region: int, count: int) -> None:
    s = g.state
    seat = s.seats[player]
    s.tokens[region] += count
    if s.stage == "ghouls redeploy":
        seat.ghoul_hand -= count
    elif s.stage == "losses":
        race = s.race[region]
        seat.pending[race] -= count
    else:
        seat.hand -= count


def encampment_places(g: SmallWorld, player: int) -> list[int]:
    s = g.state
    seat = s.seats[player]
    if seat.power != "Bivouacking" or seat.encampments < 1:
        return []
    return s.regions_of(player, seat.race, False)


def fortress_places(g: SmallWorld, player: int) -> list[int]:
    s = g.state
    seat = s.seats[player]
    if seat.power != "Fortified" or s.fortress_placed or sum(s.fortress) >= MAX_FORTRESSES:
        return []
    return [i for i in s.regions_of(player, seat.race, False) if not s.fortress[i]]


def hero_places(g: SmallWorld, player: int) -> list[int]:
    s = g.state
    seat = s.seats[player]
    if seat.power != "Heroic" or sum(s.hero) >= MAX_HEROES:
        return []
    return [i for i in s.regions_of(player, seat.race, False) if not s.hero[i]]
