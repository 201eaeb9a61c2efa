"""Matplotlib charts of the exact odds and of games (the notebook side; floats only here)."""

from .dungeon_plot import draw_dungeon
from .figures import figures_dir, save_figure
from .fonts import use_cjk_fallback
from .odds_plots import combat_heatmap, difference_bars, flee_curves, search_bars, search_heatmap
from .style import use_classroom_style

use_cjk_fallback()
use_classroom_style()

__all__ = ["combat_heatmap", "difference_bars", "draw_dungeon", "figures_dir", "flee_curves", "save_figure",
           "search_bars", "search_heatmap"]
