"""Forged saves (issue 28, item 6): only a save signed with this installation's key replays without the
legality checks; a save whose chance outcome was replaced by an impossible one (a die showing 50, a card
not in the deck), its digest worked out again, is refused in one line naming ``history[i]``, and the
game's invariants report what such a history would make. Every test uses the temporary key file that
conftest.py names (``TABLERULES_SAVE_KEY_FILE``), never the user's config folder."""

from __future__ import annotations

import contextlib
import functools
import io
import json
import os
import stat
from pathlib import Path
from typing import Any

import pytest

from tablerules.cli import main
from tablerules.core import saves
from tablerules.core.agents import play_game
from tablerules.core.errors import SaveError
from tablerules.core.protocol import Game
from tablerules.core.registry import game_class, game_names

GAMES = ("munchkin", "quest", "quest-crawl", "smallworld", "baldursgate", "kragmortha")

#: the chance event forged in each game's save
FORGED_EVENT = {"munchkin": "d6", "quest": "d10", "quest-crawl": "monster", "smallworld": "reinforcement die",
                "baldursgate": "draw", "kragmortha": "first player"}


def test_every_registered_game_is_forged() -> None:
    assert set(game_names()) == set(GAMES)


@functools.cache
def _legal_save(name: str) -> tuple[str, int]:
    """A legal save (as JSON text) of a random game of ``name`` with a ``FORGED_EVENT`` in its history, and
    the index of the last such chance outcome."""
    for seed in range(20):
        data = play_game(game_class(name)(seed=seed), max_steps=300).to_json()
        found = [i for i, a in enumerate(data["history"])
                 if a["type"] == "Chance" and a["event"] == FORGED_EVENT[name]]
        if found:
            return json.dumps(data), found[-1]
    raise AssertionError(f"no {FORGED_EVENT[name]} in 20 games of {name}")


def legal_save(name: str) -> dict[str, Any]:
    return json.loads(_legal_save(name)[0])


def _unchecked(data: dict[str, Any]) -> Game:
    """The game a save's history makes when every action is performed unchecked (what a forger can do)."""
    cls = game_class(data["game"])
    game = cls(data["params"], seed=data["seed"])
    for item in data["history"]:
        action = cls.decode_action(item)
        game.perform(action)
        game._record(action)
    return game


def _impossible(name: str, before: Game, outcome: Any) -> Any:
    """An outcome the forged event cannot have: a die showing 50, a seat 50, a card not in the deck."""
    if isinstance(outcome, int):
        return 50
    if name == "quest-crawl":  # a monster card none of whose copies is left in the deck
        return next(k for k in sorted(before.monster_cards) if not before.state.monster_deck.get(k))
    return "no_such_card"


def forged_save(name: str) -> tuple[dict[str, Any], int]:
    """A legal save whose last ``FORGED_EVENT`` outcome is replaced by an impossible one (the history cut
    after it), with the digest worked out for it as anyone can, and no signature; and that index."""
    data, i = legal_save(name), _legal_save(name)[1]
    data["history"] = data["history"][:i + 1]
    before = _unchecked({**data, "history": data["history"][:i]})
    data["history"][i]["outcome"] = _impossible(name, before, data["history"][i]["outcome"])
    del data["signature"]
    with contextlib.suppress(KeyError, ValueError, IndexError, TypeError):  # (if the engine cannot perform it,
        data["digest"] = saves._digest(data, _unchecked(data).state_dict())  # the legal save's digest stays)
    return data, i


