"""The Munchkin Quest widgets, driven without a browser."""

from __future__ import annotations

import random

from tablerules.core.data import data_path
from tablerules.quest.dungeon import Dungeon
from tablerules.quest.exploration import DungeonCrawl, Explore
from tablerules.quest.forecast import distribution_after
from tablerules.quest.geometry import MONSTER_DIE, Colour
from tablerules.quest.movement import monster_turn
from tablerules.widgets import CrawlPanel, ForecastWidget, MonsterMovementWidget


def examples() -> Dungeon:
    return Dungeon.load(data_path("quest", "dungeons", "movement_examples.json"))


def test_move_button_moves_every_monster_like_the_engine() -> None:
    widget = MonsterMovementWidget(examples())
    widget.colour.value = Colour.GREEN
    widget.move_button.click()
    engine = examples()
    monster_turn(engine, Colour.GREEN)
    assert widget.positions() == {m.id: m.room for m in engine.monsters.values()}
    assert "<b>Rolled green</b>" in widget.log.value and "R8 &rarr; R5 &rarr; R1" in widget.log.value
    assert "data-monster='gimpy'>R4<" in widget.rooms.value


def test_roll_uses_the_seeded_die() -> None:
    widget = MonsterMovementWidget(examples(), seed=7)
    rolled = widget.roll()
    assert rolled == random.Random(7).choice(MONSTER_DIE) and widget.colour.value is rolled
    assert f"Rolled {rolled.value}" in widget.log.value


def test_stepping_one_room_at_a_time_then_finishing_the_turn() -> None:
    widget = MonsterMovementWidget(examples())
    widget.colour.value = Colour.GREEN
    widget.step_button.click()  # the gimpy goblin's path has 6 rooms: 5 steps
    assert widget.positions()["gimpy"] == "R8" and widget.shown == 2
    for _ in range(3):
        widget.step_button.click()
    assert widget.positions()["gimpy"] == "R8"  # still only shown, not moved
    widget.step_button.click()
    assert widget.positions()["gimpy"] == "R4" and widget.paths == {}
    widget.reset_button.click()
    assert widget.positions()["gimpy"] == "R8"


def test_forecast_widget_follows_monster_and_turns() -> None:
    widget = ForecastWidget(examples(), monster="squirrel", turns=1)
    widget.turns.value = 2
    dist = distribution_after(examples(), "squirrel", 2)
    for p in dist.values():
        assert f"<td>{p}</td>" in widget.table.value
    first = bytes(widget.picture.value)
    widget.monster.value = "gimpy"
    assert bytes(widget.picture.value) != first and "25/36" in widget.table.value


def test_crawl_panel_plays_through_buttons() -> None:
    panel = CrawlPanel(DungeonCrawl(seed=3))
    assert panel.game.stage() == "rolling for the first player"
    panel.roll_button.click()  # the dice for the first player (seed 001 p. 4)
    first = panel.game.current
    buttons = {b.description: b for b in panel.actions_box.children}
    buttons[f"player {first} explores north"].click()
    assert panel.game.history[1:] == (Explore(first, "N"),) and panel.game.is_chance()
    for _ in range(6):
        if panel.game.is_chance():
            panel.roll_button.click()
    new = next(r for r in panel.game.dungeon.rooms.values() if not r.entrance)
    assert len(panel.game.dungeon.rooms) == 2 and f'data-target="room:{new.id}"' in panel.board.svg
    assert new.name in panel.board.svg  # the crawl panel draws the same board as the whole game


def test_crawl_panel_shows_rooms_and_monsters_with_their_text_saves_and_its_worked_example() -> None:
    """Issue 11 for the crawl: room and monster chips (English and Chinese text), a save made in the panel
    loads, the worked example (p. 6, 探索) loads from its button, a rule box cites the seed file."""
    from tablerules.quest.exploration import DungeonCrawl

    panel = CrawlPanel(DungeonCrawl({"players": 2, "rounds": 6}, seed=3))
    assert "tablerules-rulebox" in panel.state_view.value and "seeds/001_" in panel.state_view.value
    assert "Entrance" in panel.state_view.value
    panel.roll_button.click()  # who goes first (p. 4: the highest die starts)
    first = panel.game.current
    buttons = {b.description: b for b in panel.actions_box.children}
    buttons[f"player {first} explores north"].click()
    saved = panel.save()
    assert '"history"' in saved
    while panel.game.is_chance():
        panel.roll_button.click()
    assert panel.game.num_actions > 2
    panel.load(saved)
    assert panel.game.num_actions == 2 and "loaded: 2 actions" in panel.message.value
    panel.example_pick.value = "exploring the Padded Cell (p. 6, 探索)"
    panel.example_button.click()
    view = panel.state_view.value
    assert "worked example" in panel.message.value
    assert "Shrieking Geek" in view and "尖叫宅男" in view and "棉垫病房对战士不利" in view
