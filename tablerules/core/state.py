"""Game state as data: copying, serialising and comparing derived from a dataclass tree's fields.

A game's state is a tree of (mutable) dataclasses, lists, dicts and sets of plain values. Nothing here
is written per game, so no field can be forgotten:

* :func:`clone` copies the tree: dataclasses, lists, dicts and sets are copied; immutable values
  (numbers, strings, enums, frozen dataclasses, tuples of those) and fields marked :func:`shared`
  (static tables) are shared. It is much faster than :func:`copy.deepcopy`, which memoises every
  object it meets.
* :func:`to_plain` turns the tree into JSON values (the state a replay must reproduce exactly);
  :func:`from_plain` builds it back from its type hints. A field marked ``metadata={"omit_empty": True}`` is
  left out while empty (falsy), so a field added later leaves the states that never use it as they were.

>>> from dataclasses import dataclass, field
>>> @dataclass
... class Seat:
...     level: int = 1
...     hand: list[str] = field(default_factory=list)
>>> a = Seat(2, ["orc#1"]); b = clone(a); b.hand.append("elf#1")
>>> a.hand, to_plain(b), from_plain(Seat, to_plain(b)) == b
(['orc#1'], {'level': 2, 'hand': ['orc#1', 'elf#1']}, True)
"""

from __future__ import annotations

import dataclasses
import enum
import itertools
import operator
import types
import typing
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from typing import Any

__all__ = ["clone", "from_plain", "shared", "to_plain"]

_IMMUTABLE = (int, float, str, bool, bytes, type(None), Fraction, enum.Enum, range)


def shared(default: Any = dataclasses.MISSING, **kwargs: Any) -> Any:
    """A dataclass field that :func:`clone` shares instead of copying and :func:`to_plain` leaves
    out: static tables (cards, rooms, maps) that a state points at."""
    metadata = {**kwargs.pop("metadata", {}), "shared": True}
    return dataclasses.field(default=default, metadata=metadata, compare=False, repr=False, **kwargs)


