"""Kragmortha: a test per magic tome card (seed 004, 魔法寶典卡介紹), the OpenSpiel wrapper and the CLI."""

from __future__ import annotations

from fractions import Fraction

import pytest
from test_kragmortha import put, setup_game

from tablerules.core.protocol import Chance
from tablerules.kragmortha import actions as A
from tablerules.kragmortha import scenario as S
from tablerules.kragmortha.game import Kragmortha

GP = "goblin-grimoire-parchment"


def with_tome(tome: str, squares: list[int] | None = None, lord: int = 0, hand: list[str] | None = None,
              players: int = 3) -> Kragmortha:
    g = setup_game(players)
    put(g, squares or [64, 68, 69][:players], lord, hand)
    S.give_tomes(g, 0, [tome])
    return g


def uses(g: Kragmortha, tome: str) -> list[A.UseTome]:
    return [a for a in g.legal_actions() if isinstance(a, A.UseTome) and a.tome == tome]


def give_penalty(g: Kragmortha, p: int, card: str) -> None:
    S.give_penalties(g, p, [*g.state.seats[p].penalties, card])


def test_glitch_moves_to_an_empty_teleport_square() -> None:
    """Seed 004: 錯誤現象 "如果你想移動，你可以選擇移動到任何空的傳送點。" and
        "使用過的魔法寶典卡將其翻面蓋著"."""
    g = with_tome("glitch")
    a = uses(g, "glitch")[0]
    g.apply(a)
    assert g.state.seats[0].square == a.target and a.target in g.board.teleports
    assert g.state.seats[0].used_tomes == ["glitch"]  # turned face down


def test_glitch_may_be_used_on_an_opponents_turn() -> None:
    """Seed 004, 錯誤現象: "如果你想移動，你可以選擇移動到任何空的傳送點。可在對手回合裡使用。" - listed for its holder
    as an out-of-turn action while another player's turn goes on; other tomes are not."""
    g = with_tome("glitch")
    S.give_tomes(g, 0, [])
    S.give_tomes(g, 1, ["glitch", "curse"])
    assert g.state.current == 0 and g.to_act() == (0,)
    out = g.out_of_turn_actions()[1]
    assert out and all(a.tome == "glitch" and a.player == 1 for a in out)
    g.apply(out[0])
    assert g.state.seats[1].square == out[0].target and g.state.seats[1].used_tomes == ["glitch"]
    assert g.state.current == 0 and g.to_act() == (0,) and not g.out_of_turn_actions()


def moved(g: Kragmortha) -> None:
    """Player 0 plays their first movement card and every draw it brings is made."""
    g.apply(next(a for a in g.legal_actions() if isinstance(a, A.Move) and a.path))
    while g.is_chance():
        g.roll()


def test_new_direction_draws_four_then_discards_four_after_moving() -> None:
    """Seed 004: 新方向 "在你移動後，抽取四張移動卡到手牌裡。然後丟棄手中四張移動卡。": not before moving; after
    the move the turn waits for the tomes (魔法寶典卡只能在自己回合使用), then the movement card is drawn."""
    g = with_tome("new-direction", [64, 68, 69], 0, [GP, GP, GP])
    assert not uses(g, "new-direction")  # 在你移動後: not before
    moved(g)
    assert g.stage() == "after" and g.to_act() == (0,)
    assert set(g.legal_actions()) == {*uses(g, "new-direction"), A.Done(0)}
    g.apply(uses(g, "new-direction")[0])
    for _ in range(4):
        g.roll()
    assert len(g.state.seats[0].hand) == 6 and g.stage() == "discard"
    for _ in range(4):
        g.apply(g.legal_actions()[0])
    assert len(g.state.seats[0].hand) == 2 and g.is_chance()  # four discarded, not down to the limit of 3
    g.roll()  # 出一張移動卡與抽一張移動卡: the turn's draw, then the next player
    assert len(g.state.seats[0].hand) == 3 and g.state.current == 1


def test_tomes_may_be_used_after_moving_in_your_own_turn() -> None:
    """Seed 004: "魔法寶典卡只能在自己回合使用" - the whole turn, after the move too ("在你移動後" for 新方向): with a
    usable tome the turn waits before the draw; "done" draws and passes; without one the turn passes at once."""
    g = with_tome("curse", [64, 68, 69], 0, [GP, GP, GP])
    moved(g)
    assert g.stage() == "after" and set(g.legal_actions()) == {*uses(g, "curse"), A.Done(0)}
    g.apply(A.Done(0))
    g.roll()
    assert g.state.current == 1
    plain = with_tome("lost-treasure", [64, 68, 69], 0, [GP, GP, GP])  # a passive tome: nothing to use
    moved(plain)
    assert plain.stage() != "after"


