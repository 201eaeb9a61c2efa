"""Small World analysis: exact odds of the final attempt, a conquest planner with the exact expectation over
the reinforcement die, simulations (coins by race and power, game length), and map drawings.

Seed 003, 最后一次征服的尝试: "如果骰子投出的点数加上自己手中的标志物数量达到了征服这个区域所需要的标志物数量，
那么就可以成功地征服这个区域 ... 无论尝试是否成功，当前玩家的征服阶段马上结束。"
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any

from ..core.protocol import Action
from ..odds import REINFORCEMENT_DIE
from ..odds import conquest as conquest_odds
from . import actions as A
from .game import SmallWorld
from .rules.conquest import conquest_cost
from .rules.scoring import score_breakdown


# ----- the final attempt ------------------------------------------------------------------------
def final_attempt_odds(game: SmallWorld, region: int | None = None) -> Fraction:
    """P(success) of the final attempt on ``region`` (default: the attempt waiting for its die)."""
    s = game.state
    region = s.attempt if region is None else region
    seat = s.seats[s.current]
    ghouls = game.force() == "ghouls"
    hand = seat.ghoul_hand if ghouls else seat.hand
    return conquest_odds(hand, conquest_cost(game, s.current, region, game.force()))


def final_attempt_table(max_tokens: int = 6, max_short: int = 4) -> dict[tuple[int, int], Fraction]:
    """(tokens in hand, cost) -> P(success), for costs 1..``max_short`` above the hand."""
    return {(t, t + k): conquest_odds(t, t + k, REINFORCEMENT_DIE) for t in range(1, max_tokens + 1)
            for k in range(1, max_short + 1)}


# ----- the conquest planner ---------------------------------------------------------------------
@dataclass
class Plan:
    """The best order of conquests found: the actions (a final attempt last, if any) and the exact expected
    coins at the end of the turn (before redeployment bonuses such as fortresses). ``complete`` is false when
    the search stopped at its limit of positions: the plan is then the best found, not proven the best."""

    actions: list[Action] = field(default_factory=list)
    expected: Fraction = Fraction(0)
    nodes: int = 0
    complete: bool = True

    def describe(self) -> list[str]:
        lines = [a.describe() for a in self.actions] + [f"expected coins this turn: {self.expected} "
                                                        f"(~{float(self.expected):.2f})"]
        if not self.complete:
            lines.append(f"the search stopped at its limit of {self.nodes:,} positions: this is the best order "
                         f"found, not proven the best")
        return lines


def turn_coins(game: SmallWorld, player: int) -> int:
    return sum(v for _, v in score_breakdown(game, player))


_MOVES = (A.Conquer, A.DragonAttack, A.Enchant)


def plan_conquests(game: SmallWorld, max_nodes: int = 20_000) -> Plan:
    """Search the orders of conquests of the player in the conquest phase for the highest expected coins this
    turn: every sequence of conquests (dragon and sorcery included), ending with the conquest phase or with a
    final attempt whose value is the exact expectation over the reinforcement die (Berserk: the die before each
    conquest is a chance node; the plan then stops at the roll, the rest depends on the face). Positions reached
    by the same set of conquests with the same tokens in hand are searched once."""
    if game.state.stage not in ("conquer",) or game.is_chance():
        raise ValueError("the planner works in the conquest phase of the active race")
    player = game.state.current
    seen: dict[tuple, tuple[Fraction, list[Action]]] = {}
    nodes = 0

    def key(g: SmallWorld) -> tuple:
        s = g.state
        return (tuple(s.owner), tuple(s.tokens), s.seats[player].hand, s.dragon_used, tuple(s.sorcery_on),
                s.berserk_die)

    def best(g: SmallWorld) -> tuple[Fraction, list[Action]]:
        nonlocal nodes
        k = key(g)
        if k in seen:
            return seen[k]
        nodes += 1
        value, line = Fraction(turn_coins(g, player)), [A.EndConquest(player)]
        if nodes < max_nodes:
            for action in g.legal_actions():
                if isinstance(action, _MOVES):
                    child = g.copy()
                    child.apply(action)
                    v, rest = best(child)
                    if v > value:
                        value, line = v, [action, *rest]
                elif isinstance(action, A.RollBerserk):  # a chance node: the best plan for each face
                    child = g.copy()
                    child.apply(action)
                    v = Fraction(0)
                    for outcome, p in child.chance_outcomes():
                        after = child.copy()
                        after.apply(outcome)
                        v += p * best(after)[0]
                    if v > value:
                        value, line = v, [action]
                elif isinstance(action, A.FinalAttempt):
                    child = g.copy()
                    child.apply(action)
                    v = Fraction(0)
                    for outcome, p in child.chance_outcomes():
                        after = child.copy()
                        after.apply(outcome)
                        v += p * _coins_after_attempt(after, player)
                    if v > value:
                        value, line = v, [action]
        seen[k] = (value, line)
        return value, line

    start = game.copy()
    readied: list[Action] = []
    while ready := [a for a in start.legal_actions() if isinstance(a, A.Ready)]:  # 预备部队 first: never worse
        start.apply(ready[0])
        readied.append(ready[0])
    value, line = best(start)
    return Plan(readied + line, value, nodes, complete=nodes < max_nodes)


def _coins_after_attempt(g: SmallWorld, player: int) -> int:
    """Coins at the end of the turn after a final attempt (the game is in redeployment then)."""
    return turn_coins(g, player)


# ----- simulations ------------------------------------------------------------------------------
@dataclass
class SimulationSummary:
    games: int = 0
    lengths: list[int] = field(default_factory=list)
    turns: list[int] = field(default_factory=list)
    coins: list[list[int]] = field(default_factory=list)
    winners: list[tuple[int, ...]] = field(default_factory=list)
    coins_by_race: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    coins_by_power: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))

    def mean_by(self, table: str) -> dict[str, float]:
        data = getattr(self, table)
        return {k: sum(v) / len(v) for k, v in sorted(data.items()) if v}

    def to_json(self) -> dict[str, Any]:
        return {"games": self.games, "mean_length": sum(self.lengths) / max(1, self.games),
                "coins_by_race": self.mean_by("coins_by_race"), "coins_by_power": self.mean_by("coins_by_power")}


def simulate(n_games: int = 100, players: int = 3, agents: Any = None, seed: int = 0) -> SimulationSummary:
    """Play ``n_games`` and attribute the coins each combo scored while it was the active one."""
    from ..core.agents import seat_agents, step

    out = SimulationSummary()
    for i in range(n_games):
        game = SmallWorld({"players": players}, seed=seed + i)
        agent_for = seat_agents(agents, seed + i)
        combo: dict[int, tuple[str, str]] = {}
        earned: dict[tuple[int, str, str], int] = defaultdict(int)
        while not game.is_over():
            mover = game.state.current
            before = game.state.seats[mover].coins
            action = step(game, agent_for)
            if isinstance(action, A.PickCombo):
                combo[action.player] = (action.race, action.power)
                before = game.state.seats[mover].coins  # the price is not income
            if isinstance(action, A.EndTurn | A.Decline | A.MakePeace) and mover in combo:
                earned[(mover, *combo[mover])] += game.state.seats[mover].coins - before
        out.games += 1
        out.lengths.append(game.num_actions)
        out.turns.append(game.turn_number())
        out.coins.append([seat.coins for seat in game.state.seats])
        out.winners.append(game.result().winners)
        for (_, race, power), coins in earned.items():
            out.coins_by_race[race].append(coins)
            out.coins_by_power[power].append(coins)
    return out


# ----- drawings ---------------------------------------------------------------------------------
TERRAIN_COLOURS = {"farmland": "#e8d37a", "forest": "#3f7f3f", "hill": "#9cc27a", "mountain": "#9a8f85",
                   "swamp": "#6f8f7f", "sea": "#5b8fd0", "lake": "#8fb8e8"}
SEAT_COLOURS = ("#d62728", "#1f77b4", "#ff7f0e", "#9467bd", "#2ca02c")


def layout(game: SmallWorld, seed: int = 3) -> dict[int, tuple[float, float]]:
    import networkx as nx

    return nx.kamada_kawai_layout(game.board.graph()) if seed is None else nx.spring_layout(
        game.board.graph(), seed=seed, iterations=200)


def draw_map(game: SmallWorld, ax: Any = None, pos: dict | None = None, colour_by: str = "terrain",
             node_size: int = 520, font_size: float = 7) -> Any:
    """The board as a graph: nodes coloured by terrain (ringed by the owner's colour) or, with
    ``colour_by="owner"``, filled with the owner's colour (pale in decline, white if empty), labelled with the
    region id and the tokens on it (d: in decline; * a lost tribe)."""
    import matplotlib.pyplot as plt
    import networkx as nx

    if ax is None:
        _, ax = plt.subplots(figsize=(8, 6))
    g = game.board.graph()
    pos = pos or layout(game)
    s = game.state
    edge = [SEAT_COLOURS[s.owner[i] % len(SEAT_COLOURS)] if s.owner[i] >= 0 else "#ffffff" for i in g.nodes]
    if colour_by == "owner":
        fill = [edge[k] if s.owner[i] >= 0 else "#ffffff" for k, i in enumerate(g.nodes)]
        alpha = [0.45 if s.owner[i] >= 0 and s.decline[i] else 1.0 for i in g.nodes]
        edge = [TERRAIN_COLOURS[game.board.regions[i].terrain] for i in g.nodes]
    else:
        fill = [TERRAIN_COLOURS[game.board.regions[i].terrain] for i in g.nodes]
        alpha = None
    nx.draw_networkx_edges(g, pos, ax=ax, edge_color="#bbbbbb")
    nx.draw_networkx_nodes(g, pos, ax=ax, node_color=fill, edgecolors=edge, linewidths=3, node_size=node_size,
                           alpha=alpha)
    labels = {}
    for i in g.nodes:
        text = str(i)
        if s.owner[i] >= 0:
            text += f"\n{s.tokens[i]}{'d' if s.decline[i] else ''}"
        elif s.lost_tribe[i]:
            text += "\n*"
        labels[i] = text
    from ..plots.style import text_colour_on

    for k, i in enumerate(g.nodes):  # black or white, whichever reads on the region's fill
        x, y = pos[i]
        ax.text(x, y, labels[i], fontsize=font_size, ha="center", va="center", linespacing=1.0,
                color=text_colour_on(fill[k]) if s.owner[i] < 0 or colour_by != "owner" or not s.decline[i]
                else "black")
    ax.set_title(f"{game.board.name}: round {s.round}/{game.board.rounds}")
    ax.set_axis_off()
    return ax


# ----- region shapes (the SVG board) ------------------------------------------------------------
@dataclass(frozen=True)
class MapShapes:
    """Region shapes of a board drawn as a map: ``polygons[i]`` is region i's outline and ``centres[i]`` the
    point inside it farthest from its edges (where its number goes), in a ``width`` x ``height`` frame."""

    width: float
    height: float
    polygons: tuple[tuple[tuple[float, float], ...], ...]
    centres: tuple[tuple[float, float], ...]
    radii: tuple[float, ...]  #: the distance from each centre to its region's nearest edge
    on_edge: frozenset[int]  #: the regions whose shape touches the frame


def _outer_face_embedding(board: Any) -> tuple[dict[int, list[int]], dict[int, int]]:
    """A planar embedding of the adjacency graph with as many border regions as possible on the outer face:
    an extra node "outside" is joined to the border regions one by one, skipping any whose edge would make
    the graph non-planar (the transcribed data is not always drawable with every border region on the edge).
    Returns each region's neighbours in clockwise order and, for the regions on the outer face, the
    neighbour after which the outside lies."""
    import networkx as nx

    g = board.graph()
    border = [r.id for r in board.regions if r.border]
    best: tuple[tuple[int, int], Any] = ((-1, 0), None)
    # the regions of two neighbours go first in one more try: left inside they would be squeezed flat
    for first in [None, *(i for i in border if len(board.regions[i].adjacent) <= 2)]:
        joined: list[int] = []
        embedding = None
        for i in ([first] if first is not None else []) + [i for i in border if i != first]:
            trial = g.copy()
            trial.add_edges_from(("outside", j) for j in [*joined, i])
            ok, emb = nx.check_planarity(trial)
            if ok:
                joined.append(i)
                embedding = emb
        flat = sum(1 for r in board.regions if r.id not in joined and len(r.adjacent) <= 2)
        if (len(joined), -flat) > best[0]:
            best = ((len(joined), -flat), embedding)
    embedding = best[1]
    if embedding is None:
        _, embedding = nx.check_planarity(g)
    rotation: dict[int, list[int]] = {}
    gap: dict[int, int] = {}
    for v in g.nodes:
        order = list(embedding.neighbors_cw_order(v))
        if "outside" in order:
            k = order.index("outside")
            order = order[k + 1:] + order[:k]  # the outside sits between the last and the first
            gap[v] = order[-1]
        rotation[v] = order
    return rotation, gap


def _faces(rotation: dict[int, list[int]]) -> tuple[list[list[int]], dict[tuple[int, int], int]]:
    """The faces of the embedding: each a cycle of regions, and the face of each half-edge (a, b), walked with
    (a, b) -> (b, the neighbour of b after a in clockwise order)."""
    face_of: dict[tuple[int, int], int] = {}
    faces: list[list[int]] = []
    for a in rotation:
        for b in rotation[a]:
            if (a, b) in face_of:
                continue
            cycle = []
            x, y = a, b
            while (x, y) not in face_of:
                face_of[(x, y)] = len(faces)
                cycle.append(x)
                around = rotation[y]
                x, y = y, around[(around.index(x) + 1) % len(around)]
            faces.append(cycle)
    return faces, face_of


def _perimeter_point(t: float, w: float, h: float) -> tuple[float, float]:
    """The point at arc length ``t`` along the frame's edge, clockwise from the top-left corner."""
    t %= 2 * (w + h)
    if t < w:
        return (t, 0.0)
    if t < w + h:
        return (w, t - w)
    if t < 2 * w + h:
        return (w - (t - w - h), h)
    return (0.0, h - (t - 2 * w - h))


def _arc(t0: float, t1: float, w: float, h: float) -> list[tuple[float, float]]:
    """The frame's corners met going clockwise from arc length ``t0`` to ``t1``."""
    total = 2 * (w + h)
    span = (t1 - t0) % total
    corners = [0.0, w, w + h, 2 * w + h]
    return [_perimeter_point(c, w, h) for c in sorted(corners, key=lambda c: (c - t0) % total)
            if 0 < (c - t0) % total < span]


def _centre(poly: list[tuple[float, float]]) -> tuple[tuple[float, float], float]:
    """The point of a polygon farthest from its edges (a grid search, refined once), and that distance."""

    def inside(x: float, y: float) -> bool:
        odd = False
        for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1], strict=True):
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                odd = not odd
        return odd

    def clearance(x: float, y: float) -> float:
        best = float("inf")
        for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1], strict=True):
            dx, dy = x2 - x1, y2 - y1
            t = max(0.0, min(1.0, ((x - x1) * dx + (y - y1) * dy) / (dx * dx + dy * dy or 1)))
            best = min(best, ((x - x1 - t * dx) ** 2 + (y - y1 - t * dy) ** 2) ** 0.5)
        return best

    xs, ys = [p[0] for p in poly], [p[1] for p in poly]
    best = (sum(xs) / len(xs), sum(ys) / len(ys))
    score = clearance(*best) if inside(*best) else -1.0
    x0, y0, step = min(xs), min(ys), max(max(xs) - min(xs), max(ys) - min(ys)) / 16
    for rounds in range(2):
        cx, cy = (x0, y0) if rounds == 0 else (best[0] - 2 * step, best[1] - 2 * step)
        n = 17 if rounds == 0 else 9
        for i in range(n):
            for j in range(n):
                x, y = cx + i * step, cy + j * step
                if inside(x, y):
                    c = clearance(x, y)
                    if c > score:
                        best, score = (x, y), c
        step /= 4
    return best, max(score, 0.0)


