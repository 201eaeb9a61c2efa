"""Kragmortha's fast forms (the move listing, the deck draws, the hand limit) agree with the plain forms
they stand for, position by position in random games (benchmarks/README.md: "Kragmortha")."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

from tablerules.core.cards import distinct
from tablerules.core.protocol import Chance, ChanceStep
from tablerules.kragmortha import scenario as S
from tablerules.kragmortha.data import CRYSTAL
from tablerules.kragmortha.game import Kragmortha
from tablerules.kragmortha.rules import cards as C
from tablerules.kragmortha.rules.decks import DeckDraw, draw_step
from tablerules.kragmortha.rules.movement import _entries_from_tree, entries, paths, walk, walk_played


def decisions(players: int, games: int):
    """Every state of a few random games where a seat plays a movement card."""
    for seed in range(games):
        g = Kragmortha({"players": players}, seed=seed)
        rng = random.Random(seed)
        while not g.is_over():
            if g.is_chance():
                g.roll()
                continue
            if g.stage() == "play":
                yield g
            g.apply(rng.choice(g.legal_actions()))


@pytest.mark.parametrize("players", [2, 4, 8])
def test_the_move_listing_agrees_with_the_plain_search(players: int) -> None:
    """移動: every card in hand with each legal path (each symbol once, in either order; pushes; the dark
    lord), as the step-by-step search ``paths`` finds them; a card with no legal path is played without moving."""
    checked = 0
    for g in decisions(players, 3):
        s = g.state
        goblins = tuple(x.square for x in s.seats)
        for who in range(players):
            for goblin in (True, False):
                assert entries(g.board, goblins, s.lord, who, goblin) == \
                    _entries_from_tree(g.board, goblins, s.lord, who, goblin)
        p = s.current
        expected = []
        for card in distinct(s.seats[p].hand):
            found = sorted(paths(g.board, goblins, s.lord, p, g.movement[card], s.seats[p].tomes))
            expected += [(card, path) for path in found] or [(card, ())]
        assert [(m.card, m.path) for m in g.moves(p)] == expected
        for m in g.moves(p):  # the steps of a move played: as the plain walk with crystal balls makes them
            card = g.movement[m.card]
            assert walk_played(g.board, goblins, s.lord, p, card.piece == "goblin", m.path) == \
                walk(g.board, goblins, s.lord, p, card, (CRYSTAL,) * len(m.path), m.path)
        checked += 1
    assert checked > 100


def test_the_hand_limit_checks_agree_with_hand_limit() -> None:
    """手牌上限: 3, 4 after 迅捷, 2 with the hand-limit penalty card (unless immune or dormant)."""
    seen = set()
    for g in decisions(4, 6):
        for p, seat in enumerate(g.state.seats):
            limit = C.hand_limit(seat, g.penalties)
            seen.add(limit)
            assert g.limit(p) == limit
            cards = seat.hand + g.state.move_deck + g.state.move_discard
            for n in range(1, 7):  # the same seat with other hand sizes
                h = g.copy()
                S.set_hand(h, p, cards[:n])
                over = [q for q, x in enumerate(h.state.seats) if len(x.hand) > C.hand_limit(x, h.penalties)]
                assert h.overfull() == (over[0] if over else -1)
    assert {2, 3} <= seen


def test_a_deck_draw_is_the_uniform_step_over_the_deck() -> None:
    """Drawing from a deck (若抽到同樣則放回底下重抽 etc. keep decks as multisets): the odds are copies / cards,
    and the seeded pick is the one the listed step picks."""
    rng = random.Random(5)
    for _ in range(300):
        deck = [rng.choice("abcdef") for _ in range(rng.randint(1, 30))]
        step = draw_step("movement draw", deck, 1)
        plain = ChanceStep.uniform("movement draw", "player 1 draws a movement card", deck)
        assert step.description == plain.description
        assert isinstance(step, DeckDraw)
        assert step.outcomes == plain.outcomes
        counts = Counter(deck)
        assert step.probability(Chance("movement draw", deck[0])) == Fraction(counts[deck[0]], len(deck))
        assert step.allows(Chance("movement draw", deck[-1]))
        assert not step.allows(Chance("movement draw", "z")) and not step.allows(Chance("teleport draw", deck[0]))
        seed = rng.random()
        assert step.pick(random.Random(seed)) == plain.pick(random.Random(seed))
