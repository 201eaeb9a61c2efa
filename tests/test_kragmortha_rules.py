"""Kragmortha: a scenario test per rule sentence of seed 004 and per card (listed in docs/rules/kragmortha.md)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from test_kragmortha import put, setup_game

from tablerules.core.errors import IllegalAction
from tablerules.core.protocol import Chance
from tablerules.kragmortha import actions as A
from tablerules.kragmortha import scenario
from tablerules.kragmortha.data import card_name
from tablerules.kragmortha.game import Kragmortha

GP = "goblin-grimoire-parchment"


def two(squares: list[int], lord: int, hand: list[str], players: int = 2) -> Kragmortha:
    g = setup_game(players)
    assert g.state.current == 0
    put(g, squares, lord, hand)
    return g


def test_a_symbol_must_match_the_square() -> None:
    """Seed 004: "卡片上面角落的圖案代表可以移動到的圖案格"."""
    g = two([64, 69], 0, [GP])
    assert A.Move(0, GP, ("east",)) in g.legal_actions()  # 65 is a grimoire square
    with pytest.raises(IllegalAction) as err:
        g.apply(A.Move(0, GP, ("north",)))  # 57 shows gems
    assert err.value.rule == "movement"


def test_two_symbols_once_each_in_either_order() -> None:
    """Seed 004: "兩個圖案只能各使用一次，但先後順序可以自選"."""
    g = two([64, 69], 0, [GP])
    legal = g.legal_actions()
    assert A.Move(0, GP, ("east", "north")) in legal  # grimoire then parchment
    assert A.Move(0, GP, ("west", "north")) in legal  # parchment then grimoire
    assert all(len(a.path) <= 2 for a in legal if isinstance(a, A.Move))


def test_the_crystal_ball_matches_any_symbol() -> None:
    """Seed 004: "水晶球圖案代表允許移動到任一圖案格"."""
    g = two([64, 69], 0, ["goblin-gems-crystal"])
    legal = g.legal_actions()
    assert A.Move(0, "goblin-gems-crystal", ("west",)) in legal  # parchment with the crystal ball
    assert A.Move(0, "goblin-gems-crystal", ("north",)) in legal  # gems


def test_the_desk_with_any_symbol_gives_a_tome_and_sends_the_goblin_home() -> None:
    """Seed 004: "書桌可以用任何圖案移動到上面" and
        "若移動到書桌，則可以抽一張魔法寶典卡，然後回到起始位置"."""
    g = two([10, 69], 0, ["goblin-potion-gems"])
    start = g.state.seats[0].start
    g.apply(A.Move(0, "goblin-potion-gems", ("north",)))
    assert g.state.seats[0].square == start
    step = g.pending_chance()
    assert step.event == "tome draw" and step.probability(Chance("tome draw", "ghost")) == Fraction(1, 18)
    g.apply(Chance("tome draw", "ghost"))
    assert g.state.seats[0].tomes == ["ghost"]


def test_pushing_moves_the_goblin_one_square_on() -> None:
    """Seed 004: "當你將自己的哥布林移動到其他哥布林的格子時，依照方向可以將他推到下一格"."""
    g = two([64, 65], 0, [GP])
    g.apply(A.Move(0, GP, ("east",)))
    assert [x.square for x in g.state.seats] == [65, 66]


def test_pushes_chain() -> None:
    """Seed 004: "被推的哥布林若又移動到其他哥布林的格子時，也可以推下一個人"."""
    g = two([64, 65, 66], 0, [GP], players=3)
    g.apply(A.Move(0, GP, ("east",)))
    assert [x.square for x in g.state.seats] == [65, 66, 67]


def test_a_push_into_a_bookcase_is_not_allowed() -> None:
    """Seed 004: "依照方向可以將他推到下一格": there must be a next square (our reading)."""
    g = two([23, 30], 0, ["goblin-gems-crystal"])
    assert A.Move(0, "goblin-gems-crystal", ("south",)) not in g.legal_actions()


def test_meeting_the_dark_lord_gives_a_penalty_then_a_flight_to_a_teleport() -> None:
    """Seed 004: "若任一哥布林與黑暗領主在同一格時，該玩家得抽一張噩運卡執行，
        然後哥布林必須飛到任一空的傳送格"."""
    g = two([64, 69], 65, [GP])
    g.apply(A.Move(0, GP, ("east", "north")) if False else A.Move(0, GP, ("east",)))
    assert g.pending_chance().event == "penalty draw"
    g.apply(Chance("penalty draw", "fist"))
    flights = g.legal_actions()
    assert flights and all(isinstance(a, A.Fly) for a in flights)
    assert {a.square for a in flights} == set(g.board.teleports)
    g.apply(flights[0])
    assert g.state.seats[0].penalties == ["fist"] and g.state.seats[0].square == flights[0].square


