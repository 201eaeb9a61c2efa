"""Lessons (issue 25): every step of every bundled lesson builds its position with the scenario API,
computes its answer with the engine, accepts the right answer and explains a wrong one; the lesson files
are checked against their schema and a bad file is refused naming the step and the field; the rule each
step quotes is the seed's own words; every rule family of the game has a step."""

from __future__ import annotations

import copy
import json
from fractions import Fraction
from pathlib import Path

import pytest

from tablerules.core.errors import DataError
from tablerules.docs_coverage import BY_NAME, load_sentences, normalise
from tablerules.lessons import Kind, LessonError, check, lesson_names, load_lesson, parse_lesson, show
from tablerules.lessons.common_asks import learner_actions
from tablerules.lessons.model import DATA_FOLDER
from tablerules.lessons.positions import PACKAGE
from tablerules.lessons.progress import Progress, class_summary

GAMES_WITH_LESSONS = [g for g in DATA_FOLDER if lesson_names(g)]
STEPS = [(g, n, s.id) for g in GAMES_WITH_LESSONS for n in lesson_names(g) for s in load_lesson(g, n).steps]
ROOT = Path(__file__).resolve().parent.parent


def right_response(shown):
    v = shown.answer.value
    if shown.step.question.kind is Kind.ACT:
        return sorted(v, key=lambda a: a.describe())[0]
    return float(v) if isinstance(v, Fraction) else v


def wrong_response(shown):
    kind, v = shown.step.question.kind, shown.answer.value
    if kind is Kind.NUMBER:
        return v + 1
    if kind is Kind.CHOICE:
        return next(o for o in shown.answer.options if o != v)
    if kind is Kind.ODDS:
        return 0.0 if float(v) > 0.5 else 1.0
    others = [a for a in learner_actions(shown.game, shown.step.seat) if a not in v]
    return others[0] if others else None


@pytest.mark.parametrize(("game", "name", "step_id"), STEPS)
def test_every_step_builds_answers_accepts_and_explains(game: str, name: str, step_id: str) -> None:
    lesson = load_lesson(game, name)
    step = lesson.step(step_id)
    shown = show(lesson, step)
    assert shown.game.invariants() == []
    assert shown.answer.why and all(line.strip() for line in shown.answer.why)
    if step.question.kind is Kind.CHOICE:
        assert shown.answer.value in shown.answer.options and len(shown.answer.options) >= 2
    if step.question.kind is Kind.ACT:
        assert shown.answer.value and all(a in learner_actions(shown.game, step.seat) for a in shown.answer.value)
    verdict = check(shown, right_response(shown))
    assert verdict.right and verdict.headline.startswith("Right")
    wrong = wrong_response(shown)
    if wrong is not None:
        verdict = check(shown, wrong)
        assert not verdict.right and "the answer is" in verdict.headline and verdict.why
    again = show(lesson, step)  # the same position and answer every time it is shown
    assert again.answer.value == shown.answer.value and again.game.state_dict() == shown.game.state_dict()


@pytest.mark.parametrize("game", GAMES_WITH_LESSONS)
def test_each_step_quotes_the_seed_sentences_it_names(game: str) -> None:
    sentences = {s.id: s for s in load_sentences(BY_NAME[game])}
    for name in lesson_names(game):
        for step in load_lesson(game, name).steps:
            assert step.rule.sentences, step.id
            texts = "".join(normalise(sentences[i].text) for i in step.rule.sentences)
            assert normalise(step.rule.zh) in texts, step.id
            # rule sentences, or the lines of a worked example (left out of the coverage: a test replays it whole)
            assert all(sentences[i].rule or "worked" in sentences[i].excluded for i in step.rule.sentences), step.id


