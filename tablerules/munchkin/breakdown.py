""""Why this number": the terms of the Munchkin totals a player sees, each with its reason, summing to
the engine's own total (seed 000, 战斗: 你的等级加上装备加成…须大于怪物的等级; 请求帮助: the helper's
level and items count; a monster's bonus against a race, class or sex counts once for the side)."""

from __future__ import annotations

from ..families.munchkin import race_run_bonus
from .actions import CHANGE_SEX_PENALTY
from .game import MunchkinGame

Terms = list[tuple[str, int]]


def strength_terms(game: MunchkinGame, player: int) -> Terms:
    """A character's strength: level, then each usable item in play with a bonus (a one-shot carried on
    the table counts only when used)."""
    p = game.players[player]
    terms = [("level", p.level)]
    for copy in p.carried:
        card = game.card(copy)
        if card.kind == "item" and card.bonus and game.works(player, copy):
            terms.append((card.name, card.bonus))
    return terms


def fighter_terms(game: MunchkinGame) -> Terms:
    """The munchkins' side of the pending fight (sums to :meth:`MunchkinGame.fighter_strength`)."""
    c = game.combat
    if c is None:
        return []
    many = len(c.side) > 1
    terms = [(f"player {p} {label}" if many else label, value)
             for p in c.side for label, value in strength_terms(game, p)]
    terms += [(f"{game.card(x).name} (one-shot)", game.card(x).bonus) for x in c.munchkin_one_shots]
    terms += [("Change Sex curse", -CHANGE_SEX_PENALTY) for _ in game.sex_changes(c.side)]
    terms += [("berserking", 1) for _ in c.berserk]
    if any(game.foe(m).undead for m in c.monsters):
        terms += [("turning the undead", 3) for _ in c.turning]
    terms += [("backstab", -2) for _ in c.backstabs]
    return terms


def monster_terms(game: MunchkinGame) -> Terms:
    """The monsters' side (sums to :meth:`MunchkinGame.monster_strength`): levels, bonuses against the
    side's races, classes and sexes (once each), enhancers, one-shots played for the monsters."""
    c = game.combat
    if c is None:
        return []
    tags = game.side_tags()
    terms: Terms = []
    for copy in c.monsters:
        monster = game.foe(copy)
        name = monster.name + (" (Mate)" if copy in c.mate_of else "")
        terms.append((f"{name} level", monster.level))
        terms += [(f"{name} +{m.bonus} against {m.against}" if m.bonus >= 0 else
                   f"{name} {m.bonus} against {m.against}", m.bonus)
                  for m in monster.modifiers if m.against in tags]
        terms += [(f"{game.card(e).name} on {name}", game.card(e).bonus) for e in game.enhancers_on(copy)]
    terms += [(f"{game.card(x).name} (one-shot)", game.card(x).bonus) for x in c.monster_one_shots]
    return terms


def run_terms(game: MunchkinGame, runner: int | None = None, monster: str | None = None) -> Terms:
    """The running-away modifier (sums to :meth:`MunchkinGame.run_modifier`); 5 or more on a d6 escapes."""
    c = game.combat
    if c is None:
        return []
    runner = c.runners[0] if runner is None and c.runners else (c.fighter if runner is None else runner)
    monster = monster or (c.chasing[0] if c.chasing else c.monsters[0])
    terms: Terms = []
    race = race_run_bonus(game.tags(runner))
    if race:
        terms.append(("race (elf +1, halfling -1)", race))
    p = game.players[runner]
    terms += [(game.card(x).name, game.card(x).run_bonus) for x in p.carried
              if game.card(x).run_bonus and game.works(runner, x)]
    foe = game.foe(monster)
    if foe.run_modifier:
        terms.append((f"{foe.name}", foe.run_modifier))
    terms += [("wizard's Flight spell", 1) for _ in c.flight]
    if game.chicken(runner):
        terms.append(("Chicken on Your Head", game.chicken(runner)))
    return terms
