"""Playing one chunk into rows (one row per game), and writing it as one Parquet file atomically.

A game that raises is recorded (``status = "error"``, its seed and the error) and the chunk goes on; a
game stopped by a length cap (the action cap, or the game's own turn cap ending it without a winner) has
``status = "capped"``. A checked chunk (:mod:`.checked`) plays each game under the harness's checks: a broken
check makes the row ``status = "violation"`` with ``violation`` (the check's words), ``violation_at`` (actions
played when it broke) and ``save`` (a save of that point, also written as ``violations/<game>-seed<N>.json``
beside the chunk); an engine error in a checked game gets the same columns. Every file has the same schema
(:data:`SCHEMA`); the sweep and the swept parameters are not columns of the files but partition folders
(DuckDB reads them back with ``hive_partitioning``).
"""

from __future__ import annotations

import json
import os
import time
import traceback
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from ..analysis.order import first_player
from ..core.agents import make_agents, play_game
from ..core.batch import batch_gc
from ..core.protocol import Game
from ..core.registry import game_class
from .checked import Checker, mix_agents, save_at, write_save
from .plan import Chunk
from .summaries import seat_fields

SCHEMA = pa.schema([
    ("game", pa.string()),
    ("params", pa.string()),  # every parameter of the game (defaults included), as JSON
    ("chunk", pa.int32()),
    ("seed", pa.int64()),
    ("players", pa.int32()),
    ("agents", pa.list_(pa.string())),  # seat by seat
    ("status", pa.string()),  # finished | no winner | capped | error
    ("capped", pa.bool_()),
    ("error", pa.string()),
    ("winners", pa.list_(pa.int32())),
    ("reason", pa.string()),
    ("first", pa.int32()),  # who took the first turn (tablerules.analysis.order)
    ("turns", pa.int32()),
    ("actions", pa.int32()),
    ("seconds", pa.float64()),
    ("cpu_seconds", pa.float64()),  # the worker process's CPU time for the game (core-seconds)
    ("seat_score", pa.list_(pa.float64())),
    ("seat_level", pa.list_(pa.int32())),
    ("seat_race", pa.list_(pa.string())),
    ("seat_class", pa.list_(pa.string())),
    ("checked", pa.bool_()),  # played under the harness's checks (--check)
    ("violation", pa.string()),  # the broken check's words
    ("violation_at", pa.int32()),  # actions played when it broke
    ("save", pa.string()),  # a save (JSON) of the game at that point
])

STATUSES = ("finished", "no winner", "capped", "violation", "error")


def _turn_capped(game: Game) -> bool:
    """Whether the game ended on its own turn cap (``max_turns`` / ``max_rounds`` parameters)."""
    cap = getattr(game.params, "max_turns", None) or getattr(game.params, "max_rounds", None)
    return bool(cap) and game.turn_number() >= cap


def play_one(cls: type[Game], params: dict[str, Any], seed: int, agent_names: tuple[str, ...],
             max_actions: int | None = None, checker: Checker | None = None, mix: bool = False) -> dict[str, Any]:
    """Play the game of ``seed`` and return its row: under ``checker``'s checks when given; with each
    seat's agent drawn from ``agent_names`` when ``mix`` (:func:`.checked.mix_agents`), else cycled."""
    row: dict[str, Any] = {"game": cls.name, "seed": seed, "error": None, "winners": None, "reason": None,
                           "turns": None, "actions": None, "first": None, "seat_score": None, "seat_level": None,
                           "seat_race": None, "seat_class": None, "capped": False, "players": None,
                           "checked": checker is not None, "violation": None, "violation_at": None, "save": None}
    start, cpu = time.perf_counter(), time.process_time()
    game = None
    try:
        game = cls(params, seed=seed)
        row["params"] = json.dumps(game.params_json(), sort_keys=True)
        n = game.num_players()
        row["players"] = n
        names = mix_agents(cls, agent_names, seed, n) if mix else [agent_names[p % len(agent_names)]
                                                                    for p in range(n)]
        row["agents"] = names
        agents = make_agents(names, cls, seed)
        violation = None
        if checker is None:
            play_game(game, agents, max_steps=max_actions)
        else:
            violation = checker.run(game, agents, max_actions)
        result = game.result()
        row.update(turns=game.turn_number(), actions=game.num_actions, first=first_player(game))
        fields = seat_fields(game)
        row["seat_score"] = fields["score"]
        for key in ("level", "race", "class"):
            row[f"seat_{key}"] = fields.get(key)
        if violation is not None:
            row.update(status="violation", **violation.to_row())
        elif result is None or not game.is_over():
            row.update(status="capped", capped=True, reason=f"stopped after {game.num_actions} actions")
        else:
            row.update(winners=list(result.winners), reason=result.reason)
            capped = not result.winners and _turn_capped(game)
            row.update(status="finished" if result.winners else "capped" if capped else "no winner", capped=capped)
    except Exception as exc:  # recorded, never dropped: the seed replays it
        row.update(status="error", error=f"{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=-3)}")
        row.setdefault("params", json.dumps(params, sort_keys=True, default=str))
        row.setdefault("agents", list(agent_names))
        if checker is not None and game is not None and row["violation"] is None:
            row.update(violation=f"{type(exc).__name__}: {exc}", violation_at=game.num_actions, save=save_at(game))
    row["seconds"] = time.perf_counter() - start
    row["cpu_seconds"] = time.process_time() - cpu
    return row


def play_chunk(chunk: Chunk, out: Path | None = None) -> list[dict[str, Any]]:
    """The rows of every game of ``chunk``, in seed order (played with the collector set for a batch);
    a checked chunk's violation saves are written under ``out`` beside the chunk's file when given."""
    cls = game_class(chunk.game)
    params = dict(chunk.params)
    checker = Checker() if chunk.check else None
    with batch_gc():
        rows = [play_one(cls, params, seed, chunk.agents, chunk.max_actions, checker, chunk.mix)
                for seed in chunk.seeds]
    for row in rows:
        row["chunk"] = chunk.index
        if out is not None and row["save"] is not None:
            write_save(row["save"], (out / chunk.path).parent, chunk.game, row["seed"])
    return rows


def write_rows(rows: list[dict[str, Any]], path: Path) -> None:
    """Write ``rows`` to ``path`` atomically: a temporary file in the same folder, then a rename, so a
    chunk file is either whole or absent (an interrupted sweep never leaves half a chunk)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    table = pa.Table.from_pylist(rows, schema=SCHEMA)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{time.monotonic_ns()}.tmp")
    try:
        pq.write_table(table, tmp)
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


def run_chunk(chunk: Chunk, out: str) -> dict[str, Any]:
    """Play ``chunk`` and write its file under ``out``; a small summary for the progress report."""
    start = time.perf_counter()
    rows = play_chunk(chunk, Path(out))
    write_rows(rows, Path(out) / chunk.path)
    return {"chunk": chunk.index, "params": chunk.params, "games": len(rows), "game": chunk.game,
            "errors": sum(r["status"] == "error" for r in rows),
            "violations": sum(r["status"] == "violation" for r in rows), "seconds": time.perf_counter() - start,
            "play_seconds": sum(r["seconds"] for r in rows)}
