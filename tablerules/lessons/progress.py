"""A learner's progress through a lesson, exported as a small JSON file a teacher collects (no server of
ours): the name the learner typed, the lesson, and per step the attempts, hints, whether it was right and
whether it was skipped. Nothing else about the learner is kept."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any

from ..core.data import parse_json_text
from ..core.errors import DataError

FORMAT = "tablerules-lesson-progress/1"


@dataclass
class StepRecord:
    """One step: how many answers were checked, hints asked, and how it ended."""

    step: str
    attempts: int = 0
    hints: int = 0
    right: bool = False
    skipped: bool = False
    first_try: bool = False


@dataclass
class Progress:
    """The learner's record of one lesson."""

    game: str
    lesson: str
    name: str = ""
    steps: dict[str, StepRecord] = field(default_factory=dict)

    def record(self, step: str) -> StepRecord:
        return self.steps.setdefault(step, StepRecord(step))

    def answered(self, step: str, right: bool) -> None:
        r = self.record(step)
        r.attempts += 1
        if right and not r.right:
            r.right, r.first_try = True, r.attempts == 1
            r.skipped = False

    def hinted(self, step: str) -> None:
        self.record(step).hints += 1

    def skipped(self, step: str) -> None:
        r = self.record(step)
        if not r.right:
            r.skipped = True

    def done(self) -> int:
        """Steps answered right."""
        return sum(r.right for r in self.steps.values())

    def to_json(self) -> str:
        return json.dumps({"format": FORMAT, "game": self.game, "lesson": self.lesson, "name": self.name[:80],
                           "steps": [asdict(r) for r in self.steps.values()]}, ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls, text: str, file: str = "<progress>") -> Progress:
        data: Any = parse_json_text(text, file)
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise DataError(file, "$.format", f"not a lesson progress file (expected {FORMAT!r})")
        try:
            steps = {r["step"]: StepRecord(**r) for r in data["steps"]}
            return cls(str(data["game"]), str(data["lesson"]), str(data.get("name", "")), steps)
        except (KeyError, TypeError) as exc:
            raise DataError(file, "$.steps", f"a step record is malformed: {exc}") from exc


def class_summary(files: list[tuple[str, str]]) -> list[dict[str, Any]]:
    """A teacher's table from the learners' files (``(file name, text)``): per learner, the steps right,
    right at the first try, skipped, and the hints asked."""
    rows = []
    for file, text in files:
        p = Progress.from_json(text, file)
        rs = list(p.steps.values())
        rows.append({"name": p.name or file, "lesson": f"{p.game}/{p.lesson}", "right": p.done(),
                     "first try": sum(r.first_try for r in rs), "skipped": sum(r.skipped for r in rs),
                     "hints": sum(r.hints for r in rs)})
    return rows
