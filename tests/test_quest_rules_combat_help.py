"""Munchkin Quest (seed 001) p. 10-11 read sentence by sentence: asking for help, running to help, bribes, interfering
from outside the fight, the helper in the fight and their reward, and the boss. Each test quotes its passage; the
positions come from the scenario API (tablerules/quest/scenario.py) and the game's actions."""

from __future__ import annotations

import pytest
from quest_seed_helpers import EAST, NORTH, all_pass, corridor_game, fight_in_north, roll_fight

from tablerules import odds
from tablerules.core.errors import IllegalAction
from tablerules.core.protocol import Chance
from tablerules.quest.actions import (
    AnswerHelp,
    AskHelp,
    D10Power,
    Enhance,
    Flee,
    GiveUp,
    LoadDie,
    OneShot,
    Pass,
    PlayCard,
    PlayCurse,
    Power,
    Roll,
    RunTo,
    TakeTreasure,
    Wandering,
)
from tablerules.quest.analysis import fight_odds
from tablerules.quest.exploration import EndTurn, Move
from tablerules.quest.game import QuestGame
from tablerules.quest.scenario import hand, hero, monster, move_to, ready, room, wear


# ----- p. 10 找人帮忙, 跑去帮忙 --------------------------------------------------------------------
def test_only_the_invited_help_and_who_accepts_is_the_helper() -> None:
    """p. 10 找人帮忙: "只有你邀请的人才能帮你。" ; "接受了邀请的玩家称作你的“帮手”。" Nobody joins the fight on their
    own: no seat but the fighter's has a way in; once player 1 is asked only player 1 answers, and accepting makes
    them the helper (in the room, on the fighter's side)."""
    game = corridor_game()
    fight_in_north(game, "pit_bull")
    assert not any(isinstance(a, AnswerHelp) for p in (1, 2) for a in game.anytime_actions(p))
    game.apply(AskHelp(0, 1, 0))
    assert game.to_act() == (1,)
    with pytest.raises(IllegalAction):
        game.apply(AnswerHelp(2, True))
    game.apply(AnswerHelp(1, True))
    assert game.fight.helper == 1 and game.fight.side == [0, 1] and game.room_of(1).id == NORTH
    assert "player 1 comes to help" in game.log[-1]


def test_nobody_moves_until_the_helper_is_chosen() -> None:
    """p. 10 跑去帮忙: "在你选好帮手之前，所有小白都不能移动。" While the fighter is choosing (asking, waiting for an
    answer) no seat has a move: the fighter cannot walk on, the others (a wizard's teleport included) cannot go
    anywhere; only the helper who accepts moves, into the fight."""
    game = corridor_game()
    hero(game, 2, level=9, cls="wizard")
    fight_in_north(game, "pit_bull")

    def moves(g: QuestGame) -> list:
        seats = [a for p in range(3) for a in g.legal_actions(p)]
        return [a for a in seats if isinstance(a, Move | Flee | D10Power | RunTo)]

    assert moves(game) == []
    game.apply(AskHelp(0, 1, 0))
    assert moves(game) == []
    game.apply(AnswerHelp(1, False))
    assert moves(game) == [] and game.room_of(2).entrance and game.room_of(1).entrance


def test_who_cannot_reach_the_room_interferes_but_is_not_in_the_fight() -> None:
    """p. 10: "到不了你房间的玩家仍然可以干涉战斗（见框内文字），但是他们并没有参战。" Player 2 in the Library (not
    next to the Storeroom) cannot be asked nor throw a potion, but plays an enhancer and a curse; the fight is lost
    and player 2 takes no hit and does not run."""
    game = corridor_game()
    move_to(game, 2, EAST)
    hairy, toe, _ = hand(game, 2, "hairy", "curse_lose_headgear", "potion_of_strength")
    dog = fight_in_north(game, "pit_bull")
    assert AskHelp(0, 2, 0) not in game.legal_actions() and AskHelp(0, 1, 0) in game.legal_actions()
    game.apply(Roll(0))
    legal = game.legal_actions()
    assert Enhance(2, hairy, dog) in legal and PlayCurse(2, toe, 0) in legal
    assert not any(isinstance(a, OneShot) and a.player == 2 for a in legal)
    game.apply(Enhance(2, hairy, dog))
    all_pass(game)
    roll_fight(game, 1, 1)  # 1 + 1 against 7 + 1
    assert game.fight.runners == [0] and game.heroes[2].health == 4 and game.room_of(2).id == EAST


