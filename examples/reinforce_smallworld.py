"""Train a policy on Small World (2 players) through OpenSpiel's ``rl_environment`` and show it beats random play.

The whole interface end to end: the wrapped game (:mod:`tablerules.interop.openspiel`), its observation tensor
(:mod:`tablerules.interop.tensors`) and its canonical action ids with the legal-id mask, played by OpenSpiel's
``rl_environment.Environment`` against OpenSpiel's ``RandomAgent``. The learner is REINFORCE in numpy (no
TensorFlow, no PyTorch): a softmax over the legal ids of ``b[a] + W[a] . x``, ``x`` the seat's tensor scaled into
[-1, 1] (``spec.scale()``), updated after each game by the game's return (+1 a win, -1 a loss, 0 a tie) minus a
running mean of the returns. It takes seat ``g % 2`` in game ``g``.

Then the learned policy (greedy: the most likely legal id) plays ``--games`` new games against the random agent,
and the script prints its win rate with a 95% Wilson interval, beside the random agent's own rate against random
play over the same number of games (about a half)::

    python examples/reinforce_smallworld.py --episodes 300 --games 200
"""

from __future__ import annotations

import argparse
import math
import time
from dataclasses import dataclass, field

import numpy as np
from open_spiel.python import rl_environment
from open_spiel.python.algorithms.random_agent import RandomAgent

from tablerules.interop import openspiel as tos
from tablerules.interop import tensors

GAME = "smallworld"
PLAYERS = 2


@dataclass
class Policy:
    """A linear softmax policy over the legal action ids."""

    size: int
    actions: int
    scale: np.ndarray
    bias: np.ndarray = field(init=False)
    weights: np.ndarray = field(init=False)

    def __post_init__(self) -> None:
        self.bias = np.zeros(self.actions)
        self.weights = np.zeros((self.actions, self.size))

    def probabilities(self, x: np.ndarray, legal: list[int]) -> np.ndarray:
        logits = self.bias[legal] + self.weights[legal] @ x
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum()

    def features(self, tensor: list[float]) -> np.ndarray:
        return np.asarray(tensor, np.float64) * self.scale

    def act(self, tensor: list[float], legal: list[int], rng: np.random.Generator | None) -> int:
        """A sampled id (``rng``) or the most likely one (``rng`` None)."""
        p = self.probabilities(self.features(tensor), legal)
        return legal[int(rng.choice(len(legal), p=p))] if rng is not None else legal[int(np.argmax(p))]


def environment(seed: int) -> rl_environment.Environment:
    """The environment, its chance events drawn from a stream seeded with ``seed`` (``Environment``'s keyword
    arguments are game settings, ignored for a loaded game: the sampler is seeded by hand)."""
    return rl_environment.Environment(tos.load(GAME, players=PLAYERS),
                                      chance_event_sampler=rl_environment.ChanceEventSampler(seed))


def train(episodes: int, seed: int = 0, rate: float = 0.05) -> Policy:
    """REINFORCE with a running-mean baseline, one update per game."""
    env = environment(seed)
    layout = tensors.spec(GAME, PLAYERS)
    policy = Policy(layout.size, env.action_spec()["num_actions"], layout.scale().astype(np.float64))
    rng = np.random.default_rng(seed)
    opponent = RandomAgent(player_id=0, num_actions=policy.actions)
    baseline = 0.0
    np.random.seed(seed)  # RandomAgent draws from numpy's global generator
    for episode in range(episodes):
        seat = episode % 2
        opponent._player_id = 1 - seat
        step = env.reset()
        trail: list[tuple[np.ndarray, list[int], int]] = []
        while not step.last():
            p = step.observations["current_player"]
            legal = step.observations["legal_actions"][p]
            if p == seat:
                x = policy.features(step.observations["info_state"][p])
                probs = policy.probabilities(x, legal)
                k = int(rng.choice(len(legal), p=probs))
                trail.append((x, legal, k))
                step = env.step([legal[k]])
            else:
                step = env.step([opponent.step(step).action])
        advantage = step.rewards[seat] - baseline
        baseline += 0.05 * (step.rewards[seat] - baseline)
        for x, legal, k in trail:
            grad = -policy.probabilities(x, legal)
            grad[k] += 1.0
            policy.bias[legal] += rate * advantage * grad
            policy.weights[legal] += (rate * advantage / max(len(trail), 1)) * np.outer(grad, x)
    return policy


def play(games: int, seed: int, policy: Policy | None) -> tuple[int, int, int]:
    """(wins, losses, ties) of ``policy`` (greedy; ``None``: a random agent) against the random agent."""
    env = environment(seed + 10_000)
    actions = env.action_spec()["num_actions"]
    np.random.seed(seed + 10_000)
    mover = RandomAgent(player_id=0, num_actions=actions)
    opponent = RandomAgent(player_id=1, num_actions=actions)
    wins = losses = ties = 0
    for game in range(games):
        seat = game % 2
        mover._player_id, opponent._player_id = seat, 1 - seat
        step = env.reset()
        while not step.last():
            p = step.observations["current_player"]
            if p == seat and policy is not None:
                action = policy.act(step.observations["info_state"][p], step.observations["legal_actions"][p], None)
            else:
                action = (mover if p == seat else opponent).step(step).action
            step = env.step([action])
        r = step.rewards[seat]
        wins += r > 0
        losses += r < 0
        ties += r == 0
    return wins, losses, ties


def wilson(k: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion ``k / n``."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def report(name: str, result: tuple[int, int, int]) -> str:
    wins, losses, ties = result
    n = wins + losses + ties
    low, high = wilson(wins, n)
    return (f"{name}: won {wins} of {n} ({wins / n:.1%}; 95% interval {low:.1%} to {high:.1%}), "
            f"lost {losses}, tied {ties}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=300, help="training games")
    parser.add_argument("--games", type=int, default=200, help="evaluation games")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    start = time.perf_counter()
    policy = train(args.episodes, args.seed)
    trained = time.perf_counter() - start
    print(f"trained on {args.episodes} games of {GAME} ({PLAYERS} players) in {trained:.0f} s")
    print(report("learned policy against random", play(args.games, args.seed, policy)))
    print(report("random against random", play(args.games, args.seed, None)))


if __name__ == "__main__":
    main()
