"""The cards of Baldur's Gate: the 108-card deck, colours and values, and the rules data loaded from
``data/baldur/cards.json`` (validated by ``data/schema/baldur-cards.schema.json``).

A card is a short code: rank + suit (``"10S"``, ``"KH"``), or ``"BJ"`` (the black-and-white joker) and
``"RJ"`` (the coloured joker). Two decks hold two copies of each code; identical codes are one choice.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from tablerules.core.data import data_path, load_json
from tablerules.core.errors import DataError

SUITS = ("S", "H", "D", "C")  # suit order for the opening comparison: spades > hearts > diamonds > clubs
HERO_RANKS = ("A", "J", "Q", "K")
FUNCTION_RANKS = tuple(range(2, 11))
JOKERS = ("BJ", "RJ")
HERO_NAMES = {"K": "lord", "Q": "witch", "J": "thief", "A": "assassin"}
#: which hero uses which function card (seed: [K] 8 9 10, [Q] 6 7, [J] 4 5, [A] 2 3)
FUNCTION_HERO = {2: "A", 3: "A", 4: "J", 5: "J", 6: "Q", 7: "Q", 8: "K", 9: "K", 10: "K"}
LEVELS = ("basic", "advanced", "special")
JOKER_VALUE = 15  # a joker counts 15 wherever a number is added (seed: 鬼牌代表15只 / 15点)
JOKER_SCORE = -40


SUIT_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
JOKER_NAMES = {"BJ": "black joker", "RJ": "red joker"}


def card_label(card: str) -> str:
    """A card as a player reads it: "10♠", "K♥", "black joker" (the black-and-white one), "red joker"."""
    if not card:
        return ""
    return JOKER_NAMES.get(card) or f"{card[:-1]}{SUIT_SIGNS.get(card[-1], card[-1])}"


def cards_label(cards: list[str] | tuple[str, ...], empty: str = "no cards") -> str:
    """Cards as a player reads them: "10♠ + K♥" (``empty`` when there are none)."""
    return " + ".join(map(card_label, cards)) or empty


def rank_of(card: str) -> str:
    return card[:-1]


def suit_of(card: str) -> str:
    return card[-1]


def is_joker(card: str) -> bool:
    return card in JOKERS


def is_hero(card: str) -> bool:
    known = _IS_HERO.get(card)
    if known is None:
        known = _IS_HERO[card] = not is_joker(card) and rank_of(card) in HERO_RANKS
    return known


_IS_HERO: dict[str, bool] = {}


def colour(card: str) -> str:
    """``"black"`` (spades, clubs, the black-and-white joker) or ``"red"`` (hearts, diamonds, the coloured
    joker)."""
    if card == "BJ":
        return "black"
    if card == "RJ":
        return "red"
    return "black" if suit_of(card) in "SC" else "red"


def value(card: str) -> int:
    """The pip value of a hand card (2-10); a joker 15."""
    known = _VALUE.get(card)
    if known is None:
        known = _VALUE[card] = JOKER_VALUE if is_joker(card) else int(rank_of(card))
    return known


_VALUE: dict[str, int] = {}


def score(card: str) -> int:
    """Points of a hand card at the end: its pips, -40 for a joker."""
    return JOKER_SCORE if is_joker(card) else int(rank_of(card))


def full_deck() -> list[str]:
    """The 108 cards: two 52-card decks and four jokers (2 black-and-white, 2 coloured)."""
    ranks = [*HERO_RANKS, *map(str, FUNCTION_RANKS)]
    one = [r + s for r in ranks for s in SUITS]
    return sorted(one * 2 + list(JOKERS) * 2)


def opening_key(card: str) -> tuple[int, int]:
    """Rank then suit, for choosing the first player (A high)."""
    order = [*map(str, FUNCTION_RANKS), "J", "Q", "K", "A"]
    return order.index(rank_of(card)), -SUITS.index(suit_of(card))


def event_key(card: str) -> str:
    """The event a bank card announces: ``"black 7"``, ``"red 10"``, ``"joker"``."""
    return "joker" if is_joker(card) else f"{colour(card)} {rank_of(card)}"


@dataclass(frozen=True)
class Rules:
    heroes: tuple[dict[str, Any], ...]
    functions: dict[int, dict[str, Any]]
    events: dict[str, dict[str, Any]]


def load_rules(path: str | Path | None = None) -> Rules:
    """The rules data; a file that breaks its schema or misses a card raises :class:`DataError`."""
    file = Path(path) if path else data_path("baldur", "cards.json")
    doc = load_json(file, "baldur-cards")
    functions = {f["rank"]: f for f in doc["functions"]}
    missing = [r for r in range(2, 11) if r not in functions]
    if missing:
        raise DataError(file, "$.functions", f"no entry for function card(s) {missing}")
    events = {e["card"]: e for e in doc["events"]}
    wanted = [f"{c} {r}" for c in ("black", "red") for r in range(2, 11)] + ["joker"]
    lost = [w for w in wanted if w not in events]
    if lost:
        raise DataError(file, "$.events", f"no event for {lost}")
    for i, e in enumerate(doc["events"]):
        if e["kind"] == "protection" and ("hero" not in e or "number" not in e):
            raise DataError(file, f"$.events[{i}]", "a protection event needs a hero and a number")
    return Rules(tuple(doc["heroes"]), functions, events)


@lru_cache(maxsize=1)
def rules() -> Rules:
    return load_rules()


# ----- protection numbers (注9): any arithmetic over any number of hand cards ---------------------
@lru_cache(maxsize=100_000)
def _reachable(values: tuple[Fraction, ...]) -> frozenset[Fraction]:
    if len(values) == 1:
        return frozenset(values)
    out: set[Fraction] = set()
    n = len(values)
    for mask in range(1, (1 << n) - 1):
        if not mask & 1:  # each split once: the first value always on the left
            continue
        left = tuple(values[i] for i in range(n) if mask >> i & 1)
        right = tuple(values[i] for i in range(n) if not mask >> i & 1)
        for a in _reachable(left):
            for b in _reachable(right):
                out.update((a + b, a - b, b - a, a * b))
                if b:
                    out.add(a / b)
                if a:
                    out.add(b / a)
    return frozenset(out)


def makes(cards: tuple[str, ...] | list[str], number: int) -> bool:
    """Whether these hand cards, all of them, make ``number`` with + - x / (each card used once)."""
    return bool(cards) and makes_values(tuple(value(c) for c in cards), number)


def makes_values(values: tuple[int, ...], number: int) -> bool:
    return _makes(tuple(sorted(Fraction(v) for v in values)), Fraction(number))


@lru_cache(maxsize=1 << 14)  # 200,000 took no less time (200 games: 6.1 s either way at 8,192)
def _makes(values: tuple[Fraction, ...], target: Fraction) -> bool:
    """Whether the sorted ``values`` make ``target``: small sets look it up among everything they make; larger
    ones split in two, run through what the smaller side makes and ask the larger side for the one number
    each operation then needs (so no large set's every result is ever built: six cards make ~100,000)."""
    n = len(values)
    if n <= 3:
        return target in _reachable(values)
    for mask in range(1, (1 << n) - 1):
        if not mask & 1:  # each split once: the first value always on the left
            continue
        left = tuple(values[i] for i in range(n) if mask >> i & 1)
        right = tuple(values[i] for i in range(n) if not mask >> i & 1)
        small, large = (left, right) if len(left) <= len(right) else (right, left)
        for a in _reachable(small):
            # target = a + b, a - b, b - a, a * b, a / b, b / a  ->  the b each would need
            wanted = {target - a, a - target, target + a}
            if a:
                wanted.add(target / a)  # a * b
                wanted.add(target * a)  # b / a
                if target:
                    wanted.add(a / target)  # a / b (b is then never 0)
            elif not target:
                return True  # 0 * b
            if any(_makes(large, b) for b in wanted):
                return True
    return False


def protections(hand: list[str], number: int) -> list[tuple[str, ...]]:
    """The sets of hand cards that make ``number`` (注9, "张数不限制": any size), smallest first, one per set
    of numbers (the cards paid are the first of each number in code order).

    A set is offered when no smaller set inside it, with the same jokers, makes the number: the natural cards
    over such a set would be thrown away for nothing, while more jokers are a choice (a joker scores -40), so
    ``[5, 5, joker]`` (15 - 5 - 5) is offered beside ``[5]``. Whether a set is such a set does not depend on
    the hand, so the sets come from a table per number and joker count (:func:`_minimal_sets`), filtered by
    the hand."""
    by_value, found = _held_needs(hand, number)
    return [tuple(sorted(c for v, n in needs for c in by_value[v][:n])) for needs in found]


def protection_numbers(hand: list[str], number: int) -> list[tuple[str, ...]]:
    """The numbers of the sets of :func:`protections`, in its order: each card's value as text, in the code
    order of the set's cards (what a ``Protect`` action names), read off a table per set of needs instead of
    the cards."""
    return [_numbers(needs) for needs in _held_needs(hand, number)[1]]


def _held_needs(hand: list[str], number: int) -> tuple[dict[int, list[str]], list[tuple[tuple[int, int], ...]]]:
    """The hand's cards by value (in code order), and the (value, how many) needs of every set it can pay."""
    by_value: dict[int, list[str]] = {}
    for c in sorted(hand):
        by_value.setdefault(value(c), []).append(c)
    held = {v: len(cards) for v, cards in by_value.items()}
    found = [needs for _, needs, once in _candidates(number, held.get(JOKER_VALUE, 0), frozenset(held))
             if once or all(held[v] >= n for v, n in needs)]
    return by_value, found


@lru_cache(maxsize=50_000)
def _candidates(number: int, jokers: int, present: frozenset[int]) -> tuple:
    """The sets of :func:`_needs_upto` whose values are all ``present`` (in its order): a hand holds one of them
    when it holds each value as often as the set needs. Hands hold ~10 kinds of value, so the lists repeat."""
    return tuple(entry for entry in _needs_upto(number, jokers) if entry[0] <= present)


@cache
def _numbers(needs: tuple[tuple[int, int], ...]) -> tuple[str, ...]:
    """The values of a set of needs as text, in the code order of its cards: a card's code starts with its value
    ("10" sorts before "2"), the jokers ("BJ", "RJ": 15 each) come last."""
    return tuple(str(v) for v, n in sorted(needs, key=lambda vn: "~" if vn[0] == JOKER_VALUE else str(vn[0]))
                 for _ in range(n))


@cache
def _needs_upto(number: int, jokers: int) -> tuple[tuple[frozenset[int], tuple[tuple[int, int], ...], bool], ...]:
    """:func:`_needs` for 0 to ``jokers`` jokers in the order :func:`protections` offers them (smallest set
    first, then by values; no two sets are equal), each with the set of its values and whether it needs
    each value once: a hand holds such a set when it holds its values (checked in C)."""
    ordered = sorted((pair for j in range(jokers + 1) for pair in _needs(number, j)),
                     key=lambda pair: (len(pair[0]), pair[0]))
    return tuple((frozenset(values), needs, all(n == 1 for _, n in needs)) for values, needs in ordered)


@cache
def _needs(number: int, jokers: int) -> tuple[tuple[tuple[int, ...], tuple[tuple[int, int], ...]], ...]:
    """:func:`_minimal_sets` with each set also as (value, how many) pairs, to check a hand against."""
    out = []
    for values in _minimal_sets(number, jokers):
        counts: dict[int, int] = {}
        for v in values:
            counts[v] = counts.get(v, 0) + 1
        out.append((values, tuple(counts.items())))
    return tuple(out)


COPIES = 8  # two decks hold 8 cards of each number


@cache
def _minimal_sets(number: int, jokers: int) -> tuple[tuple[int, ...], ...]:
    """Every multiset of card values with exactly ``jokers`` jokers that makes ``number`` while no smaller one
    inside it with the same jokers does (at most 85 sets for a number 3-9 and ~0.05 s to build).

    Level by level over the natural cards: a set whose natural part holds a set making the number is
    *covered* and never grown, so the search ends where every set makes the number; a set is kept when it
    makes the number and no set one natural card smaller is covered."""
    extra = (JOKER_VALUE,) * jokers
    if jokers and makes_values(extra, number):
        return (extra,)  # the jokers alone: every set with them is covered
    found: list[tuple[int, ...]] = []
    level: dict[tuple[int, ...], bool] = {(): False}  # natural values -> covered
    while level:
        grown: dict[tuple[int, ...], bool] = {}
        for part, covered in level.items():
            if covered:
                continue
            for v in FUNCTION_RANKS:
                if (part and v < part[-1]) or part.count(v) >= COPIES:
                    continue
                bigger = (*part, v)
                if bigger in grown:
                    continue
                if any(level.get(_without(bigger, w), True) for w in set(bigger)):
                    grown[bigger] = True  # holds a smaller set making the number
                    continue
                grown[bigger] = makes_values(bigger + extra, number)
                if grown[bigger]:
                    found.append(bigger + extra)
        level = grown
    return tuple(found)


def _without(values: tuple[int, ...], v: int) -> tuple[int, ...]:
    i = values.index(v)
    return values[:i] + values[i + 1:]


def protection_solution(hand: list[str], number: int) -> tuple[str, ...] | None:
    """The smallest set of hand cards making ``number`` (the solver of 注9), or ``None``."""
    options = protections(hand, number)
    return options[0] if options else None
