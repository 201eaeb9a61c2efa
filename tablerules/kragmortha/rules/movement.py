"""Movement (seed 004, 移動 / 推人): symbols, the crystal ball, the desk, pushing chains, the dark lord.

A step goes to an orthogonally adjacent square showing the symbol used (the crystal ball matches any
symbol); the desk and the teleport squares can be entered with any symbol; bookcases never.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations
from typing import NamedTuple

from ..data import CRYSTAL, DIRECTIONS, SYMBOLS, Board, MoveCard

GOBLIN_RUN = "goblin-run"
FAKE_WIZARD = "fake-wizard"


class Step(NamedTuple):
    """Where the pieces are after a step and how the move goes on (a named tuple: every move played makes
    one or two)."""

    goblins: tuple[int, ...]
    lord: int
    #: "" (may go on), "desk", "teleport", "meet" (mover meets the lord), "met" (a pushed goblin meets it),
    #: "lord-meet", "lord-teleport"
    end: str
    met: tuple[int, ...] = ()  #: goblins that met the dark lord (pushed onto it, or reached by it)


def matches(kind: str, symbol: str) -> bool:
    if kind in ("desk", "teleport"):
        return True  # 書桌可以用任何圖案移動到上面; teleport squares: see docs/rules/kragmortha.md
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
    # 若任一哥布林與黑暗領主在同一格時…然後結束動作: a goblin pushed onto the dark lord ends the move too
    return Step(tuple(pos), lord, "teleport" if kind == "teleport" else "met" if met else "", met)


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


def card_tome(card: MoveCard) -> str:
    """The tome that gives the card's piece one more step: 哥布林快跑 (a goblin), 冒牌法師 (the dark lord)."""
    return GOBLIN_RUN if card.piece == "goblin" else FAKE_WIZARD


def card_symbols(card: MoveCard, tomes: list[str]) -> tuple[str, ...]:
    """The symbols a card gives; one more crystal ball with 哥布林快跑 / 冒牌法師 when the card shows one."""
    if CRYSTAL in card.symbols and card_tome(card) in tomes:
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


_DIRS = tuple(DIRECTIONS)
_INDEX = {d: i for i, d in enumerate(_DIRS)}


def walk_played(board: Board, goblins: tuple[int, ...], lord: int, who: int, goblin: bool,
                path: tuple[str, ...]) -> list[Step]:
    """:func:`walk` of a legal path just played (where the pieces end does not depend on which symbol
    made a step, so crystal balls stand for them), on the flat tables: the steps a move makes."""
    nb, kinds = board.nb, board.kinds  # type: ignore[attr-defined]
    steps = []
    for direction in path:
        d = _INDEX[direction]
        if goblin:
            n = nb[goblins[who]][d]
            pos = list(goblins)
            met: tuple[int, ...] = ()
            end = ""
            if kinds[n] == "desk":
                end = "desk"
            elif n == lord:
                end = "meet"
            else:
                if n in goblins:  # the push chain (known to be possible)
                    chain = []
                    cur = n
                    while cur in pos:
                        chain.append(pos.index(cur))
                        cur = nb[cur][d]
                    for q in reversed(chain):
                        pos[q] = nb[pos[q]][d]
                    if cur == lord:
                        met = (chain[-1],)
                        end = "met"
                if kinds[n] == "teleport":
                    end = "teleport"
            pos[who] = n
            step = Step(tuple(pos), lord, end, met)
        else:
            n = nb[lord][d]
            if n in goblins:
                step = Step(goblins, n, "lord-meet", (goblins.index(n),))
            else:
                step = Step(goblins, n, "lord-teleport" if kinds[n] == "teleport" else "")
        steps.append(step)
        goblins, lord = step.goblins, step.lord
    return steps


def legal_paths(board: Board, goblins: tuple[int, ...], lord: int, who: int, card: MoveCard,
                tomes: list[str]) -> list[tuple[str, ...]]:
    """The legal paths of a card, sorted (what :func:`paths` gives, without the steps): the fast form
    for the legal actions; :func:`walk` replays the chosen one."""
    return _legal_paths(board, goblins, lord, who, card.piece == "goblin", card.symbols,
                        card_symbols(card, tomes))


