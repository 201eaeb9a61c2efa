"""Munchkin (seed 000): each rule of the engine on a small scenario, plus the random-game harness."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from harness_parts import parts
from munchkin_helpers import become, fight_all_pass, hand, kick, ready, set_level, set_turn, wear

from tablerules.core.errors import IllegalAction
from tablerules.core.protocol import Chance
from tablerules.core.simulation import simulate
from tablerules.core.testing import random_sim_test
from tablerules.munchkin.agents import HeuristicAgent
from tablerules.munchkin.cards import load_cards
from tablerules.munchkin.game import (
    AnswerHelp,
    AskHelp,
    Backstab,
    ChooseLoss,
    ClassPower,
    DiscardCard,
    EndTurn,
    Fight,
    GiveCard,
    GiveUp,
    LookForTrouble,
    LootBody,
    LootRoom,
    MunchkinGame,
    Pass,
    PlayCard,
    PlayCurse,
    PlayEnhancer,
    PlayOneShot,
    PlayWandering,
    Ready,
    RollToRun,
    RunAway,
    SellItem,
)


# ----- set-up --------------------------------------------------------------------------------
def test_cards_as_data() -> None:
    cards = load_cards()
    monsters = [c for c in cards.values() if c.kind == "monster"]
    assert len(monsters) == 37
    slime = cards["drooling_slime"]
    assert slime.level == 1 and slime.modifiers[0].against == "elf" and slime.modifiers[0].bonus == 4
    assert {c.name for c in cards.values() if c.kind == "enhancer"} == {"Ancient", "Baby", "Enraged", "Humongous",
                                                                        "Intelligent"}
    assert cards["go_up_a_level"].count == 9 and cards["shrieking_geek"].level == 6


@pytest.mark.parametrize("deal", [4, 2])
def test_dealing_and_character_creation(deal: int) -> None:
    game = MunchkinGame({"players": 3, "deal": deal}, seed=5)
    assert game.stage() == "dealing" and game.is_chance()
    while game.is_chance():
        game.roll()
    assert all(len(p.hand) == 2 * deal for p in game.players)
    assert game.stage() == "character creation" and game.to_act() == (0,)
    plays = [a for a in game.legal_actions() if isinstance(a, PlayCard)]
    for action in plays[:1]:
        game.apply(action)
    for p in range(3):
        game.apply(Ready(p))
    assert game.stage() == "rolling for the first player" and game.chance_step().event == "first"
    game.apply(Chance("first", 0))
    assert game.stage() == "kick open the door" and game.to_act() == (0,)


# ----- the turn ------------------------------------------------------------------------------
def test_kicking_a_monster_starts_a_fight() -> None:
    game = ready()
    kick(game, "lame_goblin")
    assert game.stage() == "combat" and game.monster_names() == "Lame Goblin"


def test_kicking_a_curse_strikes_the_kicker() -> None:
    """诅咒: "如果在踢门阶段被明抽，诅咒牌立刻对抽出该牌的小白起效"; 踢门: "如果这张牌是诅咒——见诅咒——那么你被它诅咒了
    （如果这个诅咒对你有效的话）——然后这张诅咒被弃掉"."""
    game = ready()
    set_level(game, 0, 3)
    kick(game, "curse_lose_a_level")
    assert game.players[0].level == 2 and game.stage() == "look for trouble or loot the room"
    assert any(c.startswith("curse_lose_a_level") for c in game.door_discard)


def test_a_curse_with_nothing_to_take_does_nothing() -> None:
    game = ready()
    kick(game, "curse_lose_armour")
    assert "has no armour item" in game.log[-1]


def test_anything_else_goes_to_the_hand_then_look_for_trouble_or_loot() -> None:
    game = ready()
    kick(game, "elf")
    assert game.players[0].hand[0].startswith("elf#")
    goblin = hand(game, 0, "lame_goblin")[0]
    assert LookForTrouble(0, goblin) in game.legal_actions()
    game.apply(LootRoom(0))
    assert game.is_chance() and game.chance_step().description == "player 0 draws a door card"
    game.roll()
    assert len(game.players[0].hand) == 3 and game.stage() == "end of turn"


def test_looking_for_trouble_fights_a_monster_from_the_hand() -> None:
    game = ready()
    kick(game, "elf")
    goblin = hand(game, 0, "lame_goblin")[0]
    game.apply(LookForTrouble(0, goblin))
    assert game.stage() == "combat" and game.combat.monsters == [goblin]


