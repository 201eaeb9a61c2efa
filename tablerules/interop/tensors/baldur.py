"""Baldur's Gate's observation tensor (layout :data:`~tablerules.interop.tensors.VERSION`), from the deck.

The 54 card codes sorted as in the id table (``"10C"`` .. ``"RJ"``; the two decks' copies of a code count 2),
the hero ranks A, J, Q, K, the wall numbers 2 to 10, n seats. Not encoded: the order of the cards in a seat's
piles, the Persian wall's last and related numbers (only its open numbers and plays).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ...baldur.cards import HERO_RANKS
from ...baldur.rules.common import WALL_NUMBERS
from ..ids.baldur import CODES
from . import Slice, Spec, Writer, common, domain
from . import encode as encode_tensor

#: how the stage's words start, in order (the stage text names cards and rounds after these)
STAGES = ("drawing", "first player", "hero actions", "recruiting", "answering", "protecting", "looking",
          "choosing", "the Persian wall", "the gods", "Dracula", "fighting", "full moon", "over")
CARD = domain(CODES)
RANK = domain(HERO_RANKS)
WALL = domain(WALL_NUMBERS)


#: the key of the observation's state listing the seats (its length is the player count)
SEATS = "seats"


def encode(observation: dict[str, Any], player: int) -> np.ndarray:
    """Seat ``player``'s tensor of ``observation`` (:func:`tablerules.interop.tensors.encode`)."""
    return encode_tensor("baldursgate", observation, player)


def spec(players: int) -> Spec:
    n, c = players, len(CODES)
    return Spec("baldursgate", players, [
        *common(players),
        Slice("stage", (len(STAGES) + 1,), "one-hot of how the stage's words start: " + ", ".join(STAGES)
              + "; else the last"),
        Slice("round", (1,), "the round", high=30),
        Slice("first", (n,), "one-hot of the first player"),
        Slice("current", (n,), "one-hot of the seat to play"),
        Slice("piles", (2,), "cards in the bank and heroes in the inn", high=108),
        Slice("hand_size", (n,), "cards in each hand", high=20),
        Slice("my_hand", (c,), "the seat's own hand, by card code", high=2, private=True),
        Slice("heroes", (n, c), "each seat's ready heroes, by card code", high=2),
        Slice("exhausted", (n, c), "each seat's exhausted heroes, by card code", high=2),
        Slice("bid_size", (n,), "cards each seat bid (face down)", high=2),
        Slice("my_bid", (c,), "the seat's own bid, by card code", high=2, private=True),
        Slice("opened", (n,), "each seat has played its opening card face down"),
        Slice("my_opening", (c,), "one-hot of the seat's own opening card", private=True),
        Slice("revealed", (c,), "one-hot of the inn's top hero when shown"),
        Slice("auction", (c,), "one-hot of the hero being recruited"),
        Slice("event", (c,), "one-hot of the event card"),
        Slice("bans", (n, len(HERO_RANKS)), "hero ranks banned this round, per seat"),
        Slice("next_bans", (n, len(HERO_RANKS)), "hero ranks banned next round, per seat"),
        Slice("need", (n,), "heroes each seat must protect", high=8),
        Slice("protect", (1,), "the protection number", high=30),
        Slice("gods", (c,), "the gods' cards, by card code", high=2),
        Slice("looked", (c,), "cards the seat is looking at, by card code", high=2, private=True),
        Slice("looked_size", (1,), "cards being looked at", high=20),
        Slice("open_cards", (n, c), "the cards open in front of each seat (the gods of Northern Europe), by card "
                                    "code", high=2),
        Slice("fallen", (n,), "the seats that have fallen against the gods"),
        Slice("wall_open", (len(WALL_NUMBERS),), "the Persian wall's open numbers"),
        Slice("wall_plays", (1,), "plays on the Persian wall", high=20),
        Slice("hidden_cards", (1,), "cards played face down", high=20),
        Slice("played_size", (n,), "cards each seat played face down", high=10),
        Slice("my_played", (c,), "the seat's own face-down cards, by card code", high=2, private=True),
        Slice("joined", (n, 2), "each seat's shown choice against Dracula: paper, rock"),
    ])


def write(w: Writer, observation: dict[str, Any], player: int) -> None:
    s = observation["state"]
    stage = str(observation.get("stage", ""))
    w.set("stage", next((i for i, x in enumerate(STAGES) if stage.startswith(x)), len(STAGES)))
    w.set("round", 0, s["round"])
    w.seat("first", s["first"])
    w.seat("current", s["current"])
    w.set("piles", 0, s["bank"])
    w.set("piles", 1, s["inn"])
    for p, seat in enumerate(s["seats"]):
        hand = seat["hand"]
        w.set("hand_size", p, len(hand) if isinstance(hand, list) else hand)
        if isinstance(hand, list) and p == player:
            w.count("my_hand", CARD, hand)
        w.count("heroes", CARD, seat["heroes"], row=p)
        w.count("exhausted", CARD, seat["exhausted"], row=p)
        bid = seat["bid"]
        w.set("bid_size", p, len(bid) if isinstance(bid, list) else bid)
        if isinstance(bid, list) and p == player:
            w.count("my_bid", CARD, bid)
        opening = seat["opening"]
        w.set("opened", p, bool(opening))
        if isinstance(opening, str) and opening and p == player:
            w.count("my_opening", CARD, [opening])
    for name in ("revealed", "auction", "event"):
        if s[name]:
            w.count(name, CARD, [s[name]])
    for name in ("bans", "next_bans"):
        for ban in s[name]:
            q, _, rank = ban.partition(":")
            w.set(name, (int(q), RANK[rank]))
    for p, k in enumerate(s["need"]):
        w.set("need", p, k)
    w.set("protect", 0, s["protect"] or 0)
    w.count("gods", CARD, s["gods"])
    if isinstance(s["looked"], list):
        w.count("looked", CARD, s["looked"])
        w.set("looked_size", 0, len(s["looked"]))
    else:
        w.set("looked_size", 0, s["looked"])
    for p, group in enumerate(s["open_cards"]):
        w.count("open_cards", CARD, group, row=p)
    for p in s["fallen"]:
        w.set("fallen", p)
    if s["wall"]:
        w.count("wall_open", WALL, s["wall"]["open"])
        w.set("wall_plays", 0, s["wall"]["plays"])
    hidden = s["hidden_cards"]
    w.set("hidden_cards", 0, hidden if isinstance(hidden, int) else len(hidden))
    for p, played in enumerate(s["played"]):
        w.set("played_size", p, len(played) if isinstance(played, list) else played)
        if isinstance(played, list) and p == player:
            w.count("my_played", CARD, played)
    for p, j in enumerate(s["joined"]):
        if j in (0, 1):
            w.set("joined", (p, j))
