"""Observation tensors: each game's :meth:`~tablerules.core.protocol.Game.observation` as a flat float32 vector.

A reinforcement learner wants a fixed-shape array per seat. Each game has a module here with

* ``spec(players) -> Spec``: the vector's **slices** in order, each with a name, a shape, the range of its
  values and what it holds (a one-hot of the seat's hand by card id, the levels, the owners of the regions...),
  built from the game's data files and the player count alone, so the shape is the same for every game of that
  count;
* ``write(writer, observation, player)`` behind :func:`encode` (and the module's own ``encode(observation,
  player)``), which reads the **observation dict only** (never the game): what the rules hide from the seat
  (other hands, the decks) is not in the dict, so it cannot be in the tensor.

:func:`encode` gives the vector (``numpy.float32``, shape ``(spec.size,)``); :meth:`Spec.view` reshapes one
slice of it; :meth:`Spec.scale` is ``1 / high`` per entry, to bring every value into ``[0, 1]`` (or
``[-1, 1]`` for the few slices that go below 0). Counts and numbers larger than a slice's ``high`` are clipped
to it (the slice says so). Seats are in table order (seat 0 first) and the slice ``me`` marks the seat the
tensor is for, as the action ids name seats by their number. The README's interop section lists each game's
slices and sizes; :data:`VERSION` changes whenever a layout changes.

**The partial choice.** Where the game's action table (:mod:`tablerules.interop.ids`) chooses large blocks in
steps (a head, then tails), the layout ends with ``choosing_head``, a one-hot of the head picked so far among the
split blocks' head ids (in compact-id order), and, where an action takes three choices or more, ``choosing_tails``
(one row per tail already picked, a one-hot of its value): the wrappers pass ``chosen`` (the compact ids picked so
far), so a policy choosing a tail sees which head it is completing. Between actions both are 0.

Slices marked ``private`` hold what only the seat knows (its own hand, its coins): OpenSpiel's public-only
observer zeroes them, its private-only observer zeroes the others.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import import_module
from typing import Any

import numpy as np

#: the version of every game's tensor layout
VERSION = 2  # 2: the partial choice (choosing_head, choosing_tails)


@dataclass(frozen=True)
class Slice:
    """A named part of the vector: ``shape`` values in ``[low, high]`` holding ``holds``."""

    name: str
    shape: tuple[int, ...]
    holds: str
    high: float = 1.0
    low: float = 0.0
    private: bool = False
    size: int = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "size", math.prod(self.shape))


class Spec:
    """One game's tensor layout for one player count."""

    def __init__(self, game: str, players: int, slices: Sequence[Slice]) -> None:
        self.game = game
        self.players = players
        self.slices = tuple(slices)
        self.by_name: dict[str, tuple[int, Slice]] = {}
        total = 0
        for s in self.slices:
            if s.name in self.by_name:
                raise ValueError(f"{game}: two slices named {s.name}")
            self.by_name[s.name] = (total, s)
            total += s.size
        self.size = total
        self.shape = (total,)
        self.low = np.concatenate([np.full(s.size, s.low, np.float32) for s in self.slices])
        self.high = np.concatenate([np.full(s.size, s.high, np.float32) for s in self.slices])
        self.private = np.concatenate([np.full(s.size, s.private, bool) for s in self.slices])
        #: name -> (offset, shape), for the writers
        self.places = {s.name: (self.by_name[s.name][0], s.shape) for s in self.slices}

    def scale(self) -> np.ndarray:
        """``1 / max(|low|, high)`` per entry: ``tensor * spec.scale()`` lies in ``[-1, 1]``."""
        return (1.0 / np.maximum(np.abs(self.low), self.high)).astype(np.float32)

    def view(self, tensor: np.ndarray, name: str) -> np.ndarray:
        """Slice ``name`` of ``tensor`` in its shape (a view: writing to it writes the tensor)."""
        offset, s = self.by_name[name]
        return tensor[offset: offset + s.size].reshape(s.shape)

    def views(self, tensor: np.ndarray) -> dict[str, np.ndarray]:
        return {s.name: self.view(tensor, s.name) for s in self.slices}

    def rows(self) -> list[tuple[str, int, str, str, str]]:
        """(name, offset, shape, range, holds) for the documentation."""
        out = []
        for s in self.slices:
            offset = self.by_name[s.name][0]
            shape = " x ".join(map(str, s.shape))
            out.append((s.name, offset, shape, f"{s.low:g}..{s.high:g}", s.holds + (" (private)" if s.private else "")))
        return out


