"""Information-set MCTS (issue 26, items 2, 3 and 6): the wrapper's ``resample_from_infostate`` lets
OpenSpiel's ``ISMCTSBot`` play every game; the kit's ``ismcts`` agent decides from its seat's information
set only, and the CLI, sweeps and panels take it by name."""

from __future__ import annotations

import json
import random
from io import StringIO

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts  # noqa: E402
from test_agent_views import changed_choices, positions  # noqa: E402

from tablerules.cli import main  # noqa: E402
from tablerules.core.agents import agent_names, make_agent  # noqa: E402
from tablerules.core.registry import game_class, game_names  # noqa: E402
from tablerules.interop import openspiel as osp  # noqa: E402
from tablerules.interop.ismcts import HeuristicRollouts, ISMCTSAgent, SeatISMCTSBot  # noqa: E402
from tablerules.sweep.summaries import evaluate, seat_scores  # noqa: E402

HIDING = ["munchkin", "quest", "smallworld", "baldursgate", "kragmortha"]  # declared imperfect information


def play_to_a_decision(state: pyspiel.State, rng: random.Random, steps: int) -> None:
    """Random steps (chance by its odds), then on to the next decision with more than one choice."""
    for i in range(10_000):
        if state.is_terminal():
            return
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(ids, probs)[0])
        elif i >= steps and len(state.legal_actions()) > 1:
            return
        else:
            state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", HIDING)
def test_a_resampled_state_looks_the_same_to_the_seat(name: str) -> None:
    game = osp.load(name, seed=2)
    rng = random.Random(4)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    redrawn = 0
    for steps in (5, 40, 90):
        state = game.new_initial_state()
        play_to_a_decision(state, rng, steps)
        if state.is_terminal():
            continue
        player = state.current_player()
        for _ in range(3):
            other = state.resample_from_infostate(player, sampler)
            assert other.information_state_string(player) == state.information_state_string(player)
            assert other.observation_string(player) == state.observation_string(player)
            assert other.legal_actions() == state.legal_actions() and other.current_player() == player
            redrawn += str(other) != str(state)
    assert redrawn > 0 or name == "smallworld"  # something hidden was redrawn (Small World: one world only)


@pytest.mark.parametrize("name", game_names())
def test_openspiel_ismcts_bot_plays_every_game_through_the_wrapper(name: str) -> None:
    """OpenSpiel's own ISMCTSBot (worlds from the wrapper's resample_from_infostate) makes decisions in
    every game; it refuses a perfect-information game (the crawl), which the kit's SeatISMCTSBot takes."""
    game = osp.load(name, seed=1)
    evaluator = HeuristicRollouts(2, random.Random(0), None)
    perfect = game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
    bot_class = SeatISMCTSBot if perfect else ismcts.ISMCTSBot
    bot = bot_class(game, evaluator, 2.0, 12, random_state=np.random.RandomState(0))
    state = game.new_initial_state()
    rng = random.Random(1)
    decisions = 0
    while decisions < 4 and not state.is_terminal():
        play_to_a_decision(state, rng, 3)
        if state.is_terminal():
            break
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        decisions += 1
    assert decisions == 4
    if perfect and not state.is_terminal():
        with pytest.raises(AssertionError):
            ismcts.ISMCTSBot(game, evaluator, 2.0, 4).run_search(state)


@pytest.mark.parametrize("name", game_names())
def test_the_ismcts_agent_decides_from_its_seat_only(name: str) -> None:
    cls = game_class(name)
    agent = ISMCTSAgent(simulations=16, seed=2)
    games = positions(name, 6, seed=1, agent="random" if cls.heuristic_agent() is None else "heuristic")
    assert changed_choices(agent, games, worlds=2) == []
    assert agent.last_simulations in (0, 16)


def test_a_stopped_position_is_valued_by_the_standing() -> None:
    game = positions("munchkin", 1, seed=2)[0]
    scores = seat_scores(game)
    values = [evaluate(game, p) for p in range(game.num_players())]
    for p, v in enumerate(values):
        ahead = sum(s > scores[p] for s in scores)
        behind = sum(s < scores[p] for s in scores)
        assert v == (behind - ahead) / (len(scores) - 1)
    assert all(-1 <= v <= 1 for v in values)