def test_the_apprentice_spares_only_in_your_own_turn_the_wizards_friend_in_any() -> None:
    """Seed 004: "魔法寶典卡只能在自己回合使用，除非有特別明示": 法師之友 "可在對手回合裡使用"; 法師學徒 says nothing,
    so meeting the dark lord in another player's turn it cannot spare the penalty card."""
    from tablerules.kragmortha.rules.penalties import meet

    g = with_tome("apprentice", [64, 66, 69], 65, ["lord-gems-crystal"])
    S.give_tomes(g, 0, [])
    S.give_tomes(g, 1, ["apprentice"])
    assert g.state.current == 0
    assert meet(g, 1)[0][0] == "penalty"  # player 0's turn: player 1's apprentice cannot help
    S.give_tomes(g, 1, ["apprentice", "wizards-friend"])
    assert meet(g, 1)[0][0] == "spare"
    g.apply(A.Move(0, "lord-gems-crystal", ("east",)))  # player 0 moves the dark lord onto player 1
    assert g.state.tasks[0] == ("spare", 1, 0)
    assert set(g.legal_actions()) == {A.UseTome(1, "wizards-friend"), A.TakePenalty(1)}


def test_change_of_season_draws_five_then_discards_five() -> None:
    """Seed 004: 換季 "抽取五張移動卡到手牌裡，然後丟棄手中五張移動卡。" """
    g = with_tome("change-of-season")
    g.apply(uses(g, "change-of-season")[0])
    for _ in range(5):
        g.roll()
    assert len(g.state.seats[0].hand) == 8
    for _ in range(5):
        g.apply(g.legal_actions()[0])
    assert len(g.state.seats[0].hand) == 3


@pytest.mark.parametrize(("tome", "piece"), [("goblin-run", "goblin"), ("fake-wizard", "lord")])
def test_an_extra_step_with_a_crystal_ball(tome: str, piece: str) -> None:
    """Seed 004: 哥布林快跑 "如果你的移動卡上有額外的水晶球，可以多移動一步。" /
        冒牌法師 "如果你的移動卡上有水晶球，你可以多移動大法師一步"."""
    card = f"{piece}-gems-crystal"
    g = with_tome(tome, [64, 68, 69], 30, [card])
    three = [a for a in g.legal_actions() if isinstance(a, A.Move) and len(a.path) == 3]
    assert three
    g.apply(three[0])
    assert tome in g.state.seats[0].used_tomes


def test_no_extra_step_without_a_crystal_ball() -> None:
    """Seed 004: 哥布林快跑 "如果你的移動卡上有額外的水晶球" - no crystal ball, no extra step."""
    g = with_tome("goblin-run", hand=[GP])
    assert not [a for a in g.legal_actions() if isinstance(a, A.Move) and len(a.path) == 3]


def test_forgot_something_moves_next_to_the_desk_and_reshuffles_the_teleports() -> None:
    """Seed 004: 忘了些事情 "移動到大法師的桌子旁。重新洗傳送卡"."""
    g = with_tome("forgot-something")
    S.set_deck(g, "teleport_deck", g.state.teleport_deck[:-1])  # one card in the discard
    a = uses(g, "forgot-something")[0]
    g.apply(a)
    assert any(d in g.board.neighbours(a.target) for d in g.board.desk)
    assert not g.state.teleport_discard and len(g.state.teleport_deck) == 12


def test_quick_hands_takes_an_opponents_tome() -> None:
    """Seed 004: 快手 "選取一名對手，抽取他的一張魔法典籍卡。如果此卡未被使用過，你可以照正常方式使用此卡。" """
    g = with_tome("quick-hands")
    S.give_tomes(g, 1, ["ghost"])
    g.apply(uses(g, "quick-hands")[0])
    assert "ghost" in g.state.seats[0].tomes and not g.state.seats[1].tomes


def test_betrayal_gives_a_penalty_card_to_a_player_without_its_kind() -> None:
    """Seed 004: 背信 "查看噩運卡並選取一張交給任何一名噩運卡少於三張並無此類卡的玩家。
        然後重新洗噩運卡"."""
    g = with_tome("betrayal")
    give_penalty(g, 1, "mouth-open")  # skull
    targets = uses(g, "betrayal")
    assert not any(a.target == 1 and g.penalties[a.card].symbol == "skull" for a in targets)
    a = next(a for a in targets if a.target == 1)
    S.set_deck(g, "penalty_deck", g.state.penalty_deck[:-1], under=g.state.penalty_deck[-1:])
    g.apply(a)
    assert a.card in g.state.seats[1].penalties
    assert not g.state.penalty_bottom  # 然後重新洗噩運卡: the cards put under are shuffled in


