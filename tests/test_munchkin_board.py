"""The Munchkin board (tablerules/widgets/munchkin_board.py): cards drawn by kind, targets that match the legal
actions, a seat view that shows no other hand, totals explained, worked examples whose log matches, undo."""

from __future__ import annotations

from tablerules.munchkin import scenario
from tablerules.munchkin.game import MunchkinGame
from tablerules.widgets import munchkin_board
from tablerules.widgets.munchkin_widgets import MunchkinPanel, big_monster_example, helper_example


def test_cards_drawn_as_cards_with_kind_colours() -> None:
    panel = MunchkinPanel(MunchkinGame({"players": 4}, seed=7))
    svg = panel.board_svg()
    me = panel.game.players[0]
    assert all(f'data-target="card:{c}"' in svg for c in me.hand)
    for copy in me.hand:
        assert munchkin_board.kind_of(panel.game, copy).colour in svg
    assert "Door" in svg and "Treasure" in svg and "cards in hand (face down)" in svg


def test_targets_match_legal_actions() -> None:
    panel = MunchkinPanel(MunchkinGame({"players": 4}, seed=7))
    svg = panel.board_svg()
    assert panel.board.active
    for target in panel.board.active:
        assert f'data-target="{target}"' in svg, target
    wanted = {t for a in panel.human_actions() for t in panel.action_targets(a)}
    assert set(panel.board.active) == wanted


def test_seat_view_hides_the_other_hands() -> None:
    game = scenario.ready(players=3, seed=4)
    scenario.put_in_hand(game, 1, "elf", "broad_sword")
    scenario.put_in_hand(game, 2, "dwarf", "bad_ass_bandana")
    panel = MunchkinPanel(game)
    svg = panel.board_svg()
    one, two = [c.split("#")[0] for c in game.players[1].hand], [c.split("#")[0] for c in game.players[2].hand]
    scenario.set_hand(game, 1, two[0], *one[1:])  # swap a card between two other hands: the counts stay
    scenario.set_hand(game, 2, one[0], *two[1:])
    assert panel.board_svg() == svg
    panel.view_toggle.value = "teacher"
    assert "Dwarf" in panel.board_svg() or "Elf" in panel.board_svg()


def test_helper_example_log_and_position_agree() -> None:
    game = helper_example()
    assert game.players[1].race is not None and game.card(game.players[1].race).name == "Elf"
    assert any(line == "player 1 plays Elf" for line in game.log)
    draws = [line for line in game.log if line.startswith("player 0 draws ")]
    assert len(draws) == len(game.players[0].hand) == 8  # the hand the log dealt is the hand on the table
    assert (game.fighter_strength(), game.monster_strength()) == (2, 5)
    svg = munchkin_board.board(game, 0, 0)
    assert "Munchkins: 2" in svg and "Monsters: 5" in svg and "Drooling Slime against elf" in svg
    assert big_monster_example().combat.monsters[0].startswith("3_872_orcs")


def test_item_left_out_says_why() -> None:
    game = scenario.ready(players=3, seed=1)
    scenario.put_in_play(game, 0, "mace_of_sharpness")
    scenario.kick(game, "drooling_slime")
    assert munchkin_board.why_left_out(game, 0, game.players[0].carried[0]) == "only a cleric may use it"
    svg = munchkin_board.board(game, 0, 0)
    assert "Mace of Sharpness left out: only a cleric may use it" in svg


def test_an_ordinary_turn_by_board_clicks() -> None:
    game = scenario.ready(players=3, seed=3)
    panel = MunchkinPanel(game)
    clicks = 0
    turn = panel.game.turn_number()
    panel.board.click("deck:door")
    clicks += 1
    for _ in range(8):
        stage = panel.game.stage()
        if panel.game.turn_number() != turn:
            break
        active = set(panel.board.active)
        if stage == "combat":
            target = "fight:fight" if panel.game.winning() else "fight:run"
        elif stage == "look for trouble or loot the room":
            target = "deck:door"
        elif stage == "end of turn":
            target = "phase:end"
        else:
            target = next((t for t in sorted(active) if t.startswith(("card:", "monster:", "dice:"))), None)
            assert target, (stage, active, panel.human_actions(), panel.game.log[-4:])
        panel.board.click(target)
        clicks += 1
    assert panel.game.turn_number() != turn and clicks <= 6


