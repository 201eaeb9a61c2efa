"""Baldur's Gate analysis: exact event odds, protection chances, simulations, the greedy agent, the CLI."""

from __future__ import annotations

from fractions import Fraction

from tablerules.baldur.agents import GreedyAgent
from tablerules.baldur.analysis import event_odds, named_event_odds, protection_chance, simulate
from tablerules.baldur.game import Baldur
from tablerules.baldur.scenario import new_game, stack_bank


def test_event_odds_follow_the_bank_composition() -> None:
    game = new_game(seed=3)
    odds = event_odds(game)
    assert sum(odds.values()) == 1
    bank = game.state.bank
    assert odds["joker"] == Fraction(sum(c in ("BJ", "RJ") for c in bank), len(bank))
    assert named_event_odds(game)[0][2] == max(odds.values())


def test_event_odds_are_certain_when_the_bank_order_is_known() -> None:
    game = new_game(seed=3)  # the first player has drawn: the other 3 seats' turns draw 3 cards each first
    stack_bank(game, ["2S"] * 2 + ["3S"] * 2 + ["4S"] * 2 + ["5S"] * 2 + ["6S", "7S"])
    assert event_odds(game) == {"black 7": Fraction(1)}


def test_protection_chance_exact() -> None:
    # hands of 1 card from {5, 2, 9}: only the 5 makes 5 alone
    assert protection_chance(["5S", "2S", "9S"], 1, 5) == Fraction(1, 3)
    # hands of 2: {5,2} yes, {5,9} yes, {2,9} no (9-2=7, 9+2=11, 18, 4.5)
    assert protection_chance(["5S", "2S", "9S"], 2, 5) == Fraction(2, 3)
    assert protection_chance(["5S", "5H", "2S"], 2, 5, heroes=2) == Fraction(1, 3)


def test_simulations_random_and_greedy() -> None:
    for agents in ("random", "greedy"):
        out = simulate(2, agents, seed=1)
        assert len(out["rounds"]) == 2 and all(r >= 1 for r in out["rounds"])
        assert all(len(s) == 4 for s in out["scores"])


def test_greedy_agent_plays_legal_actions() -> None:
    game = Baldur(seed=9)
    agent = GreedyAgent()
    for _ in range(300):
        if game.is_over():
            break
        if game.is_chance():
            game.roll()
        else:
            p = game.to_act()[0]
            action = agent.choose(game, p)
            assert action in game.legal_actions(p)
            game.apply(action)


def test_cli_simulate_baldur_heuristic() -> None:
    from tablerules.core.simulation import simulate as core_simulate

    summary = core_simulate(Baldur, 2, seed=0, agents=Baldur.heuristic_agent())
    assert summary is not None


def test_panel_renders_and_hides_other_hands() -> None:
    from tablerules.widgets.baldur_panel import BaldurPanel, seats_html

    game = new_game(seed=2)
    panel = BaldurPanel(game, humans=(0,))
    text = panel.render_state()
    assert "Baldur" in panel.widget.children[0].value or "round" in text
    view = seats_html(game, 0)
    from tablerules.baldur.cards import card_label

    assert "cards (hidden)" in view and all(f">{card_label(card)}<span" in view for card in game.state.seats[0].hand)


def test_rules_package_imports_no_widgets() -> None:
    import pathlib

    root = pathlib.Path(__file__).resolve().parents[1] / "tablerules" / "baldur"
    for path in root.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "ipywidgets" not in text and "IPython" not in text, path.name
