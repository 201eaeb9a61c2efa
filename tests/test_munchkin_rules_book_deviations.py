"""Munchkin, seed 000 read sentence by sentence beside the engine (issue #24): the deviations from the seed that
reading found; each test failed before its fix (the other sentences: test_munchkin_rules_book.py).

Every position is set up with the scenario API (tablerules.munchkin.scenario) and played through the protocol.
docs/rules/munchkin.md keeps the table sentence -> test.
"""

from __future__ import annotations

import pytest
from munchkin_helpers import (
    become,
    creating,
    fight_all_pass,
    hand,
    kick,
    ready,
    set_discards,
    set_level,
    wear,
)

from tablerules.core.errors import IllegalAction
from tablerules.core.protocol import Chance
from tablerules.families.munchkin import DWARF_HAND_LIMIT, race_run_bonus
from tablerules.munchkin.actions import CHARM_MIN_HAND, MAX_POWER_DISCARDS, STEAL_NEED
from tablerules.munchkin.cards import load_cards
from tablerules.munchkin.game import (
    AnswerHelp,
    AskHelp,
    ChooseLoss,
    ClassPower,
    GiveUp,
    PlayCard,
    Ready,
    Resurrect,
    RunAway,
    ShowHand,
    Steal,
)


def test_a_dwarf_who_gives_up_the_race_keeps_one_big_item() -> None:
    """种族: "当你出示种族牌到桌面上时，你就获得了这些能力，当你弃掉种族牌时，也会失去这些能力" — the dwarf's ability
    to carry any number of big items (facts.md) comes with the race card and goes with it: a dwarf who gives the
    race up keeps one big item of their choice, the others are discarded (before the fix both stayed and
    both bonuses counted)."""
    game = ready()
    saw, armour = hand(game, 0, "chainsaw_of_bloody_dismemberment", "mithril_armour")
    game.apply(PlayCard(0, saw))
    assert PlayCard(0, armour) not in game.legal_actions(0)  # one big item for a human
    dwarf = hand(game, 0, "dwarf")[0]
    game.apply(PlayCard(0, dwarf))  # the race's ability comes with its card
    game.apply(PlayCard(0, armour))
    ring = wear(game, 0, "ring_of_strength")[0]
    assert game.strength(0) == 1 + 3 + 3 + 1
    game.apply(GiveUp(0, dwarf))
    assert game.stage() == "bad stuff: choose an item to lose" and game.to_act() == (0,)
    assert set(game.legal_actions(0)) == {ChooseLoss(0, saw), ChooseLoss(0, armour)}  # the ring is small
    game.apply(ChooseLoss(0, saw))
    assert game.players[0].carried == [armour, ring] and game.strength(0) == 1 + 3 + 1
    assert saw in game.treasure_discard and game.stage() == "kick open the door"


def test_character_creation_plays_one_race_and_one_class_only() -> None:
    """人物创建: "如果其中有任何种族或职业牌，你可以（如果愿意的话）出示各一张到桌面上。如果你还抽到些装备牌，那么也可以
    将它们出示到桌面上" — while creating, one race card, one class card and items: no Half-Breed with a second race
    and no Super Munchkin with a second class (before the fix both were offered); on your turn they are."""
    game = creating()
    elf, dwarf, half, warrior, wizard, super_ = hand(game, 0, "elf", "dwarf", "half_breed", "warrior", "wizard",
                                                    "super_munchkin")
    helmet = hand(game, 0, "horny_helmet")[0]
    game.apply(PlayCard(0, elf))
    game.apply(PlayCard(0, warrior))
    assert [a for a in game.legal_actions(0) if isinstance(a, PlayCard)] == [PlayCard(0, helmet)]
    for p in range(3):
        game.apply(Ready(p))
    game.apply(Chance("first", 0))
    legal = game.legal_actions(0)
    assert PlayCard(0, half, dwarf) in legal and PlayCard(0, super_, wizard) in legal


def test_the_helper_and_the_fighter_settle_who_draws_first() -> None:
    """请求帮助: "如果是用怪物的部分宝藏诱惑他们，你必须确定好是你先抽，还是他先抽，或是其他什么分赃办法" — an offer of
    part of the treasure says who draws first (before the fix the helper always did); an offer of none or all
    of it needs no order. Ghoulfiends: level 8, 2 treasures; 3 + 3 + 4 (the helper's armour and boots) = 10."""
    game = ready()
    set_level(game, 0, 3)
    set_level(game, 1, 3)
    wear(game, 1, "flaming_armour", "boots_of_butt_kicking")
    kick(game, "ghoulfiends")
    asks = {a for a in game.legal_actions(0) if isinstance(a, AskHelp) and a.helper == 1}
    assert asks == {AskHelp(0, 1, 0), AskHelp(0, 1, 1), AskHelp(0, 1, 1, fighter_first=True), AskHelp(0, 1, 2)}
    assert AskHelp(0, 1, 1, fighter_first=True).describe() == (
        "player 0 asks player 1 for help, offering 1 treasure (player 0 draws first)")
    game.apply(AskHelp(0, 1, 1, fighter_first=True))
    game.apply(AnswerHelp(1, True))
    fight_all_pass(game)
    assert game.chance_step().description == "player 0 draws a treasure card face up"
    game.roll()
    assert game.chance_step().description == "player 1 draws a treasure card face up"
    game.roll()
    assert len(game.players[0].hand) == len(game.players[1].hand) == 1
    helper_first = ready()
    set_level(helper_first, 0, 3)
    set_level(helper_first, 1, 3)
    wear(helper_first, 1, "flaming_armour", "boots_of_butt_kicking")
    kick(helper_first, "ghoulfiends")
    helper_first.apply(AskHelp(0, 1, 1))
    helper_first.apply(AnswerHelp(1, True))
    fight_all_pass(helper_first)
    assert helper_first.chance_step().description == "player 1 draws a treasure card face up"


