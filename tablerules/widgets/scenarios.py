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
    from ..munchkin.game import WIN_LEVEL

    cards = list(load_cards().values())
    # level 10 wins and is reached only by a kill (scenario.set_level refuses it): the form stops at 9
    seat = (Field("level", "level", "number", default=1, low=1, high=WIN_LEVEL - 1),
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
    from ..quest.heroes import START_HEALTH, WIN_LEVEL
    from ..quest.tiles import load_monsters, load_rooms

    cards = list(load_quest_cards().values())
    rooms = tuple(sorted(((f"{r.name} {r.name_zh}", r.id) for r in load_rooms().rooms), key=lambda x: x[0]))
    monsters = tuple(sorted(((f"{m.name} {m.name_zh} (level {m.level})", m.id) for m in load_monsters()),
                            key=lambda x: x[0].lower()))
    where = (("the entrance", "entrance"), *((f"the room {label}", side) for label, side in ROOM_SIDES))
    # health 1 to the hero's maximum (4 health tokens; 0 is a dead munchkin, which this form does not stage)
    seat = (Field("level", "level", "number", default=1, low=1, high=WIN_LEVEL),
            Field("health", "health", "number", default=START_HEALTH, low=1, high=START_HEALTH),
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


def smallworld_spec(players: int = 3) -> ScenarioSpec:
    """Small World: each seat's active race and power, tokens in hand, the regions it holds (with so many
    tokens each); whose turn begins. The regions are those of the map for ``players``."""
    from ..smallworld import scenario
    from ..smallworld.game import SmallWorld

    probe = SmallWorld({"players": players})
    races = tuple((f"{r.name} {r.name_zh}", key) for key, r in sorted(probe.races.items()))
    powers = tuple((f"{p.name} {p.name_zh}", key) for key, p in sorted(probe.powers.items()))
    regions = tuple((f"region {r.id} ({r.terrain}{', border' if r.border else ''})", str(r.id))
                    for r in probe.board.regions if r.terrain != "sea")
    seat = (Field("race", "race", options=races), Field("power", "power", options=powers),
            Field("hand", "tokens in hand", "number", default=0, low=0, high=20),
            Field("regions", "regions held", "cards", regions),
            Field("tokens", "tokens per region", "number", default=2, low=1, high=10))
    table = (Field("turn", "whose turn", "number", default=0, low=0, high=5),
             Field("seed", "seed", "number", default=0, low=0, high=10**6))

    def build(v: dict[str, Any]) -> Any:
        game = scenario.new_game(v["players"], seed=v["seed"])
        for p, s in enumerate(v["seats"]):
            if (s["race"] == NONE) != (s["power"] == NONE):
                raise ValueError(f"player {p}: a combo is a race and a power")
            if s["race"] != NONE:
                scenario.give(game, p, s["race"], s["power"], hand=s["hand"])
            elif s["regions"]:
                raise ValueError(f"player {p}: regions need a race to hold them")
            for region in s["regions"]:
                scenario.put(game, int(region), p, s["tokens"])
        if not 0 <= v["turn"] < v["players"]:
            raise ValueError(f"there is no player {v['turn']}")
        return scenario.begin(game, v["turn"])

    return ScenarioSpec(seat, table, build, notes="The combo row is the default one; a race taken from it is "
                        "replaced from the stack. Tokens come out of the box.")


def kragmortha_spec() -> ScenarioSpec:
    """Kragmortha: each seat's goblin square and movement cards in hand; whose turn."""
    from ..kragmortha import scenario
    from ..kragmortha.game import Kragmortha
    from .kragmortha_board import card_name, card_name_zh

    probe = Kragmortha({"players": 2})
    b = probe.board
    squares = tuple((f"{b.label(sq)} ({b.kinds[sq]})", b.label(sq)) for sq in range(b.rows * b.cols))
    cards = tuple(sorted(((f"{card_name(c)} ({card_name_zh(c)})", key) for key, c in probe.movement.items()),
                         key=lambda x: x[0]))
    seat = (Field("square", "goblin on", options=squares), Field("hand", "hand", "cards", cards))
    table = (Field("turn", "whose turn", "number", default=0, low=0, high=5),
             Field("seed", "seed", "number", default=0, low=0, high=10**6))

    def build(v: dict[str, Any]) -> Any:
        game = scenario.placed(players=v["players"], seed=v["seed"])
        for p, s in enumerate(v["seats"]):
            if s["square"] != NONE:
                scenario.move_goblin(game, p, s["square"])
            if s["hand"]:
                scenario.set_hand(game, p, s["hand"])
        if not 0 <= v["turn"] < v["players"]:
            raise ValueError(f"there is no player {v['turn']}")
        scenario.set_turn(game, v["turn"])
        return game

    return ScenarioSpec(seat, table, build, notes="Goblins start placed (first free start squares); a hand left "
                        "empty keeps the dealt cards.")


def baldur_spec() -> ScenarioSpec:
    """Baldur's Gate: each seat's hand and heroes face up, at the first player's hero actions."""
    from ..baldur import scenario
    from ..baldur.cards import HERO_NAMES, card_label, is_hero, rank_of

    game = scenario.new_game(players=2)
    s = game.state
    every = sorted({*s.bank, *s.bank_under, *s.inn, *s.inn_under,
                    *(c for x in s.seats for c in x.hand + x.heroes + x.tired)})
    heroes = tuple((f"{card_label(c)} ({HERO_NAMES[rank_of(c)]})", c) for c in every if is_hero(c))
    cards = tuple((card_label(c), c) for c in every)
    seat = (Field("hand", "hand", "cards", cards), Field("heroes", "heroes face up", "cards", heroes))
    table = (Field("seed", "seed", "number", default=0, low=0, high=10**6),)

    def build(v: dict[str, Any]) -> Any:
        made = scenario.new_game(players=v["players"], seed=v["seed"])
        for p, x in enumerate(v["seats"]):
            if x["heroes"]:
                scenario.set_heroes(made, p, x["heroes"])
            if x["hand"]:
                scenario.set_hand(made, p, x["hand"])
        return made

    return ScenarioSpec(seat, table, build, notes="The first player's hero actions; a hand or heroes left "
                        "empty keep the dealt ones.")
