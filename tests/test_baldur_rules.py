"""Baldur's Gate (seed 002): a scenario test per function card level, recruiting rule and event."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tablerules.baldur import actions as A
from tablerules.baldur import scenario as S
from tablerules.baldur.game import Baldur
from tablerules.baldur.scenario import deal, new_game, roll_all, set_hand, set_heroes, set_turn, stack_bank
from tablerules.core.errors import IllegalAction


@pytest.fixture
def game() -> Baldur:
    g = new_game(seed=7)
    set_turn(g, 0, first=0)
    for p in range(4):
        set_heroes(g, p, [])
        set_hand(g, p, [])
    return g


def use(game: Baldur, rank: int, level: int, colour: str = "black", jokers: int = 0, targets=(), kinds="") -> None:
    game.apply(A.Use(0, rank, level, colour, jokers, tuple(targets), kinds))


# ----- function cards: levels, colours, jokers, exhaustion -----------------------------------------
def test_level_needs_same_colour_and_jokers_stand_in(game: Baldur) -> None:
    """Seed 002: "任意1张 ( 基础功能 ) → 同色2张 ( 进阶功能 ) → 同色3张 ( 特殊功能 )", 注1 "同色功能牌指黑色或红色",
        "[黑白 Joker] 可以代替黑色牌系任何一张功能牌"."""
    set_heroes(game, 0, ["AS"])
    set_heroes(game, 1, ["KS"])
    set_hand(game, 0, ["3S", "3H"])
    levels = {(a.level, a.colour) for a in game.legal_actions() if isinstance(a, A.Use) and a.rank == 3}
    assert levels == {(1, "black"), (1, "red")}
    set_hand(game, 0, ["3S", "BJ", "3C"])
    assert any(isinstance(a, A.Use) and a.level == 3 and a.jokers == 1 for a in game.legal_actions())
    set_hand(game, 0, ["3S", "RJ"])
    assert not any(isinstance(a, A.Use) and a.level == 2 for a in game.legal_actions())


def test_use_needs_the_hero_and_exhausts_it(game: Baldur) -> None:
    """Seed 002: "1.主动使用：玩家需要拥有对应的英雄牌才可以使用" and 注3
        "行动过的英雄需覆盖正面 ... 功能牌数量允许时，玩家所有的英雄均可行动"."""
    set_heroes(game, 0, ["AS", "AH"])
    set_heroes(game, 1, ["KS"])
    set_hand(game, 0, ["2S", "2C", "2H"])
    use(game, 2, 1, targets=(1,), kinds="K")
    assert game.state.seats[0].tired == ["AH"] or game.state.seats[0].tired == ["AS"]
    use(game, 2, 1, targets=(2,), kinds="K")  # 注3: every hero may act while function cards last
    assert len(game.state.seats[0].tired) == 2
    with pytest.raises(IllegalAction) as err:
        use(game, 2, 1, "red", targets=(3,), kinds="K")
    assert err.value.rule == "function cards"
    assert game.state.bank_under[-2:] == ["2C", "2S"] or set(game.state.bank_under[-2:]) == {"2C", "2S"}


def test_exhausted_heroes_turn_face_up_at_the_start_of_the_owners_turn(game: Baldur) -> None:
    """Seed 002: 注3 "行动过的英雄需覆盖正面" (when they turn up again: docs/rules/baldursgate.md)."""
    set_heroes(game, 1, ["KS"], tired=["QS"])
    game.apply(A.EndTurn(0))
    roll_all(game)
    assert game.state.current == 1 and game.state.seats[1].heroes == ["KS", "QS"]
    assert game.state.seats[1].tired == []


def test_2_basic_bans_one_hero_of_one_player(game: Baldur) -> None:
    """Seed 002: [2] basic "禁止1位玩家1种英雄行动"."""
    set_heroes(game, 0, ["AS"])
    set_heroes(game, 1, ["KS"])
    set_hand(game, 0, ["2S"])
    use(game, 2, 1, targets=(1,), kinds="K")
    assert game.state.bans == ["1:K"]


def test_2_advanced_and_special_ban_every_other_player(game: Baldur) -> None:
    """Seed 002: [2] "禁止所有玩家1种英雄行动" / "禁止所有玩家2种英雄行动"; 注4 "不限英雄牌的数量"."""
    set_heroes(game, 0, ["AS", "AH"])
    set_hand(game, 0, ["2S", "2C", "2H", "2D", "RJ"])
    use(game, 2, 2, targets=(), kinds="Q")
    assert sorted(game.state.bans) == ["1:Q", "2:Q", "3:Q"]
    use(game, 2, 3, "red", jokers=1, kinds="JK")
    assert {"1:J", "1:K", "3:J", "3:K"} <= set(game.state.bans)


def test_bans_stop_hero_actions_until_the_round_ends(game: Baldur) -> None:
    """Seed 002: [2] "禁止…英雄行动" (until the round ends: docs/rules/baldursgate.md)."""
    set_heroes(game, 1, ["KS"])
    set_hand(game, 1, ["9S"])
    S.set_bans(game, [(1, "K")])
    set_turn(game, 1)
    assert not any(isinstance(a, A.Use) for a in game.legal_actions())


def test_3_basic_assassinates_a_random_hero(game: Baldur) -> None:
    """Seed 002: [3] basic "暗杀1位玩家1张随机英雄"; "死去的英雄须回归旅店底部"."""
    set_heroes(game, 0, ["AS"])
    set_heroes(game, 1, ["KS", "QH"])
    set_hand(game, 0, ["3S"])
    use(game, 3, 1, targets=(1,))
    step = game.chance_step()
    assert {a.outcome: p for a, p in step.outcomes} == {"KS": Fraction(1, 2), "QH": Fraction(1, 2)}
    deal(game, "QH")
    assert game.state.seats[1].heroes == ["KS"] and game.state.inn_under[-1] == "QH"


def test_3_advanced_assassinates_a_named_hero_and_special_all_players(game: Baldur) -> None:
    """Seed 002: [3] "暗杀1位玩家1张指定英雄" / "暗杀所有玩家1张指定英雄"."""
    set_heroes(game, 0, ["AS", "AC"])
    set_heroes(game, 1, ["KS", "QH"])
    set_heroes(game, 2, ["QD"])
    set_heroes(game, 3, ["JD"])
    set_hand(game, 0, ["3S", "3C", "3H", "3D", "RJ"])
    use(game, 3, 2, targets=(1,), kinds="Q")
    assert game.state.seats[1].heroes == ["KS"]
    use(game, 3, 3, "red", jokers=1, targets=(1, 2, 3), kinds="KQJ")  # a hero named for each player
    assert [game.state.seats[q].heroes for q in (1, 2, 3)] == [[], [], []]


def test_4_basic_and_advanced_take_random_cards_from_everyone(game: Baldur) -> None:
    """Seed 002: [4] "夺取所有玩家1张随机手牌" / "夺取所有玩家2张随机手牌"."""
    set_heroes(game, 0, ["JS", "JC"])
    set_hand(game, 0, ["4S", "4H", "4D"])
    for q, hand in ((1, ["5S"]), (2, ["6S", "7S"]), (3, [])):
        set_hand(game, q, hand)
    use(game, 4, 1)
    step = game.chance_step()
    assert step.event == "take" and len(step.outcomes) == 2
    deal(game, "7S")
    assert sorted(game.state.seats[0].hand) == ["4H", "4D", "5S", "7S"] or "7S" in game.state.seats[0].hand
    assert game.state.seats[2].hand == ["6S"]
    use(game, 4, 2, "red")
    assert game.state.seats[2].hand == [] and game.state.seats[1].hand == []


def test_4_special_takes_a_whole_hand(game: Baldur) -> None:
    """Seed 002: [4] special "夺取1位玩家所有手牌"."""
    set_heroes(game, 0, ["JS"])
    set_hand(game, 0, ["4S", "4C", "BJ"])
    set_hand(game, 2, ["6S", "7S", "8S"])
    use(game, 4, 3, jokers=1, targets=(2,))
    assert game.state.seats[0].hand == ["6S", "7S", "8S"] and game.state.seats[2].hand == []


def test_8_basic_exchanges_a_hand_with_the_bank(game: Baldur) -> None:
    """Seed 002: [8] basic "指定1位玩家跟银行交换所有手牌"."""
    set_heroes(game, 0, ["KS"])
    set_hand(game, 0, ["8S"])
    set_hand(game, 1, ["2S", "3S"])
    use(game, 8, 1, targets=(1,))
    assert game.state.bank_under[-2:] == ["2S", "3S"]
    roll_all(game)
    assert len(game.state.seats[1].hand) == 2


def test_8_basic_on_an_empty_hand_gives_nothing_back(game: Baldur) -> None:
    """Seed 002: [8] basic "指定1位玩家跟银行交换所有手牌": all of no cards is no cards (it used to draw one)."""
    set_heroes(game, 0, ["KS"])
    set_hand(game, 0, ["8S"])
    bank = len(game.state.bank)
    use(game, 8, 1, targets=(1,))
    roll_all(game)
    assert game.state.seats[1].hand == [] and len(game.state.bank) == bank
    assert "player 1 exchanges 0 hand cards with the bank" in game.log


def test_saves_from_before_the_rules_edition_keep_edition_1() -> None:
    """Saves written before ``rules`` existed replay as they were played: under edition 1, [8] basic on an
    empty hand drew one card."""
    save = Baldur(seed=4).to_json()
    del save["params"]["rules"]
    assert Baldur.from_json(save).params.rules == 1
    old = new_game(seed=7, rules=1)
    set_turn(old, 0, first=0)
    for p in range(4):
        set_heroes(old, p, ["KS"] if p == 0 else [])
        set_hand(old, p, ["8S"] if p == 0 else [])
    old.apply(A.Use(0, 8, 1, "black", 0, (1,), ""))
    roll_all(old)
    assert len(old.state.seats[1].hand) == 1


def test_8_advanced_shuffles_two_hands_leftover_to_the_actor(game: Baldur) -> None:
    """Seed 002: [8] "指定2位玩家所有手牌洗均匀後发回"; 注5 "剩余发不完的牌，由行动玩家所拥有，
        而且使用进阶效果时，要不要把自己本身的牌一起洗入，可由行动玩家决定"."""
    set_heroes(game, 0, ["KS"])
    set_hand(game, 0, ["8S", "8C"])
    set_hand(game, 1, ["2S", "3S", "4S"])
    set_hand(game, 2, ["5S", "6S"])
    use(game, 8, 2, targets=(1, 2))
    roll_all(game)
    sizes = [len(game.state.seats[p].hand) for p in range(3)]
    assert sizes == [1, 2, 2]  # 5 cards, 2 each, 1 left over to the actor (注5)


