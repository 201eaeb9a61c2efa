"""Analysis for Baldur's Gate: exact event odds from the bank, protection odds, simulations."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb

from ..core.agents import Agent, RandomAgent
from .cards import event_key, is_hero, protections, rules
from .game import Baldur
from .rules.common import draw_count
from .state import BANK, EVENT


def draws_before_event(game: Baldur) -> int | None:
    """How many cards are still drawn from the bank this round before the event card, as things stand:
    the bank draws already pending, then the turn draw of every seat still to start its turn this round
    (3 to 6 cards by the heroes it holds now; before the first turn, also the 2 each of the initial draw).
    ``None`` when the event is being drawn now or was drawn (see ``state.event``).

    Seed 002: "开局玩家开始回合前，每位玩家可先从银行抽取2张手牌。而每位玩家在自己回合开始时可再从银行抽取一次
    手牌" and "所有玩家回合结束後，会出现随机事件，随机事件是从银行中的第一张牌决定". Draws that hero actions may
    add (a 6 looking at the bank, a 9 taxing it, the bonus events) are not counted: nobody has chosen them yet."""
    s = game.state
    n = game.params.players
    count = 0
    for task in s.tasks:
        if task.what == "draw" and task.src == BANK:
            if task.dst == EVENT:
                return None
            count += max(task.n, 1)
    if s.event or "resolve event" in s.program or "event done" in s.program:
        return None
    if "hand limit" in s.program or "event" in s.program:  # every turn of the round is over
        return count
    heroes = [len(seat.heroes) + len(seat.tired) for seat in s.seats]
    if s.stage == "opening" or s.tied or "opening" in s.program or "initial draw" in s.program:
        return count + 2 * n + sum(map(draw_count, heroes))
    starting = "turn" in s.program  # the current seat's turn has not begun: its draw is still to come
    q = s.current if starting else (s.current + 1) % n
    if not starting and q == s.first:
        return count
    while True:
        count += draw_count(heroes[q])
        q = (q + 1) % n
        if q == s.first:
            return count


def event_odds(game: Baldur, viewer: int | None = None) -> dict[str, Fraction]:
    """The exact chance of each of the 19 events at the end of this round, as ``viewer`` knows the cards
    (``None``: the full view of a referee).

    The bank is drawn in order: its shuffled, unseen part first, then the cards put under it, in the order
    they went there. The event is the card drawn after the :func:`draws_before_event` cards still to be
    drawn this round: while that many cards are left in the shuffled part, it is any of them with equal
    chance; after that it is a known position under the bank, certain for a referee (the 5 unseen cards and
    9 draws to come of issue 24: the 5th card under the bank).

    A seat cannot tell the bank's shuffled cards from the other hands and the other face-down cards: for it,
    each of those is any of the cards it has not seen with equal chance (the worlds of
    :func:`tablerules.core.worlds.sample_world`), except the cards it saw go where they are. A position
    under the bank that the seat saw filled is certain for it too.

    Empty when the event will come from cards not yet put under the bank (discards of this round), or when
    there are no cards left for it."""
    s = game.state
    if s.event:
        return {event_key(s.event): Fraction(1)}
    ahead = draws_before_event(game)
    if ahead is None:
        return {}
    if viewer is None:
        if ahead < len(s.bank):
            return _shares(Counter(event_key(c) for c in s.bank))
        rest = ahead - len(s.bank)
        return {event_key(s.bank_under[rest]): Fraction(1)} if rest < len(s.bank_under) else {}
    return _seat_odds(game, viewer, ahead)


def _seat_odds(game: Baldur, viewer: int, ahead: int) -> dict[str, Fraction]:
    from ..core.worlds import knowledge
    from .worlds import MODEL

    s = game.state
    know = knowledge(game, viewer)
    zones = {z.key: z for z in MODEL.zones(game, viewer)}
    unseen: dict[bool, Counter[str]] = {True: Counter(), False: Counter()}  # kind (hero?) -> cards not pinned
    for zone in zones.values():
        for card, pinned in zip(zone.cards, know.pinned(zone), strict=True):
            if not pinned:
                unseen[is_hero(card)][card] += 1

    def spread(kind: bool) -> Counter[str]:
        return Counter({key: n for key, n in _keys(unseen[kind]).items()})

    if ahead < len(s.bank):  # any card of the shuffled part: pinned ones as they are, the others unseen
        bank = zones["bank"]
        flags = know.pinned(bank)
        odds: dict[str, Fraction] = {}
        free = [c for c, pinned in zip(bank.cards, flags, strict=True) if not pinned]
        for c, pinned in zip(bank.cards, flags, strict=True):
            if pinned:
                odds[event_key(c)] = odds.get(event_key(c), Fraction(0)) + Fraction(1, len(bank.cards))
        weights = {kind: sum(1 for c in free if is_hero(c) == kind) for kind in (True, False)}
        for kind, slots in weights.items():
            if slots:
                for key, share in _shares(spread(kind)).items():
                    odds[key] = odds.get(key, Fraction(0)) + share * Fraction(slots, len(bank.cards))
        return dict(sorted(odds.items()))
    rest = ahead - len(s.bank)
    under = zones["bank_under"]
    if rest >= len(under.cards):
        return {}
    card = under.cards[rest]
    if know.pinned(under)[rest]:
        return {event_key(card): Fraction(1)}
    return _shares(spread(is_hero(card)))


def _keys(cards: Counter[str]) -> Counter[str]:
    out: Counter[str] = Counter()
    for c, n in cards.items():
        out[event_key(c)] += n
    return out


def _shares(counts: Counter[str]) -> dict[str, Fraction]:
    total = sum(counts.values())
    return {key: Fraction(n, total) for key, n in sorted(counts.items()) if n} if total else {}


def named_event_odds(game: Baldur, viewer: int | None = None) -> list[tuple[str, str, Fraction]]:
    """(card, event name, chance) of every event as ``viewer`` knows the cards, most likely first."""
    events = rules().events
    odds = event_odds(game, viewer)
    return sorted(((k, events[k]["name"], p) for k, p in odds.items()), key=lambda t: (-t[2], t[0]))


def protection_chance(cards: list[str], hand_size: int, number: int, heroes: int = 1) -> Fraction:
    """The exact chance that a hand of ``hand_size`` cards dealt from ``cards`` (a multiset) can protect
    ``heroes`` heroes with the protection ``number``: disjoint sets of cards, each making the number."""
    pool = list(cards)
    good = total = 0
    for hand in combinations(range(len(pool)), hand_size):
        total += 1
        good += _can_protect([pool[i] for i in hand], number, heroes)
    return Fraction(good, total) if total else Fraction(0)


def _can_protect(hand: list[str], number: int, heroes: int) -> bool:
    if heroes == 0:
        return True
    for option in protections(hand, number):
        rest = list(hand)
        for c in option:
            rest.remove(c)
        if _can_protect(rest, number, heroes - 1):
            return True
    return False


def hands_count(cards: int, size: int) -> int:
    return comb(cards, size)


def simulate(games: int = 20, agents: str = "random", seed: int = 0, players: int = 4) -> dict:
    """Play games with random or greedy agents: lengths (rounds, actions), scores, heroes over the rounds."""
    from .agents import GreedyAgent

    rounds, lengths, scores, heroes = [], [], [], []
    for g in range(games):
        game = Baldur({"players": players}, seed=seed + g)
        seats: list[Agent] = [GreedyAgent() if agents == "greedy" else RandomAgent(seed + g * 10 + p)
                              for p in range(players)]
        rng = random.Random(seed + g)
        per_round: list[list[int]] = []
        while not game.is_over():
            if game.is_chance():
                game.apply(game.sample_chance(rng))
                continue
            p = game.to_act()[0]
            game.apply(seats[p].choose(game, p))
            if len(per_round) < game.state.round:
                per_round.append([len(s.all_heroes()) for s in game.state.seats])
        rounds.append(game.state.round)
        lengths.append(game.num_actions)
        scores.append(game.result().scores)
        heroes.append(per_round)
    return {"rounds": rounds, "actions": lengths, "scores": scores, "heroes": heroes}
