"""Munchkin, seed 000 read sentence by sentence beside the engine (issue #24): the sentences no other test quoted
(the deviations that reading found, each with its fix, are in test_munchkin_rules_book_deviations.py).

Every position is set up with the scenario API (tablerules.munchkin.scenario) and played through the protocol.
docs/rules/munchkin.md keeps the table sentence -> test.
"""

from __future__ import annotations

import pytest
from munchkin_helpers import (
    become,
    fight_all_pass,
    hand,
    kick,
    ready,
    set_level,
    set_turn,
    wear,
)

from tablerules.core.errors import IllegalAction
from tablerules.core.protocol import Chance
from tablerules.munchkin.cards import load_cards
from tablerules.munchkin.game import (
    AnswerHelp,
    AskHelp,
    Backstab,
    Charm,
    ChooseLoss,
    ClassPower,
    EndTurn,
    Fight,
    GiveCard,
    GiveUp,
    LootRoom,
    MunchkinGame,
    OfferTrade,
    Pass,
    PlayCard,
    PlayCurse,
    PlayEnhancer,
    RemoveCurse,
    RollToRun,
    RunAway,
    SellItem,
)

# ----- 人物创建, 游戏开始和结束, 回合的阶段 ---------------------------------------------------------------


def test_each_seat_looks_at_the_four_cards_it_was_dealt() -> None:
    """人物创建: "看一眼你上手的4张牌" — dealt 2 + 2 (游戏准备, the older sheet's deal), each seat sees its own four
    cards, two of each deck, and of the other hands only how many cards they hold."""
    game = MunchkinGame({"players": 3, "deal": 2}, seed=5)
    while game.is_chance():
        game.roll()
    for seat in range(3):
        view = game.observe(seat)["players"]
        mine = view[seat]["hand"]
        assert len(mine) == 4 and sorted(game.card(c).deck for c in mine) == ["door", "door", "treasure", "treasure"]
        assert mine == game.players[seat].hand
        assert all("hand" not in view[o] and view[o]["hand_size"] == 4 for o in range(3) if o != seat)


def test_a_turn_goes_through_its_phases_then_the_next_player_plays() -> None:
    """游戏开始和结束: "依次进行游戏，每个小白的回合都包括数个阶段（见下文）"; 4. 慈善捐赠: "现在轮到下一个小白的回合了"
    — player 0 kicks open the door (a race card: into the hand), loots the room, ends the turn with 6 cards (the
    extra one goes to player 1, the lowest level), and player 1's turn starts at the door."""
    game = ready()
    set_level(game, 0, 2)
    set_level(game, 2, 2)
    hand(game, 0, "horny_helmet", "leather_armour", "flaming_armour", "boots_of_butt_kicking")
    assert game.stage() == "kick open the door" and game.current == 0
    kick(game, "elf")
    assert game.stage() == "look for trouble or loot the room" and len(game.players[0].hand) == 5
    game.apply(LootRoom(0))
    game.roll()  # the Door card, face down, into the hand
    assert game.stage() == "end of turn" and len(game.players[0].hand) == 6
    game.apply(EndTurn(0))
    assert game.stage() == "charity" and game.current == 0
    card = game.players[0].hand[0]
    assert {a.to for a in game.legal_actions(0) if isinstance(a, GiveCard)} == {1}
    game.apply(GiveCard(0, card, 1))
    assert game.current == 1 and game.stage() == "kick open the door" and game.players[1].hand == [card]


# ----- 战斗 -----------------------------------------------------------------------------------------


def test_the_monster_level_and_its_modifiers_in_the_count() -> None:
    """战斗: "战斗和怪物作战时，看一下怪物牌顶上的等级" and "部分怪物有影响战斗的特殊能力...在计算时不要忘了它们";
    人物属性: "等级：这是对你小白程度的度量（怪物也有等级）" — the Drooling Slime is level 1, +4 against elves: 1
    against a human, 5 against an elf; a level 4 human kills it, a level 4 elf (4 against 5) does not."""
    for race, monster, wins in ((None, 1, True), ("elf", 5, False)):
        game = ready()
        set_level(game, 0, 4)
        if race:
            become(game, 0, race=race)
        kick(game, "drooling_slime")
        assert game.foe(game.combat.monsters[0]).level == 1
        assert game.monster_strength() == monster and game.fighter_strength() == 4 and game.winning() is wins


