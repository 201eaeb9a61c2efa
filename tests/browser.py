"""Browser test harness: serve a notebook with Voila on 127.0.0.1, drive it with Playwright in
Debian's chromium (never ``playwright install``), screenshots into ``tests/screenshots/``."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("TABLERULES_CHROMIUM", "/usr/bin/chromium")
SCREENSHOTS = ROOT / "tests" / "screenshots"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def require_browser() -> None:
    """Skip (locally) or fail (in CI) when chromium or playwright is missing."""
    missing = None
    if not Path(CHROMIUM).exists():
        missing = f"no chromium at {CHROMIUM} (apt-get install chromium)"
    else:
        try:
            import playwright.sync_api  # noqa: F401
        except ImportError:
            missing = "playwright is not installed (pip install playwright)"
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"browser tests must run in CI: {missing}")
        pytest.skip(missing)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, proc: subprocess.Popen, timeout: float = 90.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"voila exited with code {proc.returncode}")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=1):
            return
        time.sleep(0.3)
    raise TimeoutError(f"voila did not listen on port {port} within {timeout} s")


@contextlib.contextmanager
def voila(notebook: Path, log: Path) -> Iterator[str]:
    """Serve ``notebook`` with Voila on a free loopback port; yield its URL."""
    port = free_port()
    voila_bin = shutil.which("voila", path=str(Path(sys.executable).parent)) or "voila"
    env = dict(os.environ, MPLBACKEND="module://matplotlib_inline.backend_inline")
    log.parent.mkdir(parents=True, exist_ok=True)
    with log.open("w") as out:
        proc = subprocess.Popen(
            [voila_bin, str(notebook), f"--port={port}", "--no-browser", "--Voila.ip=127.0.0.1",
             "--show_tracebacks=True"],
            cwd=notebook.parent, stdout=out, stderr=subprocess.STDOUT, env=env)
        try:
            wait_for_port(port, proc)
            yield f"http://127.0.0.1:{port}/"
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()


@contextlib.contextmanager
def chromium_page() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            page = browser.new_page(viewport={"width": 1200, "height": 1600})
            page.set_default_timeout(120_000)
            yield page
        finally:
            browser.close()


def screenshot(page: object, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def click_until_turn_passes(page: object, panel: str, prefer: list[str], max_clicks: int = 60) -> None:
    """In a step-through panel (CSS class ``panel``), press the first button whose label contains an entry
    of ``prefer`` (in that order of preference) until the header no longer says turn 0."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from playwright.sync_api import expect

    header = page.locator(".tablerules-header").first
    clicks = misses = 0
    while "turn 0 " in header.inner_text() and clicks < max_clicks:
        before = header.inner_text()
        buttons = page.locator(f".{panel} button:visible")
        for _ in range(100):  # new buttons are rendered asynchronously after the header changes
            names = [b.strip() for b in buttons.all_inner_texts()]
            choice = next((n for p in prefer for n in names if p in n), None)
            if choice is not None:
                break
            page.wait_for_timeout(200)
        assert choice is not None, f"no button to press among {names}"
        try:
            buttons.filter(has_text=choice).first.click(timeout=15_000)
        except PlaywrightTimeout:  # the buttons were redrawn between reading and pressing: read them again
            misses += 1
            assert misses <= 5, f"the button {choice!r} kept disappearing before it could be pressed"
            continue
        expect(header).not_to_have_text(before)  # the panel updates its header last
        clicks += 1
    expect(header).not_to_contain_text("turn 0 ")


