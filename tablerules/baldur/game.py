"""Baldur's Gate (柏德之门, seed 002) on the game protocol.

Every draw from the bank or the inn, every random card or hero taken from a player and every card dealt
back after a shuffle is an explicit chance step with exact probabilities over what the source holds: the
bank is its unseen shuffled part (any of its cards equally likely on top) followed by the cards put under
it, in order. See docs/rules/baldursgate.md, "Baldur's Gate", for every interpretation.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from ..core.actions import Weighted, outcome_words
from ..core.protocol import Action, Chance, ChanceStep, Game, GameInfo, Information
from ..core.registry import register
from ..core.words import listed, players
from . import actions as A
from .cards import (
    FUNCTION_HERO,
    HERO_NAMES,
    LEVELS,
    card_label,
    cards_label,
    full_deck,
    is_hero,
    is_joker,
    rank_of,
    value,
)
from .listing import bids, protects, shared
from .rules.answers import AnswerRules
from .rules.auction import AuctionRules
from .rules.common import (  # noqa: F401 - re-exported: the numbers and helpers were defined here
    ACTIVE,
    DRAWS,
    HAND_LIMIT,
    WAITING,
    WALL_NUMBERS,
    WALL_ROUNDS,
    card_of,
    choices,
    draw_count,
    kind,
    tax_count,
)
from .rules.events import EventRules
from .rules.events_hidden import HiddenEventRules
from .rules.events_seven import SevenRoundRules
from .rules.heroes import HeroRules
from .rules.opening import OpeningRules
from .rules.round_end import RoundEndRules
from .rules.turn import TurnRules
from .state import AUCTION, BANK, EVENT, GODS, HIDDEN, INN, LIMBO, LOOK, OPEN, POOL, REVEALED, BaldurState, Task
from .view import ViewRules

#: the current rules edition (see ``BaldurParams.rules``)
RULES = 2


@dataclass(frozen=True)
class BaldurParams:
    players: int = 4
    max_rounds: int = 0  # 0: no limit (the seed has none); a positive value ends the game after that round
    #: the rules edition: 2 (since 2026-11-30 evening) gives nothing back when [8] basic exchanges an empty
    #: hand; 1 (saves written before, which have no ``rules``) drew one card there
    rules: int = RULES

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 6:
            raise ValueError("Baldur's Gate is for 4 players (2 to 6 as a variant)")
        if self.max_rounds < 0:
            raise ValueError("max_rounds must be 0 (no limit) or positive")
        if self.rules not in (1, 2):
            raise ValueError("rules must be 1 or 2 (the rules edition)")



_VERBS = {"bank": "discards", "inn": "loses", "right": "passes right"}  # where chosen cards go -> the verb
_WAITING = frozenset(WAITING)  # the stages where a player acts (a set: asked at every step of the program)
_ABOUT: dict[tuple[str, int], str] = {}  # (task kind, destination) -> the chance step's description
_STEPS: dict[str, str] = {}  # a program step -> the name of the method running it


#: where a drawn card goes, in words (the places of state.py; a seat is "player N")
_PLACES = {BANK: "the bank", INN: "the inn", LIMBO: "the table", POOL: "the shared pool", EVENT: "the event",
           AUCTION: "the auction", REVEALED: "the table, face up", HIDDEN: "the table, face down", GODS: "the gods",
           LOOK: "a look"}


def _whom(dst: int) -> str:
    return f"player {OPEN - dst}, face up" if dst <= OPEN else f"player {dst}"


_DECK = frozenset(full_deck())


def _card_words(outcome: object) -> str | None:
    return card_label(outcome) if outcome in _DECK else None


for _event in ("deal", "draw", "grab", "hero", "kill", "take", "unlimbo"):
    outcome_words(_event, _card_words)


@register
class Baldur(ViewRules, OpeningRules, TurnRules, HeroRules, AnswerRules, AuctionRules, RoundEndRules, EventRules,
             HiddenEventRules, SevenRoundRules, Game):
    name = "baldursgate"
    title = "Baldur's Gate (柏德之门)"
    action_types = A.ACTION_TYPES
    Params = BaldurParams
    max_length = 60_000
    anytime_gate = ("state.stage", {"answer"})  # any-time actions (the witch's 7) only while answering
    info = GameInfo(min_players=2, max_players=6, max_length=60_000, information=Information.IMPERFECT,
                    simultaneous=True)

    #: saves written before the rules edition existed (no ``rules`` in their parameters) replay under the
    #: rules they were played with (edition 1), so old saves still load to the same end
    save_defaults: ClassVar[dict[str, Any]] = {"rules": 1}

    state: BaldurState
    #: (the bank or the inn, a copy of its cards, their values and counts) of the last draw from it (see
    #: :meth:`pending_chance`); copies share the tuple, which is replaced, never changed
    _pool_memo: tuple | None = None
    shared_attributes: ClassVar[tuple[str, ...]] = ("_pool_memo",)

    def pending_chance(self) -> ChanceStep | None:
        s = self.state
        if s.tied:
            return ChanceStep.uniform("rock-paper-scissors", f"{players(s.tied)} play rock-paper-scissors",
                                      [str(p) for p in s.tied])
        if not s.tasks:
            return None
        task = s.tasks[0]
        # ChanceStep.uniform over the source: the same lazy step (outcomes in the order the cards first appear,
        # listed only when asked for) that uniform builds with a Python loop; the bank's and the inn's counts
        # are carried from draw to draw (:meth:`_taken`), checked against the cards by one list comparison
        source = self._source(task)
        memo = self._pool_memo
        if memo is not None and memo[0] is source and memo[1] == source:
            values, counts = memo[2], memo[3]
        else:
            counted = Counter(source)
            values, counts = tuple(counted), tuple(counted.values())
            if source is s.bank or source is s.inn:
                self._pool_memo = (source, source[:], values, counts)
        about = _ABOUT.get((task.what, task.dst))
        if about is None:
            about = _ABOUT[task.what, task.dst] = f"{task.what}: a card for {_PLACES.get(task.dst) or _whom(task.dst)}"
        return Weighted(task.what, about, values, counts)

    def advance(self) -> None:
        """Run deterministic moves and the program until a player or chance must act."""
        s = self.state
        while not s.over:
            end = self._end_reason()  # "则游戏当场结束 (此时不可再丢任何牌)": at once, whoever was to act
            if end:
                s.over = end
                s.stage = "over"
                self.event(f"the game ends: {end}")
                return
            if s.tied:
                return
            if s.tasks:
                task = s.tasks[0]
                if not s.bank and task.what == "draw" and task.dst >= 0:  # from under the bank, in order
                    self._draw_under(task) if s.bank_under else s.tasks.pop(0)
                    continue
                source = self._source(task)
                if not source:
                    s.tasks.pop(0)
                    continue
                if source.count(source[0]) != len(source):  # two different cards: chance draws
                    return
                self._move(task, source[0])
                continue
            if s.stage in _WAITING:
                return
            if not s.program:
                return
            step = s.program.pop(0)
            method = _STEPS.get(step)
            if method is None:
                method = _STEPS[step] = "step_" + step.replace(" ", "_")
            getattr(self, method)()

    def _end_reason(self) -> str:
        s = self.state
        if not s.inn and not s.inn_under and not s.revealed and not s.auction:
            return "every hero of the inn has been recruited"
        for seat in s.seats:  # (asked at every program step: no enumerate until a seat has 10)
            if len(seat.heroes) + len(seat.tired) >= 10:
                return f"player {s.seats.index(seat)} holds 10 heroes"
        if self.params.max_rounds and s.round > self.params.max_rounds:
            return f"round limit {self.params.max_rounds} reached (variant)"
        return ""

    def current_players(self) -> tuple[int, ...]:
        s = self.state
        stage = s.stage  # the stages by how often they are asked about in a game
        if stage == "act" or stage == "look":
            return (s.current,)
        if stage == "bid":
            bids = s.bids
            return tuple([p for p in s.bidders if not bids[p]])
        if stage == "gods":
            return tuple([p for p in range(self.params.players) if p not in s.fallen and p not in s.matched])
        if stage == "choose" or stage == "protect":
            return tuple([p for p, n in enumerate(s.need) if n])
        if stage == "answer":
            return tuple(s.window)
        if stage == "wall":
            return (self.wall_builder(),)
        if stage == "werewolves":
            return (self.order()[s.wolf_turn % self.params.players],)
        if stage == "opening":
            return tuple(p for p in range(self.params.players) if not s.opening[p] and self._can_open(p))
        if stage == "join":
            return tuple(p for p, j in enumerate(s.joined) if j < 0)
        if stage == "fight":
            return tuple(p for p in range(self.params.players) if p not in s.stopped)
        return ()

    def _can_open(self, p: int) -> bool:
        return any(not is_joker(c) for c in self.state.seats[p].hand)

    def player_actions(self) -> list[Action]:
        s = self.state
        if s.stage == "act":  # the commonest stages first: no walk down the stages
            p = s.current
            out = self.hero_actions(p)
            out += _turn_ends(p, bool(s.inn or s.inn_under or s.revealed))
            return out
        out = []
        if s.stage == "bid":
            seats = s.seats
            for p in self.to_act():
                out += bids(p, seats[p].hand)
            return out
        for p in self.to_act():  # current_players(), cached by the protocol
            seat = s.seats[p]
            if s.stage == "opening":
                out += [shared(A.Open, p, c) for c in sorted(set(seat.hand)) if not is_joker(c)]
            elif s.stage == "choose":
                zone = seat.hand if s.choose_zone == "hand" else seat.all_heroes()
                verb = _VERBS[s.choose_dest]
                cards = choices(zone) if s.choose_zone == "hand" else sorted(set(zone))
                out += [shared(A.Choose, p, c, verb) for c in cards]
            elif s.stage == "look":
                if s.look_from < 0:
                    out += [shared(A.Give, p, c, s.look_to[0]) for c in choices(s.looked)]
                else:
                    out += [shared(A.Take, p, c) for c in choices(s.looked)]
            elif s.stage == "gods":
                found = self.matches(p)
                out += [shared(A.Match, p, c) for c in found]
                if not found:
                    out += [shared(A.Sacrifice, p, h) for h in sorted(set(seat.all_heroes()))]
            elif s.stage == "wall":
                out += self.wall_plays(p)
            elif s.stage == "werewolves":
                out += [shared(A.PlayDown, p, c) for c in choices(seat.hand)]
            elif s.stage == "join":
                out += [shared(A.Join, p, True), shared(A.Join, p, False)]
            elif s.stage == "fight":
                out += [shared(A.PlayDown, p, c) for c in choices(seat.hand)]
                if len(s.played[p]) >= 2 or not seat.hand:
                    out.append(shared(A.Stop, p))
            elif s.stage == "answer":
                out += self.defences(p) + self.reversals(p) + [shared(A.Let, p)]
            elif s.stage == "protect":
                out += protects(p, tuple(seat.hand), s.protect_number)
        return out

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
                return "function cards", f"using a {action.rank} needs a ready, unbanned {HERO_NAMES.get(hero, '?')}"
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
                                    f"difference is one (open: {listed(sorted(self.wall_open()), 'any')}), with cards "
                                    "in hand or in front of you")
        if isinstance(action, A.PlayDown | A.Stop | A.Join):
            return "hidden-number events", "only during the werewolves or Dracula, in turn, with cards you hold"
        if isinstance(action, A.Protect | A.GiveUp):
            return "protection numbers", "protect with cards making the protection number (注9)"
        return "actions", f"{action.describe()} is not possible now"

    def perform(self, action: Action) -> None:
        run = _PERFORM.get(type(action))  # the action's rule, found by its class (no chain of isinstance)
        if run is None:
            run = _PERFORM[type(action)] = next((f for t, f in _RULES if isinstance(action, t)), _nothing)
        run(self, action)
        self.advance()

    def _on_chance(self, action: Chance) -> None:
        s = self.state
        if s.tied:
            s.first = int(action.outcome)
            s.tied = []
            self.event(f"player {s.first} wins rock-paper-scissors and starts")
            s.program = ["initial draw"]
        else:
            self._move(s.tasks[0], str(action.outcome))

    def _on_bid(self, action: A.Bid) -> None:
        s = self.state
        hand = s.seats[action.player].hand
        cards = []
        for k in action.cards:
            cards.append(card_of(hand, k))
            hand.remove(cards[-1])
        s.bids[action.player] = cards
        self.event(f"player {action.player} bids {cards_label(cards)}", seen_by=(action.player,),
                   hidden=f"player {action.player} bids face down")
        self._settle_bids()

    def _on_drop(self, action: A.Drop) -> None:
        s = self.state
        s.bidders.remove(action.player)
        self.event(f"player {action.player} drops out of the auction")
        self._settle_bids()

    def _on_recruit(self, action: A.Recruit) -> None:
        s = self.state
        self.event(f"player {action.player} recruits a hero from the inn")
        s.stage = ""
        s.tasks.append(Task("hero", INN, AUCTION, 1))
        s.program = ["open auction"]

    def _on_end_turn(self, action: A.EndTurn) -> None:
        s = self.state
        self.event(f"player {action.player} ends the turn")
        s.stage = ""
        s.program = ["next turn"]

    def _on_protect(self, action: A.Protect) -> None:
        s = self.state
        seat = s.seats[action.player]
        paid = []
        for number in action.cards:  # the numbers; the cards paid are the first of each number in code order
            card = next(c for c in sorted(seat.hand) if value(c) == int(number))
            seat.hand.remove(card)
            s.bank_under.append(card)
            paid.append(card)
        s.need[action.player] -= 1
        self.event(f"player {action.player} protects a {HERO_NAMES[s.protect_rank]} with "
                   f"{cards_label(paid)} (the numbers {listed(action.cards)} make {s.protect_number})")
        self._settle_protection()

    def _on_defend(self, action: A.Defend) -> None:
        s = self.state
        self._spend(action.player, 5, int(s.pending[2]), action.colour, action.jokers)
        s.shielded.append(action.player)
        s.window.remove(action.player)
        self.event(f"player {action.player}'s thief defends: the action does not reach them")
        self._settle_answers()

    def _on_play_down(self, action: A.PlayDown) -> None:
        s = self.state
        s.seats[action.player].hand.remove(action.card)
        s.played[action.player].append(action.card)
        self.event(f"player {action.player} plays {card_label(action.card)} face down", seen_by=(action.player,),
                   hidden=f"player {action.player} plays a card face down")
        if s.stage == "werewolves":
            s.wolf_turn += 1
            self._wolf_skip()
        elif not s.seats[action.player].hand:
            s.stopped.append(action.player)
            self._settle_fight()

    def _on_give(self, action: A.Give) -> None:
        s = self.state
        s.looked.remove(action.card)
        s.look_to.pop(0)
        s.seats[action.to].hand = sorted([*s.seats[action.to].hand, action.card])
        self.event(f"player {action.player} gives {card_label(action.card)} to player {action.to}",
                   seen_by=(action.player, action.to),
                   hidden=f"player {action.player} gives a card to player {action.to}")
        s.stage = ""
        s.program = ["look", *s.program]

    def _on_take(self, action: A.Take) -> None:
        s = self.state
        s.looked.remove(action.card)
        s.look_take -= 1
        s.seats[action.player].hand = sorted([*s.seats[action.player].hand, action.card])
        self.event(f"player {action.player} takes {card_label(action.card)} from player {s.look_from}",
                   seen_by=(action.player, s.look_from), hidden=f"player {action.player} takes a card")
        s.stage = ""
        s.program = ["look", *s.program]

    def _on_match(self, action: A.Match) -> None:
        s = self.state
        p = action.player
        pile = s.seats[p].hand if action.card in s.seats[p].hand else s.open_cards[p]
        pile.remove(action.card)
        s.bank_under.append(action.card)
        s.matched.append(p)
        self.event(f"player {p} matches the gods with {card_label(action.card)} (war round {s.war_round})")
        self._gods_fall()

    def _on_sacrifice(self, action: A.Sacrifice) -> None:
        s = self.state
        p = action.player
        seat = s.seats[p]
        (seat.heroes if action.hero in seat.heroes else seat.tired).remove(action.hero)
        s.inn_under.append(action.hero)
        s.sacrificed.append(p)
        self.event(f"player {p} sacrifices {card_label(action.hero)} for 3 open cards")
        s.tasks.append(Task("draw", BANK, OPEN - p, 3))
        s.stage = ""  # the 3 open cards are drawn, then everybody still to answer answers
        s.program = ["gods recheck", *s.program]

    def _on_stop(self, action: A.Stop) -> None:
        s = self.state
        s.stopped.append(action.player)
        self._settle_fight()

    def _on_join(self, action: A.Join) -> None:
        s = self.state
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

    def _on_let(self, action: A.Let) -> None:
        s = self.state
        s.window.remove(action.player)
        self._settle_answers()

    def _on_give_up(self, action: A.GiveUp) -> None:
        s = self.state
        seat = s.seats[action.player]
        hero = next(h for h in seat.tired + seat.heroes if rank_of(h) == s.protect_rank)
        (seat.tired if hero in seat.tired else seat.heroes).remove(hero)
        s.inn_under.append(hero)
        s.need[action.player] -= 1
        self.event(f"player {action.player}'s {HERO_NAMES[s.protect_rank]} {card_label(hero)} dies and goes "
                   "under the inn")
        self._settle_protection()

    def stage(self) -> str:
        s = self.state
        if s.tied:
            return "rock-paper-scissors for the first turn"
        if s.tasks:
            return "drawing"
        return {"opening": "first player: everybody plays a card face down", "act": "hero actions",
                "bid": f"recruiting {card_label(s.auction)}: bidding round {s.auction_round}",
                "choose": "choosing cards",
                "protect": "protecting heroes",
                "answer": "answering a hero action (thief's 5, witch's 7)",
                "werewolves": "full moon: silver bullets face down", "join": "Dracula: rock or paper",
                "fight": "fighting Dracula", "gods": "the gods of Northern Europe: match the colour",
                "look": "looking at cards (6)", "wall": "the Persian wall: build in turn",
                "over": "over"}.get(s.stage, s.stage or "between steps")

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

    def chance_faces(self) -> dict[str, list[str]]:
        return {"rock-paper-scissors": [str(p) for p in range(len(self.state.seats))]}

    def invariants(self) -> list[str]:
        s = self.state
        broken = self.impossible_outcomes()
        if not (0 <= s.current < len(s.seats) and 0 <= s.first < len(s.seats)):
            broken.append(f"player {s.current} is to play, player {s.first} first, in a game of {len(s.seats)}")
        if Counter(self.all_cards()) != Counter(full_deck()):
            broken.append(f"the 108 cards are not each in exactly one place ({len(self.all_cards())} found)")
        if s.checking_limit and not s.tasks and any(len(seat.hand) > HAND_LIMIT for seat in s.seats):
            broken.append("a hand is over 13 cards when the event comes")
        for seat in s.seats:
            if any(not is_hero(c) for c in seat.all_heroes()) or any(is_hero(c) for c in seat.hand):
                broken.append("a hero in a hand or a hand card among heroes")
        return broken

    @classmethod
    def heuristic_agent(cls):
        from .agents import GreedyAgent

        return GreedyAgent()


def _turn_ends(p: int, recruit: bool) -> tuple[Action, ...]:
    """Recruiting (while the inn has a hero) and ending the turn, the last actions of a turn's listing."""
    known = _ENDS.get((p, recruit))
    if known is None:
        known = _ENDS[p, recruit] = (shared(A.Recruit, p), shared(A.EndTurn, p)) if recruit else \
            (shared(A.EndTurn, p),)
    return known


