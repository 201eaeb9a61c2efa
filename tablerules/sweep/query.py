"""DuckDB over a sweep's Parquet dataset (embedded: no server).

:func:`connect` opens an in-memory DuckDB with a view ``games`` over the chunk files (the sweep and the
swept parameters come back as columns from the partition folders) and a view ``seats`` with one row per
seat of each game (``seat``, ``agent``, ``race``, ``class``, ``level``, ``score``, ``won``). The helpers
answer the usual questions with SQL and return pandas-free lists of dicts (or DuckDB relations).
Win rates carry a 95% Wilson score interval, which behaves at 0 and 1 wins and small samples.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import duckdb

Z95 = 1.959963984540054

SEATS_SQL = """
CREATE OR REPLACE VIEW seats AS
SELECT g.* EXCLUDE (agents, seat_score, seat_level, seat_race, seat_class, winners),
       g.agents[g.seat + 1] AS agent,
       g.seat_race[g.seat + 1] AS race,
       g.seat_class[g.seat + 1] AS class,
       g.seat_level[g.seat + 1] AS level,
       g.seat_score[g.seat + 1] AS score,
       coalesce(list_contains(g.winners, g.seat::INTEGER), false) AS won
FROM (SELECT *, unnest(range(coalesce(players, 0)::BIGINT)) AS seat FROM games) g
"""


def connect(out: str | Path, sweep: str | None = None) -> duckdb.DuckDBPyConnection:
    """An in-memory DuckDB with the views ``games`` and ``seats`` over ``out`` (one ``sweep`` or all)."""
    pattern = Path(out) / (f"sweep={sweep}" if sweep else "sweep=*") / "**" / "*.parquet"
    con = duckdb.connect()
    con.execute(f"CREATE OR REPLACE VIEW games AS SELECT * FROM read_parquet('{pattern.as_posix()}', "
                "hive_partitioning = true, union_by_name = true)")
    con.execute(SEATS_SQL)
    return con


def rows(con: duckdb.DuckDBPyConnection, sql: str, params: list[Any] | None = None) -> list[dict[str, Any]]:
    """The result of ``sql`` as a list of dicts."""
    cursor = con.execute(sql, params or [])
    names = [d[0] for d in cursor.description]
    return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]


def _ident(name: str) -> str:
    if not name.replace("_", "").isalnum():
        raise ValueError(f"not a column name: {name!r}")
    return f'"{name}"'


def win_rates(con: duckdb.DuckDBPyConnection, by: str | list[str], where: str = "status <> 'error'"
              ) -> list[dict[str, Any]]:
    """Win rate of the seats grouped by ``by`` (``race``, ``class``, ``seat``, ``agent``, a parameter...),
    with the 95% Wilson interval ``low``..``high``; games that raised are left out."""
    keys = [by] if isinstance(by, str) else list(by)
    cols = ", ".join(_ident(k) for k in keys)
    return rows(con, f"""
        WITH t AS (SELECT {cols}, count(*) AS n, sum(won::INTEGER) AS wins FROM seats WHERE {where}
                   GROUP BY ALL)
        SELECT *, wins / n AS rate,
               (wins / n + {Z95}^2 / (2 * n) - {Z95} * sqrt(wins / n * (1 - wins / n) / n + {Z95}^2 / (4 * n * n)))
                 / (1 + {Z95}^2 / n) AS low,
               (wins / n + {Z95}^2 / (2 * n) + {Z95} * sqrt(wins / n * (1 - wins / n) / n + {Z95}^2 / (4 * n * n)))
                 / (1 + {Z95}^2 / n) AS high
        FROM t ORDER BY {cols}""")


def lengths(con: duckdb.DuckDBPyConnection, by: str | None = None, measure: str = "turns") -> list[dict[str, Any]]:
    """Game length (``turns`` or ``actions``) per group: games, mean, quartiles, the longest, capped games."""
    group = f"{_ident(by)}, " if by else ""
    return rows(con, f"""
        SELECT {group}count(*) AS games, avg({_ident(measure)}) AS mean,
               quantile_cont({_ident(measure)}, 0.25) AS q1, median({_ident(measure)}) AS median,
               quantile_cont({_ident(measure)}, 0.75) AS q3, max({_ident(measure)}) AS longest,
               sum(capped::INTEGER) AS capped
        FROM games WHERE status <> 'error' {'GROUP BY ' + _ident(by) + ' ORDER BY ' + _ident(by) if by else ''}""")


def values(con: duckdb.DuckDBPyConnection, column: str, where: str = "status <> 'error'") -> list[Any]:
    """Every value of one ``games`` column (e.g. ``turns``), for a histogram."""
    return [r[0] for r in con.execute(f"SELECT {_ident(column)} FROM games WHERE {where}").fetchall()]


def statuses(con: duckdb.DuckDBPyConnection) -> dict[str, int]:
    """How many games finished, ended without a winner, hit a cap, or raised."""
    return {r["status"]: r["n"] for r in rows(con, "SELECT status, count(*) AS n FROM games GROUP BY 1 ORDER BY 1")}


def failures(con: duckdb.DuckDBPyConnection) -> list[dict[str, Any]]:
    """The games that raised: seed, parameters and the error (replay one with the game class and seed)."""
    return rows(con, "SELECT seed, params, error FROM games WHERE status = 'error' ORDER BY seed")


def paired_difference(con: duckdb.DuckDBPyConnection, param: str, a: Any, b: Any, measure: str = "turns"
                      ) -> dict[str, Any]:
    """How ``measure`` changes from ``param = a`` to ``param = b`` on the same seeds (every setting of a sweep
    plays the same seeds): pairs, mean of each, the mean difference b - a and its 95% normal interval."""
    p, m = _ident(param), _ident(measure)
    row = rows(con, f"""
        WITH x AS (SELECT seed, {m} AS v FROM games WHERE {p} = ? AND status <> 'error'),
             y AS (SELECT seed, {m} AS v FROM games WHERE {p} = ? AND status <> 'error'),
             d AS (SELECT x.v AS a, y.v AS b, y.v - x.v AS diff FROM x JOIN y USING (seed))
        SELECT count(*) AS pairs, avg(a) AS mean_a, avg(b) AS mean_b, avg(diff) AS diff,
               {Z95} * stddev_samp(diff) / sqrt(count(*)) AS half_width FROM d""", [a, b])[0]
    half = row.pop("half_width") or 0.0
    return {**row, "low": (row["diff"] or 0.0) - half, "high": (row["diff"] or 0.0) + half}
