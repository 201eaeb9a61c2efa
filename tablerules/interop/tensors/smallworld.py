"""Small World's observation tensor (layout :data:`~tablerules.interop.tensors.VERSION`), from
``data/smallworld/races.json``, ``powers.json`` and the map of the player count (``maps/<n>p.json``).

R regions of the map, 14 races and 20 powers in the order of their files, n seats. The map itself (terrain,
neighbours) is the same in every game of a player count, so it is not in the tensor. Not encoded: the
seats' declined combos' powers, the pools' order (the pools are face down).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from ...smallworld.maps import load_board, load_powers, load_races
from . import Slice, Spec, Writer, common, domain
from . import encode as encode_tensor

STAGES = ("pick", "conquer", "redeploy", "diplomacy", "ghouls", "ghouls redeploy", "losses", "over")
ROW = 6


#: the key of the observation's state listing the seats (its length is the player count)
SEATS = "seats"


def encode(observation: dict[str, Any], player: int) -> np.ndarray:
    """Seat ``player``'s tensor of ``observation`` (:func:`tablerules.interop.tensors.encode`)."""
    return encode_tensor("smallworld", observation, player)


def spec(players: int) -> Spec:
    races, powers = load_races(), load_powers()
    nr, npw, regions = len(races), len(powers), len(load_board(players))
    box = max(r.box for r in races.values())
    n = players
    return Spec("smallworld", players, [
        *common(players),
        Slice("stage", (len(STAGES),), "one-hot of the stage: " + ", ".join(STAGES)),
        Slice("round", (1,), "the round", high=10),
        Slice("current", (n,), "one-hot of the seat whose turn it is"),
        Slice("my_coins", (1,), "the seat's own victory coins (others' are hidden)", high=200, private=True),
        Slice("race", (n, nr), "each seat's active race (one-hot)"),
        Slice("power", (n, npw), "each seat's active power (one-hot)"),
        Slice("declined", (n, nr), "each seat's races in decline"),
        Slice("hand", (n,), "tokens in each seat's hand", high=box),
        Slice("row_race", (ROW, nr), "the races of the row, first place first"),
        Slice("row_power", (ROW, npw), "the powers of the row"),
        Slice("row_coins", (ROW,), "coins lying on each combo of the row", high=20),
        Slice("box", (nr,), "tokens of each race left in the box", high=box),
        Slice("owner", (regions, n), "the seat holding each region (none: all 0)"),
        Slice("region_race", (regions, nr), "the race on each region"),
        Slice("tokens", (regions,), "tokens on each region", high=box),
        Slice("region_flags", (regions, 8), "per region: in decline, lost tribe, lair, fortress, hole, hero, "
                                            "dragon, conquered this turn"),
        Slice("encampment", (regions,), "encampments on each region", high=5),
    ])


@lru_cache(maxsize=1)
def _domains() -> tuple[dict[str, int], dict[str, int]]:
    return domain(load_races()), domain(load_powers())


def write(w: Writer, observation: dict[str, Any], player: int) -> None:
    s = observation["state"]
    races, powers = _domains()
    if s.get("stage") in STAGES:
        w.set("stage", STAGES.index(s["stage"]))
    w.set("round", 0, s.get("round", 0))
    w.seat("current", s["current"])
    for p, seat in enumerate(s["seats"]):
        if p == player and seat.get("coins") is not None:
            w.set("my_coins", 0, seat["coins"])
        if seat["race"]:
            w.set("race", (p, races[seat["race"]]))
        if seat["power"]:
            w.set("power", (p, powers[seat["power"]]))
        w.count("declined", races, (d["race"] for d in seat["declined"]), row=p)
        w.set("hand", p, seat["hand"])
    for i, (race, power) in enumerate(zip(s["row_races"], s["row_powers"], strict=False)):
        w.set("row_race", (i, races[race]))
        w.set("row_power", (i, powers[power]))
    for i, coins in enumerate(s["row_coins"][:ROW]):
        w.set("row_coins", i, coins)
    for race, left in s["box"].items():
        w.set("box", races[race], left)
    conquered = set(s.get("conquered", ()))
    dragon = s.get("dragon", -1)
    owners, region_races = s["owner"], s["race"]
    for r, owner in enumerate(owners):
        if owner >= 0:
            w.set("owner", (r, owner))
        if region_races[r]:
            w.set("region_race", (r, races[region_races[r]]))
    w.put("tokens", s["tokens"])
    w.put("encampment", s["encampment"])
    columns = (s["decline"], s["lost_tribe"], s["lair"], s["fortress"], s["hole"], s["hero"])
    for r in range(len(owners)):
        w.put("region_flags", [*(float(c[r]) for c in columns), float(dragon == r), float(r in conquered)], row=r)
