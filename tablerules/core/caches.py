"""Module-level caches that stay bounded over a long run (a sweep worker plays 100,000s of games).

Every cache under ``tablerules`` that is filled at run time is bounded one of three ways:

* a :class:`BoundedDict` (inserting into a full one drops its oldest half) or an ``lru_cache`` with a
  ``maxsize``;
* a dict that clears itself at a threshold where it is filled (listed in :data:`CLEARED` with the bound);
* bounded by the data: one entry per game class, card, die face, board square... (:data:`BY_DATA`, with
  the reason).

``tests/test_memory.py`` plays games of every game and fails if a cache that grew after the warm-up is none
of these, so a new unbounded cache is caught when it is added.
"""

from __future__ import annotations

from collections.abc import Hashable
from itertools import islice
from typing import Any, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

_MISSING: Any = object()


class BoundedDict(dict[K, V]):
    """A dict of at most ``maxsize`` entries: inserting a new key into a full one first drops the oldest
    half (insertion order), so a hot working set refills quickly and the memory stays bounded. Reading is
    a plain dict read (the caches are read far more often than filled)."""

    __slots__ = ("maxsize",)

    def __init__(self, maxsize: int) -> None:
        if maxsize < 1:
            raise ValueError("maxsize must be at least 1")
        super().__init__()
        self.maxsize = maxsize

    def _make_room(self) -> None:
        for old in list(islice(iter(self), max(1, self.maxsize // 2))):
            dict.__delitem__(self, old)

    def __setitem__(self, key: K, value: V) -> None:
        if len(self) >= self.maxsize and key not in self:
            self._make_room()
        dict.__setitem__(self, key, value)

    def setdefault(self, key: K, default: V = None) -> V:  # type: ignore[assignment]
        value = self.get(key, _MISSING)
        if value is _MISSING:
            self[key] = value = default
        return value

    def update(self, *args: Any, **kwargs: Any) -> None:
        for key, value in dict(*args, **kwargs).items():
            self[key] = value


#: caches cleared where they are filled, with their bound (entries)
CLEARED: dict[str, int] = {
    "tablerules.core.actions.MADE": 1 << 14,
    "tablerules.core.actions._UNIFORM": 257,
    "tablerules.core.info._PUBLIC": 4096,
    "tablerules.core.info._PRIVATE": 4096,
    "tablerules.core.protocol._PUBLIC": 4096,  # the same dict as info._PUBLIC, imported
    "tablerules.core.flow._STAGES": 4096,
    "tablerules.core.worlds._KNOWN": 65,
    "tablerules.core.saves._possible": 4096,
    "tablerules.quest.actions._ROWS": 1 << 14,
    "tablerules.quest.rules.items._KINDS": (1 << 14) + 1,
    "tablerules.quest.rules.items._LAST": (1 << 14) + 1,
    "tablerules.quest.rules.items._ITEMS": (1 << 14) + 1,
    "tablerules.quest.rules.items._CARRIED": (1 << 14) + 1,
    "tablerules.quest.rules.items.MADE": 1 << 14,  # core.actions.MADE, imported
    "tablerules.munchkin.rules.choices._ASKS": 1 << 14,
    "tablerules.munchkin.game.MunchkinGame._decoded": 1 << 16,
    "tablerules.baldur.listing._SHARED": 100_000,
    "tablerules.baldur.rules.heroes._USES": 1 << 14,
    "tablerules.interop.openspiel._INITIAL_TENSORS": 257,
}

#: caches bounded by the data, and why
BY_DATA: dict[str, str] = {
    "tablerules.quest.game._DO": "one entry per action type",
    "tablerules.quest.packs._KNOWN": "one entry per card, monster and room of the card packs loaded",
    "tablerules.quest.game._DRAW_TEXT": "one entry per (seat, deck)",
    "tablerules.quest.game._INDEXES": "one entry per card list loaded (the data is loaded once)",
    "tablerules.quest.game._ROOM_RULES": "one entry per room deck loaded (the data is loaded once)",
    "tablerules.quest.rules.common._DRAWS": "one entry per (deck, card copy)",
    "tablerules.quest.rules.turn._HIDDEN_DRAWS": "one entry per (seat, deck)",
    "tablerules.quest.rules.turn._CLOSING": "one entry per seat",
    "tablerules.quest.exploration._SIDE_ACTIONS": "one entry per (action type, seat, side)",
    "tablerules.quest.exploration._END_TURNS": "one entry per seat",
    "tablerules.quest.exploration._NAMES": "one entry per (colour, number) of the tiles",
    "tablerules.quest.tiles._START": "one entry per (players, dungeon size, seed of the layout) asked for",
    "tablerules.munchkin.rules.door._DRAWS": "one entry per (deck, seat, card copy)",
    "tablerules.munchkin.rules.door._HIDDEN": "one entry per (seat, deck)",
    "tablerules.munchkin.game._WHAT": "one entry per (deck, seat, card copy)",
    "tablerules.munchkin.game.MunchkinGame._handlers": "one entry per action type",
    "tablerules.baldur.cards._IS_HERO": "one entry per card code",
    "tablerules.baldur.cards._VALUE": "one entry per card code",
    "tablerules.baldur.cards._numbers": "one entry per set of needed values (_needs of 13 numbers x 0-4 jokers)",
    "tablerules.baldur.cards._needs_upto": "one entry per (number 1-13, jokers 0-4)",
    "tablerules.baldur.cards._needs": "one entry per (number 1-13, jokers 0-4)",
    "tablerules.baldur.cards._minimal_sets": "one entry per (number 1-13, jokers 0-4)",
    "tablerules.baldur.rules.heroes._pay_table": "at most 4 x 4 x 4 x 4 entries (each argument is capped at 3)",
    "tablerules.baldur.rules.heroes._TEXTS": "one entry per (rank, level)",
    "tablerules.baldur.rules.common._KINDS": "one entry per card code",
    "tablerules.baldur.rules.common._CODES_OF": "one entry per card kind",
    "tablerules.baldur.listing._ROWS": "one entry per seat, each one per card pair",
    "tablerules.baldur.listing._BIDS": "one entry per (seat, card kind pair)",
    "tablerules.baldur.listing._LAST_BIDS": "one entry per seat (the last listing only)",
    "tablerules.baldur.game._ABOUT": "one entry per (task kind, destination)",
    "tablerules.baldur.game._STEPS": "one entry per program step name",
    "tablerules.baldur.game._ENDS": "one entry per (seat, flag)",
    "tablerules.baldur.game._PERFORM": "one entry per action type",
    "tablerules.kragmortha.actions._TABLES": "one entry per (seat, movement card)",
    "tablerules.kragmortha.actions._SQUARE_ACTIONS": "one entry per (action type, seat, square, label)",
    "tablerules.core.state._PLANS": "one entry per state class",
    "tablerules.core.state._FROZEN": "one entry per state class",
    "tablerules.core.state._CONVERTERS": "one entry per field type",
    "tablerules.core.state._HINTS": "one entry per state class",
    "tablerules.core.actions._OUTCOME_WORDS": "one entry per chance event",
    "tablerules.core.actions._LAST_DRAW": "one entry per chance event (the last draw only)",
    "tablerules.core.registry._GAMES": "one entry per game class",
    "tablerules.core.saves._keys": "one entry per key file",
    "tablerules.terminal.words._PATTERNS": "one entry per name table (module constants)",
}


def bound_of(name: str, value: Any) -> int | str | None:
    """How the cache ``name`` (``module.attr``) holding ``value`` is bounded: its maxsize (a
    :class:`BoundedDict`, an ``lru_cache``), its :data:`CLEARED` threshold, the :data:`BY_DATA` reason, or
    None (unbounded)."""
    if isinstance(value, BoundedDict):
        return value.maxsize
    info = getattr(value, "cache_info", None)
    if callable(info):
        maxsize = info().maxsize
        if maxsize is not None:
            return maxsize
    return CLEARED.get(name) or BY_DATA.get(name)
