"""The Small World SVG board: region shapes that share borders where the data says so, every region drawn
and clickable when it has a legal action, the combo row as cards, costs in words, seat views."""

from __future__ import annotations

import re

import pytest

from tablerules.smallworld import actions as A
from tablerules.smallworld.analysis import map_shapes
from tablerules.smallworld.game import SmallWorld
from tablerules.smallworld.maps import load_board
from tablerules.smallworld.scenario import (
    begin,
    give,
    new_game,
    put,
    set_coins,
    set_dragon,
    set_encampments,
    set_fortresses,
    set_heroes,
    set_holes,
    set_lairs,
)
from tablerules.widgets.smallworld_board import cost_words, region_marks
from tablerules.widgets.smallworld_panel import SmallWorldPanel


def _shared_border(a: tuple, b: tuple) -> int:
    """How many outline points two polygons have in common (a shared stretch of border has at least 2)."""
    return len({(round(x), round(y)) for x, y in a} & {(round(x), round(y)) for x, y in b})


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_neighbouring_regions_share_a_border(players: int) -> None:
    board = load_board(players)
    shapes = map_shapes(board)
    assert len(shapes.polygons) == len(board.regions)
    for r in board.regions:
        for n in r.adjacent:
            assert _shared_border(shapes.polygons[r.id], shapes.polygons[n]) >= 2, (r.id, n)
        x, y = shapes.centres[r.id]
        assert 0 < x < shapes.width and 0 < y < shapes.height
    border = {r.id for r in board.regions if r.border}
    assert len(shapes.on_edge & border) >= len(border) - 5  # data that allows it: border regions touch the edge
    assert shapes.on_edge <= border  # and only border regions do
    area = sum(abs(sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1], strict=True)))
               / 2 for poly in map(list, shapes.polygons))
    assert area == pytest.approx(shapes.width * shapes.height, rel=0.002)  # the shapes tile the map: no overlaps
    assert min(shapes.radii) > 1  # no region is squeezed flat (a region with two neighbours is moved off the line)
    for i in shapes.on_edge:  # a region on the edge reaches the frame
        assert any(x in (0, shapes.width) or y in (0, shapes.height) for x, y in shapes.polygons[i])


def test_cost_in_words_explains_every_number() -> None:
    assert cost_words([("base", 2), ("mountain", 1), ("defending tokens", 1)], 4) == \
        "2 base + 1 mountain + 1 token there = 4"
    assert cost_words([("base", 2), ("defending tokens", 3), ("Commando", -1)], 4) == \
        "2 base + 3 tokens there - 1 Commando = 4"
    assert cost_words([("base", 2), ("Commando", -1), ("Tritons", -1)], 1) == \
        "2 base - 1 Commando - 1 Tritons = 0, but never less than 1: 1"


def _targets(svg_text: str) -> set[str]:
    return set(re.findall(r'data-target="([^"]+)"', svg_text))


def test_board_draws_every_region_and_its_targets_match_the_legal_actions() -> None:
    game = SmallWorld({"players": 3}, seed=7)
    panel = SmallWorldPanel(game)
    svg_text = panel.board.svg
    assert {f"region:{i}" for i in range(len(game.board))} <= _targets(svg_text)
    # the first pick: the six combos are cards, clickable
    picks = [a for a in game.legal_actions() if isinstance(a, A.PickCombo)]
    assert set(panel.board.active) == {f"combo:{a.index}" for a in picks}
    assert all(f'data-target="combo:{a.index}"' in svg_text for a in picks)
    plain = next(a for a in picks if a.power not in ("Berserk", "Dragon Master") and a.race != "Sorcerers")
    panel.board.click(f"combo:{plain.index}")
    assert game.state.seats[0].race
    while game.is_chance():
        panel.roll_button.click()
    legal = game.legal_actions()
    conquests = {f"region:{a.region}" for a in legal if isinstance(a, A.Conquer | A.FinalAttempt)}
    assert conquests and conquests <= set(panel.board.active)
    assert set(panel.board.active) == {t for a in legal for t in panel.action_targets(a)}
    # clicking a region plays its one conquest; the tooltip and the table say what it cost and why
    target = next(a for a in legal if isinstance(a, A.Conquer))
    tip = re.search(rf'data-target="region:{target.region}"><title>([^<]*)', panel.board.svg).group(1)
    assert "Conquer now: cost 2 base" in tip and "Neighbours:" in tip and "Held by" in tip
    table = panel.state_view.value
    assert all(f"<td>region {a.region}</td>" in table for a in legal if isinstance(a, A.Conquer))
    assert table.count("<td>conquer</td>") == sum(isinstance(a, A.Conquer) for a in legal)  # all, not 4
    panel.board.click(f"region:{target.region}")
    assert game.state.owner[target.region] == 0
    # ending the conquests stays a button under the board
    assert any("ends the conquests" in b.description for box in panel.direct_rows.children
               for b in box.children[1:])


