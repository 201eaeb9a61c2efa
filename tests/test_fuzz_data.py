"""Fuzzing the data files (issue 16): every broken copy of every game's data file under data/ (cards,
rooms, dungeons, maps, events; wrong types, missing fields, dangling references, duplicate ids, huge
numbers, non-UTF-8 bytes) loads, or raises DataError naming that file and a field; nothing else, ever."""

from __future__ import annotations

import io
import json
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fuzzing import FUZZ, broken_bytes
from hypothesis import given
from hypothesis import strategies as st

from tablerules.analysis.ladder_results import read_results
from tablerules.baldur.cards import load_rules
from tablerules.cli import main
from tablerules.core.data import data_path, read_json
from tablerules.core.errors import DataError
from tablerules.kragmortha import data as kragmortha
from tablerules.lessons import parse_lesson
from tablerules.munchkin.cards import load_cards
from tablerules.quest import search_table, tiles
from tablerules.quest.cards import load_quest_cards
from tablerules.quest.dungeon import Dungeon
from tablerules.quest.packs import load_pack
from tablerules.smallworld import maps

Loader = Callable[[str], Any]


def _uncached(loader: Any) -> Loader:
    return getattr(loader, "__wrapped__", loader)  # the lru_caches key on the path, the fuzz reuses one


#: Every data file of every game, with the loader that reads it.
LOADERS: dict[str, Loader] = {
    "munchkin/cards.json": _uncached(load_cards),
    "quest/cards.json": _uncached(load_quest_cards),
    "quest/rooms.json": _uncached(tiles.load_rooms),
    "quest/links.json": _uncached(tiles.load_links),
    "quest/monsters.json": _uncached(tiles.load_monsters),
    "quest/search_table.json": _uncached(search_table._load),
    "quest/packs/examples.json": _uncached(load_pack),
    "quest/dungeons/movement_examples.json": Dungeon.load,
    **{f"smallworld/maps/{n}p.json": maps.load_board_file for n in (2, 3, 4, 5)},
    "smallworld/races.json": maps.load_races_file,
    "smallworld/powers.json": maps.load_powers_file,
    "kragmortha/board.json": lambda f: [_uncached(kragmortha.load_board)(n, f) for n in (2, 3, 4, 5)],
    "kragmortha/movement.json": _uncached(kragmortha.load_movement),
    "kragmortha/penalty.json": _uncached(kragmortha.load_penalties),
    "kragmortha/teleport.json": _uncached(kragmortha.load_teleports),
    "kragmortha/tomes.json": _uncached(kragmortha.load_tomes),
    "baldur/cards.json": load_rules,
    **{f"{folder}/lessons/basics.json": lambda f: parse_lesson(read_json(f), f)
       for folder in ("munchkin", "quest", "smallworld", "baldur", "kragmortha")},
    "ladder/results.json": read_results,
}


def test_every_data_file_is_fuzzed() -> None:
    files = {p.relative_to(data_path()).as_posix() for p in data_path().rglob("*.json")}
    assert files - {f for f in files if f.startswith("schema/")} == set(LOADERS)


@pytest.mark.parametrize("name", sorted(LOADERS))
def test_the_bundled_file_loads(name: str) -> None:
    assert LOADERS[name](str(data_path(name)))


@pytest.mark.parametrize("name", sorted(LOADERS))
@FUZZ
@given(data=st.data())
def test_a_broken_data_file_raises_data_error_naming_file_and_field(name: str, data: st.DataObject) -> None:
    good = json.loads(data_path(name).read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / Path(name).name
        path.write_bytes(broken_bytes(good, data))
        try:
            LOADERS[name](str(path))
        except DataError as exc:
            assert exc.file == str(path), exc
            assert exc.path.startswith("$") and exc.reason, exc


@FUZZ
@given(data=st.data())
def test_the_cli_reads_a_broken_dungeon_in_one_line(data: st.DataObject, capsys: pytest.CaptureFixture[str]) -> None:
    good = json.loads(data_path("quest", "dungeons", "movement_examples.json").read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "dungeon.json"
        path.write_bytes(broken_bytes(good, data))
        what = data.draw(st.sampled_from([["move", "--colour", "red"], ["forecast", "--turns", "3"]]))
        code = main(["quest", what[0], str(path), *what[1:]], out=io.StringIO())
    err = capsys.readouterr().err
    assert code in (0, 2)
    if code == 2:
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
