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

**Compact ids** (version 4). The ids above (the **full ids**, :meth:`ActionTable.id`; version 3's numbering,
unchanged) run to 24,000 in Munchkin, mostly one block (``AskHelp``: helper x treasures x item). The wrappers offer
the **compact ids** instead (:attr:`ActionTable.size` of them, ``num_distinct_actions``): a block of at most
:data:`~.steps.LIMIT` (256) ids keeps its ids, in order; a larger block is chosen in steps by the same seat
(:mod:`tablerules.interop.ids.steps`): first a **head** id (the block and its leading arguments), then one or two
**tail** ids (the next arguments; an argument of more than 256 values in two parts), each step among at most 256.
The compact ids are every block's whole ids or heads in block order, then the shared tail ids
(:attr:`ActionTable.tail` on: a tail id's meaning is its value in the step being chosen), then Decline (the last).
:meth:`ActionTable.steps` gives a full id's sequence of compact ids; :meth:`ActionTable.menu` gives, for a state's
legal actions (full id -> action) and the compact ids chosen so far, the next compact ids (each with the action it
completes, or ``None`` when more is to choose); :meth:`ActionTable.chosen_words` says a partial choice in words.
The split is worked out from each block's argument sizes alone, so it is as fixed as the table.

:data:`VERSION` changes whenever any table changes (a block added, a domain reordered): ids recorded with
one version replay with the same version only.
"""

from __future__ import annotations

import dataclasses
import math
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from importlib import import_module
from typing import Any

from ...core.actions import Action, Chance, ChanceStep, Draw, Weighted, chance
from .steps import split

#: the version of every game's table (the README's interop section lists them)
VERSION = 4  # 2: Munchkin AskHelp says who draws first, ShowHand; Baldur [3] names a hero of each player; curse sets
# 3: every table ends with one Decline id (pass an any-time window: tablerules.interop.windows)
# 4: compact ids: a block of more than steps.LIMIT ids is chosen in steps (a head, then tails); the full ids are 3's

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
    """A game's player-action ids for one player count.

    Two numberings: the **full ids** (version 3's: blocks at fixed offsets, each the product of its arguments, then
    :class:`Decline`; :meth:`id`, :meth:`legal`, :meth:`arguments` read them) and the **compact ids** the wrappers
    offer (:attr:`size` of them: each block of at most :data:`~.steps.LIMIT` ids as it is, each larger block its
    heads, then the shared tail ids, then Decline, :attr:`decline`, the last id; :meth:`steps`, :meth:`menu`)."""

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
        self.full_size = total
        self.full_decline = total - 1  #: the full id of :class:`Decline`
        self.splits = tuple(split(tuple(len(a.values) for a in b.args)) for b in self.blocks)
        self.heads: list[int] = []  # each block's first compact id
        total = 0
        for block, steps in zip(self.blocks[:-1], self.splits, strict=False):
            self.heads.append(total)
            total += block.size if steps is None else steps.sizes[0]
        self.tail = total  #: the first tail id (a later step of a split block: its value is ``id - tail``)
        total += max((max(s.sizes[1:]) for s in self.splits if s is not None), default=0)
        self.heads.append(total)
        self.size = total + 1  #: the compact ids (``num_distinct_actions``)
        self.decline = total  #: the compact id of :class:`Decline` (the last: every table has it)
        self.most_steps = max((len(s.sizes) for s in self.splits if s is not None), default=1)
        self._ids: dict[Action, int] = {}
        self._objects: dict[int, tuple[Action, int]] = {}  # id(action) -> (the action, its table id)
        self._steps: dict[int, tuple[int, ...]] = {}  # full id -> its compact steps

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

    def locate(self, i: int) -> tuple[int, int]:
        """The index of the block holding full id ``i`` and ``i``'s number inside it."""
        if not 0 <= i < self.full_size:
            raise ValueError(f"{self.game}: action id {i} is outside 0..{self.full_size - 1}")
        k = bisect_right(self.offsets, i) - 1
        return k, i - self.offsets[k]

    def block_of(self, i: int) -> tuple[Block, int]:
        """The block holding full id ``i`` and ``i``'s number inside it."""
        k, number = self.locate(i)
        return self.blocks[k], number

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
        """(block, offset, size, arguments) for the documentation (full ids)."""
        return [(b.name, o, b.size, " x ".join(f"{a.field} ({len(a.values)})" for a in b.args) or "-")
                for b, o in zip(self.blocks, self.offsets, strict=True)]

    # ----- compact ids: large blocks chosen in steps (tablerules.interop.ids.steps) ------------------------------
    def steps(self, full: int) -> tuple[int, ...]:
        """The compact ids that choose the action of full id ``full``: one id, or a head and its tails."""
        known = self._steps.get(full)
        if known is not None:
            return known
        k, number = self.locate(full)
        how = self.splits[k] if k < len(self.splits) else None
        if how is None:
            out: tuple[int, ...] = (self.heads[k] + number,)
        else:
            positions = []
            for arg in reversed(self.blocks[k].args):
                number, i = divmod(number, len(arg.values))
                positions.append(i)
            values = how.values(tuple(reversed(positions)))
            out = (self.heads[k] + values[0], *(self.tail + v for v in values[1:]))
        self._steps[full] = out
        return out

    def menu(self, moves: dict[int, Action], chosen: tuple[int, ...] = ()) -> dict[int, Action | None]:
        """The next compact ids after ``chosen`` (the compact ids picked so far, a head and tails) for the legal
        ``moves`` (``full id -> action``, as :meth:`legal` gives them): ``id -> the action`` when the id completes
        it, ``None`` when more is to choose."""
        steps = self.steps
        out: dict[int, Action | None] = {}
        k = len(chosen)
        for full, action in moves.items():
            s = steps(full)
            if len(s) > k and s[:k] == chosen:
                out[s[k]] = action if len(s) == k + 1 else None
        return out

    def head_block(self, i: int) -> int:
        """The index of the block whose head (or whole-block) ids hold compact id ``i`` (not a tail id)."""
        return bisect_right(self.heads, i) - 1 if i < self.tail or i == self.decline else -1

    def chosen_words(self, chosen: tuple[int, ...]) -> str:
        """What the compact ids ``chosen`` (a head and tails, a choice not finished) say so far, in words."""
        if not chosen:
            return ""
        k = self.head_block(chosen[0])
        block, how = self.blocks[k], self.splits[k]
        if how is None:
            return self.compact_text(chosen[0])
        known: dict[int, list[tuple[int, int, int]]] = {}  # argument -> (divisor, radix, value) of its digits
        for step, i in enumerate(chosen):
            value = i - self.heads[k] if step == 0 else i - self.tail
            for d, v in how.digits(step, value):
                known.setdefault(d.arg, []).append((d.divisor, d.radix, v))
        parts = []
        for a, arg in enumerate(block.args):
            digits = known.get(a)
            if digits is None:
                continue
            low = sum(v * div for div, _, v in digits)
            if digits[-1][0] == 1:  # every digit of it: the value itself
                parts.append(f"{arg.field} {_word(arg.values[low])}")
            else:
                high = min(low + digits[-1][0] - 1, len(arg.values) - 1)
                parts.append(f"{arg.field} from {_word(arg.values[low])} to {_word(arg.values[high])}")
        return f"{block.name}: " + ", ".join(parts)

    def compact_text(self, i: int) -> str:
        """What compact id ``i`` means without the state: a whole action, a head (its block and first arguments), or
        a tail (a value of the step being chosen)."""
        if not 0 <= i < self.size:
            raise ValueError(f"{self.game}: action id {i} is outside 0..{self.size - 1}")
        k = self.head_block(i)
        if k < 0:
            return f"value {i - self.tail} of the step being chosen"
        if self.splits[k] is None:
            return self.text(self.offsets[k] + i - self.heads[k])
        return self.chosen_words((i,)) + " (more to choose)"


def _word(value: Value) -> str:
    """An argument value in the choice strings (tuples joined, the empty value as "none")."""
    if isinstance(value, tuple):
        return "(" + " ".join(_word(v) for v in value) + ")"
    return "none" if value == "" else str(value)


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
