"""Notebooks driven in a real browser (headless chromium) through Voila."""

from __future__ import annotations

import re

import pytest
from browser import (
    ROOT,
    SCREENSHOTS,
    check_crawl_panel,
    check_panel_pieces,
    chromium_page,
    click_until_turn_passes,
    require_browser,
    screenshot,
    stage_in_panel,
    voila,
)

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


def test_quest_movement_roll_and_move_the_monsters_where_the_engine_says() -> None:
    """The monster-movement widget moves the monsters where the engine says; on the same page (one Voila
    server) the dungeon crawl's panel passes the issue-11 checks that apply to it (no hands, no fights)."""
    require_browser()
    import random

    from playwright.sync_api import expect

    from tablerules.core.data import data_path
    from tablerules.quest.dungeon import Dungeon
    from tablerules.quest.geometry import MONSTER_DIE, Colour
    from tablerules.quest.movement import monster_turn

    engine = Dungeon.load(data_path("quest", "dungeons", "movement_examples.json"))
    rolled = random.Random(1).choice(MONSTER_DIE)  # the widget's die is seeded with 1
    monster_turn(engine, rolled)
    after_roll = {m.id: m.room for m in engine.monsters.values()}
    monster_turn(engine, Colour.GREEN)
    after_green = {m.id: m.room for m in engine.monsters.values()}

    notebook = ROOT / "notebooks" / "quest_monster_movement.ipynb"
    with voila(notebook, SCREENSHOTS / "voila-quest.log") as url, chromium_page() as page:
        page.goto(url, wait_until="domcontentloaded")
        table = page.locator(".tablerules-monster-rooms")
        expect(table.locator("td[data-monster='gimpy']")).to_have_text("R8", timeout=180_000)
        page.get_by_role("button", name="Roll the monster die").click()
        expect(page.locator(".tablerules-move-log")).to_contain_text(f"Rolled {rolled.value}")
        for monster, room in after_roll.items():
            expect(table.locator(f"td[data-monster='{monster}']")).to_have_text(room)
        page.locator(".widget-dropdown", has_text="Colour:").locator("select").select_option(label="green")
        page.get_by_role("button", name="Move the monsters").click()
        expect(page.locator(".tablerules-move-log")).to_contain_text("Rolled green")
        for monster, room in after_green.items():
            expect(table.locator(f"td[data-monster='{monster}']")).to_have_text(room)
        screenshot(page, "quest_monster_movement")
        check_crawl_panel(page)
        screenshot(page, "after_quest_crawl_panel")


def test_munchkin_step_through_plays_a_turn_with_the_buttons() -> None:
    require_browser()
    from playwright.sync_api import expect

    notebook = ROOT / "notebooks" / "munchkin_step_through.ipynb"
    # what to click, in order of preference, until the turn has passed to the next player
    prefer = ["Roll the dice", "Draw (seeded)",
              "gives up and runs", "rolls to run away", "loots the room", "ends the turn",
              "gives up", "takes", "(charity)", "gives ", "kicks open the door", "is ready"]
    with voila(notebook, SCREENSHOTS / "voila-munchkin.log") as url, chromium_page() as page:
        page.goto(url, wait_until="domcontentloaded")
        header = page.locator(".tablerules-header").first
        expect(header).to_contain_text("character creation", timeout=180_000)
        page.get_by_role("button", name="player 0 is ready").click()
        expect(header).to_contain_text("kick open the door")
        page.get_by_role("button", name="player 0 kicks open the door").click()
        click_until_turn_passes(page, "tablerules-munchkin", prefer, max_clicks=40)
        expect(page.locator(".tablerules-log").first).to_contain_text("kicks open the door")
        screenshot(page, "munchkin_step_through")


def test_kragmortha_step_through_plays_a_turn_with_the_buttons() -> None:
    """Issue 14: seat 0 plays a movement card from the buttons and draws (a chance step from the roll
    button); the agents' seats follow and the turn passes."""
    require_browser()
    from playwright.sync_api import expect

    notebook = ROOT / "notebooks" / "kragmortha_step_through.ipynb"
    with voila(notebook) as url, chromium_page() as page:
        page.goto(url, wait_until="domcontentloaded")
        root = page.locator(".tablerules-kragmortha").first
        header = root.locator(".tablerules-header").first
        expect(header).to_contain_text("Stage: play", timeout=180_000)  # the notebook has placed the goblins
        expect(header).to_contain_text("turn 1 ")
        click_until_turn_passes(page, "tablerules-kragmortha", ["player 0 plays", "Roll the dice"], max_clicks=10,
                                turn=1)
        # the agents' seats played after seat 0 (the log shows its latest lines) and it is seat 0's turn again
        expect(root.locator(".tablerules-log").first).to_contain_text("player 3 ")
        expect(header).to_contain_text("to act: player 0")
        screenshot(page, "kragmortha_step_through")


