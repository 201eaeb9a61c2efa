"""A generic step-through panel for any game of the protocol.

It shows the stage and who acts, the state, the legal actions as buttons, the pending chance step
(roll it with the seeded dice, or pick the result rolled at a real table), buttons to let the agents
play one step or one whole turn, undo, and the event log. Each game's notebook subclasses it and
overrides :meth:`StepThrough.render_state` (or adds widgets to ``extra``) for its own picture.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence

import ipywidgets as w

from ..core.agents import Agent, agent_names, make_agent, play_turn, seat_agents, step
from ..core.errors import IllegalAction
from ..core.protocol import Action, Game


class StepThrough:
    """Step through ``game`` in a notebook; ``widget`` is the panel to display."""

    def __init__(self, game: Game, agents: Agent | Sequence[Agent] | str | None = None, title: str | None = None,
                 log_lines: int = 12, humans: Sequence[int] | None = None) -> None:
        """``humans``: the seats played with the buttons; agents play every other seat at once (and roll
        the dice on their behalf). ``None``: every seat is played with the buttons. ``agents`` may be an
        agent's name (``random``, ``heuristic``, ``mcts``: :func:`tablerules.core.agents.agent_names`); the
        panel's "Agents" menu changes them later."""
        self.game = game
        if isinstance(agents, str):
            agents = make_agent(agents, type(game), game.seed)
        self.agent_for = seat_agents(agents, game.seed)
        self.humans = None if humans is None else set(humans)
        self.last_by_human = False
        self.log_lines = log_lines
        self.listeners: list[Callable[[Game], None]] = []
        self.title = w.HTML(f"<h3>{html.escape(title or game.title or game.name)}</h3>")
        self.header = w.HTML()
        self.header.add_class("tablerules-header")
        self.state_view = w.HTML()
        self.actions_box = w.VBox()
        self.actions_box.add_class("tablerules-actions")
        self.anytime_box = w.VBox()  # what seats that are not to act may do out of turn ("at any time")
        self.anytime_box.add_class("tablerules-anytime")
        self.roll_button = w.Button(description="Roll the dice", icon="dice", button_style="info",
                                    tooltip="let the seeded dice decide the pending chance step")
        self.outcome_pick = w.Dropdown(description="Rolled:", options=[])
        self.apply_outcome_button = w.Button(description="Use this result",
                                             tooltip="apply the result rolled at a real table")
        self.chance_box = w.HBox([self.roll_button, self.outcome_pick, self.apply_outcome_button])
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
        self.run_agents()
        self.roll_button.on_click(lambda _: self._safely(self.game.roll))
        self.apply_outcome_button.on_click(lambda _: self._apply_picked())
        self.agent_step_button.on_click(lambda _: self._safely(lambda: step(self.game, self.agent_for)))
        self.agent_turn_button.on_click(lambda _: self._safely(lambda: play_turn(self.game, self.agent_for)))
        self.undo_button.on_click(lambda _: self._safely(self.game.undo))
        controls = w.HBox([self.agent_step_button, self.agent_turn_button, self.undo_button, self.agent_pick])
        self.widget = w.VBox([self.title, self.header, self.extra, self.state_view, self.chance_box,
                              self.actions_box, self.anytime_box, controls, self.message, w.HTML("<b>Log</b>"),
                              self.log_view])
        self.widget.add_class("tablerules-stepper")
        self.refresh()

    # ----- what subclasses change ---------------------------------------------------------
    def render_state(self) -> str:
        """HTML for the state; the default shows :meth:`Game.describe_state`."""
        return f"<pre>{html.escape(self.game.describe_state())}</pre>"

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
        Chance steps that follow a human's action are left to the human (roll, or type in the real roll);
        those that follow an agent's are rolled at once."""
        if self.humans is None:
            return
        game = self.game
        for _ in range(10_000):
            if game.is_over():
                return
            if game.is_chance():
                if self.last_by_human:
                    return
                game.roll()
                continue
            agents = [p for p in game.to_act() if p not in self.humans]
            if not agents:
                return
            seat = agents[0]  # in a response window the agents answer first, then the humans
            game.apply(self.agent_for(seat).choose(game, seat))
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
        button = w.Button(description=text[:60], tooltip=text, layout=w.Layout(width="auto"))
        button.on_click(lambda _: self.play(action))
        return button

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
        self.state_view.value = self.render_state()
        chance = game.is_chance()
        self.chance_box.layout.display = "flex" if chance else "none"
        if chance:
            self.outcome_pick.options = [(f"{a.describe()}  (p = {p})", a) for a, p in game.chance_outcomes()]
            self.actions_box.children = ()
        else:
            self.outcome_pick.options = []
            mine = [a for a in game.legal_actions() if self.humans is None or a.actor in self.humans]
            self.actions_box.children = tuple(self._button(a) for a in mine)
        anytime = {} if chance else {p: a for p, a in game.out_of_turn_actions().items()
                                     if self.humans is None or p in self.humans}
        rows = [w.HTML(f"<b>Out of turn</b> (at any time) &middot; player {p}:") for p in anytime]
        self.anytime_box.children = tuple(x for p, row in zip(anytime, rows, strict=True)
                                          for x in (row, w.HBox([self._button(a) for a in anytime[p]])))
        over = game.is_over()
        self.agent_step_button.disabled = over
        self.agent_turn_button.disabled = over
        self.undo_button.disabled = not game.num_actions
        lines = game.log[-self.log_lines:]
        self.log_view.value = "<br>".join(html.escape(line) for line in lines) or "<i>nothing yet</i>"
        # the header changes last, so a page that sees it change has every other part up to date
        self.header.value = f"{status} &middot; turn {game.turn_number()} &middot; {game.num_actions} actions"
        for listener in self.listeners:
            listener(game)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)
