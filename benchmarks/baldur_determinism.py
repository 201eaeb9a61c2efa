"""Fingerprint of seeded random Baldur's Gate games, to check that speed work leaves the rules unchanged.

Run: ``PYTHONPATH=. python benchmarks/baldur_determinism.py [games] [--full]`` from the project root. It plays
``games`` (default 100) random games, seeds 0.., at 2-6 players in turn (choices ``random.Random(seed)``, chance
sampled from the same stream) and prints a SHA-256 of every history, ``state_dict``, log, per-seat log and
result, and the number of actions. ``--full`` also hashes every legal action list (all seats and each seat's)
and every 7th chance step's listed outcomes. Equal output before and after a change: the same games.

Branch baldur3 (2026-11-30): 100 games give ``a6fcffeb25961f86...`` (107,555 actions); 40 games with
``--full`` give ``3cf2c3889d28051b...`` (49,749 actions).
"""

from __future__ import annotations

import hashlib
import json
import random
import sys

from tablerules.baldur.game import Baldur


def fingerprint(games: int = 100, full: bool = False) -> tuple[str, int]:
    digest = hashlib.sha256()
    actions = 0
    for seed in range(games):
        players = 2 + seed % 5
        game = Baldur({"players": players}, seed=seed)
        rng = random.Random(seed)
        while not game.is_over():
            if game.is_chance():
                action = game.sample_chance(rng)
                if full and actions % 7 == 0:
                    digest.update(repr([(a, str(p)) for a, p in game.chance_outcomes()]).encode())
            else:
                legal = game.legal_actions()
                if full:
                    digest.update(repr(legal).encode())
                    digest.update(repr([game.legal_actions(p) for p in range(players)]).encode())
                action = rng.choice(legal)
            game.apply(action)
            actions += 1
        digest.update(json.dumps([a.to_json() for a in game.history]).encode())
        digest.update(json.dumps(game.state_dict(), sort_keys=True).encode())
        digest.update("\n".join(game.log).encode())
        for p in range(players):
            digest.update("\n".join(game.log_for(p)).encode())
        digest.update(repr(game.result()).encode())
    return digest.hexdigest(), actions


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a != "--full"]
    print(*fingerprint(int(args[0]) if args else 100, "--full" in sys.argv))
