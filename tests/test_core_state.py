"""The core's state helpers, turn flow, persistent history, copies, observations and any-time actions."""

from __future__ import annotations

import enum
import json
import random
from collections import Counter
from dataclasses import dataclass, field

import pytest
from dicegame import Hold, Pig, PigState, Roll
from windowgame import Cheer, Heckle, HecklersPig, Pass

from tablerules.core.errors import IllegalAction
from tablerules.core.flow import Active, Flow, ResponseWindow, Stage, next_seat, seats_after
from tablerules.core.protocol import Chance, Event, Trail
from tablerules.core.registry import game_class, game_names
from tablerules.core.state import clone, from_plain, shared, to_plain
from tablerules.core.testing import random_sim_test


class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


@dataclass(frozen=True)
class Card:
    id: str
    level: int


@dataclass
class Seat:
    level: int = 1
    hand: list[str] = field(default_factory=list)
    colour: Colour = Colour.RED


@dataclass
class Table:
    seats: list[Seat] = field(default_factory=list)
    fight: Seat | None = None
    seen: set[str] = field(default_factory=set)
    gold: dict[int, int] = field(default_factory=dict)
    pool: Counter = field(default_factory=Counter)
    pair: tuple[int, str] = (0, "")
    cards: dict[str, Card] = shared(default_factory=dict)


def table() -> Table:
    return Table([Seat(2, ["orc#1"]), Seat(colour=Colour.BLUE)], Seat(5), {"a"}, {3: 100}, Counter(x=2), (1, "b"),
                 {"orc": Card("orc", 3)})


def test_clone_copies_what_changes_and_shares_what_does_not() -> None:
    a = table()
    b = clone(a)
    assert b == a and b is not a
    b.seats[0].hand.append("elf#2")
    b.fight.level = 9  # engine write: a toy state (no game's), changed to show the clone copied it
    b.seen.add("z")
    b.gold[3] = 0
    b.pool["x"] += 1
    assert a.seats[0].hand == ["orc#1"] and a.fight.level == 5 and a.seen == {"a"} and a.gold == {3: 100}
    assert a.pool["x"] == 2 and isinstance(b.pool, Counter)
    assert b.cards is a.cards  # a static table: shared, never copied


def test_to_plain_and_from_plain_round_trip_every_field() -> None:
    a = table()
    plain = to_plain(a)
    assert "cards" not in plain  # static tables are not state
    assert plain["seats"][1]["colour"] == "blue" and plain["gold"] == [[3, 100]] and plain["pair"] == [1, "b"]
    json.dumps(plain)
    back = from_plain(Table, plain)
    a.cards = {}
    assert back == a


class Level(enum.IntEnum):
    ONE = 1


@pytest.mark.parametrize("name", game_names())
def test_to_plain_gives_exactly_what_the_field_by_field_reference_gives(name: str) -> None:
    """to_plain converts by type, worked out once per type (the harness compares whole states at many
    steps); it must give the very same JSON values as the test-by-test reference, on every game's
    states and on the odd cases (int enums, non-string keys, sets, classes with to_json)."""
    from tablerules.core.state import _to_plain_slow

    odd = [table(), {Level.ONE: {1, 2}, "x": frozenset({"b", "a"})}, {"a": Level.ONE}, Chance("d6", 3),
           {1: "z", 12: "a", -1: "b", (1, 2): [3], (1, 12): [0]}, {"1": 5, 1: [1, 2], 10: 0, 1.5: 2},
           [(1, 2.5), None, True, Colour.BLUE], {}, set(), ()]
    game = game_class(name)(seed=7)
    rng = random.Random(name)
    states = []
    for step in range(400):
        if game.is_over():
            break
        if step % 40 == 0:
            states.append(game.state)
        if game.is_chance():
            game.roll()
        else:
            game.apply(rng.choice(game.legal_actions()))
        game = game.copy() if step % 40 == 0 else game
    for value in [*odd, *states, game.state]:
        fast = to_plain(value)
        assert json.dumps(fast) == json.dumps(_to_plain_slow(value)) and fast == _to_plain_slow(value)
    with pytest.raises(TypeError, match="not state data"):
        to_plain(object())


