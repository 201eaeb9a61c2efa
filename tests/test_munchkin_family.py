"""The Munchkin family's shared rules (tablerules.families.munchkin), which Munchkin and Munchkin Quest both use."""

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


def test_one_bad_stuff_interpreter_reads_both_games() -> None:
    """Seed 000, 战斗: bad stuff "可能是失去某件物品，或是掉个几级，直至死亡"; seed 001 p. 10, 后果: "如果怪物的后果对你
    没有作用，那就再挨一击". One interpreter (families/munchkin/bad_stuff.py) applies both games' bad stuff:
    Munchkin's footgear goes, Quest's bad stuff with no footgear to take is a hit instead, and Quest's
    "any" item may be one in the backpack (p. 16)."""
    from tablerules.core.cards import Effect
    from tablerules.families.munchkin.bad_stuff import BadStuffInterpreter
    from tablerules.munchkin import scenario as munchkin_scenario
    from tablerules.munchkin.game import MunchkinGame
    from tablerules.munchkin.state import Loss as MunchkinLoss
    from tablerules.quest import scenario as quest_scenario
    from tablerules.quest.game import QuestGame
    from tablerules.quest.state import Loss as QuestLoss

    assert MunchkinGame.apply_next_loss is QuestGame.apply_next_loss is BadStuffInterpreter.apply_next_loss
    m = munchkin_scenario.ready(seed=1)
    (boots,) = munchkin_scenario.put_in_play(m, 1, "boots_of_butt_kicking")
    m.state.losses.append(  # engine write: the shared bad-stuff interpreter is fed one loss, as each engine does
        MunchkinLoss(1, Effect("lose_item", slot="footgear"), "a test"))
    m.apply_next_loss()
    assert boots not in m.players[1].carried and boots in m.treasure_discard
    assert m.log[-1] == "player 1 loses Boots of Butt-Kicking (a test)"

    q = quest_scenario.ready(seed=1)
    health = q.heroes[2].health
    q.state.losses.append(  # engine write: the shared bad-stuff interpreter is fed one loss, as each engine does
        QuestLoss(2, Effect("lose_item", slot="footgear"), "a monster", hit_instead=True))
    q.apply_next_loss()
    assert q.heroes[2].health == health - 1
    (packed,) = quest_scenario.backpack(q, 2, "boots_of_butt_kicking")
    q.state.losses.append(QuestLoss(2, Effect("lose_item", slot="any"), "a curse"))  # engine write: the same
    q.apply_next_loss()
    assert packed not in q.heroes[2].backpack and packed in q.treasure_discard


def test_shared_actions_keep_each_games_card_names_and_saves() -> None:
    """Actions both games have (ready, charity, a curse, a Cheat!) are written once
    (families/munchkin/actions.py); each game names its own cards, and a save records the same type name."""
    from tablerules.families.munchkin import actions as family
    from tablerules.munchkin import actions as munchkin
    from tablerules.quest import actions as quest

    assert munchkin.Ready is quest.Ready is family.Ready
    for name in ("GiveCard", "DiscardCard", "PlayCheat", "PlayCurse"):
        assert issubclass(getattr(munchkin, name), getattr(family, name))
        assert issubclass(getattr(quest, name), getattr(family, name))
    assert munchkin.PlayCurse(0, "curse_lose_armour#1", 1).describe() == \
        "player 0 curses player 1 with Curse! Lose Your Armour"
    assert quest.PlayCurse(0, "curse_pudding_armour#1", 2).describe() == \
        "player 0 curses player 2 with Curse! Your Armour Turns to Pudding"
    assert quest.GiveCard(1, "curse_pudding_armour#1", 0).to_json() == {
        "type": "GiveCard", "player": 1, "card": "curse_pudding_armour#1", "to": 0}
