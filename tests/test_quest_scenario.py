"""The public scenario API (tablerules.quest.scenario): positions set up by hand keep every card in
exactly one place and every invariant of the game."""

from __future__ import annotations

import doctest

import pytest

from tablerules.core.protocol import Chance
from tablerules.quest import scenario
from tablerules.quest.actions import PlayCard, Roll
from tablerules.quest.exploration import Explore
from tablerules.quest.scenario import backpack, hand, hero, monster, move_to, ready, take, wear


def test_the_module_examples_run() -> None:
    assert doctest.testmod(scenario).failed == 0


def test_cards_come_out_of_their_decks_and_the_invariants_hold() -> None:
    game = ready(players=3)
    before = len(game.treasure_deck)
    helmet = wear(game, 0, "firefighters_helmet")[0]
    potion = backpack(game, 0, "flight_potion")[0]
    gual = hand(game, 1, "go_up_a_level")[0]
    assert len(game.treasure_deck) == before - 3 + (game.card(gual).deck == "dxm")
    assert helmet in game.heroes[0].carried and potion in game.heroes[0].backpack and gual in game.heroes[1].hand
    hero(game, 2, level=7, health=2, gold=900, race="dwarf", cls="wizard", hand=["summon_wall"])
    h = game.heroes[2]
    assert (h.level, h.health, h.gold) == (7, 2, 900) and game.tags(2) >= {"dwarf", "wizard"}
    assert game.invariants() == []
    assert PlayCard(1, gual) in game.legal_actions(1) or game.current != 1
    with pytest.raises(ValueError):
        for _ in range(20):
            take(game, "firefighters_helmet")


def test_a_monster_placed_by_hand_is_fought_by_who_walks_in() -> None:
    game = ready(players=2)
    entrance = game.dungeon.entrance.id
    with pytest.raises(ValueError):
        monster(game, "gimpy_goblin", entrance, "blue")  # no monster stands in the entrance
    explore = next(a for a in game.legal_actions() if isinstance(a, Explore))
    game.apply(explore)
    game.apply(Chance("room", "crypt"))
    while game.is_chance() and game.chance_step().event in ("dxm", "link"):
        game.roll()
    game.apply(Chance("monster", "gimpy_goblin"))
    game.apply(Chance("base", "red"))
    while game.is_chance():
        game.roll()
    assert game.fight is not None  # the explorer fights the goblin that came with the room
    game = ready(players=2)  # the crypt placed as if explored, with no monster: nobody fights
    scenario.room(game, "crypt", (0, -1))
    move_to(game, 0, entrance)
    piece = monster(game, "shrieking_geek", "crypt", "blue")
    assert game.dungeon.monsters[piece].room == "crypt" and game.owner(piece) == 1
    with pytest.raises(ValueError):
        move_to(game, 1, "nowhere")
    assert game.fight is None and Roll(0) not in game.legal_actions()  # setting the scene starts no fight
    move_to(game, 1, "crypt")
    assert game.room_of(1).id == "crypt" and game.fight is None
