"""Checked games for the soak (``tablerules sweep GAME --check``): the sweep's agents play, and the
random-game harness's checks (:mod:`tablerules.core.testing`, the same functions) watch every step.

Rates (:class:`CheckRates`, the defaults; the soak's numbers in the README are measured with these):

* every action: the game's invariants, and the way forward (a legal action, or a chance step whose
  outcomes are exactly the legal actions with probabilities > 0 summing to 1; every action listed once,
  described and round-tripping through its JSON form);
* every 10th action: no two legal actions read the same;
* every 50th action: a recent action that is not legal now is refused and leaves the state unchanged;
* every 100th action: undo restores the legal actions and redo the state; a copy is played on and the
  original stays as it was;
* every 250th action: every seat's observation is JSON and its information state text;
* one step in 20 (drawn): a seat that is not to act plays one of its any-time actions (out of turn);
* JSON save + replay twice a game: at one step drawn uniformly from the game (a reservoir-sampled copy)
  and at the end (a replay costs the whole history, so a fixed few per game keep the cost linear).

The first broken check stops that game (never the sweep): its row has ``status = "violation"`` (or
``"error"`` when the engine raised), the check's words in ``violation``, the number of actions played
when it broke in ``violation_at``, and ``save``: a save of the game at that point (the history cut
there, unsigned, so it loads with every action checked). The save is also written as
``violations/<game>-seed<N>.json`` beside the chunk's file: ``tablerules play GAME --load FILE`` opens it.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.actions import Action
from ..core.agents import Agent, seat_agents, step
from ..core.protocol import Game
from ..core.testing import (
    HarnessFailure,
    check_copy,
    check_end,
    check_invariants,
    check_observations,
    check_round_trip,
    check_stale_refused,
    check_undo,
    check_way_forward,
    out_of_turn_pick,
)

#: the agents a ``--mix`` draws from by default: the cheap ones (a search agent costs seconds a move)
CHEAP_AGENTS = ("random", "heuristic")


@dataclass(frozen=True)
class CheckRates:
    """How often the costlier checks run (every ``N``th action; 0 = never)."""

    stale_every: int = 50
    undo_every: int = 100
    copy_every: int = 100
    observe_every: int = 250
    describe_every: int = 10  #: no two legal actions read the same (the rest of the way forward: every action)
    anytime_every: int = 20  #: one step in N on average, drawn from the game's check stream
    mid_round_trip: bool = True  #: save + replay at one step drawn uniformly (and always at the end)

    def describe(self) -> str:
        return (f"invariants and way forward every action; no two actions reading the same every "
                f"{self.describe_every}; a stale action refused every {self.stale_every}; "
                f"undo/redo every {self.undo_every}; copy and observations every {self.copy_every}/"
                f"{self.observe_every}; an out-of-turn any-time action one step in {self.anytime_every}; "
                "save + replay at one random step and at the end")


@dataclass
class Violation:
    """A broken check: its words, the number of actions played when it broke, a save of that point."""

    check: str
    at: int
    save: str | None

    def to_row(self) -> dict[str, Any]:
        return {"violation": self.check, "violation_at": self.at, "save": self.save}


@dataclass
class Checker:
    """The checks' memory across the games of a chunk (actions already described and round-tripped,
    chance outcome lists already checked: the same objects pass the same checks again)."""

    rates: CheckRates = field(default_factory=CheckRates)
    known: set[Action] = field(default_factory=set)
    outcome_lists: dict[tuple[int, ...], tuple] = field(default_factory=dict)

    def play(self, game: Game, agents: Sequence[Agent], max_actions: int | None = None) -> None:
        """Let ``agents`` play ``game`` to its end (or ``max_actions``) under the checks; a broken check
        raises :class:`HarnessFailure` (its ``step``: the actions played when it broke)."""
        rates, seed = self.rates, game.seed
        rng = random.Random(f"soak/{seed}")
        agent_for = seat_agents(list(agents), game.seed)
        asks = any(agent_for(p).interjects for p in range(game.num_players()))
        limit = max_actions if max_actions is not None else game.max_length
        seen: list[Action] = []
        snapshot: tuple[int, Game] | None = None
        while not game.is_over() and game.num_actions < limit:
            at = game.num_actions
            actions = game.legal_actions()
            check_way_forward(game, actions, seed, at, self.known,
                              bool(rates.describe_every) and at % rates.describe_every == 0, self.outcome_lists)
            check_invariants(game, seed, at)
            if rates.stale_every and at % rates.stale_every == rates.stale_every - 1:
                check_stale_refused(game, actions, seen[-20:], rng, seed, at)
            if rates.copy_every and at % rates.copy_every == 0:
                check_copy(game, seed, at)
            if rates.observe_every and at % rates.observe_every == 0:
                check_observations(game, seed, at)
            if rates.mid_round_trip and rng.randrange(at + 1) == 0:  # reservoir: each step equally likely
                snapshot = (at, game.copy())
            extra = out_of_turn_pick(game, rng) if rates.anytime_every and \
                rng.randrange(rates.anytime_every) == 0 else None
            if extra is not None:
                game.apply(extra)
                action = extra
            else:
                action = step(game, agent_for, asks)
            seen.append(action)
            if rates.undo_every and game.num_actions % rates.undo_every == 0:
                check_undo(game, actions, action, seed, game.num_actions)
        if snapshot is not None:
            check_round_trip(snapshot[1], seed, snapshot[0])
        if game.is_over():
            check_end(game, seed, game.num_actions)
        else:  # stopped by the length cap
            check_invariants(game, seed, game.num_actions)
            check_round_trip(game, seed, game.num_actions)

    def run(self, game: Game, agents: Sequence[Agent], max_actions: int | None = None) -> Violation | None:
        """:meth:`play`, with a broken check or an engine error returned as a :class:`Violation`."""
        try:
            self.play(game, agents, max_actions)
        except HarnessFailure as exc:
            return Violation(exc.check, exc.step if exc.step is not None else game.num_actions,
                             save_at(game, exc.step))
        return None


def save_at(game: Game, actions: int | None = None) -> str | None:
    """A save of ``game`` cut after its first ``actions`` actions (all when None), as JSON text; a cut
    save carries no digest or signature, so loading it replays every action with its legality check.
    None when the game cannot be saved at all."""
    try:
        data = game.to_json()
    except Exception:  # a state broken enough not to save: the row still has the seed and the step
        return None
    if actions is not None and actions < len(data["history"]):
        data["history"] = data["history"][:actions]
        data.pop("digest", None)
        data.pop("signature", None)
    return json.dumps(data)


def write_save(save: str, folder: Path, game: str, seed: int) -> Path:
    """Write a violation's save beside its chunk (``violations/<game>-seed<N>.json``)."""
    path = folder / "violations" / f"{game}-seed{seed}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(save + "\n")
    return path


def mix_agents(cls: type[Game], pool: Sequence[str], seed: int, players: int) -> list[str]:
    """Each seat's agent for the game of ``seed``, drawn from ``pool`` by a stream seeded by the game's
    seed (the same seats whoever plays the chunk); agents the game lacks (a toy game with no heuristic) are left
    out of its pool."""
    usable = [name for name in pool if name != "heuristic" or cls.heuristic_agent() is not None]
    if not usable:
        raise ValueError(f"{cls.name} has none of the agents {', '.join(pool)}")
    rng = random.Random(f"mix/{seed}")
    return [rng.choice(usable) for _ in range(players)]
