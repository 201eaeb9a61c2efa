"""Compact ids through the wrappers (ids version 4, tablerules.interop.ids.steps): an action of a large block is a
head then tails chosen by the same seat; the partial choice lives beside the game (clones, pickles, serialised
states and resampled worlds carry it, the strings say it); OpenSpiel's random simulation test passes with choices
in three steps; the kit's own search agents keep the full ids."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

from tablerules.interop import openspiel as tos  # noqa: E402
from tablerules.interop.pettingzoo import env  # noqa: E402


def to_a_partial_choice(state, rng: np.random.Generator, limit: int = 20_000):
    """Random play until the current player has picked a head (or tail) with more to choose; that state."""
    for _ in range(limit):
        assert not state.is_terminal(), "no partial choice met"
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(ids, p=probs)))
            continue
        player = state.current_player()
        partial = [i for i in state.legal_actions() if state.action_to_string(player, i).endswith("(more to choose)")]
        state.apply_action(int(rng.choice(partial or state.legal_actions())))
        if state._core.chosen:
            return state
    raise AssertionError("no partial choice met")


def test_a_partial_choice_is_the_same_seats_and_every_copy_of_the_state_carries_it() -> None:
    """Munchkin, 4 players: ``AskHelp`` (helper x treasures x item, 10,660 full ids) is chosen in three steps. In
    the middle of one the game is unchanged, the same seat is to act, its legal ids are the next step's, the strings
    say what is chosen, and clones, pickles, serialised states and resampled worlds keep it; finishing plays it."""
    game = tos.load("munchkin", players=4, seed=2)
    state = to_a_partial_choice(game.new_initial_state(), np.random.default_rng(3))
    core = state._core
    player, chosen, legal = state.current_player(), core.chosen, state.legal_actions()
    table = game.tables.actions
    assert table.size <= 3_000 and all(table.tail <= i < table.decline for i in legal)
    moves = table.legal(core.game.legal_actions(player))
    assert set(legal) == set(table.menu(moves, chosen))
    words = table.chosen_words(chosen)
    assert f"Player {player} is choosing {words}" in state.observation_string(player)
    assert f"Player {player} is choosing {words}" in state.information_state_string(player)
    assert words in str(state)
    before = core.game.num_actions
    copies = [state.clone(), pickle.loads(pickle.dumps(state)), game.deserialize_state(state.serialize()),
              state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))]
    for other in copies:
        assert other._core.chosen == chosen and other.current_player() == player
        assert other.legal_actions() == legal
        assert other.information_state_string(player) == state.information_state_string(player)
    # finish the choice on a copy: the engine plays the action the sequence stands for, the original is untouched
    other = copies[0]
    rng = random.Random(1)
    done = None
    while done is None:
        i = rng.choice(other.legal_actions())
        done = other._core.menu[i]
        other.apply_action(i)
    assert other._core.chosen == () and other._core.game.history[before] == done
    assert state._core.game.num_actions == before and state._core.chosen == chosen


@pytest.mark.parametrize(("name", "players"), [
    ("munchkin", 4), pytest.param("baldursgate", 6, marks=pytest.mark.slow), ("kragmortha", 8)])
def test_openspiel_random_sim_test_with_choices_in_steps(name: str, players: int) -> None:
    """OpenSpiel's checks (distinct action strings, clones, serialisation, max length) with the largest splits:
    Munchkin's help offer in three steps, Baldur's Gate's [3] naming a hero of each of five owners in three."""
    params = {"max_turns": 12} if name == "munchkin" else {}
    game = tos.load(name, players=players, **params)
    assert game.num_distinct_actions() <= 3_000 and game.tables.actions.most_steps == 3 - (name == "kragmortha")
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_pettingzoo_keeps_the_agent_until_its_choice_is_complete() -> None:
    e = env("munchkin", seed=5, players=4, render_mode="ansi", max_turns=30)
    e.reset(seed=5)
    rng = np.random.default_rng(5)
    partial = 0
    for agent in e.agent_iter(5000):
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        before = e.game.num_actions
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if e.chosen:
            partial += 1
            assert e.agent_selection == agent and e.game.num_actions == before
            assert f"{agent} is choosing {e.table.chosen_words(e.chosen)}" in e.render()
            mask = e.observe(agent)["action_mask"]
            assert set(np.flatnonzero(mask)) == set(e.table.menu(e.table.legal(e.game.legal_actions(e.seat(agent))),
                                                                 e.chosen))
    assert partial > 3


def test_the_search_agents_keep_the_full_ids() -> None:
    """The MCTS agent searches with a whole-action tree (every action one choice, the full ids), as before
    version 4: a state made for it offers full ids, which the compact table would split."""
    game = tos.load("munchkin", players=4, seed=2)
    state = to_a_partial_choice(game.new_initial_state(), np.random.default_rng(3))
    engine = tos.tablerules_game(state)
    whole = game.new_initial_state()
    whole._core = tos._Core(engine.copy(), game.spec, 4, game.tables, whole=True)
    table = game.tables.actions
    seat = whole.current_player()
    assert whole.legal_actions() == sorted(table.legal(engine.legal_actions(seat)))
    assert any(i >= table.size for i in whole.legal_actions())  # a full id past the compact ones
