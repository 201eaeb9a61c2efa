"""The crawl's playout fast paths pick and move exactly as the general code does (seeded games unchanged)."""

from __future__ import annotations

import random

from tablerules.core.actions import Weighted
from tablerules.quest.exploration import _DIE_STEPS, CrawlParams, DungeonCrawl
from tablerules.quest.geometry import Colour
from tablerules.quest.movement import monster_turn, walk_monsters
from tablerules.quest.pools import Pool


def test_pool_picks_what_weighted_picks() -> None:
    """Pool.pick: the same outcome and the same stream afterwards as Weighted.pick, with and without a
    common factor in the counts, and for the monster die (every count 1)."""
    pools = [(("a", "b", "c"), (2, 4, 6)), (("x", "y", "z", "w"), (1, 3, 1, 2)), (("d",), (5,)),
             (_DIE_STEPS["base"]._values, _DIE_STEPS["base"]._counts)]
    for values, counts in pools:
        fast, slow = Pool("e", "", values, counts), Weighted("e", "", values, counts)
        assert fast.outcomes == slow.outcomes
        r1, r2 = random.Random(7), random.Random(7)
        assert [fast.pick(r1) for _ in range(300)] == [slow.pick(r2) for _ in range(300)]
        assert r1.random() == r2.random()


def test_counted_and_distinct_pools_are_the_core_steps() -> None:
    """Pool.counted / Pool.distinct: the same outcomes, picks and stream afterwards as ChanceStep.weighted
    over the sorted counts and ChanceStep.uniform over distinct values (the crawl's link, monster and room
    draws)."""
    from collections import Counter

    from tablerules.core.actions import ChanceStep

    counters = [Counter({"corridor": 30, "door": 0, "wall": 10, "locked": 8, "secret": 5}),
                Counter({"b": 2, "a": 4, "c": 6}), Counter({"x": 1, "y": 0, "z": 1})]
    pairs = [(Pool.counted("e", "d", c), ChanceStep.weighted("e", "d", sorted(c.items()))) for c in counters]
    pairs.append((Pool.distinct("r", "d", ["t3", "t1", "t2"]), ChanceStep.uniform("r", "d", ["t3", "t1", "t2"])))
    for fast, slow in pairs:
        assert fast.outcomes == slow.outcomes
        assert fast.allows(slow.outcomes[0][0])
        r1, r2 = random.Random(3), random.Random(3)
        assert [fast.pick(r1) for _ in range(300)] == [slow.pick(r2) for _ in range(300)]
        assert r1.random() == r2.random()


def test_walk_monsters_moves_as_monster_turn() -> None:
    """walk_monsters: the rooms each monster walks and the board afterwards equal monster_turn's."""
    checked = moved = 0
    for seed in range(6):
        game = DungeonCrawl(CrawlParams(players=3), seed=seed)
        rng = random.Random(seed)
        while not game.is_over():
            if game.state.dungeon.monsters:
                for colour in Colour:
                    a, b = game.state.dungeon.copy(), game.state.dungeon.copy()
                    paths = monster_turn(a, colour)
                    assert walk_monsters(b, colour) == [(m, p.rooms) for m, p in paths.items()]
                    assert a.monsters == b.monsters
                    checked += 1
                    moved += sum(len(p.rooms) > 1 for p in paths.values())
            if game.is_chance():
                game.roll()
            else:
                game.apply(rng.choice(game.legal_actions(game.to_act()[0])))
    assert checked > 100 and moved > 100


def test_quest_listing_equals_the_protocols_merge() -> None:
    """QuestGame's own listing (the moving stage and a fight skip the any-time parts the stage lists
    already) gives the same actions in the same order as the protocol's listing and merge, at every
    decision of seeded random games at 2-4 players."""
    from tablerules.core.protocol import Game
    from tablerules.quest.game import QuestGame

    stages: set[str] = set()
    for players in (2, 3, 4):
        for seed in range(12):
            game = QuestGame({"players": players}, seed=seed)
            rng = random.Random(seed)
            while not game.is_over():
                if game.is_chance():
                    game.apply(game.sample_chance(rng))
                    continue
                fast = game.legal_actions()
                assert list(fast) == list(Game._list_legal(game))
                assert [type(a) for a in fast] == [type(a) for a in Game._list_legal(game)]
                stages.add(game.stage())
                game.apply(rng.choice(game.legal_actions(game.to_act()[0])))
    assert {"moving", "combat", "interference", "character creation"} <= stages


