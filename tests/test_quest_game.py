"""Munchkin Quest, the whole game (seed 001): the rulebook's worked combat example replayed action by
action, a test per rule on a small scenario, the random-game harness, agents, CLI and bad input."""

from __future__ import annotations

import json

import pytest
from harness_parts import parts

from tablerules.core.agents import play_game
from tablerules.core.data import data_path
from tablerules.core.errors import DataError, IllegalAction, SaveError
from tablerules.core.protocol import Chance, Game
from tablerules.core.testing import random_sim_test
from tablerules.odds import search as search_odds
from tablerules.quest.actions import (
    AnswerCurse,
    AnswerHelp,
    AskHelp,
    BuyLevel,
    D10Power,
    Deal,
    Drop,
    Enhance,
    FightAnyway,
    Flee,
    GiveGold,
    GiveItem,
    GiveUp,
    LoadDie,
    OneShot,
    Pass,
    PickUp,
    PlayCard,
    PlayCheat,
    PlayCurse,
    Ready,
    Roll,
    RollToRun,
    RunTo,
    Search,
    SpendItem,
    Suicide,
    SummonWall,
    Wandering,
)
from tablerules.quest.agents import QuestHeuristicAgent
from tablerules.quest.cards import load_quest_cards
from tablerules.quest.exploration import EndTurn, Explore
from tablerules.quest.game import BOSS_LEVEL, QuestGame
from tablerules.quest.geometry import LinkKind, Side
from tablerules.quest.heroes import START_GOLD
from tablerules.quest.scenario import discard, hand, hero, ready, set_links, set_moves, wear


def explore_into(game: QuestGame, room: str, monster: str, base: str, side: Side = Side.N) -> None:
    """Explore from the current room: the referee's room tile, monster card and base colour; the DxM
    card and the links are rolled."""
    game.apply(Explore(game.current, side.value))
    game.apply(Chance("room", room))
    while game.chance_step() is not None and game.chance_step().event in ("dxm", "link"):
        game.roll()
    game.apply(Chance("monster", monster))
    game.apply(Chance("base", base))
    while game.chance_step() is not None and game.chance_step().event == "dxm":
        game.roll()


def all_pass(game: QuestGame) -> None:
    for p in list(game.fight.window.waiting):
        game.apply(Pass(p))


# ----- set-up ----------------------------------------------------------------------------------
def test_setup_three_and_three_cards_four_health_three_moves_300_gold_on_the_entrance() -> None:
    game = QuestGame({"players": 3}, seed=1)
    while game.is_chance():
        game.roll()
    assert game.stage() == "character creation"
    for h in game.heroes:
        kinds = [game.card(c).deck for c in h.hand]
        assert kinds.count("dxm") == 3 and kinds.count("treasure") == 3
        assert (h.level, h.health, h.gold, h.race, h.cls) == (1, 4, START_GOLD, None, None)
        assert game.dungeon.munchkins[h.colour] == game.dungeon.entrance.id
    for p in range(3):
        game.apply(Ready(p))
    assert game.chance_step().event == "first"  # p. 4: the dice decide who starts (rules edition 2)
    game.apply(Chance("first", 2))
    assert game.current == 2 and game.moves_left == 3 and game.chance_step().event == "dxm"  # a DxM card
    with pytest.raises(ValueError):
        QuestGame({"players": 5})


def test_cards_as_data_name_every_card_of_the_seed() -> None:
    cards = load_quest_cards()
    for card in ("freezing_explosive_potion", "potion_of_strength", "ancient", "hairy", "baby", "loaded_die",
                 "cheat", "wishing_ring", "firefighters_helmet", "mithril_armour", "poking_spear", "flight_potion",
                 "summon_wall", "monster_capsule", "wandering_monster", "go_up_a_level"):
        assert card in cards and cards[card].name_zh
    assert cards["ancient"].bonus == 10 and cards["hairy"].bonus == 5 and cards["baby"].bonus == -5


