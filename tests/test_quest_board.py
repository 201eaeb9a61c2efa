"""The Munchkin Quest board (issue 23): the dungeon drawn as a clickable SVG in the Quest and crawl panels, its
targets matching the legal actions, nothing hidden in a seat view, real turn numbers, the odds kept through
the dice, few clicks per turn (pass for me, one-click charity, only a person's own dice wait), the worked
examples."""

from __future__ import annotations

import html
import re
from fractions import Fraction

import pytest
from quest_pack_helpers import pack_game
from quest_seed_helpers import explore_into

from tablerules import odds
from tablerules.core.protocol import Chance
from tablerules.explain import explain
from tablerules.quest import scenario
from tablerules.quest.actions import DiscardCard, GiveCard, Pass, Roll, RollToRun, RunTo, Search
from tablerules.quest.analysis import pending_odds
from tablerules.quest.dungeon import link_key
from tablerules.quest.exploration import DungeonCrawl, EndTurn, Explore, Move
from tablerules.quest.game import QuestGame
from tablerules.quest.geometry import Colour, LinkKind, Side
from tablerules.widgets import CrawlPanel, QuestPanel
from tablerules.widgets import quest_board as qb
from tablerules.widgets.quest_panel import (
    EXAMPLES,
    PASS_ASK,
    PASS_OTHERS,
    locked_door_example,
    running_away_example,
    searching_example,
)


def targets_in(svg: str) -> set[str]:
    return set(re.findall(r'data-target="([^"]+)"', svg))


def fight_before_roll(monster: str = "orcs", room: str = "crypt", base: str = "blue",
                      hands: dict[int, tuple[str, ...]] | None = None) -> QuestGame:
    """Player 0 (level 1) explores north into ``room`` and meets ``monster`` (its base ``base``): the fight
    is on, player 0 to act. ``hands``: cards given first (scenario.ready empties the hands)."""
    game = scenario.ready(players=3)
    for seat, cards in (hands or {}).items():
        scenario.hand(game, seat, *cards)
    explore_into(game, room, monster, base, "N")  # player 0, the first to act after scenario.ready
    return game


def fight_at_roll(monster: str = "orcs", room: str = "crypt") -> QuestGame:
    """As :func:`fight_before_roll`, then player 0 says "I'm rolling" and everybody passes: the combat dice
    are pending."""
    game = fight_before_roll(monster, room)
    game.apply(Roll(0))
    while game.fight.window.waiting:
        game.apply(Pass(game.fight.window.waiting[0]))
    return game


# ----- the picture ----------------------------------------------------------------------------------------
def test_the_board_draws_every_room_with_its_name_icons_arrows_links_and_a_legend() -> None:
    panel = QuestPanel(locked_door_example())
    svg = panel.board.svg
    for room in panel.game.dungeon.rooms.values():
        assert f'data-target="room:{room.id}"' in svg and room.name in svg
    assert "search +1" in svg  # the Armoury's search icon (p. 20)
    assert "no search" in svg and "heal 2" in svg  # the Hospital: no searching, a healing deal
    assert ">warrior<" in svg  # the Armoury's green warrior icon (p. 9, 房间和图标)
    assert "Legend" in svg
    for colour in Colour:  # the six monster-die colours of the arrows (p. 13)
        assert f"{colour.value} arrow: monsters go this way on {colour.value}" in svg
    for words in ("open corridor: 1 move", "door: 1 move", "locked door: 2 moves", "secret door: 3 moves",
                  "wall: no way through", "unexplored: explore it for a new room",
                  "green icon: good for that race/class (+1 die)", "munchkin: seat number, player colour",
                  "monster: level; ring: its owner's colour"):
        assert words in html.unescape(svg)
    # the Hospital's red arrow points east (data/quest/rooms.json): its tooltip says so
    assert "red arrow: on a red monster die, monsters here move east" in svg
    locked = qb.door_target(link_key((0, -1), Side.E))
    assert f'data-target="{locked}"' in svg and "locked door between Hospital and Armoury: 2 moves" in svg
    assert svg.count("explore</text>") == len(qb.openings(panel.game.dungeon))
    assert "player 0 (red): level 1" in svg  # the pawn's tooltip


