"""The game protocol on the Pig fixture: actions, chance, errors, save/load, replay, undo."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from dicegame import Hold, Pig, Roll

from tablerules.core.errors import IllegalAction, SaveError, TablerulesError
from tablerules.core.protocol import Chance, Game


def rolled(game: Game, *faces: int) -> Game:
    """Roll and read the given faces as a referee would type them in."""
    for face in faces:
        game.apply(Roll(game.state.current))
        game.apply(Chance("d6", face))
    return game


def test_new_game_state_and_legal_actions() -> None:
    game = Pig(seed=3)
    assert game.to_act() == (0,)
    assert game.legal_actions() == (Roll(0),)
    assert game.stage() == "deciding"
    assert not game.is_over() and game.result() is None


def test_actions_are_typed_immutable_hashable_and_described() -> None:
    action = Roll(1)
    with pytest.raises(AttributeError):
        action.player = 2  # type: ignore[misc]
    assert hash(action) == hash(Roll(1)) and action == Roll(1) and action != Hold(1)
    assert action.describe() == "player 1 rolls"
    assert action.to_json() == {"type": "Roll", "player": 1}
    assert Pig.decode_action({"type": "Roll", "player": 1}) == action


def test_chance_step_lists_outcomes_with_exact_probabilities() -> None:
    game = Pig(seed=1)
    game.apply(Roll(0))
    assert game.is_chance() and game.to_act() == ()
    outcomes = game.chance_outcomes()
    assert [a.outcome for a, _ in outcomes] == [1, 2, 3, 4, 5, 6]
    assert all(p == Fraction(1, 6) for _, p in outcomes)
    assert game.legal_actions() == tuple(a for a, _ in outcomes)


def test_referee_mode_types_in_the_real_roll() -> None:
    game = rolled(Pig(seed=1), 5, 4)
    assert game.state.turn_total == 9
    game.apply(Hold(0))
    assert game.state.scores == [9, 0] and game.state.current == 1
    assert game.log[-1] == "player 0 holds and banks 9 (score 9)"


def test_seeded_roll_is_reproducible() -> None:
    a, b = Pig(seed=42), Pig(seed=42)
    faces_a, faces_b = [], []
    for game, faces in ((a, faces_a), (b, faces_b)):
        for _ in range(10):
            if game.is_over():
                break
            game.apply(game.legal_actions()[0])
            faces.append(game.roll().outcome)
    assert faces_a == faces_b


def test_different_seeds_give_different_rolls() -> None:
    outcomes = set()
    for seed in range(30):
        game = Pig(seed=seed)
        game.apply(Roll(0))
        outcomes.add(game.roll().outcome)
    assert len(outcomes) > 3


def test_illegal_action_names_the_rule_and_changes_nothing() -> None:
    game = rolled(Pig(seed=1), 3)
    before_json, before_state = json.dumps(game.to_json()), game.state_dict()
    with pytest.raises(IllegalAction) as info:
        game.apply(Roll(1))
    assert info.value.rule == "turn order"
    assert "player 0's turn" in str(info.value)
    assert json.dumps(game.to_json()) == before_json and game.state_dict() == before_state
    game.apply(Roll(0))
    with pytest.raises(IllegalAction, match=r"\(chance\)"):
        game.apply(Hold(0))
    with pytest.raises(IllegalAction, match="not a face"):
        game.apply(Chance("d6", 7))
    assert isinstance(IllegalAction("r", "m"), TablerulesError)


def test_hold_before_scoring_is_illegal() -> None:
    game = Pig(seed=1)
    with pytest.raises(IllegalAction) as info:
        game.apply(Hold(0))
    assert info.value.rule == "hold"


def test_a_failing_perform_leaves_the_state_untouched(monkeypatch: pytest.MonkeyPatch) -> None:
    game = rolled(Pig(seed=1), 4)
    before = game.state_dict()

    original = game.perform

    def broken(action):  # a rule bug: a second Roll fails after half its change
        if action == Roll(0) and game.state.turn_total == 4:
            game.state.turn_total = 999  # engine write: a rule bug half-way through perform, rolled back
            raise RuntimeError("boom")
        original(action)

    monkeypatch.setattr(game, "perform", broken)
    with pytest.raises(RuntimeError):
        game.apply(Roll(0))
    monkeypatch.undo()
    assert game.state_dict() == before


def test_game_over_refuses_actions() -> None:
    game = Pig({"target": 5}, seed=1)
    rolled(game, 6)
    game.apply(Hold(0))
    assert game.is_over() and game.result().winners == (0,)
    assert game.legal_actions() == ()
    with pytest.raises(IllegalAction) as info:
        game.apply(Roll(1))
    assert info.value.rule == "end of the game"


def test_save_load_round_trip_is_identical(tmp_path) -> None:
    game = Pig({"players": 3, "target": 30}, seed=9)
    for _ in range(40):
        if game.is_over():
            break
        if game.is_chance():
            game.roll()
        else:
            game.apply(game.legal_actions()[-1])
    data = game.to_json()
    assert data["format"] == "tablerules/save@1" and data["game"] == "pig"
    assert data["params"] == {"players": 3, "target": 30} and data["seed"] == 9
    assert all(isinstance(a, dict) and "type" in a for a in data["history"])
    again = Pig.from_json(json.loads(json.dumps(data)))
    assert again.state_dict() == game.state_dict() and again.log == game.log
    assert again.history == game.history
    path = tmp_path / "save.json"
    game.save(path)
    assert Pig.load(path).state_dict() == game.state_dict()


def test_loading_through_the_registry(tmp_path) -> None:
    from tablerules.core.registry import register, unregister

    register(Pig)
    try:
        game = rolled(Pig(seed=2), 3)
        assert Game.from_json(game.to_json()).state_dict() == game.state_dict()
    finally:
        unregister("pig")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"format": "other"}, "not a tablerules save"),
        ({"format": "tablerules/save@1", "game": "chess"}, "for 'chess'"),
        ({"format": "tablerules/save@1", "game": "pig", "history": [{"type": "Jump"}]}, "unknown action type"),
        ({"format": "tablerules/save@1", "game": "pig", "history": [{"type": "Roll"}]}, "bad fields"),
        ({"format": "tablerules/save@1", "game": "pig", "history": [{"type": "Hold", "player": 0}]},
         r"history\[0\] cannot be replayed"),
        ({"format": "tablerules/save@1", "game": "pig", "params": {"players": 9}}, "bad parameters"),
        ({"format": "tablerules/save@1", "game": "pig", "history": "nope"}, "must be a list"),
    ],
)
def test_corrupt_saves_raise_save_error(data: dict, message: str) -> None:
    with pytest.raises(SaveError, match=message):
        Pig.from_json(data)


def test_unreadable_save_file(tmp_path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    with pytest.raises(SaveError, match="cannot read the save"):
        Pig.load(path)


def test_undo_takes_back_the_last_action_chance_included() -> None:
    game = rolled(Pig(seed=5), 4)
    state_before_roll = game.state_dict()
    game.apply(Roll(0))
    chance_pending = game.state_dict()
    assert game.undo() == Roll(0)
    assert game.state_dict() == state_before_roll
    game.apply(Roll(0))
    game.apply(Chance("d6", 2))
    assert game.undo() == Chance("d6", 2)
    assert game.state_dict() == chance_pending
    with pytest.raises(IllegalAction, match="nothing to undo"):
        Pig().undo()


def test_undo_then_roll_gives_the_same_seeded_outcome() -> None:
    game = Pig(seed=11)
    game.apply(Roll(0))
    first = game.roll()
    game.undo()
    assert game.roll() == first


def test_legal_actions_by_player() -> None:
    game = Pig(seed=1)
    assert game.legal_actions(0) == (Roll(0),)
    assert game.legal_actions(1) == ()


def test_bad_parameters() -> None:
    with pytest.raises(ValueError, match="2 to 6"):
        Pig({"players": 1})
    with pytest.raises(ValueError, match="bad parameters"):
        Pig({"colour": "red"})


def test_undo_from_checkpoints_matches_a_full_replay() -> None:
    """Undo restores the nearest checkpoint (one every 64 actions once a game was undone) and replays the
    rest: undoing across checkpoints, and after branching off, gives the state a replay from the start gives."""
    import random as _random

    from tablerules.munchkin.game import MunchkinGame

    game = MunchkinGame({"players": 4}, seed=5)
    rng = _random.Random(5)

    def play(n: int) -> None:
        for _ in range(n):
            if game.is_chance():
                game.roll()
            else:
                game.apply(rng.choice(game.legal_actions()))

    play(150)
    game.undo()  # the first undo replays from the start and leaves checkpoints at 64 and 128
    assert set(game._marks) == {64, 128}
    for _ in range(30):  # back across the checkpoint at 128
        game.undo()
    play(100)  # a different branch: the old checkpoints past the branch point must not be used
    for _ in range(40):
        game.undo()
    fresh = MunchkinGame.from_json(game.to_json())
    assert game.state_dict() == fresh.state_dict() and game.log == fresh.log
    assert game.legal_actions() == fresh.legal_actions()
