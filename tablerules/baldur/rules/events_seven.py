"""Seven-round events: the gods of Northern Europe (red 10) and the Persian wall (black 10).

Seed 002, [红10] 北欧诸神:

* "每1回合战争要从银行翻出1张手牌并且公开 ( 所有鬼牌为任意颜色 )，所有玩家必须打出同一种颜色的手牌"
* "如此持续抗衡7回合"
* "必须将1张英雄牌做为祭品，从银行换取3张手牌"
* "成功抗衡7回合的玩家，会得到北欧诸神投降的献礼，获得3张手牌与1张随机英雄牌。"

Seed 002, [黑10] 波斯王朝侵略:

* "每位玩家先从银行抽取3张随机手牌，这3张手牌必须公开且放置於玩家面前"
* "下一位玩家必须打出跟这张手牌数字有相连或是有相关的数字"
* "然後要持续出牌7回合( 每位玩家出牌7次 )"
* "所有玩家可以从旅店中获得1张随机英雄牌，若是城墙建筑失败，所有玩家必须损失1张英雄牌"
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import combinations

from ...core.words import players
from .. import actions as A
from ..cards import (
    cards_label,
    colour,
    is_joker,
    value,
)
from ..listing import shared
from ..state import BANK, GODS, INN, BaldurState, Task
from .common import WALL_NUMBERS, WALL_ROUNDS, choices

_LAST_WALL: list = []  # [what wall_plays read, the plays]


@lru_cache(maxsize=1024)
def _matches(hand: tuple[str, ...], front: tuple[str, ...], want: str) -> tuple[str, ...]:
    """The cards matching the gods' colour ``want`` (``"any"``: every card), one per rank and colour, from the
    hand and the open cards in front (worked out for every player at each answer, so kept)."""
    cards = choices(list(hand)) + [c for c in choices(list(front)) if c not in hand]
    return tuple(sorted({c for c in cards if want == "any" or is_joker(c) or colour(c) == want}))


class SevenRoundRules:
    """Mixed into :class:`tablerules.baldur.game.Baldur`."""

    state: BaldurState

    def step_gods_round(self) -> None:
        s = self.state
        s.war_round += 1
        s.matched, s.sacrificed = [], []
        s.tasks.append(Task("draw", BANK, GODS, 1))
        s.program = ["gods answer", *s.program]

    def step_gods_answer(self) -> None:
        s = self.state
        if not s.gods or len(s.gods) < s.war_round:  # the bank ran out: the war ends
            self._end_war()
            return
        s.stage = "gods"
        self._gods_fall()

    def god_colour(self) -> str:
        card = self.state.gods[-1]
        return "any" if is_joker(card) else colour(card)

    def matches(self, p: int) -> list[str]:
        s = self.state
        return list(_matches(tuple(s.seats[p].hand), tuple(s.open_cards[p]), self.god_colour()))

    def _gods_fall(self) -> None:
        """Players who can neither match nor sacrifice fall; when everybody answered, the next round."""
        s = self.state
        for p in range(self.params.players):
            if p in s.fallen or p in s.matched:
                continue
            # "若是玩家手牌 ( 所拥有的加上祭品换取的 ) 还是没有所需要的花色，则玩家在诸神的战争中战败": one
            # sacrifice a war round; still no card of the colour after it, the player falls
            if not self.matches(p) and (p in s.sacrificed or not s.seats[p].all_heroes()):
                s.fallen.append(p)
                self.event(f"player {p} cannot match the gods and falls in the war")
        if self.current_players() or s.tasks:
            return
        s.stage = ""
        if s.war_round < 7:
            s.program = ["gods round", *s.program]
        else:
            self._end_war()

    def step_gods_recheck(self) -> None:
        self.state.stage = "gods"
        self._gods_fall()

    def _end_war(self) -> None:
        s = self.state
        winners = [p for p in self.order() if p not in s.fallen]
        s.bank_under += s.gods + [c for cards in s.open_cards for c in cards]
        s.gods, s.open_cards, s.matched, s.sacrificed, s.war_round = [], [], [], [], 0
        s.stage = ""
        if winners:
            self.event(f"{players(winners)} withstood the gods: 3 cards and a random hero each")
            s.tasks += [Task("draw", BANK, p, 3) for p in winners] + [Task("hero", INN, p, 1) for p in winners]
        s.fallen = []

    def step_wall(self) -> None:
        self.state.stage = "wall"
        self._wall_next()

    def wall_builder(self) -> int:
        return self.order()[self.state.wall_turn % self.params.players]

    def wall_open(self) -> set[int]:
        """The numbers the next play may link to: the last play's numbers and every earlier group's numbers."""
        s = self.state
        return set(s.wall_last) | set(s.wall_related)

    def _wall_stock(self, p: int) -> tuple[Counter, Counter]:
        """Natural cards by number (hand and open cards in front), and the jokers by where they pay from:
        ``"BJ"`` / ``"RJ"`` in the hand, ``"open"`` in front of the player."""
        s = self.state
        naturals: Counter = Counter()
        jokers: Counter = Counter()
        for c in s.seats[p].hand:
            if is_joker(c):
                jokers[c] += 1
            else:
                naturals[value(c)] += 1
        for c in s.open_cards[p]:
            if is_joker(c):
                jokers["open"] += 1
            else:
                naturals[value(c)] += 1
        return naturals, jokers

    def wall_plays(self, p: int) -> list[A.Build]:
        """Every play (:meth:`_wall_plays`); the last list is kept while what it reads is unchanged (the plays
        are worked out to see whether the wall goes on, then listed)."""
        s = self.state
        key = (p, tuple(s.seats[p].hand), tuple(s.open_cards[p]), s.wall_turn == 0, tuple(s.wall_last),
               tuple(s.wall_related))
        if _LAST_WALL and _LAST_WALL[0] == key:
            return _LAST_WALL[1]
        plays = self._wall_plays(p)
        _LAST_WALL[:] = [key, plays]
        return plays

    def _wall_plays(self, p: int) -> list[A.Build]:
        """Every play: the numbers, and for each number a natural card or a joker (from the hand by its colour,
        or from the open cards), where the seed allows one ("鬼牌为任意数字": a joker may stand for a number the
        player also holds). Two jokers paying a group are one choice whichever number each pays."""
        s = self.state
        naturals, jokers = self._wall_stock(p)
        sources = sorted(jokers)

        def payers(v: int) -> list[str]:
            return ([""] if naturals[v] else []) + sources

        def plays(numbers: tuple[int, ...]) -> list[A.Build]:
            if len(numbers) == 1:
                return [shared(A.Build, p, numbers, (j,) if j else ()) for j in payers(numbers[0])]
            a, b = numbers
            out = []
            for ja in payers(a):  # each payer is held at least once: only a payer used twice needs two
                for jb in payers(b):
                    if ja > jb and (a == b or (ja and jb)):
                        continue  # the same cards as (jb, ja)
                    if (not ja and not jb and a == b and naturals[a] < 2) or (ja and ja == jb and jokers[ja] < 2):
                        continue
                    out.append(shared(A.Build, p, numbers, (ja, jb) if ja or jb else ()))
            return out

        out: list[A.Build] = []
        if s.wall_turn == 0:  # the first card is free: any single number
            for v in WALL_NUMBERS:
                out += plays((v,))
            return out
        singles, groups = _wall_numbers(frozenset(self.wall_open()))
        if not jokers:  # natural cards only (nearly always): a number is played when held, twice when doubled
            out += [shared(A.Build, p, (v,), ()) for v in singles if naturals[v]]
            out += [shared(A.Build, p, (a, b), ()) for a, b in groups
                    if naturals[a] and (naturals[b] if a != b else naturals[a] >= 2)]
        else:
            for v in singles:
                out += plays((v,))
            for group in groups:
                out += plays(group)
        return sorted(out, key=lambda a: (len(a.numbers), a.numbers, a.jokers))

    def _wall_pay(self, p: int, number: int, payer: str) -> str:
        """The card paying ``number``: a natural card (the open cards in front first, then the hand, first in
        code order), or the joker named (``"open"``: the first joker in front of the player)."""
        s = self.state
        if payer in ("BJ", "RJ"):
            pile, card = s.seats[p].hand, payer
        else:
            test = is_joker if payer == "open" else (lambda c: not is_joker(c) and value(c) == number)
            pile = next(pile for pile in (s.open_cards[p], s.seats[p].hand) if any(test(c) for c in pile))
            card = min(c for c in pile if test(c))
        pile.remove(card)
        s.bank_under.append(card)
        return card

    def build(self, action: A.Build) -> None:
        s = self.state
        p = action.player
        payers = action.jokers or ("",) * len(action.numbers)
        paid = [self._wall_pay(p, n, j) for n, j in zip(action.numbers, payers, strict=True)]
        if len(action.numbers) == 2:
            s.wall_related = sorted(set(s.wall_related) | set(action.numbers))
        s.wall_last = list(action.numbers)
        s.wall_turn += 1
        self.event(f"player {p} builds the wall with {cards_label(paid)} as {', '.join(map(str, action.numbers))} "
                   f"(play {s.wall_turn} of {WALL_ROUNDS * self.params.players})")
        self._wall_next()

    def _wall_next(self) -> None:
        s = self.state
        if s.wall_turn >= WALL_ROUNDS * self.params.players:
            self._end_wall(True)
        elif not self.wall_plays(self.wall_builder()):
            self.event(f"player {self.wall_builder()} cannot continue the wall: it breaks")
            self._end_wall(False)

    def _end_wall(self, built: bool) -> None:
        s = self.state
        for front in s.open_cards:  # the public cards were never the players': back under the bank
            s.bank_under += front
        s.open_cards, s.wall_turn, s.wall_last, s.wall_related = [], 0, [], []
        s.stage = ""
        if built:
            self.event("the wall stands: every player gets a random hero from the inn")
            s.tasks += [Task("hero", INN, p, 1) for p in self.order()]
        else:
            self.event("the wall fails: every player loses a hero under the inn")
            self.open_choice("heroes", "inn", [min(1, len(seat.all_heroes())) for seat in s.seats])


@lru_cache(maxsize=1024)
def _wall_numbers(wanted: frozenset[int]) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]]:
    """The numbers a play may link to ``wanted`` (the open numbers): single numbers connected (+-1) to one, then
    groups of 2 whose sum or difference is one (a < b), then 2 equal numbers whose sum is one (the difference 0
    is no number), in that order."""
    singles = tuple(v for v in WALL_NUMBERS if v - 1 in wanted or v + 1 in wanted)
    groups = [(a, b) for a, b in combinations(WALL_NUMBERS, 2) if a + b in wanted or b - a in wanted]
    groups += [(v, v) for v in WALL_NUMBERS if 2 * v in wanted]
    return singles, tuple(groups)