def test_a_bad_card_file_names_the_file_and_field(tmp_path) -> None:
    bad = json.loads(data_path("quest", "cards.json").read_text(encoding="utf-8"))
    bad["cards"][0]["kind"] = "spaceship"
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(bad))
    with pytest.raises(DataError) as error:
        load_quest_cards(str(path))
    assert "cards.json" in str(error.value) and "kind" in str(error.value)


# ----- the worked example: Munchkin Babe against the Shrieking Geek (pp. 11-12) -------------------
def test_the_rulebooks_example_munchkin_babe_against_the_shrieking_geek() -> None:
    """Seed 001 p. 9: "一次性卡牌（无论是宝藏卡还是主角卡）可以在战斗中直接从手上打出";
    "所有参战的玩家各投各的骰子，怪物所属的玩家负责给怪物掷骰"; "如果掷骰数小于等于0，那掷骰结果就会变成0";
    "但是所有其他加值仍然会加在这个0上"; "如果你有帮手，那把帮手的等级和调整值算在你这一边"; p. 10:
    "有人帮你的时候，把他的等级，战斗骰和调整值加在你的这套东西上面"."""
    game = ready(players=4)
    babe, igor, smitty, kelandor = 0, 1, 2, 3
    hero(game, babe, level=5, cls="warrior")
    wear(game, babe, "firefighters_helmet")
    potion, *_curses = hand(game, babe, "freezing_explosive_potion", "curse_lose_headgear", "curse_tax")
    strength, igor_die = hand(game, igor, "potion_of_strength", "loaded_die")
    hero(game, kelandor, level=9, race="elf")
    wear(game, kelandor, "mithril_armour", "short_sword", "sneaky_bastard_sword")  # +9, both hands full
    ancient, hairy, baby, loaded = hand(game, kelandor, "ancient", "hairy", "baby", "loaded_die")
    assert game.strength(kelandor) == 18
    # she explores: the Padded Cell (bad for warriors), a DxM card, the Shrieking Geek, Igor's monster
    explore_into(game, "padded_cell", "shrieking_geek", "blue")
    geek = game.fight.monsters[0]
    assert game.room_of(babe).name == "Padded Cell" and game.stage() == "combat"
    assert game.dice_count(babe) == 0  # one die, minus one for the red warrior icon
    assert (game.munchkin_strength(), game.monster_strength(), game.monster_dice()) == (7, 12, 1)
    game.apply(OneShot(babe, potion, "munchkins"))  # Freezing Explosive Potion +5
    assert game.munchkin_strength() == 12
    game.apply(Roll(babe))
    assert game.fight.window.waiting == [igor, smitty, kelandor]  # everybody else may interfere, Smitty too
    game.apply(Enhance(kelandor, ancient, geek))  # +10
    game.apply(Enhance(kelandor, hairy, geek))  # +5
    all_pass(game)
    assert game.stage() == "combat" and game.monster_strength() == 27
    game.apply(AskHelp(babe, kelandor, 1))  # Kelandor picks one treasure first
    game.apply(AnswerHelp(kelandor, True))
    assert game.room_of(kelandor).name == "Padded Cell"  # ran in from the next room, no move spent
    assert game.munchkin_strength() == 30 and game.monster_strength() == 27  # +6 against warriors, once
    game.apply(Roll(babe))
    game.apply(Enhance(kelandor, baby, geek))  # -5: 22
    game.apply(OneShot(igor, strength, "monsters"))  # thrown from the next room: +5, 27 again
    all_pass(game)
    game.apply(Roll(babe))
    all_pass(game)
    assert game.stage() == "rolling the combat dice"
    assert [d[:2] for d in game.fight.dice] == [["munchkins", kelandor], ["monsters", igor]]
    game.apply(Chance("d6", 1))  # Kelandor rolls 1
    game.apply(Chance("d6", 6))  # Igor rolls the Geek's die: 6
    assert game.stage() == "after the roll" and not game.winning()  # 31 against 33
    game.apply(LoadDie(kelandor, loaded, 0, 6))  # 36 against 33
    assert game.to_act() == (igor,)  # Igor's own Loaded Die cannot do better than his 6
    game.apply(Pass(igor))
    assert game.fight is None
    assert game.heroes[babe].level == 6 and game.heroes[kelandor].level == 10  # the elf helper goes up too
    # Babe draws the 4 treasures face up (2 + 2 + 1 - 1), then Kelandor picks first among them (p. 10, 12;
    # rules edition 2: before, the helper drew its share blind)
    draws = [(s.deck, s.player, s.face) for s in game.pending if getattr(s, "deck", "")]
    assert draws == [("treasure", babe, "open")] * 4 and game.pending[-1].kind == "first pick"
    assert kelandor in game.ten_by_kill and igor_die in game.heroes[igor].hand


