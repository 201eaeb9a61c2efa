"""Munchkin, seed 000 read sentence by sentence: treasure and items, levels, races and classes, curses,
trading.

Each test sets up a position through the scenario API (tablerules.munchkin.scenario), does what the quoted
sentence says, and checks the outcome. docs/rules/munchkin.md keeps the table sentence -> test.
"""

from __future__ import annotations

from munchkin_helpers import become, fight_all_pass, hand, kick, ready, set_level, set_turn, wear

from tablerules.core.protocol import Chance
from tablerules.munchkin.game import (
    AnswerHelp,
    AskHelp,
    Backstab,
    ClassPower,
    EndTurn,
    Fight,
    GiveItem,
    GiveUp,
    LookForTrouble,
    PlayCard,
    PlayCurse,
    PlayOneShot,
    RollToRun,
    RunAway,
    SellItem,
    Steal,
)


def test_a_one_shot_can_be_carried_on_the_table_and_used_from_there() -> None:
    """宝藏——出示/使用: "所有宝藏牌都可以在得到时立刻，或之后你回合中的任意时刻出示到桌面上" and "任何一次性（"只能使用
    一次"）牌都可以在任何战斗中使用，无论是在手牌上还是在桌面上" — a potion put on the table adds nothing until it is
    used, then it is gone."""
    game = ready()
    potion = hand(game, 0, "flaming_poison_potion")[0]  # +3
    kick(game, "dwarf")
    game.apply(PlayCard(0, potion))
    assert potion in game.players[0].carried and game.strength(0) == 1
    goblin = hand(game, 0, "lame_goblin")[0]
    game.apply(LookForTrouble(0, goblin))
    assert game.combat.monsters == [goblin]
    game.apply(PlayOneShot(0, potion, "munchkin"))
    assert game.fighter_strength() == 4 and potion not in game.players[0].carried
    fight_all_pass(game)
    assert potion in game.treasure_discard


def test_another_player_throws_a_potion_from_their_table() -> None:
    """干预战斗: "使用一次性卡牌。你可以对怪物投掷药水来帮助你的朋友。当然咯，
    你也可以"不小心"击中了你的朋友来帮助怪物" — from the table too."""
    game = ready()
    potion = wear(game, 2, "sleep_potion")[0]  # +2
    kick(game, "lame_goblin")
    game.apply(Fight(0))
    game.apply(PlayOneShot(2, potion, "monster"))
    assert game.monster_strength() == 3


def test_class_powers_may_discard_cards_in_play() -> None:
    """职业: "多数职业能力需要弃牌来启动。你可以弃掉任何手牌或桌面牌来启动特殊能力" — a thief backstabs by discarding an
    item in play; a thief steals the same way."""
    game = ready()
    become(game, 2, cls="thief")
    helmet = wear(game, 2, "horny_helmet")[0]
    kick(game, "lame_goblin")
    game.apply(Fight(0))
    assert Backstab(2, helmet) in game.legal_actions()
    game.apply(Backstab(2, helmet))
    assert game.fighter_strength() == 1 - 2 and helmet in game.treasure_discard  # combat strength below 1
    thief = ready(seed=1)
    become(thief, 0, cls="thief")
    pole = wear(thief, 0, "eleven_foot_pole")[0]
    ring = wear(thief, 1, "ring_of_strength")[0]
    thief.apply(Steal(0, pole, 1, ring))
    assert pole in thief.treasure_discard


def test_a_warrior_berserks_with_an_item_in_play() -> None:
    """职业: "你可以弃掉任何手牌或桌面牌来启动特殊能力" — berserk (+1 a card, facts.md) with the hand and the table."""
    game = ready()
    become(game, 0, cls="warrior")
    boots = wear(game, 0, "boots_of_running_really_fast")[0]  # no combat bonus
    kick(game, "large_angry_chicken")
    game.apply(ClassPower(0, "berserk", boots))
    assert game.fighter_strength() == 2 and boots in game.treasure_discard


def test_nothing_reduces_a_player_below_level_one() -> None:
    """Seed 000: "等级的范围是从1级到10级". "Nothing can reduce a player below Level 1".
    人物属性: "你的等级不会低于1，但战斗时的有效等级可以低于1，比如被背刺或诅咒"; English sheet rule 1."""
    game = ready()
    set_level(game, 0, 2)
    kick(game, "floating_nose")  # lose 3 levels
    game.apply(RunAway(0))
    game.apply(RollToRun(0, game.combat.chasing[0]))
    game.apply(Chance("d6", 1))
    assert game.players[0].level == 1