def test_curse_makes_the_chosen_opponents_with_fewer_than_two_draw() -> None:
    """Seed 004: 詛咒 "每個被選到的人如果手上噩運卡少於兩張，立即抽取一張噩運卡並馬上生效。": player 2 holds two, so
    only player 1 can be chosen."""
    g = with_tome("curse")
    give_penalty(g, 2, "mouth-open")
    give_penalty(g, 2, "teeth-closed")
    assert [a.card for a in uses(g, "curse")] == ["1"]
    g.apply(uses(g, "curse")[0])
    assert g.state.tasks == [("penalty", 1, 0)]


def test_pass_the_doom_gives_your_penalty_to_a_player_with_fewer() -> None:
    """Seed 004, 傳遞噩運: "選擇你所擁有的一張噩運卡交給一個噩運卡數量少於你的玩家。" With none left, no peek."""
    g = with_tome("pass-the-doom")
    give_penalty(g, 0, "fist")
    a = uses(g, "pass-the-doom")[0]
    g.apply(a)
    assert not g.state.seats[0].penalties and g.state.seats[a.target].penalties == ["fist"]
    assert not g.is_chance()


def test_pass_the_doom_peeks_while_you_still_have_a_penalty_card() -> None:
    """Seed 004, 傳遞噩運: "如果你擁有任何噩運卡，你可以偷看傳送卡最上面的那張。" """
    g = with_tome("pass-the-doom")
    give_penalty(g, 0, "fist")
    give_penalty(g, 0, "head")
    g.apply(next(a for a in uses(g, "pass-the-doom") if a.card == "fist"))
    assert g.pending_chance().event == "teleport peek"
    g.apply(Chance("teleport peek", "tome"))
    assert g.state.teleport_top == ["tome"] and g.state.teleport_seen == [0]


def test_misery_loves_company_swaps_penalty_cards() -> None:
    """Seed 004, 同病相憐: "與一名玩家交換一張噩運卡。" """
    g = with_tome("misery-loves-company")
    give_penalty(g, 0, "fist")
    give_penalty(g, 1, "head")
    g.apply(uses(g, "misery-loves-company")[0])
    assert g.state.seats[0].penalties == ["head"] and g.state.seats[1].penalties == ["fist"]


def test_misery_loves_company_two_alike_and_the_opponent_decides() -> None:
    """Seed 004, 同病相憐: "如果此行為讓你擁有兩張同一類型的噩運卡，你的對手必須決定哪一張生效。" The opponent
    chooses (legal actions of that seat); the other card stays with you, counts, and does nothing."""
    g = with_tome("misery-loves-company")
    pen = g.penalties
    limit = "hand-limit"
    twin = next(c for c in sorted(pen) if pen[c].symbol == pen[limit].symbol and c != limit)
    other = next(c for c in sorted(pen) if pen[c].symbol not in (pen[limit].symbol,))
    give_penalty(g, 0, twin)
    give_penalty(g, 0, other)
    give_penalty(g, 1, limit)
    S.set_hand(g, 1, g.state.seats[1].hand[:-1])  # player 1 already holds 2 cards
    swap = next(a for a in uses(g, "misery-loves-company") if a.card == f"{other}>{limit}")
    g.apply(swap)
    assert sorted(g.state.seats[0].penalties) == sorted([twin, limit])
    assert g.stage() == "effect" and g.to_act() == (1,)
    choices = g.legal_actions()
    assert {a.card for a in choices} == {twin, limit} and all(isinstance(a, A.Effect) for a in choices)
    g.apply(next(a for a in choices if a.card == limit))  # the opponent makes the hand limit count
    assert g.state.seats[0].dormant == [twin] and g.limit(0) == 2
    assert g.stage() == "limit" and g.to_act() == (0,)  # 選一張丟掉 at once
    assert len(g.state.seats[0].penalties) == 2 and not g.invariants()


