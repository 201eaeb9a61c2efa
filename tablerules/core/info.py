"""What kind of game it is (:class:`GameInfo`) and the event log (:class:`Event` lines on a
:class:`Trail`, an append-only sequence that copies of a game share)."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from .state import to_plain


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

    def seen(self, player: int | None) -> str | None:
        """The text ``player`` reads (``None``: the full view), or ``None`` when they read nothing."""
        if player is None or self.seen_by is None or player in self.seen_by:
            return self.text
        return self.hidden or None


class Trail:
    """An append-only sequence shared by copies: appending makes a new trail in O(1) and never changes
    the old one, so a copied game shares its history and log with the original."""

    __slots__ = ("_node",)

    def __init__(self, node: tuple | None = None) -> None:
        self._node = node  # (parent node, item, length) or None

    def append(self, item: Any) -> Trail:
        node = self._node
        return Trail((node, item, (node[2] if node else 0) + 1))

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
