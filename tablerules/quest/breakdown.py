""""Why this number" in Munchkin Quest: the terms of the fight totals and of the combat dice, each with its
reason, summing to the engine's own numbers (seed 001, 战斗: 等级 + 装备 + 骰子; room icons add or take
a die; a monster's bonus against a race, class or sex counts once for the side)."""

from __future__ import annotations

from ..families.munchkin import breakdown as family
from ..families.munchkin.breakdown import Terms
from .game import QuestGame


def strength_terms(game: QuestGame, player: int) -> Terms:
    """Level, then each usable item in play with a bonus (sums to :meth:`QuestGame.strength`)."""
    return family.strength_terms(game, player, game.usable)


def munchkin_terms(game: QuestGame) -> Terms:
    """The munchkins' side (sums to :meth:`QuestGame.munchkin_strength`); turning the undead adds 3 only in
    edition 1 (edition 2: a die each, :func:`dice_terms`)."""
    f = game.fight
    if f is None:
        return []
    undead = any(game.monster_card(m).undead for m in f.monsters) and game.params.rules < 2
    return family.side_terms(game, f, strength_terms) + family.class_power_terms(f, undead)


def monster_terms(game: QuestGame) -> Terms:
    """The monsters' side (sums to :meth:`QuestGame.monster_strength`)."""
    f = game.fight
    if f is None:
        return []
    tags = game.side_weak_tags() | (game.side_abilities() if "abilities" in game.card_properties() else set())
    terms: Terms = []
    for piece in f.monsters:
        card = game.monster_card(piece)
        terms.append((f"{card.name} level", game.monster_level(piece)))
        terms += [(f"{card.name} {m.bonus:+d} against {m.against}", m.bonus)
                  for m in card.modifiers if m.against in tags]
        terms += [(f"{game.card(e).name} on {card.name}", game.card(e).bonus)
                  for e in game.state.enhanced.get(piece, [])]
        terms += [(f"room rule on {card.name}", r.bonus) for r in game.rules(f.room, "monsters")
                  if (card.undead or not r.undead) and (not r.ability or r.ability in card.abilities)]
    return terms + family.one_shot_terms(game, f.monster_one_shots)


def dice_terms(game: QuestGame, player: int) -> Terms:
    """A munchkin's dice in the room of the fight (or their own room): one die, +1 per matching green
    icon, -1 per red one, odd-level rooms, a warrior's fury (sums to :meth:`QuestGame.dice_count` plus
    fury and turning, never below 0)."""
    f = game.fight
    room = game.dungeon.rooms[f.room] if f is not None else game.room_of(player)
    tags, weak = game.tags(player), game.weak_tags(player)
    terms = [("one die", 1)]
    terms += [(f"{room.name}: green icon {t}", 1) for t in room.good_for if t in tags]
    terms += [(f"{room.name}: red icon {t}", -1) for t in room.bad_for if t in weak]
    if game.rules(room.id, "odd_levels"):
        terms.append(("odd-level room", 1 if game.heroes[player].level % 2 else -1))
    if f is not None and player in f.fury:
        terms += [("warrior's fury", 1) for _ in range(f.fury.count(player))]
    if f is not None and player in f.turners:  # p. 10: 如果有牧师帮你战不死的话，可以多掷一个战斗骰
        terms += [("turning the undead", 1) for _ in range(f.turners.count(player))]
    return terms
