"""A strength ladder: agents A against B on paired seeds, each agent in each seat equally often.

**Seatings.** A match of A against B on a game of ``n`` seats plays every seed once per seating of
:func:`seatings`: the rotations of the pattern A, B, A, B, ... and of its complement B, A, B, A, ...
(two seatings at 2 or 4 seats; six at 3). Over one seed's seatings every seat holds A and B equally often,
and A and B fill equally many seats, so a fair coin decides a game between equals: A's share of the games
that one side won is 1/2 when they are equally strong, whatever a seat or the deal is worth. The same
seed's games are played on the same deal with the sides swapped, so a lucky deal helps both sides once.

**Outcomes.** A finished game is A's when only A seats won, B's when only B seats won, a draw when both
won together (a joint win) or nobody did (Munchkin Quest's monsters). A game stopped by a length cap is
ended by the game's own standing (the seats' scores: levels, coins, heroes ...; the best seats lead) and
is counted apart: capped games never enter a win rate or a rating.

**Numbers.** A's win rate is its share of the decided, finished games with a 95% Wilson interval and the
exact sign test against 1/2 (:func:`.stats.sign_test`). The interval treats games as independent; games on
one seed swap the sides, which makes their results move against each other, so it errs wide. Ratings across
a game's agents are Bradley-Terry strengths (:func:`.stats.bradley_terry`) with random fixed at 0, a draw
half a win each way, and one virtual draw a pair (so that an agent that never lost still gets a finite
rating), with Hessian intervals.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any

from ..core.agents import agent_names
from ..core.protocol import Game
from ..core.registry import game_class
from .stats import Rate, Rating, Test, bradley_terry, sign_test, wilson

#: virtual draws added to every pair of a ladder's ratings (see the module docstring)
PRIOR_DRAWS = 1.0


def seatings(a: str, b: str, players: int) -> list[tuple[str, ...]]:
    """The seatings of a match of ``a`` against ``b``: the rotations of a, b, a, b, ... and of b, a, b, a, ...
    each once, in that order. Every seat holds ``a`` as often as ``b`` over them."""
    pattern = tuple(a if i % 2 == 0 else b for i in range(players))
    complement = tuple(b if name == a else a for name in pattern)
    out: list[tuple[str, ...]] = []
    for base in (pattern, complement):
        for shift in range(players):
            seating = base[shift:] + base[:shift]
            if seating not in out:
                out.append(seating)
    return out


class Side(Enum):
    A = "A"
    B = "B"
    DRAW = "draw"


@dataclass(frozen=True)
class Outcome:
    """One played game as a ladder or a balance count reads it (one row of a sweep)."""

    seed: int
    agents: tuple[str, ...]  #: seat by seat
    status: str  #: finished | no winner | capped | error
    winners: tuple[int, ...] = ()
    scores: tuple[float, ...] = ()  #: each seat's score by the game's own standing
    first: int | None = None  #: who took the first turn
    turns: int = 0
    actions: int = 0
    params: str = ""

    @classmethod
    def from_row(cls, row: Mapping[str, Any]) -> Outcome:
        """From a sweep row (:func:`tablerules.sweep.records.play_one`, or DuckDB's ``games`` view)."""
        return cls(int(row["seed"]), tuple(row.get("agents") or ()), str(row["status"]),
                   tuple(int(w) for w in row.get("winners") or ()),
                   tuple(float(s) for s in row.get("seat_score") or ()),
                   None if row.get("first") is None else int(row["first"]), int(row.get("turns") or 0),
                   int(row.get("actions") or 0), str(row.get("params") or ""))

    @property
    def capped(self) -> bool:
        return self.status == "capped"

    @property
    def players(self) -> int:
        return len(self.agents)

    def leaders(self) -> tuple[int, ...]:
        """The winners of a finished game; of a capped game, the seats first by the game's standing (every
        seat level at the top); nobody otherwise."""
        if self.status == "finished":
            return self.winners
        if self.capped and self.scores:
            best = max(self.scores)
            return tuple(seat for seat, score in enumerate(self.scores) if score == best)
        return ()

    def side(self, a: str, b: str) -> Side:
        """Which agent's seats won (led, if capped): A, B, or a draw (both, or nobody)."""
        names = {self.agents[seat] for seat in self.leaders()}
        if names == {a}:
            return Side.A
        if names == {b}:
            return Side.B
        return Side.DRAW


@dataclass
class Match:
    """A against B on one game: games decided in play, and games capped (ended by standing) apart."""

    game: str
    a: str
    b: str
    a_wins: int = 0
    b_wins: int = 0
    draws: int = 0
    capped: dict[Side, int] = field(default_factory=lambda: dict.fromkeys(Side, 0))
    errors: int = 0
    seeds: set[int] = field(default_factory=set)

    def add(self, outcome: Outcome) -> None:
        self.seeds.add(outcome.seed)
        if outcome.status == "error":
            self.errors += 1
            return
        side = outcome.side(self.a, self.b)
        if outcome.capped:
            self.capped[side] += 1
        elif side is Side.A:
            self.a_wins += 1
        elif side is Side.B:
            self.b_wins += 1
        else:
            self.draws += 1

    @property
    def finished(self) -> int:
        return self.a_wins + self.b_wins + self.draws

    @property
    def capped_games(self) -> int:
        return sum(self.capped.values())

    def rate(self) -> Rate:
        """A's share of the games one side won, with its 95% Wilson interval."""
        return wilson(self.a_wins, self.a_wins + self.b_wins)

    def test(self) -> Test:
        """The exact sign test of A's wins against B's (equal strength: a coin toss each)."""
        return sign_test(self.a_wins, self.b_wins)

    def a_beats_b(self, alpha: float = 0.05) -> bool:
        """Whether A won more often than B, significantly."""
        return self.a_wins > self.b_wins and self.test().significant(alpha)

    def pairwise(self) -> dict[tuple[str, str], float]:
        """The finished games as Bradley-Terry wins (a draw half a win each way)."""
        return {(self.a, self.b): self.a_wins + self.draws / 2, (self.b, self.a): self.b_wins + self.draws / 2}


def tally(game: str, a: str, b: str, outcomes: Iterable[Outcome]) -> Match:
    match = Match(game, a, b)
    for outcome in outcomes:
        match.add(outcome)
    return match


def _players(cls: type[Game], params: Mapping[str, Any] | None) -> int:
    return cls(dict(params or {}), seed=0).num_players()


def play_match(game: str, a: str, b: str, seeds: Iterable[int], params: Mapping[str, Any] | None = None,
               max_actions: int | None = None) -> Match:
    """Play A against B in this process: every seed once per seating (:func:`seatings`)."""
    from ..sweep.records import play_one

    cls = game_class(game)
    players = _players(cls, params)
    outcomes = [Outcome.from_row(play_one(cls, dict(params or {}), seed, seating, max_actions))
                for seed in seeds for seating in seatings(a, b, players)]
    return tally(cls.name, a, b, outcomes)


def sweep_outcomes(spec: Any, out: str | Path, *, client: Any = None, workers: int = 1) -> list[Outcome]:
    """Run (or resume) the balance sweep ``spec`` (a :class:`tablerules.sweep.SweepSpec`) and read its games
    seeded ``spec.seed .. spec.seed + spec.games - 1`` back with DuckDB, every setting, in seed order (a sweep
    already stored with more games is left as it is: its first games are read)."""
    from ..sweep import query, run_sweep
    from ..sweep.plan import SPEC_FILE

    stored = Path(out) / f"sweep={spec.sweep_id}" / SPEC_FILE
    games = json.loads(stored.read_text())["games"] if stored.exists() else 0
    run_sweep(dataclasses.replace(spec, games=max(games, spec.games)), out, client=client, workers=workers,
              progress=False)
    con = query.connect(out, spec.sweep_id)
    try:
        rows = query.rows(con, "SELECT * FROM games WHERE seed >= ? AND seed < ? ORDER BY seed, params",
                          [spec.seed, spec.seed + spec.games])
    finally:
        con.close()
    return [Outcome.from_row(r) for r in rows]


def sweep_match(game: str, a: str, b: str, games: int, out: str | Path, *, seed: int = 0, client: Any = None,
                params: Mapping[str, Any] | None = None, chunk_size: int = 10, workers: int = 1,
                max_actions: int | None = None) -> Match:
    """A against B on seeds ``seed .. seed + games - 1`` as one balance sweep per seating (so Dask plays the
    chunks and a rerun plays only what is missing), read back with DuckDB."""
    from ..sweep import SweepSpec

    cls = game_class(game)
    outcomes: list[Outcome] = []
    for seating in seatings(a, b, _players(cls, params)):
        swept = {k: [v] for k, v in (params or {}).items()}
        spec = SweepSpec(cls.name, games, seating, swept, seed, chunk_size, max_actions)
        outcomes += sweep_outcomes(spec, out, client=client, workers=workers)
    return tally(cls.name, a, b, outcomes)


# ----- the ladder of a game ----------------------------------------------------------------------------
def search_agent() -> str | None:
    """The search agent to rank: ``ismcts`` where it is registered, else ``mcts`` if OpenSpiel is installed."""
    names = agent_names()
    if "ismcts" in names:
        return "ismcts"
    try:
        import open_spiel  # noqa: F401
    except ImportError:
        return None
    return "mcts" if "mcts" in names else None


def ladder_agents(game: str) -> list[str]:
    """The rungs for ``game``, weakest expected first: random, the heuristic agent (where the game has one),
    the search agent (where one is available)."""
    rungs = ["random"]
    if game_class(game).heuristic_agent() is not None:
        rungs.append("heuristic")
    search = search_agent()
    if search:
        rungs.append(search)
    return rungs


def rungs(agents: Sequence[str]) -> list[tuple[str, str]]:
    """The matches of a ladder: each rung against the next (a connected chain for the ratings)."""
    return list(itertools.pairwise(agents))


@dataclass
class Ladder:
    """A game's matches and the ratings fitted to them; ``unrated``: agents of matches with no finished game
    (every game capped or raised), which no rating can place."""

    game: str
    matches: list[Match]
    ratings: list[Rating]
    unrated: list[str] = field(default_factory=list)

    def rating(self, agent: str) -> Rating:
        return next(r for r in self.ratings if r.agent == agent)


def ladder(game: str, matches: Sequence[Match], reference: str = "random",
           prior_draws: float = PRIOR_DRAWS) -> Ladder:
    """The Bradley-Terry ratings of the agents of ``matches`` (``reference`` at 0), strongest first; the
    matches with no finished game are left out of the fit (their agents ``unrated`` unless placed by others)."""
    wins: dict[tuple[str, str], float] = {}
    for match in matches:
        if match.finished:
            for pair, count in match.pairwise().items():
                wins[pair] = wins.get(pair, 0.0) + count
    named = {name for m in matches for name in (m.a, m.b)}
    ratings = bradley_terry(wins, reference=reference, prior_draws=prior_draws) if wins else []
    rated = {r.agent for r in ratings}
    return Ladder(game, list(matches), sorted(ratings, key=lambda r: -r.strength),
                  sorted(named - rated))
