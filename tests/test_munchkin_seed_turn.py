"""Munchkin, seed 000 read sentence by sentence: the phases of the turn, charity, death.

Each test sets up a position through the scenario API (tablerules.munchkin.scenario), does what the quoted
sentence says, and checks the outcome. docs/rules/munchkin.md keeps the table sentence -> test.
"""

from __future__ import annotations

from fractions import Fraction

from munchkin_helpers import become, hand, kick, ready, set_level, set_turn

from tablerules.core.protocol import Chance
from tablerules.munchkin.game import (
    DiscardCard,
    EndTurn,
    GiveCard,
    LookForTrouble,
    LootRoom,
    MunchkinGame,
    PlayCard,
    RollToRun,
    RunAway,
)


def _dies(game: MunchkinGame, player: int) -> None:
    """``player`` kicks open the door on the Stone Golem (bad stuff: death), runs and rolls a 1."""
    set_turn(game, player, "kick open the door")
    kick(game, "stone_golem")
    game.apply(RunAway(player))
    game.apply(RollToRun(player, game.combat.chasing[0]))
    game.apply(Chance("d6", 1))
    while game.stage() == "looting the body":
        game.apply(game.legal_actions()[0])
    assert game.players[player].redraw  # dead until the new character's first turn
    game.apply(EndTurn(player))


def test_dead_players_receive_no_charity() -> None:
    """慈善捐赠: "将多出来的牌给等级最低的小白（死人不算）" — player 2 died (level 1, the lowest) and has not yet
    had a turn: the excess goes to player 1, the lowest of the living."""
    game = ready()
    set_level(game, 1, 2)
    _dies(game, 2)
    assert game.current == 0
    set_level(game, 0, 3)
    hand(game, 0, "elf", "dwarf", "halfling", "wizard", "thief", "cleric")
    set_turn(game, 0, "end of turn")
    game.apply(EndTurn(0))
    assert game.stage() == "charity" and {a.to for a in game.legal_actions()} == {1}


def test_the_lowest_of_the_living_discards_the_excess() -> None:
    """慈善捐赠: "（死人不算）...如果你本身就是等级最低的，将多余的手牌弃掉" — with the only lower player dead, the
    giver is the lowest and discards."""
    game = ready()
    set_level(game, 1, 3)
    _dies(game, 2)
    set_level(game, 0, 2)
    hand(game, 0, "elf", "dwarf", "halfling", "wizard", "thief", "cleric")
    set_turn(game, 0, "end of turn")
    game.apply(EndTurn(0))
    assert all(isinstance(a, DiscardCard) for a in game.legal_actions())


def test_a_dead_character_keeps_race_class_and_level_and_draws_two_and_two() -> None:
    """死亡: "如果死亡，你将失去一切。不过你仍然保留了你的种族职业等级" and "在你的下一个回合开始时，从地城堆和宝藏堆中
    各暗抽两张牌"."""
    game = ready()
    become(game, 2, race="elf", cls="wizard")
    set_level(game, 2, 4)
    hand(game, 2, "horny_helmet")
    _dies(game, 2)
    me = game.players[2]
    assert me.level == 4 and me.race and me.cls and me.hand == [] and me.carried == []
    set_turn(game, 1, "end of turn")
    game.apply(EndTurn(1))
    assert game.current == 2 and [(d.deck, d.face) for d in game.draws] == [("door", "down")] * 2 + [
        ("treasure", "down")] * 2


def test_kicking_open_the_door_a_monster_is_fought_at_once() -> None:
    """回合的阶段 1. 踢门: "从地城堆明抽一张牌。如果是怪物，战了它。" """
    game = ready()
    kick(game, "lame_goblin")
    assert game.stage() == "combat" and game.combat.fighter == 0


def test_any_other_kicked_card_goes_to_the_hand_or_is_played_at_once() -> None:
    """回合的阶段 1: "如果是其他卡牌，你可以将它收为手牌或立刻使用。" """
    game = ready()
    kick(game, "elf")
    elf = game.players[0].hand[0]
    assert PlayCard(0, elf) in game.legal_actions()
    game.apply(PlayCard(0, elf))
    assert game.players[0].race == elf


