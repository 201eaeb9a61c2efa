"""A step's position, made with the game's public scenario API: the start call, then each setter in order."""

from __future__ import annotations

from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING

from ..core.errors import TablerulesError

if TYPE_CHECKING:
    from ..core.protocol import Game
    from .model import Step

#: the game's name -> its package (the Baldur's Gate package predates the game's name)
PACKAGE = {"munchkin": "munchkin", "quest": "quest", "smallworld": "smallworld", "baldursgate": "baldur",
           "kragmortha": "kragmortha"}


def scenario_module(game: str) -> ModuleType:
    """``tablerules/<game>/scenario.py``."""
    if game not in PACKAGE:
        raise KeyError(f"no scenario API for {game!r}")
    return import_module(f"tablerules.{PACKAGE[game]}.scenario")


def _plain(value: object) -> object:
    """JSON arrays as tuples (a square ``[0, -1]`` is the ``(0, -1)`` the scenario API takes)."""
    if isinstance(value, list | tuple):
        return tuple(_plain(v) for v in value)
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def build(game: str, step: Step) -> Game:
    """The step's position, set up afresh (every call refuses a position the rules cannot hold)."""
    module = scenario_module(game)
    start = step.position.start
    try:
        made = getattr(module, start.name)(*_plain(start.args), **_plain(dict(start.kwargs)))
        for call in step.position.setup:
            getattr(module, call.name)(made, *_plain(call.args), **_plain(dict(call.kwargs)))
    except (TablerulesError, ValueError, KeyError) as exc:
        raise ValueError(f"step {step.id!r}: the position cannot be set up: {exc}") from exc
    return made
