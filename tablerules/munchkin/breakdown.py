""""Why this number": the terms of the Munchkin totals a player sees, each with its reason, summing to
the engine's own total (seed 000, 战斗: 你的等级加上装备加成…须大于怪物的等级; 请求帮助: the helper's
level and items count; a monster's bonus against a race, class or sex counts once for the side)."""

from __future__ import annotations

from ..families.munchkin import breakdown as family
from ..families.munchkin import race_run_bonus
from ..families.munchkin.breakdown import Terms
from .actions import CHANGE_SEX_PENALTY
from .game import MunchkinGame


def strength_terms(game: MunchkinGame, player: int) -> Terms:
    """A character's strength (:func:`tablerules.families.munchkin.breakdown.strength_terms`)."""
    return family.strength_terms(game, player, game.works)


def fighter_terms(game: MunchkinGame) -> Terms:
    """The munchkins' side of the pending fight (sums to :meth:`MunchkinGame.fighter_strength`)."""
    c = game.combat
    if c is None:
        return []
    terms = family.side_terms(game, c, strength_terms)
    terms += [("Change Sex curse", -CHANGE_SEX_PENALTY) for _ in game.sex_changes(c.side)]
    return terms + family.class_power_terms(c, any(game.foe(m).undead for m in c.monsters))


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
    return terms + family.one_shot_terms(game, c.monster_one_shots)


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
