"""Hidden-number events: the full moon's werewolves (black 4) and Dracula (red 4).

Seed 002, [黑4] 满月:

* "全国狼人总共有50 + [?] + [?] + [?] + [?] 只 ( 从银行随机抽取四张牌 ) ( 鬼牌代表15只 )"
* "狼人真实数量不会被公布" (the number is told to nobody, also afterwards)
* "由当回开局玩家开始，顺时针打出一张手牌，总共出牌3轮，打出的手牌需要覆盖背面"
* "相加数字最少的玩家损失2张英雄牌，剩余玩家则损失1张英雄牌"

Seed 002, [红4] 德古拉:

* "决定方式为同时出拳决定，石头为决定参战，布为放弃参战"
* "吸血鬼领主的血量为 16 加上参战玩家数量的手牌数量 ( 从银行随机抽取 )"
* "参战玩家至少要出2张手牌"
"""

from __future__ import annotations

from ...core.words import players
from ..cards import (
    cards_label,
    value,
)
from ..state import INN, BaldurState, Task


class HiddenEventRules:
    """Mixed into :class:`tablerules.baldur.game.Baldur`."""

    state: BaldurState

    def step_werewolves(self) -> None:
        s = self.state
        s.played = [[] for _ in s.seats]
        s.wolf_turn = 0
        s.stage = "werewolves"
        self._wolf_skip()

    def _wolf_skip(self) -> None:
        """Skip seats without hand cards; after three rounds, reveal everything."""
        s = self.state
        n = self.params.players
        while s.wolf_turn < 3 * n and not s.seats[self.order()[s.wolf_turn % n]].hand:
            s.wolf_turn += 1
        if s.wolf_turn < 3 * n:
            return
        wolves = 50 + sum(value(c) for c in s.hidden)
        totals = [sum(value(c) for c in cards) for cards in s.played]
        bullets = ", ".join(f"player {p} {cards_label(c)} = {totals[p]}" for p, c in enumerate(s.played))
        self.event(f"the silver bullets are shown: {bullets}")
        # "狼人真实数量不会被公布": the number and its cards are never told (only the referee's view has them)
        self.event(f"the werewolves were {wolves} ({cards_label(s.hidden)})", seen_by=(),
                   hidden="the number of werewolves stays secret")
        s.bank_under += s.hidden + [c for cards in s.played for c in cards]
        s.hidden, s.played = [], []
        s.stage = ""
        if sum(totals) > wolves:
            self.event("the werewolves are destroyed")
            return
        low = min(totals)
        need = [min(2 if t == low else 1, len(seat.all_heroes())) for t, seat in zip(totals, s.seats, strict=True)]
        losers = [p for p, t in enumerate(totals) if t == low]
        self.event(f"the werewolves win: {players(losers)} {'loses' if len(losers) == 1 else 'lose'} 2 heroes, "
                   "the others 1")
        self.open_choice("heroes", "inn", need)

    def step_dracula_fight(self) -> None:
        s = self.state
        s.played = [[] for _ in s.seats]
        s.stopped = [p for p in range(self.params.players) if s.joined[p] != 1 or not s.seats[p].hand]
        s.stage = "fight"
        self._settle_fight()

    def _settle_fight(self) -> None:
        s = self.state
        if len(s.stopped) < self.params.players:
            return
        life = 16 + sum(value(c) for c in s.hidden)
        fighters = [p for p in self.order() if s.joined[p] == 1]
        totals = {p: sum(value(c) for c in s.played[p]) for p in fighters}
        self.event("the attacks are shown: "
                   + ", ".join(f"player {p} {cards_label(s.played[p])} = {t}" for p, t in totals.items()))
        # "但是不会公开吸血鬼领主的血量": his life is never told (only the referee's view has it)
        self.event(f"Dracula's life was {life} ({cards_label(s.hidden)})", seen_by=(),
                   hidden="Dracula's life stays secret")
        s.bank_under += s.hidden + [c for cards in s.played for c in cards]
        s.hidden, s.played, s.stopped, s.joined = [], [], [], []
        s.stage = ""
        if any(t > life for t in totals.values()):
            self.event(f"Dracula is destroyed: {players(fighters)} {'gets' if len(fighters) == 1 else 'get'} "
                       "2 random heroes each")
            s.tasks += [Task("hero", INN, p, 2) for p in fighters]
        else:
            self.event("Dracula survives")
