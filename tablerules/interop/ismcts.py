"""An information-set Monte-Carlo tree search agent: OpenSpiel's ``ISMCTSBot`` on the OpenSpiel wrapper,
deciding from what one seat may know.

Every simulation starts from a world sampled for the deciding seat
(:func:`tablerules.core.worlds.sample_world`, through the wrapper's ``resample_from_infostate``): the
other hands, the decks and face-down cards are redrawn from what the seat has not seen, so the search never
reads the real hidden cards, and its tree is keyed by information states (the seat's
``information_state_string``). Children are chosen by PUCT with half the prior on the action the game's
heuristic agent would play there, so the search starts from the heuristic's play and moves off it where
its simulations find better. A new leaf is valued by a rollout with the game's heuristic agent in every
seat (random actions in a game without one), to the game's end where that fits the time budget, else for
the game's :data:`ROLLOUT_DEPTHS` actions and then by the game's own standing (:func:`standing`: the rank
by :func:`tablerules.sweep.summaries.evaluate`, levels, coins with the regions' next income, penalty
cards..., and the lead) halved because it did not end; a finished game by the wrapper's zero-sum returns.

Each decision's random streams (the worlds, the tree's ties, the rollouts' dice) are seeded by the agent's
tie-break stream (:meth:`~tablerules.core.agents.Agent.tie_break`), so a decision depends only on the seat's
information set and the seed: the same in the real game and in any world sampled for that seat
(``tests/test_agent_views.py``). Needs open-spiel.
"""

from __future__ import annotations

import random

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from ..core.agents import WHOLE_GAME, Agent
from ..core.protocol import Action, Game
from ..sweep.summaries import POSITION_SCORES, evaluate, seat_scores
from . import openspiel as osp
from .mcts import rollout

#: the search budget of ``ISMCTSAgent()`` (the agent called ``ismcts`` in the CLI, sweeps and panels)
DEFAULT_SIMULATIONS = 100
#: each game's rollout length in actions: to the game's end (:data:`WHOLE_GAME`) where 100 simulations of
#: whole games fit in a second here, else as far as fits (``benchmarks/ismcts_speed.py``, processor seconds,
#: median decision). A rollout that sees the end (or near it) is what lets the search tell moves apart: with
#: rollouts of 4 actions the search played the heuristic's own move in 92 of 96 decisions
#: (``benchmarks/ismcts_agreement.py``) and was no stronger than it.
ROLLOUT_DEPTHS = {"smallworld": WHOLE_GAME, "quest-crawl": WHOLE_GAME, "munchkin": 60, "baldursgate": 80,
                  "quest": 40, "kragmortha": 10}
#: a game not in :data:`ROLLOUT_DEPTHS`
DEFAULT_ROLLOUT_DEPTH = 20


def rollout_depth(game: str) -> int:
    """The ``ismcts`` agent's rollout length in ``game`` (actions)."""
    return ROLLOUT_DEPTHS.get(game, DEFAULT_ROLLOUT_DEPTH)
#: how much a position stopped before the end counts against a finished game
CUTOFF_DAMPING = 0.5
#: the prior on the heuristic agent's own choice (PUCT: the search starts from what the heuristic plays)
HEURISTIC_PRIOR = 0.5


