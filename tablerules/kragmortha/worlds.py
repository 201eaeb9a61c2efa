"""What Kragmortha hides from a seat, for :func:`tablerules.core.worlds.sample_world`.

Hidden from seat ``p`` (see :meth:`Kragmortha.observe`): the other hands (movement cards), the four
decks (movement, penalty, teleport, tome: shuffled piles, order and contents), and the teleport card on
top of its deck that another seat peeked at. Everything else is face up: the penalty cards and tomes in
front of the seats, the penalty cards put back under their deck (drawn face up), the discards. A hand
shown with 親愛的朋友 stays as shown. Cards are exchanged only within one kind (the four backs).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Hashable, Sequence
from typing import Any

from ..core.worlds import Zone
from .data import card_name

_DECKS = ("move_deck", "penalty_deck", "teleport_deck", "tome_deck")
_SHOWN = re.compile(r"^player (\d+) shows player (\d+): (.*)$")


class KragmorthaWorlds:
    def zones(self, game: Any, player: int) -> list[Zone]:
        s = game.state
        out = [Zone(("hand", q), tuple(seat.hand)) for q, seat in enumerate(s.seats) if q != player]
        out += [Zone(deck, tuple(getattr(s, deck))) for deck in _DECKS]
        if player not in s.teleport_seen:
            out.append(Zone("teleport_top", tuple(s.teleport_top), ordered=True))
        return out

    def universe(self, game: Any) -> Counter[str]:
        every: Counter[str] = Counter()
        for table in (game.movement, game.teleports):
            every.update({c.id: c.copies for c in table.values()})
        every.update(list(game.penalties) + list(game.tomes))
        return every

    def kind(self, game: Any, card: str) -> Hashable:
        return next(i for i, table in enumerate((game.movement, game.penalties, game.teleports, game.tomes))
                    if card in table)

    def names(self, game: Any, card: str) -> Sequence[str]:
        """How the log names ``card``: by its name ("goblin card with grimoire and parchment"), or its id."""
        return (card, card_name(card))

    def shown(self, game: Any, player: int, lines: Sequence[str]) -> dict[Hashable, Counter[str]]:
        """Hands shown to ``player`` in ``lines`` (親愛的朋友): every card of them is known where it is."""
        out: dict[Hashable, Counter[str]] = {}
        for line in lines:
            m = _SHOWN.match(line)
            if m and int(m.group(2)) == player:
                ids = {card_name(c): c for c in game.movement}
                out[("hand", int(m.group(1)))] = Counter(ids.get(c, c) for c in m.group(3).split(", ") if c)
        return out

    def put(self, game: Any, player: int, zones: dict[Hashable, list[str]], moved: dict[Hashable, list[int]]) -> None:
        s = game.state
        for key, cards in zones.items():
            if isinstance(key, tuple):
                s.seats[key[1]].hand = cards
            else:
                setattr(s, key, cards)

    def chance_hidden(self, game: Any, player: int) -> bool:
        s = game.state
        if s.stage in ("first player", "over") or not s.tasks:
            return False
        kind = s.tasks[0][0]
        if kind in ("teleport", "peek"):
            return bool(s.teleport_top) and player not in s.teleport_seen
        return kind in ("deal", "draw", "refill")


MODEL = KragmorthaWorlds()
