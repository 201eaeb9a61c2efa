"""The Munchkin Quest DxM (Deus ex Munchkin) and Treasure decks as data (``data/quest/cards.json``,
schema ``quest-cards``), in the card model and effect vocabulary shared with the Munchkin card game
(:mod:`tablerules.core.cards`). Monster cards are in ``data/quest/monsters.json``
(:func:`tablerules.quest.tiles.load_monsters`): they never go into a hand (seed 001 p. 17)."""

from __future__ import annotations

from functools import lru_cache

from ..core.cards import Card, card_of, copies, parse_cards
from ..core.data import data_path, load_json

__all__ = ["Card", "card_of", "copies", "load_quest_cards"]


@lru_cache(maxsize=4)
def load_quest_cards(path: str | None = None) -> dict[str, Card]:
    """Card id -> card for the DxM and Treasure decks (validated against ``quest-cards``)."""
    file = path or str(data_path("quest", "cards.json"))
    return parse_cards(load_json(file, "quest-cards"), file)
