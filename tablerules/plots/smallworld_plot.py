"""Small World for the analysis notebook: the board with a legend, the conquest planner's plan as a table, and
coins per race or power as bars a class can read."""

from __future__ import annotations

from collections.abc import Mapping

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.lines import Line2D

from ..smallworld import actions as A
from ..smallworld.analysis import SEAT_COLOURS, TERRAIN_COLOURS, Plan, draw_map
from ..smallworld.game import SmallWorld
from .show import Table


def map_figure(game: SmallWorld, size: tuple[float, float] = (11, 9)) -> Figure:
    """The board as a graph with large labels (region number, and tokens: "d" in decline, "*" a lost tribe),
    and a legend of the terrains and of the players' rings."""
    fig = Figure(figsize=size)
    ax = fig.subplots()
    draw_map(game, ax, node_size=1100, font_size=12)
    terrains = sorted({r.terrain for r in game.board.regions})
    handles = [Line2D([], [], marker="o", linestyle="", markersize=14, markerfacecolor=TERRAIN_COLOURS[t],
                      markeredgecolor="none", label=t) for t in terrains]
    handles += [Line2D([], [], marker="o", linestyle="", markersize=14, markerfacecolor="white",
                       markeredgecolor=SEAT_COLOURS[p % len(SEAT_COLOURS)], markeredgewidth=3, label=f"player {p + 1}")
                for p in range(game.num_players())]
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.0, 1.0), frameon=False, title="fill: terrain\n"
              "ring: owner")
    return fig


def _step(action: A.Action) -> tuple[str, str]:
    """One step of a plan in words: what is done, and the tokens it takes."""
    if isinstance(action, A.Conquer):
        return f"conquer region {action.region}", f"{action.cost}"
    if isinstance(action, A.FinalAttempt):
        return f"final attempt on region {action.region} (roll the die)", f"{action.cost} with the die"
    text = action.describe()
    return (text.split(" ", 2)[2] if text.startswith("player ") else text), ""


def plan_table(plan: Plan) -> Table:
    """The conquest planner's best order of conquests, step by step, and the coins to expect this turn."""
    rows = [(i, *_step(a)) for i, a in enumerate(plan.actions, start=1)]
    expected = plan.expected
    coins = str(expected) if expected.denominator == 1 else f"{expected} (about {float(expected):.1f})"
    searched = (f"{plan.nodes:,} positions searched" if plan.complete else
                f"the search stopped at its limit of {plan.nodes:,} positions: the best order found, not proven")
    return Table([*rows, ("", "coins to expect this turn", coins)], ("step", "what", "tokens"),
                 f"the best order found ({searched})")


def mean_bars(ax: Axes, means: Mapping[str, float], title: str, xlabel: str, colour: str = "#26a69a") -> Axes:
    """Horizontal bars of ``means``, largest at the top, names written in full on the left."""
    items = sorted(means.items(), key=lambda kv: kv[1])
    ax.barh(range(len(items)), [v for _, v in items], color=colour)
    ax.set_yticks(range(len(items)), [k for k, _ in items])
    ax.set(title=title, xlabel=xlabel)
    return ax
