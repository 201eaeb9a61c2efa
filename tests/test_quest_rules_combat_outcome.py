"""Munchkin Quest (seed 001) p. 8-10 read sentence by sentence: what winning and losing a fight do, death in a fight,
and running away (the run die, bad stuff, several monsters, nowhere to run). Each test quotes its passage; the
positions come from the scenario API (tablerules/quest/scenario.py) and the game's actions."""

from __future__ import annotations

from quest_seed_helpers import NORTH, NORTH_EAST, corridor_game, fight_in_north, roll_fight

from tablerules import odds
from tablerules.core.protocol import Chance
from tablerules.quest.actions import AnswerHelp, AskHelp, Heal, LoadDie, Pass, PlayCard, RollToRun, RunTo
from tablerules.quest.analysis import pending_odds
from tablerules.quest.exploration import EndTurn
from tablerules.quest.scenario import hand, hero, monster, move_to, room, wear


# ----- p. 9 如果你赢了 -----------------------------------------------------------------------------
def test_winning_beats_the_monster_its_standee_goes_its_base_back_its_card_discarded() -> None:
    """p. 9 如果你赢了: "如果你赢了，就打败了怪物。" ; "·把怪物的立身像取下来，把底座还给相应玩家。" ; "·享受怪物卡上
    写明的特殊好处" ; "·把所有怪物卡弃掉。" The Bull Demon (level 14, 2 dice, 4 treasures, mighty: 2 levels) with a
    blue base: beaten, its standee leaves the Storeroom, blue has its 3 bases again, the card lies in the monster
    discards, and the card's rewards are paid: 2 levels (alone) and 4 treasures."""
    game = corridor_game(players=3)
    hero(game, 0, level=7)
    wear(game, 0, "poking_spear", "mithril_armour")  # 7 + 5 + 4 = 16
    bull = fight_in_north(game, "bull", "blue")
    assert game.free_bases[game.colours[1]] == 2
    roll_fight(game, 6, 1, 1)  # 22 against 16
    assert game.fight is None and bull not in game.dungeon.monsters
    assert game.free_bases[game.colours[1]] == 3 and game.monster_discard["bull"] == 1
    assert game.heroes[0].level == 9
    assert [(s.deck, s.player) for s in game.pending if getattr(s, "deck", "")] == [("treasure", 0)] * 4


# ----- p. 9 如果你输了或者平局, p. 8 死亡 -----------------------------------------------------------
def _lost_with_a_helper(fighter_health: int) -> tuple:
    """Player 0 (``fighter_health``) and helper 1 (4 health) lose to the Pit Bull 4 against 8; player 2 holds a Loaded
    Die and lets the dice be."""
    game = corridor_game(players=3)
    hero(game, 0, health=fighter_health)
    die, = hand(game, 2, "loaded_die")
    dog = fight_in_north(game, "pit_bull", "green")
    game.apply(AskHelp(0, 1, 0))
    game.apply(AnswerHelp(1, True))
    roll_fight(game, 1, 1, 6)
    assert game.stage() == "after the roll" and LoadDie(2, die, 0, 6) in game.legal_actions()
    game.apply(Pass(2))
    return game, dog, die


def test_all_health_black_after_a_lost_fight_is_death_and_the_survivors_run() -> None:
    """p. 9: "如果你的生命指示物都被翻黑，就死了（见第8页）。" ; "之后幸存者要努力逃跑（见第10页），愿意的话可以尖叫。
    " Fighter (1 health) and helper each take a hit for the one monster: the fighter dies, the helper, alive, is the
    one who runs."""
    game, _, _ = _lost_with_a_helper(1)
    assert game.heroes[0].dead and not game.heroes[1].dead and game.heroes[1].health == 3
    assert game.fight.runners == [1] and game.stage() == "running: direction"
    assert {a.player for a in game.legal_actions() if isinstance(a, RunTo)} == {1}


