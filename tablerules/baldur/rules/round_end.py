"""End of round: the hand limit of 13, choosing cards to discard or pass, the next round, the end and scoring.

Seed 002:

* "所有玩家回合结束，玩家手牌上限不可超过13张"
* "( 自己本身回合结束时可保留13张以上，但是所有玩家回合均结束之後，随机事件发生之前，必须一起弃牌至银行底部 )"
* "当旅店英雄已全部被招募或是一位玩家拥有10张英雄，则游戏当场结束"
* "手牌1点为1分，英雄1位为8分，鬼牌为 -40 分，分数高者获胜。"
"""

from __future__ import annotations

from ...core.protocol import Result
from .. import actions as A
from ..cards import (
    card_label,
    is_hero,
    score,
)
from ..state import BaldurState
from .common import HAND_LIMIT


class RoundEndRules:
    """Mixed into :class:`tablerules.baldur.game.Baldur`."""

    state: BaldurState

    def step_hand_limit(self) -> None:
        s = self.state
        over = [max(0, len(seat.hand) - HAND_LIMIT) for seat in s.seats]
        if any(over):
            self.open_choice("hand", "bank", over)

    def step_event_done(self) -> None:
        s = self.state
        if s.event:
            s.bank_under.append(s.event)
            s.event = ""
        s.round += 1
        s.bans, s.next_bans = s.next_bans, []
        s.unusable = list(s.bans)
        s.current = s.first
        s.program = ["turn"]

    def open_choice(self, zone: str, dest: str, need: list[int]) -> None:
        s = self.state
        if not any(need):
            return
        s.choose_zone, s.choose_dest, s.need = zone, dest, need
        s.passing = [[] for _ in s.seats]
        s.stage = "choose"

    def choose(self, action: A.Choose) -> None:
        s = self.state
        p, card = action.player, action.card
        seat = s.seats[p]
        if s.choose_zone == "hand":
            seat.hand.remove(card)
        else:
            (seat.heroes if card in seat.heroes else seat.tired).remove(card)
        if s.choose_dest == "bank":
            s.bank_under.append(card)
            self.event(f"player {p} discards {card_label(card)}")
        elif s.choose_dest == "inn":
            s.inn_under.append(card)
            self.event(f"player {p}'s hero {card_label(card)} dies")
        else:
            s.passing[p].append(card)
            if s.choose_zone == "hand":
                self.event(f"player {p} passes {card_label(card)}", seen_by=(p,), hidden=f"player {p} passes a card")
            else:
                self.event(f"player {p} passes hero {card_label(card)}")
        s.need[p] -= 1
        if any(s.need):
            return
        if s.choose_dest == "right":  # 右方: the player to the right, i.e. the previous seat clockwise
            n = self.params.players
            for q, cards in enumerate(s.passing):
                right = s.seats[(q - 1) % n]
                for c in cards:
                    (right.heroes if is_hero(c) else right.hand).append(c)
                right.hand.sort()
                right.heroes.sort()
        s.passing = []
        s.choose_zone = s.choose_dest = ""
        s.stage = ""

    def is_over(self) -> bool:
        return bool(self.state.over)

    def scores(self) -> dict[int, int]:
        return {p: sum(score(c) for c in seat.hand) + 8 * len(seat.all_heroes())
                for p, seat in enumerate(self.state.seats)}

    def result(self) -> Result | None:
        if not self.state.over:
            return None
        scores = self.scores()
        best = max(scores.values())
        return Result(tuple(p for p, v in scores.items() if v == best), scores, self.state.over)
