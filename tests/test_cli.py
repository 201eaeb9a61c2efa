"""The ``tablerules`` command line: the JSON contract, readable tables, errors, simulate and play."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest
from dicegame import Pig

from tablerules.cli import main
from tablerules.core.registry import register, unregister


def run(*argv: str, stdin: str = "") -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), out=out, inp=io.StringIO(stdin))
    return code, out.getvalue()


def run_json(*argv: str) -> dict:
    code, text = run(*argv, "--json")
    assert code == 0
    return json.loads(text)


def test_odds_combat_json_contract() -> None:
    data = run_json("odds", "combat", "--side", "7:1", "--monster", "6")
    assert data == {"win": "7/12", "tie": "5/36", "lose": "5/12",
                    "float": {"win": 7 / 12, "tie": 5 / 36, "lose": 5 / 12}}


def test_odds_combat_several_sides_negative_strength_and_ties() -> None:
    data = run_json("odds", "combat", "--side=-2:3", "--side", "4:0", "--monster", "3:2", "--ties-win")
    from tablerules import odds

    expected = odds.combat([(-2, 3), (4, 0)], [(3, 2)], ties_win=True)
    assert data["win"] == str(expected.win) and data["lose"] == str(expected.lose)
    assert run_json("odds", "combat", "--side", "9:0", "--monster", "1:0")["win"] == "1"
    assert run_json("odds", "combat", "--side", "1:0", "--monster", "9:0")["win"] == "0"


def test_odds_flee_json_contract() -> None:
    data = run_json("odds", "flee", "--monsters", "2", "--modifier", "0")
    assert data == {"escape_all": "1/9", "caught": ["1/9", "4/9", "4/9"],
                    "float": {"escape_all": 1 / 9, "caught": [1 / 9, 4 / 9, 4 / 9]}}
    mixed = run_json("odds", "flee", "--modifiers", "1,-1", "--need", "5")
    assert mixed["escape_all"] == "1/12"  # +1 needs 4+ (1/2), -1 needs 6 (1/6)


def test_odds_search_json_contract() -> None:
    data = run_json("odds", "search", "--dice", "1", "--modifier", "0")
    assert list(data["rows"]) == [str(r) for r in range(1, 12)]
    assert data["rows"]["1"] == "1/6" and data["rows"]["7"] == "0"
    assert data["float"]["rows"]["2"] == pytest.approx(1 / 6)


def test_odds_conquest_json_contract() -> None:
    assert run_json("odds", "conquest", "--tokens", "3", "--cost", "4") == {"success": "1/2",
                                                                           "float": {"success": 0.5}}


def test_readable_tables_without_json() -> None:
    code, text = run("odds", "combat", "--side", "7", "--monster", "6")
    assert code == 0 and "win" in text and "7/12" in text and "58.333%" in text
    code, text = run("odds", "search", "--dice", "2", "--modifier", "-1")
    assert code == 0 and "1 or less" in text and "Plundered" in text


@pytest.mark.parametrize(
    "argv",
    [
        ["odds", "combat", "--side", "x:1", "--monster", "3"],
        ["odds", "combat", "--side", "3:-1", "--monster", "3"],
        ["odds", "combat", "--monster", "3"],
        ["odds", "flee"],
        ["odds", "flee", "--monsters", "2", "--modifiers", "1,2"],
        ["odds", "flee", "--modifiers", "1,a"],
        ["odds", "conquest", "--tokens", "-1", "--cost", "3"],
        ["odds", "nothing"],
        ["simulate", "no-such-game"],
        ["play", "no-such-game"],
        [],
    ],
)
def test_bad_arguments_exit_2_with_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(*argv)
    err = capsys.readouterr().err
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


@pytest.fixture
def pig_registered():
    register(Pig)
    yield
    unregister("pig")


def test_simulate_is_deterministic_for_a_seed(pig_registered) -> None:
    first = run_json("simulate", "pig", "--games", "40", "--seed", "7")
    again = run_json("simulate", "pig", "--games", "40", "--seed", "7")
    other = run_json("simulate", "pig", "--games", "40", "--seed", "8")
    assert first == again and first != other
    assert {"game", "games", "seed", "finished", "winners", "mean_turns"} <= set(first)
    assert first["game"] == "pig" and first["games"] == 40 and first["finished"] == 40
    assert sum(first["winners"].values()) == 40


def test_play_steps_through_with_typed_and_rolled_chance(pig_registered) -> None:
    # roll (action 0), type in a 6, roll again with the dice, undo that, hold, quit
    code, text = run("play", "pig", "--seed", "3", stdin="0\n6\n0\nr\nu\nu\n1\nq\n")
    assert code == 0
    assert "Chance: player 0 rolls a d6; roll the d6 (1-6, each 1/6)." in text
    assert "player 0 rolls 6 (turn total 6)" in text
    assert "undid: the chance outcome 2" in text and "undid: player 0 rolls" in text
    assert "player 0 holds and banks 6" in text


def test_play_reports_bad_input_and_ends_at_eof(pig_registered, tmp_path) -> None:
    save = tmp_path / "game.json"
    code, text = run("play", "pig", "--seed", "1", stdin=f"99\nx\n0\n3\ns {save}\n")
    assert code == 0 and text.count("? number") == 2  # 99 is no action, x no command
    loaded = json.loads(save.read_text())
    assert loaded["history"] == [{"type": "Roll", "player": 0}, {"type": "Chance", "event": "d6", "outcome": 3}]
    code, text = run("play", "pig", "--load", str(save), "--json", stdin="")
    assert code == 0 and json.loads(text.strip().splitlines()[-1])["history"] == loaded["history"]


def test_games_lists_registered_games(pig_registered) -> None:
    assert "pig" in run_json("games")["games"]


def test_console_script_and_module_entry_points() -> None:
    result = subprocess.run([sys.executable, "-m", "tablerules", "odds", "conquest", "--tokens", "2",
                             "--cost", "3", "--json"], capture_output=True, text=True, check=True)
    assert json.loads(result.stdout)["success"] == "1/2"
    bad = subprocess.run([sys.executable, "-m", "tablerules", "odds", "combat", "--side", "q"],
                         capture_output=True, text=True)
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1


def test_play_one_seat_against_agents_sees_only_that_seat() -> None:
    """`tablerules play munchkin --seat 1`: agents play seats 0, 2, 3; the screen shows seat 1's hand only."""
    code, text = run("play", "munchkin", "--seed", "4", "--seat", "1", stdin="0\n0\n0\nq\n")
    assert code == 0 and "You play seat 1" in text
    assert "your hand:" in text and "player 0's hand" not in text
    assert "draws a Door card face down" in text  # the others' draws, as seat 1 saw them
    from tablerules.munchkin.game import MunchkinGame

    referee = MunchkinGame(seed=4)
    while referee.is_chance():
        referee.roll()
    hidden = {referee.card(c).name for c in referee.players[0].hand} - {
        referee.card(c).name for c in referee.players[1].hand}
    assert not any(f"draws {name} face down" in text for name in hidden)


def test_play_rejects_a_seat_the_game_does_not_have() -> None:
    code, _ = run("play", "munchkin", "--seat", "9", stdin="q\n")
    assert code == 2
