"""Munchkin, seed 000 read sentence by sentence: combat, asking for help, running away.

Each test sets up a position through the scenario API (tablerules.munchkin.scenario), does what the quoted
sentence says, and checks the outcome. docs/rules/munchkin.md keeps the table sentence -> test.
"""

from __future__ import annotations

from munchkin_helpers import become, fight_all_pass, hand, kick, ready, set_level, wear

from tablerules.core.protocol import Chance
from tablerules.munchkin.game import (
    AnswerHelp,
    AskHelp,
    ChaseAway,
    ClassPower,
    Fight,
    MunchkinGame,
    Pass,
    PlayOneShot,
    PlayWandering,
    RollToRun,
    RunAway,
)


def _helped(game: MunchkinGame, helper: int) -> None:
    game.apply(AskHelp(0, helper, 0))
    game.apply(AnswerHelp(helper, True))


def test_a_warrior_helper_wins_ties_and_goes_berserk() -> None:
    """请求帮助: "怪物的特殊能力和弱点都会作用到帮助你的小白身上，反之亦然。比如，一个战士的帮助会让你们在总点数持平时
    获胜，而且他可以弃牌狂暴来增强战斗力" — the helper's own berserk: up to 3 cards, +1 each, from the hand or
    the table (职业: "你可以弃掉任何手牌或桌面牌来启动特殊能力")."""
    game = ready()
    set_level(game, 0, 3)
    become(game, 1, cls="warrior")
    kick(game, "ghoulfiends")  # level 8
    _helped(game, 1)  # 3 + 1 = 4
    cards = hand(game, 1, "elf", "dwarf") + wear(game, 1, "ring_of_strength")  # +1 in play
    assert game.fighter_strength() == 5
    for card in cards:
        game.apply(ClassPower(1, "berserk", card))
    assert game.fighter_strength() == 3 + 1 + 3  # the ring left play: its +1 went with it, berserk +3
    hand(game, 1, "halfling")
    assert not any(isinstance(a, ClassPower) for a in game.legal_actions(1))  # 3 cards a fight
    set_level(game, 0, 4)  # 4 + 1 + 3 = 8: a tie, which the warrior helper wins
    assert game.fighter_strength() == game.monster_strength() == 8 and game.winning()


def test_a_cleric_helper_turns_the_undead() -> None:
    """请求帮助: "如果有个牧师来帮你对付吸血鬼扇子，那么他可以直接驱逐它" — the cleric helper's turning (+3 a card
    against undead, facts.md) counts for the munchkins."""
    game = ready()
    set_level(game, 0, 2)
    become(game, 1, cls="cleric")
    kick(game, "mr_bones")  # undead, level 2
    _helped(game, 1)
    card = hand(game, 1, "elf")[0]
    before = game.fighter_strength()
    game.apply(ClassPower(1, "turning", card))
    assert game.fighter_strength() == before + 3


def test_a_cleric_chases_the_wannabe_vampire_away() -> None:
    """Seed 000: "但如果你只是击败了一个怪物而没能干掉它，你绝不会升级".
    请求帮助: "如果有个牧师来帮你对付吸血鬼扇子，那么他可以直接驱逐它" — the Wannabe Vampire (level 12) is chased
    out of the fight by a cleric on the munchkins' side, helper or fighter: one treasure, no level."""
    game = ready()
    become(game, 1, cls="cleric")
    kick(game, "wannabe_vampire")
    assert not any(isinstance(a, ChaseAway) for a in game.legal_actions(0))  # the fighter is no cleric
    _helped(game, 1)
    vampire = game.combat.monsters[0]
    assert ChaseAway(1, vampire) in game.legal_actions(1)
    game.apply(ChaseAway(1, vampire))
    assert game.combat is None and game.players[0].level == 1 and game.players[1].level == 1
    assert len(game.draws) == 1 and vampire in game.door_discard


def test_the_helper_uses_a_one_shot_from_the_table() -> None:
    """宝藏——使用: "任何一次性（"只能使用一次"）牌都可以在任何战斗中使用，无论是在手牌上还是在桌面上" — the helper's
    potion carried on the table goes into the fight for the munchkins."""
    game = ready()
    potion = wear(game, 1, "magic_missile")[0]  # +5
    kick(game, "harpies")  # level 4
    _helped(game, 1)
    assert game.fighter_strength() == 2
    assert PlayOneShot(1, potion, "munchkin") in game.legal_actions(1)
    game.apply(PlayOneShot(1, potion, "munchkin"))
    assert game.fighter_strength() == 7 and potion not in game.players[1].carried and game.winning()


