"""Turn flow as data, shared by every game: stages with who may act, a stack for interruptions,
response windows, turn order.

Modelled on boardgame.io's phases, stages and ``activePlayers``:

* a :class:`Stage` names what is happening and who may act in it (:class:`Active`: one player,
  every other player once in turn or all at once, anyone);
* a :class:`Flow` is a stack of stages: an interruption (a curse played in a fight, a trade offer, a
  choice the victim of bad stuff must make) is pushed on top of the stage it interrupts and popped
  when it is settled, so the game goes back exactly where it was (no single "return stage" slot);
* a :class:`ResponseWindow` is ``ActivePlayers.OTHERS_ONCE``: every other player answers once (pass
  or act); if anyone acted, the player who opened it may answer (the Munchkin "2.6 seconds");
* :func:`seats_after` and :func:`next_seat` give the table order.

Any-time actions (the rulebooks' 任何时候) are not stages: a game lists them per seat with
:meth:`~tablerules.core.protocol.Game.anytime_actions`, and they are legal for that seat whatever the
stage is, without anyone having to pass.

>>> flow = Flow([Stage("kick open the door", (0,))])
>>> flow.push(Stage("bad stuff: choose an item to lose", (2,)))
>>> flow.name, flow.players
('bad stuff: choose an item to lose', (2,))
>>> flow.pop().name, flow.name
('bad stuff: choose an item to lose', 'kick open the door')
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field

__all__ = ["Active", "Flow", "ResponseWindow", "Stage", "next_seat", "seats_after"]


class Active(enum.Enum):
    """Who may act in a stage."""

    ONE = "one"  #: the one player named
    OTHERS_ONCE_IN_TURN = "others once, in turn"  #: each named player once, one after another
    OTHERS_ONCE_AT_ONCE = "others once, at once"  #: each named player once, in any order
    ANY = "any"  #: any of the named players, as often as the stage allows


@dataclass(frozen=True)
class Stage:
    """A step of the turn flow: its name in words and the players who may act in it."""

    name: str
    players: tuple[int, ...] = ()
    active: Active = Active.ONE

    def to_act(self) -> tuple[int, ...]:
        if self.active in (Active.ONE, Active.OTHERS_ONCE_IN_TURN):
            return self.players[:1]
        return self.players


@dataclass
class Flow:
    """A stack of stages: the top one is the current stage."""

    stack: list[Stage] = field(default_factory=list)

    @property
    def top(self) -> Stage:
        if not self.stack:
            raise LookupError("the turn flow is empty")
        return self.stack[-1]

    @property
    def name(self) -> str:
        stack = self.stack  # read in every hot path: no detour through ``top``
        return stack[-1].name if stack else ""

    @property
    def players(self) -> tuple[int, ...]:
        stack = self.stack
        return stack[-1].to_act() if stack else ()

    def goto(self, stage: Stage | str, players: Iterable[int] = ()) -> None:
        """Replace the current stage (the next step of the same turn)."""
        if not isinstance(stage, Stage):  # (_stage inline: games change stage at nearly every action)
            key = (stage, players if type(players) is tuple else tuple(players))
            stage = _STAGES.get(key) or _stage(*key)
        stack = self.stack
        if stack:
            stack[-1] = stage
        else:
            stack.append(stage)

    def push(self, stage: Stage | str, players: Iterable[int] = ()) -> None:
        """Interrupt the current stage; :meth:`pop` goes back to it."""
        self.stack.append(stage if isinstance(stage, Stage) else _stage(stage, players))

    def pop(self) -> Stage:
        """Settle the interruption on top and return it."""
        if len(self.stack) < 2:
            raise LookupError("nothing interrupts the current stage")
        return self.stack.pop()

    def is_in(self, name: str) -> bool:
        """Whether ``name`` is the current stage or one it interrupted."""
        return any(s.name == name for s in self.stack)


_STAGES: dict[tuple[str, tuple[int, ...]], Stage] = {}


def _stage(name: str, players: Iterable[int]) -> Stage:
    """``Stage(name, tuple(players))``, one shared object per name and players (stages are immutable, and
    games go from stage to stage by name at nearly every action)."""
    key = (name, players if type(players) is tuple else tuple(players))
    stage = _STAGES.get(key)
    if stage is None:
        if len(_STAGES) >= 4096:
            _STAGES.clear()
        stage = _STAGES[key] = Stage(*key)
    return stage


@dataclass
class ResponseWindow:
    """Every other player answers once (``ActivePlayers.OTHERS_ONCE``); anyone who acts instead of
    passing marks the window as interfered, so the player who opened it may answer afterwards.

    ``waiting`` are the players still to answer, in table order; with ``in_turn`` they answer one
    after another, otherwise all at once (every action names its player).
    """

    opener: int
    waiting: list[int] = field(default_factory=list)
    in_turn: bool = False
    interfered: bool = False

    @classmethod
    def open(cls, opener: int, players: int, exclude: Iterable[int] = (), in_turn: bool = False) -> ResponseWindow:
        """A window for everybody but ``opener`` and ``exclude``, in table order after the opener."""
        skip = {opener, *exclude}
        return cls(opener, [p for p in seats_after(opener, players) if p not in skip], in_turn)

    def to_act(self) -> tuple[int, ...]:
        return tuple(self.waiting[:1] if self.in_turn else self.waiting)

    @property
    def closed(self) -> bool:
        return not self.waiting

    def answer(self, player: int) -> None:
        """``player`` passed: they are done with this window."""
        if player in self.waiting:
            self.waiting.remove(player)

    def interfere(self, player: int) -> None:
        """``player`` acted instead of passing (they may still act again until they pass)."""
        if player != self.opener:
            self.interfered = True

    def settle(self) -> bool:
        """Once everybody answered: whether anybody interfered (and forget it for the next window)."""
        interfered, self.interfered = self.interfered, False
        return interfered


def seats_after(seat: int, players: int) -> list[int]:
    """Every seat in table order, starting with the one after ``seat`` and ending with ``seat``."""
    return [(seat + k) % players for k in range(1, players + 1)]


def next_seat(seat: int, players: int, skip: Iterable[int] = ()) -> int:
    """The next seat after ``seat`` that is not in ``skip`` (``seat`` itself if all others are)."""
    skipped = set(skip)
    for candidate in seats_after(seat, players):
        if candidate not in skipped:
            return candidate
    return seat