def test_the_ismcts_agent_is_known_by_name_and_simulate_and_sweep_take_it(monkeypatch) -> None:
    from tablerules.interop import ismcts as kit_ismcts
    from tablerules.sweep.records import play_one

    assert "ismcts" in agent_names()
    agent = make_agent("ismcts", game_class("baldursgate"), 3)
    assert isinstance(agent, ISMCTSAgent) and agent.seed == 3
    monkeypatch.setattr(kit_ismcts, "DEFAULT_SIMULATIONS", 6)
    out = StringIO()
    assert main(["simulate", "quest-crawl", "--games", "1", "--agents", "ismcts", "--json"], out=out) == 0
    assert json.loads(out.getvalue())["games"] == 1
    row = play_one(game_class("baldursgate"), {}, 3, ("ismcts", "random"), max_actions=60)
    assert row["agents"][:2] == ["ismcts", "random"]


def test_the_panels_agents_menu_offers_ismcts(monkeypatch) -> None:
    pytest.importorskip("ipywidgets")
    from tablerules.interop import ismcts as kit_ismcts
    from tablerules.widgets.stepper import StepThrough

    monkeypatch.setattr(kit_ismcts, "DEFAULT_SIMULATIONS", 6)
    panel = StepThrough(game_class("quest-crawl")(seed=1), humans=[1])
    assert "ismcts" in panel.agent_pick.options
    panel.agent_pick.value = "ismcts"
    assert isinstance(panel.agent_for(0), ISMCTSAgent)


def test_the_search_leans_to_the_heuristic_choice() -> None:
    """PUCT's prior: half on the action the heuristic agent would play, the rest even (the choice is the
    heuristic's in the world the node was reached in)."""
    game = osp.load("baldursgate", seed=3)
    state = game.new_initial_state()
    play_to_a_decision(state, random.Random(2), 30)
    policy = game_class("baldursgate").heuristic_agent()
    prior = dict(HeuristicRollouts(2, random.Random(0), policy).prior(state))
    legal = state.legal_actions()
    assert sorted(prior) == legal and abs(sum(prior.values()) - 1) < 1e-9
    chosen = policy.choose(osp.tablerules_game(state), state.current_player())
    best = max(prior, key=prior.get)
    assert state._core.moves[best] == chosen and prior[best] == pytest.approx(0.5 + 0.5 / len(legal))
    assert dict(HeuristicRollouts(2, random.Random(0), None).prior(state)) == {a: 1 / len(legal) for a in legal}


def test_a_small_world_conquest_counts_at_once_in_the_standing() -> None:
    """Small World's coins come at a turn's end: mid-turn, a seat's standing counts its regions' income."""
    from tablerules.smallworld import actions as SA
    from tablerules.sweep.summaries import POSITION_SCORES

    for game in positions("smallworld", 40, seed=4):
        player = game.to_act()[0]
        conquests = [a for a in game.legal_actions(player) if isinstance(a, SA.Conquer)]
        if conquests:
            break
    else:
        raise AssertionError("no conquest among the positions")
    before = POSITION_SCORES["smallworld"](game)
    coins = game.state.seats[player].coins
    game.apply(conquests[0])
    after = POSITION_SCORES["smallworld"](game)
    assert game.state.seats[player].coins == coins and after[player] > before[player]


def test_a_node_whose_actions_differ_between_worlds_offers_only_this_worlds_actions() -> None:
    """Another seat's node is keyed by what that seat knows; in two worlds its actions may differ (a
    Baldur's Gate game crashed OpenSpiel's bot on it): the bot expands and chooses among the legal ones."""
    game = osp.load("baldursgate", seed=3)
    state = game.new_initial_state()
    play_to_a_decision(state, random.Random(2), 30)
    legal = state.legal_actions()
    bot = SeatISMCTSBot(game, HeuristicRollouts(1, random.Random(0), None), 2.0, 4,
                        random_state=np.random.RandomState(0))
    node = ismcts.ISMCTSNode()
    node.total_visits = 9
    node.prior_map = {a: 1.0 for a in [*legal, 10**6]}
    node.child_info = {10**6: ismcts.ChildInfo(5, 5.0, 1.0), legal[0]: ismcts.ChildInfo(4, 0.0, 1.0)}
    bot.prior_first = False  # OpenSpiel's way: every child tried once first
    assert bot.check_expand(node, legal) in legal[1:]  # the unexpanded legal ones, never the stranger
    for a in legal[1:]:
        bot.expand_if_necessary(state, node, a)
        node.child_info[a].visits, node.total_visits = 1, node.total_visits + 1
    assert bot.check_expand(node, legal) == pyspiel.INVALID_ACTION
    assert {bot.select_action_tree_policy(state, node, legal) for _ in range(20)} <= set(legal)
    node.prior_map = {}
    node.child_info.pop(legal[-1])
    bot.expand_if_necessary(state, node, legal[-1])  # an action the node's prior never listed
    assert node.child_info[legal[-1]].prior == pytest.approx(1 / len(legal))


