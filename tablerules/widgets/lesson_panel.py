"""A lesson in a notebook: each step's table (the game's own board, seen from the learner's seat), the
rule it teaches in English and in the rulebook's Chinese, one question, and the engine's answer with why.

The step's position comes from the game's scenario API and its answer from the engine when the step is
shown (:mod:`tablerules.lessons`). Hints, try again, skip, back and next; a teacher view shows the answer
and its breakdown before anyone answers (for projecting a step); the learner's progress downloads as a
small JSON file for the teacher.
"""

from __future__ import annotations

import base64
import html
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from ..core.actions import Action
from ..core.protocol import Game
from ..lessons.check import Shown, Verdict, check, show
from ..lessons.model import Kind, Lesson, Step, load_lesson
from ..lessons.practice import Setting, question
from ..lessons.progress import Progress
from .pieces import STYLE
from .stepper import StepThrough

GAME_TITLES = {"munchkin": "Munchkin", "quest": "Munchkin Quest", "baldursgate": "Baldur's Gate",
               "smallworld": "Small World", "kragmortha": "Kragmortha"}
SEEDS = {"munchkin": "000", "quest": "001", "baldursgate": "002", "smallworld": "003", "kragmortha": "004"}

LESSON_STYLE = """<style>
.tablerules-lesson .tr-rule {background:#fffde7;border-left:6px solid #f9a825;padding:8px 14px;margin:6px 0;
  font-size:17px;line-height:1.5}
.tablerules-lesson .tr-rule .zh {font-size:19px;color:#4e342e}
.tablerules-lesson .tr-prompt {font-size:20px;font-weight:bold;margin:10px 0 4px}
.tablerules-lesson .tr-verdict {font-size:18px;padding:8px 14px;border-radius:8px;margin:6px 0}
.tablerules-lesson .tr-right {background:#e8f5e9;border:2px solid #2e7d32}
.tablerules-lesson .tr-wrong {background:#ffebee;border:2px solid #c62828}
.tablerules-lesson .tr-teacher {background:#e3f2fd;border:2px dashed #1565c0}
.tablerules-lesson .tr-hint {background:#f3e5f5;border-left:6px solid #8e24aa;padding:6px 12px;font-size:17px}
.tablerules-lesson h2 {margin:4px 0}
</style>"""


def game_panel(game: Game, seat: int, quiz: bool) -> StepThrough:
    """The game's own step-through panel on ``game``, frozen as a lesson's table: nobody moves by themselves,
    ``quiz`` hides the numbers the question asks for."""
    if game.name == "munchkin":
        from .munchkin_widgets import MunchkinPanel as cls
    elif game.name == "quest":
        from .quest_panel import QuestPanel as cls
    elif game.name == "smallworld":
        from .smallworld_panel import SmallWorldPanel as cls
    elif game.name == "baldursgate":
        from .baldur_panel import BaldurPanel as cls
    elif game.name == "kragmortha":
        from .kragmortha_panel import KragmorthaPanel as cls
    else:
        raise KeyError(f"no lesson table for {game.name!r}")
    table = type(f"Lesson{cls.__name__}", (cls,), {"frozen": True, "quiz": quiz})
    if game.name == "kragmortha":
        return table(players=game.num_players(), seat=seat, seed=game.seed, game=game)
    return table(game, humans=(seat,))


def escape_lines(lines: tuple[str, ...] | list[str]) -> str:
    return "<ul>" + "".join(f"<li>{html.escape(line)}</li>" for line in lines) + "</ul>"


