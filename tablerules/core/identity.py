"""Race and class cards in play, shared by Munchkin and Munchkin Quest: one race and one class, a second
of each with Half-Breed / Super Munchkin, and what leaves play with them (seed 000 混血和超级小白; seed 001
p. 17)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from .cards import Card


class Character(Protocol):
    sex: str
    race: str | None
    race2: str | None
    half_breed: str | None
    cls: str | None
    cls2: str | None
    super_munchkin: str | None


def identity_cards(who: Character) -> list[str]:
    """Race, class, Half-Breed and Super Munchkin cards in play."""
    return [c for c in (who.race, who.race2, who.half_breed, who.cls, who.cls2, who.super_munchkin) if c]


def drop_identity(who: Character, copy: str, super_needs_two_classes: bool) -> list[str]:
    """Take a race or class card out of play; return every card that leaves play with it: the card, the
    Half-Breed when no race is left, the Super Munchkin when no class is left (or, in the card game, when
    either of its two classes goes)."""
    if copy == who.race:
        who.race, who.race2 = who.race2, None
    elif copy == who.race2:
        who.race2 = None
    elif copy == who.cls:
        who.cls, who.cls2 = who.cls2, None
    else:
        who.cls2 = None
    gone = [copy]
    if who.half_breed and who.race is None:
        gone.append(who.half_breed)
        who.half_breed = None
    if who.super_munchkin and (who.cls2 is None if super_needs_two_classes else who.cls is None):
        gone.append(who.super_munchkin)
        who.super_munchkin = None
    return gone


def character_tags(who: Character, card: Callable[[str], Card]) -> frozenset[str]:
    """Sex, races (human without one; a Half-Breed with a single race is half human) and classes: what
    monster modifiers, room icons and item restrictions look at."""
    races = [card(r).race for r in (who.race, who.race2) if r]
    classes = [card(c).cls for c in (who.cls, who.cls2) if c]
    human = {"human"} if not races or (who.half_breed and len(races) == 1) else set()
    return frozenset({who.sex, *races, *classes} | human)
