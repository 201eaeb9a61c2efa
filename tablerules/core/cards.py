"""Cards as data, shared by the Munchkin card game and Munchkin Quest: one card model and one effect
vocabulary that both engines interpret.

Effects (bad stuff, curses): ``lose_levels`` n, ``lose_item`` / ``lose_all_items`` of a slot (headgear,
armour, footgear, hands, big, small, any), ``lose_race``, ``lose_class``, ``discard_hand``, ``death``,
the lasting ``change_sex`` and ``chicken``, and for Munchkin Quest ``hits`` n (health lost) and
``lose_gold`` n. A card file names its own JSON Schema; :func:`parse_cards` reads any of them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from .data import json_path
from .errors import DataError


@dataclass(frozen=True)
class Effect:
    effect: str
    n: int = 0
    slot: str = ""
    #: Munchkin Quest boons: the deck a card is drawn from (draw, draw_discard); left out of state_dict while empty
    deck: str = field(default="", metadata={"omit_empty": True})


@dataclass(frozen=True)
class Modifier:
    """A monster's bonus against a race, class or sex (e.g. +4 against elves)."""

    bonus: int
    against: str


@dataclass(frozen=True)
class Card:
    """One card type; ``count`` copies are in its deck."""

    id: str
    name: str
    name_zh: str
    deck: str  # door or treasure (Munchkin); dxm or treasure (Munchkin Quest)
    kind: str  # monster, enhancer, curse, race, class, item, one_shot, go_up_a_level, ...
    count: int
    level: int = 0
    treasures: int = 0
    levels: int = 0
    undead: bool = False
    modifiers: tuple[Modifier, ...] = ()
    run_modifier: int = 0
    no_pursuit_up_to: int = 0
    bad_stuff: tuple[Effect, ...] = ()
    else_bad_stuff: tuple[Effect, ...] = ()
    bonus: int = 0
    effects: tuple[Effect, ...] = ()
    race: str = ""
    cls: str = ""
    slot: str = ""
    value: int = 0
    big: bool = False
    run_bonus: int = 0
    only: tuple[str, ...] = ()
    not_for: tuple[str, ...] = ()
    thrown: bool = False  # Munchkin Quest: may be thrown into a fight in the same or an adjacent room
    chased_by: str = ""  # Munchkin: a class on the munchkins' side chases this monster away (one treasure, no level)
    text: str = ""  # the card's rule in English and Chinese (data/*: every card has both)
    text_zh: str = ""
    # Munchkin Quest card properties (optional; docs/rules/quest.md "Card packs"): an item's extra health tokens,
    # more levels for a kill, abilities (flying, fireproof), worn (an accessory or clothes), not to be picked up
    # again before its dropper's next turn, a sure magic move to help; a race's double sale; a curse that stays
    # (lasting) or waits for the next fight; a one-shot that beats without killing or kills one monster; a card
    # used for its boons (heal, gain_gold, draw, draw_discard), on a d10 roll at most your level
    health: int = 0
    kill_levels: int = 0
    abilities: tuple[str, ...] = ()
    worn: bool = False
    no_pickup: bool = False
    magic_move: bool = False
    double_sale: bool = False
    lasting: bool = False
    next_fight: bool = False
    no_kill: bool = False
    kills_one: bool = False
    drives_off_one: bool = False  # a one-shot: the weakest monster of a fight flees it (p. 8 开战 "逃掉的怪物")
    d10: bool = False
    boons: tuple[Effect, ...] = ()
    example: bool = False  # a kit-made example card (a card pack's), not a printed one


def parse_effects(raw: list[dict]) -> tuple[Effect, ...]:
    return tuple(Effect(e["effect"], e.get("n", 0), e.get("slot", ""), e.get("deck", "")) for e in raw)


def parse_modifiers(raw: list[dict]) -> tuple[Modifier, ...]:
    return tuple(Modifier(m["bonus"], m["against"]) for m in raw)


