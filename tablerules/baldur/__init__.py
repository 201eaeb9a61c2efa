"""Baldur's Gate (柏德之门): a two-poker-deck game of heroes, function cards and random events (seed 002).

The rules engine lives in :mod:`tablerules.baldur.game`; the card rules are data in
``data/baldur/cards.json`` (:mod:`tablerules.baldur.cards`)."""
