"""Shared numbers and card helpers of the Baldur's Gate rules.

Seed 002:

* "玩家持有的英雄数目，决定抽取手牌数量： 0+ 个英雄 3张。 4+ 个英雄 4张。 6+ 个英雄 5张。 8+ 个英雄 6张。"
* "玩家手牌上限不可超过13张"
* "注6：[9] 徵税为获得行动玩家手上所有英雄牌数量 + 2 的手牌 ( 上限为5张 )。"
"""

from __future__ import annotations

from ..cards import colour, full_deck, is_joker, rank_of

HAND_LIMIT = 13
WAITING = ("opening", "act", "bid", "choose", "protect", "answer", "werewolves", "join", "fight", "gods", "look",
           "wall")
#: cards drawn at the start of a turn by heroes held (0+: 3, 4+: 4, 6+: 5, 8+: 6)
DRAWS = ((8, 6), (6, 5), (4, 4), (0, 3))
#: Persian wall: plays per player, the numbers a card or a joker can stand for
WALL_ROUNDS = 7
WALL_NUMBERS = tuple(range(2, 11))
#: function cards a player can use actively (5 is passive defence, 7 is the witch's any-time reversal)
ACTIVE = (2, 3, 4, 6, 8, 9, 10)


class _Same(dict):
    """Card -> (rank, colour), filled on first use."""

    def __missing__(self, card: str) -> tuple[str, str]:
        known = self[card] = (rank_of(card), colour(card))
        return known


_SAME = _Same()


def choices(cards: list[str]) -> list[str]:
    """One card per (rank, colour) held: two cards of a rank and colour do the same everywhere but in the
    opening, so only one of them is offered (the first in code order; see docs/rules/baldursgate.md). The first
    of each group in sorted order come out sorted."""
    backwards = sorted(cards, reverse=True)  # the first card of each kind in code order is the last one kept
    return sorted(dict(zip(map(_SAME.__getitem__, backwards), backwards, strict=True)).values())


def kind(card: str) -> str:
    """A hand card by what it does in a bid: its rank and colour (``"5 black"``), or the joker's code."""
    known = _KINDS.get(card)
    if known is None:
        known = _KINDS[card] = card if is_joker(card) else f"{rank_of(card)} {colour(card)}"
    return known


_KINDS: dict[str, str] = {}


def card_of(hand: list[str], kind_: str) -> str:
    """The card of ``hand`` a kind stands for (the first in code order)."""
    codes = _CODES_OF.get(kind_)
    if codes is None:
        if not _CODES_OF:
            for c in sorted(set(full_deck())):
                _CODES_OF.setdefault(kind(c), []).append(c)
        codes = _CODES_OF.get(kind_, ())
    for c in codes:  # a kind's codes in code order: the first one held
        if c in hand:
            return c
    raise StopIteration(kind_)  # as next() over the hand raised before


_CODES_OF: dict[str, list[str]] = {}


def draw_count(heroes: int) -> int:
    return _DRAW_COUNTS[heroes if heroes < 8 else 8]


#: :data:`DRAWS` by heroes held, 0 to 8 (8 or more draw the same)
_DRAW_COUNTS = tuple(next(n for least, n in DRAWS if heroes >= least) for heroes in range(9))


def tax_count(heroes: int) -> int:
    """注6: heroes held by the actor + 2 cards, at most 5."""
    return min(5, heroes + 2)
