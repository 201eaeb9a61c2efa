"""The Munchkin Quest dungeon: rooms on a grid, the links between them, monsters and munchkins.

Seed 001 pp. 6-7 (移动, 探索, 连接块): rooms join through links (corridor, door, locked door, secret
door, wall), each with a move cost; rooms joined by a wall are not adjacent. A room carries monster
arrows (colour -> side), a search modifier or "no search", green and red race/class icons, a name and
its rule text. One room is the entrance.

The file format ``tablerules/quest-dungeon@1`` (schema ``data/schema/quest-dungeon.schema.json``) is
a contract: the CLI, the tests and users' own dungeons use it. A connector at (x, y) side E is the
same link as (x + 1, y) side W; a side with no connector is a wall.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import networkx as nx

from ..core.caches import BoundedDict
from ..core.data import json_path, read_json, validate
from ..core.errors import DataError
from ..core.files import atomic_write_text
from ..core.state import shared
from .geometry import DEFAULT_COSTS, ORDINARY_PASSES, Colour, LinkKind, Movement, Side

DUNGEON_FORMAT = "tablerules/quest-dungeon@1"
Pos = tuple[int, int]
LinkKey = tuple[int, int, Side]  # canonical: the link on the E or S side of (x, y)


def link_key(at: Pos, side: Side) -> LinkKey:
    """The one key of the link on ``side`` of the room at ``at`` (W and N map to the neighbour's E, S)."""
    if side is Side.W:
        return at[0] - 1, at[1], Side.E
    if side is Side.N:
        return at[0], at[1] - 1, Side.S
    return at[0], at[1], side


_AROUND: dict[Pos, tuple[tuple[Side, LinkKey, Pos], ...]] = BoundedDict(1 << 14)


def around(at: Pos) -> tuple[tuple[Side, LinkKey, Pos], ...]:
    """``(side, link_key(at, side), side.step(at))`` for the four sides of ``at`` in :class:`Side` order
    (worked out once per square: the listings look at a room's four sides on every step)."""
    known = _AROUND.get(at)
    if known is None:
        known = _AROUND[at] = tuple((side, link_key(at, side), side.step(at)) for side in Side)
    return known


@dataclass(frozen=True)
class Room:
    """A room tile: where it lies, its monster arrows, search modifier (``None``: no searching), icons."""

    id: str
    at: Pos
    entrance: bool = False
    name: str = ""
    name_zh: str = ""
    text: str = ""
    arrows: Mapping[Colour, Side] = field(default_factory=dict)
    search: int | None = 0
    good_for: tuple[str, ...] = ()
    bad_for: tuple[str, ...] = ()

    def arrow(self, colour: Colour) -> Side | None:
        return self.arrows.get(colour)


@dataclass(frozen=True)
class MonsterPiece:
    """A monster standee on the board: where it is, how it moves, which links it passes, whom it hunts."""

    id: str
    room: str
    movement: Movement = Movement.NORMAL
    passes: frozenset[LinkKind] = ORDINARY_PASSES
    target: Colour | None = None
    name: str = ""
    level: int = 1


@dataclass
class Dungeon:
    """Rooms, links, monsters and munchkins. Monster and munchkin positions change in play."""

    rooms: dict[str, Room]
    links: dict[LinkKey, LinkKind] = field(default_factory=dict)
    monsters: dict[str, MonsterPiece] = field(default_factory=dict)
    munchkins: dict[Colour, str] = field(default_factory=dict)
    costs: dict[LinkKind, int | None] = shared(default_factory=lambda: dict(DEFAULT_COSTS))
    # derived from the rooms, shared by copies (see clone): replaced, never changed in place
    _by_pos: dict[Pos, str] = shared(None, init=False)
    _bounds: tuple[int, int, int, int] | None = shared(None, init=False)

    def __post_init__(self) -> None:
        self._by_pos = {room.at: room.id for room in self.rooms.values()}
        self._bounds = None

    # ----- the board ----------------------------------------------------------------------
    def room_at(self, at: Pos) -> Room | None:
        room_id = self._by_pos.get(at)
        return self.rooms[room_id] if room_id is not None else None

    def add_room(self, room: Room) -> None:
        if room.at in self._by_pos:
            raise ValueError(f"a room already lies at {room.at}")
        self.rooms[room.id] = room
        self._by_pos = {**self._by_pos, room.at: room.id}  # copy on write: copies of the state share it
        self._bounds = None

    def link(self, at: Pos, side: Side) -> LinkKind:
        """The link on ``side`` of the room at ``at`` (a wall where none is listed)."""
        return self.links.get(link_key(at, side), LinkKind.WALL)

    def has_link(self, at: Pos, side: Side) -> bool:
        return link_key(at, side) in self.links

    @property
    def entrance(self) -> Room | None:
        return next((r for r in self.rooms.values() if r.entrance), None)

    def bounds(self) -> tuple[int, int, int, int]:
        """``(min_x, min_y, max_x, max_y)`` of the placed rooms (kept until a room is added)."""
        if self._bounds is None:
            xs = [r.at[0] for r in self.rooms.values()]
            ys = [r.at[1] for r in self.rooms.values()]
            self._bounds = min(xs), min(ys), max(xs), max(ys)
        return self._bounds

    def adjacent(self, room_id: str) -> Iterator[tuple[Side, Room, LinkKind]]:
        """Rooms next to ``room_id`` on the grid, with the link between (walls included)."""
        by_pos, links, rooms = self._by_pos, self.links, self.rooms
        for side, key, beyond in around(self.rooms[room_id].at):
            other = by_pos.get(beyond)
            if other is not None:
                yield side, rooms[other], links.get(key, LinkKind.WALL)

    def frontier(self) -> list[tuple[str, Side, LinkKind]]:
        """Links that lead out of a room to no room: where munchkins explore (walls excluded)."""
        out = []
        for room in self.rooms.values():
            for side in Side:
                kind = self.link(room.at, side)
                if kind is not LinkKind.WALL and self.room_at(side.step(room.at)) is None:
                    out.append((room.id, side, kind))
        return out

    # ----- graphs -------------------------------------------------------------------------
    def munchkin_graph(self) -> nx.Graph:
        """Rooms as nodes; an edge for every non-wall link between two placed rooms, with its kind and
        move cost. Links into unexplored darkness are not edges (see :meth:`frontier`)."""
        graph = nx.Graph()
        for room in self.rooms.values():
            graph.add_node(room.id, at=room.at, name=room.name, entrance=room.entrance)
        for room in self.rooms.values():
            for _side, other, kind in self.adjacent(room.id):
                if kind is not LinkKind.WALL and self.costs.get(kind) is not None:
                    graph.add_edge(room.id, other.id, kind=kind.value, cost=self.costs[kind])
        return graph

    def monster_graph(self, passes: Iterable[LinkKind] = ORDINARY_PASSES) -> nx.MultiDiGraph:
        """One edge per room and colour: where a single arrow step of that colour takes a monster that
        passes ``passes`` (through darkness and the entrance as the movement rules say)."""
        from .movement import arrow_step

        passes = frozenset(passes)
        graph = nx.MultiDiGraph()
        for room in self.rooms.values():
            graph.add_node(room.id, at=room.at, entrance=room.entrance)
        for room in self.rooms.values():
            for colour, side in room.arrows.items():
                step = arrow_step(self, room.id, side, passes)
                if step.entered:
                    graph.add_edge(room.id, step.entered[-1], colour=colour.value, side=side.value, via=step.via)
        return graph

    # ----- pieces -------------------------------------------------------------------------
    def move_monsters(self, positions: Mapping[str, str]) -> None:
        for monster_id, room in positions.items():
            m = self.monsters[monster_id]
            if m.room != room:  # standees that stayed are kept as they are; dataclasses.replace(m, room=room):
                self.monsters[monster_id] = MonsterPiece(m.id, room, m.movement, m.passes, m.target, m.name, m.level)

    def monsters_in(self, room_id: str) -> list[MonsterPiece]:
        return [m for m in self.monsters.values() if m.room == room_id]

    def copy(self) -> Dungeon:
        return Dungeon(dict(self.rooms), dict(self.links), dict(self.monsters), dict(self.munchkins),
                       dict(self.costs))

    # ----- the file format ----------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        rooms = []
        for r in self.rooms.values():
            item: dict[str, Any] = {"id": r.id, "at": list(r.at)}
            if r.entrance:
                item["entrance"] = True
            for key in ("name", "name_zh", "text"):
                if getattr(r, key):
                    item[key] = getattr(r, key)
            item["arrows"] = {c.value: s.value for c, s in r.arrows.items()}
            item["search"] = r.search
            if r.good_for:
                item["good_for"] = list(r.good_for)
            if r.bad_for:
                item["bad_for"] = list(r.bad_for)
            rooms.append(item)
        connectors = [{"at": [x, y], "side": side.value, "kind": kind.value}
                      for (x, y, side), kind in sorted(self.links.items(), key=lambda kv: (kv[0][1], kv[0][0],
                                                                                            kv[0][2].value))]
        monsters = []
        for m in self.monsters.values():
            item = {"id": m.id, "room": m.room, "movement": m.movement.value,
                    "passes": sorted(k.value for k in m.passes)}
            if m.target is not None:
                item["target"] = m.target.value
            if m.name:
                item["name"] = m.name
            if m.level != 1:
                item["level"] = m.level
            monsters.append(item)
        return {"format": DUNGEON_FORMAT, "rooms": rooms, "connectors": connectors, "monsters": monsters,
                "munchkins": [{"colour": c.value, "room": r} for c, r in self.munchkins.items()]}

    @classmethod
    def from_json(cls, document: Any, file: str | Path = "<memory>") -> Dungeon:
        """Parse and check a dungeon document; every mistake raises :class:`DataError` naming the field."""
        validate(document, "quest-dungeon", file)
        rooms: dict[str, Room] = {}
        by_pos: dict[Pos, str] = {}
        entrances = []
        for i, raw in enumerate(document["rooms"]):
            at = (int(raw["at"][0]), int(raw["at"][1]))
            if raw["id"] in rooms:
                raise DataError(file, json_path(["rooms", i, "id"]), f"duplicate room id {raw['id']!r}")
            if at in by_pos:
                raise DataError(file, json_path(["rooms", i, "at"]),
                                f"two rooms at {list(at)}: {by_pos[at]!r} and {raw['id']!r}")
            room = Room(id=raw["id"], at=at, entrance=raw.get("entrance", False), name=raw.get("name", ""),
                        name_zh=raw.get("name_zh", ""), text=raw.get("text", ""),
                        arrows={Colour(c): Side(s) for c, s in raw.get("arrows", {}).items()},
                        search=raw.get("search", 0), good_for=tuple(raw.get("good_for", ())),
                        bad_for=tuple(raw.get("bad_for", ())))
            if room.entrance:
                entrances.append(i)
            rooms[room.id] = room
            by_pos[at] = room.id
        if len(entrances) > 1:
            raise DataError(file, json_path(["rooms", entrances[1], "entrance"]), "a dungeon has one entrance")
        links: dict[LinkKey, LinkKind] = {}
        for i, raw in enumerate(document.get("connectors", [])):
            at, side, kind = (int(raw["at"][0]), int(raw["at"][1])), Side(raw["side"]), LinkKind(raw["kind"])
            if at not in by_pos and side.step(at) not in by_pos:
                raise DataError(file, json_path(["connectors", i, "at"]),
                                f"no room at {list(at)} or on its {side.value} side")
            key = link_key(at, side)
            if key in links and links[key] is not kind:
                raise DataError(file, json_path(["connectors", i, "kind"]),
                                f"this link was already given as {links[key].value!r}, now {kind.value!r}")
            links[key] = kind
        monsters: dict[str, MonsterPiece] = {}
        for i, raw in enumerate(document.get("monsters", [])):
            if raw["id"] in monsters:
                raise DataError(file, json_path(["monsters", i, "id"]), f"duplicate monster id {raw['id']!r}")
            if raw["room"] not in rooms:
                raise DataError(file, json_path(["monsters", i, "room"]), f"unknown room {raw['room']!r}")
            passes = frozenset(LinkKind(k) for k in raw.get("passes", [k.value for k in ORDINARY_PASSES]))
            target = raw.get("target")
            monsters[raw["id"]] = MonsterPiece(raw["id"], raw["room"], Movement(raw.get("movement", "normal")),
                                               passes, Colour(target) if target else None, raw.get("name", ""),
                                               raw.get("level", 1))
        munchkins: dict[Colour, str] = {}
        for i, raw in enumerate(document.get("munchkins", [])):
            colour = Colour(raw["colour"])
            if colour in munchkins:
                raise DataError(file, json_path(["munchkins", i, "colour"]), f"two {colour.value} munchkins")
            if raw["room"] not in rooms:
                raise DataError(file, json_path(["munchkins", i, "room"]), f"unknown room {raw['room']!r}")
            munchkins[colour] = raw["room"]
        return cls(rooms, links, monsters, munchkins)

    @classmethod
    def load(cls, path: str | Path) -> Dungeon:
        return cls.from_json(read_json(path), path)

    def save(self, path: str | Path) -> None:
        atomic_write_text(path, json.dumps(self.to_json(), indent=1, ensure_ascii=False))
