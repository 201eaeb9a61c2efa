"""Going into decline, the one-race-in-decline limit, and races leaving the map.

Seed 003, 种族退场: "宣布当前种族退场后，将自己的种族旗帜翻转过来 ... 除非有特别说明，与此种族相搭配的
特殊能力不再起作用，将代表特殊能力的徽记弃掉。与此同时，场上当前种族所占据的所有区域中，每个区域保留一个种族标志物 ...
将剩余的种族标志物收回盒子中。每名玩家只能在地图上保留一个已退场种族的标记。如果当前种族退场时场上还有之前退场的种族的标记，则立即从场上移除，
放入盒子 ... 如果一个种族的最后一枚标志从场地上消失 ... 就将这个种族的旗帜放到种族队列下方一叠种族旗帜的底部 ...
如果要把现有种族退场，则该玩家本轮不能征服任何区域，在计算得分之后他的回合马上结束。"
Ghouls keep all their tokens (食尸鬼); Spirit does not count toward the limit; Seafaring keeps its seas.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..state import NOBODY, Declined

if TYPE_CHECKING:
    from ..game import SmallWorld

KEPT_POWERS = ("Spirit", "Seafaring")  #: badges that stay with the banner in decline (their effect lasts)


def remove_declined(g: SmallWorld, player: int, entry: Declined) -> None:
    from .conquest import clear_region

    s = g.state
    for i in s.regions_of(player, entry.race, True):
        s.box[entry.race] += s.tokens[i]
        clear_region(g, i)
    seat = s.seats[player]
    s.box[entry.race] += seat.pending.pop(entry.race, 0)
    if entry.race == "Ghouls":
        s.box["Ghouls"] += seat.ghoul_hand
        seat.ghoul_hand = 0
    seat.declined.remove(entry)
    retire(g, entry)
    g.event(f"player {player}'s {entry.race} in decline leave the map")


def retire(g: SmallWorld, entry: Declined) -> None:
    """The banner goes under the stack (its badge, if it was kept, to the discard)."""
    s = g.state
    s.race_bottom.append(entry.race)
    if entry.power in KEPT_POWERS:
        s.power_discard.append(entry.power)


def check_extinct(g: SmallWorld, player: int, race: str) -> None:
    """A race in decline whose last token left the map (and none waits to come back) is gone."""
    s = g.state
    seat = s.seats[player]
    for entry in seat.declined:
        if entry.race == race:
            if seat.pending.get(race, 0) or (race == "Ghouls" and seat.ghoul_hand):
                return
            if not any(o == player and r == race for o, r in zip(s.owner, s.race, strict=True)):
                seat.declined.remove(entry)
                seat.pending.pop(race, None)
                retire(g, entry)
                g.event(f"player {player}'s {race} in decline have no token left on the map")
            return


def can_decline(g: SmallWorld, player: int) -> bool:
    s = g.state
    seat = s.seats[player]
    return bool(seat.race) and not seat.fresh and not s.acted


def go_into_decline(g: SmallWorld, player: int) -> None:
    """Flip the active race: the Decline action at the start of a turn (before any Ready, abandon or conquest), or
    Stout's decline after redeployment."""
    s = g.state
    seat = s.seats[player]
    race, power = seat.race, seat.power
    spirit = power == "Spirit"
    for entry in list(seat.declined):
        if (entry.power == "Spirit") == spirit:
            remove_declined(g, player, entry)
    for i in s.regions_of(player, race, False):
        keep = s.tokens[i] if race == "Ghouls" else 1
        s.box[race] += s.tokens[i] - keep
        s.tokens[i] = keep
        s.decline[i] = True
        s.hole[i] = s.hero[i] = False
        if s.encampment[i]:
            s.encampment[i] = 0
    if s.dragon != NOBODY and s.owner[s.dragon] == player:
        s.dragon = NOBODY
    s.box[race] += seat.hand
    seat.hand = 0
    if race == "Ghouls" and seat.pending.get("Ghouls"):
        pass  # tokens waiting to come back stay: they redeploy onto the Ghouls in decline
    elif seat.pending.get(race):
        s.box[race] += seat.pending.pop(race)
    seat.declined.append(Declined(race, power))
    if power not in KEPT_POWERS:
        s.power_discard.append(power)
    seat.race = seat.power = ""
    seat.encampments = 0
    seat.peace_with = NOBODY
    g.event(f"player {player}'s {power} {race} go into decline")
    check_extinct(g, player, race)