def test_looking_for_trouble_only_when_no_monster_came() -> None:
    """回合的阶段 2. 挑衅: "如果踢开门后没碰到怪物，现在你可以选择出示一张手上的怪物（如果有的话）并战了它。" """
    game = ready()
    goblin = hand(game, 0, "lame_goblin")[0]
    kick(game, "dwarf")
    assert LookForTrouble(0, goblin) in game.legal_actions()
    game.apply(LookForTrouble(0, goblin))
    assert game.stage() == "combat"


def test_loot_the_room_only_when_you_met_no_monster() -> None:
    """Seed 000: "甚至也无法...搜索房间（就是暗抽一张地城卡啦）".
    回合的阶段 3: "如果你连怪物的面都没看到，你只好搜索空房间了...再抽一张地城牌，注意这次是暗抽，并收为手牌" and
    "如果你遇到一个怪物却逃跑了，那么自然没法loot"."""
    game = ready()
    kick(game, "dwarf")
    game.apply(LootRoom(0))
    assert [(d.deck, d.face) for d in game.draws] == [("door", "down")]
    fled = ready()
    kick(fled, "potted_plant")  # always escaped
    fled.apply(RunAway(0))
    fled.apply(RollToRun(0, fled.combat.chasing[0]))
    fled.apply(Chance("d6", 1))
    assert fled.stage() == "end of turn" and not any(isinstance(a, LootRoom) for a in fled.legal_actions())


def test_charity_split_evenly_the_giver_chooses_who_gets_more() -> None:
    """慈善捐赠: "如果有数个小白等级一样低，尽量平分，但你有权决定给谁较多的那部分" — three cards over the limit for
    two lowest players: one each, then the giver picks who gets the third."""
    game = ready(players=4)
    for p, level in enumerate([3, 1, 1, 2]):
        set_level(game, p, level)
    hand(game, 0, "elf", "dwarf", "halfling", "wizard", "thief", "cleric", "warrior", "lame_goblin")
    set_turn(game, 0, "end of turn")
    game.apply(EndTurn(0))
    game.apply(next(a for a in game.legal_actions() if isinstance(a, GiveCard) and a.to == 1))
    assert {a.to for a in game.legal_actions()} == {2}
    game.apply(game.legal_actions()[0])
    assert {a.to for a in game.legal_actions()} == {1, 2}  # the third: the giver's choice


def test_looters_of_the_same_level_roll_for_their_turn() -> None:
    """死亡: "搜刮尸体：将你的手牌摊在桌面上的牌边上。从等级最高的开始，每个其他小白都可以从中选一张...如果等级相同，
    投骰决定" — a chance step orders the tied looters (each order equally likely); the highest still goes
    first; each takes one card; the rest is discarded ("等所有人都拿过了一张后，弃掉所有剩下的牌")."""
    game = ready(players=4)
    for p, level in ((1, 3), (2, 3), (3, 5)):
        set_level(game, p, level)
    cards = hand(game, 0, "elf", "dwarf", "halfling", "wizard")
    kick(game, "stone_golem")
    game.apply(RunAway(0))
    game.apply(RollToRun(0, game.combat.chasing[0]))
    game.apply(Chance("d6", 1))
    step = game.chance_step()
    assert step is not None and step.event == "loot order"
    assert sorted((o.outcome, p) for o, p in step.outcomes) == [("3,1,2", Fraction(1, 2)), ("3,2,1", Fraction(1, 2))]
    game.apply(Chance("loot order", "3,2,1"))
    taken = []
    for seat in (3, 2, 1):
        assert game.to_act() == (seat,)
        action = game.legal_actions()[0]
        taken.append(action.card)
        game.apply(action)
    left = [c for c in cards if c not in taken]
    assert game.body == [] and left[0] in game.door_discard and game.stage() == "end of turn"
