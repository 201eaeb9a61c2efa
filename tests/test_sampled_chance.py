"""The OpenSpiel wrapper's opt-in ``chance="sampled"`` (SAMPLED_STOCHASTIC): each chance node offers the one outcome
the state drew from its own stream instead of listing every outcome; OpenSpiel's random simulation test passes;
clones, pickles and serialised states draw the same; another outcome id (a recorded history) still plays."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from tablerules.interop import openspiel as tos  # noqa: E402


def test_the_parameter_declares_sampled_chance_and_explicit_stays_the_default() -> None:
    mode = pyspiel.GameType.ChanceMode
    assert tos.load("munchkin").get_type().chance_mode == mode.EXPLICIT_STOCHASTIC
    assert tos.load("munchkin", chance="explicit").get_type().chance_mode == mode.EXPLICIT_STOCHASTIC
    sampled = tos.load("munchkin", chance="sampled")
    assert sampled.get_type().chance_mode == mode.SAMPLED_STOCHASTIC
    assert sampled.num_distinct_actions() == tos.load("munchkin").num_distinct_actions()
    assert pickle.loads(pickle.dumps(sampled)).get_type().chance_mode == mode.SAMPLED_STOCHASTIC
    with pytest.raises(Exception, match="explicit, sampled"):
        tos.load("munchkin", chance="listed")


@pytest.mark.parametrize(("name", "params"), [("quest-crawl", {"rounds": 4}), ("munchkin", {"max_turns": 12}),
                                              ("smallworld", {})])
def test_openspiel_random_sim_test_with_sampled_chance(name: str, params: dict) -> None:
    """(``serialize=False``: OpenSpiel serialises a sampled game with its random state, which a game written in
    Python cannot give it; ``serialize()`` and pickling of states work, below.)"""
    game = tos.load(name, **params, chance="sampled")
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_a_chance_node_offers_the_one_outcome_drawn_and_every_copy_draws_it_too() -> None:
    game = tos.load("munchkin", players=3, chance="sampled", max_turns=10)
    state = game.new_initial_state()
    rng = np.random.default_rng(2)
    chance_nodes = 0
    while not state.is_terminal() and chance_nodes < 60:
        if not state.is_chance_node():
            state.apply_action(int(rng.choice(state.legal_actions())))
            continue
        chance_nodes += 1
        (drawn, p), = state.chance_outcomes()
        assert p == 1.0 and state.chance_outcomes() == [(drawn, 1.0)]  # asked again: the same
        possible = dict(state._core.outcomes().probabilities)  # what chance="explicit" lists here
        assert drawn in possible and possible[drawn] > 0
        for other in (state.clone(), pickle.loads(pickle.dumps(state)), game.deserialize_state(state.serialize())):
            assert other.chance_outcomes() == [(drawn, 1.0)]
        if chance_nodes % 5 == 0 and len(possible) > 1:  # another possible outcome (a recorded history) plays too
            other = next(i for i in possible if i != drawn)
            state.apply_action(other)
            assert state.history()[-1] == other
        else:
            state.apply_action(drawn)
    assert chance_nodes >= 20


def test_each_new_state_draws_from_the_games_stream() -> None:
    """New states of one game draw different decks (the game's stream seeds each), and two games of one seed alike."""
    def first_draws(game, states: int = 20) -> list[int]:
        return [game.new_initial_state().chance_outcomes()[0][0] for _ in range(states)]

    one = first_draws(tos.load("quest-crawl", chance="sampled", seed=3))
    assert len(set(one)) > 1
    assert first_draws(tos.load("quest-crawl", chance="sampled", seed=3)) == one
    assert first_draws(tos.load("quest-crawl", chance="sampled", seed=4)) != one
