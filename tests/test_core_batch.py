"""batch_gc: fewer garbage collections while many games are played, the same games, settings restored."""

from __future__ import annotations

import gc
import weakref
from typing import ClassVar

import pytest
from dicegame import Pig

from tablerules.core.agents import RandomAgent, play_game
from tablerules.core.batch import YOUNG_THRESHOLD, batch_gc
from tablerules.core.protocol import Action, Game
from tablerules.core.simulation import simulate
from tablerules.sweep import records
from tablerules.sweep.plan import Chunk


class Node:
    def __init__(self) -> None:
        self.other: Node | None = None


def test_batch_gc_raises_the_young_threshold_and_restores_the_old_settings() -> None:
    before, frozen = gc.get_threshold(), gc.get_freeze_count()
    with batch_gc():
        assert gc.get_threshold()[0] == YOUNG_THRESHOLD
        assert gc.get_threshold()[1:] == before[1:]
        assert gc.get_freeze_count() > frozen  # what lived before the batch is out of the collector's walk
        with batch_gc():  # nested: the outer settings stay
            assert gc.get_threshold()[0] == YOUNG_THRESHOLD
        assert gc.get_threshold()[0] == YOUNG_THRESHOLD
    assert gc.get_threshold() == before and gc.get_freeze_count() == frozen


def test_batch_gc_restores_the_settings_when_the_block_raises() -> None:
    before = gc.get_threshold()
    try:
        with batch_gc():
            raise RuntimeError("a game failed")
    except RuntimeError:
        pass
    assert gc.get_threshold() == before


def test_cycles_made_in_a_batch_are_still_collected() -> None:
    with batch_gc():
        a, b = Node(), Node()
        a.other, b.other = b, a
        probe = weakref.ref(a)
        del a, b
        gc.collect()
        assert probe() is None


def test_games_played_in_a_batch_are_the_same_games() -> None:
    plain = [play_game(Pig({"players": 3}, seed=s)).to_json() for s in range(20)]
    with batch_gc():
        batched = [play_game(Pig({"players": 3}, seed=s)).to_json() for s in range(20)]
    assert batched == plain


class ThresholdSpy(RandomAgent):
    """A random agent noting the collector's young threshold whenever it is asked to move."""

    seen: ClassVar[set[int]] = set()

    def choose(self, game: Game, player: int) -> Action:
        ThresholdSpy.seen.add(gc.get_threshold()[0])
        return super().choose(game, player)


def test_simulate_and_sweep_chunks_play_inside_a_batch(monkeypatch: pytest.MonkeyPatch) -> None:
    ThresholdSpy.seen = set()
    before = gc.get_threshold()
    summary = simulate(Pig, 5, seed=1, agents=ThresholdSpy(1), progress=False)
    assert summary.finished == 5 and ThresholdSpy.seen == {YOUNG_THRESHOLD}
    assert gc.get_threshold() == before

    seen: list[int] = []

    def play_one(cls: type, params: dict, seed: int, agents: tuple, max_actions: int | None, checker: object = None,
                 mix: bool = False) -> dict:
        seen.append(gc.get_threshold()[0])
        return {"seed": seed}

    monkeypatch.setattr(records, "play_one", play_one)
    chunk = Chunk(sweep="s", game="munchkin", agents=("random",), params=(), index=0, first_seed=3, count=4)
    assert [row["seed"] for row in records.play_chunk(chunk)] == [3, 4, 5, 6]
    assert seen == [YOUNG_THRESHOLD] * 4 and gc.get_threshold() == before
