"""Movement (seed 004, 移動 / 推人): symbols, the crystal ball, the desk, pushing chains, the dark lord.

A step goes to an orthogonally adjacent square showing the symbol used (the crystal ball matches any
symbol); the desk and the teleport squares can be entered with any symbol; bookcases never.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import permutations

from ..data import CRYSTAL, DIRECTIONS, SYMBOLS, Board, MoveCard

GOBLIN_RUN = "goblin-run"
FAKE_WIZARD = "fake-wizard"


@dataclass(frozen=True)
class Step:
    """Where the pieces are after a step and how the move goes on."""

    goblins: tuple[int, ...]
    lord: int
    end: str  #: "" (may go on), "desk", "teleport", "meet" (mover meets the lord), "lord-meet", "lord-teleport"
    met: tuple[int, ...] = ()  #: goblins that met the dark lord (pushed onto it, or reached by it)


def matches(kind: str, symbol: str) -> bool:
    if kind in ("desk", "teleport"):
        return True  # 書桌可以用任何圖案移動到上面; teleport squares: see docs/rules-notes.md
    return kind in SYMBOLS and symbol in (CRYSTAL, kind)


def goblin_step(board: Board, goblins: tuple[int, ...], lord: int, who: int, symbol: str,
                direction: str) -> Step | None:
    """Player ``who``'s goblin steps ``direction`` using ``symbol``; ``None`` when not allowed."""
    n = board.table[goblins[who]][direction]  # type: ignore[attr-defined]
    if n is None:
        return None
    kind = board.kinds[n]
    if kind == "bookcase" or not matches(kind, symbol):
        return None
    pos = list(goblins)
    if kind == "desk":
        pos[who] = n
        return Step(tuple(pos), lord, "desk")
    if n == lord:
        pos[who] = n
        return Step(tuple(pos), lord, "meet")
    met: tuple[int, ...] = ()
    if n in pos:  # push: 依照方向可以將他推到下一格, and the pushed goblin pushes the next
        chain = []
        cur: int | None = n
        while cur is not None and cur in pos:
            chain.append(pos.index(cur))
            cur = board.step(cur, direction)
            if cur is None or board.kinds[cur] in ("bookcase", "desk"):
                return None  # nowhere to push the last goblin to
        for q in reversed(chain):
            pos[q] = board.step(pos[q], direction)  # type: ignore[assignment]
        if cur == lord:
            met = (chain[-1],)
    pos[who] = n
    return Step(tuple(pos), lord, "teleport" if kind == "teleport" else "", met)


def lord_step(board: Board, goblins: tuple[int, ...], lord: int, symbol: str, direction: str) -> Step | None:
    """The dark lord steps ``direction`` using ``symbol``; ``None`` when not allowed."""
    n = board.table[lord][direction]  # type: ignore[attr-defined]
    if n is None:
        return None
    kind = board.kinds[n]
    if kind in ("bookcase", "desk") or not matches(kind, symbol):
        return None
    if n in goblins:
        return Step(goblins, n, "lord-meet", (goblins.index(n),))
    return Step(goblins, n, "lord-teleport" if kind == "teleport" else "")


def card_symbols(card: MoveCard, tomes: list[str]) -> tuple[str, ...]:
    """The symbols a card gives; one more crystal ball with 哥布林快跑 / 冒牌法師 when the card shows one."""
    extra = GOBLIN_RUN if card.piece == "goblin" else FAKE_WIZARD
    if CRYSTAL in card.symbols and extra in tomes:
        return (*card.symbols, CRYSTAL)
    return card.symbols


def walk(board: Board, goblins: tuple[int, ...], lord: int, who: int, card: MoveCard, symbols: tuple[str, ...],
         path: tuple[str, ...]) -> list[Step] | None:
    """The steps of ``path`` with ``symbols`` in that order, or ``None`` when a step is not allowed."""
    steps = []
    for symbol, direction in zip(symbols, path, strict=False):
        if steps and steps[-1].end:
            return None
        if card.piece == "goblin":
            step = goblin_step(board, goblins, lord, who, symbol, direction)
        else:
            step = lord_step(board, goblins, lord, symbol, direction)
        if step is None:
            return None
        steps.append(step)
        goblins, lord = step.goblins, step.lord
    return steps


def paths(board: Board, goblins: tuple[int, ...], lord: int, who: int, card: MoveCard,
          tomes: list[str]) -> dict[tuple[str, ...], list[Step]]:
    """Every legal path of a card (1 step or more, each symbol once, in any order) -> its steps."""
    return _paths(board, goblins, lord, who, card, card_symbols(card, tomes))


@lru_cache(maxsize=65536)
def _paths(board: Board, goblins: tuple[int, ...], lord: int, who: int, card: MoveCard,
           symbols: tuple[str, ...]) -> dict[tuple[str, ...], list[Step]]:
    out: dict[tuple[str, ...], list[Step]] = {}

    def extend(order: tuple[str, ...], path: tuple[str, ...], g: tuple[int, ...], lo: int,
               steps: list[Step], keep: int) -> None:
        if len(path) == len(order):
            return
        symbol = order[len(path)]
        for d in DIRECTIONS:
            if card.piece == "goblin":
                step = goblin_step(board, g, lo, who, symbol, d)
            else:
                step = lord_step(board, g, lo, symbol, d)
            if step is None:
                continue
            new = (*path, d)
            if len(new) >= keep:
                out.setdefault(new, [*steps, step])
            if not step.end:
                extend(order, new, step.goblins, step.lord, [*steps, step], keep)

    for order in set(permutations(card.symbols)):
        extend(order, (), goblins, lord, [], 1)
    if len(symbols) == 3:  # the tome's extra step: a third step, the extra crystal ball used anywhere
        for order in set(permutations(symbols)):
            extend(order, (), goblins, lord, [], 3)
    return out
