"""The fast paths of Baldur's Gate (issue 13) against the plain rules they stand for: the counts of the bank
carried from draw to draw, the hero kinds' function cards in the listing's order, the protection sets' numbers,
one card per rank and colour."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tablerules.baldur import scenario
from tablerules.baldur.cards import (
    FUNCTION_HERO,
    colour,
    full_deck,
    is_hero,
    protection_numbers,
    protections,
    rank_of,
    value,
)
from tablerules.baldur.game import Baldur
from tablerules.baldur.rules import heroes
from tablerules.baldur.rules.common import ACTIVE, choices


def _fresh(game: Baldur) -> tuple[tuple, tuple]:
    """The outcomes and counts of the pending draw, counted afresh (``ChanceStep.uniform`` over the source)."""
    counted = Counter(game._source(game.state.tasks[0]))
    return tuple(counted), tuple(counted.values())


@pytest.mark.parametrize("players", [2, 4, 6])
def test_carried_bank_counts_equal_fresh_counts(players: int) -> None:
    """Seed 002: every draw from the bank is a chance step over the cards it holds ("每位玩家在自己回合开始时可再
    从银行抽取一次手牌"). The counts carried from the last draw are the counts of the cards, in the same order, at
    every chance step of seeded random games."""
    carried = 0
    for seed in range(4):
        game = Baldur({"players": players}, seed=seed)
        rng = random.Random(seed)
        while not game.is_over() and game.num_actions < 2500:
            if game.is_chance():
                step = game.chance_step()
                if game.state.tasks:
                    assert (step._values, step._counts) == _fresh(game)
                    memo = game._pool_memo
                    carried += memo is not None and memo[0] is game._source(game.state.tasks[0])
                game.apply(game.sample_chance(rng))
            else:
                game.apply(rng.choice(game.legal_actions()))
    assert carried > 100


def test_bank_counts_follow_a_bank_changed_by_hand() -> None:
    """A bank changed outside the rules (a scenario, a test: its first card put last, so the copies of a card
    are no longer next to each other) is counted afresh: the carried counts are used only while their copy of
    the cards equals the bank."""
    game = Baldur(seed=5)
    rng = random.Random(5)
    while not (game.is_chance() and game.state.tasks and game.state.tasks[0].what == "draw" and game.state.bank):
        game.apply(game.sample_chance(rng) if game.is_chance() else rng.choice(game.legal_actions()))
    game.chance_step()
    bank = game.state.bank
    scenario.set_bank(game, bank[1:] + bank[:1], game.state.bank_under)  # the first card put last, in place
    for _ in range(6):
        if not (game.is_chance() and game.state.tasks and game.state.tasks[0].what == "draw"):
            break
        step = game.chance_step()
        assert (step._values, step._counts) == _fresh(game)
        game.apply(step.pick(rng))


def test_hero_kinds_list_their_function_cards_in_order() -> None:
    """Seed 002: "[K] 8 9 10, [Q] 6 7, [J] 4 5, [A] 2 3" - the listing walks the hero kinds and lists each kind's
    active function cards, in the order of the active cards."""
    assert tuple(rank for _, ranks in heroes._RANKS_OF for rank in ranks) == ACTIVE
    assert all(FUNCTION_HERO[rank] == hero for hero, ranks in heroes._RANKS_OF for rank in ranks)


def test_protection_numbers_are_the_numbers_of_the_protection_sets() -> None:
    """Seed 002, 注9: "可以利用各种算术且张数不限制来凑出所需要的数字". A ``Protect`` action names the numbers of a
    set of hand cards; the listing reads them off a table per set of needs, equal (and in the same order) to the
    values of the cards of :func:`protections` on 3,000 random hands, jokers included, for every protection number."""
    deck = [c for c in full_deck() if not is_hero(c)]
    rng = random.Random(13)
    offered = 0
    for _ in range(3000):
        hand, number = rng.sample(deck, rng.randint(0, 14)), rng.choice((3, 5, 7, 9))
        sets = protections(hand, number)
        assert protection_numbers(hand, number) == [tuple(str(value(c)) for c in cards) for cards in sets]
        offered += len(sets)
    assert offered > 10_000


def test_choices_offer_the_first_card_of_each_rank_and_colour() -> None:
    """Cards of one rank and colour do the same (docs/rules/baldursgate.md): ``choices`` offers the first of each in
    code order, sorted, as the plain walk over the sorted cards does, on 5,000 random sets of cards."""
    deck = full_deck()
    rng = random.Random(17)
    for _ in range(5000):
        cards = rng.sample(deck, rng.randint(0, 16))
        seen: set[tuple[str, str]] = set()
        plain = []
        for c in sorted(cards):
            if (rank_of(c), colour(c)) not in seen:
                seen.add((rank_of(c), colour(c)))
                plain.append(c)
        assert choices(cards) == plain
