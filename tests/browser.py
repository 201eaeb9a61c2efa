"""Browser test harness: serve a notebook with Voila on 127.0.0.1, drive it with Playwright in
Debian's chromium (never ``playwright install``), screenshots into ``tests/screenshots/``."""

from __future__ import annotations

import atexit
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
from typing import IO

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
        time.sleep(0.1)
    raise TimeoutError(f"voila did not listen on port {port} within {timeout} s")


# ----- shared per test process: one Voila server per notebook folder, one chromium ---------------------
# Starting Voila (a Jupyter server) and chromium costs seconds of CPU each; a test only needs a fresh kernel
# (Voila starts one per page load) and a fresh browser context (no cookies or storage shared), so the servers
# and the browser are started on first use and kept until the end of the test session (``shutdown``, called
# by the session fixture in conftest.py). Under pytest-xdist every worker has its own, on its own free port.
_servers: dict[Path, tuple[subprocess.Popen, str]] = {}
_logs: list[IO[str]] = []
_chromium: dict[str, object] = {}


def _worker() -> str:
    return os.environ.get("PYTEST_XDIST_WORKER", "main")


def voila_server(folder: Path) -> str:
    """The base URL of this process's Voila server for the notebooks in ``folder`` (started on first use)."""
    folder = folder.resolve()
    running = _servers.get(folder)
    if running is not None and running[0].poll() is None:
        return running[1]
    voila_bin = shutil.which("voila", path=str(Path(sys.executable).parent)) or "voila"
    env = dict(os.environ, MPLBACKEND="module://matplotlib_inline.backend_inline")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    out = (SCREENSHOTS / f"voila-{folder.name}-{_worker()}.log").open("w")
    _logs.append(out)
    for attempt in range(3):  # a free port can be taken by another test worker before Voila binds it
        port = free_port()
        proc = subprocess.Popen(
            [voila_bin, str(folder), f"--port={port}", "--no-browser", "--Voila.ip=127.0.0.1",
             "--show_tracebacks=True", "--Voila.port_retries=0"],  # never serve on a port next to the one asked
            cwd=folder, stdout=out, stderr=subprocess.STDOUT, env=env)
        try:
            wait_for_port(port, proc)
            break
        except RuntimeError:  # Voila exited: the port was taken
            if attempt == 2:
                raise
        except BaseException:
            _stop(proc)
            raise
    _servers[folder] = (proc, f"http://127.0.0.1:{port}/")
    return _servers[folder][1]


@contextlib.contextmanager
def voila(notebook: Path, log: Path | None = None) -> Iterator[str]:
    """The URL that renders ``notebook`` with Voila (a new kernel runs it on every page load). The server is
    shared by every test of the process; its log is ``tests/screenshots/voila-<folder>-<worker>.log`` (``log``
    is kept for the callers written when every test started its own server)."""
    yield f"{voila_server(notebook.parent)}voila/render/{notebook.name}"


def _browser() -> object:
    browser = _chromium.get("browser")
    if browser is not None and browser.is_connected():
        return browser
    from playwright.sync_api import expect, sync_playwright

    # a widget's answer can take seconds on a busy machine (CI with both cores on tests): expect() waits
    # up to 30 s for its condition instead of 5 s (no cost when the condition holds at once)
    expect.set_options(timeout=30_000)
    if "playwright" not in _chromium:
        _chromium["playwright"] = sync_playwright().start()
    _chromium["browser"] = _chromium["playwright"].chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                                                  headless=True)
    return _chromium["browser"]


# Voila's own request to stop the kernel when a page is left lacks the XSRF token (Voila answers 403), and
# culling idle kernels is no good (Voila counts no connection for a page, so it would stop one in use): the
# test's page asks for it, with the token, before the page is closed.
_SHUTDOWN_KERNEL = """async () => {
    const config = document.getElementById("jupyter-config-data");
    if (!config) return;
    const { baseUrl, kernelId } = JSON.parse(config.textContent);
    let xsrf = (document.cookie.match(/(?:^|; )_xsrf=([^;]*)/) || [])[1];
    if (!xsrf) {  // Voila sets no XSRF cookie: any value the cookie and the header agree on will do
        xsrf = Array.from(crypto.getRandomValues(new Uint8Array(16)), b => b.toString(16).padStart(2, "0")).join("");
        document.cookie = `_xsrf=${xsrf}; path=/`;
    }
    await fetch(`${baseUrl}voila/api/shutdown/${kernelId}`,
                { method: "POST", headers: { "X-XSRFToken": decodeURIComponent(xsrf) } });
}"""


