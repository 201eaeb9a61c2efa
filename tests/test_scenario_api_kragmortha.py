"""The Kragmortha scenario API (issue 24): the dark lord, the first player, start squares, the board, penalty and
tome cards held, each deck's contents and order; setters refuse what the rules cannot hold, naming the field."""

from __future__ import annotations

import pytest
from scenario_play import play_random

from tablerules.core.errors import ScenarioError
from tablerules.kragmortha import scenario as S
from tablerules.kragmortha.actions import UseTome
from tablerules.kragmortha.game import Kragmortha

LIBRARY = ("GPODDJG", "JTGPOTP", "OGBJGBO", "PJPOTJG", "GOJGPOJ", "TPBOJBT", "JGOPGJP", "OPBJOBG", "GJPTPGO",
           "POGJOPJ")


def refused(field: str, call, *args, **kwargs) -> ScenarioError:
    with pytest.raises(ScenarioError) as caught:
        call(*args, **kwargs)
    assert caught.value.field == field
    assert str(caught.value).startswith(f"kragmortha scenario: {field}: ")
    return caught.value


@pytest.fixture
def game() -> Kragmortha:
    return S.placed(players=3)


# ----- pieces, the first player, start squares, the board ------------------------------------------------
def test_move_lord(game: Kragmortha) -> None:
    S.move_lord(game, "a5")
    assert game.state.lord == S.square(game, "a5") and game.observe(0)["lord"] == game.state.lord
    assert game.board_text().splitlines()[4][0] == "X" and game.invariants() == []
    refused("lord", S.move_lord, game, f"{game.board.label(game.state.seats[1].square)}")


@pytest.mark.parametrize("label", ["c3", "d1", "z1", "a11", "5a"])
def test_move_lord_refuses_a_bookcase_the_desk_and_squares_off_the_board(game: Kragmortha, label: str) -> None:
    refused("lord", S.move_lord, game, label)


def test_set_first(game: Kragmortha) -> None:
    S.set_first(game, 2)
    assert game.state.first == 2 and game.observe(1)["first"] == 2 and game.invariants() == []


def test_set_first_refuses_an_unknown_player_and_a_game_not_dealt() -> None:
    refused("first", S.set_first, S.placed(players=3), 3)
    refused("first", S.set_first, Kragmortha({"players": 3}), 0)


def test_set_start(game: Kragmortha) -> None:
    S.set_start(game, 0, "g10")
    assert game.observe(0)["seats"][0]["start"] == S.square(game, "g10") and game.invariants() == []


def test_set_start_refuses_squares_off_the_start_edge_and_another_goblins_start(game: Kragmortha) -> None:
    error = refused("start[0]", S.set_start, game, 0, "a9")
    assert "start edge" in str(error)
    taken = game.board.label(game.state.seats[1].start)
    refused("start[0]", S.set_start, game, 0, taken)


def test_set_board(game: Kragmortha) -> None:
    rows = list(LIBRARY)
    rows[4] = "GOJGPOT"  # a teleport square where gems were (e5)
    S.set_board(game, rows, 9, "b5", name="a lesson")
    assert game.board.name == "a lesson" and game.board.kinds[S.square(game, "g5")] == "teleport"
    assert game.state.lord == S.square(game, "b5") and game.invariants() == []
    assert game.legal_actions() and play_random(game, 10, seed=3) == 10


def test_set_board_refuses_broken_layouts_and_keeps_the_old_board(game: Kragmortha) -> None:
    before = game.board
    refused("board", S.set_board, game, LIBRARY, 3, "b5")  # row 4 has a teleport: no start edge
    refused("board", S.set_board, game, [r.replace("D", "G") for r in LIBRARY], 9, "b5")  # no desk
    refused("board", S.set_board, game, LIBRARY, 9, "c3")  # the dark lord on a bookcase
    row, col = game.board.coords(game.state.seats[1].square)
    rows = list(LIBRARY)
    rows[row] = rows[row][:col] + "T" + rows[row][col + 1:]  # a teleport under player 1's goblin: no start edge
    refused("board", S.set_board, game, rows, 9, "b5")
    rows = list(LIBRARY)
    rows[5] = "TPBOJBB"  # a bookcase: fine; then one where player 1 stands
    S.set_board(game, rows, 9, "b5")
    S.move_goblin(game, 1, "a8")
    rows[7] = "B" + rows[7][1:]
    refused("board (player 1's goblin)", S.set_board, game, rows, 9, "b5")
    assert game.board.kinds[S.square(game, "g6")] == "bookcase" and game.invariants() == []
    assert before.kinds[S.square(game, "g6")] == "teleport"


