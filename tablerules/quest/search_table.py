"""The Munchkin Quest search table (seed 001, p. 20, 搜索表), kept as data in
``data/quest/search_table.json``.

Searching (p. 7, 搜索): spend 1 move, roll the search dice, add the room's search modifier and read
the row: 1 or less and 7 bring a monster to fight at once; other rows bring gold and treasure and may
leave the room Looted (搜刮完毕) or Plundered (洗劫一空).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from pathlib import Path

from ..core.data import data_path, json_path, load_json
from ..core.errors import DataError

SEARCH_TABLE_FILE = ("quest", "search_table.json")


class RoomToken(Enum):
    """The search-result token a search leaves in the room."""

    LOOTED = "looted"  # 搜刮完毕
    PLUNDERED = "plundered"  # 洗劫一空


@dataclass(frozen=True)
class SearchRow:
    row: int
    label: str
    result: str
    result_zh: str
    gold: int
    treasures: int
    monster: bool
    room_token: RoomToken | None


@dataclass(frozen=True)
class SearchTable:
    rows: tuple[SearchRow, ...]

    @property
    def lowest(self) -> int:
        return self.rows[0].row

    @property
    def highest(self) -> int:
        return self.rows[-1].row

    def lookup(self, total: int) -> SearchRow:
        """The row for a search total: below the first row reads the first, above the last the last."""
        index = min(max(total, self.lowest), self.highest) - self.lowest
        return self.rows[index]


def parse_search_table(document: dict, file: str | Path) -> SearchTable:
    rows = []
    for i, raw in enumerate(document["rows"]):
        token = raw["room_token"]
        rows.append(SearchRow(raw["row"], raw["label"], raw["result"], raw["result_zh"], raw["gold"],
                              raw["treasures"], raw["monster"], RoomToken(token) if token else None))
        expected = rows[0].row + i
        if raw["row"] != expected:
            raise DataError(file, json_path(["rows", i, "row"]),
                            f"rows must be consecutive: expected {expected}, found {raw['row']}")
    return SearchTable(tuple(rows))


@lru_cache(maxsize=4)
def _load(path: str) -> SearchTable:
    return parse_search_table(load_json(path, "quest-search-table"), path)


def load_search_table(path: str | Path | None = None) -> SearchTable:
    """Load (and validate) the search table; the bundled one by default."""
    return _load(str(path or data_path(*SEARCH_TABLE_FILE)))
