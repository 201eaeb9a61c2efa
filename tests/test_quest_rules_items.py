"""Munchkin Quest (seed 001) p. 15-16 read sentence by sentence: character stats, levels, races and classes,
health, items, gold, slots, the backpack, big items, giving, picking up and throwing items. Each test sets its
position with the scenario API (tablerules/quest/scenario.py) and checks its passage through the protocol."""

from __future__ import annotations

import pytest
from quest_seed_helpers import NORTH, NORTH_EAST, all_pass, corridor_game, fight_in_north, roll_fight

from tablerules.core.protocol import Chance
from tablerules.quest.actions import (
    AnswerHelp,
    AskHelp,
    BuyLevel,
    Drop,
    GiveItem,
    GiveUp,
    Heal,
    OneShot,
    Pack,
    PickUp,
    PlayCard,
    PlayCurse,
    Power,
    Roll,
    RunTo,
    Search,
    SpendItem,
    Suicide,
)
from tablerules.quest.exploration import EndTurn, Move
from tablerules.quest.scenario import backpack, hand, hero, move_to, ready, set_floor, wear


def test_levels_run_from_1_to_10_up_by_kills_down_by_cards() -> None:
    """p. 15 等级: "等级从1变到10，而且在游戏中会不断地上上下下。" 升级: "·最重要的方法：杀怪！"
    "只有通过杀怪才能升到第10级。" 等级不能降到1以下: "凡规则、房间或卡牌上让你降级的时候你就得降级。" At level 9 a
    Go Up a Level and buying are refused; killing the Pit Bull makes 10. A curse takes a level; at level 1 it takes
    none."""
    game = corridor_game()
    hero(game, 0, level=9, gold=2000, hand=["go_up_a_level"])
    assert not any(isinstance(a, (PlayCard, BuyLevel)) for a in game.legal_actions(0))
    fight_in_north(game, "pit_bull")
    roll_fight(game, 6, 1)
    while game.is_chance():
        game.roll()
    assert game.heroes[0].level == 10
    curse, again = hand(game, 1, "curse_lose_a_level", "curse_lose_a_level")
    hero(game, 2, level=2)
    game.apply(PlayCurse(1, curse, 2))
    assert game.heroes[2].level == 1
    game.apply(PlayCurse(1, again, 2))
    assert game.heroes[2].level == 1 and again in game.dxm_discard


def test_an_elf_helper_goes_up_a_level_another_helper_does_not() -> None:
    """p. 15 升级: "例如说，精灵帮人打赢的时候可以升一级；" (a helper otherwise gains no level from an ordinary
    monster)."""
    for race, gained in ((None, 0), ("elf", 1)):
        game = corridor_game()
        hero(game, 1, race=race)
        fight_in_north(game, "pit_bull")
        game.apply(AskHelp(0, 1, 0))
        game.apply(AnswerHelp(1, True))
        roll_fight(game, 6, 6, 1)
        assert (game.heroes[0].level, game.heroes[1].level) == (2, 1 + gained)


def test_no_race_card_is_human_a_race_card_makes_its_race_and_its_power_comes_and_goes() -> None:
    """p. 15 种族: "如果你场上没有种族卡，那你就是人类。" "有了种族卡以后，你就变成了精灵、矮人或者半身人。"
    "将种族卡放下场时立刻获得种族能力；" "弃掉种族卡时立刻失去种族能力。" In a
    fight, the Elf card played gives its +1 to run away at once; given up, the bonus goes at once."""
    game = corridor_game()
    elf, = hand(game, 0, "elf")
    assert "human" in game.tags(0) and game.character(0).split()[1] == "Human"
    dog = fight_in_north(game, "pit_bull")
    assert game.run_modifier(0, dog) == 0
    game.apply(PlayCard(0, elf))
    assert "elf" in game.tags(0) and "human" not in game.tags(0) and game.run_modifier(0, dog) == 1
    game.apply(GiveUp(0, elf))
    assert "human" in game.tags(0) and game.run_modifier(0, dog) == 0
    dwarf = ready(players=2)
    hero(dwarf, 0, race="dwarf")
    assert dwarf.hand_limit(0) == 6 and dwarf.hand_limit(1) == 5


