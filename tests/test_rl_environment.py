"""OpenSpiel's ``rl_environment.Environment`` on every game (observation tensors, legal ids, terminal rewards),
played by OpenSpiel's own ``RandomAgent`` to the end; Munchkin capped in turns, the crawl in rounds."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pyspiel")

from interop_cases import with_anytime
from open_spiel.python import rl_environment
from open_spiel.python.algorithms.random_agent import RandomAgent

from tablerules.interop import openspiel as tos
from tablerules.interop import tensors

CAPS = {"munchkin": {"max_turns": 12}, "quest-crawl": {"rounds": 4}}
# with any-time windows a random Munchkin seat plays an any-time action in 3 of 4 windows: 6 turns keep it short
ANYTIME_CAPS = {"munchkin": {"max_turns": 6}}


@pytest.mark.parametrize(("name", "anytime"), with_anytime())
def test_rl_environment_episodes_run_to_the_end(name: str, anytime: bool) -> None:
    game = tos.load(name, **{**CAPS.get(name, {}), **(ANYTIME_CAPS.get(name, {}) if anytime else {})}, anytime=anytime)
    n = game.num_players()
    env = rl_environment.Environment(game, chance_event_sampler=rl_environment.ChanceEventSampler(5))
    assert env.observation_spec()["info_state"] == (tensors.spec(name, n).size,)
    assert env.action_spec()["num_actions"] == game.num_distinct_actions()
    agents = [RandomAgent(player_id=p, num_actions=game.num_distinct_actions()) for p in range(n)]
    for episode in range(2):
        np.random.seed(episode)
        step = env.reset()
        steps = 0
        while not step.last():
            p = step.observations["current_player"]
            assert all(len(obs) == tensors.spec(name, n).size for obs in step.observations["info_state"])
            assert step.observations["legal_actions"][p]
            assert all(not step.observations["legal_actions"][q] for q in range(n) if q != p)
            action = agents[p].step(step).action
            step = env.step([action])
            steps += 1
            assert steps <= game.max_game_length()
        state = env.get_state
        assert state.is_terminal() and step.rewards == state.returns()
        assert sum(step.rewards) == pytest.approx(0.0)
        for agent in agents:
            agent.step(step)  # the agents see the last step, as OpenSpiel's loops do


def test_a_seeded_sampler_and_agent_replay_the_same_episode() -> None:
    """``Environment``'s keyword arguments are game settings (ignored for a loaded game), so the chance stream is
    seeded through ``ChanceEventSampler``: then an episode replays exactly."""
    def episode() -> list[int]:
        game = tos.load("quest-crawl", rounds=3)
        env = rl_environment.Environment(game, chance_event_sampler=rl_environment.ChanceEventSampler(11))
        agents = [RandomAgent(player_id=p, num_actions=game.num_distinct_actions()) for p in range(2)]
        np.random.seed(11)
        step = env.reset()
        while not step.last():
            step = env.step([agents[step.observations["current_player"]].step(step).action])
        return env.get_state.history()

    first = episode()
    assert len(first) > 10 and episode() == first
