"""The boards, races and powers of Small World as data (``data/smallworld/``), checked by JSON Schema.

Seed 003, 游戏设置阶段: "选出适合游戏人数用的地图 ... 在地图上每一个有白色圆圈标志的地方放置一个“失落部族”的
标志 ... 在地图上有山峰的区域放置山峰标志". Adjacency is made symmetric (the reference notes a one-sided pair);
a region naming an unknown neighbour or itself is a :class:`DataError`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import networkx as nx

from ..core.data import data_path, json_path, load_json
from ..core.errors import DataError

WATER = ("sea", "lake")


@dataclass(frozen=True)
class Region:
    id: int
    terrain: str
    features: tuple[str, ...]
    lost_tribe: bool
    mountain_marker: bool
    border: bool
    adjacent: tuple[int, ...]

    @property
    def water(self) -> bool:
        return self.terrain in WATER

    def has(self, feature: str) -> bool:
        return feature in self.features


@dataclass(frozen=True)
class Board:
    """A board: its regions (index = id) and static derived tables (coastal, sea-adjacent, caverns)."""

    name: str
    players: int
    rounds: int
    invented: bool
    regions: tuple[Region, ...]
    coastal: frozenset[int]  #: land regions bordering a sea or the lake (Tritons)
    sea_adjacent: frozenset[int]  #: regions bordering a sea (a first conquest may start there)
    caverns: frozenset[int]
    all_ids: tuple[int, ...] = ()
    entry: tuple[int, ...] = ()  #: where a first conquest may be made: border regions and sea-adjacent ones
    water: frozenset[int] = frozenset()
    adjacency: tuple[frozenset[int], ...] = ()
    static_defence: tuple[int, ...] = ()  #: 2 + the mountain marker: the part of a cost that never changes
    hill_or_farmland: frozenset[int] = frozenset()
    land_ids: tuple[int, ...] = ()  #: ``all_ids``, ``entry`` and ``adjacency`` without seas and the lake
    land_entry: tuple[int, ...] = ()
    land_adjacency: tuple[frozenset[int], ...] = ()
    _discounts: dict = field(default_factory=dict, compare=False, repr=False)  #: (race, power) -> discounts

    def __len__(self) -> int:
        return len(self.regions)

    def discounts(self, race: str, power: str) -> tuple[int, ...] | None:
        """Per region, the tokens a combo's fixed discounts take off a conquest (Commando, Mounted, Underworld,
        Tritons; the minimum of 1 is applied by the caller); ``None`` when the combo has none. Giants depend on
        the map state and are not covered."""
        key = (race, power)
        known = self._discounts.get(key, False)
        if known is not False:
            return known
        n = len(self.regions)
        d = [0] * n
        for i in range(n):
            if power == "Commando" or (power == "Mounted" and i in self.hill_or_farmland) or (
                    power == "Underworld" and i in self.caverns):
                d[i] += 1
            if race == "Tritons" and i in self.coastal:
                d[i] += 1
        out = tuple(d) if any(d) else None
        self._discounts[key] = out
        return out

    def base_costs(self, race: str, power: str) -> tuple[tuple[int, ...], bool]:
        """Per region, ``static_defence`` less the combo's fixed :meth:`discounts`, and whether any discount
        applies (then the caller keeps the minimum of 1)."""
        key = ("base", race, power)
        known = self._discounts.get(key)
        if known is None:
            d = self.discounts(race, power)
            known = self._discounts[key] = ((self.static_defence, False) if d is None else
                                            (tuple(c - k for c, k in zip(self.static_defence, d, strict=True)), True))
        return known

    def graph(self) -> nx.Graph:
        """The board as a networkx graph: a node per region with its terrain and features."""
        g = nx.Graph(name=self.name)
        for r in self.regions:
            g.add_node(r.id, terrain=r.terrain, features=r.features, lost_tribe=r.lost_tribe, border=r.border)
        for r in self.regions:
            g.add_edges_from((r.id, n) for n in r.adjacent)
        return g


def parse_board(doc: dict, file: str | Path = "<memory>") -> Board:
    regions = doc["regions"]
    ids = [r["id"] for r in regions]
    for i, r in enumerate(regions):
        if r["id"] != i:
            raise DataError(file, json_path(["regions", i, "id"]), f"region ids must be 0..{len(regions) - 1} in order")
    adjacency: dict[int, set[int]] = {i: set() for i in ids}
    for i, r in enumerate(regions):
        for k, n in enumerate(r["adjacent"]):
            if n not in adjacency:
                raise DataError(file, json_path(["regions", i, "adjacent", k]), f"no region {n} on this board")
            if n == i:
                raise DataError(file, json_path(["regions", i, "adjacent", k]), "a region cannot border itself")
            adjacency[i].add(n)
            adjacency[n].add(i)  # symmetric
    built = tuple(Region(r["id"], r["terrain"], tuple(r.get("features", ())), bool(r.get("lost_tribe", False)),
                         bool(r.get("mountain_marker", r["terrain"] == "mountain")), bool(r.get("border", False)),
                         tuple(sorted(adjacency[r["id"]]))) for r in regions)
    coastal = frozenset(r.id for r in built if not r.water and any(built[n].water for n in r.adjacent))
    sea_adjacent = frozenset(r.id for r in built if any(built[n].terrain == "sea" for n in r.adjacent))
    caverns = frozenset(r.id for r in built if r.has("cavern"))
    entry = tuple(r.id for r in built if r.border or r.id in sea_adjacent)
    water = frozenset(r.id for r in built if r.water)
    adjacent = tuple(frozenset(r.adjacent) for r in built)
    return Board(doc["name"], doc["players"], doc["rounds"], bool(doc.get("invented", False)), built, coastal,
                 sea_adjacent, caverns, tuple(range(len(built))), entry, water, adjacent,
                 tuple(2 + r.mountain_marker for r in built),
                 frozenset(r.id for r in built if r.terrain in ("hill", "farmland")),
                 land_ids=tuple(r.id for r in built if not r.water),
                 land_entry=tuple(i for i in entry if i not in water),
                 land_adjacency=tuple(a - water for a in adjacent))


def load_board_file(file: str | Path) -> Board:
    return parse_board(load_json(file, "smallworld-map"), file)


@lru_cache(maxsize=8)
def load_board(players: int) -> Board:
    """The board for ``players`` players (2-5; the 5-player board is our own, ``invented``)."""
    return load_board_file(str(data_path("smallworld", "maps", f"{players}p.json")))


@dataclass(frozen=True)
class RaceInfo:
    name: str
    name_zh: str
    tokens: int
    box: int
    text: str
    text_zh: str


@dataclass(frozen=True)
class PowerInfo:
    name: str
    name_zh: str
    tokens: int
    text: str
    text_zh: str


def _unique(entries: list[dict], file: str | Path, key: str) -> None:
    seen: set[str] = set()
    for i, e in enumerate(entries):
        if e["name"] in seen:
            raise DataError(file, json_path([key, i, "name"]), f"{e['name']!r} is listed twice")
        seen.add(e["name"])


def load_races_file(file: str | Path) -> dict[str, RaceInfo]:
    doc = load_json(file, "smallworld-races")
    _unique(doc["races"], file, "races")
    for i, e in enumerate(doc["races"]):
        if e["tokens"] > e["box"]:
            raise DataError(file, json_path(["races", i, "tokens"]),
                            "a banner cannot give more tokens than the box holds")
    return {e["name"]: RaceInfo(e["name"], e.get("name_zh", ""), e["tokens"], e["box"], e["text"], e.get("text_zh", ""))
            for e in doc["races"]}


def load_powers_file(file: str | Path) -> dict[str, PowerInfo]:
    doc = load_json(file, "smallworld-powers")
    _unique(doc["powers"], file, "powers")
    return {e["name"]: PowerInfo(e["name"], e.get("name_zh", ""), e["tokens"], e["text"], e.get("text_zh", ""))
            for e in doc["powers"]}


@lru_cache(maxsize=1)
def load_races() -> dict[str, RaceInfo]:
    return load_races_file(str(data_path("smallworld", "races.json")))


@lru_cache(maxsize=1)
def load_powers() -> dict[str, PowerInfo]:
    return load_powers_file(str(data_path("smallworld", "powers.json")))