_ENDS: dict[tuple[int, bool], tuple[Action, ...]] = {}


def _nothing(game: Baldur, action: Action) -> None:
    return None


#: each action class and the method performing it, in the order the classes are tested
_RULES: tuple[tuple[type, object], ...] = (
    (Chance, Baldur._on_chance),
    (A.Bid, Baldur._on_bid),
    (A.Drop, Baldur._on_drop),
    (A.Open, Baldur.play_opening),
    (A.Use, Baldur.use),
    (A.Recruit, Baldur._on_recruit),
    (A.EndTurn, Baldur._on_end_turn),
    (A.Choose, Baldur.choose),
    (A.Protect, Baldur._on_protect),
    (A.Defend, Baldur._on_defend),
    (A.Reverse, Baldur.reverse),
    (A.PlayDown, Baldur._on_play_down),
    (A.Give, Baldur._on_give),
    (A.Take, Baldur._on_take),
    (A.Match, Baldur._on_match),
    (A.Sacrifice, Baldur._on_sacrifice),
    (A.Build, Baldur.build),
    (A.Stop, Baldur._on_stop),
    (A.Join, Baldur._on_join),
    (A.Let, Baldur._on_let),
    (A.GiveUp, Baldur._on_give_up))
_PERFORM: dict[type, object] = {}

__all__ = ["Baldur", "BaldurParams", "Fraction"]