def test_several_monsters_roll_for_each_then_all_the_bad_stuff() -> None:
    """Seed 000: "而一些怪物行动迅速，会造成你投骰的减值" (the frogs' -1).
    逃跑: "如果你试图从多个怪物面前逃脱，为每个怪物分别投骰，顺序由你决定，然后承受所有抓住你的怪物造成的恶果" —
    the bad stuff lands after the last roll: the Drooling Slime's (lose your footgear) does not take the
    Boots of Running Really Fast (+2 to run) before the roll against the second monster."""
    game = ready()
    set_level(game, 0, 3)  # 3 against 1 + 2: a tie goes to the monsters
    wear(game, 0, "boots_of_running_really_fast")
    wandering, frogs = hand(game, 1, "wandering_monster", "flying_frogs")  # frogs: -1 to run, lose 2 levels
    kick(game, "drooling_slime")
    game.apply(Fight(0))
    game.apply(PlayWandering(1, wandering, frogs))
    game.apply(Pass(1))
    game.apply(Pass(2))
    game.apply(Fight(0))
    for p in (1, 2):
        game.apply(Pass(p))
    assert game.stage() == "running away"
    slime = game.combat.monsters[0]
    game.apply(RollToRun(0, slime))
    game.apply(Chance("d6", 2))  # 2 + 2 = 4: caught by the slime
    assert game.stage() == "running away" and game.players[0].carried  # nothing lost yet
    assert game.run_modifier(0, frogs) == 2 - 1  # the boots still help
    game.apply(RollToRun(0, frogs))
    game.apply(Chance("d6", 3))  # 3 + 2 - 1 = 4: caught by the frogs too
    assert game.combat is None
    assert game.players[0].carried == [] and game.players[0].level == 1  # both bad stuffs, after the rolls


def test_a_helped_fight_lost_both_roll_then_the_monster_catches_both() -> None:
    """逃跑: "如果两个小白合作却仍然无法击败怪物，他们都必须逃跑。分别投骰，怪物可以同时抓住他们两个" — both roll,
    then both suffer the bad stuff."""
    game = ready()
    set_level(game, 0, 4)
    set_level(game, 1, 4)
    kick(game, "floating_nose")  # level 10: lose 3 levels
    _helped(game, 1)
    fight_all_pass(game)
    game.apply(RollToRun(0, game.combat.chasing[0]))
    game.apply(Chance("d6", 1))
    assert game.players[0].level == 4  # the bad stuff waits for the helper's roll
    game.apply(RollToRun(1, game.combat.chasing[0]))
    game.apply(Chance("d6", 4))
    assert game.players[0].level == 1 and game.players[1].level == 1


def test_the_fighter_sends_a_wandering_monster_into_their_own_fight() -> None:
    """Seed 000: "每干掉一个怪物就可以升一级".
    干预战斗: "使用游荡怪物。这会让你手牌上的怪物加入任何一场战斗" — any fight, your own too (for its levels and
    treasures); the munchkins must then beat the sum ("你必须超过他们的等级之和才能获胜")."""
    game = ready()
    set_level(game, 0, 6)
    wandering, goblin = hand(game, 0, "wandering_monster", "lame_goblin")
    kick(game, "large_angry_chicken")  # level 2
    game.apply(PlayWandering(0, wandering, goblin))
    assert game.monster_strength() == 2 + 1
    fight_all_pass(game)
    assert game.players[0].level == 8  # a level for each monster killed
    assert len(game.draws) == 2


def test_the_fighter_puts_an_item_into_play_in_their_own_fight() -> None:
    """宝藏——使用: "其他魔法物品只有在桌面上时才能使用。如果是你的回合，你可以出示并立刻使用它们。但如果你是在帮助别人，
    或由于任何原因在你的回合外战斗，你不能从手牌中出示任何牌到桌面上。" """
    from tablerules.core.errors import IllegalAction
    from tablerules.munchkin.game import PlayCard

    game = ready()
    sword = hand(game, 0, "sneaky_bastard_sword")[0]
    helm = hand(game, 1, "horny_helmet")[0]
    kick(game, "pit_bull")  # level 2
    _helped(game, 1)
    game.apply(PlayCard(0, sword))
    assert sword in game.players[0].carried and game.fighter_strength() == 1 + 2 + 1
    try:
        game.apply(PlayCard(1, helm))
    except IllegalAction as exc:
        assert exc.rule == "combat"
    else:
        raise AssertionError("a helper put an item into play in a fight")


def test_the_fight_is_settled_before_the_turn_goes_on() -> None:
    """回合的阶段 1: "在你继续回合之前应将战斗结算完毕" — no looting the room nor ending the turn in a fight."""
    from tablerules.munchkin.game import EndTurn, LootRoom

    game = ready()
    set_level(game, 0, 2)
    kick(game, "lame_goblin")
    assert not any(isinstance(a, (EndTurn, LootRoom)) for a in game.legal_actions())
    fight_all_pass(game)
    assert game.stage() == "end of turn"