class LessonPanel:
    """Step through ``lesson`` (a :class:`Lesson` or a game's name for its bundled basics lesson)."""

    def __init__(self, lesson: Lesson | str, start: int = 0) -> None:
        self.lesson = load_lesson(lesson) if isinstance(lesson, str) else lesson
        self.progress = Progress(self.lesson.game, self.lesson.name)
        self.index = -1
        self.shown: Shown | None = None
        self.table: StepThrough | None = None
        self.verdict: Verdict | None = None
        self.heading = w.HTML()
        self.bar = w.IntProgress(min=0, max=len(self.lesson.steps), value=0, bar_style="success",
                                 layout=w.Layout(width="60%"))
        self.counter = w.HTML()
        self.rule = w.HTML()
        self.table_box = w.VBox()
        self.table_box.add_class("tablerules-lesson-table")
        self.prompt = w.HTML()
        self.number = w.IntText(description="Your answer:", style={"description_width": "initial"},
                                layout=w.Layout(width="240px"))
        self.options = w.ToggleButtons(options=[], value=None, style={"button_width": "auto"})
        self.odds = w.IntSlider(value=50, min=0, max=100, step=1, description="Your estimate:",
                                readout_format="d", style={"description_width": "initial"},
                                layout=w.Layout(width="520px"))
        self.odds_unit = w.HTML("%")
        self.check_button = w.Button(description="Check my answer", icon="check", button_style="primary",
                                     layout=w.Layout(width="auto"))
        self.check_button.on_click(lambda _: self.answer())
        self.answer_row = w.HBox()
        for widget, css in ((self.number, "number"), (self.options, "options"), (self.odds, "odds"),
                            (self.check_button, "check"), (self.answer_row, "answer")):
            widget.add_class(f"tablerules-lesson-{css}")
        self.feedback = w.HTML()
        self.feedback.add_class("tablerules-lesson-feedback")
        self.hint_button = w.Button(description="Hint", icon="lightbulb-o")
        self.retry_button = w.Button(description="Try again", icon="undo")
        self.skip_button = w.Button(description="Skip", icon="forward")
        self.back_button = w.Button(description="Back", icon="arrow-left")
        self.next_button = w.Button(description="Next step", icon="arrow-right", button_style="success")
        self.hint_button.on_click(lambda _: self.hint())
        self.retry_button.on_click(lambda _: self.retry())
        self.skip_button.on_click(lambda _: self.skip())
        self.back_button.on_click(lambda _: self.go(self.index - 1))
        self.next_button.on_click(lambda _: self.go(self.index + 1))
        self.teacher = w.ToggleButton(value=False, description="Teacher view: show the answer", icon="eye",
                                      layout=w.Layout(width="auto"))
        self.teacher.observe(lambda _change: self.show_teacher(), names="value")
        self.teacher_box = w.HTML()
        self.name = w.Text(placeholder="your name (only this goes in the file)", description="Name:",
                           layout=w.Layout(width="340px"))
        self.export_button = w.Button(description="Save my progress", icon="download", layout=w.Layout(width="auto"))
        self.export_button.on_click(lambda _: self.export())
        self.download = w.HTML()
        self.listeners: list[Callable[[], None]] = []
        for widget, css in ((self.hint_button, "hint"), (self.retry_button, "retry"), (self.skip_button, "skip"),
                            (self.back_button, "back"), (self.next_button, "next"), (self.teacher, "teacher")):
            widget.add_class(f"tablerules-lesson-{css}")
        nav = w.HBox([self.hint_button, self.retry_button, self.skip_button, self.back_button, self.next_button])
        self.widget = w.VBox([
            w.HTML(STYLE + LESSON_STYLE), self.heading, w.HBox([self.bar, self.counter]), self.rule,
            self.table_box, self.prompt, self.answer_row, self.feedback, nav,
            w.HBox([self.teacher]), self.teacher_box, w.HBox([self.name, self.export_button]), self.download])
        self.widget.add_class("tablerules-lesson")
        self.go(start)

    # ----- moving through the lesson ------------------------------------------------------------
    @property
    def step(self) -> Step:
        return self.shown.step

    def count(self) -> int | None:
        """How many steps there are (None: endless)."""
        return len(self.lesson.steps)

    def make(self, index: int) -> Shown:
        """Step ``index`` on the table, its answer computed."""
        return show(self.lesson, self.lesson.steps[index])

    def go(self, index: int) -> None:
        """Show step ``index`` afresh (its position is set up again, its answer computed again)."""
        count = self.count()
        if index < 0 or (count is not None and index >= count):
            return
        self.index = index
        self.shown = self.make(index)
        step = self.step
        self.verdict = None
        self.table = game_panel(self.shown.game, step.seat, quiz=step.question.kind is not Kind.ACT)
        if step.question.kind is Kind.ACT:
            self.table.intercept = self.acted
        else:
            self.table.intercept = self.looked
        self.table.view_toggle.value = "seat"
        parts: list[w.Widget] = [self.table.board, self.table.choice_box]
        if self.table.lesson_state:
            parts.append(self.table.state_view)
        if step.question.kind is Kind.ACT:
            parts += [self.table.direct_rows, self.table.anytime_box, self.table.message]
        self.table_box.children = tuple(parts)
        self.heading.value = (f"<h2>{html.escape(self.lesson.title)}</h2><h3>Step {index + 1}: "
                              f"{html.escape(step.title)}</h3>")
        self.rule.value = self.rule_html(step)
        self.prompt.value = f"<div class='tr-prompt'>{html.escape(step.question.prompt)}</div>"
        self.feedback.value = ""
        self.set_answer_row()
        self.show_teacher()
        self.update_counter()
        for listener in self.listeners:
            listener()

    def rule_html(self, step: Step) -> str:
        """The rule in English, the seed's own words and where they are in the rulebook."""
        seed = SEEDS.get(self.lesson.game, "")
        example = (f"<div><i>The rulebook's own example: {html.escape(step.example)}</i></div>"
                   if step.example else "")
        zh = (f"<br><span class='zh'>「{html.escape(step.rule.zh)}」</span> <small>(rulebook: "
              f"{html.escape(step.rule.section)}{', seed ' + seed if seed else ''})</small>" if step.rule.zh else "")
        return f"<div class='tr-rule'><b>The rule.</b> {html.escape(step.rule.en)}{zh}{example}</div>"

    def set_answer_row(self) -> None:
        kind = self.step.question.kind
        if kind is Kind.NUMBER:
            self.number.value = 0
            self.answer_row.children = (self.number, self.check_button)
        elif kind is Kind.CHOICE:
            self.options.options = list(self.shown.answer.options)
            self.options.value = None
            self.answer_row.children = (w.HTML("<b>Your answer:</b>&nbsp;"), self.options, self.check_button)
        elif kind is Kind.ODDS:
            self.odds.value = 50
            self.answer_row.children = (self.odds, self.odds_unit, self.check_button)
        else:
            self.answer_row.children = (w.HTML("<i>Do it on the table above: click the board or a button.</i>"),)
        self.check_button.disabled = False

    def update_counter(self) -> None:
        done = self.progress.done()
        count = self.count()
        self.bar.value = min(done, self.bar.max)
        of = f" of {count}" if count is not None else ""
        self.counter.value = (f"&nbsp;<b>Step {self.index + 1}{of}</b> &middot; {done} answered right")
        self.back_button.disabled = self.index == 0
        self.next_button.disabled = count is not None and self.index >= count - 1

    # ----- answering ----------------------------------------------------------------------------
    def response(self) -> Any:
        kind = self.step.question.kind
        if kind is Kind.NUMBER:
            return self.number.value
        if kind is Kind.CHOICE:
            return self.options.value
        return self.odds.value / 100

    def answer(self, response: Any = None) -> Verdict | None:
        """Check the learner's answer (the input's value, or ``response``)."""
        if self.step.question.kind is Kind.ACT:
            return None
        value = self.response() if response is None else response
        if self.step.question.kind is Kind.CHOICE and value is None:
            self.feedback.value = "<div class='tr-hint'>Pick one of the answers first.</div>"
            return None
        return self.judge(value)

    def acted(self, action: Action) -> None:
        """An action was played on the table of an act question."""
        if self.verdict is not None and self.verdict.right:
            self.feedback.value += "<div class='tr-hint'>Done already: go on to the next step.</div>"
            return
        verdict = self.judge(action)
        if verdict.right and self.table is not None:
            self.table.intercept = self.looked
            self.table.game.apply(action)  # show what it does
            self.table.refresh()

    def looked(self, _action: Action) -> None:
        self.feedback.value = ("<div class='tr-hint'>This step asks a question below the table: answer it "
                               "there.</div>" if self.verdict is None or not self.verdict.right else
                               "<div class='tr-hint'>Go on to the next step.</div>")

    def judge(self, response: Any) -> Verdict:
        verdict = check(self.shown, response)
        self.verdict = verdict
        self.progress.answered(self.step.id, verdict.right)
        css = "tr-right" if verdict.right else "tr-wrong"
        more = "" if verdict.right else " Read why, then try again or ask for a hint."
        self.feedback.value = (f"<div class='tr-verdict {css}'><b>{html.escape(verdict.headline)}</b>"
                               f"{html.escape(more)}{escape_lines(verdict.why)}</div>")
        self.check_button.disabled = verdict.right
        self.update_counter()
        return verdict

    def hint(self) -> None:
        self.progress.hinted(self.step.id)
        text = self.step.hint or "Read the rule above again, then look at the table."
        self.feedback.value = f"<div class='tr-hint'><b>Hint:</b> {html.escape(text)}</div>"

    def retry(self) -> None:
        """The same step afresh (the position set up again)."""
        self.go(self.index)

    def skip(self) -> None:
        self.progress.skipped(self.step.id)
        count = self.count()
        self.go(self.index + 1 if count is None else min(self.index + 1, count - 1))

    def show_teacher(self) -> None:
        if not self.teacher.value or self.shown is None:
            self.teacher_box.value = ""
            return
        a = self.shown.answer
        self.teacher_box.value = (f"<div class='tr-verdict tr-teacher'><b>The answer: {html.escape(a.shown)}</b>"
                                  f"{escape_lines(a.why)}</div>")

    # ----- for the teacher ------------------------------------------------------------------------
    def export(self) -> str:
        """The learner's progress as JSON, offered as a file to download."""
        self.progress.name = self.name.value.strip()
        text = self.progress.to_json()
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        who = "".join(ch for ch in self.progress.name if ch.isalnum()) or "learner"
        file = f"{self.lesson.game}-{self.lesson.name}-{who}.json"
        self.download.value = (f"<a download='{html.escape(file)}' href='data:application/json;base64,{data}'>"
                               f"Download {html.escape(file)}</a> and hand it to your teacher.")
        return text

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


class PracticePanel(LessonPanel):
    """Practice mode ("quiz me"): endless questions about positions of seeded games (the same questions for
    the same seed), checked and explained like a lesson's."""

    def __init__(self, game: str, seed: int = 0, players: int = 3) -> None:
        self.setting = Setting(game, players)
        self.seed = seed
        lesson = Lesson(game, f"practice-{seed}", f"Practice: {GAME_TITLES.get(game, game)} (seed {seed})",
                        "", ())
        super().__init__(lesson)
        self.bar.max = 10  # a practice round of ten; the questions go on after it

    def count(self) -> int | None:
        return None

    def make(self, index: int) -> Shown:
        return question(self.setting, self.seed, index)

