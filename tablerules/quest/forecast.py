"""Exact forecasts of monster movement: where a monster will be after k monster turns.

Each monster turn rolls one of six colours, each 1/6 (seed 001 p. 13), and a monster's move depends
only on its room and the rolled colour (monsters ignore each other; munchkins are taken as standing
still). So each monster walks a Markov chain over the rooms. Its transition matrix holds, for each
room, the six rooms the six colours send it to; :meth:`Transitions.sparse` gives it as a
``scipy.sparse`` matrix. Distributions after k turns are exact fractions over ``6**k``.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction

import networkx as nx
import numpy as np
import scipy.sparse as sp
import scipy.sparse.linalg as spla

from ..core.distribution import exact
from .dungeon import Dungeon
from .geometry import MONSTER_DIE
from .movement import move_monster

FACES = len(MONSTER_DIE)


@dataclass
class Transitions:
    """A monster's moves from every room it can reach: ``moves[room]`` = the end room per colour."""

    monster: str
    start: str
    moves: dict[str, tuple[str, ...]]

    @property
    def rooms(self) -> list[str]:
        """Every room the chain touches: those with moves, then rooms only reached on the last turn."""
        rooms = dict.fromkeys(self.moves)
        for ends in self.moves.values():
            rooms.update(dict.fromkeys(ends))
        return list(rooms)

    def sparse(self) -> tuple[list[str], sp.csr_matrix]:
        """``(rooms, P)`` with ``P[i, j]`` = P(from room i to room j in one monster turn)."""
        rooms = self.rooms
        index = {room: i for i, room in enumerate(rooms)}
        rows, cols = [], []
        for room, ends in self.moves.items():
            for end in ends:
                rows.append(index[room])
                cols.append(index[end])
        data = np.full(len(rows), 1.0 / FACES)
        matrix = sp.csr_matrix((data, (rows, cols)), shape=(len(rooms), len(rooms)))
        matrix.sum_duplicates()
        return rooms, matrix


def transitions(dungeon: Dungeon, monster_id: str, turns: int | None = None) -> Transitions:
    """The moves of ``monster_id`` from every room it can reach from where it stands in fewer than
    ``turns`` monster turns (every reachable room when ``turns`` is ``None``)."""
    monster = dungeon.monsters[monster_id]
    moves: dict[str, tuple[str, ...]] = {}
    queue = deque([(monster.room, 0)])
    seen = {monster.room}
    while queue:
        room, depth = queue.popleft()
        if turns is not None and depth >= turns:
            continue  # reached on the last turn: it never moves on from there within the forecast
        placed = replace(monster, room=room)
        ends = tuple(move_monster(dungeon, placed, colour).end for colour in MONSTER_DIE)
        moves[room] = ends
        for end in ends:
            if end not in seen:
                seen.add(end)
                queue.append((end, depth + 1))
    return Transitions(monster_id, monster.room, moves)


def _propagate(moves: dict[str, tuple[str, ...]], counts: dict[str, int],
               absorbing: str | None = None) -> dict[str, int]:
    out: dict[str, int] = {}
    for room, count in counts.items():
        if room == absorbing:
            out[room] = out.get(room, 0) + count * FACES
            continue
        for end in moves[room]:
            out[end] = out.get(end, 0) + count
    return out


def distribution_after(dungeon: Dungeon, monster_id: str, turns: int) -> dict[str, Fraction]:
    """P(the monster is in each room after ``turns`` monster turns), exact; rooms with P > 0."""
    if turns < 0:
        raise ValueError("turns must be 0 or more")
    chain = transitions(dungeon, monster_id, turns)
    counts = {chain.start: 1}
    for _ in range(turns):
        counts = _propagate(chain.moves, counts)
    den = FACES**turns
    return {room: exact(count, den) for room, count in sorted(counts.items(), key=lambda kv: -kv[1])}


