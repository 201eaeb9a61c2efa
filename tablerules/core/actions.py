"""Actions, chance steps and results: the values the protocol passes around.

An action is a frozen dataclass of plain values (hashable, JSON round trip); a chance step lists the
outcomes of a random event with exact probabilities; a result says who won and why.
"""

from __future__ import annotations

import bisect
import dataclasses
import functools
import itertools
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .caches import BoundedDict


def _to_json_value(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_to_json_value(v) for v in value]
    if isinstance(value, Fraction):
        return str(value)
    if hasattr(value, "value") and hasattr(type(value), "__members__"):  # enum
        return value.value
    return value


#: values _to_json_value returns as they are (exact types: an int enum goes through it)
_JSON_ATOMS = frozenset({type(None), bool, int, float, str})


def _from_json_value(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_from_json_value(v) for v in value)
    return value


@dataclass(frozen=True)
class Action:
    """Base class of every action: subclasses are frozen dataclasses of plain values.

    Fields hold ints, strings, bools, ``None`` or tuples of those, so that an action is hashable and
    round-trips through JSON. An action made by a player has a ``player`` field.
    """

    def describe(self) -> str:
        """A short readable text for buttons and logs."""
        fields = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self))
        return f"{type(self).__name__}({fields})"

    def to_json(self) -> dict[str, Any]:
        kind = type(self)
        names = kind.__dict__.get("_json_fields")
        if names is None:  # the field names, worked out once per class (saves list every action played)
            names = tuple(f.name for f in dataclasses.fields(kind))
            type.__setattr__(kind, "_json_fields", names)
        out: dict[str, Any] = {"type": kind.__name__}
        for name in names:
            value = getattr(self, name)
            out[name] = value if type(value) in _JSON_ATOMS else _to_json_value(value)
        return out

    @property
    def actor(self) -> int | None:
        """The player making this action (``None`` for chance outcomes)."""
        return getattr(self, "player", None)


#: event -> functions that put an outcome of it in words (``None``: not an outcome they know), added by the
#: games whose outcomes are ids of their data (a card copy "go_up_a_level#3" reads "Go Up a Level (copy 3)")
_OUTCOME_WORDS: dict[str, list[Callable[[Any], str | None]]] = {}


def outcome_words(event: str, words: Callable[[Any], str | None]) -> None:
    """Let :meth:`Chance.describe` read the outcomes of ``event`` with ``words`` (a game's card names)."""
    known = _OUTCOME_WORDS.setdefault(event, [])
    if words not in known:
        known.append(words)


@dataclass(frozen=True)
class Chance(Action):
    """The outcome of a random event: ``event`` names it (``"d6"``, ``"monster die"``, ``"draw"``)."""

    event: str
    outcome: int | str

    def describe(self) -> str:
        for words in _OUTCOME_WORDS.get(self.event, ()):
            text = words(self.outcome)
            if text is not None:
                return f"{self.event}: {text}"
        return f"{self.event}: {self.outcome}"