def test_race_and_class_cards_say_their_powers_and_when_they_are_used() -> None:
    """职业: "每个职业都有不同的能力，在职业牌上写着" and "职业牌上有何时使用能力的说明"; 种族: "其他种族都有不同的特殊
    能力或弱点（详见卡牌）" — each Munchkin race and class card states its powers, when each is used and the engine's
    numbers (before the fix a class card only named the class it makes you); and the engine offers each power
    just then: the thief steals on their own turn and not in a fight, the cleric resurrects instead of kicking
    open the door, the wizard's flight comes when running away."""
    cards = load_cards()
    said = {"warrior": ["You win ties in a fight", f"Berserk, in a fight: discard up to {MAX_POWER_DISCARDS} cards"],
            "wizard": ["Flight, when running away", f"Charm, in your own fight: discard your whole hand "
                                                    f"({CHARM_MIN_HAND} cards or more)"],
            "thief": ["Backstab, in another player's fight", "Steal, on your turn outside a fight",
                      f"on {STEAL_NEED} or more"],
            "cleric": ["Resurrection, instead of kicking open the door", "Turning, in a fight against undead"],
            "elf": [f"{race_run_bonus({'elf'}):+d} to run away", "you go up a level for each of them"],
            "dwarf": [f"any number of big items and keep {DWARF_HAND_LIMIT} cards"],
            "halfling": [f"{race_run_bonus({'halfling'}):+d} to run away", "double its value"]}
    for card_id, phrases in said.items():
        assert all(p in cards[card_id].text for p in phrases), card_id
    assert "狂暴（战斗中）" in cards["warrior"].text_zh and "偷窃（在你的回合，不在战斗中）" in cards["thief"].text_zh
    thief = ready()
    become(thief, 0, cls="thief")
    wear(thief, 1, "horny_helmet")
    hand(thief, 0, "pit_bull")
    assert any(isinstance(a, Steal) for a in thief.legal_actions(0))
    kick(thief, "lame_goblin")
    assert not any(isinstance(a, Steal) for a in thief.legal_actions(0))
    cleric = ready()
    become(cleric, 0, cls="cleric")
    set_discards(cleric, door=["elf"])
    hand(cleric, 0, "pit_bull")
    assert any(isinstance(a, Resurrect) for a in cleric.legal_actions(0))
    kick(cleric, "dwarf")
    assert not any(isinstance(a, Resurrect) for a in cleric.legal_actions(0))
    wizard = ready()
    become(wizard, 0, cls="wizard")
    hand(wizard, 0, "pit_bull")
    kick(wizard, "lame_goblin")
    assert not any(isinstance(a, ClassPower) for a in wizard.legal_actions(0))
    wizard.apply(RunAway(0))
    assert any(isinstance(a, ClassPower) and a.power == "flight" for a in wizard.legal_actions(0))


def test_a_player_may_show_the_hand_to_the_others() -> None:
    """交易: "你可以让其他小白看你的手牌" — as trades, any time outside a fight, once a turn: the cards go into every
    seat's log; a seat's view of the table still keeps the hand private (what was shown is in the log, not a
    window on the hand from then on). Not modelled before (table talk)."""
    game = ready()
    hand(game, 1, "horny_helmet", "pit_bull")
    assert ShowHand(1) in game.legal_actions(1)
    assert ShowHand(2) not in game.legal_actions(2)  # an empty hand has nothing to show
    game.apply(ShowHand(1))
    shown = "player 1 shows the hand to the other players: Horny Helmet, Pit Bull"
    assert game.log_for(0)[-1] == game.log_for(2)[-1] == game.log[-1] == shown
    assert "hand" not in game.observe(0)["players"][1]
    assert ShowHand(1) not in game.legal_actions(1)  # once a turn
    with pytest.raises(IllegalAction) as refused:
        game.apply(ShowHand(1))
    assert refused.value.rule == "showing your hand"
    fresh = ready()
    hand(fresh, 1, "horny_helmet")
    kick(fresh, "lame_goblin")
    assert ShowHand(1) not in fresh.legal_actions(1)  # not in a fight, as trades


def test_a_thief_steals_only_an_item_that_goes_into_play() -> None:
    """卡牌规则概述: "已在桌面上的牌不能回手——如果你想摆脱它们，就必须弃牌或交易" — a stolen item goes from the victim's
    table onto the thief's, never into a hand: a thief wearing a helmet may try for the victim's boots, and for
    the victim's helmet only by discarding the own (before the fix the helmet was offered for any discard, and a
    success put it into the thief's hand)."""
    game = ready()
    become(game, 0, cls="thief")
    card = hand(game, 0, "pit_bull")[0]
    own = wear(game, 0, "helm_of_courage")[0]
    helmet, boots = wear(game, 1, "horny_helmet", "boots_of_butt_kicking")
    assert {a for a in game.legal_actions(0) if isinstance(a, Steal)} == {
        Steal(0, card, 1, boots), Steal(0, own, 1, boots), Steal(0, own, 1, helmet)}
    game.apply(Steal(0, card, 1, boots))
    game.apply(Chance("d6", 4))
    assert boots in game.players[0].carried and boots not in game.players[0].hand and game.strength(0) == 1 + 1 + 2