@lru_cache(maxsize=8)
def map_shapes(board: Any, width: float = 1000.0, height: float = 680.0, inset: float = 0.16,
               pull: float = 0.6) -> MapShapes:
    """Region shapes for a board whose data has adjacency but no outlines.

    How: (1) a planar embedding of the adjacency graph with as many border regions as possible on its outer face
    (:func:`_outer_face_embedding`); (2) a Tutte drawing: the outer face's regions are pinned around the frame's
    edge in embedding order (spaced evenly), every other region sits at the weighted average of its neighbours,
    the pinned ones weighing ``pull`` (a linear system; the drawing has no crossing edges), one with only two
    neighbours is then moved off the line between them into its larger face; (3) the regions' shapes are the
    dual of that drawing: region v's outline runs through the middle of each edge from v and the centre of each
    face around v, so two regions share a stretch of border exactly when the data says they are adjacent
    (regions round a face of four or more meet only at its centre point); a region on the outer face runs out to
    the frame (drawn ``inset`` of the way in, so they are not slivers). Border regions the embedding could not
    put on the outer face stay inside (the transcribed data does not always allow all of them on the edge)."""
    import numpy as np

    rotation, gap = _outer_face_embedding(board)
    faces, face_of = _faces(rotation)
    some = next(iter(gap)) if gap else next(iter(rotation))
    outer = face_of[(gap[some], some)] if gap else max(range(len(faces)), key=lambda f: len(faces[f]))
    ring = faces[outer]
    total = 2 * (width + height)
    spacing = total / len(ring)
    t_of = {v: (k + 0.5) * spacing for k, v in enumerate(reversed(ring))}  # clockwise round the frame
    n = len(board.regions)
    pos = np.zeros((n, 2))
    for v, t in t_of.items():
        x, y = _perimeter_point(t, width, height)  # drawn a little inside the frame: border regions get depth
        pos[v] = (width / 2 + (x - width / 2) * (1 - inset), height / 2 + (y - height / 2) * (1 - inset))
    inner = [v for v in range(n) if v not in t_of]
    if inner:
        index = {v: k for k, v in enumerate(inner)}
        a = np.zeros((len(inner), len(inner)))
        b = np.zeros((len(inner), 2))
        for v in inner:
            for u in rotation[v]:  # springs to the pinned regions are weaker: inner regions are not
                if u in index:     # crowded against the edge of the map
                    a[index[v], index[v]] += 1
                    a[index[v], index[u]] -= 1
                else:
                    a[index[v], index[v]] += pull
                    b[index[v]] += pull * pos[u]
        pos[inner] = np.linalg.solve(a, b)
    for v in inner:  # a region with two neighbours sits on the line between them: move it into the larger face
        if len(rotation[v]) == 2:
            a_, b_ = rotation[v]
            face = max((faces[face_of[(a_, v)]], faces[face_of[(b_, v)]]), key=len)
            others = [u for u in face if u != v]
            pos[v] = (pos[a_] + pos[b_]) / 4 + pos[others].mean(axis=0) / 2
    centres = [tuple(pos[f].mean(axis=0)) for f in faces]

    def edge_point(v: int, u: int) -> tuple[float, float]:
        if face_of[(v, u)] == outer or face_of[(u, v)] == outer:  # an edge of the outer face: on the frame
            t0, t1 = t_of[v], t_of[u]
            if (t1 - t0) % total > total / 2:
                t0, t1 = t1, t0
            return _perimeter_point(t0 + ((t1 - t0) % total) / 2, width, height)
        return (float((pos[v][0] + pos[u][0]) / 2), float((pos[v][1] + pos[u][1]) / 2))

    polygons = []
    for v in range(n):
        around = rotation[v]
        points: list[tuple[float, float]] = []
        for k, u in enumerate(around):
            w = around[(k + 1) % len(around)]
            here = edge_point(v, u)
            points.append(here)
            if face_of[(u, v)] == outer:
                there = edge_point(v, w)
                ta = _nearest_t(here, width, height)
                tb = _nearest_t(there, width, height)
                tv = t_of[v]
                if (tv - ta) % total > (tb - ta) % total:  # the arc from here to there must pass v
                    ta, tb = tb, ta
                    path = [*_arc(ta, tv, width, height), _perimeter_point(tv, width, height),
                            *_arc(tv, tb, width, height)]
                    points += path[::-1]
                else:
                    points += [*_arc(ta, tv, width, height), _perimeter_point(tv, width, height),
                               *_arc(tv, tb, width, height)]
            else:
                points.append(centres[face_of[(u, v)]])
        polygons.append(tuple((round(float(x), 1), round(float(y), 1)) for x, y in points))
    found = [_centre(list(p)) for p in polygons]
    return MapShapes(width, height, tuple(polygons), tuple((round(c[0], 1), round(c[1], 1)) for c, _ in found),
                     tuple(r for _, r in found), frozenset(t_of))


def _nearest_t(point: tuple[float, float], w: float, h: float) -> float:
    """The arc length along the frame's edge of a point on it."""
    x, y = point
    if y <= 1e-6:
        return x
    if x >= w - 1e-6:
        return w + y
    if y >= h - 1e-6:
        return w + h + (w - x)
    return 2 * w + h + (h - y)