# ----- p. 10 贿赂 ---------------------------------------------------------------------------------
def test_bribes_gold_or_items_in_play_or_a_share_of_the_treasure() -> None:
    """p. 10 贿赂: "你可以贿赂别人来帮你" ; "你可以用你场上的金币或物品（见第16页，“和其他玩家交换物品”）或者怪物宝藏
    的一部分作为条件。" With 500 gold, the Short Sword worn and the Buckler in the hand against the Harpies (2
    treasures), player 0 may offer 0, 1 or 2 of the treasures, 100, 300 or 500 gold, or the sword (an item in play,
    not one in the hand); the gold bribe changes hands when accepted."""
    game = corridor_game(players=2)
    hero(game, 0, gold=500)
    sword, = wear(game, 0, "short_sword")
    hand(game, 0, "buckler_of_swashing")
    fight_in_north(game, "harpies")
    offers = {(a.treasures, a.gold, a.item) for a in game.legal_actions() if isinstance(a, AskHelp)}
    assert offers == {(0, 0, ""), (1, 0, ""), (2, 0, ""), (0, 100, ""), (0, 300, ""), (0, 500, ""), (0, 0, sword)}
    game.apply(AskHelp(0, 1, 0, 300))
    game.apply(AnswerHelp(1, True))
    assert (game.heroes[0].gold, game.heroes[1].gold) == (200, 600)


def test_a_promised_share_of_the_treasure_is_picked_first_by_the_helper() -> None:
    """p. 10: "如果你许诺了怪物的宝藏，那就得互相协定谁先挑。" The bribe names it: one of the Harpies' 2 treasures,
    the helper's first pick. Won, the fighter draws both face up and the helper chooses one of them first."""
    game = corridor_game(players=2)
    hero(game, 0, level=3)
    fight_in_north(game, "harpies")
    game.apply(AskHelp(0, 1, 1))
    game.apply(AnswerHelp(1, True))
    roll_fight(game, 6, 6, 1)
    while game.is_chance():
        game.roll()
    drawn = list(game.heroes[0].won)
    picks = [a for a in game.legal_actions() if isinstance(a, TakeTreasure)]
    assert len(drawn) == 2 and {a.card for a in picks} == set(drawn) and {a.player for a in picks} == {1}
    game.apply(picks[0])
    assert picks[0].card in game.heroes[1].hand and len(game.heroes[0].won) == 1


def test_several_willing_helpers_bid_against_each_other() -> None:
    """p. 10: "如果不止一个人愿意为了宝藏帮你，你还可以让他们互相竞价！" Against the Harpies (2 treasures) the fighter
    asks player 1 to help for nothing: refused; player 2 for nothing: refused; player 1 again, for one treasure:
    refused too. Each may be asked again, but only for more than they turned down (player 1: both treasures or gold,
    player 2: one treasure or more); player 2 takes one treasure."""
    game = corridor_game()
    fight_in_north(game, "harpies")
    game.apply(AskHelp(0, 1, 0))
    game.apply(AnswerHelp(1, False))
    game.apply(AskHelp(0, 2, 0))
    game.apply(AnswerHelp(2, False))
    game.apply(AskHelp(0, 1, 1))
    game.apply(AnswerHelp(1, False))
    asks = {(a.helper, a.treasures, a.gold) for a in game.legal_actions() if isinstance(a, AskHelp)}
    assert asks == {(1, 2, 0), (1, 0, 100), (1, 0, 300), (2, 1, 0), (2, 2, 0), (2, 0, 100), (2, 0, 300)}
    with pytest.raises(IllegalAction, match="ask again only for more"):
        game.apply(AskHelp(0, 1, 1))
    game.apply(AskHelp(0, 2, 1))
    game.apply(AnswerHelp(2, True))
    assert game.fight.helper == 2 and game.fight.share == 1


