"""The Quest dungeon crawl's observation tensor (layout :data:`~tablerules.interop.tensors.VERSION`), from
``data/quest/rooms.json``, ``monsters.json`` and the link kinds; Munchkin Quest's tensor starts with the same
dungeon slices (:mod:`.quest`).

R rooms (the Entrance, then the 24 room tiles in file order), the 4 sides N, E, S, W, the 5 link kinds (corridor,
door, locked, secret, wall), M monster kinds in file order, n seats (seat ``p`` plays colour ``colours[p]``).
A room's position is its (x, y) on the grid, the Entrance at (0, 0), clipped to -12..12. Not encoded: the
pending placements' options and which pieces were placed in what order.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

import numpy as np

from ...quest.geometry import LinkKind, Side
from ...quest.tiles import load_monsters, load_rooms
from . import Slice, Spec, Writer, common, domain
from . import encode as encode_tensor

SIDES = tuple(s.value for s in Side)
LINKS = tuple(k.value for k in LinkKind)
FAR = 12
STAGES = ("dealing", "character creation", "moving", "combat", "asking for help", "interference", "rolling",
          "after the roll", "running: direction", "running away", "charity")


@lru_cache(maxsize=1)
def rooms() -> dict[str, int]:
    deck = load_rooms()
    return domain((deck.entrance.id, *(r.id for r in deck.rooms)))


@lru_cache(maxsize=1)
def monsters() -> dict[str, int]:
    return domain(m.id for m in load_monsters())


def dungeon_slices(n: int) -> list[Slice]:
    r, m = len(rooms()), len(monsters())
    return [
        Slice("current", (n,), "one-hot of the seat whose turn it is"),
        Slice("round", (1,), "the round", high=20),
        Slice("moves_left", (1,), "moves left this turn", high=6),
        Slice("placed", (r,), "the rooms in the dungeon"),
        Slice("room_at", (r, 2), f"each placed room's x and y (clipped to -{FAR}..{FAR})", low=-FAR, high=FAR),
        Slice("links", (r, len(SIDES), len(LINKS)), "one-hot of the link on each side (N, E, S, W) of each room, "
                                                    "by kind: " + ", ".join(LINKS)),
        Slice("where", (n, r), "one-hot of the room of each seat's munchkin"),
        Slice("room_monsters", (r, m), "the monsters in each room, by kind", high=4),
        Slice("targets", (n,), "monsters hunting each seat's colour", high=10),
        Slice("next_room", (r,), "one-hot of the room on top of the room deck when it is face up"),
        Slice("room_deck", (1,), "rooms left in the room deck", high=24),
        Slice("link_pool", (len(LINKS),), "link pieces left, by kind", high=40),
        Slice("monster_deck", (m,), "monster cards left, by kind, when counted face up", high=4),
        Slice("monster_deck_size", (1,), "monster cards left", high=40),
        Slice("newcomer", (m,), "one-hot of the monster being placed"),
        Slice("counts", (n, 3), "per seat: rooms explored, DxM cards drawn, monsters met", high=30),
    ]


def write_dungeon(w: Writer, s: Mapping[str, Any], player: int) -> None:
    index, kinds = rooms(), monsters()
    seat_of = {c: p for p, c in enumerate(s["colours"])}
    w.seat("current", s["current"])
    w.set("round", 0, s["round"])
    w.set("moves_left", 0, s["moves_left"])
    d = s["dungeon"]
    links = {(x, y, side): kind for (x, y, side), kind in d["links"]}
    for room_id, room in d["rooms"].items():
        i = index[room_id]
        x, y = room["at"]
        w.set("placed", i)
        w.set("room_at", (i, 0), x)
        w.set("room_at", (i, 1), y)
        for k, key in enumerate(((x, y - 1, "S"), (x, y, "E"), (x, y, "S"), (x - 1, y, "E"))):
            kind = links.get(key)
            if kind is not None:
                w.set("links", (i, k, LINKS.index(kind)))
    for colour, room_id in d["munchkins"]:
        if colour in seat_of and room_id in index:
            w.set("where", (seat_of[colour], index[room_id]))
    for monster in d["monsters"].values():
        if monster["room"] in index:
            w.add("room_monsters", (index[monster["room"]], kinds[monster["id"].split("#", 1)[0]]))
        if monster.get("target") in seat_of:
            w.add("targets", seat_of[monster["target"]])
    deck = s["room_deck"]
    if isinstance(deck, list):
        w.set("room_deck", 0, len(deck))
        if deck:
            w.set("next_room", index[deck[0]])
    else:
        w.set("room_deck", 0, deck)
    for kind, left in s["link_pool"].items():
        w.set("link_pool", LINKS.index(kind), left)
    mdeck = s["monster_deck"]
    if isinstance(mdeck, Mapping):
        for kind, left in mdeck.items():
            w.set("monster_deck", kinds[kind], left)
        w.set("monster_deck_size", 0, sum(mdeck.values()))
    else:
        w.set("monster_deck_size", 0, mdeck)
    if s.get("newcomer"):
        w.set("newcomer", kinds[s["newcomer"]["id"].split("#", 1)[0]])
    for p in range(len(s["colours"])):
        for k, name in enumerate(("explored", "dxm_draws", "meetings")):
            w.set("counts", (p, k), s[name][p])


#: the key of the observation's state listing the seats (its length is the player count)
SEATS = "colours"


def encode(observation: dict[str, Any], player: int) -> np.ndarray:
    """Seat ``player``'s tensor of ``observation`` (:func:`tablerules.interop.tensors.encode`)."""
    return encode_tensor("quest-crawl", observation, player)


def spec(players: int) -> Spec:
    return Spec("quest-crawl", players, [*common(players), *dungeon_slices(players)])


def write(w: Writer, observation: dict[str, Any], player: int) -> None:
    write_dungeon(w, observation["state"], player)