def test_levels_go_up_by_kills_and_cards_and_down_when_a_card_says_so() -> None:
    """战斗: "干掉或击败一个怪物可以让你升一级（对某些特别危险的怪物来说，升两级）"; 人物属性: "你会在游戏中不断升级和
    掉级", "当你杀死怪物时会升级，某些卡牌也能让你升级", "当一张卡牌说你会掉级的时候，你就掉级了" — level 6 with
    items +13 kills the Flying Frogs (level 2: one level, 7), then, next turn, the Wight Brothers (level 16,
    20 against 16: two levels, 9); Go Up a Level (from 5 to 6) and the Duck of Doom (lose 2 levels: 6 to 4)."""
    game = ready()
    set_level(game, 0, 6)
    wear(game, 0, "horny_helmet", "flaming_armour", "boots_of_butt_kicking", "chainsaw_of_bloody_dismemberment",
         "ring_of_strength", "kneepads_of_allure", "singing_and_dancing_sword")
    kick(game, "flying_frogs")
    fight_all_pass(game)
    assert game.players[0].level == 7
    game.roll()  # its treasure
    set_turn(game, 0, "kick open the door")
    kick(game, "wight_brothers")
    assert game.fighter_strength() == 7 + 13
    fight_all_pass(game)
    assert game.players[0].level == 9
    other = ready()
    set_level(other, 1, 5)
    up, duck = hand(other, 1, "go_up_a_level", "curse_duck_of_doom")
    other.apply(PlayCard(1, up))  # any time, out of turn too
    assert other.players[1].level == 6 and up in other.treasure_discard
    other.apply(PlayCurse(1, duck, 1))
    assert other.players[1].level == 4


def test_an_enhanced_monster_is_harder_and_gives_more_treasure() -> None:
    """干预战斗: "使用卡牌增强怪物。有些牌可以让怪物变得更难对付...当然也多了额外的宝藏" — Enraged (+5, +1 treasure)
    on the Lame Goblin (level 1, 1 treasure): level 7 kills a 6 and draws 2 treasures."""
    game = ready()
    set_level(game, 0, 7)
    enraged = hand(game, 1, "enraged")[0]
    kick(game, "lame_goblin")
    game.apply(Fight(0))
    game.apply(PlayEnhancer(1, enraged, game.combat.monsters[0]))
    assert game.monster_strength() == 6 and game.treasure_count() == 2
    game.apply(Pass(1))
    game.apply(Pass(2))
    fight_all_pass(game)
    assert game.players[0].level == 8 and [d.face for d in game.draws] == ["down", "down"]


def test_the_treasures_a_kill_gives_are_those_on_the_monster_card() -> None:
    """宝藏: "宝藏干掉怪物后你可以得到它的宝藏。每张怪物牌的底下都注明了它所拥有的宝藏数量" — every monster
    card shows its treasures in its text (English and Chinese), at least one each, and a kill draws that many (the
    Net Troll: 3)."""
    monsters = [c for c in load_cards().values() if c.kind == "monster"]
    assert len(monsters) == 37
    for card in monsters:
        words = f"{card.treasures} treasure{'s' if card.treasures != 1 else ''}"
        assert card.treasures >= 1 and words in card.text, card.id
        assert f"{card.treasures}个宝藏" in card.text_zh, card.id
    game = ready()
    set_level(game, 0, 8)
    wear(game, 0, "ring_of_strength", "horny_helmet", "flaming_armour")
    kick(game, "net_troll")  # level 10; 8 + 4 = 12
    fight_all_pass(game)
    assert sum(d.deck == "treasure" for d in game.draws) == 3


# ----- 请求帮助, 逃跑 ---------------------------------------------------------------------------------


