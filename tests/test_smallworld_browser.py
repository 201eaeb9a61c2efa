"""The Small World step-through notebook driven in a real browser (headless chromium) through Voila."""

from __future__ import annotations

import time

import pytest
from browser import (
    ROOT,
    SCREENSHOTS,
    check_step_through_panel,
    chromium_page,
    click_until_turn_passes,
    require_browser,
    screenshot,
    voila,
)

pytestmark = pytest.mark.browser


def test_smallworld_step_through_plays_a_turn_with_the_buttons() -> None:
    require_browser()
    from playwright.sync_api import expect

    notebook = ROOT / "notebooks" / "smallworld_step_through.ipynb"
    prefer = ["Roll the dice", "picks", "conquers", "ends the conquests", "places", "ends the turn",
              "makes peace with nobody"]
    with voila(notebook, SCREENSHOTS / "voila-smallworld.log") as url, chromium_page() as page:
        page.goto(url, wait_until="domcontentloaded")
        header = page.locator(".tablerules-header").first
        expect(header).to_contain_text("pick", timeout=180_000)
        # with the map on screen the actions it stands for are folded under "Every legal action": unfold them
        page.locator(".tablerules-smallworld .tablerules-all-actions").get_by_text("Every legal action").first.click()
        click_until_turn_passes(page, "tablerules-smallworld", prefer, max_clicks=40)
        expect(page.locator(".tablerules-log").first).to_contain_text("player")
        screenshot(page, "smallworld_step_through")
        check_step_through_panel(page, "smallworld_step_through")


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def test_smallworld_board_plays_an_ordinary_turn_in_six_clicks() -> None:
    """Issue 23: seat 0 plays by clicking the map (a combo card, then regions), the few steps without a place on
    the map with the buttons under it (ready the troops, end the conquests, end the turn). An ordinary turn
    after the first pick takes at most 6 clicks; each click's answer is timed."""
    require_browser()
    from playwright.sync_api import expect

    notebook = ROOT / "notebooks" / "smallworld_step_through.ipynb"
    with voila(notebook, SCREENSHOTS / "voila-smallworld.log") as url, chromium_page() as page:
        page.goto(url, wait_until="domcontentloaded")
        root = page.locator(".tablerules-smallworld").first
        header = root.locator(".tablerules-header").first
        expect(header).to_contain_text("pick", timeout=180_000)
        board = root.locator(".tablerules-board").first
        expect(board.locator("[data-target='region:0']")).to_have_count(1)
        expect(board.locator(".tablerules-target[data-target^='combo:']")).to_have_count(6)
        root.screenshot(path=str(SCREENSHOTS / "smallworld-board-before.png"))  # the whole panel
        times: list[float] = []
        done: list[str] = []

        def click(locator: object) -> None:
            before = header.inner_text()
            name = locator.get_attribute("data-target") or locator.inner_text()
            start = time.perf_counter()
            if name.startswith(("region:", "combo:")):  # where a person clicks: on the region's number
                box = locator.locator("text").first.bounding_box()
                page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            else:
                locator.click()
            expect(header).not_to_have_text(before)
            times.append(time.perf_counter() - start)
            done.append(name)

        def button(text: str) -> object:
            return root.locator(".tablerules-direct-actions button:visible", has_text=text)

        def play_turn(turn: int, combo: int) -> int:
            clicks = conquered = 0
            while f"turn {turn} " in header.inner_text() and clicks < 20:
                page.wait_for_timeout(50)  # the board and buttons follow the header
                if root.locator("button:visible", has_text="Roll the dice").count():
                    click(root.locator("button:visible", has_text="Roll the dice").first)
                elif board.locator(".tablerules-target[data-target^='combo:']").count():
                    click(board.locator(f"[data-target='combo:{combo}']"))
                elif "conquer" in header.inner_text():
                    regions = board.locator(".tablerules-target[data-target^='region:']")
                    names = [regions.nth(k).get_attribute("data-target") for k in range(regions.count())]
                    conquests = [n for n in names if "Conquer now" in board.locator(
                        f"[data-target='{n}'] > title").first.text_content()]
                    if button("readies the troops").count():
                        click(button("readies the troops").first)
                    elif conquests and conquered < 2:
                        click(board.locator(f"[data-target='{conquests[0]}']"))
                        conquered += 1
                    else:
                        click(button("ends the conquests").first)
                else:  # redeployment: the whole hand to one region, then end the turn
                    regions = board.locator(".tablerules-target[data-target^='region:']")
                    click(regions.first if regions.count() else button("ends the turn").first)
                clicks += 1
            expect(header).not_to_contain_text(f"turn {turn} ")
            return clicks

        play_turn(0, combo=3)  # the first turn: Commando Wizards, the fourth card
        expect(header).to_contain_text("to act: player 0")
        turn = int(header.inner_text().split("turn ")[1].split()[0])
        done.clear()
        ordinary = play_turn(turn, combo=3)
        root.screenshot(path=str(SCREENSHOTS / "smallworld-board-after.png"))
        p90 = _percentile(times, 0.9)
        print(f"\nSmall World board: ordinary turn {ordinary} clicks; click answers p50 "
              f"{_percentile(times, 0.5):.3f} s, p90 {p90:.3f} s, max {max(times):.3f} s over {len(times)} clicks")
        assert ordinary <= 6, done
        assert "conquers region" in root.locator(".tablerules-log").first.inner_text()
