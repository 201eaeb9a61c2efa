"""Agents that choose actions, and the loop that lets them play."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any

from .protocol import Action, Game


class Agent(ABC):
    """Chooses one of ``game.legal_actions(player)`` for ``player``.

    A heuristic agent subclasses this and reads the game through the protocol only.
    """

    name: str = "agent"
    #: whether this agent ever acts out of turn (the play loop asks :meth:`interject` only if so)
    interjects: bool = False
    #: the seed of the agent's own tie-break streams (:meth:`tie_break`)
    seed: int | str = 0

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = seed

    def tie_break(self, game: Game, player: int) -> random.Random:
        """The agent's own random stream for breaking ties in this decision: seeded by the agent's seed,
        the game's seed, the seat and the number of actions played so far. The same decision always breaks
        the same way (a replay, a copy of the game, a seed of a batch played alone), while the seat's label
        only picks an independent stream: no seat is preferred, as it would be by ties broken by an
        action's text, a seat number, or the order of actions listed seat by seat."""
        return random.Random(f"{self.seed}/{game.seed}/{player}/{game.num_actions}")

    def best(self, game: Game, player: int, actions: Sequence[Action],
             key: Callable[[Action], Any]) -> Action:
        """The action of highest ``key``; a tie is broken at random by :meth:`tie_break`."""
        return self._extreme(game, player, actions, key, max)

    def worst(self, game: Game, player: int, actions: Sequence[Action],
              key: Callable[[Action], Any]) -> Action:
        """The action of lowest ``key``; a tie is broken at random by :meth:`tie_break`."""
        return self._extreme(game, player, actions, key, min)

    def pick(self, game: Game, player: int, actions: Sequence[Action]) -> Action:
        """One of ``actions``, all as good to this agent, chosen at random by :meth:`tie_break`."""
        actions = list(actions)
        return actions[0] if len(actions) == 1 else self.tie_break(game, player).choice(actions)

    def _extreme(self, game: Game, player: int, actions: Sequence[Action], key: Callable[[Action], Any],
                 which: Callable[..., Any]) -> Action:
        scored = [(key(a), a) for a in actions]
        top = which(k for k, _ in scored)
        return self.pick(game, player, [a for k, a in scored if k == top])

    @abstractmethod
    def choose(self, game: Game, player: int) -> Action:
        """The action ``player`` takes now (one of ``game.legal_actions(player)``)."""

    def interject(self, game: Game, player: int, actions: Sequence[Action]) -> Action | None:
        """Whether ``player``, who is not to act, plays one of its any-time ``actions`` now (``None``: no)."""
        return None


class RandomAgent(Agent):
    """Picks uniformly among the legal actions, from its own seeded stream."""

    name = "random"

    def __init__(self, seed: int | str = 0, interject_rate: float = 0.0) -> None:
        """``interject_rate``: how often, when it is not to act, it plays an any-time action it has."""
        self.seed = seed
        self.rng = random.Random(seed)
        self.interject_rate = interject_rate
        self.interjects = interject_rate > 0

    def choose(self, game: Game, player: int) -> Action:
        actions = game.legal_actions(player) or game.legal_actions()
        return self.rng.choice(actions)

    def interject(self, game: Game, player: int, actions: Sequence[Action]) -> Action | None:
        if actions and self.rng.random() < self.interject_rate:
            return self.rng.choice(list(actions))
        return None


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


def interjection(game: Game, agent_for: Callable[[int], Agent]) -> Action | None:
    """An any-time action that an agent of a seat not to act wants to play now, if any (seats asked in
    table order; only agents that ever interject are asked)."""
    acting = set(game.to_act())
    seats = [p for p in range(game.num_players()) if p not in acting and agent_for(p).interjects]
    if not seats or game.is_chance():
        return None
    for seat in seats:
        actions = game.legal_actions(seat)
        if actions:
            action = agent_for(seat).interject(game, seat, actions)
            if action is not None:
                return action
    return None


def step(game: Game, agent_for: Callable[[int], Agent], interjections: bool = True) -> Action:
    """Play one step: roll a pending chance step, let an agent act out of turn if it wants to (unless
    ``interjections`` is false: no seat's agent ever does), or let the first player to act choose."""
    if game.is_chance():
        return game.roll()
    if interjections:
        action = interjection(game, agent_for)
        if action is not None:
            game.apply(action)
            return action
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
    """Let the agents (and the seeded dice) play until the end or ``max_steps`` actions. The seats' agents
    are asked for interjections only if one of them ``interjects`` (read when the game starts)."""
    agent_for = seat_agents(agents, game.seed)
    limit = max_steps if max_steps is not None else game.max_length
    asks = any(agent_for(p).interjects for p in range(game.num_players()))
    while not game.is_over() and game.num_actions < limit:
        step(game, agent_for, asks)
    return game


# ----- agents by name (the CLI's --agents, sweeps, the panels' choice) -----------------------------
def _heuristic(game_cls: type[Game], seed: int | str) -> Agent:
    agent = game_cls.heuristic_agent()
    if agent is None:
        raise ValueError(f"{game_cls.name} has no heuristic agent yet")
    agent.seed = seed  # its tie-break streams (Agent.tie_break)
    return agent


def _mcts(game_cls: type[Game], seed: int | str) -> Agent:
    from ..interop.mcts import MCTSAgent  # needs open-spiel

    return MCTSAgent(seed=seed)


def _ismcts(game_cls: type[Game], seed: int | str) -> Agent:
    from ..interop.ismcts import ISMCTSAgent  # needs open-spiel

    return ISMCTSAgent(seed=seed)


#: agent name -> factory(game class, seed); ``register_agent`` adds one
AGENTS: dict[str, Callable[[type[Game], int | str], Agent]] = {
    "random": lambda game_cls, seed: RandomAgent(seed),
    "heuristic": _heuristic,
    "mcts": _mcts,
    "ismcts": _ismcts,
}


def register_agent(name: str, factory: Callable[[type[Game], int | str], Agent]) -> None:
    AGENTS[name] = factory


def agent_names() -> list[str]:
    return list(AGENTS)


#: a search agent's rollout length (actions) that stands for "to the game's end" (no game here is that long
#: after a decision; the random-game harness caps are higher only for random play)
WHOLE_GAME = 5000


def make_agent(name: str, game_cls: type[Game], seed: int | str = 0) -> Agent:
    """The agent called ``name`` for ``game_cls`` (``ValueError`` naming the known ones, or why not)."""
    if name not in AGENTS:
        raise ValueError(f"unknown agent {name!r} (known: {', '.join(AGENTS)})")
    return AGENTS[name](game_cls, seed)


def make_agents(names: Sequence[str], game_cls: type[Game], seed: int | str = 0) -> list[Agent]:
    """One agent per seat from names (cycled over the seats), seeded per seat."""
    return [make_agent(name, game_cls, f"{seed}/seat{seat}") for seat, name in enumerate(names)]