def test_nobody_turns_back_time_on_a_death() -> None:
    """p. 8 死亡: "其他人不能在你死了以后再回溯时间把你救活。" Once the fighter is dead of the lost fight, the Loaded
    Die that could have turned the roll is no longer offered, and nothing gives the dead munchkin back health (the
    dead player's own Go Up a Level and healing are not offered: a dead character has neither)."""
    game, _, die = _lost_with_a_helper(1)
    hand(game, 0, "go_up_a_level")
    legal = game.legal_actions()
    assert game.heroes[0].dead and not any(isinstance(a, LoadDie) for a in legal)
    assert Heal(0) not in game.anytime_actions(0)
    assert not any(isinstance(a, PlayCard) for a in game.anytime_actions(0))
    assert die in game.heroes[2].hand


def test_a_runner_killed_by_the_bad_stuff_lies_in_the_monsters_room() -> None:
    """p. 8 当你死亡时: "·让你的小白模型躺下来，放在它吃最后一击的那个房间里。" ; p. 10 逃跑: "不管你躲没躲过怪物的后
    果，掷骰之后就会出现在那里。当然，要是怪物带来的后果先把你做掉了那就另当别论了。" The runner (2 health) chose the
    Kitchen; the lost fight's hit leaves 1, the Pit Bull's bad stuff (2 hits) kills: the standee lies in the
    Storeroom, with its helmet and gold dropped there, not in the Kitchen."""
    game = corridor_game(players=2)
    hero(game, 0, health=2)
    helmet, = wear(game, 0, "firefighters_helmet")
    dog = fight_in_north(game, "pit_bull")
    roll_fight(game, 1, 6)
    game.apply(RunTo(0, NORTH_EAST))
    game.apply(RollToRun(0, dog))
    game.apply(Chance("d6", 2))
    assert game.heroes[0].dead and game.room_of(0).id == NORTH
    assert game.dropped[NORTH] == [helmet] and game.dropped_gold[NORTH] == 300 and NORTH_EAST not in game.dropped


def test_a_dead_runner_suffers_nothing_from_the_monsters_left() -> None:
    """p. 8: "·如果在战斗中挂掉，你就不用继续扔骰子逃跑了。即使还有你没逃离的怪物，也不用承受他们带来的后果了。" Level
    5 with 3 health loses to the Pit Bull and the Lame Goblin (2 hits); the Pit Bull catches and kills: no die for the
    Lame Goblin and not its level either (death's one level only: 4)."""
    game = corridor_game(players=3)
    hero(game, 0, level=5, health=3)
    goblin = monster(game, "lame_goblin", NORTH, "green")
    dog = fight_in_north(game, "pit_bull")
    roll_fight(game, 1, 6, 6)  # 5 + 1 against 3 + 12
    game.apply(RunTo(0, "ENT"))
    game.apply(RollToRun(0, dog))
    game.apply(Chance("d6", 1))
    assert game.heroes[0].dead and game.heroes[0].level == 4
    assert not any(isinstance(a, RollToRun) for a in game.legal_actions()) and goblin in game.dungeon.monsters


# ----- p. 10 逃跑 ---------------------------------------------------------------------------------
def test_too_slow_the_monster_card_bad_stuff_strikes() -> None:
    """p. 10: "要是跑不过，那就承受怪物带来的后果吧（在怪物卡上找）。" ; 掷逃跑骰: "如果投败了，那你就跑得太慢了。" ;
    "怪物会对你施加怪物卡上所显示的后果。" The Lame Goblin (+1 to run away from it; bad stuff: a level): 4 + 1
    escapes, 3 + 1 is too slow and costs the level its card names. The odds of escaping are odds.flee([+1])."""
    for face, level in ((4, 3), (3, 2)):
        game = corridor_game(players=2)
        hero(game, 0, level=3)
        goblin = fight_in_north(game, "lame_goblin")
        roll_fight(game, 1, 6)
        game.apply(RunTo(0, "ENT"))
        escape = [o for o in pending_odds(game) if "escapes" in o.what]
        assert escape[0].probability == odds.flee([1]).escape_all
        game.apply(RollToRun(0, goblin))
        game.apply(Chance("d6", face))
        assert game.heroes[0].level == level and game.room_of(0).entrance


