"""Monster movement on the monster turn (seed 001 pp. 1, 13-14).

The colour rolled on the monster die moves every monster at once (怪物移动). Each rule below is a
function or a branch of :func:`move_monster`, named after the seed's heading:

* **following arrows**: a monster follows the arrow of the rolled colour in its room if it can pass
  the link (ordinary monsters: corridors and doors; ``passes`` widens that) and keeps following arrows
  of that colour room after room; it stops where its room has no arrow of that colour or the link is
  impassable;
* **no backtracking** (不走回头路): it stops rather than enter a room it visited this turn, its start
  included;
* **caught you** (抓到你了!): it stops in its target munchkin's room;
* **fast** (快速): after stopping, one more step in the direction it last moved, if it can;
* **slow** (迟缓): at most one step; **lurking** (潜伏): never moves on the monster turn;
* **reverse** (逆行): its first step goes against the arrow of the rolled colour in its start room;
* **into darkness** (离场的怪物): a step into a gap or off the edge carries on in the same direction,
  wrapping round the dungeon's bounding box, to the first room it meets (that room's link is ignored);
* **the entrance** (怪物和入口, an unmodifiable rule on p. 1): a monster that enters the entrance leaves
  at once by the opposite side; with no room there it cannot enter at all.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from itertools import pairwise

from ..core.caches import BoundedDict
from .dungeon import Dungeon, LinkKey, MonsterPiece, Pos, link_key
from .geometry import Colour, LinkKind, Movement, Side


class Stop(Enum):
    """Why a monster stopped."""

    LURKING = "lurking: it does not move on the monster turn"
    NO_ARROW = "no arrow of the rolled colour in its room"
    LINK = "it cannot pass the link the arrow points to"
    NO_BACKTRACKING = "the arrow leads to a room it already visited this turn"
    TARGET = "it entered its target munchkin's room"
    AT_TARGET = "it starts in its target munchkin's room and stays there"
    SLOW = "slow: at most one step"
    FAST = "fast: one extra step, then it stops"
    ENTRANCE_BLOCKED = "there is no room beyond the entrance, so it cannot enter"


@dataclass(frozen=True)
class ArrowStep:
    """One step through a side: the rooms entered (two when passing through the entrance)."""

    entered: tuple[str, ...]
    via: str  # "link", "darkness" or "entrance"; "" when blocked
    blocked: Stop | None = None


@dataclass(frozen=True)
class MonsterPath:
    """A monster's move: the rooms in the order visited (start first) and why it stopped."""

    monster: str
    rooms: tuple[str, ...]
    stop: Stop

    @property
    def end(self) -> str:
        return self.rooms[-1]


def _through_darkness(dungeon: Dungeon, start: Pos, side: Side) -> Pos:
    """From an empty square, carry on in the same direction, wrapping round the bounding box, to the
    first square holding a room (there is one: the row or column of the room the monster left)."""
    min_x, min_y, max_x, max_y = dungeon.bounds()
    x, y = start
    dx, dy = side.delta
    while dungeon.room_at((x, y)) is None:
        x, y = x + dx, y + dy
        if x > max_x:
            x = min_x
        elif x < min_x:
            x = max_x
        if y > max_y:
            y = min_y
        elif y < min_y:
            y = max_y
    return x, y


_BLOCKED_BY_LINK = ArrowStep((), "", Stop.LINK)
_LINK_STOP: tuple[tuple[str, ...], str, Stop | None] = ((), "", Stop.LINK)
_ENTRANCE_STOP: tuple[tuple[str, ...], str, Stop | None] = ((), "", Stop.ENTRANCE_BLOCKED)
#: (square, side) -> (the link's key, the square beyond): worked out once per square and side
_CELLS: dict[tuple[Pos, Side], tuple[LinkKey, Pos]] = BoundedDict(1 << 14)
_WALL = LinkKind.WALL
_LURKING, _REVERSE, _SLOW, _FAST = Movement.LURKING, Movement.REVERSE, Movement.SLOW, Movement.FAST


def arrow_step(dungeon: Dungeon, room_id: str, side: Side, passes: frozenset[LinkKind]) -> ArrowStep:
    """Where one step out of ``room_id`` through ``side`` leads a monster that passes ``passes``."""
    step = _arrow(dungeon, room_id, side, passes)
    return _BLOCKED_BY_LINK if step is _LINK_STOP else ArrowStep(*step)


def _arrow(dungeon: Dungeon, room_id: str, side: Side,
           passes: frozenset[LinkKind]) -> tuple[tuple[str, ...], str, Stop | None]:
    """:func:`arrow_step` as a plain ``(entered, via, blocked)`` tuple (the monster turn's hot path)."""
    at = dungeon.rooms[room_id].at
    cell = _CELLS.get((at, side))
    if cell is None:
        cell = _CELLS[(at, side)] = (link_key(at, side), side.step(at))
    key, target = cell
    if dungeon.links.get(key, _WALL) not in passes:
        return _LINK_STOP
    entered_id = dungeon._by_pos.get(target)
    if entered_id is None:
        entered = dungeon.room_at(_through_darkness(dungeon, target, side))
        via = "darkness"  # the link where it comes back in is ignored
    else:
        entered = dungeon.rooms[entered_id]
        via = "link"
    assert entered is not None
    if not entered.entrance:
        return (entered.id,), via, None
    # the entrance: straight through to the room on the opposite side, or not in at all
    beyond = dungeon.room_at(side.step(entered.at))
    if beyond is None or dungeon.link(entered.at, side) not in passes:
        return _ENTRANCE_STOP
    return (entered.id, beyond.id), "entrance", None


