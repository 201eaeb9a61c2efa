"""ipywidgets panels over the game protocol and the odds (the notebook side of tablerules)."""

from .odds_widgets import CombatOddsWidget
from .stepper import StepThrough

__all__ = ["CombatOddsWidget", "StepThrough"]