def test_escape_one_monster_and_be_caught_by_the_other() -> None:
    """p. 10 逃避多个怪物: "你可能躲过了某个怪物的后果但是被另一个打中了。" Away from the Pit Bull with a 5, caught by
    the Lame Goblin with a 1: its level goes, not the Pit Bull's two hits."""
    game = corridor_game(players=3)
    hero(game, 0, level=3, health=4)
    goblin = monster(game, "lame_goblin", NORTH, "green")
    dog = fight_in_north(game, "pit_bull")
    roll_fight(game, 1, 6, 6)
    game.apply(RunTo(0, "ENT"))
    game.apply(RollToRun(0, dog))
    game.apply(Chance("d6", 5))
    game.apply(RollToRun(0, goblin))
    game.apply(Chance("d6", 1))
    assert (game.heroes[0].level, game.heroes[0].health) == (2, 4 - 2) and game.room_of(0).entrance


def test_a_fight_in_a_room_with_no_neighbours_has_nowhere_to_run() -> None:
    """p. 10 无处可逃？: "在某些极其不幸的情况下（比如说刚刚穿过墙）你可能会在一间没有四邻的房间里和怪物对战。" ; "这
    种情况下你自动承受怪物的后果，而且就算还有移动力，回合也立刻结束。" The Crypt, walled off from the Storeroom and
    open to nothing else, with the Kiosk (lurking) in it: player 0's turn starts there, the fight is lost, no room is
    offered to run to, the Kiosk's 300 gold goes and the turn ends with moves left."""
    game = corridor_game(players=2, first=1)
    crypt = room(game, "crypt", (-1, -1), {"E": "wall"})
    assert game.neighbours(crypt) == []
    move_to(game, 0, crypt)
    monster(game, "kiosk", crypt, "blue")
    game.apply(EndTurn(1))
    while game.is_chance():
        game.roll()
    assert game.current == 0 and game.fight is not None and game.moves_left == 3
    roll_fight(game, 1, 6)
    assert not any(isinstance(a, RunTo) for a in game.legal_actions())
    assert game.heroes[0].gold == 0 and game.heroes[0].health == 3
    assert game.stage() == "monster turn: rolling the monster die"


def test_bad_stuff_naming_a_helmet_you_do_not_have_is_a_hit() -> None:
    """p. 10 掷逃跑骰: "如果怪物的后果对你没有作用，那就再挨一击。" ; "比如说，如果怪物的后果显示是“丢掉头盔”，而你没
    有头盔的话，就挨一击。" Bigfoot's bad stuff is losing your headgear: with the Firefighter's Helmet on, the helmet
    goes; bareheaded, one hit (not more)."""
    game = corridor_game(players=2)
    hero(game, 0, level=3)
    helmet, = wear(game, 0, "firefighters_helmet")
    foot = fight_in_north(game, "bigfoot")
    roll_fight(game, 1, 6, 6)
    game.apply(RunTo(0, "ENT"))
    game.apply(RollToRun(0, foot))
    game.apply(Chance("d6", 1))
    assert helmet not in game.heroes[0].carried and game.heroes[0].health == 3
    bare = corridor_game(players=2)
    hero(bare, 0, level=3)
    foot = fight_in_north(bare, "bigfoot")
    roll_fight(bare, 1, 6, 6)
    bare.apply(RunTo(0, "ENT"))
    bare.apply(RollToRun(0, foot))
    bare.apply(Chance("d6", 1))
    assert bare.heroes[0].health == 4 - 1 - 1 and bare.room_of(0).entrance