def test_from_plain_names_the_field_that_does_not_fit() -> None:
    plain = to_plain(table())
    plain["seats"][1]["level"] = "high"
    with pytest.raises(ValueError, match=r"state\.seats\[1\]\.level"):
        from_plain(Table, plain)
    with pytest.raises(ValueError, match="unknown field"):
        from_plain(Seat, {"level": 1, "wings": 2})


def test_a_flow_is_a_stack_of_stages() -> None:
    flow = Flow([Stage("combat", (0,))])
    flow.push(Stage("interference", (1, 2, 3), Active.OTHERS_ONCE_AT_ONCE))
    assert flow.players == (1, 2, 3) and flow.is_in("combat")
    flow.push("bad stuff: choose an item to lose", (2,))
    assert flow.name.startswith("bad stuff") and flow.players == (2,)
    flow.pop()
    flow.pop()
    flow.goto("end of turn", (0,))
    assert flow.name == "end of turn" and not flow.is_in("combat")
    with pytest.raises(LookupError):
        flow.pop()
    assert Stage("round", (2, 0, 1), Active.OTHERS_ONCE_IN_TURN).to_act() == (2,)


def test_a_response_window_asks_every_other_player_once() -> None:
    window = ResponseWindow.open(opener=2, players=4, exclude=[3])
    assert window.waiting == [0, 1] and window.to_act() == (0, 1)
    window.interfere(1)
    window.answer(1)
    window.answer(0)
    assert window.closed and window.settle() and not window.settle()
    assert ResponseWindow.open(0, 3, in_turn=True).to_act() == (1,)
    assert seats_after(1, 4) == [2, 3, 0, 1] and next_seat(3, 4, skip=[0]) == 1


def test_a_trail_never_changes_and_copies_share_it() -> None:
    empty = Trail()
    one = empty.append("a")
    two = one.append("b")
    assert (len(empty), one.items(), two.items(), two.last, two.drop_last().items()) == (0, ["a"], ["a", "b"], "b",
                                                                                        ["a"])
    game = Pig(seed=3)
    for _ in range(30):
        game.roll() if game.is_chance() else game.apply(game.legal_actions()[-1])
    twin = game.copy()
    assert twin._history is game._history and twin._log is game._log
    assert twin.state is not game.state and twin.state == game.state
    twin.apply(twin.legal_actions()[0]) if not twin.is_chance() else twin.roll()
    assert twin.num_actions == game.num_actions + 1 and len(game.history) == 30


def test_state_dict_is_derived_from_the_state_dataclass() -> None:
    game = Pig(seed=1)
    assert game.state_dict() == to_plain(PigState(scores=[0, 0]))
    assert Pig.game_info().perfect_information and Pig.game_info().max_players == 6


def test_observations_of_a_perfect_information_game_show_everything() -> None:
    game = Pig(seed=1)
    game.apply(Roll(0))
    obs = game.observation(1)
    assert obs["state"] == game.state_dict() and obs["chance"] and obs["to_act"] == []
    json.dumps(obs)
    assert "scores" in game.observation_string(0) and game.information_state_string(0).endswith(
        game.observation_string(0))


def test_private_log_lines_are_read_only_by_their_seats() -> None:
    event = Event("player 1 draws Orc", seen_by=(1,), hidden="player 1 draws a card face down")
    assert (event.seen(1), event.seen(0), event.seen(None)) == ("player 1 draws Orc",
                                                               "player 1 draws a card face down",
                                                               "player 1 draws Orc")
    game = Pig(seed=1)
    game.event("secret", seen_by=(0,))
    game.event("for all")
    assert game.log_for(1) == ["for all"] and game.log_for(0) == ["secret", "for all"] == game.log


