"""The dungeon as text, for the terminal step-through (``tablerules play quest-crawl``).

Each room is a 5-character cell: its link on the east and south sides drawn between cells
(``|`` wall, ``d`` door, ``L`` locked, ``s`` secret, `` `` corridor), munchkin colour initials and the
number of monsters inside (``*2``); ``E`` marks the entrance.
"""

from __future__ import annotations

from collections.abc import Callable

from .dungeon import Dungeon
from .geometry import LinkKind, Side

_EAST = {LinkKind.WALL: "|", LinkKind.DOOR: "d", LinkKind.LOCKED: "L", LinkKind.SECRET: "s",
         LinkKind.CORRIDOR: " "}
_SOUTH = {LinkKind.WALL: "-----", LinkKind.DOOR: "--d--", LinkKind.LOCKED: "--L--", LinkKind.SECRET: "--s--",
          LinkKind.CORRIDOR: "--   "}


def text_map(dungeon: Dungeon) -> str:
    min_x, min_y, max_x, max_y = dungeon.bounds()
    monsters: dict[str, int] = {}
    for monster in dungeon.monsters.values():
        monsters[monster.room] = monsters.get(monster.room, 0) + 1
    people: dict[str, str] = {}
    for colour, room in dungeon.munchkins.items():
        people[room] = people.get(room, "") + colour.value[0].upper()
    lines = []
    for y in range(min_y, max_y + 1):
        cells, floors = [], []
        for x in range(min_x, max_x + 1):
            room = dungeon.room_at((x, y))
            if room is None:
                cells.append("      ")
                floors.append("      ")
                continue
            label = ("E" if room.entrance else "") + people.get(room.id, "")
            if monsters.get(room.id):
                label += f"*{monsters[room.id]}"
            cells.append(f"{label[:5]:^5}" + _EAST[dungeon.link(room.at, Side.E)])
            floors.append(_SOUTH[dungeon.link(room.at, Side.S)] + "+")
        lines.append("".join(cells).rstrip())
        lines.append("".join(floors).rstrip())
    return "\n".join(lines)


MAP_KEY = ("map: E entrance, R/B/G/Y munchkins, *n monsters; links: | wall, d door, L locked, s secret, "
           "blank corridor")


def rooms_by_occupant(dungeon: Dungeon, monster_name: Callable[[str], str]) -> list[str]:
    """One line per room with somebody in it, west to east and north to south: its name, where it is on
    the map (steps east or west and north or south of the entrance), the munchkins and the monsters
    (``monster_name`` of each piece id) inside."""
    lines = []
    for room in sorted(dungeon.rooms.values(), key=lambda r: (r.at[1], r.at[0])):
        who = sorted(c.value for c, where in dungeon.munchkins.items() if where == room.id)
        them = sorted(monster_name(m.id) for m in dungeon.monsters.values() if m.room == room.id)
        if who or them:
            parts = [", ".join(who)] if who else []
            parts += [f"monsters: {', '.join(them)}"] if them else []
            place = f" ({where(room.at)})" if room.at != (0, 0) else ""
            lines.append(f"{room.name}{place}: {'; '.join(parts)}")
    return lines


def where(at: tuple[int, int]) -> str:
    """A place on the map in words, from the entrance: "2 east, 1 north of the entrance"."""
    x, y = at
    steps = [f"{abs(x)} {'east' if x > 0 else 'west'}"] if x else []
    steps += [f"{abs(y)} {'south' if y > 0 else 'north'}"] if y else []
    return ", ".join(steps) + " of the entrance" if steps else "the entrance"