def test_the_four_classes_no_class_card_no_class_powers_come_and_go_at_once() -> None:
    """p. 15 职业: "小白们可以当战士、法师、盗贼或者牧师。" "如果你场上没有职业卡，那你就没有职业。"
    "每个职业的能力都不一样，见职业卡上的具体说明。" "将职业卡放下场时立刻获得职业能力；"
    "弃掉职业卡时立刻失去职业能力。"
    The warrior card played in a fight offers its berserk power at once; given up, the power goes."""
    game = corridor_game()
    assert {game.card(c).cls for c in game.dxm_deck if game.card(c).kind == "class"} == {
        "warrior", "wizard", "thief", "cleric"}
    assert game.character(0).endswith("no class")
    warrior, spare = hand(game, 0, "warrior", "go_up_a_level")
    fight_in_north(game, "pit_bull")
    assert not any(isinstance(a, Power) for a in game.legal_actions(0))
    game.apply(PlayCard(0, warrior))
    assert {a.power for a in game.legal_actions(0) if isinstance(a, Power)} == {"berserk"}
    game.apply(GiveUp(0, warrior))
    assert not any(isinstance(a, Power) for a in game.legal_actions(0)) and spare in game.heroes[0].hand


def test_each_class_card_says_what_its_class_does_and_the_warrior_does_it() -> None:
    """p. 15 职业: "每个职业的能力都不一样，见职业卡上的具体说明。" (a correction: the class cards said only "you
    become a warrior"). Each class card names its discard power and its d10 power; the warrior's text in play:
    three cards discarded, +1 each, no fourth."""
    game = corridor_game()
    texts = {game.card(c).cls: game.card(c).text_zh for c in game.dxm_deck if game.card(c).kind == "class"}
    for cls, power, d10 in (("warrior", "狂暴", "d10怒火"), ("wizard", "飞行术", "d10传送"),
                            ("thief", "背刺", "d10偷窃"), ("cleric", "驱散不死", "d10祈祷")):
        assert power in texts[cls] and d10 in texts[cls] and "不大于你的等级时生效" in texts[cls]
    assert "最多弃3张牌，每张+1" in texts["warrior"] and "-2" in texts["thief"]
    hero(game, 0, cls="warrior", hand=["go_up_a_level", "elf", "dwarf", "wizard"])
    fight_in_north(game, "pit_bull")
    for _ in range(3):
        game.apply(next(a for a in game.legal_actions(0) if isinstance(a, Power)))
    assert game.munchkin_strength() == 1 + 3 and not any(isinstance(a, Power) for a in game.legal_actions(0))


def test_every_class_has_a_d10_power_rolled_on_a_ten_sided_die() -> None:
    """p. 15 d10威能: "每个职业都有一项d10威能，使用时必须掷一个10面骰。" The warrior's fury in a fight, the wizard's
    teleport and the thief's steal outside one, the cleric's prayer against a curse: each is a d10 chance step of
    ten equally likely faces."""
    from tablerules.quest.actions import AnswerCurse, D10Power

    def d10(game) -> None:
        assert game.chance_step().event == "d10" and len(game.chance_outcomes()) == 10

    game = corridor_game()
    hero(game, 0, cls="warrior")
    fight_in_north(game, "pit_bull")
    game.apply(D10Power(0, "fury"))
    d10(game)
    game = corridor_game()
    hero(game, 0, cls="wizard")
    game.apply(D10Power(0, "teleport", NORTH))
    d10(game)
    game = corridor_game()
    hero(game, 0, cls="thief")
    sword, = wear(game, 1, "short_sword")
    game.apply(D10Power(0, "steal", sword))
    d10(game)
    game = corridor_game()
    hero(game, 1, cls="cleric")
    curse, = hand(game, 0, "curse_lose_a_level")
    game.apply(PlayCurse(0, curse, 1))
    game.apply(AnswerCurse(1, "pray"))
    d10(game)


