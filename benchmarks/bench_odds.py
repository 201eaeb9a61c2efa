"""Benchmark: the exact combat odds against icepool (run by ``make bench``).

* the 656-cell combat table (0..3 d6 a side, strength difference -20..+20) by
  ``tablerules.odds.combat_table`` and by icepool in its fastest form (one difference distribution
  per dice pair, then its cumulative probabilities);
* one ``combat(...)`` call against icepool computing that one cell.

"cold" clears every tablerules cache before each repetition (the first call a user makes);
"warm" keeps them (a notebook redrawing a heatmap or a slider moving). Both results are checked to
be identical Fractions. Targets: table >= 20x faster than icepool, one call >= 10x.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from fractions import Fraction

import icepool
from icepool import d6

from tablerules import odds
from tablerules.core.distribution import _dice

DIFFS = list(range(-20, 21))
PAIRS = [(m, k) for m in range(4) for k in range(4)]
CELL = ([(5, 2)], [(7, 1)])  # one fight: strength 5 with 2 dice against 7 with 1 die


def clear_caches() -> None:
    _dice.cache_clear()
    odds.dice_difference.cache_clear()
    odds._win_row.cache_clear()


def best(fn: Callable[[], object], repeat: int, setup: Callable[[], None] | None = None) -> tuple[float, object]:
    times = []
    result = None
    for _ in range(repeat):
        if setup:
            setup()
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return min(times), result


def ours_table() -> dict:
    return {(m, k): odds.combat_table(m, k, DIFFS) for m, k in PAIRS}


def icepool_table_cumulative() -> dict:
    out = {}
    for m, k in PAIRS:
        difference = (m @ d6) - (k @ d6)
        at_least = dict(zip(difference.outcomes(), difference.probabilities(">="), strict=True))
        low, high = difference.min_outcome(), difference.max_outcome()
        row = []
        for d in DIFFS:
            need = 1 - d
            row.append(Fraction(1) if need <= low else Fraction(0) if need > high else at_least[need])
        out[(m, k)] = row
    return out


def icepool_table_probability() -> dict:
    out = {}
    for m, k in PAIRS:
        difference = (m @ d6) - (k @ d6)
        out[(m, k)] = [difference.probability(">", -d) for d in DIFFS]
    return out


def ours_cell() -> Fraction:
    return odds.combat(*CELL).win


def icepool_cell() -> Fraction:
    (mk, md), (ks, kd) = CELL[0][0], CELL[1][0]
    return ((md @ d6) + mk - (kd @ d6) - ks).probability(">", 0)


def main() -> None:
    print(f"icepool {icepool.__version__}; table = {len(PAIRS)} dice pairs x {len(DIFFS)} differences "
          f"= {len(PAIRS) * len(DIFFS)} cells")
    t_cold, table = best(ours_table, 200, clear_caches)
    t_warm, _ = best(ours_table, 200)
    t_ice_cum, ice_cum = best(icepool_table_cumulative, 20)
    t_ice_prob, ice_prob = best(icepool_table_probability, 20)
    assert table == ice_cum == ice_prob, "tablerules and icepool disagree"
    assert all(type(p) is Fraction for row in table.values() for p in row)
    t_ice = min(t_ice_cum, t_ice_prob)
    print(f"table  tablerules cold {t_cold * 1e3:8.3f} ms   warm {t_warm * 1e3:8.3f} ms")
    print(f"table  icepool fastest {t_ice * 1e3:8.3f} ms   (cumulative {t_ice_cum * 1e3:.3f} ms, "
          f"per-cell {t_ice_prob * 1e3:.3f} ms)")
    print(f"table  ratio: cold {t_ice / t_cold:6.1f}x   warm {t_ice / t_warm:6.1f}x   (target 20x)")

    c_cold, ours = best(ours_cell, 2000, clear_caches)
    c_warm, _ = best(ours_cell, 2000)
    c_ice, ice = best(icepool_cell, 200)
    assert ours == ice, "tablerules and icepool disagree on the cell"
    print(f"cell   tablerules cold {c_cold * 1e6:8.1f} us   warm {c_warm * 1e6:8.1f} us   "
          f"icepool {c_ice * 1e6:8.1f} us   = {ours}")
    print(f"cell   ratio: cold {c_ice / c_cold:6.1f}x   warm {c_ice / c_warm:6.1f}x   (target 10x)")


if __name__ == "__main__":
    main()
