"""The Kragmortha tables as data: the library board, the movement, penalty, teleport and tome cards.

Every file lives in ``data/kragmortha/`` and is validated by ``data/schema/kragmortha-*.schema.json``;
a broken file raises :class:`~tablerules.core.errors.DataError` naming the file and the field.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path

import networkx as nx

from ..core.data import data_path, load_json
from ..core.errors import DataError

SYMBOLS = ("grimoire", "parchment", "potion", "gems")
CRYSTAL = "crystal"
LETTERS = {"G": "grimoire", "P": "parchment", "O": "potion", "J": "gems", "T": "teleport", "B": "bookcase",
           "D": "desk"}
DIRECTIONS = {"north": (-1, 0), "south": (1, 0), "west": (0, -1), "east": (0, 1)}


@dataclass(frozen=True)
class Board:
    """A library: squares numbered row by row; ``kinds[sq]`` is a symbol, ``teleport``, ``bookcase`` or ``desk``."""

    name: str
    rows: int
    cols: int
    kinds: tuple[str, ...]
    start_row: int
    dark_lord: int

    def __post_init__(self) -> None:
        table = tuple({d: self._step(sq, d) for d in DIRECTIONS} for sq in range(self.rows * self.cols))
        object.__setattr__(self, "table", table)  # sq -> direction -> neighbour (None off the board)
        object.__setattr__(self, "_hash", hash((self.name, self.rows, self.cols, self.kinds)))
        # flat tables for the move enumeration (rules.movement.legal_paths): neighbours by direction
        # index (-1 off the board), which squares a symbol may enter, which squares stop a push
        nb = tuple(tuple(-1 if n is None else n for n in row.values()) for row in table)
        enter = {sym: tuple(k in ("desk", "teleport") or (k in SYMBOLS and sym in (CRYSTAL, k)) for k in self.kinds)
                 for sym in (*SYMBOLS, CRYSTAL)}
        object.__setattr__(self, "nb", nb)
        object.__setattr__(self, "enter", enter)
        object.__setattr__(self, "labels", tuple(self._label(sq) for sq in range(self.rows * self.cols)))
        object.__setattr__(self, "blocked", tuple(k in ("bookcase", "desk") for k in self.kinds))

    def __hash__(self) -> int:
        return self._hash  # type: ignore[attr-defined]

    def square(self, row: int, col: int) -> int:
        return row * self.cols + col

    def coords(self, sq: int) -> tuple[int, int]:
        return divmod(sq, self.cols)

    def label(self, sq: int) -> str:
        return self.labels[sq]  # type: ignore[attr-defined]

    def _label(self, sq: int) -> str:
        r, c = self.coords(sq)
        return f"{chr(ord('a') + c)}{r + 1}"

    def step(self, sq: int, direction: str) -> int | None:
        """The square one step from ``sq`` (``None`` off the board)."""
        return self.table[sq][direction]  # type: ignore[attr-defined]

    def _step(self, sq: int, direction: str) -> int | None:
        dr, dc = DIRECTIONS[direction]
        r, c = self.coords(sq)
        r, c = r + dr, c + dc
        if 0 <= r < self.rows and 0 <= c < self.cols:
            return self.square(r, c)
        return None

    @property
    def start_edge(self) -> tuple[int, ...]:
        return tuple(self.square(self.start_row, c) for c in range(self.cols))

    @property
    def teleports(self) -> tuple[int, ...]:
        return tuple(i for i, k in enumerate(self.kinds) if k == "teleport")

    @property
    def desk(self) -> tuple[int, ...]:
        return tuple(i for i, k in enumerate(self.kinds) if k == "desk")

    def neighbours(self, sq: int) -> list[int]:
        return [n for d in DIRECTIONS if (n := self.step(sq, d)) is not None]

    def graph(self) -> nx.Graph:
        """The grid graph of the walkable squares (bookcases left out), each node with its kind."""
        g = nx.Graph()
        for sq, kind in enumerate(self.kinds):
            if kind != "bookcase":
                g.add_node(sq, kind=kind, label=self.label(sq), pos=self.coords(sq))
        for sq in list(g.nodes):
            for n in self.neighbours(sq):
                if n in g:
                    g.add_edge(sq, n)
        return g


#: the symbols in words (the crystal ball stands for any symbol: 水晶球圖案代表允許移動到任一圖案格)
SYMBOL_WORDS = {"grimoire": "grimoire", "parchment": "parchment", "potion": "potion", "gems": "gems",
                CRYSTAL: "crystal ball (any symbol)"}
#: the teleport cards by name
TELEPORT_NAMES = {"teleport": "Teleport", "tome": "Magic Tome", "trap": "Trap"}


@dataclass(frozen=True)
class MoveCard:
    id: str
    piece: str  # "goblin" or "dark lord"
    symbols: tuple[str, str]
    copies: int
    text: str
    text_zh: str

    @cached_property
    def name(self) -> str:
        """"goblin card with grimoire and crystal ball (any symbol)", "dark lord card with potion and gems"."""
        first, second = (SYMBOL_WORDS.get(s, s) for s in self.symbols)
        return f"{'goblin' if self.piece == 'goblin' else 'dark lord'} card with {first} and {second}"


@dataclass(frozen=True)
class PenaltyCard:
    id: str
    symbol: str
    rule: str  # physical | forbidden-words | hand-limit-2
    text: str
    text_zh: str
    name: str = ""  # a short name ("Open Mouth"); a card file without names: its text

    @property
    def title(self) -> str:
        return self.name or self.text


@dataclass(frozen=True)
class TeleportCard:
    id: str
    kind: str
    copies: int
    text: str
    text_zh: str


@dataclass(frozen=True)
class TomeCard:
    id: str
    name: str
    name_zh: str
    text: str
    text_zh: str
    magic: int


def parse_board(doc: dict, file: str | Path, players: int) -> Board:
    for i, layout in enumerate(doc["layouts"]):
        if players not in layout["players"]:
            continue
        rows = layout["rows"]
        cols = len(rows[0])
        for r, row in enumerate(rows):
            if len(row) != cols:
                raise DataError(file, f"$.layouts[{i}].rows[{r}]", f"has {len(row)} squares, row 0 has {cols}")
        kinds = tuple(LETTERS[ch] for row in rows for ch in row)
        if kinds.count("desk") != 2:
            raise DataError(file, f"$.layouts[{i}].rows", "the desk must cover exactly 2 squares")
        start = layout["start_row"]
        if not 0 <= start < len(rows) or any(LETTERS[ch] not in SYMBOLS for ch in rows[start]):
            raise DataError(file, f"$.layouts[{i}].start_row", "must be a row of symbol squares on the board")
        r, c = layout["dark_lord"]
        if not (0 <= r < len(rows) and 0 <= c < cols) or LETTERS[rows[r][c]] not in SYMBOLS:
            raise DataError(file, f"$.layouts[{i}].dark_lord", "must be a symbol square on the board")
        return Board(layout["name"], len(rows), cols, kinds, start, r * cols + c)
    raise DataError(file, "$.layouts", f"no layout for {players} players")


@lru_cache(maxsize=16)
def load_board(players: int, file: str | None = None) -> Board:
    path = file or str(data_path("kragmortha", "board.json"))
    return parse_board(load_json(path, "kragmortha-board"), path, players)


def _unique(cards: list, file: str) -> dict:
    out = {}
    for i, card in enumerate(cards):
        if card.id in out:
            raise DataError(file, f"$.cards[{i}].id", f"duplicate card id {card.id!r}")
        out[card.id] = card
    return out


@lru_cache(maxsize=16)
def load_movement(file: str | None = None) -> dict[str, MoveCard]:
    path = file or str(data_path("kragmortha", "movement.json"))
    doc = load_json(path, "kragmortha-movement")
    return _unique([MoveCard(c["id"], c["piece"], tuple(c["symbols"]), c["copies"], c["text"], c["text_zh"])
                    for c in doc["cards"]], path)


@lru_cache(maxsize=16)
def load_penalties(file: str | None = None) -> dict[str, PenaltyCard]:
    path = file or str(data_path("kragmortha", "penalty.json"))
    doc = load_json(path, "kragmortha-penalty")
    return _unique([PenaltyCard(c["id"], c["symbol"], c["rule"], c["text"], c["text_zh"], c.get("name", ""))
                    for c in doc["cards"]], path)


@lru_cache(maxsize=16)
def load_teleports(file: str | None = None) -> dict[str, TeleportCard]:
    path = file or str(data_path("kragmortha", "teleport.json"))
    doc = load_json(path, "kragmortha-teleport")
    return _unique([TeleportCard(c["id"], c["kind"], c["copies"], c["text"], c["text_zh"]) for c in doc["cards"]], path)


@lru_cache(maxsize=16)
def load_tomes(file: str | None = None) -> dict[str, TomeCard]:
    path = file or str(data_path("kragmortha", "tomes.json"))
    doc = load_json(path, "kragmortha-tomes")
    return _unique([TomeCard(c["id"], c["name"], c["name_zh"], c["text"], c["text_zh"], c["magic"])
                    for c in doc["cards"]], path)


@lru_cache(maxsize=1)
def _names() -> dict[str, str]:
    """Every card id of the standard files -> its name (movement, penalty and tome cards)."""
    return {**{c.id: c.name for c in load_movement().values()}, **{c.id: c.title for c in load_penalties().values()},
            **{c.id: c.name for c in load_tomes().values()}}


def card_name(card_id: str) -> str:
    """A movement, penalty or tome card by its name ("goblin card with grimoire and parchment", "Open Mouth",
    "Lost Treasure"); an id the standard files lack stays as it is."""
    return _names().get(card_id, card_id)


_ID = re.compile(r"[a-z][a-z-]*[a-z]")


def in_words(text: str) -> str:
    """``text`` with every card id in it replaced by the card's name (the labels tome actions carry)."""
    names = _names()
    return _ID.sub(lambda m: names.get(m.group(), m.group()), text)
