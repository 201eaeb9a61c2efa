"""A greedy Kragmortha agent: get your goblin closer to the desk, keep the dark lord away from it and
send it at the leader; take what the tomes give."""

from __future__ import annotations

from collections import Counter
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
            if s.teleport_top and player not in s.teleport_seen and after.state.teleport_top != s.teleport_top:
                return self._unseen_teleport(game, player, action)
            return self._after_move(game, player, after)
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

    def _after_move(self, game: Game, player: int, after: Game) -> float:
        """What a move is worth by the position it leads to (``after``)."""
        board = game.board  # type: ignore[attr-defined]
        dist = desk_distance(board)
        s = game.state  # type: ignore[attr-defined]
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

    def _unseen_teleport(self, game: Game, player: int, action: Action) -> float:
        """A move that carries out the teleport card another seat peeked at: its worth averaged over the
        teleport cards this seat has not seen (the peeked one and the deck), never the card itself."""
        s = game.state  # type: ignore[attr-defined]
        unseen = Counter(s.teleport_top[:1] + s.teleport_deck)
        total = 0.0
        for card, copies in sorted(unseen.items()):
            guess = game.copy()
            guess.state.teleport_top[0] = card  # type: ignore[attr-defined]  (a guess on the agent's own copy)
            guess.apply(action)
            total += copies * self._after_move(game, player, guess)
        return total / sum(unseen.values())
