"""The Small World step-through panel: the map, the combo row (each race and power's text on hover), the
players (other seats' coins face down in seat view), a rule box per stage, the conquest costs explained,
the odds of a pending final attempt, the legal actions as buttons (the generic
:class:`~tablerules.widgets.StepThrough`), agents for other seats, saves and a worked example."""

from __future__ import annotations

import html
from collections.abc import Sequence

from ..core.agents import Agent
from ..core.protocol import Action
from ..core.words import counted
from ..smallworld import actions as A
from ..smallworld import scenario
from ..smallworld.actions import Conquer, FinalAttempt
from ..smallworld.analysis import final_attempt_odds
from ..smallworld.game import SmallWorld
from ..smallworld.rules.conquest import conquest_cost, cost_breakdown
from ..smallworld.rules.scoring import score_breakdown
from ..smallworld.view import STAGE_RULES
from .pieces import breakdown_html, card_html, odds_html
from .scenarios import smallworld_spec
from .smallworld_board import board_svg, cost_words, place_singles, target_text
from .stepper import StepThrough

SEED = "seeds/003_90df808ace7a897a.txt (小小世界)"
#: the rule boxes of :data:`tablerules.smallworld.view.STAGE_RULES`: the English text and the seed's sentence,
#: under the seed's heading
RULE_BOXES = {stage: (f"{en} {zh}".strip(), title) for stage, (title, zh, en) in STAGE_RULES.items()}


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


def mountain_example() -> SmallWorld:
    """征服一个区域: Ratmen with 6 in hand next to a border mountain held by 2 Humans tokens: it costs 2 base + 2
    tokens there + 1 mountain = 5 tokens, and the Humans lose 1 token to the box, the other back to their hand
    (敌人的损失与撤退)."""
    g = scenario.new_game(3, row=[("Ratmen", "Commando"), ("Skeletons", "Merchant")], lost_tribes=False)
    scenario.give(g, 0, "Ratmen", "Alchemist", hand=6)
    scenario.give(g, 1, "Humans", "Hill")
    mountain = scenario.region_where(g, terrain="mountain", border=True)
    home = min(n for n in g.board.regions[mountain].adjacent if not g.board.regions[n].water)
    scenario.put(g, home, 0, 1)
    scenario.put(g, mountain, 1, 2)
    scenario.begin(g, 0, "conquer")
    return g


EXAMPLES = {"a final attempt with the reinforcement die (增援骰)": final_attempt_example,
            "the cost of a conquest: 2 base + 1 per token there + 1 mountain (征服一个区域)": mountain_example}


#: the actions a click on a region plays (or offers, when a region has several)
REGION_ACTIONS = (A.Conquer, A.FinalAttempt, A.DragonAttack, A.Enchant, A.Abandon, A.Place)
#: the markers placed in redeployment, each with a chip of its own on the region (a key of smallworld_board.MARKS)
BUILDS = {A.PlaceFortress: "fortress", A.PlaceHero: "hero", A.PlaceEncampment: "encampment"}


