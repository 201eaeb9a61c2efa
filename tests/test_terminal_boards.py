"""`tablerules play`: Kragmortha's board with coordinates and a legend, Small World's regions with their
neighbours (issue 23, item 8.3), and the heuristic agents as the other seats by default (item 8.4)."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest

from tablerules import cli
from tablerules.core.registry import game_class
from tablerules.terminal import terminal_screen
from tablerules.terminal.boards import KRAGMORTHA_LEGEND, SYMBOL_LETTERS, kragmortha_board, smallworld_regions


def played(name: str, seed: int, actions: int) -> Any:
    game = game_class(name)(seed=seed)
    for _ in range(actions):
        game.roll() if game.is_chance() else game.apply(game.legal_actions()[0])
    return game


def test_kragmortha_board_has_files_ranks_symbols_pieces_and_a_legend() -> None:
    game = played("kragmortha", 1, 40)
    lines = kragmortha_board(game, 0)
    board = game.board
    assert lines[0] == "board: files a-g, ranks 1-10 (the desk on rank 1, goblins start on rank 10)"
    assert lines[1].split() == list("abcdefg")
    rows = lines[2:12]
    for r, row in enumerate(rows):
        rank, *cells = row.split()
        assert int(rank) == r + 1 and len(cells) == board.cols
        for c, cell in enumerate(cells):
            sq = board.square(r, c)
            assert cell[0] == SYMBOL_LETTERS[board.kinds[sq]][0]
            pieces = [str(p) for p, s in enumerate(game.state.seats) if s.square == sq]
            pieces += ["L"] if game.state.lord == sq else []
            assert cell[1:] in ("", *pieces, SYMBOL_LETTERS[board.kinds[sq]][1:]), (row, cell)
            if pieces:
                assert cell[1:] == pieces[0]
    assert lines[12] == KRAGMORTHA_LEGEND
    for word in ("grimoire", "parchment", "potion", "gems", "crystal ball", "stands for any symbol", "teleport",
                 "bookcase", "the desk", "the goblin of that player", "L the dark lord"):
        assert word in KRAGMORTHA_LEGEND
    assert f"the dark lord is on {board.label(game.state.lord)}" in lines
    mine = next(line for line in lines if line.startswith("player 0 (you): goblin on "))
    assert "hand: Goblin: " in mine or "hand: Dark lord: " in mine
    assert re.search(r"player 1: goblin on [a-g]\d+; \d cards? in hand; penalty cards: ", "\n".join(lines))


def test_kragmortha_screen_shows_the_board_to_a_seat_and_to_the_referee() -> None:
    game = played("kragmortha", 2, 30)
    for seat in (0, None):
        screen = terminal_screen(game, seat)
        assert "      a   b   c   d   e   f   g" in screen and "\n  10  " in screen and "legend: " in screen


def test_smallworld_regions_each_with_terrain_holder_and_neighbours() -> None:
    game = played("smallworld", 3, 25)
    lines = smallworld_regions(game)
    assert lines[0] == "regions (number, terrain, who holds it, features, next to):"
    assert len(lines) == 1 + len(game.board.regions)
    s = game.state
    for region, line in zip(game.board.regions, lines[1:], strict=True):
        number, terrain = line.split()[:2]
        assert int(number) == region.id and terrain == region.terrain
        neighbours = line.rsplit(" next to ", 1)[1].replace(" and ", ", ").split(", ")
        assert sorted(map(int, neighbours)) == sorted(region.adjacent)
        if s.owner[region.id] >= 0:
            assert f"player {s.owner[region.id]}: {s.tokens[region.id]} {s.race[region.id]}" in line
    assert any(" player " in line for line in lines[1:])  # somebody holds a region by now


def test_smallworld_screen_hides_the_other_seats_coins() -> None:
    game = played("smallworld", 3, 25)
    screen = terminal_screen(game, 0)
    assert "player 1: coins face down" in screen and f"player 0: {game.state.seats[0].coins} coins" in screen
    assert "regions (number, terrain" in screen


@pytest.mark.parametrize(("argv", "kind"), [
    (["--seat", "0"], "heuristic"),
    (["--seat", "0", "--agents", "heuristic"], "heuristic"),
    (["--seat", "0", "--agents", "random"], "random"),
    ([], "random"),
])
def test_a_seat_plays_against_the_heuristic_agents_unless_random_is_asked(
        monkeypatch: pytest.MonkeyPatch, argv: list[str], kind: str) -> None:
    seen: dict[str, Any] = {}

    def fake_loop(game: Any, inp: Any, out: Any, seat: Any = None, agents: Any = None) -> Any:
        seen["agents"] = agents
        return game

    monkeypatch.setattr(cli, "play_loop", fake_loop)
    for name in ("munchkin", "quest", "quest-crawl", "smallworld", "baldursgate", "kragmortha"):
        assert cli.main(["play", name, *argv], out=io.StringIO(), inp=io.StringIO("q\n")) == 0
        heuristic = game_class(name).heuristic_agent()
        if kind == "heuristic":
            assert type(seen["agents"]) is type(heuristic), name
        else:
            assert seen["agents"] is None, name  # the play loop's seeded random agents


def test_a_game_without_a_heuristic_agent_falls_back_to_random_unless_heuristic_is_asked(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(game_class("quest-crawl"), "heuristic_agent", classmethod(lambda cls: None))
    out = io.StringIO()
    assert cli.main(["play", "quest-crawl", "--seat", "0"], out=out, inp=io.StringIO("q\n")) == 0
    assert out.getvalue().startswith("(quest-crawl has no heuristic agent yet: random agents play the other seats)")
    assert cli.main(["play", "quest-crawl", "--seat", "0", "--agents", "heuristic"], out=io.StringIO(),
                    inp=io.StringIO("q\n")) == 2


def test_the_default_agents_play_as_the_heuristic_ones() -> None:
    def text(*extra: str) -> str:
        out = io.StringIO()
        cli.main(["play", "munchkin", "--seed", "5", "--seat", "1", *extra], out=out,
                 inp=io.StringIO("0\n0\n0\nr\n0\n0\nq\n"))
        return out.getvalue()

    assert text() == text("--agents", "heuristic")
