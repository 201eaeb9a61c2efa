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

:class:`Decline` is the wrappers' own move, not an engine action: a seat asked in an any-time window (the
wrappers' ``anytime`` parameter, :mod:`tablerules.interop.windows`) plays nothing now. Every table ends with its
one id (:attr:`ActionTable.decline`, the table's last id), whether or not any-time windows are on.

:data:`VERSION` changes whenever any table changes (a block added, a domain reordered): ids recorded with
one version replay with the same version only.
"""

from __future__ import annotations

import dataclasses
import math
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from importlib import import_module
from typing import Any

from ...core.actions import Action, Chance, ChanceStep, Draw, Weighted, chance

#: the version of every game's table (the README's interop section lists them)
VERSION = 3  # 2: Munchkin AskHelp says who draws first, ShowHand; Baldur [3] names a hero of each player; curse sets
# 3: every table ends with one Decline id (pass an any-time window: tablerules.interop.windows)

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


@dataclass(frozen=True)
class Decline(Action):
    """Pass an any-time window: ``player`` plays nothing now (the wrappers' move; the engine never sees it)."""

    player: int

    def describe(self) -> str:
        return f"player {self.player} plays nothing now"


class ActionTable:
    """A game's player-action ids for one player count: blocks at fixed offsets, then the one :class:`Decline` id
    (:attr:`decline`, the last id)."""

    def __init__(self, game: str, players: int, blocks: Sequence[Block]) -> None:
        self.game = game
        self.players = players
        self.blocks = (*(b for b in blocks if b.type is not Decline), Block(Decline, name="Decline"))
        self.offsets: list[int] = []
        total = 0
        self.by_type: dict[type[Action], list[tuple[int, Block]]] = {}
        for block in self.blocks:
            self.offsets.append(total)
            self.by_type.setdefault(block.type, []).append((total, block))
            total += block.size
        self.size = total
        self.decline = total - 1  #: the id of :class:`Decline` (the last block: every table has it)
        self._ids: dict[Action, int] = {}
        self._objects: dict[int, tuple[Action, int]] = {}  # id(action) -> (the action, its table id)

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
        known = self._ids.get
        objects = self._objects
        if len(objects) > 1 << 16:
            objects.clear()
        for action in actions:
            # the engines hand out the same action objects again and again (67-90% of the legal actions of random
            # games): look them up by identity first (the entry holds the object, so its id is not reused)
            entry = objects.get(id(action))
            if entry is not None and entry[0] is action:
                i = entry[1]
            else:
                i = known(action)
                if i is None:
                    i = self.id(action)
                objects[id(action)] = (action, i)
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
        self._value_ids: dict[str, dict[Value, int]] = {}  # event -> raw outcome value (a card copy) -> id
        self._listings: dict[tuple, Listing] = {}  # (event, values, counts) of a pool -> its listing

    def value_id(self, event: str, value: Value) -> int:
        """The id of outcome ``value`` of ``event`` (as :meth:`id` of ``Chance(event, value)``, remembered)."""
        known = self._value_ids.get(event)
        if known is None:
            known = self._value_ids[event] = {}
        i = known.get(value)
        if i is None:
            i = known[value] = self.id(chance(event, value))
        return i

    def _ids_of(self, event: str, values: Sequence[Value]) -> list[int]:
        """The ids of outcomes ``values`` of ``event`` (:meth:`value_id` of each, looked up in one pass)."""
        known = self._value_ids.get(event)
        if known is not None:
            try:
                return list(map(known.__getitem__, values))
            except KeyError:
                pass
        return [self.value_id(event, v) for v in values]

    def listing(self, step: ChanceStep) -> Listing:
        """The step's outcomes by id as :meth:`outcomes` gives them (the same outcome stands for an id, the
        probabilities are the floats of the same sums), without building the step's list of fractions when it
        counts its outcomes (a deck, a pool of tiles): the fast path the OpenSpiel wrapper plays with."""
        d = step.__dict__
        event = step.event
        if isinstance(step, Draw):  # one card of a deck, each copy alike: the copies of a card add up
            values = step.sorted_cards()
            ids = self._ids_of(event, values)
            total = len(values)
            weights: dict[int, int] = Counter(ids)
            first = dict(zip(reversed(ids), reversed(values), strict=True))  # the first copy of each card
            return Listing(event, first, sorted([(i, n / total) for i, n in weights.items()]))
        if isinstance(step, Weighted) or ("_cards" in d and callable(getattr(step, "counts", None))):
            if isinstance(step, Weighted):
                values, counts = d["_values"], d["_counts"]
                key = (event, values, counts)  # pools (links, monsters) come back with the same counts often
                known = self._listings.get(key)
                if known is not None:
                    return known
            else:  # a deck counted by card, in the order of its first copies (as its outcome list)
                known = step.counts()
                values, counts = list(known), list(known.values())
            ids = self._ids_of(event, values)
            total = sum(counts)
            if len(set(ids)) == len(ids):
                listing = Listing(event, dict(zip(ids, values, strict=True)),
                                  sorted([(i, n / total) for i, n in zip(ids, counts, strict=True)]))
            else:
                weights = {}
                first = {}
                for i, value, n in zip(ids, values, counts, strict=True):
                    if i in weights:
                        weights[i] += n
                    else:
                        weights[i] = n
                        first[i] = value
                listing = Listing(event, first, sorted([(i, n / total) for i, n in weights.items()]))
            if isinstance(step, Weighted):
                if len(self._listings) > 4096:
                    self._listings.clear()
                self._listings[(event, values, counts)] = listing
            return listing
        out = self.outcomes(step)
        return Listing(None, {i: a for i, (a, _) in out.items()},
                       sorted((i, p.numerator / p.denominator) for i, (_, p) in out.items()))

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
class Listing:
    """A chance step's outcomes by id: ``probabilities`` ``[(id, p)]`` sorted by id, and the outcome of an id
    (:meth:`outcome`; ``values`` holds the outcome's value of ``event``, or the outcome itself when ``event`` is
    None)."""

    event: str | None
    values: dict[int, Any]
    probabilities: list[tuple[int, float]]

    def outcome(self, i: int) -> Action | None:
        value = self.values.get(i)
        if value is None or self.event is None:
            return value
        return chance(self.event, value)


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
