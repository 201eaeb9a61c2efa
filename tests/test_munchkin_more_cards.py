"""Munchkin (seed 000): the rules of the less common cards and powers, each on a small scenario —
Half-Breed, Super Munchkin, lasting curses, Wishing Ring, Cheat!, Mate, enhancers on one monster,
the wizard's charm, the thief's steal, the cleric's resurrection, trading, bribes with items, Divine
Intervention and Go Up a Level in someone else's fight."""

from __future__ import annotations

import pytest
from munchkin_helpers import become, fight_all_pass, hand, kick, ready, set_discards, set_level, set_turn, wear

from tablerules.core.errors import IllegalAction
from tablerules.core.protocol import Chance
from tablerules.munchkin.game import (
    AnswerHelp,
    AnswerTrade,
    AskHelp,
    Charm,
    ChooseLoss,
    Fight,
    GiveUp,
    KickDoor,
    OfferTrade,
    Pass,
    PlayCard,
    PlayCheat,
    PlayCurse,
    PlayEnhancer,
    PlayMate,
    PlayWandering,
    RemoveCurse,
    Resurrect,
    RollToRun,
    RunAway,
    SellItem,
    Steal,
)
from tablerules.munchkin.state import Draw


# ----- Half-Breed and Super Munchkin (混血和超级小白) ----------------------------------------------
def test_half_breed_is_half_human_then_two_races_and_goes_with_the_last_race() -> None:
    """Seed 000: "你不能同时属于两个种族，除非你出示了混血牌";
    "当你在桌面上有种族牌的时候，你可以出示混血而变成人类和那个种族的混血儿";
    "你可以同时或在之后加上另一张种族牌，只要混血牌仍在桌面上"; "当你的桌面上不再有种族牌时，你失去混血牌"."""
    game = ready()
    become(game, 0, race="elf")
    half, dwarf = hand(game, 0, "half_breed", "dwarf")
    assert PlayCard(0, dwarf) not in game.legal_actions()  # one race without a Half-Breed
    assert {PlayCard(0, half), PlayCard(0, half, dwarf)} <= set(game.legal_actions())
    game.apply(PlayCard(0, half))
    assert game.tags(0) >= {"elf", "human"}  # half human, half elf
    game.apply(PlayCard(0, dwarf))  # a second race, later
    assert game.tags(0) >= {"elf", "dwarf"} and "human" not in game.tags(0)
    assert game.hand_limit(0) == 6  # the dwarf's hand
    elf = game.players[0].race
    game.apply(GiveUp(0, elf))
    assert game.players[0].race == dwarf and game.players[0].half_breed == half
    game.apply(GiveUp(0, dwarf))
    assert game.players[0].half_breed is None and half in game.door_discard and game.tags(0) >= {"human"}


def test_super_munchkin_needs_a_second_class_and_goes_with_either() -> None:
    """Seed 000: "你不能有两个职业，除非你出示了超级小白牌";
    "你可以在桌面上有职业牌并且你还有第二张职业牌时出示超级小白牌"."""
    game = ready()
    become(game, 0, cls="warrior")
    super_munchkin, wizard = hand(game, 0, "super_munchkin", "wizard")
    assert PlayCard(0, super_munchkin) not in game.legal_actions()
    game.apply(PlayCard(0, super_munchkin, wizard))
    assert game.tags(0) >= {"warrior", "wizard"}
    curse = hand(game, 1, "curse_lose_class")[0]
    warrior = game.players[0].cls
    set_turn(game, 1)  # player 1's turn: a curse from the hand
    game.apply(PlayCurse(1, curse, 0))
    assert game.stage() == "bad stuff: choose an item to lose"  # which class goes is the victim's choice
    assert set(game.legal_actions()) == {ChooseLoss(0, warrior), ChooseLoss(0, wizard)}
    game.apply(ChooseLoss(0, warrior))
    me = game.players[0]
    assert me.cls == wizard and me.cls2 is None and me.super_munchkin is None
    assert {warrior, super_munchkin} <= set(game.door_discard)


# ----- lasting curses and the Wishing Ring ------------------------------------------------------
def test_change_sex_stays_for_the_next_fight_only() -> None:
    """Seed 000: 「改变性别会让你的下次战斗承受减值」."""
    game = ready(seed=2)
    set_level(game, 0, 8)
    sword = hand(game, 0, "broad_sword")[0]  # only for women
    assert game.players[0].sex == "male" and PlayCard(0, sword) not in game.legal_actions()
    curse = hand(game, 0, "curse_change_sex")[0]
    game.apply(PlayCurse(0, curse, 0))
    assert game.players[0].sex == "female" and game.players[0].curses == [curse]
    game.apply(PlayCard(0, sword))
    kick(game, "harpies")  # level 4
    assert game.fighter_strength() == 8 + 3 - 5  # distracted: -5 in this fight
    fight_all_pass(game)
    assert game.players[0].curses == [] and curse in game.door_discard
    assert game.players[0].sex == "female" and game.players[0].level == 9