class SeatISMCTSBot(ismcts.ISMCTSBot):
    """OpenSpiel's ``ISMCTSBot``, also on a perfect-information game (the dungeon crawl), where every world
    sampled for a seat is the state itself (its ``run_search`` without the check that the game hides
    something), and on nodes whose actions differ from world to world: another seat's node is keyed by
    what that seat knows in the sampled world, and what it may do can hang on more (its log is the real
    game's). A node's children not legal in this world are left out of the choice (as OpenSpiel's
    ``allow_inconsistent_action_sets``, without copying the node at every step)."""

    #: whether the children come all at once with their priors, PUCT choosing among them from the first visit
    #: (AlphaZero's way, as OpenSpiel's ``MCTSBot``); ``False``: OpenSpiel ISMCTS's way, every child tried once,
    #: in random order, before the tree policy (and the prior) is asked at all
    prior_first: bool = True

    def check_expand(self, node: ismcts.ISMCTSNode, legal_actions: list[int]) -> int:
        if self.prior_first:
            return pyspiel.INVALID_ACTION  # the tree policy picks among all children (select_action_tree_policy)
        unexpanded = [a for a in legal_actions if a not in node.child_info]
        if not unexpanded:
            return pyspiel.INVALID_ACTION
        return unexpanded[self._random_state.randint(len(unexpanded))]

    def _action_value(self, node: ismcts.ISMCTSNode, child: ismcts.ChildInfo) -> float:
        """PUCT as OpenSpiel's ``MCTSBot`` scores it: a child not tried yet counts as an even result (0), and
        its prior alone draws the search to it (the parent's visits + 1 under the root, so the first visit
        already follows the prior)."""
        if not self.prior_first:
            return super()._action_value(node, child)
        mean = child.return_sum / child.visits if child.visits else 0.0
        return mean + self._uct_c * child.prior * np.sqrt(node.total_visits + 1) / (1 + child.visits)

    def _select_candidate_actions(self, node: ismcts.ISMCTSNode) -> list[int]:
        """The children within OpenSpiel's tolerance of the best value (each child valued once, not twice)."""
        values = {action: self._action_value(node, child) for action, child in node.child_info.items()}
        top = max(values.values()) - ismcts.TIE_TOLERANCE
        return [action for action, value in values.items() if value > top]

    def expand_if_necessary(self, state: pyspiel.State, node: ismcts.ISMCTSNode, action: int) -> None:
        if action not in node.child_info:
            if action not in node.prior_map:
                self.repopulate_prior_map_inconsistent_action_sets(state, node)
            node.child_info[action] = ismcts.ChildInfo(0.0, 0.0, node.prior_map[action])

    def select_action_tree_policy(self, state: pyspiel.State, node: ismcts.ISMCTSNode,
                                  legal_actions: list[int]) -> int:
        if self.prior_first:
            for action in legal_actions:
                self.expand_if_necessary(state, node, action)
        return self.select_action(_legal_view(node, legal_actions))

    #: decisions a simulation walks down the tree before it values the position as a new leaf (a tree that
    #: follows the prior grows along one line: in Munchkin Quest 100 simulations went 25 decisions deep, and
    #: every step costs the seat's information-state string)
    max_tree_depth: int = 10

    def run_simulation(self, state: pyspiel.State, depth: int = 0) -> list[float]:
        """OpenSpiel's simulation, with a forced move (one legal action) played through without a node, and the
        walk stopped after :attr:`max_tree_depth` decisions (valued there by the evaluator, as a new leaf)."""
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(self._random_state.choice(actions, p=probs))
                continue
            legal_actions = state.legal_actions()
            if len(legal_actions) > 1:
                break
            state.apply_action(legal_actions[0])
        else:
            return state.returns()
        if depth >= self.max_tree_depth:
            return self._evaluator.evaluate(state)
        cur_player = state.current_player()
        node = self.lookup_or_create_node(state)
        if node.total_visits == ismcts.UNEXPANDED_VISIT_COUNT:
            node.total_visits = 0
            for action, prob in self._evaluator.prior(state):
                node.prior_map[action] = prob
            return self._evaluator.evaluate(state)
        chosen = self.check_expand(node, legal_actions)
        if chosen != pyspiel.INVALID_ACTION:
            self.expand_if_necessary(state, node, chosen)
        else:
            chosen = self.select_action_tree_policy(state, node, legal_actions)
        node.total_visits += 1
        node.child_info[chosen].visits += 1
        state.apply_action(chosen)
        returns = self.run_simulation(state, depth + 1)
        node.child_info[chosen].return_sum += returns[cur_player]
        return returns

    def lookup_or_create_node(self, state: pyspiel.State) -> ismcts.ISMCTSNode:
        """The node of the state's information set (its key worked out once: OpenSpiel's asks it up to three
        times, and a key is the seat's whole information-state string)."""
        key = self.get_state_key(state)
        node = self._nodes.get(key)
        if node is None:
            node = self._nodes[key] = ismcts.ISMCTSNode()
            node.total_visits = ismcts.UNEXPANDED_VISIT_COUNT
        return node

    def run_search(self, state: pyspiel.State) -> list[tuple[int, float]]:
        self.reset()
        legal_actions = state.legal_actions()
        if len(legal_actions) == 1:
            return [(legal_actions[0], 1.0)]
        self._root_node = self.create_new_node(state)
        root_key = self.get_state_key(state)
        for simulation in range(self._max_simulations):
            sampled = self.sample_root_state(state)
            if simulation == 0:  # (tests/test_worlds.py checks the sampler itself on many positions)
                assert root_key == self.get_state_key(sampled), "a sampled world looks different to the seat"
            self.run_simulation(sampled)
        return self.get_final_policy(state, _legal_view(self._root_node, legal_actions))


