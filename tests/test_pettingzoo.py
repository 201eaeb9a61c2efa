"""Every registered game as a PettingZoo AEC environment: PettingZoo's API and seed tests, the action
vocabulary shared with the OpenSpiel wrapper, chance resolved from the seed."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")

from interop_cases import with_anytime
from pettingzoo.test import api_test, render_test, seed_test

from tablerules.core.errors import IllegalAction
from tablerules.core.registry import game_names
from tablerules.interop import ids, tensors
from tablerules.interop.pettingzoo import env

GAMES = game_names()


@pytest.mark.parametrize(("name", "anytime"), with_anytime(GAMES))
def test_pettingzoo_api_test_passes(name: str, anytime: bool) -> None:
    api_test(env(name, seed=3, max_steps=400, anytime=anytime), num_cycles=60)


@pytest.mark.parametrize(("name", "anytime"), with_anytime(GAMES))
def test_pettingzoo_seed_test_passes(name: str, anytime: bool) -> None:
    seed_test(lambda: env(name, max_steps=400, anytime=anytime), num_cycles=40)


def play_out(e, seed: int, limit: int = 300) -> list[int]:
    e.reset(seed=seed)
    picked = []
    rng = np.random.default_rng(seed)
    for _agent in e.agent_iter(limit):
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        picked.append(action)
        e.step(action)
    return picked


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_render_test_passes(name: str) -> None:
    render_test(lambda render_mode=None: env(name, seed=2, max_steps=200, render_mode=render_mode))


def test_the_observation_is_the_seats_own_view_and_the_ids_are_the_games_table() -> None:
    e = env("munchkin", players=3, seed=5, dict_observations=True)
    e.reset(seed=5)
    agent = e.agent_selection
    seat = e.seat(agent)
    obs = e.observe(agent)
    assert e.infos[agent]["observation"] == e.game.observation(seat)
    assert np.array_equal(obs["observation"], tensors.encode("munchkin", e.game.observation(seat), seat, 3))
    space = e.observation_space(agent)
    assert space["observation"].shape == (tensors.spec("munchkin", 3).size,) and space.contains(obs)
    assert space["action_mask"].shape == (ids.tables("munchkin", 3).actions.size,)
    table = ids.tables("munchkin", 3).actions
    assert e.action_space(agent).n == table.size
    assert set(np.flatnonzero(obs["action_mask"]).tolist()) == {table.id(a) for a in e.game.legal_actions(seat)}
    other = e.possible_agents[(seat + 1) % 3]
    assert not e.observe(other)["action_mask"].any()  # one seat acts at a time
    with pytest.raises(IllegalAction):
        e.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))


def test_a_seed_fixes_the_game_and_chance_is_resolved_inside() -> None:
    e = env("quest-crawl", seed=0)
    first = play_out(e, 11)
    history = e.game.to_json()["history"]
    assert play_out(e, 11) == first and e.game.to_json()["history"] == history
    assert not e.game.is_chance()
    assert any("outcome" in str(h) for h in history)  # the dice were rolled by the environment


def _play_by_ids(seed: int):
    """A crawl played to its end by a seeded choice among the legal action ids."""
    e = env("quest-crawl", seed=seed)
    e.reset(seed=seed)
    rng = random.Random(seed)
    final = {}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        if terminated or truncated:
            final[agent] = (reward, terminated)
            e.step(None)
        else:
            e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    assert e.game.is_over() and not e.agents
    return e.game.result().winners, final


def test_a_finished_game_pays_the_zero_sum_returns_and_a_long_one_is_truncated() -> None:
    winners, final = _play_by_ids(2)  # one winner: +1 and -1
    assert len(winners) == 1
    assert final == {f"player_{p}": (1.0 if p in winners else -1.0, True) for p in range(2)}
    winners, final = _play_by_ids(54)  # both tie for the most rooms: 0 each
    assert winners == (0, 1) and final == {"player_0": (0.0, True), "player_1": (0.0, True)}
    short = env("munchkin", seed=1, max_steps=5)
    play_out(short, 1)
    assert short.game.num_actions >= 5 and not short.game.is_over() and not short.agents
