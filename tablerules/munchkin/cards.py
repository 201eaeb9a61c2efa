"""The Munchkin cards as data (``data/munchkin/cards.json``, schema ``munchkin-cards``), their effects
in the kit's shared effect vocabulary (:mod:`tablerules.core.cards`)."""

from __future__ import annotations

from functools import lru_cache

from ..core.cards import Card, Effect, Modifier, card_of, copies, parse_cards
from ..core.data import data_path, load_json

__all__ = ["Card", "Effect", "Modifier", "card_of", "copies", "load_cards", "parse_cards"]


@lru_cache(maxsize=4)
def load_cards(path: str | None = None) -> dict[str, Card]:
    """The card catalogue: card id -> card (validated against ``munchkin-cards``)."""
    file = path or str(data_path("munchkin", "cards.json"))
    return parse_cards(load_json(file, "munchkin-cards"), file)