# ----- fights ---------------------------------------------------------------------------------
def test_a_mighty_monster_gives_two_levels_alone() -> None:
    """Seed 001 p. 9: 「如果这只怪物“属于”你自己，那就可以抓一张主角卡」."""
    game = ready(players=2)
    hero(game, 0, level=8)
    wear(game, 0, "poking_spear", "mithril_armour")  # 8 + 9 = 17
    explore_into(game, "storeroom", "bull", "red")  # level 14, mighty, 2 dice; red is player 0's colour
    game.apply(Roll(0))
    all_pass(game)
    for face in (6, 1, 1):
        game.apply(Chance("d6", face))
    assert game.fight is None and game.heroes[0].level == 10 and 0 in game.ten_by_kill
    draws = [(s.deck, s.player) for s in game.pending if getattr(s, "deck", "")]
    assert draws.count(("dxm", 0)) == 1  # a monster of your own colour: a DxM card
    assert draws.count(("treasure", 0)) == 4


def test_losing_one_hit_a_monster_then_run_to_an_explored_room_with_a_roll_each() -> None:
    game = ready(players=2)
    explore_into(game, "storeroom", "pit_bull", "blue")  # level 2, bad stuff: 2 hits
    game.apply(Roll(0))
    all_pass(game)
    game.apply(Chance("d6", 1))
    game.apply(Chance("d6", 6))
    assert game.heroes[0].health == 3 and game.stage() == "running: direction"
    entrance = game.dungeon.entrance.id
    # never into the dark (besides what may be done at any time: a race or class, p. 15)
    assert [a for a in game.legal_actions() if a not in game.anytime_actions(0)] == [RunTo(0, entrance)]
    game.apply(RunTo(0, entrance))
    dog = game.fight.monsters[0]
    game.apply(RollToRun(0, dog))
    game.apply(Chance("d6", 4))  # caught
    assert game.heroes[0].health == 1 and game.room_of(0).id == entrance and game.fight is None
    assert dog in game.dungeon.monsters  # it stays in its room


def test_bad_stuff_that_cannot_apply_is_a_hit_and_death_drops_everything() -> None:
    """Seed 001 p. 10: "如果你被怪物带来的后果扣掉了最后一点生命值的话，就死在了怪物所在的房间里"."""
    game = ready(players=2)
    hero(game, 0, level=3, health=2)
    wear(game, 0, "leather_armour")
    hand(game, 0, "go_up_a_level")
    explore_into(game, "storeroom", "drooling_slime", "blue")  # footgear, else a level
    room = game.room_of(0).id
    hero(game, 0, health=1)
    game.apply(Roll(0))
    all_pass(game)
    game.apply(Chance("d6", 1))
    game.apply(Chance("d6", 6))  # 3 + 1 + 1 against 1 + 6: lost, one hit: dead
    h = game.heroes[0]
    assert h.dead and h.level == 2 and h.hand == [] and h.carried == [] and h.gold == 0
    assert len(game.dropped[room]) == 1 and game.dropped_gold[room] == START_GOLD
    while game.current != 0 or game.is_chance():  # the monster turn, player 1's turn, the next start
        if game.is_chance():
            game.roll()
        elif game.stage() == "moving":
            game.apply(EndTurn(game.current))
        else:
            game.apply(game.legal_actions()[-1])
    assert not h.dead and h.health == 4 and h.gold == START_GOLD
    assert game.room_of(0).entrance


