"""The Munchkin family's shared rules: the numbers both Munchkin (seed 000) and Munchkin Quest (seed 001)
use, and the strength and running-away arithmetic, as plain functions of plain values.

* 游戏开始和结束 (seed 000): "第一个到达10级的玩家获胜" and level 10 only by a kill: :data:`WIN_LEVEL`.
* 逃跑 (seed 000; seed 001 p. 9): one die per monster, 5 or more escapes; elf +1, halfling -1:
  :data:`RUN_NEED`, :func:`race_run_bonus`, :func:`escapes`.
* 出售装备 (seed 000): 1000 gold of items buys a level, no change, never level 10: :data:`LEVEL_PRICE`,
  :func:`buy_levels`.
* 慈善捐赠 (seed 000): at most 5 cards in the hand at the end of the turn, 6 for a dwarf:
  :func:`hand_limit`.
* 诅咒 and bad stuff (seed 000): "失去某件物品" (lose an item) of a slot: :func:`item_in_slot` reads the
  effect vocabulary's slots (headgear, armour, footgear, hands, big, small, any).
* 战斗和怪物 (seed 000; seed 001 p. 11): the munchkins win on a greater total, ties go to the monster
  unless a warrior fights: :func:`beats`; a monster's level plus its modifiers against the side's
  races, classes and sexes (each counted once): :func:`monster_total`.

Beside these: :mod:`.bad_stuff` (the bad-stuff interpreter both games mix in), :mod:`.breakdown` (the terms of a
fight's totals, "why this number"), :mod:`.actions` (the actions both games have), :mod:`.cardtext` and
:mod:`.cardfile` (card texts from the card data).
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["DWARF_HAND_LIMIT", "HAND_LIMIT", "LEVEL_PRICE", "RUN_NEED", "WIN_LEVEL", "beats", "buy_levels",
           "escapes", "hand_limit", "item_in_slot", "monster_total", "race_run_bonus"]

WIN_LEVEL = 10
RUN_NEED = 5  #: a die roll plus modifiers of at least this escapes
LEVEL_PRICE = 1000  #: gold worth of items sold per level
HAND_LIMIT, DWARF_HAND_LIMIT = 5, 6


def hand_limit(tags: Iterable[str]) -> int:
    """How many cards a munchkin may keep at the end of the turn (a dwarf keeps 6)."""
    return DWARF_HAND_LIMIT if "dwarf" in tags else HAND_LIMIT


def race_run_bonus(tags: Iterable[str]) -> int:
    """Running away: elf +1, halfling -1."""
    if not isinstance(tags, set | frozenset):  # read twice: a generator is read once into a set
        tags = set(tags)
    return (1 if "elf" in tags else 0) - (1 if "halfling" in tags else 0)


def escapes(face: int, modifier: int, need: int = RUN_NEED) -> bool:
    """One die per monster: escaped when the roll plus every modifier reaches ``need`` (no automatic
    success on a 6 nor failure on a 1: docs/rules/munchkin.md)."""
    return face + modifier >= need


def buy_levels(gold: int, level: int, price: int = LEVEL_PRICE) -> tuple[int, int]:
    """``(gold left, new level)`` after spending ``gold`` on levels: no change is given, and selling
    never reaches the winning level."""
    while gold >= price and level < WIN_LEVEL - 1:
        gold -= price
        level += 1
    return gold, level


def beats(munchkins: int, monsters: int, warrior: bool = False) -> bool:
    """The munchkins beat the monsters with a greater total; a warrior also wins ties."""
    return munchkins > monsters or (warrior and munchkins == monsters)


def monster_total(level: int, modifiers: Iterable[tuple[int, str]], side_tags: Iterable[str],
                  bonuses: Iterable[int] = ()) -> int:
    """A monster's level, plus each modifier ``(bonus, against)`` whose race, class or sex is on the
    munchkins' side (once, however many of the side share it), plus enhancer bonuses."""
    tags = side_tags if isinstance(side_tags, set | frozenset) else set(side_tags)
    return level + sum(bonus for bonus, against in modifiers if against in tags) + sum(bonuses)


def item_in_slot(slot: str, card_slot: str, big: bool) -> bool:
    """Whether an item in play (its card's ``slot`` and ``big``) is one that bad stuff or a curse naming
    ``slot`` may take: headgear, armour, footgear, hands (one- or two-handed), big, small or any."""
    if slot == "hands":
        return card_slot in ("hands1", "hands2")
    if slot == "big":
        return big
    if slot == "small":
        return not big
    if slot == "any":
        return True
    if slot in ("headgear", "armour", "footgear"):
        return card_slot == slot
    raise ValueError(f"no such slot in the effect vocabulary: {slot!r}")
