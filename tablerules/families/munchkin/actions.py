"""Actions both Munchkin-family games have with the same fields and the same words (their class names and
fields are what saves record): getting ready, charity (seed 000, 慈善捐赠; seed 001 p. 7, 行善), a curse
played on a munchkin (seed 000, 诅咒; seed 001 p. 17), a Cheat!.

Each game names its cards its own way: its module subclasses these, setting ``card_name`` (a card copy ->
its name), and lists the subclasses in its ``action_types``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.protocol import Action

__all__ = ["DiscardCard", "GiveCard", "PlayCheat", "PlayCurse", "Ready", "curse_text"]


@dataclass(frozen=True)
class Ready(Action):
    """Character creation is over for this player (cards played from the opening hand)."""

    player: int

    def describe(self) -> str:
        return f"player {self.player} is ready"


class _Named:
    @staticmethod
    def card_name(copy: str) -> str:
        """The game's name of a card copy (each game's subclass sets it)."""
        raise NotImplementedError


@dataclass(frozen=True)
class GiveCard(_Named, Action):
    """Charity: a card over the hand limit to the lowest-level player."""

    player: int
    card: str
    to: int

    def describe(self) -> str:
        return f"player {self.player} gives {self.card_name(self.card)} to player {self.to} (charity)"


@dataclass(frozen=True)
class DiscardCard(_Named, Action):
    """Charity: a card over the hand limit discarded (the lowest level yourself)."""

    player: int
    card: str

    def describe(self) -> str:
        return f"player {self.player} discards {self.card_name(self.card)} (charity)"


@dataclass(frozen=True)
class PlayCheat(_Named, Action):
    """Cheat!: ``item`` into play although you could not legally use it (restrictions and slots)."""

    player: int
    card: str
    item: str

    def describe(self) -> str:
        return f"player {self.player} cheats: {self.card_name(self.item)} in play"


@dataclass(frozen=True)
class PlayCurse(_Named, Action):
    """A curse from the hand on ``target``."""

    player: int
    card: str
    target: int

    def describe(self) -> str:
        return curse_text(self.player, self.target, self.card_name(self.card))


def curse_text(player: int, target: int, curse: str) -> str:
    """"player 0 curses player 2 with Curse! Lose a Level" (on oneself: "curses themselves with ...")."""
    whom = "themselves" if player == target else f"player {target}"
    return f"player {player} curses {whom} with {curse}"
