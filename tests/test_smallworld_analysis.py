"""Small World analysis: final-attempt odds, the conquest planner, agents, simulations, drawings, the CLI."""

from __future__ import annotations

import io
import random
from fractions import Fraction

from tablerules.cli import main
from tablerules.core.agents import RandomAgent, play_game
from tablerules.smallworld import actions as A
from tablerules.smallworld.agents import GreedyAgent
from tablerules.smallworld.analysis import draw_map, final_attempt_odds, final_attempt_table, plan_conquests, simulate
from tablerules.smallworld.game import SmallWorld
from tablerules.smallworld.scenario import begin, give, new_game, set_hand


def test_final_attempt_odds_exact() -> None:
    table = final_attempt_table()
    assert table[(2, 3)] == Fraction(1, 2) and table[(2, 4)] == Fraction(1, 3) and table[(2, 5)] == Fraction(1, 6)
    assert table[(2, 6)] == 0
    g = new_game(3, lost_tribes=False)
    give(g, 0, "Ratmen", "Alchemist", hand=1)
    begin(g, 0)
    attempt = next(a for a in g.legal_actions() if isinstance(a, A.FinalAttempt) and a.cost == 2)
    g.apply(attempt)
    assert final_attempt_odds(g) == Fraction(1, 2)


def test_planner_finds_the_best_order_with_the_exact_expectation() -> None:
    g = new_game(3, lost_tribes=False)
    give(g, 0, "Ratmen", "Alchemist", hand=5)
    begin(g, 0)
    plan = plan_conquests(g)
    # 5 tokens: two empty regions at 2 each, then 1 token short of a third: 2 regions + Alchemist 2,
    # and the last attempt (needs 2 with 1) succeeds with probability 1/2
    assert plan.expected == 2 + 2 + Fraction(1, 2)
    assert isinstance(plan.actions[-1], A.FinalAttempt)
    assert sum(isinstance(a, A.Conquer) for a in plan.actions) == 2
    assert plan.complete and not any("limit" in line for line in plan.describe())


def test_planner_says_when_it_stops_at_its_limit() -> None:
    """A plan cut short by the limit of positions says so (issue 24: it stopped silently at 20,000 nodes)."""
    from tablerules.plots.smallworld_plot import plan_table

    g = new_game(3, lost_tribes=False)
    give(g, 0, "Ratmen", "Alchemist", hand=8)
    begin(g, 0)
    plan = plan_conquests(g, max_nodes=5)
    assert not plan.complete and plan.nodes >= 5
    assert f"stopped at its limit of {plan.nodes:,} positions" in plan.describe()[-1]
    assert "not proven" in plan_table(plan).caption


def test_greedy_agent_beats_random_agents() -> None:
    wins = 0
    for seed in range(12):
        g = play_game(SmallWorld({"players": 3}, seed=seed), [GreedyAgent(), RandomAgent(seed), RandomAgent(-seed)])
        wins += 0 in g.result().winners
    assert wins >= 6
    assert SmallWorld.heuristic_agent().name == "greedy"


def test_simulation_summary_and_drawing() -> None:
    import matplotlib

    matplotlib.use("Agg")
    summary = simulate(3, players=3, agents=GreedyAgent())
    assert summary.games == 3 and len(summary.lengths) == 3 and summary.coins_by_race
    g = play_game(SmallWorld({"players": 2}, seed=1), max_steps=60)
    ax = draw_map(g)
    assert ax.get_title().startswith("2-player board")
    assert draw_map(g, colour_by="owner").get_title().startswith("2-player board")


def test_cli_simulate_smallworld() -> None:
    out = io.StringIO()
    assert main(["simulate", "smallworld", "--games", "2", "--agents", "heuristic"], out=out) == 0
    assert "finished  2" in out.getvalue()
    out = io.StringIO()
    assert main(["play", "smallworld", "--seed", "1"], out=out, inp=io.StringIO("r\nr\nq\n")) == 0
    assert "race banner" in out.getvalue()


def test_cli_simulate_random_and_play_one_seat() -> None:
    """`tablerules simulate smallworld --agents random` and `tablerules play smallworld --seat 1`: the seat sees
    its own coins and "?" for the others' (seed 003: 代币数量在游戏过程中不需要公开)."""
    out = io.StringIO()
    assert main(["simulate", "smallworld", "--games", "2", "--agents", "random"], out=out) == 0
    assert "finished  2" in out.getvalue()
    out = io.StringIO()
    stdin = "r\n" * 12 + "0\n" * 40 + "q\n"
    assert main(["play", "smallworld", "--seed", "2", "--seat", "1", "--agents", "heuristic"], out=out,
                inp=io.StringIO(stdin)) == 0
    text = out.getvalue()
    assert "You play seat 1" in text and "player 0: coins face down" in text and "player 1: 5 coins" in text


def test_every_legal_action_text_is_unique_in_random_games() -> None:
    for players in (2, 5):
        g = SmallWorld({"players": players}, seed=players)
        rng = random.Random(players)
        while not g.is_over():
            texts = [a.describe() for a in g.legal_actions()]
            assert len(texts) == len(set(texts)), texts
            g.apply(g.sample_chance(rng) if g.is_chance() else rng.choice(g.legal_actions()))


def test_panel_shows_map_row_rule_box_and_attempt_odds() -> None:
    import matplotlib

    matplotlib.use("Agg")
    from tablerules.widgets.smallworld_panel import SmallWorldPanel

    g = new_game(3, lost_tribes=False)
    panel = SmallWorldPanel(g, draw=False)
    assert "Pick a combo" in panel.state_view.value and "Skeletons" in panel.state_view.value
    panel.actions_box.children[2].click()  # a button: the third combo
    assert g.state.seats[0].race == "Skeletons"
    while g.is_chance():
        panel.roll_button.click()
    give(g, 1, "Humans", "Hill")
    set_hand(g, 0, 1)
    attempt = next(a for a in g.legal_actions() if isinstance(a, A.FinalAttempt))
    panel.play(attempt)
    assert "P(success) = 1/2" in panel.state_view.value or "P(success)" in panel.state_view.value


def test_planner_values_berserk_rolls_exactly() -> None:
    g = new_game(3, lost_tribes=False)
    give(g, 0, "Ratmen", "Berserk", hand=2)
    begin(g, 0)
    plan = plan_conquests(g)
    assert isinstance(plan.actions[0], A.RollBerserk)
    # 2 tokens: one empty region for sure (cost 2); a 2 or 3 on the die (1/3) makes it cost 1 or less, leaving a
    # token for a second roll: the exact expectation is above 1 region
    assert Fraction(1) < plan.expected < Fraction(3)
