"""Every game's public card list for the terminal's ``card`` command: each card's English and Chinese name
and text from the data files (``data/<game>/``), looked up by name with forgiving matching.

The card lists are public (anybody may read any card by name), so a look-up never depends on where the
cards are; ``card`` alone lists the cards whose names are on the seat's own screen (its hand, the table).
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .words import and_join


@dataclass(frozen=True)
class CardEntry:
    """One card of a game as a person reads it."""

    name: str
    name_zh: str
    kind: str  # "Door card: monster", "hero (K)", "race banner"
    text: str
    text_zh: str
    ids: tuple[str, ...] = ()  # the engine's ids and other names it goes by ("KS", "red 6", "armpit")

    def lines(self, short: bool = False) -> list[str]:
        title = f"{self.name} ({self.name_zh})" if self.name_zh and self.name_zh != self.name else self.name
        if short:
            return [f"{title}, {self.kind}: {_short(self.text)}"]
        out = [f"{title}, {self.kind}", f"  {self.text}"]
        if self.text_zh:
            out.append(f"  中文: {self.text_zh}")
        return out


def _short(text: str, width: int = 90) -> str:
    return text if len(text) <= width else text[: width - 3].rsplit(" ", 1)[0] + "..."


def _munchkin_kind(card: Any, deck_names: dict[str, str]) -> str:
    kind = card.kind.replace("_", " ").replace("go up a level", "go up a level card")
    return f"{deck_names.get(card.deck, card.deck)} card: {kind}"


def _munchkin() -> list[CardEntry]:
    from ..munchkin.cards import load_cards

    decks = {"door": "Door", "treasure": "Treasure"}
    return [CardEntry(c.name, c.name_zh, _munchkin_kind(c, decks), c.text, c.text_zh, (c.id,))
            for c in load_cards().values()]


def _quest(with_cards: bool) -> list[CardEntry]:
    from ..quest.cards import load_quest_cards
    from ..quest.tiles import load_monsters, load_rooms

    decks = {"dxm": "DxM", "treasure": "Treasure"}
    out = [CardEntry(c.name, c.name_zh, _munchkin_kind(c, decks), c.text, c.text_zh, (c.id,))
           for c in load_quest_cards().values()] if with_cards else []
    out += [CardEntry(m.name, m.name_zh, "monster card", m.text, m.text_zh, (m.id,)) for m in load_monsters()]
    out += [CardEntry(r.name, r.name_zh, "room tile", r.text, r.text_zh, (r.id,)) for r in load_rooms().rooms]
    return out


SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_NAMES = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}


def _baldur() -> list[CardEntry]:
    from ..baldur.cards import FUNCTION_HERO, rules

    data = rules()
    heroes = {h["rank"]: h for h in data.heroes}
    out = []
    for rank, hero in heroes.items():
        codes = tuple(rank + s for s in SUIT_NAMES)
        out.append(CardEntry(hero["name"], hero["name_zh"], f"hero ({rank}, the {RANK_NAMES[rank]}s)", hero["text"],
                             hero["text_zh"], (rank, RANK_NAMES[rank], *codes)))
    for rank, function in sorted(data.functions.items()):
        owner = heroes[FUNCTION_HERO[rank]]
        levels = function["levels"]
        text = "; ".join(f"{lv['level']} ({lv['cards']} of one colour): {lv['text']}" for lv in levels)
        text_zh = "；".join(f"{lv['cards']}张：{lv['text_zh']}" for lv in levels)
        use = {"active": "the owner's hero action", "passive": "a passive defence",
               "any time": "at any time"}.get(function["use"], function["use"])
        out.append(CardEntry(f"Function card {rank}", f"功能牌 [{rank}]",
                             f"for the {owner['name']} ({FUNCTION_HERO[rank]}), {use}",
                             text, text_zh, (str(rank), *(f"{rank}{s}" for s in SUIT_NAMES))))
    for event in data.events.values():
        out.append(CardEntry(event["name"], event["name_zh"], f"random event ({event['card']})", event["text"],
                             event["text_zh"], (event["card"] + (" event" if event["card"] == "joker" else ""),)))
    # seed 002: [黑白 Joker] / [彩色 Joker] stand for any black / red function card; a joker scores -40
    out.append(CardEntry("Black-and-white joker", "黑白 Joker", "joker",
                         "Stands for any black function card; counts 15 where numbers are added; -40 at the end.",
                         "可以代替黑色牌系任何一张功能牌。鬼牌为 -40 分。", ("BJ", "joker")))
    out.append(CardEntry("Coloured joker", "彩色 Joker", "joker",
                         "Stands for any red function card; counts 15 where numbers are added; -40 at the end.",
                         "可以代替红色牌系任何一张功能牌。鬼牌为 -40 分。", ("RJ", "joker")))
    return out


SYMBOL_ZH = {"grimoire": "魔法書", "parchment": "羊皮紙", "potion": "藥水", "gems": "寶石", "crystal": "水晶球"}


def kragmortha_card_name(card: Any) -> str:
    """A movement card's name: "Goblin: grimoire + crystal", "Dark lord: potion + gems"."""
    who = "Goblin" if card.piece == "goblin" else "Dark lord"
    return f"{who}: {card.symbols[0]} + {card.symbols[1]}"