# ----- p. 10 帮手以外 ------------------------------------------------------------------------------
def test_outside_help_no_attack_only_monsters_enhancers_one_shots_curses_backstabs() -> None:
    """p. 10 帮手以外: "你不能直接攻击其他玩家，但是可以用以下方法影响战斗：" ; "·打出游荡怪物卡，把一只新怪物扔进战场
    " ; "·扔东西！见第17页" What player 2 (a thief on the entrance, next door) may do in the "I'm rolling" window is
    only those ways (a Wandering Monster, an enhancer, a thrown potion, a curse, a backstab; Go Up a Level and giving
    up a class are his own business): no action of his fights the munchkin. The Wandering Monster brings the Maul Rat
    into the fight; the Flaming Poison Potion is thrown from next door, the Magic Missile (not a thrown one-shot) is
    not offered."""
    game = corridor_game()
    hero(game, 2, cls="thief")
    cards = hand(game, 2, "wandering_monster", "hairy", "flaming_poison_potion", "magic_missile",
                 "curse_stubbed_toe", "go_up_a_level")
    wandering, _, flaming, missile, toe, gual = cards
    fight_in_north(game, "pit_bull")
    game.apply(Roll(0))
    mine = [a for a in game.legal_actions() if a.player == 2]
    kinds = {type(a) for a in mine}
    assert kinds == {Wandering, Enhance, OneShot, PlayCurse, Power, PlayCard, GiveUp, Pass}
    assert {a.power for a in mine if isinstance(a, Power)} == {"backstab"}
    assert {a.card for a in mine if isinstance(a, OneShot)} == {flaming}
    game.apply(OneShot(2, flaming, "monsters"))
    game.apply(Wandering(2, wandering))
    game.apply(Chance("monster", "maul_rat"))
    game.apply(Chance("base", "green"))
    while game.is_chance():
        game.roll()
    assert len(game.fight.monsters) == 2 and game.monster_strength() == 2 + 1 + 3
    assert missile in game.heroes[2].hand and toe in game.heroes[2].hand and gual in game.heroes[2].hand


def test_enhancers_make_a_monster_stronger_and_richer_or_weaker_and_poorer() -> None:
    """p. 10: "这些卡牌会让怪物变得更强……并且给它更多宝藏（好吧，有些会让它变得更弱并减少宝藏）。" Ancient on the
    Harpies: level 4 + 10, 2 + 2 treasures; then Baby: -5 and one treasure fewer."""
    game = corridor_game()
    ancient, baby = hand(game, 1, "ancient", "baby")
    harpies = fight_in_north(game, "harpies")
    assert (game.monster_strength(), game.treasure_count()) == (4, 2)
    game.apply(Enhance(1, ancient, harpies))
    assert (game.monster_strength(), game.treasure_count()) == (14, 4)
    game.apply(Enhance(1, baby, harpies))
    assert (game.monster_strength(), game.treasure_count()) == (9, 3)


def test_a_curse_makes_the_item_the_fighter_needs_vanish() -> None:
    """p. 10: "这里诅咒能派上大用场，比如说可以把对手需要的物品变没。" Level 2 with the Poking Spear (+5) is 7 against
    the Harpies' 4; player 1's Weapon on Fire takes the spear in the window: 2 against 4, and the odds fall with
    it."""
    game = corridor_game()
    hero(game, 0, level=2)
    spear, = wear(game, 0, "poking_spear")
    fire, = hand(game, 1, "curse_weapon_on_fire")
    fight_in_north(game, "harpies")
    before = fight_odds(game).probability
    game.apply(Roll(0))
    game.apply(PlayCurse(1, fire, 0))
    while game.stage() != "interference":
        game.apply(next(a for a in game.legal_actions() if a.player == 0))
    assert spear not in game.heroes[0].carried and game.munchkin_strength() == 2
    assert before == odds.combat([(7, 1)], [(4, 1)]).win > fight_odds(game).probability


