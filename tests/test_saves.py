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


def _saved_munchkin(actions: int = 300) -> dict:
    """A save written by ``to_json`` (with its digest) of a random 4-player game ``actions`` in."""
    from tablerules.core.agents import play_game
    from tablerules.munchkin.game import MunchkinGame

    return json.loads(json.dumps(play_game(MunchkinGame(seed=4), max_steps=actions).to_json()))


def test_a_save_with_its_digest_replays_without_listing_legal_actions(monkeypatch: pytest.MonkeyPatch) -> None:
    """issue 9: ``from_json`` of a save ``to_json`` wrote replays it without listing the legal actions at
    every step, then checks the digest of the parameters, history and reached state; the game is the same."""
    from tablerules.munchkin.game import MunchkinGame

    data = _saved_munchkin()
    want = Game.from_json(data)
    assert isinstance(data["digest"], str) and len(data["digest"]) == 64 and len(data["signature"]) == 64

    def no_listing(self):
        raise AssertionError("the legal actions were listed")

    monkeypatch.setattr(MunchkinGame, "player_actions", no_listing)
    game = Game.from_json(data)
    assert (game.state_dict(), game.log, game.history) == (want.state_dict(), want.log, want.history)
    assert game.to_json() == data


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: _first_player_action(d).update(player=5), r"history\[\d+\] cannot be replayed"),
    (lambda d: d["history"].append({"type": "PlayCard", "player": 0, "card": "no_such_card#9"}), r"history\[\d+\]"),
    (lambda d: d["history"][0].update(outcome="no_such_card#1"), r"history\[0\]"),
])
def test_a_bad_save_with_a_digest_is_still_a_save_error_naming_the_place(change, message) -> None:
    data = _saved_munchkin()
    change(data)
    with pytest.raises(SaveError, match=message):
        Game.from_json(data)


def test_a_legal_save_whose_digest_does_not_match_is_replayed_with_every_check() -> None:
    data = _saved_munchkin()
    want = Game.from_json(data)
    for digest in ("0" * 40, None, 7):
        game = Game.from_json({**data, "digest": digest})
        assert game.state_dict() == want.state_dict() and game.history == want.history
    shorter = {**data, "history": data["history"][:-1]}  # the digest of the longer game: checked replay
    assert Game.from_json(shorter).num_actions == want.num_actions - 1