def test_a_card_pack_s_room_shows_its_rules_on_the_panel_s_board() -> None:
    """The Fan Club of the example pack (not in the room deck): its rules come from the game's own table."""
    game = pack_game(north="fan_club")
    tip = html.unescape(QuestPanel(game).board_svg())
    assert "a munchkin with flying entering here takes 1 hit" in tip
    assert "flying monsters here -2" in tip
    assert "flying -2" in tip and "flying hurt" in tip
    assert "flying hurt" not in html.unescape(qb.draw(game.dungeon, qb.Pieces()))  # the deck knows no Fan Club


def test_monster_tokens_show_level_and_base_colour_and_the_fight_room() -> None:
    panel = QuestPanel(fight_at_roll())
    svg = panel.board.svg
    orcs = next(iter(panel.game.dungeon.monsters))
    assert f'data-target="monster:{orcs}"' in svg and "3,872 Orcs: level 10" in svg
    assert qb.ARROW_COLOURS[Colour.BLUE] in svg and ">fight<" in svg
    assert "blue base (owner: player 1)" in svg


def test_the_static_part_is_cached_per_layout_and_redrawn_when_a_room_is_added() -> None:
    game = locked_door_example()
    first = qb.static_part(game.dungeon)
    assert qb.static_part(game.dungeon.copy()) is first  # the same rooms and links: drawn once
    scenario.room(game, "library", (-1, 0))
    assert qb.static_part(game.dungeon) is not first and "Library" in qb.static_part(game.dungeon)[0]


def test_the_seat_view_draws_nothing_hidden() -> None:
    game = fight_at_roll()
    panel = QuestPanel(game)
    seat_svg = panel.board_svg()
    panel.view_toggle.value = "teacher"
    assert panel.board_svg() == seat_svg  # everything on the board is public at the table
    hidden = {game.card(c).name for p in (1, 2) for c in game.heroes[p].hand}
    hidden |= {game.card(c).name for c in game.dxm_deck[:20] + game.treasure_deck[:20]}
    public = {game.card(c).name for h in game.heroes for c in h.carried}
    assert hidden - public
    for name in hidden - public:
        assert name not in seat_svg


# ----- the targets --------------------------------------------------------------------------------------
def test_targets_are_exactly_the_legal_actions_and_exist_on_the_board() -> None:
    panel = QuestPanel(locked_door_example())
    game = panel.game
    drawn = targets_in(panel.board.svg)
    moves = {a: panel.action_targets(a) for a in panel.human_actions() if isinstance(a, Move | Explore)}
    assert set(panel.board.active) == {t for ts in moves.values() for t in ts}
    assert set(panel.board.active) <= drawn
    assert moves[Move(0, "E")] == (qb.door_target(link_key((0, -1), Side.E)), "room:armoury")
    assert moves[Move(0, "S")] == (qb.door_target(link_key((0, -1), Side.S)), "room:ENT")
    assert moves[Explore(0, "N")] == (qb.door_target(link_key((0, -1), Side.N)),)
    panel.board.click("room:armoury")  # the room beyond the locked door: 2 moves
    assert game.history[-1] == Move(0, "E") and game.moves_left == 1
    assert panel.target_label(qb.door_target(link_key((1, -1), Side.N))) == \
        f"the unexplored {qb.LINK_WORDS[game.dungeon.link((1, -1), Side.N)]} north of Armoury"