def _goblin_to(board: Board, g: tuple[int, ...], lord: int, who: int, symbol: str, d: int) -> tuple | None:
    """:func:`goblin_step` on the flat tables: ``(goblins, ends)`` or ``None``."""
    n = board.nb[g[who]][d]  # type: ignore[attr-defined]
    if n < 0 or not board.enter[symbol][n]:  # type: ignore[attr-defined]
        return None
    pos = list(g)
    if board.blocked[n] or n == lord:  # type: ignore[attr-defined]  # the desk, or meeting the dark lord
        pos[who] = n
        return tuple(pos), True
    met = False
    if n in g:  # a push chain; its last goblin must land on a free square of the board
        nb, blocked = board.nb, board.blocked  # type: ignore[attr-defined]
        chain = []
        cur = n
        while cur in pos:
            q = pos.index(cur)
            chain.append(q)
            cur = nb[cur][d]
            if cur < 0 or blocked[cur]:
                return None
        for q in chain:
            pos[q] = nb[pos[q]][d]
        met = cur == lord  # the last goblin pushed onto the dark lord: a meeting, the move ends
    pos[who] = n
    return tuple(pos), met or board.kinds[n] == "teleport"


def _lord_to(board: Board, g: tuple[int, ...], lord: int, symbol: str, d: int) -> tuple | None:
    n = board.nb[lord][d]  # type: ignore[attr-defined]
    if n < 0 or board.blocked[n] or not board.enter[symbol][n]:  # type: ignore[attr-defined]
        return None
    return n, n in g or board.kinds[n] == "teleport"


def _tree(board: Board, goblins: tuple[int, ...], lord: int, who: int, goblin: bool) -> tuple:
    """The first two steps of the piece in every direction, whatever the symbol: per direction ``None``
    (never possible) or ``(target square, second targets)`` with a second target per direction (-1: not
    possible; none when the first step ends the move). A symbol only decides whether the target square
    may be entered, so every card in hand reads its paths off this tree."""
    nb, blocked, kinds = board.nb, board.blocked, board.kinds  # type: ignore[attr-defined]
    enter = board.enter[CRYSTAL]  # type: ignore[attr-defined]
    first: list[tuple | None] = []
    start = goblins[who] if goblin else lord
    for d in range(4):
        n = nb[start][d]
        if n < 0 or not enter[n] or (not goblin and blocked[n]):
            first.append(None)
            continue
        if blocked[n] or n == lord:  # the desk or the dark lord: the move ends
            first.append((n, ()))
            continue
        pushed = None
        if goblin and n in goblins:  # a push (which must be possible), even onto a teleport square
            pushed = _goblin_to(board, goblins, lord, who, CRYSTAL, d)
            if pushed is None:
                first.append(None)
                continue
        if kinds[n] == "teleport" or (not goblin and n in goblins) or (pushed and pushed[1]):  # the move ends
            first.append((n, ()))
            continue
        if not goblin:
            first.append((n, tuple(-1 if (n2 := nb[n][d2]) < 0 or blocked[n2] or not enter[n2] else n2
                                   for d2 in range(4))))
            continue
        g2 = pushed[0] if pushed else (*goblins[:who], n, *goblins[who + 1:])
        second = []
        for d2 in range(4):
            n2 = nb[n][d2]
            if n2 < 0 or not enter[n2]:
                second.append(-1)
            elif n2 in g2 and not blocked[n2] and n2 != lord and _goblin_to(board, g2, lord, who, CRYSTAL, d2) is None:
                second.append(-1)  # a push that cannot be made
            else:
                second.append(n2)
        first.append((n, tuple(second)))
    return tuple(first)


_PATHS1 = tuple((d,) for d in _DIRS)
_PATHS2 = tuple(tuple((d1, d2) for d2 in _DIRS) for d1 in _DIRS)
_SORTED = sorted(range(4), key=lambda d: _DIRS[d])  # paths come out sorted by direction names
#: every path of one or two steps, numbered: ``d1`` for one step, ``4 + 4 * d1 + d2`` for two
PATHS = (*_PATHS1, *(p for row in _PATHS2 for p in row))
_ANY = len(SYMBOLS)  #: the class of a square any symbol enters (the desk, a teleport square)


def _square_class(kind: str) -> int:
    return SYMBOLS.index(kind) if kind in SYMBOLS else _ANY


