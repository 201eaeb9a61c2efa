"""The Baldur's Gate scenario API (issue 24): the current and the opening player, the round, the inn's order
and size; setters refuse what the rules cannot hold, naming the field."""

from __future__ import annotations

import pytest
from scenario_play import play_random

from tablerules.baldur import scenario as S
from tablerules.baldur.actions import EndTurn, Recruit
from tablerules.baldur.cards import full_deck, is_hero
from tablerules.baldur.game import Baldur
from tablerules.core.errors import ScenarioError

HEROES = sorted(c for c in full_deck() if is_hero(c))  # 32: two copies of 16


def refused(field: str, call, *args, **kwargs) -> ScenarioError:
    with pytest.raises(ScenarioError) as caught:
        call(*args, **kwargs)
    assert caught.value.field == field
    assert str(caught.value).startswith(f"baldur scenario: {field}: ")
    return caught.value


@pytest.fixture
def game() -> Baldur:
    return S.new_game(players=3, seed=1)


def small_inn(game: Baldur, shuffled: list[str], under: list[str]) -> None:
    """Nine heroes to each player, the other five in the inn."""
    for p in range(3):
        S.set_heroes(game, p, HEROES[9 * p:9 * p + 9])
    S.set_inn(game, shuffled, under)


def test_set_turn(game: Baldur) -> None:
    S.set_turn(game, 1, first=2)
    assert {a.player for a in game.legal_actions()} == {1} and EndTurn(1) in game.legal_actions()
    assert game.observe(0)["current"] == 1 and game.observe(0)["first"] == 2 and game.invariants() == []
    game.apply(EndTurn(1))
    while game.is_chance():
        game.roll()
    assert game.state.current == 2 or game.state.stage != "act"  # the round ends with the opening player's turn


def test_set_turn_refuses_unknown_players_and_a_pending_step(game: Baldur) -> None:
    refused("current", S.set_turn, game, 3)
    refused("first", S.set_turn, game, 0, first=-1)
    game.apply(Recruit(game.state.current))  # a hero is being drawn from the inn
    error = refused("current", S.set_turn, game, 0)
    assert "nothing pending" in str(error)


def test_set_round(game: Baldur) -> None:
    S.set_round(game, 6)
    assert game.observe(2)["round"] == 6 and game.invariants() == []


def test_set_round_refuses_round_zero_and_rounds_past_the_limit() -> None:
    refused("round", S.set_round, S.new_game(players=3), 0)
    limited = S.new_game(players=3, max_rounds=5)
    S.set_round(limited, 5)
    error = refused("round", S.set_round, limited, 6)
    assert "limit 5" in str(error)


def test_set_inn_order_and_size(game: Baldur) -> None:
    small_inn(game, HEROES[29:], HEROES[27:29])
    assert game.observe(0)["inn"] == 5 and game.state.inn_under == HEROES[27:29] and game.invariants() == []
    game.apply(Recruit(game.state.current))
    outcomes = {a.outcome for a, _ in game.chance_step().outcomes}
    assert outcomes <= set(HEROES[29:])  # the shuffled part first


def test_set_inn_under_comes_in_order(game: Baldur) -> None:
    small_inn(game, [], HEROES[27:32])
    game.apply(Recruit(game.state.current))
    assert not game.is_chance() and game.state.auction == HEROES[27]  # no draw: the top of the pile under


def test_set_inn_refuses_cards_that_are_not_free_heroes(game: Baldur) -> None:
    refused("inn", S.set_inn, game, [])
    refused("inn", S.set_inn, game, ["2S"])
    S.set_heroes(game, 0, [HEROES[0], HEROES[1]])
    error = refused("inn", S.set_inn, game, [c for c in HEROES if c not in (HEROES[0], HEROES[1])])
    assert "not with a player" in str(error)
    refused("inn", S.set_inn, game, HEROES[2:5])  # the other heroes would be nowhere


def test_fifty_random_actions_from_a_staged_position(game: Baldur) -> None:
    S.set_turn(game, 2, first=1)
    S.set_round(game, 3)
    small_inn(game, HEROES[29:], HEROES[27:29])
    S.set_heroes(game, 0, HEROES[:5], tired=HEROES[5:8])
    assert play_random(game, 50, seed=2) == 50


def test_set_heroes_refuses_a_card_that_is_not_a_hero(game: Baldur) -> None:
    refused("heroes[0]", S.set_heroes, game, 0, ["2S"])
    refused("card", S.set_hand, game, 0, ["ZZ"])


