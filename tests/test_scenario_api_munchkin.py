"""The Munchkin scenario API (issue 24): the discard piles, a character who just died, turns already played,
levels; setters refuse what the rules cannot hold, naming the field."""

from __future__ import annotations

import pytest
from scenario_play import play_random

from tablerules.core.errors import ScenarioError
from tablerules.munchkin import scenario as S
from tablerules.munchkin.actions import LootBody
from tablerules.munchkin.game import MunchkinGame


def refused(field: str, call, *args, **kwargs) -> ScenarioError:
    with pytest.raises(ScenarioError) as caught:
        call(*args, **kwargs)
    assert caught.value.field == field
    assert str(caught.value).startswith(f"munchkin scenario: {field}: ")
    return caught.value


@pytest.fixture
def game() -> MunchkinGame:
    return S.ready(players=3)


def test_set_discards(game: MunchkinGame) -> None:
    copies = S.set_discards(game, door=["elf", "dwarf"], treasure=["broad_sword"])
    assert copies == ["elf#1", "dwarf#1", "broad_sword#1"] and game.invariants() == []
    seen = game.observe(1)
    assert seen["door_discard"] == ["dwarf#1"] and seen["door_discard_size"] == 2  # the top card, face up
    assert seen["treasure_discard"] == ["broad_sword#1"]
    S.set_discards(game)  # empty again: the cards go back into the decks
    assert game.state.door_discard == [] and "elf#1" in game.state.door_deck and game.invariants() == []


def test_set_discards_refuses_the_wrong_pile_unknown_cards_and_too_many_copies(game: MunchkinGame) -> None:
    error = refused("door_discard", S.set_discards, game, door=["broad_sword"])
    assert "Treasure card" in str(error)
    refused("treasure_discard", S.set_discards, game, treasure=["no_such_card"])
    copies = sum(c.split("#")[0] == "elf" for c in game.state.door_deck)
    refused("door_discard", S.set_discards, game, door=["elf"] * (copies + 1))
    assert game.invariants() == []


def test_died_with_the_body_to_loot(game: MunchkinGame) -> None:
    S.set_level(game, 2, 4)  # the highest level loots first: no roll for the order
    S.put_in_hand(game, 1, "dwarf")
    S.put_in_play(game, 1, "boots_of_butt_kicking")
    S.died(game, 1, looted=True)
    assert game.stage() == "looting the body" and sorted(game.state.body) == ["boots_of_butt_kicking#1", "dwarf#1"]
    assert {type(a) for a in game.legal_actions()} == {LootBody} and {a.player for a in game.legal_actions()} == {2}
    assert game.observe(0)["players"][1]["redraw"] is True and game.invariants() == []


def test_died_and_looted(game: MunchkinGame) -> None:
    S.put_in_hand(game, 2, "dwarf")
    S.put_in_play(game, 2, "broad_sword")
    S.set_level(game, 2, 5)
    S.died(game, 2)
    dead = game.observe(0)["players"][2]
    assert dead["redraw"] is True and dead["hand_size"] == 0 and dead["carried"] == [] and dead["level"] == 5
    assert "dwarf#1" in game.state.door_discard and "broad_sword#1" in game.state.treasure_discard
    assert game.invariants() == []


def test_died_refuses_the_player_to_kick_a_second_body_and_unknown_players(game: MunchkinGame) -> None:
    refused("died[0]", S.died, game, 0)  # player 0 is about to kick open the door
    refused("died[3]", S.died, game, 3)
    S.put_in_hand(game, 1, "dwarf")
    S.died(game, 1, looted=True)
    refused("died[2]", S.died, game, 2)


def test_set_turns(game: MunchkinGame) -> None:
    S.set_turns(game, 37)
    assert game.turn_number() == 37 and game.observe(0)["turns"] == 37 and game.invariants() == []


@pytest.mark.parametrize("bad", [-1, 400])
def test_set_turns_refuses_turns_past_the_cap(game: MunchkinGame, bad: int) -> None:
    refused("turns", S.set_turns, game, bad)


def test_set_level_refuses_level_ten_and_zero(game: MunchkinGame) -> None:
    error = refused("level[1]", S.set_level, game, 1, 10)
    assert "by a kill" in str(error)
    refused("level[1]", S.set_level, game, 1, 0)


def test_fifty_random_actions_from_a_staged_position(game: MunchkinGame) -> None:
    S.set_discards(game, door=["elf"], treasure=["broad_sword"])
    S.set_turns(game, 20)
    S.set_level(game, 1, 6)
    S.put_in_hand(game, 1, "dwarf", "boots_of_butt_kicking")
    S.died(game, 1, looted=True)
    assert play_random(game, 50, seed=5) == 50


def test_become_refuses_a_card_that_is_not_a_race_or_a_class(game: MunchkinGame) -> None:
    refused("race[0]", S.become, game, 0, race="wizard")
    refused("cls[0]", S.become, game, 0, cls="elf")
    S.become(game, 0, race="elf", cls="wizard")
    assert game.invariants() == [] and game.observe(1)["players"][0]["race"].startswith("elf")


def test_set_hand_holds_exactly_these_cards(game: MunchkinGame) -> None:
    S.put_in_hand(game, 1, "dwarf")
    copies = S.set_hand(game, 1, "elf", "broad_sword")
    assert game.players[1].hand == copies and [c.split("#")[0] for c in copies] == ["elf", "broad_sword"]
    assert game.invariants() == [] and len(game.door_deck) + len(game.treasure_deck) > 0
    S.set_hand(game, 1)
    assert game.players[1].hand == [] and game.invariants() == []
    refused("hand[1]", S.set_hand, game, 1, "no_such_card")
    refused("hand", S.set_hand, game, 5, "elf")
    refused("hand[1]", S.set_hand, game, 1, *["elf"] * 9)