@lru_cache(maxsize=32)
def _candidates(board: Board, goblin: bool) -> tuple[tuple, ...]:
    """Per start square, what :func:`_tree` finds on an empty board (no goblin, no dark lord in reach):
    per first direction, in sorted order, ``(d1, target, key, ends, seconds)``, ``seconds`` the second
    steps ``(target, d2, path number, key)`` in sorted order. :func:`entries` then only looks at the
    squares where pieces stand."""
    nb, blocked, kinds = board.nb, board.blocked, board.kinds  # type: ignore[attr-defined]
    enter = board.enter[CRYSTAL]  # type: ignore[attr-defined]
    classes = _classes(board)
    out = []
    for start in range(len(kinds)):
        row = []
        for d1 in _SORTED:
            n = nb[start][d1]
            if n < 0 or not enter[n] or (not goblin and blocked[n]):
                continue
            ends = blocked[n] or kinds[n] == "teleport"
            seconds = []
            for d2 in _SORTED:
                n2 = nb[n][d2]
                if n2 < 0 or not enter[n2] or (not goblin and blocked[n2]):
                    continue
                seconds.append((n2, d2, 4 + 4 * d1 + d2, 5 + 5 * classes[n] + classes[n2]))
            row.append((d1, n, classes[n], ends, tuple(seconds)))
        out.append(tuple(row))
    return tuple(out)


def candidates(board: Board, goblin: bool) -> tuple[tuple, ...]:
    """:func:`_candidates`, kept on the board (an attribute read is cheaper than hashing it for a cache)."""
    return _board_tables(board)[goblin]


def _board_tables(board: Board) -> tuple:
    known = board.__dict__.get("_move_tables")
    if known is None:
        cands = (_candidates(board, False), _candidates(board, True))
        # the squares a piece's first two steps may enter from each square (the square itself left out)
        reach = tuple(tuple(frozenset({n for _, n, _, _, _ in row} | {n2 for *_, seconds in row for n2, *_ in seconds})
                            - {sq} for sq, row in enumerate(c)) for c in cands)
        # what entries() gives with no other piece in reach
        alone = tuple(tuple([e for d1, _, c1, ends, seconds in row
                             for e in [(d1, c1), *(() if ends else [(i, key) for _, _, i, key in seconds])]]
                            for row in c) for c in cands)
        known = (*cands, reach, alone, {})
        object.__setattr__(board, "_move_tables", known)
    return known


def alone(board: Board, goblins: tuple[int, ...], lord: int, who: int,
          goblin: bool) -> tuple[tuple[int, int], ...] | None:
    """:func:`entries` when no other piece stands where the piece's first two steps may go (they then
    depend on the square only and are worked out once per square), else ``None``."""
    tables = _board_tables(board)
    if goblin:
        start = goblins[who]
        reach = tables[2][True][start]
        if lord in reach or not reach.isdisjoint(goblins):
            return None
        return tables[3][True][start]
    if not tables[2][False][lord].isdisjoint(goblins):
        return None
    return tables[3][False][lord]


def alone_cache(board: Board) -> dict:
    """A cache kept with the board for what callers derive from :func:`alone` (e.g. the moves of a card)."""
    return _board_tables(board)[4]


def entries(board: Board, goblins: tuple[int, ...], lord: int, who: int, goblin: bool) -> list[tuple[int, int]]:
    """The paths of one or two steps the piece could take with crystal balls, in sorted order, as
    ``(path number, key)``: the key says which squares the steps enter (``c1`` for one step, ``5 + 5 * c1
    + c2`` for two, ``c`` a symbol's index or 4 for a square any symbol enters). Which paths a card may
    take depends only on the key and the card's symbols (:func:`allowed_keys`), so one list serves every
    card in hand. The same paths as :func:`_tree` (the plain form, kept as the reference), found from the
    empty-board :func:`candidates` by looking only at the squares where pieces stand. Not cached: in a
    playout positions seldom repeat, and hashing the key costs more than this."""
    out: list[tuple[int, int]] = []
    if not goblin:
        for d1, n, c1, ends, seconds in candidates(board, False)[lord]:
            out.append((d1, c1))
            if not ends and n not in goblins:  # moving onto a goblin is a meeting: the move ends
                out += [(i, key) for _, _, i, key in seconds]
        return out
    blocked = board.blocked  # type: ignore[attr-defined]
    start = goblins[who]
    for d1, n, c1, ends, seconds in candidates(board, True)[start]:
        if n == lord:  # meeting the dark lord ends the move
            out.append((d1, c1))
            continue
        if n in goblins and not blocked[n]:  # a push, which must be possible
            pushed = _goblin_to(board, goblins, lord, who, CRYSTAL, d1)
            if pushed is None:
                continue
            out.append((d1, c1))
            if ends or pushed[1]:  # a teleport square, or the last goblin pushed onto the dark lord
                continue
            g2 = pushed[0]
            for n2, d2, i, key in seconds:
                if n2 in g2 and n2 != lord and not blocked[n2] \
                        and _goblin_to(board, g2, lord, who, CRYSTAL, d2) is None:
                    continue  # a push that cannot be made
                out.append((i, key))
            continue
        out.append((d1, c1))
        if ends:
            continue
        for n2, d2, i, key in seconds:
            # the goblins after the first step are the same but for the mover, now on n (never n2)
            if n2 in goblins and n2 != start and n2 != lord and not blocked[n2] and _goblin_to(
                    board, (*goblins[:who], n, *goblins[who + 1:]), lord, who, CRYSTAL, d2) is None:
                continue  # a push that cannot be made
            out.append((i, key))
    return out


