"""The answer window: the thief's 5 (passive defence) and the witch's 7 (any-time reversal).

Seed 002:

* "[5] ｜防御基础效果 ( 被动 ) ｜防御进阶效果 ( 被动 ) ｜防御特殊效果 ( 被动 )"
* "[7] ｜反转1位玩家1张英雄的基础行动 ( 随时 )" (advanced, special: 进阶行动, 特殊行动)
* "2.被动使用：玩家需要拥有盗贼牌才可以使用，不算英雄行动。"
* "3.随时使用：玩家需要拥有未行动的女巫牌才可以使用，行动之後，女巫也等於行动完毕，需要覆盖正面。"

A 7 answers a hero action, whoever's turn it is; a reversal is itself the witch's hero action, so it can be
reversed in turn by another witch (the chain in ``state.chain``).
"""

from __future__ import annotations

from ...core.protocol import Action
from .. import actions as A
from ..cards import HERO_RANKS, SUITS, card_label, rank_of
from ..listing import shared
from ..state import BaldurState
from .heroes import _pay_options


def _holds(heroes: list[str], rank: str) -> bool:
    """Whether one of ``heroes`` is of ``rank`` (a thief ``"J"``, a witch ``"Q"``)."""
    spade, heart, diamond, club = _SUITED[rank]
    return spade in heroes or heart in heroes or diamond in heroes or club in heroes


_SUITED = {rank: tuple(rank + suit for suit in SUITS) for rank in HERO_RANKS}


class AnswerRules:
    """Mixed into :class:`tablerules.baldur.game.Baldur`."""

    state: BaldurState

    def anytime_actions(self, player: int) -> list[Action] | tuple[()]:
        """The witch's 7 at any time: while a hero action of another player waits for answers."""
        return self.reversals(player) if self.state.stage == "answer" else ()

    def defences(self, p: int) -> list[Action]:
        s = self.state
        if not s.pending or s.chain or p in s.shielded:
            return []
        seat = s.seats[p]
        if not (_holds(seat.heroes, "J") or _holds(seat.tired, "J")):  # (asked before who is reached: cheaper)
            return []
        if s.unusable and f"{p}:J" in s.unusable:  # 红6 "这2种英雄都无法使用": the thief cannot defend either
            return []
        if p not in self.affected(int(s.pending[0]), int(s.pending[1]), int(s.pending[2]), s.pending_targets):
            return []
        return [shared(A.Defend, p, c, j) for c, j in self._level_options(p, 5, int(s.pending[2]))]

    def reversals(self, p: int) -> list[Action]:
        s = self.state
        last = s.chain[-1] if s.chain else s.pending[0] if s.pending else -1
        if not s.pending or p == last or p not in s.window:  # nobody reverses their own action
            return []
        if not _holds(s.seats[p].heroes, "Q") or (s.bans and f"{p}:Q" in s.bans):
            return []
        return [shared(A.Reverse, p, c, j) for c, j in self._level_options(p, 7, int(s.pending[2]))]

    def answer_window(self, actor: int, affected: list[int], level: int) -> list[int]:
        """Who may answer a hero action of ``level``: the players it reaches who can defend (thief's 5), then
        every other player but the actor who can reverse it (witch's 7), each once."""
        seats = self.state.seats
        window = [q for q in affected if self.defences_possible(q, level)]
        for q in range(self.params.players):  # (a seat without a ready witch is passed over without a call)
            if q != actor and q not in window and _holds(seats[q].heroes, "Q") and self.reversal_possible(q, level):
                window.append(q)
        return window

    def defences_possible(self, q: int, level: int) -> bool:
        seat = self.state.seats[q]
        return (_holds(seat.heroes, "J") or _holds(seat.tired, "J")) and bool(_pay_options(seat.hand, 5, level))

    def reversal_possible(self, q: int, level: int) -> bool:
        seat = self.state.seats[q]
        return _holds(seat.heroes, "Q") and not (self.state.bans and f"{q}:Q" in self.state.bans) and \
            bool(_pay_options(seat.hand, 7, level))

    def reverse(self, action: A.Reverse) -> None:
        """The witch's 7 reverses the waiting hero action, or the last reversal of it.

        A reversal is the witch's hero action ("反转1位玩家1张英雄的…行动"), so every other player with a ready
        witch and 7s of the level may reverse it in turn."""
        s = self.state
        seat = s.seats[action.player]
        witch = next(h for h in seat.heroes if rank_of(h) == "Q")
        seat.heroes.remove(witch)
        seat.tired = sorted([*seat.tired, witch])
        level = int(s.pending[2])
        self._spend(action.player, 7, level, action.colour, action.jokers)
        whose = f"the reversal of player {s.chain[-1]}" if s.chain else f"the action of player {s.pending[0]}"
        self.event(f"player {action.player}'s witch {card_label(witch)} reverses {whose}")
        s.chain.append(action.player)
        s.window = sorted(q for q in range(self.params.players)
                          if q != action.player and self.reversal_possible(q, level))
        self._settle_answers()

    def _settle_answers(self) -> None:
        s = self.state
        if s.window:
            return
        if s.chain:
            if len(s.chain) % 2:  # the action is reversed: cards and hero stay spent
                self.event(f"the action of player {s.pending[0]} is reversed")
                s.pending, s.pending_targets, s.shielded, s.chain = [], [], [], []
                s.stage = "act"
                return
            self.event(f"the reversal is reversed: the action of player {s.pending[0]} goes on")
            s.chain = []
            actor, level = int(s.pending[0]), int(s.pending[2])
            affected = self.affected(actor, int(s.pending[1]), level, s.pending_targets)
            s.window = sorted(self.answer_window(actor, [q for q in affected if q not in s.shielded], level))
            if s.window:
                return
        p, rank, level, col, jokers, kinds = s.pending
        action = A.Use(int(p), int(rank), int(level), str(col), int(jokers), tuple(s.pending_targets), str(kinds))
        s.pending, s.pending_targets = [], []
        s.stage = "act"
        getattr(self, f"function_{action.rank}")(action)
        s.shielded = []
