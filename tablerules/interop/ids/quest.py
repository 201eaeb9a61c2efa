"""Munchkin Quest's id table (version :data:`~tablerules.interop.ids.VERSION`), from ``data/quest/cards.json``,
``rooms.json`` (rooms and their rules), ``monsters.json`` and ``links.json``; the crawl's blocks first.

Domains, in the order of their files: C every card (68), T the treasure deck's cards, Q monsters, R rooms (the
Entrance ``ENT`` first, then the room tiles); seats
``0 .. players-1``; gold in hundreds up to :data:`MOST_GOLD`; dice of one roll up to :data:`MOST_DICE`.

* ``AskHelp`` comes as the rules offer it, in three blocks: first pick of ``treasures`` (0 up to every
  monster's treasures), or ``gold`` (100, 300, 500), or one ``item``.
* ``Deal``: a block per deal of each room (rooms file order), its option by the rule: nothing, a card,
  an item, a stake (``"100"`` up to the bet) or a room.
* Chance: the crawl's events, a DxM or treasure card drawn is its card id, ``d6``/``d10`` the face, ``first``
  a seat, ``search`` the search table's row.
"""

from __future__ import annotations

from ...quest import actions as A
from ...quest import exploration as X
from ...quest.cards import load_quest_cards
from ...quest.rules.common import POWER_CLASS
from ...quest.search_table import load_search_table
from ...quest.tiles import load_monsters, load_rooms
from . import ActionTable, Arg, Block, ChanceTable, Event, Tables, one, seats
from .crawl import COLOURS, SIDES, crawl_events

#: the most gold one action moves (a gift, a drop): 100 to this, in hundreds
MOST_GOLD = 10_000
#: the most dice in one roll of a fight (``LoadDie``'s die 0 .. MOST_DICE - 1)
MOST_DICE = 16


def tables(players: int) -> Tables:
    cards = load_quest_cards()
    every = tuple(cards)

    def of(*kinds: str, deck: str = "") -> tuple[str, ...]:
        return tuple(c.id for c in cards.values() if (not kinds or c.kind in kinds) and (not deck or c.deck == deck))

    treasure, items = of(deck="treasure"), of("item")
    deck = load_rooms()
    rooms = (deck.entrance.id, *(r.id for r in deck.rooms))
    monster_cards = load_monsters()
    monsters = tuple(m.id for m in monster_cards)
    most_treasures = sum(m.treasures * m.count for m in monster_cards) + sum(
        max(0, c.treasures) * c.count for c in cards.values() if c.kind == "enhancer")
    gold = tuple(range(100, MOST_GOLD + 1, 100))
    seat = seats(players)

    def card(name: str = "card", values: tuple = every) -> Arg:
        return Arg(name, values)

    blocks = [
        Block(X.Move, (Arg("side", SIDES),)), Block(X.Explore, (Arg("side", SIDES),)), one(X.DrawMonster),
        one(X.Decline), Block(X.PickBase, (Arg("colour", COLOURS),)), one(X.EndTurn),
        one(A.Ready),
        Block(A.PlayCard, (card(),)),
        one(A.Search), one(A.PickUp),
        Block(A.Drop, (card(),)),
        Block(A.GiveItem, (card(values=treasure), Arg("to", seat))),
        Block(A.Pack, (card(values=treasure), Arg("into", (False, True)))),
        Block(A.SpendItem, (card(values=treasure),)),
        one(A.BuyLevel), one(A.Heal), one(A.Suicide),
        Block(A.PlayCurse, (card(values=of("curse")), Arg("target", seat))),
        Block(A.AnswerCurse, (card("how", ("accept", "pray", *of("remove_curse"))),)),
        Block(A.GiveUp, (card(values=of("race", "class")), card("instead", ("", *of("race", "class"))))),
        Block(A.SummonWall, (card(values=of("summon_wall")), Arg("side", SIDES))),
        Block(A.PlayCheat, (card(values=of("cheat")), card("item", treasure))),
        Block(A.OneShot, (card(values=treasure), Arg("side", ("munchkins", "monsters")))),
        Block(A.Enhance, (card(values=of("enhancer")), card("monster", monsters))),
        Block(A.Wandering, (card(values=of("wandering")),)),
        Block(A.Power, (Arg("power", tuple(POWER_CLASS)), card())),
        Block(A.AskHelp, (Arg("helper", seat), Arg("treasures", tuple(range(most_treasures + 1)))),
              when=lambda a: not a.gold and not a.item, fixed=(("gold", 0), ("item", "")),
              name="AskHelp for treasures"),
        Block(A.AskHelp, (Arg("helper", seat), Arg("gold", (100, 300, 500))), when=lambda a: bool(a.gold),
              fixed=(("treasures", 0), ("item", "")), name="AskHelp for gold"),
        Block(A.AskHelp, (Arg("helper", seat), card("item", items)), when=lambda a: bool(a.item),
              fixed=(("treasures", 0), ("gold", 0)), name="AskHelp for an item"),
        Block(A.AnswerHelp, (Arg("accept", (False, True)),)),
        one(A.Roll), one(A.Pass),
        Block(A.TakeTreasure, (card(values=treasure),)),
        Block(A.LoadDie, (card(values=of("loaded_die")), Arg("die", tuple(range(MOST_DICE))),
                          Arg("face", tuple(range(1, 7))))),
        Block(A.Flee, (card(values=of("escape")), Arg("room", rooms))),
        Block(A.RunTo, (Arg("room", rooms),)),
        Block(A.RollToRun, (card("monster", monsters),)),
        Block(A.ChooseLoss, (card(),)),
        Block(A.GiveCard, (card(), Arg("to", seat))),
        Block(A.DiscardCard, (card(),)),
        *deal_blocks(deck, every, treasure, items, rooms),
        one(A.FightAnyway),
        Block(A.GiveGold, (Arg("to", seat), Arg("amount", gold))),
        Block(A.D10Power, (card("target", treasure),), fixed=(("power", "steal"),), name="D10Power steal"),
        Block(A.D10Power, (Arg("target", rooms),), fixed=(("power", "teleport"),), name="D10Power teleport"),
        one(A.D10Power, power="fury", target=""),
        Block(A.DropGold, (Arg("amount", gold),)),
    ]
    chance = [*crawl_events(players), Event("dxm", of(deck="dxm")), Event("treasure", treasure),
              Event("d6", tuple(range(1, 7))), Event("d10", tuple(range(1, 11))),
              Event("search", tuple(r.row for r in load_search_table().rows))]
    return Tables(ActionTable("quest", players, blocks), ChanceTable("quest", players, chance))


def deal_blocks(deck, every: tuple, treasure: tuple, items: tuple, rooms: tuple) -> list[Block]:
    """One block per deal of a room (in the order of the rooms file), its options by the rule: nothing, a card
    discarded (healing), an item sold or bought from the discards, a stake (100 up to the bet), a room."""
    out = []
    for room in deck.rooms:
        for i, rule in enumerate(room.rules):
            if rule.kind != "deal":
                continue
            if rule.discard:
                options: tuple = every
            elif rule.sell_item:
                options = treasure
            elif rule.buy_discard_item:
                options = items
            elif rule.bet:
                options = tuple(str(n) for n in range(100, rule.bet + 1, 100))
            elif rule.teleport:
                options = rooms
            else:
                options = ("",)
            out.append(Block(A.Deal, (Arg("option", options),), fixed=(("room", room.id), ("rule", i)),
                             name=f"Deal {room.id} {i}"))
    return out