def test_the_search_follows_the_prior_from_the_first_visit() -> None:
    """The children come all at once with their priors (AlphaZero's PUCT, as OpenSpiel's MCTSBot): no child is
    forced to be tried before the tree policy is asked, a child not tried counts as an even result, and the
    prior alone sends the first visits to the heuristic's choice. With the old way (every child once, in
    random order) 100 simulations spread over Munchkin's median 17 or Quest's 24 actions left the choice
    nearly to chance."""
    game = osp.load("baldursgate", seed=3)
    state = game.new_initial_state()
    play_to_a_decision(state, random.Random(2), 30)
    legal = state.legal_actions()
    assert len(legal) > 2
    bot = SeatISMCTSBot(game, HeuristicRollouts(1, random.Random(0), None), 2.0, 4,
                        random_state=np.random.RandomState(0))
    node = ismcts.ISMCTSNode()
    node.total_visits = 0
    favourite = legal[-1]
    node.prior_map = {a: (0.6 if a == favourite else 0.4 / (len(legal) - 1)) for a in legal}
    assert bot.check_expand(node, legal) == pyspiel.INVALID_ACTION
    assert bot.select_action_tree_policy(state, node, legal) == favourite
    assert set(node.child_info) == set(legal)  # every legal child is there, none tried
    # a tried child that did badly gives way to the next prior; one that did well keeps the visits
    node.child_info[favourite].visits, node.child_info[favourite].return_sum, node.total_visits = 3, -3.0, 3
    assert bot.select_action_tree_policy(state, node, legal) != favourite
    node.child_info[favourite].return_sum = 3.0
    assert bot.select_action_tree_policy(state, node, legal) == favourite


def test_the_prior_weight_and_the_finer_standing() -> None:
    """``prior_weight`` is the heuristic's share of the prior (the rest spread evenly); ``standing`` (the
    ``margin=True`` cut-off value) is half the rank and half the lead over the best other seat, so it moves with
    a coin before a rank changes."""
    from tablerules.interop.ismcts import standing

    game = osp.load("smallworld", seed=1)
    state = game.new_initial_state()
    play_to_a_decision(state, random.Random(3), 40)
    # the search's own states list full ids, one choice an action (whole=True), as ISMCTSAgent makes them
    state._core = osp._Core(state._core.game.copy(), game.spec, game.num_players(), game.tables, whole=True)
    core = state._core
    legal = state.legal_actions()
    policy = game_class("smallworld").heuristic_agent()
    for weight in (0.5, 0.25):
        prior = dict(HeuristicRollouts(1, random.Random(0), policy, prior_weight=weight).prior(state))
        favourite = next(a for a in legal if core.moves[a] == policy.choose(core.game, core.current_player()))
        assert sum(prior.values()) == pytest.approx(1.0)
        assert prior[favourite] == pytest.approx(weight + (1 - weight) / len(legal))
    played = core.game
    from tablerules.interop.ismcts import position_scores

    scores = position_scores(played)
    for seat in range(played.num_players()):
        lead = scores[seat] - max(s for i, s in enumerate(scores) if i != seat)
        spread = max(scores) - min(scores) + 1
        want = 0.5 * evaluate(played, seat) + 0.5 * max(-1.0, min(1.0, lead / spread))
        assert standing(played, seat) == pytest.approx(want) and -1 <= standing(played, seat) <= 1
    assert scores == [3, 7, 10]  # seat 2 leads by 3 coins (with its next income) of a spread of 7 (+1)
    assert standing(played, 2) == pytest.approx(0.5 * 1 + 0.5 * 3 / 8)
    assert standing(played, 0) == pytest.approx(0.5 * -1 + 0.5 * -7 / 8)
