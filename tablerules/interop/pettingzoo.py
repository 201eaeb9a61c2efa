"""Every tablerules game as a PettingZoo AEC environment.

    from tablerules.interop.pettingzoo import env
    e = env("munchkin", players=3, seed=1)
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

How the protocol maps onto PettingZoo
-------------------------------------
* **Agents** are ``player_0 .. player_{n-1}``. As in the OpenSpiel wrapper, one seat acts at a time: the
  first seat of :meth:`Game.to_act` that has a legal action (a response window is answered in table order).
  Any-time actions out of turn are offered only with ``anytime=True`` (off by default), in any-time windows as
  in the OpenSpiel wrapper (:mod:`tablerules.interop.windows`): before each decision every other seat holding
  any-time actions is asked in table order, with its any-time ids and Decline (the table's last id).
* **Actions** are the game's canonical ids, the same as the OpenSpiel wrapper's (:mod:`tablerules.interop.ids`:
  a table built from the game's data and player count, the same in every process). The action space is
  ``Discrete(n)`` with ``n`` the table's size and every observation carries ``action_mask`` (int8, 1 for the
  ids the agent may play now). An id that is not legal raises :class:`IllegalAction`.
* **Observations** are ``Dict(observation=Box(low, high, (size,), float32), action_mask=Box(0, 1, (ids,), int8))``:
  ``observation`` is the seat's observation tensor (:mod:`tablerules.interop.tensors`, the same vector as the
  OpenSpiel wrapper's ``observation_tensor``: built from :meth:`Game.observation`, so hidden hands stay hidden;
  ``low`` and ``high`` are its slices' documented ranges), ``action_mask`` marks the legal ids. The dict the
  tensor was made from is in ``infos[agent]["observation"]`` only on request (``dict_observations=True``).
* **Chance** is resolved inside the environment with the game's seeded stream (:meth:`Game.roll`), so a seed
  fixes the game: ``reset(seed=s)`` plays the game of seed ``s``; ``reset()`` draws the next seed from a stream
  seeded by the last one given.
* **Rewards** come at the end, zero-sum as in the OpenSpiel wrapper (a loser -1, the winners share the pot;
  0 to all without a winner). A game longer than its ``max_length`` actions (or ``max_steps``; with any-time
  windows ``max_length`` times the players, declines counted) is truncated.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..core.errors import IllegalAction
from ..core.protocol import Game
from ..core.registry import game_class
from . import openspiel as osp
from . import tensors
from .ids import Decline
from .windows import Pass, engine_seat, window_moves, window_seats, window_words


def zero_sum_returns(game: Game) -> list[float]:
    """The OpenSpiel wrapper's payout: a loser -1, the winners share the pot; 0 to all without a winner."""
    n = game.num_players()
    result = game.result() if game.is_over() else None
    if result is None or not result.winners or len(set(result.winners)) >= n:
        return [0.0] * n
    winners = set(result.winners)
    share = (n - len(winners)) / len(winners)
    return [share if p in winners else -1.0 for p in range(n)]


