"""Saves: the format ``tablerules/save@1`` stays loadable across engine changes, and any bad save is a
``SaveError`` naming where it is wrong (the CLI prints one line and exits 2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tablerules.cli import main
from tablerules.core.errors import SaveError
from tablerules.core.protocol import Game

SAVES = Path(__file__).parent / "saves"
EXPECTED = json.loads((SAVES / "expected.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_saves_made_before_the_redesign_still_load(name: str) -> None:
    """These saves were written by the engines before the state/flow/rules redesign (main c2cc6e6)."""
    game = Game.load(SAVES / name)
    want = EXPECTED[name]
    result = game.result()
    assert (game.num_actions, game.is_over(), game.turn_number()) == (want["actions"], want["over"], want["turn"])
    assert (list(result.winners) if result else None) == want["winners"]
    assert game.log[-1] == want["last_event"]


def _munchkin_save() -> dict:
    return json.loads((SAVES / "munchkin-seed7-250.json").read_text(encoding="utf-8"))


def _broken(change) -> dict:
    data = _munchkin_save()
    change(data)
    return data


def _first_player_action(data: dict) -> dict:
    return next(a for a in data["history"] if a["type"] != "Chance")


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["history"][0].update(outcome="no_such_card#1"), r"history\[0\]"),
    (lambda d: d["history"].insert(3, {"type": "Teleport", "player": 0}), r"history\[3\].*unknown action type"),
    (lambda d: _first_player_action(d).update(player=5), r"history\[\d+\] cannot be replayed"),
    (lambda d: _first_player_action(d).update(player="zero"), r"history\[\d+\]"),
    (lambda d: d["history"].append({"type": "PlayCard", "player": 0, "card": "no_such_card#9"}), r"history\[\d+\]"),
    (lambda d: d["history"].append({"type": "PlayCard", "player": 0, "deck": "x"}), r"history\[\d+\].*bad fields"),
    (lambda d: d.update(history="all of it"), "must be a list"),
    (lambda d: d.update(params={"players": 99}), "bad parameters"),
    (lambda d: d.update(format="other"), "not a tablerules save"),
    (lambda d: d.update(game="chess"), "chess"),
])
def test_a_bad_save_is_a_save_error_naming_the_place(change, message) -> None:
    with pytest.raises(SaveError, match=message):
        Game.from_json(_broken(change))


def test_the_cli_answers_a_bad_save_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(_broken(lambda d: d["history"][0].update(outcome="no_such_card#1"))), encoding="utf-8")
    latin = tmp_path / "latin.json"
    latin.write_bytes("{\"format\": \"caf\xe9\"}".encode("latin-1"))
    for path in (bad, latin, tmp_path / "missing.json"):
        assert main(["play", "munchkin", "--load", str(path)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "Traceback" not in err and str(path.name) in err
