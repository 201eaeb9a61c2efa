"""Notebooks driven in a real browser (headless chromium) through Voila."""

from __future__ import annotations

import re

import pytest
from browser import ROOT, SCREENSHOTS, chromium_page, require_browser, screenshot, voila

pytestmark = pytest.mark.browser


def test_start_here_combat_slider_updates_exact_odds() -> None:
    require_browser()
    from playwright.sync_api import expect

    notebook = ROOT / "notebooks" / "00_start_here.ipynb"
    with voila(notebook, SCREENSHOTS / "voila-start-here.log") as url, chromium_page() as page:
        page.goto(url, wait_until="domcontentloaded")
        result = page.locator(".tablerules-combat-result")
        # 6 + d6 against 6 + d6: the munchkins win only with the higher die, 15/36 = 5/12
        expect(result).to_contain_text("5/12", timeout=180_000)
        expect(result).to_contain_text("41.67%")
        chart = page.locator(".tablerules-combat-chart img, img.tablerules-combat-chart").first
        before = chart.get_attribute("src")
        slider = page.locator(".widget-slider", has_text="Munchkin strength")
        handle = slider.locator(".noUi-handle")
        handle.focus()
        handle.press("ArrowRight")  # strength 6 -> 7: 7 + d6 > 6 + d6 in 21 of 36 cases = 7/12
        expect(result).to_contain_text("7/12")
        expect(result).to_contain_text("58.33%")
        expect(slider.locator(".widget-readout")).to_have_text(re.compile(r"^\s*7\s*$"))
        expect(chart).not_to_have_attribute("src", before or "")  # the chart was redrawn
        screenshot(page, "start_here_combat_widget")
