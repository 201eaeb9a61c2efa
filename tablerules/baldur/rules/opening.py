"""Set-up and the opening: 6 hand cards and 2 heroes each, the face-down card that picks the first player.

Seed 002:

* "游戏一开始1人6张手牌，随机2张英雄。"
* "再来每位玩家打出1张手牌比大小 ( 花色也为比大小依据 ) ( 不可以出鬼牌 ) 来决定由谁是开局玩家"
* "若有数字与花色均相同者，则猜拳决定 ( 此时所有玩家维持5张手牌 )。"
* "开局玩家开始回合前，每位玩家可先从银行抽取2张手牌。"
"""

from __future__ import annotations

from ...core.flow import seats_after
from .. import actions as A
from ..cards import (
    card_label,
    full_deck,
    is_hero,
    opening_key,
)
from ..state import BANK, INN, BaldurState, Seat, Task


class OpeningRules:
    """Mixed into :class:`tablerules.baldur.game.Baldur`."""

    state: BaldurState

    def setup(self) -> None:
        n = self.params.players
        deck = full_deck()
        s = self.state = BaldurState(seats=[Seat() for _ in range(n)])
        s.inn = sorted(c for c in deck if is_hero(c))
        s.bank = sorted(c for c in deck if not is_hero(c))
        s.tasks = [Task("draw", BANK, p, 6) for p in range(n)] + [Task("hero", INN, p, 2) for p in range(n)]
        s.program = ["opening"]
        self.advance()

    def order(self) -> list[int]:
        """Seats from the first player clockwise."""
        return seats_after(self.state.first - 1, self.params.players)

    def step_opening(self) -> None:
        s = self.state
        s.opening = [""] * self.params.players
        s.stage = "opening"

    def step_initial_draw(self) -> None:
        s = self.state
        s.tasks += [Task("draw", BANK, p, 2) for p in self.order()]
        s.current = s.first
        s.program = ["turn"]

    def play_opening(self, action: A.Open) -> None:
        s = self.state
        s.seats[action.player].hand.remove(action.card)
        s.opening[action.player] = action.card
        self.event(f"player {action.player} plays {card_label(action.card)} face down", seen_by=(action.player,),
                   hidden=f"player {action.player} plays a card face down")
        if self.current_players():
            return
        played = [(opening_key(c), p) for p, c in enumerate(s.opening) if c]
        shown = ", ".join(f"player {p} {card_label(c)}" for p, c in enumerate(s.opening) if c)
        self.event("the opening cards: " + shown)
        best = max(k for k, _ in played)
        tied = [p for k, p in played if k == best]
        for c in s.opening:
            if c:
                s.bank_under.append(c)
        s.stage = ""
        if len(tied) == 1:
            s.first = tied[0]
            self.event(f"player {s.first} starts")
            s.program = ["initial draw"]
        else:
            s.tied = tied
