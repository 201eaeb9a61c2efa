"""Any-time windows through the wrappers (tablerules.interop.windows; the ``anytime`` parameter): a seat holding an
any-time action is asked before the engine's seat decides, in table order, with Decline; playing one reopens the
window; off (the default), the wrappers play exactly the games they played before windows existed."""

from __future__ import annotations

import hashlib
import pickle

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

from interop_cases import ANYTIME_GAMES  # noqa: E402

from tablerules.core.registry import game_names  # noqa: E402
from tablerules.interop import openspiel as tos  # noqa: E402
from tablerules.interop import tensors  # noqa: E402
from tablerules.interop.ids import Decline  # noqa: E402
from tablerules.interop.pettingzoo import env  # noqa: E402
from tablerules.kragmortha import scenario as kragmortha  # noqa: E402
from tablerules.munchkin import scenario as munchkin  # noqa: E402
from tablerules.munchkin.actions import PlayCard  # noqa: E402
from tablerules.quest import scenario as quest  # noqa: E402

RECORD_PARAMS = {"munchkin": {"max_turns": 30}, "quest-crawl": {"rounds": 3}}
# the first 400 moves of seeded random play, recorded before windows existed (table version 2, commit 9fee111) and
# recorded again with table version 4 (compact ids: large blocks in steps, so random play over the ids picks other
# moves; the crawl, without a large block, plays the same ids as before): (moves, sha256 of the id list); OpenSpiel
# game seed 4, numpy rng 7, chance sampled with its probabilities
OPENSPIEL_RECORDED = {"baldursgate": (400, "97f557cd14f05523"), "kragmortha": (400, "9b3ed213759ef037"),
                      "munchkin": (400, "3f7868ad7c45e36b"), "quest": (160, "6802f985ab239406"),
                      "quest-crawl": (98, "84ed572d2fdc9d80"), "smallworld": (244, "81377914dc3267ca")}
# PettingZoo: reset(seed=4), 400 agent steps, numpy rng 7 over the action mask
PETTINGZOO_RECORDED = {"baldursgate": (400, "3765e7510d57c00a"), "kragmortha": (183, "089b0f14581d23cc"),
                       "munchkin": (356, "1e558f8752f38ab4"), "quest": (52, "94c6dfe490bd4c8d"),
                       "quest-crawl": (22, "f5874940af08da6e"), "smallworld": (237, "0e4ffa1085b5b2a2")}


def digest(ids: list[int]) -> str:
    return hashlib.sha256(str(ids).encode()).hexdigest()[:16]


