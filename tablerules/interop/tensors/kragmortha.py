"""Kragmortha's observation tensor (layout :data:`~tablerules.interop.tensors.VERSION`), from
``data/kragmortha/board.json``, ``movement.json``, ``penalty.json``, ``teleport.json`` and ``tomes.json``.

Q squares of the board (rows x columns), 20 movement cards, 21 penalty cards, 18 tomes and the teleport cards in
the order of their files, n seats. The board's walls and symbols are the same in every game, so they are not in
the tensor. Not encoded: the order of the turn's automatic tasks and the penalty cards put under the deck.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from ...kragmortha.data import load_board, load_movement, load_penalties, load_teleports, load_tomes
from . import Slice, Spec, Writer, common, domain
from . import encode as encode_tensor

STAGES = ("setup", "play", "over")


@lru_cache(maxsize=1)
def _domains() -> tuple[dict, dict, dict, dict]:
    return (domain(load_movement()), domain(load_penalties()), domain(load_tomes()), domain(load_teleports()))


#: the key of the observation's state listing the seats (its length is the player count)
SEATS = "seats"


def encode(observation: dict[str, Any], player: int) -> np.ndarray:
    """Seat ``player``'s tensor of ``observation`` (:func:`tablerules.interop.tensors.encode`)."""
    return encode_tensor("kragmortha", observation, player)


def spec(players: int) -> Spec:
    moves, penalties, tomes, teleports = _domains()
    board = load_board(players)
    q, n = board.rows * board.cols, players
    nm, npn, nt, ntp = len(moves), len(penalties), len(tomes), len(teleports)
    return Spec("kragmortha", players, [
        *common(players),
        Slice("stage", (len(STAGES),), "one-hot of the stage: " + ", ".join(STAGES)),
        Slice("current", (n,), "one-hot of the seat whose turn it is"),
        Slice("first", (n,), "one-hot of the first player"),
        Slice("turns", (1,), "turns played", high=500),
        Slice("lord", (q,), "one-hot of the Dark Lord's square"),
        Slice("square", (n, q), "one-hot of each goblin's square (none before it is placed)"),
        Slice("start", (n, q), "one-hot of each goblin's start square"),
        Slice("hand_size", (n,), "movement cards in each hand", high=6),
        Slice("my_hand", (nm,), "the seat's own movement cards, by card (two copies: 2)", high=4, private=True),
        Slice("penalties", (n, npn), "each seat's face-up penalty cards"),
        Slice("immune", (n, npn), "each seat's penalty cards turned down by Immunity"),
        Slice("dormant", (n, npn), "each seat's penalty cards not in effect"),
        Slice("tomes", (n, nt), "each seat's face-up tomes"),
        Slice("used_tomes", (n, nt), "each seat's used tomes"),
        Slice("swift", (n,), "each seat played Swift"),
        Slice("decks", (4,), "cards left in the movement, penalty, teleport and tome decks", high=60),
        Slice("move_discard", (nm,), "the movement discard pile, by card", high=8),
        Slice("teleport_discard", (ntp,), "the teleport discard pile, by card", high=20),
        Slice("teleport_top", (ntp,), "teleport cards on top of the deck that the seat has seen, by card", high=3,
              private=True),
        Slice("loose", (nm,), "one-hot of the movement card up for grabs"),
        Slice("passed", (n,), "the seats that let the loose card go"),
    ])


def write(w: Writer, observation: dict[str, Any], player: int) -> None:
    s = observation["state"]
    moves, penalties, tomes, teleports = _domains()
    if s.get("stage") in STAGES:
        w.set("stage", STAGES.index(s["stage"]))
    w.seat("current", s["current"])
    w.seat("first", s.get("first"))
    w.set("turns", 0, s["turns"])
    q = w.spec.by_name["lord"][1].size
    if 0 <= s["lord"] < q:
        w.set("lord", s["lord"])
    for p, seat in enumerate(s["seats"]):
        if 0 <= seat["square"] < q:
            w.set("square", (p, seat["square"]))
        if 0 <= seat["start"] < q:
            w.set("start", (p, seat["start"]))
        hand = seat["hand"]
        if isinstance(hand, list):
            w.set("hand_size", p, len(hand))
            if p == player:
                w.count("my_hand", moves, hand)
        else:
            w.set("hand_size", p, hand)
        w.count("penalties", penalties, seat["penalties"], row=p)
        w.count("immune", penalties, seat["immune"], row=p)
        w.count("dormant", penalties, seat["dormant"], row=p)
        w.count("tomes", tomes, seat["tomes"], row=p)
        w.count("used_tomes", tomes, seat["used_tomes"], row=p)
        w.set("swift", p, seat["swift"])
    for i, deck in enumerate(("move_deck", "penalty_deck", "teleport_deck", "tome_deck")):
        size = s[deck]
        w.set("decks", i, size if isinstance(size, int) else len(size))
    w.count("move_discard", moves, s["move_discard"])
    w.count("teleport_discard", teleports, s["teleport_discard"])
    if isinstance(s.get("teleport_top"), list):
        w.count("teleport_top", teleports, s["teleport_top"])
    if s.get("loose"):
        w.count("loose", moves, [s["loose"]])
    for p in s.get("passed", ()):
        w.set("passed", p)
