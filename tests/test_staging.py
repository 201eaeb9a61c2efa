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


def test_smallworld_form_stages_a_combo_and_its_regions() -> None:
    """Seed 003 (征服区域): a position with Ratmen/Alchemist holding two regions, three tokens in hand."""
    from tablerules.smallworld.game import SmallWorld
    from tablerules.widgets.smallworld_panel import SmallWorldPanel

    panel = SmallWorldPanel(SmallWorld({"players": 3}, seed=1), draw=False)
    form = panel.scenario
    form.set("race", "Ratmen", seat=0)
    form.set("power", "Alchemist", seat=0)
    form.set("hand", 3, seat=0)
    form.set("regions", ["3", "7"], seat=0)
    form.set("tokens", 2, seat=0)
    form.button.click()
    s = panel.game.state
    assert panel.staged and s.owner[3] == s.owner[7] == 0 and s.tokens[3] == 2
    assert s.seats[0].race == "Ratmen" and s.seats[0].power == "Alchemist"
    assert "Ratmen" in panel.state_view.value and ": cost" in panel.state_view.value
    form.set("race", "Elves", seat=1)  # a race without a power is no combo
    form.button.click()
    assert "a combo is a race and a power" in form.message.value


def test_kragmortha_form_stages_a_goblin_and_its_hand() -> None:
    """Seed 004 (移動卡): a goblin moved to d4 with one movement card, its turn to play."""
    from tablerules.widgets.kragmortha_panel import KragmorthaPanel

    panel = KragmorthaPanel(players=3, seed=1)
    form = panel.scenario
    form.set("square", "d4", seat=0)
    form.set("hand", ["goblin-grimoire-potion"], seat=0)
    form.button.click()
    g = panel.game
    assert panel.staged and g.board.label(g.state.seats[0].square) == "d4"
    assert g.state.seats[0].hand == ["goblin-grimoire-potion"] and g.state.current == 0
    assert "Goblin: grimoire + potion" in panel.cards.value


def test_baldur_form_stages_heroes_and_a_hand() -> None:
    """Seed 002 (英雄行动): an assassin face up and two function cards in hand."""
    from tablerules.baldur.game import Baldur
    from tablerules.widgets.baldur_panel import BaldurPanel

    panel = BaldurPanel(Baldur(seed=3))
    form = panel.scenario
    form.set("heroes", ["AS"], seat=0)
    form.set("hand", ["2C", "5H"], seat=0)
    form.button.click()
    seat = panel.game.state.seats[0]
    assert panel.staged and seat.heroes == ["AS"] and seat.hand == ["2C", "5H"]
    assert "A♠" in panel.state_view.value and "2♣" in panel.state_view.value and "5♥" in panel.state_view.value
    assert ">AS<" not in panel.state_view.value and ">2C<" not in panel.state_view.value  # cards, not codes


def test_forms_name_cards_and_stop_numbers_where_the_rules_do() -> None:
    """Issue 23: the set-up forms list cards by the names a player reads (Baldur's "A♠ (assassin)", "2♣";
    Kragmortha's "Goblin: grimoire + potion"), never codes or slugs; Munchkin's level field stops at 9
    (level 10 wins, by a kill only: scenario.set_level refuses it); Quest's health at the hero's 4."""
    from tablerules.widgets.scenarios import baldur_spec, kragmortha_spec, munchkin_spec, quest_spec

    def field(spec, key):
        return next(f for f in spec.seat_fields if f.key == key)

    baldur = baldur_spec()
    assert ("A♠ (assassin)", "AS") in field(baldur, "heroes").options
    assert ("2♣", "2C") in field(baldur, "hand").options and ("red joker", "RJ") in field(baldur, "hand").options
    hand = field(kragmortha_spec(), "hand").options
    assert ("Goblin: grimoire + potion (哥布林：魔法書、藥水)", "goblin-grimoire-potion") in hand
    assert all("-" not in label.split(" (")[0] for label, _ in hand)
    level = field(munchkin_spec(), "level")
    assert (level.low, level.high) == (1, 9)
    assert (level.widget().max, level.widget().min) == (9, 1)
    health = field(quest_spec(), "health")
    assert (health.low, health.high, health.default) == (1, 4, 4)


def test_smallworld_form_lists_the_regions_of_the_map_in_play() -> None:
    """Seed 003 (地图): the map depends on the number of players, so does the form's list of regions."""
    from tablerules.smallworld.game import SmallWorld
    from tablerules.widgets.smallworld_panel import SmallWorldPanel

    for players in (2, 4):
        panel = SmallWorldPanel(SmallWorld({"players": players}, seed=1), draw=False)
        listed = {int(v) for _, v in panel.scenario.seats[0]["regions"].options}
        land = {r.id for r in panel.game.board.regions if r.terrain != "sea"}
        assert listed == land


def test_worked_examples_show_their_text_when_they_load() -> None:
    """Issue 23 (the table): Baldur's Gate, Munchkin and Small World showed only an example's title when it
    loaded; each now shows its text too (the rule it teaches and what happened), as Quest's did."""
    from tablerules.baldur.game import Baldur
    from tablerules.munchkin.game import MunchkinGame
    from tablerules.smallworld.game import SmallWorld
    from tablerules.widgets.baldur_panel import BaldurPanel
    from tablerules.widgets.munchkin_widgets import MunchkinPanel
    from tablerules.widgets.smallworld_panel import SmallWorldPanel

    for panel, words in ((BaldurPanel(Baldur(seed=3)), "card names the event, so its exact odds"),
                         (MunchkinPanel(MunchkinGame({"players": 3}, seed=0)), "asks player 1 to help"),
                         (SmallWorldPanel(SmallWorld({"players": 3}, seed=1), draw=False), "reinforcement die")):
        name = next(iter(panel.examples))
        panel.load_example(name)
        assert panel.message.value.startswith("<b>worked example: ") and words in panel.message.value, name
