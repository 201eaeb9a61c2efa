"""A tiny dice game used to exercise the protocol, the harness and the CLI (a test fixture only), and
the smallest example of a game's shape (README, "Adding a game").

Pig: on your turn roll a d6 as often as you like; each roll adds to your turn total, but a 1 loses
the turn total and ends your turn. Hold to bank the turn total. First to ``target`` wins.

The shape: parameters (a frozen dataclass), the state (a dataclass: copying, saving and comparing are
derived from its fields), actions (frozen dataclasses), what kind of game it is (``info``), and the
rules as small functions of the state; the :class:`Pig` class only wires them to the protocol.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tablerules.core.protocol import Action, Chance, ChanceStep, Game, GameInfo, Result


@dataclass(frozen=True)
class PigParams:
    players: int = 2
    target: int = 20

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 6:
            raise ValueError("Pig is for 2 to 6 players")
        if self.target < 1:
            raise ValueError("the target must be positive")


@dataclass
class PigState:
    """Everything that changes during a game (nothing static, nothing derived)."""

    scores: list[int] = field(default_factory=list)
    current: int = 0
    turn_total: int = 0
    rolling: bool = False  # a d6 is being rolled (a chance step is pending)
    turns: int = 0


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


# ----- the rules: functions of the state --------------------------------------------------------
def next_player(state: PigState, players: int) -> None:
    state.turn_total = 0  # engine write: Pig's own rules
    state.current = (state.current + 1) % players  # engine write: Pig's own rules
    state.turns += 1  # engine write: Pig's own rules


class Pig(Game):
    name = "pig"
    title = "Pig (test fixture)"
    action_types = (Roll, Hold)
    Params = PigParams
    max_length = 5_000
    info = GameInfo(min_players=2, max_players=6, max_length=5_000)

    state: PigState

    def setup(self) -> None:
        self.state = PigState(scores=[0] * self.params.players)  # engine write: Pig's own rules

    def current_players(self) -> tuple[int, ...]:
        return (self.state.current,)

    def pending_chance(self) -> ChanceStep | None:
        if self.state.rolling:
            return ChanceStep.uniform("d6", f"player {self.state.current} rolls a d6", range(1, 7))
        return None

    def player_actions(self) -> list[Action]:
        actions: list[Action] = [Roll(self.state.current)]
        if self.state.turn_total > 0:
            actions.append(Hold(self.state.current))
        return actions

    def illegal_reason(self, action: Action) -> tuple[str, str]:
        s = self.state
        if isinstance(action, Chance):
            return "chance", "no die is being rolled" if not s.rolling else f"{action.outcome} is not a face"
        if action.actor != s.current:
            return "turn order", f"it is player {s.current}'s turn"
        if s.rolling:
            return "chance", "the die must be rolled first"
        if isinstance(action, Hold):
            return "hold", "you can only hold after scoring this turn"
        return "turn order", f"{action.describe()} is not possible now"

    def perform(self, action: Action) -> None:
        s = self.state
        if isinstance(action, Roll):
            s.rolling = True  # engine write: Pig's own rules
        elif isinstance(action, Hold):
            s.scores[s.current] += s.turn_total  # engine write: Pig's own rules
            self.event(f"player {s.current} holds and banks {s.turn_total} (score {s.scores[s.current]})")
            if s.scores[s.current] >= self.params.target:
                self.event(f"player {s.current} wins")
            else:
                next_player(s, self.params.players)
        elif isinstance(action, Chance):
            s.rolling = False  # engine write: Pig's own rules
            face = int(action.outcome)
            if face == 1:
                self.event(f"player {s.current} rolls 1 and loses {s.turn_total}")
                next_player(s, self.params.players)
            else:
                s.turn_total += face  # engine write: Pig's own rules
                self.event(f"player {s.current} rolls {face} (turn total {s.turn_total})")

    def result(self) -> Result | None:
        winners = tuple(p for p, s in enumerate(self.state.scores) if s >= self.params.target)
        if not winners:
            return None
        return Result(winners, dict(enumerate(self.state.scores)), "reached the target")

    def stage(self) -> str:
        return "rolling" if self.state.rolling else "deciding"

    def turn_number(self) -> int:
        return self.state.turns

    def invariants(self) -> list[str]:
        broken = []
        if any(s < 0 for s in self.state.scores):
            broken.append("a score is negative")
        if sum(s >= self.params.target for s in self.state.scores) > 1:
            broken.append("two players reached the target")
        return broken

    def describe_state(self) -> str:
        s = self.state
        return f"scores {s.scores}, player {s.current} has {s.turn_total} this turn"
