"""The turn and drawing: the bank and the inn as explicit chance steps, the draw at a turn's start, the
next turn.

Seed 002:

* "死去的英雄须回归旅店底部，使用後的手牌也须回归银行底部。"
* "而每位玩家在自己回合开始时可再从银行抽取一次手牌。"
* "玩家持有的英雄数目，决定抽取手牌数量： 0+ 个英雄 3张。 4+ 个英雄 4张。 6+ 个英雄 5张。 8+ 个英雄 6张。"
* "每位玩家可以做两件事情：先英雄行动、後招募英雄。"
* "开局玩家英雄行动结束之後，以顺时针方向换下一位玩家英雄行动。"
"""

from __future__ import annotations

from ..cards import (
    HERO_NAMES,
    card_label,
    colour,
    is_hero,
    is_joker,
    rank_of,
)
from ..state import AUCTION, BANK, EVENT, GODS, HIDDEN, INN, LIMBO, LOOK, OPEN, REVEALED, BaldurState, Task
from .common import draw_count


class TurnRules:
    """Mixed into :class:`tablerules.baldur.game.Baldur`."""

    state: BaldurState
    _pool_memo: tuple | None

    def _source(self, task: Task) -> list[str]:
        s = self.state
        if task.what == "draw":
            return s.bank if s.bank else s.bank_under[:1]
        if task.what == "hero":
            if s.revealed and task.dst == AUCTION:
                return [s.revealed]
            return s.inn if s.inn else s.inn_under[:1]
        if task.what == "take":
            return s.seats[task.src].hand
        if task.what in ("kill", "grab"):
            return s.seats[task.src].all_heroes()
        if task.what == "deal":
            return s.pool
        return s.limbo

    def _taken(self, source: list[str], card: str) -> None:
        """Remove ``card`` (its first copy) from the bank or the inn, carrying the counts that
        ``pending_chance`` keeps of it (``_pool_memo``: the list, a copy of its cards, their values in order of
        first appearance and their counts) to the next draw: one count less, the same order while the card's
        next copy follows at once (else they are counted again). ``pending_chance`` uses them only while the
        copy equals the cards."""
        source.remove(card)
        memo = self._pool_memo
        if memo is None or memo[0] is not source:
            return
        _, cards, values, counts = memo
        if card not in values:
            self._pool_memo = None
            return
        i = cards.index(card)
        rest = cards[:i] + cards[i + 1:]
        k = values.index(card)
        if counts[k] == 1:
            values, counts = values[:k] + values[k + 1:], counts[:k] + counts[k + 1:]
        elif i < len(rest) and rest[i] == card:
            counts = (*counts[:k], counts[k] - 1, *counts[k + 1:])
        else:  # the next copy comes after other cards: the order of first appearances may change
            self._pool_memo = None
            return
        self._pool_memo = (source, rest, values, counts)

    def _move(self, task: Task, card: str) -> None:
        s = self.state
        if task.what == "draw":
            self._taken(s.bank, card) if s.bank else s.bank_under.remove(card)
        elif task.what == "hero":
            if s.revealed and task.dst == AUCTION:
                s.revealed = ""
            else:
                self._taken(s.inn, card) if s.inn else s.inn_under.remove(card)
        elif task.what == "take":
            s.seats[task.src].hand.remove(card)
        elif task.what in ("kill", "grab"):
            seat = s.seats[task.src]
            (seat.heroes if card in seat.heroes else seat.tired).remove(card)
        elif task.what == "deal":
            s.pool.remove(card)
        else:
            s.limbo.remove(card)
        dst = INN if task.what == "kill" else task.dst
        if dst >= 0:
            seat = s.seats[dst]
            if is_hero(card):
                seat.heroes.append(card)
                seat.heroes.sort()
                self.event(f"player {dst} gets hero {card_label(card)} face up")
            else:
                seat.hand.append(card)
                seat.hand.sort()
                if task.what in ("draw", "take", "deal"):  # a hand card drawn, taken or dealt: private
                    seen = (dst,) if task.what != "take" else (dst, task.src)
                    self.event(f"player {dst} gets {card_label(card)}", seen, f"player {dst} gets a card")
                else:
                    self.event(f"player {dst} gets hero {card_label(card)} face up")
        elif dst == BANK:
            s.bank_under.append(card)
        elif dst == INN:
            s.inn_under.append(card)
            self.event(f"hero {card_label(card)} of player {task.src} dies and goes under the inn")
        elif dst == LIMBO:
            s.limbo.append(card)
        elif dst == EVENT:
            s.event = card
        elif dst == AUCTION:
            s.auction = card
            self.event(f"the inn offers hero {card_label(card)} ({HERO_NAMES[rank_of(card)]})")
        elif dst == LOOK:
            s.looked.append(card)
            s.looked.sort()
            self.event(f"player {s.current} looks at {card_label(card)}", seen_by=(s.current,),
                       hidden=f"player {s.current} looks at a card")
        elif dst == GODS:
            s.gods.append(card)
            self.event(f"the gods show {card_label(card)} ({'any colour' if is_joker(card) else colour(card)})")
        elif dst <= OPEN:
            s.open_cards[OPEN - dst].append(card)
            s.open_cards[OPEN - dst].sort()
            self.event(f"player {OPEN - dst} gets {card_label(card)} face up in front of them")
        elif dst == HIDDEN:
            s.hidden.append(card)
            self.event(f"a hidden card: {card_label(card)}", seen_by=(), hidden="a card is drawn face down")
        elif dst == REVEALED:
            s.revealed = card
            self.event(f"the inn's top hero is shown: {card_label(card)}")
        task.n -= 1
        if task.n <= 0 or not self._source(task):
            s.tasks.remove(task)

    def _draw_under(self, task: Task) -> None:
        """A draw for a player from an empty bank: the cards under it come in order, no chance involved, so
        the task's cards are moved at once (each logged as :meth:`_move` logs it, in the same order)."""
        s = self.state
        under = s.bank_under
        k = min(max(task.n, 1), len(under))  # as _move: one card at least, even for a task of 0 cards
        dst = task.dst
        seat = s.seats[dst]
        seen = (dst,)
        hidden = f"player {dst} gets a card"
        event = self.event
        for card in under[:k]:
            if is_hero(card):
                seat.heroes.append(card)
                seat.heroes.sort()
                event(f"player {dst} gets hero {card_label(card)} face up")
            else:
                seat.hand.append(card)
                event(f"player {dst} gets {card_label(card)}", seen, hidden)
        del under[:k]
        seat.hand.sort()
        task.n -= k
        if task.n <= 0 or not under:
            s.tasks.remove(task)

    def step_turn(self) -> None:
        s = self.state
        seat = s.seats[s.current]
        seat.heroes = sorted(seat.heroes + seat.tired)  # exhausted heroes turn face up at the start of the turn
        seat.tired = []
        n = draw_count(len(seat.heroes))
        self.event(f"round {s.round}: player {s.current}'s turn, draws {n}")
        s.tasks.append(Task("draw", BANK, s.current, n))
        s.stage = "act"

    def step_next_turn(self) -> None:
        s = self.state
        s.turns += 1
        s.current = (s.current + 1) % self.params.players
        s.program = ["turn"] if s.current != s.first else ["hand limit", "event"]
