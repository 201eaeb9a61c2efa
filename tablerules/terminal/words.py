"""Plain words for the terminal: lists read as "a, b and c", and the engines' raw bits (a Python list,
a quoted id, a card id such as ``goblin-grimoire-crystal``) read as words before they reach the screen."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction


def and_join(items: Iterable[object], empty: str = "none", conjunction: str = "and") -> str:
    """``["a", "b", "c"]`` -> "a, b and c"; nothing -> ``empty``."""
    words = [str(item) for item in items]
    if not words:
        return empty
    if len(words) == 1:
        return words[0]
    return f"{', '.join(words[:-1])} {conjunction} {words[-1]}"


def players(seats: Iterable[int], empty: str = "nobody") -> str:
    """``[1, 2, 0]`` -> "player 1, player 2 and player 0"."""
    return and_join((f"player {p}" for p in seats), empty)


def chance_word(p: Fraction) -> str:
    """An exact probability in words: 1/6 -> "1 in 6", 1 -> "certain"."""
    if p == 1:
        return "certain"
    return f"{p.numerator} in {p.denominator}"


_LIST = re.compile(r"\[([^\[\]]*)\]")
_QUOTED = re.compile(r"""'([^'\s][^']*)'|"([^"\s][^"]*)\"""")


def _list_words(match: re.Match[str], name: Callable[[str], str]) -> str:
    inside = match.group(1).strip()
    if not inside:
        return "none"
    parts = [p.strip().strip("'\"") for p in inside.split(",")]
    if not all(parts):
        return match.group(0)
    if all(p.lstrip("-").isdigit() for p in parts) and len(parts) == 1:
        return match.group(0)  # "[7]": the seed's way to write a function card
    return and_join(name(p) for p in parts)


def plain(text: str, names: Mapping[str, str] | None = None) -> str:
    """``text`` with Python lists ("penalties ['armpit']", "[1, 2, 0]", "[]") and quoted ids as words,
    and the ids in ``names`` (card ids, slugs) replaced by their names."""
    names = names or {}

    def name(part: str) -> str:
        return names.get(part, part)

    out = _PLURAL.sub(lambda m: f"{m.group(1)} {m.group(2)}{'' if m.group(1) == '1' else 's'}", text)
    out = out.replace("(s)", "s")
    out = _SEATS.sub(lambda m: _seats_words(m), out)
    out = _ONE_OF_PLAYERS.sub(r"player \1", out)
    out = _SELF.sub(r"player \1 \2 themselves", out)
    out = _LIST.sub(lambda m: _list_words(m, name), out)
    out = _QUOTED.sub(lambda m: name(m.group(1) or m.group(2)), out)
    if names:
        out = _ids_pattern(names).sub(lambda m: names[m.group(0)], out)
    return out


_ONE_OF_PLAYERS = re.compile(r"\bplayers (\d+)\b(?!,| and)")  # "players 1 reached level 10": one player
_SELF = re.compile(r"\bplayer (\d+) (curses|helps|targets) player \1\b")  # "player 0 curses player 0"
_PLURAL = re.compile(r"\b(\d+) (\w+)\(s\)")
_SEATS = re.compile(r"\b(players|bidders|winners|seats|tied) \[(\d+(?:, \d+)*)\]")


def _seats_words(match: re.Match[str]) -> str:
    """"players [1, 2]" -> "player 1 and player 2"; "bidders [1, 2, 0]" -> "bidders player 1, player 2 and
    player 0"."""
    seats = players(int(p) for p in match.group(2).split(", "))
    return seats if match.group(1) == "players" else f"{match.group(1)} {seats}"


_PATTERNS: dict[int, tuple[Mapping[str, str], re.Pattern[str]]] = {}


def _ids_pattern(names: Mapping[str, str]) -> re.Pattern[str]:
    known = _PATTERNS.get(id(names))
    if known is not None and known[0] is names:
        return known[1]
    ids = sorted(names, key=len, reverse=True)
    pattern = re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, ids)) + r")(?:#\d+)?(?![\w-])") if ids else \
        re.compile(r"(?!x)x")
    _PATTERNS[id(names)] = (names, pattern)
    return pattern


#: what a screen must never show: Python lists and tuples, reprs, long floats, snake_case or kebab-case ids
RAW = {
    "a Python list": re.compile(r"\[\s*\]|\[\s*'|\[\s*\"|\[-?\d+(?:,\s*-?\d+)+\]"),
    "a repr": re.compile(r"<[\w.]+ object at|\b[A-Z]\w+\(\w+="),
    "a long float": re.compile(r"\d\.\d{4,}"),
    "an id with underscores": re.compile(r"\b[a-z0-9]+(?:_[a-z0-9]+)+\b"),
    "a copy id": re.compile(r"\b[a-z_]+#\d+\b"),
}


def raw_bits(text: str) -> list[str]:
    """What in ``text`` reads as Python rather than words: ``["a Python list: [0, 1]", ...]``."""
    found = []
    for what, pattern in RAW.items():
        found += [f"{what}: {m.group(0)}" for m in pattern.finditer(text)]
    return found
