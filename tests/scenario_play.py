"""Playing on from a staged position (the scenario API tests): random legal actions and seeded chance, with the
game's invariants checked after every one."""

from __future__ import annotations

import random

from tablerules.core.protocol import Game


def play_random(game: Game, actions: int = 50, seed: int = 0) -> int:
    """Play up to ``actions`` random legal actions (chance steps rolled on the way, not counted), asserting the
    invariants hold after each; returns how many were played (fewer only when the game ended)."""
    rng = random.Random(seed)
    assert game.invariants() == [], game.invariants()
    played = 0
    while played < actions and not game.is_over():
        if game.is_chance():
            game.roll()
        else:
            game.apply(rng.choice(game.legal_actions()))
            played += 1
        assert game.invariants() == [], (played, game.invariants())
    return played
