"""Baldur's Gate (柏德之门, seed 002) on the game protocol.

Every draw from the bank or the inn, every random card or hero taken from a player and every card dealt
back after a shuffle is an explicit chance step with exact probabilities over what the source holds: the
bank is its unseen shuffled part (any of its cards equally likely on top) followed by the cards put under
it, in order. See docs/rules-notes.md, "Baldur's Gate", for every interpretation.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from ..core.flow import seats_after
from ..core.protocol import Action, Chance, ChanceStep, Game, GameInfo, Information, Result
from ..core.registry import register
from . import actions as A
from .cards import (
    FUNCTION_HERO,
    HERO_NAMES,
    HERO_RANKS,
    LEVELS,
    colour,
    event_key,
    full_deck,
    is_hero,
    is_joker,
    opening_key,
    protections,
    rank_of,
    rules,
    score,
    value,
)
from .state import AUCTION, BANK, EVENT, GODS, HIDDEN, INN, LIMBO, LOOK, OPEN, POOL, REVEALED, BaldurState, Seat, Task

HAND_LIMIT = 13
WAITING = ("opening", "act", "bid", "choose", "protect", "answer", "werewolves", "join", "fight", "gods", "look",
           "wall")
#: cards drawn at the start of a turn by heroes held (0+: 3, 4+: 4, 6+: 5, 8+: 6)
DRAWS = ((8, 6), (6, 5), (4, 4), (0, 3))
#: Persian wall: plays per player, the numbers a card or a joker can stand for
WALL_ROUNDS = 7
WALL_NUMBERS = tuple(range(2, 11))
#: function cards a player can use actively (5 is passive defence, 7 is the witch's any-time reversal)
ACTIVE = (2, 3, 4, 6, 8, 9, 10)


def choices(cards: list[str]) -> list[str]:
    """One card per (rank, colour) held: two cards of a rank and colour do the same everywhere but in the
    opening, so only one of them is offered (the first in code order; see docs/rules-notes.md)."""
    seen: dict[tuple[str, str], str] = {}
    for c in sorted(cards):
        seen.setdefault((rank_of(c), colour(c)), c)
    return sorted(seen.values())


def kind(card: str) -> str:
    """A hand card by what it does in a bid: its rank and colour (``"5 black"``), or the joker's code."""
    return card if is_joker(card) else f"{rank_of(card)} {colour(card)}"


def card_of(hand: list[str], kind_: str) -> str:
    """The card of ``hand`` a kind stands for (the first in code order)."""
    return next(c for c in sorted(hand) if kind(c) == kind_)


def draw_count(heroes: int) -> int:
    return next(n for least, n in DRAWS if heroes >= least)


def tax_count(heroes: int) -> int:
    """注6: heroes held by the actor + 2 cards, at most 5."""
    return min(5, heroes + 2)


@dataclass(frozen=True)
class BaldurParams:
    players: int = 4
    max_rounds: int = 0  # 0: no limit (the seed has none); a positive value ends the game after that round

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 6:
            raise ValueError("Baldur's Gate is for 4 players (2 to 6 as a variant)")
        if self.max_rounds < 0:
            raise ValueError("max_rounds must be 0 (no limit) or positive")