def test_undo_restores_the_worked_example() -> None:
    panel = MunchkinPanel(MunchkinGame({"players": 3}, seed=7))
    panel.load_example(next(iter(panel.examples)))
    staged = panel.game.num_actions
    panel.board.click("fight:run")
    assert panel.game.num_actions > staged
    panel._safely(panel.undo)
    assert panel.game.num_actions == staged and panel.game.combat is not None
    panel._safely(panel.undo)
    assert panel.game.num_actions == staged and "Nothing of yours" in panel.message.value


def test_fighting_helping_and_cursing_target_the_monster_or_the_seat() -> None:
    game = helper_example()
    panel = MunchkinPanel(game)
    fight = next(a for a in panel.human_actions() if type(a).__name__ == "Fight")
    monster = game.combat.monsters[0]
    assert set(panel.action_targets(fight)) == {"fight:fight", f"monster:{monster}"}
    game = scenario.ready(players=3, seed=1)
    scenario.put_in_hand(game, 0, "curse_lose_a_level")
    panel = MunchkinPanel(game)
    curse = next(a for a in panel.human_actions() if type(a).__name__ == "PlayCurse" and a.target == 1)
    assert set(panel.action_targets(curse)) == {f"card:{curse.card}", "seat:1"}
    svg = panel.board_svg()
    assert all(f'data-target="{t}"' in svg for t in panel.board.active)  # your own seat too (a curse on you)
    panel.board.click(f"card:{curse.card}")  # several uses (a curse on each seat): offered as buttons
    assert len([b for b in panel.choice_box.children if "Curse" in getattr(b, "description", "")]) >= 2
    scenario.kick(game, "drooling_slime")
    panel.refresh()
    ask = next(a for a in panel.human_actions() if type(a).__name__ == "AskHelp")
    assert panel.action_targets(ask) == (f"seat:{ask.helper}",)


def test_every_clickable_part_is_drawn_through_a_game() -> None:
    """Through 80 decisions of seat 0 (heuristic choices), every target with a legal action is on the board."""
    panel = MunchkinPanel(MunchkinGame({"players": 4}, seed=11))
    agent = panel.game.heuristic_agent()
    for _ in range(80):
        if panel.game.is_over():
            break
        svg = panel.board_svg()
        missing = [t for t in panel.board.active if f'data-target="{t}"' not in svg]
        assert not missing, (panel.game.stage(), missing)
        if panel.game.is_chance():
            panel._safely(panel.roll)
            continue
        mine = panel.human_actions()
        seat = next(p for p in panel.game.to_act() if p == 0) if 0 in panel.game.to_act() else mine[0].actor
        choice = agent.choose(panel.game, seat) if seat == 0 and 0 in panel.game.to_act() else mine[0]
        panel.play(choice if choice in mine else mine[0])


def test_item_chips_wrap_long_names_instead_of_cutting_them() -> None:
    """Issue 23 (the table): an item chip on another seat shows its name on two lines when one is too short
    ("Bad-Ass Band…" was all a class could read); only a name even two lines cannot hold ends with "…"."""
    import re

    from tablerules.widgets.munchkin_board import chip_label

    def lines(svg_text: str) -> list[str]:
        return re.findall(r">([^<]+)</text>", svg_text)

    assert lines(chip_label("Bad-Ass Bandana", 0, 0, 94)) == ["Bad-Ass Bandana"]  # whole, a size smaller
    assert lines(chip_label("Buckler of Swashing", 0, 0, 94)) == ["Buckler of", "Swashing"]
    assert lines(chip_label("Sword", 0, 0, 94)) == ["Sword"]
    long = lines(chip_label("Boots of Running Really Fast", 0, 0, 94))
    assert long[0] == "Boots of" and long[1].startswith("Running") and len(long) == 2


def test_the_fight_line_names_each_total() -> None:
    """Issue 23 (the table): the fight line under the board read "player 1 7 against Potted Plant 1"; each
    total is now named ("strength 2", "strength 5") and the outcome said as the board says it."""
    import re

    panel = MunchkinPanel(MunchkinGame({"players": 3}, seed=0))
    panel.load_example(next(iter(panel.examples)))
    line = re.search(r"<p class='tablerules-fight'>(.*?)</p>", panel.state_view.value).group(1)
    plain = re.sub(r"<span class='tablerules-card-text'>.*?</span></span>|<[^>]+>", "", line)
    assert plain == ("Fight: player 0 with player 1's help, strength 2, against Drooling Slime, strength 5: "
                     "the monsters win as things stand")
