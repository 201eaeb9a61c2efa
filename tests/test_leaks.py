"""Leaks, engine side (issues 23 and 26): nothing the engine shows a seat (observation, its text, the log as
the seat read it, the pending chance step, the explanation panel's numbers) may change when only what is
hidden from that seat changes. Each position is compared with worlds sampled for the seat
(:func:`tablerules.core.worlds.assert_same_view`, which the panels' and the terminal's tests can reuse with
their own ``render``)."""

from __future__ import annotations

import random

import pytest
from test_worlds import GAMES, HIDING, positions

from tablerules.core.worlds import assert_same_view, chance_view, model_for, sample_world, seat_view
from tablerules.explain import explain


@pytest.mark.parametrize("name", GAMES)
def test_nothing_a_seat_is_shown_depends_on_what_is_hidden(name: str) -> None:
    rng = random.Random(5)
    checked = 0
    for i, game in enumerate(positions(name, 30, seed=31)):
        for player in {i % game.num_players(), (i + 1) % game.num_players()}:
            worlds = assert_same_view(seat_view, game, player, n_worlds=2, rng=rng)
            assert len(worlds) == 2
            checked += 1
    assert checked >= 30


@pytest.mark.parametrize("name", GAMES)
def test_explanations_depend_only_on_the_seat_view(name: str) -> None:
    def render(game, player):
        return "\n".join(explain(game, player).lines())

    rng = random.Random(6)
    shown = 0
    for i, game in enumerate(positions(name, 20, seed=41)):
        player = i % game.num_players()
        assert_same_view(render, game, player, n_worlds=2, rng=rng)
        shown += bool(render(game, player))
    assert name not in ("baldursgate", "kragmortha") or shown  # these two always have odds to show


def outcomes(game) -> tuple:
    return tuple(sorted((a.describe(), p) for a, p in game.chance_outcomes()))


@pytest.mark.parametrize("name", HIDING)
def test_the_outcome_list_of_a_hidden_draw_would_show_hidden_cards(name: str) -> None:
    """Why the seat's chance view leaves the outcomes out of a draw from something hidden: the raw list
    (``chance_outcomes()``, as the terminal prints it after a seat's own action) differs between worlds
    the seat cannot tell apart; the list of a public step (dice, face-up piles) never does."""
    rng = random.Random(8)
    hidden_differs = public = 0
    for game in positions(name, 60, seed=51):
        if not game.is_chance():
            continue
        for player in range(game.num_players()):
            raw = {outcomes(sample_world(game, player, rng)) for _ in range(3)} | {outcomes(game)}
            if model_for(game).chance_hidden(game, player):
                hidden_differs += len(raw) > 1
                assert chance_view(game, player)[2] is None
            else:
                assert len(raw) == 1
                assert chance_view(game, player)[2] is not None
                public += 1
    assert hidden_differs
