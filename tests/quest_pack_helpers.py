"""Positions with the example card pack shipped with the kit (``"examples"``: data/quest/packs/examples.json,
kit-made cards, monsters and rooms, each marked "example"), built with the public scenario API
(tablerules.quest.scenario) only."""

from __future__ import annotations

from tablerules.quest.game import QuestGame
from tablerules.quest.scenario import ready, room

PACK = "examples"


def pack_game(players: int = 3, north: str = "storeroom", first: int = 0) -> QuestGame:
    """A game with the example pack; ``north`` (a room tile) north of the entrance, joined by a corridor,
    every munchkin on the entrance, player ``first``'s turn."""
    game = ready(players=players, first=first, card_packs=[PACK])
    room(game, north, (0, -1))
    return game