@register
class Baldur(Game):
    name = "baldur"
    title = "Baldur's Gate (柏德之门)"
    action_types = A.ACTION_TYPES
    Params = BaldurParams
    max_length = 60_000
    info = GameInfo(min_players=2, max_players=6, max_length=60_000, information=Information.IMPERFECT,
                    simultaneous=True)

    state: BaldurState

    # ----- set-up -----------------------------------------------------------------------------
    def setup(self) -> None:
        n = self.params.players
        deck = full_deck()
        s = self.state = BaldurState(seats=[Seat() for _ in range(n)])
        s.inn = sorted(c for c in deck if is_hero(c))
        s.bank = sorted(c for c in deck if not is_hero(c))
        s.tasks = [Task("draw", BANK, p, 6) for p in range(n)] + [Task("hero", INN, p, 2) for p in range(n)]
        s.program = ["opening"]
        self.advance()

    # ----- the random moves -------------------------------------------------------------------
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

    def _move(self, task: Task, card: str) -> None:
        s = self.state
        if task.what == "draw":
            (s.bank if s.bank else s.bank_under).remove(card)
        elif task.what == "hero":
            if s.revealed and task.dst == AUCTION:
                s.revealed = ""
            else:
                (s.inn if s.inn else s.inn_under).remove(card)
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
            else:
                seat.hand.append(card)
                seat.hand.sort()
            private = task.what in ("draw", "take", "deal") and not is_hero(card)
            if private:
                seen = (dst,) if task.what != "take" else (dst, task.src)
                self.event(f"player {dst} gets {card}", seen_by=seen, hidden=f"player {dst} gets a card")
            else:
                self.event(f"player {dst} gets hero {card} face up")
        elif dst == BANK:
            s.bank_under.append(card)
        elif dst == INN:
            s.inn_under.append(card)
            self.event(f"hero {card} of player {task.src} dies and goes under the inn")
        elif dst == LIMBO:
            s.limbo.append(card)
        elif dst == EVENT:
            s.event = card
        elif dst == AUCTION:
            s.auction = card
            self.event(f"the inn offers hero {card} ({HERO_NAMES[rank_of(card)]})")
        elif dst == LOOK:
            s.looked.append(card)
            s.looked.sort()
            self.event(f"player {s.current} looks at {card}", seen_by=(s.current,),
                       hidden=f"player {s.current} looks at a card")
        elif dst == GODS:
            s.gods.append(card)
            self.event(f"the gods show {card} ({'any colour' if is_joker(card) else colour(card)})")
        elif dst <= OPEN:
            s.open_cards[OPEN - dst].append(card)
            s.open_cards[OPEN - dst].sort()
            self.event(f"player {OPEN - dst} gets {card} face up in front of them")
        elif dst == HIDDEN:
            s.hidden.append(card)
            self.event(f"a hidden card: {card}", seen_by=(), hidden="a card is drawn face down")
        elif dst == REVEALED:
            s.revealed = card
            self.event(f"the inn's top hero is shown: {card}")
        task.n -= 1
        if task.n <= 0 or not self._source(task):
            s.tasks.remove(task)

    def pending_chance(self) -> ChanceStep | None:
        s = self.state
        if s.tied:
            return ChanceStep.uniform("rock-paper-scissors", f"players {s.tied} play rock-paper-scissors",
                                      [str(p) for p in s.tied])
        if not s.tasks:
            return None
        task = s.tasks[0]
        return ChanceStep.uniform(task.what, f"{task.what}: a card for {task.dst}", self._source(task))

    def advance(self) -> None:
        """Run deterministic moves and the program until a player or chance must act."""
        s = self.state
        while not s.over:
            if s.tied:
                return
            if s.tasks:
                task = s.tasks[0]
                source = self._source(task)
                if not source:
                    s.tasks.pop(0)
                    continue
                if len(set(source)) > 1:
                    return
                self._move(task, source[0])
                continue
            if s.stage in WAITING:
                return
            end = self._end_reason()
            if end:
                s.over = end
                s.stage = "over"
                self.event(f"the game ends: {end}")
                return
            if not s.program:
                return
            getattr(self, "step_" + s.program.pop(0).replace(" ", "_"))()

    def _end_reason(self) -> str:
        s = self.state
        if not s.inn and not s.inn_under and not s.revealed and not s.auction:
            return "every hero of the inn has been recruited"
        for p, seat in enumerate(s.seats):
            if len(seat.all_heroes()) >= 10:
                return f"player {p} holds 10 heroes"
        if self.params.max_rounds and s.round > self.params.max_rounds:
            return f"round limit {self.params.max_rounds} reached (variant)"
        return ""

    # ----- the program's steps ----------------------------------------------------------------
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

    def step_turn(self) -> None:
        s = self.state
        seat = s.seats[s.current]
        seat.heroes = sorted(seat.heroes + seat.tired)  # exhausted heroes turn face up at the start of the turn
        seat.tired = []
        n = draw_count(len(seat.heroes))
        self.event(f"round {s.round}: player {s.current}'s turn, draws {n}")
        s.tasks.append(Task("draw", BANK, s.current, n))
        s.stage = "act"

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

    def step_next_turn(self) -> None:
        s = self.state
        s.turns += 1
        s.current = (s.current + 1) % self.params.players
        s.program = ["turn"] if s.current != s.first else ["hand limit", "event"]

    def step_hand_limit(self) -> None:
        s = self.state
        over = [max(0, len(seat.hand) - HAND_LIMIT) for seat in s.seats]
        if any(over):
            self.open_choice("hand", "bank", over)

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
        self.event(f"event {s.event}: {data['name']} ({data['name_zh']}): {data['text']}")
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
        bullets = ", ".join(f"player {p} {'+'.join(c) or '-'} = {totals[p]}" for p, c in enumerate(s.played))
        self.event(f"the werewolves were {wolves} ({'+'.join(s.hidden) or '-'}); silver bullets {bullets}")
        s.bank_under += s.hidden + [c for cards in s.played for c in cards]
        s.hidden, s.played = [], []
        s.stage = ""
        if sum(totals) > wolves:
            self.event("the werewolves are destroyed")
            return
        low = min(totals)
        need = [min(2 if t == low else 1, len(seat.all_heroes())) for t, seat in zip(totals, s.seats, strict=True)]
        self.event(f"the werewolves win: players {[p for p, t in enumerate(totals) if t == low]} lose 2 heroes, "
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
        self.event(f"Dracula's life was {life} ({'+'.join(s.hidden)}); attacks "
                   + ", ".join(f"player {p} {'+'.join(s.played[p]) or '-'} = {t}" for p, t in totals.items()))
        s.bank_under += s.hidden + [c for cards in s.played for c in cards]
        s.hidden, s.played, s.stopped, s.joined = [], [], [], []
        s.stage = ""
        if any(t > life for t in totals.values()):
            self.event(f"Dracula is destroyed: players {fighters} get 2 random heroes each")
            s.tasks += [Task("hero", INN, p, 2) for p in fighters]
        else:
            self.event("Dracula survives")

    def step_gods_round(self) -> None:
        s = self.state
        s.war_round += 1
        s.matched = []
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
        want = self.god_colour()
        cards = choices(s.seats[p].hand) + [c for c in choices(s.open_cards[p]) if c not in s.seats[p].hand]
        return sorted({c for c in cards if want == "any" or is_joker(c) or colour(c) == want})

    def _gods_fall(self) -> None:
        """Players who can neither match nor sacrifice fall; when everybody answered, the next round."""
        s = self.state
        for p in range(self.params.players):
            if p in s.fallen or p in s.matched:
                continue
            if not self.matches(p) and not s.seats[p].all_heroes():
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
        s.gods, s.open_cards, s.matched, s.war_round = [], [], [], 0
        s.stage = ""
        if winners:
            self.event(f"players {winners} withstood the gods: 3 cards and a random hero each")
            s.tasks += [Task("draw", BANK, p, 3) for p in winners] + [Task("hero", INN, p, 1) for p in winners]
        s.fallen = []

    # ----- the Persian wall (black 10) ---------------------------------------------------------------
    def step_wall(self) -> None:
        self.state.stage = "wall"
        self._wall_next()

    def wall_builder(self) -> int:
        return self.order()[self.state.wall_turn % self.params.players]

    def wall_open(self) -> set[int]:
        """The numbers the next play may link to: the last play's numbers and every earlier group's numbers."""
        s = self.state
        return set(s.wall_last) | set(s.wall_related)

    def _wall_stock(self, p: int) -> tuple[Counter, int]:
        s = self.state
        cards = s.seats[p].hand + s.open_cards[p]
        return Counter(value(c) for c in cards if not is_joker(c)), sum(is_joker(c) for c in cards)

    def wall_plays(self, p: int) -> list[A.Build]:
        s = self.state
        naturals, jokers = self._wall_stock(p)
        if s.wall_turn == 0:  # the first card is free: any single number
            return [A.Build(p, (v,)) for v in WALL_NUMBERS if naturals[v] or jokers]
        wanted = self.wall_open()
        out = [A.Build(p, (v,)) for v in WALL_NUMBERS
               if (naturals[v] or jokers) and (v - 1 in wanted or v + 1 in wanted)]
        for a, b in combinations(WALL_NUMBERS, 2):  # a < b; equal numbers below
            if a + b in wanted or b - a in wanted:
                missing = (not naturals[a]) + (not naturals[b])
                if missing <= jokers:
                    out.append(A.Build(p, (a, b)))
        for v in WALL_NUMBERS:  # two cards of the same number: their sum (the difference 0 is no number)
            if 2 * v in wanted and max(0, 2 - naturals[v]) <= jokers:
                out.append(A.Build(p, (v, v)))
        return sorted(out, key=lambda a: (len(a.numbers), a.numbers))

    def _wall_pay(self, p: int, number: int) -> str:
        """The card paying ``number``: a natural card (the open cards in front first, then the hand, first in
        code order), else a joker the same way."""
        s = self.state
        piles = (s.open_cards[p], s.seats[p].hand)
        for test in (lambda c: not is_joker(c) and value(c) == number, is_joker):
            for pile in piles:
                card = next((c for c in sorted(pile) if test(c)), None)
                if card:
                    pile.remove(card)
                    s.bank_under.append(card)
                    return card
        raise AssertionError(f"player {p} cannot pay {number}")

    def build(self, action: A.Build) -> None:
        s = self.state
        p = action.player
        paid = [self._wall_pay(p, n) for n in action.numbers]
        if len(action.numbers) == 2:
            s.wall_related = sorted(set(s.wall_related) | set(action.numbers))
        s.wall_last = list(action.numbers)
        s.wall_turn += 1
        self.event(f"player {p} builds the wall with {'+'.join(paid)} as {', '.join(map(str, action.numbers))} "
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

    def step_plague_hands(self) -> None:
        self.open_choice("hand", "bank", [min(2, len(seat.hand)) for seat in self.state.seats])

    def step_event_done(self) -> None:
        s = self.state
        if s.event:
            s.bank_under.append(s.event)
            s.event = ""
        s.round += 1
        s.bans, s.next_bans = s.next_bans, []
        s.current = s.first
        s.program = ["turn"]

    def open_choice(self, zone: str, dest: str, need: list[int]) -> None:
        s = self.state
        if not any(need):
            return
        s.choose_zone, s.choose_dest, s.need = zone, dest, need
        s.passing = [[] for _ in s.seats]
        s.stage = "choose"

    # ----- who acts, what they may do ---------------------------------------------------------
    def current_players(self) -> tuple[int, ...]:
        s = self.state
        if s.stage == "opening":
            return tuple(p for p in range(self.params.players) if not s.opening[p] and self._can_open(p))
        if s.stage == "act":
            return (s.current,)
        if s.stage == "bid":
            return tuple(p for p in s.bidders if not s.bids[p])
        if s.stage == "answer":
            return tuple(s.window)
        if s.stage == "look":
            return (s.current,)
        if s.stage == "wall":
            return (self.wall_builder(),)
        if s.stage == "gods":
            return tuple(p for p in range(self.params.players) if p not in s.fallen and p not in s.matched)
        if s.stage == "werewolves":
            return (self.order()[s.wolf_turn % self.params.players],)
        if s.stage == "join":
            return tuple(p for p, j in enumerate(s.joined) if j < 0)
        if s.stage == "fight":
            return tuple(p for p in range(self.params.players) if p not in s.stopped)
        if s.stage in ("choose", "protect"):
            return tuple(p for p, n in enumerate(s.need) if n)
        return ()

    def _can_open(self, p: int) -> bool:
        return any(not is_joker(c) for c in self.state.seats[p].hand)

    def player_actions(self) -> list[Action]:
        s = self.state
        out: list[Action] = []
        for p in self.current_players():
            seat = s.seats[p]
            if s.stage == "opening":
                out += [A.Open(p, c) for c in sorted(set(seat.hand)) if not is_joker(c)]
            elif s.stage == "act":
                out += self.hero_actions(p)
                out += [A.Recruit(p), A.EndTurn(p)] if (s.inn or s.inn_under or s.revealed) else [A.EndTurn(p)]
            elif s.stage == "bid":
                kinds = sorted({kind(c) for c in seat.hand})
                held = Counter(kind(c) for c in seat.hand)
                pairs = [(a, b) for a, b in combinations(kinds, 2)] + [(k, k) for k in kinds if held[k] > 1]
                out += [A.Bid(p, pair) for pair in sorted(pairs)] if len(seat.hand) >= 2 else \
                    [A.Bid(p, (c,)) for c in kinds]
                out.append(A.Drop(p))
            elif s.stage == "choose":
                zone = seat.hand if s.choose_zone == "hand" else seat.all_heroes()
                verb = {"bank": "discards", "inn": "loses", "right": "passes right"}[s.choose_dest]
                out += [A.Choose(p, c, verb) for c in (choices(zone) if s.choose_zone == "hand" else sorted(set(zone)))]
            elif s.stage == "look":
                if s.look_from < 0:
                    out += [A.Give(p, c, s.look_to[0]) for c in choices(s.looked)]
                else:
                    out += [A.Take(p, c) for c in choices(s.looked)]
            elif s.stage == "gods":
                found = self.matches(p)
                out += [A.Match(p, c) for c in found]
                if not found:
                    out += [A.Sacrifice(p, h) for h in sorted(set(seat.all_heroes()))]
            elif s.stage == "wall":
                out += self.wall_plays(p)
            elif s.stage == "werewolves":
                out += [A.PlayDown(p, c) for c in choices(seat.hand)]
            elif s.stage == "join":
                out += [A.Join(p, True), A.Join(p, False)]
            elif s.stage == "fight":
                out += [A.PlayDown(p, c) for c in choices(seat.hand)]
                if len(s.played[p]) >= 2 or not seat.hand:
                    out.append(A.Stop(p))
            elif s.stage == "answer":
                out += self.defences(p) + self.reversals(p) + [A.Let(p)]
            elif s.stage == "protect":
                out += [A.Protect(p, tuple(str(value(c)) for c in combo))
                        for combo in protections(seat.hand, s.protect_number)]
                out.append(A.GiveUp(p))
        return out

    def ready_heroes(self, p: int) -> set[str]:
        s = self.state
        return {rank_of(h) for h in s.seats[p].heroes if f"{p}:{rank_of(h)}" not in s.bans}

    def hero_actions(self, p: int) -> list[Action]:
        s = self.state
        ready = self.ready_heroes(p)
        hand = Counter(s.seats[p].hand)
        others = [q for q in range(self.params.players) if q != p]
        out: list[Action] = []
        for rank in ACTIVE:
            if FUNCTION_HERO[rank] not in ready:
                continue
            for col, joker in (("black", "BJ"), ("red", "RJ")):
                natural = sum(n for c, n in hand.items() if not is_joker(c) and rank_of(c) == str(rank)
                              and colour(c) == col)
                for level in (1, 2, 3):
                    for jokers in range(0, min(level, hand[joker]) + 1):
                        if natural >= level - jokers:
                            aims = self.aims(p, rank, level, others)
                            out += [A.Use(p, rank, level, col, jokers, t, k) for t, k in aims]
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

    def anytime_actions(self, player: int) -> list[Action]:
        """The witch's 7 at any time: while a hero action of another player waits for answers."""
        return self.reversals(player) if self.state.stage == "answer" else []

    def _level_options(self, p: int, rank: int, level: int) -> list[tuple[str, int]]:
        """(colour, jokers) with which ``p`` can play ``level`` cards of ``rank``."""
        hand = Counter(self.state.seats[p].hand)
        out = []
        for col, joker in (("black", "BJ"), ("red", "RJ")):
            natural = sum(n for c, n in hand.items()
                          if not is_joker(c) and rank_of(c) == str(rank) and colour(c) == col)
            out += [(col, j) for j in range(0, min(level, hand[joker]) + 1) if natural >= level - j]
        return out

    def affected(self, actor: int, rank: int, level: int, targets: list[int]) -> list[int]:
        """The players a hero action reaches (who may defend with the thief's 5)."""
        if targets:
            return [q for q in targets if q != actor]
        return self.others(actor)  # every other player (8 special: the actor's own hand is not defended)

    def defences(self, p: int) -> list[Action]:
        s = self.state
        if not s.pending or p in s.shielded or p not in self.affected(int(s.pending[0]), int(s.pending[1]),
                                                                      int(s.pending[2]), s.pending_targets):
            return []
        if not any(rank_of(h) == "J" for h in s.seats[p].all_heroes()):
            return []
        return [A.Defend(p, c, j) for c, j in self._level_options(p, 5, int(s.pending[2]))]

    def reversals(self, p: int) -> list[Action]:
        s = self.state
        if not s.pending or p == s.pending[0] or p not in s.window:
            return []
        if not any(rank_of(h) == "Q" for h in s.seats[p].heroes) or f"{p}:Q" in s.bans:
            return []
        return [A.Reverse(p, c, j) for c, j in self._level_options(p, 7, int(s.pending[2]))]

    def illegal_reason(self, action: Action) -> tuple[str, str]:
        s = self.state
        if isinstance(action, Chance):
            return "chance", "no such random outcome is pending"
        if s.tasks or s.tied:
            return "chance", "a card must be drawn first"
        p = action.actor
        if isinstance(action, A.Open):
            return "first player", "play one hand card you hold, not a joker, once"
        if isinstance(action, A.Use):
            if s.stage != "act" or p != s.current:
                return "hero actions", "only the player whose turn it is acts with heroes, before recruiting"
            hero = FUNCTION_HERO.get(action.rank)
            if action.rank in (5, 7):
                return "function cards", f"[{action.rank}] is not an active hero action"
            if hero not in self.ready_heroes(p):
                return "function cards", f"using [{action.rank}] needs a ready, unbanned {HERO_NAMES.get(hero, '?')}"
            return "function card levels", f"{LEVELS[action.level - 1]} needs {action.level} same-colour cards"
        if isinstance(action, A.Recruit | A.EndTurn):
            return "recruiting", "only the player whose turn it is recruits or ends the turn"
        if isinstance(action, A.Bid | A.Drop):
            return "recruiting", "bid 2 hand cards you hold, once per bidding round, while an auction runs"
        if isinstance(action, A.Choose):
            return "hand limit and events", "choose a card you hold while you must discard, lose or pass"
        if isinstance(action, A.Defend):
            return "thief's defence", "a player reached by a waiting hero action, owning a thief, with 5s of its level"
        if isinstance(action, A.Reverse):
            return "witch's reversal", "an unexhausted witch and 7s of the waiting action's level"
        if isinstance(action, A.Let):
            return "hero actions", "nothing is waiting for your answer"
        if isinstance(action, A.Give | A.Take):
            return "looking (6)", "only the player looking, with a card looked at, to the next player in turn"
        if isinstance(action, A.Match | A.Sacrifice):
            return "northern gods", "match the revealed colour from your cards, or sacrifice a hero only if you cannot"
        if isinstance(action, A.Build):
            if s.stage != "wall" or p != self.wall_builder():
                return "Persian wall", "only the player whose turn it is builds, while the wall is being built"
            return "Persian wall", ("one number connected (+-1) to an open number, or 2 numbers whose sum or "
                                    f"difference is one (open: {sorted(self.wall_open()) or 'any'}), with cards "
                                    "in hand or in front of you")
        if isinstance(action, A.PlayDown | A.Stop | A.Join):
            return "hidden-number events", "only during the werewolves or Dracula, in turn, with cards you hold"
        if isinstance(action, A.Protect | A.GiveUp):
            return "protection numbers", "protect with cards making the protection number (注9)"
        return "actions", f"{action.describe()} is not possible now"

    # ----- playing ------------------------------------------------------------------------------
    def perform(self, action: Action) -> None:
        s = self.state
        if isinstance(action, Chance):
            if s.tied:
                s.first = int(action.outcome)
                s.tied = []
                self.event(f"player {s.first} wins rock-paper-scissors and starts")
                s.program = ["initial draw"]
            else:
                self._move(s.tasks[0], str(action.outcome))
        elif isinstance(action, A.Open):
            self.play_opening(action)
        elif isinstance(action, A.Use):
            self.use(action)
        elif isinstance(action, A.Recruit):
            self.event(f"player {action.player} recruits")
            s.stage = ""
            s.tasks.append(Task("hero", INN, AUCTION, 1))
            s.program = ["open auction"]
        elif isinstance(action, A.EndTurn):
            self.event(f"player {action.player} ends the turn")
            s.stage = ""
            s.program = ["next turn"]
        elif isinstance(action, A.Bid):
            hand = s.seats[action.player].hand
            cards = []
            for k in action.cards:
                cards.append(card_of(hand, k))
                hand.remove(cards[-1])
            s.bids[action.player] = cards
            self.event(f"player {action.player} bids {'+'.join(cards)}", seen_by=(action.player,),
                       hidden=f"player {action.player} bids face down")
            self._settle_bids()
        elif isinstance(action, A.Drop):
            s.bidders.remove(action.player)
            self.event(f"player {action.player} drops out of the auction")
            self._settle_bids()
        elif isinstance(action, A.Choose):
            self.choose(action)
        elif isinstance(action, A.Protect):
            seat = s.seats[action.player]
            paid = []
            for number in action.cards:  # the numbers; the cards paid are the first of each number in code order
                card = next(c for c in sorted(seat.hand) if value(c) == int(number))
                seat.hand.remove(card)
                s.bank_under.append(card)
                paid.append(card)
            s.need[action.player] -= 1
            self.event(f"player {action.player} protects a {HERO_NAMES[s.protect_rank]} with "
                       f"{'+'.join(paid)} (numbers {', '.join(action.cards)}) -> {s.protect_number}")
            self._settle_protection()
        elif isinstance(action, A.Defend):
            self._spend(action.player, 5, int(s.pending[2]), action.colour, action.jokers)
            s.shielded.append(action.player)
            s.window.remove(action.player)
            self.event(f"player {action.player}'s thief defends: the action does not reach them")
            self._settle_answers()
        elif isinstance(action, A.Reverse):
            seat = s.seats[action.player]
            witch = next(h for h in seat.heroes if rank_of(h) == "Q")
            seat.heroes.remove(witch)
            seat.tired = sorted([*seat.tired, witch])
            self._spend(action.player, 7, int(s.pending[2]), action.colour, action.jokers)
            self.event(f"player {action.player}'s witch {witch} reverses the action of player {s.pending[0]}")
            s.pending, s.pending_targets, s.window, s.shielded = [], [], [], []
            s.stage = "act"
        elif isinstance(action, A.PlayDown):
            s.seats[action.player].hand.remove(action.card)
            s.played[action.player].append(action.card)
            self.event(f"player {action.player} plays {action.card} face down", seen_by=(action.player,),
                       hidden=f"player {action.player} plays a card face down")
            if s.stage == "werewolves":
                s.wolf_turn += 1
                self._wolf_skip()
            elif not s.seats[action.player].hand:
                s.stopped.append(action.player)
                self._settle_fight()
        elif isinstance(action, A.Give):
            s.looked.remove(action.card)
            s.look_to.pop(0)
            s.seats[action.to].hand = sorted([*s.seats[action.to].hand, action.card])
            self.event(f"player {action.player} gives {action.card} to player {action.to}",
                       seen_by=(action.player, action.to), hidden=f"player {action.player} gives a card to {action.to}")
            s.stage = ""
            s.program = ["look", *s.program]
        elif isinstance(action, A.Take):
            s.looked.remove(action.card)
            s.look_take -= 1
            s.seats[action.player].hand = sorted([*s.seats[action.player].hand, action.card])
            self.event(f"player {action.player} takes {action.card} from player {s.look_from}",
                       seen_by=(action.player, s.look_from), hidden=f"player {action.player} takes a card")
            s.stage = ""
            s.program = ["look", *s.program]
        elif isinstance(action, A.Match):
            p = action.player
            pile = s.seats[p].hand if action.card in s.seats[p].hand else s.open_cards[p]
            pile.remove(action.card)
            s.bank_under.append(action.card)
            s.matched.append(p)
            self.event(f"player {p} matches the gods with {action.card} (war round {s.war_round})")
            self._gods_fall()
        elif isinstance(action, A.Sacrifice):
            p = action.player
            seat = s.seats[p]
            (seat.heroes if action.hero in seat.heroes else seat.tired).remove(action.hero)
            s.inn_under.append(action.hero)
            self.event(f"player {p} sacrifices {action.hero} for 3 open cards")
            s.tasks.append(Task("draw", BANK, OPEN - p, 3))
            s.stage = ""  # the 3 open cards are drawn, then everybody still to answer answers
            s.program = ["gods recheck", *s.program]
        elif isinstance(action, A.Build):
            self.build(action)
        elif isinstance(action, A.Stop):
            s.stopped.append(action.player)
            self._settle_fight()
        elif isinstance(action, A.Join):
            s.joined[action.player] = int(action.fight)
            self.event(f"player {action.player} chooses", seen_by=(action.player,),
                       hidden=f"player {action.player} chooses")
            if min(s.joined) >= 0:
                self.event("rock-paper-scissors: " + ", ".join(f"player {p} {'rock' if j else 'paper'}"
                                                                for p, j in enumerate(s.joined)))
                s.stage = ""
                fighters = sum(s.joined)
                if fighters:
                    s.tasks.append(Task("draw", BANK, HIDDEN, fighters))
                    s.program = ["dracula fight", "event done"]
        elif isinstance(action, A.Let):
            s.window.remove(action.player)
            self._settle_answers()
        elif isinstance(action, A.GiveUp):
            seat = s.seats[action.player]
            hero = next(h for h in seat.tired + seat.heroes if rank_of(h) == s.protect_rank)
            (seat.tired if hero in seat.tired else seat.heroes).remove(hero)
            s.inn_under.append(hero)
            s.need[action.player] -= 1
            self.event(f"player {action.player}'s {HERO_NAMES[s.protect_rank]} {hero} dies and goes under the inn")
            self._settle_protection()
        self.advance()

    def play_opening(self, action: A.Open) -> None:
        s = self.state
        s.seats[action.player].hand.remove(action.card)
        s.opening[action.player] = action.card
        self.event(f"player {action.player} plays {action.card} face down", seen_by=(action.player,),
                   hidden=f"player {action.player} plays a card face down")
        if self.current_players():
            return
        played = [(opening_key(c), p) for p, c in enumerate(s.opening) if c]
        self.event("the opening cards: " + ", ".join(f"player {p} {c}" for p, c in enumerate(s.opening) if c))
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

    def _auto_drop(self) -> None:
        s = self.state
        for p in list(s.bidders):
            if not s.seats[p].hand:  # 注7: no hand cards, no bid
                s.bidders.remove(p)
                self.event(f"player {p} has no hand cards and cannot bid")
        self._settle_bids()

    def _settle_bids(self) -> None:
        s = self.state
        if any(not s.bids[p] for p in s.bidders):
            return
        totals = {p: sum(value(c) for c in s.bids[p]) for p in s.bidders}
        if totals:
            self.event("bids: " + ", ".join(f"player {p} {'+'.join(s.bids[p])} = {t}" for p, t in totals.items()))
        for bid in s.bids:
            s.bank_under += bid
        s.bids = [[] for _ in s.seats]
        best = max(totals.values(), default=0)
        top = [p for p, t in totals.items() if t == best]
        if len(top) == 1:
            seat = s.seats[top[0]]
            seat.heroes.append(s.auction)
            seat.heroes.sort()
            self.event(f"player {top[0]} recruits {s.auction}")
        elif top and s.auction_round < 3:
            s.auction_round += 1
            s.bidders = top
            self.event(f"tie at {best}: players {top} bid again (round {s.auction_round})")
            self._auto_drop()
            return
        else:
            s.inn_under.append(s.auction)
            self.event(f"nobody recruits {s.auction}: the hero leaves (under the inn)")
        s.auction = ""
        s.bidders = []
        s.stage = ""
        s.program = ["next turn"]

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
            self.event(f"player {p} discards {card}")
        elif s.choose_dest == "inn":
            s.inn_under.append(card)
            self.event(f"player {p}'s hero {card} dies")
        else:
            s.passing[p].append(card)
            if s.choose_zone == "hand":
                self.event(f"player {p} passes {card}", seen_by=(p,), hidden=f"player {p} passes a card")
            else:
                self.event(f"player {p} passes hero {card}")
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

    def _settle_protection(self) -> None:
        s = self.state
        if not any(s.need):
            s.stage = ""
            s.protect_rank, s.protect_number = "", 0

    # ----- hero actions -------------------------------------------------------------------------
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

    def defences_possible(self, q: int, level: int) -> bool:
        seat = self.state.seats[q]
        return any(rank_of(h) == "J" for h in seat.all_heroes()) and bool(self._level_options(q, 5, level))

    def reversal_possible(self, q: int, level: int) -> bool:
        seat = self.state.seats[q]
        return any(rank_of(h) == "Q" for h in seat.heroes) and f"{q}:Q" not in self.state.bans and \
            bool(self._level_options(q, 7, level))

    def _spend(self, p: int, rank: int, level: int, col: str, jokers: int) -> list[str]:
        s = self.state
        seat = s.seats[p]
        naturals = sorted(c for c in seat.hand if not is_joker(c) and rank_of(c) == str(rank) and colour(c) == col)
        spent = naturals[:level - jokers] + ["BJ" if col == "black" else "RJ"] * jokers
        for c in spent:
            seat.hand.remove(c)
            s.bank_under.append(c)
        return spent

    def _settle_answers(self) -> None:
        s = self.state
        if s.window:
            return
        p, rank, level, col, jokers, kinds = s.pending
        action = A.Use(int(p), int(rank), int(level), str(col), int(jokers), tuple(s.pending_targets), str(kinds))
        s.pending, s.pending_targets = [], []
        s.stage = "act"
        getattr(self, f"function_{action.rank}")(action)
        s.shielded = []

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

    # ----- views, the end -----------------------------------------------------------------------
    def stage(self) -> str:
        s = self.state
        if s.tied:
            return "rock-paper-scissors for the first turn"
        if s.tasks:
            return "drawing"
        return {"opening": "first player: everybody plays a card face down", "act": "hero actions",
                "bid": f"recruiting {s.auction}: bidding round {s.auction_round}", "choose": "choosing cards",
                "protect": "protecting heroes",
                "answer": "answering a hero action (thief's 5, witch's 7)",
                "werewolves": "full moon: silver bullets face down", "join": "Dracula: rock or paper",
                "fight": "fighting Dracula", "gods": "the gods of Northern Europe: match the colour",
                "look": "looking at cards (6)", "wall": "the Persian wall: build in turn",
                "over": "over"}.get(s.stage, s.stage or "between steps")

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

    def turn_number(self) -> int:
        return self.state.turns

    def all_cards(self) -> list[str]:
        s = self.state
        cards = s.bank + s.bank_under + s.inn + s.inn_under + s.limbo + s.pool + s.hidden + s.gods + s.looked
        for front in s.open_cards:
            cards += front
        for played in s.played:
            cards += played
        cards += [c for c in (s.event, s.auction, s.revealed) if c]
        cards += [c for c in s.opening if c and s.stage == "opening"]
        for seat in s.seats:
            cards += seat.hand + seat.heroes + seat.tired
        for bid in s.bids:
            cards += bid
        for cards_passed in s.passing:
            cards += cards_passed
        return cards

    def invariants(self) -> list[str]:
        s = self.state
        broken = []
        if Counter(self.all_cards()) != Counter(full_deck()):
            broken.append(f"the 108 cards are not each in exactly one place ({len(self.all_cards())} found)")
        if s.checking_limit and not s.tasks and any(len(seat.hand) > HAND_LIMIT for seat in s.seats):
            broken.append("a hand is over 13 cards when the event comes")
        for seat in s.seats:
            if any(not is_hero(c) for c in seat.all_heroes()) or any(is_hero(c) for c in seat.hand):
                broken.append("a hero in a hand or a hand card among heroes")
        return broken

    def observe(self, player: int | None) -> dict:
        s = self.state
        seats = []
        for p, seat in enumerate(s.seats):
            own = player is None or player == p
            seats.append({"hand": list(seat.hand) if own else len(seat.hand), "heroes": list(seat.heroes),
                          "exhausted": list(seat.tired),
                          "bid": (list(s.bids[p]) if own else len(s.bids[p])) if s.bids else [],
                          "opening": (s.opening[p] if own else bool(s.opening[p])) if s.opening and
                          s.stage == "opening" else ""})
        return {"seats": seats, "bank": len(s.bank) + len(s.bank_under), "inn": len(s.inn) + len(s.inn_under),
                "revealed": s.revealed, "auction": s.auction, "event": s.event, "round": s.round,
                "first": s.first, "current": s.current, "bans": list(s.bans), "next_bans": list(s.next_bans),
                "need": list(s.need) if s.stage in ("choose", "protect") else [], "protect": s.protect_number,
                "over": s.over, "gods": list(s.gods),
                "looked": list(s.looked) if player is None or player == s.current else len(s.looked),
                "open_cards": [list(c) for c in s.open_cards],
                "fallen": list(s.fallen),
                "wall": {"plays": s.wall_turn, "last": list(s.wall_last), "related": list(s.wall_related),
                         "open": sorted(self.wall_open())} if s.stage == "wall" else {},
                "hidden_cards": len(s.hidden) if player is not None else list(s.hidden),
                "played": [(list(c) if player is None or player == p else len(c)) for p, c in enumerate(s.played)],
                "joined": [(j if player is None or player == p or min(s.joined) >= 0 else -2)
                           for p, j in enumerate(s.joined)]}

    def describe_view(self, player: int | None) -> str:
        o = self.observe(player)
        lines = [f"round {o['round']}, first player {o['first']}, player {o['current']} to play; "
                 f"bank {o['bank']} cards, inn {o['inn']} heroes"]
        if o["auction"]:
            lines.append(f"auction: {o['auction']}")
        if o["bans"]:
            lines.append(f"bans: {', '.join(o['bans'])}")
        for p, seat in enumerate(o["seats"]):
            hand = " ".join(seat["hand"]) if isinstance(seat["hand"], list) else f"{seat['hand']} cards"
            lines.append(f"player {p}: heroes {' '.join(seat['heroes']) or '-'}"
                         f" exhausted {' '.join(seat['exhausted']) or '-'}; hand {hand}")
        return "\n".join(lines)

    def describe_state(self) -> str:
        return self.describe_view(None)

    @classmethod
    def heuristic_agent(cls):
        from .agents import GreedyAgent

        return GreedyAgent()


__all__ = ["Baldur", "BaldurParams", "Fraction"]