# ----- combat --------------------------------------------------------------------------------
def test_strength_is_level_plus_items_against_level_plus_modifiers() -> None:
    """战斗: "如果你的等级，加上装备的加值超过怪物等级的话，你就干掉它了" and "部分怪物有影响战斗的特殊能力——比如对
    某些职业或种族的加值" (the Drooling Slime, +4 against elves; a tie is no kill)."""
    game = ready()
    set_level(game, 0, 2)
    wear(game, 0, "boots_of_butt_kicking", "horny_helmet")
    become(game, 0, race="elf")
    kick(game, "drooling_slime")
    assert game.fighter_strength() == 2 + 2 + 1
    assert game.monster_strength() == 1 + 4  # +4 against elves
    assert not game.winning()  # a tie goes to the monster


def test_a_warrior_wins_ties() -> None:
    game = ready()
    set_level(game, 0, 4)
    become(game, 0, cls="warrior")
    kick(game, "harpies")  # level 4
    assert game.fighter_strength() == game.monster_strength() and game.winning()


def test_winning_gives_levels_and_treasures_face_down() -> None:
    """Seed 000: "干掉怪物之后...并抽取宝藏牌".
    踢门: "如果你赢了，升一级"; 3. Loot: "如果干掉了怪物，你可以得到怪物牌上所示数目的宝藏" and "如果怪物是被你solo掉
    的，暗抽宝藏"."""
    game = ready()
    set_level(game, 0, 5)
    kick(game, "flying_frogs")  # level 2, 1 treasure
    fight_all_pass(game)
    assert game.players[0].level == 6
    assert game.is_chance() and game.chance_step().description == "player 0 draws a treasure card"
    game.roll()
    assert len(game.players[0].hand) == 1 and game.stage() == "end of turn"


def test_mighty_monsters_give_two_levels_and_enhancers_change_treasures() -> None:
    """Seed 000: "使用卡牌增强怪物"; "你可以在你自己的战斗或其他人的战斗时使用这些牌"."""
    game = ready(seed=2)
    set_level(game, 0, 5)
    wear(game, 0, "staff_of_napalm", "horny_helmet", "mithril_armour", "boots_of_butt_kicking", "stepladder")
    become(game, 0, cls="wizard", race="halfling")
    hand(game, 1, "baby")
    set_level(game, 0, 7)
    kick(game, "hippogriff")  # level 16, 4 treasures, 2 levels
    assert game.fighter_strength() == 7 + 5 + 1 + 0 + 2 + 3  # mithril armour is not for wizards
    game.apply(Fight(0))
    baby = game.players[1].hand[0]
    game.apply(PlayEnhancer(1, baby, game.combat.monsters[0]))  # -5: 11
    game.apply(Pass(1))
    game.apply(Pass(2))
    assert game.stage() == "combat"  # after interference the fighter answers
    fight_all_pass(game)
    assert game.players[0].level == 9
    assert sum(1 for d in game.draws if d.deck == "treasure") == 3  # 4 treasures, -1 for Baby


def test_the_response_window_lets_others_turn_the_fight() -> None:
    game = ready()
    set_level(game, 0, 3)
    kick(game, "lame_goblin")
    potion = hand(game, 2, "magic_missile")[0]
    game.apply(Fight(0))
    assert game.stage() == "interference" and game.to_act() == (1, 2)
    with pytest.raises(IllegalAction) as info:
        game.apply(Fight(0))
    assert info.value.rule == "turn order"
    game.apply(PlayOneShot(2, potion, "monster"))  # +5 for the goblin: 6 against 3
    game.apply(Pass(2))
    game.apply(Pass(1))
    assert game.stage() == "combat" and not game.winning()
    game.apply(RunAway(0))
    assert game.stage() == "running away"


