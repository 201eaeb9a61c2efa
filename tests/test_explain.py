""""Why this number" and exact odds for every game, in the terminal too (`tablerules play`)."""

from __future__ import annotations

import io
from fractions import Fraction

from tablerules.cli import play_loop
from tablerules.explain import explain
from tablerules.kragmortha import scenario as ks
from tablerules.widgets.baldur_panel import crusades_example
from tablerules.widgets.kragmortha_panel import near_the_desk_example
from tablerules.widgets.munchkin_widgets import helper_example
from tablerules.widgets.quest_panel import shrieking_geek_example
from tablerules.widgets.smallworld_panel import final_attempt_example


def test_the_worked_examples_explained() -> None:
    """Seed 000 请求帮助 (the Drooling Slime's +4 against the elf helper, once); seed 001 pp. 11-12 (the
    Shrieking Geek: 7 against 12, the Padded Cell's red warrior icon takes the only die); seed 003 增援骰
    (one token, a region costing 2: 1/2; costing 3: 1/3)."""
    munchkin = explain(helper_example())
    assert ("the monsters' strength", [("Drooling Slime level", 1), ("Drooling Slime +4 against elf", 4)], 5) \
        in munchkin.breakdowns
    assert ("player 0 escapes every monster", Fraction(1, 3)) in munchkin.odds
    quest = explain(shrieking_geek_example())
    totals = {title: total for title, _, total in quest.breakdowns}
    assert totals == {"the munchkins' strength": 7, "the monsters' strength": 12, "player 0's combat dice": 0}
    small = explain(final_attempt_example())
    assert sorted(p for _, p in small.odds) == [Fraction(1, 3), Fraction(1, 2)]
    assert all(sum(v for _, v in terms) == total for _, terms, total in small.breakdowns)
    desk = explain(near_the_desk_example(), 0)
    assert [p for _, p in desk.odds] == [0, 1]
    assert sum(p for _, p in explain(crusades_example()).odds) <= 1


def test_kragmortha_scenario_places_a_goblin_and_gives_the_turn() -> None:
    game = ks.placed(players=3, seed=1)
    ks.move_goblin(game, 0, "d4")
    ks.set_turn(game, 0)
    assert game.board.label(game.state.seats[0].square) == "d4" and game.to_act() == (0,)
    assert game.invariants() == []


def test_terminal_play_shows_the_breakdown_and_odds() -> None:
    out = io.StringIO()
    play_loop(helper_example(), io.StringIO("q\n"), out)
    text = out.getvalue()
    assert "why the monsters' strength = 5: Drooling Slime level +1, Drooling Slime +4 against elf +4" in text
    assert "odds: player 0 escapes every monster = 1/3" in text


def test_every_munchkin_and_quest_card_has_a_text_and_a_chinese_name() -> None:
    """The card files hold no printed text: the text shown on hover is read off each card's data."""
    from tablerules.families.munchkin.cardtext import card_text
    from tablerules.munchkin.cards import load_cards
    from tablerules.quest.game import QuestGame

    quest = QuestGame({"players": 2}, seed=0)
    cards = [*load_cards().values(), *quest.cards.values(), *quest.monster_cards.values()]
    for card in cards:
        assert card.name_zh and len(card_text(card)) > 8, card.id
    assert card_text(load_cards()["drooling_slime"]).startswith("Monster, level 1. +4 against elf.")


def test_one_r_rolls_the_whole_deal() -> None:
    """Seed 000 (人物创建): 4 Door and 4 Treasure cards each; one ``r`` deals them all."""
    from tablerules.munchkin.game import MunchkinGame

    game = play_loop(MunchkinGame({"players": 3}, seed=1), io.StringIO("r\nq\n"), io.StringIO())
    assert not game.is_chance() and game.num_actions == 24 and game.stage() == "character creation"
