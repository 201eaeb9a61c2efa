"""Random dungeons of any size, for property tests and benchmarks (not a rule of the game)."""

from __future__ import annotations

import random

from .dungeon import Dungeon, MonsterPiece, Pos, Room, link_key
from .geometry import MONSTER_DIE, ORDINARY_PASSES, Colour, LinkKind, Movement, Side

#: the link mix of generated dungeons (weights)
LINK_WEIGHTS: dict[LinkKind, int] = {LinkKind.CORRIDOR: 30, LinkKind.DOOR: 20, LinkKind.LOCKED: 8,
                                     LinkKind.SECRET: 5, LinkKind.WALL: 10}
MOVEMENT_WEIGHTS: dict[Movement, int] = {Movement.NORMAL: 10, Movement.FAST: 2, Movement.SLOW: 2,
                                         Movement.LURKING: 1, Movement.REVERSE: 1}


def random_dungeon(rooms: int, seed: int = 0, monsters: int = 0, munchkins: int = 0) -> Dungeon:
    """A connected blob of ``rooms`` rooms grown from an entrance at (0, 0), every side linked at random,
    1-3 arrows a room, and ``monsters`` monsters (mostly ordinary) in random rooms."""
    if rooms < 1:
        raise ValueError("a dungeon needs a room")
    rng = random.Random(seed)
    placed: dict[Pos, str] = {(0, 0): "ENT"}
    frontier: list[Pos] = []
    frontier_set: set[Pos] = set()

    def grow_from(at: Pos) -> None:
        for side in Side:
            nxt = side.step(at)
            if nxt not in placed and nxt not in frontier_set:
                frontier.append(nxt)
                frontier_set.add(nxt)

    grow_from((0, 0))
    while len(placed) < rooms:
        i = rng.randrange(len(frontier))
        at = frontier[i]
        frontier[i] = frontier[-1]
        frontier.pop()
        frontier_set.discard(at)
        placed[at] = f"R{len(placed)}"
        grow_from(at)
    kinds, weights = list(LINK_WEIGHTS), list(LINK_WEIGHTS.values())
    room_objects: dict[str, Room] = {}
    links = {}
    for at, room_id in placed.items():
        entrance = room_id == "ENT"
        arrows = {} if entrance else {c: rng.choice(list(Side)) for c in rng.sample(MONSTER_DIE, rng.randint(1, 3))}
        room_objects[room_id] = Room(room_id, at, entrance=entrance, name=room_id, arrows=arrows,
                                     search=None if entrance else rng.randint(-2, 2))
        for side in Side:
            key = link_key(at, side)
            if key not in links:
                links[key] = LinkKind.CORRIDOR if entrance else rng.choices(kinds, weights)[0]
    dungeon = Dungeon(room_objects, links)
    others = [r for r in room_objects if r != "ENT"] or ["ENT"]
    moves, move_weights = list(MOVEMENT_WEIGHTS), list(MOVEMENT_WEIGHTS.values())
    for i in range(monsters):
        movement = rng.choices(moves, move_weights)[0]
        passes = ORDINARY_PASSES if rng.random() < 0.8 else ORDINARY_PASSES | {rng.choice(list(LinkKind))}
        target = rng.choice(list(Colour)[:4]) if rng.random() < 0.5 else None
        dungeon.monsters[f"m{i}"] = MonsterPiece(f"m{i}", rng.choice(others), movement, frozenset(passes), target,
                                                 f"monster {i}", rng.randint(1, 20))
    for colour in list(Colour)[:munchkins]:
        dungeon.munchkins[colour] = rng.choice(list(room_objects))
    return dungeon
