"""Small World analysis: exact odds of the final attempt, a conquest planner with the exact expectation over
the reinforcement die, simulations (coins by race and power, game length), and map drawings.

Seed 003, 最后一次征服的尝试: "如果骰子投出的点数加上自己手中的标志物数量达到了征服这个区域所需要的标志物数量，
那么就可以成功地征服这个区域 ... 无论尝试是否成功，当前玩家的征服阶段马上结束。"
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
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
    coins at the end of the turn (before redeployment bonuses such as fortresses)."""

    actions: list[Action] = field(default_factory=list)
    expected: Fraction = Fraction(0)
    nodes: int = 0

    def describe(self) -> list[str]:
        return [a.describe() for a in self.actions] + [f"expected coins this turn: {self.expected} "
                                                       f"(~{float(self.expected):.2f})"]


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
    return Plan(readied + line, value, nodes)


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
