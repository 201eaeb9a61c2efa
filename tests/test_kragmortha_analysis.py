"""Kragmortha analysis: the exact desk chance (a worked number) and simulations by player count."""

from __future__ import annotations

from fractions import Fraction

from tablerules.kragmortha.analysis import desk_chance, simulate

LORDS = ["lord-grimoire-parchment", "lord-potion-gems", "lord-gems-crystal"]


def test_desk_chance_with_only_dark_lord_cards_next_to_the_desk() -> None:
    # d2 is next to the desk: no goblin card now -> 0 this turn; next turn any goblin card enters the
    # desk (书桌可以用任何圖案), and the deck holds 42 goblin cards of 56 (58 minus the 2 still in hand).
    assert desk_chance("d2", LORDS, 1) == 0
    assert desk_chance("d2", LORDS, 2) == Fraction(42, 56) == Fraction(3, 4)


def test_desk_chance_is_one_with_a_goblin_card_next_to_the_desk_and_grows_with_turns() -> None:
    assert desk_chance("d2", ["goblin-grimoire-parchment", *LORDS[:2]], 1) == 1
    hand = ["goblin-grimoire-parchment", "lord-potion-gems", "goblin-gems-crystal"]
    values = [desk_chance("d5", hand, n) for n in (1, 2, 3)]
    assert values == sorted(values) and all(isinstance(v, Fraction) for v in values)


def test_simulations_by_player_count() -> None:
    for players in (2, 5):
        out = simulate(players, games=3, agent="random")
        assert out["games"] == 3 and len(out["wins_by_seat"]) == players and out["mean_turns"] > 0
    out = simulate(3, games=3, agent="greedy")
    assert sum(out["end"].values()) == 3


def test_the_panel_plays_a_turn_through_its_buttons() -> None:
    from tablerules.widgets.kragmortha_panel import KragmorthaPanel

    panel = KragmorthaPanel(players=3, seat=0, seed=2)
    assert "the dark lord (黑暗領主) on d5" in panel.board.svg and panel.buttons.children
    before = panel.game.num_actions
    panel.buttons.children[0].click()
    assert panel.game.num_actions > before and "Your hand" in panel.cards.value


def test_no_widget_imports_inside_the_rules_package() -> None:
    from pathlib import Path

    import tablerules.kragmortha as pkg

    for path in Path(pkg.__file__).parent.rglob("*.py"):
        text = path.read_text()
        assert "ipywidgets" not in text and "IPython" not in text, path