def test_searching_targets_the_room_and_the_search_dice_keep_their_odds() -> None:
    panel = QuestPanel(searching_example())
    assert panel.action_targets(Search(0)) == ("room:library",)
    panel.board.click("room:library")
    assert panel.game.stage() == "rolling the search dice"  # the person's own die waits, odds on screen
    assert "brings a monster" in panel.roll_view.value and "1/6" in panel.roll_view.value
    assert [o.probability for o in pending_odds(panel.game)] == [Fraction(1, 6)]
    panel.roll_button.click()
    assert "The roll" in panel.roll_view.value and "search row" in panel.roll_view.value


def test_a_fight_is_played_on_the_monster_and_running_on_the_rooms() -> None:
    game = running_away_example()
    panel = QuestPanel(game)
    orcs = game.fight.monsters[0]
    assert panel.action_targets(RunTo(0, "ENT")) == ("room:ENT",)
    panel.board.click("room:ENT")
    assert panel.action_targets(RollToRun(0, orcs)) == (f"monster:{orcs}",)
    assert panel.board.active == [f"monster:{orcs}"]
    panel.board.click(f"monster:{orcs}")
    assert game.stage() == "rolling to run away"
    assert "escapes the monster still chasing" in panel.roll_view.value


# ----- odds through the roll -----------------------------------------------------------------------------
def test_pending_odds_are_exact_while_the_combat_dice_land_and_after_the_roll() -> None:
    game = fight_before_roll("shrieking_geek", "library", hands={0: ("loaded_die",)})  # 1 + 1d6 against 6 + 1d6
    game.apply(Roll(0))
    while game.fight.window.waiting:
        game.apply(Pass(game.fight.window.waiting[0]))
    before = pending_odds(game)[0]
    assert game.stage() == "rolling the combat dice"
    expected = odds.combat([(1, 1)], [(6, 1)]).win
    assert before.probability == expected and before.what == "the munchkins win (1 + 1d6 against 6 + 1d6)"
    assert explain(game).odds[0] == (before.what, before.probability)  # the terminal reads the same line
    game.apply(Chance("d6", 6))  # the munchkins' die: 7 against 6 + 1d6 still to roll
    middle = pending_odds(game)[0]
    assert middle.probability == Fraction(0) and "rolled so far 6 against 0, 1 dice to go" in middle.what
    game.apply(Chance("d6", 1))
    after = pending_odds(game)[0]  # player 0's Loaded Die keeps the fight open after the roll
    assert game.stage() == "after the roll" and after.probability == Fraction(int(game.winning()))
    assert after.what.startswith("the munchkins win as the dice lie (1 + 6 against 6 + 1")


def test_pending_odds_with_more_dice_to_go() -> None:
    game = fight_at_roll()  # 1 + 1d6 against 10 + 2d6
    game.apply(Chance("d6", 5))
    middle = pending_odds(game)[0]
    assert middle.probability == odds.combat([(6, 0)], [(10, 2)]).win == Fraction(0)
    game = fight_at_roll("lame_goblin", "library")  # 1 + 1d6 against 1 + 1d6
    game.apply(Chance("d6", 4))
    assert pending_odds(game)[0].probability == odds.combat([(5, 0)], [(1, 1)]).win == Fraction(1, 2)


def test_the_panel_keeps_the_odds_through_the_roll_and_shows_the_outcome_beside_them() -> None:
    panel = QuestPanel(fight_before_roll("shrieking_geek", "library"))
    geek = panel.game.fight.monsters[0]
    assert panel.action_targets(Roll(0)) == (f"monster:{geek}",)
    panel.board.click(f"monster:{geek}")  # "I'm rolling!": the others pass, player 0's own die waits
    assert panel.game.stage() == "rolling the combat dice"
    assert "the munchkins win (1 + 1d6 against 6 + 1d6)" in panel.roll_view.value
    assert "the dice are yours to roll" in panel.roll_view.value
    panel.roll_button.click()
    view = panel.roll_view.value
    assert "Odds before the roll" in view and "the munchkins win (1 + 1d6 against 6 + 1d6)" in view
    assert "The roll" in view and "the dice:" in view


