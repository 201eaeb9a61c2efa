"""A card's text in plain English, read off its data (the effect vocabulary of :mod:`tablerules.core.cards`):
what a teacher shows on hover. Munchkin and Munchkin Quest cards (and Quest monster cards) share it; the
card files hold no printed text, so this is the text of the rule the engine plays for that card."""

from __future__ import annotations

from typing import Any

SLOTS = {"headgear": "headgear", "armour": "armour", "footgear": "footgear", "hands1": "1 hand",
         "hands2": "2 hands", "": "no slot"}

KINDS = {"go_up_a_level": "Go Up a Level: gain a level at any time (not the winning level)",
         "half_breed": "Half-Breed: play with a race card to have two races (or one, without a human's drawbacks)",
         "super_munchkin": "Super Munchkin: play with a class card to have two classes",
         "divine_intervention": "Divine Intervention: every cleric goes up a level",
         "remove_curse": "Remove a curse that is on you",
         "wandering": "Wandering Monster: play with a monster from your hand to bring it into a fight",
         "loaded_die": "Loaded Die: after a die is rolled, turn it to the number you like",
         "summon_wall": "Summon a wall between two rooms", "mate": "Mate: the monster's twin joins the fight "
         "(twice the level, the treasures and the bad stuff)",
         "cheat": "Cheat!: carry and use one item you could not otherwise use",
         "escape": "Escape: leave a fight for an adjacent room without rolling to run away"}


def effect_text(effect: Any) -> str:
    """One effect of the vocabulary (``lose_levels`` 2 -> "lose 2 levels")."""
    kind, n, slot = effect.effect, effect.n, effect.slot
    words = {
        "lose_levels": f"lose {n} level{'s' if n != 1 else ''}",
        "lose_item": f"lose an item ({slot or 'any'})",
        "lose_all_items": f"lose every item ({slot or 'any'})",
        "lose_race": "lose your race", "lose_class": "lose your class", "discard_hand": "discard your hand",
        "death": "you die", "change_sex": "change sex (-5 in your next fight)",
        "chicken": "Chicken on Your Head (-1 to run away)", "hits": f"lose {n} health",
        "lose_gold": f"lose {n} gold",
    }
    return words.get(kind, kind.replace("_", " ") + (f" {n}" if n else ""))


def _signed(n: int) -> str:
    return f"{n:+d}"


def card_text(card: Any) -> str:
    """The card's rule in a line or two, from its fields; works for items, one-shots, monsters, curses,
    races, classes and the special cards."""
    kind = card.kind
    parts: list[str] = []
    if kind == "monster" or hasattr(card, "dice"):
        parts.append(f"Monster, level {card.level}" + (f", {card.dice} die/dice" if getattr(card, "dice", 0) else "")
                     + (", undead" if card.undead else "") + ".")
        parts += [f"{_signed(m.bonus)} against {m.against}." for m in card.modifiers]
        if card.run_modifier:
            parts.append(f"{_signed(card.run_modifier)} to run away from it.")
        if card.no_pursuit_up_to:
            parts.append(f"Will not pursue anyone of level {card.no_pursuit_up_to} or lower.")
        if card.bad_stuff:
            parts.append("Bad stuff: " + ", ".join(effect_text(e) for e in card.bad_stuff) + ".")
        if getattr(card, "else_bad_stuff", ()):
            parts.append("Otherwise: " + ", ".join(effect_text(e) for e in card.else_bad_stuff) + ".")
        parts.append(f"{card.treasures} treasure(s), {card.levels} level(s).")
    elif kind == "item":
        parts.append(f"Item, {SLOTS.get(card.slot, card.slot)}{', big' if card.big else ''}: "
                     f"{_signed(card.bonus)} bonus" + (f", {_signed(card.run_bonus)} to run away" if card.run_bonus
                                                      else "") + ".")
        if card.only:
            parts.append("Usable only by " + ", ".join(card.only) + ".")
        if card.not_for:
            parts.append("Not usable by " + ", ".join(card.not_for) + ".")
    elif kind == "one_shot":
        parts.append(f"One-shot: {_signed(card.bonus)} to either side in a fight, then discard"
                     + (" (may be thrown into an adjacent room)" if getattr(card, "thrown", False) else "") + ".")
    elif kind == "enhancer":
        parts.append(f"Monster enhancer: {_signed(card.bonus)} to a monster"
                     + (f", {_signed(card.treasures)} treasure(s)" if card.treasures else "") + ".")
    elif kind == "curse":
        parts.append("Curse: " + (", ".join(effect_text(e) for e in card.effects) or "see the rules") + ".")
    elif kind in ("race", "class"):
        parts.append(f"{kind.capitalize()} card: you become {card.name}.")
    else:
        text = KINDS.get(kind, kind.replace("_", " "))
        parts.append(text[0].upper() + text[1:] + ".")
    if getattr(card, "value", 0):
        parts.append(f"Worth {card.value} gold.")
    return " ".join(parts)
