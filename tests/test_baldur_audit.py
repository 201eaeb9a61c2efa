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


# ----- sentences no test quoted yet: what the engine does, checked (no deviation found) ---------------------------
def test_a_turn_is_hero_actions_then_recruiting_and_passes_clockwise(game: Baldur) -> None:
    """Seed 002: "每位玩家可以做两件事情：先英雄行动、後招募英雄。" and
        "开局玩家英雄行动结束之後，以顺时针方向换下一位玩家英雄行动。": after recruiting (or ending
        the turn) no hero acts; the next player clockwise acts next."""
    set_turn(game, 0, first=0)
    set_heroes(game, 0, ["AS"])
    set_hand(game, 0, ["3S", "2S"])
    set_hand(game, 1, [])
    set_hand(game, 2, [])
    set_hand(game, 3, [])
    legal = game.legal_actions(0)
    assert any(isinstance(a, A.Use) for a in legal) and A.Recruit(0) in legal and A.EndTurn(0) in legal
    game.apply(A.Recruit(0))
    roll_all(game)  # the inn's hero comes up; players 1-3 hold no cards (注7)
    assert game.stage().startswith("recruiting")
    game.apply(next(a for a in game.legal_actions(0) if isinstance(a, A.Bid)))
    roll_all(game)
    assert game.state.current == 1 and game.stage() == "hero actions"


@pytest.mark.parametrize("hero,ranks", [("K", (8, 9, 10)), ("Q", (6,)), ("J", (4,)), ("A", (2, 3))])
def test_each_hero_uses_its_own_function_cards(game: Baldur, hero: str, ranks: tuple[int, ...]) -> None:
    """Seed 002: "英雄职业如下： [K] 领主 Lord 可使用功能牌为 [8]、[9]、[10] [Q] 女巫 Witch 可使用功能牌为 [6]、[7]
        [J] 盗贼 Thief 可使用功能牌为 [4]、[5] [A] 刺客 Assassin 可使用功能牌为 [2]、[3]": with one hero and every
        function card, only that hero's active cards are offered (5 and 7 answer other players' actions)."""
    set_turn(game, 0, first=0)
    set_heroes(game, 0, [hero + "S"])
    set_heroes(game, 1, ["KH"])
    set_hand(game, 0, [f"{r}S" for r in range(2, 11)])
    set_hand(game, 1, ["2H"])
    used = {a.rank for a in game.legal_actions(0) if isinstance(a, A.Use)}
    assert used == set(ranks)


def test_the_coloured_joker_stands_for_a_red_function_card(game: Baldur) -> None:
    """Seed 002: "[彩色 Joker] 可以代替红色牌系任何一张功能牌。": the coloured joker makes a red level with
        red cards, never a black one."""
    set_turn(game, 0, first=0)
    set_heroes(game, 0, ["KS"])
    set_heroes(game, 1, ["KH"])
    set_hand(game, 0, ["9H", "9D", "RJ", "9S"])
    levels = {(a.level, a.colour, a.jokers) for a in game.legal_actions(0) if isinstance(a, A.Use) and a.rank == 9}
    assert (3, "red", 1) in levels and not any(col == "black" and j for _, col, j in levels)
    assert (2, "black", 0) not in levels  # one black 9 only


def test_the_event_is_the_banks_first_card_after_every_turn(game: Baldur) -> None:
    """Seed 002: "所有玩家回合结束後，会出现随机事件，随机事件是从银行中的第一张牌决定": after the last
        player's turn the bank's top card is the event (here red 5, the thieves' bonus: a card per thief)."""
    set_heroes(game, 2, ["JS"])
    stack_bank(game, ["5H", "2C"])
    game.apply(A.EndTurn(3))
    roll_all(game)
    assert game.state.round == 2 and game.state.seats[2].hand == ["2C"]


@pytest.mark.parametrize("card,hero,number", [("3S", "A", 3), ("5C", "J", 5), ("7S", "Q", 7), ("9C", "K", 9)])
def test_protection_events_ask_the_holders_of_their_hero_only(game: Baldur, card: str, hero: str, number: int) -> None:
    """Seed 002: [黑3] "拥有刺客英雄的玩家，必须使用手牌来贿赂十字军来留住刺客，保护数字为3", [黑5]
        "拥有盗贼英雄的玩家，必须使用手牌来安抚贫民，保护数字为5", [黑7]
        "拥有女巫英雄的玩家，必须使用手牌来保护女巫，保护数字为7", [黑9]
        "拥有领主英雄的玩家，必须使用手牌来扞卫领主，保护数字为9": only players holding that hero protect, at that
        number."""
    other = next(h for h in "AJQK" if h != hero)
    set_heroes(game, 1, [hero + "S"])
    set_heroes(game, 2, [other + "S"])
    set_hand(game, 1, [f"{number}H"])
    set_hand(game, 2, [f"{number}D"])
    stack_bank(game, [card])
    game.apply(A.EndTurn(3))
    roll_all(game)
    assert game.to_act() == (1,) and game.state.protect_number == number
    assert A.Protect(1, (str(number),)) in game.legal_actions(1)
