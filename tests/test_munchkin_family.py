"""The Munchkin family's shared rules (tablerules.families.munchkin), which Munchkin Quest can use too."""

from __future__ import annotations

import pytest

from tablerules.families.munchkin import (
    WIN_LEVEL,
    beats,
    buy_levels,
    escapes,
    hand_limit,
    item_in_slot,
    monster_total,
    race_run_bonus,
)


def test_levels_bought_without_change_and_never_the_last() -> None:
    assert buy_levels(1800, 1) == (800, 2)
    assert buy_levels(3000, 8) == (2000, WIN_LEVEL - 1)


def test_running_away_and_hand_limits() -> None:
    assert race_run_bonus({"elf"}) == 1 and race_run_bonus({"halfling"}) == -1 and race_run_bonus(()) == 0
    assert escapes(4, 1) and not escapes(4, 0) and not escapes(6, -2)
    assert hand_limit({"dwarf"}) == 6 and hand_limit({"elf"}) == 5


def test_fight_totals() -> None:
    assert not beats(6, 6) and beats(6, 6, warrior=True) and beats(7, 6)
    assert monster_total(8, [(4, "elf"), (2, "cleric")], {"elf", "warrior"}, [5]) == 8 + 4 + 5


def test_item_slots_of_the_effect_vocabulary() -> None:
    assert item_in_slot("hands", "hands2", False) and item_in_slot("big", "armour", True)
    assert item_in_slot("small", "headgear", False) and not item_in_slot("footgear", "headgear", False)
    with pytest.raises(ValueError):
        item_in_slot("tail", "headgear", False)
