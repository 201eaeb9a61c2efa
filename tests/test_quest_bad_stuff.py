"""Munchkin Quest, bad stuff that has nothing to take (seed 001 p. 10)."""

from __future__ import annotations

from tablerules.core.protocol import Chance
from tablerules.quest import scenario as S
from tablerules.quest.actions import RollToRun, RunTo


def _caught(players: int = 3, level: int = 1):
    g = S.ready(players=players)
    S.hero(g, 0, level=level)
    S.explore(g, "N", "crypt", "orcs", "blue")  # the 3,872 Orcs: lose 3 levels
    S.roll_fight(g, [1, 5, 6])  # 1 against 21: lost, one hit taken
    health = g.heroes[0].health
    g.apply(next(a for a in g.legal_actions(0) if isinstance(a, RunTo)))
    g.apply(next(a for a in g.legal_actions(0) if isinstance(a, RollToRun)))
    g.apply(Chance("d6", 1))  # caught
    return g, health


def test_a_level_one_munchkin_losing_levels_takes_a_hit_instead() -> None:
    """掷逃跑骰: "如果怪物的后果对你没有作用，那就再挨一击" — the Orcs' "lose 3 levels" cannot touch a level-1
    munchkin (等级不能降到1以下), so it is a hit instead (the engine took nothing before)."""
    g, health = _caught(level=1)
    assert g.heroes[0].level == 1 and g.heroes[0].health == health - 1
    assert any("has no level to take" in line for line in g.log_lines(None) if line)


def test_levels_are_lost_down_to_one_and_then_nothing_more() -> None:
    """掷逃跑骰: "怪物会对你施加怪物卡上所显示的后果" — at level 2 the Orcs take what they can (down to 1): the bad
    stuff applied, so no extra hit."""
    g, health = _caught(level=2)
    assert g.heroes[0].level == 1 and g.heroes[0].health == health