# ----- penalty and tome cards held -------------------------------------------------------------------------
def test_give_penalties_face_up_and_face_down(game: Kragmortha) -> None:
    S.give_tomes(game, 0, used=["immunity"])
    S.give_penalties(game, 0, ["hand-limit", "mouth-open"])
    assert game.limit(0) == 2 and game.observe(1)["seats"][0]["penalties"] == ["hand-limit", "mouth-open"]
    assert "hand-limit" not in game.state.penalty_deck and game.invariants() == []
    S.give_penalties(game, 0, ["hand-limit", "mouth-open"], immune=["hand-limit"])
    assert game.limit(0) == 3 and game.state.seats[0].immune == ["hand-limit"] and game.invariants() == []
    S.give_penalties(game, 0, ["three-words"])
    assert game.state.seats[0].forbidden == ["three-words"] and "mouth-open" in game.state.penalty_deck


def test_give_penalties_refuses_four_cards_two_alike_and_face_down_without_the_tome(game: Kragmortha) -> None:
    refused("penalties[0]", S.give_penalties, game, 0, ["mouth-open", "teeth-closed", "tongue-out", "armpit"])
    error = refused("penalties[0]", S.give_penalties, game, 0, ["mouth-open", "head"])
    assert "skull" in str(error)
    refused("immune[0]", S.give_penalties, game, 0, ["mouth-open"], immune=["mouth-open"])
    refused("immune[0]", S.give_penalties, game, 0, ["mouth-open"], immune=["head"])
    S.give_penalties(game, 1, ["head"])
    refused("penalties[0]", S.give_penalties, game, 0, ["head"])


def test_give_tomes_face_up_are_usable_and_used_ones_are_not(game: Kragmortha) -> None:
    p = game.state.current
    S.give_tomes(game, p, ["swift"], used=["curse"])
    assert UseTome(p, "swift") in game.legal_actions() and UseTome(p, "curse") not in game.legal_actions()
    assert game.observe(None)["seats"][p]["used_tomes"] == ["curse"] and game.invariants() == []
    S.give_tomes(game, p, used=["swift"])
    assert game.limit(p) == 4 and "curse" in game.state.tome_deck


def test_give_tomes_refuses_unknown_doubled_and_held_tomes(game: Kragmortha) -> None:
    refused("tomes[0]", S.give_tomes, game, 0, ["no-such-tome"])
    refused("tomes[0]", S.give_tomes, game, 0, ["swift"], used=["swift"])
    S.give_tomes(game, 1, ["ghost"])
    refused("tomes[0]", S.give_tomes, game, 0, ["ghost"])


# ----- the decks -------------------------------------------------------------------------------------------
def test_set_deck_movement_contents(game: Kragmortha) -> None:
    card = sorted(game.state.move_deck)[0]
    S.set_deck(game, "move_deck", [card, card])
    assert game.observe(None)["move_deck"] == [card, card] and game.observe(0)["move_deck"] == 2
    assert game.invariants() == [] and len(game.state.move_discard) > 20


def test_set_deck_teleport_with_a_seen_top_card(game: Kragmortha) -> None:
    S.set_deck(game, "teleport_deck", ["trap", "trap"], top=["tome"], seen_by=1)
    assert game.observe(1)["teleport_top"] == ["tome"] and game.observe(0)["teleport_top"] == 1
    assert game.state.teleport_deck == ["trap", "trap"] and game.invariants() == []


def test_set_deck_penalty_with_cards_under_it(game: Kragmortha) -> None:
    S.give_penalties(game, 2, ["fist"])
    rest = [c for c in sorted(game.penalties) if c not in ("fist", "head", "chin")]
    S.set_deck(game, "penalty_deck", rest, under=["chin", "head"])
    assert game.state.penalty_bottom == ["chin", "head"] and game.invariants() == []


