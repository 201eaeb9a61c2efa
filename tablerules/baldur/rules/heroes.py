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

from functools import cache
from itertools import combinations, product

from ...core.caches import BoundedDict
from ...core.flow import seats_after
from ...core.protocol import Action
from ...core.words import counted, listed, players
from .. import actions as A
from ..cards import (
    FUNCTION_HERO,
    HERO_NAMES,
    HERO_RANKS,
    card_label,
    cards_label,
    rank_of,
    rules,
)
from ..state import BANK, INN, LIMBO, LOOK, POOL, BaldurState, Task
from .common import tax_count

#: the codes of each function card by colour: black (spades, clubs), red (hearts, diamonds)
_CODES = {rank: (f"{rank}S", f"{rank}C", f"{rank}H", f"{rank}D") for rank in range(2, 11)}


def _held(hand: list[str], rank: int) -> tuple[int, int]:
    """How many black and red cards of function card ``rank`` a hand holds (jokers apart)."""
    spade, club, heart, diamond = _CODES[rank]
    count = hand.count
    return count(spade) + count(club), count(heart) + count(diamond)


#: what a function card level names (seed table rows; 所有玩家 = every other player, but 8 special every player):
#: ``player kind`` one other player and a hero kind, ``kind`` / ``two kinds`` hero kinds only, ``hero owner`` an
#: other player with a hero, ``owner kind`` an other player and a kind they hold, ``each owner kind`` every other
#: player with a hero and one kind each holds (3 special "暗杀所有玩家1张指定英雄": a card of each, not one kind
#: for all),
#: ``player`` any other player,
#: ``hand owner`` an other player with cards, ``anyone`` any player (the actor too), ``two players`` two other
#: players with or without the actor, ``""`` nothing (the bank, or everybody)
AIMS: dict[tuple[int, int], str] = {
    (2, 1): "player kind", (2, 2): "kind", (2, 3): "two kinds",
    (3, 1): "hero owner", (3, 2): "owner kind", (3, 3): "each owner kind",
    (4, 1): "", (4, 2): "", (4, 3): "player",
    (6, 1): "", (6, 2): "hand owner", (6, 3): "",
    (8, 1): "anyone", (8, 2): "two players", (8, 3): "",
    (9, 1): "", (9, 2): "player", (9, 3): "",
    (10, 1): "hero owner", (10, 2): "hero owner", (10, 3): "",
}
#: whom a level reaches: its ``targets``, every ``other`` player, ``all`` players, or nobody (``""``: the bank)
REACH: dict[tuple[int, int], str] = {
    **{key: "targets" if aim else "others" for key, aim in AIMS.items()},
    (2, 2): "others", (2, 3): "others", (6, 1): "", (8, 3): "all", (9, 1): "",
}


def _pay_options(hand: list[str], rank: int, level: int) -> tuple[tuple[str, int], ...]:
    """(colour, jokers) paying ``level`` cards of ``rank`` from ``hand`` (注1: one colour; a joker stands for a
    card of its colour)."""
    black, red = _held(hand, rank)
    return _pay_table(min(3, black), min(3, hand.count("BJ")), min(3, red), min(3, hand.count("RJ")))[level - 1]


@cache
def _pay_table(black: int, bj: int, red: int, rj: int) -> tuple[tuple[tuple[str, int], ...], ...]:
    """:func:`_pay_options` for the levels 1-3, from the naturals and jokers of each colour (at most 3 count)."""
    return tuple(tuple((col, j) for col, natural, jokers in (("black", black, bj), ("red", red, rj))
                       for j in range(0, min(level, jokers) + 1) if natural >= level - j) for level in (1, 2, 3))


def _text(rank: int, level: int) -> str:
    """The rules text of a function card's level (``_TEXTS``: read once from the rules data)."""
    text = _TEXTS[rank, level] = rules().functions[rank]["levels"][level - 1]["text"]
    return text