def test_redeploy_region_places_the_hand_and_the_chip_places_one() -> None:
    game = new_game(3, lost_tribes=False)
    give(game, 0, "Ratmen", "Alchemist", hand=4)
    here = next(r.id for r in game.board.regions if r.border and not r.water)
    put(game, here, 0, 1)
    begin(game, 0, "redeploy")
    panel = SmallWorldPanel(game)
    assert f"one:{here}" in panel.board.active and f"region:{here}" in panel.board.active
    panel.board.click(f"one:{here}")
    assert game.state.tokens[here] == 2 and game.state.seats[0].hand == 3
    panel.board.click(f"region:{here}")
    assert game.state.tokens[here] == 5 and game.state.seats[0].hand == 0


def test_markers_and_features_are_drawn_with_a_legend() -> None:
    game = new_game(4, board=3)  # four races in play on the 3-player map: every marker has a holder
    mountain = next(r.id for r in game.board.regions if r.mountain_marker)
    lair, hero, hole, camp, dragon = [r.id for r in game.board.regions if not r.water and r.id != mountain][:5]
    give(game, 0, "Trolls", "Fortified")
    put(game, mountain, 0, 2)
    put(game, lair, 0, 2)
    set_fortresses(game, [mountain])
    set_lairs(game, [lair])
    give(game, 1, "Halflings", "Heroic")
    put(game, hero, 1, 1)
    put(game, hole, 1, 1)
    set_heroes(game, [hero])
    set_holes(game, [hole])
    give(game, 2, "Ratmen", "Bivouacking")
    put(game, camp, 2, 1)
    set_encampments(game, {camp: 2})
    give(game, 3, "Humans", "Dragon Master")
    put(game, dragon, 3, 1)
    set_dragon(game, dragon)
    marks = dict(region_marks(game, mountain))
    assert marks["mountain"] == 1 and marks["fortress"] == 1 and dict(region_marks(game, camp))["encampment"] == 2
    svg_text = SmallWorldPanel(game).board.svg
    for name in ("mountain (+1 to conquer)", "cavern", "mine", "magic source", "lost tribe (+1 to conquer)",
                 "troll lair (+1)", "fortress (+1)", "encampment (+1 each)", "hole-in-the-ground (safe)", "hero (safe)",
                 "dragon (safe)", "farmland", "swamp", "lake"):
        assert f">{name}<" in svg_text, name  # in the legend
    tip = re.search(rf'data-target="region:{dragon}"><title>([^<]*)', svg_text).group(1)
    assert "dragon" in tip


def test_seat_view_hides_the_other_seats_coins_on_the_board() -> None:
    game = SmallWorld({"players": 3}, seed=3)
    set_coins(game, 1, 17)
    set_coins(game, 0, 11)
    panel = SmallWorldPanel(game)
    assert "player 1, blue" in panel.board.svg and "17 coins" not in panel.board.svg
    assert "11 coins" in panel.board.svg and "coins hidden" in panel.board.svg
    panel.view_toggle.value = "teacher"
    assert "17 coins" in panel.board.svg


def test_declined_races_are_hatched_and_named_on_hover() -> None:
    game = new_game(3, lost_tribes=False)
    put(game, 5, 1, 1, decline=True, race="Skeletons")
    game.refresh()
    svg_text = SmallWorldPanel(game).board.svg
    assert "player 1: 1 Skeletons token (in decline) in region 5" in svg_text
    assert 'fill="url(#sw-hatch)"' in svg_text


def test_no_map_leaves_every_action_a_button() -> None:
    panel = SmallWorldPanel(SmallWorld({"players": 3}, seed=1), draw=False)
    assert panel.board.layout.display == "none" and panel.all_actions.selected_index == 0
    assert "<th>combo</th>" in panel.state_view.value  # the combo row as a table instead of cards
    assert len(panel.actions_box.children) == len(panel.game.legal_actions())


def test_worked_examples_position_log_and_text_agree() -> None:
    from tablerules.widgets.smallworld_panel import EXAMPLES

    panel = SmallWorldPanel(SmallWorld({"players": 3}, seed=1))
    name = next(n for n in EXAMPLES if "征服一个区域" in n)
    panel.load_example(name)
    game = panel.game
    mountain = next(r.id for r in game.board.regions if r.terrain == "mountain" and r.border)
    assert game.state.owner[mountain] == 1 and game.state.tokens[mountain] == 2
    assert "<td>2 base + 2 tokens there + 1 mountain = 5</td>" in panel.state_view.value
    assert "2 base + 2 tokens there + 1 mountain = 5 tokens; you have 6 in hand" in panel.board.svg
    panel.board.click(f"region:{mountain}")
    assert game.state.owner[mountain] == 0 and game.state.seats[0].hand == 1
    assert "conquers region 1 (mountain) with 5 tokens" in panel.log_view.value
    assert "1 Humans token to the box, 1 to redeploy" in panel.log_view.value
    attempt = next(n for n in EXAMPLES if "增援骰" in n)
    panel.load_example(attempt)
    assert "P(success) of a final attempt on region" in panel.state_view.value
    assert "succeeds with odds 1/2 (50%)" in panel.board.svg or "succeeds with odds 1/3 (33%)" in panel.board.svg