def penalty_name(card: Any) -> str:
    """A penalty card's name from its id: ``mouth-open`` -> "Mouth open"."""
    return card.id.replace("-", " ").capitalize()


def _kragmortha() -> list[CardEntry]:
    from ..kragmortha.data import load_movement, load_penalties, load_teleports, load_tomes

    out = []
    for c in load_movement().values():
        who_zh = "哥布林" if c.piece == "goblin" else "黑暗領主"
        out.append(CardEntry(kragmortha_card_name(c), f"{who_zh}：{SYMBOL_ZH[c.symbols[0]]}、{SYMBOL_ZH[c.symbols[1]]}",
                             "movement card", c.text, c.text_zh, (c.id,)))
    out += [CardEntry(penalty_name(c), "噩運卡", "penalty card", c.text, c.text_zh, (c.id,))
            for c in load_penalties().values()]
    out += [CardEntry(c.id.capitalize(), c.text_zh.split("：")[0], "teleport card", c.text, c.text_zh, (c.id,))
            for c in load_teleports().values()]
    out += [CardEntry(c.name, c.name_zh, f"magic tome card ({c.magic} magic)", c.text, c.text_zh, (c.id,))
            for c in load_tomes().values()]
    return out


def _smallworld() -> list[CardEntry]:
    from ..smallworld.maps import load_powers, load_races

    out = [CardEntry(r.name, r.name_zh, f"race banner ({r.tokens} tokens)", r.text, r.text_zh) for r in
           load_races().values()]
    out += [CardEntry(p.name, p.name_zh, f"special power badge (+{p.tokens} tokens)", p.text, p.text_zh)
            for p in load_powers().values()]
    return out


_BUILDERS: dict[str, Callable[[], list[CardEntry]]] = {
    "munchkin": _munchkin, "quest": lambda: _quest(True), "quest-crawl": lambda: _quest(False),
    "baldursgate": _baldur, "kragmortha": _kragmortha, "smallworld": _smallworld,
}


@lru_cache(maxsize=8)
def catalogue(game_name: str) -> tuple[CardEntry, ...]:
    """The public card list of a game (empty for a game without cards)."""
    builder = _BUILDERS.get(game_name)
    return tuple(builder()) if builder else ()