def test_one_shots_and_berserk_and_turning() -> None:
    """Seed 000: "在战斗时，你也可以使用手牌中的一次性卡牌，比如各种药水"."""
    game = ready()
    become(game, 0, cls="warrior")
    potion, *junk = hand(game, 0, "freezing_explosive_potion", "elf", "dwarf", "halfling", "wizard")
    kick(game, "platycore")  # level 6
    game.apply(PlayOneShot(0, potion, "munchkin"))
    assert game.fighter_strength() == 1 + 3
    for card in junk[:3]:
        game.apply(ClassPower(0, "berserk", card))
    assert game.fighter_strength() == 1 + 3 + 3
    assert not any(isinstance(a, ClassPower) for a in game.legal_actions())  # at most 3 cards
    cleric = ready(seed=3)
    become(cleric, 0, cls="cleric")
    cards = hand(cleric, 0, "elf", "dwarf")
    kick(cleric, "mr_bones")  # undead, level 2
    cleric.apply(ClassPower(0, "turning", cards[0]))
    assert cleric.fighter_strength() == 1 + 3 and cleric.winning()


# ----- running away --------------------------------------------------------------------------
@pytest.mark.parametrize(("race", "face", "escapes"), [(None, 5, True), (None, 4, False), ("elf", 4, True),
                                                      ("halfling", 5, False), ("halfling", 6, True)])
def test_running_away_needs_five(race: str | None, face: int, escapes: bool) -> None:
    """逃跑: "投骰，不低于5才算成功逃跑" and "精灵在逃跑时有加值，而半身人有减值"."""
    game = ready()
    set_level(game, 0, 2)
    become(game, 0, race=race)
    kick(game, "pit_bull")  # level 2, bad stuff: lose 2 levels
    game.apply(RunAway(0))
    game.apply(RollToRun(0, game.combat.chasing[0]))
    game.apply(Chance("d6", face))
    assert game.players[0].level == (2 if escapes else 1)
    assert game.combat is None and game.stage() == "end of turn"


def test_monster_run_modifiers_and_no_pursuit() -> None:
    """Seed 000: "当卡牌描述和规则不符时，按卡牌的描述办" (a monster that does not pursue: no roll)."""
    game = ready()
    kick(game, "potted_plant")
    game.apply(RunAway(0))
    game.apply(RollToRun(0, game.combat.chasing[0]))
    game.apply(Chance("d6", 1))  # +6: always escapes
    assert "escapes" in game.log[-1]
    dragon = ready(seed=1)
    set_level(dragon, 0, 5)
    kick(dragon, "plutonium_dragon")
    dragon.apply(RunAway(0))
    dragon.apply(RollToRun(0, dragon.combat.chasing[0]))  # will not pursue level 5 or below: no roll at all
    assert not dragon.is_chance() and dragon.players[0].level == 5 and "does not pursue" in dragon.log[-1]


def test_wizard_flight_helps_running_away() -> None:
    game = ready()
    become(game, 0, cls="wizard")
    cards = hand(game, 0, "elf", "dwarf")
    kick(game, "pit_bull")
    game.apply(RunAway(0))
    game.apply(ClassPower(0, "flight", cards[0]))
    game.apply(ClassPower(0, "flight", cards[1]))
    assert game.run_modifier() == 2
    game.apply(RollToRun(0, game.combat.chasing[0]))
    game.apply(Chance("d6", 3))
    assert "escapes" in game.log[-1]


def test_drooling_slime_takes_footgear_or_else_a_level() -> None:
    game = ready()
    set_level(game, 0, 3)
    kick(game, "drooling_slime")
    game.apply(RunAway(0))
    game.apply(RollToRun(0, game.combat.chasing[0]))
    game.apply(Chance("d6", 1))
    assert game.players[0].level == 2  # no footgear: a level instead
    shod = ready(seed=4)
    set_level(shod, 0, 3)
    wear(shod, 0, "boots_of_butt_kicking")
    kick(shod, "drooling_slime")
    shod.apply(RunAway(0))
    shod.apply(RollToRun(0, shod.combat.chasing[0]))
    shod.apply(Chance("d6", 1))
    assert shod.players[0].level == 3 and shod.players[0].carried == []


def test_the_victim_chooses_which_item_to_lose() -> None:
    game = ready()
    wear(game, 0, "horny_helmet", "leather_armour")
    kick(game, "leperchaun")  # lose two items
    game.apply(RunAway(0))
    game.apply(RollToRun(0, game.combat.chasing[0]))
    game.apply(Chance("d6", 1))
    assert game.stage() == "bad stuff: choose an item to lose" and game.to_act() == (0,)
    armour = next(c for c in game.players[0].carried if c.startswith("leather"))
    game.apply(ChooseLoss(0, armour))
    assert [c.split("#")[0] for c in game.players[0].carried] == []  # the second loss took the last item