def test_no_way_out_means_every_bad_stuff_and_the_turn_ends() -> None:
    """Seed 001 p. 10: "这种情况下你自动承受怪物的后果，而且就算还有移动力，回合也立刻结束"."""
    game = ready(players=2)
    explore_into(game, "storeroom", "pit_bull", "blue")
    set_links(game, game.room_of(0).id, {side.value: "wall" for side in Side})  # a room walled in on all sides
    game.apply(Roll(0))
    all_pass(game)
    game.apply(Chance("d6", 1))
    game.apply(Chance("d6", 6))
    assert game.heroes[0].health == 4 - 1 - 2 and game.stage() == "monster turn: rolling the monster die"


# ----- searching, levels, curses ----------------------------------------------------------------
def test_searching_uses_the_search_table_with_exact_odds_once_per_room_a_turn() -> None:
    game = ready(players=2)
    explore_into(game, "kitchen", "potted_plant", "blue")  # search +1, green halfling icon
    game.apply(Roll(0))
    all_pass(game)
    game.apply(Chance("d6", 6))
    while game.is_chance():  # the plant's treasure
        game.roll()
    assert game.fight is None and Search(0) in game.legal_actions()
    set_moves(game, 3)
    game.apply(Search(0))
    step = game.chance_step()
    assert dict((a.outcome, p) for a, p in step.outcomes) == {r: p for r, p in search_odds(1, 1).rows.items() if p}
    gold = game.heroes[0].gold
    game.apply(Chance("search", 4))  # row 4: 500 gold
    assert game.heroes[0].gold == gold + 500 and Search(0) not in game.legal_actions()


def test_buying_a_level_with_items_and_gold_but_never_level_ten() -> None:
    """Seed 001 p. 5: "弃掉总价至少1000金币的东西升一级，可以用物品和现金任意组合"."""
    game = ready(players=2)
    wear(game, 0, "staff_of_napalm")  # worth 800 (unusable without being a wizard: still worth its value)
    game.apply(SpendItem(0, game.heroes[0].carried[0]))
    assert game.spent == 800 and BuyLevel(0) in game.legal_actions()
    game.apply(BuyLevel(0))
    assert game.heroes[0].level == 2 and game.heroes[0].gold == START_GOLD - 200
    hero(game, 0, level=9, gold=5000)
    game.refresh()
    with pytest.raises(IllegalAction) as error:
        game.apply(BuyLevel(0))
    assert error.value.rule == "buying levels" and game.heroes[0].level == 9


def test_a_wishing_ring_cancels_a_curse_and_a_cleric_may_pray() -> None:
    game = ready(players=2)
    curse, other = hand(game, 0, "curse_lose_a_level", "curse_lose_a_level")
    ring = hand(game, 1, "wishing_ring")[0]
    hero(game, 1, level=4)
    game.apply(PlayCurse(0, curse, 1))
    assert set(game.legal_actions()) == {AnswerCurse(1, "accept"), AnswerCurse(1, ring)}
    game.apply(AnswerCurse(1, ring))
    assert game.heroes[1].level == 4 and ring in game.treasure_discard
    hero(game, 1, cls="cleric")
    game.apply(PlayCurse(0, other, 1))
    game.apply(AnswerCurse(1, "pray"))
    game.apply(Chance("d10", 5))  # more than level 4: the prayer fails
    assert game.heroes[1].level == 3


def test_suicide_and_the_monsters_win_when_all_are_dead() -> None:
    game = ready(players=2)
    hero(game, 1, dead=True)
    game.apply(Suicide(0))
    assert game.is_over() and game.result().winners == () and "monsters win" in game.result().reason