@dataclass(frozen=True)
class ChanceStep:
    """A pending random event and its outcomes with exact probabilities (summing to 1)."""

    event: str
    description: str
    outcomes: tuple[tuple[Action, Fraction], ...]

    def probability(self, action: Action) -> Fraction:
        for outcome, p in self.outcomes:
            if outcome == action:
                return p
        return Fraction(0)

    def pick(self, rng: Any) -> Action:
        """The outcome chosen by one ``rng.randrange(d)``, d the common denominator of the probabilities
        (the integer weights are worked out once per step: dice steps are shared)."""
        table = self.__dict__.get("_table")
        if table is None:
            den = math.lcm(*(p.denominator for _, p in self.outcomes))
            table = (den, list(itertools.accumulate(p.numerator * (den // p.denominator) for _, p in self.outcomes)))
            object.__setattr__(self, "_table", table)
        den, cumulative = table
        i = bisect.bisect_right(cumulative, rng.randrange(den))
        return self.outcomes[min(i, len(cumulative) - 1)][0]

    def only_outcome(self) -> Action | None:
        """The outcome when there is just one (what :meth:`pick` returns whatever the stream), else ``None``
        (also when a subclass would have to work its outcomes out to tell)."""
        outcomes = self.__dict__.get("outcomes")
        return outcomes[0][0] if outcomes is not None and len(outcomes) == 1 else None

    def allows(self, action: Action) -> bool:
        """Whether ``action`` is one of the outcomes (found by identity first, as it nearly always is;
        the outcomes are indexed once per step: dice steps are shared)."""
        known = self.__dict__.get("_members")
        if known is None:
            actions = [a for a, _ in self.outcomes]
            known = (frozenset(map(id, actions)), actions)
            object.__setattr__(self, "_members", known)
        return id(action) in known[0] or action in known[1]

    @classmethod
    def uniform(cls, event: str, description: str, values: Sequence[int | str]) -> ChanceStep:
        """Equally likely outcomes; repeated values weigh more (a deck with two copies of a card).
        A die (``values`` a ``range``) gives the same remembered (immutable) step every time."""
        key = (cls, event, description, values) if type(values) is range else None
        known = _UNIFORM.get(key) if key else None
        if known is not None:
            return known
        counts: dict[int | str, int] = {}
        for value in values:
            counts[value] = counts.get(value, 0) + 1
        if not key and cls is ChanceStep:  # a pool: outcomes worked out only when asked for (see Weighted)
            return Weighted(event, description, tuple(counts), tuple(counts.values()))
        total = len(values)
        step = cls(event, description, tuple((chance(event, v), _fraction(c, total)) for v, c in counts.items()))
        if key:
            if len(_UNIFORM) > 256:
                _UNIFORM.clear()
            _UNIFORM[key] = step
        return step

    @classmethod
    def weighted(cls, event: str, description: str, counts: Sequence[tuple[int | str, int]]) -> ChanceStep:
        """Outcomes ``value`` with probability ``n / total`` for ``(value, n)`` in ``counts`` (those with
        n != 0, in the order given): a pool of tiles or a deck counted by card."""
        if cls is ChanceStep:
            columns = tuple(zip(*counts, strict=True))  # (values, counts), in C
            if not columns:
                return Weighted(event, description, (), ())
            values, numbers = columns
            if not all(numbers):
                kept = [(v, n) for v, n in zip(values, numbers, strict=True) if n]
                values, numbers = tuple([v for v, _ in kept]), tuple([n for _, n in kept])
            return Weighted(event, description, values, numbers)
        total = sum(n for _, n in counts)
        return cls(event, description, tuple((chance(event, v), _fraction(n, total)) for v, n in counts if n))

    @staticmethod
    def draw(event: str, description: str, cards: Sequence[str]) -> ChanceStep:
        """Drawing one of ``cards`` (distinct copy ids), every one equally likely: the outcomes are
        ``Chance(event, card)`` in sorted order, worked out only when asked for (see :class:`Draw`)."""
        return Draw(event, description, tuple(cards))


_UNIFORM: dict[tuple, ChanceStep] = {}


@functools.lru_cache(maxsize=4096)
def _fraction(n: int, total: int) -> Fraction:
    return Fraction(n, total)
_CHANCES: dict[tuple[str, Any], Chance] = BoundedDict(1 << 14)


def chance(event: str, outcome: int | str) -> Chance:
    """``Chance(event, outcome)``, one shared object per value (actions are immutable)."""
    known = _CHANCES.get((event, outcome))
    if known is None:
        known = _CHANCES[(event, outcome)] = Chance(event, outcome)
    return known


#: event -> (the cards of the last draw step sorted, their sorted list, the card picked or None)
_LAST_DRAW: dict[str, tuple[tuple[str, ...], list[str], str | None]] = {}


class Draw(ChanceStep):
    """A :class:`ChanceStep` drawing one of a few distinct cards, each with probability 1/n. Drawing is
    the commonest random event and most draws are resolved without anyone listing the outcomes, so the
    outcome list is built on demand; :meth:`allows` and :meth:`pick` need only the cards."""

    def __init__(self, event: str, description: str, cards: tuple[str, ...]) -> None:
        self.__dict__.update(event=event, description=description, _cards=cards, _sorted=None, _outcomes=None)

    def sorted_cards(self) -> list[str]:
        known = self._sorted
        if known is None:
            cards = self._cards
            last = _LAST_DRAW.get(self.event)
            if last is not None and last[0] == cards:  # the same deck again
                known = last[1]
            elif last is not None and last[2] is not None and len(last[0]) == len(cards) + 1:
                # a deck is most often the last one drawn from, without the card drawn: its sorted list
                # without that card (the same list as sorting it, without sorting ~90 copy ids again)
                old, old_sorted, drawn = last
                i = old.index(drawn)
                if cards[:i] == old[:i] and cards[i:] == old[i + 1:]:
                    known = old_sorted.copy()
                    del known[bisect.bisect_left(known, drawn)]
            if known is None:
                known = sorted(cards)
            object.__setattr__(self, "_sorted", known)
            _LAST_DRAW[self.event] = (cards, known, None)
        return known

    @property
    def outcomes(self) -> tuple[tuple[Action, Fraction], ...]:  # type: ignore[override]
        known = self._outcomes
        if known is None:
            p = Fraction(1, len(self._cards))
            known = tuple((chance(self.event, c), p) for c in self.sorted_cards())
            object.__setattr__(self, "_outcomes", known)
        return known

    def allows(self, action: Action) -> bool:
        return type(action) is Chance and action.event == self.event and action.outcome in self._cards

    def only_outcome(self) -> Action | None:
        return chance(self.event, self._cards[0]) if len(self._cards) == 1 else None

    def pick(self, rng: Any) -> Action:
        """The outcome that :meth:`~tablerules.core.protocol.Game.sample_chance` picks with ``rng`` (one
        ``randrange(n)``, the same draw as summing n equal fractions)."""
        cards = self.sorted_cards()
        card = cards[rng.randrange(len(cards))]
        _LAST_DRAW[self.event] = (self._cards, cards, card)
        return chance(self.event, card)


class Weighted(ChanceStep):
    """A :class:`ChanceStep` over a pool counted by value (``values[i]`` with probability
    ``counts[i] / sum(counts)``, every count positive): a deck, a bag of tiles. The outcome list (a
    :class:`Chance` and a :class:`~fractions.Fraction` each) is built only when someone lists it;
    :meth:`pick` and :meth:`allows` work on the integer counts."""

    def __init__(self, event: str, description: str, values: tuple, counts: tuple[int, ...]) -> None:
        self.__dict__.update(event=event, description=description, _values=values, _counts=counts, _outcomes=None)

    @property
    def outcomes(self) -> tuple[tuple[Action, Fraction], ...]:  # type: ignore[override]
        known = self._outcomes
        if known is None:
            total = sum(self._counts)
            pairs = zip(self._values, self._counts, strict=True)
            known = tuple((chance(self.event, v), _fraction(n, total)) for v, n in pairs)
            object.__setattr__(self, "_outcomes", known)
        return known

    def allows(self, action: Action) -> bool:
        return type(action) is Chance and action.event == self.event and action.outcome in self._values

    def only_outcome(self) -> Action | None:
        return chance(self.event, self._values[0]) if len(self._values) == 1 else None

    def pick(self, rng: Any) -> Action:
        """The same outcome as :meth:`ChanceStep.pick` with the same ``rng``: the common denominator of
        the reduced fractions ``n / total`` is ``total / gcd(counts)``."""
        counts = self._counts
        g = math.gcd(*counts)
        cumulative = list(itertools.accumulate(counts if g == 1 else [n // g for n in counts]))
        i = bisect.bisect_right(cumulative, rng.randrange(cumulative[-1]))
        return chance(self.event, self._values[min(i, len(counts) - 1)])


@dataclass(frozen=True)
class Result:
    """How a finished game ended: the winners (several for a joint win), scores, and why."""

    winners: tuple[int, ...]
    scores: Mapping[int, int | float] = field(default_factory=dict)
    reason: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "scores": {str(k): v for k, v in self.scores.items()},
                "reason": self.reason}


#: (action type, *fields) -> the action: a game's legal-action lists are built again after every move, mostly
#: of the same few hundred actions, and making a frozen dataclass costs more than finding it (actions are
#: immutable, so one object serves every list and every copy of the game); the key holds the type, so games
#: share the table (a hot path may read it first itself)
MADE: dict[tuple, Action] = {}
#: the entries MADE holds before it is cleared
MADE_KEPT = 1 << 14  # 131,072 kept 3 MiB more per Munchkin process for no speed (120 games: 11.0 s vs 10.9 s at 8,192)


def made(kind: type[Action], *fields: object) -> Action:
    """``kind(*fields)`` (positional fields only), one shared object per value."""
    key = (kind, *fields)
    known = MADE.get(key)
    if known is None:
        if len(MADE) >= MADE_KEPT:  # a bound all the same (the rules' actions stay far below it)
            MADE.clear()
        known = MADE[key] = kind(*fields)
    return known


def merge_actions(actions: list[Action], extra: Sequence[Action]) -> list[Action]:
    """``actions`` followed by those of ``extra`` equal to none of them nor to an earlier one of ``extra``
    (a stage's own actions, then the any-time actions it does not list already), in order.

    Each extra is hashed once (``dict.fromkeys``, in C); the listed actions are looked for only when one
    is of a kind ``extra`` has (nearly always none is), and then removed from it by equality."""
    new = dict.fromkeys(extra)
    kinds = set(map(type, extra))
    if not kinds.isdisjoint(map(type, actions)):
        for a in actions:
            if type(a) in kinds:
                new.pop(a, None)
    actions += new
    return actions
