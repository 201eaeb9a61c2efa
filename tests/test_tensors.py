"""Observation tensors (tablerules.interop.tensors): a fixed shape per game and player count, values inside the
documented ranges, nothing that depends on what the seat cannot see, and the wrappers' use of them."""

from __future__ import annotations

import random
import re
from pathlib import Path

import numpy as np
import pytest
from test_worlds import GAMES, HIDING, positions

from tablerules.core.registry import game_class
from tablerules.core.worlds import assert_same_view
from tablerules.interop import tensors
from tablerules.interop.tensors import Slice, Spec, Writer

PLAYER_COUNTS = {"munchkin": (3, 6), "quest": (2, 4), "quest-crawl": (2, 4), "smallworld": (2, 5),
                 "baldursgate": (2, 6), "kragmortha": (2, 8)}


def random_game(name: str, players: int, seed: int, longest: int = 400):
    """A seeded random game of ``players`` seats, yielding each position on the way."""
    rng = random.Random(seed)
    game = game_class(name)({"players": players}, seed=seed)
    for _ in range(longest):
        if game.is_over():
            break
        yield game
        if game.is_chance():
            game.roll(rng)
        else:
            game.apply(rng.choice(game.legal_actions()))
    yield game


@pytest.mark.parametrize("name", GAMES)
def test_the_shape_is_fixed_and_every_value_is_in_its_documented_range(name: str) -> None:
    seen = 0
    for players in PLAYER_COUNTS[name]:
        layout = tensors.spec(name, players)
        assert layout.size == sum(s.size for s in layout.slices) and layout.shape == (layout.size,)
        for seed in range(2):
            for i, game in enumerate(random_game(name, players, seed)):
                if i % 7:
                    continue
                for p in range(players):
                    t = tensors.encode(name, game.observation(p), p, players)
                    assert t.dtype == np.float32 and t.shape == layout.shape
                    assert (t >= layout.low).all() and (t <= layout.high).all()
                    assert layout.view(t, "me")[p] == 1 and layout.view(t, "me").sum() == 1
                    seen += 1
    assert seen > 100


@pytest.mark.parametrize("name", GAMES)
def test_a_seats_tensor_does_not_change_when_only_hidden_things_change(name: str) -> None:
    """Each position is compared with worlds resampled for the seat (other hands, deck orders redrawn)."""
    def render(game, player):
        return tensors.encode(name, game.observation(player), player, game.num_players()).tobytes().hex()

    rng = random.Random(9)
    hidden_moved = checked = 0
    for i, game in enumerate(positions(name, 20, seed=61)):
        player = i % game.num_players()
        worlds = assert_same_view(render, game, player, n_worlds=2, rng=rng)
        other = (player + 1) % game.num_players()
        hidden_moved += any(w.observation(other) != game.observation(other) for w in worlds)
        checked += 1
    assert checked == 20
    if name in HIDING:  # the resampling did change what the seat cannot see, in some positions
        assert hidden_moved


def test_the_tensor_holds_the_seats_hand_and_not_the_others() -> None:
    game = game_class("baldursgate")({"players": 3}, seed=4)
    rng = random.Random(4)
    while game.is_chance() or not game.state.seats[0].hand:
        game.roll(rng) if game.is_chance() else game.apply(rng.choice(game.legal_actions()))
    layout = tensors.spec("baldursgate", 3)
    from tablerules.interop.tensors.baldur import CARD

    for p in range(3):
        t = tensors.encode("baldursgate", game.observation(p), p, 3)
        hand = game.state.seats[p].hand
        mine = layout.view(t, "my_hand")
        assert mine.sum() == len(hand) and all(mine[CARD[c]] >= 1 for c in hand)
        assert list(layout.view(t, "hand_size")) == [len(s.hand) for s in game.state.seats]


