"""The example examples/reinforce_smallworld.py in a tiny run: REINFORCE through OpenSpiel's rl_environment on
Small World (2 players) learns something, plays only legal ids, and reports a win rate with a Wilson interval."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("pyspiel")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "examples"))

import reinforce_smallworld as example


def test_the_wilson_interval() -> None:
    low, high = example.wilson(50, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)
    low, high = example.wilson(0, 10)
    assert low == 0.0 and round(high, 4) == 0.2775
    assert example.wilson(0, 0) == (0.0, 1.0)


def test_a_tiny_training_run_learns_and_plays_only_legal_ids() -> None:
    policy = example.train(episodes=4, seed=1)
    assert np.abs(policy.bias).sum() > 0 and np.abs(policy.weights).sum() > 0  # the returns moved it
    env = example.environment(3)
    step = env.reset()
    for _ in range(60):
        p = step.observations["current_player"]
        legal = step.observations["legal_actions"][p]
        action = policy.act(step.observations["info_state"][p], legal, None)
        assert action in legal
        step = env.step([action])
        if step.last():
            break
    wins, losses, ties = example.play(games=3, seed=2, policy=policy)
    assert wins + losses + ties == 3
    assert example.play(games=3, seed=2, policy=policy) == (wins, losses, ties)  # seeded: the same games again
    again = example.train(episodes=4, seed=1)
    assert np.array_equal(again.weights, policy.weights) and np.array_equal(again.bias, policy.bias)
    line = example.report("learned", (wins, losses, ties))
    assert line.startswith(f"learned: won {wins} of 3") and "95% interval" in line
