"""Baldur's Gate's id table (version :data:`~tablerules.interop.ids.VERSION`), from the deck and
``data/baldur/cards.json`` (the function cards' levels, the protection events' numbers).

Domains: the 54 card codes, sorted (``"10C"`` .. ``"RJ"``; the two decks' copies of a code are one choice);
bid kinds (a rank and colour, ``"5 black"``, or a joker); seats; hero ranks A, J, Q, K.

* ``Use``: a block per function card and level (the seed's table of whom each level aims at): the colour, the
  jokers (0 up to the level), then the seats and hero kinds that level names (one seat; two or three seats;
  one kind; two kinds).
* ``Bid``: one kind, or two kinds in sorted order (the same kind twice when held twice).
* ``Protect``: the numbers of a set of hand cards making a protection number of the data (each minimal set,
  0 to 4 jokers), in order of size then values.
* ``Build``: one wall number or a group of two, each paid by a natural card (``""``), an open joker or a joker
  from the hand.
* ``Choose``: the card; the verb is implied (the state says where chosen cards go).
* Chance: a card drawn (every event: draw, deal, hero, grab, take, kill, unlimbo) is its code;
  ``rock-paper-scissors`` the seat that wins.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, product

from ...baldur import actions as A
from ...baldur.cards import HERO_RANKS, JOKERS, _needs_upto, _numbers, full_deck, rules
from ...baldur.listing import _DECK_KINDS
from ...baldur.rules.common import WALL_NUMBERS
from ...baldur.rules.heroes import AIMS
from . import ActionTable, Arg, Block, ChanceTable, Event, Tables, one, seats

CODES = tuple(sorted(set(full_deck())))
PAYERS = ("", "open", *JOKERS)
DRAW_EVENTS = ("draw", "deal", "hero", "grab", "take", "kill", "unlimbo")


def tables(players: int) -> Tables:
    seat = seats(players)
    card = Arg("card", CODES)
    singles = tuple((k,) for k in _DECK_KINDS)
    pairs = tuple((a, b) for i, a in enumerate(_DECK_KINDS) for b in _DECK_KINDS[i:])
    builds = tuple(((v,), (j,)) for v in WALL_NUMBERS for j in PAYERS) + tuple(
        ((a, b), (ja, jb)) for a in WALL_NUMBERS for b in WALL_NUMBERS for ja in PAYERS for jb in PAYERS)
    blocks = [
        Block(A.Open, (card,)),
        *use_blocks(players),
        one(A.Recruit), one(A.EndTurn),
        Block(A.Bid, (Arg("cards", singles + pairs),)),
        one(A.Drop),
        Block(A.Choose, (card,), implied=("verb",)),
        Block(A.Protect, (Arg("cards", protections()),)),
        one(A.GiveUp),
        Block(A.Defend, (Arg("colour", ("black", "red")), Arg("jokers", tuple(range(4))))),
        Block(A.Reverse, (Arg("colour", ("black", "red")), Arg("jokers", tuple(range(4))))),
        one(A.Let),
        Block(A.PlayDown, (card,)),
        one(A.Stop),
        Block(A.Join, (Arg("fight", (False, True)),)),
        Block(A.Match, (card,)),
        Block(A.Sacrifice, (Arg("hero", tuple(c for c in CODES if c[:-1] in HERO_RANKS)),)),
        Block(A.Give, (card, Arg("to", seat))),
        Block(A.Take, (card,)),
        Block(A.Build, (Arg("numbers", builds, read=_build),), implied=("jokers",)),
    ]
    chance = [*(Event(e, CODES) for e in DRAW_EVENTS), Event("rock-paper-scissors", tuple(map(str, seat)))]
    return Tables(ActionTable("baldursgate", players, blocks), ChanceTable("baldursgate", players, chance))


def _build(a: A.Build) -> tuple:
    return (a.numbers, a.jokers or ("",) * len(a.numbers))


def use_blocks(players: int) -> list[Block]:
    seat = seats(players)
    one_seat = tuple((q,) for q in seat)
    kinds = {"player kind": (("targets", one_seat), ("kinds", HERO_RANKS)), "kind": (("kinds", HERO_RANKS),),
             "two kinds": (("kinds", tuple(a + b for a, b in combinations(HERO_RANKS, 2))),),
             "hero owner": (("targets", one_seat),), "owner kind": (("targets", one_seat), ("kinds", HERO_RANKS)),
             "player": (("targets", one_seat),), "hand owner": (("targets", one_seat),),
             "anyone": (("targets", one_seat),),
             "two players": (("targets", tuple(combinations(seat, 2)) + tuple(combinations(seat, 3))),), "": (),
             # a hero named for each other player who has heroes (in seat order): the owners are the state's, so
             # the id holds the named kinds only, one per owner
             "each owner kind": (("kinds", tuple("".join(k) for n in range(players)
                                                 for k in product(HERO_RANKS, repeat=n))),)}
    out = []
    for (rank, level), aim in AIMS.items():
        args = tuple(Arg(f, v) for f, v in kinds[aim])
        named = {f for f, _ in kinds[aim]}
        implied = ("targets",) if aim == "each owner kind" else ()
        unnamed = tuple((f, d) for f, d in (("targets", ()), ("kinds", "")) if f not in named and f not in implied)
        fixed = (("rank", rank), ("level", level), *unnamed)
        out.append(Block(A.Use, (Arg("colour", ("black", "red")), Arg("jokers", tuple(range(level + 1))), *args),
                         fixed=fixed, implied=implied, name=f"Use {rank} level {level}"))
    return out


@lru_cache(maxsize=1)
def protections() -> tuple[tuple[str, ...], ...]:
    numbers = sorted({e["number"] for e in rules().events.values() if e["kind"] == "protection"})
    found = {_numbers(needs) for n in numbers for _, needs, _ in _needs_upto(n, 4)}
    return tuple(sorted(found, key=lambda t: (len(t), t)))
