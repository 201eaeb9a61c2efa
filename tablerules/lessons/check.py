"""Checking a learner's answer against the engine's, and saying why in both cases."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..core.actions import Action
from .asks import Answer, ask_named, percent
from .model import Kind
from .positions import build

if TYPE_CHECKING:
    from ..core.protocol import Game
    from .model import Lesson, Step


@dataclass(frozen=True)
class Verdict:
    """Right or not, what the learner said, the engine's answer, and why."""

    right: bool
    said: str
    answer: str
    why: tuple[str, ...]

    @property
    def headline(self) -> str:
        if self.right:
            return f"Right: {self.answer}."
        return f"Not quite: you said {self.said}; the answer is {self.answer}."


@dataclass
class Shown:
    """A step on the table: its position and the engine's answer, computed when the step is shown."""

    lesson: Lesson
    step: Step
    game: Game
    answer: Answer


def show(lesson: Lesson, step: Step) -> Shown:
    """Set the step's position up and compute its answer."""
    game = build(lesson.game, step)
    q = step.question
    answer = ask_named(lesson.game, q.ask).compute(game, **q.arguments)
    return Shown(lesson, step, game, answer)


def said_text(kind: Kind, response: Any) -> str:
    if isinstance(response, Action):
        return response.describe()
    if kind is Kind.ODDS:
        return f"about {float(response):.0%}"
    return str(response)


def check(shown: Shown, response: Any) -> Verdict:
    """Judge ``response``: a number, an option's label, a probability (0 to 1) or an action played."""
    kind = shown.step.question.kind
    answer = shown.answer
    said = said_text(kind, response)
    if kind is Kind.NUMBER:
        try:
            right = int(response) == answer.value
        except (TypeError, ValueError):
            right, said = False, f"{response!r}, which is not a whole number"
    elif kind is Kind.CHOICE:
        right = response == answer.value
    elif kind is Kind.ODDS:
        p = Fraction(response).limit_denominator(1000)
        right = abs(float(p) - float(answer.value)) <= shown.step.question.tolerance
    else:
        right = response in answer.value
        if not right and isinstance(response, Action):
            return Verdict(False, said, answer.shown,
                           (f"{said} is allowed now, but it does not do what this step asks.", *answer.why))
    why = answer.why
    if kind is Kind.ODDS:
        why = (f"Exactly {percent(answer.value)}; an estimate within "
               f"{shown.step.question.tolerance:.0%} of it counts as right.", *why)
    return Verdict(right, said, answer.shown, why)
