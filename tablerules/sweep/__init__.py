"""Balance sweeps: many seeded games on dask.distributed, results as a Parquet dataset read with DuckDB.

* :mod:`.plan`: a :class:`SweepSpec` cut into seeded :class:`Chunk` s, one Parquet file each;
* :mod:`.records`: playing a chunk (a row per game; errors and capped games recorded) and writing it
  atomically;
* :mod:`.runner`: :func:`run_sweep` on a LocalCluster or an existing scheduler, resumable;
* :mod:`.query`: DuckDB over the dataset (win rates with confidence intervals, lengths, comparisons);
* :mod:`.summaries`: each game's per-seat fields (score, level, race, class).

Needs the ``sweep`` extra (dask[distributed], pyarrow, duckdb).
"""

from typing import Any

from .plan import Chunk, SweepSpec, missing, plan, sweeps_dir

__all__ = ["Chunk", "SweepReport", "SweepSpec", "missing", "plan", "run_sweep", "sweeps_dir"]


def __getattr__(name: str) -> Any:  # the runner needs dask and pyarrow: imported when asked for
    if name in ("SweepReport", "run_sweep"):
        from . import runner

        return getattr(runner, name)
    raise AttributeError(name)
