"""The lesson panel and practice mode (issue 25): a lesson goes from its first step to its last with the
right answers, a wrong answer is explained, the teacher view shows the answer first, the learner's
progress downloads as JSON, the table is the learner's seat view with the asked numbers hidden, and
practice questions are endless, reproducible by seed, and explained by the rule that refuses each wrong
option."""

from __future__ import annotations

import base64
import json
import re

import pytest

from tablerules.lessons import Kind, check, load_lesson
from tablerules.lessons.practice import Setting, question
from tablerules.widgets.lesson_panel import LessonPanel, PracticePanel
from tablerules.widgets.pagetext import page_text, raw_bits


def answer_right(panel: LessonPanel) -> None:
    a = panel.shown.answer
    kind = panel.step.question.kind
    if kind is Kind.ACT:
        panel.table.play(sorted(a.value, key=lambda x: x.describe())[0])
    elif kind is Kind.ODDS:
        panel.odds.value = round(float(a.value) * 100)
        panel.check_button.click()
    elif kind is Kind.CHOICE:
        panel.options.value = a.value
        panel.check_button.click()
    else:
        panel.number.value = a.value
        panel.check_button.click()


@pytest.mark.parametrize("game", ["munchkin", "smallworld", "quest", "kragmortha", "baldursgate"])
def test_a_lesson_from_start_to_end_with_the_right_answers(game: str) -> None:
    panel = LessonPanel(game)
    steps = len(panel.lesson.steps)
    for i in range(steps):
        assert panel.index == i
        answer_right(panel)
        assert panel.verdict is not None and panel.verdict.right, panel.step.id
        text = page_text(panel.widget)
        assert raw_bits(text) == [], (panel.step.id, raw_bits(text))
        assert "Right:" in text
        panel.next_button.click()
    assert panel.progress.done() == steps and panel.bar.value == steps
    assert f"Step {steps} of {steps}" in panel.counter.value and panel.next_button.disabled


def test_a_wrong_number_is_explained_with_the_breakdown_and_a_retry_starts_afresh() -> None:
    panel = LessonPanel("munchkin", start=1)  # your strength: level 4 and three items
    assert panel.step.id == "your-strength"
    panel.number.value = 4
    panel.check_button.click()
    text = page_text(panel.widget)
    assert "Not quite: you said 4; the answer is 10." in text
    assert "level +4, Sneaky Bastard Sword +2, Flaming Armour +2, Boots of Butt-Kicking +2" in text
    panel.hint_button.click()
    assert "Add the bonus printed on each item" in page_text(panel.widget)
    panel.retry_button.click()
    assert panel.feedback.value == "" and panel.index == 1
    rec = panel.progress.steps["your-strength"]
    assert (rec.attempts, rec.hints, rec.right) == (1, 1, False)


def test_the_table_hides_the_asked_totals_but_shows_the_cards() -> None:
    panel = LessonPanel("munchkin", start=1)
    svg = panel.table.board.svg
    assert "Sneaky Bastard Sword" in svg and "Harpies" in svg
    assert "Munchkins: 10" not in svg and "strength" not in svg and "Work out both totals" in svg
    act = LessonPanel("munchkin", start=5)  # an act step: the fight is shown whole
    assert act.step.question.kind is Kind.ACT and "Munchkins: 2" in act.table.board.svg


def test_an_act_step_refuses_a_legal_but_wrong_action_and_plays_the_right_one() -> None:
    panel = LessonPanel("munchkin", start=5)  # a potion turns the fight
    right = next(iter(panel.shown.answer.value))
    wrong = next(a for a in panel.table.human_actions() if a not in panel.shown.answer.value)
    before, played = panel.table.game.state_dict(), panel.table.game.num_actions
    panel.table.play(wrong)
    assert not panel.verdict.right and panel.table.game.state_dict() == before  # nothing happened
    assert "does not do what this step asks" in page_text(panel.widget)
    panel.table.play(right)
    assert panel.verdict.right and panel.table.game.num_actions == played + 1  # played, to be seen


def test_a_question_step_does_not_let_the_table_move() -> None:
    panel = LessonPanel("munchkin", start=1)
    before = panel.table.game.state_dict()
    for action in panel.table.human_actions()[:3]:
        panel.table.play(action)
    assert panel.table.game.state_dict() == before
    assert "answer it there" in panel.feedback.value


