"""Recruiting: the inn's hero auctioned for 2 hand cards each, up to three bidding rounds.

Seed 002:

* "选择招募英雄时，旅店提供1位随机英雄，所有玩家打出2张手牌，比数字大小，数字最大者为招募成功，英雄归於其所有，"
* "招募失败的玩家，所出的手牌仍需丢入牌堆，若数字相同者，则再比第二轮，若是三轮内竞标没有结果，则随机英雄便会离开。"
* "注7：若是无手牌，则为自动放弃招募。"
* "注8：随时可以放弃招募英雄。"
"""

from __future__ import annotations

from ...core.words import players
from ..cards import (
    card_label,
    cards_label,
    value,
)
from ..state import BaldurState


class AuctionRules:
    """Mixed into :class:`tablerules.baldur.game.Baldur`."""

    state: BaldurState

    def step_open_auction(self) -> None:
        s = self.state
        if not s.auction:
            s.program = ["next turn"]
            return
        s.stage = "bid"
        s.auction_round = 1
        s.bidders = list(self.order())
        s.bids = [[] for _ in s.seats]
        self._auto_drop()

    def _auto_drop(self) -> None:
        s = self.state
        for p in list(s.bidders):
            if not s.seats[p].hand:  # 注7: no hand cards, no bid
                s.bidders.remove(p)
                self.event(f"player {p} has no hand cards and cannot bid")
        self._settle_bids()

    def _settle_bids(self) -> None:
        s = self.state
        for p in s.bidders:
            if not s.bids[p]:
                return
        totals = {p: sum(map(value, s.bids[p])) for p in s.bidders}
        if totals:
            self.event("bids: " + ", ".join(f"player {p} {cards_label(s.bids[p])} = {t}" for p, t in totals.items()))
        for bid in s.bids:
            s.bank_under += bid
        s.bids = [[] for _ in s.seats]
        best = max(totals.values(), default=0)
        top = [p for p, t in totals.items() if t == best]
        if len(top) == 1:
            seat = s.seats[top[0]]
            seat.heroes.append(s.auction)
            seat.heroes.sort()
            self.event(f"player {top[0]} recruits {card_label(s.auction)}")
        elif top and s.auction_round < 3:
            s.auction_round += 1
            s.bidders = top
            self.event(f"tie at {best}: {players(top)} bid again (round {s.auction_round})")
            self._auto_drop()
            return
        else:
            s.inn_under.append(s.auction)
            self.event(f"nobody recruits {card_label(s.auction)}: the hero leaves (under the inn)")
        s.auction = ""
        s.bidders = []
        s.stage = ""
        s.program = ["next turn"]