# ----- p. 10 战斗中的帮手, 帮手的奖励 --------------------------------------------------------------------
def test_the_helper_rolls_their_own_die_and_turns_it_with_their_own_cards() -> None:
    """p. 10 战斗中的帮手: "你的帮手给自己掷战斗骰，也可以用自己的卡牌和能力调整它们。" The helper's die is a chance
    step of its own; the helper throws a potion of his own for the side, and after the roll turns his own die with his
    Loaded Die (1 to 6): 2 + 3 + 5 + 1 + 6 = 17 against the Orcs' 10 + 2 + 2 = 14 (1 instead of 6: 12, lost)."""
    game = corridor_game()
    hero(game, 0, level=2)
    hero(game, 1, level=3)
    potion, die = hand(game, 1, "potion_of_strength", "loaded_die")
    fight_in_north(game, "orcs")
    game.apply(AskHelp(0, 1, 0))
    game.apply(AnswerHelp(1, True))
    game.apply(Roll(0))
    game.apply(OneShot(1, potion, "munchkins"))
    all_pass(game)
    roll_fight(game, 1, 1, 2, 2)
    assert [d[:2] for d in game.fight.dice][:2] == [["munchkins", 0], ["munchkins", 1]]
    assert not game.winning()
    game.apply(LoadDie(1, die, 1, 6))
    while game.fight is not None and game.fight.window.waiting:
        game.apply(Pass(game.fight.window.waiting[0]))
    assert game.fight is None and game.heroes[0].level == 3


def test_a_room_that_favours_or_disfavours_the_helper_changes_the_helpers_dice() -> None:
    """p. 10: "如果房间对帮手有利，他多掷一个战斗骰；如果不利，他少掷一个。" In the Elven Glade (green elf, red dwarf)
    a human fighter rolls 1 die; an elf helper adds 2 dice, a dwarf helper none."""
    for race, dice in (("elf", 2), ("dwarf", 0)):
        game = corridor_game()
        glade = room(game, "elven_glade", (-1, -1))
        hero(game, 1, race=race, room=NORTH)  # next door to the Glade
        monster(game, "pit_bull", glade, "blue")
        move_to(game, 0, NORTH)
        game.apply(Move(0, "W"))
        game.apply(AskHelp(0, 1, 0))
        game.apply(AnswerHelp(1, True))
        assert (game.fight_dice(0), game.fight_dice(1), game.munchkin_dice()) == (1, dice, 1 + dice)


def test_a_helper_goes_up_a_level_only_in_some_cases() -> None:
    """p. 10 帮手的奖励: "某些情况下，杀掉怪物时帮手也可以升级。" A human helper gains nothing from the Pit Bull; an
    elf helper gains a level (p. 15)."""
    for race, level in ((None, 3), ("elf", 4)):
        game = corridor_game()
        hero(game, 0, level=3)
        hero(game, 1, level=3, race=race)
        fight_in_north(game, "pit_bull")
        game.apply(AskHelp(0, 1, 0))
        game.apply(AnswerHelp(1, True))
        roll_fight(game, 3, 3, 1)
        assert game.fight is None and (game.heroes[0].level, game.heroes[1].level) == (4, level)


