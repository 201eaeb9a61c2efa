"""Charts and tables of a balance sweep's DuckDB answers (:mod:`tablerules.sweep.query`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from matplotlib.axes import Axes
from matplotlib.ticker import PercentFormatter

from .show import Table


def label(key: str, value: Any) -> str:
    """A group of a sweep's table in words: seats counted from 1, "no class" for none."""
    if key == "seat" and isinstance(value, int):
        return f"seat {value + 1}"
    if value in (None, "none", ""):
        return f"no {key}"
    return str(value)


def win_rate_chart(ax: Axes, rows: Sequence[Mapping[str, Any]], key: str, title: str = "",
                   fair: float | None = None) -> Axes:
    """Win rate per ``key`` with its 95% interval as error bars; ``fair``: a dashed line (1 / players)."""
    labels = [label(key, r[key]) for r in rows]
    rate = np.array([r["rate"] for r in rows])
    low = rate - np.array([r["low"] for r in rows])
    high = np.array([r["high"] for r in rows]) - rate
    y = np.arange(len(rows))
    ax.barh(y, rate, xerr=[low, high], color="#5c6bc0", ecolor="#333", capsize=3)
    ax.set_yticks(y, [f"{text} ({r['n']} players)" for text, r in zip(labels, rows, strict=True)])
    ax.invert_yaxis()
    if fair is not None:
        ax.axvline(fair, ls="--", color="#c62828", lw=2, label=f"fair share {fair:.0%}")
        ax.legend(loc="lower right")
    ax.set(xlabel="win rate (95% interval)", title=title or f"win rate by {key}", xlim=(0, 1))
    ax.xaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    return ax


def grouped_win_rates(ax: Axes, rows: Sequence[Mapping[str, Any]], group: str, key: str, title: str = "") -> Axes:
    """Win rate per ``key`` side by side for each value of ``group`` (a house rule), with intervals."""
    groups = sorted({r[group] for r in rows})
    keys = sorted({r[key] for r in rows})
    width = 0.8 / len(groups)
    x = np.arange(len(keys))
    for i, g in enumerate(groups):
        by_key = {r[key]: r for r in rows if r[group] == g}
        rate = np.array([by_key[k]["rate"] if k in by_key else np.nan for k in keys])
        err = [[rate[j] - by_key[k]["low"] if k in by_key else 0 for j, k in enumerate(keys)],
               [by_key[k]["high"] - rate[j] if k in by_key else 0 for j, k in enumerate(keys)]]
        ax.bar(x + (i - (len(groups) - 1) / 2) * width, rate, width, yerr=err, capsize=3, label=f"{group} {g}")
    ax.set_xticks(x, [label(key, k) for k in keys])
    ax.set(xlabel=key, ylabel="win rate (95% interval)", title=title or f"win rate by {key} and {group}")
    ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    ax.legend()
    return ax


def length_histograms(ax: Axes, lengths: Mapping[Any, Sequence[int]], label: str = "turns", title: str = "") -> Axes:
    """Overlaid histograms of game lengths, one per group (e.g. per house-rule value)."""
    everything = [v for values in lengths.values() for v in values]
    bins = np.linspace(min(everything, default=0), max(everything, default=1) + 1, 25)
    for name, values in lengths.items():
        ax.hist(values, bins=bins, alpha=0.55, label=f"{name} (median {np.median(values):.0f})")
    ax.set(xlabel=label, ylabel="games", title=title or f"game length ({label})")
    ax.legend()
    return ax


def table(rows: Sequence[Mapping[str, Any]], columns: Sequence[str] | None = None,
          header: Sequence[str] | None = None, caption: str = "") -> Table:
    """Rows of a DuckDB answer as an HTML table for a notebook (numbers in words: see :func:`.show.cell`)."""
    columns = list(columns or (rows[0].keys() if rows else []))
    return Table(([_number(r.get(c)) for c in columns] for r in rows), header or columns, caption)


def _number(value: Any) -> Any:
    """A float from SQL with one decimal (a whole number without), anything else as it is."""
    if isinstance(value, float):
        return f"{value:.0f}" if value == int(value) else f"{value:.1f}"
    return value


def win_rate_table(rows: Sequence[Mapping[str, Any]], key: str, caption: str = "") -> Table:
    """:func:`..sweep.query.win_rates` as a table: the group, players, wins, the rate and its 95% interval."""
    return Table(((label(key, r[key]), r["n"], r["wins"], f"{r['rate']:.1%}", f"{r['low']:.1%} to {r['high']:.1%}")
                  for r in rows), (key, "players", "wins", "win rate", "95% interval"), caption)


def lengths_table(rows: Sequence[Mapping[str, Any]], key: str, unit: str = "turns", caption: str = "") -> Table:
    """:func:`..sweep.query.lengths` as a table: games, mean, quartiles, longest, games stopped by the limit."""
    return Table(((r[key], r["games"], _number(r["mean"]), _number(r["median"]),
                   f"{_number(r['q1'])} to {_number(r['q3'])}", r["longest"], r["capped"]) for r in rows),
                 (key, "games", f"mean {unit}", f"median {unit}", "the middle half of games", "longest",
                  "stopped by the length limit"), caption)


def paired_difference_table(d: Mapping[str, Any], param: str, a: Any, b: Any, unit: str = "turns") -> Table:
    """:func:`..sweep.query.paired_difference` as a table: the two means, their difference and its interval."""
    return Table([(f"{param} {a}", f"{d['mean_a']:.1f} {unit}"), (f"{param} {b}", f"{d['mean_b']:.1f} {unit}"),
                  (f"difference ({param} {b} − {param} {a})", f"{d['diff']:+.1f} {unit}"),
                  ("95% interval of the difference", f"{d['low']:+.1f} to {d['high']:+.1f} {unit}")],
                 ("the same seeds", "mean game length"), f"{d['pairs']} pairs of games on the same seeds")