# ----- the header, chores and clicks ---------------------------------------------------------------------
def test_the_header_counts_turns_from_one_and_names_the_player() -> None:
    panel = QuestPanel(QuestGame({"players": 3}, seed=11))
    assert panel.header.value.startswith("<b>Set-up</b>")
    panel.play(next(a for a in panel.human_actions() if a.describe() == "player 0 is ready"))
    game = panel.game
    assert game.turn_number() == 0 and f"<b>Turn 1: player {game.current} (" in panel.header.value
    assert " turn 0 " not in panel.header.value


def play_an_ordinary_turn(panel: QuestPanel) -> list[str]:
    """Seat 0 explores (or moves) once by clicking the board, fights on the board, ends the turn; returns
    every click made until the turn passes."""
    game = panel.game
    clicks: list[str] = []
    moved = False
    for _ in range(60):
        if game.is_over() or (game.current != 0 and clicks):
            return clicks
        if game.is_chance():
            clicks.append("Roll the dice")
            panel.roll_button.click()
            continue
        if panel.charity_button.layout.display != "none":
            clicks.append("charity")
            panel.charity_button.click()
            continue
        acts = panel.human_actions()
        board = [a for a in acts if panel.action_targets(a) and (not moved or not isinstance(a, Move | Explore))
                 and isinstance(a, Explore | Move | Roll | RunTo | RollToRun)]
        board.sort(key=lambda a: not isinstance(a, Explore))
        if board:
            moved = moved or isinstance(board[0], Move | Explore)
            target = panel.action_targets(board[0])[0]
            clicks.append(target)
            panel.board.click(target)
            assert not panel.choice_box.children  # one action per part: no second click
            continue
        button = next((a for a in acts if isinstance(a, Pass | EndTurn)), None) or acts[0]
        clicks.append(button.describe())
        next(b for b in panel.actions_box.children if b.description == button.describe()).click()
    raise AssertionError(f"the turn did not end: {clicks}")


@pytest.mark.parametrize("seed", [11, 5, 7])
def test_an_ordinary_turn_takes_at_most_ten_clicks(seed: int) -> None:
    panel = QuestPanel(QuestGame({"players": 3}, seed=seed))
    panel.play(next(a for a in panel.human_actions() if a.describe() == "player 0 is ready"))
    game = panel.game
    while game.current != 0 or game.is_chance() or game.stage() != "moving":
        if game.is_chance():
            panel.roll_button.click()
        else:  # another player's fight: player 0 passes
            panel.play(next(a for a in panel.human_actions() if isinstance(a, Pass)))
    clicks = play_an_ordinary_turn(panel)
    assert any(c.startswith("door:") for c in clicks) and "player 0 ends the turn" in clicks
    assert len(clicks) <= 10, clicks


def test_pass_for_me_passes_when_passing_is_all_a_person_can_do() -> None:
    game = fight_before_roll("shrieking_geek", "library", base="green")  # player 1 holds no card
    game.apply(Roll(0))
    panel = QuestPanel(game, humans=(1,))
    assert panel.game.heroes[1].hand == [] and Pass(1) in game.history  # passed for them
    assert not (game.stage() == "interference" and 1 in game.to_act())


def test_pass_for_me_in_the_other_players_fights_and_asking_every_time() -> None:
    def window() -> QuestGame:
        game = fight_before_roll("shrieking_geek", "library", base="green", hands={1: ("curse_lose_a_level",)})
        game.apply(Roll(0))
        return game

    asked = QuestPanel(window(), humans=(1,))  # player 1 could curse: a decision, asked by default
    assert asked.game.stage() == "interference" and 1 in asked.game.to_act()
    assert {a.describe() for a in asked.human_actions()} >= {"player 1 passes"}
    passed = QuestPanel(window(), humans=(1,))
    passed.auto_pass.value = PASS_OTHERS  # pass in every window of the other players' fights
    assert Pass(1) in passed.game.history and not (passed.game.stage() == "interference"
                                                   and 1 in passed.game.to_act())
    never = QuestPanel(fight_before_roll("shrieking_geek", "library", base="green"), humans=(1,))
    never.auto_pass.value = PASS_ASK
    never.replace_game(window())
    assert never.game.stage() == "interference" and 1 in never.game.to_act()


