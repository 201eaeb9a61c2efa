"""A test fixture with a response window: several players may act at once (like Munchkin's "wait
2.6 seconds" moment or Munchkin Quest's "I'm rolling").

Hecklers' Pig: Pig (see dicegame.py), but when a player holds, every other player gets a response
window: each either passes or heckles (once per window), and each heckle takes 1 point off the banked
total. The window closes when every other player has answered, in any order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dicegame import Hold, Pig

from tablerules.core.protocol import Action


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


class HecklersPig(Pig):
    name = "hecklers-pig"
    title = "Hecklers' Pig (test fixture)"
    action_types = (*Pig.action_types, Heckle, Pass)

    def setup(self) -> None:
        super().setup()
        self.window: list[int] = []  # players who still have to answer
        self.heckles = 0

    def current_players(self) -> tuple[int, ...]:
        return tuple(self.window) if self.window else (self.current,)

    def stage(self) -> str:
        return "response window" if self.window else super().stage()

    def player_actions(self) -> list[Action]:
        if self.window:
            return [a for p in self.window for a in (Pass(p), Heckle(p))]
        return super().player_actions()

    def illegal_reason(self, action: Action) -> tuple[str, str]:
        if isinstance(action, Heckle | Pass):
            if not self.window:
                return "response window", "nobody is holding: there is nothing to answer"
            return "response window", f"player {action.actor} has answered already or is the one holding"
        if self.window:
            return "response window", "the other players must answer the hold first"
        return super().illegal_reason(action)

    def perform(self, action: Action) -> None:
        if isinstance(action, Hold):
            self.window = [p for p in range(self.params.players) if p != self.current]
            self.heckles = 0
            self.event(f"player {self.current} wants to hold {self.turn_total}")
        elif isinstance(action, Heckle | Pass):
            self.window.remove(action.actor)
            if isinstance(action, Heckle):
                self.heckles += 1
                self.event(f"player {action.actor} heckles")
            if not self.window:
                self.turn_total = max(0, self.turn_total - self.heckles)
                super().perform(Hold(self.current))
        else:
            super().perform(action)

    def state_dict(self) -> dict[str, Any]:
        return {**super().state_dict(), "window": list(self.window), "heckles": self.heckles}