def openspiel_ids(name: str, **params) -> list[int]:
    state = tos.load(name, seed=4, **RECORD_PARAMS.get(name, {}), **params).new_initial_state()
    rng = np.random.default_rng(7)
    while not state.is_terminal() and len(state.history()) < 400:
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(ids, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state.history()


def pettingzoo_ids(name: str, **params) -> list[int]:
    e = env(name, seed=4, **RECORD_PARAMS.get(name, {}), **params)
    e.reset(seed=4)
    rng = np.random.default_rng(7)
    picked = []
    for _agent in e.agent_iter(400):
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        picked.append(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        e.step(picked[-1])
    return picked


@pytest.mark.parametrize("name", game_names())
def test_with_windows_off_the_wrappers_play_the_games_recorded_before_windows(name: str) -> None:
    """Off by default: the same ids, in the same order, as before Decline and windows existed (explicitly off too)."""
    ids = openspiel_ids(name)
    assert (len(ids), digest(ids)) == OPENSPIEL_RECORDED[name]
    assert openspiel_ids(name, anytime=False) == ids
    picked = pettingzoo_ids(name)
    assert (len(picked), digest(picked)) == PETTINGZOO_RECORDED[name]


def go_up_position(to_act: int = 0, holders: tuple[int, ...] = (1,), cards: int = 1) -> tuple:
    """Munchkin, 3 players, everybody ready and hands empty: ``to_act`` is to kick open the door and each seat of
    ``holders`` holds ``cards`` Go Up a Level (an any-time card)."""
    game = munchkin.ready(3, seed=0)
    if to_act:
        munchkin.set_turn(game, to_act)
    for seat in holders:
        munchkin.put_in_hand(game, seat, *["go_up_a_level"] * cards)
    return game, tos.wrap(game, anytime=True)


def moves(state) -> dict[str, int]:
    """The current player's legal moves by their words."""
    return {state.action_to_string(state.current_player(), a): a for a in state.legal_actions()}


def test_munchkin_a_seat_holding_go_up_a_level_is_asked_plays_it_and_the_game_goes_on() -> None:
    game, state = go_up_position(cards=2)
    decline = state.get_game().num_distinct_actions() - 1
    assert game.to_act() == (0,) and state.current_player() == 1  # asked before player 0 kicks the door open
    offered = moves(state)
    assert offered == {"player 1 plays Go Up a Level": offered["player 1 plays Go Up a Level"],
                       "player 1 shows the hand to the other players": offered[
                           "player 1 shows the hand to the other players"],
                       "player 1 plays nothing now": decline}
    assert state.legal_actions(0) == state.legal_actions(2) == []
    assert "Any-time window: player 1 still to answer" in state.observation_string(1)
    assert np.array_equal(state.observation_tensor(1), tensors.encode("munchkin", game.observation(1), 1, 3))
    state.apply_action(offered["player 1 plays Go Up a Level"])
    assert game.state.players[1].level == 2 and isinstance(game.history[-1], PlayCard)
    # the window reopens on the new state: player 1 is asked again, with what it holds now (the second card)
    assert state.current_player() == 1 and moves(state) == offered
    state.apply_action(offered["player 1 plays Go Up a Level"])
    assert game.state.players[1].level == 3 and game.state.players[1].hand == []
    # player 1 holds no any-time action now (an empty hand has nothing to show): nobody is asked, player 0 decides
    assert state.current_player() == 0 and list(moves(state)) == ["player 0 kicks open the door"]
    assert not any(isinstance(a, Decline) for a in game.history)  # Decline never reaches the engine
    rng = np.random.default_rng(3)
    for _ in range(300):  # the game goes on through the wrapper, windows and all
        if state.is_terminal():
            break
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(ids, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
        assert game.invariants() == []
    assert game.num_actions > 20


def test_a_window_asks_in_table_order_from_the_seat_after_the_one_to_act() -> None:
    game, state = go_up_position(to_act=1, holders=(0, 2))
    decline = state.get_game().num_distinct_actions() - 1
    assert game.to_act() == (1,)
    before = game.state_dict()
    asked = []
    while state.current_player() != 1:
        asked.append(state.current_player())
        state.apply_action(decline)
    assert asked == [2, 0]
    assert game.state_dict() == before and game.to_act() == (1,)  # declines changed nothing in the game


def test_a_state_in_a_window_clones_pickles_and_serialises_with_its_window_and_remembers_declines() -> None:
    """Random Munchkin with windows until a window asks two seats; the first declines; the copies go on alike."""
    game = tos.load("munchkin", players=3, seed=2, anytime=True)
    state = game.new_initial_state()
    decline = game.num_distinct_actions() - 1
    rng = np.random.default_rng(2)
    while state.is_chance_node() or len(state._core.window or ()) < 2:
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(ids, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    first, second = state._core.window[:2]
    state.apply_action(decline)
    engine = tos.tablerules_game(state)
    assert state.current_player() == second
    assert f"player {first} after action {engine.num_actions}" in state.information_state_string(second)
    assert f"Any-time window: player {second}" in state.observation_string(first)
    _, restored = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    for other in (state.clone(), pickle.loads(pickle.dumps(state)), restored):
        assert other.current_player() == second and other.legal_actions() == state.legal_actions()
        assert other.information_state_string(second) == state.information_state_string(second)
        other.apply_action(decline)
        assert other.current_player() != second
    assert state.current_player() == second  # the copies' declines left the original as it was


def test_pettingzoo_offers_the_windows_too() -> None:
    """The AEC environment with ``anytime=True``: an agent asked in a window has its any-time ids and Decline in its
    mask; playing one changes the game, declining passes the window on."""
    e = env("munchkin", seed=1, players=3, anytime=True, max_turns=6)
    e.reset(seed=1)
    decline = e.table.decline
    rng = np.random.default_rng(1)
    played = declined = 0
    for agent in e.agent_iter(3000):
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        seat = e.seat(agent)
        legal = set(np.flatnonzero(obs["action_mask"]))
        if seat not in e.game.to_act():  # asked in a window
            held = e.game.out_of_turn_actions()[seat]
            # the ids of its any-time actions (a large block's next step, once a head is chosen), Decline at first
            moves = e.table.legal(held)
            moves[e.table.full_decline] = Decline(seat)
            assert legal == set(e.table.menu(moves, e.chosen)) and (decline in legal) == (not e.chosen)
            action = int(rng.choice(sorted(legal)))
            before = e.game.num_actions
            e.step(action)
            if e.chosen:  # a head or tail: more to choose, the game unchanged
                assert e.game.num_actions == before and e.agent_selection == agent
            elif action == decline:
                declined += 1
                assert e.game.num_actions == before
            else:
                played += 1
                assert e.game.num_actions > before and e.game.history[before].actor == seat
        else:
            assert decline not in legal
            e.step(int(rng.choice(sorted(legal))))
    assert played > 5 and declined > 5


def test_pettingzoo_render_names_who_is_still_to_answer() -> None:
    e = env("munchkin", seed=1, players=3, anytime=True, render_mode="ansi")
    e.reset(seed=1)
    while not e.window:  # to the first window
        e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
    assert f"Any-time window: player {e.seat(e.agent_selection)}" in e.render()


@pytest.mark.parametrize("name", ANYTIME_GAMES)
def test_a_window_offers_exactly_what_the_engine_lists_in_table_order(name: str) -> None:
    """Random play with windows: while a window is open, the seats asked are the engine's ``out_of_turn_actions()``
    seats in table order from the seat after the engine's seat to act, each offered the ids of exactly its listed
    actions and Decline; once it closes, the engine's seat has its legal ids as without windows."""
    game = tos.load(name, seed=1, anytime=True, **RECORD_PARAMS.get(name, {}))
    state = game.new_initial_state()
    engine = tos.tablerules_game(state)
    table = state.get_game().tables.actions
    rng = np.random.default_rng(1)
    window_moves = declined = 0  # declines since the game last changed
    last = -1
    while not state.is_terminal() and len(state.history()) < 1500:
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(ids, p=probs)))
            continue
        seat = next(p for p in engine.to_act() if engine.legal_actions(p))
        holding = engine.out_of_turn_actions()
        n = engine.num_players()
        in_order = [p for p in ((seat + k) % n for k in range(1, n)) if p in holding]
        if engine.num_actions != last:
            last, declined = engine.num_actions, 0
        player = state.current_player()
        assert player == [*in_order, seat][declined]
        if player != seat:
            window_moves += 1
            moves = table.legal(holding[player])
            moves[table.full_decline] = Decline(player)
            assert state.legal_actions() == sorted(table.menu(moves, state._core.chosen))
        else:
            assert state.legal_actions() == sorted(table.menu(table.legal(engine.legal_actions(seat)),
                                                              state._core.chosen))
        action = int(rng.choice(state.legal_actions()))
        declined += action == table.decline and player != seat
        state.apply_action(action)
    if name in ("munchkin", "quest"):  # (Kragmortha's tome is rare; Baldur's witch answers in its own window)
        assert window_moves > 10


def test_kragmortha_the_glitch_tome_is_offered_on_an_opponents_turn_and_played_in_a_window() -> None:
    """Player 0 holds the Glitch tome (usable on an opponent's turn) while player 2 is to act: only player 0 is
    asked; it moves its goblin to an empty teleport square; then player 2 decides."""
    game = kragmortha.placed(4, seed=0)
    kragmortha.give_tomes(game, 0, ["glitch"])
    state = tos.wrap(game, anytime=True)
    assert game.to_act() == (2,) and state.current_player() == 0
    offered = moves(state)
    assert "player 0 plays nothing now" in offered and "player 0 uses the tome Glitch (goblin to b2)" in offered
    state.apply_action(offered["player 0 uses the tome Glitch (goblin to b2)"])
    assert game.state.seats[0].square == kragmortha.square(game, "b2") and game.state.seats[0].tomes == []
    assert state.current_player() == 2 and game.to_act() == (2,)  # nobody holds an any-time action now


def test_quest_a_window_asks_every_seat_again_after_a_play() -> None:
    """Munchkin Quest, player 0 to act: every other seat may give gold at any time, player 2 also holds Go Up a
    Level. Player 1 declines, player 2 plays the card: the window reopens from player 1."""
    game = quest.ready(4, seed=0)
    quest.hand(game, 2, "go_up_a_level")
    level = game.state.heroes[2].level
    state = tos.wrap(game, anytime=True)
    decline = state.get_game().num_distinct_actions() - 1
    assert game.to_act() == (0,) and state.current_player() == 1
    state.apply_action(decline)
    assert state.current_player() == 2
    state.apply_action(moves(state)["player 2 plays Go Up a Level"])
    assert game.state.heroes[2].level == level + 1
    asked = []
    while state.current_player() != 0:
        asked.append(state.current_player())
        state.apply_action(decline)
    assert asked == [1, 2, 3]


def test_the_strings_show_the_window_before_anyone_asks_who_is_to_play() -> None:
    """A state's strings do not depend on whether its current player was asked first (the window is worked out for
    them): a replayed state and the one it was replayed from read alike."""
    _, state = go_up_position()
    fresh = state.clone()
    fresh._core.player = fresh._core.window = None  # as a state just reached, nobody has asked yet
    assert "Any-time window: player 1 still to answer" in str(fresh)
    fresh._core.player = fresh._core.window = None
    assert fresh.observation_string(0) == state.observation_string(0)
