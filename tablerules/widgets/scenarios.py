"""Each game's set-up form (:mod:`tablerules.widgets.staging`): which fields a teacher fills in and how its
public scenario API (``tablerules/<game>/scenario.py``) turns them into a position."""

from __future__ import annotations

from typing import Any

from .staging import NONE, Field, ScenarioSpec, card_options


def munchkin_spec() -> ScenarioSpec:
    """Munchkin: each seat's level, race, class, hand and items in play; whose turn; the monster behind the
    door (kicked open at once: the fight is on)."""
    from ..munchkin import scenario
    from ..munchkin.cards import load_cards

    cards = list(load_cards().values())
    seat = (Field("level", "level", "number", default=1, low=1, high=10),
            Field("race", "race", options=card_options(cards, ["race"])),
            Field("cls", "class", options=card_options(cards, ["class"])),
            Field("hand", "hand", "cards", card_options(cards)),
            Field("carried", "items in play", "cards", card_options(cards, ["item"])))
    table = (Field("turn", "whose turn", "number", default=0, low=0, high=5),
             Field("monster", "monster at the door", options=card_options(cards, ["monster"])),
             Field("seed", "seed (the decks)", "number", default=0, low=0, high=10**6))

    def build(v: dict[str, Any]) -> Any:
        game = scenario.ready(players=v["players"], seed=v["seed"])
        for p, s in enumerate(v["seats"]):
            scenario.set_level(game, p, s["level"])
            scenario.become(game, p, race=s["race"] or None, cls=s["cls"] or None)
            scenario.put_in_hand(game, p, *s["hand"])
            scenario.put_in_play(game, p, *s["carried"])
        if not 0 <= v["turn"] < v["players"]:
            raise ValueError(f"there is no player {v['turn']}")
        scenario.set_turn(game, v["turn"])
        if v["monster"] != NONE:
            scenario.kick(game, v["monster"])
        return game

    return ScenarioSpec(seat, table, build, notes="Every card comes out of its deck (one copy each); the "
                        "monster is turned up when the door is kicked open, so the fight starts at once.")


ROOM_SIDES = (("north of the entrance", "N"), ("east of the entrance", "E"))


def quest_spec() -> ScenarioSpec:
    """Munchkin Quest: each seat's level, health, gold, race, class, hand, items in play and room; two rooms
    next to the entrance; a monster standing in one of them (walk in to fight it)."""
    from ..quest import scenario
    from ..quest.cards import load_quest_cards
    from ..quest.geometry import Colour, Side
    from ..quest.tiles import load_monsters, load_rooms

    cards = list(load_quest_cards().values())
    rooms = tuple(sorted(((f"{r.name} {r.name_zh}", r.id) for r in load_rooms().rooms), key=lambda x: x[0]))
    monsters = tuple(sorted(((f"{m.name} {m.name_zh} (level {m.level})", m.id) for m in load_monsters()),
                            key=lambda x: x[0].lower()))
    where = (("the entrance", "entrance"), *((f"the room {label}", side) for label, side in ROOM_SIDES))
    seat = (Field("level", "level", "number", default=1, low=1, high=10),
            Field("health", "health", "number", default=4, low=0, high=8),
            Field("gold", "gold", "number", default=300, low=0, high=5000),
            Field("race", "race", options=card_options(cards, ["race"])),
            Field("cls", "class", options=card_options(cards, ["class"])),
            Field("hand", "hand", "cards", card_options(cards)),
            Field("carried", "items in play", "cards", card_options(cards, ["item", "one_shot"])),
            Field("room", "stands in", options=where[1:], default=NONE))
    table = (*(Field(f"room_{side}", f"room {label}", options=rooms) for label, side in ROOM_SIDES),
             Field("monster", "monster", options=monsters),
             Field("monster_room", "monster stands in", options=where[1:], default="N"),
             Field("base", "monster's base", options=tuple((c.value, c.value) for c in Colour)[:4], default="red"),
             Field("seed", "seed (the decks)", "number", default=0, low=0, high=10**6))

    def build(v: dict[str, Any]) -> Any:
        game = scenario.ready(players=v["players"], seed=v["seed"])
        entrance = game.dungeon.rooms["ENT"].at
        placed = {"entrance": "ENT"}
        for _, side in ROOM_SIDES:
            if v[f"room_{side}"] != NONE:
                placed[side] = scenario.room(game, v[f"room_{side}"], Side(side).step(entrance))

        def room_of(side: str, what: str) -> str:
            if side not in placed:
                named = {s: label for label, s in ROOM_SIDES}.get(side, side)
                raise ValueError(f"{what}: no room is placed {named}")
            return placed[side]

        for p, s in enumerate(v["seats"]):
            scenario.hero(game, p, level=s["level"], health=s["health"], gold=s["gold"], race=s["race"] or None,
                          cls=s["cls"] or None, hand=s["hand"], carried=s["carried"],
                          room=room_of(s["room"], f"player {p}") if s["room"] != NONE else None)
        if v["monster"] != NONE:
            scenario.monster(game, v["monster"], room_of(v["monster_room"], "the monster"),
                             Colour(v["base"]) if v["base"] != NONE else None)
        return game

    return ScenarioSpec(seat, table, build, notes="Player 0's turn, moving; rooms are placed north and east of "
                        "the entrance with corridors; walk into the monster's room to fight it.")