# ----- p. 11 Boss ---------------------------------------------------------------------------------
def _boss(card: str, players: int = 3, helper_level: int = 1, race: str | None = None) -> QuestGame:
    """Player 0 at level 10 walks from the Storeroom into the entrance: ``card`` is drawn as the boss (a blue base);
    player 2 at ``helper_level`` stands on the entrance too."""
    game = ready(players=players)
    room(game, "storeroom", (0, -1))
    move_to(game, 0, "storeroom")
    hero(game, 0, level=10, race=race)
    hero(game, players - 1, level=helper_level)
    game.apply(Move(0, "S"))
    game.apply(Chance("monster", card))
    game.apply(Chance("base", "blue"))
    while game.is_chance():
        game.roll()
    assert game.fight is not None and game.fight.boss
    return game


def _wanderer_joins(game: QuestGame, card: str) -> None:
    """Player 0 rolls in the boss fight; player 1 plays a Monster Capsule (a Wandering Monster) that brings ``card``
    on a red base into it."""
    capsule, = hand(game, 1, "monster_capsule")
    game.apply(Roll(0))
    game.apply(Wandering(1, capsule))
    game.apply(Chance("monster", card))
    game.apply(Chance("base", "red"))
    while game.is_chance():
        game.roll()


def test_the_boss_stays_on_the_entrance_whatever_and_must_be_fought() -> None:
    """p. 11: "Boss忽视所有会让它离开入口的规则，卡牌和能力。" ; "总之，无论如何都得和它战。" No Flight Potion, no
    running before the roll; and when every base is in use and a Monster Capsule brings it a companion, the rule that
    takes the highest-level monster off the board (p. 6) does not take the level-20 boss: it is the companion's rival
    on the board that goes, the boss stays in the fight."""
    game = ready(players=2)
    room(game, "storeroom", (0, -1))
    room(game, "kitchen", (1, -1))
    hand(game, 0, "flight_potion")
    capsule, = hand(game, 1, "monster_capsule")
    for card, base in (("maul_rat", "red"), ("goldfish", "red"), ("lame_goblin", "blue"), ("kiosk", "blue"),
                       ("orcs", "blue")):
        monster(game, card, "kitchen", base)
    move_to(game, 0, "storeroom")
    hero(game, 0, level=10)
    game.apply(Move(0, "S"))
    game.apply(Chance("monster", "lawyer"))
    game.apply(Chance("base", "red"))
    while game.is_chance():
        game.roll()
    boss = game.fight.monsters[0]
    assert game.fight.boss and not any(isinstance(a, Flee | RunTo) for a in game.legal_actions())
    game.apply(Roll(0))
    game.apply(Wandering(1, capsule))
    game.apply(Chance("monster", "pit_bull"))
    game.apply(Chance("base", "blue"))  # the Orcs' base, freed
    while game.is_chance():
        game.roll()
    assert boss in game.fight.monsters and len(game.fight.monsters) == 2
    assert game.room_of(0).entrance and game.monster_strength() == 20 + 2
    assert not any(m.startswith("orcs") for m in game.dungeon.monsters)  # the board's highest left instead


def test_the_boss_keeps_its_other_numbers_and_its_modifiers() -> None:
    """p. 11: "它的其他属性，特殊能力和减值仍然不变。" Only the level becomes 20: the Drooling Slime as boss still has
    +4 against an elf (24) and rolls its 1 die; the Bull Demon as boss rolls its 2 dice."""
    slime = _boss("drooling_slime", race="elf")
    assert (slime.monster_strength(), slime.monster_dice()) == (24, 1)
    assert fight_odds(slime).probability == odds.combat([(10, 1)], [(24, 1)]).win
    bull = _boss("bull")
    assert (bull.monster_strength(), bull.monster_dice()) == (20, 2)


def test_who_slays_the_boss_wins_and_two_level_10_munchkins_win_together() -> None:
    """p. 11 如果你赢了: "如果Boss被屠掉，那屠掉它的小白就赢了！" ; "可能会有共同获胜的情况出现：如果两个10级的小白合
    力干掉了 Boss，他们就共同胜利，而不论谁是主战玩家。" Alone: the fighter wins; with a level-10 helper: both."""
    game = _boss("lawyer")
    wear(game, 0, "poking_spear", "mithril_armour")  # 19
    roll_fight(game, 6, 1)  # 25 against 21
    assert game.is_over() and game.result().winners == (0,)
    pair = _boss("lawyer", helper_level=10)
    pair.apply(AskHelp(0, 2, 0))
    pair.apply(AnswerHelp(2, True))
    roll_fight(pair, 1, 1, 1)  # 20 + 2 against 20 + 1
    assert pair.is_over() and pair.result().winners == (0, 2)