class TablerulesEnv(AECEnv):
    """One registered game (a name or a :class:`Game` subclass) with ``params``, as an AEC environment."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "name": "tablerules", "is_parallelizable": False}

    def __init__(self, game: str | type[Game], params: Mapping[str, Any] | None = None, seed: int = 0,
                 render_mode: str | None = None, max_steps: int | None = None, dict_observations: bool = False,
                 anytime: bool = False) -> None:
        super().__init__()
        self.cls = game_class(game) if isinstance(game, str) else game
        self.params = dict(params or {})
        self.render_mode = render_mode
        spec = osp._spec(osp.register(self.cls))
        self.metadata = {**self.metadata, "name": f"tablerules_{self.cls.name.replace('-', '_')}"}
        self.dict_observations = dict_observations
        self.anytime = anytime
        self.window: tuple[int, ...] | None = None  # any-time windows: the seats still to ask (None: not worked out)
        self.passes: tuple[Pass, ...] = ()  # every decline so far (engine actions played, seat)
        self.chosen: tuple[int, ...] = ()  # the ids the agent to act picked so far (a head and tails of a large block)
        self._seed = int(seed)
        self._seeds = random.Random(self._seed)
        self.game = self.cls(self.params, seed=self._seed)
        n = self.game.num_players()
        self.table = spec.tables(n).actions
        self.max_steps = max_steps or self.game.max_length * (n if anytime else 1)
        self._moves: dict[int, Any] = {}  # compact id -> the action it completes (None: more to choose)
        self.possible_agents = [f"player_{p}" for p in range(n)]
        size = self.table.size
        self.action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self.layout = tensors.spec(self.cls.name, n)
        self.observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(self.layout.low, self.layout.high, self.layout.shape, np.float32),
            "action_mask": spaces.Box(0, 1, (size,), np.int8)}) for a in self.possible_agents}

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    @staticmethod
    def seat(agent: str) -> int:
        return int(agent.rsplit("_", 1)[1])

    # ----- the game ---------------------------------------------------------------------------
    def _resolve_chance(self) -> None:
        while not self.game.is_over() and self.game.is_chance():
            self.game.roll()

    def _current(self) -> int:
        seat = engine_seat(self.game)
        if not self.anytime:
            return seat
        if self.window is None:
            self.window = window_seats(self.game, seat)
        return self.window[0] if self.window else seat

    def legal_ids(self, seat: int) -> list[int]:
        if self.game.is_over() or self.game.is_chance() or seat != self._current():
            return []
        if self.window:
            moves = window_moves(self.game, seat, self.table)
        else:
            moves = self.table.legal(self.game.legal_actions(seat))
            if not moves:
                raise RuntimeError(f"{self.cls.name}: player {seat} is to act but has no legal action")
        self._moves = self.table.menu(moves, self.chosen)
        return sorted(self._moves)

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._seed = int(seed)
            self._seeds = random.Random(self._seed)
            game_seed = self._seed
        else:
            game_seed = self._seeds.randrange(2**31)
        self.game = self.cls(self.params, seed=game_seed)
        self.window, self.passes, self.chosen = None, (), ()
        self._resolve_chance()
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self._current()] if not self.game.is_over() else self.agents[0]
        if self.game.is_over():
            self._finish()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.seat(agent)
        mask = np.zeros(self.table.size, dtype=np.int8)
        mask[self.legal_ids(seat)] = 1
        seen = self.game.observation(seat)
        if self.dict_observations:
            self.infos[agent] = {**self.infos.get(agent, {}), "observation": seen}
        return {"observation": tensors.encode(self.cls.name, seen, seat, len(self.possible_agents),
                                                      self.chosen),
                "action_mask": mask}

    def _finish(self) -> None:
        for agent, value in zip(self.possible_agents, zero_sum_returns(self.game), strict=True):
            if agent in self.agents:
                self.rewards[agent] = value
                self.terminations[agent] = True

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.seat(agent)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        if action is None or int(action) not in self.legal_ids(seat):
            raise IllegalAction("pettingzoo", f"action id {action} is not legal for {agent} now")
        move = self._moves[int(action)]
        if move is None:  # a head or a tail with more to choose: the same agent chooses on
            self.chosen = (*self.chosen, int(action))
            self._accumulate_rewards()
            return
        self.chosen = ()
        if self.window and isinstance(move, Decline):
            self.passes = (*self.passes, (self.game.num_actions, seat))
            self.window = self.window[1:]
        else:
            self.game.apply(move)
            self.window = None
            self._resolve_chance()
        if self.game.is_over():
            self._finish()
        elif self.game.num_actions + len(self.passes) >= self.max_steps:  # engine actions and declines
            self.truncations = {a: True for a in self.agents}
        if not self.game.is_over() and not any(self.truncations.values()):
            self.agent_selection = self.possible_agents[self._current()]
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            if self.anytime and not self.game.is_over() and not self.game.is_chance():
                self._current()  # (works the window out)
            lines = [self.game.describe_state(), window_words(self.window or (), self.passes, history=False)]
            if self.chosen:
                lines.append(f"{self.agent_selection} is choosing {self.table.chosen_words(self.chosen)}")
            return "\n".join(w for w in lines if w)
        return None

    def close(self) -> None:
        pass


def env(game: str | type[Game], seed: int = 0, render_mode: str | None = None, max_steps: int | None = None,
        dict_observations: bool = False, anytime: bool = False, **params: Any) -> TablerulesEnv:
    """The AEC environment of ``game`` (``params``: the game's parameters, e.g. ``players=3``; ``anytime``: offer
    any-time actions in windows, :mod:`tablerules.interop.windows`)."""
    return TablerulesEnv(game, params, seed=seed, render_mode=render_mode, max_steps=max_steps,
                         dict_observations=dict_observations, anytime=anytime)