def test_death_and_looting_the_body() -> None:
    game = ready()
    set_level(game, 0, 4)
    set_level(game, 1, 2)
    set_level(game, 2, 6)
    become(game, 0, race="elf", cls="thief")
    wear(game, 0, "horny_helmet")
    hand(game, 0, "magic_missile", "sleep_potion")
    kick(game, "stone_golem")  # death
    game.apply(RunAway(0))
    game.apply(RollToRun(0, game.combat.chasing[0]))
    game.apply(Chance("d6", 1))
    assert game.stage() == "looting the body" and game.to_act() == (2,)  # the highest level loots first
    me = game.players[0]
    assert me.level == 4 and me.race and me.cls and me.hand == [] and me.carried == []
    loot = [a for a in game.legal_actions() if isinstance(a, LootBody)]
    game.apply(loot[0])
    assert game.to_act() == (1,)
    game.apply(game.legal_actions()[0])
    assert game.stage() == "end of turn" and len(game.body) == 0
    assert len(game.treasure_discard) >= 1  # the card nobody took
    game.apply(EndTurn(0))
    assert me.redraw and not game.is_chance()
    game.next_turn()  # player 1's turn ends
    game.next_turn()  # player 2's turn ends
    game.refresh()
    assert game.current == 0 and game.is_chance()  # the new character draws 2 + 2
    assert [d.deck for d in game.draws] == ["door", "door", "treasure", "treasure"]


# ----- levels, items, selling ----------------------------------------------------------------
def test_level_ten_only_by_killing() -> None:
    """Seed 000: "等级的范围是从1级到10级".
    游戏开始和结束: "第一个到达10级的小白获胜...但是你必须通过杀死怪物或神祇干涉获胜"; the English sheet: "You must
    kill a monster to reach Level 10." """
    game = ready()
    set_level(game, 0, 9)
    gual = hand(game, 0, "go_up_a_level")[0]
    item = hand(game, 0, "staff_of_napalm")[0]
    assert PlayCard(0, gual) not in game.legal_actions()
    with pytest.raises(IllegalAction) as info:
        game.apply(PlayCard(0, gual))
    assert info.value.rule == "go up a level"
    with pytest.raises(IllegalAction, match="buy your way"):
        game.apply(SellItem(0, item))
    kick(game, "lame_goblin")
    fight_all_pass(game)
    assert game.is_over() and game.result().winners == (0,) and game.players[0].level == 10


def test_selling_items_buys_levels_without_change() -> None:
    """Seed 000: "你还可以通过卖出物品来购买等级"."""
    game = ready()
    staff, boots = hand(game, 0, "staff_of_napalm", "boots_of_butt_kicking")  # 800, 400
    game.apply(SellItem(0, staff))
    assert game.players[0].level == 1 and game.sold == 800
    game.apply(SellItem(0, boots))
    assert game.players[0].level == 2 and game.sold == 200
    halfling = ready(seed=7)
    become(halfling, 0, race="halfling")
    first, second = hand(halfling, 0, "horny_helmet", "flaming_armour")  # 600, 400
    halfling.apply(SellItem(0, first))  # doubled once a turn: 1200
    assert halfling.players[0].level == 2 and halfling.sold == 200
    halfling.apply(SellItem(0, second))  # not doubled again
    assert halfling.sold == 600


def test_item_slots_hands_big_items_and_restrictions() -> None:
    game = ready()
    helmet, helmet2, staff, pole, saw = hand(game, 0, "horny_helmet", "helm_of_courage", "staff_of_napalm",
                                           "eleven_foot_pole", "chainsaw_of_bloody_dismemberment")
    legal = game.legal_actions()
    assert PlayCard(0, helmet) in legal and PlayCard(0, staff) not in legal  # the staff is for wizards
    game.apply(PlayCard(0, helmet))
    assert PlayCard(0, helmet2) not in game.legal_actions()  # one headgear
    game.apply(PlayCard(0, pole))  # two hands
    assert PlayCard(0, saw) not in game.legal_actions()
    with pytest.raises(IllegalAction) as info:
        game.apply(PlayCard(0, saw))
    assert info.value.rule == "items"
    dwarf = ready(seed=8)
    become(dwarf, 0, race="dwarf")
    saw, ladder_free = hand(dwarf, 0, "chainsaw_of_bloody_dismemberment", "mithril_armour")
    dwarf.apply(PlayCard(0, saw))
    assert PlayCard(0, ladder_free) in dwarf.legal_actions()  # a dwarf carries any number of big items


