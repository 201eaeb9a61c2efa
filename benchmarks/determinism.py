"""Fingerprint of seeded random games of any registered game, to check that speed work leaves the rules unchanged.

Run: ``PYTHONPATH=. python benchmarks/determinism.py GAME [games] [--full]`` from the project root (GAME is a
registered name: ``munchkin``, ``quest``, ``quest-crawl``, ``baldursgate``, ``kragmortha``, ``smallworld``). It
plays ``games`` (default 100) random games, seeds 0.., at every player count the game allows in turn (choices
``random.Random(seed)``, chance sampled from the same stream) and prints a SHA-256 of every history,
``state_dict``, log, per-seat log and result, and the number of actions. ``--full`` also hashes every legal
action list (all seats and each seat's) and every 7th chance step's listed outcomes. Equal output before and
after a change: the same games.

For Baldur's Gate (2-6 players) this plays exactly the games of the former ``baldur_determinism.py``: main at
2b0ee1b gives ``c53ab12a...`` (106,084 actions) for 100 games and ``20eac31d...`` with ``--full`` for 40.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys

from tablerules.core.registry import game_class


def fingerprint(name: str, games: int = 100, full: bool = False) -> tuple[str, int]:
    cls = game_class(name)
    low, high = cls.info.min_players, cls.info.max_players
    digest = hashlib.sha256()
    actions = 0
    for seed in range(games):
        players = low + seed % (high - low + 1)
        game = cls({"players": players}, seed=seed)
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
    if not args:
        sys.exit("usage: determinism.py GAME [games] [--full]")
    print(*fingerprint(args[0], int(args[1]) if len(args) > 1 else 100, "--full" in sys.argv))
