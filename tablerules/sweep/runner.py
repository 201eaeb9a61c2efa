"""Running a sweep's missing chunks on dask.distributed.

:func:`run_sweep` plays every chunk whose file is missing: on a ``client`` given, on the scheduler at
``scheduler`` (an existing cluster; we run no scheduler of our own), or on a :class:`LocalCluster` of
``workers`` processes started for the run. Each worker writes its chunk's file itself (atomically), so
an interrupted run (Ctrl-C, a killed worker, ``stop_after``) keeps every finished chunk, and the next run
of the same sweep plays only the rest: the same seeds, none lost, none twice.

Faults: a chunk whose worker dies (SIGKILL, out of memory) is rescheduled by the scheduler on another
worker (dask's ``distributed.scheduler.allowed-failures``, default 3 deaths per chunk); the rerun rewrites
the same file, so a chunk written just before its worker died still holds each seed once. A chunk that
raises (its file cannot be written, a worker without the game, a chunk that killed every worker it ran on)
becomes one ``status = "error"`` row per seed, written by this process (:func:`failed_rows`): a seed is
never lost. ``tests/test_sweep_faults.py`` kills a real worker part-way.
"""

from __future__ import annotations

import json
import logging
import sys
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from tqdm.auto import tqdm

from .plan import Chunk, SweepSpec, check_spec, missing, plan
from .records import run_chunk, write_rows


@dataclass
class SweepReport:
    sweep: str
    out: str
    chunks: int  #: chunks in the sweep
    done_before: int  #: chunks already written when the run started
    ran: int = 0  #: chunks written by this run
    games: int = 0  #: games played by this run
    errors: int = 0  #: games that raised (recorded with their seed)
    violations: int = 0  #: checked games with a broken check (recorded with a save)
    sweeps: list[str] = field(default_factory=list)  #: every sweep of the run (several games at once)
    seconds: float = 0.0
    interrupted: bool = False
    dashboard: str = ""

    @property
    def complete(self) -> bool:
        return self.done_before + self.ran == self.chunks

    def to_json(self) -> dict[str, Any]:
        return {"sweep": self.sweep, "out": self.out, "chunks": self.chunks, "done_before": self.done_before,
                "ran": self.ran, "games": self.games, "errors": self.errors, "violations": self.violations,
                "sweeps": self.sweeps or [self.sweep], "seconds": round(self.seconds, 3),
                "interrupted": self.interrupted, "complete": self.complete}


def in_turn(queues: Sequence[Sequence[Any]]) -> list[Any]:
    """The first item of each queue, then the second of each, ... (several sweeps advance together)."""
    return [q[i] for i in range(max(map(len, queues), default=0)) for q in queues if i < len(q)]


def local_cluster(workers: int = 1, processes: bool = True) -> Any:
    """A :class:`distributed.LocalCluster` of single-threaded workers (games are pure Python: one
    process per core scales, threads would share the GIL)."""
    from distributed import LocalCluster

    logging.getLogger("distributed").setLevel(logging.WARNING)  # the in-process scheduler's INFO chatter
    return LocalCluster(n_workers=workers, threads_per_worker=1, processes=processes,
                        dashboard_address=":0", silence_logs=40)


def chunk_key(chunk: Chunk, run: str) -> str:
    """The dask key of ``chunk`` in run ``run``: its file's path (the dashboard shows which chunk is where),
    made unique per run so a rerun on the same client never meets a cancelled key of the last run."""
    return f"chunk {chunk.path.as_posix()} run {run}"


def failed_rows(chunk: Chunk, failure: str) -> list[dict[str, Any]]:
    """One ``status = "error"`` row per seed of a chunk that raised as a whole (not inside one game)."""
    error = f"the chunk failed: {failure}"
    return [{"game": chunk.game, "params": json.dumps(dict(chunk.params), sort_keys=True, default=str),
             "chunk": chunk.index, "seed": seed, "agents": list(chunk.agents), "status": "error", "capped": False,
             "error": error, "seconds": 0.0} for seed in chunk.seeds]


def run_chunk_or_failure(chunk: Chunk, out: str) -> dict[str, Any]:
    """:func:`run_chunk` on a worker, an exception returned as ``{"failed": text}`` instead of raised: a task
    that raises ships its traceback to the client, and with distributed 2026.8 / tblib 3.2 a traceback that
    fails to pickle comes back as text, which the client asserts against and never resolves the future
    (the sweep would hang). The client writes the failed chunk's rows (:func:`failed_rows`)."""
    try:
        return run_chunk(chunk, out)
    except Exception as exc:
        return {"chunk": chunk.index, "failed": f"{type(exc).__name__}: {exc}"}


def run_sweep(spec: SweepSpec | Sequence[SweepSpec], out: str | Path, *, client: Any = None,
              scheduler: str | None = None, workers: int = 1, progress: bool = True, stop_after: int | None = None,
              log: TextIO | None = None) -> SweepReport:
    """Play the chunks of ``spec`` not yet under ``out``. ``stop_after``: stop once that many chunks are
    written (as Ctrl-C would; the rest are cancelled). Several specs (a soak of several games) are one run:
    their missing chunks are queued in turn (a chunk of each spec, then the next of each), so a run stopped
    part-way has played about as many games of each."""
    from distributed import Client, as_completed

    out = Path(out)
    specs = [spec] if isinstance(spec, SweepSpec) else list(spec)
    for one in specs:
        check_spec(one, out)
    todo = in_turn([missing(one, out) for one in specs])
    total = sum(len(plan(one)) for one in specs)
    report = SweepReport(",".join(one.sweep_id for one in specs), str(out), total, total - len(todo),
                         sweeps=[one.sweep_id for one in specs])
    if not todo:
        return report
    owned: list[Any] = []
    if client is None:
        if scheduler:
            client = Client(scheduler)
        else:
            cluster = local_cluster(workers)
            owned.append(cluster)
            client = Client(cluster)
        owned.insert(0, client)
    report.dashboard = getattr(client, "dashboard_link", "") or ""
    if log is not None and report.dashboard:
        log.write(f"dask dashboard: {report.dashboard}\n")
    start = time.perf_counter()
    run = uuid.uuid4().hex[:8]
    futures = client.map(run_chunk_or_failure, todo, out=str(out), key=[chunk_key(c, run) for c in todo])
    chunk_of = {f.key: c for f, c in zip(futures, todo, strict=True)}
    bar = tqdm(total=len(todo), unit="chunk", desc=f"sweep {report.sweep}", disable=not progress,
               file=log or sys.stderr, leave=False)
    try:
        for future in as_completed(futures):
            try:
                summary = future.result()
            except Exception as exc:  # the chunk killed every worker it ran on (KilledWorker)
                summary = {"failed": f"{type(exc).__name__}: {exc}"}
            if "failed" in summary:  # rows, not a crash: every seed of the chunk is an error row
                chunk = chunk_of[future.key]
                write_rows(failed_rows(chunk, summary["failed"]), out / chunk.path)
                summary = {"games": chunk.count, "errors": chunk.count}
            report.ran += 1
            report.games += summary["games"]
            report.errors += summary["errors"]
            report.violations += summary.get("violations", 0)
            bar.update(1)
            if stop_after is not None and report.ran >= stop_after:
                report.interrupted = True
                break
    except KeyboardInterrupt:
        report.interrupted = True
    finally:
        bar.close()
        if report.interrupted:
            client.cancel(futures)
        report.seconds = time.perf_counter() - start
        for thing in owned:
            thing.close()
    return report