def test_8_special_shuffles_every_hand(game: Baldur) -> None:
    """Seed 002: [8] special "指定所有玩家所有手牌洗均匀後发回"."""
    set_heroes(game, 0, ["KS"])
    set_hand(game, 0, ["8S", "8C", "8S", "10H"])
    for q, hand in ((1, ["2S", "3S"]), (2, ["2C", "3C"]), (3, ["2H", "3H"])):
        set_hand(game, q, hand)
    use(game, 8, 3)
    roll_all(game)
    assert [len(seat.hand) for seat in game.state.seats] == [4, 1, 1, 1]  # 7 cards: 1 each, 3 left over to the actor


def test_9_basic_taxes_the_bank(game: Baldur) -> None:
    """Seed 002: [9] basic "跟银行徵税"; 注6 "徵税为获得行动玩家手上所有英雄牌数量 + 2 的手牌 ( 上限为5张 )"."""
    set_heroes(game, 0, ["KS", "QS"])
    set_hand(game, 0, ["9S"])
    use(game, 9, 1)
    roll_all(game)
    assert len(game.state.seats[0].hand) == 4  # 2 heroes + 2 (注6)


def test_9_advanced_and_special_tax_players(game: Baldur) -> None:
    """Seed 002: [9] "跟1位玩家徵税" / "跟所有玩家徵税"."""
    set_heroes(game, 0, ["KS", "KH", "KD", "KC"])
    set_hand(game, 0, ["9S", "9C", "9H", "9D", "RJ"])
    set_hand(game, 1, ["2S", "2S", "3S", "3S", "4C", "4C", "5C"])
    use(game, 9, 2, targets=(1,))
    roll_all(game)
    assert len(game.state.seats[1].hand) == 2  # 4 heroes + 2 = 6, at most 5
    set_hand(game, 2, ["4S"])
    use(game, 9, 3, "red", jokers=1)
    roll_all(game)
    assert game.state.seats[1].hand == [] and game.state.seats[2].hand == []