def forecast(dungeon: Dungeon, turns: int, monsters: Iterable[str] | None = None) -> dict[str, dict[str, Fraction]]:
    """:func:`distribution_after` for every monster (or the ones named)."""
    names = list(monsters) if monsters is not None else list(dungeon.monsters)
    return {m: distribution_after(dungeon, m, turns) for m in names}


def reach_within(dungeon: Dungeon, monster_id: str, room: str, turns: int) -> Fraction:
    """P(the monster ends at least one of the next ``turns`` monster turns in ``room``).

    The room is made absorbing once reached; a monster that starts there must come back.
    """
    if room not in dungeon.rooms:
        raise KeyError(f"unknown room {room!r}")
    if turns <= 0:
        return Fraction(0)
    chain = transitions(dungeon, monster_id, turns)
    counts = {chain.start: 1}
    for step in range(turns):
        counts = _propagate(chain.moves, counts, absorbing=room if step > 0 else None)
    return exact(counts.get(room, 0), FACES**turns)


def float_distribution(dungeon: Dungeon, monster_id: str, turns: int) -> dict[str, float]:
    """The same forecast as :func:`distribution_after` in floats, by sparse matrix powers."""
    chain = transitions(dungeon, monster_id, turns)
    rooms, matrix = chain.sparse()
    vector = np.zeros(len(rooms))
    vector[rooms.index(chain.start)] = 1.0
    for _ in range(turns):
        vector = matrix.T @ vector
    return {room: float(p) for room, p in zip(rooms, vector, strict=True) if p > 0}


def long_run(dungeon: Dungeon, monster_id: str) -> dict[str, float]:
    """The long-run share of monster turns the monster ends in each room (its Cesàro limit).

    The chain may fall into one of several closed classes; the answer weighs each class's stationary
    distribution by the chance of being absorbed into it from the monster's room.
    """
    chain = transitions(dungeon, monster_id)
    rooms, matrix = chain.sparse()
    index = {room: i for i, room in enumerate(rooms)}
    graph = nx.DiGraph()
    graph.add_nodes_from(range(len(rooms)))
    coo = matrix.tocoo()
    graph.add_edges_from(zip(coo.row.tolist(), coo.col.tolist(), strict=True))
    classes = [sorted(c) for c in nx.attracting_components(graph)]
    closed = {i for c in classes for i in c}
    transient = [i for i in range(len(rooms)) if i not in closed]
    start = index[chain.start]
    result = np.zeros(len(rooms))
    if start in closed:
        weights = {k: (1.0 if start in c else 0.0) for k, c in enumerate(classes)}
    else:
        t_index = {i: n for n, i in enumerate(transient)}
        q = matrix[transient][:, transient]
        system = (sp.identity(len(transient), format="csc") - q).tocsc()
        weights = {}
        for k, c in enumerate(classes):
            r = np.asarray(matrix[transient][:, c].sum(axis=1)).ravel()
            weights[k] = float(np.atleast_1d(spla.spsolve(system, r))[t_index[start]])
    for k, c in enumerate(classes):
        if weights[k] <= 0:
            continue
        sub = matrix[c][:, c].toarray() if len(c) <= 400 else matrix[c][:, c]
        result[c] += weights[k] * _stationary(sub)
    return {room: float(result[i]) for i, room in enumerate(rooms) if result[i] > 1e-15}


def _stationary(p: np.ndarray | sp.spmatrix) -> np.ndarray:
    """The stationary distribution of an irreducible chain: pi P = pi, sum(pi) = 1."""
    n = p.shape[0]
    if n == 1:
        return np.ones(1)
    if sp.issparse(p):
        a = (p.T - sp.identity(n)).tolil()
        a[-1, :] = np.ones(n)
        b = np.zeros(n)
        b[-1] = 1.0
        return spla.spsolve(a.tocsc(), b)
    a = p.T - np.eye(n)
    a[-1, :] = 1.0
    b = np.zeros(n)
    b[-1] = 1.0
    return np.linalg.solve(a, b)