@contextlib.contextmanager
def chromium_page() -> Iterator[object]:
    """A page in a new browser context (nothing shared with other tests) of this process's chromium."""
    context = _browser().new_context(viewport={"width": 1200, "height": 1600})
    try:
        page = context.new_page()
        page.set_default_timeout(120_000)
        yield page
    finally:
        with contextlib.suppress(Exception):  # the page's kernel is not needed any more
            page.evaluate(_SHUTDOWN_KERNEL)
        with contextlib.suppress(Exception):
            context.close()


def _stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def shutdown() -> None:
    """Stop this process's Voila servers and chromium (the end of the test session)."""
    for proc, _ in _servers.values():
        _stop(proc)
    _servers.clear()
    for out in _logs:
        out.close()
    _logs.clear()
    browser = _chromium.pop("browser", None)
    with contextlib.suppress(Exception):
        if browser is not None:
            browser.close()
    playwright = _chromium.pop("playwright", None)
    if playwright is not None:
        playwright.stop()


atexit.register(shutdown)  # also when the session ends without its fixtures' teardown


def screenshot(page: object, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def click_until_turn_passes(page: object, panel: str, prefer: list[str], max_clicks: int = 60, turn: int = 0) -> None:
    """In a step-through panel (CSS class ``panel``), press the first button whose label contains an entry
    of ``prefer`` (in that order of preference) until the header no longer says turn ``turn``."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from playwright.sync_api import expect

    header = page.locator(".tablerules-header").first
    clicks = misses = 0
    while f"turn {turn} " in header.inner_text() and clicks < max_clicks:
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
    expect(header).not_to_contain_text(f"turn {turn} ")


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
    # a save made in the panel loads (in the teacher view: a save holds every hidden card, so a seat view has none)
    expect(root.locator("button.tablerules-save-button")).to_be_disabled()
    root.locator(".tablerules-view button", has_text="teacher view").click()
    check_save_and_load(root, header, any_action(root))
    root.locator(".tablerules-view button", has_text="seat view").click()
    # a worked example from its button, with a breakdown
    root.locator("button.tablerules-example").click()
    expect(root).to_contain_text("worked example:")
    expect(root.locator(".tablerules-breakdown", has_text=example_text).first).to_be_visible()
    expect(root.locator(".tablerules-rulebox").first).to_be_visible()
    # a card's text on hover, and on click
    check_card_text(page, root.locator(".tablerules-state .tablerules-card, .tablerules-card").first)


def any_action(root: object) -> object:
    """Something to click that plays an action: a button under the board or of the action rows if there is one
    (end the turn, pass...), else a part of the board that has an action."""
    buttons = root.locator(".tablerules-direct-actions button:visible, .tablerules-actions button:visible")
    return buttons.first if buttons.count() else root.locator(".tablerules-target").first


def check_save_and_load(root: object, header: object, play_on: object) -> None:
    """The panel's save holds the history; after ``play_on`` is clicked, loading it brings the saved header back."""
    from playwright.sync_api import expect

    root.locator("button.tablerules-save-button").click()
    saved = header.inner_text()
    expect(root.locator(".tablerules-save textarea")).to_have_value(re.compile(r'"history"'))
    play_on.click()
    expect(header).not_to_have_text(saved)
    root.locator("button.tablerules-load-button").click()
    expect(header).to_have_text(saved)
    expect(root).to_contain_text("loaded:")


def check_card_text(page: object, card: object) -> None:
    """A card's (or room's) text is hidden, shows on hover, hides when the mouse leaves, and shows on click."""
    from playwright.sync_api import expect

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
    check_card_text(page, root.locator(".tablerules-state .tablerules-card").first)
    # the crawl opens on the roll for the first player (p. 4): roll it, then a player's buttons appear
    root.locator("button:visible", has_text=re.compile("Roll")).first.click()
    expect(header).not_to_contain_text("rolling for the first player")  # the roll has landed
    expect(root.locator(".tablerules-target, .tablerules-actions button:visible").first).to_be_visible()
    check_save_and_load(root, header, any_action(root))
    root.locator("button.tablerules-example").click()
    expect(root).to_contain_text("worked example:")
    expect(root.locator(".tablerules-monsters")).to_contain_text("Shrieking Geek")
    expect(root.locator(".tablerules-monsters")).to_contain_text("Padded Cell")


# ----- issue 11's panel pieces and item 9's staging, per step-through notebook ----------------------------
PANELS = {  # notebook: panel class, text of a breakdown in its first worked example, its odds
    "munchkin_step_through": ("tablerules-munchkin", "Drooling Slime +4 against elf", "escapes every monster"),
    "quest_step_through": ("tablerules-quest", "Shrieking Geek +6 against warrior", "the munchkins win"),
    "smallworld_step_through": ("tablerules-smallworld", "cost", "P(success)"),
    "kragmortha_step_through": ("tablerules-kragmortha", "hand limit", "reaches the desk"),
    "baldursgate_step_through": ("tablerules-baldur", "next event", "event "),
}


def label(options: tuple[tuple[str, str], ...], value: str) -> str:
    return next(text for text, v in options if v == value)


Staging = tuple[dict, dict, list[tuple[str, str]]]  # seats' fields, the table's fields, (where, what) shown


def munchkin_staging() -> Staging:
    """The helper example staged by hand: a level-3 fighter in Flaming Armour, an elf at level 4, the Drooling
    Slime at the door (the fight is on)."""
    from tablerules.munchkin.cards import load_cards
    from tablerules.widgets.staging import card_options

    cards = list(load_cards().values())
    seats = {0: {"level": 3, "carried": [label(card_options(cards), "flaming_armour")]},
             1: {"level": 4, "race": label(card_options(cards), "elf")}}
    return seats, {"monster": label(card_options(cards), "drooling_slime")}, [
        (".tablerules-fight", "Drooling Slime"), (".tablerules-sheets", "Flaming Armour"),
        (".tablerules-sheets td.level >> nth=0", "3"), (".tablerules-header", "combat")]


def quest_staging() -> Staging:
    """A level-5 munchkin next to the Padded Cell, the Shrieking Geek standing in it."""
    from tablerules.quest.tiles import load_monsters, load_rooms

    room = next(r for r in load_rooms().rooms if r.id == "padded_cell")
    geek = next(m for m in load_monsters() if m.id == "shrieking_geek")
    table = {"room_N": f"{room.name} {room.name_zh}", "monster": f"{geek.name} {geek.name_zh} (level {geek.level})"}
    return {0: {"level": 5}}, table, [(".tablerules-monsters", "Shrieking Geek"),
                                      (".tablerules-monsters", "Padded Cell"),
                                      (".tablerules-sheets td.level >> nth=0", "5")]


def smallworld_staging() -> Staging:
    """Ratmen and Alchemist for player 0, holding region 3 with 4 tokens."""
    from tablerules.smallworld.game import SmallWorld

    probe = SmallWorld({"players": 3})
    r, p = probe.races["Ratmen"], probe.powers["Alchemist"]
    region = probe.board.regions[3]
    where = f"region 3 ({region.terrain}{', border' if region.border else ''})"
    seats = {0: {"race": f"{r.name} {r.name_zh}", "power": f"{p.name} {p.name_zh}", "regions": [where],
                 "tokens": 4}}
    return seats, {}, [(".tablerules-hand[data-seat='0'] >> xpath=..", "Ratmen")]


def kragmortha_staging() -> Staging:
    """Player 0's goblin on d4."""
    from tablerules.kragmortha.game import Kragmortha

    b = Kragmortha({"players": 4}).board
    sq = next(q for q in range(b.rows * b.cols) if b.label(q) == "d4")
    return {0: {"square": f"d4 ({b.kinds[sq]})"}}, {}, [("[data-target='square:d4']", "0")]


def baldur_staging() -> Staging:
    """Player 0 with an assassin face up (the A♠) and a hand of 2♣ and 5♥."""
    return ({0: {"heroes": ["A♠ (assassin)"], "hand": ["2♣", "5♥"]}}, {},
            [(".tablerules-hand[data-seat='0']", "2♣"), (".tablerules-hand[data-seat='0']", "5♥"),
             (".tablerules-hand[data-seat='0'] >> xpath=..", "assassin")])


STAGING = {"munchkin_step_through": munchkin_staging, "quest_step_through": quest_staging,
           "smallworld_step_through": smallworld_staging, "kragmortha_step_through": kragmortha_staging,
           "baldursgate_step_through": baldur_staging}


def check_step_through_panel(page: object, notebook: str) -> None:
    """Issue 11, per game, on a step-through page already used to play a turn (one Voila kernel for both): a
    card's text on hover and click, a breakdown of the key number in the worked example (a fight where the
    game has fights) with its exact odds, another seat's hand hidden in seat view, a save made in the panel
    loads, a worked example loads from its button; item 9: a position staged with the set-up form shows."""
    from playwright.sync_api import expect

    panel, breakdown, odds = PANELS[notebook]
    expect(page.locator(f".{panel} .tablerules-header").first).to_contain_text("Stage", timeout=240_000)
    check_panel_pieces(page, panel, breakdown)
    expect(page.locator(f".{panel} .tablerules-odds").first).to_contain_text(odds)
    screenshot(page, f"after_{notebook}")
    seats, table, shown = STAGING[notebook]()
    stage_in_panel(page, panel, seats, table)
    for where, text in shown:
        expect(page.locator(f".{panel} {where}").first).to_contain_text(text)
    screenshot(page, f"staged_{notebook}")
