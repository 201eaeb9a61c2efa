"""Small World's id table (version :data:`~tablerules.interop.ids.VERSION`), from ``data/smallworld/races.json``,
``powers.json`` and the map of the player count (``maps/<n>p.json``).

Domains: races and powers in the order of their files, regions ``0 .. regions-1`` of the map, seats, token
counts ``1 ..`` the largest race box (no seat holds more tokens of one race than its box has).

* ``PickCombo``: the race and the power; the row position is implied (each race and power is in the row once).
* ``Conquer`` and ``FinalAttempt``: the region; the cost is implied (the state sets it).
* ``MakePeace``: the other seat, or -1 for nobody.
* Chance: a race banner or power badge drawn is its name; the reinforcement die its face (0 to 3).
"""

from __future__ import annotations

from ...odds import REINFORCEMENT_DIE
from ...smallworld import actions as A
from ...smallworld.game import DIE
from ...smallworld.maps import load_board, load_powers, load_races
from ...smallworld.rules.combos import POWER_DRAW, RACE_DRAW
from . import ActionTable, Arg, Block, ChanceTable, Event, Tables, one, seats


def tables(players: int) -> Tables:
    races, powers = load_races(), load_powers()
    regions = tuple(range(len(load_board(players))))
    region = Arg("region", regions)
    blocks = [
        Block(A.PickCombo, (Arg("race", tuple(races)), Arg("power", tuple(powers))), implied=("index",)),
        Block(A.Conquer, (region,), implied=("cost",)),
        Block(A.FinalAttempt, (region,), implied=("cost",)),
        one(A.RollBerserk),
        Block(A.DragonAttack, (region,)),
        Block(A.Enchant, (region,)),
        one(A.Ready),
        Block(A.Abandon, (region,)),
        one(A.Decline),
        one(A.EndConquest),
        Block(A.Place, (region, Arg("count", tuple(range(1, max(r.box for r in races.values()) + 1))))),
        Block(A.PlaceEncampment, (region,)),
        Block(A.PlaceFortress, (region,)),
        Block(A.PlaceHero, (region,)),
        Block(A.EndTurn, (Arg("decline", (False, True)),)),
        Block(A.MakePeace, (Arg("other", (-1, *seats(players))),)),
    ]
    chance = [Event(RACE_DRAW, tuple(races)), Event(POWER_DRAW, tuple(powers)),
              Event(DIE, tuple(sorted(set(REINFORCEMENT_DIE))))]
    return Tables(ActionTable("smallworld", players, blocks), ChanceTable("smallworld", players, chance))
