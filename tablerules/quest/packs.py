"""Card packs for Munchkin Quest: more cards, monsters and rooms from a JSON file of one's own, added to the
game's decks (``QuestParams.card_packs``, :func:`tablerules.quest.scenario.ready` ``card_packs=``).

A pack (schema ``quest-pack``) holds ``cards`` (the DxM and Treasure decks), ``monsters`` and ``rooms``, each
entry written exactly as in ``data/quest/cards.json``, ``monsters.json`` and ``rooms.json`` and checked against
the same schemas (``quest-cards``, ``quest-monsters``, ``quest-rooms``); every entry carries ``"example": true``:
the cards of a pack are made for this kit, never passed off as printed ones. An id already in the game's decks
(or twice in one pack) is refused. A bad pack raises :class:`~tablerules.core.errors.DataError` naming the file
and the field (``$.cards[2].kill_levels``).

The rule a pack card gets comes from its fields (the optional card properties of the schemas: ``health``,
``kill_levels``, ``abilities``, ``worn``, ``lasting``, ``next_fight``, ``d10``, ``draw_discard``, ...), so a
pack card with a property plays by the rule the seed states for it (docs/rules/quest.md, "Card packs").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..core.cards import Card, parse_cards
from ..core.data import data_path, json_path, read_json, validate
from ..core.errors import DataError
from .cards import load_quest_cards
from .tiles import MonsterCard, RoomTile, load_monsters, load_rooms, parse_monsters, parse_room

__all__ = ["CardPack", "load_pack", "pack_card", "pack_monster", "pack_room", "with_packs"]

#: every pack entry of a game made in this process, by id: the names of pack cards, monsters and rooms in the log
_KNOWN: dict[str, dict] = {"cards": {}, "monsters": {}, "rooms": {}}


@dataclass(frozen=True)
class CardPack:
    """One pack file: its cards (id -> card), monsters and room tiles."""

    file: str
    cards: dict[str, Card]
    monsters: tuple[MonsterCard, ...]
    rooms: tuple[RoomTile, ...]


def _part(doc: dict, key: str, schema: str, wrapper: dict, file: str) -> dict:
    """Check the pack's ``key`` list against the deck's own schema (its paths are the pack's: ``$.cards[0]``)."""
    return validate({**wrapper, key: doc[key]}, schema, file)


def pack_file(name: str) -> str:
    """A pack's file: a path to a JSON file, or the name of a pack shipped with the kit (``"examples"``:
    ``data/quest/packs/examples.json``, kit-made example cards of every card property)."""
    name = str(name)
    if name.endswith(".json") or "/" in name or "\\" in name:
        return name
    return str(data_path("quest", "packs", f"{name}.json"))


@lru_cache(maxsize=16)
def load_pack(path: str) -> CardPack:
    """Read and check a pack file (a path, or a shipped pack's name; cached)."""
    file = pack_file(path)
    doc = validate(read_json(file), "quest-pack", file)
    cards: dict[str, Card] = {}
    monsters: tuple[MonsterCard, ...] = ()
    rooms: tuple[RoomTile, ...] = ()
    if doc.get("cards"):
        cards = parse_cards(_part(doc, "cards", "quest-cards", {"format": "tablerules/quest-cards@1"}, file), file)
    if doc.get("monsters"):
        monsters = parse_monsters(_part(doc, "monsters", "quest-monsters", {"format": "tablerules/quest-monsters@1"},
                                        file), file)
    if doc.get("rooms"):
        entrance = {"id": "ENT", "name": "Entrance", "name_zh": "入口", "links": {}}
        part = _part(doc, "rooms", "quest-rooms", {"format": "tablerules/quest-rooms@1", "entrance": entrance}, file)
        rooms = tuple(parse_room(r) for r in part["rooms"])
    taken = {*load_quest_cards(), *(m.id for m in load_monsters()), *(r.id for r in load_rooms().rooms),
             load_rooms().entrance.id}
    seen: set[str] = set()
    for key, ids in (("cards", list(cards)), ("monsters", [m.id for m in monsters]), ("rooms", [r.id for r in rooms])):
        for i, entry_id in enumerate(ids):
            if entry_id in taken or entry_id in seen:
                raise DataError(file, json_path([key, i, "id"]),
                                f"{entry_id!r} is already the id of a card, monster or room of the game")
            seen.add(entry_id)
    return CardPack(file, cards, monsters, rooms)


@lru_cache(maxsize=16)
def with_packs(paths: tuple[str, ...]) -> tuple[dict[str, Card], dict[str, MonsterCard], dict[str, RoomTile]]:
    """The game's cards with those of ``paths`` added (one shared table per list of packs), and the packs'
    monsters and room tiles by id."""
    packs = [load_pack(str(p)) for p in paths]
    cards = dict(load_quest_cards())
    monsters: dict[str, MonsterCard] = {}
    rooms: dict[str, RoomTile] = {}
    for pack in packs:
        for table, new, key in ((cards, pack.cards, "cards"), (monsters, {m.id: m for m in pack.monsters}, "monsters"),
                                (rooms, {r.id: r for r in pack.rooms}, "rooms")):
            for i, entry_id in enumerate(new):
                if entry_id in table:
                    raise DataError(pack.file, json_path([key, i, "id"]), f"{entry_id!r} is in another pack too")
            table.update(new)
    for key, table in (("monsters", monsters), ("rooms", rooms)):  # their names in the log
        _KNOWN[key].update(table)
    _KNOWN["cards"].update({c: card for c, card in cards.items() if card.example})
    return cards, monsters, rooms


def pack_card(card_id: str) -> Card | None:
    """A card of a pack loaded in this process (for its name in the log), or ``None``."""
    return _KNOWN["cards"].get(card_id)


def pack_monster(card_id: str) -> MonsterCard | None:
    return _KNOWN["monsters"].get(card_id)


def pack_room(room_id: str) -> RoomTile | None:
    return _KNOWN["rooms"].get(room_id)


def packs_of(paths: Sequence[str]) -> tuple[str, ...]:
    """The pack paths as the game's parameter holds them (strings, in order)."""
    return tuple(str(p) for p in paths)
