"""Issue 11 item 9: a teacher stages a position in a panel without code (the set-up form over each game's
scenario API), and the panel shows it."""

from __future__ import annotations

from tablerules.munchkin.game import MunchkinGame
from tablerules.quest.game import QuestGame
from tablerules.widgets import MunchkinPanel, QuestPanel


def test_munchkin_form_stages_the_helper_example() -> None:
    """请求帮助 (seed 000): "an elf helps you against the Drooling Slime, +4 against elves": staged with the
    form (levels, race, an item in play, a card in hand, the monster at the door), the fight is on."""
    panel = MunchkinPanel(MunchkinGame({"players": 3}, seed=1))
    form = panel.scenario
    form.set("level", 3, seat=0)
    form.set("carried", ["flaming_armour"], seat=0)
    form.set("hand", ["go_up_a_level"], seat=0)
    form.set("race", "elf", seat=1)
    form.set("level", 4, seat=1)
    form.set("monster", "drooling_slime")
    form.button.click()
    game = panel.game
    assert panel.staged and form.message.value == "staged"
    assert game.stage() == "combat" and game.combat.fighter == 0
    assert game.players[0].level == 3 and game.players[1].level == 4
    assert game.card(game.state.players[1].race).name == "Elf"
    assert [game.card(c).name for c in game.state.players[0].carried] == ["Flaming Armour"]
    assert "Drooling Slime" in panel.state_view.value and "Flaming Armour" in panel.state_view.value
    assert "combat" in panel.header.value
    assert panel.save() == ""  # a position set up by hand is not a replay: not saved


def test_munchkin_form_reports_a_position_the_rules_cannot_hold() -> None:
    panel = MunchkinPanel(MunchkinGame({"players": 3}, seed=1))
    before = panel.game
    panel.scenario.set("turn", 4)  # 3 players: no player 4
    panel.scenario.button.click()
    assert panel.game is before and not panel.staged
    assert "no player 4" in panel.scenario.message.value


def test_quest_form_stages_a_room_a_monster_and_the_heroes() -> None:
    """Seed 001 p. 6 (探索): a room tile placed next to the entrance with a monster standing in it; the
    panel lists the monster with its room, whose Chinese text shows on hover."""
    panel = QuestPanel(QuestGame({"players": 3}, seed=1), picture=False)
    form = panel.scenario
    form.set("room_N", "padded_cell")
    form.set("monster", "shrieking_geek")
    form.set("base", "blue")
    form.set("level", 5, seat=0)
    form.set("cls", "warrior", seat=0)
    form.set("carried", ["firefighters_helmet"], seat=0)
    form.set("room", "N", seat=2)
    form.button.click()
    game = panel.game
    assert panel.staged
    assert game.heroes[0].level == 5 and game.card(game.heroes[0].cls).name == "Warrior"
    piece = next(iter(game.dungeon.monsters.values()))
    assert piece.room == "padded_cell" and piece.target.value == "blue"
    assert game.room_of(2).id == "padded_cell"
    view = panel.state_view.value
    assert "tablerules-monsters" in view and "Shrieking Geek" in view and "Padded Cell" in view
    assert "棉垫病房对战士不利" in view  # the room's text_zh
    assert "Firefighter" in view


def test_quest_form_needs_a_room_for_the_monster() -> None:
    panel = QuestPanel(QuestGame({"players": 2}, seed=1), picture=False)
    panel.scenario.set("monster", "gimpy_goblin")
    panel.scenario.set("monster_room", "E")
    panel.scenario.button.click()
    assert not panel.staged
    assert "no room is placed east of the entrance" in panel.scenario.message.value


def test_quest_room_text_zh_shows_where_the_room_is_named() -> None:
    """Issue 11 item 4: the room each munchkin stands in is a chip with the tile's English and Chinese text."""
    from tablerules.quest import scenario

    game = scenario.ready(players=2)
    scenario.room(game, "hospital", (0, -1))
    scenario.move_to(game, 1, "hospital")
    panel = QuestPanel(game, picture=False)
    assert "医院" in panel.state_view.value
    assert "回复2点生命值" in panel.state_view.value