class Writer:
    """Fills a zero vector slice by slice; :meth:`finish` clips every value into its slice's range."""

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self.buf = [0.0] * spec.size
        self.at = spec.places

    def _flat(self, name: str, index: int | tuple[int, ...]) -> int:
        offset, shape = self.at[name]
        if index.__class__ is tuple:
            if len(index) != len(shape):
                raise IndexError(f"{self.spec.game}: slice {name} has no index {index}")
            flat = 0
            for i, n in zip(index, shape, strict=False):
                if not 0 <= i < n:
                    raise IndexError(f"{self.spec.game}: slice {name} has no index {index}")
                flat = flat * n + i
            return offset + flat
        if not 0 <= index < shape[-1] or len(shape) != 1:
            raise IndexError(f"{self.spec.game}: slice {name} has no index {index}")
        return offset + index

    def set(self, name: str, index: int | tuple[int, ...] = 0, value: float = 1.0) -> None:
        self.buf[self._flat(name, index)] = value

    def seat(self, name: str, seat: int | None) -> None:
        """Mark ``seat`` in a one-hot of seats (``None`` or -1, nobody: nothing)."""
        if seat is not None and seat >= 0:
            self.set(name, seat)

    def add(self, name: str, index: int | tuple[int, ...] = 0, value: float = 1.0) -> None:
        self.buf[self._flat(name, index)] += value

    def put(self, name: str, values: Sequence[float], row: int | None = None) -> None:
        """Write a whole slice (or row ``row`` of a 2-D slice) at once."""
        offset, shape = self.at[name]
        width = shape[-1]
        if len(values) != width or (row is None) != (len(shape) == 1) or (row is not None and not 0 <= row < shape[0]):
            raise IndexError(f"{self.spec.game}: slice {name} takes {width} values a row, not {len(values)}")
        start = offset + (row or 0) * width
        self.buf[start: start + width] = values

    def count(self, name: str, index: Mapping[Any, int], values: Iterable[Any], row: int | None = None,
              kind: bool = True) -> None:
        """Add 1 per value (a card copy counts as its card id) at its position in ``index``; unknown values
        raise (the data and the engine disagree: the layout needs a new version)."""
        offset, shape = self.at[name]
        if row is not None:
            if len(shape) != 2 or not 0 <= row < shape[0]:
                raise IndexError(f"{self.spec.game}: slice {name} has no row {row}")
            offset += row * shape[1]
        buf = self.buf
        for v in values:
            key = v.split("#", 1)[0] if kind and v.__class__ is str else v
            i = index.get(key)
            if i is None:
                raise KeyError(f"{self.spec.game}: {key!r} is not in the domain of slice {name}")
            buf[offset + i] += 1

    def finish(self) -> np.ndarray:
        out = np.asarray(self.buf, np.float32)
        np.clip(out, self.spec.low, self.spec.high, out=out)
        return out


def domain(values: Iterable[Any]) -> dict[Any, int]:
    """``value -> position`` of an ordered domain."""
    return {v: i for i, v in enumerate(values)}


#: game name -> the module of its layout
MODULES = {"munchkin": "munchkin", "quest": "quest", "quest-crawl": "crawl", "smallworld": "smallworld",
           "baldursgate": "baldur", "kragmortha": "kragmortha"}


def has_tensor(game: str) -> bool:
    return game in MODULES


@lru_cache(maxsize=64)
def spec(game: str, players: int) -> Spec:
    """The tensor layout of ``game`` for ``players`` seats: the game's slices, then the partial choice's."""
    base = _module(game).spec(players)
    return Spec(game, players, (*base.slices, *choice_slices(game, players)))


@lru_cache(maxsize=64)
def _heads(game: str, players: int) -> tuple[dict[int, int], int, int, int]:
    """Of ``game``'s action table: the split blocks' head ids -> their position in ``choosing_head``, the first
    tail id, the tail ids (the width of a ``choosing_tails`` row) and the most choices one action takes."""
    from ..ids import tables

    table = tables(game, players)
    if table is None:
        return {}, 0, 0, 1
    actions = table.actions
    heads: dict[int, int] = {}
    for start, how in zip(actions.heads, actions.splits, strict=False):
        if how is not None:
            for i in range(how.sizes[0]):
                heads[start + i] = len(heads)
    return heads, actions.tail, actions.decline - actions.tail, actions.most_steps


def choice_slices(game: str, players: int) -> list[Slice]:
    """The partial-choice slices of ``game``'s layout (none where no action is chosen in steps)."""
    heads, _, width, most = _heads(game, players)
    if not heads:
        return []
    out = [Slice("choosing_head", (len(heads),), "the head picked so far of an action chosen in steps (one-hot "
                 "over the split blocks' head ids, compact-id order; 0 between actions)")]
    if most > 2:
        out.append(Slice("choosing_tails", (most - 2, width), "the tails picked so far, one row each (one-hot of "
                         "the step's value)"))
    return out


def write_choice(w: Writer, game: str, players: int, chosen: Sequence[int]) -> None:
    """Mark the compact ids ``chosen`` so far (a head, then tails) in the partial-choice slices."""
    if not chosen:
        return
    heads, tail, _, _ = _heads(game, players)
    position = heads.get(chosen[0])
    if position is None:
        raise ValueError(f"{game}: compact id {chosen[0]} is not the head of an action chosen in steps")
    w.set("choosing_head", position)
    for row, i in enumerate(chosen[1:]):
        w.set("choosing_tails", (row, i - tail))


@lru_cache(maxsize=16)
def _module(game: str) -> Any:
    if game not in MODULES:
        raise ValueError(f"{game}: no observation tensor layout")
    return import_module(f"{__name__}.{MODULES[game]}")


def encode(game: str, observation: Mapping[str, Any], player: int, players: int | None = None,
           chosen: Sequence[int] = ()) -> np.ndarray:
    """The tensor of ``observation`` (what :meth:`Game.observation` gave seat ``player``; ``players``: read from
    the observation when not given); ``chosen``: the compact action ids the seat to act has picked so far of an
    action chosen in steps (the wrappers' partial choice)."""
    if players is None:
        players = len(observation["state"][_module(game).SEATS])
    layout = spec(game, players)
    w = Writer(layout)
    w.set("me", player)
    for p in observation.get("to_act", ()):
        w.set("to_act", p)
    w.set("flags", 0, bool(observation.get("chance")))
    w.set("flags", 1, bool(observation.get("over")))
    _module(game).write(w, observation, player)
    write_choice(w, game, players, chosen)
    return w.finish()


def common(players: int) -> list[Slice]:
    """The slices every game starts with."""
    return [Slice("me", (players,), "one-hot of the seat the tensor is for", private=True),
            Slice("to_act", (players,), "the seats to act now"),
            Slice("flags", (2,), "a chance step is pending; the game is over")]
