"""The Baldur's Gate board (tablerules/widgets/baldur_board.py): poker cards drawn, targets that match the
legal actions, a seat view that shows no other hand, worked example and undo."""

from __future__ import annotations

import re

from tablerules.baldur import actions as A
from tablerules.baldur import scenario
from tablerules.baldur.game import Baldur
from tablerules.widgets import baldur_board
from tablerules.widgets.baldur_panel import BaldurPanel, crusades_example


def test_cards_drawn_with_suit_glyphs_jokers_and_heroes() -> None:
    panel = BaldurPanel(Baldur(seed=7))
    svg = panel.board_svg()
    hand = panel.game.state.seats[0].hand
    assert all(f'data-target="card:{c}"' in svg for c in hand)
    assert "♥" in svg and "♠" in svg and "witch" in svg
    assert "Inn" in svg and "Bank" in svg and "face down" in svg
    card = baldur_board.poker_card(0, 0, "RJ")
    assert "JOKER" in card and "red" in card
    assert "used (exhausted)" in baldur_board.poker_card(0, 0, "KS", exhausted=True)


def test_targets_match_legal_actions_and_clicks_play_them() -> None:
    panel = BaldurPanel(Baldur(seed=7))
    svg = panel.board_svg()
    for target in panel.board.active:
        assert f'data-target="{target}"' in svg, target
    mine = panel.human_actions()
    assert all(panel.action_targets(a) for a in mine), "every opening card is on the board"
    before = panel.game.num_actions
    panel.board.click(panel.board.active[0])  # one legal action: played at once
    assert panel.game.num_actions > before


def test_seat_view_hides_the_other_hands() -> None:
    game = scenario.new_game(players=4, seed=3)
    panel = BaldurPanel(game)
    svg = panel.board_svg()
    one, two = panel.game.state.seats[1].hand, panel.game.state.seats[2].hand
    i = next(i for i, c in enumerate(one) if c not in two)  # swap a card between two other hands: the bank and
    j = next(j for j, c in enumerate(two) if c not in one)  # every count stay as they were
    scenario.set_hand(game, 1, [*one[:i], two[j], *one[i + 1:]])
    scenario.set_hand(game, 2, [*two[:j], one[i], *two[j + 1:]])
    assert panel.board_svg() == svg  # other seats' hands changed: the seat view is the same picture
    panel.view_toggle.value = "teacher"
    assert panel.board_svg() != svg


def test_crusades_example_is_the_protection_event_it_names() -> None:
    game = crusades_example()
    assert game.stage() == "protecting heroes" and game.state.protect_number == 3
    assert any(h.startswith("A") for h in game.state.seats[0].heroes)
    assert "Crusades" in game.log[-1]
    panel = BaldurPanel(Baldur(seed=7))
    panel.load_example(next(n for n in panel.examples if "Crusades" in n))
    assert "event:card" in panel.board.active
    panel.board.click("event:card")  # several ways to protect: offered as buttons
    labels = [b.description for b in panel.choice_box.children if hasattr(b, "description")]
    assert any("4, 7" in x for x in labels)


def test_machine_phrasing_is_gone() -> None:
    panel = BaldurPanel(Baldur(seed=7))
    panel.board.click(panel.board.active[0])
    text = panel.board_svg() + panel.render_state()
    assert not re.search(r"\[\d+, \d+", panel.render_state())
    assert not re.search(r"\d\.\d{5,}", text)
    assert "still bidding: player" in panel.render_state()
    bid = next(a for a in panel.human_actions() if type(a).__name__ == "Bid")
    assert "=" in panel.action_tooltip(bid) and "face down" in panel.action_tooltip(bid)


def test_next_event_odds_add_up_to_one() -> None:
    game = scenario.new_game(players=4, seed=3)
    svg = baldur_board.board(game, 0, 0)
    shares = [float(x) for x in re.findall(r">(\d+\.\d)% ", svg)]
    assert shares and abs(sum(shares) - 100) < 0.6
    assert "= 100% in all" in svg


def test_undo_goes_back_to_before_your_decision_not_to_the_deal() -> None:
    panel = BaldurPanel(Baldur(seed=7))
    start = panel.game.num_actions
    panel._safely(panel.undo)  # nothing of yours yet: it says so and stays
    assert panel.game.num_actions == start and "Nothing of yours" in panel.message.value
    panel.board.click(panel.board.active[0])
    panel._safely(panel.undo)
    assert panel.game.num_actions == start
    panel.load_example(next(n for n in panel.examples if "Crusades" in n))
    staged = panel.game.num_actions
    panel.board.click("event:card")
    next(b for b in panel.choice_box.children if "4, 7" in getattr(b, "description", "")).click()
    panel._safely(panel.undo)
    assert panel.game.num_actions == staged and panel.game.stage() == "protecting heroes"


