"""What Baldur's Gate hides from a seat, for :func:`tablerules.core.worlds.sample_world`.

Hidden from seat ``p`` (see :meth:`Baldur.observe`): the other hands, the bank (its shuffled part: order
and contents; the cards under it, in order, as far as ``p`` did not see them go there), the inn and the
heroes under it, the other seats' face-down bids, opening cards, silver bullets / attacks played face
down and cards being passed, the werewolves' and Dracula's hidden cards, the cards being shuffled
together for a deal (the pool), and the cards looked at with a 6 unless ``p`` is the one looking. Heroes
are only exchanged with heroes, hand cards with hand cards (their backs differ: the inn and the bank).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from typing import Any

from ..core.worlds import Zone
from .cards import card_label, full_deck, is_hero, is_joker
from .state import AUCTION

_DECK = Counter(full_deck())


class BaldurWorlds:
    def zones(self, game: Any, player: int) -> list[Zone]:
        s = game.state
        out = [Zone(("hand", q), tuple(seat.hand)) for q, seat in enumerate(s.seats) if q != player]
        out += [Zone("bank", tuple(s.bank)), Zone("bank_under", tuple(s.bank_under), ordered=True),
                Zone("inn", tuple(s.inn)), Zone("inn_under", tuple(s.inn_under), ordered=True),
                Zone("hidden", tuple(s.hidden)), Zone("pool", tuple(s.pool))]
        if player != s.current:
            out.append(Zone("looked", tuple(s.looked)))
        for name, piles in (("bid", s.bids), ("played", s.played), ("passing", s.passing)):
            out += [Zone((name, q), tuple(cards)) for q, cards in enumerate(piles) if q != player]
        if s.stage == "opening":
            out += [Zone(("opening", q), (card,)) for q, card in enumerate(s.opening) if q != player and card]
        return [z for z in out if z.cards or z.ordered]

    def universe(self, game: Any) -> Counter[str]:
        return _DECK

    def kind(self, game: Any, card: str) -> Hashable:
        return is_hero(card)

    def names(self, game: Any, card: str) -> Sequence[str]:
        """How the log names ``card``: its label ("10♠", "black joker") or its code."""
        return (card, card_label(card))

    def put(self, game: Any, player: int, zones: dict[Hashable, list[str]], moved: dict[Hashable, list[int]]) -> None:
        s = game.state
        _open_no_joker(zones, moved)
        for key, cards in zones.items():
            if isinstance(key, tuple):
                name, q = key
                if name == "hand":
                    s.seats[q].hand = _like(s.seats[q].hand, cards)
                elif name == "opening":
                    s.opening[q] = cards[0]
                else:
                    piles = {"bid": s.bids, "played": s.played, "passing": s.passing}[name]
                    piles[q] = _like(piles[q], cards)
            else:
                setattr(s, key, cards if key.endswith("_under") else _like(getattr(s, key), cards))

    def chance_hidden(self, game: Any, player: int) -> bool:
        s = game.state
        if s.tied or not s.tasks:
            return False
        task = s.tasks[0]
        if task.what in ("draw", "deal"):
            return True
        if task.what == "hero":
            return not (s.revealed and task.dst == AUCTION)
        if task.what == "take":
            return task.src != player
        return False  # heroes killed or grabbed, heroes in an exchange: face up


def _open_no_joker(zones: dict[Hashable, list[str]], moved: dict[Hashable, list[int]]) -> None:
    """Nobody opens with a joker: a joker drawn for a face-down opening card changes places with a plain card
    redrawn elsewhere (the opener's hand first), so the world stays one the rules allow."""
    for key in [k for k in zones if isinstance(k, tuple) and k[0] == "opening"]:
        if not is_joker(zones[key][0]):
            continue
        others = [("hand", key[1])] + [k for k in zones if k != ("hand", key[1]) and not
                                       (isinstance(k, tuple) and k[0] == "opening")]
        for other in others:
            spot = next((i for i in moved.get(other, []) if not is_joker(zones[other][i]) and
                         not is_hero(zones[other][i])), None)
            if spot is not None:
                zones[key][0], zones[other][spot] = zones[other][spot], zones[key][0]
                break


def _like(old: list[str], new: list[str]) -> list[str]:
    """``new`` kept sorted when ``old`` was (hands, the bank and the inn are kept sorted)."""
    return sorted(new) if old == sorted(old) else new


MODEL = BaldurWorlds()