def test_the_writer_clips_to_the_range_and_refuses_what_is_not_in_a_domain() -> None:
    layout = Spec("toy", 2, [Slice("a", (2, 3), "a grid", high=2), Slice("b", (1,), "a signed number", low=-1)])
    w = Writer(layout)
    w.set("a", (1, 2), 5)
    w.set("b", 0, -7)
    w.add("a", (0, 0), 1)
    w.add("a", (0, 0), 1)
    w.add("a", (0, 0), 1)
    out = w.finish()
    assert layout.view(out, "a").tolist() == [[2, 0, 0], [0, 0, 2]] and layout.view(out, "b")[0] == -1
    assert (out * layout.scale()).min() >= -1 and (out * layout.scale()).max() <= 1
    with pytest.raises(IndexError):
        w.set("a", 1)  # a 2-D slice takes a row and a column
    with pytest.raises(IndexError):
        w.set("b", (0, -1))
    with pytest.raises(IndexError):
        w.set("a", (2, 0))
    with pytest.raises(KeyError, match="not in the domain"):
        w.count("a", {"x": 0}, ["y#1"], row=0)
    with pytest.raises(ValueError, match="two slices"):
        Spec("toy", 1, [Slice("a", (1,), ""), Slice("a", (1,), "")])


def test_the_readme_lists_every_layouts_size() -> None:
    readme = (Path(__file__).parent.parent / "README.md").read_text()
    section = readme[readme.index("### Observation tensors"):]
    for name, counts in PLAYER_COUNTS.items():
        row = next(line for line in section.splitlines() if line.startswith(f"| {name} |"))
        sizes = {int(n): int(x.replace(",", "")) for n, x in re.findall(r"(\d+): ([\d,]*\d)", row)}
        assert sizes == {n: tensors.spec(name, n).size for n in range(counts[0], counts[1] + 1)}, name


@pytest.mark.parametrize("name", GAMES)
def test_the_openspiel_wrapper_gives_the_tensor_and_its_observers_split_it(name: str) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.observation import make_observation

    from tablerules.interop import openspiel as tos

    players = PLAYER_COUNTS[name][0]
    game = tos.load(name, players=players)
    layout = tensors.spec(name, players)
    assert game.get_type().provides_observation_tensor and not game.get_type().provides_information_state_tensor
    assert game.observation_tensor_shape() == [layout.size] and game.observation_tensor_size() == layout.size
    public = make_observation(game, pyspiel.IIGObservationType(public_info=True, perfect_recall=False,
                                                               private_info=pyspiel.PrivateInfoType.NONE))
    private = make_observation(game, pyspiel.IIGObservationType(
        public_info=False, perfect_recall=False, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER))
    default = make_observation(game)
    assert set(default.dict) == {s.name for s in layout.slices}
    rng = np.random.default_rng(3)
    state = game.new_initial_state()
    for step in range(200):
        if state.is_terminal():
            break
        if step % 10 == 0:
            core = tos.tablerules_game(state)
            for p in range(players):
                want = tensors.encode(name, core.observation(p), p, players, state._core.chosen)
                assert np.array_equal(np.asarray(state.observation_tensor(p), np.float32), want)
                default.set_from(state, p)
                assert np.array_equal(default.tensor, want)
                assert np.array_equal(default.dict["me"], np.eye(players)[p])
                public.set_from(state, p)
                private.set_from(state, p)
                assert np.array_equal(public.tensor + private.tensor, want)
                assert not public.tensor[layout.private].any() and not private.tensor[~layout.private].any()
            publics = set()
            for p in range(players):
                public.set_from(state, p)
                publics.add(public.tensor.tobytes())
            assert len(publics) == 1  # the public part is the same for every seat
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(ids, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))


