"""Munchkin Quest's observation tensor (layout :data:`~tablerules.interop.tensors.VERSION`): the crawl's dungeon
slices (:mod:`.crawl`), then the heroes (as Munchkin's players, :mod:`.munchkin`) from ``data/quest/cards.json``.

C card ids (68) in the order of the card file, R rooms, n seats. Not encoded: the fight's bookkeeping beyond its
cards and monsters, the deals done and powers used this turn, the choice being made.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from ...quest.cards import load_quest_cards
from ...quest.rules.flow import STAGES
from . import Slice, Spec, Writer, common, domain
from . import encode as encode_tensor
from .crawl import dungeon_slices, monsters, rooms, write_dungeon
from .munchkin import cards_in, hero_slices, write_hero

STAGE_NAMES = tuple(STAGES)


@lru_cache(maxsize=1)
def cards() -> dict[str, int]:
    return domain(load_quest_cards())


#: the key of the observation's state listing the seats (its length is the player count)
SEATS = "heroes"


def encode(observation: dict[str, Any], player: int) -> np.ndarray:
    """Seat ``player``'s tensor of ``observation`` (:func:`tablerules.interop.tensors.encode`)."""
    return encode_tensor("quest", observation, player)


def spec(players: int) -> Spec:
    n, c, r = players, len(cards()), len(rooms())
    return Spec("quest", players, [
        *common(players),
        *dungeon_slices(n),
        Slice("stage", (len(STAGE_NAMES),), "the stages open in the turn flow (the stack): " + ", ".join(STAGE_NAMES)),
        *hero_slices(n, c, " (carried and in the backpack)"),
        Slice("health", (n, 2), "each seat's health and most health", high=10),
        Slice("gold", (n,), "each seat's gold, in hundreds", high=50),
        Slice("dead", (n,), "each seat's munchkin is dead"),
        Slice("decks", (2,), "cards in the DxM and treasure decks", high=80),
        Slice("discards", (c,), "the DxM and treasure discard piles, by card", high=4),
        Slice("dropped", (r, c), "cards dropped in each room, by card", high=2),
        Slice("dropped_gold", (r,), "gold dropped in each room, in hundreds", high=20),
        Slice("fight_cards", (c,), "the cards played into the fight, by card", high=6),
        Slice("fight_monsters", (len(monsters()),), "the monsters of the fight, by kind", high=4),
    ])


def write(w: Writer, observation: dict[str, Any], player: int) -> None:
    s = observation["state"]
    index, places = cards(), rooms()
    write_dungeon(w, s, player)
    for frame in s["flow"]["stack"]:
        if frame["name"] in STAGE_NAMES:
            w.set("stage", STAGE_NAMES.index(frame["name"]))
    for p, hero in enumerate(s["heroes"]):
        write_hero(w, p, {**hero, "carried": [*hero["carried"], *hero.get("backpack", [])]}, player, index)
        w.set("health", (p, 0), hero["health"])
        w.set("health", (p, 1), hero["max_health"])
        w.set("gold", p, hero["gold"] / 100)
        w.set("dead", p, hero["dead"])
    w.set("decks", 0, s["dxm_deck"])
    w.set("decks", 1, s["treasure_deck"])
    w.count("discards", index, cards_in([s["dxm_discard"], s["treasure_discard"]], index))
    for room_id, dropped in s.get("dropped", {}).items():
        if room_id in places:
            w.count("dropped", index, cards_in(dropped, index), row=places[room_id])
    for room_id, gold in s.get("dropped_gold", {}).items():
        if room_id in places:
            w.set("dropped_gold", places[room_id], gold / 100)
    fight = s.get("fight")
    if fight:
        w.count("fight_cards", index, cards_in(fight, index))
        w.count("fight_monsters", monsters(), cards_in(fight, monsters()))
