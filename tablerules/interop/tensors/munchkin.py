"""Munchkin's observation tensor (layout :data:`~tablerules.interop.tensors.VERSION`), from
``data/munchkin/cards.json``.

C card ids (109) in the order of the card file (a card's copies count together), the 16 stages of the turn flow,
n seats. Not encoded: what a seat has been offered or asked in a trade or for help, the charity and looting
bookkeeping, and which cards are fresh this turn.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import lru_cache
from typing import Any

import numpy as np

from ...munchkin.cards import load_cards
from ...munchkin.state import STAGE
from . import Slice, Spec, Writer, common, domain
from . import encode as encode_tensor

STAGES = tuple(STAGE)
#: the card fields of a character: race, class, their second cards, Half-Breed, Super Munchkin
CHARACTER = ("race", "cls", "race2", "cls2", "half_breed", "super_munchkin")


@lru_cache(maxsize=1)
def cards() -> dict[str, int]:
    return domain(load_cards())


def cards_in(value: Any, index: Mapping[str, int]) -> Iterator[str]:
    """Every card id in a nested value (lists, dicts' keys and values) that ``index`` knows."""
    if isinstance(value, str):
        kind = value.split("#", 1)[0]
        if kind in index:
            yield kind
    elif isinstance(value, Mapping):
        for k, v in value.items():
            yield from cards_in(k, index)
            yield from cards_in(v, index)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from cards_in(v, index)


def hero_slices(n: int, c: int, holds: str = "") -> list[Slice]:
    """The slices of the seats' characters (Munchkin's players, Munchkin Quest's heroes)."""
    return [
        Slice("level", (n,), "each seat's level", high=10),
        Slice("female", (n,), "each seat's munchkin is female"),
        Slice("character", (n, c), "each seat's race, class, Half-Breed and Super Munchkin cards"),
        Slice("carried", (n, c), f"each seat's cards in play{holds}, by card", high=2),
        Slice("curses", (n, c), "each seat's lasting curses, by card"),
        Slice("cheats", (n, c), "each seat's Cheat! cards and the items they are on"),
        Slice("hand_size", (n,), "cards in each hand", high=20),
        Slice("my_hand", (c,), "the seat's own hand, by card", high=4, private=True),
    ]


def write_hero(w: Writer, p: int, hero: Mapping[str, Any], player: int, index: Mapping[str, int]) -> None:
    w.set("level", p, hero["level"])
    w.set("female", p, hero["sex"] == "female")
    w.count("character", index, (hero[f] for f in CHARACTER if hero.get(f)), row=p)
    w.count("carried", index, hero["carried"], row=p)
    w.count("curses", index, cards_in(hero.get("curses", []), index), row=p)
    w.count("cheats", index, cards_in(hero.get("cheats", {}), index), row=p)
    hand = hero.get("hand")
    if isinstance(hand, list):
        w.set("hand_size", p, len(hand))
        if p == player:
            w.count("my_hand", index, hand)
    else:
        w.set("hand_size", p, hero.get("hand_size", hand or 0))


#: the key of the observation's state listing the seats (its length is the player count)
SEATS = "players"


def encode(observation: dict[str, Any], player: int) -> np.ndarray:
    """Seat ``player``'s tensor of ``observation`` (:func:`tablerules.interop.tensors.encode`)."""
    return encode_tensor("munchkin", observation, player)


def spec(players: int) -> Spec:
    n, c = players, len(cards())
    return Spec("munchkin", players, [
        *common(players),
        Slice("stage", (len(STAGES),), "the stages open in the turn flow (the stack): " + ", ".join(STAGES)),
        Slice("current", (n,), "one-hot of the seat whose turn it is"),
        Slice("turns", (1,), "turns played", high=300),
        *hero_slices(n, c),
        Slice("decks", (4,), "cards in the door and treasure decks and discard piles", high=100),
        Slice("discard_tops", (c,), "the cards shown on the discard piles, by card", high=4),
        Slice("fighter", (n,), "one-hot of the seat fighting"),
        Slice("helper", (n,), "one-hot of the seat helping in the fight"),
        Slice("monsters", (c,), "the monsters of the fight, by card", high=4),
        Slice("fight_cards", (c,), "every other card played into the fight, by card", high=6),
        Slice("runners", (n,), "the seats running away"),
        Slice("draws", (c,), "the cards just drawn face up, by card", high=4),
    ])


def write(w: Writer, observation: dict[str, Any], player: int) -> None:
    s = observation["state"]
    index = cards()
    for frame in s["flow"]["stack"]:
        if frame["name"] in STAGES:
            w.set("stage", STAGES.index(frame["name"]))
    w.seat("current", s["current"])
    w.set("turns", 0, s["turns"])
    for p, hero in enumerate(s["players"]):
        write_hero(w, p, hero, player, index)
    for i, name in enumerate(("door_deck", "treasure_deck", "door_discard_size", "treasure_discard_size")):
        w.set("decks", i, s[name])
    w.count("discard_tops", index, cards_in([s["door_discard"], s["treasure_discard"]], index))
    w.count("draws", index, cards_in(s.get("draws", []), index))
    fight = s.get("combat")
    if fight:
        w.seat("fighter", fight.get("fighter"))
        w.seat("helper", fight.get("helper"))
        w.count("monsters", index, fight["monsters"])
        rest = {k: v for k, v in fight.items() if k != "monsters"}
        w.count("fight_cards", index, cards_in(rest, index))
        for p in fight.get("runners", ()):
            w.set("runners", p)
