"""Plain words on every text a player reads: action buttons, log lines, the state and each seat's view.

Seeded random games of every game are played; every distinct ``describe()`` text of the legal actions (each
seat's, out-of-turn ones and chance outcomes included), every log line (the referee's and each seat's),
and the lines of ``describe_state()`` and ``describe_view(p)`` are collected and scanned for what reads like
a machine: Python lists, tuples, dicts and quoted strings, slugs with underscores or the short ids of the
data files, floats with many decimals, "player 0 ... player 0" where "you"/"itself" is meant, and a few
broken phrasings.

Run as a script to scan more games and print the counts and the offending texts::

    PYTHONPATH=. python tests/test_plain_words.py [games per game] [game ...]
"""

from __future__ import annotations

import json
import random
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache

import pytest

from tablerules.core.data import data_dir
from tablerules.core.registry import game_class

GAMES = ("munchkin", "quest", "quest-crawl", "smallworld", "baldursgate", "kragmortha")
#: how often (in actions) the state and every seat's view are read while a game is played
VIEW_EVERY = 7

_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("a Python list or tuple", re.compile(r"\[\s*(?:\]|['\"\d(\[-])|\(\s*\d+\s*,|\(\s*['\"]")),
    ("a Python dict or set", re.compile(r"\{\s*(?:\}|['\"\d])")),
    ("a quoted slug", re.compile(r"'[a-z0-9_-]+'")),
    ("an underscore slug", re.compile(r"[A-Za-z0-9]_[A-Za-z0-9]")),
    ("a long float", re.compile(r"\d\.\d{4,}")),
    ("a plural in brackets", re.compile(r"[a-z]\(s\)")),
    ("a repr", re.compile(r"<[A-Za-z_.]+ object|\b[A-Z][A-Za-z]+\([a-z_]+=|\bNone\b|\bTrue\b|\bFalse\b")),
    ("broken English", re.compile(r"\bno any\b|\b(a|an|the|to|of) \1\b|\b1 (?:actions|cards|levels|squares|"
                                  r"steps|points|coins|players|turns|items)\b|\ban [b-df-hj-np-tv-z][a-z]", re.I)),
)
_PLAYER = re.compile(r"\bplayer (\d+)\b")
_CLAUSE = re.compile(r"[,;:.()]")


#: short ids that are not words (Kragmortha's symbols, Quest's rooms), found by this scan
SHORT_IDS = frozenset({"grim", "parc", "poti", "ENT"})


def _ids(value: object) -> Iterator[str]:
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "id" and isinstance(item, str):
                yield item
            yield from _ids(item)
    elif isinstance(value, list):
        for item in value:
            yield from _ids(item)


@cache
def data_ids() -> frozenset[str]:
    """The ids in the data files that no player should read: slugs with a hyphen or underscore, short ids."""
    ids = {i for f in data_dir().glob("*/*.json") for i in _ids(json.loads(f.read_text("utf-8")))}
    return frozenset({i for i in ids if re.search(r"[a-z0-9][-_][a-z0-9]", i)} | SHORT_IDS)


def offences(text: str) -> list[str]:
    """What in ``text`` reads like a machine (empty when it reads as plain words)."""
    found = [name for name, pattern in _PATTERNS if pattern.search(text)]
    if any(len(seats) != len(set(seats)) for seats in map(_PLAYER.findall, _CLAUSE.split(text))):
        found.append("a player named twice where 'you' or 'itself' is meant")
    slugs = [w for w in re.findall(r"[A-Za-z0-9_-]+", text) if w in data_ids()]
    if slugs:
        found.append(f"a data id ({', '.join(sorted(set(slugs)))})")
    return found


