"""Lessons: every game's rules taught step by step from positions set up with the scenario API, with
questions whose answers the engine computes (:mod:`.asks`), a practice mode that asks about seeded games
(:mod:`.practice`) and the learner's progress as a small JSON file (:mod:`.progress`). No Jupyter here:
the notebook side is :mod:`tablerules.widgets.lesson_panel`."""

from .check import Shown, Verdict, check, show
from .model import Kind, Lesson, LessonError, Step, lesson_names, load_lesson, parse_lesson

__all__ = ["Kind", "Lesson", "LessonError", "Shown", "Step", "Verdict", "check", "lesson_names", "load_lesson",
           "parse_lesson", "show"]