def test_losing_to_the_boss_a_hit_a_level_and_a_free_run_and_the_boss_vanishes() -> None:
    """p. 11 如果你输了或是平了: "如果Boss获胜，那小白（们）各自挨上一击，并且掉一级，然后再逃跑并避开其他后果（见第10
    页， “逃跑”）。" ; "Boss和参战的其他怪物直接消失——弃掉就好了！" The Lawyer as boss (its own bad stuff: 500 gold)
    with the Maul Rat come to its side: the fighter takes one hit (not one a monster), goes down to 9, runs with no
    die and keeps the gold; both monsters go to the discards and the entrance is empty."""
    game = _boss("lawyer", players=2)
    _wanderer_joins(game, "maul_rat")
    all_pass(game)
    roll_fight(game, 1, 6, 6)
    assert (game.heroes[0].level, game.heroes[0].health) == (9, 3)
    game.apply(RunTo(0, "storeroom"))
    assert not game.is_chance() and game.fight is None and game.heroes[0].gold == 300
    assert game.monster_discard["lawyer"] == 1 and game.monster_discard["maul_rat"] == 1
    assert game.dungeon.monsters_in(game.dungeon.entrance.id) == [] and game.boss is None


def test_the_next_level_10_munchkin_on_the_entrance_meets_a_new_boss() -> None:
    """p. 11: "下次再有10级小白进入入口的时候，新Boss就会出现了……" Player 0 loses to the boss and runs; player 1, at
    level 10 in the Storeroom, walks into the entrance in their turn: a new boss is drawn."""
    game = _boss("lawyer", players=2)
    roll_fight(game, 1, 6)
    game.apply(RunTo(0, "storeroom"))
    hero(game, 1, level=10)
    move_to(game, 1, "storeroom")
    game.apply(EndTurn(0))
    while game.is_chance():
        game.roll()
    assert game.current == 1
    game.apply(Move(1, "S"))
    assert game.chance_step().event == "monster"
    game.apply(Chance("monster", "goldfish"))
    game.apply(Chance("base", "blue"))
    while game.is_chance():
        game.roll()
    assert game.fight is not None and game.fight.boss and game.fight.fighter == 1


def test_a_wandering_monster_that_ignores_the_boss_fighter_stands_by_and_leaves_with_the_boss() -> None:
    """"除了Boss战（见11页）以外，任何怪物都不能在入口停留。" ; "你就得同时和所有不无视你的怪物对战". Found by
    the checked soak (quest seed 131): a Wandering Monster brings the Nervous Squirrel, which ignores halflings, into
    a halfling's boss fight. It stands by on the entrance without fighting (the invariants allow a monster there
    during the boss fight), and when the boss fight is over it does not stay on the entrance: it goes with the boss."""
    game = _boss("lawyer", players=2, race="halfling")
    _wanderer_joins(game, "nervous_squirrel")
    entrance = game.dungeon.entrance.id
    squirrel, = (m.id for m in game.dungeon.monsters_in(entrance))
    assert squirrel not in game.fight.monsters and game.monster_strength() == 20
    assert game.invariants() == []
    all_pass(game)
    game.apply(Chance("d6", 1))  # the halfling's die: 10 + 1 against the boss's 20 + 6
    game.apply(Chance("d6", 6))
    game.apply(RunTo(0, "storeroom"))
    assert game.fight is None and game.boss is None and game.dungeon.monsters_in(entrance) == []
    assert game.monster_discard["nervous_squirrel"] == 1 and game.invariants() == []
