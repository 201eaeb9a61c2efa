"""An action the rules refuse raises IllegalAction naming the rule that refuses it (never the catch-all
"actions"), and changes nothing."""

from __future__ import annotations

import pytest

from tablerules.core.errors import IllegalAction
from tablerules.quest.actions import (
    AnswerCurse,
    AnswerHelp,
    AskHelp,
    BuyLevel,
    ChooseLoss,
    DiscardCard,
    Enhance,
    FightAnyway,
    Flee,
    GiveCard,
    GiveUp,
    Heal,
    LoadDie,
    Pass,
    PickUp,
    PlayCard,
    PlayCheat,
    Power,
    Ready,
    Roll,
    RollToRun,
    RunTo,
    Search,
    Suicide,
    SummonWall,
    Wandering,
)
from tablerules.quest.exploration import Move, PickBase
from tablerules.quest.scenario import hand, hero, ready

GUAL, CURSE = "go_up_a_level#1", "curse_lose_a_level#1"

REFUSED = [
    (Roll(0), "combat"), (Pass(0), "combat"), (Enhance(0, CURSE, "kiosk#1"), "combat"),
    (LoadDie(0, CURSE, 0, 6), "combat"), (FightAnyway(0), "combat"), (Wandering(0, CURSE), "combat"),
    (AskHelp(0, 1, 1), "help"), (AnswerHelp(0, True), "help"),
    (RunTo(0, "ENT"), "running away"), (RollToRun(0, "kiosk#1"), "running away"),
    (Flee(0, CURSE, "ENT"), "running away"),
    (ChooseLoss(0, GUAL), "bad stuff"), (GiveCard(0, GUAL, 1), "charity"), (DiscardCard(0, GUAL), "charity"),
    (Heal(0), "healing"), (Search(0), "searching"), (BuyLevel(0), "buying levels"),
    (AnswerCurse(0, "accept"), "curses"), (Power(0, "berserk", CURSE), "class powers"),
    (PickUp(0), "items"), (PlayCheat(0, CURSE, GUAL), "items"), (Ready(0), "character creation"),
    (PickBase(0, "red"), "monster bases"), (Suicide(1), "turn order"), (Move(0, "W"), "moving"),
    (GiveUp(0, "elf#1"), "races and classes"), (SummonWall(0, CURSE, "N"), "summon wall"),
]


@pytest.mark.parametrize(("action", "rule"), REFUSED, ids=lambda x: type(x).__name__ if not isinstance(x, str) else x)
def test_a_refused_action_names_its_rule(action, rule) -> None:
    game = ready(3)
    hero(game, 0, level=9, hand=["go_up_a_level", "curse_lose_a_level"])
    assert game.heroes[0].hand == [GUAL, CURSE]
    before = game.state_dict()
    with pytest.raises(IllegalAction) as refused:
        game.apply(action)
    assert refused.value.rule == rule and refused.value.rule != "actions"
    assert game.state_dict() == before


def test_go_up_a_level_never_to_level_10_names_its_rule() -> None:
    game = ready(3)
    hero(game, 0, level=9)
    gual = hand(game, 0, "go_up_a_level")[0]
    with pytest.raises(IllegalAction) as refused:
        game.apply(PlayCard(0, gual))
    assert refused.value.rule == "go up a level"
