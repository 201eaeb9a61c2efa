"""Canonical action ids: each game's actions and chance outcomes numbered from its data and rules.

An RL library wants every action as an integer below a fixed bound that means the same thing in every
process, on every platform and in every release. Handing out ids in the order actions are first met
(the wrappers' first vocabulary) gave none of that, so each game has a **table**, built from its data files
and its player count alone:

* The table is a list of **blocks**, one per action type (or per variant of one: a Kragmortha tome, a
  Munchkin card played with a second card). A block has a fixed **offset** (the sizes of the blocks before
  it) and **arguments**, each an ordered domain taken from the data (card ids in the order of the card file,
  seats ``0 .. players-1``, region numbers, squares, small numbers). An action's id is its block's offset
  plus the mixed-radix number of its arguments' positions in their domains, the first argument most
  significant: ``offset + ((i1 * n2) + i2) * n3 + i3``.
* A card argument is the card's **kind** (its id in the data file), never the copy: the engines offer one
  copy per card, so ``"go_up_a_level#3"`` and ``"go_up_a_level#1"`` are the same id.
* The acting seat (``player``) is never part of an id: ids are read for the seat to act, as OpenSpiel and
  PettingZoo do. A field a block lists as **implied** is left out because the other arguments and the
  state determine it (a Munchkin item names its holder: every item is one copy); the code checks that every
  field of an action type is an argument, fixed by the block, implied or ``player``.
* **Chance outcomes** have a table of their own: per event (a deck, a die, a bag), the outcome's position in
  the event's domain (a card drawn is its card id, so the copies of one card are one outcome whose
  probability is their sum; a die face is the face).

Both ways: :meth:`ActionTable.id` gives an action's id; :meth:`ActionTable.arguments` gives what an id
means (block and argument values); :meth:`ActionTable.legal` maps the legal actions of a state to their
ids (``id -> action``: the action for an id in the current state), refusing two legal actions with one id.
:meth:`ChanceTable.outcomes` does the same for a chance step (the first copy of a card in the step's order
stands for the others). The tables of every game and the sizes are listed in the README (interop).

:data:`VERSION` changes whenever any table changes (a block added, a domain reordered): ids recorded with
one version replay with the same version only.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from importlib import import_module
from typing import Any

from ...core.actions import Action, Chance, ChanceStep

#: the version of every game's table (the README's interop section lists them)
VERSION = 2

Value = Any


class NotEncodable(ValueError):
    """An action or outcome outside its game's table (a value outside a domain): the table needs a new version."""


def kind_of(value: Value) -> Value:
    """A card copy's card id (``"go_up_a_level#3"`` -> ``"go_up_a_level"``); other values as they are."""
    return value.split("#", 1)[0] if isinstance(value, str) else value


@dataclass(frozen=True)
class Arg:
    """One argument of a block: the action's field ``field`` read by ``read`` (default: the card kind of the
    field's value), its position in ``values``."""

    field: str
    values: tuple[Value, ...]
    read: Callable[[Action], Value] | None = None
    index: dict[Value, int] = dataclasses.field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        index = {v: i for i, v in enumerate(self.values)}
        if len(index) != len(self.values):
            raise ValueError(f"argument {self.field}: repeated values in its domain")
        object.__setattr__(self, "index", index)

    def position(self, action: Action) -> int:
        value = self.read(action) if self.read is not None else kind_of(getattr(action, self.field))
        i = self.index.get(value)
        if i is None:
            raise NotEncodable(f"{type(action).__name__}.{self.field} = {value!r} is not in the table "
                               f"({len(self.values)} values)")
        return i


@dataclass(frozen=True)
class Block:
    """The ids of one action type (or of its actions that ``when`` accepts): the product of ``args``."""

    type: type[Action]
    args: tuple[Arg, ...] = ()
    when: Callable[[Action], bool] | None = None
    #: (field, value) pairs every action of the block has (documentation of ``when``, and checked)
    fixed: tuple[tuple[str, Value], ...] = ()
    #: fields left out of the id because the arguments and the state determine them, with the reason
    implied: tuple[str, ...] = ()
    name: str = ""
    size: int = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "size", math.prod(len(a.values) for a in self.args))
        if not self.name:
            object.__setattr__(self, "name", self.type.__name__)
        known = {"player", *(a.field for a in self.args), *(f for f, _ in self.fixed), *self.implied}
        missing = [f.name for f in dataclasses.fields(self.type) if f.name not in known]
        if missing:
            raise ValueError(f"block {self.name}: fields {missing} are neither arguments, fixed nor implied")

    def accepts(self, action: Action) -> bool:
        if self.when is not None:
            return self.when(action)
        return all(getattr(action, f) == v for f, v in self.fixed)

    def number(self, action: Action) -> int:
        n = 0
        for arg in self.args:
            n = n * len(arg.values) + arg.position(action)
        return n

    def values(self, number: int) -> dict[str, Value]:
        out: dict[str, Value] = {}
        for arg in reversed(self.args):
            number, i = divmod(number, len(arg.values))
            out[arg.field] = arg.values[i]
        return dict(reversed(list(out.items())))


