"""Kragmortha (seed 004), issue 24: the seed read sentence by sentence beside the engine. The tests under
"deviations" failed before their fix (docs/rules/kragmortha.md, "issue 24"); the others quote a sentence no test
quoted yet. Positions come from the public scenario API (tablerules/kragmortha/scenario.py)."""

from __future__ import annotations

from tablerules.core.protocol import Chance
from tablerules.kragmortha import actions as A
from tablerules.kragmortha.game import Kragmortha
from tablerules.kragmortha.scenario import (
    give_penalties,
    give_tomes,
    move_goblin,
    move_lord,
    placed,
    set_hand,
    set_turn,
)

GP = "goblin-grimoire-parchment"


def _beside_the_lord() -> Kragmortha:
    """Player 0's turn, their goblin on d5 (grimoire) west of the dark lord on e5 (parchment)."""
    g = placed(seed=1)
    set_turn(g, 0)
    move_lord(g, "e5")
    move_goblin(g, 0, "d5")
    return g


# ----- deviations (each failed before its fix) -------------------------------------------------------------------
def test_the_hand_limit_card_always_costs_a_chosen_card() -> None:
    """Seed 004: "你的手牌上限變成2張，選一張丟掉，第一個搶到的對手可以馬上使用它": the card says to choose one movement
    card and throw it away, whatever the hand holds. Met in your own turn, after playing your card (2 left), you still
    discard one (down to 1, the opponents may grab it) and draw back to 2 at the end of the turn; the engine
    discarded only from a hand over 2, so here nothing."""
    g = _beside_the_lord()
    set_hand(g, 0, [GP, "goblin-potion-gems", "lord-potion-gems"])
    g.apply(A.Move(0, GP, ("east",)))  # onto the dark lord: a penalty card
    g.apply(Chance("penalty draw", "hand-limit"))
    assert len(g.state.seats[0].hand) == 2 and g.stage() == "limit" and g.to_act() == (0,)
    assert {a.card for a in g.legal_actions()} == {"goblin-potion-gems", "lord-potion-gems"}
    g.apply(A.Discard(0, "lord-potion-gems"))
    assert g.state.seats[0].hand == ["goblin-potion-gems"] and g.state.loose == "lord-potion-gems"
    assert g.stage() == "grab" and set(g.to_act()) == {1, 2, 3}
    for q in (1, 2, 3):
        g.apply(A.LetGo(q, "lord-potion-gems"))
    assert "lord-potion-gems" in g.state.move_discard
    while g.state.current == 0:  # the flight, then the draw back up to the new limit of 2
        g.apply(g.legal_actions()[0]) if not g.is_chance() else g.roll()
    assert len(g.state.seats[0].hand) == 2 and g.limit(0) == 2 and not g.invariants()


def test_the_curse_strikes_the_players_its_user_chooses() -> None:
    """Seed 004: 詛咒 "每個被選到的人如果手上噩運卡少於兩張，立即抽取一張噩運卡並馬上生效": the user **chooses**
    the players (被選到的人); each chosen one with fewer than two penalty cards draws one. Every set of such
    opponents is a choice (choosing one with two or more would do nothing); the engine struck every opponent."""
    g = placed(seed=1)
    set_turn(g, 0)
    give_tomes(g, 0, ["curse"])
    give_penalties(g, 2, ["mouth-open", "teeth-closed"])  # two already: the curse cannot touch player 2
    curses = [a for a in g.legal_actions() if isinstance(a, A.UseTome) and a.tome == "curse"]
    assert sorted(a.card for a in curses) == ["1", "1,3", "3"]
    chosen = next(a for a in curses if a.card == "3")
    assert chosen.describe() == "player 0 uses the tome Curse (player 3)"
    g.apply(chosen)
    assert g.state.tasks[:1] == [("penalty", 3, 0)] and ("penalty", 1, 0) not in g.state.tasks
    g.apply(Chance("penalty draw", "fist"))
    assert g.state.seats[3].penalties == ["fist"] and g.state.seats[1].penalties == []


# ----- set-up sentences no test quoted yet ------------------------------------------------------------------------
def test_the_board_and_pieces_are_laid_out_for_every_player_count() -> None:
    """Seed 004: "@ 根據人數將板塊與指示物依說明書上圖示擺好": one library for 2 to 8 players
    (data/kragmortha/board.json; the rulebook's picture is not in the seed): 70 squares, 6 bookcases, a desk over 2
    squares, 6 teleport squares (facts.md), the dark lord on d5, and one goblin a player on the start edge."""
    for players in range(2, 9):
        g = placed(players)
        kinds = g.board.kinds
        assert len(kinds) == 70 and kinds.count("bookcase") == 6 and kinds.count("desk") == 2
        assert kinds.count("teleport") == 6 and g.board.label(g.state.lord) == "d5"
        assert len({x.square for x in g.state.seats}) == players and all(x.square >= 0 for x in g.state.seats)


def test_each_player_has_a_goblin_of_their_own() -> None:
    """Seed 004: "@ 每位玩家自己選擇一個顏色的哥布林": a goblin per player (its colour is the seat: the colour itself
    has no rule); a goblin card moves only the player's own goblin."""
    g = _beside_the_lord()
    set_hand(g, 0, ["goblin-potion-gems", "goblin-potion-gems", "goblin-potion-gems"])
    before = [x.square for x in g.state.seats]
    move = next(a for a in g.legal_actions() if isinstance(a, A.Move) and a.path)
    g.apply(move)
    after = [x.square for x in g.state.seats]
    assert after[0] != before[0] and after[1:] == before[1:]
