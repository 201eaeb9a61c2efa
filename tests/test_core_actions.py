"""core.actions helpers of the legal-action listing (merge_actions) and of rolling (only_outcome)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from tablerules.core.actions import Action, ChanceStep, chance, merge_actions


@dataclass(frozen=True)
class Move(Action):
    player: int
    to: str


@dataclass(frozen=True)
class Pass(Action):
    player: int


@dataclass(frozen=True)
class Shout(Action):
    player: int
    text: str = ""

    def __eq__(self, other: object) -> bool:  # hand-written: the text does not count
        return isinstance(other, Shout) and other.player == self.player

    def __hash__(self) -> int:
        return hash(self.player)


class Hop(Move):
    """A subclass that is not a dataclass of its own: equal only to a Hop (the dataclass ``__eq__``)."""


def reference(actions: list[Action], extra: list[Action]) -> list[Action]:
    """What the protocol did before: dict.fromkeys over the extras, then drop those already listed."""
    kinds = set(map(type, extra))
    listed = {a for a in actions if type(a) in kinds}
    return actions + [a for a in dict.fromkeys(extra) if a not in listed]


def test_merge_keeps_order_and_drops_equal_or_identical_actions() -> None:
    shared = Move(0, "hall")
    actions = [shared, Pass(0), Move(0, "cellar")]
    extra = [Move(1, "hall"), shared, Move(0, "cellar"), Pass(1), Move(1, "hall"), Hop(0, "hall"), Hop(0, "hall")]
    merged = merge_actions(list(actions), extra)
    assert merged == reference(list(actions), extra)
    assert merged == [*actions, Move(1, "hall"), Pass(1), Hop(0, "hall")]
    assert merged[-1] is extra[5]  # the first of equal extras is kept


def test_merge_respects_a_hand_written_eq() -> None:
    actions = [Shout(0, "ho")]
    extra = [Shout(0, "hey"), Shout(1, "a"), Shout(1, "b")]
    assert merge_actions(list(actions), extra) == reference(list(actions), extra) == [Shout(0), Shout(1, "a")]


def test_merge_matches_the_reference_on_random_lists() -> None:
    rng = random.Random(3)
    pool = [Move(p, r) for p in range(3) for r in ("a", "b")] + [Pass(p) for p in range(3)] + [Hop(1, "a")]
    for _ in range(300):
        actions = list(dict.fromkeys(rng.choices(pool, k=rng.randrange(6))))
        extra = [a if rng.random() < 0.5 else type(a)(*vars(a).values()) for a in rng.choices(pool, k=rng.randrange(8))]
        assert merge_actions(list(actions), extra) == reference(list(actions), extra)


def test_only_outcome_is_the_outcome_pick_returns() -> None:
    rng = random.Random(0)
    one = ChanceStep("coin", "a coin with two heads", ((chance("coin", "heads"), Fraction(1)),))
    assert one.only_outcome() is one.pick(rng) is chance("coin", "heads")
    assert ChanceStep.draw("draw", "the last card", ["orc#1"]).only_outcome() is chance("draw", "orc#1")
    bag = ChanceStep.weighted("bag", "one kind of tile left", [("red", 0), ("blue", 2)])
    assert bag.only_outcome() is bag.pick(rng) is chance("bag", "blue")
    assert ChanceStep.uniform("d6", "a die", range(1, 7)).only_outcome() is None
    assert ChanceStep.draw("draw", "two cards", ["a", "b"]).only_outcome() is None


def test_a_draw_from_the_last_deck_without_its_card_picks_as_a_fresh_sort_would() -> None:
    """A draw step sorts its cards once; a deck that is the last one drawn from without the card drawn
    reuses that sorted list. Either way the outcomes, and what each seeded stream picks, are those of
    sorting the deck afresh (decks of copy ids in any order, some cards removed elsewhere too)."""
    rng = random.Random(5)
    deck = [f"card_{rng.randrange(30)}#{k}" for k in range(60)]
    deck = list(dict.fromkeys(deck))
    rng.shuffle(deck)
    while deck:
        step = ChanceStep.draw("draw", "a card", tuple(deck))
        assert step.sorted_cards() == sorted(deck)
        assert [a.outcome for a, _ in step.outcomes] == sorted(deck)
        seed = rng.random()
        card = step.pick(random.Random(seed)).outcome
        assert card == sorted(deck)[random.Random(seed).randrange(len(deck))]
        deck.remove(card)
        if rng.random() < 0.2 and deck:  # a card leaves the deck another way (the sorted list is not reused)
            deck.pop(rng.randrange(len(deck)))
        if rng.random() < 0.1:
            rng.shuffle(deck)
