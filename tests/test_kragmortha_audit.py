"""Kragmortha (seed 004), issue 24: the seed's sentences read one by one beside the engine; each test here
showed a deviation (it failed before the fix) and quotes the sentence it rests on. Positions come from the
public scenario API (tablerules/kragmortha/scenario.py) and legal actions only."""

from __future__ import annotations

from fractions import Fraction

from tablerules.kragmortha import actions as A
from tablerules.kragmortha.game import Kragmortha
from tablerules.kragmortha.rules.cards import winners
from tablerules.kragmortha.rules.movement import legal_paths, paths
from tablerules.kragmortha.scenario import (
    give_penalties,
    give_tomes,
    move_goblin,
    move_lord,
    placed,
    set_hand,
    set_turn,
    square,
)

PG = "goblin-potion-gems"
LPG = "lord-potion-gems"


def _seven_placed() -> Kragmortha:
    """An 8-player game dealt, the first seven goblins placed by the first legal choice (the whole start edge)."""
    g = Kragmortha({"players": 8}, seed=0)
    while sum(x.square >= 0 for x in g.state.seats) < 7:
        if g.is_chance():
            g.roll()
        else:
            g.apply(g.legal_actions()[0])
    return g


def test_the_eighth_goblin_may_stand_on_a_teleport_square_next_to_a_goblin() -> None:
    """Seed 004: "8人遊戲時，第8位玩家可以放在任一哥布林的旁邊空格": any empty square next to a goblin, the
        teleport square d9 beside the goblin on d10 too (the engine offered symbol squares only). Placing is no
        "走到傳送格": no teleport card is drawn."""
    g = _seven_placed()
    eighth = g.to_act()[0]
    d9 = square(g, "d9")
    assert g.board.kinds[d9] == "teleport"
    places = [a for a in g.legal_actions() if isinstance(a, A.Place)]
    assert [a.label for a in places] == ["a9", "b9", "c9", "d9", "e9", "f9", "g9"]
    g.apply(next(a for a in places if a.square == d9))
    assert g.state.seats[eighth].square == d9 and g.state.seats[eighth].start == d9
    assert g.stage() == "play" and not g.is_chance()


def test_a_goblin_pushed_onto_the_dark_lord_ends_the_move() -> None:
    """Seed 004: "若任一哥布林與黑暗領主在同一格時，該玩家得抽一張噩運卡執行，然後哥布林必須飛到任一空的傳送格，
        如果傳送格客滿則回到起始位置，然後結束動作" with "當你將自己的哥布林移動到其他哥布林的格子時，依照方向可以將他
        推到下一格": a push that puts a goblin on the dark lord is a meeting, and the move ends there (the engine
        let the pusher take the card's second step)."""
    g = placed(players=2)
    move_goblin(g, 0, "b5")
    move_goblin(g, 1, "c5")
    move_lord(g, "d5")
    set_hand(g, 0, [PG])
    set_turn(g, 0)
    moves = {a.path for a in g.legal_actions() if isinstance(a, A.Move) and a.card == PG}
    assert ("east",) in moves  # gems: onto c5, pushing player 1 onto the dark lord on d5
    assert not any(len(path) == 2 and path[0] == "east" for path in moves)  # no step after the meeting
    g.apply(A.Move(0, PG, ("east",)))
    assert g.state.seats[0].square == square(g, "c5") and g.state.seats[1].square == square(g, "d5")
    assert g.pending_chance().event == "penalty draw" and g.state.tasks[0][1] == 1  # player 1 meets it


def test_the_fast_move_listing_agrees_with_the_plain_walk_after_a_push_onto_the_dark_lord() -> None:
    """Seed 004: "然後結束動作": the plain step by step walk (rules.movement.paths) and the fast listing agree that a
        push onto the dark lord ends the move."""
    g = placed(players=2)
    move_goblin(g, 0, "b5")
    move_goblin(g, 1, "c5")
    move_lord(g, "d5")
    card = g.movement[PG]
    goblins = tuple(x.square for x in g.state.seats)
    plain = sorted(paths(g.board, goblins, g.state.lord, 0, card, []))
    assert plain == sorted(legal_paths(g.board, goblins, g.state.lord, 0, card, []))
    assert ("east",) in plain and ("east", "west") not in plain