def test_the_teacher_view_shows_the_answer_before_anyone_answers() -> None:
    panel = LessonPanel("munchkin", start=6)  # running away: 1/2
    assert panel.teacher_box.value == ""
    panel.teacher.value = True
    assert "The answer: 1/2 (about 50%)" in panel.teacher_box.value
    panel.go(7)
    assert "The answer: 2" in panel.teacher_box.value  # it stays on from step to step


def test_progress_downloads_as_a_small_json_file_with_the_typed_name_only() -> None:
    panel = LessonPanel("munchkin")
    answer_right(panel)
    panel.next_button.click()
    panel.skip_button.click()
    panel.name.value = "Mei Lin"
    text = panel.export()
    data = json.loads(text)
    assert data["name"] == "Mei Lin" and data["lesson"] == "basics"
    assert [(s["step"], s["right"], s["skipped"]) for s in data["steps"]] == [
        ("kick-the-door", True, False), ("your-strength", False, True)]
    link = re.search(r"href='data:application/json;base64,([^']+)'", panel.download.value)
    assert json.loads(base64.b64decode(link.group(1))) == data
    assert "munchkin-basics-MeiLin.json" in panel.download.value


def test_practice_is_reproducible_by_seed_and_endless() -> None:
    first = [question(Setting("munchkin"), 5, i) for i in range(6)]
    again = [question(Setting("munchkin"), 5, i) for i in range(6)]
    assert [q.step.question.prompt for q in first] == [q.step.question.prompt for q in again]
    assert [q.answer.value for q in first] == [q.answer.value for q in again]
    assert [q.game.state_dict() for q in first] == [q.game.state_dict() for q in again]
    assert len({q.step.question.prompt for q in first}) >= 2  # more than one kind of question
    other = [question(Setting("munchkin"), 6, i).game.state_dict() for i in range(3)]
    assert other != [q.game.state_dict() for q in first[:3]]


def test_practice_wrong_options_are_refused_by_a_named_rule() -> None:
    found = 0
    for i in range(12):
        q = question(Setting("munchkin"), 2, i)
        if q.step.question.ask != "legal":
            continue
        found += 1
        legal = {a.describe() for a in q.game.legal_actions(q.step.seat)}
        assert q.answer.value in legal
        wrong = [o for o in q.answer.options if o != q.answer.value]
        assert wrong and not any(o in legal for o in wrong)
        assert all("the rule on" in line for line in q.answer.why[1:])
        assert not check(q, wrong[0]).right and check(q, q.answer.value).right
    assert found


def test_the_practice_panel_goes_on_past_any_count() -> None:
    panel = PracticePanel("munchkin", seed=1)
    for _ in range(3):
        answer_right(panel)
        assert panel.verdict.right
        panel.next_button.click()
    assert panel.index == 3 and not panel.next_button.disabled and "of" not in panel.counter.value.split("Step")[1]
    assert raw_bits(page_text(panel.widget)) == []


def test_the_lesson_steps_load_in_rulebook_order() -> None:
    ids = [s.id for s in load_lesson("munchkin").steps]
    assert ids[0] == "kick-the-door" and len(ids) == len(set(ids))


@pytest.mark.parametrize("game", ["munchkin", "quest", "smallworld", "baldursgate", "kragmortha"])
def test_practice_works_for_every_game(game: str) -> None:
    """Practice mode on all five games: questions of more than one kind, the same for the same seed, each with
    an explanation; the engine's answer is accepted, and the panel shows no raw Python on the page."""
    from fractions import Fraction

    asked = [question(Setting(game), 7, i) for i in range(6)]
    assert len({q.step.question.ask for q in asked}) >= 2
    assert [q.answer.value for q in asked] == [question(Setting(game), 7, i).answer.value for i in range(6)]
    for q in asked:
        v = q.answer.value
        right = (sorted(v, key=lambda a: a.describe())[0] if isinstance(v, frozenset)
                 else float(v) if isinstance(v, Fraction) else v)
        assert q.answer.why and check(q, right).right
    panel = PracticePanel(game, seed=7)
    answer_right(panel)
    assert panel.verdict.right and raw_bits(page_text(panel.widget)) == []
