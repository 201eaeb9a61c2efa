"""The Small World step-through panel: the map, the combo row, the players, the odds of a pending final attempt,
the legal actions as buttons (the generic :class:`~tablerules.widgets.StepThrough`), agents for other seats."""

from __future__ import annotations

import base64
import html
from collections.abc import Sequence

from ..core.agents import Agent
from ..smallworld.analysis import draw_map, final_attempt_odds, layout
from ..smallworld.game import SmallWorld
from ..smallworld.rules.conquest import cost_breakdown
from ..smallworld.view import rule_box_html
from .stepper import StepThrough


def map_png(game: SmallWorld, pos: dict | None = None) -> bytes:
    import matplotlib.pyplot as plt

    from ..plots.figures import png_bytes

    fig, ax = plt.subplots(figsize=(7, 5))
    draw_map(game, ax, pos)
    data = png_bytes(fig, dpi=80)
    plt.close(fig)
    return data


def row_html(game: SmallWorld) -> str:
    s = game.state
    cells = []
    for i, (race, power) in enumerate(zip(s.row_races, s.row_powers, strict=False)):
        coins = s.row_coins[i]
        tokens = game.races[race].tokens + game.powers[power].tokens
        zh = game.races[race].name_zh
        cells.append(f"<tr><td>{i + 1}</td><td>{html.escape(power)} {html.escape(race)} {zh}</td>"
                     f"<td>{tokens}</td><td>{i}</td><td>{coins}</td></tr>")
    return ("<table><tr><th>#</th><th>combo</th><th>tokens</th><th>costs</th><th>coins on it</th></tr>"
            + "".join(cells) + "</table>")


def attempt_html(game: SmallWorld) -> str:
    s = game.state
    if s.attempt < 0:
        return ""
    p = final_attempt_odds(game)
    terms = " + ".join(f"{n} ({k})" for k, n in cost_breakdown(game, s.current, s.attempt, game.force()))
    return (f"<p><b>Final attempt on region {s.attempt}</b>: cost {terms}; "
            f"P(success) = {p} (~{float(p):.0%})</p>")


class SmallWorldPanel(StepThrough):
    """Step through Small World: seat ``humans`` (default 0) with the buttons, agents for the others."""

    def __init__(self, game: SmallWorld, agents: Agent | Sequence[Agent] | None = None,
                 humans: Sequence[int] | None = (0,), draw: bool = True) -> None:
        if agents is None:
            from ..smallworld.agents import GreedyAgent

            agents = GreedyAgent()
        self.draw = draw
        self.pos = layout(game)
        super().__init__(game, agents, title="Small World 小小世界", humans=humans)
        self.widget.add_class("tablerules-smallworld")

    def render_state(self) -> str:
        game = self.game
        parts = []
        if self.draw:
            data = base64.b64encode(map_png(game, self.pos)).decode()
            parts.append(f"<img src='data:image/png;base64,{data}' style='max-width:640px'/>")
        parts.append(rule_box_html(game.state.stage))
        parts.append(row_html(game))
        parts.append(attempt_html(game))
        parts.append(f"<pre>{html.escape(game.describe_view(None))}</pre>")
        return "".join(parts)