@pytest.mark.parametrize("name", GAMES)
def test_each_games_module_encodes_reading_the_player_count_from_the_observation(name: str) -> None:
    from importlib import import_module

    module = import_module(f"tablerules.interop.tensors.{tensors.MODULES[name]}")
    for players in PLAYER_COUNTS[name]:
        game = next(g for i, g in enumerate(random_game(name, players, 3)) if i == 40 or g.is_over())
        for p in range(players):
            seen = game.observation(p)
            assert np.array_equal(module.encode(seen, p), tensors.encode(name, seen, p, players))
            whole = tensors.spec(name, players)  # the game's own slices, then the partial choice's
            assert whole.slices == (*module.spec(players).slices, *tensors.choice_slices(name, players))


def test_a_seats_tensor_is_encoded_once_per_state(monkeypatch: pytest.MonkeyPatch) -> None:
    """OpenSpiel makes a new initial state to size the vector on every ``observation_tensor`` call: its tensor is
    the game's initial one, remembered, so each state costs one encoding per seat asked about."""
    pytest.importorskip("pyspiel")
    from tablerules.interop import openspiel as tos

    encoded: list[int] = []
    from tablerules.interop import wrapped

    real = wrapped.encode_tensor
    monkeypatch.setattr(wrapped, "encode_tensor", lambda *a, **k: encoded.append(a[2]) or real(*a, **k))
    game = tos.load("smallworld", players=2, seed=7)
    state = game.new_initial_state()
    first = np.asarray(state.observation_tensor(1), np.float32)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    before = len(encoded)
    for _ in range(3):
        state.observation_tensor(0)
        state.observation_tensor(1)
    assert len(encoded) - before == 2
    again = game.new_initial_state()
    assert np.array_equal(np.asarray(again.observation_tensor(1), np.float32), first)
    fresh = tos.tablerules_game(game.new_initial_state())
    assert np.array_equal(first, tensors.encode("smallworld", fresh.observation(1), 1, 2))


@pytest.mark.parametrize("name, players", [("munchkin", 4), ("baldursgate", 3)])
def test_the_tensor_holds_the_partial_choice_of_an_action_chosen_in_steps(name: str, players: int) -> None:
    """A head picked (and in 4-player Munchkin a tail too): the seat's tensor marks it in the choice slices and
    nothing else changes; the action completed, the choice slices are 0 again."""
    pytest.importorskip("pyspiel")
    from tablerules.interop import openspiel as tos
    from tablerules.interop.ids import tables

    game = tos.load(name, players=players)
    layout = tensors.spec(name, players)
    heads, tail, _, most = tensors._heads(name, players)
    table = tables(name, players).actions
    base = layout.by_name["choosing_head"][0]
    rng = random.Random(3)
    state = game.new_initial_state()
    checked = tails_checked = 0
    while not state.is_terminal() and (checked < 3 or (most > 2 and not tails_checked)):
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
            continue
        player = state.current_player()
        legal = state.legal_actions()
        split = [a for a in legal if a in heads]
        if not split:
            state.apply_action(rng.choice(legal))
            continue
        before = np.array(state.observation_tensor(player))
        assert not before[base:].any()
        deep = [a for a in split if len(table.splits[table.head_block(a)].sizes) > 2]
        head = rng.choice(deep or split)
        state.apply_action(head)
        assert state.current_player() == player
        after = np.array(state.observation_tensor(player))
        assert (after[:base] == before[:base]).all()
        marked = layout.view(after, "choosing_head")
        assert marked.sum() == 1 and marked[heads[head]] == 1
        while state.current_player() == player and not state.is_terminal():
            legal = state.legal_actions()
            if all(a < tail for a in legal):
                break
            picked = rng.choice(legal)
            state.apply_action(picked)
            if state.current_player() == player and any(a >= tail for a in state.legal_actions()):
                rows = layout.view(np.array(state.observation_tensor(player)), "choosing_tails")
                assert rows.sum() == 1 and rows[0, picked - tail] == 1
                tails_checked += 1
        if not state.is_terminal() and not state.is_chance_node():
            assert not np.array(state.observation_tensor(state.current_player()))[base:].any()
        checked += 1
    assert checked >= 3 and (tails_checked > 0) == (most > 2)