def move_monster(dungeon: Dungeon, monster: MonsterPiece, colour: Colour,
                 munchkins: Mapping[Colour, str] | None = None) -> MonsterPath:
    """Move one monster for the rolled ``colour``; the board is not changed."""
    rooms, stop = _walk(dungeon, monster, colour, dungeon.munchkins if munchkins is None else munchkins)
    return MonsterPath(monster.id, rooms, stop)


def _walk(dungeon: Dungeon, monster: MonsterPiece, colour: Colour,
          munchkins: Mapping[Colour, str]) -> tuple[tuple[str, ...], Stop]:
    """:func:`move_monster` as ``(rooms, stop)`` (no path object: the monster turn's hot path)."""
    start = monster.room
    if monster.movement is _LURKING:
        return (start,), Stop.LURKING
    target_room = munchkins.get(monster.target) if monster.target is not None else None
    if target_room == start:
        return (start,), Stop.AT_TARGET
    path = [start]
    visited = {start}
    current = start
    last_side: Side | None = None
    steps = 0
    rooms = dungeon.rooms
    while True:
        arrow = rooms[current].arrows.get(colour)  # Room.arrow
        if arrow is None:
            stop = Stop.NO_ARROW
            break
        side = arrow.opposite if (monster.movement is _REVERSE and steps == 0) else arrow
        entered, _, blocked = _arrow(dungeon, current, side, monster.passes)
        if blocked is not None:
            stop = blocked
            break
        if not visited.isdisjoint(entered):
            stop = Stop.NO_BACKTRACKING
            break
        path.extend(entered)
        visited.update(entered)
        current, last_side, steps = entered[-1], side, steps + 1
        if current == target_room:
            return tuple(path), Stop.TARGET
        if monster.movement is _SLOW:
            return tuple(path), Stop.SLOW
    if monster.movement is _FAST and last_side is not None:
        entered, _, blocked = _arrow(dungeon, current, last_side, monster.passes)
        if blocked is None and visited.isdisjoint(entered):
            path.extend(entered)
            return tuple(path), Stop.TARGET if path[-1] == target_room else Stop.FAST
    return tuple(path), stop


def move_all(dungeon: Dungeon, colour: Colour) -> dict[str, MonsterPath]:
    """The monster turn: every monster moves at once for the rolled colour (the board is not changed;
    apply the result with ``dungeon.move_monsters({m: p.end ...})``)."""
    return {m.id: move_monster(dungeon, m, colour) for m in dungeon.monsters.values()}


def monster_turn(dungeon: Dungeon, colour: Colour) -> dict[str, MonsterPath]:
    """Move every monster on ``dungeon`` for ``colour`` and return their paths."""
    paths = move_all(dungeon, colour)
    dungeon.move_monsters({m: p.end for m, p in paths.items()})
    return paths


def walk_monsters(dungeon: Dungeon, colour: Colour) -> list[tuple[str, tuple[str, ...]]]:
    """:func:`monster_turn` for a playout: moves every monster and returns ``(monster id, rooms visited)``
    in the board's order, without the :class:`MonsterPath` objects."""
    munchkins = dungeon.munchkins
    walked = [(m.id, _walk(dungeon, m, colour, munchkins)[0]) for m in dungeon.monsters.values()]
    dungeon.move_monsters({m: rooms[-1] for m, rooms in walked})
    return walked


def smash_links(dungeon: Dungeon, colour: Colour, smashes: Mapping[str, frozenset[LinkKind]],
                pool: Mapping[str, int]) -> list[tuple[tuple, LinkKind]]:
    """Seed 001 p. 13 (特殊的怪物移动方式): "如果某只怪物移动的时候变更了地形（例如，牛头犬会把门砸碎），
    那这个地形变化会对所有本轮移动的怪物造成影响" — the monsters of ``smashes`` (standee -> the link kinds it
    smashes) walk for ``colour``; every link of those kinds between two rooms one of them passes becomes a
    corridor (while the pool ``pool`` (kind -> links left) still has a corridor to lay), and they walk again on the
    changed board, until nothing changes. Returns ``(link key, the kind it was)`` for each smashed link; the
    board's links are changed, the monsters are not moved (every monster then moves on the changed board)."""
    smashed: list[tuple[tuple, LinkKind]] = []
    corridors = pool.get(LinkKind.CORRIDOR.value, 0)
    changed = True
    while changed:
        changed = False
        for piece_id, kinds in smashes.items():
            monster = dungeon.monsters[piece_id]
            rooms, _ = _walk(dungeon, monster, colour, dungeon.munchkins)
            for here, there in pairwise(rooms):
                a, b = dungeon.rooms[here].at, dungeon.rooms[there].at
                side = next((s for s in Side if s.step(a) == b), None)
                if side is None:
                    continue  # through darkness
                key = link_key(a, side)
                kind = dungeon.links.get(key)
                if kind in kinds and corridors > 0:
                    dungeon.links[key] = LinkKind.CORRIDOR
                    smashed.append((key, kind))
                    corridors -= 1
                    changed = True
    return smashed
