"""ipywidgets panels over the game protocol and the odds (the notebook side of tablerules)."""

from .munchkin_widgets import MunchkinPanel
from .odds_widgets import CombatOddsWidget
from .quest_panel import QuestPanel
from .quest_widgets import CrawlPanel, ForecastWidget, MonsterMovementWidget
from .stepper import StepThrough

__all__ = ["CombatOddsWidget", "CrawlPanel", "ForecastWidget", "MonsterMovementWidget", "MunchkinPanel",
           "QuestPanel", "StepThrough"]
