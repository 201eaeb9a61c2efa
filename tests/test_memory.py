"""Memory over long runs (issue 28): every module-level cache is bounded, and a process playing many games
keeps a flat resident size once warm. ``benchmarks/memory_soak.py`` runs the long version."""

from __future__ import annotations

import gc
import importlib
import itertools
import sys

import pytest

from tablerules.core import caches, testing
from tablerules.core.actions import chance
from tablerules.core.agents import make_agents, play_game
from tablerules.core.batch import batch_gc
from tablerules.core.caches import BY_DATA, CLEARED, BoundedDict, bound_of
from tablerules.core.memory import cache_sizes, find_cache, grown, per_thousand, rss_kb, slope
from tablerules.core.registry import game_class, game_names

#: cheap games for the CI soak (Munchkin and Baldur's Gate random games run long: the benchmark covers them)
CHEAP = ("quest-crawl", "quest", "smallworld", "kragmortha")


def play(name: str, seeds: range) -> None:
    """Play the seeds of ``name``, all-random and all-heuristic tables in turn (as the memory soak does)."""
    cls = game_class(name)
    tables = [("random",), ("heuristic",)] if cls.heuristic_agent() is not None else [("random",)]
    with batch_gc():
        for s in seeds:
            play_game(cls(seed=s), make_agents(tables[s % len(tables)], cls, s))


def test_a_bounded_dict_keeps_at_most_maxsize_entries_and_the_newest() -> None:
    d: BoundedDict[int, int] = BoundedDict(10)
    for i in range(1000):
        d[i] = i * i
        assert len(d) <= 10
    assert 999 in d and d[999] == 999 * 999 and 0 not in d
    for i in range(1000, 1100):
        assert d.setdefault(i, -i) == -i and len(d) <= 10
    assert d.setdefault(1099, 5) == -1099  # an existing key keeps its value
    d.update({i: 0 for i in range(2000, 2050)})
    assert len(d) <= 10 and d[2049] == 0
    d[2049] = 1  # replacing a key of a full dict drops nothing
    assert len(d) == len(set(d)) and d[2049] == 1
    with pytest.raises(ValueError, match="at least 1"):
        BoundedDict(0)


#: every BoundedDict cache: (module, attribute)
BOUNDED_DICTS = [
    ("tablerules.core.actions", "_CHANCES"),
    ("tablerules.quest.dungeon", "_AROUND"),
    ("tablerules.quest.movement", "_CELLS"),
    ("tablerules.quest.rules.items", "_USABLE"),
    ("tablerules.quest.rules.identity", "_TAGS"),
    ("tablerules.baldur.rules.heroes", "_USE"),
    ("tablerules.kragmortha.actions", "_MOVES"),
]


@pytest.mark.parametrize(("module", "attr"), BOUNDED_DICTS)
def test_each_bounded_cache_stays_within_its_bound_when_overfilled(module: str, attr: str) -> None:
    table = getattr(importlib.import_module(module), attr)
    assert isinstance(table, BoundedDict) and table.maxsize <= 1 << 15
    kept = dict(table)
    try:
        for i in range(table.maxsize + 500):
            table[("memory test", i)] = i
            assert len(table) <= table.maxsize
    finally:
        table.clear()
        table.update(kept)


def test_the_chance_table_is_bounded_through_chance() -> None:
    from tablerules.core import actions

    kept = dict(actions._CHANCES)
    try:
        made = [chance("memory test", i) for i in range(actions._CHANCES.maxsize + 100)]
        assert len(actions._CHANCES) <= actions._CHANCES.maxsize
        assert chance("memory test", 5) == made[5]  # an evicted outcome is made again, equal
    finally:
        actions._CHANCES.clear()
        actions._CHANCES.update(kept)


def test_quest_squares_are_bounded_through_around() -> None:
    from tablerules.quest import dungeon

    kept = dict(dungeon._AROUND)
    try:
        for x in range(200):
            for y in range(100):
                dungeon.around((x, y))
        assert len(dungeon._AROUND) <= dungeon._AROUND.maxsize < 200 * 100
    finally:
        dungeon._AROUND.clear()
        dungeon._AROUND.update(kept)