def test_baldursgate_step_through_plays_a_turn_with_the_buttons() -> None:
    """Issue 13: the first-turn card face down, the rock-paper-scissors and the draws from the chance buttons,
    then seat 0 bids (or drops out), acts with its heroes and ends its turn: the turn passes."""
    require_browser()
    from playwright.sync_api import expect

    notebook = ROOT / "notebooks" / "baldursgate_step_through.ipynb"
    prefer = ["Roll the dice", "Draw (seeded)", "face down for the first turn", "drops out of the auction",
              "ends the turn without recruiting", "ends the turn", "bids"]
    with voila(notebook) as url, chromium_page() as page:
        page.goto(url, wait_until="domcontentloaded")
        root = page.locator(".tablerules-baldur").first
        header = root.locator(".tablerules-header").first
        expect(header).to_contain_text("first player", timeout=180_000)
        click_until_turn_passes(page, "tablerules-baldur", prefer, max_clicks=40)
        expect(root.locator(".tablerules-log").first).to_contain_text("player 0")
        screenshot(page, "baldursgate_step_through")


def test_quest_step_through_plays_a_turn_with_the_buttons() -> None:
    require_browser()
    from playwright.sync_api import expect

    notebook = ROOT / "notebooks" / "quest_step_through.ipynb"
    prefer = ["Roll the dice", "Draw (seeded)",
              "I'm rolling", "passes", "will run to", "rolls to escape", "explores", "loses",
              "takes the curse", "(charity)", "base", "draws no monster", "ends the turn", "is ready"]
    with voila(notebook, SCREENSHOTS / "voila-quest-game.log") as url, chromium_page() as page:
        page.goto(url, wait_until="domcontentloaded")
        header = page.locator(".tablerules-header").first
        expect(header).to_contain_text("character creation", timeout=180_000)
        expect(page.locator("img.tablerules-dungeon").first).to_be_visible()
        click_until_turn_passes(page, "tablerules-quest", prefer)
        expect(page.locator(".tablerules-log").first).to_contain_text("monster turn")
        screenshot(page, "quest_step_through")


PANELS = [  # notebook, panel class, text of a breakdown in its first worked example, more checks
    ("munchkin_step_through", "tablerules-munchkin", "Drooling Slime +4 against elf", "escapes every monster"),
    ("quest_step_through", "tablerules-quest", "Shrieking Geek +6 against warrior", "the munchkins win"),
    ("smallworld_step_through", "tablerules-smallworld", "cost", "P(success)"),
    ("kragmortha_step_through", "tablerules-kragmortha", "hand limit", "reaches the desk"),
    ("baldursgate_step_through", "tablerules-baldur", "next event", "event "),
]


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
    return {0: {"square": f"d4 ({b.kinds[sq]})"}}, {}, [("td[title='d4']", "G0")]


def baldur_staging() -> Staging:
    """Player 0 with an assassin face up and a hand of 2C and 5H."""
    return ({0: {"heroes": ["AS (assassin)"], "hand": ["2C", "5H"]}}, {},
            [(".tablerules-hand[data-seat='0']", "2C"), (".tablerules-hand[data-seat='0']", "5H"),
             (".tablerules-hand[data-seat='0'] >> xpath=..", "assassin")])


STAGING = {"munchkin_step_through": munchkin_staging, "quest_step_through": quest_staging,
           "smallworld_step_through": smallworld_staging, "kragmortha_step_through": kragmortha_staging,
           "baldursgate_step_through": baldur_staging}


@pytest.mark.parametrize(("notebook", "panel", "breakdown", "odds"), PANELS, ids=[p[0] for p in PANELS])
def test_panel_card_text_breakdown_seat_view_save_and_worked_example(notebook: str, panel: str, breakdown: str,
                                                                     odds: str) -> None:
    """Issue 11, per game: a card's text on hover and click, a breakdown of the key number in the worked
    example (a fight where the game has fights) with its exact odds, another seat's hand hidden in seat view,
    a save made in the panel loads, a worked example loads from its button."""
    require_browser()
    from playwright.sync_api import expect

    with voila(ROOT / "notebooks" / f"{notebook}.ipynb", SCREENSHOTS / f"voila-{notebook}.log") as url, \
            chromium_page() as page:
        page.goto(url, wait_until="domcontentloaded")
        expect(page.locator(f".{panel} .tablerules-header").first).to_contain_text("Stage", timeout=240_000)
        check_panel_pieces(page, panel, breakdown)
        expect(page.locator(f".{panel} .tablerules-odds").first).to_contain_text(odds)
        screenshot(page, f"after_{notebook}")
        if notebook in STAGING:  # item 9: a position staged with the set-up form shows in the page
            seats, table, shown = STAGING[notebook]()
            stage_in_panel(page, panel, seats, table)
            for where, text in shown:
                expect(page.locator(f".{panel} {where}").first).to_contain_text(text)
            screenshot(page, f"staged_{notebook}")
