"""Events drawn from the bank's top card: bonuses, bans, protections by numbers, plague, renaissance,
passing, hell gate.

Seed 002:

* "所有玩家回合结束後，会出现随机事件，随机事件是从银行中的第一张牌决定"
* "注9：保护数字代表利用玩家手牌凑出的数目，可以利用各种算术且张数不限制来凑出所需要的数字"
* "若保护不成功，则英雄直接死亡。"
* "注10：一位英雄要一组保护数字手牌"
* the events [黑2] 炼金术, [红2] 奴隶贸易, [黑3]/[红3], [黑5]/[红5], [黑6]/[红6], [黑7]/[红7], [黑8] 黑死病,
  [红8] 文艺复兴, [黑9]/[红9], [Joker] 地狱之门.
"""

from __future__ import annotations

from ..cards import (
    card_label,
    event_key,
    rank_of,
    rules,
)
from ..state import BANK, EVENT, HIDDEN, INN, OPEN, POOL, REVEALED, BaldurState, Task


class EventRules:
    """Mixed into :class:`tablerules.baldur.game.Baldur`."""

    state: BaldurState

    def step_event(self) -> None:
        s = self.state
        s.checking_limit = True
        s.tasks.append(Task("draw", BANK, EVENT, 1))
        s.program = ["resolve event"]

    def step_resolve_event(self) -> None:
        s = self.state
        s.checking_limit = False
        if not s.event:
            self.event("the bank is empty: no event this round")
            s.program = ["event done"]
            return
        key = event_key(s.event)
        data = rules().events[key]
        self.event(f"event {card_label(s.event)}: {data['name']} ({data['name_zh']}): {data['text']}")
        s.program = ["event done"]
        kind = data["kind"]
        if kind == "bonus":
            for p in self.order():
                count = sum(rank_of(h) == data["hero"] for h in s.seats[p].all_heroes())
                if count:
                    s.tasks.append(Task("draw", BANK, p, count))
        elif kind == "ban":
            banned = "QA" if key == "black 6" else "KJ"
            s.next_bans = [f"{p}:{k}" for p in range(self.params.players) for k in banned]
        elif kind == "protection":
            need = [sum(rank_of(h) == data["hero"] for h in seat.all_heroes()) for seat in s.seats]
            if any(need):
                s.need = need
                s.protect_rank, s.protect_number = data["hero"], data["number"]
                s.stage = "protect"
        elif key == "black 8":  # plague: a hero dies, then 2 hand cards are discarded
            self.open_choice("heroes", "inn", [min(1, len(seat.all_heroes())) for seat in s.seats])
            s.program = ["plague hands", "event done"]
        elif key == "red 8":  # renaissance
            s.tasks += [Task("draw", BANK, p, 3) for p in self.order()]
            if not s.revealed:
                s.tasks.append(Task("hero", INN, REVEALED, 1))
        elif key == "black 2":  # alchemy
            self.open_choice("hand", "right", [min(5, len(seat.hand)) for seat in s.seats])
        elif key == "red 2":  # slave trade
            self.open_choice("heroes", "right", [min(2, len(seat.all_heroes())) for seat in s.seats])
        elif key == "black 4":  # full moon: 50 + 4 hidden cards of werewolves, three rounds of face-down cards
            s.tasks.append(Task("draw", BANK, HIDDEN, 4))
            s.program = ["werewolves", "event done"]
        elif key == "red 4":  # Dracula: rock-paper-scissors to join
            s.joined = [-1] * self.params.players
            s.stage = "join"
        elif key == "red 10":  # the gods of Northern Europe: 7 rounds of matching colours
            s.open_cards = [[] for _ in s.seats]
            s.fallen, s.war_round = [], 0
            s.program = ["gods round", "event done"]
        elif key == "joker":  # hell gate
            for seat in s.seats:
                s.pool += seat.hand + seat.all_heroes()
                seat.hand, seat.heroes, seat.tired = [], [], []
            s.pool.sort()
            order = self.order()
            s.tasks += [Task("deal", POOL, order[i % len(order)], 1) for i in range(len(s.pool))]
        elif key == "black 10":  # the Persian wall: 3 public cards each, then 7 plays each of linked numbers
            s.open_cards = [[] for _ in s.seats]
            s.wall_turn, s.wall_last, s.wall_related = 0, [], []
            s.tasks += [Task("draw", BANK, OPEN - p, 3) for p in self.order()]
            s.program = ["wall", "event done"]

    def step_plague_hands(self) -> None:
        self.open_choice("hand", "bank", [min(2, len(seat.hand)) for seat in self.state.seats])

    def _settle_protection(self) -> None:
        s = self.state
        if not any(s.need):
            s.stage = ""
            s.protect_rank, s.protect_number = "", 0