def test_an_ordinary_turn_by_board_clicks() -> None:
    """A lord's tax with a 9 (one click: the card has one use), recruiting from the inn, one bid: 4 clicks."""
    game = scenario.new_game(players=3, seed=1)  # seed 1: player 0 plays first
    scenario.set_heroes(game, 0, ["KS"])
    scenario.set_hand(game, 0, ["9S", "2H", "3D", "5C", "8H"])
    panel = BaldurPanel(game)
    turn, clicks = game.turn_number(), 0
    for target in ("card:9S", "pile:inn", "auction:hero"):
        assert target in panel.board.active, (target, panel.board.active)
        panel.board.click(target)
        clicks += 1
    assert any(type(a).__name__ == "Use" and a.actor == 0 and a.rank == 9 for a in panel.game.history)
    bids = [b for b in panel.choice_box.children if "bids" in getattr(b, "description", "")]
    assert bids and "= " in bids[0].tooltip
    bids[0].click()
    clicks += 1
    assert panel.game.turn_number() != turn and clicks <= 6


def test_the_hero_action_waiting_for_answers_in_words() -> None:
    game = scenario.new_game(players=3, seed=1)
    scenario.set_turn(game, 1)
    scenario.set_heroes(game, 1, ["JS"])
    scenario.set_hand(game, 1, ["4H"])
    scenario.set_heroes(game, 2, ["QS"])  # a witch with a 7 may reverse it: the action waits for her answer
    scenario.set_hand(game, 2, ["7S"])
    game.apply(next(a for a in game.legal_actions() if getattr(a, "rank", None) == 4))
    assert game.state.pending == [1, 4, 1, "red", 0, ""]
    words = baldur_board.pending_words(game)
    assert words.startswith("player 1 plays the thief's basic 4 (1 red card)") and "[" not in words


def test_event_breakdown_adds_up_and_the_examples_agree_with_their_logs() -> None:
    from tablerules.widgets.baldur_panel import EXAMPLES, event_html, event_odds_example

    game = event_odds_example()
    text = event_html(game, 0)
    head = re.search(r"out of (\d+) equal chances: (\d+)", text)
    assert head and head.group(1) == head.group(2)
    terms = [int(x) for x in re.findall(r"<td class='n'>\+(\d+)</td>", text)]
    assert sum(terms) == int(head.group(1))  # the likeliest events and "any other event" add up to the total
    assert game.state.current == 0 and game.stage() == "hero actions"
    crusades = crusades_example()
    assert "protection number 3: one way with player 0" in event_html(crusades, 0)
    assert all(callable(make) for make in EXAMPLES.values()) and len(EXAMPLES) == 2


def test_tooltips_explain_the_actions_in_words() -> None:
    game = crusades_example()
    panel = BaldurPanel(Baldur(seed=7))
    panel.load_example(next(n for n in panel.examples if "Crusades" in n))
    protect = next(a for a in panel.human_actions() if type(a).__name__ == "Protect" and a.cards == ("4", "7"))
    assert panel.action_tooltip(protect) == "pay hand cards numbered 4, 7 to protect a hero: 7 - 4 = 3"
    assert baldur_board.sum_words([-4, 7]) == "7 - 4 = 3"
    use = A.Use(0, 9, 1, "black")
    assert baldur_board.action_words(game, use).startswith("the lord's basic 9 (1 black card): ")
    assert "[" not in baldur_board.action_words(game, use)


def test_every_clickable_part_is_drawn_through_a_game() -> None:
    """Through 80 decisions of seat 0 (greedy choices), every target with a legal action is on the board."""
    from tablerules.baldur.agents import GreedyAgent

    panel = BaldurPanel(Baldur(seed=11))
    agent = GreedyAgent()
    for _ in range(80):
        if panel.game.is_over():
            break
        svg = panel.board_svg()
        missing = [t for t in panel.board.active if f'data-target="{t}"' not in svg]
        assert not missing, (panel.game.stage(), missing)
        mine = panel.human_actions()
        if not mine:
            panel._safely(panel.roll)
            continue
        choice = agent.choose(panel.game, 0)
        panel.play(choice if choice in mine else mine[0])


def test_the_middle_heading_wraps_short_of_the_event_box() -> None:
    """Issue 23 (the table): "Your turn: click a hero or a function card to act, the inn to recruit, or end the
    turn" ran under the next event's box on the right; it now wraps in the room left of the box (x < 820)."""
    from tablerules.widgets.baldur_panel import event_odds_example

    game = event_odds_example()
    assert game.stage() == "hero actions"
    drawn = baldur_board.board(game, 0, 0, (0,), ())
    heading = re.findall(r'x="([\d.]+)" y="[\d.]+" font-size="16"[^>]*font-weight="bold"[^>]*>([^<]+)</text>', drawn)
    lines = [t for x, t in heading if t.startswith("Your turn") or t.endswith("or end the turn")]
    assert len(lines) == 2 and " ".join(lines) == baldur_board.now_words(game, 0)
    assert all(float(x) + len(t) * 9.2 <= 1190 - 360 for x, t in heading if t in lines)
