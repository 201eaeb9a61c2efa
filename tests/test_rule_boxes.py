"""Issue 11 item 1: every stage of every game has a rule box (what may happen now and why, with the seed file
and its page or section), minor stages included."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest

from tablerules.core.protocol import Game
from tablerules.core.registry import game_class, game_names
from tablerules.munchkin import state as munchkin_state
from tablerules.widgets import CrawlPanel, MunchkinPanel, QuestPanel, StepThrough
from tablerules.widgets.baldur_panel import BaldurPanel
from tablerules.widgets.kragmortha_panel import KragmorthaPanel
from tablerules.widgets.pieces import stage_rule
from tablerules.widgets.smallworld_panel import SmallWorldPanel

PANELS: dict[str, type[StepThrough]] = {"munchkin": MunchkinPanel, "quest": QuestPanel, "quest-crawl": CrawlPanel,
                                        "smallworld": SmallWorldPanel, "kragmortha": KragmorthaPanel,
                                        "baldursgate": BaldurPanel}

#: the stages each engine names in its code (the flow's stage names and the chance steps' names), so a stage
#: random play happens not to reach is checked too
DECLARED = {
    "munchkin": [v for k, v in vars(munchkin_state).items() if k.isupper() and isinstance(v, str)
                 and k in {"DEALING", "CREATION", "FIRST", "KICK", "TROUBLE", "END", "COMBAT", "INTERFERENCE",
                           "ASKING", "RUNNING", "RUN_ROLL", "STEAL_ROLL", "LOOTING", "CHARITY", "TRADE",
                           "CHOOSE_LOSS"}],
    "quest": ["dealing", "character creation", "first player", "rolling for the first player", "starting the turn",
              "drawing a dxm card", "drawing a treasure card", "moving", "combat", "interference", "asking for help",
              "rolling", "rolling the combat dice", "after the roll", "running: direction", "running away",
              "rolling to run away", "the helper picks treasures first", "first pick",
              "bad stuff: choose an item to lose", "cursed: answer the curse", "the cleric's d10", "a d10 power",
              "rolling the search dice", "betting", "charity", "monster turn", "exploring: drawing the room",
              "exploring: drawing a link", "exploring: drawing a monster", "rolling the monster's base colour",
              "choosing a base colour", "all rooms placed: draw a monster?", "monster turn: rolling the monster die",
              "game over"],
    "quest-crawl": ["moving", "exploring: drawing the room", "exploring: drawing a link",
                    "exploring: drawing a monster", "rolling the monster's base colour", "choosing a base colour",
                    "all rooms placed: draw a monster?", "monster turn: rolling the monster die", "game over"],
    "smallworld": ["pick", "conquer", "ghouls", "ghouls redeploy", "redeploy", "diplomacy", "losses", "over"],
    "kragmortha": ["first player", "deal", "place", "play", "refill", "draw", "discard", "jump", "teleport", "fly",
                   "flee", "penalty", "tome", "peek", "limit", "grab", "friend", "effect", "over", "game over"],
    "baldursgate": ["rock-paper-scissors for the first turn", "drawing", "first player: everybody plays a card face "
                    "down", "hero actions", "recruiting K♠: bidding round 2", "choosing cards", "protecting heroes",
                    "answering a hero action (thief's 5, witch's 7)", "full moon: silver bullets face down",
                    "Dracula: rock or paper", "fighting Dracula", "the gods of Northern Europe: match the colour",
                    "looking at cards (6)", "the Persian wall: build in turn", "over", "between steps",
                    "game over"],
}
SEED_FILE = re.compile(r"^seeds/00\d_[0-9a-f]{16}\.txt ")


def stage_of(name: str) -> Callable[[Game], str]:
    """The stage the panel's rule box explains (what :meth:`StepThrough.rule_stage` reads)."""
    if name == "smallworld":
        return lambda g: g.state.stage
    return lambda g: "game over" if g.is_over() else g.stage()


def played_stages(name: str, seeds: int, steps: int) -> set[str]:
    seen, read = set(), stage_of(name)
    for seed in range(seeds):
        game, rng = game_class(name)(None, seed=seed), random.Random(seed)
        for _ in range(steps):
            seen.add(read(game))
            if game.is_over():
                break
            if game.is_chance():
                game.roll()
            else:
                game.apply(rng.choice(game.legal_actions()))
    return seen


def test_every_registered_game_has_a_panel_with_rule_boxes() -> None:
    assert set(game_names()) <= set(PANELS)
    for name, panel in PANELS.items():
        assert panel.stage_rules and SEED_FILE.match(panel.seed_ref), name
        for stage, (text, section) in panel.stage_rules.items():
            assert len(text) > 20 and section.strip(), (name, stage)


@pytest.mark.parametrize("name", sorted(DECLARED))
def test_every_declared_stage_has_a_rule_box(name: str) -> None:
    missing = [s for s in DECLARED[name] if stage_rule(PANELS[name].stage_rules, s) is None]
    assert not missing, f"{name}: no rule box for {missing}"


@pytest.mark.parametrize(("name", "seeds", "steps"), [("munchkin", 3, 700), ("quest", 3, 900),
                                                      ("quest-crawl", 3, 600), ("smallworld", 4, 3000),
                                                      ("kragmortha", 6, 3000), ("baldursgate", 3, 1500)])
def test_every_stage_reached_in_play_has_a_rule_box(name: str, seeds: int, steps: int) -> None:
    """Random play from several seeds: whatever stage it reaches (the declared list may miss one), the panel
    has its rule box."""
    seen = played_stages(name, seeds, steps)
    assert len(seen) >= 4
    missing = sorted(s for s in seen if stage_rule(PANELS[name].stage_rules, s) is None)
    assert not missing, f"{name}: no rule box for {missing}"


def test_the_rule_box_shows_the_seed_file_and_section() -> None:
    from tablerules.kragmortha.game import Kragmortha

    panel = KragmorthaPanel(game=Kragmortha({"players": 3}, seed=0))
    assert "tablerules-rulebox" in panel.state_view.value
    assert "seeds/004_136acf3175cc4d8d.txt (搗蛋大法師), " in panel.state_view.value