def test_the_dice_of_the_other_players_fights_roll_themselves() -> None:
    game = fight_before_roll("shrieking_geek", "library", base="blue")  # player 1 rolls the geek's die (p. 9)
    game.apply(Roll(0))
    panel = QuestPanel(game, humans=(1,))
    assert game.stage() == "interference" and 1 in game.to_act()  # player 1 holds a card: asked
    panel.play(Pass(1))  # the person passes; the dice of player 0's fight (the geek's is theirs) roll
    assert game.fight is None or game.stage() != "rolling the combat dice"
    assert any(a.event == "d6" for a in game.history if isinstance(a, Chance))


def test_one_click_charity_gives_the_cards_worth_least() -> None:
    game = scenario.ready(players=3)
    scenario.hand(game, 0, "go_up_a_level", "go_up_a_level", "short_sword", "elf", "dwarf", "cleric", "thief")
    panel = QuestPanel(game)
    panel.play(EndTurn(0))
    assert panel.charity_button.layout.display == "flex" and game.stage() == "charity"
    panel.charity_button.click()
    given = [a for a in game.history if isinstance(a, DiscardCard | GiveCard) and a.player == 0]
    assert len(given) == 2 and game.stage() != "charity" and panel.charity_button.layout.display == "none"
    assert {game.card(a.card).name for a in given} <= {"Elf", "Dwarf", "Cleric", "Thief"}  # worth least


# ----- worked examples -----------------------------------------------------------------------------------
def test_every_worked_example_names_its_rule_and_its_position_log_and_text_agree() -> None:
    for name, make in EXAMPLES.items():
        assert re.search(r"pp?\. \d+", name) and re.search(r"pp?\. \d+", make.__doc__ or "")
    moving = locked_door_example()
    assert moving.dungeon.link((0, -1), Side.E) is LinkKind.LOCKED and moving.moves_left == 3
    assert moving.room_of(0).name == "Hospital" and "2 moves" in locked_door_example.__doc__
    run = running_away_example()
    assert run.stage() == "running: direction" and run.room_of(0).name == "Crypt"
    assert "the dice: munchkins 1, monsters 5, monsters 6; 2 against 21" in run.log
    assert "2 against 21" in running_away_example.__doc__ and run.heroes[0].health == 3
    assert [o.probability for o in pending_odds(run)] == [Fraction(1, 3)] and "(1/3)" in running_away_example.__doc__
    search = searching_example()
    assert search.room_of(0).search == 2 and search.dungeon.monsters_in("library") == []
    assert [o.probability for o in pending_odds(search)] == [Fraction(1, 6)] and "1/6" in searching_example.__doc__
    panel = QuestPanel(scenario.ready(players=3))
    panel.load_example(next(n for n in EXAMPLES if "Orcs" in n))
    assert "3,872 Orcs" in panel.message.value and panel.game.stage() == "running: direction"


# ----- the crawl ------------------------------------------------------------------------------------------
def test_the_crawl_panel_plays_on_the_same_board() -> None:
    panel = CrawlPanel(DungeonCrawl(seed=3))
    panel.roll_button.click()
    first = panel.game.current
    assert panel.header.value.startswith(f"<b>Turn 1: player {first}")
    north = qb.door_target(link_key(panel.game.dungeon.entrance.at, Side.N))
    assert north in panel.board.active and "explore</text>" in panel.board.svg
    panel.board.click(north)
    assert panel.game.history[-1] == Explore(first, "N")


