"""The Small World step-through panel: the map, the combo row (each race and power's text on hover), the
players (other seats' coins face down in seat view), a rule box per stage, the conquest costs explained,
the odds of a pending final attempt, the legal actions as buttons (the generic
:class:`~tablerules.widgets.StepThrough`), agents for other seats, saves and a worked example."""

from __future__ import annotations

import base64
import html
from collections.abc import Sequence

from ..core.agents import Agent
from ..smallworld import scenario
from ..smallworld.actions import Conquer, FinalAttempt
from ..smallworld.analysis import draw_map, final_attempt_odds, layout
from ..smallworld.game import SmallWorld
from ..smallworld.rules.conquest import conquest_cost, cost_breakdown
from ..smallworld.rules.scoring import score_breakdown
from ..smallworld.view import STAGE_RULES
from .pieces import breakdown_html, card_html, odds_html
from .scenarios import smallworld_spec
from .stepper import StepThrough

SEED = "seeds/003_90df808ace7a897a.txt (小小世界)"
#: the rule boxes of :data:`tablerules.smallworld.view.STAGE_RULES`: the English text and the seed's sentence,
#: under the seed's heading
RULE_BOXES = {stage: (f"{en} {zh}".strip(), title) for stage, (title, zh, en) in STAGE_RULES.items()}


def map_png(game: SmallWorld, pos: dict | None = None) -> bytes:
    import matplotlib.pyplot as plt

    from ..plots.figures import png_bytes

    fig, ax = plt.subplots(figsize=(7, 5))
    draw_map(game, ax, pos)
    data = png_bytes(fig, dpi=80)
    plt.close(fig)
    return data


def race_html(game: SmallWorld, race: str) -> str:
    r = game.races[race]
    return card_html(r.name, f"{r.tokens} tokens. {r.text}", r.name_zh, r.text_zh)


def power_html(game: SmallWorld, power: str) -> str:
    p = game.powers[power]
    return card_html(p.name, f"+{p.tokens} tokens. {p.text}", p.name_zh, p.text_zh)


def row_html(game: SmallWorld) -> str:
    s = game.state
    cells = []
    for i, (race, power) in enumerate(zip(s.row_races, s.row_powers, strict=False)):
        tokens = game.races[race].tokens + game.powers[power].tokens
        cells.append(f"<tr><td>{i + 1}</td><td>{power_html(game, power)} {race_html(game, race)}</td>"
                     f"<td>{tokens}</td><td>{i}</td><td>{s.row_coins[i]}</td></tr>")
    return ("<table><tr><th>#</th><th>combo</th><th>tokens</th><th>costs</th><th>coins on it</th></tr>"
            + "".join(cells) + "</table>")


def attempt_html(game: SmallWorld) -> str:
    s = game.state
    if s.attempt < 0:
        return ""
    p = final_attempt_odds(game)
    terms = cost_breakdown(game, s.current, s.attempt, game.force())
    return (breakdown_html(f"final attempt on region {s.attempt}: cost", terms,
                           conquest_cost(game, s.current, s.attempt, game.force()))
            + odds_html([(f"P(success) of the final attempt on region {s.attempt}", p)]))


def final_attempt_example() -> SmallWorld:
    """征服 / 增援骰: Ratmen with one token in hand and regions that cost 2 or 3: only a final attempt with the
    reinforcement die is left (1-3 short: a die with three blank faces and 1, 2, 3)."""
    g = scenario.new_game(3, row=[("Ratmen", "Commando"), ("Skeletons", "Merchant")])
    scenario.give(g, 0, "Ratmen", "Alchemist", hand=0)
    border = scenario.region_where(g, border=True, terrain="hill")
    scenario.put(g, border, 0, 2)
    scenario.begin(g, 0, "conquer")
    scenario.ready_all(g)  # 预备部队: one token stays on the hill, one comes back to hand
    return g


EXAMPLES = {"a final attempt with the reinforcement die (增援骰)": final_attempt_example}


class SmallWorldPanel(StepThrough):
    """Step through Small World: seat ``humans`` (default 0) with the buttons, agents for the others."""

    stage_rules = RULE_BOXES
    seed_ref = SEED

    def __init__(self, game: SmallWorld, agents: Agent | Sequence[Agent] | None = None,
                 humans: Sequence[int] | None = (0,), draw: bool = True, **kwargs) -> None:
        if agents is None:
            from ..smallworld.agents import GreedyAgent

            agents = GreedyAgent()
        self.draw = draw
        self.pos = layout(game)
        kwargs.setdefault("examples", EXAMPLES)
        kwargs.setdefault("scenario", smallworld_spec(game.num_players()))
        super().__init__(game, agents, title="Small World 小小世界", humans=humans, **kwargs)
        self.widget.add_class("tablerules-smallworld")

    def replace_game(self, game, before: str = "Set-up") -> None:
        self.pos = layout(game)
        super().replace_game(game, before)

    def action_tooltip(self, action) -> str:
        if isinstance(action, Conquer | FinalAttempt):
            terms = cost_breakdown(self.game, action.player, action.region, self.game.force())
            return action.describe() + "\ncost: " + " + ".join(f"{label} {v}" for label, v in terms)
        return action.describe()

    def rule_stage(self) -> str:
        return self.game.state.stage

    def players_html(self) -> str:
        game = self.game
        rows = []
        for p, seat in enumerate(game.state.seats):
            coins = (str(seat.coins) if self.viewer is None or self.viewer == p
                     else "<span class='tablerules-hidden'>coins face down (hidden)</span>")
            active = f"{power_html(game, seat.power)} {race_html(game, seat.race)}" if seat.race else "&ndash;"
            income = score_breakdown(game, p)
            why = " + ".join(f"{label} {v}" for label, v in income) or "nothing"
            rows.append(f"<tr><td>player {p}</td><td class='tablerules-hand' data-seat='{p}'>{coins}</td>"
                        f"<td>{active}</td><td>{seat.hand}</td><td title='{html.escape(why, quote=True)}'>"
                        f"{sum(v for _, v in income)}</td></tr>")
        return ("<table class='tablerules-sheets'><tr><th>seat</th><th>coins</th><th>active combo</th><th>in hand"
                "</th><th>coins this turn</th></tr>" + "".join(rows) + "</table>")

    def costs_html(self) -> str:
        game = self.game
        targets = [a for a in game.legal_actions() if isinstance(a, Conquer | FinalAttempt)][:4]
        if not targets:
            return ""
        finals = [(f"P(success) of a final attempt on region {a.region}", final_attempt_odds(game, a.region))
                  for a in targets if isinstance(a, FinalAttempt)]
        return "<div class='tablerules-why'>" + "".join(
            breakdown_html(f"region {a.region}: cost", cost_breakdown(game, a.player, a.region, game.force()),
                           conquest_cost(game, a.player, a.region, game.force()))
            for a in targets) + "</div>" + odds_html(finals)

    def render_state(self) -> str:
        game = self.game
        parts = []
        if self.draw:
            data = base64.b64encode(map_png(game, self.pos)).decode()
            parts.append(f"<img src='data:image/png;base64,{data}' style='max-width:640px'/>")
        parts += [row_html(game), self.players_html(), attempt_html(game), self.costs_html()]
        return "".join(parts)
