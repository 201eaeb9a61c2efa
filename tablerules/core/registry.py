"""The games the CLI and notebooks know by name.

Each game module registers its :class:`~tablerules.core.protocol.Game` subclass with
:func:`register`; the built-in games are imported on first use, so ``tablerules simulate NAME``
finds them without importing every game up front.
"""

from __future__ import annotations

import importlib

from .protocol import Game

_GAMES: dict[str, type[Game]] = {}

#: built-in games: registry name -> module that registers it (filled as each game lands)
BUILTIN_MODULES: dict[str, str] = {
    "quest-crawl": "tablerules.quest.exploration",
    "munchkin": "tablerules.munchkin.game",
    "quest": "tablerules.quest.game",
    "smallworld": "tablerules.smallworld.game",
    "kragmortha": "tablerules.kragmortha.game",
    "baldursgate": "tablerules.baldur.game",
}


def register(cls: type[Game]) -> type[Game]:
    """Class decorator: make a game known by its ``name``."""
    if not cls.name:
        raise ValueError(f"{cls.__name__} has no name")
    _GAMES[cls.name] = cls
    return cls


def unregister(name: str) -> None:
    _GAMES.pop(name, None)


def game_names() -> list[str]:
    """Every game that can be simulated or played, sorted."""
    return sorted(set(_GAMES) | set(BUILTIN_MODULES))


def game_class(name: str) -> type[Game]:
    """The game class registered under ``name``; ``KeyError`` with the known names otherwise."""
    if name not in _GAMES and name in BUILTIN_MODULES:
        importlib.import_module(BUILTIN_MODULES[name])
    try:
        return _GAMES[name]
    except KeyError:
        known = ", ".join(game_names()) or "none yet"
        raise KeyError(f"unknown game {name!r} (known: {known})") from None
