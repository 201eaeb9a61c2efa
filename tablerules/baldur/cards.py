"""The cards of Baldur's Gate: the 108-card deck, colours and values, and the rules data loaded from
``data/baldur/cards.json`` (validated by ``data/schema/baldur-cards.schema.json``).

A card is a short code: rank + suit (``"10S"``, ``"KH"``), or ``"BJ"`` (the black-and-white joker) and
``"RJ"`` (the coloured joker). Two decks hold two copies of each code; identical codes are one choice.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
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


def rank_of(card: str) -> str:
    return card[:-1]


def suit_of(card: str) -> str:
    return card[-1]


def is_joker(card: str) -> bool:
    return card in JOKERS


def is_hero(card: str) -> bool:
    return not is_joker(card) and rank_of(card) in HERO_RANKS


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
    return JOKER_VALUE if is_joker(card) else int(rank_of(card))


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
    vals = tuple(sorted(Fraction(value(c)) for c in cards))
    return bool(vals) and Fraction(number) in _reachable(vals)


@lru_cache(maxsize=64)
def _makers(number: int, most: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Every multiset of at most ``most`` card values (2-10, a joker 15) that makes ``number``, smallest
    first, then in value order, as (value, how many) pairs: the table :func:`protections` filters by the hand."""
    values = (*range(2, 11), JOKER_VALUE)
    return tuple(tuple(Counter(combo).items()) for size in range(1, most + 1)
                 for combo in combinations_with_replacement(values, size) if makes_values(combo, number))


def protections(hand: list[str], number: int, most: int = 3) -> list[tuple[str, ...]]:
    """The distinct sets of at most ``most`` hand cards that make ``number`` (smallest first), one per set of
    numbers (which suit pays does not matter to a protection)."""
    by_value: dict[int, list[str]] = {}
    for c in sorted(hand):
        by_value.setdefault(value(c), []).append(c)
    held = {v: len(cards) for v, cards in by_value.items()}
    out = []
    for pairs in _makers(number, most):
        for v, n in pairs:
            if held.get(v, 0) < n:
                break
        else:  # one set of cards per set of numbers (the first cards in code order)
            out.append(tuple(sorted(c for v, n in pairs for c in by_value[v][:n])))
    return out


def makes_values(values: tuple[int, ...], number: int) -> bool:
    return Fraction(number) in _reachable(tuple(sorted(Fraction(v) for v in values)))


def protection_solution(hand: list[str], number: int, most: int = 4) -> tuple[str, ...] | None:
    """The smallest set of hand cards making ``number`` (the solver of 注9), or ``None``."""
    options = protections(hand, number, most)
    return options[0] if options else None