def test_asking_for_help_with_bribes_and_the_elf_who_needs_none() -> None:
    """请求帮助: "请求帮助在战斗时，你可以哀求其他小白的帮助" and "你可以贿赂其他人来换取帮助，事实上你通常必须这么做，
    除非这儿有个精灵" — in a fight the fighter may ask every other player, offering none, part or all of the
    treasures (Harpies: 2) and an item in play; an elf helps for nothing: the kill is a level for the elf too."""
    game = ready()
    become(game, 1, race="elf")
    set_level(game, 1, 3)
    boots = wear(game, 0, "boots_of_butt_kicking")[0]
    assert not any(isinstance(a, AskHelp) for a in game.legal_actions(0))  # outside a fight nobody is asked
    kick(game, "harpies")  # level 4: 1 + 2 = 3, a loss alone
    asks = [a for a in game.legal_actions(0) if isinstance(a, AskHelp)]
    assert {a.helper for a in asks} == {1, 2} and {a.treasures for a in asks} == {0, 1, 2}
    assert AskHelp(0, 2, 0, boots) in asks
    game.apply(AskHelp(0, 1, 0))  # nothing offered to the elf
    game.apply(AnswerHelp(1, True))
    assert game.fighter_strength() == 1 + 2 + 3 and game.winning()
    fight_all_pass(game)
    assert game.players[0].level == 2 and game.players[1].level == 4
    assert [d.player for d in game.draws] == [0, 0]  # no share: both treasures are the fighter's


def test_a_helped_kill_discards_the_monster_draws_treasure_and_follows_the_card() -> None:
    """请求帮助: "如果有人成功的帮助了你，怪物就**掉了。弃掉这张怪物牌，抽取宝物牌（详见下文），如果怪物牌上还有任何特殊
    说明，照做" — the Hippogriff (level 16, 4 treasures, its card: 2 levels) killed by a level 6 fighter and a level 9
    helper with +2: the card is discarded, the fighter goes up the card's 2 levels, the 4 treasures are drawn
    face up (the helper's share of 1 first)."""
    game = ready()
    set_level(game, 0, 6)
    set_level(game, 1, 9)
    wear(game, 1, "boots_of_butt_kicking")
    kick(game, "hippogriff")
    hippogriff = game.combat.monsters[0]
    game.apply(AskHelp(0, 1, 1))
    game.apply(AnswerHelp(1, True))
    assert game.fighter_strength() == 6 + 9 + 2
    fight_all_pass(game)
    assert hippogriff in game.door_discard and game.players[0].level == 8 and game.players[1].level == 9
    assert [(d.player, d.face) for d in game.draws] == [(1, "open"), (0, "open"), (0, "open"), (0, "open")]


def test_items_change_the_running_away_roll() -> None:
    """逃跑: "一些魔法物品能使逃跑变得更简单或困难" — an item's run-away bonus counts on every roll (our cards have only
    helpful ones: the Boots of Running Really Fast +2, the Tuba of Charm +3): with both, a roll of 1 escapes the
    Pit Bull (1 + 5 = 6); without them the same 1 is caught."""
    for items, escaped in (((), False), (("boots_of_running_really_fast", "tuba_of_charm"), True)):
        game = ready()
        set_level(game, 0, 3)
        wear(game, 0, *items)
        kick(game, "pit_bull")  # level 2, bad stuff: lose 2 levels; 3 + 0 beats it: give up and run
        game.apply(RunAway(0))
        assert game.run_modifier() == (5 if items else 0)
        game.apply(RollToRun(0, game.combat.monsters[0]))
        game.apply(Chance("d6", 1))
        assert game.players[0].level == (3 if escaped else 1)


def test_caught_the_monster_card_says_what_happens() -> None:
    """逃跑: "如果你被抓住了……怪物对你造成恶果，见怪物牌上的描述" — the Amazon's card (bad stuff: lose your class):
    caught by it, the wizard is a wizard no more (the class card goes to the Door discards)."""
    game = ready()
    become(game, 0, cls="wizard")
    wizard = game.players[0].cls
    kick(game, "amazon")
    assert "lose your class" in game.foe(game.combat.monsters[0]).text
    game.apply(RunAway(0))
    game.apply(RollToRun(0, game.combat.monsters[0]))
    game.apply(Chance("d6", 2))
    assert game.players[0].cls is None and wizard in game.door_discard and game.players[0].level == 1


# ----- 人物属性, 种族, 职业 --------------------------------------------------------------------------