def _no_checks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make :meth:`Game.apply` (the action checked against the rules, then performed) fail if called."""
    def refuse(self: Game, action: object) -> None:
        raise AssertionError("a legality check")

    monkeypatch.setattr(Game, "apply", refuse)


@pytest.mark.parametrize("name", GAMES)
def test_a_save_made_here_loads_without_the_legality_checks(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    data = legal_save(name)
    assert len(data["digest"]) == 64 and data["signature"] == saves.sign(data["digest"], saves.save_key())
    want = Game.from_json(data)
    counts = dict(saves.load_counts)
    _no_checks(monkeypatch)
    game = Game.from_json(data)
    assert saves.load_counts["signed"] == counts.get("signed", 0) + 1
    assert saves.load_counts["checked"] == counts.get("checked", 0)
    assert (game.state_dict(), game.history) == (want.state_dict(), want.history)


@pytest.mark.parametrize("name", GAMES)
def test_a_forged_save_is_refused_in_one_line_naming_the_action(name: str) -> None:
    data, i = forged_save(name)
    with pytest.raises(SaveError) as refused:
        Game.from_json(data)
    message = str(refused.value)
    assert f"history[{i}]" in message and "\n" not in message, message
    # signed by the forger's own key, or carrying the legal save's signature: refused the same
    for signature in (saves.sign(data["digest"], b"k" * 32), legal_save(name)["signature"]):
        with pytest.raises(SaveError, match=rf"history\[{i}\]"):
            Game.from_json({**data, "signature": signature})


@pytest.mark.parametrize("name", GAMES)
def test_the_invariants_report_what_a_forged_history_makes(name: str) -> None:
    """Performed unchecked, the forged outcome either cannot be performed at all or leaves a state whose
    invariants say what is impossible (the die's faces, the seat, the card counts); the legal save's
    state breaks none."""
    assert _unchecked(legal_save(name)).invariants() == []
    data, i = forged_save(name)
    try:
        game = _unchecked(data)
    except (KeyError, ValueError, IndexError, TypeError):
        return
    broken = game.invariants()
    assert broken, f"{name}: {data['history'][i]} broke no invariant"


@pytest.mark.parametrize(("name", "words"), [
    ("munchkin", "history[{i}]: d6: 50 cannot come up (only 1, 2, 3, 4, 5, 6 can)"),
    ("smallworld", "history[{i}]: reinforcement die: 50 cannot come up (only 0, 1, 2, 3 can)"),
    ("quest", "history[{i}]: d10: 50 cannot come up (only 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 can)"),
    ("kragmortha", "history[{i}]: first player: 50 cannot come up (only 0, 1, 2, 3 can)"),
    ("kragmortha", "player 50 is to play, player 50 first, in a game of 4")])
def test_an_impossible_die_or_seat_is_named_in_words(name: str, words: str) -> None:
    data, i = forged_save(name)
    broken = _unchecked(data).invariants()
    assert any(words.format(i=i) in b for b in broken), broken


def test_a_monster_card_not_in_the_deck_breaks_the_counts() -> None:
    data, _ = forged_save("quest-crawl")
    broken = _unchecked(data).invariants()
    assert any("in the deck" in b and "monster card" in b for b in broken), broken


@pytest.mark.parametrize("name", GAMES)
def test_a_save_signed_with_another_key_is_checked_in_full_and_loads(
        name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A save copied from another installation (another key) loads, with every action checked."""
    ours = legal_save(name)
    monkeypatch.setenv(saves.KEY_FILE_ENV, str(tmp_path / "other-machine" / "save-key"))
    theirs = Game.from_json(ours).to_json()  # signed there
    monkeypatch.undo()
    assert theirs["digest"] == ours["digest"] and theirs["signature"] != ours["signature"]
    checks = []
    original = Game.apply
    monkeypatch.setattr(Game, "apply", lambda self, action: checks.append(action) or original(self, action))
    counts = dict(saves.load_counts)
    game = Game.from_json(theirs)
    assert saves.load_counts["checked"] == counts.get("checked", 0) + 1
    assert len(checks) == len(ours["history"]) and game.to_json() == ours


@pytest.mark.parametrize("name", GAMES)
def test_play_load_answers_a_forged_save_in_one_line_with_exit_2(
        name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data, i = forged_save(name)
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code = main(["play", name, "--load", str(path)], out=io.StringIO(), inp=io.StringIO("q\n"))
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err, err
    assert str(path) in err and f"history[{i}]" in err


def test_old_saves_without_a_signature_load_with_the_full_check() -> None:
    folder = Path(__file__).parent / "saves"
    expected = json.loads((folder / "expected.json").read_text(encoding="utf-8"))
    counts = dict(saves.load_counts)
    for file, want in expected.items():
        data = json.loads((folder / file).read_text(encoding="utf-8"))
        assert "signature" not in data
        assert Game.from_json(data).num_actions == want["actions"]
    assert saves.load_counts["checked"] == counts.get("checked", 0) + len(expected)
    assert saves.load_counts["signed"] == counts.get("signed", 0)


def test_the_key_is_made_once_private_and_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "config" / "tablerules" / "save-key"
    monkeypatch.setenv(saves.KEY_FILE_ENV, str(path))
    assert saves.save_key(create=False) is None and not path.exists()  # loading never makes a key
    key = saves.save_key()
    assert len(key) == 32 and path.read_text(encoding="ascii").strip() == key.hex()
    if os.name == "posix":
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
    saves._keys.clear()  # another process: the same key from the file
    assert saves.save_key() == key and list(path.parent.iterdir()) == [path]


def test_the_key_file_is_in_the_config_folder_unless_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(saves.KEY_FILE_ENV)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    assert saves.save_key_path() == tmp_path / "xdg" / "tablerules" / "save-key"
    monkeypatch.delenv("XDG_CONFIG_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert saves.save_key_path() == tmp_path / "home" / ".config" / "tablerules" / "save-key"
    monkeypatch.setenv(saves.KEY_FILE_ENV, str(tmp_path / "k"))
    assert saves.save_key_path() == tmp_path / "k"


def test_without_a_key_saves_are_unsigned_and_load_with_the_full_check(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "a-file").write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv(saves.KEY_FILE_ENV, str(tmp_path / "a-file" / "save-key"))  # cannot be made
    data = Game.from_json(legal_save("smallworld")).to_json()
    assert "signature" not in data and len(data["digest"]) == 64
    counts = dict(saves.load_counts)
    assert Game.from_json(data).to_json() == data
    assert saves.load_counts["checked"] == counts.get("checked", 0) + 1


def _duplicate_first(pile: list) -> None:
    pile[-1] = pile[0]  # one card twice, another gone: the count is right, the cards are not


@pytest.mark.parametrize(("name", "forge", "words"), [
    ("munchkin", lambda s: setattr(s, "current", 9), "player 9 is to play in a game of 4"),
    ("quest", lambda s: setattr(s, "current", 9), "player 9 is to play in a game of"),
    ("quest-crawl", lambda s: setattr(s, "current", -1), "player -1 is to play in a game of"),
    ("baldursgate", lambda s: setattr(s, "current", 9), "player 9 is to play"),
    ("kragmortha", lambda s: _duplicate_first(s.move_deck), "a movement card is lost, doubled or not in the game"),
    ("kragmortha", lambda s: _duplicate_first(s.teleport_deck), "a teleport card is lost, doubled or not in the game"),
    ("smallworld", lambda s: setattr(s, "berserk_die", 50), "the Berserk reinforcement die shows 50, which it cannot"),
    ("smallworld", lambda s: _duplicate_first(s.power_pool), "special power badges lost, doubled or not in the game"),
    ("smallworld", lambda s: setattr(s, "current", 7), "player 7 is to play in a game of"),
])
def test_an_impossible_state_breaks_an_invariant(name: str, forge: Any, words: str) -> None:
    game = Game.from_json(legal_save(name))
    assert game.invariants() == []
    forge(game.state)
    assert any(words in b for b in game.invariants()), game.invariants()


@pytest.mark.parametrize("signature", ["é" * 64, "\ud800", "", 7, None])
def test_a_signature_that_is_no_hex_text_is_no_signature(signature: object) -> None:
    data = {**legal_save("kragmortha"), "signature": signature}
    assert not saves.signed_here(data)
    assert Game.from_json(data).num_actions == len(data["history"])