# ----- the boss -------------------------------------------------------------------------------
def test_a_level_ten_munchkin_on_the_entrance_fights_a_level_twenty_boss() -> None:
    """Seed 001 p. 4: "游戏的目标是升到10级并逃离地城"; "至于逃离地城么，你得回到入口战boss（见第11页）。
    杀掉boss就赢了！" p. 11: "照常决定它的底座颜色"."""
    game = ready(players=2)
    hero(game, 0, level=10)
    wear(game, 0, "poking_spear", "mithril_armour", "firefighters_helmet", "boots_of_butt_kicking")
    game.apply(EndTurn(0))
    while game.current != 0 or game.chance_step() is None or game.chance_step().event != "monster":
        if game.is_chance():
            game.roll()
        else:
            game.apply(EndTurn(game.current))
    game.apply(Chance("monster", "goldfish"))  # a level-20 goldfish
    game.apply(Chance("base", "blue"))
    while game.is_chance():  # blue's DxM card for the base colour
        game.roll()
    assert game.fight.boss and game.monster_strength() == BOSS_LEVEL
    assert not any(isinstance(a, AskHelp) for a in game.legal_actions())  # only level-10 helpers
    game.apply(Roll(0))
    all_pass(game)
    game.apply(Chance("d6", 6))
    game.apply(Chance("d6", 1))  # 10 + 13 + 6 against 20 + 1
    assert game.is_over() and game.result().winners == (0,)


# ----- the harness, agents, saves, CLI ------------------------------------------------------------
def test_random_games_keep_every_invariant() -> None:
    report = random_sim_test(lambda seed: QuestGame({"players": 3}, seed=seed), n_games=12, seed=0,
                             round_trip_every=5)
    assert report.games == 12 and report.actions > 1000


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("part", parts(17))  # 340 games each in 17 x 20, spread evenly over the test workers
def test_thousands_of_random_games_keep_every_invariant(players: int, part: int) -> None:
    report = random_sim_test(lambda seed: QuestGame({"players": players}, seed=seed), n_games=20,
                             seed=players * 10_000 + 20 * part, round_trip_every=400, undo_every=500, illegal_every=50)
    assert report.games == 20


def test_heuristic_players_reach_a_winner() -> None:
    winners = 0
    for seed in range(8):
        game = play_game(QuestGame({"players": 3}, seed=seed), QuestHeuristicAgent())
        assert game.is_over()
        winners += bool(game.result().winners)
    assert winners >= 6


def test_save_load_round_trip_and_corrupt_saves() -> None:
    game = QuestGame({"players": 3}, seed=5)
    play_game(game, max_steps=150)
    again = Game.from_json(json.loads(json.dumps(game.to_json())))
    assert again.state_dict() == game.state_dict() and again.log == game.log
    bad = game.to_json()
    bad["history"][3] = {"type": "Roll", "player": 2}
    with pytest.raises(SaveError):
        Game.from_json(bad)


def test_illegal_actions_name_the_rule_and_change_nothing() -> None:
    game = ready(players=2)
    before = game.state_dict()
    with pytest.raises(IllegalAction) as error:
        game.apply(Roll(1))
    assert error.value.rule == "turn order" and game.state_dict() == before
    with pytest.raises(IllegalAction):
        game.apply(PlayCard(0, "go_up_a_level#1"))
    assert game.state_dict() == before