def test_final_attempt_odds_show_before_the_die_and_the_outcome_beside_them() -> None:
    from tablerules.widgets.smallworld_panel import final_attempt_example

    game = final_attempt_example()
    panel = SmallWorldPanel(game)
    attempt = next(a for a in game.legal_actions() if isinstance(a, A.FinalAttempt))
    odds = panel.odds_seen
    assert any(f"a final attempt on region {attempt.region} succeeds" in what for what, _ in odds)
    assert len(odds) == sum(isinstance(a, A.FinalAttempt) for a in game.legal_actions())  # every target
    panel.board.click(f"region:{attempt.region}")
    assert game.is_chance() and "Odds before the roll" in panel.roll_view.value
    assert "the dice are yours to roll" in panel.roll_view.value
    panel.roll_button.click()
    assert "The roll" in panel.roll_view.value and "Odds before the roll" in panel.roll_view.value
    assert "the reinforcement die shows" in panel.roll_view.value


def test_the_regions_that_can_be_clicked_are_outlined_on_top() -> None:
    game = new_game(3, lost_tribes=False)
    give(game, 0, "Ratmen", "Alchemist", hand=5)
    begin(game, 0, "conquer")
    panel = SmallWorldPanel(game)
    outlined = re.findall(r'<polygon points="[^"]+" fill="none" stroke="#0d47a1"', panel.board.svg)
    regions = [t for t in panel.board.active if t.startswith("region:")]
    assert regions and len(outlined) == len(regions)


def test_a_fortress_has_a_chip_of_its_own_so_a_region_click_still_places_the_hand() -> None:
    game = new_game(3, lost_tribes=False)
    give(game, 0, "Ratmen", "Fortified", hand=3)
    here = next(r.id for r in game.board.regions if r.border and not r.water)
    put(game, here, 0, 1)
    begin(game, 0, "redeploy")
    panel = SmallWorldPanel(game)
    assert f"mark:{here}" in panel.board.active and f'data-target="mark:{here}"' in panel.board.svg
    panel.board.click(f"region:{here}")  # one click: the whole hand, no choice to make
    assert game.state.tokens[here] == 4 and not game.state.fortress[here]
    panel.board.click(f"mark:{here}")
    assert game.state.fortress[here]


def test_combo_cards_say_the_token_sum_in_words() -> None:
    """Issue 23 (the table): each combo card of the row reads "Tritons 6 + Berserk 4 = 10 tokens" and its
    price in coins; no bare number in the corner (a red "10" beside "costs 0 coins" read as a price)."""
    import re

    from tablerules.smallworld import scenario
    from tablerules.widgets.smallworld_board import combo_cards

    game = scenario.new_game(3, seed=3)  # the row is dealt
    s = game.state
    drawn = combo_cards(game, 100)
    words = " ".join(re.findall(r">([^<]+)</text>", drawn))
    race, power = s.row_races[0], s.row_powers[0]
    total = game.races[race].tokens + game.powers[power].tokens
    assert f"= {total} tokens" in words and "costs 0 coins" in words
    assert not re.search(r'font-size="20"[^>]*>\d+</text>', drawn)  # the old red corner number is gone


def test_the_players_table_says_what_each_number_counts() -> None:
    """Issue 23 (the table): the players' table read "player 0 | 5 | ... | 0 | 0"; each number now names what
    it counts, and the income is spelled out ("3 coins (1 region + 2 Alchemist)"); other seats' coins stay
    hidden in seat view."""
    from tablerules.smallworld import scenario
    from tablerules.widgets.smallworld_panel import SmallWorldPanel

    game = scenario.new_game(3, seed=3)
    scenario.give(game, 0, "Ratmen", "Alchemist", hand=5)
    scenario.put(game, 3, 0, 4)
    table = SmallWorldPanel(game).players_html()
    assert "<th>tokens in hand</th><th>coins if the turn ended now</th>" in table
    assert "data-seat='0'>5 coins</td>" in table and "<td>5 tokens</td>" in table
    assert "<td>3 coins (1 region + 2 Alchemist)</td>" in table
    assert "data-seat='1'><span class='tablerules-hidden'>coins face down (hidden)" in table