def test_health_tokens_are_the_most_health_and_rooms_heal() -> None:
    """p. 15 掉血: "总之，你的生命值指示物的总数便是你的最大生命值。" 回复生命: "某些房间和卡牌也可以回复生命。" Healing
    (-1 level) from 2 of 4 stops at 4; the Kitchen's deal heals 1 more, never past the 4 tokens."""
    from tablerules.quest.actions import Deal

    game = corridor_game()
    hero(game, 0, level=3, health=1)
    game.apply(Heal(0))
    assert game.heroes[0].health == 4 == game.heroes[0].max_health
    hero(game, 0, health=3)
    game.apply(Move(0, "N"))
    game.apply(Move(0, "E"))  # the Kitchen
    deal, = [a for a in game.legal_actions(0) if isinstance(a, Deal)]
    game.apply(deal)
    assert game.heroes[0].health == 4


def test_what_you_own_worn_held_and_in_the_backpack() -> None:
    """p. 15 物品: "你所拥有的物品包括持有物，穿戴物以及背包内的物品三类。" p. 16: "物品放进场的时候，便变成了“持有物”
    或“穿戴物”。" "物品可以放进场上（见第5页，“管理手牌”），和其他玩家交换（见下，“与其他小白交换物品”）" ... "或者用来
    换现金和等级" (giving, dropping and paying towards a level take any of the three; a bribe to a monster is no
    Quest card's)."""
    game = corridor_game()
    armour, = hand(game, 0, "leather_armour")
    game.apply(PlayCard(0, armour))
    sword, = wear(game, 0, "short_sword")
    helmet, = backpack(game, 0, "horny_helmet")
    assert armour in game.heroes[0].carried and game.strength(0) == 1 + 1 + 3
    legal = set(game.legal_actions(0))
    for item in (armour, sword, helmet):
        assert {Drop(0, item), GiveItem(0, item, 1), SpendItem(0, item)} <= legal


def test_gold_weighs_nothing() -> None:
    """p. 16 现金: "携带多少现金都不会有惩罚。\""""
    game = ready(players=2)
    hero(game, 0, gold=90_000)
    assert game.base_moves(0) == 3 and game.strength(0) == 1


def test_three_slots_two_hands_a_belt_a_backpack_and_what_counts_as_worn() -> None:
    """p. 16 物品限制: "通常情况下，每只小白只有三个装备位（见下），两只手，一条腰带和一个背包。"
    装备位: "这就是你的三个“装备位”。" 穿戴物: "你所有装备位上的物品都算穿戴物。" 饰物和便服:
    "武器和其他某些东西（不过最搞笑的还是武器）需要手持。" "仔细看看你的物品上写没写需要手。"
    Headgear, armour and boots go on; a second of each does not; a two-handed spear leaves no hand for a sword;
    a card says how many hands it takes."""
    game = ready(players=2)
    wear(game, 0, "horny_helmet", "leather_armour", "boots_of_butt_kicking", "spiky_knees", "poking_spear")
    helmet, armour, boots, sword = hand(game, 0, "firefighters_helmet", "flaming_armour",
                                        "boots_of_running_really_fast", "short_sword")
    assert not any(game.can_carry(0, c) for c in (helmet, armour, boots, sword))
    assert game.strength(0) == 1 + 1 + 1 + 2 + 1 + 5
    assert "1 hand" in game.card(sword).text and "2 hands" in game.card("poking_spear#1").text
    assert "单手" in game.card(sword).text_zh and "无装备位" in game.card("spiky_knees#1").text_zh


def test_cheat_beats_every_restriction() -> None:
    """p. 16 物品限制: "“规则去死！”卡，顾名思义，可以让所有限制都去死。" The wizards' staff goes into play on a
    warrior with a Cheat! played on it, with its full bonus."""
    from tablerules.quest.actions import PlayCheat

    game = ready(players=2)
    hero(game, 0, cls="warrior")
    staff, = backpack(game, 0, "staff_of_napalm")
    cheat, = hand(game, 0, "cheat")
    assert not game.can_carry(0, staff)
    game.apply(PlayCheat(0, cheat, staff))
    assert staff in game.heroes[0].carried and game.strength(0) == 1 + 5