def test_the_dark_lord_moving_onto_a_goblin_is_a_meeting_too() -> None:
    """Seed 004: "若任一哥布林與黑暗領主在同一格時" - whichever piece moved."""
    g = two([64, 66], 65, ["lord-gems-crystal"])
    g.apply(A.Move(0, "lord-gems-crystal", ("east",)))
    assert g.state.lord == 66
    assert g.state.tasks[0] == ("penalty", 1, 0)


def test_with_every_teleport_taken_the_goblin_goes_back_to_its_start() -> None:
    """Seed 004: "如果傳送格客滿則回到起始位置，然後結束動作"."""
    g = two([64, 69, *setup_game(8).board.teleports], 65, [GP], players=8)
    g.apply(A.Move(0, GP, ("east",)))
    g.apply(Chance("penalty draw", "fist"))
    assert g.state.seats[0].square == g.state.seats[0].start or g.state.seats[0].square in g.board.start_edge


def test_a_teleport_square_ends_the_move_and_draws_a_teleport_card() -> None:
    """Seed 004: "若任一哥布林走到傳送格，必須結束動作，然後抽一張傳送卡執行"."""
    g = two([58, 69], 0, [GP])
    assert A.Move(0, GP, ("east", "north")) not in g.legal_actions()
    g.apply(A.Move(0, GP, ("east",)))
    step = g.pending_chance()
    assert step.event == "teleport draw"
    assert step.probability(Chance("teleport draw", "teleport")) == Fraction(6, 12)


@pytest.mark.parametrize(("card", "then"), [("teleport", "fly"), ("tome", "fly"), ("trap", "penalty")])
def test_teleport_cards(card: str, then: str) -> None:
    """Seed 004: "若為傳送則飛到任一空的傳送格；若為魔法典籍則傳送後抽一張魔法典籍卡；
        若為陷阱則抽一張噩運卡執行"."""
    g = two([58, 69], 0, [GP])
    g.apply(A.Move(0, GP, ("east",)))
    g.apply(Chance("teleport draw", card))
    assert g.state.tasks[0][0] == then
    if card == "tome":
        assert g.state.tasks[1][0] == "tome"


def test_the_teleport_deck_reshuffles_only_when_empty() -> None:
    """Seed 004: "傳送卡抽完才重洗"."""
    g = two([58, 69], 0, [GP])
    scenario.set_deck(g, "teleport_deck", g.state.teleport_deck[:1])  # the rest lies in the discard
    g.apply(A.Move(0, GP, ("east",)))
    assert len(g.pending_chance().outcomes) == 1  # only the one card left, no reshuffle yet


def test_the_dark_lord_on_a_teleport_square_jumps_but_not_next_to_a_goblin() -> None:
    """Seed 004: "若黑暗領主走到傳送格則可以移動到任一空格，但不可以與哥布林相鄰"."""
    g = two([64, 69], 24, ["lord-gems-crystal"])
    g.apply(A.Move(0, "lord-gems-crystal", ("east",)))  # 25 is a teleport square
    jumps = [a for a in g.legal_actions() if isinstance(a, A.Jump)]
    near = {n for sq in (64, 69) for n in g.board.neighbours(sq)}
    assert jumps and all(a.square not in near for a in jumps)