def test_charity_goes_to_the_lowest_level_or_is_discarded() -> None:
    """Seed 000 卡牌规则概述: "在你的回合结束时，你的手牌不能超过5张（矮人6张）"."""
    game = ready(players=4)
    for p, level in enumerate([3, 1, 1, 2]):
        set_level(game, p, level)
    hand(game, 0, *["elf", "dwarf", "halfling", "wizard", "thief", "cleric", "warrior"])
    set_turn(game, 0, "end of turn")
    game.apply(EndTurn(0))
    assert game.stage() == "charity"
    assert {a.to for a in game.legal_actions()} == {1, 2}
    first = game.legal_actions()[0]
    game.apply(first)
    assert {a.to for a in game.legal_actions()} == {1, 2} - {first.to}  # split as evenly as possible
    game.apply(game.legal_actions()[0])
    assert game.current == 1 and len(game.players[0].hand) == 5
    lowest = ready(players=3, seed=9)
    set_level(lowest, 1, 2)
    set_level(lowest, 2, 2)
    become(lowest, 0, race="dwarf")
    hand(lowest, 0, *["elf", "halfling", "wizard", "thief", "cleric", "warrior", "horny_helmet"])
    set_turn(lowest, 0, "end of turn")
    lowest.apply(EndTurn(0))
    assert all(isinstance(a, DiscardCard) for a in lowest.legal_actions())  # the lowest discards
    lowest.apply(lowest.legal_actions()[0])
    assert lowest.current == 1 and len(lowest.players[0].hand) == 6  # a dwarf keeps 6
    assert not any(isinstance(a, GiveCard) for a in lowest.legal_actions())


# ----- the protocol --------------------------------------------------------------------------
def test_save_load_round_trip_mid_game() -> None:
    game = MunchkinGame({"players": 4}, seed=11)
    agent = HeuristicAgent()
    for _ in range(300):
        if game.is_over():
            break
        if game.is_chance():
            game.roll()
        else:
            player = game.to_act()[0]
            game.apply(agent.choose(game, player))
    again = MunchkinGame.from_json(json.loads(json.dumps(game.to_json())))
    assert again.state_dict() == game.state_dict() and again.log == game.log


def test_random_games_keep_every_invariant() -> None:
    """The quick suite's every-check run on Munchkin: 10 seeded games of 3 to 6 players (each count two or three
    times, ~5,500 actions), a stale action refused at every step, a JSON round trip every 5 steps, undo every 7
    (the slow harness plays 750 more games with sparser round trips)."""
    report = random_sim_test(lambda s: MunchkinGame({"players": 3 + s % 4, "max_turns": 40}, seed=s), n_games=10,
                             round_trip_every=5, undo_every=7)
    assert report.games == 10


@pytest.mark.slow
@pytest.mark.parametrize("chunk", parts(30))  # 30 x 25 games (~4 CPU s each), spread evenly over the test workers
def test_thousands_of_random_games_keep_every_invariant(chunk: int) -> None:
    report = random_sim_test(lambda s: MunchkinGame({"players": 3 + s % 4, "max_turns": 30}, seed=s),
                             n_games=25, seed=50_000 + 25 * chunk, round_trip_every=211, undo_every=97,
                             illegal_every=13)
    assert report.games == 25


def test_heuristic_players_finish_games_with_a_winner() -> None:
    summary = simulate(MunchkinGame, 60, seed=1, agents=HeuristicAgent(), progress=False)
    assert summary.finished == 60 and sum(summary.winners.values()) >= 55
    assert 10 < summary.mean_turns < 150


