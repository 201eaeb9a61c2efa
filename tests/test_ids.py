"""Canonical action ids (tablerules.interop.ids): the same in fresh processes, recorded trajectories replay in
another process, every legal action of random games has its own id in range that decodes back to it, and
OpenSpiel's own games_sim_test (pickling on) and api_test observer checks pass through the wrapper."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from tablerules.core.registry import game_class, game_names
from tablerules.interop.ids import VERSION, kind_of, tables

PLAYERS = {"munchkin": (3, 6), "quest": (2, 4), "quest-crawl": (2, 4), "smallworld": (2, 5),
           "baldursgate": (2, 6), "kragmortha": (2, 8)}


def random_states(name: str, players: int, games: int, seed: int = 0, limit: int = 4000):
    """(game, seat, legal actions) at every decision of ``games`` random games (chance by the seeded stream)."""
    cls = game_class(name)
    for g in range(games):
        game = cls({"players": players}, seed=seed + g)
        rng = random.Random(seed + g)
        for _ in range(limit):
            if game.is_over():
                break
            if game.is_chance():
                yield game, None, None
                game.roll()
                continue
            everything = []
            for seat in game.to_act():
                legal = game.legal_actions(seat)
                yield game, seat, legal
                everything += legal
            game.apply(rng.choice(everything))


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_every_legal_action_has_its_own_id_in_range_and_decodes_back(name: str) -> None:
    states = 0
    for players in PLAYERS[name]:
        t = tables(name, players)
        # full ids: Munchkin 6 players is the largest (23,933: its help offers); the compact ids at most ~3,000
        assert t.actions.full_size <= 25_000 and t.chance.size <= 2_000 and t.actions.size <= 3_000
        for game, seat, legal in random_states(name, players, games=4 if name == "munchkin" else 12):
            if seat is None:
                outcomes = t.chance.outcomes(game.chance_step())
                assert all(0 <= i < t.chance.size for i in outcomes)
                assert sum(p for _, p in outcomes.values()) == 1
                for i, (outcome, _) in outcomes.items():
                    assert t.chance.arguments(i) == (outcome.event, kind_of(outcome.outcome))
                continue
            states += 1
            decoded = t.actions.legal(legal)  # id -> action (raises when two legal actions share an id)
            assert len(decoded) == len(set(legal))
            for i, action in decoded.items():
                assert 0 <= i < t.actions.full_size and t.actions.id(action) == i
                block, values = t.actions.arguments(i)
                assert block.split()[0] == type(action).__name__
                for field, value in values.items():  # what the id says is what the action holds
                    held = getattr(action, field)
                    if field == "treasures" and isinstance(value, tuple):  # Munchkin: the pair (treasures, who first)
                        held = (held, action.fighter_first and held > 0)
                    assert value in (held, kind_of(held)) or field in {"rule", "numbers", "card"}, (field, value, held)
    assert states >= 1000


def test_the_tables_are_the_same_after_other_games_in_a_fresh_process() -> None:
    """Ids depend on nothing met before: a process that plays other games first numbers alike."""
    code = """
import json, random, sys
from tablerules.interop import openspiel as tos
if sys.argv[1] == "warm":
    for other in ("quest-crawl", "smallworld", "munchkin"):
        s = tos.load(other).new_initial_state(); r = random.Random(1)
        for _ in range(300):
            if s.is_terminal(): break
            ids = [i for i, _ in s.chance_outcomes()] if s.is_chance_node() else s.legal_actions()
            s.apply_action(r.choice(ids))
out = {}
for name in ("munchkin", "quest", "quest-crawl", "smallworld", "baldursgate", "kragmortha"):
    s = tos.load(name).new_initial_state(); r = random.Random(5); seen = []
    for _ in range(200):
        if s.is_terminal(): break
        if s.is_chance_node():
            ids = [i for i, _ in s.chance_outcomes()]
        else:
            ids = s.legal_actions()
        seen.append(ids); s.apply_action(r.choice(ids))
    out[name] = [seen, s.get_game().num_distinct_actions()]
print(json.dumps(out))
"""
    runs = [subprocess.run([sys.executable, "-c", code, mode], capture_output=True, text=True, check=True).stdout
            for mode in ("warm", "cold")]
    assert json.loads(runs[0]) == json.loads(runs[1])
    assert len(json.loads(runs[0])) == 6


def test_a_trajectory_of_ids_recorded_in_another_process_replays_here() -> None:
    from tablerules.interop import openspiel as tos

    code = """
import json, random
from tablerules.interop import openspiel as tos
s = tos.load("munchkin", players=4, seed=3).new_initial_state(); r = random.Random(9)
for _ in range(600):
    if s.is_terminal(): break
    s.apply_action(r.choice([i for i, _ in s.chance_outcomes()]) if s.is_chance_node() else r.choice(s.legal_actions()))
