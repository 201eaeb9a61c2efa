"""The Small World step-through notebook driven in a real browser (headless chromium) through Voila."""

from __future__ import annotations

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
        click_until_turn_passes(page, "tablerules-smallworld", prefer, max_clicks=40)
        expect(page.locator(".tablerules-log").first).to_contain_text("player")
        screenshot(page, "smallworld_step_through")
        check_step_through_panel(page, "smallworld_step_through")
