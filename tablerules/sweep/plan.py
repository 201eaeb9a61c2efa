"""A sweep as seeded chunks: what to play, and where each chunk's results go.

A :class:`SweepSpec` names the game, how many games per parameter setting, the agents (one name per seat,
cycled), the swept parameters (every combination of their values) and the chunk size. It is cut into
:class:`Chunk` s: chunk ``i`` of a setting plays the games seeded ``seed + i * chunk_size`` onwards, the
same games whichever worker runs it and whenever, and every setting plays the same seeds (a house rule is
compared on the same deals). A chunk's results are one Parquet file at a fixed path, partitioned by
sweep and parameters (``sweep=NAME/deal=2/players=4/chunk-000003.parquet``), so a chunk is done exactly
when its file exists: rerunning a sweep runs only the missing chunks.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

SPEC_FILE = "_sweep.json"


def sweeps_dir() -> Path:
    """Where the notebooks keep their sweeps: ``sweeps/`` at the top of the project (``$TABLERULES_SWEEPS``
    overrides it; the tests point it at a temporary folder)."""
    override = os.environ.get("TABLERULES_SWEEPS")
    path = Path(override) if override else Path(__file__).resolve().parents[2] / "sweeps"
    path.mkdir(parents=True, exist_ok=True)
    return path


@dataclass(frozen=True)
class SweepSpec:
    game: str
    games: int  #: games per parameter setting
    agents: tuple[str, ...] = ("random",)
    params: Mapping[str, Sequence[Any]] = field(default_factory=dict)  #: parameter -> values swept
    seed: int = 0
    chunk_size: int = 100
    max_actions: int | None = None  #: stop a game after this many actions (default: the game's own cap)
    name: str = ""  #: the sweep's folder name (default: derived from the rest)
    mix: bool = False  #: each game draws its seats' agents from ``agents`` (seeded by the game's seed)
    check: bool = False  #: play every game under the harness's checks (:mod:`.checked`)

    def __post_init__(self) -> None:
        if self.games < 0 or self.chunk_size < 1:
            raise ValueError("games must be >= 0 and chunk_size >= 1")
        if not self.agents:
            raise ValueError("name at least one agent")
        object.__setattr__(self, "agents", tuple(self.agents))
        object.__setattr__(self, "params", {k: list(v) for k, v in sorted(dict(self.params).items())})
        for key, values in self.params.items():
            if not values:
                raise ValueError(f"parameter {key!r} has no values")

    @property
    def sweep_id(self) -> str:
        """The folder name: ``name`` or the game plus a hash of what decides the games played."""
        if self.name:
            return self.name
        key = json.dumps(self.identity(), sort_keys=True)
        return f"{self.game}-{hashlib.sha1(key.encode()).hexdigest()[:10]}"

    def identity(self) -> dict[str, Any]:
        """What fixes every chunk's games: all but the number of games (a sweep may be extended)."""
        data = asdict(self)
        data.pop("games")
        data.pop("name")
        for flag in ("mix", "check"):  # only when set: a sweep stored before they existed keeps its name
            if not data[flag]:
                data.pop(flag)
        data["agents"] = list(self.agents)
        return data

    def settings(self) -> list[dict[str, Any]]:
        """Every combination of the swept values, as parameter mappings (``[{}]`` with nothing swept)."""
        keys = list(self.params)
        return [dict(zip(keys, combo, strict=True)) for combo in itertools.product(*self.params.values())]

    def to_json(self) -> dict[str, Any]:
        return {**self.identity(), "games": self.games, "name": self.sweep_id}


@dataclass(frozen=True)
class Chunk:
    """``count`` games of one setting seeded ``first_seed`` onwards; its file is ``path`` under the output."""

    sweep: str
    game: str
    agents: tuple[str, ...]
    params: tuple[tuple[str, Any], ...]
    index: int
    first_seed: int
    count: int
    max_actions: int | None = None
    mix: bool = False
    check: bool = False

    @property
    def seeds(self) -> range:
        return range(self.first_seed, self.first_seed + self.count)

    @property
    def path(self) -> Path:
        parts = [f"sweep={self.sweep}"] + [f"{k}={_partition_value(v)}" for k, v in self.params]
        return Path(*parts, f"chunk-{self.index:06d}.parquet")


def _partition_value(value: Any) -> str:
    text = json.dumps(value) if not isinstance(value, str) else value
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in text)


def plan(spec: SweepSpec) -> list[Chunk]:
    """Every chunk of the sweep, setting by setting."""
    chunks = []
    for setting in spec.settings():
        params = tuple(sorted(setting.items()))
        for index, start in enumerate(range(0, spec.games, spec.chunk_size)):
            chunks.append(Chunk(spec.sweep_id, spec.game, spec.agents, params, index, spec.seed + start,
                                min(spec.chunk_size, spec.games - start), spec.max_actions, spec.mix,
                                spec.check))
    return chunks


def _rows_in(path: Path) -> int:
    import pyarrow.parquet as pq

    return pq.read_metadata(path).num_rows


def missing(spec: SweepSpec, out: str | Path) -> list[Chunk]:
    """The chunks whose file is not written yet (a resumed sweep runs only these), and a last chunk that an
    extended sweep makes longer (its file holds fewer games than the chunk now has: it is played again)."""
    out = Path(out)
    return [c for c in plan(spec) if not (out / c.path).exists() or _rows_in(out / c.path) != c.count]


def check_spec(spec: SweepSpec, out: str | Path) -> None:
    """Write the sweep's spec beside its chunks, or check that a resumed sweep is the same sweep."""
    folder = Path(out) / f"sweep={spec.sweep_id}"
    path = folder / SPEC_FILE
    if path.exists():
        saved = json.loads(path.read_text())
        if {k: v for k, v in saved.items() if k not in ("games", "name")} != json.loads(
                json.dumps(spec.identity())):
            raise ValueError(f"{path}: a different sweep is already stored under the name {spec.sweep_id!r} "
                             "(same name needs the same game, agents, parameters, seed and chunk size)")
        if spec.games < saved["games"]:
            raise ValueError(f"{path}: the sweep already has {saved['games']} games per setting; it can be "
                             f"extended, not shrunk to {spec.games}")
    folder.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(spec.to_json(), indent=1, sort_keys=True) + "\n")