def test_chicken_on_your_head_minus_one_on_die_rolls_until_a_wishing_ring() -> None:
    """Seed 000: 「头上的鸡会一直呆在那里」 「保留这些卡牌直到你摆脱它们」."""
    game = ready()
    curse = hand(game, 1, "curse_chicken_on_your_head")[0]
    ring = hand(game, 2, "wishing_ring")[0]
    set_turn(game, 1)
    game.apply(PlayCurse(1, curse, 0))
    assert game.players[0].curses == [curse]
    set_turn(game, 0)
    kick(game, "pit_bull")  # level 2
    game.apply(RunAway(0))
    assert game.run_modifier() == -1
    game.apply(RollToRun(0, game.combat.monsters[0]))
    game.apply(Chance("d6", 5))  # 5 - 1: caught
    assert game.players[0].level == 1
    set_turn(game, 2, "end of turn")
    game.apply(RemoveCurse(2, ring, 0, curse))
    assert game.players[0].curses == [] and game.chicken(0) == 0 and curse in game.door_discard


# ----- Cheat! -----------------------------------------------------------------------------------
def test_cheat_puts_an_unusable_item_in_play_and_leaves_with_it() -> None:
    game = ready()
    staff = hand(game, 0, "staff_of_napalm")[0]  # only for wizards
    cheat = hand(game, 0, "cheat")[0]
    assert PlayCard(0, staff) not in game.legal_actions()
    game.apply(PlayCheat(0, cheat, staff))
    assert game.players[0].carried == [staff] and game.strength(0) == 1 + 5
    game.apply(SellItem(0, staff))
    assert game.players[0].cheats == {} and cheat in game.door_discard and game.invariants() == []


# ----- Mate, enhancers and the wizard's charm ------------------------------------------------------
def test_mate_doubles_the_monster_with_its_enhancers_and_treasures() -> None:
    game = ready()
    set_level(game, 0, 9)
    enraged = hand(game, 1, "enraged")[0]
    mate = hand(game, 2, "mate")[0]
    kick(game, "flying_frogs")  # level 2, 1 treasure
    frogs = game.combat.monsters[0]
    game.apply(Fight(0))
    game.apply(PlayEnhancer(1, enraged, frogs))  # +5, +1 treasure
    game.apply(PlayMate(2, mate, frogs))
    assert game.monster_strength() == 2 * (2 + 5) and game.treasure_count() == 2 * (1 + 1)
    assert game.monster_names() == "Flying Frogs and Flying Frogs (Mate)"
    game.apply(Pass(1))
    game.apply(Pass(2))
    assert game.stage() == "combat" and not game.winning()
    game.apply(RunAway(0))
    assert {a.monster for a in game.legal_actions()} == {frogs, mate}  # one roll each
    game.apply(RollToRun(0, mate))
    game.apply(Chance("d6", 6))
    game.apply(RollToRun(0, frogs))
    game.apply(Chance("d6", 6))
    assert game.combat is None and {frogs, mate, enraged} <= set(game.door_discard)


def test_charm_sends_one_monster_and_its_enhancer_away_for_treasure_but_no_level() -> None:
    game = ready()
    set_level(game, 0, 3)
    become(game, 0, cls="wizard")
    hand(game, 0, "elf", "dwarf", "go_up_a_level")
    wandering, goblin, enraged = hand(game, 1, "wandering_monster", "lame_goblin", "enraged")
    kick(game, "flying_frogs")  # level 2, 1 treasure
    game.apply(Fight(0))
    game.apply(PlayWandering(1, wandering, goblin))
    game.apply(PlayEnhancer(1, enraged, goblin))  # the goblin: 1 + 5, 1 + 1 treasures
    game.apply(Pass(1))
    game.apply(Pass(2))
    assert game.monster_strength() == 2 + 6 and not game.winning()
    game.apply(Charm(0, goblin))
    c = game.combat
    assert game.players[0].hand == [] and c.monsters == [c.monsters[0]] and c.enhancers == []
    assert game.monster_strength() == 2 and game.treasure_count() == 1 + 2
    fight_all_pass(game)
    assert game.players[0].level == 4  # a level for the frogs only
    assert sum(1 for d in game.draws if d.deck == "treasure") == 3


def test_charming_the_only_monster_ends_the_fight_with_treasure_and_no_level() -> None:
    """Seed 000: "但如果你只是击败了一个怪物而没能干掉它，你绝不会升级"; the English sheet: "You go up a level
    after combat only if you kill a monster"."""
    game = ready()
    become(game, 0, cls="wizard")
    hand(game, 0, "elf", "dwarf")
    kick(game, "harpies")  # level 4, 2 treasures
    assert not any(isinstance(a, Charm) for a in game.legal_actions())  # a hand of at least 3 cards
    hand(game, 0, "halfling")
    game.apply(Charm(0, game.combat.monsters[0]))
    assert game.combat is None and game.players[0].level == 1
    assert game.draws == [Draw("treasure", 0, "down")] * 2 and game.stage() == "end of turn"


