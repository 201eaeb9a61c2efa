"""Munchkin Quest's asks (seed 001): the fight's totals and dice, the odds of winning, running and searching,
the moves a door costs, healing and dying, charity, and acting on the dungeon board."""

from __future__ import annotations

from typing import Any

from .. import odds
from ..quest import breakdown
from ..quest.actions import Heal, PlayCard, Suicide
from ..quest.analysis import fight_odds, pending_odds
from ..quest.exploration import Move
from ..quest.game import QuestGame
from .asks import Answer, ask, drill, percent, terms_lines
from .common_asks import charity_answer, learner_actions, register_play_kind
from .model import Kind

GAME = "quest"

register_play_kind(GAME, {
    "Explore": "探索 (p. 6): an unexplored door leads to a new room: it costs 1 move, and a monster comes with it.",
    "EndTurn": "玩家回合 (p. 5): when you are done moving, end your turn; charity (行善) follows, then the "
               "monsters move.",
    "AskHelp": "请求帮助 (p. 10): a munchkin in the same room or next to it may join your fight, bribed with "
               "gold, an item or the first pick of the treasures.",
    "Power": "职业能力 (p. 15): a class power is used by discarding a card; a warrior's berserk adds +1 per card.",
    "PlayCurse": "诅咒 (p. 17): a curse may be played on any munchkin at any time.",
    "Deal": "交易 (p. 7): a room's deal is made for its price, usually a move; never with a monster in the room.",
    "Heal": "回复生命 (p. 15): outside a fight you may lose a level to heal 3 health, at any time.",
    "UseCard": "骰子 (p. 4): some cards let you roll the d10 for something else; such a card is used from the hand "
               "on your turn outside fights, and works on a roll of at most your level.",
})


def _fight(g: QuestGame) -> None:
    if g.fight is None or not g.fight.monsters:
        raise ValueError("this position has no fight")


@ask(GAME, Kind.NUMBER, "the munchkins' strength in the fight")
def munchkin_strength(g: QuestGame) -> Answer:
    _fight(g)
    total = g.munchkin_strength()
    return Answer(total, (*terms_lines("The munchkins' strength", breakdown.munchkin_terms(g), total),
                          "战斗 (p. 8): your level plus your items' bonuses (and your helper's)."))


@ask(GAME, Kind.NUMBER, "the monsters' strength in the fight")
def monster_strength(g: QuestGame) -> Answer:
    _fight(g)
    total = g.monster_strength()
    return Answer(total, (*terms_lines("The monsters' strength", breakdown.monster_terms(g), total),
                          "The monster's level plus its bonuses against you and any enhancers."))


@ask(GAME, Kind.NUMBER, "the combat dice a munchkin rolls")
def combat_dice(g: QuestGame, player: int) -> Answer:
    _fight(g)
    n = g.fight_dice(player)
    return Answer(n, (*terms_lines(f"Player {player}'s combat dice", breakdown.dice_terms(g, player), n),
                      "房间和图标 (p. 9): one die each, and the room's icons add or take dice; never fewer than none."))


@ask(GAME, Kind.ODDS, "the chance the munchkins win the fight")
def win_chance(g: QuestGame) -> Answer:
    _fight(g)
    line = fight_odds(g)
    if line is None:
        raise ValueError("no fight odds here")
    return Answer(line.probability, (f"Exactly: {line.what}: {percent(line.probability)}.",
                                     "掷战斗骰 (p. 9): each side adds its dice to its strength; the munchkins "
                                     "must be higher (a warrior wins ties)."))


@ask(GAME, Kind.ODDS, "the chance the runner escapes every monster still chasing")
def escape_chance(g: QuestGame) -> Answer:
    lines = [o for o in pending_odds(g) if "escapes" in o.what]
    if not lines:
        raise ValueError("nobody is running here")
    return Answer(lines[0].probability, (f"{lines[0].what}: {percent(lines[0].probability)}.",
                                         "掷逃跑骰 (p. 10): one die per monster; 5 or more escapes it, with the "
                                         "modifiers."))


@ask(GAME, Kind.ODDS, "the chance a search brings a monster")
def search_monster_chance(g: QuestGame) -> Answer:
    room = g.room_of(g.current)
    if room.search is None:
        raise ValueError("this room cannot be searched")
    dice = g.dice_count(g.current, room)
    p = odds.search(dice, room.search).monster()
    dice_words = "one die" if dice == 1 else f"{dice} dice"
    return Answer(p, (f"搜索 (p. 7): {dice_words} plus the room's search icon {room.search:+d}, read on the search "
                      f"table (p. 20); the rows that bring a monster come up {percent(p)}.",))


@ask(GAME, Kind.NUMBER, "the moves left after going through a door")
def moves_after(g: QuestGame, side: str) -> Answer:
    before = g.state.moves_left
    trial = g.copy()
    moves = [a for a in learner_actions(trial, g.current) if isinstance(a, Move) and a.side == side]
    if not moves:
        raise ValueError(f"no move through {side} here")
    trial.apply(moves[0])
    after = trial.state.moves_left
    left = "1 move is" if after == 1 else f"{after} moves are"
    return Answer(after, (f"移动 (p. 6): each link costs the moves printed on it (a corridor or an open door 1, a "
                          f"locked door 2); that way costs {before - after} of your {before}, so {left} left.",))


