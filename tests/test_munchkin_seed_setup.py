"""Munchkin, seed 000 read sentence by sentence: set-up, card management, the first player, the end.

Each test sets up a position through the scenario API (tablerules.munchkin.scenario), does what the quoted
sentence says, and checks the outcome the sentence gives. docs/rules/munchkin.md keeps the table
sentence -> test.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from munchkin_helpers import become, creating, fight_all_pass, hand, kick, ready, set_level, set_turn

from tablerules.core.protocol import Chance, Game
from tablerules.munchkin.game import (
    EndTurn,
    KickDoor,
    LootRoom,
    MunchkinGame,
    PlayCard,
    PlayCurse,
    Ready,
)


def _empty_the_door_deck(game: MunchkinGame, into: int) -> None:
    """Every Door card still in the deck goes into player ``into``'s hand: no deck, no discards."""
    hand(game, into, *[c.split("#")[0] for c in sorted(game.door_deck)])
    assert game.door_deck == [] and game.door_discard == []


def test_an_empty_deck_takes_its_discards_even_when_they_came_after_it_ran_out() -> None:
    """卡牌规则概述: "如果某个牌堆抽完了，重洗相应的弃牌。" The deck ran out while its discard pile was empty;
    a card discarded later is drawn when a draw is owed (the old engine offered a draw from an empty deck:
    no legal action and no outcome, a deadlock)."""
    game = ready()
    curse = hand(game, 0, "curse_lose_a_level")[0]
    _empty_the_door_deck(game, 1)
    set_level(game, 2, 3)
    game.apply(PlayCurse(0, curse, 2))  # the curse strikes player 2 and is discarded
    assert game.players[2].level == 2 and game.door_discard == [curse] and game.door_deck == []
    game.apply(KickDoor(0))
    step = game.chance_step()
    assert step is not None and [o.outcome for o, _ in step.outcomes] == [curse]  # the discards, shuffled
    game.apply(step.outcomes[0][0])
    assert game.players[0].level == 1 and game.stage() == "look for trouble or loot the room"


def test_with_no_deck_and_no_discards_nobody_draws_that_kind_of_card() -> None:
    """卡牌规则概述: "如果连弃牌都没有了，那么没人能再抽这种牌了！" Kicking the door open and looting the room
    draw nothing, and the game goes on (never a state with no way forward)."""
    game = ready()
    _empty_the_door_deck(game, 1)
    game.apply(KickDoor(0))
    assert not game.is_chance() and game.stage() == "look for trouble or loot the room"
    game.apply(LootRoom(0))
    assert not game.is_chance() and game.stage() == "end of turn" and game.players[0].hand == []
    game.apply(EndTurn(0))
    assert game.current == 1 and game.legal_actions()


def test_the_players_roll_to_decide_who_goes_first() -> None:
    """游戏开始和结束: "投骰决定谁先开始" — a chance step after character creation, every seat equally
    likely; play then goes to the left ("在第一个小白结束他的回合后，左首的小白开始他的回合")."""
    game = MunchkinGame({"players": 4, "deal": 2}, seed=5)  # 4 cards: no charity at the end of the turn
    while game.is_chance():
        game.roll()
    for p in range(4):
        game.apply(Ready(p))
    step = game.chance_step()
    assert step is not None and step.event == "first"
    assert [(o.outcome, p) for o, p in step.outcomes] == [(s, Fraction(1, 4)) for s in range(4)]
    game.apply(Chance("first", 2))
    assert game.current == 2 and game.stage() == "kick open the door" and game.to_act() == (2,)
    set_turn(game, 2, "end of turn")
    game.apply(EndTurn(2))
    assert game.current == 3


def test_saves_from_before_the_first_player_roll_still_load() -> None:
    """A save made when seat 0 always began (its parameters have no ``first_player``) replays unchanged."""
    game = MunchkinGame({"players": 3, "first_player": 0}, seed=2)
    for _ in range(40):
        if game.is_over():
            break
        game.roll() if game.is_chance() else game.apply(game.legal_actions()[-1])
    data = game.to_json()
    assert data["params"]["first_player"] == 0
    del data["params"]["first_player"]
    again = Game.from_json(data)
    assert again.state_dict() == game.state_dict()


def test_the_hand_does_not_help_until_played() -> None:
    """Seed 000: "宝藏牌可以出示在你的桌面上以成为你的携带物品".
    卡牌规则概述: "手牌：你手上的牌并不处于游戏中因此无法给你助益" — an item in the hand adds nothing; in
    play it does."""
    game = ready()
    sword = hand(game, 0, "sneaky_bastard_sword")[0]
    assert game.strength(0) == 1
    game.apply(PlayCard(0, sword))
    assert game.strength(0) == 3


