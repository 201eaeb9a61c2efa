"""`tablerules play GAME --seat 0` screens: nothing the seat may not see (no deck listing, no other seat's
hidden cards) and no raw Python on any screen (issue 23, items 8.5 and 8.6)."""

from __future__ import annotations

import random

import pytest
from terminal_driver import Shot, hidden_ids, leaks, play

from tablerules.core.protocol import Game
from tablerules.core.registry import game_class
from tablerules.core.worlds import sample_world
from tablerules.terminal import terminal_screen
from tablerules.terminal.words import plain, raw_bits

GAMES = ("munchkin", "quest", "quest-crawl", "smallworld", "baldursgate", "kragmortha")


def chance_lines(shot: Shot) -> list[str]:
    return shot.text.split("\nChance: ", 1)[1].splitlines() if "\nChance: " in shot.text else []


@pytest.mark.parametrize("name", GAMES)
def test_a_seats_screens_never_show_a_deck_or_another_seats_hidden_cards(monkeypatch: pytest.MonkeyPatch,
                                                                          name: str) -> None:
    """Drive `tablerules play NAME --seat 0` through several positions (chance steps included) and check
    every screen against the cards seat 0 may not see at that moment."""
    seed = 4 if name == "quest" else 3  # (quest seed 3 ends early since the p. 10 rule fixes: all die at once)
    session = play(monkeypatch, name, seed=seed, decisions=60)
    assert len(session.shots) > 20
    assert any(hidden_ids(shot.game, 0) for shot in session.shots) or name == "smallworld"
    for shot in session.shots:
        assert leaks(shot) == [], shot.text
        block = chance_lines(shot)
        assert len(block) <= 3, block  # the step in words and how to answer it: never a list of outcomes
        assert terminal_screen(shot.game, 0) == shot.text  # a pure function of the state


@pytest.mark.parametrize("name", GAMES)
def test_no_raw_lists_reprs_floats_or_ids_on_any_screen(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """A few seeded games per game, as seat 0 and as the referee: the whole terminal output in words."""
    for seed in (1, 2):
        for seat in (0, None):
            output = play(monkeypatch, name, seed=seed, decisions=80, seat=seat).output
            assert raw_bits(output) == [], (seed, seat)
            assert "Players to act: [" not in output and "winners [" not in output


def test_the_raw_bits_scan_finds_what_it_is_for() -> None:
    assert raw_bits("penalties ['armpit']; bidders [1, 2, 0]; tomes []") == [
        "a Python list: ['", "a Python list: [1, 2, 0]", "a Python list: []"]
    assert raw_bits("x 113.33333333333333, bull_baby, orcs#2, <Foo object at 0x1>") == [
        "a repr: <Foo object at", "a long float: 3.33333333333333", "an id with underscores: bull_baby",
        "a copy id: orcs#2"]
    assert raw_bits("player 0 plays Curse! Change Sex (+1 for the monster), odds 1/6 (~16.7%)") == []


def test_engine_lists_and_ids_read_as_words() -> None:
    names = {"armpit": "Armpit", "goblin-grimoire-crystal": "Goblin: grimoire + crystal"}
    assert plain("penalties ['armpit']; tomes [] used []", names) == "penalties Armpit; tomes none used none"
    assert plain("bidders [1, 2, 0]") == "bidders player 1, player 2 and player 0"
    assert plain("players [1, 2] play rock-paper-scissors") == "player 1 and player 2 play rock-paper-scissors"
    assert plain("player 0 plays goblin-grimoire-crystal: east", names) == (
        "player 0 plays Goblin: grimoire + crystal: east")
    assert plain("witch reverses it with black [7]") == "witch reverses it with black [7]"  # the seed's [7]
    assert plain("offering 1 treasure(s); 3 token(s); within 2 turn(s)") == (
        "offering 1 treasure; 3 tokens; within 2 turns")
    assert plain("players 1 reached level 10; players 1 and 2 win") == "player 1 reached level 10; players 1 and 2 win"
    assert plain("player 0 curses player 0: Curse! Lose Your Footgear; player 0 curses player 10") == (
        "player 0 curses themselves: Curse! Lose Your Footgear; player 0 curses player 10")


def test_the_first_kragmortha_heading_names_no_player_minus_one() -> None:
    game = game_class("kragmortha")(seed=1)
    heading = terminal_screen(game, 0).splitlines()[1]
    assert heading.startswith("stage first player, turn 0") and "-1" not in heading


def test_the_game_over_line_names_the_winners_in_words() -> None:
    game = game_class("kragmortha")(seed=4)
    while not game.is_over():
        game.roll() if game.is_chance() else game.apply(game.legal_actions()[0])
    last = terminal_screen(game, 0).splitlines()[-1]
    winners = list(game.result().winners)
    assert last.startswith("Game over: player " if len(winners) == 1 else "Game over: ")
    assert all(f"player {w}" in last for w in winners) and "[" not in last


def _swap_hidden(game: Game) -> Game:
    """A copy with every card hidden from seat 0 redrawn (the other hands, the decks): the same for seat 0."""
    return sample_world(game, 0, random.Random(0))


@pytest.mark.parametrize("name", ["munchkin", "kragmortha", "baldursgate"])
def test_swapping_the_other_hands_for_deck_cards_leaves_seat_0s_screen_as_it_was(name: str) -> None:
    game = game_class(name)(seed=5)
    rng = random.Random(5)
    checked = 0
    for step in range(300):
        if game.is_over():
            break
        if step % 10 == 0:
            assert terminal_screen(_swap_hidden(game), 0) == terminal_screen(game, 0), step
            checked += 1
        game.roll() if game.is_chance() else game.apply(rng.choice(game.legal_actions()))
    assert checked >= 5