def test_set_deck_tome(game: Kragmortha) -> None:
    S.give_tomes(game, 0, ["ghost"])
    S.set_deck(game, "tome_deck", [t for t in sorted(game.tomes) if t != "ghost"][::-1])
    assert game.state.tome_deck[0] == "wizards-friend" and game.invariants() == []


def test_set_deck_refuses_what_no_deck_holds(game: Kragmortha) -> None:
    refused("deck", S.set_deck, game, "graveyard", [])
    card = sorted(game.state.move_deck)[0]
    error = refused("move_deck", S.set_deck, game, "move_deck", [card] * 9)
    assert "9 x" in str(error)
    refused("move_deck", S.set_deck, game, "move_deck", ["no-such-card"])
    refused("move_deck", S.set_deck, game, "move_deck", [card], top=[card], seen_by=0)
    refused("teleport_top", S.set_deck, game, "teleport_deck", ["trap"], top=["tome"])
    refused("penalty_deck", S.set_deck, game, "penalty_deck", ["head"])  # the others would be nowhere
    refused("tome_deck", S.set_deck, game, "tome_deck", ["ghost"])
    refused("teleport_deck", S.set_deck, game, "teleport_deck", ["trap"], under=["trap"])


# ----- playing on --------------------------------------------------------------------------------------------
def test_fifty_random_actions_from_a_staged_position(game: Kragmortha) -> None:
    S.move_lord(game, "e7")
    S.set_first(game, 1)
    S.give_tomes(game, 0, ["swift", "ghost"], used=["immunity"])
    S.give_penalties(game, 0, ["hand-limit"], immune=["hand-limit"])
    S.give_penalties(game, 1, ["head", "chin"])
    S.give_tomes(game, 2, ["curse", "betrayal"])
    S.set_deck(game, "teleport_deck", sorted(game.state.teleport_deck)[:4], top=["tome"], seen_by=2)
    S.set_turn(game, 2)
    assert play_random(game, 50, seed=4) == 50


def test_the_older_setters_name_their_field(game: Kragmortha) -> None:
    taken = game.board.label(game.state.seats[1].square)
    refused("square[0]", S.move_goblin, game, 0, taken)
    refused("square[0]", S.move_goblin, game, 0, "c3")  # a bookcase
    refused("hand[0]", S.set_hand, game, 0, ["no-such-card"])
    refused("current", S.set_turn, game, 5)
    assert game.invariants() == []


def test_play_does_a_legal_action_by_its_words_and_refuses_others(game: Kragmortha) -> None:
    S.set_turn(game, 0)
    S.move_lord(game, "e5")
    S.set_hand(game, 0, ["lord-grimoire-gems", "goblin-parchment-gems", "goblin-grimoire-potion"])
    lord = game.state.lord
    S.play(game, "player 0 plays the dark lord card with grimoire and gems: north")
    assert game.state.lord == game.board.step(lord, "north")
    err = refused("action", S.play, game, "player 0 flies to the moon")
    assert "is not a legal action now (some that are: " in str(err)


# ----- every piece at once ------------------------------------------------------------------------------------
def test_place_lets_goblins_trade_squares(game: Kragmortha) -> None:
    here = [game.board.label(x.square) for x in game.state.seats]
    S.place(game, [here[1], here[0], here[2]], "a5")
    assert [x.square for x in game.state.seats[:2]] == [S.square(game, here[1]), S.square(game, here[0])]
    assert game.state.lord == S.square(game, "a5") and game.invariants() == []
    assert play_random(game, 30, seed=2) == 30


def test_place_refuses_two_pieces_on_a_square_a_bookcase_and_a_goblin_missing(game: Kragmortha) -> None:
    refused("square[1]", S.place, game, ["a5", "a5", "a7"], "b5")
    refused("lord", S.place, game, ["a5", "a6", "a7"], "a6")
    refused("square[0]", S.place, game, ["c3", "a6", "a7"], "b5")
    refused("square", S.place, game, ["a5", "a6"], "b5")
