"""Charts and tables of a balance sweep's DuckDB answers (:mod:`tablerules.sweep.query`)."""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from matplotlib.axes import Axes


def win_rate_chart(ax: Axes, rows: Sequence[Mapping[str, Any]], key: str, title: str = "",
                   fair: float | None = None) -> Axes:
    """Win rate per ``key`` with its 95% interval as error bars; ``fair``: a dashed line (1 / players)."""
    labels = [str(r[key]) for r in rows]
    rate = np.array([r["rate"] for r in rows])
    low = rate - np.array([r["low"] for r in rows])
    high = np.array([r["high"] for r in rows]) - rate
    y = np.arange(len(rows))
    ax.barh(y, rate, xerr=[low, high], color="#5c6bc0", ecolor="#333", capsize=3)
    ax.set_yticks(y, [f"{label} (n={r['n']})" for label, r in zip(labels, rows, strict=True)])
    ax.invert_yaxis()
    if fair is not None:
        ax.axvline(fair, ls="--", color="#c62828", lw=1, label=f"fair share {fair:.0%}")
        ax.legend(loc="lower right", fontsize=8)
    ax.set(xlabel="win rate (95% interval)", title=title or f"win rate by {key}", xlim=(0, 1))
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
        ax.bar(x + (i - (len(groups) - 1) / 2) * width, rate, width, yerr=err, capsize=3, label=f"{group} = {g}")
    ax.set_xticks(x, [str(k) for k in keys])
    ax.set(xlabel=key, ylabel="win rate (95% interval)", title=title or f"win rate by {key} and {group}")
    ax.legend(fontsize=8)
    return ax


def length_histograms(ax: Axes, lengths: Mapping[Any, Sequence[int]], label: str = "turns", title: str = "") -> Axes:
    """Overlaid histograms of game lengths, one per group (e.g. per house-rule value)."""
    everything = [v for values in lengths.values() for v in values]
    bins = np.linspace(min(everything, default=0), max(everything, default=1) + 1, 25)
    for name, values in lengths.items():
        ax.hist(values, bins=bins, alpha=0.55, label=f"{name} (median {np.median(values):.0f})")
    ax.set(xlabel=label, ylabel="games", title=title or f"game length ({label})")
    ax.legend(fontsize=8)
    return ax


def table(rows: Sequence[Mapping[str, Any]], columns: Sequence[str] | None = None, digits: int = 3) -> Any:
    """Rows as an HTML table for a notebook (floats rounded), instead of raw Python output."""
    from IPython.display import HTML

    columns = list(columns or (rows[0].keys() if rows else []))

    def cell(value: Any) -> str:
        if isinstance(value, float):
            return f"{value:.{digits}f}"
        return html.escape(str(value))

    head = "".join(f"<th>{html.escape(c)}</th>" for c in columns)
    body = "".join("<tr>" + "".join(f"<td>{cell(r.get(c))}</td>" for c in columns) + "</tr>" for r in rows)
    return HTML(f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")