_TEXTS: dict[tuple[int, int], str] = {}
#: the method carrying out each active function card
_FUNCTIONS = {rank: f"function_{rank}" for rank in (2, 3, 4, 6, 8, 9, 10)}


def _hero_kinds(seat) -> str:
    """The kinds of heroes a seat holds, ready or exhausted, as sorted rank letters ("" for none)."""
    return "".join(sorted({h[:-1] for h in seat.heroes + seat.tired}))  # h[:-1]: rank_of(h), inlined


def _use(*fields) -> Action:
    """``Use(*fields)``, one shared object per value."""
    known = _USE.get(fields)
    if known is None:
        known = _USE[fields] = A.Use(*fields)
    return known


_USE: dict[tuple, Action] = BoundedDict(1 << 14)
#: the active function cards of each hero kind, in the order of :data:`ACTIVE` (the listing's order)
_RANKS_OF = (("A", (2, 3)), ("J", (4,)), ("Q", (6,)), ("K", (8, 9, 10)))
#: hero actions by (players, player, function card, its black / black joker / red / red joker cards held (at
#: most 3 count: they give the payment table of its levels), what their aims read)
_USES: dict[tuple, tuple[Action, ...]] = {}
_USES_MAX = 1 << 14  # 50,000 kept 5 MiB more for no speed (400 games: 13.0 s vs 12.8 s at 4,096)


