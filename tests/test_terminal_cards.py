"""`tablerules play`: reading a card's English and Chinese text at the prompt (issue 23, item 8.1)."""

from __future__ import annotations

import io
import re

import pytest

from tablerules.cli import main
from tablerules.terminal.catalogue import card_lines, catalogue, find_cards, in_view


def run(*argv: str, stdin: str) -> str:
    out = io.StringIO()
    assert main(list(argv), out=out, inp=io.StringIO(stdin)) == 0
    return out.getvalue()


@pytest.mark.parametrize(("game", "query", "title", "chinese"), [
    ("munchkin", "plutonium dragon", "Plutonium Dragon (钚龙), Door card: monster", "中文: 怪物，等级20"),
    ("munchkin", "CURSE! change sex", "Curse! Change Sex (诅咒！改变性别)", "中文: "),
    ("quest", "kiosk", "Kiosk (亭子怪), monster card", "中文: 怪物，等级4"),
    ("quest", "elf", "Elf (精灵), DxM card: race", "中文: 种族卡"),
    ("quest-crawl", "hospital", "Hospital (医院), room tile", "中文: 在战斗之外"),
    ("baldursgate", "K", "Lord (领主), hero (K, the kings)", "中文: [K] 领主"),
    ("baldursgate", "7S", "Function card 7 (功能牌 [7]), for the Witch (Q), at any time", "中文: 1张："),
    ("baldursgate", "red 6", "Slaughter (血腥镇压), random event (red 6)", "中文: "),
    ("kragmortha", "goblin grimoire crystal", "Goblin: grimoire + crystal (哥布林：魔法書、水晶球), movement card",
     "中文: 移動自己的哥布林"),
    ("kragmortha", "armpit", "Armpit (噩運卡), penalty card", "中文: 你必須把這張卡夾在胳肢窩"),
    ("kragmortha", "betrayal", "Betrayal (背信), magic tome card (3 magic)", "中文: 查看噩運卡"),
    ("smallworld", "ratmen", "Ratmen (", "中文: "),
    ("smallworld", "berserk", "Berserk (狂暴), special power badge (+4 tokens)", "中文: 每次征服前先投一次援军骰"),
])
def test_card_shows_the_english_and_the_chinese_name_and_text(game: str, query: str, title: str,
                                                              chinese: str) -> None:
    lines = card_lines(game, query)
    assert lines[0].startswith(title), lines
    assert lines[1].startswith("  ") and len(lines[1]) > 10  # the English text
    assert lines[2].startswith(f"  {chinese}"), lines


def test_every_card_of_every_game_has_both_languages() -> None:
    for game in ("munchkin", "quest", "quest-crawl", "baldursgate", "kragmortha", "smallworld"):
        entries = catalogue(game)
        assert entries, game
        assert all(e.name and e.name_zh and e.text and e.text_zh for e in entries), game


def test_matching_forgives_case_punctuation_and_spelling() -> None:
    assert [e.name for e in find_cards("munchkin", "PLUTONIUM DRAGN")] == ["Plutonium Dragon"]  # misspelt
    assert [e.name for e in find_cards("munchkin", "curse change sex")] == ["Curse! Change Sex"]
    assert [e.name for e in find_cards("munchkin", "钚龙")] == ["Plutonium Dragon"]  # by the Chinese name
    assert [e.name for e in find_cards("kragmortha", "mouth")] == ["Mouth open"]


def test_several_matches_are_named_and_nothing_matching_says_what_to_try() -> None:
    many = card_lines("munchkin", "curse")
    assert len(many) == 1 and many[0].startswith("12 cards match: Curse! Lose Your Headgear, ")
    assert many[0].endswith("; type more of the name")
    assert card_lines("munchkin", "xyzzy") == [
        'no card is called "xyzzy"; try part of the name (card curse), or card alone for the cards in view']
    assert card_lines("pig", "anything") == ["this game has no cards to read"]


def test_card_alone_lists_the_cards_on_the_screen_with_short_texts() -> None:
    screen = "your hand: Wizard, Mr. Bones\nplayer 1: level 1 male Elf"
    assert [e.name for e in in_view("munchkin", screen)] == ["Wizard", "Mr. Bones", "Elf"]
    lines = card_lines("munchkin", "", screen)
    assert lines[0] == "cards in view (card NAME for the whole text):"
    assert lines[1].startswith("  Wizard (法师), Door card: class: ")
    assert card_lines("munchkin", "", "nothing here") == [
        "no cards in view; type card NAME to read any card of the game"]
    assert [e.name for e in in_view("baldursgate", "hand 10S 7D; heroes KS")][:3] == [
        "Function card 10", "Function card 7", "Lord"]


def test_card_at_the_prompt_of_a_seat_reads_its_hand_and_any_card_by_name() -> None:
    """`card` alone at seat 0's first decision lists the cards of its hand (and only cards on its screen);
    `card NAME` prints a card and the same screen waits for a decision."""
    from tablerules.munchkin.game import MunchkinGame

    text = run("play", "munchkin", "--seed", "1", "--seat", "0", stdin="card\ncard plutonium dragon\nq\n")
    listing = text.split("> cards in view (card NAME for the whole text):\n", 1)[1].split("\n> ", 1)[0]
    referee = MunchkinGame(seed=1)
    while referee.is_chance():
        referee.roll()
    mine = {referee.card(c).name for c in referee.players[0].hand}
    others = {referee.card(c).name for p in (1, 2, 3) for c in referee.players[p].hand} - mine
    listed = {re.match(r"  (.+?) \(", line).group(1) for line in listing.splitlines()}
    assert mine <= listed and not listed & others
    assert "Plutonium Dragon (钚龙), Door card: monster\n  Monster, level 20." in text


def test_card_works_in_every_game_from_the_prompt() -> None:
    for game, query, expected in (("kragmortha", "glitch", "Glitch (錯誤現象)"), ("smallworld", "trolls", "Trolls ("),
                                  ("baldursgate", "joker", "Black-and-white joker (黑白 Joker)"),
                                  ("quest", "goldfish", "Goldfish (金鱼)")):
        text = run("play", game, "--seed", "2", "--seat", "0", stdin=f"card {query}\nq\n")
        assert f"\n> {expected}" in text, game
