"""A tiny dice game used to exercise the protocol, the harness and the CLI (a test fixture only).

Pig: on your turn roll a d6 as often as you like; each roll adds to your turn total, but a 1 loses
the turn total and ends your turn. Hold to bank the turn total. First to ``target`` wins.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tablerules.core.protocol import Action, Chance, ChanceStep, Game, Result


@dataclass(frozen=True)
class PigParams:
    players: int = 2
    target: int = 20

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 6:
            raise ValueError("Pig is for 2 to 6 players")
        if self.target < 1:
            raise ValueError("the target must be positive")


@dataclass(frozen=True)
class Roll(Action):
    player: int

    def describe(self) -> str:
        return f"player {self.player} rolls"


@dataclass(frozen=True)
class Hold(Action):
    player: int

    def describe(self) -> str:
        return f"player {self.player} holds"


class Pig(Game):
    name = "pig"
    title = "Pig (test fixture)"
    action_types = (Roll, Hold)
    Params = PigParams
    max_length = 5_000

    def setup(self) -> None:
        self.scores = [0] * self.params.players
        self.current = 0
        self.turn_total = 0
        self.rolling = False
        self.turns = 0

    def current_players(self) -> tuple[int, ...]:
        return (self.current,)

    def pending_chance(self) -> ChanceStep | None:
        if self.rolling:
            return ChanceStep.uniform("d6", f"player {self.current} rolls a d6", range(1, 7))
        return None

    def player_actions(self) -> list[Action]:
        actions: list[Action] = [Roll(self.current)]
        if self.turn_total > 0:
            actions.append(Hold(self.current))
        return actions

    def illegal_reason(self, action: Action) -> tuple[str, str]:
        if isinstance(action, Chance):
            return "chance", "no die is being rolled" if not self.rolling else f"{action.outcome} is not a face"
        if action.actor != self.current:
            return "turn order", f"it is player {self.current}'s turn"
        if self.rolling:
            return "chance", "the die must be rolled first"
        if isinstance(action, Hold):
            return "hold", "you can only hold after scoring this turn"
        return "actions", f"{action.describe()} is not possible now"

    def _next_player(self) -> None:
        self.turn_total = 0
        self.current = (self.current + 1) % self.params.players
        self.turns += 1

    def perform(self, action: Action) -> None:
        if isinstance(action, Roll):
            self.rolling = True
        elif isinstance(action, Hold):
            self.scores[self.current] += self.turn_total
            self.event(f"player {self.current} holds and banks {self.turn_total} "
                       f"(score {self.scores[self.current]})")
            if self.scores[self.current] >= self.params.target:
                self.event(f"player {self.current} wins")
            else:
                self._next_player()
        elif isinstance(action, Chance):
            self.rolling = False
            face = int(action.outcome)
            if face == 1:
                self.event(f"player {self.current} rolls 1 and loses {self.turn_total}")
                self._next_player()
            else:
                self.turn_total += face
                self.event(f"player {self.current} rolls {face} (turn total {self.turn_total})")

    def result(self) -> Result | None:
        winners = tuple(p for p, s in enumerate(self.scores) if s >= self.params.target)
        if not winners:
            return None
        return Result(winners, dict(enumerate(self.scores)), "reached the target")

    def stage(self) -> str:
        return "rolling" if self.rolling else "deciding"

    def turn_number(self) -> int:
        return self.turns

    def invariants(self) -> list[str]:
        broken = []
        if any(s < 0 for s in self.scores):
            broken.append("a score is negative")
        if sum(s >= self.params.target for s in self.scores) > 1:
            broken.append("two players reached the target")
        return broken

    def state_dict(self) -> dict[str, Any]:
        return {"scores": list(self.scores), "current": self.current, "turn_total": self.turn_total,
                "rolling": self.rolling, "turns": self.turns}

    def describe_state(self) -> str:
        return f"scores {self.scores}, player {self.current} has {self.turn_total} this turn"
