"""Analysis for Baldur's Gate: exact event odds from the bank, protection odds, simulations."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb

from ..core.agents import Agent, RandomAgent
from .cards import event_key, protections, rules
from .game import Baldur


def event_odds(game: Baldur) -> dict[str, Fraction]:
    """The exact chance of each of the 19 events at the end of this round, from the bank's composition.

    Every card drawn before the event comes off the same unseen, shuffled part of the bank, so the event
    card is any of its cards with equal chance (the cards under the bank come only after it is used up:
    when it is empty, the event is the first card under it, for sure)."""
    s = game.state
    if s.event:
        return {event_key(s.event): Fraction(1)}
    cards = s.bank if s.bank else s.bank_under[:1]
    if not cards:
        return {}
    counts = Counter(event_key(c) for c in cards)
    return {key: Fraction(n, len(cards)) for key, n in sorted(counts.items())}


def named_event_odds(game: Baldur) -> list[tuple[str, str, Fraction]]:
    """(card, event name, chance) of every event, most likely first."""
    events = rules().events
    odds = event_odds(game)
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