def _plan(cls: type) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(fields to copy, fields to share) of a dataclass, computed once per class."""
    plan = _PLANS.get(cls)
    if plan is None:
        copied, kept = [], []
        for f in dataclasses.fields(cls):
            (kept if f.metadata.get("shared") else copied).append(f.name)
        plan = _PLANS[cls] = (tuple(copied), tuple(kept))
    return plan


_PLANS: dict[type, tuple[tuple[str, ...], tuple[str, ...]]] = {}
_FROZEN: dict[type, bool] = {}


def _is_frozen(cls: type) -> bool:
    known = _FROZEN.get(cls)
    if known is None:
        params = getattr(cls, "__dataclass_params__", None)
        known = _FROZEN[cls] = bool(params and params.frozen)
    return known


def clone(value: Any) -> Any:
    """A copy of a state tree that shares nothing mutable with the original (see module doc)."""
    if isinstance(value, _IMMUTABLE):
        return value
    kind = type(value)
    if kind is list:
        return [v if isinstance(v, _IMMUTABLE) else clone(v) for v in value]
    if kind is dict or kind is Counter:
        return kind({k: v if isinstance(v, _IMMUTABLE) else clone(v) for k, v in value.items()})
    if kind is set:
        return set(value)  # members are hashable, hence treated as immutable
    if kind is tuple or kind is frozenset:
        return value
    if dataclasses.is_dataclass(value):
        if _is_frozen(kind):
            return value
        copied, kept = _plan(kind)
        new = object.__new__(kind)
        # by attribute, never through ``__dict__``: on CPython 3.11 reading an object's __dict__ moves its
        # attributes into a real dict for good, and every later read of them is slower
        put = object.__setattr__
        for name in copied:
            v = getattr(value, name)
            put(new, name, v if isinstance(v, _IMMUTABLE) else clone(v))
        for name in kept:
            put(new, name, getattr(value, name))
        return new
    if isinstance(value, list | dict | set):  # subclasses
        return kind(clone(list(value.items()) if isinstance(value, dict) else list(value)))
    return value  # anything else is treated as immutable


def to_plain(value: Any) -> Any:
    """JSON values for a state tree: dataclasses as objects of their (non-shared) fields, tuples and
    lists as lists, sets sorted, dicts with non-string keys as sorted ``[key, value]`` pairs, enums by
    value, fractions as strings.

    How a value converts depends only on its type, so the way is worked out once per type (see
    :func:`_converter`): the harness compares whole states at many steps."""
    convert = _CONVERTERS.get(type(value))
    if convert is None:
        convert = _converter(type(value))
    return convert(value)


#: plain JSON values kept as they are (exact types; subclasses such as int enums go through their converter)
_ATOMS = frozenset({type(None), bool, int, float, str})
_CONVERTERS: dict[type, Callable[[Any], Any]] = {}


def _same(value: Any) -> Any:
    return value


def _converter(kind: type) -> Callable[[Any], Any]:
    """The :func:`to_plain` conversion of values of type ``kind`` (the same tests in the same order as
    :func:`_to_plain_slow`, which keeps the rare cases that depend on more than the type)."""
    atoms = _ATOMS
    plain = to_plain
    if issubclass(kind, type):  # a class as a value: rare, decided per value
        return _to_plain_slow
    if kind is type(None) or issubclass(kind, bool | int | float | str):
        convert: Callable[[Any], Any] = _same
    elif issubclass(kind, enum.Enum):
        if all("value" not in vars(c) for c in kind.__mro__ if c is not enum.Enum):
            convert = operator.attrgetter("_value_")  # what Enum.value returns, without the descriptor
        else:
            def convert(value: Any) -> Any:
                return value.value
    elif issubclass(kind, Fraction):
        convert = str
    elif dataclasses.is_dataclass(kind):
        names = _plan(kind)[0]
        omitted = frozenset(f.name for f in dataclasses.fields(kind) if f.metadata.get("omit_empty"))
        if omitted:  # fields left out while empty (added later: a state without them reads as before)
            def convert(value: Any) -> Any:
                out = {}
                for n in names:
                    v = getattr(value, n)
                    if v or n not in omitted:
                        out[n] = v if type(v) in atoms else plain(v)
                return out
        elif not names:
            def convert(value: Any) -> Any:
                return {}
        elif len(names) == 1:
            (name,) = names

            def convert(value: Any) -> Any:
                v = getattr(value, name)
                return {name: v if type(v) in atoms else plain(v)}
        else:
            get = operator.attrgetter(*names)

            def convert(value: Any) -> Any:
                return {n: v if type(v) in atoms else plain(v) for n, v in zip(names, get(value), strict=True)}
    elif issubclass(kind, dict):
        def convert(value: Any) -> Any:
            if all(isinstance(k, str) for k in value):
                return {k: v if type(v) in atoms else plain(v) for k, v in value.items()}
            return _sorted_pairs([[plain(k), plain(v)] for k, v in value.items()])
    elif issubclass(kind, set | frozenset):
        def convert(value: Any) -> Any:
            return sorted((v if type(v) in atoms else plain(v) for v in value), key=repr)
    elif issubclass(kind, list | tuple):
        def convert(value: Any) -> Any:
            return [v if type(v) in atoms else plain(v) for v in value]
    else:  # anything with a to_json() (decided per value, as an instance may have its own)
        return _to_plain_slow
    _CONVERTERS[kind] = convert
    return convert


def _sorted_pairs(pairs: list[list[Any]]) -> list[list[Any]]:
    """``sorted(pairs, key=repr)`` without the repr of every value: ``repr([k, v])`` is ``"[" + repr(k) +
    ", " ...``, so when no key's repr is the start of another's the keys' reprs alone decide the order
    (a big value, a room or a seat, is never written out just to be compared)."""
    keys = [repr(k) for k, _ in pairs]
    order = sorted(range(len(pairs)), key=keys.__getitem__)
    for a, b in itertools.pairwise(order):
        if keys[b].startswith(keys[a]):  # a prefix sorts next to its extensions: checking neighbours suffices
            return sorted(pairs, key=repr)
    return [pairs[i] for i in order]


def _to_plain_slow(value: Any) -> Any:
    """:func:`to_plain` written out test by test (the reference :func:`_converter` follows)."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Fraction):
        return str(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        copied, _ = _plan(type(value))
        omitted = {f.name for f in dataclasses.fields(value) if f.metadata.get("omit_empty")}
        return {name: _to_plain_slow(getattr(value, name)) for name in copied
                if name not in omitted or getattr(value, name)}
    if isinstance(value, dict):
        if all(isinstance(k, str) for k in value):
            return {k: _to_plain_slow(v) for k, v in value.items()}
        return sorted(([_to_plain_slow(k), _to_plain_slow(v)] for k, v in value.items()), key=repr)
    if isinstance(value, set | frozenset):
        return sorted((_to_plain_slow(v) for v in value), key=repr)
    if isinstance(value, list | tuple):
        return [_to_plain_slow(v) for v in value]
    if hasattr(value, "to_json"):
        return value.to_json()
    raise TypeError(f"{type(value).__name__} is not state data: {value!r}")


_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    return hints


def from_plain(kind: Any, value: Any, where: str = "state") -> Any:
    """Build a value of type ``kind`` (a dataclass, or a typing form such as ``list[str]``) from its
    :func:`to_plain` form; a value that does not fit raises ``ValueError`` naming ``where``."""
    origin = typing.get_origin(kind)
    args = typing.get_args(kind)
    if kind is Any:
        return value
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        errors = []
        for option in (a for a in args if a is not type(None)):
            try:
                return from_plain(option, value, where)
            except (ValueError, TypeError) as exc:
                errors.append(str(exc))
        raise ValueError(f"{where}: {value!r} fits none of {kind}")
    if dataclasses.is_dataclass(kind):
        if not isinstance(value, dict):
            raise ValueError(f"{where}: expected an object for {kind.__name__}, got {value!r}")
        hints = _hints(kind)
        copied, _ = _plan(kind)
        unknown = set(value) - set(copied)
        if unknown:
            raise ValueError(f"{where}: unknown field(s) {sorted(unknown)} for {kind.__name__}")
        kwargs = {name: from_plain(hints[name], value[name], f"{where}.{name}") for name in copied if name in value}
        return kind(**kwargs)
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        try:
            return kind(value)
        except ValueError as exc:
            raise ValueError(f"{where}: {exc}") from None
    if kind is Fraction:
        return Fraction(value)
    if origin in (list, tuple, set, frozenset):
        if not isinstance(value, list):
            raise ValueError(f"{where}: expected a list, got {value!r}")
        if origin is tuple and args and args[-1] is not Ellipsis:
            items = [from_plain(a, v, f"{where}[{i}]") for i, (a, v) in enumerate(zip(args, value, strict=True))]
        else:
            inner = args[0] if args else Any
            items = [from_plain(inner, v, f"{where}[{i}]") for i, v in enumerate(value)]
        return origin(items)
    if origin in (dict, Counter) or kind in (dict, Counter):
        key_type, value_type = args if args else (Any, Any)
        pairs = value.items() if isinstance(value, dict) else value
        built = {from_plain(key_type, k, where): from_plain(value_type, v, f"{where}[{k!r}]") for k, v in pairs}
        return Counter(built) if origin is Counter or kind is Counter else built
    if kind in (int, str, bool, float):
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise ValueError(f"{where}: expected {kind.__name__}, got {value!r}")
        return value
    if kind is type(None):
        if value is not None:
            raise ValueError(f"{where}: expected null, got {value!r}")
        return None
    return value