def test_cli_simulate_and_play_quest(capsys: pytest.CaptureFixture[str]) -> None:
    from tablerules.cli import main

    assert main(["simulate", "quest", "--games", "3", "--seed", "2", "--agents", "heuristic", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 3
    assert main(["games"]) == 0 and "quest" in capsys.readouterr().out


def test_the_panel_shows_the_dungeon_sheets_and_exact_odds() -> None:
    from tablerules.quest.analysis import pending_odds
    from tablerules.widgets import QuestPanel

    # seed 10: the dice for the first player (p. 4, a chance step since rules edition 2) pick player 0
    panel = QuestPanel(QuestGame({"players": 3}, seed=10))
    assert panel.game.stage() == "character creation" and panel.game.to_act() == (0,)  # dealt by the agents
    buttons = {b.description: b for b in panel.actions_box.children}
    buttons["player 0 is ready"].click()
    panel.roll_button.click()  # the first player's dice, then player 0's DxM card for the turn
    assert panel.game.stage() == "moving" and panel.game.current == 0
    assert 'data-target="room:ENT"' in panel.board.svg and "tablerules-sheets" in panel.state_view.value
    explore = next(b for b in panel.actions_box.children if "explores" in b.description)
    explore.click()
    while panel.game.is_chance():
        panel.roll_button.click()
    assert panel.game.fight is not None and panel.game.stage() == "combat"  # an explored room has a monster
    odds = pending_odds(panel.game)
    assert odds[0].what.startswith("the munchkins win") and "Exact odds" in panel.state_view.value


# ----- rooms as data: deals and room rules ---------------------------------------------------------
def enter_empty(game: QuestGame, room: str) -> None:
    """Explore into ``room`` and kill what is there (a Potted Plant with a strong munchkin)."""
    hero(game, 0, level=5)
    explore_into(game, room, "potted_plant", "blue")
    game.apply(Roll(0))
    all_pass(game)
    while game.is_chance():
        game.roll() if game.chance_step().event != "d6" else game.apply(Chance("d6", 6))
    assert game.fight is None
    set_moves(game, 3)


def test_a_hospital_deal_heals_for_a_move_and_gold_once_a_turn() -> None:
    game = ready(players=2)
    enter_empty(game, "hospital")
    hero(game, 0, health=1)
    deal = Deal(0, "hospital", 0)
    assert deal in game.legal_actions()
    game.apply(deal)
    assert game.heroes[0].health == 3 and game.heroes[0].gold == START_GOLD - 300 and game.moves_left == 2
    hero(game, 0, gold=1000, health=1)
    game.refresh()
    assert deal not in game.legal_actions()  # once a turn


def test_gambling_portal_and_the_armoury() -> None:
    game = ready(players=2)
    enter_empty(game, "gambling_den")
    gold = game.heroes[0].gold
    game.apply(Deal(0, "gambling_den", 0, "200"))
    game.apply(Chance("d6", 4))
    assert game.heroes[0].gold == gold + 200
    game.apply(Deal(0, "gambling_den", 0, "100"))
    game.apply(Chance("d6", 3))
    assert game.heroes[0].gold == gold + 100 and game.moves_left == 1
    game = ready(players=2)
    enter_empty(game, "armoury")
    helmet, = discard(game, "horny_helmet")
    hero(game, 0, gold=1000)
    game.apply(Deal(0, "armoury", 0, helmet))
    assert helmet in game.heroes[0].hand and game.heroes[0].gold == 400


def test_room_bonuses_for_monsters_and_running_and_odd_levels() -> None:
    """Seed 001 p. 8: "并提供相应的加值和减值"."""
    game = ready(players=2)
    hero(game, 0, level=3)
    explore_into(game, "treasure_vault", "pit_bull", "blue")  # monsters here +2
    assert game.monster_strength() == 2 + 2
    game = ready(players=2)
    hero(game, 0, level=3)
    explore_into(game, "odd_room", "pit_bull", "blue")
    assert game.dice_count(0) == 2  # level 3 is odd: like a green icon
    hero(game, 0, level=4)
    assert game.dice_count(0) == 0


def test_a_soundproof_room_keeps_helpers_and_interference_out() -> None:
    game = ready(players=3)
    hand(game, 1, "potion_of_strength")
    explore_into(game, "soundproof_room", "pit_bull", "blue")
    assert not any(isinstance(a, AskHelp) for a in game.legal_actions())  # the others wait next door
    game.apply(Roll(0))
    assert game.fight.window.waiting == []


def test_monsters_that_ignore_you_fight_only_if_you_pick_the_fight() -> None:
    game = ready(players=2)
    hero(game, 0, race="elf")
    explore_into(game, "storeroom", "goldfish", "blue")  # the goldfish ignores elves
    assert game.fight is None and FightAnyway(0) in game.legal_actions()
    assert not any(isinstance(a, Search | Deal) for a in game.legal_actions())
    game.apply(FightAnyway(0))
    assert game.fight is not None and game.stage() == "combat"


def test_bribes_with_gold_and_items_change_hands_when_accepted() -> None:
    game = ready(players=2)
    wear(game, 0, "boots_of_butt_kicking")
    boots = game.heroes[0].carried[0]
    explore_into(game, "storeroom", "harpies", "blue")
    assert AskHelp(0, 1, 0, 300) in game.legal_actions() and AskHelp(0, 1, 0, 0, boots) in game.legal_actions()
    game.apply(AskHelp(0, 1, 0, 0, boots))
    game.apply(AnswerHelp(1, True))
    assert game.heroes[1].carried == [boots] and game.munchkin_strength() == 1 + 1 + 2
    game2 = ready(players=2)
    explore_into(game2, "storeroom", "harpies", "blue")
    game2.apply(AskHelp(0, 1, 0, 300))
    game2.apply(AnswerHelp(1, True))
    assert game2.heroes[0].gold == START_GOLD - 300 and game2.heroes[1].gold == START_GOLD + 300


# ----- Half-Breed, Super Munchkin, d10 powers ------------------------------------------------------
def test_a_half_breed_has_its_races_advantages_and_none_of_its_drawbacks() -> None:
    """Seed 001 p. 17: 「拥有“混血”时你可以打出第二张种族卡」."""
    game = ready(players=2)
    hero(game, 0, race="elf")
    half, dwarf = hand(game, 0, "half_breed", "dwarf")
    assert PlayCard(0, dwarf) not in game.legal_actions()
    game.apply(PlayCard(0, half))
    assert game.tags(0) >= {"elf", "human"} and "elf" not in game.weak_tags(0)
    explore_into(game, "dwarven_forge", "drooling_slime", "blue")  # green dwarf, red elf; the slime: +4 v elves
    assert game.dice_count(0) == 1 and game.monster_strength() == 1  # no red elf icon, no +4
    game2 = ready(players=2)
    hero(game2, 0, race="elf")
    half, dwarf = hand(game2, 0, "half_breed", "dwarf")
    game2.apply(PlayCard(0, half))
    game2.apply(PlayCard(0, dwarf))  # two races: both advantages and drawbacks
    assert {"elf", "dwarf"} <= game2.weak_tags(0) and "human" not in game2.tags(0)
    game2.apply(GiveUp(0, game2.heroes[0].race))
    assert game2.heroes[0].race == dwarf and game2.heroes[0].half_breed == half
    game2.apply(GiveUp(0, dwarf))
    assert game2.heroes[0].half_breed is None and half in game2.dxm_discard


def test_a_super_munchkin_may_add_a_second_class() -> None:
    game = ready(players=2)
    hero(game, 0, cls="warrior")
    sup, wizard = hand(game, 0, "super_munchkin", "wizard")
    assert PlayCard(0, wizard) not in game.legal_actions()
    game.apply(PlayCard(0, sup))
    game.apply(PlayCard(0, wizard))
    assert {"warrior", "wizard"} <= game.tags(0) and game.character(0).endswith("Super Munchkin Warrior/Wizard")


@pytest.mark.parametrize("face, works", [(3, True), (4, False)])
def test_d10_powers_work_on_a_roll_at_most_the_level(face: int, works: bool) -> None:
    game = ready(players=2)
    hero(game, 0, level=3, cls="thief")
    wear(game, 1, "horny_helmet")
    helmet = game.heroes[1].carried[0]
    game.refresh()
    game.apply(D10Power(0, "steal", helmet))
    assert D10Power(0, "steal", helmet) not in game.legal_actions()  # once a turn
    game.apply(Chance("d10", face))
    assert (helmet in game.heroes[0].carried) is works and game.heroes[0].level == (3 if works else 2)


def test_a_warriors_fury_adds_a_combat_die() -> None:
    game = ready(players=2)
    hero(game, 0, level=2, cls="warrior")
    explore_into(game, "storeroom", "pit_bull", "blue")
    assert game.munchkin_dice() == 1
    game.apply(D10Power(0, "fury"))
    game.apply(Chance("d10", 2))
    assert game.munchkin_dice() == 2 and D10Power(0, "fury") not in game.legal_actions()


# ----- the cards with named handlers, items ---------------------------------------------------------
def test_flight_potion_escapes_without_a_roll() -> None:
    """Seed 001 p. 6:
    "如果有那么一张牌能让你用魔法移入其他房间的话，你就可以通过传送、穿墙、或其他什么方式避免战斗"."""
    game = ready(players=2)
    potion = hand(game, 0, "flight_potion")[0]
    explore_into(game, "storeroom", "bull", "blue")
    entrance = game.dungeon.entrance.id
    game.apply(Flee(0, potion, entrance))
    assert game.fight is None and game.room_of(0).id == entrance and game.heroes[0].health == 4


def test_summon_wall_turns_a_link_into_a_wall() -> None:
    game = ready(players=2)
    enter_empty(game, "storeroom")
    wall = hand(game, 0, "summon_wall")[0]
    here = game.room_of(0)
    side = next(s for s in Side if game.dungeon.link(here.at, s) is not LinkKind.WALL
                and game.dungeon.room_at(s.step(here.at)) is None)
    game.apply(SummonWall(0, wall, side.value))
    assert game.dungeon.link(here.at, side) is LinkKind.WALL and wall in game.dxm_discard
    assert game.invariants() == []


def test_wandering_monster_brings_a_monster_from_the_deck_into_the_fight() -> None:
    game = ready(players=2)
    capsule = hand(game, 1, "monster_capsule")[0]
    explore_into(game, "storeroom", "pit_bull", "red")
    game.apply(Roll(0))
    game.apply(Wandering(1, capsule))
    game.apply(Chance("monster", "mushroom"))
    game.apply(Chance("base", "red"))
    assert len(game.fight.monsters) == 2 and game.monster_strength() == 2 + 2


def test_cheat_backpack_big_items_dropping_and_picking_up() -> None:
    game = ready(players=2)
    staff, cheat = hand(game, 0, "staff_of_napalm", "cheat")
    assert PlayCard(0, staff) in game.legal_actions()  # it does not fit: it would go to the backpack
    game.apply(PlayCheat(0, cheat, staff))
    assert game.heroes[0].carried == [staff] and game.strength(0) == 1 + 5
    rock, chainsaw = hand(game, 0, "huge_rock", "chainsaw_of_bloody_dismemberment")
    game.apply(PlayCard(0, rock))  # one hand left for a two-handed rock: into the backpack
    game.apply(PlayCard(0, chainsaw))
    assert game.heroes[0].backpack == [rock, chainsaw] and game.base_moves(0) == 2  # two big items: -1 move
    assert game.moves_left == 2 and game.item_bonus(0) == 5  # the backpack gives no bonus
    game.apply(Drop(0, rock))
    assert game.base_moves(0) == 3 and game.dropped[game.room_of(0).id] == [rock]
    game.apply(PickUp(0))  # 1 move, and the rock weighs again: 3 - 1 - 1
    assert rock in game.heroes[0].backpack and game.moves_left == 1


def test_giving_items_and_gold_to_a_munchkin_nearby() -> None:
    game = ready(players=2)
    wear(game, 0, "leather_armour")
    armour = game.heroes[0].carried[0]
    game.refresh()
    game.apply(GiveItem(0, armour, 1))
    game.apply(GiveGold(0, 1, 100))
    assert game.heroes[1].carried == [armour] and game.heroes[1].gold == START_GOLD + 100