def test_a_seats_log_is_read_again_only_from_the_lines_added_since() -> None:
    """log_for remembers each seat's last view with the log it read: later lines are added to it, and a
    log that is not a continuation (after an undo, on a copy that went its own way) is read afresh."""
    def fresh(game: Pig, player: int | None) -> list[str]:
        return [t for t in (e.seen(player) for e in game._log.items()) if t is not None]

    game = Pig(seed=1)
    game.event("secret", seen_by=(0,), hidden="someone looks")
    assert game.log_for(1) == ["someone looks"] and game.log_for(0) == ["secret"]
    game.event("for all")
    assert game.log_for(1) == ["someone looks", "for all"] and game.log_for(0) == ["secret", "for all"]
    game.log_for(1).append("changed by the caller")  # a new list every time
    assert game.log_for(1) == ["someone looks", "for all"]
    rng = random.Random(3)
    twin = None
    for step in range(60):
        if game.is_over():
            break
        game.roll() if game.is_chance() else game.apply(rng.choice(game.legal_actions()))
        if step % 7 == 3:
            game.undo()
        if step == 2:
            twin = game.copy()
            twin.event("only on the copy", seen_by=(1,))
        for player in (None, 0, 1):
            assert game.log_for(player) == fresh(game, player)
    assert twin is not None and twin.log_for(1)[-1] == "only on the copy" and twin.log_for(1) == fresh(twin, 1)
    assert "only on the copy" not in game.log_for(1)


def rolled_five() -> HecklersPig:
    game = HecklersPig({"players": 3}, seed=1)
    game.apply(Roll(0))
    game.apply(Chance("d6", 5))
    return game


def test_an_any_time_action_is_legal_for_a_seat_that_is_not_to_act() -> None:
    game = rolled_five()
    assert game.to_act() == (0,)
    assert Cheer(1) not in game.legal_actions() and game.legal_actions(1) == (Cheer(1),)
    assert game.out_of_turn_actions() == {1: (Cheer(1),), 2: (Cheer(2),)}
    game.apply(Cheer(2))  # nobody passed for it
    assert game.state.turn_total == 6 and game.to_act() == (0,)
    with pytest.raises(IllegalAction) as refused:
        game.apply(Cheer(2))
    assert refused.value.rule == "cheering" and game.state.turn_total == 6


def test_any_time_actions_wait_while_the_rules_forbid_them() -> None:
    game = rolled_five()
    game.apply(Hold(0))
    assert game.out_of_turn_actions() == {} and Cheer(1) not in game.legal_actions(1)
    game.apply(Heckle(1))
    game.apply(Pass(2))
    assert game.state.scores[0] == 4 and game.legal_actions(0) == (Cheer(0),)  # player 1 is to act now


def test_the_harness_plays_any_time_actions_out_of_turn() -> None:
    report = random_sim_test(lambda s: HecklersPig({"players": 3}, seed=s), n_games=40, anytime_every=3)
    assert report.games == 40 and report.out_of_turn > 20


def test_the_docstring_examples_run() -> None:
    import doctest

    from tablerules.core import flow, state

    for module in (state, flow):
        assert doctest.testmod(module).failed == 0



class GatedHecklers(HecklersPig):
    """Hecklers' Pig saying that nobody cheers while a hold is answered (``anytime_gate``), counting
    the seats asked for their any-time actions."""

    anytime_gate = ("answering", {False})
    asked = 0

    @property
    def answering(self) -> bool:
        return self.state.window is not None

    def anytime_actions(self, player: int) -> list:
        GatedHecklers.asked += 1
        return super().anytime_actions(player)


def test_an_any_time_gate_skips_asking_and_lists_the_same_actions() -> None:
    """``Game.anytime_gate``: where the gate's attribute is not one of its values, listing the legal
    actions does not ask the seats to act for any-time actions; everywhere the legal actions are those
    of the game without the gate."""
    for seed in range(6):
        plain, gated = HecklersPig({"players": 3}, seed=seed), GatedHecklers({"players": 3}, seed=seed)
        rng = random.Random(seed)
        while not plain.is_over():
            assert gated.legal_actions() == plain.legal_actions() and gated.to_act() == plain.to_act()
            assert [gated.legal_actions(p) for p in range(3)] == [plain.legal_actions(p) for p in range(3)]
            action = plain.sample_chance(rng) if plain.is_chance() else rng.choice(plain.legal_actions())
            plain.apply(action)
            gated.apply(action)
    game = rolled_five()
    game.apply(Hold(0))
    gated = GatedHecklers({"players": 3}, seed=1)
    for action in game.history:
        gated.apply(action)
    before = GatedHecklers.asked
    assert gated.to_act() == (1, 2) and gated.legal_actions() == game.legal_actions()
    assert GatedHecklers.asked == before  # two seats to act, neither asked
    gated.apply(Pass(1))
    gated.apply(Pass(2))
    assert gated.legal_actions() == (Roll(1),) and GatedHecklers.asked == before + 1  # player 1's turn