def check_panel_pieces(page: object, panel: str, example_text: str, other_seat: int = 1) -> None:
    """The shared panel pieces of issue 11, in a step-through panel (CSS class ``panel``) already on screen:
    another seat's hand is not in the page in seat view (only a count) and is in the teacher view; a save made
    in the panel loads (after an undo, the game is back where it was saved); a worked example loads from its
    button and shows a "why this number" breakdown containing ``example_text``; a card's text appears on hover
    and on click."""
    from playwright.sync_api import expect

    root = page.locator(f".{panel}").first
    header = root.locator(".tablerules-header").first
    other = root.locator(f".tablerules-hand[data-seat='{other_seat}']").first
    expect(other).to_contain_text("hidden")
    expect(other.locator(".tablerules-card")).to_have_count(0)
    root.locator(".tablerules-view button", has_text="teacher view").click()
    expect(other).not_to_contain_text("hidden")
    root.locator(".tablerules-view button", has_text="seat view").click()
    expect(other).to_contain_text("hidden")
    # a save made in the panel loads
    root.locator("button.tablerules-save-button").click()
    saved = header.inner_text()
    save_box = root.locator(".tablerules-save textarea")
    expect(save_box).to_have_value(re.compile(r'"history"'))
    root.locator(".tablerules-actions button:visible").first.click()  # play on after the save
    expect(header).not_to_have_text(saved)
    root.locator("button.tablerules-load-button").click()
    expect(header).to_have_text(saved)
    expect(root).to_contain_text("loaded:")
    # a worked example from its button, with a breakdown
    root.locator("button.tablerules-example").click()
    expect(root).to_contain_text("worked example:")
    expect(root.locator(".tablerules-breakdown", has_text=example_text).first).to_be_visible()
    expect(root.locator(".tablerules-rulebox").first).to_be_visible()
    # a card's text on hover, and on click
    card = root.locator(".tablerules-state .tablerules-card, .tablerules-card").first
    text = card.locator(".tablerules-card-text")
    expect(text).to_be_hidden()
    card.hover()
    expect(text).to_be_visible()
    page.mouse.move(0, 0)
    expect(text).to_be_hidden()
    card.click()
    expect(text).to_be_visible()


def stage_in_panel(page: object, panel: str, seats: dict[int, dict[str, object]], table: dict[str, object]) -> None:
    """Issue 11 item 9: open the panel's "Set up a position" form, fill it in as a teacher would (a number
    typed in, a choice or cards picked by their label) and press "Stage this position"."""
    from playwright.sync_api import expect

    root = page.locator(f".{panel}").first
    root.get_by_text("Set up a position (scenario)").click()
    form = root.locator(".tablerules-scenario").first
    expect(form).to_be_visible()

    def fill(box: object, value: object) -> None:
        if isinstance(value, int):
            field = box.locator("input").first
            field.fill(str(value))
            field.press("Enter")
        else:
            box.locator("select").first.select_option(label=value)

    for seat, fields in seats.items():
        form.locator(".widget-tab .lm-TabBar-tab, .widget-tab .p-TabBar-tab", has_text=f"player {seat}").click()
        for key, value in fields.items():
            fill(form.locator(f".tablerules-seat-{seat} .tablerules-field-{key}"), value)
    for key, value in table.items():
        fill(form.locator(f".tablerules-scenario-table .tablerules-field-{key}"), value)
    form.locator("button.tablerules-stage-button").click()
    expect(root).to_contain_text("a position set up by hand")


def check_crawl_panel(page: object) -> None:
    """The dungeon crawl's panel (``tablerules-crawl``), which has no hands, no hidden cards and no fights: a
    room's text on hover and click, a save made in the panel loads, the worked example loads from its button
    and shows its monster with the card text."""
    from playwright.sync_api import expect

    root = page.locator(".tablerules-crawl").first
    header = root.locator(".tablerules-header").first
    expect(header).to_contain_text("Stage", timeout=120_000)
    expect(root.locator(".tablerules-rulebox").first).to_contain_text("seeds/001_")
    card = root.locator(".tablerules-state .tablerules-card").first
    text = card.locator(".tablerules-card-text")
    expect(text).to_be_hidden()
    card.hover()
    expect(text).to_be_visible()
    page.mouse.move(0, 0)
    expect(text).to_be_hidden()
    card.click()
    expect(text).to_be_visible()
    root.locator("button.tablerules-save-button").click()
    saved = header.inner_text()
    expect(root.locator(".tablerules-save textarea")).to_have_value(re.compile(r'"history"'))
    root.locator(".tablerules-actions button:visible").first.click()
    expect(header).not_to_have_text(saved)
    root.locator("button.tablerules-load-button").click()
    expect(header).to_have_text(saved)
    expect(root).to_contain_text("loaded:")
    root.locator("button.tablerules-example").click()
    expect(root).to_contain_text("worked example:")
    expect(root.locator(".tablerules-monsters")).to_contain_text("Shrieking Geek")
    expect(root.locator(".tablerules-monsters")).to_contain_text("Padded Cell")
