"""Baldur's Gate (seed 002), issue 24: the seed's sentences read one by one beside the engine; each test here
showed a deviation (it failed before the fix) and quotes the sentence it rests on."""

from __future__ import annotations

import pytest

from tablerules.baldur import actions as A
from tablerules.baldur.game import Baldur
from tablerules.baldur.scenario import new_game, roll_all, set_hand, set_heroes, set_turn, stack_bank


@pytest.fixture
def game() -> Baldur:
    """Player 3's hero actions in round 1 (player 0 the first player): ending the turn ends the round."""
    g = new_game(seed=7)
    set_turn(g, 3, first=0)
    for p in range(4):
        set_heroes(g, p, [])
        set_hand(g, p, [])
    return g


def test_northern_gods_a_player_still_without_the_colour_after_the_sacrifice_falls(game: Baldur) -> None:
    """Seed 002: [红10] "若是手牌无法满足花色，则必须将1张英雄牌做为祭品，从银行换取3张手牌", "若是玩家手牌 ( 所拥有的
        加上祭品换取的 ) 还是没有所需要的花色，则玩家在诸神的战争中战败": one hero a war round; when the 3 open cards
        bring no card of the colour either, the player falls (the engine offered a second sacrifice)."""
    set_hand(game, 0, ["2S", "3S"])
    set_heroes(game, 2, ["KC", "KS"])  # no hand cards, two lords
    stack_bank(game, ["10H", "9S", "2H", "3H", "4H"])  # the gods, black 9 shown, three red cards for player 2
    game.apply(A.EndTurn(3))
    roll_all(game)
    assert game.state.gods == ["9S"] and game.legal_actions(2) == (A.Sacrifice(2, "KC"), A.Sacrifice(2, "KS"))
    game.apply(A.Sacrifice(2, "KC"))
    roll_all(game)
    assert game.state.open_cards[2] == ["2H", "3H", "4H"]
    assert 2 in game.state.fallen and 2 not in game.to_act()
    assert game.state.seats[2].all_heroes() == ["KS"]  # the second lord is not sacrificed


def test_after_slaughter_a_thief_cannot_even_defend_next_round(game: Baldur) -> None:
    """Seed 002: [红6] 血腥镇压 "出动士兵血腥镇压这群盗贼，下一回合所有玩家这2种英雄都无法使用": the thieves cannot
        be used at all next round, so not for the passive defence either (注2 "被动使用：玩家需要拥有盗贼牌才可以使用";
        the engine let a thief defend). A 2's ban ("禁止英雄行动") stops hero actions only: the thief still defends."""
    stack_bank(game, ["6H", "2C", "2D", "4C"])  # the event, then player 0's draw of round 2
    game.apply(A.EndTurn(3))
    roll_all(game)
    assert game.state.round == 2 and game.state.current == 0 and game.stage() == "hero actions"
    set_heroes(game, 0, ["AS"])
    set_hand(game, 0, ["3S", "3C"])
    set_heroes(game, 1, ["JS"])
    set_hand(game, 1, ["5S"])
    game.apply(A.Use(0, 3, 1, "black", 0, (1,), ""))  # assassinate a random hero of player 1
    assert not any(isinstance(a, A.Defend) for a in game.legal_actions(1))


def test_a_2_ban_leaves_the_thiefs_defence(game: Baldur) -> None:
    """Seed 002: 注2 "2.被动使用：玩家需要拥有盗贼牌才可以使用，不算英雄行动" and [2] "禁止1位玩家1种英雄行动": a ban
        of the thief's hero actions leaves its passive defence (unlike 红6's "无法使用")."""
    set_turn(game, 0, first=0)
    set_heroes(game, 0, ["AS", "AC"])
    set_hand(game, 0, ["2S", "3S"])
    set_heroes(game, 1, ["JS"])
    game.apply(A.Use(0, 2, 1, "black", 0, (1,), "J"))  # player 1 has no 5 yet: nothing to answer
    assert "1:J" in game.observation(None)["state"]["bans"]
    set_hand(game, 1, ["5S"])
    game.apply(A.Use(0, 3, 1, "black", 0, (1,), ""))
    assert A.Defend(1, "black", 0) in game.legal_actions(1)
