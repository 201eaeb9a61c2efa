"""Every game's step-through panel made the same way, and played by a seeded hand, for the page checks
(tests/test_page_text.py, tests/test_panel_leaks.py)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from tablerules.core.protocol import Game
from tablerules.widgets.stepper import StepThrough


def _munchkin(game: Game | None, seed: int) -> StepThrough:
    from tablerules.munchkin.game import MunchkinGame
    from tablerules.widgets import MunchkinPanel

    return MunchkinPanel(game or MunchkinGame({"players": 4}, seed=seed))


def _quest(game: Game | None, seed: int) -> StepThrough:
    from tablerules.quest.game import QuestGame
    from tablerules.widgets import QuestPanel

    return QuestPanel(game or QuestGame({"players": 3}, seed=seed))


def _crawl(game: Game | None, seed: int) -> StepThrough:
    from tablerules.quest.exploration import DungeonCrawl
    from tablerules.widgets import CrawlPanel

    return CrawlPanel(game or DungeonCrawl({"players": 2, "rounds": 6}, seed=seed))


def _smallworld(game: Game | None, seed: int) -> StepThrough:
    from tablerules.smallworld.game import SmallWorld
    from tablerules.widgets.smallworld_panel import SmallWorldPanel

    return SmallWorldPanel(game or SmallWorld({"players": 3}, seed=seed))


def _baldur(game: Game | None, seed: int) -> StepThrough:
    from tablerules.baldur.game import Baldur
    from tablerules.widgets.baldur_panel import BaldurPanel

    return BaldurPanel(game or Baldur(seed=seed))


def _kragmortha(game: Game | None, seed: int) -> StepThrough:
    from tablerules.widgets.kragmortha_panel import KragmorthaPanel

    return KragmorthaPanel(players=4, seat=0, seed=seed, game=game)


#: game name -> make its panel (on ``game``, or a new game from ``seed``), seat 0 played by a person
PANELS: dict[str, Callable[[Game | None, int], StepThrough]] = {
    "munchkin": _munchkin, "quest": _quest, "quest-crawl": _crawl, "smallworld": _smallworld,
    "baldursgate": _baldur, "kragmortha": _kragmortha}


def played(panel: StepThrough, steps: int, seed: int, every: int = 1) -> Iterator[int]:
    """Play the panel's person with seeded random choices (and one click for their dice), yielding the
    step number every ``every`` steps (the page is then up to date)."""
    rng = random.Random(seed)
    for i in range(steps):
        game = panel.game
        if game.is_over():
            return
        if game.is_chance():
            panel.roll_button.click()
        else:
            actions = panel.human_actions()
            if not actions:
                return
            panel.play(rng.choice(actions))
        if i % every == 0:
            yield i
