"""A heuristic player of the dungeon crawl (``quest-crawl``), where the winner is whoever explored the most
rooms when the rounds run out.

The policy in one paragraph: **it takes the way to its next new room that costs the fewest move points.**
Exploring through a link of its room costs that link (a corridor or a door 1, a locked door 2, a secret
passage 3); walking first costs the step plus the cheapest exploring from the room it steps into (the fewest
points to a room with an open side into darkness, that side included). A crossing it cannot pay in full
spends the once-a-turn all-in, which it keeps for last: such a step counts as dearer than any it can pay.
Between equally cheap ways it explores now rather than walks; when no way is left (every room placed, or
none in reach) it ends its turn. Monsters do not fight in the crawl, so it draws no wandering monster once
every room is placed (nothing is left to explore), and a monster whose base colour it picks goes to the
opponent who has explored the most (the leader is the one to slow down). Equally good choices (two doors as
cheap, two shortest ways) are made by the agent's own seeded stream
(:meth:`~tablerules.core.agents.Agent.tie_break`), never by seat or by the order of the actions.

The crawl hides nothing (every seat sees the whole map), so the agent reads the map; it never reads the
order of the room tiles still to be drawn, only whether any are left.
"""

from __future__ import annotations

import heapq

from ..core.agents import Agent
from ..core.protocol import Action, Game
from .dungeon import Dungeon, around
from .exploration import Decline, DrawMonster, DungeonCrawl, EndTurn, Explore, Move, PickBase
from .geometry import LinkKind


def frontier_distances(dungeon: Dungeon) -> dict[str, int]:
    """Room id -> the fewest move points from that room to a new room: walking to a room with a non-wall
    link into darkness and exploring through it (Dijkstra from every such link at once). Rooms from which no
    unexplored side can be reached are left out."""
    costs, links, by_pos, rooms = dungeon.costs, dungeon.links, dungeon._by_pos, dungeon.rooms
    best: dict[str, int] = {}
    heap: list[tuple[int, str]] = []
    for room in rooms.values():
        for _side, key, beyond in around(room.at):
            cost = costs.get(links.get(key, LinkKind.WALL))
            if cost is not None and beyond not in by_pos and cost < best.get(room.id, 1 << 30):
                best[room.id] = cost
    heap = [(cost, room_id) for room_id, cost in best.items()]
    heapq.heapify(heap)
    done: dict[str, int] = {}
    while heap:
        dist, room_id = heapq.heappop(heap)
        if room_id in done:
            continue
        done[room_id] = dist
        for _side, key, beyond in around(rooms[room_id].at):
            other = by_pos.get(beyond)
            cost = costs.get(links.get(key, LinkKind.WALL))
            if other is not None and cost is not None and other not in done and dist + cost < best.get(other, 1 << 30):
                best[other] = dist + cost
                heapq.heappush(heap, (dist + cost, other))
    return done


#: what spending the once-a-turn all-in adds to a step's cost (more than any way a turn's points can pay)
ALL_IN = 10


class CrawlHeuristicAgent(Agent):
    """Takes the cheapest way to its next new room, exploring now on a tie; ends the turn when no way is
    left (the module docstring says why)."""

    name = "heuristic"

    def choose(self, game: Game, player: int) -> Action:
        assert isinstance(game, DungeonCrawl)
        actions = game.legal_actions(player)
        if len(actions) == 1:
            return actions[0]
        kinds = {type(a) for a in actions}
        if PickBase in kinds:  # the monster goes after the leading opponent
            explored = game.state.explored
            colours = [c.value for c in game.state.colours]
            return self.best(game, player, actions,
                             lambda a: -1 if colours.index(a.colour) == player else explored[colours.index(a.colour)])
        if Decline in kinds or DrawMonster in kinds:
            return next(a for a in actions if isinstance(a, Decline))
        ways = self.ways(game, player, actions)
        if not ways:
            return next(a for a in actions if isinstance(a, EndTurn))
        return self.worst(game, player, list(ways), lambda a: ways[a])

    def ways(self, game: DungeonCrawl, player: int, actions: list[Action]) -> dict[Action, tuple[int, int]]:
        """Each exploring or step that leads on to a new room -> (move points to the next new room, 0 for
        exploring now and 1 for a step): the lowest is the agent's choice."""
        dungeon = game.state.dungeon
        here = dungeon.rooms[dungeon.munchkins[game.state.colours[player]]]
        sides = {side.value: (key, beyond) for side, key, beyond in around(here.at)}
        moves_left = game.state.moves_left
        distance: dict[str, int] | None = None
        out: dict[Action, tuple[int, int]] = {}
        for action in actions:
            if not isinstance(action, Explore | Move):
                continue
            key, beyond = sides[action.side]
            cost = dungeon.costs[dungeon.links[key]]
            assert cost is not None
            paid = cost if cost <= moves_left else moves_left + ALL_IN
            if isinstance(action, Explore):
                out[action] = (paid, 0)
                continue
            if not game.state.room_deck:
                continue
            if distance is None:
                distance = frontier_distances(dungeon)
            onward = distance.get(dungeon._by_pos[beyond])
            if onward is not None:
                out[action] = (paid + onward, 1)
        return out