def test_giving_up_a_race_makes_you_human_again() -> None:
    """Seed 000: "如果你的桌面上没有种族牌，你就是平凡的人类".
    种族: "你可以在任意时刻弃掉种族牌，甚至在战斗时也可以...当你弃掉种族牌后，你又变回了人类" — the Drooling Slime's
    +4 against elves goes with it."""
    game = ready()
    become(game, 0, race="elf")
    kick(game, "drooling_slime")
    assert game.monster_strength() == 5
    game.apply(GiveUp(0, game.players[0].race))
    assert game.players[0].race is None and "human" in game.tags(0) and game.monster_strength() == 1


def test_a_curse_on_something_you_do_not_have_is_ignored() -> None:
    """Seed 000 卡牌规则概述: "将弃牌按地城牌和宝藏牌分别面朝上放置" (the door pile).
    诅咒: "如果诅咒的对象是你没有的东西，忽略它。比如，当抽到了"丢失盔甲"但是你没有盔甲，
    什么事情都不会发生，弃掉诅咒牌就可以了。" """
    game = ready()
    curse = hand(game, 1, "curse_lose_armour")[0]
    helmet = wear(game, 2, "horny_helmet")[0]
    game.apply(PlayCurse(1, curse, 2))
    assert game.players[2].carried == [helmet] and curse in game.door_discard


def test_go_up_a_level_is_discarded_at_once() -> None:
    """Seed 000 卡牌规则概述: "将弃牌按地城牌和宝藏牌分别面朝上放置" (the treasure pile).
    宝藏: "当你出示"提升一个等级"牌时，立刻弃掉这张牌并升1级。" """
    game = ready()
    card = hand(game, 0, "go_up_a_level")[0]
    game.apply(PlayCard(0, card))
    assert game.players[0].level == 2 and card in game.treasure_discard


def test_the_monsters_the_seed_names_have_its_numbers() -> None:
    """简介 and 请求帮助: the Potted Plant and the Drooling Slime are the easy ones
    ("从斩杀盆栽植物怪和口水史莱姆，一直杀戮到金龙"), the slime +4 against elves ("怪物等级会增加4");
    facts.md: the Shrieking Geek is level 6, +6 against warriors."""
    game = ready()
    slime, geek, plant = game.card("drooling_slime#1"), game.card("shrieking_geek#1"), game.card("potted_plant#1")
    assert slime.level == 1 and [(m.bonus, m.against) for m in slime.modifiers] == [(4, "elf")]
    assert geek.level == 6 and [(m.bonus, m.against) for m in geek.modifiers] == [(6, "warrior")]
    assert plant.level == 1
    vampire = game.card("wannabe_vampire#1")
    assert vampire.chased_by == "cleric"


def test_items_in_play_are_given_away_as_bribes_outside_a_fight() -> None:
    """交易: "你也可以不交易直接赠送其他小白物品来贿赂他们" and
    "当你通过交易得到物品时，必须将它们放在桌面上；在你的回合之前，你不能卖掉它们" —
    the gift goes into play for its new owner; not in a fight ("但战斗时不行")."""
    game = ready()
    helmet = wear(game, 1, "horny_helmet")[0]
    assert GiveItem(1, helmet, 2) in game.legal_actions(1)
    game.apply(GiveItem(1, helmet, 2))
    assert game.players[2].carried == [helmet] and game.strength(2) == 2
    set_turn(game, 2, "end of turn")
    assert not any(isinstance(a, SellItem) and a.card == helmet for a in game.legal_actions())
    fight = ready(seed=1)
    ring = wear(fight, 1, "ring_of_strength")[0]
    kick(fight, "lame_goblin")
    assert GiveItem(1, ring, 0) not in fight.legal_actions(1)


def test_a_treasure_got_outside_your_turn_is_put_into_play_at_once() -> None:
    """宝藏: "宝藏牌可以在得到后立刻使用。物品牌可以出示到桌面上" and "所有宝藏牌都可以在得到时立刻，或之后你回合中的
    任意时刻出示到桌面上" — the helper draws the treasure shared with them face up and puts the item into play
    at once, in the fighter's turn; a Treasure already in the hand waits for its owner's turn."""
    game = ready()
    set_level(game, 0, 3)
    old = hand(game, 1, "ring_of_strength")[0]
    kick(game, "pit_bull")  # level 2, one treasure
    game.apply(AskHelp(0, 1, 1))
    game.apply(AnswerHelp(1, True))
    fight_all_pass(game)
    helm = next(c for c in sorted(game.treasure_deck) if c.startswith("horny_helmet"))
    game.apply(Chance("treasure", helm))  # the helper's pick, drawn face up
    assert PlayCard(1, helm) in game.legal_actions(1) and PlayCard(1, old) not in game.legal_actions(1)
    game.apply(PlayCard(1, helm))
    assert game.players[1].carried == [helm]
    set_turn(game, 0, "end of turn")
    game.apply(EndTurn(0))  # the next turn: the moment has passed, the ring waits for player 1's own plays
    assert game.current == 1 and PlayCard(1, old) in game.legal_actions(1)