def test_the_dark_lord_walking_onto_a_goblin_on_a_teleport_square_may_still_jump() -> None:
    """Seed 004: "若黑暗領主走到傳送格則可以移動到任一空格，但不可以與哥布林相鄰" beside
        "若任一哥布林與黑暗領主在同一格時，該玩家得抽一張噩運卡執行，然後哥布林必須飛到任一空的傳送格": the dark lord
        walked onto a teleport square where a goblin stood; the goblin meets it and flies away, then the dark lord may
        jump (the engine left it there)."""
    g = placed(players=2)
    move_goblin(g, 1, "b2")  # a teleport square
    move_lord(g, "c2")
    set_hand(g, 0, [LPG])
    set_turn(g, 0)
    g.apply(A.Move(0, LPG, ("west",)))
    assert g.state.lord == square(g, "b2")
    assert g.pending_chance().event == "penalty draw"
    g.roll()
    assert g.to_act() == (1,) and g.stage() == "flee"
    g.apply(A.Fly(1, square(g, "f2"), "f2"))
    assert g.to_act() == (0,) and g.stage() == "jump"
    jumps = [a for a in g.legal_actions() if isinstance(a, A.Jump)]
    assert A.Jump(0, -1, "") in jumps  # "可以": it may stay
    near = set(g.board.neighbours(square(g, "f2")))
    assert jumps[1:] and not any(a.square in near for a in jumps[1:])
    g.apply(next(a for a in jumps if a.label == "a5"))
    assert g.state.lord == square(g, "a5")


# ----- sentences no test quoted yet: what the engine does, checked (no deviation found) ---------------------------
def test_a_goblin_card_moves_your_goblin_and_a_dark_lord_card_the_dark_lord() -> None:
    """Seed 004: "若移動卡圖案為哥布林，代表移動的是自己的哥布林" and "若移動卡圖案為黑暗領主，代表移動的是黑暗領主"."""
    g = placed(players=2)
    move_goblin(g, 0, "b5")
    move_goblin(g, 1, "g10")
    move_lord(g, "e7")
    set_hand(g, 0, [PG, LPG])
    set_turn(g, 0)
    g.apply(A.Move(0, PG, ("east",)))  # c5 shows gems
    assert g.state.seats[0].square == square(g, "c5") and g.state.lord == square(g, "e7")
    g2 = placed(players=2)
    move_goblin(g2, 0, "b5")
    move_goblin(g2, 1, "g10")
    move_lord(g2, "e7")
    set_hand(g2, 0, [PG, LPG])
    set_turn(g2, 0)
    g2.apply(A.Move(0, LPG, ("north",)))  # e6 shows gems
    assert g2.state.lord == square(g2, "e6") and g2.state.seats[0].square == square(g2, "b5")


def test_the_teleport_cards_are_shuffled() -> None:
    """Seed 004: "將傳送點卡洗勻": the first teleport card drawn is a chance step uniform over the 12 cards (6
        teleport, 3 tome, 3 trap)."""
    g = placed(players=2)
    move_goblin(g, 0, "e5")
    move_goblin(g, 1, "g10")
    move_lord(g, "a1")
    set_hand(g, 0, [PG])
    set_turn(g, 0)
    g.apply(A.Move(0, PG, ("north",)))  # e4, a teleport square
    step = g.pending_chance()
    assert step.event == "teleport draw"
    assert {str(o.outcome): p for o, p in step.outcomes} == {"teleport": Fraction(1, 2), "tome": Fraction(1, 4),
                                                               "trap": Fraction(1, 4)}


def test_magic_symbols_count_only_in_ties() -> None:
    """Seed 004: "每張魔法寶典卡上面有1到3個魔法記號，在平手時才會用到": every tome shows 1 to 3 magic symbols; they
        decide only between players tied on penalty cards and on tomes."""
    g = placed(players=2)
    assert all(1 <= t.magic <= 3 for t in g.tomes.values())
    give_tomes(g, 0, ["glitch", "goblin-run"])  # 2 tomes, 2 magic symbols
    give_tomes(g, 1, ["swift"])  # 1 tome, 3 magic symbols
    assert winners(g.state, g.tomes) == (0,)  # more tomes wins before magic counts
    give_tomes(g, 0, ["glitch"])  # 1 tome, 1 magic symbol: tied on tomes
    assert winners(g.state, g.tomes) == (1,)


def test_swift_played_over_the_hand_limit_card_raises_the_limit_to_four() -> None:
    """Seed 004: 迅捷 "當你打出此牌，你的手牌上限變為四，抽取移動卡直到你擁有四張移動卡。" beside the penalty card
        "你的手牌上限變成2張": the later card wins. Played while the hand-limit card is held, 迅捷
        makes the limit 4 and draws up to 4 (the engine kept the limit at 2 and drew nothing); a hand-limit card
        received after 迅捷 makes it 2 again."""
    g = placed(players=2)
    give_penalties(g, 0, ["hand-limit"])
    give_tomes(g, 0, ["swift"])
    set_hand(g, 0, [PG, LPG])
    set_turn(g, 0)
    assert g.limit(0) == 2
    g.apply(A.UseTome(0, "swift"))
    while g.is_chance():
        g.roll()
    assert g.limit(0) == 4 and len(g.state.seats[0].hand) == 4
    g2 = placed(players=2)
    give_tomes(g2, 0, [], used=["swift"])  # 迅捷 played earlier
    give_penalties(g2, 0, ["hand-limit"])  # the hand-limit card came after it
    assert g2.limit(0) == 2