def test_opening_stops_where_every_player_plays_a_card_face_down() -> None:
    """Seed 002: "再来每位玩家打出1张手牌比大小 ... ( 不可以出鬼牌 )": opening() is dealt (6 cards, 2 heroes each)
    and waits for the face-down cards, jokers never among them."""
    g = S.opening(4, 0)
    assert g.state.stage == "opening" and not g.is_chance()
    assert all(len(x.hand) == 6 and len(x.all_heroes()) == 2 for x in g.state.seats)
    mine = [a for a in g.legal_actions(0) if a.actor == 0]
    assert mine and {a.card for a in mine} == {c for c in g.state.seats[0].hand if c not in ("BJ", "RJ")}


def test_play_does_a_legal_action_by_its_words_and_refuses_others(game: Baldur) -> None:
    p = game.state.current
    S.play(game, f"player {p} recruits a hero from the inn")
    assert game.is_chance() and game.num_actions > 0
    S.roll_all(game)
    assert game.state.auction
    err = refused("action", S.play, game, "player 0 flies to the moon")
    assert "is not a legal action now (some that are: " in str(err)
    g = S.new_game(3, 1)
    S.play(g, f"player {g.state.current} recruits a hero from the inn")
    refused("action", S.play, g, f"player {g.state.current} ends the turn without recruiting")  # a draw pends


def test_to_event_ends_the_turns_and_draws_the_named_event(game: Baldur) -> None:
    """Seed 002: "所有玩家回合结束後，会出现随机事件，随机事件是从银行中的第一张牌决定"."""
    S.set_heroes(game, 0, ["JS", "JH"])
    S.set_hand(game, 0, ["5S", "2S", "3H"])
    card = next(c for c in ("5C", "5S") if c in game.state.bank)
    S.to_event(game, card)
    assert game.state.event == card and game.state.stage == "protect" and game.state.protect_number == 5
    assert game.state.seats[0].hand == ["2S", "3H", "5S"] or game.state.current != 0


def test_to_event_refuses_a_card_not_in_the_bank_and_a_pending_step(game: Baldur) -> None:
    S.set_hand(game, 1, ["7D", "7D"])  # both copies of the 7 of diamonds held
    err = refused("event", S.to_event, game, "7D")
    assert "is not in the bank's shuffled part" in str(err)
    S.play(game, f"player {game.state.current} recruits a hero from the inn")
    refused("event", S.to_event, game, game.state.bank[0])  # the inn's draw is pending


# ----- bans, the bank, the round's end ---------------------------------------------------------------------------
def test_set_bans_stop_those_heroes(game: Baldur) -> None:
    S.set_turn(game, 1)
    S.set_heroes(game, 1, ["KS", "AS"])
    S.set_hand(game, 1, ["9S", "2S"])
    S.set_bans(game, [(1, "K")])
    ranks = {a.rank for a in game.legal_actions() if type(a).__name__ == "Use"}
    assert 9 not in ranks and 2 in ranks and game.state.bans == ["1:K"] and game.invariants() == []
    refused("bans", S.set_bans, game, [(3, "K")])
    refused("bans", S.set_bans, game, [(1, "9")])


def test_set_bank_orders_the_draws(game: Baldur) -> None:
    s = game.state
    every = s.bank + s.bank_under
    S.set_bank(game, every[:1], every[1:])
    assert s.bank == every[:1] and s.bank_under == every[1:] and game.invariants() == []
    S.set_turn(game, 0)
    game.apply(EndTurn(0))  # player 1 draws: the one unseen card, then the cards under it in order
    while game.is_chance():
        step = game.chance_step()
        assert len(step.outcomes) == 1
        game.roll()
    assert every[0] in game.state.seats[1].hand and every[1] in game.state.seats[1].hand


def test_set_bank_refuses_a_card_it_does_not_hold_and_a_card_left_out(game: Baldur) -> None:
    s = game.state
    every = s.bank + s.bank_under
    refused("bank", S.set_bank, game, [*every, "XX"])  # no such card in the bank
    refused("bank", S.set_bank, game, every[1:])


def test_end_round_checks_the_hand_limit_then_draws_the_event(game: Baldur) -> None:
    S.set_hand(game, 1, ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "2C", "3C", "4C", "5C", "6C"])
    S.stack_bank(game, ["8H"])
    S.end_round(game)
    assert game.state.stage == "choose" and game.to_act() == (1,) and game.state.need[1] == 1
    refused("stage", S.end_round, game)  # the hand limit is pending