def test_10_basic_exchanges_random_heroes(game: Baldur) -> None:
    """Seed 002: [10] basic "跟1位玩家交换1张随机英雄"."""
    set_heroes(game, 0, ["KS"])
    set_heroes(game, 1, ["QH"])
    set_hand(game, 0, ["10S"])
    use(game, 10, 1, targets=(1,))
    roll_all(game)
    assert game.state.seats[0].all_heroes() == ["QH"] and game.state.seats[1].all_heroes() == ["KS"]


def test_10_advanced_and_special_capture(game: Baldur) -> None:
    """Seed 002: [10] "跟1位玩家掳获1张随机英雄" / "跟所有玩家掳获1张随机英雄"."""
    set_heroes(game, 0, ["KS", "KC"])
    set_heroes(game, 1, ["QH"])
    set_heroes(game, 2, ["JH"])
    set_heroes(game, 3, ["AD"])
    set_hand(game, 0, ["10S", "10C", "10H", "10D", "RJ"])
    use(game, 10, 2, targets=(1,))
    roll_all(game)
    assert "QH" in game.state.seats[0].heroes
    use(game, 10, 3, "red", jokers=1)
    roll_all(game)
    assert {"JH", "AD"} <= set(game.state.seats[0].heroes)


# ----- recruiting ---------------------------------------------------------------------------------
def recruit(game: Baldur, hero: str = "KH") -> None:
    stack_bank(game, [])
    game.apply(A.Recruit(0))
    step = game.chance_step()
    deal(game, hero if any(a.outcome == hero for a, _ in step.outcomes) else step.outcomes[0][0].outcome)


def test_recruiting_highest_bid_wins_and_every_bid_is_spent(game: Baldur) -> None:
    """Seed 002: "所有玩家打出2张手牌，比数字大小，数字最大者为招募成功 ... 招募失败的玩家，
        所出的手牌仍需丢入牌堆"; 注7 "若是无手牌，则为自动放弃招募"."""
    for p, hand in enumerate([["10S", "9S"], ["2S", "3S"], ["10H", "10D"], []]):
        set_hand(game, p, hand)
    recruit(game)
    assert set(game.to_act()) == {0, 1, 2}  # 注7: no cards, no bid
    hero = game.state.auction
    game.apply(A.Bid(0, ("10 black", "9 black")))
    game.apply(A.Bid(1, ("2 black", "3 black")))
    game.apply(A.Bid(2, ("10 red", "10 red")))
    assert hero in game.state.seats[2].heroes
    assert sorted(game.state.bank_under[-6:]) == sorted(["10S", "9S", "2S", "3S", "10D", "10H"])


def test_recruiting_ties_bid_again_up_to_three_rounds(game: Baldur) -> None:
    """Seed 002: "若数字相同者，则再比第二轮，若是三轮内竞标没有结果，则随机英雄便会离开"."""
    for p, hand in enumerate([["5S", "5S", "5C", "5C", "6S", "4C"], ["5H", "5H", "5D", "5D", "6H", "4D"], [], []]):
        set_hand(game, p, hand)
    recruit(game)
    hero = game.state.auction
    for mine, yours in [(("5 black",) * 2, ("5 red",) * 2)] * 2 + [(("4 black", "6 black"), ("4 red", "6 red"))]:
        assert game.state.auction == hero
        game.apply(A.Bid(0, mine))
        game.apply(A.Bid(1, yours))
    assert game.state.inn_under[-1] == hero and game.state.auction == ""


def test_anyone_may_drop_out(game: Baldur) -> None:
    """Seed 002: 注8 "随时可以放弃招募英雄"."""
    for p, hand in enumerate([["2S", "2C"], ["5H", "5D"], ["3S"], []]):
        set_hand(game, p, hand)
    recruit(game)
    hero = game.state.auction
    game.apply(A.Drop(1))
    game.apply(A.Bid(2, ("3 black",)))
    game.apply(A.Bid(0, ("2 black", "2 black")))
    assert hero in game.state.seats[0].heroes and {"5D", "5H"} <= set(game.state.seats[1].hand)


# ----- end of round: hand limit, events -----------------------------------------------------------
def end_round(game: Baldur, event: str) -> None:
    """Play to the end of the round with ``event`` as the bank's top card."""
    stack_bank(game, [event])
    S.end_round(game)


def test_hand_limit_13_before_the_event(game: Baldur) -> None:
    """Seed 002: "玩家手牌上限不可超过13张 ( 自己本身回合结束时可保留13张以上，
        但是所有玩家回合均结束之後，随机事件发生之前，必须一起弃牌至银行底部 )"."""
    set_hand(game, 1, ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "2C", "3C", "4C", "5C", "6C", "7C"])
    end_round(game, "3H")
    assert game.to_act() == (1,) and game.state.event == ""
    game.apply(A.Choose(1, "2C"))  # one choice per rank and colour: the first in code order
    game.apply(A.Choose(1, "3C"))
    roll_all(game)
    assert (len(game.state.seats[1].hand) == 13 and game.state.round == 9) or game.state.event == ""


@pytest.mark.parametrize("card,hero", [("3H", "A"), ("5D", "J"), ("7H", "Q"), ("9D", "K")])
def test_bonus_events_draw_one_card_per_hero(game: Baldur, card: str, hero: str) -> None:
    """Seed 002: [红3]/[红5]/[红7]/[红9] "拥有…英雄的玩家，可以从银行抽取等数量的手牌"."""
    set_heroes(game, 2, [hero + "S", hero + "C"])
    end_round(game, card)
    roll_all(game)
    assert len(game.state.seats[2].hand) == 2