def test_cli_simulate_and_play_munchkin(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    from tablerules.cli import main

    out = io.StringIO()
    assert main(["simulate", "munchkin", "--games", "8", "--seed", "2", "--agents", "heuristic", "--json"],
                out=out) == 0
    data = json.loads(out.getvalue())
    assert data["game"] == "munchkin" and data["finished"] == 8 and sum(data["winners"].values()) >= 7
    from tablerules.core.registry import game_class

    monkeypatch.setattr(game_class("quest-crawl"), "heuristic_agent", classmethod(lambda cls: None))
    assert main(["simulate", "quest-crawl", "--agents", "heuristic"], out=io.StringIO()) == 2
    assert "no heuristic agent" in capsys.readouterr().err
    out = io.StringIO()
    assert main(["play", "munchkin", "--seed", "1"], out=out, inp=io.StringIO("r\nr\nq\n")) == 0
    assert "draws a door card" in out.getvalue()


# ----- asking for help -----------------------------------------------------------------------
def test_the_seeds_example_a_helper_elf_against_the_drooling_slime_counts_once() -> None:
    """Seed 000: "如果有人帮你，将他的等级和加值加到你的身上".
    Seed 000 (请求帮助): "如果在你面对口水史莱姆时有个精灵来帮你，那么怪物等级会增加4
    （如果你也是个精灵，怪物等级只会增加一次）"."""
    game = ready()
    become(game, 0, race="elf")
    become(game, 1, race="elf")
    set_level(game, 1, 2)
    kick(game, "drooling_slime")
    assert game.monster_strength() == 1 + 4
    game.apply(AskHelp(0, 1, 1))
    assert game.stage() == "asking for help" and game.to_act() == (1,)
    game.apply(AnswerHelp(1, True))
    assert game.monster_strength() == 1 + 4  # +4 once, not twice
    assert game.fighter_strength() == 1 + 2
    human = ready(seed=1)
    become(human, 1, race="elf")
    kick(human, "drooling_slime")
    assert human.monster_strength() == 1
    human.apply(AskHelp(0, 1, 0))
    human.apply(AnswerHelp(1, True))
    assert human.monster_strength() == 5  # a helper elf brings the +4 against elves


def test_help_shares_treasure_and_an_elf_helper_goes_up_a_level() -> None:
    """Seed 000: "有人帮忙的话则要明抽"; "如果被拒绝，你可以换一个继续哀求"; "注意只有一个小白能帮你";
    "或是（还未到手的）怪物的宝藏来行贿"; "如果有人成功的帮助了你，怪物就**掉了";
    "如果有人帮你，明抽，让所有小白都能看见你们拿到了什么"."""
    game = ready()
    set_level(game, 0, 4)
    set_level(game, 2, 3)
    become(game, 2, race="elf")
    kick(game, "platycore")  # level 6, 2 treasures
    assert not game.winning()
    game.apply(AskHelp(0, 1, 2))
    game.apply(AnswerHelp(1, False))
    assert AskHelp(0, 1, 0) not in game.legal_actions()  # asked in turn: player 1 has refused
    game.apply(AskHelp(0, 2, 1))
    game.apply(AnswerHelp(2, True))
    assert game.winning() and not any(isinstance(a, AskHelp) for a in game.legal_actions())  # one helper
    game.apply(Fight(0))
    assert game.to_act() == (1,)  # the helper does not interfere against their own fight
    game.apply(Pass(1))
    assert game.players[0].level == 5 and game.players[2].level == 4
    assert [(d.player, d.face) for d in game.draws] == [(2, "open"), (0, "open")]  # face up; the helper first


def test_when_help_fails_both_run_on_their_own_rolls() -> None:
    """Seed 000: "如果你无法战胜怪物，那么现在有两个选择：请求帮助或者溜之大吉";
    "或是有人试图帮忙，但其他小白的破坏让你们两个人加起来都无法击败怪物……你们必须逃跑"."""
    game = ready()
    set_level(game, 0, 3)
    set_level(game, 1, 3)
    kick(game, "pit_bull")  # level 2: lose 2 levels
    hand(game, 2, "ancient")
    game.apply(AskHelp(0, 1, 0))
    game.apply(AnswerHelp(1, True))
    game.apply(Fight(0))
    game.apply(PlayEnhancer(2, game.players[2].hand[0], game.combat.monsters[0]))  # +10
    game.apply(Pass(2))
    game.apply(RunAway(0))
    assert game.to_act() == (0,)
    game.apply(RollToRun(0, game.combat.chasing[0]))
    game.apply(Chance("d6", 6))
    assert game.to_act() == (1,) and game.stage() == "running away"
    game.apply(RollToRun(1, game.combat.chasing[0]))
    game.apply(Chance("d6", 2))
    assert game.players[0].level == 3 and game.players[1].level == 1 and game.combat is None


def test_a_kill_that_takes_fighter_and_elf_helper_to_ten_is_a_joint_win() -> None:
    """游戏开始和结束: "如果两个小白共同杀死怪物并同时达到10级，则他们共同胜利"."""
    game = ready()
    set_level(game, 0, 9)
    set_level(game, 1, 9)
    become(game, 1, race="elf")
    kick(game, "lame_goblin")
    game.apply(AskHelp(0, 1, 0))
    game.apply(AnswerHelp(1, True))
    fight_all_pass(game)
    assert game.is_over() and game.result().winners == (0, 1)


# ----- analysis and the panel ----------------------------------------------------------------
def test_one_shot_plans_and_the_fight_outlook() -> None:
    from tablerules.munchkin.analysis import fight_outlook, one_shot_plan

    assert one_shot_plan(9, 10, {"a": 3, "b": 2, "c": 5}) == ("b",)  # 9 + 2 > 10 with one card
    assert one_shot_plan(5, 15, {"a": 3, "b": 2, "c": 5}) is None  # 5 + 10 only ties
    assert one_shot_plan(9, 11, {"a": 2}, ties_win=True) == ("a",)
    game = ready()
    set_level(game, 0, 2)
    become(game, 0, race="elf")
    potion = hand(game, 0, "flaming_poison_potion")[0]
    kick(game, "harpies")  # level 4
    outlook = fight_outlook(game)
    assert not outlook.wins_now and outlook.plan == (potion,) and outlook.escape == Fraction(1, 2)


def test_recording_simulated_games() -> None:
    from tablerules.munchkin.analysis import record_games

    records = record_games(20, seed=3)
    assert records.games == 20 and len(records.lengths) == 20
    assert sum(records.players_race.values()) == 80 and sum(records.winners_race.values()) >= 18
    assert all(levels[0] == 1 for levels in records.levels_by_turn)
    assert sum(records.win_rate("class").values()) > 0


def test_the_panel_lets_agents_play_the_other_seats() -> None:
    from tablerules.widgets import MunchkinPanel

    panel = MunchkinPanel(MunchkinGame({"players": 3, "first_player": 0}, seed=4))  # the human (seat 0) begins
    assert panel.game.stage() == "character creation" and panel.game.to_act() == (0,)  # dealt by the agents
    buttons = {b.description: b for b in panel.actions_box.children}
    buttons["player 0 is ready"].click()
    assert panel.game.stage() == "kick open the door" and panel.game.current == 0
    buttons = {b.description: b for b in panel.actions_box.children}
    drawn = len(panel.game.log)
    buttons["player 0 kicks open the door"].click()
    assert not panel.game.is_chance()  # no chores: the door card is drawn at once (referee mode types it in)
    assert any(line.startswith("player 0 kicks open the door: ") for line in panel.game.log[drawn:])
    assert "tablerules-sheets" in panel.state_view.value and "(you)" in panel.state_view.value


# ----- any time: giving up, curses from the hand, backstab ------------------------------------
def test_giving_up_a_race_or_class_at_any_time() -> None:
    """职业: "你可以在任意时刻弃掉职业牌，甚至在战斗时也可以" and "当你弃掉职业牌时，也会失去这些能力"; 种族: "你可以在
    任意时刻弃掉种族牌，甚至在战斗时也可以"."""
    game = ready()
    set_level(game, 0, 2)
    become(game, 0, race="elf", cls="wizard")
    wear(game, 0, "pointy_hat_of_power")  # +3, wizards only
    assert game.strength(0) == 5
    wizard = game.players[0].cls
    game.apply(GiveUp(0, wizard))
    assert game.players[0].cls is None and game.strength(0) == 2  # the hat stays, but gives nothing
    kick(game, "drooling_slime")
    assert game.monster_strength() == 5
    game.apply(GiveUp(0, game.players[0].race))  # even during a fight: no longer an elf
    assert game.monster_strength() == 1 and game.winning()


def test_curses_from_the_hand_on_your_turn_and_in_a_fight() -> None:
    """Seed 000: "如果你有诅咒牌，诅咒他们吧"."""
    game = ready()
    set_level(game, 1, 4)
    curse = hand(game, 0, "curse_lose_a_level")[0]
    game.apply(PlayCurse(0, curse, 1))
    assert game.players[1].level == 3 and curse in game.door_discard
    fight = ready(seed=2)
    set_level(fight, 0, 3)
    wear(fight, 0, "horny_helmet")
    curse = hand(fight, 2, "curse_lose_headgear")[0]
    kick(fight, "harpies")  # level 4: 3 + 1 ties, the monster wins ties
    set_level(fight, 0, 4)
    assert fight.winning()
    fight.apply(Fight(0))
    # 诅咒 "可以在任何时刻对任何小白使用。任何时刻，明白吗？": in a fight too, on anyone, not only its munchkins
    assert PlayCurse(2, curse, 0) in fight.legal_actions() and PlayCurse(2, curse, 1) in fight.legal_actions()
    fight.apply(PlayCurse(2, curse, 0))
    assert fight.players[0].carried == [] and not fight.winning()


def test_curses_while_a_player_runs_away() -> None:
    """Seed 000 诅咒: "可以在任何时刻对任何小白使用。任何时刻，明白吗？": while a munchkin runs away, any seat may curse
    anyone (or give up a race, or Go Up a Level); the runner's own choice (which monster to run from) stays."""
    from tablerules.munchkin.actions import RollToRun, RunAway

    game = ready(seed=2)
    set_level(game, 0, 1)
    curse = hand(game, 2, "curse_lose_a_level")[0]
    kick(game, "harpies")  # level 4 against level 1: the fighter must run
    game.apply(RunAway(0))
    while game.stage() != "running away":
        game.apply(next(a for a in game.legal_actions() if type(a).__name__ == "Pass"))
    assert all(isinstance(a, RollToRun) or a.actor == 0 for a in game.legal_actions())
    out = game.out_of_turn_actions()[2]
    assert {PlayCurse(2, curse, t) for t in range(3)} <= set(out)
    set_level(game, 1, 3)
    game.apply(PlayCurse(2, curse, 1))
    assert game.players[1].level == 2 and game.stage() == "running away"


def test_a_thief_backstabs_once_a_fight() -> None:
    """Seed 000: "如果你是盗贼，在战斗时背刺其他小白吧"."""
    game = ready()
    set_level(game, 0, 5)
    become(game, 1, cls="thief")
    cards = hand(game, 1, "elf", "dwarf")
    kick(game, "harpies")  # level 4
    game.apply(Fight(0))
    game.apply(Backstab(1, cards[0]))
    assert game.fighter_strength() == 3 and not any(isinstance(a, Backstab) for a in game.legal_actions())
    game.apply(Pass(1))
    game.apply(Pass(2))
    assert game.stage() == "combat" and not game.winning()


# ----- several monsters ----------------------------------------------------------------------
def test_a_wandering_monster_joins_the_fight_and_the_munchkins_must_beat_the_sum() -> None:
    game = ready()
    set_level(game, 0, 6)
    wandering, goblin = hand(game, 1, "wandering_monster", "lame_goblin")
    kick(game, "flying_frogs")  # level 2, 1 treasure
    game.apply(Fight(0))
    game.apply(PlayWandering(1, wandering, goblin))
    assert game.monster_strength() == 2 + 1 and game.monster_names() == "Flying Frogs and Lame Goblin"
    game.apply(Pass(1))
    game.apply(Pass(2))
    assert game.stage() == "combat"
    fight_all_pass(game)
    assert game.players[0].level == 8  # a level for each monster killed
    assert sum(1 for d in game.draws if d.deck == "treasure") == 2


def test_running_from_several_monsters_one_roll_each_in_the_order_chosen() -> None:
    game = ready()
    set_level(game, 0, 2)
    wandering, rat = hand(game, 1, "wandering_monster", "maul_rat")  # maul rat: lose a level
    kick(game, "flying_frogs")  # -1 to run away; bad stuff: lose 2 levels
    game.apply(Fight(0))
    game.apply(PlayWandering(1, wandering, rat))
    game.apply(Pass(1))
    game.apply(Pass(2))
    game.apply(RunAway(0))
    frogs = game.combat.monsters[0]
    assert {a.monster for a in game.legal_actions()} == {frogs, rat}  # the runner picks the order
    game.apply(RollToRun(0, rat))
    game.apply(Chance("d6", 6))  # escapes the rat
    assert game.legal_actions() == (RollToRun(0, frogs),)
    assert game.run_modifier(0, frogs) == -1
    game.apply(RollToRun(0, frogs))
    game.apply(Chance("d6", 5))  # 5 - 1 = 4: caught by the frogs
    assert game.players[0].level == 1 and game.combat is None