def test_an_item_you_cannot_use_goes_into_the_backpack_of_two_and_the_rest_on_the_floor() -> None:
    """p. 16 背包: "这些物品就放在你的“背包”里。" "如果你背包里的物品多余两件，那就必须把多余的部分送走（见下文，
    “和其他玩家交换物品”）或者扔到地上。" A wizards' staff played by a warrior goes into the backpack; picking up
    three things with two places left in the backpack leaves the third on the floor."""
    game = corridor_game()
    hero(game, 0, cls="warrior")
    staff, = hand(game, 0, "staff_of_napalm")
    game.apply(PlayCard(0, staff))
    assert game.heroes[0].backpack == [staff]
    game.apply(Drop(0, staff))
    entrance = game.dungeon.entrance.id
    set_floor(game, entrance, ["staff_of_napalm", "pointy_hat_of_power", "mace_of_sharpness"])
    game.apply(PickUp(0))
    assert len(game.heroes[0].backpack) == 2 and len(game.dropped[entrance]) == 1


def test_no_boots_out_of_the_backpack_to_run_away() -> None:
    """p. 16 背包: "比如说，就算你背包里有双鞋能帮你逃跑，你也不能临时翻出来换上。" The fight is lost: choosing where
    to run, the Boots of Running Really Fast stay in the backpack and add nothing."""
    game = corridor_game()
    boots, = backpack(game, 0, "boots_of_running_really_fast")
    dog = fight_in_north(game, "pit_bull")
    roll_fight(game, 1, 6)
    assert game.stage() == "running: direction" and game.run_modifier(0, dog) == 0
    assert Pack(0, boots, False) not in game.legal_actions(0)
    game.apply(RunTo(0, game.dungeon.entrance.id))
    assert Pack(0, boots, False) not in game.legal_actions(0)


def test_big_items_say_so_and_cost_moves() -> None:
    """p. 16 大物品: "某些物品是大物品（如果没有明确写“大”，那就是小物品）。" "大物品会减少你的移动力。" The Mithril
    Armour's card says big; a second big item costs a move; a small one nothing."""
    game = ready(players=2)
    armour, = wear(game, 0, "mithril_armour")
    assert ", big" in game.card(armour).text and "大物品" in game.card(armour).text_zh
    assert "big" not in game.card("leather_armour#1").text
    wear(game, 0, "spiky_knees")
    assert game.base_moves(0) == 3
    wear(game, 0, "huge_rock")
    assert game.base_moves(0) == 2


def test_to_give_far_away_drop_it_and_hope() -> None:
    """p. 16 和其他玩家交换物品: "如果你想把物品送给远处的人，那就得把物品扔在地上，然后祈祷捡起物品的是你想要的人。"
    Player 1 two rooms away (the Kitchen) gets nothing given; the armour dropped on the entrance waits there."""
    game = corridor_game()
    armour, = wear(game, 0, "leather_armour")
    move_to(game, 1, NORTH_EAST)
    assert GiveItem(0, armour, 1) not in game.legal_actions(0) and GiveItem(0, armour, 2) in game.legal_actions(0)
    game.apply(Drop(0, armour))
    assert game.dropped[game.dungeon.entrance.id] == [armour]


