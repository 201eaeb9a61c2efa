"""Fuzzing saves (issue 16): broken saves of every registered game (unknown cards, actions, players,
truncated, wrong format, not UTF-8) load, or raise SaveError naming the file; the CLI's ``play --load``
answers them in one line with exit 2. Nothing else, ever."""

from __future__ import annotations

import functools
import io
import json
import tempfile
from pathlib import Path

import pytest
from fuzzing import FUZZ, broken_bytes
from hypothesis import given
from hypothesis import strategies as st

from tablerules.cli import main
from tablerules.core.agents import play_game
from tablerules.core.errors import SaveError
from tablerules.core.protocol import Game
from tablerules.core.registry import game_class, game_names

GAMES = game_names()


@functools.cache
def short_save(name: str) -> dict:
    """The save of a game of ``name`` 40 actions in (random agents, seed 5)."""
    return play_game(game_class(name)(seed=5), max_steps=40).to_json()


def test_every_game_is_fuzzed() -> None:
    assert {"munchkin", "quest", "smallworld", "kragmortha", "baldursgate"} <= set(GAMES)


@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(data=st.data())
def test_a_broken_save_raises_save_error_naming_the_file(name: str, data: st.DataObject) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "save.json"
        path.write_bytes(broken_bytes(short_save(name), data))
        try:
            game = game_class(name).load(path)
        except SaveError as exc:
            assert str(exc).startswith(f"{path}: ") and len(str(exc)) > len(str(path)) + 2, exc
        else:
            assert isinstance(game, Game)
            json.dumps(game.to_json())


@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(data=st.data())
def test_play_load_answers_a_broken_save_in_one_line(name: str, data: st.DataObject,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "save.json"
        path.write_bytes(broken_bytes(short_save(name), data))
        code = main(["play", name, "--load", str(path)], out=io.StringIO(), inp=io.StringIO("q\n"))
    err = capsys.readouterr().err
    assert code in (0, 2)
    if code == 2:
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