def test_penalty_symbols_are_unique_per_player() -> None:
    """Seed 004: "左上角有個符號，每種符號的懲罰卡只能擁有一張，若抽到同樣則放回底下重抽" - a card of a symbol
    the player has goes back under the deck and another is drawn; it comes up again only after the unseen cards."""
    g = two([64, 69], 65, [GP])
    scenario.give_penalties(g, 0, ["mouth-open"])  # symbol skull
    g.apply(A.Move(0, GP, ("east",)))
    skulls = [c for c in g.state.penalty_deck if g.penalties[c].symbol == "skull"]
    step = g.pending_chance()
    assert step.probability(Chance("penalty draw", skulls[0])) == Fraction(1, len(g.state.penalty_deck))
    g.apply(Chance("penalty draw", skulls[0]))
    assert g.state.penalty_bottom == [skulls[0]] and g.state.seats[0].penalties == ["mouth-open"]
    assert g.is_chance() and g.pending_chance().event == "penalty draw"  # draw again
    assert skulls[0] not in {a.outcome for a, _ in g.pending_chance().outcomes}  # it lies under the unseen cards
    g.apply(Chance("penalty draw", "teeth-closed"))
    assert g.state.seats[0].penalties == ["mouth-open", "teeth-closed"] and not g.invariants()


def test_cards_put_under_the_penalty_deck_come_up_last_in_order() -> None:
    """Seed 004: "若抽到同樣則放回底下重抽": with the unseen cards used up, the cards under the deck are drawn in
    the order they went under (no chance step), a duplicate again going under."""
    g = two([64, 69], 65, [GP])
    s = g.state
    scenario.give_penalties(g, 0, ["mouth-open"])  # skull
    scenario.give_penalties(g, 1, [])
    rest = [c for c in sorted(g.penalties) if c not in ("mouth-open", "three-words", "fist")]
    skull = next(c for c in rest if g.penalties[c].symbol == "skull")
    spare = [c for c in rest if c != skull]
    scenario.set_deck(g, "penalty_deck", [], under=[skull, "three-words", "fist", *spare])  # every card is under it
    g.apply(A.Move(0, GP, ("east",)))
    assert s.seats[0].penalties == ["mouth-open", "three-words"]  # the skull went under again, then three-words
    assert s.penalty_bottom[-1] == skull and not g.invariants()


def test_a_fourth_penalty_card_ends_the_game_and_that_player_loses() -> None:
    """Seed 004: "如果得到四張懲罰卡的人最輸，而且遊戲就結束了"."""
    g = two([64, 69], 65, [GP])
    scenario.give_penalties(g, 0, ["mouth-open", "teeth-closed", "tongue-out"])
    g.apply(A.Move(0, GP, ("east",)))
    g.apply(Chance("penalty draw", "armpit"))
    assert g.is_over() and 0 not in g.result().winners and g.result().winners == (1,)


def test_the_hand_limit_penalty_makes_you_discard_to_two() -> None:
    """Seed 004: "你的手牌上限變成2張，選一張丟掉，第一個搶到的對手可以馬上使用它" - the holder chooses the card
    (a legal action per card), then the opponents may grab it; when all let it go it is discarded."""
    g = two([64, 66], 65, ["lord-gems-crystal"], players=3)
    assert len(g.state.seats[1].hand) == 3
    g.apply(A.Move(0, "lord-gems-crystal", ("east",)))  # the dark lord walks onto player 1's goblin
    g.apply(Chance("penalty draw", "hand-limit"))
    assert g.stage() == "limit" and g.to_act() == (1,)
    discards = g.legal_actions()
    assert {a.card for a in discards} == set(g.state.seats[1].hand) and all(isinstance(a, A.Discard) for a in discards)
    card = discards[-1].card
    g.apply(discards[-1])
    assert len(g.state.seats[1].hand) == 2 and g.limit(1) == 2 and g.state.loose == card
    assert g.stage() == "grab" and set(g.to_act()) == {0, 2}  # every opponent at once
    assert Kragmortha.game_info().simultaneous
    g.apply(A.LetGo(2, card))
    assert g.to_act() == (0,)
    g.apply(A.LetGo(0, card))
    assert g.state.loose == "" and g.state.move_discard[-1] == card and g.stage() == "flee"
    assert not g.invariants()


