""""Why this number" for both Munchkin-family games: the terms of a fight's totals that Munchkin (seed 000,
战斗: 你的等级加上装备加成; 请求帮助: the helper's level and items count) and Munchkin Quest (seed 001, 战斗:
等级 + 装备 + 骰子) read the same way, each with its reason. Each game's ``breakdown`` module adds its own
terms (Munchkin's Change Sex, Quest's dice and room rules) and sums to its engine's totals.

The game provides ``sheet(player)`` (level, items in play) and ``card(copy)``; ``works(player, copy)`` says
whether an item in play gives its bonus (its restrictions, or a Cheat! on it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

__all__ = ["Terms", "class_power_terms", "one_shot_terms", "side_terms", "strength_terms"]

Terms = list[tuple[str, int]]


def strength_terms(game: Any, player: int, works: Callable[[int, str], bool]) -> Terms:
    """A character's strength: level, then each usable item in play with a bonus (a one-shot carried on
    the table counts only when used)."""
    sheet = game.sheet(player)
    terms = [("level", sheet.level)]
    for copy in sheet.carried:
        card = game.card(copy)
        if card.kind == "item" and card.bonus and works(player, copy):
            terms.append((card.name, card.bonus))
    return terms


def one_shot_terms(game: Any, copies: Iterable[str]) -> Terms:
    """One-shots played for a side of the fight."""
    return [(f"{game.card(x).name} (one-shot)", game.card(x).bonus) for x in copies]


def side_terms(game: Any, fight: Any, strength: Callable[[Any, int], Terms]) -> Terms:
    """The munchkins' side: each munchkin's ``strength`` terms (named by player when a helper fights too),
    then the one-shots played for them."""
    many = len(fight.side) > 1
    terms = [(f"player {p} {label}" if many else label, value)
             for p in fight.side for label, value in strength(game, p)]
    return terms + one_shot_terms(game, fight.munchkin_one_shots)


def class_power_terms(fight: Any, undead: bool) -> Terms:
    """The class powers used in the fight: a warrior's berserking (+1 a card), a cleric's turning (+3 a card
    against the undead), a thief's backstab (-2)."""
    terms: Terms = [("berserking", 1) for _ in fight.berserk]
    if undead:
        terms += [("turning the undead", 3) for _ in fight.turning]
    return terms + [("backstab", -2) for _ in fight.backstabs]