def _legal_view(node: ismcts.ISMCTSNode, legal_actions: list[int]) -> ismcts.ISMCTSNode:
    """``node`` with only the children in ``legal_actions`` (``node`` itself when they all are)."""
    legal = set(legal_actions)
    if all(a in legal for a in node.child_info):
        return node
    view = ismcts.ISMCTSNode()
    view.child_info = {a: c for a, c in node.child_info.items() if a in legal}
    view.total_visits = sum(c.visits for c in view.child_info.values())
    view.prior_map = node.prior_map
    return view


def position_scores(game: Game) -> list[float]:
    """The seats' scores as :func:`~tablerules.sweep.summaries.evaluate` reads them mid-game."""
    reader = POSITION_SCORES.get(game.name)
    return reader(game) if reader is not None else seat_scores(game)


def standing(game: Game, player: int) -> float:
    """A finer standing than :func:`~tablerules.sweep.summaries.evaluate`'s rank alone: half the rank, half the
    lead over the best other seat as a share of the scores' spread (-1 to 1), so that a move that gains a coin
    or a level shows before it changes a rank."""
    scores = position_scores(game)
    if len(scores) < 2:
        return 0.0
    mine, best_other = scores[player], max(s for i, s in enumerate(scores) if i != player)
    spread = max(scores) - min(scores) + 1.0
    return 0.5 * evaluate(game, player) + 0.5 * max(-1.0, min(1.0, (mine - best_other) / spread))


class HeuristicRollouts(mcts.Evaluator):
    """Priors leaning to ``policy``'s choice (uniform without one); a leaf valued by a rollout of at most
    ``depth`` actions by ``policy`` (random actions when ``None``), then by the game's standing
    (:func:`~tablerules.sweep.summaries.evaluate`)."""

    def __init__(self, depth: int, rng: random.Random, policy: Agent | None, prior_weight: float = HEURISTIC_PRIOR,
                 margin: bool = False) -> None:
        self.depth = depth
        self.rng = rng
        self.policy = policy
        self.prior_weight = prior_weight
        self.margin = margin
        self._last: tuple[Game, int, int, Action] | None = None  # the policy's last choice (game, actions, seat)

    def _choice(self, game: Game, seat: int) -> Action:
        """The policy's choice (a new leaf's prior asks first, then its rollout: asked once)."""
        last = self._last
        if last is not None and last[0] is game and last[1] == game.num_actions and last[2] == seat:
            return last[3]
        choice = self.policy.choose(game, seat)  # type: ignore[union-attr]
        self._last = (game, game.num_actions, seat, choice)
        return choice

    def evaluate(self, state: osp.TablerulesState) -> np.ndarray:
        game = osp.tablerules_game(state)  # the simulation's own sampled world: ours to play on
        rollout(game, self.depth, self.rng, lambda g, seat: self._choice(g, seat) if self.policy is not None
                     else self.rng.choice(g.legal_actions(seat)))
        state._core.player = state._core.legal = None
        if game.is_over():
            return np.array(state.returns())
        value = standing if self.margin else evaluate
        return np.array([CUTOFF_DAMPING * value(game, p) for p in range(game.num_players())])

    def prior(self, state: osp.TablerulesState) -> list[tuple[int, float]]:
        """Half the prior on the action the heuristic agent would choose, the rest spread evenly."""
        legal = state.legal_actions()
        even = 1.0 / len(legal)
        if self.policy is None:
            return [(a, even) for a in legal]
        core = state._core
        choice = self._choice(core.game, core.current_player())
        rest = (1.0 - self.prior_weight) * even
        return [(a, rest + (self.prior_weight if core.moves[a] == choice else 0.0)) for a in legal]


