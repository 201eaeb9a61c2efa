"""Actions, chance steps and results: the values the protocol passes around.

An action is a frozen dataclass of plain values (hashable, JSON round trip); a chance step lists the
outcomes of a random event with exact probabilities; a result says who won and why.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any


def _to_json_value(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_to_json_value(v) for v in value]
    if isinstance(value, Fraction):
        return str(value)
    if hasattr(value, "value") and hasattr(type(value), "__members__"):  # enum
        return value.value
    return value


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
        out: dict[str, Any] = {"type": type(self).__name__}
        for f in dataclasses.fields(self):
            out[f.name] = _to_json_value(getattr(self, f.name))
        return out

    @property
    def actor(self) -> int | None:
        """The player making this action (``None`` for chance outcomes)."""
        return getattr(self, "player", None)


@dataclass(frozen=True)
class Chance(Action):
    """The outcome of a random event: ``event`` names it (``"d6"``, ``"monster die"``, ``"draw"``)."""

    event: str
    outcome: int | str

    def describe(self) -> str:
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

    @classmethod
    def uniform(cls, event: str, description: str, values: Sequence[int | str]) -> ChanceStep:
        """Equally likely outcomes; repeated values weigh more (a deck with two copies of a card)."""
        counts: dict[int | str, int] = {}
        for value in values:
            counts[value] = counts.get(value, 0) + 1
        total = len(values)
        return cls(event, description, tuple((Chance(event, v), Fraction(c, total)) for v, c in counts.items()))


@dataclass(frozen=True)
class Result:
    """How a finished game ended: the winners (several for a joint win), scores, and why."""

    winners: tuple[int, ...]
    scores: Mapping[int, int | float] = field(default_factory=dict)
    reason: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "scores": {str(k): v for k, v in self.scores.items()},
                "reason": self.reason}