def test_a_search_that_turns_up_a_monster_brings_the_dropped_items_once_it_is_beaten() -> None:
    """p. 16 捡物品: "例外：如果你搜出了一个怪物，那就必须先把怪物战掉才能把东西拿到手。" (a correction: the items
    stayed on the floor after the fight, to be picked up for another move). While the Maul Rat is fought the
    armour and gold lie there; beaten, they come with the search, with no move spent."""
    game = corridor_game(players=2)
    game.apply(Move(0, "N"))
    armour, = set_floor(game, NORTH, ["leather_armour"], gold=200)
    game.apply(Search(0))
    game.apply(Chance("search", 7))
    game.apply(Chance("monster", "maul_rat"))
    game.apply(Chance("base", "blue"))
    while game.is_chance():
        game.roll()
    assert game.fight is not None and game.dropped[NORTH] == [armour] and PickUp(0) not in game.legal_actions(0)
    moves = game.moves_left
    roll_fight(game, 6, 1)
    while game.is_chance():
        game.roll()
    assert game.fight is None and armour in game.heroes[0].carried and NORTH not in game.dropped
    assert game.heroes[0].gold == 300 + 200 and game.moves_left == moves


def test_items_dropped_by_a_death_cost_a_move_to_pick_up() -> None:
    """p. 16 捡物品: "如果你被迫扔掉了物品，那就得花费一点移动力才能捡起来。" Dead in the Storeroom, the munchkin comes
    back on the entrance, walks in (1 move) and picks the armour up for 1 more."""
    game = corridor_game(players=2)
    armour, = wear(game, 0, "leather_armour")
    game.apply(Move(0, "N"))
    game.apply(Suicide(0))
    assert game.dropped[NORTH] == [armour]
    for _ in range(2):
        while game.is_chance():
            game.roll()
        if game.current == 1:
            game.apply(EndTurn(1))
    while game.is_chance():
        game.roll()
    assert game.current == 0 and game.room_of(0).entrance
    game.apply(Move(0, "N"))
    assert game.moves_left == 2
    game.apply(PickUp(0))
    assert armour in game.heroes[0].carried and game.moves_left == 1


def test_thrown_potions_in_another_players_fight_for_either_side() -> None:
    """p. 16 投掷物品: "某些物品有“可投掷”的关键词。" "如果这件可投掷的物品能影响战斗，那在其他人的战斗中也可以用"
    ... "帮小白或者帮怪物都可以" "你可以“不小心”把药水扔到他身上，给他造成不利。" "可投掷的物品一般都是一次性使用的。"
    Player 1 on the entrance, next to the Storeroom's fight, may throw the Sleep Potion for either side (not the
    Magic Missile, which is not thrown); thrown at the munchkin's foe it adds 2 to the monster."""
    cards = corridor_game().cards
    thrown = [c for c in cards if getattr(cards[c], "thrown", False)]
    assert thrown and all(cards[c].kind == "one_shot" for c in thrown)
    assert "may be thrown" in cards["sleep_potion"].text and "may be thrown" not in cards["magic_missile"].text
    game = corridor_game()
    potion, missile = hand(game, 1, "sleep_potion", "magic_missile")
    fight_in_north(game, "pit_bull")
    game.apply(Roll(0))
    legal = game.legal_actions(1)
    assert {OneShot(1, potion, "munchkins"), OneShot(1, potion, "monsters")} <= set(legal)
    assert not any(isinstance(a, OneShot) and a.card == missile for a in legal)
    game.apply(OneShot(1, potion, "monsters"))
    assert game.monster_strength() == 2 + 2
    all_pass(game)


def test_each_character_starts_with_its_players_sex() -> None:
    """p. 15 人物属性: "角色的起始性别和玩家一致。" (a correction: the seats' sexes alternated, male first, whoever
    played them). The table gives each seat's own sex (``sexes``); a save keeps it; without it seats alternate."""
    from tablerules.quest.game import QuestGame

    game = QuestGame({"players": 3, "sexes": ["female", "female", "male"]}, seed=1)
    assert [h.sex for h in game.heroes] == ["female", "female", "male"]
    assert "female" in game.tags(0) and game.character(1).startswith("female")
    again = QuestGame.from_json(game.to_json())
    assert [h.sex for h in again.heroes] == ["female", "female", "male"]
    assert [h.sex for h in QuestGame({"players": 2}, seed=1).heroes] == ["male", "female"]
    for wrong in (["female"], ["female", "robot", "male"]):
        with pytest.raises(ValueError, match="sexes"):
            QuestGame({"players": 3, "sexes": wrong})