@dataclass
class Texts:
    """Distinct texts of one game, by where they were read."""

    by_kind: dict[str, set[str]] = field(default_factory=lambda: {k: set() for k in
                                                                   ("action", "log", "state", "view")})

    def add(self, kind: str, texts: Iterable[str]) -> None:
        self.by_kind[kind].update(t for text in texts for t in text.splitlines() if t.strip())

    def count(self) -> int:
        return sum(len(v) for v in self.by_kind.values())

    def offending(self) -> dict[str, list[str]]:
        """Offending text -> what is wrong with it (with where it was read)."""
        out: dict[str, list[str]] = {}
        for kind, texts in self.by_kind.items():
            for text in texts:
                if found := offences(text):
                    out[f"{kind}: {text}"] = found
        return out


def collect(name: str, seeds: Iterable[int], texts: Texts | None = None) -> Texts:
    """Play a seeded random game of ``name`` for each seed (player counts in turn) and gather its texts."""
    texts = texts or Texts()
    cls = game_class(name)
    low, high = cls.info.min_players, cls.info.max_players
    for seed in seeds:
        players = low + seed % (high - low + 1)
        game = cls({"players": players}, seed=seed)
        rng = random.Random(seed)
        steps = 0
        while not game.is_over():
            if steps % VIEW_EVERY == 0:
                texts.add("state", [game.describe_state()])
                texts.add("view", [game.describe_view(p) for p in range(players)])
            if game.is_chance():
                outcomes = game.chance_outcomes()
                texts.add("action", [a.describe() for a, _ in outcomes])
                action = game.sample_chance(rng)
            else:
                legal = game.legal_actions()
                texts.add("action", [a.describe() for a in legal])
                for p in range(players):
                    texts.add("action", [a.describe() for a in game.legal_actions(p)])
                action = rng.choice(legal)
            game.apply(action)
            steps += 1
        texts.add("state", [game.describe_state()])
        texts.add("view", [game.describe_view(p) for p in range(players)])
        texts.add("log", game.log)
        for p in range(players):
            texts.add("log", game.log_for(p))
    return texts


#: seeds per game for the test (a few seconds each on one core)
_TEST_SEEDS = {"munchkin": 3, "quest": 6, "quest-crawl": 6, "smallworld": 4, "baldursgate": 4, "kragmortha": 6}


@pytest.mark.parametrize("name", GAMES)
def test_every_text_reads_in_plain_words(name: str) -> None:
    texts = collect(name, range(_TEST_SEEDS[name]))
    assert texts.count() > 50, "the games gave too few texts to judge"
    bad = texts.offending()
    assert not bad, "\n".join(f"{t}  <- {', '.join(w)}" for t, w in sorted(bad.items())[:40])


@pytest.mark.parametrize("text, wrong", [
    ("bidders [1, 2, 0]", "a Python list or tuple"),
    ("penalties ['armpit']", "a Python list or tuple"),
    ("score 113.33333333333333", "a long float"),
    ("player 0 curses player 0: Duck of Doom", "a player named twice where 'you' or 'itself' is meant"),
    ("player 1 makes bull_baby", "an underscore slug"),
    ("player 1 has no any item", "broken English"),
    ("player 2 will run to ENT", "a data id (ENT)"),
    ("a square of grim", "a data id (grim)"),
])
def test_the_scan_finds_machine_phrasing(text: str, wrong: str) -> None:
    assert wrong in offences(text)


def test_the_scan_passes_plain_words() -> None:
    for text in ("player 0 curses player 2 with Duck of Doom", "you curse yourself with Duck of Doom",
                 "player 1 will run to the Entrance", "bidders: players 1, 2 and 0", "score 113.3",
                 "a square with a grimoire, a potion or a crystal (any symbol)"):
        assert offences(text) == [], text


def main(argv: list[str]) -> None:
    games = int(argv[0]) if argv else 30
    for name in argv[1:] or GAMES:
        texts = collect(name, range(games))
        bad = texts.offending()
        print(f"== {name}: {texts.count()} distinct texts "
              f"({', '.join(f'{k} {len(v)}' for k, v in texts.by_kind.items())}), {len(bad)} offending")
        for text, wrong in sorted(bad.items()):
            print(f"   {text[:200]}  <- {', '.join(wrong)}")


if __name__ == "__main__":
    main(sys.argv[1:])
