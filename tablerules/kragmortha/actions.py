"""Kragmortha actions: frozen dataclasses with a unique readable text."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.caches import BoundedDict
from ..core.protocol import Action
from .data import card_name, in_words
from .rules.movement import PATHS


@dataclass(frozen=True)
class Place(Action):
    player: int
    square: int
    label: str

    def describe(self) -> str:
        return f"player {self.player} places their goblin on {self.label}"


@dataclass(frozen=True)
class Move(Action):
    """Play a movement card and walk ``path`` (one direction per symbol used; empty: no move possible)."""

    player: int
    card: str
    path: tuple[str, ...]

    def describe(self) -> str:
        if not self.path:
            return f"player {self.player} plays the {card_name(self.card)} without moving"
        extra = " (one more step with a tome)" if len(self.path) == 3 else ""
        return f"player {self.player} plays the {card_name(self.card)}: {', '.join(self.path)}{extra}"


@dataclass(frozen=True)
class Fly(Action):
    """Fly the goblin to an empty teleport square (after meeting the dark lord or a teleport card)."""

    player: int
    square: int
    label: str

    def describe(self) -> str:
        return f"player {self.player} flies their goblin to {self.label}"


@dataclass(frozen=True)
class Jump(Action):
    """The dark lord on a teleport square may jump to an empty square not next to a goblin (-1: stays)."""

    player: int
    square: int
    label: str

    def describe(self) -> str:
        if self.square < 0:
            return f"player {self.player} leaves the dark lord on its teleport square"
        return f"player {self.player} makes the dark lord jump to {self.label}"


@dataclass(frozen=True)
class Discard(Action):
    player: int
    card: str

    def describe(self) -> str:
        return f"player {self.player} discards the {card_name(self.card)}"


@dataclass(frozen=True)
class UseTome(Action):
    """Use a magic tome card; ``target`` a square or a player, ``card`` a penalty or tome card, as the tome needs."""

    player: int
    tome: str
    target: int = -1
    card: str = ""
    label: str = ""

    def describe(self) -> str:
        rest = f" ({in_words(self.label)})" if self.label else ""
        return f"player {self.player} uses the tome {card_name(self.tome)}{rest}"


@dataclass(frozen=True)
class Grab(Action):
    """An opponent grabs the card discarded for the hand-limit penalty and plays it at once
    (第一個搶到的對手可以馬上使用它): ``path`` as for :class:`Move`."""

    player: int
    card: str
    path: tuple[str, ...]

    def describe(self) -> str:
        return f"player {self.player} grabs the {card_name(self.card)} and plays it: {', '.join(self.path)}"


@dataclass(frozen=True)
class LetGo(Action):
    """An opponent lets the discarded card go (when all do, it goes to the discard pile)."""

    player: int
    card: str

    def describe(self) -> str:
        return f"player {self.player} lets the {card_name(self.card)} go"


@dataclass(frozen=True)
class Effect(Action):
    """同病相憐: the opponent decides which of ``owner``'s two penalty cards of one kind takes effect."""

    player: int
    owner: int
    card: str

    def describe(self) -> str:
        return f"player {self.player} decides that player {self.owner}'s {card_name(self.card)} takes effect"


@dataclass(frozen=True)
class Swap(Action):
    """親愛的朋友: swap one of your movement cards for one of an opponent's (``other`` -1: stop swapping)."""

    player: int
    give: str = ""
    other: int = -1
    take: str = ""

    def describe(self) -> str:
        if self.other < 0:
            return f"player {self.player} stops swapping"
        return (f"player {self.player} swaps their {card_name(self.give)} for player {self.other}'s "
                f"{card_name(self.take)}")


@dataclass(frozen=True)
class Done(Action):
    """After moving, with a tome still usable: end the turn (draw the movement card, 抽一張移動卡)."""

    player: int

    def describe(self) -> str:
        return f"player {self.player} draws a movement card and ends the turn"


@dataclass(frozen=True)
class TakePenalty(Action):
    """Meeting the dark lord with 法師學徒 / 法師之友 at hand: take the penalty card, keeping the tome (可以: may)."""

    player: int

    def describe(self) -> str:
        return f"player {self.player} keeps their tome and takes the penalty card"


ACTION_TYPES = (Place, Move, Fly, Jump, Discard, UseTome, Swap, Grab, LetGo, Effect, TakePenalty, Done)


# ----- shared action objects (a playout lists a dozen at every decision; actions are immutable) -----
_MOVES: dict[tuple[int, str, tuple[str, ...]], Move] = BoundedDict(1 << 15)
_TABLES: dict[tuple[int, str], tuple[Move, ...]] = {}


def move(p: int, card: str, path: tuple[str, ...]) -> Move:
    """The :class:`Move` objects are reused (a playout lists a dozen at every decision)."""
    key = (p, card, path)
    known = _MOVES.get(key)
    if known is None:
        known = _MOVES[key] = Move(p, card, path)
    return known


_SQUARE_ACTIONS: dict[tuple, Action] = {}


def square_action(kind: type, p: int, sq: int, label: str) -> Action:
    """A :class:`Place`, :class:`Fly` or :class:`Jump`, reused (the dark lord's jump lists every empty square)."""
    key = (kind, p, sq, label)
    action = _SQUARE_ACTIONS.get(key)
    if action is None:
        action = _SQUARE_ACTIONS[key] = kind(p, sq, label)
    return action


def move_table(p: int, card: str) -> tuple[Move, ...]:
    """``p``'s moves with ``card`` by path number (:data:`rules.movement.PATHS`), then the move without a path."""
    table = _TABLES.get((p, card))
    if table is None:
        table = _TABLES[(p, card)] = tuple(move(p, card, path) for path in (*PATHS, ()))
    return table