class HeroRules:
    """Mixed into :class:`tablerules.baldur.game.Baldur`."""

    state: BaldurState

    def ready_heroes(self, p: int) -> set[str]:
        s = self.state
        if not s.bans:
            return {h[:-1] for h in s.seats[p].heroes}  # a hero's rank: its code without the suit
        return {rank_of(h) for h in s.seats[p].heroes if f"{p}:{rank_of(h)}" not in s.bans}

    def hero_actions(self, p: int) -> list[Action]:
        s = self.state
        seats = s.seats
        heroes = seats[p].heroes
        if not heroes:
            return []
        ready = {h[:-1] for h in heroes}  # :meth:`ready_heroes`, inlined: a hero's rank is its code without the suit
        if s.bans:
            ready = {r for r in ready if f"{p}:{r}" not in s.bans}
        out: list[Action] = []
        hand = seats[p].hand
        count = hand.count
        bj, rj = count("BJ"), count("RJ")
        bj, rj = bj if bj < 3 else 3, rj if rj < 3 else 3
        players = self.params.players
        for hero, ranks in _RANKS_OF:
            if hero not in ready:
                continue
            for rank in ranks:
                spade, club, heart, diamond = _CODES[rank]  # _held(hand, rank), inlined (up to 7 ranks a listing)
                black, red = count(spade) + count(club), count(heart) + count(diamond)
                if not (black or red or bj or rj):
                    continue
                black, red = black if black < 3 else 3, red if red < 3 else 3
                # what the aims of this rank read of the other seats (:meth:`aims`): their hero kinds, whether
                # they hold heroes (3, 10) or hand cards (6); the actions are the same objects for the same key
                if rank == 3:
                    seen: tuple = tuple([_hero_kinds(seat) for seat in seats])
                elif rank == 10:
                    seen = tuple([bool(seat.heroes or seat.tired) for seat in seats])
                elif rank == 6:
                    seen = tuple([bool(seat.hand) for seat in seats])
                else:
                    seen = ()
                key = (players, p, rank, black, bj, red, rj, seen)  # the counts give the payment table
                known = _USES.get(key)
                if known is None:
                    known = []
                    for level, options in enumerate(_pay_table(black, bj, red, rj), 1):
                        if options:
                            aims = self.aims(p, rank, level)
                            known += [_use(p, rank, level, col, j, t, k) for col, j in options for t, k in aims]
                    if len(_USES) >= _USES_MAX:
                        _USES.clear()
                    known = _USES[key] = tuple(known)
                out += known
        return out

    def aims(self, p: int, rank: int, level: int, others: list[int] | None = None) -> list[tuple[tuple[int, ...], str]]:
        """(targets, hero kinds named) of a function card at a level (the table :data:`AIMS`)."""
        s = self.state
        aim = AIMS[rank, level]
        if others is None:
            others = [q for q in range(self.params.players) if q != p]
        if aim in ("player kind", "kind"):
            return [((q,), k) for q in others for k in HERO_RANKS] if aim == "player kind" else \
                [((), k) for k in HERO_RANKS]
        if aim == "two kinds":
            return [((), a + b) for a, b in combinations(HERO_RANKS, 2)]
        if aim == "hero owner":
            return [((q,), "") for q in others if s.seats[q].heroes or s.seats[q].tired]
        if aim == "each owner kind":
            owners = [q for q in others if s.seats[q].heroes or s.seats[q].tired]
            named = [sorted({rank_of(h) for h in s.seats[q].all_heroes()}) for q in owners]
            return [(tuple(owners), "".join(kinds)) for kinds in product(*named)] if owners else []
        if aim == "owner kind":
            return [((q,), k) for q in others for k in sorted({rank_of(h) for h in s.seats[q].all_heroes()})]
        if aim in ("player", "hand owner"):
            return [((q,), "") for q in others if aim == "player" or s.seats[q].hand]
        if aim == "anyone":
            return [((q,), "") for q in range(self.params.players)]
        if aim == "two players":
            pairs = list(combinations(others, 2))
            return [(pair, "") for pair in pairs] + [(tuple(sorted((*pair, p))), "") for pair in pairs]
        return [((), "")]

    def _level_options(self, p: int, rank: int, level: int) -> tuple[tuple[str, int], ...]:
        """(colour, jokers) with which ``p`` can play ``level`` cards of ``rank``."""
        return _pay_options(self.state.seats[p].hand, rank, level)

    def reached(self, action: A.Use) -> list[int]:
        """The players a hero action reaches and who did not defend (the table :data:`REACH`)."""
        s = self.state
        reach = REACH[action.rank, action.level]
        seats = list(action.targets) if reach == "targets" else self.others(action.player) if reach == "others" \
            else list(range(self.params.players)) if reach == "all" else []
        return [q for q in seats if q not in s.shielded]

    def affected(self, actor: int, rank: int, level: int, targets: list[int] | tuple[int, ...]) -> list[int]:
        """The players a hero action reaches (who may defend with the thief's 5)."""
        if targets:
            return [q for q in targets if q != actor]
        return self.others(actor)  # every other player (8 special: the actor's own hand is not defended)

    def use(self, action: A.Use) -> None:
        s = self.state
        p = action.player
        seat = s.seats[p]
        rank, level = action.rank, action.level
        hero_rank = FUNCTION_HERO[rank]
        for hero in seat.heroes:  # the first ready hero of the kind
            if hero[:-1] == hero_rank:
                break
        else:
            raise ValueError(f"player {p} has no ready {HERO_NAMES[hero_rank]}")
        seat.heroes.remove(hero)
        seat.tired.append(hero)
        seat.tired.sort()
        spent = self._spend(p, rank, level, action.colour, action.jokers)
        text = _TEXTS.get((rank, level)) or _text(rank, level)
        self.event(f"player {p}'s {HERO_NAMES[hero_rank]} {card_label(hero)} acts: {cards_label(spent)}: {text}")
        window = self.answer_window(p, self.affected(p, rank, level, action.targets), level)
        if not window:
            getattr(self, _FUNCTIONS[rank])(action)
            return
        s.pending = [p, action.rank, action.level, action.colour, action.jokers, action.kinds]
        s.pending_targets = list(action.targets)
        s.window = sorted(window)
        s.shielded = []
        s.stage = "answer"

    def _spend(self, p: int, rank: int, level: int, col: str, jokers: int) -> list[str]:
        s = self.state
        seat = s.seats[p]
        spade, club, heart, diamond = _CODES[rank]  # the natural cards of the rank in the colour, sorted:
        low, high = (club, spade) if col == "black" else (diamond, heart)  # C < S and D < H in any rank
        count = seat.hand.count
        naturals = [low] * count(low) + [high] * count(high)
        spent = naturals[:level - jokers] + ["BJ" if col == "black" else "RJ"] * jokers
        for c in spent:
            seat.hand.remove(c)
            s.bank_under.append(c)
        return spent

    def others(self, p: int) -> list[int]:
        return [q for q in seats_after(p, self.params.players) if q != p]

    def function_2(self, action: A.Use) -> None:
        s = self.state
        seats = self.reached(action)
        for q in seats:
            for k in action.kinds:
                if f"{q}:{k}" not in s.bans:
                    s.bans.append(f"{q}:{k}")
        self.event(f"banned this round: the {listed(HERO_NAMES[k] for k in action.kinds)} of {players(seats)}")

    def function_3(self, action: A.Use) -> None:
        s = self.state
        named = dict(zip(action.targets, action.kinds, strict=True)) if action.level == 3 else {}
        for q in self.reached(action):
            if action.level == 1:
                s.tasks.append(Task("kill", q, INN, 1))
                continue
            seat = s.seats[q]
            kind = named.get(q, action.kinds)  # 3 special: the hero named for this player
            victim = next((h for h in seat.heroes + seat.tired if rank_of(h) == kind), None)
            if victim:
                (seat.heroes if victim in seat.heroes else seat.tired).remove(victim)
                s.inn_under.append(victim)
                self.event(f"player {q}'s {HERO_NAMES[kind]} {card_label(victim)} is assassinated "
                           "(under the inn)")

    def function_4(self, action: A.Use) -> None:
        s = self.state
        p = action.player
        for q in self.reached(action):
            if action.level < 3:
                s.tasks.append(Task("take", q, p, action.level))
                continue
            taken = s.seats[q].hand
            s.seats[q].hand = []
            s.seats[p].hand = sorted(s.seats[p].hand + taken)
            self.event(f"player {p} takes all {counted(len(taken), 'hand card')} of player {q}")

    def function_6(self, action: A.Use) -> None:
        s = self.state
        p = action.player
        s.stage = ""
        if action.level == 1:
            s.look_from, s.look_to = -1, self.others(p)
            s.tasks.append(Task("draw", BANK, LOOK, 6))
            s.program = ["look", *s.program]
        else:
            s.look_queue = self.reached(action)
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
            self.event(f"player {s.current} keeps {counted(len(s.looked), 'card')}", seen_by=(s.current,),
                       hidden=f"player {s.current} keeps {counted(len(s.looked), 'card')}")
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
        seats = self.reached(action)
        if action.level == 1:
            for q in seats:
                n = len(s.seats[q].hand)
                s.bank_under += s.seats[q].hand
                s.seats[q].hand = []
                self.event(f"player {q} exchanges {counted(n, 'hand card')} with the bank")
                if n or self.params.rules < 2:  # "交换所有手牌": an empty hand gets nothing back (edition 1: one card)
                    s.tasks.append(Task("draw", BANK, q, n))
            return
        if len(seats) < 2:
            return
        for q in seats:
            s.pool += s.seats[q].hand
            s.seats[q].hand = []
        s.pool.sort()
        each, extra = divmod(len(s.pool), len(seats))
        self.event(f"the hands of {players(seats)} are shuffled: {each} each, {extra} left over to player {p}")
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
        s.tasks += [Task("take", q, p, n) for q in self.reached(action)]

    def function_10(self, action: A.Use) -> None:
        s = self.state
        p = action.player
        for q in self.reached(action):
            s.tasks += [Task("grab", q, LIMBO, 1), Task("grab", p, q, 1), Task("unlimbo", LIMBO, p, 1)] \
                if action.level == 1 else [Task("grab", q, p, 1)]