print(json.dumps({"history": s.history(), "state": str(s)}))
"""
    recorded = json.loads(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                         check=True).stdout)
    state = tos.load("munchkin", players=4, seed=3).new_initial_state()
    for i in recorded["history"]:
        state.apply_action(i)
    assert str(state) == recorded["state"] and len(recorded["history"]) == 600


def test_the_table_version_and_sizes_are_documented_in_the_readme() -> None:
    from pathlib import Path

    readme = (Path(__file__).parent.parent / "README.md").read_text()
    assert f"id tables, version {VERSION}" in readme
    for name, counts in PLAYERS.items():
        for players in range(counts[0], counts[1] + 1):
            t = tables(name, players)
            row = (f"| {name} | {players} | {t.actions.size:,} | {t.actions.most_steps} | {t.actions.full_size:,} "
                   f"| {t.chance.size:,} |")
            assert row in readme, (name, players)


def test_every_registered_game_has_a_table() -> None:
    assert set(game_names()) == set(PLAYERS)
    for name in game_names():
        assert tables(name, PLAYERS[name][0]) is not None


@pytest.mark.slow
def test_six_player_munchkin_plays_a_thousand_random_games_through_the_ids() -> None:
    t = tables("munchkin", 6)
    # the first 150 steps of each of 1,000 seeds (set-up, the first turns): the first-met vocabulary filled up
    # across games; a fixed table has nothing to fill, and the whole games cost minutes (tests stay short)
    for game, seat, legal in random_states("munchkin", 6, games=1000, limit=150):
        if seat is None:
            t.chance.outcomes(game.chance_step())
        else:
            t.actions.legal(legal)


@pytest.mark.parametrize("name", game_names())
def test_the_fast_chance_listing_gives_what_the_outcome_table_gives(name: str) -> None:
    """``ChanceTable.listing`` (what the OpenSpiel wrapper plays with: counts, no fractions, pools remembered) has
    the same outcome for each id and the floats of the same probabilities as ``ChanceTable.outcomes``, and
    the legal-id map found by identity is the one found by value."""
    cls = game_class(name)
    steps = 0
    for seed in range(2):
        game = cls({}, seed=seed)
        chance = tables(name, game.num_players()).chance
        actions = tables(name, game.num_players()).actions
        rng = random.Random(seed)
        for _ in range(1500):
            if game.is_over():
                break
            if game.is_chance():
                step = game.chance_step()
                for _ in range(2):  # the second time from the remembered listing, if any
                    listing = chance.listing(step)
                    want = chance.outcomes(step)
                    assert {i: listing.outcome(i) for i in listing.values} == {i: a for i, (a, _) in want.items()}
                    assert listing.probabilities == sorted((i, float(p)) for i, (_, p) in want.items())
                steps += 1
                game.roll(rng)
            else:
                legal = game.legal_actions(game.to_act()[0])
                assert actions.legal(legal) == {actions.id(a): a for a in legal}
                game.apply(rng.choice(legal))
    assert steps > 10


def sequences(table, moves: dict, chosen: tuple[int, ...] = ()) -> list[tuple[tuple[int, ...], object]]:
    """Every sequence of compact ids the menus offer from ``chosen`` on, with the action it ends in."""
    out = []
    for i, action in table.menu(moves, chosen).items():
        assert 0 <= i < table.size
        if action is None:
            deeper = sequences(table, moves, (*chosen, i))
            assert deeper, (chosen, i)  # a partial choice always leads somewhere
            out += deeper
        else:
            out.append(((*chosen, i), action))
    return out


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_every_legal_action_is_one_sequence_of_compact_ids_and_every_sequence_ends_in_a_legal_action(
        name: str) -> None:
    """Large blocks chosen in steps (ids.steps): from random states of every game, the head/tail menus reach each
    legal engine action by exactly one sequence (its ``steps``), every sequence offered ends in a legal action, each
    step offers at most LIMIT ids, and the words of a partial choice name its block."""
    from tablerules.interop.ids.steps import LIMIT

    split_seen = 0
    for players in PLAYERS[name]:
        t = tables(name, players).actions
        assert t.size <= 3_000 and t.decline == t.size - 1
        for _game, seat, legal in random_states(name, players, games=2 if name == "munchkin" else 4, limit=1500):
            if seat is None or not legal:
                continue
            moves = t.legal(legal)
            found = sequences(t, moves)
            assert sorted(map(repr, (a for _, a in found))) == sorted(map(repr, moves.values()))
            for path, action in found:
                assert path == t.steps(t.id(action))
                if len(path) > 1:
                    split_seen += 1
                    assert path[0] < t.tail and all(t.tail <= i < t.decline for i in path[1:])
                    words = t.chosen_words(path[:-1])
                    assert words.split(":")[0] == t.blocks[t.head_block(path[0])].name
                for k in range(len(path)):
                    assert len(t.menu(moves, path[:k])) <= LIMIT
    if name != "quest-crawl":
        assert split_seen > 0


def test_the_split_follows_the_blocks_argument_sizes() -> None:
    """A block of at most LIMIT ids is whole; larger ones are grouped from their first argument; an argument of more
    than LIMIT values is two digits (high then low part)."""
    from tablerules.interop.ids.steps import Digit, split

    assert split((6, 40)) is None
    askhelp = split((6, 65, 41))
    assert askhelp.sizes == (6, 65, 41)
    assert split((3, 65, 41)).sizes == (195, 41)
    big = split((2, 4, 1365))  # Baldur's Gate with 6 players: a kind named for each other owner
    assert big.groups == ((Digit(0, 2), Digit(1, 4)), (Digit(2, 37, 37),), (Digit(2, 37),))
    assert big.values((1, 3, 1000)) == (1 * 4 + 3, 1000 // 37, 1000 % 37)
    t = tables("munchkin", 4).actions
    k = next(i for i, b in enumerate(t.blocks) if b.name == "AskHelp")
    assert t.splits[k].sizes == (4, 65, 41) and t.most_steps == 3
