"""Kragmortha's id table (version :data:`~tablerules.interop.ids.VERSION`), from ``data/kragmortha/board.json``,
``movement.json``, ``penalty.json``, ``teleport.json`` and ``tomes.json``.

Domains, in the order of their files: movement cards (20), penalty cards (21), tomes (18), teleport cards;
squares ``0 .. 69`` of the board; seats; paths: every walk of 0 to 3 steps, the steps north, south, west, east
(``()``, then 1 step, 2 and 3 steps in that order, 85 in all).

* A square's label (``Place``, ``Fly``, ``Jump``, the tomes) is implied by the square; ``Jump`` has -1 (stay).
* ``Grab``: the path; the card is implied (the one card discarded for the hand-limit penalty).
* ``UseTome``: a block per tome: a square (錯誤現象 glitch, 幽靈 ghost, 忘了東西 forgot-something), a seat and a
  penalty card (betrayal, pass-the-doom), two penalty cards (misery-loves-company: the other seat is implied, each
  penalty card is single), a tome (quick-hands: its holder implied), a penalty card (immunity), the set of
  opponents chosen (curse), else nothing.
* ``Effect``: the penalty card (its owner implied); ``Swap``: -1 stops, else the card given, the seat and the
  card taken.
* Chance: the first player a seat; a card drawn or peeked at its card id.
"""

from __future__ import annotations

from itertools import combinations, product

from ...kragmortha import actions as A
from ...kragmortha.data import DIRECTIONS, load_board, load_movement, load_penalties, load_teleports, load_tomes
from . import ActionTable, Arg, Block, ChanceTable, Event, Tables, one, seats

SQUARE_TOMES = ("glitch", "ghost", "forgot-something")
SEAT_PENALTY_TOMES = ("betrayal", "pass-the-doom")
PATHS = tuple(p for n in range(4) for p in product(tuple(DIRECTIONS), repeat=n))


def tables(players: int) -> Tables:
    moves, penalties, tomes = tuple(load_movement()), tuple(load_penalties()), tuple(load_tomes())
    teleports = tuple(load_teleports())
    board = load_board(players)
    squares = tuple(range(board.rows * board.cols))
    seat = seats(players)
    path = Arg("path", PATHS)
    blocks = [
        Block(A.Place, (Arg("square", squares),), implied=("label",)),
        Block(A.Move, (Arg("card", moves), path)),
        Block(A.Fly, (Arg("square", squares),), implied=("label",)),
        Block(A.Jump, (Arg("square", (-1, *squares)),), implied=("label",)),
        Block(A.Discard, (Arg("card", moves),)),
        *tome_blocks(tomes, penalties, squares, seat),
        Block(A.Swap, (), fixed=(("give", ""), ("other", -1), ("take", "")), name="Swap stop"),
        Block(A.Swap, (Arg("give", moves), Arg("other", seat), Arg("take", moves)), when=lambda a: a.other >= 0),
        Block(A.Grab, (path,), implied=("card",)),
        Block(A.LetGo, (Arg("card", moves),)),
        Block(A.Effect, (Arg("card", penalties),), implied=("owner",)),
        one(A.TakePenalty),
        one(A.Done),
    ]
    chance = [Event("first player", seat), Event("movement draw", moves), Event("teleport draw", teleports),
              Event("teleport peek", teleports), Event("penalty draw", penalties), Event("tome draw", tomes)]
    return Tables(ActionTable("kragmortha", players, blocks), ChanceTable("kragmortha", players, chance))


def tome_blocks(tomes: tuple, penalties: tuple, squares: tuple, seat: tuple) -> list[Block]:
    out = []
    for tome in tomes:
        if tome in SQUARE_TOMES:
            out.append(Block(A.UseTome, (Arg("target", squares),), fixed=(("tome", tome), ("card", "")),
                             implied=("label",), name=f"UseTome {tome}"))
        elif tome in SEAT_PENALTY_TOMES:
            out.append(Block(A.UseTome, (Arg("target", seat), Arg("card", penalties)), fixed=(("tome", tome),),
                             implied=("label",), name=f"UseTome {tome}"))
        elif tome == "misery-loves-company":
            pairs = tuple(f"{c}>{d}" for c in penalties for d in penalties)
            out.append(Block(A.UseTome, (Arg("card", pairs),), fixed=(("tome", tome),), implied=("target", "label"),
                             name=f"UseTome {tome}"))
        elif tome == "quick-hands":
            out.append(Block(A.UseTome, (Arg("card", tomes),), fixed=(("tome", tome),), implied=("target", "label"),
                             name=f"UseTome {tome}"))
        elif tome == "curse":  # the opponents chosen ("1,3"; "" on nobody): every set of seats, in seat order
            chosen = ("", *(",".join(map(str, c)) for k in range(1, len(seat) + 1) for c in combinations(seat, k)))
            out.append(Block(A.UseTome, (Arg("card", chosen),), fixed=(("tome", tome), ("target", -1)),
                             implied=("label",), name=f"UseTome {tome}"))
        elif tome == "immunity":
            out.append(Block(A.UseTome, (Arg("card", penalties),), fixed=(("tome", tome), ("target", -1)),
                             implied=("label",), name=f"UseTome {tome}"))
        else:
            out.append(one(A.UseTome, tome=tome, target=-1, card="", label=""))
    return out
