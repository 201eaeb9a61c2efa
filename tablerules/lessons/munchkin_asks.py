"""Munchkin's asks (seed 000): strengths, who wins a fight, the odds of running away, levels bought by
selling, bad stuff, charity, and playing the card that turns a fight."""

from __future__ import annotations

from ..core.protocol import Chance
from ..munchkin import breakdown
from ..munchkin.analysis import fight_outlook
from ..munchkin.game import MunchkinGame, PlayOneShot, RollToRun, SellItem
from ..munchkin.scenario import fight_all_pass
from .asks import Answer, ask, drill, percent, terms_lines
from .common_asks import charity_answer, learner_actions, register_play_kind
from .model import Kind

GAME = "munchkin"

register_play_kind(GAME, {
    "KickDoor": "1. 踢门 (kick open the door): your turn starts by turning up the top Door card.",
    "LookForTrouble": "2. 挑衅 (look for trouble): no monster came through the door, so you may fight one from "
                      "your hand.",
    "LootRoom": "3. 搜刮房间 (loot the room): no fight this turn, so you draw a second Door card face down.",
    "Fight": "战斗 (fight): your strength beats the monster's, so you fight and win.",
    "RunAway": "逃跑 (run away): you cannot win, so you roll to run from each monster.",
    "AskHelp": "请求帮助 (ask for help): one other munchkin may join your fight; bribe them with treasure.",
    "PlayCard": "人物属性: a race or class card goes into play from your hand at any time outside a fight.",
    "SellItem": "宝藏: every 1000 gold of items sold buys a level (never the winning level).",
    "PlayCurse": "诅咒: a curse may be played on any munchkin at any time.",
})


def _fight(game: MunchkinGame) -> None:
    if game.combat is None or not game.combat.monsters:
        raise ValueError("this position has no fight")


@ask(GAME, Kind.NUMBER, "the munchkins' strength in the fight")
def fighter_strength(game: MunchkinGame) -> Answer:
    _fight(game)
    total = game.fighter_strength()
    return Answer(total, (*terms_lines("The munchkins' strength", breakdown.fighter_terms(game), total),
                          "战斗: your level plus every bonus of the items you carry (and your helper's)."))


@ask(GAME, Kind.NUMBER, "the monsters' strength in the fight")
def monster_strength(game: MunchkinGame) -> Answer:
    _fight(game)
    total = game.monster_strength()
    return Answer(total, (*terms_lines("The monsters' strength", breakdown.monster_terms(game), total),
                          "战斗: the monster's level plus its enhancers and any bonus it has against you."))


WIN, LOSE = "the munchkins win", "the monsters win"


@ask(GAME, Kind.CHOICE, "who wins the fight as things stand")
def fight_winner(game: MunchkinGame) -> Answer:
    _fight(game)
    mine, theirs = game.fighter_strength(), game.monster_strength()
    why = (*terms_lines("The munchkins", breakdown.fighter_terms(game), mine),
           *terms_lines("The monsters", breakdown.monster_terms(game), theirs),
           "战斗: the munchkins must be stronger than the monsters; a tie goes to the monsters unless a "
           "warrior fights (战士: 平局时获胜).")
    return Answer(WIN if game.winning() else LOSE, why, (WIN, LOSE))


@ask(GAME, Kind.ODDS, "the chance the fighter escapes every monster")
def escape_chance(game: MunchkinGame) -> Answer:
    _fight(game)
    outlook = fight_outlook(game)
    c = game.combat
    lines = []
    for m in c.monsters:
        mod = game.run_modifier(c.fighter, m)
        need = max(1, 5 - mod)
        lines.append(f"{game.card(m).name}: a roll of {need} or more escapes" if need <= 6
                     else f"{game.card(m).name}: no roll escapes")
    terms = breakdown.run_terms(game, c.fighter)
    if terms:
        lines += terms_lines("The running-away modifier", terms, game.run_modifier(c.fighter))
    return Answer(outlook.escape, ("逃跑: one die per monster; 5 or 6 escapes, with the modifiers.", *lines,
                                   f"Escaping them all: {percent(outlook.escape)}."))


@ask(GAME, Kind.NUMBER, "the level after selling the named cards")
def level_after_selling(game: MunchkinGame, player: int, cards: list[str]) -> Answer:
    trial = game.copy()
    gold = 0
    for card_id in cards:
        sale = [a for a in learner_actions(trial, player)
                if isinstance(a, SellItem) and trial.card(a.card).id == card_id]
        if not sale:
            raise ValueError(f"player {player} cannot sell {card_id} here")
        gold += trial.card(sale[0].card).value
        trial.apply(sale[0])
    before, after = game.players[player].level, trial.players[player].level
    return Answer(after, (f"The items sold are worth {gold} gold: every 1000 gold buys a level "
                          f"(1000黄金可换1级), so level {before} becomes {after}, with {trial.state.sold} gold "
                          "toward the next level; no sale buys the winning level.",))


@ask(GAME, Kind.NUMBER, "the fighter's level after running and being caught by every monster")
def level_if_caught(game: MunchkinGame) -> Answer:
    _fight(game)
    trial = game.copy()
    fighter = trial.combat.fighter
    before = trial.players[fighter].level
    if trial.stage() != "running away":
        fight_all_pass(trial)
    while trial.combat is not None and not trial.is_over():
        if trial.is_chance():
            trial.apply(Chance("d6", 1))  # the worst roll: caught
            continue
        runs = [a for a in trial.legal_actions() if isinstance(a, RollToRun)]
        trial.apply(runs[0] if runs else trial.legal_actions()[0])
    after = trial.players[fighter].level
    monsters = ", ".join(game.card(m).name for m in game.combat.monsters)
    return Answer(after, (f"逃跑: a runner who is caught suffers the bad stuff (恶果) of {monsters}: "
                          f"level {before} becomes {after} (never below 1).",))


@ask(GAME, Kind.CHOICE, "who receives the extra cards at charity")
def charity_goes_to(game: MunchkinGame, giver: int) -> Answer:
    return charity_answer([p.level for p in game.players], giver,
                          "4. 慈善捐赠: the cards over your hand limit go to the munchkin of the lowest level; if you "
                          "are the lowest yourself, you discard them.")


@ask(GAME, Kind.ACT, "play a one-shot that makes the munchkins win")
def turn_the_fight(game: MunchkinGame) -> Answer:
    _fight(game)
    fighter = game.combat.fighter
    right = []
    for a in learner_actions(game, fighter):
        if isinstance(a, PlayOneShot):
            trial = game.copy()
            trial.apply(a)
            if trial.combat is not None and trial.winning():
                right.append(a)
    if not right:
        raise ValueError("no single one-shot turns this fight")
    return Answer(frozenset(right), (f"战斗: the munchkins have {game.fighter_strength()} against "
                                     f"{game.monster_strength()}; a one-shot from the hand adds its bonus for "
                                     "this fight only (一次性物品).",))


def _in_fight(game: MunchkinGame) -> dict | None:
    c = game.combat
    return {} if c is not None and c.monsters and not game.state.body else None


drill(GAME, "fighter_strength", "What is the munchkins' strength in this fight?", _in_fight)
drill(GAME, "monster_strength", "What is the monsters' strength in this fight?", _in_fight)
drill(GAME, "fight_winner", "Who wins this fight as things stand?", _in_fight)
drill(GAME, "escape_chance", "If the fighter ran now, what is the chance of escaping every monster?", _in_fight)
