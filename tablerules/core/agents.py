"""Agents that choose actions, and the loop that lets them play."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence

from .protocol import Action, Game


class Agent(ABC):
    """Chooses one of ``game.legal_actions(player)`` for ``player``.

    A heuristic agent subclasses this and reads the game through the protocol only.
    """

    name: str = "agent"

    @abstractmethod
    def choose(self, game: Game, player: int) -> Action:
        """The action ``player`` takes now (one of ``game.legal_actions(player)``)."""


class RandomAgent(Agent):
    """Picks uniformly among the legal actions, from its own seeded stream."""

    name = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game, player: int) -> Action:
        actions = game.legal_actions(player) or game.legal_actions()
        return self.rng.choice(actions)


def seat_agents(agents: Agent | Sequence[Agent] | None, seed: int | str = 0) -> Callable[[int], Agent]:
    """A function seat -> agent from one agent, one per seat, or ``None`` (random agents)."""
    if agents is None:
        cache: dict[int, Agent] = {}

        def random_for(seat: int) -> Agent:
            if seat not in cache:
                cache[seat] = RandomAgent(f"{seed}/seat{seat}")
            return cache[seat]

        return random_for
    if isinstance(agents, Agent):
        return lambda seat: agents
    seq = list(agents)
    return lambda seat: seq[seat % len(seq)]


def step(game: Game, agent_for: Callable[[int], Agent]) -> Action:
    """Play one step: roll a pending chance step, or let the first player to act choose."""
    if game.is_chance():
        return game.roll()
    player = game.to_act()[0]
    action = agent_for(player).choose(game, player)
    game.apply(action)
    return action


def play_turn(game: Game, agent_for: Callable[[int], Agent], max_steps: int = 10_000) -> list[Action]:
    """Play until the turn number changes (or the game ends); return the actions played."""
    start = game.turn_number()
    played: list[Action] = []
    while not game.is_over() and game.turn_number() == start and len(played) < max_steps:
        played.append(step(game, agent_for))
    return played


def play_game(game: Game, agents: Agent | Sequence[Agent] | None = None, max_steps: int | None = None) -> Game:
    """Let the agents (and the seeded dice) play until the end or ``max_steps`` actions."""
    agent_for = seat_agents(agents, game.seed)
    limit = max_steps if max_steps is not None else game.max_length
    while not game.is_over() and game.num_actions < limit:
        step(game, agent_for)
    return game
