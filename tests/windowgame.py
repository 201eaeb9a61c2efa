"""A test fixture with a response window (several players may act at once, like Munchkin's "wait
2.6 seconds" moment or Munchkin Quest's "I'm rolling") and an any-time action.

Hecklers' Pig: Pig (see dicegame.py), but when a player holds, every other player gets a response
window: each either passes or heckles (once per window), and each heckle takes 1 point off the banked
total. The window closes when every other player has answered, in any order.

At any time, whoever is to act (but not while the die rolls or a hold is being answered), any other
player may cheer the player whose turn it is, once a turn: +1 to the turn total. Nobody passes for
it: it is simply legal for that seat.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from dicegame import Hold, Pig, PigState

from tablerules.core.flow import ResponseWindow
from tablerules.core.protocol import Action, GameInfo


@dataclass
class HecklersState(PigState):
    window: ResponseWindow | None = None  # the players who still have to answer a hold
    heckles: int = 0
    cheered: list[int] = field(default_factory=list)  # who cheered this turn


@dataclass(frozen=True)
class Heckle(Action):
    player: int

    def describe(self) -> str:
        return f"player {self.player} heckles"


@dataclass(frozen=True)
class Pass(Action):
    player: int

    def describe(self) -> str:
        return f"player {self.player} lets it go"


@dataclass(frozen=True)
class Cheer(Action):
    player: int

    def describe(self) -> str:
        return f"player {self.player} cheers (+1 to the turn total)"


class HecklersPig(Pig):
    name = "hecklers-pig"
    title = "Hecklers' Pig (test fixture)"
    action_types = (*Pig.action_types, Heckle, Pass, Cheer)
    info = GameInfo(min_players=2, max_players=6, max_length=5_000, simultaneous=True)

    state: HecklersState

    def setup(self) -> None:
        self.state = HecklersState(scores=[0] * self.params.players)  # engine write: the game's own rules

    @property
    def window(self) -> list[int]:
        """The players who still have to answer the hold."""
        return list(self.state.window.waiting) if self.state.window else []

    def current_players(self) -> tuple[int, ...]:
        return self.state.window.to_act() if self.state.window else (self.state.current,)

    def stage(self) -> str:
        return "response window" if self.state.window else super().stage()

    def player_actions(self) -> list[Action]:
        if self.state.window:
            return [a for p in self.state.window.to_act() for a in (Pass(p), Heckle(p))]
        return super().player_actions()

    def anytime_actions(self, player: int) -> list[Action]:
        s = self.state
        if player == s.current or player in s.cheered or s.rolling or s.window:
            return []
        return [Cheer(player)]

    def illegal_reason(self, action: Action) -> tuple[str, str]:
        if isinstance(action, Cheer):
            return "cheering", "once a turn, not for yourself, not while the die rolls or a hold is answered"
        if isinstance(action, Heckle | Pass):
            if not self.state.window:
                return "response window", "nobody is holding: there is nothing to answer"
            return "response window", f"player {action.actor} has answered already or is the one holding"
        if self.state.window:
            return "response window", "the other players must answer the hold first"
        return super().illegal_reason(action)

    def perform(self, action: Action) -> None:
        s = self.state
        if isinstance(action, Cheer):
            s.cheered.append(action.player)  # engine write: the game's own rules
            s.turn_total += 1  # engine write: the game's own rules
            self.event(f"player {action.player} cheers: turn total {s.turn_total}")
        elif isinstance(action, Hold):
            s.window = ResponseWindow.open(s.current, self.params.players)  # engine write: the game's own rules
            s.heckles = 0  # engine write: the game's own rules
            self.event(f"player {s.current} wants to hold {s.turn_total}")
        elif isinstance(action, Heckle | Pass):
            s.window.answer(action.actor)
            if isinstance(action, Heckle):
                s.window.interfere(action.actor)
                s.heckles += 1  # engine write: the game's own rules
                self.event(f"player {action.actor} heckles")
            if s.window.closed:
                s.window = None  # engine write: the game's own rules
                s.turn_total = max(0, s.turn_total - s.heckles)  # engine write: the game's own rules
                turn = s.turns
                super().perform(Hold(s.current))
                if s.turns != turn:
                    s.cheered = []  # engine write: the game's own rules
        else:
            turn = s.turns
            super().perform(action)
            if s.turns != turn:
                s.cheered = []  # engine write: the game's own rules