def test_no_rewards_in_the_middle_of_a_fight() -> None:
    """战斗和怪物: "当干掉怪物时，你必须等待一段合理的时间——推荐为2.6秒——来让其他人有机会下手。
    在此之后，你才算真正干掉了
    怪物，升级并Loot"; English sheet rule 3: "You cannot collect rewards ... in the middle of a combat" and "You
    must finish the fight before gaining any rewards"."""
    game = ready()
    set_level(game, 0, 2)
    kick(game, "lame_goblin")
    game.apply(Fight(0))
    game.apply(Pass(1))
    assert game.players[0].level == 2 and not game.draws and game.combat is not None  # player 2 may still act
    game.apply(Pass(2))
    assert game.players[0].level == 3 and len(game.draws) == 1


def test_a_helper_gains_no_level_unless_an_elf() -> None:
    """请求帮助: "每干掉一个怪物仍然可以让你升一级，但帮助你的人无法升级...
    除非他是精灵，在这种情况下他也能因每干掉的一个
    怪物升一级" — two monsters: the elf helper goes up two levels, a dwarf helper none."""
    for race, gained in (("dwarf", 0), ("elf", 2)):
        game = ready()
        set_level(game, 0, 4)
        become(game, 1, race=race)
        wandering, goblin = hand(game, 0, "wandering_monster", "lame_goblin")
        kick(game, "large_angry_chicken")
        game.apply(PlayWandering(0, wandering, goblin))
        _helped(game, 1)
        fight_all_pass(game)
        assert game.players[0].level == 6 and game.players[1].level == 1 + gained


def test_a_dead_character_can_help_at_once() -> None:
    """死亡: "你的新人物会立刻出现并能够帮助其他小白作战...但是你没有任何卡牌" — asked for help the turn after dying,
    before drawing new cards."""
    from tablerules.munchkin.game import EndTurn

    game = ready()
    set_level(game, 0, 3)
    kick(game, "stone_golem")
    game.apply(RunAway(0))
    game.apply(RollToRun(0, game.combat.chasing[0]))
    game.apply(Chance("d6", 1))
    while game.stage() == "looting the body":
        game.apply(game.legal_actions()[0])
    game.apply(EndTurn(0))
    assert game.current == 1 and game.players[0].redraw and game.players[0].hand == []
    kick(game, "large_angry_chicken")  # level 2 against player 1's level 1
    assert AskHelp(1, 0, 0) in game.legal_actions()
    game.apply(AskHelp(1, 0, 0))
    game.apply(AnswerHelp(0, True))
    assert game.fighter_strength() == 1 + 3 and game.winning()


def test_a_monster_sent_away_then_running_from_the_rest_gives_no_treasure() -> None:
    """战斗和怪物: "你可以通过某些卡牌消灭其中之一而和另一个如常战斗，但你不能选择与其中之一战斗而逃过其他怪物。如果你
    利用卡牌消灭了一个怪物而逃过了其他怪物，你拿不到任何宝藏" — the charmed monster's treasures are lost, and the
    runner rolls against every monster still in the fight."""
    from tablerules.munchkin.game import Charm

    game = ready()
    become(game, 0, cls="wizard")
    hand(game, 0, "elf", "dwarf", "halfling")
    wandering, nose = hand(game, 1, "wandering_monster", "floating_nose")
    kick(game, "potted_plant")
    game.apply(Fight(0))
    game.apply(PlayWandering(1, wandering, nose))
    game.apply(Pass(1))
    game.apply(Pass(2))
    plant = game.combat.monsters[0]
    game.apply(Charm(0, plant))
    assert game.treasure_count() == 1 + 3
    game.apply(RunAway(0))
    assert {a.monster for a in game.legal_actions() if isinstance(a, RollToRun)} == {nose}  # no escaping only some
    game.apply(RollToRun(0, nose))
    game.apply(Chance("d6", 6))
    assert game.combat is None and not game.draws and game.players[0].level == 1


def test_a_wizard_with_no_hand_cannot_discard_the_whole_hand() -> None:
    """职业: "注意如果你一张手牌都没有，你是无法"弃掉所有手牌"的" — no charm with an empty hand."""
    from tablerules.munchkin.game import Charm

    game = ready()
    become(game, 0, cls="wizard")
    kick(game, "harpies")
    assert game.players[0].hand == [] and not any(isinstance(a, Charm) for a in game.legal_actions())


def test_an_escaped_monster_is_discarded_without_treasure() -> None:
    """Seed 000: "逃跑的话就不能得到任何等级或宝藏了".
    逃跑: "如果你成功逃跑，弃掉怪物牌。你不能得到宝藏，但通常也不会有什么恶果" """
    game = ready()
    kick(game, "pit_bull")
    pit_bull = game.combat.monsters[0]
    game.apply(RunAway(0))
    game.apply(RollToRun(0, pit_bull))
    game.apply(Chance("d6", 5))
    assert pit_bull in game.door_discard and not game.draws and game.players[0].level == 1