@pytest.mark.parametrize("game", GAMES_WITH_LESSONS)
def test_every_rule_family_has_a_step(game: str) -> None:
    # common helpers and the invariant checks (smallworld/rules/checks.py) are not rule families
    families = {p.stem for p in (ROOT / "tablerules" / PACKAGE[game] / "rules").glob("*.py")} - {
        "__init__", "common", "checks"}
    taught = {s.rule.family for n in lesson_names(game) for s in load_lesson(game, n).steps}
    assert taught <= families, f"steps name families that do not exist: {taught - families}"
    assert families <= taught, f"rule families without a step: {sorted(families - taught)}"


def _munchkin() -> dict:
    return json.loads((ROOT / "data" / "munchkin" / "lessons" / "basics.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize(("change", "where", "reason"), [
    (lambda d: d["steps"][1]["position"]["setup"].append({"call": "give_everything"}), "position.setup[3].call",
     "not a setter"),
    (lambda d: d["steps"][1]["position"]["setup"].append({"call": "set_level", "args": [0]}), "position.setup[3]",
     "missing a required argument"),
    (lambda d: d["steps"][1]["question"].update(ask="dragon_size"), "question.ask", "has no ask"),
    (lambda d: d["steps"][1]["question"].update(kind="odds"), "question.kind", "answers a number question"),
    (lambda d: d["steps"][1]["question"].update(args={"turns": 3}), "question.args", "unexpected keyword"),
    (lambda d: d["steps"][2].update(id=d["steps"][1]["id"]), "id", "two steps have this id"),
])
def test_a_bad_lesson_is_refused_naming_the_step_and_field(change, where: str, reason: str) -> None:
    data = _munchkin()
    change(data)
    with pytest.raises(LessonError) as err:
        parse_lesson(data, "bad.json")
    message = str(err.value)
    assert "bad.json" in message and where in message and reason in message, message
    assert "step '" in message


def test_a_lesson_breaking_its_schema_names_the_field() -> None:
    data = _munchkin()
    del data["steps"][0]["question"]["prompt"]
    with pytest.raises(DataError, match=r"bad.json: at \$\.steps\[0\]\.question: 'prompt' is a required property"):
        parse_lesson(data, "bad.json")
    data = _munchkin()
    data["steps"][0]["question"]["answer"] = 7  # answers are computed, never written in the file
    with pytest.raises(DataError, match="answer"):
        parse_lesson(data, "bad.json")


def test_a_position_the_rules_cannot_hold_is_named_with_its_step() -> None:
    data = _munchkin()
    data["steps"][1]["position"]["setup"].append({"call": "set_level", "args": [0, 10]})
    lesson = parse_lesson(data, "bad.json")
    with pytest.raises(ValueError, match="step 'your-strength': the position cannot be set up"):
        show(lesson, lesson.steps[1])


def test_progress_round_trips_and_sums_up_a_class() -> None:
    p = Progress("munchkin", "basics", "Ana")
    p.answered("a", False)
    p.hinted("a")
    p.answered("a", True)
    p.answered("b", True)
    p.skipped("c")
    again = Progress.from_json(p.to_json())
    assert again == p and again.done() == 2
    (row,) = class_summary([("ana.json", p.to_json())])
    assert row == {"name": "Ana", "lesson": "munchkin/basics", "right": 2, "first try": 1, "skipped": 1, "hints": 1}
    assert set(json.loads(p.to_json())) == {"format", "game", "lesson", "name", "steps"}  # nothing else kept
    with pytest.raises(DataError, match="not a lesson progress file"):
        Progress.from_json('{"game": "munchkin"}', "x.json")
    broken = copy.deepcopy(json.loads(p.to_json()))
    broken["steps"][0]["mood"] = "happy"
    with pytest.raises(DataError, match=r"x.json: at \$\.steps"):
        Progress.from_json(json.dumps(broken), "x.json")


def test_the_lessons_table_in_the_docs_is_up_to_date() -> None:
    from tablerules.lessons.docs import main

    assert main(["--check"]) == 0, "run: python -m tablerules.lessons.docs"
