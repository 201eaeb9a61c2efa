"""A lesson as data: the steps of ``data/<game>/lessons/*.json`` (schema ``data/schema/lesson.schema.json``).

Each step sets up a position through the game's public scenario API (``tablerules/<game>/scenario.py``),
quotes the rule it teaches (English, and the seed's Chinese with its section and sentence ids), and asks one
question. The question names an *ask* (:mod:`tablerules.lessons.asks`): a function of the position that
computes the expected answer from the engine when the step is shown, so no answer is ever typed into a
lesson file. A bad file raises :class:`LessonError` naming the file, the step and the field.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

from ..core.data import data_path, read_json, validate
from ..core.errors import DataError

#: the game's name -> its folder under data/ (the data folders predate the game names)
DATA_FOLDER = {"munchkin": "munchkin", "quest": "quest", "smallworld": "smallworld", "baldursgate": "baldur",
               "kragmortha": "kragmortha"}


class LessonError(DataError):
    """A lesson file that cannot be taught: names the file, the field as a JSON path (``$.steps[3].question.ask``)
    and the step by its id."""

    def __init__(self, file: str | Path, step: str, field_: str, reason: str, index: int = -1) -> None:
        where = f"$.steps[{index}].{field_}" if index >= 0 else f"$.{field_}"
        super().__init__(file, where, f"step {step!r}: {reason}" if step else reason)


class Kind(Enum):
    """What a step asks of the learner."""

    NUMBER = "number"  # type a number (a strength, a cost, the moves left)
    CHOICE = "choice"  # pick one of a few outcomes (who wins this fight?)
    ODDS = "odds"  # estimate a probability (the exact one is shown after)
    ACT = "act"  # do it on the table: click the board or a button


@dataclass(frozen=True)
class Call:
    """One call of the game's scenario API: ``name(game, *args, **kwargs)``."""

    name: str
    args: tuple[Any, ...] = ()
    kwargs: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True)
class Position:
    """How the step's position is made: a start function of the scenario API, then its setters in order."""

    start: Call
    setup: tuple[Call, ...] = ()


@dataclass(frozen=True)
class Rule:
    """The rule a step teaches: the seed's section and words (``zh``), our English, the sentence ids of
    ``docs/rules/<game>.sentences.json`` it quotes, and the rule family (the engine module it lives in)."""

    family: str
    section: str
    zh: str
    en: str
    sentences: tuple[str, ...] = ()


@dataclass(frozen=True)
class Question:
    """The question: its kind, the words shown, the ask that computes the answer and its arguments."""

    kind: Kind
    prompt: str
    ask: str
    args: tuple[tuple[str, Any], ...] = ()
    tolerance: float = 0.1  # an odds answer within this many (0.1 = ten percentage points) is right

    @property
    def arguments(self) -> dict[str, Any]:
        return dict(self.args)


@dataclass(frozen=True)
class Step:
    """One step of a lesson."""

    id: str
    title: str
    seat: int  # the learner's seat: the table is drawn as this seat sees it
    rule: Rule
    position: Position
    question: Question
    hint: str = ""
    example: str = ""  # the seed's worked example this step replays ("" if none)


@dataclass(frozen=True)
class Lesson:
    """A lesson: a game's rules taught in the rulebook's order."""

    game: str
    name: str
    title: str
    intro: str
    steps: tuple[Step, ...]
    file: str = ""

    def step(self, step_id: str) -> Step:
        for s in self.steps:
            if s.id == step_id:
                return s
        raise KeyError(f"{self.title}: no step {step_id!r}")


@dataclass
class _Reader:
    """Turns the checked JSON into dataclasses and checks what the schema cannot: the scenario calls bind,
    the ask exists for the game and takes the arguments given, the kinds agree."""

    file: str
    game: str
    step: str = ""
    index: int = -1

    def fail(self, field_: str, reason: str) -> LessonError:
        return LessonError(self.file, self.step, field_, reason, self.index)

    def call(self, data: dict[str, Any], where: str) -> Call:
        from .positions import scenario_module

        module = scenario_module(self.game)
        name = data["call"]
        fn = getattr(module, name, None)
        if name.startswith("_") or not callable(fn):
            raise self.fail(f"{where}.call", f"{name!r} is not a setter of {module.__name__}")
        args, kwargs = tuple(data.get("args", ())), dict(data.get("kwargs", {}))
        try:
            sig = inspect.signature(fn)
            if where.endswith("start"):
                sig.bind(*args, **kwargs)
            else:
                sig.bind(None, *args, **kwargs)  # the game comes first
        except TypeError as exc:
            raise self.fail(where, f"{name}: {exc}") from None
        return Call(name, args, tuple(sorted(kwargs.items())))

    def question(self, data: dict[str, Any]) -> Question:
        from .asks import ask_named

        kind = Kind(data["kind"])
        try:
            ask = ask_named(self.game, data["ask"])
        except KeyError as exc:
            raise self.fail("question.ask", str(exc.args[0])) from None
        if ask.kind is not kind:
            raise self.fail("question.kind", f"the ask {ask.name!r} answers a {ask.kind.value} question, "
                                             f"not a {kind.value} one")
        args = dict(data.get("args", {}))
        try:
            inspect.signature(ask.compute).bind(None, **args)
        except TypeError as exc:
            raise self.fail("question.args", f"{ask.name}: {exc}") from None
        return Question(kind, data["prompt"], ask.name, tuple(sorted(args.items())),
                        float(data.get("tolerance", 0.1)))

    def step_of(self, data: dict[str, Any]) -> Step:
        self.step = data["id"]
        rule = data["rule"]
        position = data["position"]
        return Step(
            id=data["id"], title=data["title"], seat=int(data.get("seat", 0)),
            rule=Rule(rule["family"], rule["section"], rule["zh"], rule["en"], tuple(rule.get("sentences", ()))),
            position=Position(self.call(position["start"], "position.start"),
                              tuple(self.call(c, f"position.setup[{i}]")
                                    for i, c in enumerate(position.get("setup", ())))),
            question=self.question(data["question"]), hint=data.get("hint", ""), example=data.get("example", ""))


def parse_lesson(data: Any, file: str | Path = "<memory>") -> Lesson:
    """A lesson from its JSON (checked against the schema, then step by step)."""
    validate(data, "lesson", file)
    reader = _Reader(str(file), data["game"])
    steps = []
    seen: set[str] = set()
    for i, raw in enumerate(data["steps"]):
        reader.index = i
        step = reader.step_of(raw)
        if step.id in seen:
            raise reader.fail("id", "two steps have this id")
        seen.add(step.id)
        steps.append(step)
    return Lesson(data["game"], data["name"], data["title"], data.get("intro", ""), tuple(steps), str(file))


def load_lesson(game: str, name: str = "basics") -> Lesson:
    """The bundled lesson ``data/<game>/lessons/<name>.json``."""
    if game not in DATA_FOLDER:
        raise KeyError(f"no lessons for {game!r}; games: {', '.join(DATA_FOLDER)}")
    path = data_path(DATA_FOLDER[game], "lessons", f"{name}.json")
    lesson = parse_lesson(read_json(path), path)
    if lesson.game != game:
        raise LessonError(path, "", "game", f"the file is a {lesson.game} lesson, not a {game} one")
    return lesson


def lesson_names(game: str) -> list[str]:
    """The bundled lessons of ``game``."""
    folder = data_path(DATA_FOLDER[game], "lessons")
    return sorted(p.stem for p in folder.glob("*.json")) if folder.is_dir() else []