class ISMCTSAgent(Agent):
    """Chooses by ``simulations`` ISMCTS simulations (UCT constant ``uct_c``), each in a world sampled for
    its seat, with heuristic rollouts of ``rollout_depth`` actions (``heuristic=False``: random ones)."""

    name = "ismcts"

    def __init__(self, simulations: int | None = None, rollout_depth: int | None = None, uct_c: float = 2.0,
                 seed: int | str = 0, heuristic: bool = True, prior_weight: float = HEURISTIC_PRIOR,
                 margin: bool = True) -> None:
        """``rollout_depth``: ``None``, the game's own (:func:`rollout_depth`); ``prior_weight``: the prior on
        the heuristic's choice; ``margin``: value a cut-off position by :func:`standing` (rank and lead),
        ``False``: by the rank alone."""
        super().__init__(seed)
        self.prior_weight = prior_weight
        self.margin = margin
        self.simulations = simulations or DEFAULT_SIMULATIONS
        self.rollout_depth = rollout_depth
        self.uct_c = uct_c
        self.heuristic = heuristic
        self._games: dict[tuple, osp.TablerulesGame] = {}
        #: simulations run by the last decision that searched (0 when it had one choice or no tree)
        self.last_simulations = 0

    def _wrapped(self, game: Game) -> osp.TablerulesGame:
        cls = type(game)
        scalars = osp._parameter_defaults(cls)
        params = {k: v for k, v in game.params_json().items() if k in scalars}
        key = (cls, tuple(sorted(params.items())))
        if key not in self._games:
            self._games[key] = osp.load(cls, **params)
        return self._games[key]

    def policy(self, game: Game) -> Agent | None:
        """The rollouts' agent: the game's heuristic agent (seeded by this agent's seed), or ``None``."""
        agent = type(game).heuristic_agent() if self.heuristic else None
        if agent is not None:
            agent.seed = f"{self.seed}/rollout"
        return agent

    def choose(self, game: Game, player: int) -> Action:
        self.last_simulations = 0
        legal = game.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        policy = self.policy(game)
        wrapped = self._wrapped(game)
        state = wrapped.new_initial_state()
        core = state._core = osp._Core(game.copy(), wrapped.spec, game.num_players(), wrapped.tables, whole=True)
        if state.current_player() != player:  # a response window asked a later seat first: no tree for it
            return policy.choose(game, player) if policy is not None else self.pick(game, player, legal)
        rng = self.tie_break(game, player)
        depth = rollout_depth(game.name) if self.rollout_depth is None else self.rollout_depth
        evaluator = HeuristicRollouts(depth, rng, policy, self.prior_weight, self.margin)
        bot = SeatISMCTSBot(wrapped, evaluator, self.uct_c,
                            self.simulations, random_state=np.random.RandomState(rng.randrange(2**31)),
                            child_selection_policy=ismcts.ChildSelectionPolicy.PUCT)
        bot.set_resampler(lambda s, p: osp.resampled(s, p, rng, game))
        choice = bot.step(state)
        self.last_simulations = self.simulations
        core.legal_ids()
        return core.moves[choice]