def test_misery_loves_company_may_not_give_the_opponent_two_alike() -> None:
    """Seed 004, 同病相憐: the seed lets only you end with two alike ("讓你擁有")."""
    g = with_tome("misery-loves-company")
    pen = g.penalties
    a_card = "fist"
    twin = next(c for c in sorted(pen) if pen[c].symbol == pen[a_card].symbol and c != a_card)
    give_penalty(g, 0, a_card)
    give_penalty(g, 1, twin)
    give_penalty(g, 1, "head" if pen["head"].symbol != pen[a_card].symbol else "tongue-out")
    assert all(a.card != f"{a_card}>{g.state.seats[1].penalties[1]}" for a in uses(g, "misery-loves-company"))


@pytest.mark.parametrize("tome", ["wizards-friend", "apprentice"])
def test_a_tome_spares_the_penalty_when_meeting_the_dark_lord(tome: str) -> None:
    """Seed 004: 法師之友 "和大法師在同一位置時，可以不用抽取噩運卡" /
        法師學徒 "在面對大法師的時候，可以避免一次拿取噩運卡" - "可以": the holder chooses to use it."""
    g = with_tome(tome, [64, 68, 69], 65, [GP])
    g.apply(A.Move(0, GP, ("east",)))
    assert g.legal_actions() == (A.UseTome(0, tome), A.TakePenalty(0))
    g.apply(A.UseTome(0, tome))
    assert not g.is_chance() and all(isinstance(a, A.Fly) for a in g.legal_actions())
    assert tome in g.state.seats[0].used_tomes and not g.state.seats[0].penalties


@pytest.mark.parametrize("tome", ["wizards-friend", "apprentice"])
def test_a_sparing_tome_may_be_kept_for_later(tome: str) -> None:
    """Seed 004: 法師學徒 "可以避免一次拿取噩運卡" / 法師之友 "可以不用抽取噩運卡" - the holder may also take the
        penalty card and keep the tome for a later meeting."""
    g = with_tome(tome, [64, 68, 69], 65, [GP])
    g.apply(A.Move(0, GP, ("east",)))
    g.apply(A.TakePenalty(0))
    assert g.is_chance() and g.chance_step().event == "penalty draw"
    g.roll()
    assert len(g.state.seats[0].penalties) == 1 and g.state.seats[0].tomes == [tome]


def test_with_both_sparing_tomes_the_player_picks_one() -> None:
    """Seed 004: 法師學徒 / 法師之友 - each spares one penalty card; holding both, the player picks which to use."""
    g = with_tome("apprentice", [64, 68, 69], 65, [GP])
    S.give_tomes(g, 0, ["apprentice", "wizards-friend"])
    g.apply(A.Move(0, GP, ("east",)))
    assert set(g.legal_actions()) == {A.UseTome(0, "apprentice"), A.UseTome(0, "wizards-friend"), A.TakePenalty(0)}
    assert len({a.describe() for a in g.legal_actions()}) == 3
    g.apply(A.UseTome(0, "wizards-friend"))
    assert g.state.seats[0].tomes == ["apprentice"] and g.state.seats[0].used_tomes == ["wizards-friend"]


def test_lost_treasure_wins_a_tie_with_the_leader() -> None:
    """Seed 004: 失落的寶藏 "在遊戲結束時，如果和領先者平手，你獲得遊戲勝利"."""
    from tablerules.kragmortha.rules.cards import winners

    g = with_tome("lost-treasure")
    S.give_tomes(g, 1, ["swift"])
    assert winners(g.state, g.tomes) == (0,)


def test_immunity_cancels_the_hand_limit_penalty() -> None:
    """Seed 004: 免疫 "選擇你的一張噩運卡，面朝下放在桌上，在接下來的遊戲中你免疫此張卡的所有影響"."""
    g = with_tome("immunity", hand=[GP, "goblin-gems-crystal"])
    give_penalty(g, 0, "hand-limit")
    assert g.limit(0) == 2
    g.apply(uses(g, "immunity")[0])
    assert g.limit(0) == 3


def test_dear_friend_shows_hands_and_swaps_up_to_three_cards() -> None:
    """Seed 004: 親愛的朋友 "所有的對手必須給你看他們的移動卡。你可以與他們交換最多三張的移動卡。" """
    g = with_tome("dear-friend")
    g.apply(uses(g, "dear-friend")[0])
    assert any("shows player 0" in line for line in g.log_for(0))
    for _ in range(3):
        swaps = [a for a in g.legal_actions() if isinstance(a, A.Swap) and a.other >= 0]
        g.apply(swaps[0])
    assert g.stage() == "play" and len(g.state.seats[0].hand) == 3