def parse_cards(document: dict, file: str) -> dict[str, Card]:
    """Card id -> card, from a document already validated against its schema (ids must be unique)."""
    cards: dict[str, Card] = {}
    for i, raw in enumerate(document["cards"]):
        if raw["id"] in cards:
            raise DataError(file, json_path(["cards", i, "id"]), f"duplicate card id {raw['id']!r}")
        cards[raw["id"]] = Card(
            id=raw["id"], name=raw["name"], name_zh=raw["name_zh"], deck=raw["deck"], kind=raw["kind"],
            count=raw["count"], level=raw.get("level", 0), treasures=raw.get("treasures", 0),
            levels=raw.get("levels", 0), undead=raw.get("undead", False),
            modifiers=parse_modifiers(raw.get("modifiers", [])),
            run_modifier=raw.get("run_modifier", 0), no_pursuit_up_to=raw.get("no_pursuit_up_to", 0),
            bad_stuff=parse_effects(raw.get("bad_stuff", [])),
            else_bad_stuff=parse_effects(raw.get("else_bad_stuff", [])),
            bonus=raw.get("bonus", 0), effects=parse_effects(raw.get("effects", [])), race=raw.get("race", ""),
            cls=raw.get("class", ""), slot=raw.get("slot", ""), value=raw.get("value", 0), big=raw.get("big", False),
            run_bonus=raw.get("run_bonus", 0), only=tuple(raw.get("only", ())), not_for=tuple(raw.get("not_for", ())),
            thrown=raw.get("thrown", False), chased_by=raw.get("chased_by", ""), text=raw.get("text", ""),
            text_zh=raw.get("text_zh", ""), **_quest_properties(raw))
    return cards


_FLAGS = ("worn", "no_pickup", "magic_move", "double_sale", "lasting", "next_fight", "no_kill", "kills_one",
          "drives_off_one", "d10", "example")


def _quest_properties(raw: dict) -> dict:
    """The optional Munchkin Quest card properties a card names (the others keep their defaults)."""
    out: dict = {k: raw[k] for k in ("health", "kill_levels") if k in raw}
    out.update({k: bool(raw[k]) for k in _FLAGS if k in raw})
    if "abilities" in raw:
        out["abilities"] = tuple(raw["abilities"])
    if "boons" in raw:
        out["boons"] = parse_effects(raw["boons"])
    return out


def copies(cards: dict[str, Card], deck: str) -> list[str]:
    """One id per physical card of ``deck``: ``"go_up_a_level#3"``."""
    return [f"{c.id}#{k}" for c in cards.values() if c.deck == deck for k in range(1, c.count + 1)]


#: (id of a card table, decks) -> (the table, its copies sorted): the invariants ask at every action
_SORTED_COPIES: dict[tuple[int, tuple[str, ...]], tuple[dict[str, Card], list[str]]] = {}


def sorted_copies(cards: dict[str, Card], *decks: str) -> list[str]:
    """Every physical card of ``decks``, sorted (the invariants' "every card in exactly one place"),
    worked out once per card table (kept for the last 32 tables): read it, never change it."""
    key = (id(cards), decks)
    known = _SORTED_COPIES.get(key)
    if known is None or known[0] is not cards:
        if len(_SORTED_COPIES) >= 32:
            _SORTED_COPIES.clear()
        known = _SORTED_COPIES[key] = (cards, sorted(c for deck in decks for c in copies(cards, deck)))
    return known[1]


def card_of(cards: dict[str, Card], copy: str) -> Card:
    return cards[copy.split("#", 1)[0]]


def copy_name(cards: Mapping[str, Card], copy: object) -> str | None:
    """A card copy in words: ``"go_up_a_level#3"`` reads "Go Up a Level (copy 3)" (``None``: not one of ``cards``)."""
    if not isinstance(copy, str):
        return None
    card_id, _, number = copy.partition("#")
    card = cards.get(card_id)
    if card is None:
        return None
    return f"{card.name} (copy {number})" if number else card.name


def card_index(cards: dict[str, Card]) -> dict[str, Card]:
    """Every copy id (``"go_up_a_level#3"``) and card id -> its card: a dictionary look-up instead of
    parsing the id on every read (the engines read cards in their hot paths)."""
    index = dict(cards)
    for card in cards.values():
        index.update({f"{card.id}#{k}": card for k in range(1, card.count + 1)})
    return index


def distinct(copy_ids: Iterable[str]) -> list[str]:
    """One copy per card, sorted: two copies of one card are one choice (one legal action), and the
    lowest copy id stands for them."""
    ids = sorted(copy_ids)
    if len(ids) < 2:  # most hands and fights asked about hold none or one (Munchkin: 1.5 on average)
        return ids
    first: dict[str, str] = {}
    for copy_id in ids:
        first.setdefault(copy_id.partition("#")[0], copy_id)
    return list(first.values())
