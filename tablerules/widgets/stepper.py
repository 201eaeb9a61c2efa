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
from ..core.protocol import Action, Game
from ..core.referee import hidden_from, leave_to_people, only_answers, reroll
from .board import Board
from .logview import TurnMarks, log_html
from .pieces import STYLE, group_actions, outcome_options, rule_box_html, stage_rule
from .rolls import RollReport, is_die_roll, odds_now, roll_html
from .staging import ScenarioForm, ScenarioSpec, example_message


class Notice(Exception):
    """A panel button that has nothing to do now, and says why (shown in the message line)."""


class StepThrough:
    """Step through ``game`` in a notebook; ``widget`` is the panel to display."""

    #: the rule box of each stage: stage name (or pattern) -> (what may happen now and why, the seed section)
    stage_rules: Mapping[str, tuple[str, str]] = {}
    #: the seed file the sections are in
    seed_ref = ""
    #: a lesson's table (:mod:`tablerules.widgets.lesson_panel`): nobody moves by themselves, the board hides
    #: the numbers the lesson asks for (``quiz``), and a click is handed to ``intercept`` instead of played
    frozen: bool = False
    quiz: bool = False
    #: a lesson shows ``state_view`` under the board (the panel's render_state honours ``quiz``)
    lesson_state: bool = False
    intercept: Callable[[Action], None] | None = None

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
        self.log_lines = log_lines  # kept for old callers: the log now shows the whole game, scrollable
        self.marks = TurnMarks()
        self.snapshots: list[Game] = []  # the game before each decision made with the buttons or the board
        self.marks.reset(game, "Set-up")
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
        self.chance_text = w.HTML()
        self.chance_box = w.HBox([self.chance_text, self.roll_button, self.reroll_button, self.outcome_pick,
                                  self.apply_outcome_button], layout=w.Layout(flex_flow="row wrap"))
        self.chance_box.add_class("tablerules-chance")
        self.referee = w.ToggleButton(
            value=humans is None, description="Referee mode", icon="gavel",
            tooltip="type in every die and card as rolled or drawn at a real table; off: the dice of the "
                    "other seats and of the table roll themselves, you roll your own with one click")
        self.referee.add_class("tablerules-referee")
        self.referee.observe(lambda _change: self._safely(lambda: None), names="value")
        self.odds_seen: list = []  # the exact odds shown at the last decision (kept through the roll)
        self.report: RollReport | None = None  # the last roll of a human's dice: the odds and what came
        self.roll_view = w.HTML()
        self.roll_view.add_class("tablerules-roll")
        self.board = Board()
        self.board.add_class("tablerules-board-widget")
        self.board.on_click(self.click_target)
        self.choice_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.choice_box.add_class("tablerules-choice")
        self.agent_step_button = w.Button(description="Agents: one step")
        self.agent_turn_button = w.Button(description="Agents: one turn")
        self.undo_button = w.Button(description="Undo", icon="undo")
        self.agent_pick = w.Dropdown(description="Agents:", options=["as set up", *agent_names()], value="as set up",
                                     tooltip="who plays the seats not played with the buttons")
        self.agent_pick.observe(lambda change: self.choose_agents(change["new"]), names="value")
        self.message = w.HTML()
        self.log_view = w.HTML()
        self.log_view.add_class("tablerules-log")
        self.log_filter = w.Dropdown(description="Show:", options=[("every seat's turns", -1)] + [
            (f"player {p}'s turns", p) for p in range(game.num_players())], value=-1)
        self.log_filter.observe(lambda _change: self.refresh(), names="value")
        self.action_rows = w.VBox()  # the action buttons as shown: one row per kind of action
        self.action_rows.add_class("tablerules-actions")
        self.all_actions = w.Accordion(children=[self.action_rows])
        self.all_actions.set_title(0, "Every legal action")
        self.all_actions.selected_index = None
        self.all_actions.add_class("tablerules-all-actions")
        self.direct_rows = w.VBox()  # with a board: the actions no part of the board stands for (end turn, pass)
        self.direct_rows.add_class("tablerules-direct-actions")
        self.extra = w.VBox()
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
        self.roll_button.on_click(lambda _: self._safely(self.roll))
        self.reroll_button.on_click(lambda _: self._safely(lambda: reroll(self.game)))
        self.apply_outcome_button.on_click(lambda _: self._apply_picked())
        self.agent_step_button.on_click(lambda _: self._safely(lambda: step(self.game, self.agent_for)))
        self.agent_turn_button.on_click(lambda _: self._safely(self.agents_turn))
        self.undo_button.on_click(lambda _: self._safely(self.undo))
        controls = w.HBox([self.agent_step_button, self.agent_turn_button, self.undo_button, self.save_button,
                           self.load_button, self.agent_pick])
        controls.children = (*controls.children, self.referee)
        self.widget = w.VBox([self.title, self.view_toggle, examples_row, self.scenario_box, self.header, self.extra,
                              self.board, self.choice_box, self.message, self.roll_view, self.chance_box,
                              self.direct_rows, self.state_view, self.all_actions, self.anytime_box, controls,
                              w.HBox([w.HTML("<b>Log</b>"), self.log_filter]), self.log_view, self.save_text])
        self.widget.add_class("tablerules-stepper")
        self.refresh()

    # ----- what subclasses change ---------------------------------------------------------
    def render_state(self) -> str:
        """HTML for the state; the default shows :meth:`Game.describe_state`."""
        return f"<pre>{html.escape(self.game.describe_state())}</pre>"

    def board_svg(self) -> str:
        """The board as SVG (:mod:`tablerules.widgets.svg`), drawn for :attr:`viewer`; parts that stand for
        actions carry ``data-target`` (:meth:`action_targets`). ``""``: this panel has no board."""
        return ""

    def action_targets(self, action: Action) -> tuple[str, ...]:
        """The parts of the board ``action`` concerns (``region:7``, ``card:12``): clicking one of them offers
        it. ``()``: the action stays a button under the board (end the turn, pass)."""
        return ()

    def target_label(self, target: str) -> str:
        """What a part of the board is called in plain words (the heading of the choices it offers)."""
        kind, _, name = target.partition(":")
        return f"{kind} {name}".strip()

    def turn_text(self) -> str:
        """The header's turn ("turn 3"; games name it their way: "Turn 4: player 1 (blue)")."""
        return f"turn {self.game.turn_number()}"

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
        if self.viewer is not None:
            self.message.value = ("a save holds every hidden card (it replays the whole game): switch to the "
                                  "teacher view to save")
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
        self.replace_game(game, before=f"The saved game ({game.num_actions} actions)")
        self.staged = False
        self.message.value = f"loaded: {game.num_actions} actions"

    def load_example(self, name: str | None) -> None:
        if name in self.examples:
            self.replace_game(self.examples[name](), before="The worked example's position")
            self.staged = True
            self.message.value = example_message(name, self.examples[name])

    def stage_position(self, game: Game) -> None:
        """Show ``game``, a position set up by hand in the scenario form (like a worked example, not saved)."""
        self.replace_game(game, before="The position set up by hand")
        self.staged = True
        self.message.value = "a position set up by hand (scenario)"

    def replace_game(self, game: Game, before: str = "Set-up") -> None:
        self.game = game
        self.snapshots = []
        self.last_by_human = False
        self.report = None
        self.odds_seen = []
        self.marks.reset(game, before)
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
        """Apply ``action`` as if its button was clicked (a lesson's table hands it to ``intercept``)."""
        if self.intercept is not None:
            self.choice_box.children = ()
            self.intercept(action)
            return
        if self.humans is not None:
            self.snapshots.append(self.game.copy())
        self.last_by_human = True
        self.report = None
        self.choice_box.children = ()
        self._safely(lambda: self.game.apply(action))

    def click_target(self, target: str) -> None:
        """A part of the board was clicked: its one legal action is played, several are offered as buttons
        under the board (with a way back), none is said in words."""
        mine = [a for a in self.human_actions() if target in self.action_targets(a)]
        label = self.target_label(target)
        if len(mine) == 1:
            self.play(mine[0])
            return
        if not mine:
            self.choice_box.children = ()
            self.message.value = f"{html.escape(label)}: nothing you can do there now"
            return
        cancel = w.Button(description="never mind", icon="times", layout=w.Layout(width="auto"))
        cancel.on_click(lambda _: setattr(self.choice_box, "children", ()))
        self.choice_box.children = (w.HTML(f"<b>{html.escape(label)}</b>:"), *(self._button(a) for a in mine),
                                    cancel)
        self.message.value = ""

    def human_actions(self) -> list[Action]:
        """What the seats played with the buttons may do now, out-of-turn actions included."""
        game = self.game
        if game.is_over() or game.is_chance():
            return []
        mine = [a for a in game.legal_actions() if self.humans is None or a.actor in self.humans]
        extra = [a for p, acts in game.out_of_turn_actions().items() if self.humans is None or p in self.humans
                 for a in acts]
        return mine + [a for a in extra if a not in mine]

    def roll(self) -> None:
        """The person rolls their dice (one click): this step and the chance steps straight after it, then
        the outcome shows beside the odds seen before the roll."""
        game = self.game
        start = len(game.log)
        odds = self.odds_seen or odds_now(game, self.viewer)
        game.roll()
        self.marks.note(game)
        for _ in range(1_000):
            if not game.is_chance() or (self.referee.value and leave_to_people(game, self.humans or (), True)):
                break
            game.roll()
            self.marks.note(game)
        self.report = RollReport(list(odds), start, len(game.log))
        self.last_by_human = False

    def waits_for_people(self) -> bool:
        """Whether the pending chance step waits for a person. Referee mode: every step that follows their
        decision and that they may see (:func:`tablerules.core.referee.leave_to_people`). Otherwise only
        their own dice with odds at stake (a fight, running away, a final attempt): the dice of the other
        seats and of the table, and every card drawn, roll themselves (seeded)."""
        game = self.game
        if self.humans is None:
            return True
        if self.referee.value:
            return leave_to_people(game, self.humans, self.last_by_human)
        if not (self.last_by_human and is_die_roll(game)):
            return False
        if not (self.odds_seen or odds_now(game, self.seat)):
            return False
        return not hidden_from(game, self.humans)

    def run_agents(self) -> None:
        """Let the agents play the seats that are not human, until a human has something to decide. A
        chance step waits for a person only as :meth:`waits_for_people` says (their own dice with odds at
        stake; in referee mode every step after their decision that they may see); the others roll at once."""
        if self.humans is None or self.frozen:
            self.marks.note(self.game)
            return
        game = self.game
        for _ in range(10_000):
            self.marks.note(game)
            if game.is_over():
                return
            if game.is_chance():
                if self.waits_for_people():
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
        """Take back the last action; with human seats, back to before the person's last decision (the
        agents' answers and the dice since then are taken back too, so the person decides again). A copy of the
        game is kept before each such decision: the position comes back exactly (a worked example's set-up
        included, which a replay from the start would lose), and Undo never goes back past the person's first
        decision into the deal or the agents' opening moves."""
        if self.humans is None:
            self.game.undo()
            return
        if not self.snapshots:
            raise Notice("Nothing of yours to take back: Undo goes back to before your last decision, and you have "
                         "made none since this game or example started.")
        self.game = self.snapshots.pop()
        self.report = None
        self.odds_seen = []
        self.last_by_human = False
        self.choice_box.children = ()
        self.marks.note(self.game)

    def agents_turn(self) -> None:
        """Let the agents play until the turn passes, a human seat is to act, or the game ends: the agents
        never play a human seat."""
        game, start = self.game, self.game.turn_number()
        if (not game.is_chance() and self.humans is not None and not game.is_over()
                and any(p in self.humans for p in game.to_act())):
            raise Notice("It is your turn: the agents play only the other seats (make your move, or end your "
                         "turn).")
        for _ in range(10_000):
            if game.is_over() or game.turn_number() != start:
                return
            if (not game.is_chance() and self.humans is not None
                    and any(p in self.humans for p in game.to_act())):
                return
            step(game, self.agent_for)
            self.marks.note(game)
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
        except Notice as exc:
            self.message.value = f"<span style='color:#e65100'>{html.escape(str(exc))}</span>"
        self.run_agents()
        self.refresh()

    def _button(self, action: Action) -> w.Button:
        """The button of ``action``: made once and kept while the action comes back (a new widget is a
        message to the page: remaking every button at every click cost most of a click's answer)."""
        cache = self.__dict__.setdefault("_buttons", {})
        button = cache.get(action)
        tooltip = self.action_tooltip(action)
        if button is not None:
            button.tooltip = tooltip
            return button
        if len(cache) > 2_000:
            cache.clear()
        button = w.Button(description=action.describe(), tooltip=tooltip, layout=w.Layout(width="auto", height="auto"))
        button.on_click(lambda _: self.play(action))
        cache[action] = button
        return button

    def action_tooltip(self, action: Action) -> str:
        """A button's tooltip: its description (games add the card's text)."""
        return action.describe()

    # ----- showing ------------------------------------------------------------------------
    def refresh(self) -> None:
        game = self.game
        viewer = self.viewer
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
        if not chance and not game.is_over():
            self.odds_seen = odds_now(game, viewer if self.humans is not None else None)
        self._show_chance(chance)
        mine = self.human_actions()
        svg = self.board_svg()
        self.board.layout.display = "block" if svg else "none"
        targets = {a: self.action_targets(a) for a in mine} if svg else {}
        if svg:
            self.board.show(svg, sorted({t for ts in targets.values() for t in ts}))
        if chance or not any(self.choice_box.children):
            self.choice_box.children = ()
        buttons = {a: self._button(a) for a in mine}
        self.actions_box.children = tuple(buttons.values())  # every button, for scripts and tests
        self.action_rows.children = self._rows(mine, buttons)
        direct = [a for a in mine if not targets.get(a)] if svg else []
        self.direct_rows.children = self._rows(direct, buttons)
        self.all_actions.layout.display = "block" if mine else "none"
        self.all_actions.set_title(0, f"Every legal action ({len(mine)})" if svg else "Actions")
        if not svg:
            self.all_actions.selected_index = 0
        anytime = {} if chance else {p: a for p, a in game.out_of_turn_actions().items()
                                     if self.humans is None or p in self.humans}
        rows = [w.HTML(f"<b>Out of turn</b> (at any time) &middot; player {p}:") for p in anytime]
        self.anytime_box.children = tuple(x for p, row in zip(anytime, rows, strict=True)
                                          for x in (row, w.HBox([self._button(a) for a in anytime[p]],
                                                                layout=w.Layout(flex_flow="row wrap"))))
        over = game.is_over()
        self.agent_step_button.disabled = over
        self.agent_turn_button.disabled = over
        self.undo_button.disabled = not game.num_actions
        self.save_button.disabled = viewer is not None
        self.save_button.tooltip = ("a save holds every hidden card: switch to the teacher view to save"
                                    if viewer is not None else "the JSON save of this game")
        if viewer is not None:
            self.save_text.value = ""
        self.save_text.layout.display = "none" if viewer is not None else "block"
        seat = self.log_filter.value
        self.log_view.value = log_html(self.marks.groups(game, viewer), None if seat == -1 else seat)
        # the header changes last, so a page that sees it change has every other part up to date
        turn = html.escape(self.turn_text())
        self.header.value = f"<b>{turn}</b> &middot; {status} &middot; {game.num_actions} actions"
        for listener in self.listeners:
            listener(game)

    def _rows(self, actions: list[Action], buttons: Mapping[Action, w.Button]) -> tuple[w.Widget, ...]:
        """The buttons in a row per kind of action; the rows of a list of actions seen before are reused."""
        cache = self.__dict__.setdefault("_row_cache", {})
        key = tuple(actions)
        if key in cache:
            return cache[key]
        if len(cache) > 300:
            cache.clear()
        rows = []
        for kind, group in group_actions(actions):
            row = w.HBox([w.HTML(f"<b>{html.escape(kind)}</b>:", layout=w.Layout(min_width="110px"))]
                         + [buttons[a] for a in group], layout=w.Layout(flex_flow="row wrap"))
            row.add_class("tablerules-action-group")
            rows.append(row)
        cache[key] = tuple(rows)
        return cache[key]

    def _show_chance(self, chance: bool) -> None:
        """The pending chance step (roll it; in referee mode, type in the real result) and the odds through
        the roll; in a seat view a card drawn is never listed (the list would show what the deck holds)."""
        game = self.game
        report = self.report
        if report is not None and not chance:
            lines = [t for t in game.log_lines(self.viewer)[report.start:report.end] if t is not None]
            self.roll_view.value = roll_html(report.odds, lines)
        elif chance and self.odds_seen and is_die_roll(game):
            self.roll_view.value = roll_html(self.odds_seen, waiting="the dice are yours to roll")
        else:
            self.roll_view.value = ""
        self.chance_box.layout.display = "flex" if chance else "none"
        if not chance:
            self.outcome_pick.options = []
            return
        step_ = game.chance_step()
        die = is_die_roll(game)
        self.chance_text.value = f"<b>{html.escape(step_.description if step_ else 'chance')}</b>"
        listed = self.referee.value and (die or self.viewer is None)
        self.outcome_pick.options = outcome_options(game, game.chance_outcomes()) if listed else []
        self.outcome_pick.layout.display = self.apply_outcome_button.layout.display = (
            "flex" if listed else "none")
        self.reroll_button.layout.display = "flex" if self.referee.value else "none"
        self.roll_button.description = "Roll the dice" if die else "Draw (seeded)"
        self.reroll_button.description = "Re-roll" if die else "Draw afresh"
        self.outcome_pick.description = "Rolled:" if die else "Drawn:"
        if self.referee.value and not die and self.viewer is not None:
            self.chance_text.value += (" &middot; <i>to type in a card drawn at a real table, use the teacher view "
                                       "(the list of what may be drawn shows what the deck holds)</i>")

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)
