"""Small helpers for texts a player reads: counted nouns and lists in words, not Python's."""

from __future__ import annotations

from collections.abc import Iterable


def counted(n: int, noun: str, plural: str = "") -> str:
    """``counted(1, "card")`` is "1 card", ``counted(3, "card")`` "3 cards" (``plural`` when not noun + s)."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def listed(items: Iterable[object], empty: str = "none", last: str = "and") -> str:
    """Items as a sentence: "a", "a and b", "a, b and c" (``empty`` when there are none)."""
    words = [str(x) for x in items]
    if not words:
        return empty
    if len(words) == 1:
        return words[0]
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def players(seats: Iterable[int], empty: str = "nobody") -> str:
    """Seats in words: "player 2", "players 1, 2 and 0" (``empty`` when there are none)."""
    seats = list(seats)
    if len(seats) == 1:
        return f"player {seats[0]}"
    return f"players {listed(seats)}" if seats else empty