#: lru caches given a maxsize: (module, function)
LRU = [("tablerules.smallworld.rules.legal", name) for name in ("_PickCombo", "_Place", "_Conquer", "_EndTurn")] + [
    ("tablerules.kragmortha.analysis", "_chance")]


@pytest.mark.parametrize(("module", "attr"), LRU)
def test_each_lru_cache_has_a_maxsize(module: str, attr: str) -> None:
    assert getattr(importlib.import_module(module), attr).cache_info().maxsize <= 1 << 15


def test_small_world_interned_actions_stay_within_the_bound() -> None:
    from tablerules.smallworld.rules import legal

    for i in range(legal.INTERNED + 200):
        legal._EndTurn(i)
    assert legal._EndTurn.cache_info().currsize <= legal.INTERNED
    legal._EndTurn.cache_clear()


def test_quest_item_tables_are_cleared_at_their_bound(monkeypatch) -> None:
    from tablerules.quest.rules import items

    monkeypatch.setattr(items, "TABLES_KEPT", 40)
    for table in (items._KINDS, items._LAST, items._ITEMS, items._CARRIED):  # what earlier tests left in them
        table.clear()
    high = 0
    cls = game_class("quest")
    game = cls(seed=3)
    agents = make_agents(("heuristic",), cls, 3)
    while not game.is_over() and game.num_actions < 3000:
        play_game(game, agents, max_steps=game.num_actions + 20)
        high = max(high, len(items._KINDS), len(items._LAST), len(items._ITEMS), len(items._CARRIED))
    assert 0 < high <= 41


def test_the_shared_action_table_is_cleared_at_its_bound() -> None:
    from tablerules.core import actions

    for i in range(actions.MADE_KEPT + 100):
        actions.made(actions.Chance, "memory test", i)
        assert len(actions.MADE) <= actions.MADE_KEPT
    actions.MADE.clear()


def test_quest_action_rows_are_cleared_at_their_bound() -> None:
    from tablerules.core.actions import Chance
    from tablerules.quest import actions

    for i in range(actions.ROWS_KEPT + 100):
        assert actions.made_each(Chance, 0, (i, i + 1))[1] == Chance(0, i + 1)
        assert len(actions._ROWS) <= actions.ROWS_KEPT
    actions._ROWS.clear()


def test_munchkin_one_each_and_baldur_makes_stay_within_their_maxsize() -> None:
    from tablerules.baldur import cards
    from tablerules.munchkin import actions

    for i in range(5000):
        assert actions.one_each([f"card{i}#2", f"card{i}#1"]) == [f"card{i}#1"]
    assert actions._one_each.cache_info().currsize <= actions._one_each.cache_info().maxsize == 1 << 12
    for i in range(cards._makes.cache_info().maxsize + 100):
        assert cards.makes_values((i, 1), i + 1)
    assert cards._makes.cache_info().currsize <= cards._makes.cache_info().maxsize == 1 << 14


def test_baldur_hero_uses_are_cleared_at_their_bound(monkeypatch) -> None:
    from tablerules.baldur.rules import heroes

    monkeypatch.setattr(heroes, "_USES_MAX", 30)
    heroes._USES.clear()
    high = 0
    for seed in range(3):
        cls = game_class("baldursgate")
        game = cls(seed=seed)
        agents = make_agents(("heuristic",), cls, seed)
        while not game.is_over():
            play_game(game, agents, max_steps=game.num_actions + 10)
            high = max(high, len(heroes._USES))
    assert 0 < high <= 30


def test_the_harness_forgets_its_checked_actions_at_its_bound(monkeypatch) -> None:
    monkeypatch.setattr(testing, "KNOWN_ACTIONS", 6)
    game = game_class("quest-crawl")(seed=1)
    known: set = set()
    sizes = []
    for step in range(60):
        if game.is_over():
            break
        actions = game.legal_actions()
        testing._check_listed(game, actions, 1, step, known, True)
        sizes.append(len(known))
        game.roll() if game.is_chance() else game.apply(actions[step % len(actions)])
    assert max(sizes) <= 6
    assert any(b < a for a, b in itertools.pairwise(sizes))  # it was cleared on the way


