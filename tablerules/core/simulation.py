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
    ``capped_seeds``), not in ``finished``, the winners or the lengths. Where a capped game has a standing
    of its own (the scores of its result: Munchkin's and Munchkin Quest's levels), the seats first in it
    count in ``capped_leaders`` (apart from the winners; seats level at the top each count); a capped game
    with no standing (stopped mid-game by the length cap) counts in ``capped_unranked``."""

    game: str
    games: int
    seed: int
    finished: int = 0
    winners: Counter = field(default_factory=Counter)
    turns: list[int] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)
    capped: int = 0
    capped_seeds: list[int] = field(default_factory=list)
    capped_leaders: Counter = field(default_factory=Counter)
    capped_unranked: int = 0

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
                "capped_seeds": self.capped_seeds[:CAPPED_SEEDS_SHOWN],
                "capped_leaders": {str(k): v for k, v in sorted(self.capped_leaders.items())},
                "capped_unranked": self.capped_unranked}


def hit_turn_cap(game: Game) -> bool:
    """Whether a finished game ended without a winner at its simulation cap on turns (``params.max_turns``)."""
    cap = getattr(game.params, "max_turns", None)
    result = game.result()
    return isinstance(cap, int) and game.turn_number() >= cap and not (result and result.winners)


def standing(game: Game) -> dict[int, int] | None:
    """Each seat's place (1 = first; equal scores share a place, the next place skipped) by the scores of
    the game's result (Munchkin's and Munchkin Quest's levels, Small World's coins, ...), or ``None`` when
    the game has no result yet or its result has no scores."""
    result = game.result()
    if result is None or not result.scores:
        return None
    scores = result.scores
    return {seat: 1 + sum(other > score for other in scores.values()) for seat, score in scores.items()}


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
        places = standing(played)
        if places is None:
            summary.capped_unranked += 1
        else:
            summary.capped_leaders.update(seat for seat, place in places.items() if place == 1)
        return
    summary.finished += 1
    summary.turns.append(played.turn_number())
    summary.actions.append(played.num_actions)
    result = played.result()
    if result is not None:
        summary.winners.update(result.winners)
