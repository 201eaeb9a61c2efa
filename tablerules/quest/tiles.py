"""The Munchkin Quest components kept as data: the room deck with the entrance tile
(``data/quest/rooms.json``), the link pool (``links.json``) and the monsters (``monsters.json``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..core.actions import outcome_words
from ..core.cards import Card, parse_effects, parse_modifiers
from ..core.data import data_path, json_path, load_json
from ..core.errors import DataError
from .dungeon import Room
from .geometry import Colour, LinkKind, Movement, Side


@dataclass(frozen=True)
class RoomRule:
    """A room's rule as data (seed 001 p. 9, 房间和图标; p. 7, 交易): a ``deal`` (pay moves, gold, an item or a
    card for healing, a DxM card, a level, gold, an item from the discards, a bet, a portal), a bonus for
    the ``monsters`` here (undead only, maybe), a ``run`` modifier, ``odd_levels`` favoured (even ones
    disfavoured), ``soundproof`` (no help or interference from outside), a monster ``nest``."""

    kind: str
    name: str = ""
    moves: int = 1
    draw_discard: str = ""  # a deal: draw the top card of this deck's discards (p. 4 抓弃牌)
    ability: str = ""  # an ``enter`` rule: who has this ability takes ``hits`` on entering (扇子俱乐部)
    hits: int = 0
    gold: int = 0
    heal: int = 0
    dxm: int = 0
    level: bool = False
    sell_item: bool = False
    buy_discard_item: bool = False
    discard: int = 0
    bet: int = 0
    teleport: bool = False
    once: bool = False
    only: tuple[str, ...] = ()
    bonus: int = 0
    undead: bool = False
    modifier: int = 0


def parse_rule(raw: dict) -> RoomRule:
    return RoomRule(**{k: tuple(v) if isinstance(v, list) else v for k, v in raw.items()})


@dataclass(frozen=True)
class RoomTile:
    """A room tile of the deck (oriented like the entrance, seed 001 p. 6)."""

    id: str
    name: str
    name_zh: str
    arrows: tuple[tuple[Colour, Side], ...]
    search: int | None
    good_for: tuple[str, ...]
    bad_for: tuple[str, ...]
    text: str
    rules: tuple[RoomRule, ...] = ()
    text_zh: str = ""

    def place(self, at: tuple[int, int]) -> Room:
        return Room(self.id, at, False, self.name, self.name_zh, self.text, dict(self.arrows), self.search,
                    self.good_for, self.bad_for)


@dataclass(frozen=True)
class EntranceTile:
    id: str
    name: str
    name_zh: str
    links: tuple[tuple[Side, LinkKind], ...]


@dataclass(frozen=True)
class RoomDeck:
    entrance: EntranceTile
    rooms: tuple[RoomTile, ...]

    def tile(self, room_id: str) -> RoomTile:
        return self._by_id()[room_id]

    def _by_id(self) -> dict[str, RoomTile]:
        known = self.__dict__.get("_index")  # worked out once (the deck is immutable; not a field)
        if known is None:
            known = {r.id: r for r in self.rooms}
            object.__setattr__(self, "_index", known)
        return known


@dataclass(frozen=True)
class LinkType:
    kind: LinkKind
    name: str
    name_zh: str
    cost: int | None
    count: int


@dataclass(frozen=True)
class MonsterCard(Card):
    """A Munchkin Quest monster: the shared card fields of its fight (level, treasures, levels for killing
    it, undead, modifiers, run-away modifier, bad stuff) plus its combat dice, how it moves, which links it
    passes, its standee size and whom it ignores (seed 001 p. 8, 被怪物无视)."""

    dice: int = 0
    movement: Movement = Movement.NORMAL
    passes: frozenset[LinkKind] = frozenset()
    size: str = "human"
    ignores: tuple[str, ...] = ()
    #: p. 13 怪物关键词 能力 ("火焰" 或 "飞行"): what rooms and cards read (optional, card packs)
    abilities: tuple[str, ...] = ()
    #: p. 13: links it smashes while moving (牛头犬会把门砸碎): each becomes a corridor for every monster after it
    smashes: frozenset[LinkKind] = frozenset()


def _check_unique(ids: list[str], file: str | Path, key: str) -> None:
    seen: set[str] = set()
    for i, item_id in enumerate(ids):
        if item_id in seen:
            raise DataError(file, json_path([key, i, "id"]), f"duplicate id {item_id!r}")
        seen.add(item_id)


@lru_cache(maxsize=4)
def load_rooms(path: str | None = None) -> RoomDeck:
    file = path or str(data_path("quest", "rooms.json"))
    doc = load_json(file, "quest-rooms")
    _check_unique([r["id"] for r in doc["rooms"]] + [doc["entrance"]["id"]], file, "rooms")
    ent = doc["entrance"]
    entrance = EntranceTile(ent["id"], ent["name"], ent["name_zh"],
                            tuple((Side(s), LinkKind(k)) for s, k in ent["links"].items()))
    rooms = tuple(parse_room(r) for r in doc["rooms"])
    return RoomDeck(entrance, rooms)


def parse_room(r: dict) -> RoomTile:
    """A room tile of a document already validated against ``quest-rooms``."""
    return RoomTile(r["id"], r["name"], r["name_zh"], tuple((Colour(c), Side(s)) for c, s in r["arrows"].items()),
                    r["search"], tuple(r.get("good_for", ())), tuple(r.get("bad_for", ())), r.get("text", ""),
                    tuple(parse_rule(x) for x in r.get("rules", ())), r.get("text_zh", ""))


@lru_cache(maxsize=4)
def load_links(path: str | None = None) -> tuple[LinkType, ...]:
    file = path or str(data_path("quest", "links.json"))
    doc = load_json(file, "quest-links")
    kinds = [k["kind"] for k in doc["kinds"]]
    for i, kind in enumerate(kinds):
        if kind in kinds[:i]:
            raise DataError(file, json_path(["kinds", i, "kind"]), f"{kind!r} is listed twice")
    for i, k in enumerate(doc["kinds"]):
        if (k["cost"] is None) != (k["kind"] == "wall"):
            raise DataError(file, json_path(["kinds", i, "cost"]), "walls, and only walls, have no move cost")
    return tuple(LinkType(LinkKind(k["kind"]), k["name"], k["name_zh"], k["cost"], k["count"]) for k in doc["kinds"])


#: id(room deck), id(link types), id(monsters) -> those three and the tables a crawl starts from (:func:`start_tables`)
_START: dict[tuple[int, int, int], tuple] = {}


def start_tables() -> tuple[dict, dict, dict, tuple[str, ...], Counter, Counter]:
    """What every crawl's set-up starts from, worked out once per loaded data (static, as the loaders'):
    link kind -> link type, monster id -> card, link kind -> move cost, the room deck's ids, the link pool
    and the monster deck (the last two to be copied)."""
    deck, links, monsters = load_rooms(), load_links(), load_monsters()
    key = (id(deck), id(links), id(monsters))
    known = _START.get(key)
    if known is None or known[0] is not deck or known[1] is not links or known[2] is not monsters:
        link_types = {t.kind: t for t in links}
        monster_cards = {m.id: m for m in monsters}
        known = _START[key] = (deck, links, monsters, link_types, monster_cards,
                               {k: t.cost for k, t in link_types.items()}, tuple(r.id for r in deck.rooms),
                               Counter({t.kind.value: t.count for t in link_types.values()}),
                               Counter({m.id: m.count for m in monster_cards.values()}))
    return known[3:]


@lru_cache(maxsize=4)
def load_monsters(path: str | None = None) -> tuple[MonsterCard, ...]:
    file = path or str(data_path("quest", "monsters.json"))
    return parse_monsters(load_json(file, "quest-monsters"), file)


def parse_monsters(doc: dict, file: str | Path) -> tuple[MonsterCard, ...]:
    """The monster cards of a document (already validated against ``quest-monsters``)."""
    _check_unique([m["id"] for m in doc["monsters"]], file, "monsters")
    return tuple(MonsterCard(id=m["id"], name=m["name"], name_zh=m["name_zh"], deck="monster", kind="monster",
                             count=m["count"], level=m["level"],
                             dice=m["dice"], movement=Movement(m["movement"]),
                             passes=frozenset(LinkKind(k) for k in m["passes"]), size=m["size"],
                             treasures=m["treasures"], levels=m["levels"], undead=m["undead"],
                             modifiers=parse_modifiers(m["modifiers"]), run_modifier=m["run_modifier"],
                             no_pursuit_up_to=m["no_pursuit_up_to"], bad_stuff=parse_effects(m["bad_stuff"]),
                             else_bad_stuff=parse_effects(m.get("else_bad_stuff", [])),
                             ignores=tuple(m.get("ignores", ())), text=m.get("text", ""),
                             text_zh=m.get("text_zh", ""), abilities=tuple(m.get("abilities", ())),
                             smashes=frozenset(LinkKind(k) for k in m.get("smashes", ())),
                             example=m.get("example", False))
                 for m in doc["monsters"])


@lru_cache(maxsize=1)
def _room_names() -> dict[str, str]:
    deck = load_rooms()
    return {deck.entrance.id: deck.entrance.name, **{r.id: r.name for r in deck.rooms}}


def room_name(room_id: str) -> str:
    """A room of the standard tiles by its name ("Entrance" for ``ENT``, "Guard Room" for ``guard_room``), a
    card pack's room by its name too; a room of another deck keeps its id."""
    name = _room_names().get(room_id)
    if name is None:
        from .packs import pack_room

        tile = pack_room(room_id)
        name = tile.name if tile is not None else room_id
    return name


def monster_name(piece: str) -> str:
    """A monster standee (``"bull#2"``) or card by the name on its card ("Bull Demon"); another id as it is."""
    card_id = piece.split("#", 1)[0]
    name = _draw_names()["monster"].get(card_id)
    if name is None:
        from .packs import pack_monster

        card = pack_monster(card_id)
        name = card.name if card is not None else piece
    return name


@lru_cache(maxsize=1)
def _draw_names() -> dict[str, dict[str, str]]:
    return {"room": _room_names(), "monster": {m.id: m.name for m in load_monsters()},
            "link": {k.kind.value: k.name for k in load_links()}}


def _words_of(event: str) -> Callable[[object], str | None]:
    def words(outcome: object) -> str | None:
        if not isinstance(outcome, str):
            return None
        name = _draw_names()[event].get(outcome)
        if name is None and event != "link":
            name = (room_name if event == "room" else monster_name)(outcome)
            name = None if name == outcome else name
        return name
    return words


for _event in ("room", "monster", "link"):
    outcome_words(_event, _words_of(_event))