@ask(GAME, Kind.NUMBER, "the moves the current player has left")
def moves_left(g: QuestGame) -> Answer:
    n = g.state.moves_left
    return Answer(n, (f"移动力指示物 (p. 6): a turn starts with 3 moves (cards and big items change it); {n} are "
                      "left now.",))


def _after(g: QuestGame, player: int, action: Any) -> QuestGame:
    trial = g.copy()
    trial.apply(action)
    return trial


@ask(GAME, Kind.NUMBER, "health after losing a level to heal")
def health_after_healing(g: QuestGame, player: int) -> Answer:
    h = g.heroes[player]
    trial = _after(g, player, Heal(player))
    t = trial.heroes[player]
    return Answer(t.health, (f"回复生命 (p. 15): a level for 3 health: level {h.level} becomes {t.level}, health "
                             f"{h.health} becomes {t.health} (never above the sheet's most).",))


@ask(GAME, Kind.NUMBER, "the level after dying")
def level_after_death(g: QuestGame, player: int) -> Answer:
    h = g.heroes[player]
    trial = _after(g, player, Suicide(player))
    t = trial.heroes[player]
    return Answer(t.level, (f"死亡 (p. 8): a dead munchkin drops items and gold where they fell, discards the hand "
                            f"and loses a level: {h.level} becomes {t.level} (never below 1).",))


@ask(GAME, Kind.ACT, "play the named card from the hand")
def play_card(g: QuestGame, card: str, player: int = 0) -> Answer:
    right = frozenset(a for a in learner_actions(g, player)
                      if isinstance(a, PlayCard) and g.card(a.card).id == card)
    if not right:
        raise ValueError(f"{card} cannot be played here")
    played = g.card(next(iter(right)).card)
    fits = " (an item must fit a free slot, your race and your class)" if played.kind in ("item", "one_shot") else ""
    return Answer(right, (f"出牌 (p. 17): {played.name} goes into play from your hand{fits}.",))


@ask(GAME, Kind.CHOICE, "who receives the extra cards at charity")
def charity_goes_to(g: QuestGame, giver: int) -> Answer:
    return charity_answer([h.level for h in g.heroes], giver,
                          "行善 (p. 7): over the hand limit (5, a dwarf 6) the extra cards go to the lowest level; if "
                          "that is you, discard them.")


def _fighting(g: QuestGame) -> dict | None:
    from ..quest.rules.common import COMBAT

    return {} if g.fight is not None and g.fight.monsters and g.stage() == COMBAT else None


def _searchable(g: QuestGame) -> dict | None:
    from ..quest.rules.common import MOVING

    return {} if g.fight is None and g.stage() == MOVING and g.room_of(g.current).search is not None else None


drill(GAME, "munchkin_strength", "What is the munchkins' strength in this fight?", _fighting)
drill(GAME, "monster_strength", "What is the monsters' strength in this fight?", _fighting)
drill(GAME, "win_chance", "What is the chance the munchkins win this fight?", _fighting)
drill(GAME, "search_monster_chance", "If the player searched this room now, what is the chance of a monster?",
      _searchable)


@ask(GAME, Kind.NUMBER, "the runner's health after being caught by every monster chasing")
def health_if_caught(g: QuestGame) -> Answer:
    from ..core.protocol import Chance
    from ..quest.actions import RollToRun, RunTo

    f = g.fight
    if f is None or not f.runners:
        raise ValueError("nobody is running here")
    runner = f.runners[0]
    before = g.heroes[runner]
    trial = g.copy()
    for _ in range(200):
        if trial.fight is None or trial.is_over() or runner not in trial.fight.runners:
            break
        if trial.is_chance():
            step = trial.chance_step()
            trial.apply(Chance("d6", 1) if step is not None and step.event == "d6" else trial.sample_chance())
            continue
        mine = [a for a in trial.legal_actions(runner) if isinstance(a, RunTo | RollToRun)]
        trial.apply(mine[0] if mine else trial.legal_actions()[0])
    after = trial.heroes[runner]
    monsters = " and ".join(g.monster_card(m).name for m in f.chasing)
    return Answer(after.health, (f"掷逃跑骰 (p. 10): a runner who fails takes the bad stuff (后果) of {monsters}; "
                                 "bad stuff that cannot hurt you is one more hit instead. Health "
                                 f"{before.health} becomes {after.health}, level {before.level} becomes "
                                 f"{after.level}.",))


@ask(GAME, Kind.CHOICE, "where a monster ends the monster turn for a colour of the monster die")
def monster_goes(g: QuestGame, card: str, colour: str) -> Answer:
    from ..quest.geometry import Colour
    from ..quest.movement import move_monster

    d = g.state.dungeon
    piece = next((m for m in d.monsters.values() if m.id.split("#")[0] == card), None)
    if piece is None:
        raise ValueError(f"no {card} stands in the dungeon")
    path = move_monster(d, piece, Colour(colour))
    names = {r.id: r.name for r in d.rooms.values()}
    options = tuple(sorted({names[r] for r in d.rooms if r in names}))
    walk = " then ".join(names[r] for r in path.rooms)
    why = (f"怪物移动 (p. 13): on {colour} the monster follows the {colour} arrow of each room it is in, as far as "
           f"it can: {walk}; it stops there: {path.stop.value}.")
    return Answer(names[path.end], (why,), options)