def test_a_character_is_items_level_race_and_class() -> None:
    """人物属性: "人物属性简单来说，每个人物都是武器，盔甲，魔法物品等级，种族，职业三个属性的**" — what the table
    shows of a character: level, race, class, and the items that give their bonuses (a level 8 elf wizard with
    the Staff of Napalm +5 and Leather Armour +1: strength 14)."""
    game = ready()
    set_level(game, 0, 8)
    become(game, 0, race="elf", cls="wizard")
    wear(game, 0, "staff_of_napalm", "leather_armour")
    assert game.character(0) == "male Elf Wizard" and game.strength(0) == 8 + 5 + 1
    line = game.describe_state().splitlines()[0]
    assert line.startswith("> player 0: level 8 male Elf Wizard, strength 14")
    assert "Staff of Napalm" in line and "Leather Armour" in line


def test_the_races_a_human_has_no_ability_the_others_have_theirs() -> None:
    """种族: "种族人物可以是人类，精灵，矮人或半身人", "人类没有特殊能力", "其他种族都有不同的特殊能力或弱点" — the race
    cards are elf, dwarf and halfling (no card: human); a human has no run-away bonus, the five-card hand and no
    double sale; an elf +1 to run away, a halfling -1 and one sale a turn at double value, a dwarf six cards."""
    races = {c.race for c in load_cards().values() if c.kind == "race"}
    assert races == {"elf", "dwarf", "halfling"}
    seen = {}
    for race in (None, "elf", "dwarf", "halfling"):
        game = ready()
        set_level(game, 0, 2)
        if race:
            become(game, 0, race=race)
        sword = hand(game, 0, "sneaky_bastard_sword")[0]  # 400 gold
        game.apply(SellItem(0, sword))
        kick(game, "pit_bull")
        game.apply(RunAway(0))
        seen[race or "human"] = (game.run_modifier(), game.hand_limit(0), game.sold)
    assert seen == {"human": (0, 5, 400), "elf": (1, 5, 400), "dwarf": (0, 6, 400), "halfling": (-1, 5, 800)}


def test_a_race_card_gives_its_ability_and_takes_it_when_it_goes() -> None:
    """种族: "当你出示种族牌到桌面上时，你就获得了这些能力，当你弃掉种族牌时，也会失去这些能力" — the dwarf's six-card
    hand comes with the card and goes with it: six cards end a dwarf's turn without charity; once the race is
    given up the same six are one too many."""
    game = ready()
    dwarf = hand(game, 0, "dwarf")[0]
    game.apply(PlayCard(0, dwarf))
    hand(game, 0, "horny_helmet", "leather_armour", "flaming_armour", "boots_of_butt_kicking", "pit_bull", "mate")
    set_turn(game, 0, "end of turn")
    assert game.hand_limit(0) == 6
    trial = game.copy()
    trial.apply(EndTurn(0))
    assert trial.current == 1  # no charity
    game.apply(GiveUp(0, dwarf))
    assert game.hand_limit(0) == 5
    game.apply(EndTurn(0))
    assert game.stage() == "charity"


def test_the_four_classes_each_with_its_own_powers() -> None:
    """职业: "职业人物可以是战士，法师，盗贼或是牧师" and "每个职业都有不同的能力" — the class cards are warrior,
    wizard, thief and cleric; in a fight against an undead monster each brings its own power (the warrior's berserk,
    the wizard's charm, the cleric's turning; the thief's backstab is for others' fights), and a warrior alone
    wins ties."""
    classes = {c.cls for c in load_cards().values() if c.kind == "class"}
    assert classes == {"warrior", "wizard", "thief", "cleric"}
    found = {}
    for cls in sorted(classes):
        game = ready()
        become(game, 0, cls=cls)
        become(game, 1, cls="thief" if cls != "thief" else None)
        hand(game, 0, "horny_helmet", "leather_armour", "flaming_armour")
        set_level(game, 0, 2)
        kick(game, "mr_bones")  # undead, level 2: a tie
        powers = {a.power for a in game.legal_actions(0) if isinstance(a, ClassPower)}
        powers |= {"charm"} if any(isinstance(a, Charm) for a in game.legal_actions(0)) else set()
        found[cls] = (powers, game.winning())
    assert found == {"cleric": ({"turning"}, False), "thief": (set(), False), "warrior": ({"berserk"}, True),
                     "wizard": ({"charm"}, False)}
    thief = ready()
    become(thief, 1, cls="thief")
    card = hand(thief, 1, "pit_bull")[0]
    kick(thief, "mr_bones")
    thief.apply(Fight(0))
    assert Backstab(1, card) in thief.legal_actions(1)  # the thief's power is in someone else's fight