class SmallWorldPanel(StepThrough):
    """Step through Small World: seat ``humans`` (default 0) on the clickable map (regions, the combo row as
    cards) and the buttons under it, agents for the others. ``draw=False``: no map, every action a button."""

    stage_rules = RULE_BOXES
    seed_ref = SEED

    def __init__(self, game: SmallWorld, agents: Agent | Sequence[Agent] | None = None,
                 humans: Sequence[int] | None = (0,), draw: bool = True, **kwargs) -> None:
        if agents is None:
            from ..smallworld.agents import GreedyAgent

            agents = GreedyAgent()
        self.draw = draw
        self._singles: tuple[tuple[int, int], set[int]] = ((-1, -1), set())
        kwargs.setdefault("examples", EXAMPLES)
        kwargs.setdefault("scenario", smallworld_spec(game.num_players()))
        super().__init__(game, agents, title="Small World 小小世界", humans=humans, **kwargs)
        self.widget.add_class("tablerules-smallworld")

    def action_tooltip(self, action) -> str:
        if isinstance(action, Conquer | FinalAttempt):
            return action.describe() + "\n" + target_text(self.game, action)
        return action.describe()

    # ----- the board ---------------------------------------------------------------------------------
    def singles(self) -> set[int]:
        """The regions where one token may be placed as well as the whole hand (a "+1" chip on the map)."""
        key = (id(self.game), self.game.num_actions)
        if self._singles[0] != key:
            actions = [] if self.game.is_chance() or self.game.is_over() else self.game.legal_actions()
            self._singles = (key, place_singles(actions))
        return self._singles[1]

    def board_svg(self) -> str:
        """The map (:mod:`tablerules.widgets.smallworld_board`) for :attr:`viewer`: regions clickable, the combo
        row as cards while a combo may be picked."""
        if not self.draw:
            return ""
        game = self.game
        mine = self.human_actions()
        attacks = {a.region: a for a in mine if isinstance(a, Conquer | FinalAttempt)}
        active = {int(t.split(":")[1]) for a in mine for t in self.action_targets(a) if t.startswith("region:")}
        builds = {a.region: BUILDS[type(a)] for a in mine if type(a) in BUILDS}
        return board_svg(game, self.viewer, attacks, self.singles() if mine else set(),
                         combos=game.state.stage == "pick" or any(isinstance(a, A.PickCombo) for a in mine),
                         active=sorted(active), builds=builds, quiz=self.quiz)

    def action_targets(self, action: Action) -> tuple[str, ...]:
        """A combo pick is its card; a conquest, an attempt, an abandon, a placement is its region (placing
        a single token when the whole hand may go there too is the region's "+1" chip, a fortress, hero or
        encampment the chip with its glyph); ending the
        conquests or the turn, readying, declining, peace and the Berserk die stay buttons."""
        if isinstance(action, A.PickCombo):
            return (f"combo:{action.index}",)
        if isinstance(action, A.Place) and action.count == 1 and action.region in self.singles():
            return (f"one:{action.region}",)
        if type(action) in BUILDS:
            return (f"mark:{action.region}",)
        if isinstance(action, REGION_ACTIONS):
            return (f"region:{action.region}",)
        return ()

    def target_label(self, target: str) -> str:
        kind, _, name = target.partition(":")
        if kind == "combo":
            s = self.game.state
            i = int(name)
            return f"combo {i + 1}: {s.row_powers[i]} {s.row_races[i]}"
        if kind in ("region", "one", "mark"):
            i = int(name)
            return f"region {i} ({self.game.board.regions[i].terrain})"
        return super().target_label(target)

    # ----- the text beside the board ----------------------------------------------------------------
    def rule_stage(self) -> str:
        return self.game.state.stage

    def players_html(self) -> str:
        game = self.game
        rows = []
        for p, seat in enumerate(game.state.seats):
            coins = (counted(seat.coins, "coin") if self.viewer is None or self.viewer == p
                     else "<span class='tablerules-hidden'>coins face down (hidden)</span>")
            active = f"{power_html(game, seat.power)} {race_html(game, seat.race)}" if seat.race else "&ndash;"
            income = score_breakdown(game, p)
            why = " + ".join(counted(v, "region") if label == "regions" else f"{v} {label}" for label, v in income)
            rows.append(f"<tr><td>player {p}</td><td class='tablerules-hand' data-seat='{p}'>{coins}</td>"
                        f"<td>{active}</td><td>{counted(seat.hand, 'token')}</td>"
                        f"<td>{counted(sum(v for _, v in income), 'coin')}"
                        f"{f' ({html.escape(why)})' if income else ''}</td></tr>")
        # every number says what it counts, the income spelled out: a bare "5" under "coins" and "0" under
        # "in hand" left a class guessing
        return ("<table class='tablerules-sheets'><tr><th>seat</th><th>coins</th><th>active combo</th>"
                "<th>tokens in hand</th><th>coins if the turn ended now</th></tr>" + "".join(rows) + "</table>")

    def costs_html(self) -> str:
        """Every region that may be attacked now, with its cost in words (all of them, in region order), and
        the exact odds of each final attempt."""
        game = self.game
        targets = [a for a in game.legal_actions() if isinstance(a, Conquer | FinalAttempt)]
        if not targets or game.is_chance():
            return ""
        force = game.force()
        rows = []
        for a in targets:
            cost = conquest_cost(game, a.player, a.region, force)
            what = "final attempt" if isinstance(a, FinalAttempt) else "conquer"
            rows.append(f"<tr><td>region {a.region}</td><td>{html.escape(game.board.regions[a.region].terrain)}</td>"
                        f"<td>{html.escape(cost_words(cost_breakdown(game, a.player, a.region, force), cost))}</td>"
                        f"<td class='n'><b>{cost}</b></td><td>{what}</td></tr>")
        finals = [(f"P(success) of a final attempt on region {a.region}", final_attempt_odds(game, a.region))
                  for a in targets if isinstance(a, FinalAttempt)]
        return ("<table class='tablerules-breakdown tablerules-costs'><tr><th colspan='5'>Regions you may attack now: "
                "cost in tokens, and why</th></tr><tr><th>where</th><th>terrain</th><th>why</th><th>cost</th>"
                "<th>how</th></tr>" + "".join(rows) + "</table>" + odds_html(finals))

    def render_state(self) -> str:
        game = self.game
        parts = [] if self.draw else [row_html(game)]
        parts += [self.players_html(), attempt_html(game), self.costs_html()]
        return "".join(parts)