def test_every_named_bound_names_a_cache_that_exists() -> None:
    for name in game_names():
        game_class(name)(seed=0)
    for module in ("tablerules.interop.openspiel", "tablerules.core.worlds", "tablerules.terminal.words",
                   "tablerules.quest.packs"):
        importlib.import_module(module)
    sizes = cache_sizes()
    stale = [n for n in (*CLEARED, *BY_DATA) if n not in sizes]
    assert not stale, f"CLEARED/BY_DATA name caches that do not exist: {stale}"


def test_no_cache_grows_without_a_bound_while_games_are_played() -> None:
    """The audit: after a warm-up, more games; every module-level cache that grew must be bounded."""
    for name in CHEAP:
        play(name, range(0, 20))
    before = cache_sizes()
    for name in CHEAP:
        play(name, range(20, 50))
    unbounded = [n for n in grown(before, cache_sizes()) if bound_of(n, find_cache(n)) is None]
    assert not unbounded, f"caches growing with no bound: {unbounded}"


#: KiB the resident size may gain between the end of the warm-up and the end (the caches still filling to
#: their bounds, the allocator's arenas); a leak of 1 KiB a game would add more than this
RSS_GROWTH_KIB = 6 * 1024
WARM_UP, ROUND, ROUNDS = 30, 15, 3  # seeds of each cheap game: 300 games in all


def test_the_resident_size_stays_flat_after_a_warm_up() -> None:
    def round_of(seeds: range) -> None:
        for name in CHEAP:
            play(name, seeds)

    round_of(range(0, WARM_UP))  # data files, caches
    gc.collect()
    samples = [(0, rss_kb())]
    for k in range(1, ROUNDS + 1):
        round_of(range(WARM_UP + ROUND * (k - 1), WARM_UP + ROUND * k))
        gc.collect()
        samples.append((k * ROUND * len(CHEAP), rss_kb()))
    growth = samples[-1][1] - samples[0][1]
    assert growth < RSS_GROWTH_KIB, f"RSS grew {growth} KiB after the warm-up: {samples}"
    assert per_thousand(samples, 0) < 1000 * RSS_GROWTH_KIB / samples[-1][0]


def test_slope_fits_a_line() -> None:
    assert slope([(0, 1.0), (1, 3.0), (2, 5.0)]) == pytest.approx(2.0)
    assert slope([(5, 1.0)]) == 0.0 and slope([(1, 1.0), (1, 2.0)]) == 0.0
    assert per_thousand([(0, 100), (500, 100), (1000, 150), (2000, 250)], 500) == pytest.approx(100.0)
    assert caches.bound_of("tablerules.core.registry._GAMES", {}) == "one entry per game class"
    munchkin = game_class("munchkin")  # imported first: find_cache looks among the loaded modules
    assert find_cache("tablerules.munchkin.game.MunchkinGame._decoded") is munchkin._decoded
    with pytest.raises(LookupError):
        find_cache("nowhere.at_all")


def test_the_interop_id_tables_stay_bounded() -> None:
    """An action table remembers ids by value (at most one per id of the table: bounded by the data) and by
    object (cleared past 65,536 objects); fresh copies of the same actions never grow it past that."""
    import dataclasses

    from tablerules.interop.ids import tables

    game = game_class("quest-crawl")(seed=2)
    table = tables("quest-crawl", game.num_players()).actions
    while game.is_chance():
        game.roll()
    actions = [a for a in game.legal_actions() if dataclasses.is_dataclass(a)]
    for i in range((1 << 16) + 2000):
        table.legal([dataclasses.replace(actions[i % len(actions)])])
        assert len(table._objects) <= (1 << 16) + 1
    # by action, and an action names its seat where its id does not: one entry per full id and seat at most
    assert len(table._ids) <= table.full_size * game.num_players()


def test_deep_bytes_counts_shared_objects_once_and_the_ceiling_scales_to_the_bound() -> None:
    from tablerules.core.memory import ceiling_bytes, deep_bytes

    shared = "x" * 1000
    one, two = [shared], [shared, shared]
    assert deep_bytes(two) - deep_bytes(one) == sys.getsizeof(two) - sys.getsizeof(one)  # the string once
    cache = {i: (i, "y" * 100) for i in range(10)}
    assert ceiling_bytes(cache, 40) == deep_bytes(cache) * 4
    assert ceiling_bytes({}, 40) == 0