def test_by_kind_grown_or_shrunk_by_a_card_equals_worked_out() -> None:
    """by_kind's table for a pool one card longer than a known one (a card drawn) or one card shorter (a
    card played from the same list) is built from that one; it equals the table worked out in full, for
    random pools with and without two copies of a card."""
    from tablerules.quest.game import QuestGame
    from tablerules.quest.rules import items

    game = QuestGame({"players": 2}, seed=0)
    copies = sorted(game.card_index)
    copies = [c for c in copies if "#" in c]
    rng = random.Random(5)
    grown = 0
    for _ in range(400):
        pool: list[str] = []
        for _ in range(rng.randrange(1, 10)):
            pool.append(rng.choice(copies))
            if len(set(pool)) < len(pool):
                pool.pop()
                continue
            before = tuple(pool[:-1]) in items._KINDS
            table = game.by_kind(pool)
            grown += before
            assert table == game._kinds(tuple(pool))
        while len(pool) > 1:  # cards played from the same hand (list) one by one
            pool.remove(rng.choice(pool))
            assert game.by_kind(pool) == game._kinds(tuple(pool))
    assert grown > 500


def test_shared_rows_are_the_made_actions() -> None:
    """made_each / made_pairs (the listings' runs of one kind): the same actions, in the same order, as
    made() one at a time, and one shared tuple per value."""
    from tablerules.quest.actions import DropGold, GiveGold, PlayCurse, made, made_each, made_pairs

    row = made_each(DropGold, 1, (100, 250))
    assert row == tuple(made(DropGold, 1, n) for n in (100, 250)) == (DropGold(1, 100), DropGold(1, 250))
    assert made_each(DropGold, 1, (100, 250)) is row and made_each(DropGold, 2, (100, 250)) != row
    pairs = made_pairs(GiveGold, 0, (1, 2), (100, 300))
    assert pairs == (GiveGold(0, 1, 100), GiveGold(0, 1, 300), GiveGold(0, 2, 100), GiveGold(0, 2, 300))
    assert made_pairs(PlayCurse, 0, ("c#1",), (0, 2)) == (PlayCurse(0, "c#1", 0), PlayCurse(0, "c#1", 2))
    assert made_each(DropGold, 1, ()) == ()


def test_base_moves_fast_path_counts_big_items() -> None:
    """base_moves: 3 moves, -1 for each big item beyond the first (p. 16), also when it returns at once
    (fewer than two items in play and in the backpack)."""
    from tablerules.quest import scenario as S
    from tablerules.quest.game import QuestGame

    game = QuestGame({"players": 2}, seed=0)
    big = sorted({c.split("#")[0] for c in game.card_index if game.card(c).big and game.card(c).kind == "item"})
    small = sorted({c.split("#")[0] for c in game.card_index if game.card(c).kind == "item" and not game.card(c).big})
    for carried, backpack in (([], []), (big[:1], []), (big[:1], big[1:2]), (big[:2], big[2:3]),
                              (small[:2], big[:1]), (big[:1], small[:1])):
        game = QuestGame({"players": 2}, seed=0)
        S.wear(game, 0, *carried)
        S.backpack(game, 0, *backpack)
        n_big = sum(game.card(c).big for c in carried + backpack)
        assert game.base_moves(0) == max(0, 3 - max(0, n_big - 1))
    game = QuestGame({"players": 2}, seed=0)
    S.wear(game, 0, *big[:2])
    S.backpack(game, 0, *big[2:3])
    assert game.base_moves(0) == 1
