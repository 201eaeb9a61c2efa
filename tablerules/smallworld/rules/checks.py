"""The invariants the random-game harness checks after every action (issue 12, point 6): tokens never exceed
the box counts and every token is in exactly one place, coins never negative, seas held only by Seafaring,
markers within their counts, at most one race in decline per player (Spirit apart); every power badge in one
place, the player to play a seat of the game, a Berserk die on one of its faces (issue 28: forged saves)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...odds import REINFORCEMENT_DIE
from ..state import LOST_TRIBES, MAX_ENCAMPMENTS, MAX_FORTRESSES, MAX_HEROES, MAX_LAIRS, NOBODY
from .decline import KEPT_POWERS
from .turns import BERSERK_ROLLING

if TYPE_CHECKING:
    from ..game import SmallWorld


def invariants(g: SmallWorld) -> list[str]:
    s = g.state
    broken: list[str] = []
    if not 0 <= s.current < len(s.seats):
        broken.append(f"player {s.current} is to play in a game of {len(s.seats)}")
    if s.berserk_die not in (NOBODY, BERSERK_ROLLING, *REINFORCEMENT_DIE):
        broken.append(f"the Berserk reinforcement die shows {s.berserk_die}, which it cannot")
    counts = dict(s.box)
    for i, o in enumerate(s.owner):
        if o == NOBODY:
            if s.race[i] or s.tokens[i]:
                broken.append(f"region {i} has tokens but no owner")
            continue
        if s.tokens[i] < 1:
            broken.append(f"region {i} is held with {s.tokens[i]} tokens")
        if s.lost_tribe[i]:
            broken.append(f"region {i} holds a lost tribe and a race")
        counts[s.race[i]] = counts.get(s.race[i], 0) + s.tokens[i]
        region = g.board.regions[i]
        if region.water:
            seat = s.seats[o]
            sea_ok = (not s.decline[i] and seat.power == "Seafaring") or any(
                d.race == s.race[i] and d.power == "Seafaring" for d in seat.declined)
            if not sea_ok:
                broken.append(f"sea/lake region {i} held by {s.race[i]} without Seafaring")
        if s.decline[i] and not any(d.race == s.race[i] for d in s.seats[o].declined):
            broken.append(f"region {i}: player {o} has no {s.race[i]} in decline")
        if not s.decline[i] and s.seats[o].race != s.race[i]:
            broken.append(f"region {i}: {s.race[i]} is not player {o}'s active race")
    for p, seat in enumerate(s.seats):
        if seat.coins < 0:
            broken.append(f"player {p} has negative coins")
        if seat.race:
            counts[seat.race] = counts.get(seat.race, 0) + seat.hand
        elif seat.hand:
            broken.append(f"player {p} holds tokens without a race")
        for race, n in seat.pending.items():
            counts[race] = counts.get(race, 0) + n
            if n < 0:
                broken.append(f"player {p} has {n} {race} pending")
        counts["Ghouls"] = counts.get("Ghouls", 0) + seat.ghoul_hand
        if sum(d.power != "Spirit" for d in seat.declined) > 1 or sum(d.power == "Spirit" for d in seat.declined) > 1:
            broken.append(f"player {p} has too many races in decline")
    for race, info in g.races.items():
        if counts.get(race, 0) != info.box:
            broken.append(f"{race}: {counts.get(race, 0)} tokens accounted for, the box has {info.box}")
        if s.box[race] < 0:
            broken.append(f"{race}: negative tokens in the box")
    if sum(s.lost_tribe) + s.lost_tribes_box != LOST_TRIBES:
        broken.append("lost tribes are not all accounted for")
    if sum(s.lair) > MAX_LAIRS or sum(s.fortress) > MAX_FORTRESSES or sum(s.hero) > MAX_HEROES:
        broken.append("more markers on the map than the box holds")
    if sum(s.encampment) + sum(seat.encampments for seat in s.seats) > MAX_ENCAMPMENTS:
        broken.append("more than 5 encampments")
    if sum(s.hole) > 2:
        broken.append("more than 2 holes")
    banners = list(s.row_races) + list(s.race_pool) + list(s.race_bottom)
    for seat in s.seats:
        banners += ([seat.race] if seat.race else []) + [d.race for d in seat.declined]
    if sorted(banners) != sorted(g.races):
        broken.append(f"race banners lost or doubled: {sorted(banners)}")
    # a badge in decline stays with its banner only when kept (Spirit, Seafaring), else it is discarded
    badges = list(s.row_powers) + list(s.power_pool) + list(s.power_discard)
    for seat in s.seats:
        badges += ([seat.power] if seat.power else []) + [d.power for d in seat.declined if d.power in KEPT_POWERS]
    if sorted(badges) != sorted(g.powers):
        broken.append("special power badges lost, doubled or not in the game")
    return broken