def _entries_from_tree(board: Board, goblins: tuple[int, ...], lord: int, who: int,
                       goblin: bool) -> list[tuple[int, int]]:
    """:func:`entries` read off :func:`_tree` (the reference the tests compare it with)."""
    tree = _tree(board, goblins, lord, who, goblin)
    classes = _classes(board)
    out: list[tuple[int, int]] = []
    for d1 in _SORTED:
        one = tree[d1]
        if one is None:
            continue
        c1 = classes[one[0]]
        out.append((d1, c1))
        for d2 in _SORTED if one[1] else ():
            t2 = one[1][d2]
            if t2 >= 0:
                out.append((4 + 4 * d1 + d2, 5 + 5 * c1 + classes[t2]))
    return out


@lru_cache(maxsize=16)
def _classes(board: Board) -> tuple[int, ...]:
    return tuple(_square_class(k) for k in board.kinds)


@lru_cache(maxsize=64)
def allowed_keys(symbols: tuple[str, str]) -> frozenset[int]:
    """The :func:`entries` keys a card with these two symbols may take: one step onto a square either
    symbol enters; two steps, one symbol each, in either order."""
    x, y = symbols

    def enters(symbol: str, c: int) -> bool:
        return c == _ANY or symbol in (CRYSTAL, SYMBOLS[c])

    out = {c1 for c1 in range(_ANY + 1) if enters(x, c1) or enters(y, c1)}
    out |= {5 + 5 * c1 + c2 for c1 in range(_ANY + 1) for c2 in range(_ANY + 1)
            if (enters(x, c1) and enters(y, c2)) or (enters(y, c1) and enters(x, c2))}
    return frozenset(out)


def _legal_paths(board: Board, goblins: tuple[int, ...], lord: int, who: int, goblin: bool,
                 base: tuple[str, ...], symbols: tuple[str, ...]) -> list[tuple[str, ...]]:
    if len(symbols) == 3:
        return _legal_paths3(board, goblins, lord, who, goblin, base, symbols)
    ok = allowed_keys(base)
    return [PATHS[i] for i, key in entries(board, goblins, lord, who, goblin) if key in ok]


@lru_cache(maxsize=4096)
def _legal_paths3(board: Board, goblins: tuple[int, ...], lord: int, who: int, goblin: bool,
                  base: tuple[str, ...], symbols: tuple[str, ...]) -> list[tuple[str, ...]]:
    """With 哥布林快跑 / 冒牌法師 (three symbols): a plain search, step by step."""
    found: set[tuple[str, ...]] = set()

    def extend(order: tuple[str, ...], path: tuple[str, ...], g: tuple[int, ...], lo: int, keep: int) -> None:
        symbol = order[len(path)]
        last = len(path) + 1 == len(order)
        for d in range(4):
            if goblin:
                step = _goblin_to(board, g, lo, who, symbol, d)
                if step is None:
                    continue
                g2, lo2, ends = step[0], lo, step[1]
            else:
                step = _lord_to(board, g, lo, symbol, d)
                if step is None:
                    continue
                g2, lo2, ends = g, step[0], step[1]
            new = (*path, _DIRS[d])
            if len(new) >= keep:
                found.add(new)
            if not ends and not last:
                extend(order, new, g2, lo2, keep)

    for order in set(permutations(base)):
        extend(order, (), goblins, lord, 1)
    for order in set(permutations(symbols)):  # the tome's extra step: a third step, the extra crystal anywhere
        extend(order, (), goblins, lord, 3)
    return sorted(found)


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
