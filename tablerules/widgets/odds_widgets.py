"""Interactive odds: sliders for each side of a dice combat and the exact win chance."""

from __future__ import annotations

import html

import ipywidgets as w
from matplotlib.figure import Figure

from .. import odds
from ..plots.figures import png_bytes
from ..plots.odds_plots import difference_bars


class CombatOddsWidget:
    """Strength and dice sliders for the munchkins and the monsters; shows the exact P(win) as a
    fraction and a percentage, and a bar chart of the total difference."""

    def __init__(self, munchkin_strength: int = 6, munchkin_dice: int = 1, monster_strength: int = 6,
                 monster_dice: int = 1, chart: bool = True) -> None:
        style = {"description_width": "150px"}
        layout = w.Layout(width="460px")
        self.munchkin_strength = w.IntSlider(munchkin_strength, min=-10, max=40, description="Munchkin strength",
                                             style=style, layout=layout)
        self.munchkin_dice = w.IntSlider(munchkin_dice, min=0, max=6, description="Munchkin dice", style=style,
                                         layout=layout)
        self.monster_strength = w.IntSlider(monster_strength, min=-10, max=40, description="Monster strength",
                                            style=style, layout=layout)
        self.monster_dice = w.IntSlider(monster_dice, min=0, max=6, description="Monster dice", style=style,
                                        layout=layout)
        self.ties_win = w.Checkbox(False, description="Ties go to the munchkins")
        self.result = w.HTML()
        self.result.add_class("tablerules-combat-result")
        self.chart = w.Image(format="png", layout=w.Layout(width="560px")) if chart else None
        if self.chart is not None:
            self.chart.add_class("tablerules-combat-chart")
        for control in (self.munchkin_strength, self.munchkin_dice, self.monster_strength, self.monster_dice,
                        self.ties_win):
            control.observe(lambda _change: self.update(), names="value")
        parts = [self.munchkin_strength, self.munchkin_dice, self.monster_strength, self.monster_dice,
                 self.ties_win, self.result]
        self.widget = w.VBox(parts + ([self.chart] if self.chart is not None else []))
        self.update()

    def odds(self) -> odds.CombatOdds:
        return odds.combat([(self.munchkin_strength.value, self.munchkin_dice.value)],
                           [(self.monster_strength.value, self.monster_dice.value)],
                           ties_win=self.ties_win.value)

    def update(self) -> None:
        result = self.odds()
        self.result.value = (f"<span class='win'>P(win) = <b>{result.win}</b> = {float(result.win):.2%}</span>"
                             f" &middot; P(tie) = {html.escape(str(result.tie))}")
        if self.chart is not None:
            fig = Figure(figsize=(6, 2.8))
            difference_bars(fig.subplots(), [(self.munchkin_strength.value, self.munchkin_dice.value)],
                            [(self.monster_strength.value, self.monster_dice.value)], self.ties_win.value)
            self.chart.value = png_bytes(fig, dpi=90)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)
