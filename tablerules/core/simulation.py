"""Running many seeded games and summarising them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from statistics import fmean
from typing import Any

from tqdm.auto import tqdm

from .agents import Agent, play_game
from .batch import batch_gc
from .protocol import Game
from .registry import game_class

#: How many seeds of capped games a summary keeps, to replay them.
CAPPED_SEEDS_SHOWN = 20


@dataclass
class SimulationSummary:
    """What ``n`` games ended with: winners (a joint win counts for each winner) and lengths.

    A game still running when it reaches the game's length cap (``Game.max_length`` actions), or ended
    without a winner by a simulation cap on turns (a ``max_turns`` parameter, as Munchkin and Munchkin
    Quest have), is *capped*, never finished: it counts in ``capped`` (the first seeds in
    ``capped_seeds``), not in ``finished``, the winners or the lengths."""

    game: str
    games: int
    seed: int
    finished: int = 0
    winners: Counter = field(default_factory=Counter)
    turns: list[int] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)
    capped: int = 0
    capped_seeds: list[int] = field(default_factory=list)

    @property
    def mean_turns(self) -> float:
        return fmean(self.turns) if self.turns else 0.0

    @property
    def mean_actions(self) -> float:
        return fmean(self.actions) if self.actions else 0.0

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "games": self.games, "seed": self.seed, "finished": self.finished,
                "winners": {str(k): v for k, v in sorted(self.winners.items())},
                "mean_turns": round(self.mean_turns, 6), "mean_actions": round(self.mean_actions, 6),
                "max_turns": max(self.turns, default=0), "capped": self.capped,
                "capped_seeds": self.capped_seeds[:CAPPED_SEEDS_SHOWN]}


def hit_turn_cap(game: Game) -> bool:
    """Whether a finished game ended without a winner at its simulation cap on turns (``params.max_turns``)."""
    cap = getattr(game.params, "max_turns", None)
    result = game.result()
    return isinstance(cap, int) and game.turn_number() >= cap and not (result and result.winners)


def simulate(game: str | type[Game], n: int, seed: int = 0, agents: Agent | Sequence[Agent] | None = None,
             params: Mapping[str, Any] | None = None, progress: bool = True) -> SimulationSummary:
    """Play ``n`` games seeded ``seed, seed + 1, ...`` with ``agents`` (random when ``None``).

    The same seed gives the same summary. A tqdm progress bar shows while ``progress`` is true. The games
    are played with the collector set for a batch (:func:`~tablerules.core.batch.batch_gc`).
    """
    cls = game_class(game) if isinstance(game, str) else game
    summary = SimulationSummary(game=cls.name, games=n, seed=seed)
    with batch_gc():
        for i in tqdm(range(n), desc=f"simulating {cls.name}", disable=not progress, leave=False):
            _record(summary, play_game(cls(params, seed=seed + i), agents), seed + i)
    return summary


def _record(summary: SimulationSummary, played: Game, game_seed: int) -> None:
    """Add one played game to ``summary``: capped (its seed kept) or finished (winners, turns, actions)."""
    if not played.is_over() or hit_turn_cap(played):
        summary.capped += 1
        if len(summary.capped_seeds) < CAPPED_SEEDS_SHOWN:
            summary.capped_seeds.append(game_seed)
        return
    summary.finished += 1
    summary.turns.append(played.turn_number())
    summary.actions.append(played.num_actions)
    result = played.result()
    if result is not None:
        summary.winners.update(result.winners)