class ActionTable:
    """A game's player-action ids for one player count: blocks at fixed offsets."""

    def __init__(self, game: str, players: int, blocks: Sequence[Block]) -> None:
        self.game = game
        self.players = players
        self.blocks = tuple(blocks)
        self.offsets: list[int] = []
        total = 0
        self.by_type: dict[type[Action], list[tuple[int, Block]]] = {}
        for block in self.blocks:
            self.offsets.append(total)
            self.by_type.setdefault(block.type, []).append((total, block))
            total += block.size
        self.size = total
        self._ids: dict[Action, int] = {}

    def id(self, action: Action) -> int:
        """The id of ``action`` (:class:`NotEncodable` if the table has no place for it)."""
        known = self._ids.get(action)
        if known is not None:
            return known
        for offset, block in self.by_type.get(type(action), ()):
            if block.accepts(action):
                i = offset + block.number(action)
                if len(self._ids) > 1 << 16:
                    self._ids.clear()
                self._ids[action] = i
                return i
        raise NotEncodable(f"{self.game}: no block of the table takes {action!r}")

    def block_of(self, i: int) -> tuple[Block, int]:
        """The block holding id ``i`` and ``i``'s number inside it."""
        if not 0 <= i < self.size:
            raise ValueError(f"{self.game}: action id {i} is outside 0..{self.size - 1}")
        k = max(j for j, o in enumerate(self.offsets) if o <= i and self.blocks[j].size)
        return self.blocks[k], i - self.offsets[k]

    def arguments(self, i: int) -> tuple[str, dict[str, Value]]:
        """What id ``i`` means in any state: its block's name and its argument values (card ids, seats...)."""
        block, number = self.block_of(i)
        return block.name, {**dict(block.fixed), **block.values(number)}

    def text(self, i: int) -> str:
        name, values = self.arguments(i)
        return f"{name}({', '.join(f'{k}={v}' for k, v in values.items())})"

    def legal(self, actions: Iterable[Action]) -> dict[int, Action]:
        """``id -> action`` for the legal actions of a state (two actions with one id raise)."""
        out: dict[int, Action] = {}
        for action in actions:
            i = self.id(action)
            other = out.setdefault(i, action)
            if other is not action and other != action:
                raise NotEncodable(f"{self.game}: {other!r} and {action!r} are both legal and share id {i}")
        return out

    def rows(self) -> list[tuple[str, int, int, str]]:
        """(block, offset, size, arguments) for the documentation."""
        return [(b.name, o, b.size, " x ".join(f"{a.field} ({len(a.values)})" for a in b.args) or "-")
                for b, o in zip(self.blocks, self.offsets, strict=True)]


@dataclass(frozen=True)
class Event:
    """A chance event's outcomes: ``values`` in order (``read``: outcome -> value, default :func:`kind_of`)."""

    event: str
    values: tuple[Value, ...]
    read: Callable[[Value], Value] = kind_of


class ChanceTable:
    """A game's chance-outcome ids for one player count: each event's values at a fixed offset."""

    def __init__(self, game: str, players: int, events: Sequence[Event]) -> None:
        self.game = game
        self.players = players
        self.events = tuple(events)
        self.by_event: dict[str, tuple[int, Event, dict[Value, int]]] = {}
        total = 0
        for e in self.events:
            index = {v: i for i, v in enumerate(e.values)}
            if len(index) != len(e.values):
                raise ValueError(f"event {e.event}: repeated values")
            self.by_event[e.event] = (total, e, index)
            total += len(e.values)
        self.size = total

    def id(self, outcome: Chance) -> int:
        known = self.by_event.get(outcome.event)
        if known is None:
            raise NotEncodable(f"{self.game}: no chance event {outcome.event!r} in the table")
        offset, event, index = known
        i = index.get(event.read(outcome.outcome))
        if i is None:
            raise NotEncodable(f"{self.game}: {outcome.event} outcome {outcome.outcome!r} is not in the table")
        return offset + i

    def outcomes(self, step: ChanceStep) -> dict[int, tuple[Action, Fraction]]:
        """``id -> (outcome, probability)`` of a step: outcomes of one id (copies of a card) add up, the first
        in the step's order stands for them."""
        out: dict[int, tuple[Action, Fraction]] = {}
        for action, p in step.outcomes:
            i = self.id(action)  # type: ignore[arg-type]
            known = out.get(i)
            out[i] = (action, p) if known is None else (known[0], known[1] + p)
        return out

    def arguments(self, i: int) -> tuple[str, Value]:
        for offset, event, _ in self.by_event.values():
            if offset <= i < offset + len(event.values):
                return event.event, event.values[i - offset]
        raise ValueError(f"{self.game}: chance id {i} is outside 0..{self.size - 1}")

    def rows(self) -> list[tuple[str, int, int]]:
        return [(e, o, len(ev.values)) for e, (o, ev, _) in self.by_event.items()]


@dataclass(frozen=True)
class Tables:
    actions: ActionTable
    chance: ChanceTable


#: game name -> module building its tables (``tables(players) -> Tables``)
MODULES = {"munchkin": "munchkin", "quest": "quest", "quest-crawl": "crawl", "smallworld": "smallworld",
           "baldursgate": "baldur", "kragmortha": "kragmortha"}


@lru_cache(maxsize=64)
def tables(game: str, players: int) -> Tables | None:
    """The id tables of a registered game for ``players`` seats (``None``: a game without one)."""
    module = MODULES.get(game)
    if module is None:
        return None
    return import_module(f"{__name__}.{module}").tables(players)


# ----- helpers the game tables share ---------------------------------------------------------------------
def seats(players: int) -> tuple[int, ...]:
    return tuple(range(players))


def arrangements(players: int, length: int) -> tuple[str, ...]:
    """Every order of ``length`` distinct seats, as the engines write it (``"2,0,1"``), in lexicographic order."""
    from itertools import permutations

    return tuple(",".join(map(str, p)) for p in permutations(range(players), length))


def one(kind: type[Action], **fixed: Value) -> Block:
    """A block of one id (an action without arguments besides ``player``, or with fixed ones)."""
    named = " ".join(str(v) for v in fixed.values() if v not in ("", -1))
    return Block(kind, fixed=tuple(fixed.items()), name=f"{kind.__name__} {named}".strip())