@pytest.mark.parametrize("card,banned", [("6S", "QA"), ("6H", "KJ")])
def test_reformation_and_slaughter_ban_two_heroes_next_round(game: Baldur, card: str, banned: str) -> None:
    """Seed 002: [黑6] / [红6] "下一回合所有玩家这2种英雄都无法使用"."""
    round_ = game.state.round
    end_round(game, card)
    roll_all(game)
    assert game.state.round == round_ + 1
    assert sorted(game.state.bans) == sorted(f"{p}:{k}" for p in range(4) for k in banned)


@pytest.mark.parametrize("card,hero,number", [("3S", "A", 3), ("5C", "J", 5), ("7S", "Q", 7), ("9C", "K", 9)])
def test_protection_events(game: Baldur, card: str, hero: str, number: int) -> None:
    """Seed 002: [黑3]/[黑5]/[黑7]/[黑9] "保护数字为3/5/7/9"; 注9 "若保护不成功，则英雄直接死亡";
        注10 "一位英雄要一组保护数字手牌"."""
    set_heroes(game, 1, [hero + "S", hero + "H"])
    set_hand(game, 1, ["2S", str(number + 2) if number < 9 else "7S"][:1] + (["5S", "2C"] if number == 3 else
             ["2D", f"{number - 2}D"] if number > 3 else []))
    end_round(game, card)
    assert game.to_act() == (1,) and game.state.protect_number == number
    protect = [a for a in game.legal_actions() if isinstance(a, A.Protect)]
    assert protect
    game.apply(protect[0])
    if game.to_act() == (1,):
        game.apply(A.GiveUp(1))
    assert len(game.state.seats[1].all_heroes()) == 1 and game.state.inn_under[-1][0] == hero


def test_protection_sets_of_any_size(game: Baldur) -> None:
    """Seed 002, 注9: "可以利用各种算术且张数不限制来凑出所需要的数字" - four 10s make 3 only all together,
        (10 + 10 + 10) / 10, and that set of four is offered against the crusades ([黑3], "保护数字为3")."""
    set_heroes(game, 1, ["AS"])
    set_hand(game, 1, ["10S", "10H", "10C", "10D"])
    end_round(game, "3S")
    assert game.state.protect_number == 3
    protect = [a for a in game.legal_actions(1) if isinstance(a, A.Protect)]
    assert protect == [A.Protect(1, ("10", "10", "10", "10"))]
    game.apply(protect[0])
    assert game.state.seats[1].all_heroes() == ["AS"] and game.state.seats[1].hand == []


def test_protection_may_spend_a_joker_beside_a_smaller_set(game: Baldur) -> None:
    """Seed 002, 注9: "张数不限制" and "例如：保护数字为5，可以直接打出1张 [5]" - against the great depression
        ([黑5], "保护数字为5") a thief is saved by one 5, or by 15 - 5 - 5 with the joker (which scores -40 at
        the end); a set holding a smaller one with the same jokers (5 + 5 - 5) is not offered."""
    set_heroes(game, 1, ["JS"])
    set_hand(game, 1, ["5H", "5C", "5D", "BJ"])
    end_round(game, "5S")
    protect = [a.cards for a in game.legal_actions(1) if isinstance(a, A.Protect)]
    assert protect == [("5",), ("5", "5", "15")]
    game.apply(A.Protect(1, ("5", "5", "15")))
    assert game.state.seats[1].hand == ["5H"]
    assert game.state.bank_under[-4:] == ["5C", "5D", "BJ", "5S"]  # the event card last
    assert game.state.seats[1].all_heroes() == ["JS"]


def test_plague_kills_a_hero_and_discards_two(game: Baldur) -> None:
    """Seed 002: [黑8] "所有玩家死去1位英雄以及丢弃2张手牌 ( 若英雄牌数量不足则不需要损失英雄牌，功能牌亦然 )"."""
    set_heroes(game, 1, ["KS", "QS"])
    set_hand(game, 1, ["2S", "3S", "4S"])
    end_round(game, "8S")
    game.apply(A.Choose(1, "QS", "loses"))
    assert game.to_act() == (1,)
    game.apply(A.Choose(1, "2S"))
    game.apply(A.Choose(1, "3S"))
    assert game.state.seats[1].hand == ["4S"] and game.state.seats[1].heroes == ["KS"]


def test_renaissance_gives_three_cards_and_shows_the_inn(game: Baldur) -> None:
    """Seed 002: [红8] "可从银行中获取3张手牌( 从开局玩家位置顺时针发放玩家手牌 )，
        并且公开旅店第一位待招募的英雄"."""
    end_round(game, "8H")
    roll_all(game)
    assert game.state.revealed
    shown = game.state.revealed
    while game.state.stage != "act" or game.is_chance():
        roll_all(game)
    game.apply(A.Recruit(game.state.current))
    assert game.state.auction == shown


def test_alchemy_passes_five_cards_right(game: Baldur) -> None:
    """Seed 002: [黑2] "所有玩家必须将5张指定手牌传给右方玩家 ( 若手牌数目不足则换出所拥有数量即可 )"."""
    set_hand(game, 1, ["2S", "3S", "4S", "5S", "6S", "7S"])
    set_hand(game, 2, ["10H"])
    end_round(game, "2S")
    for c in ["2S", "3S", "4S", "5S", "6S"]:
        game.apply(A.Choose(1, c, "passes right"))
    game.apply(A.Choose(2, "10H", "passes right"))
    assert game.state.seats[1].hand == ["10H", "7S"] or sorted(game.state.seats[1].hand) == ["10H", "7S"]
    assert {"2S", "3S", "4S", "5S", "6S"} <= set(game.state.seats[0].hand)


def test_slave_trade_passes_two_heroes_right(game: Baldur) -> None:
    """Seed 002: [红2] "所有玩家必须将2张指定英雄牌传给右方玩家"."""
    set_heroes(game, 3, ["KS", "QS", "JS"])
    end_round(game, "2H")
    game.apply(A.Choose(3, "KS", "passes right"))
    game.apply(A.Choose(3, "QS", "passes right"))
    assert game.state.seats[2].heroes == ["KS", "QS"] and game.state.seats[3].heroes == ["JS"]