def test_every_target_of_every_action_in_random_play_is_drawn_on_the_board() -> None:
    """Random play of seat 0 (tests/panels.py): each board part an action names exists in the picture, and the
    clickable parts are exactly those the actions name."""
    from panels import played

    for make, seed in ((lambda: QuestPanel(QuestGame({"players": 3}, seed=21)), 21),
                       (lambda: CrawlPanel(DungeonCrawl({"players": 2, "rounds": 6}, seed=4)), 4)):
        panel = make()
        checked = 0
        for _ in played(panel, 160, seed):
            named = {t for a in panel.human_actions() for t in panel.action_targets(a)}
            assert named <= targets_in(panel.board.svg) and set(panel.board.active) == named
            checked += bool(named)
        assert checked > 10


def test_the_crawl_referee_picker_names_rooms_monsters_and_links() -> None:
    panel = CrawlPanel(DungeonCrawl({"players": 2, "rounds": 6}, seed=1))  # every seat by hand: referee mode
    labels = [label for label, _ in panel.outcome_pick.options]
    assert labels[0].startswith("player 0 rolls highest and starts  (p = 1/2)")
    panel.roll_button.click()
    panel.play(next(a for a in panel.human_actions() if isinstance(a, Explore)))
    labels = [label for label, _ in panel.outcome_pick.options]
    assert "the room drawn: Hospital  (p = 1/24)" in labels and not any("_" in x for x in labels)
    panel.roll_button.click()
    labels = [label for label, _ in panel.outcome_pick.options]
    assert any(x.startswith("the link drawn: locked door") for x in labels)


def test_trading_and_dropping_buttons_are_folded_under_the_board() -> None:
    """Issue 23 (the table): under the board a turn showed eight rows of "player 0 gives 100 gold to player 1"
    buttons; the rows of moves a turn rarely needs (give, drop, pack, spend, die on purpose) are now one folded
    "More" section, named by its kinds and count, and "end turn" stands alone. Every button still plays."""
    from tablerules.quest.actions import DropGold, GiveGold, Suicide
    from tablerules.widgets.quest_panel import SIDE_ACTIONS

    panel = QuestPanel(scenario.ready(players=3, seed=1))
    *kept, more = panel.direct_rows.children
    assert more.selected_index is None and more.get_title(0) == "More: give gold, drop gold, suicide (7)"
    assert [row.children[0].value for row in kept] == ["<b>end turn</b>:"]
    folded = [b for row in more.children[0].children for b in row.children[1:]]
    actions = {b: a for a, b in panel._buttons.items()}
    assert len(folded) == 7 and all(isinstance(actions[b], SIDE_ACTIONS) for b in folded)
    assert {type(actions[b]) for b in folded} == {GiveGold, DropGold, Suicide}
    assert kept[0].children[1].description == "player 0 ends the turn"
    gold = panel.game.heroes[0].gold
    next(b for b in folded if "drops 100 gold" in b.description).click()
    assert panel.game.heroes[0].gold == gold - 100


def test_in_the_worked_fight_the_fight_moves_stand_and_curses_are_folded() -> None:
    """Issue 23: in the Shrieking Geek fight the one-shot and the berserker's power stay as buttons under the
    board; the curses (on yourself too), giving up the class and dying on purpose are in the folded row."""
    panel = QuestPanel(QuestGame(seed=1))
    panel.load_example("the Shrieking Geek (pp. 11-12)")
    *kept, more = panel.direct_rows.children
    kinds = [row.children[0].value for row in kept]
    assert "<b>one shot</b>:" in kinds and "<b>power</b>:" in kinds
    assert not any(k in kinds for k in ("<b>play curse</b>:", "<b>give up</b>:", "<b>suicide</b>:"))
    title = more.get_title(0)
    assert title.startswith("More: ") and "play curse" in title and "give up" in title and "suicide" in title
