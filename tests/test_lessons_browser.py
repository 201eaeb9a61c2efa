"""Each lesson taken from its first step to its last in Voila + chromium by clicking (issue 25): numbers
typed, outcomes picked, odds set on the slider, actions done on the board; the first question is answered
wrong once, and its explanation is photographed (tests/screenshots/lesson_<game>_first_question.png)."""

from __future__ import annotations

import pytest
from browser import ROOT, chromium_page, require_browser, screenshot, voila

from tablerules.lessons import Kind, lesson_names
from tablerules.widgets.lesson_panel import LessonPanel

pytestmark = pytest.mark.browser
GAMES = [g for g in ("munchkin", "quest", "smallworld", "baldursgate", "kragmortha")
         if lesson_names(g) and (ROOT / "notebooks" / "lessons" / f"{g}.ipynb").exists()]


def _answer(page, panel: LessonPanel, right: bool = True) -> None:
    """Answer the step now shown (``panel`` is the same lesson in this process, for the engine's answer)."""
    root = page.locator(".tablerules-lesson").first
    a, kind = panel.shown.answer, panel.step.question.kind
    if kind is Kind.NUMBER:
        box = root.locator(".tablerules-lesson-number input")
        box.fill(str(a.value if right else a.value + 1))
        box.press("Tab")
    elif kind is Kind.CHOICE:
        label = a.value if right else next(o for o in a.options if o != a.value)
        root.locator(".tablerules-lesson-options button", has_text=label).first.click()
    elif kind is Kind.ODDS:
        handle = root.locator(".tablerules-lesson-odds .noUi-handle")
        handle.focus()
        handle.press("Home")
        for _ in range(round(float(a.value) * 100) if right else 0):
            handle.press("ArrowRight")
    if kind is not Kind.ACT:
        root.locator(".tablerules-lesson-check").click()
        return
    action = sorted(a.value, key=lambda x: x.describe())[0]
    targets = [t for t in panel.table.action_targets(action) if t in panel.table.board.active]
    if targets:
        root.locator(f".tablerules-target[data-target='{targets[0]}'] .tablerules-shape").first.click()
        sharing = [x for x in panel.table.human_actions() if targets[0] in panel.table.action_targets(x)]
        if len(sharing) > 1:  # the part stands for several actions: they are offered under the board
            words = getattr(panel.table, "action_text", type(action).describe)(action)  # the panel's own words
            root.locator(".tablerules-choice button:visible", has_text=words).first.click()
    else:
        root.locator("button:visible", has_text=action.describe()).first.click()


def next_step(root, number: int) -> None:
    """Click "Next step" and wait for step ``number``. A click that lands while the page shifts under it (the table
    redrawn after an answer) can be lost, so it is clicked once more if the old step still shows after 20 s (a step
    normally comes in about a second). A second click that did arrive too would show step ``number + 1`` and fail
    the next check: it can never make the test pass."""
    from playwright.sync_api import expect

    button = root.locator(".tablerules-lesson-next")
    button.click()
    try:
        expect(root).to_contain_text(f"Step {number} of", timeout=20_000)
    except AssertionError:
        expect(root).to_contain_text(f"Step {number - 1} of")
        button.click()


@pytest.mark.parametrize("game", GAMES)
def test_a_lesson_from_start_to_end_by_clicking(game: str) -> None:
    require_browser()
    from playwright.sync_api import expect

    panel = LessonPanel(game)
    notebook = ROOT / "notebooks" / "lessons" / f"{game}.ipynb"
    with voila(notebook) as url, chromium_page() as page:
        page.goto(url, wait_until="domcontentloaded")
        root = page.locator(".tablerules-lesson").first
        feedback = root.locator(".tablerules-lesson-feedback")
        expect(root).to_contain_text("Step 1 of", timeout=180_000)
        first_question = next(i for i, s in enumerate(panel.lesson.steps) if s.question.kind is not Kind.ACT)
        for i in range(len(panel.lesson.steps)):
            # a step is set up afresh in the kernel (a Quest panel with its odds): seconds, more on a loaded machine
            expect(root).to_contain_text(f"Step {i + 1} of", timeout=120_000)
            if i == first_question:
                _answer(page, panel, right=False)
                expect(feedback).to_contain_text("Not quite")
                expect(feedback).to_contain_text(f"the answer is {panel.shown.answer.shown}")
                screenshot(page, f"lesson_{game}_first_question")
            try:
                _answer(page, panel)
                expect(feedback).to_contain_text("Right")
            except Exception as exc:
                screenshot(page, f"lesson_{game}_failed_at_{panel.step.id}")
                raise AssertionError(f"step {panel.step.id}: {exc}") from exc
            if i + 1 < len(panel.lesson.steps):
                next_step(root, i + 2)
                panel.go(i + 1)
        expect(root).to_contain_text(f"{len(panel.lesson.steps)} answered right")
        screenshot(page, f"lesson_{game}_last_step")