def test_hell_gate_deals_everything_back(game: Baldur) -> None:
    """Seed 002: [Joker] "所有玩家将所拥有的英雄牌和手牌共同洗均匀之後，由开局玩家顺时针发回，
        直到发完为止，若有玩家拿到英雄牌，必须将牌公开置於面前"."""
    set_heroes(game, 0, ["KS", "QS"])
    set_hand(game, 1, ["2S", "3S", "4S", "5S"])
    end_round(game, "BJ")
    roll_all(game)
    sizes = [len(s.hand) + len(s.all_heroes()) for s in game.state.seats]
    assert sizes[1:] == [2, 1, 1]  # 6 cards dealt from the first player clockwise (then player 0 draws)
    assert sorted(h for s in game.state.seats for h in s.all_heroes()) == ["KS", "QS"]


# ----- the end ------------------------------------------------------------------------------------
def test_ten_heroes_end_the_game_and_score(game: Baldur) -> None:
    """Seed 002: "当旅店英雄已全部被招募或是一位玩家拥有10张英雄，则游戏当场结束" and
        "手牌1点为1分，英雄1位为8分，鬼牌为 -40 分，分数高者获胜"."""
    set_heroes(game, 2, ["KS", "KH", "KD", "KC", "QS", "QH", "QD", "QC", "JS", "JH"])
    set_hand(game, 2, ["BJ", "10S"])
    set_hand(game, 1, ["9S"])
    game.apply(A.EndTurn(0))
    assert game.is_over()
    result = game.result()
    assert result.scores[2] == 80 - 40 + 10 and result.scores[1] == 9 and result.winners == (2,)


# ----- the thief's 5 (passive defence) and the witch's 7 (any time) -------------------------------
def test_5_defence_keeps_a_player_out_of_the_action(game: Baldur) -> None:
    """Seed 002: [5] "防御基础效果 ( 被动 )"; 注2 "2.被动使用：玩家需要拥有盗贼牌才可以使用，不算英雄行动"."""
    set_heroes(game, 0, ["JS"])
    set_hand(game, 0, ["4S"])
    set_heroes(game, 1, ["JH"], tired=[])
    set_hand(game, 1, ["5H", "8S"])
    set_hand(game, 2, ["9S"])
    use(game, 4, 1)
    assert game.to_act() == (1,) and game.stage().startswith("answering")
    game.apply(A.Defend(1, "red", 0))
    roll_all(game)
    assert game.state.seats[1].hand == ["8S"] and game.state.seats[2].hand == []
    assert "9S" in game.state.seats[0].hand


def test_5_defence_needs_the_level_and_a_thief(game: Baldur) -> None:
    """Seed 002: [5] "防御基础效果 / 防御进阶效果 / 防御特殊效果": the level of the action; 注3
        "但是玩家必须拥有这个英雄时才可使用被动防御"."""
    set_heroes(game, 0, ["AS"])
    set_hand(game, 0, ["3S", "3C"])
    set_heroes(game, 1, ["JH", "KS"])
    set_hand(game, 1, ["5H"])
    use(game, 3, 2, targets=(1,), kinds="K")  # advanced: one 5 is not enough
    assert game.state.seats[1].heroes == ["JH"]
    set_hand(game, 2, ["5S", "5C"])
    set_heroes(game, 2, ["KH"])  # no thief: cannot defend
    assert game.defences_possible(2, 2) is False


def test_7_witch_reverses_an_action_at_any_time(game: Baldur) -> None:
    """Seed 002: [7] "反转1位玩家1张英雄的基础行动 ( 随时 )"; 注2 "3.随时使用：玩家需要拥有未行动的女巫牌才可以使用，
        行动之後，女巫也等於行动完毕，需要覆盖正面"."""
    set_heroes(game, 0, ["KS"])
    set_hand(game, 0, ["10S"])
    set_heroes(game, 1, ["QH"])
    set_hand(game, 1, ["7D"])
    set_heroes(game, 2, ["AD"])
    use(game, 10, 1, targets=(2,))
    assert A.Reverse(1, "red", 0) in game.anytime_actions(1)
    game.apply(A.Reverse(1, "red", 0))
    assert game.state.seats[2].heroes == ["AD"] and game.state.seats[1].tired == ["QH"]
    assert game.state.seats[0].tired == ["KS"] and game.state.stage == "act"


def test_7_a_reversal_can_be_reversed_by_another_witch(game: Baldur) -> None:
    """Seed 002: "[7] ｜反转1位玩家1张英雄的基础行动 ( 随时 )" and 注2
    "3.随时使用：玩家需要拥有未行动的女巫牌才可以使用，行动之後，女巫也等於行动完毕":
    the witch's reversal is a hero action (the witch has acted), so another ready witch with a 7 of the level
    may reverse it, at any time, even the actor's own witch; the action then goes on."""
    set_heroes(game, 0, ["KS", "QS"])
    set_hand(game, 0, ["10S", "7S"])
    set_heroes(game, 1, ["QH"])
    set_hand(game, 1, ["7D"])
    set_heroes(game, 2, ["AD"])
    set_hand(game, 2, [])
    use(game, 10, 1, targets=(2,))
    game.apply(A.Reverse(1, "red", 0))
    assert game.state.chain == [1] and game.to_act() == (0,)  # the actor's own ready witch may answer
    assert A.Reverse(0, "black", 0) in game.anytime_actions(0)
    assert not game.anytime_actions(1)  # nobody reverses their own reversal
    game.apply(A.Reverse(0, "black", 0))
    roll_all(game)
    assert game.state.seats[1].tired == ["QH"] and "7S" not in game.state.seats[0].hand and not game.state.chain
    assert "AD" in game.state.seats[0].all_heroes() and len(game.state.seats[2].all_heroes()) == 1  # exchanged
    assert any("the reversal is reversed" in line for line in game.log)


def test_7_an_unanswered_reversal_cancels_the_action(game: Baldur) -> None:
    """Seed 002, [7]: with nobody reversing the reversal (an odd chain), the action is cancelled."""
    set_heroes(game, 0, ["KS", "QS"])
    set_hand(game, 0, ["10S", "7S"])
    set_heroes(game, 1, ["QH"])
    set_hand(game, 1, ["7D"])
    set_heroes(game, 2, ["AD"])
    use(game, 10, 1, targets=(2,))
    game.apply(A.Reverse(1, "red", 0))
    game.apply(A.Let(0))
    assert game.state.seats[2].heroes == ["AD"] and game.state.stage == "act" and not game.state.chain
    assert "7S" in game.state.seats[0].hand  # the actor kept the 7 it did not play