def test_an_opponent_grabs_the_discarded_card_and_plays_it_at_once() -> None:
    """Seed 004: "第一個搶到的對手可以馬上使用它": the first grab applied wins; the grabber plays the card as a move
    of their own (goblin or dark lord) right away, without drawing for it; then the turn goes on."""
    g = two([64, 66], 65, ["lord-gems-crystal"], players=3)
    g.apply(A.Move(0, "lord-gems-crystal", ("east",)))
    g.apply(Chance("penalty draw", "hand-limit"))
    g.apply(g.legal_actions()[0])
    card = g.state.loose
    grabs = [a for a in g.legal_actions() if isinstance(a, A.Grab)]
    assert grabs and {a.player for a in grabs} <= {0, 2}
    grab = next(a for a in grabs if a.player == 2)
    hands = [len(x.hand) for x in g.state.seats]
    g.apply(grab)
    assert g.state.loose == "" and card in g.state.move_discard
    assert [len(x.hand) for x in g.state.seats] == hands  # played from the table, nothing drawn
    assert any(f"player 2 plays the {card_name(card)}" in line for line in g.log)
    assert not g.invariants()


def test_forbidden_words_are_recorded() -> None:
    """Seed 004: "你的對手們選擇3個字你不可以說出來" (and the two other word cards): recorded as reminders."""
    g = two([64, 69], 65, [GP])
    g.apply(A.Move(0, GP, ("east",)))
    g.apply(Chance("penalty draw", "three-words"))
    assert g.state.seats[0].forbidden == ["three-words"]


def test_the_last_tome_ends_the_game() -> None:
    """Seed 004: "當最後一張魔法寶典卡被抽起時，遊戲也結束"."""
    g = two([10, 69], 0, ["goblin-potion-gems"])
    scenario.give_tomes(g, 1, g.state.tome_deck[1:])  # one tome left in the deck
    g.apply(A.Move(0, "goblin-potion-gems", ("north",)))
    g.roll()
    assert g.is_over() and g.state.reason == "the last tome card was drawn"


def test_winner_fewest_penalties_then_tomes_then_magic() -> None:
    """Seed 004: "擁有最少懲罰卡的玩家獲勝，若平手才比魔法寶典的張數，若還是平手則比收集到的魔法記號數量"."""
    from tablerules.kragmortha.rules.cards import winners

    g = setup_game(3)
    s = g.state
    scenario.give_penalties(g, 0, ["fist"])
    scenario.give_tomes(g, 1, ["ghost"])  # 2 magic
    scenario.give_tomes(g, 2, ["glitch"])  # 1 magic
    assert winners(s, g.tomes) == (1,)
    scenario.give_tomes(g, 2, ["swift"])  # 3 magic
    assert winners(s, g.tomes) == (2,)


def test_the_observation_hides_other_hands() -> None:
    """Seed 004: movement cards are held in hand; penalty and tome cards lie open ("得到時需放在桌上讓大家可以檢視")."""
    g = setup_game(3)
    seen = g.observation(1)["state"]
    assert isinstance(seen["seats"][1]["hand"], list) and seen["seats"][0]["hand"] == 3
    line = g.describe_view(1).splitlines()[1]
    assert line.startswith("player 0") and "3 cards" in line and "cards" in g.observation_string(2)


def test_movement_draw_is_private_in_the_log() -> None:
    """Seed 004: "抽一張移動卡": only the drawer sees which card."""
    g = setup_game(2)
    assert any("draws a movement card" in line for line in g.log_for(1))
