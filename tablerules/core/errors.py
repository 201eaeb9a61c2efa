"""The errors of tablerules: one base class, and one class per kind of mistake."""

from __future__ import annotations

from pathlib import Path


class TablerulesError(Exception):
    """Base class of every error this package raises on purpose."""


class IllegalAction(TablerulesError):
    """An action the rules forbid now. ``rule`` names the rule; the game state is left untouched."""

    def __init__(self, rule: str, message: str, action: object | None = None) -> None:
        self.rule = rule
        self.action = action
        super().__init__(f"illegal action ({rule}): {message}")


class DataError(TablerulesError):
    """A data file that does not say what the rules need: names the file, the JSON path and the reason."""

    def __init__(self, file: str | Path, path: str, reason: str) -> None:
        self.file = str(file)
        self.path = path or "$"
        self.reason = reason
        super().__init__(f"{self.file}: at {self.path}: {reason}")


class SaveError(TablerulesError):
    """A saved game that cannot be loaded (wrong format, unknown game or action, replay fails)."""


class ScenarioError(TablerulesError, ValueError):
    """A scenario set-up (``tablerules/<game>/scenario.py``) asked for a position the rules cannot hold: names
    the game, the field (``lost_tribes[7]``) and the reason. A :class:`ValueError` too, as the older set-up
    checks raised."""

    def __init__(self, game: str, field: str, reason: str) -> None:
        self.game = game
        self.field = field
        self.reason = reason
        super().__init__(f"{game} scenario: {field}: {reason}")