# ----- hidden numbers: full moon (black 4) and Dracula (red 4) ------------------------------------
def test_full_moon_werewolves_win_lowest_loses_two(game: Baldur) -> None:
    """Seed 002: [黑4] "若点数相加没有超过狼人数量 ... 相加数字最少的玩家损失2张英雄牌，
        剩余玩家则损失1张英雄牌"."""
    for p in range(4):
        set_heroes(game, p, [["KS", "KH", "KD"], ["QS", "QH"], ["JS", "JH"], ["AS", "AH"]][p])
        set_hand(game, p, [["2S", "2C", "3S"], ["10S", "10C", "9S"], ["4S", "4C", "5S"], ["6S", "6C"]][p])
    end_round(game, "4S")
    roll_all(game)  # the 4 hidden cards: 50 + at least 8 werewolves
    assert game.state.stage == "werewolves" and game.to_act() == (0,)
    obs = game.observation(1)["state"]
    assert obs["hidden_cards"] == 4
    for _ in range(3):
        for p in range(4):
            if game.state.seats[p].hand and game.to_act() == (p,):
                game.apply(A.PlayDown(p, game.state.seats[p].hand[0]))
    # 7 + 29 + 13 + 12 = 61 bullets against 50 + 4 cards: the werewolves win unless the cards are tiny
    if game.state.stage == "choose":
        assert game.state.need == [2, 1, 1, 1]


def test_full_moon_enough_bullets_destroy_the_werewolves(game: Baldur) -> None:
    """Seed 002: [黑4] "1只狼人需要手牌点数1点作为银弹攻击 ... 若成功消灭所有狼人，此事件顺利结束"."""
    for p in range(4):
        set_heroes(game, p, ["KS"] if p == 0 else [])
        set_hand(game, p, [["BJ", "BJ", "RJ"], ["RJ", "10S", "10C"], ["10H", "10D", "9S"], ["9C", "9H", "9D"]][p])
    stack_bank(game, ["4S", "2S", "2C", "2H", "2D"])
    S.end_round(game)
    while game.state.stage == "werewolves":
        p = game.to_act()[0]
        game.apply(A.PlayDown(p, game.state.seats[p].hand[0]))
    assert game.state.seats[0].heroes == ["KS"] and any("destroyed" in line for line in game.log)


def test_dracula_fighters_win_two_heroes_each(game: Baldur) -> None:
    """Seed 002: [红4] "参战玩家若成功消灭吸血鬼，则所有参战玩家获得2位随机英雄慕名投靠
        ( 从开局玩家位置顺时针发放参战玩家英雄牌 )"."""
    set_hand(game, 1, ["BJ", "RJ", "10S"])
    set_hand(game, 2, ["2S", "3S"])
    stack_bank(game, ["4H", "2H"])
    S.end_round(game)
    assert game.state.stage == "join"
    game.apply(A.Join(0, False))
    game.apply(A.Join(1, True))
    game.apply(A.Join(3, False))
    game.apply(A.Join(2, True))
    assert game.state.stage == "fight" and len(game.state.hidden) == 2  # life 16 + 2 hidden cards
    game.apply(A.PlayDown(1, "BJ"))
    game.apply(A.PlayDown(1, "RJ"))
    game.apply(A.Stop(1))
    game.apply(A.PlayDown(2, "2S"))
    game.apply(A.PlayDown(2, "3S"))
    roll_all(game)
    assert len(game.state.seats[1].all_heroes()) == 2 and len(game.state.seats[2].all_heroes()) == 2


# ----- the gods of Northern Europe (red 10) --------------------------------------------------------
def test_northern_gods_seven_rounds_of_colours(game: Baldur) -> None:
    """Seed 002: [红10] "每1回合战争要从银行翻出1张手牌并且公开 ... 所有玩家必须打出同一种颜色的手牌
        ... 如此持续抗衡7回合"."""
    set_hand(game, 0, ["2S", "3S", "4S", "5S", "6S", "7S", "8S"])  # seven black cards
    set_hand(game, 1, ["2H"])  # one red card, no hero: falls when black is shown
    set_heroes(game, 2, ["KS"])
    set_hand(game, 2, [])  # no card: sacrifices the lord for 3 open cards
    stack_bank(game, ["10H", "9S", "9C", "10S", "10C", "2C", "3C", "4C", "5C", "6C", "7C", "8C"])
    S.end_round(game)
    assert game.state.stage == "gods" and game.state.gods == ["9S"]
    assert 1 in game.state.fallen and 3 in game.state.fallen  # no black card, no hero
    assert game.legal_actions(2) == (A.Sacrifice(2, "KS"),)
    game.apply(A.Sacrifice(2, "KS"))
    assert game.state.open_cards[2] == ["10C", "10S", "9C"] or len(game.state.open_cards[2]) == 3
    game.apply(A.Match(0, "2S"))
    game.apply(A.Match(2, game.state.open_cards[2][0]))
    for _ in range(6):
        if game.state.stage != "gods":
            break
        game.apply(A.Match(0, game.state.seats[0].hand[0]))
        if 2 in game.to_act():
            game.apply(game.legal_actions(2)[0])
    roll_all(game)
    assert len(game.state.seats[0].all_heroes()) == 1  # the gods' gift: a random hero (and 3 cards)
    assert game.state.seats[1].all_heroes() == []


# ----- [6] looking -----------------------------------------------------------------------------------
def test_6_basic_looks_at_six_gives_one_each_keeps_three(game: Baldur) -> None:
    """Seed 002: [6] basic "观看银行的前6张牌且分配给所有玩家1张，自己保留3张"."""
    set_heroes(game, 0, ["QS"])
    set_hand(game, 0, ["6S"])
    stack_bank(game, ["2S", "3S", "4S", "5S", "7S", "8S"])
    use(game, 6, 1)
    assert game.state.stage == "look" and game.state.looked == ["2S", "3S", "4S", "5S", "7S", "8S"]
    assert game.observation(1)["state"]["looked"] == 6
    for q, card in ((1, "2S"), (2, "3S"), (3, "4S")):
        game.apply(A.Give(0, card, q))
    assert game.state.seats[0].hand == ["5S", "7S", "8S"] and game.state.seats[3].hand == ["4S"]
    assert game.state.stage == "act"