def test_giving_up_a_class_leaves_you_with_no_class_until_you_play_another() -> None:
    """职业: "当你弃掉种族牌后，你又变成了无业者直到你出示另一张职业牌到桌面上" (the seed says 种族 here; the
    sentence is about the class: 无业者) — a warrior gives the class up in a fight and is classless (a tie is
    lost) until a new class card is played on the next own turn."""
    game = ready()
    set_level(game, 0, 2)
    become(game, 0, cls="warrior")
    cleric = hand(game, 0, "cleric")[0]
    kick(game, "pit_bull")  # level 2
    assert game.winning()
    game.apply(GiveUp(0, game.players[0].cls))
    assert game.character(0) == "male Human no class" and not game.winning()
    assert PlayCard(0, cleric) not in game.legal_actions(0)  # no class card in a fight
    game.apply(RunAway(0))
    game.apply(RollToRun(0, game.combat.monsters[0]))
    game.apply(Chance("d6", 6))
    game.apply(EndTurn(0))
    set_turn(game, 0, "kick open the door")
    game.apply(PlayCard(0, cleric))
    assert game.character(0) == "male Human Cleric"


# ----- 诅咒, 混血和超级小白 ---------------------------------------------------------------------------


def test_a_curse_strikes_at_once_and_is_discarded() -> None:
    """诅咒: "诅咒对受害者立刻起效（如果能够起效的话）并被弃牌" — Lose a Level played on player 2 (level 3) takes the
    level at once and goes to the Door discards; Lose Your Armour on a victim with no armour does nothing and is
    discarded too."""
    game = ready()
    set_level(game, 2, 3)
    level, armour = hand(game, 1, "curse_lose_a_level", "curse_lose_armour")
    game.apply(PlayCurse(1, level, 2))
    assert game.players[2].level == 2 and game.door_discard[-1] == level
    game.apply(PlayCurse(1, armour, 2))
    assert game.players[2].level == 2 and game.door_discard[-1] == armour and not game.players[2].curses


def test_a_curse_that_could_take_several_items_lets_the_victim_choose() -> None:
    """诅咒: "如果诅咒对数个物品都有效，受害者可以选择哪个物品会丢失或被诅咒" — Income Tax (lose an item) on a victim
    with a helmet and boots: the victim, not the curse's player, picks the one that goes."""
    game = ready()
    helmet, boots = wear(game, 2, "horny_helmet", "boots_of_butt_kicking")
    tax = hand(game, 1, "curse_income_tax")[0]
    game.apply(PlayCurse(1, tax, 2))
    assert game.to_act() == (2,) and set(game.legal_actions(2)) == {ChooseLoss(2, helmet), ChooseLoss(2, boots)}
    game.apply(ChooseLoss(2, boots))
    assert game.players[2].carried == [helmet] and boots in game.treasure_discard


def test_lasting_curses_stay_on_the_table_in_everyones_view() -> None:
    """English sheet, Card Management: "Continuing Curses and some other cards also stay on the table after you
    play them" — Chicken on Your Head stays in front of its victim, seen by every seat, until a Wishing Ring
    removes it (the Lose a Level beside it is discarded at once)."""
    game = ready()
    chicken, level = hand(game, 1, "curse_chicken_on_your_head", "curse_lose_a_level")
    ring = hand(game, 0, "wishing_ring")[0]
    game.apply(PlayCurse(1, chicken, 2))
    game.apply(PlayCurse(1, level, 2))
    for seat in (0, 1, 2, None):
        assert game.observe(seat)["players"][2]["curses"] == [chicken]
    assert level in game.door_discard and chicken not in game.door_discard
    game.apply(RemoveCurse(0, ring, 2, chicken))
    assert game.players[2].curses == [] and chicken in game.door_discard


