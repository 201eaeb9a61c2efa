"""Sides, colours, link kinds and monster movement kinds of Munchkin Quest (seed 001).

The dungeon is a grid: x grows to the east, y to the south. A room has four sides N, E, S, W.
"""

from __future__ import annotations

from enum import Enum
from operator import attrgetter


class FastEnum(Enum):
    """An enum hashed by identity in C (members are singletons, also after a copy or unpickling): the
    dungeon's dictionaries are keyed by sides, colours and link kinds, and ``Enum.__hash__`` is Python;
    its ``value`` is read in C too."""

    __hash__ = object.__hash__
    #: ``Enum.value`` is a Python-level descriptor; the hot paths (action sides, log lines) read it a lot
    value = property(attrgetter("_value_"))


class Side(FastEnum):
    """A side of a room (and the direction of a step through it)."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    @property
    def delta(self) -> tuple[int, int]:
        return _DELTAS[self]

    @property
    def opposite(self) -> Side:
        return _OPPOSITE[self]

    def step(self, at: tuple[int, int]) -> tuple[int, int]:
        dx, dy = self.delta
        return at[0] + dx, at[1] + dy


_DELTAS = {Side.N: (0, -1), Side.E: (1, 0), Side.S: (0, 1), Side.W: (-1, 0)}
_OPPOSITE = {Side.N: Side.S, Side.S: Side.N, Side.E: Side.W, Side.W: Side.E}


class Colour(FastEnum):
    """The four player colours and the six faces of the monster die (seed 001 p. 4 and p. 13)."""

    RED = "red"
    BLUE = "blue"
    GREEN = "green"
    YELLOW = "yellow"
    PURPLE = "purple"
    ORANGE = "orange"


#: the faces of the monster die, each 1/6 (seed 001 p. 13: the rolled colour moves every monster)
MONSTER_DIE: tuple[Colour, ...] = tuple(Colour)
#: the colours a munchkin can play (facts.md: blue, green, red, yellow)
PLAYER_COLOURS: tuple[Colour, ...] = (Colour.RED, Colour.BLUE, Colour.GREEN, Colour.YELLOW)


class LinkKind(FastEnum):
    """What joins two rooms (seed 001 p. 6, 连接块): corridor, door, locked door, secret door, wall."""

    CORRIDOR = "corridor"  # 空旷的走廊
    DOOR = "door"  # 普通的门
    LOCKED = "locked"  # 上锁的门
    SECRET = "secret"  # 密门
    WALL = "wall"  # 墙


#: ordinary monsters pass only corridors and ordinary doors (seed 001 p. 13)
ORDINARY_PASSES: frozenset[LinkKind] = frozenset({LinkKind.CORRIDOR, LinkKind.DOOR})
#: default move costs (facts.md; the seed's table is an image); the data file can change them
DEFAULT_COSTS: dict[LinkKind, int | None] = {LinkKind.CORRIDOR: 1, LinkKind.DOOR: 1, LinkKind.LOCKED: 2,
                                             LinkKind.SECRET: 3, LinkKind.WALL: None}


class Movement(FastEnum):
    """How a monster moves on the monster turn (seed 001 p. 13, 特殊的怪物移动方式)."""

    NORMAL = "normal"
    FAST = "fast"  # green foot: one more step in its direction after stopping
    SLOW = "slow"  # red foot: at most one step
    LURKING = "lurking"  # yellow crossed foot: never moves on the monster turn
    REVERSE = "reverse"  # blue reversed foot: first step against the arrow