@lru_cache(maxsize=8)
def id_names(game_name: str) -> dict[str, str]:
    """Engine id -> card name, for the ids that are not words (``goblin-grimoire-crystal``, ``3_872_orcs``);
    in Kragmortha also the one-word ids of penalty and tome cards (``armpit`` -> "Armpit", ``betrayal`` ->
    "Betrayal"), which the engine's texts name by id."""
    out = {i: e.name for e in catalogue(game_name) for i in e.ids if re.search(r"[-_]", i)}
    if game_name == "kragmortha":
        out.update({i: e.name for e in catalogue(game_name) for i in e.ids
                    if e.kind == "penalty card" or e.kind.startswith("magic tome")})
    return out


def normal(text: str) -> str:
    """Lower case, accents and punctuation dropped, spaces collapsed: "Curse!  Lose-Your Class" ->
    "curse lose your class"."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).lower()
    return " ".join(re.sub(r"[^\w]+", " ", text).split())


def _keys(entry: CardEntry) -> list[str]:
    return [normal(k) for k in (entry.name, entry.name_zh, *entry.ids) if k]


def find_cards(game_name: str, query: str) -> list[CardEntry]:
    """The cards best matching ``query``: the exact name (any case, punctuation ignored) or id; else names
    starting with it; else names containing it or all its words; else the closest spellings."""
    entries = catalogue(game_name)
    q = normal(query)
    if not q:
        return []
    tiers: list[Callable[[str], bool]] = [
        lambda k: k == q,
        lambda k: k.startswith(q),
        lambda k: q in k,
        lambda k: all(word in k for word in q.split()),
    ]
    for test in tiers:
        found = [e for e in entries if any(test(k) for k in _keys(e))]
        if found:
            return found
    names = {normal(e.name): e for e in entries}
    close = difflib.get_close_matches(q, list(names), n=5, cutoff=0.6)
    return [names[n] for n in close]


def card_lines(game_name: str, query: str, screen: str = "") -> list[str]:
    """What ``card QUERY`` prints: the card's texts, a short list when several match, a helpful line when
    none does; ``card`` alone lists the cards named on ``screen`` (the seat's hand and the table)."""
    entries = catalogue(game_name)
    if not entries:
        return ["this game has no cards to read"]
    if not query.strip():
        shown = in_view(game_name, screen)
        if not shown:
            return ["no cards in view; type card NAME to read any card of the game"]
        return ["cards in view (card NAME for the whole text):", *("  " + e.lines(short=True)[0] for e in shown)]
    found = find_cards(game_name, query)
    if not found:
        return [f'no card is called "{query.strip()}"; try part of the name (card curse), '
                "or card alone for the cards in view"]
    if len(found) == 1:
        return found[0].lines()
    if len(found) <= 4:
        return [line for e in found for line in e.lines()]
    return [f"{len(found)} cards match: {and_join(e.name for e in found[:12])}"
            f"{' and more' if len(found) > 12 else ''}; type more of the name"]


def in_view(game_name: str, screen: str) -> list[CardEntry]:
    """The cards whose names (or, for Baldur's Gate, card codes) appear on ``screen``, in screen order."""
    found: list[tuple[int, CardEntry]] = []
    for entry in catalogue(game_name):
        names = [entry.name]
        if game_name == "baldursgate":
            names += [i for i in entry.ids if re.fullmatch(r"(?:\d+|[AJQK])[SHDC]|[BR]J", i)]
        positions = [m.start() for n in names for m in re.finditer(rf"(?<![\w-]){re.escape(n)}(?![\w-])", screen)]
        if positions:
            found.append((min(positions), entry))
    return [e for _, e in sorted(found, key=lambda pair: pair[0])]


def outcome_names(game_name: str, values: Iterable[str]) -> dict[str, str]:
    """Chance outcome value -> the card's name (``orcs#2`` -> "Orcs"), for the values that are cards."""
    by_id = {i: e.name for e in catalogue(game_name) for i in e.ids}
    by_name = {e.name: e.name for e in catalogue(game_name)}
    out = {}
    for value in values:
        base = str(value).split("#", 1)[0]
        name = by_id.get(base) or by_name.get(base)
        if name:
            out[str(value)] = name
    return out