def test_half_breed_and_super_munchkin_two_races_two_classes_with_all_their_traits() -> None:
    """混血和超级小白: "混血和超级小白它们可以分别让你拥有两个种族和两个职业", "你现在是（打个比方）半精灵半矮人了，并
    同时拥有它们的优势和劣势", "如果你失去了这两张职业牌中的任何一张，你失去超级小白牌" — a half-elf half-dwarf
    warrior-cleric runs with the elf's +1, keeps the dwarf's six cards, meets the Drooling Slime's +4 against
    elves, wins ties as a warrior and turns the undead as a cleric; losing the cleric card takes the Super
    Munchkin with it."""
    game = ready()
    become(game, 0, race="elf", cls="warrior")
    half, dwarf, super_, cleric = hand(game, 0, "half_breed", "dwarf", "super_munchkin", "cleric")
    game.apply(PlayCard(0, half, dwarf))
    game.apply(PlayCard(0, super_, cleric))
    me = game.players[0]
    assert (me.race2, me.half_breed, me.cls2, me.super_munchkin) == (dwarf, half, cleric, super_)
    assert game.character(0) == "male Half-Breed Elf/Dwarf Warrior/Cleric" and game.hand_limit(0) == 6
    kick(game, "drooling_slime")
    assert game.monster_strength() == 1 + 4 and game.fighter_strength() == 1 and not game.winning()
    game.apply(RunAway(0))
    assert game.run_modifier() == 1
    game.apply(RollToRun(0, game.combat.monsters[0]))
    game.apply(Chance("d6", 4))  # 4 + 1: escaped
    set_turn(game, 0, "kick open the door")
    set_level(game, 0, 2)
    hand(game, 0, "pit_bull")  # a card to discard for turning
    kick(game, "mr_bones")  # undead, level 2: the warrior wins the tie
    assert game.winning() and any(isinstance(a, ClassPower) and a.power == "turning" for a in game.legal_actions(0))
    game.apply(GiveUp(0, cleric))
    assert me.cls2 is None and me.super_munchkin is None and super_ in game.door_discard and game.winning()


# ----- 交易 -----------------------------------------------------------------------------------------


def test_only_items_in_play_are_traded() -> None:
    """交易: "交易你可以和其他小白交易物品——但其他卡牌不行" — every trade offer swaps an item in play for an item in
    play: neither the race, the class, a curse nor an item still in the hand is ever offered."""
    game = ready()
    become(game, 0, race="elf", cls="thief")
    become(game, 1, race="dwarf")
    mine = wear(game, 0, "horny_helmet", "leather_armour")
    theirs = wear(game, 1, "flaming_armour", "helm_of_courage")
    hand(game, 0, "curse_lose_a_level", "boots_of_butt_kicking", "wizard")
    hand(game, 1, "sneaky_bastard_sword")
    offers = [a for a in game.legal_actions(0) if isinstance(a, OfferTrade)]
    assert offers and all(a.give in mine and a.get in theirs for a in offers)
    assert {(a.give, a.get) for a in offers if a.to == 1} == {(mine[0], theirs[1]), (mine[1], theirs[0])}


# ----- English sheet: Contradictions Between Cards and Rules --------------------------------------


def test_no_card_effect_overrides_the_four_rules() -> None:
    """English sheet: "However, ignore any card effect that might seem to contradict one of the rules listed below
    unless the card explicitly says it supersedes that rule!" — Go Up a Level (its card: a level at any time) is
    not offered at level 9 and refused if tried (rule 4: level 10 by a kill), and the Duck of Doom (lose 2
    levels) leaves a level 2 character at level 1 (rule 1)."""
    game = ready()
    set_level(game, 0, 9)
    up = hand(game, 0, "go_up_a_level")[0]
    assert PlayCard(0, up) not in game.legal_actions(0)
    with pytest.raises(IllegalAction) as refused:
        game.apply(PlayCard(0, up))
    assert refused.value.rule == "go up a level" and game.players[0].level == 9
    set_level(game, 1, 2)
    duck = hand(game, 2, "curse_duck_of_doom")[0]
    game.apply(PlayCurse(2, duck, 1))
    assert game.players[1].level == 1
