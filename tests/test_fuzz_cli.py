"""Fuzzing the command line (issue 16): any argv gives exit 0 (an answer, or --help) or exit 2 with one line
on stderr; never a traceback, never a hang."""

from __future__ import annotations

import io
import tempfile
from pathlib import Path

import pytest
from fuzzing import FUZZ
from hypothesis import given
from hypothesis import strategies as st

from tablerules.cli import main
from tablerules.core.data import data_path
from tablerules.core.registry import game_names

DUNGEON = str(data_path("quest", "dungeons", "movement_examples.json"))

COMMANDS = [["odds", "combat"], ["odds", "flee"], ["odds", "search"], ["odds", "conquest"], ["odds"], ["simulate"],
            ["play"], ["quest", "move"], ["quest", "forecast"], ["quest", "draw"], ["quest"], ["games"], [],
            ["nonsense"]]
FLAGS = ["--side", "--monster", "--ties-win", "--monsters", "--modifier", "--modifiers", "--need", "--dice",
         "--tokens", "--cost", "--games", "--seed", "--agents", "--load", "--seat", "--turns", "--colour", "-o",
         "--output", "--json", "--progress", "--", "-x", "--help"]
#: Numbers inside and outside every range (never a long run: at most a handful of games).
NUMBERS = ["0", "1", "2", "3", "-1", "-2:3", "7:2", "4:100", "5:101", "50", "51", "100", "101", "1000", "1001",
           "99999", "-99999", "9" * 30, "9" * 5000, "2:", ":3", "1:2:3", "1,2,3", ",", "1,x", "1e3", "0x10", " 3",
           "٣", "NaN", "", "\u0000", "\udcff"]
WORDS = ["munchkin", "quest", "smallworld", "kragmortha", "baldursgate", "pig", "random", "heuristic", "red",
         "purple", DUNGEON, "/nonexistent/file.json", "/", "é", "-"]


@st.composite
def argvs(draw: st.DrawFn) -> list[str]:
    argv = list(draw(st.sampled_from(COMMANDS)))
    if argv and argv[0] in ("simulate", "play"):
        argv.append(draw(st.sampled_from([*game_names(), "nonsense"])))
    elif argv[:1] == ["quest"] and len(argv) == 2:
        argv.append(draw(st.sampled_from([DUNGEON, "/nonexistent.json", "/"])))
    for _ in range(draw(st.integers(0, 6))):
        flag = draw(st.sampled_from(FLAGS))
        if flag == "--help" and draw(st.booleans()):
            continue
        argv.append(flag)
        if flag == "--games":  # the only flag whose in-range values take long: keep runs short
            argv.append(draw(st.sampled_from(["0", "1", "2", "-1", "x", "1000001", "9" * 40])))
        elif flag in ("-o", "--output"):
            argv.append(draw(st.sampled_from(["{tmp}/out.png", "{tmp}/no/such/dir/out.png", "/"])))
        elif draw(st.integers(0, 4)):
            argv.append(draw(st.sampled_from(NUMBERS + WORDS) | st.text(max_size=8)))
    return argv


@FUZZ
@given(argv=argvs())
def test_any_argv_gives_an_answer_or_one_line_and_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        argv = [a.replace("{tmp}", tmp) for a in argv]
        out = io.StringIO()
        try:
            code = main(argv, out=out, inp=io.StringIO("q\n"))
        except SystemExit as exit_:  # --help prints the help and exits 0
            code = exit_.code
            assert code == 0 and ("--help" in argv or "-h" in argv), argv
        produced = list(Path(tmp).iterdir())
    err = capsys.readouterr().err
    assert code in (0, 2), (argv, code)
    if code == 2:
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, (argv, err)
    assert all(p.name == "out.png" for p in produced), produced  # no temporary file left behind
