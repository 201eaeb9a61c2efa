"""Munchkin any-time actions (任何时候), each played by a seat that is NOT to act while someone else's
stage is pending: curses, Go Up a Level (not to 10), giving up a race or class, one-shots in a fight,
and trading items in play outside a fight."""

from __future__ import annotations

import pytest
from munchkin_helpers import become, hand, kick, ready, set_level, wear

from tablerules.core.errors import IllegalAction
from tablerules.munchkin.game import (
    AnswerTrade,
    Fight,
    GiveCard,
    GiveUp,
    LookForTrouble,
    OfferTrade,
    PlayCard,
    PlayCurse,
    PlayOneShot,
    SellItem,
)


def test_a_curse_out_of_turn() -> None:
    game = ready()
    set_level(game, 0, 4)
    curse = hand(game, 2, "curse_lose_a_level")[0]
    assert game.stage() == "kick open the door" and game.to_act() == (0,)
    assert PlayCurse(2, curse, 0) in game.legal_actions(2)
    game.apply(PlayCurse(2, curse, 0))
    assert game.players[0].level == 3 and curse in game.door_discard
    assert game.stage() == "kick open the door" and game.to_act() == (0,)


def test_go_up_a_level_out_of_turn_but_not_to_ten() -> None:
    game = ready()
    kick(game, "elf")  # player 0 now looks for trouble or loots the room
    level = hand(game, 1, "go_up_a_level")[0]
    assert game.to_act() == (0,) and PlayCard(1, level) in game.legal_actions(1)
    game.apply(PlayCard(1, level))
    assert game.players[1].level == 2 and game.stage() == "look for trouble or loot the room"
    again = hand(game, 2, "go_up_a_level")[0]
    set_level(game, 2, 9)
    assert PlayCard(2, again) not in game.legal_actions(2)
    with pytest.raises(IllegalAction):
        game.apply(PlayCard(2, again))


def test_giving_up_a_race_during_someone_elses_fight() -> None:
    game = ready()
    become(game, 2, race="elf")
    elf = game.players[2].race
    kick(game, "harpies")
    assert game.stage() == "combat" and game.to_act() == (0,)
    assert GiveUp(2, elf) in game.legal_actions(2)
    game.apply(GiveUp(2, elf))
    assert game.players[2].race is None and elf in game.door_discard and game.stage() == "combat"


def test_a_one_shot_for_the_monster_before_the_fighter_is_ready() -> None:
    game = ready()
    set_level(game, 0, 5)
    kick(game, "harpies")  # level 4
    assert game.winning()
    potion = hand(game, 1, "magic_missile")[0]  # +5
    assert game.to_act() == (0,) and PlayOneShot(1, potion, "monster") in game.legal_actions(1)
    game.apply(PlayOneShot(1, potion, "monster"))
    assert game.monster_strength() == 4 + 5 and not game.winning() and game.stage() == "combat"


def test_trading_out_of_turn_but_not_in_a_fight() -> None:
    game = ready()
    wear(game, 1, "leather_armour")
    wear(game, 2, "flaming_armour")
    leather, flaming = game.players[1].carried[0], game.players[2].carried[0]
    assert game.to_act() == (0,) and OfferTrade(1, leather, 2, flaming) in game.legal_actions(1)
    game.apply(OfferTrade(1, leather, 2, flaming))
    assert game.stage() == "trade offer" and game.to_act() == (2,)
    game.apply(AnswerTrade(2, True))
    assert game.players[1].carried == [flaming] and game.players[2].carried == [leather]
    assert game.stage() == "kick open the door" and game.to_act() == (0,)
    kick(game, "harpies")
    assert not any(isinstance(a, OfferTrade) for p in range(3) for a in game.legal_actions(p))


def test_refused_actions_name_their_rule() -> None:
    """Seed 000 卡牌规则概述: "每种卡牌都可以在某一特定时刻使用" (out of its moment a card is refused, naming the
    rule)."""
    game = ready()
    set_level(game, 0, 9)
    level = hand(game, 0, "go_up_a_level")[0]
    curse = hand(game, 1, "curse_lose_a_level")[0]
    refused = [
        (PlayCard(0, level), "go up a level"),
        (PlayCard(0, "elf#1"), "playing cards"),  # not in the hand
        (PlayCurse(1, curse, 7), "curses"),  # no player 7
        (PlayCurse(2, curse, 0), "curses"),  # not player 2's card
        (SellItem(0, "no_such_card#1"), "selling"),
        (OfferTrade(0, "leather_armour#1", 1, "flaming_armour#1"), "trading"),
        (GiveCard(0, level, 1), "charity"),
        (LookForTrouble(0, level), "look for trouble"),
        (Fight(1), "turn order"),  # no fight: it is player 0's turn to kick open the door
    ]
    for action, rule in refused:
        with pytest.raises(IllegalAction) as info:
            game.apply(action)
        assert info.value.rule == rule, (action, info.value)
    kick(game, "harpies")
    with pytest.raises(IllegalAction) as info:
        game.apply(OfferTrade(0, "leather_armour#1", 1, "flaming_armour#1"))
    assert info.value.rule == "trading"
    assert "actions" not in {rule for _, rule in refused}
