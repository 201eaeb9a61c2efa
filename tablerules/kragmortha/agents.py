"""A greedy Kragmortha agent: get your goblin closer to the desk, keep the dark lord away from it and
send it at the leader; take what the tomes give."""

from __future__ import annotations

from functools import lru_cache

import networkx as nx

from ..core.agents import Agent
from ..core.protocol import Action, Game
from . import actions as A
from .data import Board


@lru_cache(maxsize=8)
def desk_distance(board: Board) -> dict[int, int]:
    """Steps from every square to the desk on the grid graph (ignoring symbols)."""
    g = board.graph()
    out: dict[int, int] = {}
    for d in board.desk:
        for sq, n in nx.single_source_shortest_path_length(g, d).items():
            out[sq] = min(n, out.get(sq, n))
    return out


def _dist(a: int, b: int, board: Board) -> int:
    (r1, c1), (r2, c2) = board.coords(a), board.coords(b)
    return abs(r1 - r2) + abs(c1 - c2)


class GreedyAgent(Agent):
    """Scores every action and plays the best; equally good ones (the dark lord sent at either of two
    seats, say) are chosen among at random, by the agent's own seeded stream
    (:meth:`~tablerules.core.agents.Agent.tie_break`), never by text or seat."""

    name = "greedy"

    def choose(self, game: Game, player: int) -> Action:
        actions = game.legal_actions(player) or game.legal_actions()
        return self.best(game, player, actions, lambda a: self.score(game, player, a))

    def score(self, game: Game, player: int, action: Action) -> float:
        board = game.board  # type: ignore[attr-defined]
        dist = desk_distance(board)
        s = game.state  # type: ignore[attr-defined]
        if isinstance(action, A.Move):
            after = game.copy()
            after.apply(action)
            a = after.state  # type: ignore[attr-defined]
            mine = a.seats[player]
            value = 0.0
            value += 10 * (len(mine.tomes) + len(mine.used_tomes) - len(s.seats[player].tomes)
                           - len(s.seats[player].used_tomes))
            value -= 40 * any(t[0] == "penalty" and t[1] == player for t in a.tasks)
            value += 6 * sum(t[0] == "penalty" and t[1] != player for t in a.tasks)
            value -= dist.get(mine.square, 20)
            if any(t[0] == "tome" and t[1] == player for t in a.tasks):
                value += 25
            value += min(_dist(a.lord, mine.square, board), 4)
            return value
        if isinstance(action, A.UseTome):
            if action.tome in ("apprentice", "wizards-friend"):
                return 10  # sparing a penalty card beats keeping the tome (A.TakePenalty scores 0)
            return 5 if action.tome in ("betrayal", "curse", "immunity", "swift", "pass-the-doom") else -1
        if isinstance(action, A.Fly | A.Place):
            return -dist.get(action.square, 20)
        if isinstance(action, A.Jump):
            if action.square < 0:
                return -100
            mine = s.seats[player].square
            return -min(_dist(action.square, x.square, board) for q, x in enumerate(s.seats) if q != player) \
                + _dist(action.square, mine, board) / 10
        if isinstance(action, A.Discard):
            return -game.movement[action.card].piece.count("lord")  # type: ignore[attr-defined]
        return 0.0
