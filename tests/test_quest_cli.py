"""The ``tablerules quest`` commands (a contract) and the quest-crawl game through simulate and play."""

from __future__ import annotations

import io
import json
from fractions import Fraction
from pathlib import Path

import pytest

from tablerules.cli import main
from tablerules.core.data import data_path
from tablerules.quest.dungeon import Dungeon
from tablerules.quest.forecast import forecast
from tablerules.quest.geometry import Colour
from tablerules.quest.movement import move_all

EXAMPLES = str(data_path("quest", "dungeons", "movement_examples.json"))


def run(*argv: str, stdin: str = "") -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), out=out, inp=io.StringIO(stdin)), out.getvalue()


@pytest.mark.parametrize("colour", [c.value for c in Colour])
def test_quest_move_json_contract(colour: str) -> None:
    code, text = run("quest", "move", EXAMPLES, "--colour", colour, "--json")
    data = json.loads(text)
    assert code == 0 and set(data) == {"colour", "monsters", "paths"} and data["colour"] == colour
    engine = move_all(Dungeon.load(EXAMPLES), Colour(colour))
    assert data["monsters"] == {m: p.end for m, p in engine.items()}
    assert data["paths"] == {m: list(p.rooms) for m, p in engine.items()}
    assert all(path[0] == Dungeon.load(EXAMPLES).monsters[m].room for m, path in data["paths"].items())


def test_quest_move_readable() -> None:
    code, text = run("quest", "move", EXAMPLES, "--colour", "purple")
    assert code == 0 and "R4 -> R3 -> R7 -> R11" in text and "fast" in text


def test_quest_forecast_json_contract() -> None:
    code, text = run("quest", "forecast", EXAMPLES, "--turns", "2", "--json")
    data = json.loads(text)
    assert code == 0 and data["turns"] == 2
    exact = forecast(Dungeon.load(EXAMPLES), 2)
    assert data["monsters"] == {m: {r: str(p) for r, p in d.items()} for m, d in exact.items()}
    for m, dist in data["monsters"].items():
        assert sum(Fraction(p) for p in dist.values()) == 1
        assert data["float"]["monsters"][m] == pytest.approx({r: float(Fraction(p)) for r, p in dist.items()})


def test_quest_draw_writes_a_png(tmp_path: Path) -> None:
    out = tmp_path / "dungeon.png"
    code, _ = run("quest", "draw", EXAMPLES, "-o", str(out), "--colour", "green")
    assert code == 0 and out.read_bytes()[:4] == b"\x89PNG" and out.stat().st_size > 20_000


@pytest.mark.parametrize("argv", [
    ["quest", "move", "missing.json", "--colour", "red"],
    ["quest", "move", EXAMPLES, "--colour", "pink"],
    ["quest", "forecast", EXAMPLES, "--turns", "-1"],
    ["quest", "draw", EXAMPLES, "-o", "/no/such/folder/x.png"],
])
def test_quest_bad_input_exits_2_with_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(*argv)
    err = capsys.readouterr().err
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1


def test_a_bad_dungeon_file_names_the_field(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = json.loads(Path(EXAMPLES).read_text())
    doc["monsters"][0]["room"] = "R99"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc))
    code, _ = run("quest", "forecast", str(path), "--turns", "1")
    err = capsys.readouterr().err
    assert code == 2 and "$.monsters[0].room" in err and "R99" in err


def test_simulate_and_play_the_crawl() -> None:
    code, text = run("simulate", "quest-crawl", "--games", "10", "--seed", "4", "--json")
    data = json.loads(text)
    assert code == 0 and data["finished"] == 10 and data["game"] == "quest-crawl"
    assert data == json.loads(run("simulate", "quest-crawl", "--games", "10", "--seed", "4", "--json")[1])
    # type in the dice for the first player (player 0), explore north (action 0), then type in the room,
    # four... draws; then quit
    code, text = run("play", "quest-crawl", "--seed", "2", stdin="0\n0\nhospital\nr\nr\nr\nr\nr\nq\n")
    assert code == 0 and "the new room is Hospital (医院)" in text