# ----- the thief's steal -------------------------------------------------------------------------
@pytest.mark.parametrize("face, stolen", [(4, True), (3, False)])
def test_a_thief_steals_a_small_item_on_4_or_loses_a_level(face: int, stolen: bool) -> None:
    """Seed 000 卡牌规则概述, the hand: "它们也无法被偷走" (only carried items are stolen)."""
    game = ready()
    set_level(game, 0, 3)
    become(game, 0, cls="thief")
    card = hand(game, 0, "elf")[0]
    wear(game, 1, "horny_helmet", "mithril_armour")
    helmet = game.players[1].carried[0]  # the Mithril Armour is big: not stealable
    steals = {a for a in game.legal_actions() if isinstance(a, Steal)}
    assert steals == {Steal(0, card, 1, helmet)}  # small items only
    game.apply(Steal(0, card, 1, helmet))
    game.apply(Chance("d6", face))
    assert (helmet in game.players[0].carried) is stolen and (helmet in game.players[1].carried) is not stolen
    assert game.players[0].level == (3 if stolen else 2) and game.stage() == "kick open the door"


def test_no_stealing_or_trading_in_a_fight() -> None:
    """Seed 000: "但你不能在战斗时偷窃或交易装备"; "注意盗贼不能在战斗时偷窃"."""
    game = ready()
    become(game, 0, cls="thief")
    hand(game, 0, "elf")
    wear(game, 0, "leather_armour")
    wear(game, 1, "horny_helmet")
    assert any(isinstance(a, Steal) for a in game.legal_actions())
    kick(game, "harpies")
    assert not any(isinstance(a, Steal | OfferTrade) for a in game.legal_actions())


# ----- the cleric's resurrection --------------------------------------------------------------------
def test_a_cleric_takes_the_top_door_discard_instead_of_kicking() -> None:
    game = ready()
    become(game, 0, cls="cleric")
    card = hand(game, 0, "elf")[0]
    plant = set_discards(game, door=["potted_plant"])[0]
    game.apply(Resurrect(0, card))
    assert game.combat is not None and game.combat.monsters == [plant] and card in game.door_discard
    assert not game.is_chance()  # nothing drawn: the card came from the discards


# ----- trading and bribes ----------------------------------------------------------------------------
def test_trading_items_in_play_and_no_selling_them_before_your_next_turn() -> None:
    """Seed 000: "你只能交易桌面上的物品"."""
    game = ready()
    wear(game, 0, "leather_armour")
    wear(game, 1, "flaming_armour")
    leather, flaming = game.players[0].carried[0], game.players[1].carried[0]
    game.apply(OfferTrade(0, leather, 1, flaming))
    assert game.to_act() == (1,) and game.stage() == "trade offer"
    game.apply(AnswerTrade(1, True))
    assert game.players[0].carried == [flaming] and game.players[1].carried == [leather]
    assert SellItem(0, flaming) not in game.legal_actions()  # not before your next turn
    assert not any(isinstance(a, OfferTrade) and a.to == 1 for a in game.legal_actions())  # one offer a turn
    with pytest.raises(IllegalAction):
        game.apply(OfferTrade(0, flaming, 1, leather))


def test_a_bribe_with_an_item_changes_hands_when_the_helper_agrees() -> None:
    """Seed 000: "你可以用你的装备，或是（还未到手的）怪物的宝藏来行贿"."""
    game = ready()
    wear(game, 0, "boots_of_butt_kicking")
    boots = game.players[0].carried[0]
    set_level(game, 1, 5)
    kick(game, "harpies")  # level 4
    assert AskHelp(0, 1, 0, boots) in game.legal_actions()
    game.apply(AskHelp(0, 1, 0, boots))
    game.apply(AnswerHelp(1, True))
    assert game.players[1].carried == [boots] and game.players[0].carried == []
    assert game.fighter_strength() == 1 + 5 + 2


# ----- Divine Intervention and Go Up a Level at any time ---------------------------------------------
def test_divine_intervention_raises_every_cleric_and_can_win() -> None:
    """Seed 000 规则争议和辩论: "当卡牌描述和规则不符时，按卡牌的描述办" (Divine Intervention wins without a kill)."""
    game = ready()
    become(game, 1, cls="cleric")
    set_level(game, 1, 9)
    set_level(game, 2, 9)
    game.apply(KickDoor(0))
    game.apply(Chance("door", next(c for c in game.door_deck if c.startswith("divine_intervention"))))
    assert game.players[1].level == 10 and game.players[2].level == 9
    assert game.result().winners == (1,) and game.invariants() == []


def test_go_up_a_level_in_someone_elses_fight_but_not_to_ten() -> None:
    """Seed 000: 「提升一个等级牌可以瞬间起效」."""
    game = ready()
    gual = hand(game, 1, "go_up_a_level")[0]
    kick(game, "potted_plant")
    game.apply(Fight(0))
    game.apply(PlayCard(1, gual))
    assert game.players[1].level == 2 and gual in game.treasure_discard
    set_level(game, 2, 9)
    other = hand(game, 2, "go_up_a_level")[0]
    game.refresh()
    assert PlayCard(2, other) not in game.legal_actions()
