"""Munchkin's id table (version :data:`~tablerules.interop.ids.VERSION`), from ``data/munchkin/cards.json``.

Domains, each in the order of the card file: C every card (109), T the treasure deck's cards, M monsters (F: with
the Mate, a monster of a fight), I items and one-shots (what can be in play), S the small ones, E enhancers, K races
and classes; seats ``0 .. players-1``.

* A Munchkin item is one copy in the deck (the table checks it), so the item names its holder: ``Steal``'s
  victim and ``OfferTrade``'s partner are implied by the item.
* ``AskHelp``'s treasures: 0 up to the most a fight can hold, four monsters (the first, two Wandering
  Monsters, a Mate) of the most treasures each, with every enhancer's treasures twice (a Mate copies them).
* Chance: a door or treasure card drawn is its card id; ``first`` a seat; ``d6`` the face; ``loot order``
  the other seats in the order they loot (every order of ``players - 1`` seats).
"""

from __future__ import annotations

from ...munchkin import actions as A
from ...munchkin.cards import load_cards
from . import ActionTable, Arg, Block, ChanceTable, Event, Tables, arrangements, one, seats


def tables(players: int) -> Tables:
    cards = load_cards()
    every = tuple(cards)

    def of(*kinds: str, deck: str = "") -> tuple[str, ...]:
        return tuple(c.id for c in cards.values() if (not kinds or c.kind in kinds) and (not deck or c.deck == deck))

    monsters, items = of("monster"), of("item", "one_shot")  # one-shots are carried too
    small = tuple(c for c in items if not cards[c].big)
    if any(cards[c].count != 1 for c in items):
        raise ValueError("an item with several copies: Steal and OfferTrade need their seat back in the table")
    enhancers = of("enhancer")
    fight = monsters + of("mate")  # a monster of the fight: a Mate is one of its own
    most = 4 * max(cards[m].treasures for m in monsters) + 2 * sum(max(0, cards[e].treasures) * cards[e].count
                                                                 for e in enhancers)
    seat = seats(players)

    def card(name: str = "card", values: tuple = every) -> Arg:
        return Arg(name, values)

    blocks = [
        one(A.Ready),
        Block(A.PlayCard, (card(),), when=lambda a: not a.second, fixed=(("second", ""),)),
        Block(A.PlayCard, (card(values=of("half_breed", "super_munchkin")), card("second", of("race", "class"))),
              when=lambda a: bool(a.second), name="PlayCard with a second card"),
        Block(A.SellItem, (card(values=of(deck="treasure")),)),
        one(A.KickDoor),
        Block(A.LookForTrouble, (card(values=monsters),)),
        one(A.LootRoom), one(A.Fight), one(A.RunAway),
        Block(A.PlayOneShot, (card(values=of(deck="treasure")), Arg("side", ("munchkin", "monster")))),
        Block(A.PlayEnhancer, (card(values=enhancers), card("monster", fight))),
        one(A.Pass),
        Block(A.ClassPower, (Arg("power", tuple(A.POWER_CLASS)), card())),
        Block(A.GiveUp, (card(values=of("race", "class", "half_breed", "super_munchkin")),)),
        Block(A.PlayCurse, (card(values=of("curse")), Arg("target", seat))),
        Block(A.Backstab, (card(),)),
        Block(A.AskHelp, (Arg("helper", seat), Arg("treasures", tuple(range(most + 1))), card("item", ("", *items))),
              when=lambda a: not a.fighter_first, fixed=(("fighter_first", False),)),
        Block(A.AnswerHelp, (Arg("accept", (False, True)),)),
        Block(A.RollToRun, (card("monster", fight),)),
        Block(A.PlayWandering, (card(values=of("wandering")), card("monster", monsters))),
        Block(A.ChooseLoss, (card(),)),
        one(A.EndTurn),
        Block(A.LootBody, (card(),)),
        Block(A.PlayMate, (card(values=of("mate")), card("monster", fight))),
        Block(A.Charm, (card("monster", fight),)),
        Block(A.ChaseAway, (card("monster", fight),)),
        Block(A.Steal, (card(), card("item", small)), implied=("victim",)),
        Block(A.Resurrect, (card(),)),
        Block(A.GiveItem, (card("item", items), Arg("to", seat))),
        Block(A.OfferTrade, (card("give", items), card("get", items)), implied=("to",)),
        Block(A.AnswerTrade, (Arg("accept", (False, True)),)),
        Block(A.RemoveCurse, (card(values=of("remove_curse")), Arg("target", seat), card("curse", of("curse")))),
        Block(A.GiveCard, (card(), Arg("to", seat))),
        Block(A.DiscardCard, (card(),)),
        Block(A.PlayCheat, (card(values=of("cheat")), card("item", items))),
        # version 2: the fighter draws first (the ids above are version 1's)
        Block(A.AskHelp, (Arg("helper", seat), Arg("treasures", tuple(range(most + 1))), card("item", ("", *items))),
              when=lambda a: a.fighter_first, fixed=(("fighter_first", True),), name="AskHelp with the fighter first"),
        one(A.ShowHand),
    ]
    chance = [Event("door", of(deck="door")), Event("treasure", of(deck="treasure")), Event("first", seat),
              Event("d6", tuple(range(1, 7))), Event("loot order", arrangements(players, players - 1))]
    return Tables(ActionTable("munchkin", players, blocks), ChanceTable("munchkin", players, chance))