def test_6_advanced_takes_three_of_six_hand_cards(game: Baldur) -> None:
    """Seed 002: [6] advanced "观看1位玩家6张手牌且拿取其中3张"."""
    set_heroes(game, 0, ["QS"])
    set_hand(game, 0, ["6S", "6C"])
    set_hand(game, 1, ["2H", "3H", "4H", "5H"])
    use(game, 6, 2, targets=(1,))
    roll_all(game)
    assert game.state.looked == ["2H", "3H", "4H", "5H"]
    for card in ("5H", "4H", "3H"):
        game.apply(A.Take(0, card))
    assert game.state.seats[1].hand == ["2H"] and game.state.seats[0].hand == ["3H", "4H", "5H"]


def test_6_special_takes_three_from_every_player(game: Baldur) -> None:
    """Seed 002: [6] special "观看所有玩家各6张手牌且各拿取3张手牌"."""
    set_heroes(game, 0, ["QS"])
    set_hand(game, 0, ["6S", "6C", "BJ"])
    set_hand(game, 1, ["2H", "3H"])
    set_hand(game, 2, ["4H", "5H", "7H", "8H"])
    use(game, 6, 3, jokers=1)
    while game.state.stage != "act" or game.is_chance():
        roll_all(game)
        if game.state.stage == "look":
            game.apply(game.legal_actions()[0])
    assert game.state.seats[1].hand == [] and len(game.state.seats[2].hand) == 1
    assert len(game.state.seats[0].hand) == 5


# ----- the Persian wall (black 10) -----------------------------------------------------------------
def start_wall(game: Baldur, opens: list[str]) -> None:
    """Black 10 comes as the event; ``opens`` are the 12 public cards drawn, 3 each from player 0 on."""
    stack_bank(game, ["10S", *opens])
    S.end_round(game)


OPENS = ["10C", "10C", "10D", "10D", "10H", "10H", "10S", "2S", "2S", "2H", "2H", "2D"]


def test_persian_wall_starts_with_three_public_cards_each_as_chance_draws(game: Baldur) -> None:
    """Seed 002: [黑10] "每位玩家先从银行抽取3张随机手牌，这3张手牌必须公开且放置於玩家面前"."""
    s = game.state
    if "10S" not in s.bank:  # one 10S into the shuffled part of the bank (the event is drawn from it)
        under = list(s.bank_under)
        under.remove("10S")
        S.set_bank(game, [*s.bank, "10S"], under)
    S.end_round(game)
    deal(game, "10S")
    opens = ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "2H", "3H", "4H", "5H"]
    for card in opens:
        step = game.chance_step()
        assert step is not None and step.event == "draw" and len(step.outcomes) > 1  # a random bank card
        deal(game, card)
    assert game.state.open_cards == [sorted(opens[i:i + 3]) for i in (0, 3, 6, 9)]
    assert game.state.stage == "wall" and game.to_act() == (0,)
    view = game.observation(2)["state"]
    assert view["open_cards"][0] == ["2S", "3S", "4S"] and view["seats"][0]["hand"] == 0  # public, hands hidden
    assert view["wall"]["plays"] == 0
    # the first card is free: any number held in hand or in front of you
    assert {a.numbers for a in game.legal_actions(0)} == {(2,), (3,), (4,)}


def test_persian_wall_connected_and_related_plays(game: Baldur) -> None:
    """Seed 002: [黑10] "相连：跟 [3] 相连的数字为 [2]、[4]" / "相关：跟 [5] 有加减相关的牌组 [2] + [3] 或是 [9]–[4]，
        但以2张为限" / "所有出牌玩家均可以接以前回合的相关牌组牌"."""
    set_hand(game, 0, ["5S", "3H"])
    set_hand(game, 1, ["2C", "3C", "9C"])
    set_hand(game, 2, ["4C"])
    set_hand(game, 3, ["9H", "5H"])
    start_wall(game, OPENS)
    game.apply(A.Build(0, (5,)))
    plays = set(game.legal_actions(1))
    assert A.Build(1, (2, 3)) in plays  # 2 + 3 = 5 (a group of 2, related)
    assert A.Build(1, (3, 9)) not in plays and A.Build(1, (9,)) not in plays
    assert A.Build(1, (2, 10)) not in plays  # 10 - 2 = 8: not related to 5
    game.apply(A.Build(1, (2, 3)))
    assert game.state.bank_under[-2:] == ["2C", "3C"]  # hand cards used go under the bank
    assert A.Build(2, (4,)) in game.legal_actions(2)  # connected to 3 (or to 5's group)
    game.apply(A.Build(2, (4,)))
    assert A.Build(3, (5,)) in game.legal_actions(3)  # connected to 4
    game.apply(A.Build(3, (5,)))
    # the earlier group's numbers stay open: 3 links to 2 though the last play was 5
    assert game.observation(0)["state"]["wall"]["open"] == [2, 3, 5]
    assert A.Build(0, (3,)) in game.legal_actions(0)


def test_persian_wall_refuses_an_unlinked_play_naming_the_rule(game: Baldur) -> None:
    """Seed 002: [黑10] "下一位玩家必须打出跟这张手牌数字有相连或是有相关的数字"."""
    set_hand(game, 0, ["5S"])
    set_hand(game, 1, ["8C", "4C"])
    start_wall(game, OPENS)
    game.apply(A.Build(0, (5,)))
    with pytest.raises(IllegalAction) as err:
        game.apply(A.Build(1, (8,)))  # 8 is neither next to 5 nor a group making 5
    assert err.value.rule == "Persian wall"
    with pytest.raises(IllegalAction) as err:
        game.apply(A.Build(2, (4,)))  # not player 2's turn
    assert err.value.rule == "Persian wall"


