"""The asks: named questions about a position whose answers the engine computes.

A lesson step names an ask and its arguments; :func:`answer` runs it on the step's position. Each game's asks
live in ``tablerules/lessons/<game>_asks.py`` and register themselves with :func:`ask`. An ask returns an
:class:`Answer`: the value (a number, an option's label, a probability, or the set of actions that do what
the step asks), how it is written for people, and *why*: the same term-by-term breakdown the panels show.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from importlib import import_module
from typing import Any

from .model import Kind

ASK_MODULES = {"munchkin": "munchkin_asks", "quest": "quest_asks", "smallworld": "smallworld_asks",
               "baldursgate": "baldur_asks", "kragmortha": "kragmortha_asks"}


@dataclass(frozen=True)
class Answer:
    """The engine's answer to a step's question.

    ``value``: an ``int`` (number), a ``str`` among ``options`` (choice), a ``Fraction`` (odds) or a
    ``frozenset`` of actions (act). ``why``: plain lines that explain the value. ``options``: the choices
    offered (choice questions). ``label``: the answer in words, when the value alone says it badly."""

    value: Any
    why: tuple[str, ...]
    options: tuple[str, ...] = ()
    label: str = ""  # how the answer is written, where the value alone says it badly (several right actions)

    @property
    def shown(self) -> str:
        """The answer as written for people."""
        if self.label:
            return self.label
        v = self.value
        if isinstance(v, Fraction):
            return percent(v)
        if isinstance(v, frozenset):
            actions = sorted(a.describe() for a in v)
            return actions[0] if len(actions) == 1 else " or ".join(actions[:4]) + (" ..." if len(actions) > 4 else "")
        return str(v)


def percent(p: Fraction) -> str:
    """``5/12`` as "5/12 (about 42%)"; certain and impossible in words."""
    if p == 1:
        return "certain (1)"
    if p == 0:
        return "impossible (0)"
    return f"{p.numerator}/{p.denominator} (about {float(p):.0%})"


@dataclass(frozen=True)
class Ask:
    """A named question about a position: ``compute(game, **args) -> Answer``."""

    game: str
    name: str
    kind: Kind
    about: str
    compute: Callable[..., Answer]


_ASKS: dict[str, dict[str, Ask]] = {}


def ask(game: str, kind: Kind, about: str) -> Callable[[Callable[..., Answer]], Callable[..., Answer]]:
    """Register ``fn`` as the ask ``fn.__name__`` of ``game``."""

    def register(fn: Callable[..., Answer]) -> Callable[..., Answer]:
        _ASKS.setdefault(game, {})[fn.__name__] = Ask(game, fn.__name__, kind, about, fn)
        return fn

    return register


def asks_of(game: str) -> dict[str, Ask]:
    """Every ask of ``game`` by name."""
    if game not in ASK_MODULES:
        raise KeyError(f"no asks for the game {game!r}")
    import_module(f"{__package__}.{ASK_MODULES[game]}")
    return _ASKS.get(game, {})


def ask_named(game: str, name: str) -> Ask:
    found = asks_of(game).get(name)
    if found is None:
        raise KeyError(f"{game} has no ask {name!r}; asks: {', '.join(sorted(asks_of(game)))}")
    return found


def terms_lines(title: str, terms: list[tuple[str, int]], total: int) -> list[str]:
    """A total term by term, as the panels show it: "the monsters' strength: level 8, +5 ... = 13"."""
    parts = ", ".join(f"{label} {value:+d}" for label, value in terms) or "nothing"
    return [f"{title} = {total}: {parts}"]



@dataclass(frozen=True)
class Drill:
    """A practice question about any position of a seeded game: the ask, the words, and ``arguments(game)``
    giving the ask's arguments here (``None``: it does not apply to this position)."""

    ask: str
    prompt: str
    arguments: Callable[[Any], dict[str, Any] | None]


_DRILLS: dict[str, list[Drill]] = {}


def drill(game: str, ask_name: str, prompt: str, arguments: Callable[[Any], dict[str, Any] | None]) -> None:
    """Register a practice question for ``game`` (:mod:`tablerules.lessons.practice`)."""
    _DRILLS.setdefault(game, []).append(Drill(ask_name, prompt, arguments))


def drills_of(game: str) -> list[Drill]:
    asks_of(game)  # imports the game's asks, which register its drills
    return _DRILLS.get(game, [])
