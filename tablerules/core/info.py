"""What kind of game it is (:class:`GameInfo`) and the event log (:class:`Event` lines on a
:class:`Trail`, an append-only sequence that copies of a game share)."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from .state import to_plain

_new = object.__new__


class Information(enum.Enum):
    PERFECT = "perfect"  #: every seat sees the whole state
    IMPERFECT = "imperfect"  #: hands, face-down cards or hidden numbers are private


@dataclass(frozen=True)
class GameInfo:
    """What kind of game this is, known before playing (OpenSpiel's ``GameType`` + ``GameInfo``)."""

    min_players: int
    max_players: int
    chance: bool = True  #: random events (dice, draws) are explicit chance steps
    information: Information = Information.PERFECT
    max_length: int = 100_000  #: no game runs longer than this many actions (chance outcomes included)
    simultaneous: bool = False  #: several players may act at once (response windows)

    @property
    def perfect_information(self) -> bool:
        return self.information is Information.PERFECT

    def to_json(self) -> dict[str, Any]:
        return to_plain(self)


@dataclass(frozen=True)
class Event:
    """A line of the event log. ``seen_by`` (when set) are the only seats that read ``text``; the
    others read ``hidden`` (e.g. "player 2 draws a Door card face down")."""

    text: str
    seen_by: tuple[int, ...] | None = None
    hidden: str = ""

    @classmethod
    def line(cls, text: str, seen_by: tuple[int, ...] | None, hidden: str) -> Event:
        """``Event(text, seen_by, hidden)`` made without the frozen dataclass ``__init__`` (one
        ``object.__setattr__`` a field): the log gets a line at nearly every action."""
        event = _new(cls)
        event.__dict__.update(text=text, seen_by=seen_by, hidden=hidden)
        return event

    def seen(self, player: int | None) -> str | None:
        """The text ``player`` reads (``None``: the full view), or ``None`` when they read nothing."""
        if player is None or self.seen_by is None or player in self.seen_by:
            return self.text
        return self.hidden or None


_PUBLIC: dict[str, Event] = {}
_PRIVATE: dict[tuple[str, tuple[int, ...] | None, str], Event] = {}


def public_line(text: str) -> Event:
    """``Event(text)``, one shared object per text (events are immutable, and most lines of a game's log
    repeat; the table is emptied when it grows past 4,096 texts)."""
    line = _PUBLIC.get(text)
    if line is None:
        if len(_PUBLIC) >= 4096:
            _PUBLIC.clear()
        line = _PUBLIC[text] = Event.line(text, None, "")
    return line


def private_line(text: str, seen_by: tuple[int, ...] | None, hidden: str) -> Event:
    """``Event(text, seen_by, hidden)``, shared as :func:`public_line` is."""
    key = (text, seen_by, hidden)
    try:
        line = _PRIVATE.get(key)
    except TypeError:  # a seat that is not hashable: not shared
        return Event.line(text, seen_by, hidden)
    if line is None:
        if len(_PRIVATE) >= 4096:
            _PRIVATE.clear()
        line = _PRIVATE[key] = Event.line(text, seen_by, hidden)
    return line


class Trail:
    """An append-only sequence shared by copies: appending makes a new trail in O(1) and never changes
    the old one, so a copied game shares its history and log with the original."""

    __slots__ = ("_node",)

    def __init__(self, node: tuple | None = None) -> None:
        self._node = node  # (parent node, item, length) or None

    def append(self, item: Any) -> Trail:
        node = self._node
        new = _new(Trail)  # (without a call of __init__: every action and event log line appends)
        new._node = (node, item, node[2] + 1 if node else 1)
        return new

    def __len__(self) -> int:
        return self._node[2] if self._node else 0

    def __bool__(self) -> bool:
        return self._node is not None

    @property
    def last(self) -> Any:
        if self._node is None:
            raise IndexError("the trail is empty")
        return self._node[1]

    def drop_last(self) -> Trail:
        if self._node is None:
            raise IndexError("the trail is empty")
        return Trail(self._node[0])

    def ancestor(self, steps: int) -> Trail:
        """This trail without its last ``steps`` items (sharing the nodes)."""
        node = self._node
        for _ in range(steps):
            node = node[0]
        return Trail(node)

    def items_after(self, length: int) -> list[Any]:
        """The items after the first ``length`` ones, in order."""
        out = []
        node = self._node
        while node is not None and node[2] > length:
            out.append(node[1])
            node = node[0]
        out.reverse()
        return out

    def items(self) -> list[Any]:
        out = []
        node = self._node
        while node is not None:
            out.append(node[1])
            node = node[0]
        out.reverse()
        return out

    def __deepcopy__(self, memo: dict) -> Trail:
        return self  # immutable


def read_log(log: Trail, views: dict, player: int | None) -> list[str]:
    """The lines of ``log`` that ``player`` reads (:meth:`~tablerules.core.protocol.Game.log_for`), using
    and updating ``views`` (seat -> the last log read and its lines): the log only grows, so when the
    last one read is a prefix of ``log``, only the lines added since are read."""
    known = views.get(player)
    if known is not None:
        node, texts = known
        length = node[2] if node else 0
        if len(log) >= length and log.ancestor(len(log) - length)._node is node:
            if length == len(log):
                return list(texts)
            added = (e.seen(player) for e in log.items_after(length))
            texts = (*texts, *(text for text in added if text is not None))
            views[player] = (log._node, texts)
            return list(texts)
    seen = (e.seen(player) for e in log.items())
    texts = tuple([text for text in seen if text is not None])
    views[player] = (log._node, texts)
    return list(texts)