def test_persian_wall_jokers_are_any_number(game: Baldur) -> None:
    """Seed 002: [黑10] "( 鬼牌为任意数字 )"."""
    set_hand(game, 0, ["5S"])
    set_hand(game, 1, ["RJ", "3C"])
    set_hand(game, 2, ["7C"])
    start_wall(game, OPENS)
    game.apply(A.Build(0, (5,)))
    plays = {a.numbers for a in game.legal_actions(1)}
    assert {(4,), (6,), (2, 3), (3, 8)} <= plays  # the joker as 4, 6, 2 (2 + 3) or 8 (8 - 3)
    game.apply(A.Build(1, (6,), ("RJ",)))
    assert game.state.bank_under[-1] == "RJ" and game.state.seats[1].hand == ["3C"]


def test_persian_wall_a_joker_may_stand_for_a_number_held(game: Baldur) -> None:
    """Seed 002: [黑10] "( 鬼牌为任意数字 )" and "这3张手牌必须公开且放置於玩家面前 ... 全部都可以使用在建筑回合里":
        a joker is any number, also one the player holds a card of; from the hand (by its colour) or from the
        open cards in front; two jokers paying a group are one choice."""
    set_hand(game, 0, ["5S"])
    set_hand(game, 1, ["6C", "3C", "RJ"])
    set_hand(game, 2, ["7C"])
    start_wall(game, ["10C", "10C", "10D", "BJ", "10H", "10H", *OPENS[6:]])
    assert game.state.open_cards[1] == ["10H", "10H", "BJ"]
    game.apply(A.Build(0, (5,)))
    plays = game.legal_actions(1)
    assert len({a.describe() for a in plays}) == len(plays)
    sixes = [a for a in plays if a.numbers == (6,)]
    assert sixes == [A.Build(1, (6,)), A.Build(1, (6,), ("RJ",)), A.Build(1, (6,), ("open",))]
    assert A.Build(1, (2, 3), ("RJ", "")) in plays and A.Build(1, (2, 3), ("open", "")) in plays
    assert A.Build(1, (2, 3), ("RJ", "open")) in plays and A.Build(1, (2, 3), ("open", "RJ")) not in plays
    assert A.Build(1, (3, 8), ("", "RJ")) in plays and A.Build(1, (3, 8)) not in plays  # no natural 8
    game.apply(A.Build(1, (6,), ("RJ",)))  # the joker for 6 though the player holds 6C
    assert game.state.bank_under[-1] == "RJ" and game.state.seats[1].hand == ["3C", "6C"]
    assert game.state.open_cards[1] == ["10H", "10H", "BJ"]


def test_persian_wall_of_seven_rounds_brings_a_hero_each(game: Baldur) -> None:
    """Seed 002: [黑10] "然後要持续出牌7回合( 每位玩家出牌7次 ) ... 所有玩家可以从旅店中获得1张随机英雄牌"."""
    up = list(range(2, 11))
    numbers = (up + up[-2::-1] + up[1:] + up[-2:-5:-1])[:28]  # 2..10..2..10..: every play next to the last
    used: dict[int, int] = {}
    hands: list[list[str]] = [[] for _ in range(4)]
    for i, n in enumerate(numbers):
        k = used.get(n, 0)
        used[n] = k + 1
        hands[i % 4].append(f"{n}{'SHDC'[k % 4]}")
    for p in range(4):
        set_hand(game, p, hands[p])
    start_wall(game, ["2C", "2D", "3C", "3D", "4C", "4D", "5C", "5D", "6C", "6D", "9C", "9D"])
    assert all(len(front) == 3 for front in game.state.open_cards)
    for i, n in enumerate(numbers):
        assert game.to_act() == (i % 4,)
        game.apply(A.Build(i % 4, (n,)))
    assert game.state.stage != "wall" and game.state.open_cards == []
    roll_all(game)
    assert [len(seat.all_heroes()) for seat in game.state.seats] == [1, 1, 1, 1]  # the heroes come to all
    assert game.state.bank_under[-1] == "10S"  # the event card, after the public cards went under the bank


def test_persian_wall_failure_costs_a_hero_and_returns_the_public_cards(game: Baldur) -> None:
    """Seed 002: [黑10] "若是城墙建筑失败，所有玩家必须损失1张英雄牌做为匈奴的人质 ( 置於旅店底部 )";
        "事件结束之後必须回归银行底部"."""
    set_heroes(game, 0, ["KS"])
    set_heroes(game, 1, ["AS", "QH"])
    set_heroes(game, 3, ["JS"])
    set_hand(game, 0, ["5S"])
    set_hand(game, 1, [])  # in front of player 1: 10D 10H 10H: nothing next to 5, 10 + 10 / 10 - 10 make no 5
    start_wall(game, OPENS)
    assert game.state.open_cards[1] == ["10D", "10H", "10H"]
    game.apply(A.Build(0, (5,)))
    assert game.state.stage == "choose" and game.state.need == [1, 1, 0, 1]  # the wall fails at once
    assert game.state.open_cards == []
    assert sorted(game.state.bank_under[-13:]) == sorted(["5S", *OPENS])  # the public cards back under the bank
    assert A.Choose(1, "QH", "loses") in game.legal_actions(1)  # the owner chooses the hostage
    game.apply(A.Choose(1, "QH", "loses"))
    game.apply(A.Choose(0, "KS", "loses"))
    game.apply(A.Choose(3, "JS", "loses"))
    assert game.state.inn_under[-3:] == ["QH", "KS", "JS"]  # under the inn
    assert game.state.seats[1].all_heroes() == ["AS"]


def test_the_tenth_hero_ends_the_game_at_once(game: Baldur) -> None:
    """Seed 002: "一位玩家拥有10张英雄，则游戏当场结束 ( 此时不可再丢任何牌，包含鬼牌 )": the [10] that captures a
    player's 10th hero ends the game there, though that player could still play a 9, recruit or end the turn."""
    set_heroes(game, 0, ["KS", "KH", "KD", "KC", "QS", "QH", "QD", "QC", "JS"])
    set_hand(game, 0, ["10S", "10C", "9S", "9C"])
    set_heroes(game, 1, ["AH"])
    use(game, 10, 2, targets=(1,))
    roll_all(game)
    assert game.is_over() and not game.legal_actions()
    assert "holds 10 heroes" in game.state.over and sorted(game.state.seats[0].hand) == ["9C", "9S"]
    assert game.log[-1] == "the game ends: player 0 holds 10 heroes"
