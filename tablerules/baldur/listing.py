"""Building the legal action lists fast: the actions are immutable, so each one is made once and shared
(:func:`bid`, :func:`use`), and a list is kept while what it reads stays the same.

Random playouts list actions at nearly every step; making the same frozen dataclasses again each time, and
keeping them in caches per hand, cost more than the rules themselves (and the long-lived copies slow the
garbage collector down). The interned actions are bounded: a handful per seat, card kind and hero action.
"""

from __future__ import annotations

from functools import lru_cache

from ..core.protocol import Action
from . import actions as A
from .cards import full_deck, protection_numbers
from .rules.common import kind

_SHARED: dict[tuple, Action] = {}


def shared(cls: type[Action], *fields) -> Action:
    """``cls(*fields)``, one shared object per value (actions are immutable)."""
    known = _SHARED.get((cls, fields))
    if known is None:
        if len(_SHARED) >= 100_000:  # never reached by the rules' actions; a bound all the same
            _SHARED.clear()
        known = _SHARED[cls, fields] = cls(*fields)
    return known


_BIDS: dict[tuple, Action] = {}
_LAST_BIDS: dict[int, tuple[list[str], tuple[Action, ...]]] = {}


def bid(p: int, cards: tuple[str, ...]) -> Action:
    """``Bid(p, cards)``, one shared object per value."""
    known = _BIDS.get((p, cards))
    if known is None:
        known = _BIDS[p, cards] = A.Bid(p, cards)
    return known


def drop(p: int) -> Action:
    known = _BIDS.get(p)
    if known is None:
        known = _BIDS[p] = A.Drop(p)
    return known


def bids(p: int, hand: list[str]) -> tuple[Action, ...]:
    """Two cards by rank and colour (one if only one is held), in sorted order of the kinds (every pair of
    kinds, the same kind twice when held twice), then dropping out. A hand does not change while its player
    is still to bid, so the last list of each seat is kept for the other bidders' turns."""
    last = _LAST_BIDS.get(p)
    if last is not None and last[0] == hand:
        return last[1]
    key = list(hand)  # a copy: the hand changes once its player bids
    held = list(map(_KIND_OF.__getitem__, key))  # each card's kind (in C)
    kinds = sorted(set(held))
    out: list[Action] = []
    if len(key) < 2:
        out += [bid(p, (k,)) for k in kinds]
    else:
        twice = () if len(kinds) == len(held) else {k for k in kinds if held.count(k) > 1}
        rows = _ROWS.get(p) or _rows(p)
        for i, k in enumerate(kinds):  # (k, k) sorts before (k, a larger kind)
            row = rows.get(k) or _row(p, k)
            if k in twice:
                out.append(row[k])
            out += map(row.__getitem__, kinds[i + 1:])
    out.append(drop(p))
    result = tuple(out)
    _LAST_BIDS[p] = (key, result)
    return result


class _Kinds(dict):
    """Card -> :func:`kind`, filled on first use."""

    def __missing__(self, card: str) -> str:
        known = self[card] = kind(card)
        return known


_KIND_OF = _Kinds()
#: each seat's bids of two cards: kind -> {the same or a larger kind -> Bid(p, (kind, other))}
_ROWS: dict[int, dict[str, dict[str, Action]]] = {}
#: the kinds of the deck's cards, sorted
_DECK_KINDS = sorted({kind(c) for c in full_deck()})


def _rows(p: int) -> dict[str, dict[str, Action]]:
    rows = _ROWS[p] = {}
    for k in _DECK_KINDS:
        _row(p, k)
    return rows


def _row(p: int, k: str) -> dict[str, Action]:
    """The bids of seat ``p`` pairing kind ``k`` with itself or a larger kind of the deck (``_ROWS``)."""
    rows = _ROWS.setdefault(p, {})
    row = rows[k] = {other: bid(p, (k, other)) for other in _DECK_KINDS if other >= k}
    return row


@lru_cache(maxsize=4096)
def protects(p: int, hand: tuple[str, ...], number: int) -> tuple[Action, ...]:
    """Protecting with each set of hand cards making ``number``; letting the hero die only when no set makes it
    ("必须使用手牌来…保护", 注9 "若保护不成功，则英雄直接死亡": protecting is a must)."""
    sets = [shared(A.Protect, p, numbers) for numbers in protection_numbers(list(hand), number)]
    return tuple(sets) if sets else (shared(A.GiveUp, p),)
