"""A measured strength ladder as a bundled data file (``data/ladder/results.json``), so that a page can show
the ladder without replaying its searches.

``benchmarks/ladder.py --results data/ladder/results.json`` writes it game by game (a game measured again
replaces that game's entry, the others stay); :func:`read_results` reads it back into the same
:class:`~tablerules.analysis.ladder.Match` objects a live run gives, so the ratings, intervals and tests
are worked out by the same code (:func:`~tablerules.analysis.ladder.ladder`, :mod:`.stats`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.data import data_path, load_json
from .ladder import Ladder, Match, Side, ladder

RESULTS_FORMAT = "tablerules/ladder-results@1"


def results_path() -> Path:
    """The bundled ladder: ``data/ladder/results.json``."""
    return data_path("ladder", "results.json")


@dataclass(frozen=True)
class Search:
    """How the search rung searched: the agent, its simulations a decision, its rollouts' length."""

    agent: str
    simulations: int
    rollout_depth: int


@dataclass
class GameRun:
    """One game's measured matches, as played (``players``: seats a game; ``seconds``: wall-clock time)."""

    game: str
    players: int
    matches: list[Match]
    seconds: float = 0.0
    made: str = ""  #: when the game was measured (UTC)
    command: str = ""  #: the command that measured it
    search: Search | None = None

    def ladder(self) -> Ladder:
        return ladder(self.game, self.matches)

    def seeds(self) -> dict[tuple[str, str], int]:
        """Seeds played by each match (each seed once per seating)."""
        return {(m.a, m.b): len(m.seeds) for m in self.matches}


@dataclass
class LadderResults:
    games: list[GameRun] = field(default_factory=list)

    def game(self, name: str) -> GameRun:
        return next(g for g in self.games if g.game == name)

    def ladders(self) -> list[Ladder]:
        return [g.ladder() for g in self.games]

    def matches(self) -> list[Match]:
        return [m for g in self.games for m in g.matches]


def _match_record(m: Match) -> dict[str, Any]:
    return {"a": m.a, "b": m.b, "a_wins": m.a_wins, "b_wins": m.b_wins, "draws": m.draws,
            "capped": {side.value: m.capped[side] for side in Side}, "errors": m.errors, "seeds": sorted(m.seeds)}


def _match(game: str, record: Mapping[str, Any]) -> Match:
    capped = {side: int(record["capped"][side.value]) for side in Side}
    return Match(game, record["a"], record["b"], int(record["a_wins"]), int(record["b_wins"]), int(record["draws"]),
                 capped, int(record["errors"]), set(record["seeds"]))


def _game_record(run: GameRun) -> dict[str, Any]:
    out: dict[str, Any] = {"game": run.game, "players": run.players, "seconds": round(run.seconds, 1),
                           "made": run.made, "command": run.command,
                           "matches": [_match_record(m) for m in run.matches]}
    if run.search is not None:
        out["search"] = {"agent": run.search.agent, "simulations": run.search.simulations,
                         "rollout_depth": run.search.rollout_depth}
    return out


def _game(record: Mapping[str, Any]) -> GameRun:
    search = record.get("search")
    return GameRun(record["game"], int(record["players"]), [_match(record["game"], m) for m in record["matches"]],
                   float(record["seconds"]), record.get("made", ""), record.get("command", ""),
                   Search(search["agent"], int(search["simulations"]), int(search["rollout_depth"]))
                   if search else None)


def read_results(path: str | Path | None = None) -> LadderResults:
    """The ladder stored at ``path`` (default: the bundled one), checked against its schema."""
    document = load_json(path or results_path(), "ladder-results")
    return LadderResults([_game(g) for g in document["games"]])


def write_results(path: str | Path, runs: Sequence[GameRun], order: Sequence[str] = ()) -> LadderResults:
    """Store ``runs`` at ``path``, each replacing the stored entry of its game (others kept), games in
    ``order`` first; returns what the file now holds."""
    path = Path(path)
    stored = read_results(path).games if path.exists() else []
    by_game = {g.game: g for g in stored}
    by_game.update({r.game: r for r in runs})
    rank = {name: i for i, name in enumerate(order)}
    games = sorted(by_game.values(), key=lambda g: (rank.get(g.game, len(rank)), g.game))
    document = {"format": RESULTS_FORMAT,
                "about": "the strength ladder of every game (issue 26), written by benchmarks/ladder.py",
                "games": [_game_record(g) for g in games]}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(document, indent=1, ensure_ascii=False) + "\n")
    return LadderResults(games)
