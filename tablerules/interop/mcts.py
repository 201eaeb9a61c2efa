"""A Monte-Carlo tree search agent: OpenSpiel's ``MCTSBot`` on the OpenSpiel wrapper of any game.

The bot searches from a copy of the game (through :mod:`tablerules.interop.openspiel`), sampling chance
steps with their exact probabilities. A leaf is judged by a short random rollout (``rollout_depth``
actions): a finished game by its zero-sum returns (as the wrapper pays them), an unfinished one by the
seats' scores (:func:`tablerules.sweep.summaries.seat_scores`: levels, coins...) as if it ended there,
halved because it did not. Its seed makes it repeatable.

**It sees everything.** The search runs on the true state, hidden hands included (OpenSpiel's MCTS has
no information sets), so it is an omniscient opponent: an upper bound on what search buys, for balance
analysis and as a hard panel opponent, not a fair seat at the table. Needs open-spiel.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import numpy as np
from open_spiel.python.algorithms import mcts

from ..core.agents import Agent, RandomAgent
from ..core.protocol import Action, Game
from ..sweep.summaries import seat_scores
from . import openspiel as osp


def zero_sum_value(scores: Sequence[float], damping: float = 0.5) -> list[float]:
    """The wrapper's payout if the game ended now with the best score winning, times ``damping``."""
    n = len(scores)
    best = max(scores)
    winners = [p for p in range(n) if scores[p] == best]
    if len(winners) == n:
        return [0.0] * n
    share = (n - len(winners)) / len(winners)
    return [damping * (share if p in winners else -1.0) for p in range(n)]


def acting_seat(game: Game) -> int | None:
    """The seat the wrapper lets act: the first of :meth:`Game.to_act` with a legal action."""
    return next((p for p in game.to_act() if game.legal_actions(p)), None)


def rollout(game: Game, depth: int, rng: random.Random, choose: Callable[[Game, int], Action]) -> None:
    """Play ``game`` on (a search's own copy) for at most ``depth`` actions: chance by ``rng``, each decision
    by ``choose(game, seat)`` for the first seat to act with a legal action; stops at the end of the game."""
    for _ in range(depth):
        if game.is_over():
            return
        if game.is_chance():
            game.roll(rng)
            continue
        seat = acting_seat(game)
        if seat is None:
            return
        game.apply(choose(game, seat))


class RolloutEvaluator(mcts.Evaluator):
    """Uniform priors; a leaf's value from a random rollout of at most ``depth`` actions."""

    def __init__(self, depth: int, rng: random.Random) -> None:
        self.depth = depth
        self.rng = rng

    def evaluate(self, state: osp.TablerulesState) -> np.ndarray:
        game = osp.tablerules_game(state)  # the search's own working copy: ours to play on
        rollout(game, self.depth, self.rng, lambda g, seat: self.rng.choice(g.legal_actions(seat)))
        if game.is_over():
            state._core.player = state._core.legal = None
            return np.array(state.returns())
        return np.array(zero_sum_value(seat_scores(game)))

    def prior(self, state: osp.TablerulesState) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


#: the search budget of ``MCTSAgent()`` (the agent called ``mcts`` in the CLI, sweeps and panels)
DEFAULT_SIMULATIONS = 48
DEFAULT_ROLLOUT_DEPTH = 40


class MCTSAgent(Agent):
    """Chooses by ``simulations`` MCTS simulations (UCT constant ``uct_c``) with rollouts of ``rollout_depth``."""

    name = "mcts"

    def __init__(self, simulations: int | None = None, rollout_depth: int | None = None, uct_c: float = 2.0,
                 seed: int | str = 0) -> None:
        self.simulations = simulations or DEFAULT_SIMULATIONS
        self.rollout_depth = rollout_depth or DEFAULT_ROLLOUT_DEPTH
        self.uct_c = uct_c
        self.rng = random.Random(seed)
        self.fallback = RandomAgent(f"{seed}/fallback")
        self._bots: dict[tuple, tuple[mcts.MCTSBot, osp.TablerulesGame]] = {}

    def _bot(self, game: Game) -> tuple[mcts.MCTSBot, osp.TablerulesGame]:
        cls = type(game)
        scalars = osp._parameter_defaults(cls)
        params = {k: v for k, v in game.params_json().items() if k in scalars}
        key = (cls, tuple(sorted(params.items())))
        if key not in self._bots:
            wrapped = osp.load(cls, **params)
            evaluator = RolloutEvaluator(self.rollout_depth, self.rng)
            bot = mcts.MCTSBot(wrapped, self.uct_c, self.simulations, evaluator, solve=False,
                               random_state=np.random.RandomState(self.rng.randrange(2**31)))
            self._bots[key] = (bot, wrapped)
        return self._bots[key]

    def choose(self, game: Game, player: int) -> Action:
        legal = game.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        bot, wrapped = self._bot(game)
        state = wrapped.new_initial_state()
        core = state._core = osp._Core(game.copy(), wrapped.spec, game.num_players(), wrapped.tables, whole=True)
        if state.current_player() != player:  # a response window asked a later seat first: no tree for it
            return self.fallback.choose(game, player)
        choice = bot.step(state)  # (the bot searches clones; the state's own legal map is unchanged)
        core.legal_ids()
        return core.moves[choice]
