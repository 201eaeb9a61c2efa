"""A munchkin's character sheet in Munchkin Quest (seed 001 p. 15-16, 人物属性 and 物品): level, race,
class, health, gold, the hand, items in play (worn, held, on the belt), the backpack."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.cards import Card
from .geometry import Colour

START_HEALTH = 4  # p. 4: 4 health tokens
START_GOLD = 300
START_MOVES = 3
BACKPACK = 2  # p. 16: the backpack holds two items
HAND_LIMIT, DWARF_HAND_LIMIT = 5, 6
WIN_LEVEL = 10
WORN_SLOTS = ("headgear", "armour", "footgear")  # one each


@dataclass
class Hero:
    colour: Colour
    sex: str
    level: int = 1
    race: str | None = None
    cls: str | None = None
    hand: list[str] = field(default_factory=list)
    carried: list[str] = field(default_factory=list)  # in play: worn, in the hands, on the belt
    backpack: list[str] = field(default_factory=list)  # two at most, no bonus
    health: int = START_HEALTH
    max_health: int = START_HEALTH
    gold: int = START_GOLD
    dead: bool = False
    cheats: dict[str, str] = field(default_factory=dict)  # item -> the Cheat! on it
    race2: str | None = None  # with a Half-Breed
    half_breed: str | None = None
    cls2: str | None = None  # with a Super Munchkin
    super_munchkin: str | None = None
    won: list[str] = field(default_factory=list)  # Treasures drawn this turn: into play at any time (p. 5)

    def to_json(self) -> dict:
        return {"colour": self.colour.value, "sex": self.sex, "level": self.level, "race": self.race,
                "class": self.cls, "hand": sorted(self.hand), "carried": list(self.carried),
                "backpack": list(self.backpack), "health": self.health, "max_health": self.max_health,
                "gold": self.gold, "dead": self.dead, "cheats": sorted(self.cheats.items()), "race2": self.race2,
                "half_breed": self.half_breed, "class2": self.cls2, "super_munchkin": self.super_munchkin}


def hands_used(cards: list[Card]) -> int:
    return sum(1 if c.slot == "hands1" else 2 if c.slot == "hands2" else 0 for c in cards)


def fits(carried: list[Card], card: Card) -> bool:
    """Slots (p. 16, 装备位): one headgear, armour and footgear; two hands; accessories, clothes and the
    belt take any number."""
    if card.kind == "one_shot":
        return True  # on the belt
    if card.slot in WORN_SLOTS and any(c.slot == card.slot for c in carried):
        return False
    return hands_used(carried) + hands_used([card]) <= 2
