"""Plain words on every text a player reads: action buttons, log lines, the state and each seat's view.

Seeded random games of every game are played; every distinct ``describe()`` text of the legal actions (each
seat's, out-of-turn ones and chance outcomes included), every log line (the referee's and each seat's),
and the lines of ``describe_state()`` and each seat's ``observation_string(p)`` (the stage, who is to act and
``describe_view(p)``) are collected and scanned for what reads like
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
from tablerules.core.words import counted, listed, players

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
            if steps % VIEW_EVERY == 0:  # (the observation string: the stage, who acts, describe_view)
                texts.add("state", [game.describe_state(), game.observation_string(None)])
                texts.add("view", [game.observation_string(p) for p in range(players)])
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
        texts.add("state", [game.describe_state(), game.observation_string(None)])
        texts.add("view", [game.observation_string(p) for p in range(players)])
        texts.add("log", game.log)
        for p in range(players):
            texts.add("log", game.log_for(p))
    return texts


#: seeds per game for the test (a few seconds each on one core)
_TEST_SEEDS = {"munchkin": 4, "quest": 10, "quest-crawl": 6, "smallworld": 5, "baldursgate": 5, "kragmortha": 8}


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


def test_words_helpers() -> None:
    assert (counted(1, "card"), counted(0, "card"), counted(3, "hero", "heroes")) == ("1 card", "0 cards", "3 heroes")
    assert (listed([]), listed(["a"]), listed(["a", "b", "c"])) == ("none", "a", "a, b and c")
    assert (players([2]), players([1, 2, 0]), players([])) == ("player 2", "players 1, 2 and 0", "nobody")


def test_a_curse_on_yourself_and_on_another_reads_as_a_player_says_it() -> None:
    from tablerules.munchkin import actions as munchkin
    from tablerules.quest import actions as quest

    assert munchkin.PlayCurse(0, "curse_lose_a_level#1", 0).describe() == \
        "player 0 curses themselves with Curse! Lose a Level"
    assert quest.PlayCurse(1, "curse_pudding_armour#1", 2).describe() == \
        "player 1 curses player 2 with Curse! Your Armour Turns to Pudding"


def test_quest_rooms_monsters_and_suicide_in_words() -> None:
    from tablerules.quest import actions as quest

    assert quest.RunTo(0, "ENT").describe() == "player 0 will run to the Entrance"
    assert quest.RunTo(0, "guard_room").describe() == "player 0 will run to the Guard Room"
    assert quest.Enhance(0, "baby#1", "bull#2").describe() == "player 0 plays Baby on Bull Demon"
    assert quest.RollToRun(2, "bull#1").describe() == "player 2 rolls to escape Bull Demon"
    assert "dies on purpose" in quest.Suicide(1).describe()  # was "turns every heart black"


def test_chance_outcomes_read_names_not_ids() -> None:
    """Each game names its chance outcomes (card copies, rooms, monsters, cards) when it is loaded."""
    import tablerules.baldur.game
    import tablerules.kragmortha.game
    import tablerules.munchkin.game
    import tablerules.quest.game  # noqa: F401
    from tablerules.core.protocol import Chance

    assert Chance("door", "curse_change_sex#1").describe() == "door: Curse! Change Sex (copy 1)"
    assert Chance("room", "guard_room").describe() == "room: Guard Room"
    assert Chance("monster", "bull").describe() == "monster: Bull Demon"
    assert Chance("penalty draw", "mouth-open").describe() == "penalty draw: Open Mouth"
    assert Chance("movement draw", "lord-potion-crystal").describe() == \
        "movement draw: dark lord card with potion and crystal ball (any symbol)"
    assert Chance("deal", "10S").describe() == "deal: 10♠" and Chance("draw", "RJ").describe() == "draw: red joker"
    assert Chance("d6", 3).describe() == "d6: 3"


def test_kragmortha_cards_read_in_words_and_the_crystal_ball_is_any_symbol() -> None:
    """Seed 004: "水晶球圖案代表允許移動到任一圖案格" - the crystal ball lets you move onto a square of any symbol."""
    from tablerules.kragmortha.data import card_name, load_movement, load_penalties, load_tomes

    for card in load_movement().values():
        if "crystal" in card.symbols:
            assert "any symbol" in card.text and "crystal square" not in card.text, card.id
        assert not offences(card_name(card.id)) and "-" not in card_name(card.id)
    assert all(c.name and not offences(c.name) for c in load_penalties().values())
    assert card_name("goblin-grimoire-parchment") == "goblin card with grimoire and parchment"
    assert card_name("between-knees") == "Card between the Knees" and card_name("pass-the-doom") == "Pass the Doom"
    assert {card_name(t) for t in load_tomes()} == {t.name for t in load_tomes().values()}


def test_baldur_cards_and_hero_actions_in_words() -> None:
    from tablerules.baldur.actions import Defend, Use
    from tablerules.baldur.cards import card_label

    assert [card_label(c) for c in ("10S", "KH", "AD", "2C", "BJ", "RJ")] == \
        ["10♠", "K♥", "A♦", "2♣", "black joker", "red joker"]
    assert Use(0, 5, 2, "black", 1, (2,)).describe() == \
        "player 0 plays an advanced 5 with 2 black 5s (1 of them a joker) on player 2"
    assert Use(3, 2, 1, "red", 0, (1, 3), "AJ").describe() == \
        "player 3 plays a basic 2 with 1 red 2 on player 1 and themselves, naming the assassin and the thief"
    assert Defend(1, "red").describe() == "player 1's thief defends with red 5s"


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
