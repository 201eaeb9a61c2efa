"""`tablerules play`: chance steps in plain words, never a deck's contents, and referee entry by card name
(issue 23, item 8.2)."""

from __future__ import annotations

import io
import random
from collections.abc import Callable

import pytest
from dicegame import Pig

from tablerules.cli import main
from tablerules.core.protocol import Game
from tablerules.core.registry import game_class, register, unregister
from tablerules.terminal import terminal_screen
from tablerules.terminal.catalogue import catalogue
from tablerules.terminal.chance import NOT_ACCEPTED, chance_view, typed_outcome


def find(name: str, wanted: Callable[[Game], bool], seeds: int = 30, steps: int = 3000) -> Game:
    """The first state of seeded random games of ``name`` where ``wanted`` holds."""
    for seed in range(seeds):
        game = game_class(name)(seed=seed)
        rng = random.Random(seed)
        for _ in range(steps):
            if game.is_over():
                break
            if wanted(game):
                return game
            if game.is_chance():
                game.roll()
            else:
                game.apply(rng.choice(game.legal_actions()))
    raise AssertionError(f"no such state in {seeds} games of {name}")


def chance_block(screen: str) -> list[str]:
    return screen.split("\nChance: ", 1)[1].splitlines()


def card_names(game: str) -> set[str]:
    return {e.name for e in catalogue(game)}


def test_a_draw_says_the_deck_and_how_many_cards_are_left_and_lists_none() -> None:
    game = game_class("munchkin")(seed=1)
    screen = terminal_screen(game, None)
    block = chance_block(screen)
    assert block[0] == "player 0 draws a door card (90 left in the deck)."
    assert block[1:] == ["  r: roll with the seeded dice | rr: re-roll from a fresh random stream",
                         "  or type the name of the card drawn at the table"]
    assert not any(name in screen for name in card_names("munchkin"))


def test_another_seats_face_down_draw_reads_as_one_card_and_only_the_dice_decide() -> None:
    game = game_class("munchkin")(seed=1)  # the deal: player 0's first card, face down
    view = chance_view(game, 1)
    assert view is not None and view.hidden and not view.draw
    assert view.lines() == ["Chance: player 0 draws a door card (90 left in the deck).",
                            "  r: let the seeded dice decide (you may not see the outcome)"]
    assert typed_outcome(game, 1, "Plutonium Dragon") == (
        None, "you may not see this outcome: r lets the seeded dice decide")


def test_kicking_the_door_open_is_a_face_up_draw() -> None:
    game = find("munchkin", lambda g: g.is_chance() and "kick open the door" in g.chance_step().description)
    text = chance_view(game, game.state.current).text
    assert text == (f"player {game.state.current} kicks open the door: a door card is turned face up "
                    f"({len(game.state.door_deck)} left in the deck)")


def test_a_witch_taking_another_players_card_names_no_card() -> None:
    """Baldur's Gate: a random card of another hand ("one of player 1's 7 cards"), never which cards."""
    def taking(g: Game) -> bool:
        return g.is_chance() and g.chance_step().event == "take" and g.state.tasks[0].src >= 0

    game = find("baldursgate", taking)
    task = game.state.tasks[0]
    bystander = next(p for p in range(4) if p not in (task.src, task.dst))
    screen = terminal_screen(game, bystander)
    block = chance_block(screen)
    assert f"one of player {task.src}'s {len(game.state.seats[task.src].hand)} cards" in block[0]
    assert block[1] == "  r: let the seeded dice decide (you may not see the outcome)"
    hidden = set(game.state.seats[task.src].hand) - set(game.state.seats[bystander].hand)
    assert not any(f" {code} " in f" {line} " for line in block for code in hidden)


@pytest.mark.parametrize(("name", "event", "expected"), [
    ("munchkin", "d6", "one die per monster: 5 or more escapes; roll the d6 (1-6, each 1/6)"),
    ("quest", "d6", "; roll the d6 (1-6, each 1/6)"),
    ("quest", "d10", "the cleric's d10: at most the level succeeds; roll the d10 (1-10, each 1/10)"),
])
def test_dice_read_as_a_roll_with_their_faces_and_chances(name: str, event: str, expected: str) -> None:
    game = find(name, lambda g: g.is_chance() and g.chance_step().event == event)
    view = chance_view(game, None)
    assert expected in view.text and not view.options and not view.draw
    assert view.lines()[-1] == "  or type the result rolled at the table"


