"""Hero actions and the function cards' three levels: 2 ban, 3 assassinate, 4 seize, 6 look, 8 shuffle,
9 tax, 10 capture.

Seed 002:

* "功能牌能力可提升 (使用时，玩家自己决定要用什麽功能的组合 )："
* "任意1张 ( 基础功能 ) → 同色2张 ( 进阶功能 ) → 同色3张 ( 特殊功能 )。"
* "1.主动使用：玩家需要拥有对应的英雄牌才可以使用。"
* "注3：选择英雄行动时，功能牌使用後即丢入银行底部，行动过的英雄需覆盖正面"
* "[黑白 Joker] 可以代替黑色牌系任何一张功能牌。"
* "[彩色 Joker] 可以代替红色牌系任何一张功能牌。"
* the table rows [2], [3], [4], [6], [8], [9], [10]; 注4, 注5, 注6.
"""

from __future__ import annotations

from itertools import combinations

from ...core.flow import seats_after
from ...core.protocol import Action
from .. import actions as A
from ..cards import (
    FUNCTION_HERO,
    HERO_NAMES,
    HERO_RANKS,
    colour,
    is_joker,
    rank_of,
    rules,
)
from ..state import BANK, INN, LIMBO, LOOK, POOL, BaldurState, Task
from .common import ACTIVE, tax_count


def _kinds(hand: list[str]) -> dict:
    """Function cards held by (rank number, colour), and jokers by code."""
    out: dict = {}
    for c in hand:
        key = c if is_joker(c) else _KIND.get(c) or _KIND.setdefault(c, (_number(c), colour(c)))
        out[key] = out.get(key, 0) + 1
    return out


_KIND: dict[str, tuple[int, str]] = {}


def _number(card: str) -> int:
    r = rank_of(card)
    return int(r) if r.isdigit() else 0


