"""The cases the interop tests run on: every registered game with any-time windows off, and (``-anytime``) the
games that have any-time actions with them on (the wrappers' ``anytime`` parameter)."""

from __future__ import annotations

import pytest

from tablerules.core.protocol import Game
from tablerules.core.registry import game_class, game_names

#: the registered games whose engines list any-time actions (the others never open a window)
ANYTIME_GAMES = tuple(n for n in game_names() if game_class(n).anytime_actions is not Game.anytime_actions)


def with_anytime(names: tuple[str, ...] | list[str] | None = None) -> list:
    """``(name, anytime)`` params: each game off (id ``name``, as before), then each game of ``ANYTIME_GAMES`` on
    (id ``name-anytime``)."""
    names = list(game_names() if names is None else names)
    return [pytest.param(n, False, id=n) for n in names] + [
        pytest.param(n, True, id=f"{n}-anytime") for n in names if n in ANYTIME_GAMES]