def test_small_public_sets_list_their_outcomes_in_words() -> None:
    game = find("quest-crawl", lambda g: g.is_chance() and g.chance_step().event == "monster die")
    view = chance_view(game, None)
    assert view.text == "roll the monster die"
    assert view.lines()[-1].startswith("  or type the result at the table: red (1/6), blue (1/6), ")
    game = find("quest-crawl", lambda g: g.is_chance() and g.chance_step().event == "link")
    assert chance_view(game, None).text.startswith("a link for the ")
    assert chance_view(game, None).text.split()[4] in ("north", "east", "south", "west")
    assert "corridor (" in chance_view(game, None).lines()[-1]
    game = game_class("kragmortha")(seed=3)
    assert chance_view(game, 0).lines()[-1] == ("  or type the result at the table: 0 for player 0 starts (1/4), "
                                                "1 for player 1 starts (1/4), 2 for player 2 starts (1/4) or "
                                                "3 for player 3 starts (1/4)")
    game = find("smallworld", lambda g: g.is_chance() and g.chance_step().event == "reinforcement die")
    assert "0 (1/2)" in chance_view(game, None).lines()[-1]


def test_every_draw_of_every_game_reads_in_words_with_its_pile() -> None:
    expected = {"munchkin": "a door card", "quest": "a DxM card", "quest-crawl": "a room tile",
                "smallworld": "a race banner is drawn for the row of combos", "kragmortha": "a movement card",
                "baldursgate": "the inn offers a hero for recruiting"}
    for name, words in expected.items():
        game = find(name, lambda g, w=words: g.is_chance() and w in (chance_view(g, None).text or ""))
        screen = terminal_screen(game, None)
        assert " left in " in screen or " heroes in the inn" in screen, name
        listed = [n for n in card_names(name) if f" {n} " in f" {screen} "]
        assert len(listed) <= 3, (name, listed)  # a name or two on the table, never the deck


def test_typing_a_drawn_card_by_name_checks_it_against_the_deck_with_one_refusal() -> None:
    game = game_class("munchkin")(seed=1)
    in_deck = game.card(game.state.door_deck[5]).name
    action, why = typed_outcome(game, None, in_deck.upper())
    assert why == "" and game.card(action.outcome).name == in_deck
    elsewhere = next(e.name for e in catalogue("munchkin") if e.kind.startswith("Treasure"))
    assert typed_outcome(game, None, elsewhere) == (None, NOT_ACCEPTED)  # a real card, not in this deck
    assert typed_outcome(game, None, "no such card") == (None, NOT_ACCEPTED)  # the same words


def test_a_seat_types_its_own_draw_by_name_and_the_screen_lists_no_deck() -> None:
    """At seat 0's own draw (a chance step left to the people at the table), the card drawn is typed by name;
    a name that is not accepted gets the neutral refusal."""
    game = game_class("baldursgate")(seed=2)
    while not (game.is_chance() and chance_view(game, 0).draw and game.chance_step().event == "draw"
               and game.state.tasks[0].dst == 0):
        game.roll() if game.is_chance() else game.apply(game.legal_actions()[0])
    code = game.state.bank[0]
    action, _ = typed_outcome(game, 0, code)
    assert action.outcome == code
    rank, suit = code[:-1], {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}.get(code[-1])
    if suit:
        words = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}.get(rank, rank)
        assert typed_outcome(game, 0, f"{words} of {suit}")[0].outcome == code
    assert typed_outcome(game, 0, "the ace of cups") == (None, NOT_ACCEPTED)


@pytest.fixture
def pig_registered():
    register(Pig)
    yield
    unregister("pig")


def test_a_die_typed_at_the_table_must_be_one_of_its_faces(pig_registered) -> None:
    out = io.StringIO()
    assert main(["play", "pig", "--seed", "3"], out=out, inp=io.StringIO("0\n7\n4\nq\n")) == 0
    text = out.getvalue()
    assert "? not a face of the d6: type 1 to 6, or r to roll" in text
    assert "player 0 rolls 4 (turn total 4)" in text