def test_swift_raises_the_hand_limit_to_four() -> None:
    """Seed 004: 迅捷 "你的手牌上限變為四，抽取移動卡直到你擁有四張移動卡。" """
    g = with_tome("swift")
    g.apply(uses(g, "swift")[0])
    g.roll()
    assert len(g.state.seats[0].hand) == 4 and g.limit(0) == 4


def test_ghost_moves_the_dark_lord_to_an_empty_teleport() -> None:
    """Seed 004, 幽靈: "移動大法師到一個空的傳送點。你可以偷看第一張傳送卡。" - the peek is a chance step over the
    unseen teleport cards; the card then lies known on top, seen by the user only, and is the next one drawn."""
    g = with_tome("ghost")
    a = uses(g, "ghost")[0]
    g.apply(a)
    assert g.state.lord == a.target and a.target in g.board.teleports
    step = g.pending_chance()
    assert step.event == "teleport peek"
    assert step.probability(Chance("teleport peek", "trap")) == Fraction(3, 12)
    g.apply(Chance("teleport peek", "trap"))
    assert g.state.teleport_top == ["trap"] and g.state.teleport_seen == [0] and len(g.state.teleport_deck) == 11
    assert g.observe(0)["teleport_top"] == ["trap"] and g.observe(1)["teleport_top"] == 1
    assert "peeks at the top teleport card: Trap" in g.log_for(0)[-1] and "Trap" not in g.log_for(1)[-1]


def test_a_peeked_teleport_card_is_drawn_next_with_certainty() -> None:
    """Seed 004: decks are ordered; "若任一哥布林走到傳送格，必須結束動作，然後抽一張傳送卡執行" draws the top card,
    so after a peek the draw is no chance step: it is the card seen."""
    g = with_tome("ghost", [64, 68, 69], 0, [GP])
    g.apply(next(a for a in uses(g, "ghost") if a.target != 59))
    g.apply(Chance("teleport peek", "trap"))
    S.move_goblin(g, 0, "c9")  # next to the teleport square d9
    g.apply(A.Move(0, GP, ("east",)))
    assert not g.state.teleport_top and "trap" in g.state.teleport_discard
    assert g.pending_chance().event == "penalty draw"  # the trap, drawn without a chance step


def test_forgot_something_peeks_after_the_reshuffle() -> None:
    """Seed 004, 忘了些事情: "移動到大法師的桌子旁。重新洗傳送卡並可以偷看第一張。" - a card seen before goes back
    into the shuffle; the new top card is peeked at (a chance step over all 12)."""
    g = with_tome("forgot-something")
    S.set_deck(g, "teleport_deck", g.state.teleport_deck[:-1], top=g.state.teleport_deck[-1:], seen_by=1)
    g.apply(uses(g, "forgot-something")[0])
    step = g.pending_chance()
    assert step.event == "teleport peek" and sum(step.probability(Chance("teleport peek", c))
                                                 for c in ("teleport", "tome", "trap")) == 1
    assert step.probability(Chance("teleport peek", "teleport")) == Fraction(6, 12)
    g.roll()
    assert g.state.teleport_seen == [0] and len(g.state.teleport_top) == 1


def test_all_eighteen_tomes_are_covered() -> None:
    import inspect
    import sys

    from tablerules.kragmortha.data import load_tomes

    source = inspect.getsource(sys.modules[__name__])
    assert all(f'"{t}"' in source for t in load_tomes())


def test_openspiel_random_sim_test() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from tablerules.interop import openspiel

    pyspiel.random_sim_test(openspiel.load("kragmortha", players=4), num_sims=2, serialize=True, verbose=False)


def test_cli_simulate_with_the_heuristic_agent(capsys) -> None:
    from tablerules.cli import main

    main(["simulate", "kragmortha", "--games", "3", "--agents", "heuristic"])
    assert "finished  3" in capsys.readouterr().out


def test_greedy_beats_random() -> None:
    from tablerules.core.agents import RandomAgent, play_game
    from tablerules.kragmortha.agents import GreedyAgent

    wins = 0
    for seed in range(12):
        g = play_game(Kragmortha({"players": 2}, seed=seed), [GreedyAgent(), RandomAgent(seed)])
        wins += g.result().winners == (0,)
    assert wins >= 7


def test_chance_outcomes_are_exact() -> None:
    """Every draw is a chance step whose exact fractions sum to 1."""
    g = setup_game(2)
    put(g, [64, 69], 65, [GP])
    g.apply(A.Move(0, GP, ("east",)))
    step = g.pending_chance()
    assert sum(p for _, p in step.outcomes) == 1 and Chance("penalty draw", "fist") in [a for a, _ in step.outcomes]