@pytest.mark.parametrize("deal", [2, 4])
def test_each_player_is_dealt_cards_of_both_decks(deal: int) -> None:
    """Seed 000: "Deal four cards from each deck to each player".
    游戏准备: "将卡牌分为地城牌（黄色）和宝藏牌（绿色）两堆。洗牌，然后小白们轮流从两堆牌中各抽2张" (the English
    sheet: four from each deck); every card is a chance step, dealt round the table."""
    game = MunchkinGame({"players": 3, "deal": deal}, seed=1)
    while game.is_chance():
        game.roll()
    for p in game.players:
        assert sum(game.card(c).deck == "door" for c in p.hand) == deal
        assert sum(game.card(c).deck == "treasure" for c in p.hand) == deal
    assert game.stage() == "character creation"


def test_a_kicked_monster_on_an_empty_treasure_deck_gives_what_is_left() -> None:
    """卡牌规则概述 again, for treasures: a kill owed two treasures with one card left in the Treasure deck
    and nothing discarded draws that one card and no more."""
    game = ready()
    left = sorted(game.treasure_deck)
    hand(game, 2, *[c.split("#")[0] for c in left[1:]])
    set_level(game, 0, 9 - 1)
    kick(game, "platycore")  # level 6, two treasures
    fight_all_pass(game)
    assert len(game.draws) == 1
    game.roll()
    assert not game.is_chance() and game.players[0].hand == [left[0]]


@pytest.mark.parametrize("players", [2, 3, 6, 7])
def test_three_to_six_can_play(players: int) -> None:
    """游戏准备: "本游戏可供3-6人一起小白" (English sheet: "Three to six can play")."""
    if 3 <= players <= 6:
        assert len(MunchkinGame({"players": players}).players) == players
    else:
        with pytest.raises(ValueError, match="3 to 6"):
            MunchkinGame({"players": players})


def test_everyone_starts_a_level_one_human_with_no_class() -> None:
    """Seed 000: "如果你的桌面上没有职业牌，你就是无业者";
    人物创建: "所有小白都要从一个一级的一个人类无业者开始" and
    人物属性: "你角色的性别在开始时和你自己的相同" (the kit
    knows no players' sexes: seats alternate male and female, docs/rules/munchkin.md)."""
    game = MunchkinGame({"players": 4}, seed=3)
    for i, p in enumerate(game.players):
        assert p.level == 1 and p.race is None and p.cls is None
        assert {"human", p.sex} <= game.tags(i) and p.sex == ("male" if i % 2 == 0 else "female")


def test_character_creation_plays_one_race_one_class_and_items() -> None:
    """人物创建: "如果其中有任何种族或职业牌，你可以（如果愿意的话）出示各一张到桌面上。如果你还抽到些装备牌，那么也可以
    将它们出示到桌面上" — one race, one class, items that fit; no Go Up a Level yet."""
    game = creating(seed=1)
    me = game.players[0]
    elf, dwarf, thief, wizard = hand(game, 0, "elf", "dwarf", "thief", "wizard")
    helm, level = hand(game, 0, "horny_helmet", "go_up_a_level")
    plays = {a.card for a in game.legal_actions() if isinstance(a, PlayCard) and not a.second}
    assert {elf, dwarf, thief, wizard, helm} <= plays and level not in plays
    game.apply(PlayCard(0, elf))
    game.apply(PlayCard(0, thief))
    game.apply(PlayCard(0, helm))
    plays = {a.card for a in game.legal_actions() if isinstance(a, PlayCard) and not a.second}
    assert dwarf not in plays and wizard not in plays  # one of each
    assert me.race == elf and me.cls == thief and me.carried == [helm]


def test_cards_in_play_never_go_back_to_the_hand() -> None:
    """卡牌规则概述: "已在桌面上的牌不能回手——如果你想摆脱它们，就必须弃牌或交易" — every action that names an item
    in play discards it, sells it, trades or gives it away: none puts it back into the hand."""
    game = ready()
    become(game, 0, cls="warrior")
    helm = hand(game, 0, "horny_helmet")[0]
    game.apply(PlayCard(0, helm))
    kick(game, "lame_goblin")
    naming = [a for a in game.legal_actions(0) if helm in (getattr(a, "card", ""), getattr(a, "item", ""))]
    assert naming
    for action in naming:
        trial = game.copy()
        trial.apply(action)
        assert helm not in trial.players[0].hand
