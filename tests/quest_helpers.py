"""Small dungeons for the Munchkin Quest tests, written in the dungeon file format."""

from __future__ import annotations

from typing import Any

from tablerules.quest.dungeon import Dungeon


def dungeon(rooms: dict[str, tuple[tuple[int, int], dict[str, str]]],
            connectors: list[tuple[tuple[int, int], str, str]], monsters: list[dict[str, Any]] = (),
            munchkins: dict[str, str] | None = None, entrance: str | None = None) -> Dungeon:
    """``rooms``: id -> ((x, y), arrows); ``connectors``: ((x, y), side, kind)."""
    document = {
        "format": "tablerules/quest-dungeon@1",
        "rooms": [{"id": rid, "at": list(at), "arrows": arrows, **({"entrance": True} if rid == entrance else {})}
                  for rid, (at, arrows) in rooms.items()],
        "connectors": [{"at": list(at), "side": side, "kind": kind} for at, side, kind in connectors],
        "monsters": list(monsters),
        "munchkins": [{"colour": c, "room": r} for c, r in (munchkins or {}).items()],
    }
    return Dungeon.from_json(document)


def row(n: int, colour: str = "red", side: str = "E", kind: str = "corridor") -> tuple[dict, list]:
    """``n`` rooms A0..A(n-1) in a row from west to east, each with a ``colour`` arrow to ``side``."""
    rooms = {f"A{i}": ((i, 0), {colour: side}) for i in range(n)}
    connectors = [((i, 0), "E", kind) for i in range(n - 1)]
    return rooms, connectors