class HeroRules:
    """Mixed into :class:`tablerules.baldur.game.Baldur`."""

    state: BaldurState

    def ready_heroes(self, p: int) -> set[str]:
        s = self.state
        return {rank_of(h) for h in s.seats[p].heroes if f"{p}:{rank_of(h)}" not in s.bans}

    def hero_actions(self, p: int) -> list[Action]:
        s = self.state
        ready = self.ready_heroes(p)
        if not ready:
            return []
        hand = _kinds(s.seats[p].hand)  # (rank, colour) -> how many; jokers under their code
        return self._hero_actions(p, ready, hand)

    def _hero_actions(self, p: int, ready: set[str], hand: dict) -> list[Action]:
        others = [q for q in range(self.params.players) if q != p]
        out: list[Action] = []
        for rank in ACTIVE:
            if FUNCTION_HERO[rank] not in ready:
                continue
            aims: dict[int, list] = {}
            for col, joker in (("black", "BJ"), ("red", "RJ")):
                natural = hand.get((rank, col), 0)
                held = hand.get(joker, 0)
                for level in (1, 2, 3):
                    for jokers in range(0, min(level, held) + 1):
                        if natural >= level - jokers:
                            if level not in aims:
                                aims[level] = self.aims(p, rank, level, others)
                            out += [A.Use(p, rank, level, col, jokers, t, k) for t, k in aims[level]]
        return out

    def aims(self, p: int, rank: int, level: int, others: list[int]) -> list[tuple[tuple[int, ...], str]]:
        """(targets, hero kinds named) of a function card at a level."""
        s = self.state
        if rank == 2:
            if level == 1:
                return [((q,), k) for q in others for k in HERO_RANKS]
            if level == 2:
                return [((), k) for k in HERO_RANKS]
            return [((), a + b) for a, b in combinations(HERO_RANKS, 2)]
        if rank == 3:
            if level == 1:
                return [((q,), "") for q in others if s.seats[q].all_heroes()]
            if level == 2:
                return [((q,), k) for q in others for k in sorted({rank_of(h) for h in s.seats[q].all_heroes()})]
            return [((), k) for k in HERO_RANKS]
        if rank == 4:
            return [((), "")] if level < 3 else [((q,), "") for q in others]
        if rank == 6:
            if level == 2:
                return [((q,), "") for q in others if s.seats[q].hand]
            return [((), "")]
        if rank == 8:
            if level == 1:
                return [((q,), "") for q in range(self.params.players)]
            if level == 2:
                return [(pair, "") for pair in combinations(others, 2)] + \
                    [(tuple(sorted((*pair, p))), "") for pair in combinations(others, 2)]
            return [((), "")]
        if rank == 9:
            return [((), "")] if level != 2 else [((q,), "") for q in others]
        if rank == 10:
            if level == 3:
                return [((), "")]
            return [((q,), "") for q in others if s.seats[q].all_heroes()]
        return []

    def _level_options(self, p: int, rank: int, level: int) -> list[tuple[str, int]]:
        """(colour, jokers) with which ``p`` can play ``level`` cards of ``rank``."""
        hand = _kinds(self.state.seats[p].hand)
        out = []
        for col, joker in (("black", "BJ"), ("red", "RJ")):
            natural = hand.get((rank, col), 0)
            out += [(col, j) for j in range(0, min(level, hand.get(joker, 0)) + 1) if natural >= level - j]
        return out

    def affected(self, actor: int, rank: int, level: int, targets: list[int]) -> list[int]:
        """The players a hero action reaches (who may defend with the thief's 5)."""
        if targets:
            return [q for q in targets if q != actor]
        return self.others(actor)  # every other player (8 special: the actor's own hand is not defended)

    def use(self, action: A.Use) -> None:
        s = self.state
        p = action.player
        seat = s.seats[p]
        hero_rank = FUNCTION_HERO[action.rank]
        hero = next(h for h in seat.heroes if rank_of(h) == hero_rank)
        seat.heroes.remove(hero)
        seat.tired.append(hero)
        seat.tired.sort()
        joker = "BJ" if action.colour == "black" else "RJ"
        naturals = sorted(c for c in seat.hand if not is_joker(c) and rank_of(c) == str(action.rank)
                          and colour(c) == action.colour)
        spent = naturals[:action.level - action.jokers] + [joker] * action.jokers
        for c in spent:
            seat.hand.remove(c)
            s.bank_under.append(c)
        text = rules().functions[action.rank]["levels"][action.level - 1]["text"]
        self.event(f"player {p}'s {HERO_NAMES[hero_rank]} {hero} acts: {'+'.join(spent)}: {text}")
        affected = self.affected(p, action.rank, action.level, list(action.targets))
        window = [q for q in affected if self.defences_possible(q, action.level)]
        window += [q for q in range(self.params.players) if q != p and q not in window
                   and self.reversal_possible(q, action.level)]
        if not window:
            getattr(self, f"function_{action.rank}")(action)
            return
        s.pending = [p, action.rank, action.level, action.colour, action.jokers, action.kinds]
        s.pending_targets = list(action.targets)
        s.window = sorted(window)
        s.shielded = []
        s.stage = "answer"

    def _spend(self, p: int, rank: int, level: int, col: str, jokers: int) -> list[str]:
        s = self.state
        seat = s.seats[p]
        naturals = sorted(c for c in seat.hand if not is_joker(c) and rank_of(c) == str(rank) and colour(c) == col)
        spent = naturals[:level - jokers] + ["BJ" if col == "black" else "RJ"] * jokers
        for c in spent:
            seat.hand.remove(c)
            s.bank_under.append(c)
        return spent

    def others(self, p: int) -> list[int]:
        return [q for q in seats_after(p, self.params.players) if q != p]

    def function_2(self, action: A.Use) -> None:
        s = self.state
        seats = [q for q in (action.targets if action.level == 1 else self.others(action.player))
                 if q not in s.shielded]
        for q in seats:
            for k in action.kinds:
                if f"{q}:{k}" not in s.bans:
                    s.bans.append(f"{q}:{k}")
        self.event(f"banned this round: {', '.join(HERO_NAMES[k] for k in action.kinds)} of players {list(seats)}")

    def function_3(self, action: A.Use) -> None:
        s = self.state
        if action.level == 1:
            if action.targets[0] not in s.shielded:
                s.tasks.append(Task("kill", action.targets[0], INN, 1))
            return
        seats = action.targets if action.level == 2 else self.others(action.player)
        for q in [q for q in seats if q not in s.shielded]:
            seat = s.seats[q]
            victim = next((h for h in seat.heroes + seat.tired if rank_of(h) == action.kinds), None)
            if victim:
                (seat.heroes if victim in seat.heroes else seat.tired).remove(victim)
                s.inn_under.append(victim)
                self.event(f"player {q}'s {HERO_NAMES[action.kinds]} {victim} is assassinated (under the inn)")

    def function_4(self, action: A.Use) -> None:
        s = self.state
        p = action.player
        if action.level == 3:
            q = action.targets[0]
            if q in s.shielded:
                return
            taken = s.seats[q].hand
            s.seats[q].hand = []
            s.seats[p].hand = sorted(s.seats[p].hand + taken)
            self.event(f"player {p} takes all {len(taken)} hand cards of player {q}")
            return
        s.tasks += [Task("take", q, p, action.level) for q in self.others(p) if q not in s.shielded]

    def function_6(self, action: A.Use) -> None:
        s = self.state
        p = action.player
        s.stage = ""
        if action.level == 1:
            s.look_from, s.look_to = -1, self.others(p)
            s.tasks.append(Task("draw", BANK, LOOK, 6))
            s.program = ["look", *s.program]
        else:
            seats = action.targets if action.level == 2 else self.others(p)
            s.look_queue = [q for q in seats if q not in s.shielded]
            s.program = ["look hand", *s.program]

    def step_look(self) -> None:
        s = self.state
        if s.look_from < 0 and (not s.look_to or not s.looked):
            self._keep_looked()
            return
        if s.look_from >= 0 and (not s.look_take or not s.looked):
            s.seats[s.look_from].hand = sorted(s.seats[s.look_from].hand + s.looked)
            s.looked = []
            s.program = ["look hand", *s.program]
            return
        s.stage = "look"

    def _keep_looked(self) -> None:
        s = self.state
        seat = s.seats[s.current]
        seat.hand = sorted(seat.hand + s.looked)
        if s.looked:
            self.event(f"player {s.current} keeps {len(s.looked)} cards", seen_by=(s.current,),
                       hidden=f"player {s.current} keeps {len(s.looked)} cards")
        s.looked, s.look_to = [], []
        s.stage = "act"

    def step_look_hand(self) -> None:
        s = self.state
        if not s.look_queue:
            s.look_from = -1
            s.stage = "act"
            return
        q = s.look_queue.pop(0)
        n = min(6, len(s.seats[q].hand))
        s.look_from, s.look_take = q, min(3, n)
        s.tasks.append(Task("take", q, LOOK, n))
        s.program = ["look", *s.program]

    def function_8(self, action: A.Use) -> None:
        s = self.state
        p = action.player
        if action.level == 1:
            q = action.targets[0]
            if q in s.shielded:
                return
            n = len(s.seats[q].hand)
            s.bank_under += s.seats[q].hand
            s.seats[q].hand = []
            self.event(f"player {q} exchanges {n} hand cards with the bank")
            s.tasks.append(Task("draw", BANK, q, n))
            return
        seats = list(action.targets) if action.level == 2 else list(range(self.params.players))
        seats = [q for q in seats if q not in s.shielded]
        if len(seats) < 2:
            return
        for q in seats:
            s.pool += s.seats[q].hand
            s.seats[q].hand = []
        s.pool.sort()
        each, extra = divmod(len(s.pool), len(seats))
        self.event(f"the hands of players {seats} are shuffled: {each} each, {extra} left over to player {p}")
        order = [q for q in seats_after(p - 1, self.params.players) if q in seats]
        s.tasks += [Task("deal", POOL, order[i % len(order)], 1) for i in range(each * len(seats))]
        if extra:
            s.tasks.append(Task("deal", POOL, p, extra))

    def function_9(self, action: A.Use) -> None:
        s = self.state
        p = action.player
        n = tax_count(len(s.seats[p].all_heroes()))
        if action.level == 1:
            s.tasks.append(Task("draw", BANK, p, n))
        else:
            seats = action.targets if action.level == 2 else self.others(p)
            s.tasks += [Task("take", q, p, n) for q in seats if q not in s.shielded]

    def function_10(self, action: A.Use) -> None:
        s = self.state
        p = action.player
        if action.level == 1:
            q = action.targets[0]
            if q in s.shielded:
                return
            s.tasks += [Task("grab", q, LIMBO, 1), Task("grab", p, q, 1), Task("unlimbo", LIMBO, p, 1)]
        else:
            seats = action.targets if action.level == 2 else self.others(p)
            s.tasks += [Task("grab", q, p, 1) for q in seats if q not in s.shielded]
