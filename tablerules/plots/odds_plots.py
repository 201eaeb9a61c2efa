"""Charts of exact odds: combat difference bars, win heatmaps, flee curves, the search table."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
from matplotlib.axes import Axes
from matplotlib.patches import Patch
from matplotlib.ticker import MaxNLocator, PercentFormatter

from .. import odds
from ..analysis.stats import wilson_interval
from ..core.distribution import Distribution
from .style import text_colour_on

WIN, TIE, LOSE = "#2e7d32", "#f9a825", "#c62828"


def difference_bars(ax: Axes, munchkins: odds.Side, monsters: odds.Side, ties_win: bool = False) -> Axes:
    """Bars of P(munchkins' total - monsters' total = x): green wins, yellow ties, red loses."""
    munchkins, monsters = list(munchkins), list(monsters)
    m_strength, m_dice = odds.side_totals(munchkins)
    k_strength, k_dice = odds.side_totals(monsters)
    diff: Distribution = odds.dice_difference(m_dice, k_dice) + (m_strength - k_strength)
    values, probs = diff.floats()
    colours = [WIN if v > 0 or (ties_win and v == 0) else TIE if v == 0 else LOSE for v in values]
    ax.bar(values, probs, color=colours, edgecolor="black", linewidth=0.3)
    ax.axvline(0.5 if not ties_win else -0.5, color="black", linestyle=":", linewidth=1)
    ax.set_xlabel("munchkins' total − monsters' total")
    ax.set_ylabel("chance")
    ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    result = odds.combat(munchkins, monsters, ties_win=ties_win)
    ax.set_title(f"chance to win: {result.win} ≈ {float(result.win):.1%}")
    return ax


def combat_heatmap(ax: Axes, max_dice: int = 3, diffs: Sequence[int] = range(-12, 13),
                   ties_win: bool = False, colourbar: bool = True) -> Axes:
    """P(win) by strength difference (columns) and dice pair (rows, munchkin v monster dice); ``colourbar``:
    draw the colour scale beside it (one scale is enough for charts side by side)."""
    diffs = list(diffs)
    pairs = [(m, k) for m in range(max_dice + 1) for k in range(max_dice + 1)]
    grid = np.array([[float(p) for p in odds.combat_table(m, k, diffs, ties_win)] for m, k in pairs])
    image = ax.imshow(grid, aspect="auto", cmap="RdYlGn", vmin=0, vmax=1,
                      extent=(diffs[0] - 0.5, diffs[-1] + 0.5, len(pairs) - 0.5, -0.5))
    ax.set_yticks(range(len(pairs)), [f"{m}d6 against {k}d6" for m, k in pairs])
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))  # whole strength points only
    ax.set_xlabel("strength difference (munchkins − monsters)")
    ax.set_ylabel("munchkins' dice against the monsters'")
    ax.set_title("chance the munchkins win" + (" (ties win: a warrior)" if ties_win else ""))
    if colourbar:
        # its own slot of the layout (constrained layout keeps it clear of the next chart's labels)
        bar = ax.figure.colorbar(image, ax=ax, fraction=0.05, pad=0.03, format=PercentFormatter(1.0, decimals=0))
        bar.set_label("chance to win")
    return ax


def flee_curves(ax: Axes, max_monsters: int = 6, modifiers: Sequence[int] = range(-2, 3),
                need: int = odds.FLEE_NEED) -> Axes:
    """P(escape every monster) against the number of monsters, one line per modifier."""
    counts = np.arange(1, max_monsters + 1)
    for m in modifiers:
        ax.plot(counts, [float(odds.flee([m] * n, need).escape_all) for n in counts], marker="o",
                label=f"{m:+d}")
    ax.set_xticks(counts)  # whole monsters only (no "1.5 monsters" tick)
    ax.set_xlabel("monsters chasing you")
    ax.set_ylabel("chance to escape them all")
    ax.set_ylim(0, 1)
    ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    ax.legend(title="die modifier")
    return ax


def search_bars(ax: Axes, dice: int, modifier: int = 0) -> Axes:
    """The probability of each search-table row for one search roll."""
    result = odds.search(dice, modifier)
    rows = list(result.rows)
    probs = [float(result.rows[r]) for r in rows]
    colours = [LOSE if result.row(r).monster else WIN for r in rows]
    ax.bar(range(len(rows)), probs, color=colours)
    ax.set_xticks(range(len(rows)), [result.row(r).label for r in rows], rotation=45, ha="right")
    ax.set_xlabel("search roll (row of the table)")
    ax.set_ylabel("chance")
    ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    ax.set_title(f"{dice}d6 {modifier:+d} room: a monster {float(result.monster()):.0%}")
    ax.legend(handles=[Patch(color=LOSE, label="a monster"), Patch(color=WIN, label="gold or a card")])
    return ax


def search_heatmap(ax: Axes, max_dice: int = 3, modifiers: Sequence[int] = range(-2, 3)) -> Axes:
    """P(the search brings a monster) by search dice (rows) and room modifier (columns), each cell
    annotated with the expected gold."""
    modifiers = list(modifiers)
    results = [[odds.search(d, m) for m in modifiers] for d in range(max_dice + 1)]
    grid = np.array([[float(r.monster()) for r in row] for row in results])
    image = ax.imshow(grid, cmap="OrRd", vmin=0, vmax=1, aspect="auto")
    for d, row in enumerate(results):
        for j, r in enumerate(row):
            ax.text(j, d, f"{float(r.monster()):.0%}\n{float(r.expected_gold()):.0f} gold", ha="center", va="center",
                    fontsize=13, color=text_colour_on(image.cmap(image.norm(float(r.monster())))))
    ax.set_xticks(range(len(modifiers)), [f"{m:+d}" for m in modifiers])
    ax.set_yticks(range(max_dice + 1), [f"{d}d6" for d in range(max_dice + 1)])
    ax.set_xlabel("room search modifier")
    ax.set_ylabel("search dice")
    ax.set_title("chance of a monster, and gold to expect, per search\n(gold only: treasure cards not counted)")
    bar = ax.figure.colorbar(image, ax=ax, fraction=0.05, pad=0.03, format=PercentFormatter(1.0, decimals=0))
    bar.set_label("chance of a monster")
    return ax


def rate_bars(ax: Axes, wins: dict[str, int], players: dict[str, int], baseline: float | None = None,
              colour: str = "#26a69a", labels: Mapping[str, str] | None = None) -> Axes:
    """Win rates (wins / players) by group with their 95% Wilson intervals as error bars, and the number of
    players under each bar; ``baseline``: a dotted line (e.g. 1 / seats); ``labels``: words for some groups
    (``{"none": "no class"}``)."""
    names = [k for k in sorted(players) if players[k]]
    rates = [wins.get(k, 0) / players[k] for k in names]
    lows, highs = zip(*(wilson_interval(wins.get(k, 0), players[k]) for k in names), strict=True) if names else ((), ())
    errors = [[r - lo for r, lo in zip(rates, lows, strict=True)], [hi - r for r, hi in zip(rates, highs, strict=True)]]
    ax.bar(range(len(names)), rates, yerr=errors, capsize=3, color=colour, ecolor="#37474f")
    ax.set_xticks(range(len(names)), [f"{(labels or {}).get(k, k)}\n({players[k]} players)" for k in names])
    if baseline is not None:
        ax.axhline(baseline, color="black", linestyle=":", linewidth=1.5, label=f"fair share {baseline:.0%}")
        ax.legend(loc="upper right")
    ax.set_ylabel("win rate (95% interval)")
    ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    return ax


def mean_over_turns(ax: Axes, series: Sequence[Sequence[float]], colour: str = "#ef6c00") -> Axes:
    """The mean of ``series`` (one list a game, one value a turn) turn by turn, over the games still running
    at that turn."""
    longest = max((len(s) for s in series), default=0)
    padded = np.full((len(series), longest), np.nan)
    for i, values in enumerate(series):
        padded[i, : len(values)] = values
    ax.plot(np.nanmean(padded, axis=0) if longest else [], color=colour)
    ax.set_xlabel("turn")
    return ax
