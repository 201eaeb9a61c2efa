"""A seat's page and terminal screen never depend on what the rules hide from it (issue 23): at positions
of seeded games where seat 0 is to act, the panel's whole text in seat view (tablerules.widgets.pagetext)
and the terminal's screen are the same for the real game and for worlds that differ only in what seat 0
cannot see (tablerules.core.worlds.sample_world: other hands, face-down cards, deck orders...)."""

from __future__ import annotations

import random

import pytest
from panels import PANELS, played

from tablerules.core.protocol import Game
from tablerules.core.worlds import assert_same_view
from tablerules.terminal import terminal_screen
from tablerules.widgets.pagetext import page_text


def positions(name: str, seed: int, count: int) -> list[Game]:
    """Copies of a seeded game at positions where seat 0 decides, reached by playing its panel."""
    panel = PANELS[name](None, seed)
    found: list[Game] = []
    for _ in played(panel, 80, seed, every=7):
        game = panel.game
        if not game.is_over() and not game.is_chance() and 0 in game.to_act():
            found.append(game.copy())
        if len(found) == count:
            break
    return found


def seat_page(name: str):
    def render(game: Game, seat: int) -> str:
        panel = PANELS[name](game, 0)
        panel.view_toggle.value = "seat"
        return page_text(panel.widget)

    return render


@pytest.mark.parametrize("name", sorted(PANELS))
def test_a_seats_page_does_not_change_with_what_it_cannot_see(name: str) -> None:
    games = positions(name, 3, 4)
    assert games, f"no position of {name} where seat 0 decides"
    for game in games:
        assert_same_view(seat_page(name), game, 0, n_worlds=2, rng=random.Random(game.num_actions))


@pytest.mark.parametrize("name", sorted(PANELS))
def test_a_seats_terminal_screen_does_not_change_with_what_it_cannot_see(name: str) -> None:
    for game in positions(name, 4, 4):
        assert_same_view(terminal_screen, game, 0, n_worlds=3, rng=random.Random(game.num_actions))
