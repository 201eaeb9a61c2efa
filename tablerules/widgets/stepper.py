"""A generic step-through panel for any game of the protocol.

It shows the stage and who acts, the state, the legal actions as buttons, the pending chance step
(roll it with the seeded dice, or pick the result rolled at a real table), buttons to let the agents
play one step or one whole turn, undo, and the event log. Each game's notebook subclasses it and
overrides :meth:`StepThrough.render_state` (or adds widgets to ``extra``) for its own picture.
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable, Mapping, Sequence

import ipywidgets as w

from ..core.agents import Agent, agent_names, make_agent, seat_agents, step
from ..core.errors import IllegalAction, SaveError
from ..core.protocol import Action, Chance, Game
from ..core.referee import leave_to_people, only_answers, reroll
from .pieces import STYLE, group_actions, outcome_options, rule_box_html, stage_rule
from .staging import ScenarioForm, ScenarioSpec


class StepThrough:
    """Step through ``game`` in a notebook; ``widget`` is the panel to display."""

    #: the rule box of each stage: stage name (or pattern) -> (what may happen now and why, the seed section)
    stage_rules: Mapping[str, tuple[str, str]] = {}
    #: the seed file the sections are in
    seed_ref = ""

    def __init__(self, game: Game, agents: Agent | Sequence[Agent] | str | None = None, title: str | None = None,
                 log_lines: int = 12, humans: Sequence[int] | None = None,
                 examples: Mapping[str, Callable[[], Game]] | None = None,
                 scenario: ScenarioSpec | None = None) -> None:
        """``humans``: the seats played with the buttons; agents play every other seat at once (and roll
        the dice on their behalf). ``None``: every seat is played with the buttons. The panel shows what the
        first human seat may see (``observation``/``log_for``) unless the teacher view is on.
        ``examples``: worked examples, each a function making the game at its position (scenario API).
        ``agents`` may be an agent's name (``random``, ``heuristic``, ``mcts``:
        :func:`tablerules.core.agents.agent_names`); the panel's "Agents" menu changes them later.
        ``scenario``: the fields of a position set up by hand (:mod:`tablerules.widgets.staging`), shown
        folded under "Set up a position"."""
        self.game = game
        if isinstance(agents, str):
            agents = make_agent(agents, type(game), game.seed)
        self.agent_for = seat_agents(agents, game.seed)
        self.humans = None if humans is None else set(humans)
        self.seat = min(self.humans) if self.humans else None
        self.staged = False  # a worked example set up by hand is on the table
        self.last_by_human = False
        self.log_lines = log_lines
        self.listeners: list[Callable[[Game], None]] = []
        self.title = w.HTML(f"<h3>{html.escape(title or game.title or game.name)}</h3>")
        self.header = w.HTML()
        self.header.add_class("tablerules-header")
        self.state_view = w.HTML()
        self.state_view.add_class("tablerules-state")
        self.actions_box = w.VBox()
        self.actions_box.add_class("tablerules-actions")
        self.anytime_box = w.VBox()  # what seats that are not to act may do out of turn ("at any time")
        self.anytime_box.add_class("tablerules-anytime")
        self.roll_button = w.Button(description="Roll the dice", icon="dice", button_style="info",
                                    tooltip="let the seeded dice decide the pending chance step")
        self.outcome_pick = w.Dropdown(description="Rolled:", options=[])
        self.apply_outcome_button = w.Button(description="Use this result",
                                             tooltip="apply the result rolled at a real table")
        self.reroll_button = w.Button(description="Re-roll", icon="random",
                                      tooltip="a fresh random result, not the seeded one (after an undo: a new roll)")
        self.chance_box = w.HBox([self.roll_button, self.reroll_button, self.outcome_pick,
                                  self.apply_outcome_button])
        self.agent_step_button = w.Button(description="Agents: one step")
        self.agent_turn_button = w.Button(description="Agents: one turn")
        self.undo_button = w.Button(description="Undo", icon="undo")
        self.agent_pick = w.Dropdown(description="Agents:", options=["as set up", *agent_names()], value="as set up",
                                     tooltip="who plays the seats not played with the buttons")
        self.agent_pick.observe(lambda change: self.choose_agents(change["new"]), names="value")
        self.message = w.HTML()
        self.log_view = w.HTML()
        self.log_view.add_class("tablerules-log")
        self.extra = w.VBox()
        self.action_rows = w.VBox()  # the action buttons as shown: one row per kind of action
        self.action_rows.add_class("tablerules-actions")
        self.view_toggle = w.ToggleButtons(options=[("seat view", "seat"), ("teacher view", "teacher")],
                                           tooltips=["only what this seat may see", "everything"])
        self.view_toggle.add_class("tablerules-view")
        self.view_toggle.layout.display = "none" if self.seat is None else "flex"
        self.view_toggle.observe(lambda _change: self.refresh(), names="value")
        self.save_button = w.Button(description="Save", icon="save", tooltip="the JSON save of this game")
        self.load_button = w.Button(description="Load", icon="upload", tooltip="load the JSON save in the box")
        self.save_button.add_class("tablerules-save-button")
        self.load_button.add_class("tablerules-load-button")
        self.save_text = w.Textarea(placeholder="a save (JSON) appears here; paste one and press Load",
                                    layout=w.Layout(width="100%", height="60px"))
        self.save_text.add_class("tablerules-save")
        self.save_button.on_click(lambda _: self.save())
        self.load_button.on_click(lambda _: self.load(self.save_text.value))
        self.examples = dict(examples or {})
        self.example_pick = w.Dropdown(description="Example:", options=list(self.examples),
                                       layout=w.Layout(width="auto"))
        self.example_button = w.Button(description="Load worked example", icon="book", layout=w.Layout(width="auto"))
        self.example_button.add_class("tablerules-example")
        self.example_button.on_click(lambda _: self.load_example(self.example_pick.value))
        examples_row = w.HBox([self.example_pick, self.example_button])
        examples_row.layout.display = "flex" if self.examples else "none"
        self.scenario = None if scenario is None else ScenarioForm(scenario, game.num_players(), self.stage_position)
        self.scenario_box = w.Accordion(children=[self.scenario.widget] if self.scenario else [])
        if self.scenario:
            self.scenario_box.set_title(0, "Set up a position (scenario)")
        self.scenario_box.selected_index = None
        self.scenario_box.layout.display = "block" if self.scenario else "none"
        self.scenario_box.add_class("tablerules-scenario-box")
        self.run_agents()
        self.roll_button.on_click(lambda _: self._safely(self.game.roll))
        self.reroll_button.on_click(lambda _: self._safely(lambda: reroll(self.game)))
        self.apply_outcome_button.on_click(lambda _: self._apply_picked())
        self.agent_step_button.on_click(lambda _: self._safely(lambda: step(self.game, self.agent_for)))
        self.agent_turn_button.on_click(lambda _: self._safely(self.agents_turn))
        self.undo_button.on_click(lambda _: self._safely(self.undo))
        controls = w.HBox([self.agent_step_button, self.agent_turn_button, self.undo_button, self.save_button,
                           self.load_button, self.agent_pick])
        self.widget = w.VBox([self.title, self.view_toggle, examples_row, self.scenario_box, self.header, self.extra,
                              self.state_view, self.chance_box, self.action_rows, self.anytime_box, controls,
                              self.message, w.HTML("<b>Log</b>"), self.log_view, self.save_text])
        self.widget.add_class("tablerules-stepper")
        self.refresh()

    # ----- what subclasses change ---------------------------------------------------------
    def render_state(self) -> str:
        """HTML for the state; the default shows :meth:`Game.describe_state`."""
        return f"<pre>{html.escape(self.game.describe_state())}</pre>"

    @property
    def viewer(self) -> int | None:
        """The seat whose view is shown (``None``: the teacher's full view)."""
        return None if self.view_toggle.value == "teacher" else self.seat

    def rule_stage(self) -> str:
        """The stage the rule box explains: ``game over`` at the end, else :meth:`Game.stage`."""
        return "game over" if self.game.is_over() else self.game.stage()

    def rule_box(self) -> str:
        """HTML: what may happen at this stage and why, with the seed reference (from :attr:`stage_rules`)."""
        stage = self.rule_stage()
        found = stage_rule(self.stage_rules, stage)
        return rule_box_html(stage, found[0], f"{self.seed_ref}, {found[1]}") if found else ""

    # ----- saves and examples ---------------------------------------------------------------
    def save(self) -> str:
        """Put the JSON save of the game in the save box and return it. A worked example's position was set up
        by hand (the scenario API), which a save (parameters, seed and actions, replayed) cannot carry: it is
        not saved."""
        if self.staged:
            self.message.value = ("a worked example is set up by hand and cannot be saved as a replay; "
                                  "saves are for games played from the start")
            return ""
        self.save_text.value = json.dumps(self.game.to_json(), ensure_ascii=False)
        self.message.value = f"saved: {self.game.num_actions} actions"
        return self.save_text.value

    def load(self, text: str) -> None:
        """Replace the game by the one saved in ``text`` (a bad save is reported, nothing changes)."""
        try:
            game = type(self.game).from_json(json.loads(text))
        except (SaveError, ValueError) as exc:
            self.message.value = f"<span style='color:#c62828'>cannot load: {html.escape(str(exc))}</span>"
            return
        self.replace_game(game)
        self.staged = False
        self.message.value = f"loaded: {game.num_actions} actions"

    def load_example(self, name: str | None) -> None:
        if name in self.examples:
            self.replace_game(self.examples[name]())
            self.staged = True
            self.message.value = f"worked example: {html.escape(name)}"

    def stage_position(self, game: Game) -> None:
        """Show ``game``, a position set up by hand in the scenario form (like a worked example, not saved)."""
        self.replace_game(game)
        self.staged = True
        self.message.value = "a position set up by hand (scenario)"

    def replace_game(self, game: Game) -> None:
        self.game = game
        self.last_by_human = False
        self.run_agents()  # agents in seats to act play on until a human seat decides
        self.refresh()

    def choose_agents(self, name: str) -> None:
        """Let the agent called ``name`` play the seats not played with the buttons (from now on)."""
        if name == "as set up":
            return
        try:
            self.agent_for = seat_agents(make_agent(name, type(self.game), self.game.seed), self.game.seed)
        except (ValueError, ImportError) as exc:
            self.message.value = f"<span style='color:#b00'>{html.escape(str(exc))}</span>"
            return
        self.message.value = f"Agents: {html.escape(name)}"

    # ----- actions ------------------------------------------------------------------------
    def play(self, action: Action) -> None:
        """Apply ``action`` as if its button was clicked."""
        self.last_by_human = True
        self._safely(lambda: self.game.apply(action))

    def run_agents(self) -> None:
        """Let the agents play the seats that are not human, until a human has something to decide.
        Chance steps that follow a human's action (the agents only passing in between) are left to the
        human (roll, re-roll, or type in the real roll), unless their outcome is hidden from the human
        seats; those that follow an agent's are rolled at once (:mod:`tablerules.core.referee`)."""
        if self.humans is None:
            return
        game = self.game
        for _ in range(10_000):
            if game.is_over():
                return
            if game.is_chance():
                if leave_to_people(game, self.humans, self.last_by_human):
                    return
                game.roll()
                continue
            agents = [p for p in game.to_act() if p not in self.humans]
            if not agents:
                return
            seat = agents[0]  # in a response window the agents answer first, then the humans
            action = self.agent_for(seat).choose(game, seat)
            game.apply(action)
            self.last_by_human = self.last_by_human and only_answers(action)

    def undo(self) -> None:
        """Take back the last action; with human seats, back to before the last human decision (the agents'
        answers and the dice since then are taken back too, so the human decides again)."""
        if self.humans is None:
            self.game.undo()
            return
        while self.game.num_actions:
            action = self.game.undo()
            if not isinstance(action, Chance) and getattr(action, "actor", None) in self.humans:
                return

    def agents_turn(self) -> None:
        """Let the agents play until the turn passes, a human seat is to act, or the game ends: the agents
        never play a human seat."""
        game, start = self.game, self.game.turn_number()
        for _ in range(10_000):
            if game.is_over() or game.turn_number() != start:
                return
            if (not game.is_chance() and self.humans is not None
                    and any(p in self.humans for p in game.to_act())):
                return
            step(game, self.agent_for)
            self.last_by_human = False

    def _apply_picked(self) -> None:
        if self.outcome_pick.value is not None:
            self.play(self.outcome_pick.value)

    def _safely(self, do: Callable[[], object]) -> None:
        try:
            do()
            self.message.value = ""
        except IllegalAction as exc:
            self.message.value = f"<span style='color:#c62828'>{html.escape(str(exc))}</span>"
        self.run_agents()
        self.refresh()

    def _button(self, action: Action) -> w.Button:
        text = action.describe()
        button = w.Button(description=text, tooltip=self.action_tooltip(action),
                          layout=w.Layout(width="auto", height="auto"))
        button.on_click(lambda _: self.play(action))
        return button

    def action_tooltip(self, action: Action) -> str:
        """A button's tooltip: its description (games add the card's text)."""
        return action.describe()

    # ----- showing ------------------------------------------------------------------------
    def refresh(self) -> None:
        game = self.game
        if game.is_over():
            result = game.result()
            winners = ", ".join(f"player {p}" for p in result.winners) if result else "nobody"
            status = f"<b>Game over</b>: {html.escape(winners)} won. {html.escape(result.reason if result else '')}"
        elif game.is_chance():
            status = f"<b>Stage</b>: {html.escape(game.stage())} &middot; <b>chance</b> decides"
        else:
            acting = game.to_act()
            who = f"player {acting[0]}" if len(acting) == 1 else "players " + ", ".join(str(p) for p in acting)
            status = f"<b>Stage</b>: {html.escape(game.stage())} &middot; <b>to act</b>: {who}"
        self.state_view.value = STYLE + self.rule_box() + self.render_state()
        chance = game.is_chance()
        self.chance_box.layout.display = "flex" if chance else "none"
        if chance:
            self.outcome_pick.options = outcome_options(game, game.chance_outcomes())
            draw = all(label.startswith("draw: ") for label, _ in self.outcome_pick.options)
            self.roll_button.description = "Draw (seeded)" if draw else "Roll the dice"
            self.reroll_button.description = "Draw afresh" if draw else "Re-roll"
            self.outcome_pick.description = "Drawn:" if draw else "Rolled:"
            self.actions_box.children = ()
            self.action_rows.children = ()
        else:
            self.outcome_pick.options = []
            mine = [a for a in game.legal_actions() if self.humans is None or a.actor in self.humans]
            buttons = {a: self._button(a) for a in mine}
            self.actions_box.children = tuple(buttons.values())  # every button, for scripts and tests
            rows = []
            for kind, actions in group_actions(mine):
                row = w.HBox([w.HTML(f"<b>{html.escape(kind)}</b>:", layout=w.Layout(min_width="110px"))]
                             + [buttons[a] for a in actions], layout=w.Layout(flex_flow="row wrap"))
                row.add_class("tablerules-action-group")
                rows.append(row)
            self.action_rows.children = tuple(rows)
        anytime = {} if chance else {p: a for p, a in game.out_of_turn_actions().items()
                                     if self.humans is None or p in self.humans}
        rows = [w.HTML(f"<b>Out of turn</b> (at any time) &middot; player {p}:") for p in anytime]
        self.anytime_box.children = tuple(x for p, row in zip(anytime, rows, strict=True)
                                          for x in (row, w.HBox([self._button(a) for a in anytime[p]])))
        over = game.is_over()
        self.agent_step_button.disabled = over
        self.agent_turn_button.disabled = over
        self.undo_button.disabled = not game.num_actions
        lines = game.log_for(self.viewer)[-self.log_lines:]
        self.log_view.value = "<br>".join(html.escape(line) for line in lines) or "<i>nothing yet</i>"
        # the header changes last, so a page that sees it change has every other part up to date
        self.header.value = f"{status} &middot; turn {game.turn_number()} &middot; {game.num_actions} actions"
        for listener in self.listeners:
            listener(game)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)
