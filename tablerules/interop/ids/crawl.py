"""The Quest dungeon crawl's id table (version :data:`~tablerules.interop.ids.VERSION`), from
``data/quest/rooms.json``, ``links.json`` and ``monsters.json``.

Actions: a move or an exploration through a side (N, E, S, W), drawing a monster, declining, picking the
base colour of a monster (the die's colours), ending the turn. Chance: ``first`` the seat that starts, ``room``
a room tile id, ``link`` a link kind, ``monster`` a monster id, ``base`` and ``monster die`` a die colour.
"""

from __future__ import annotations

from ...quest import exploration as X
from ...quest.geometry import Colour, LinkKind, Side
from ...quest.tiles import load_monsters, load_rooms
from . import ActionTable, Arg, Block, ChanceTable, Event, Tables, one, seats

SIDES = tuple(s.value for s in Side)
COLOURS = tuple(c.value for c in Colour)


def tables(players: int) -> Tables:
    blocks = [Block(X.Move, (Arg("side", SIDES),)), Block(X.Explore, (Arg("side", SIDES),)), one(X.DrawMonster),
              one(X.Decline), Block(X.PickBase, (Arg("colour", COLOURS),)), one(X.EndTurn)]
    chance = ChanceTable("quest-crawl", players, crawl_events(players))
    return Tables(ActionTable("quest-crawl", players, blocks), chance)


def crawl_events(players: int) -> list[Event]:
    """The crawl's chance events (Munchkin Quest has them too)."""
    return [Event("first", seats(players)), Event("room", tuple(r.id for r in load_rooms().rooms)),
            Event("link", tuple(k.value for k in LinkKind)), Event("monster", tuple(m.id for m in load_monsters())),
            Event("base", COLOURS), Event("monster die", COLOURS)]
