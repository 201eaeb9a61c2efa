"""The random-simulation invariant harness, shared by every game (like OpenSpiel's random_sim_test).

:func:`random_sim_test` plays seeded random games and, after every action, checks the protocol:

* until the end there is a way forward: a legal action, or a chance step whose outcomes sum to 1;
* no action is listed twice, and no two legal actions read the same (one action per distinct choice:
  two copies of a card give one action);
* every action describes itself and round-trips through its JSON form;
* every seat's observation is JSON, and so is its information state;
* now and then a seat that is not to act plays one of its any-time actions (out of turn);
* a copy is independent: playing on it leaves the original as it was;
* a chance step's outcomes are exactly the legal actions, with probabilities > 0 summing to 1;
* the game's own invariants hold (:meth:`Game.invariants`, a hook each game fills);
* saving to JSON and replaying gives the identical state and log;
* an action that is not legal now raises :class:`IllegalAction` and leaves the state unchanged;
* :meth:`Game.undo` restores the state before the last action;
* the game ends within its length cap.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from tqdm.auto import tqdm

from .batch import batch_gc
from .errors import IllegalAction
from .protocol import Action, Game


class HarnessFailure(AssertionError):
    """A protocol or rules invariant broke; the message names the game seed and the step (also kept as
    ``seed``, ``step`` and ``check``: the broken check's own words)."""

    def __init__(self, message: str, seed: int | None = None, step: int | None = None, check: str = "") -> None:
        super().__init__(message)
        self.seed, self.step, self.check = seed, step, check or message


@dataclass
class HarnessReport:
    games: int = 0
    actions: int = 0
    chance_steps: int = 0
    longest: int = 0
    illegal_checked: int = 0
    out_of_turn: int = 0
    lengths: list[int] = field(default_factory=list)


def _fail(seed: int, step: int, message: str) -> None:
    raise HarnessFailure(f"game seed {seed}, step {step}: {message}", seed, step, message)


def check_round_trip(game: Game, seed: int, step: int) -> None:
    text = json.dumps(game.to_json())
    replayed = type(game).from_json(json.loads(text))
    if replayed.state_dict() != game.state_dict():
        _fail(seed, step, "replaying the saved JSON gives a different state")
    if replayed.log != game.log:
        _fail(seed, step, "replaying the saved JSON gives a different log")
    if replayed.legal_actions() != game.legal_actions():
        _fail(seed, step, "replaying the saved JSON gives different legal actions")


class _Listed:
    """Whether an action is in a list of legal actions now (its seat's any-time actions included): the
    lists of one state, each turned into a set once, for the many stale actions checked against them."""

    def __init__(self, game: Game, actions: tuple[Action, ...]) -> None:
        self.game = game
        self.legal = set(actions)
        self.of_seat: dict[int, set[Action]] = {}

    def __contains__(self, action: Action) -> bool:
        if action in self.legal:
            return True
        actor = action.actor
        if not isinstance(actor, int):
            return False
        known = self.of_seat.get(actor)
        if known is None:
            known = self.of_seat[actor] = set(self.game.legal_actions(actor))
        return action in known


def check_copy(game: Game, seed: int, step: int) -> None:
    before = game.state_dict()
    twin = game.copy()
    if twin.state_dict() != before or twin.legal_actions() != game.legal_actions():
        _fail(seed, step, "a copy differs from the original")
    for _ in range(3):
        if twin.is_over():
            break
        if twin.is_chance():
            twin.roll()
        else:
            twin.apply(twin.legal_actions()[-1])
    if game.state_dict() != before:
        _fail(seed, step, "playing on a copy changed the original")


def check_observations(game: Game, seed: int, step: int) -> None:
    for player in (None, *range(game.num_players())):
        try:
            json.dumps(game.observation(player))
            text = game.information_state_string(player)
        except NotImplementedError:
            return
        except (TypeError, ValueError) as exc:
            _fail(seed, step, f"the observation of seat {player} is not JSON: {exc}")
        if not isinstance(text, str):
            _fail(seed, step, f"the information state of seat {player} is not text")


def check_way_forward(game: Game, actions: tuple[Action, ...], seed: int, step: int, known: set[Action],
                      unique_descriptions: bool = True, outcome_lists: dict[tuple[int, ...], tuple] | None = None
                      ) -> None:
    """There is a way forward (a legal action, or a chance step whose outcomes are exactly the legal
    actions with probabilities > 0 summing to 1), and the listed actions pass :func:`_check_listed`."""
    if not actions:
        _fail(seed, step, f"no legal action in stage {game.stage()!r} but the game is not over")
    chance_step = game.chance_step()
    key = None
    if chance_step is not None and outcome_lists is not None:
        # chance outcomes are shared objects (one Chance per event and value): a list of the very same
        # objects, checked already (kept alive below, so the ids name them), passes the same checks again
        key = tuple(map(id, actions))
    if key is None or key not in outcome_lists:
        _check_listed(game, actions, seed, step, known, unique_descriptions)
        if key is not None:
            if len(outcome_lists) > 1024:
                outcome_lists.clear()
            outcome_lists[key] = actions
    if chance_step is not None:
        outcomes = game.chance_outcomes()
        if tuple(a for a, _ in outcomes) != actions:
            _fail(seed, step, "chance outcomes and legal actions differ")
        den = math.lcm(*(p.denominator for _, p in outcomes))
        # a Fraction's denominator is positive: its sign is its numerator's
        if any(p.numerator <= 0 for _, p in outcomes) or sum(p.numerator * (den // p.denominator)
                                                             for _, p in outcomes) != den:
            _fail(seed, step, "chance probabilities must be positive and sum to 1")
    elif not game.to_act():
        _fail(seed, step, "nobody is to act, no chance step is pending, and the game is not over")


#: distinct actions the harness remembers as checked (described, round-tripped) before it forgets them all
KNOWN_ACTIONS = 1 << 16


def _check_listed(game: Game, actions: tuple[Action, ...], seed: int, step: int, known: set[Action],
                  unique_descriptions: bool) -> None:
    """No action listed twice, no two reading the same, each describes itself and round-trips."""
    if len(set(actions)) != len(actions):
        _fail(seed, step, "an action is listed twice")
    texts: dict[str, Action] = {}
    for action in actions if unique_descriptions else ():
        other = texts.setdefault(action.describe(), action)
        if other is not action:
            _fail(seed, step, f"two legal actions read the same: {other!r} and {action!r} ({action.describe()!r})")
    for action in actions:
        if action in known:  # described and round-tripped already
            continue
        if not action.describe():
            _fail(seed, step, f"{action!r} has no description")
        if type(game).decode_action(json.loads(json.dumps(action.to_json()))) != action:
            _fail(seed, step, f"{action!r} does not round-trip through JSON")
        if len(known) >= KNOWN_ACTIONS:  # a long soak meets ever more distinct actions: check some again
            known.clear()
        known.add(action)


def check_invariants(game: Game, seed: int, step: int, at_end: bool = False) -> None:
    """The game's own invariants hold (:meth:`Game.invariants`)."""
    broken = game.invariants()
    if broken:
        _fail(seed, step, ("invariant broken at the end: " if at_end else "invariant broken: ") + "; ".join(broken))


def check_stale_refused(game: Game, actions: tuple[Action, ...], recent: list[Action], rng: random.Random,
                        seed: int, step: int) -> bool:
    """One of the ``recent`` actions that is not legal now (if any) raises :class:`IllegalAction` and
    leaves the state unchanged; whether one was tried."""
    listed = _Listed(game, actions)
    stale = [a for a in recent if a not in listed]
    if not stale:
        return False
    before = game.state_dict()
    try:
        game.apply(rng.choice(stale))
    except IllegalAction:
        pass
    else:
        _fail(seed, step, "an action that is not legal now was accepted")
    if game.state_dict() != before:
        _fail(seed, step, "an illegal action changed the state")
    return True


def out_of_turn_pick(game: Game, rng: random.Random) -> Action | None:
    """An any-time action of a seat that is not to act (a seat, then its action, drawn from ``rng``), if
    any seat has one; never at a chance step."""
    if game.is_chance():
        return None
    out_of_turn = game.out_of_turn_actions()
    if not out_of_turn:
        return None
    return rng.choice(out_of_turn[rng.choice(sorted(out_of_turn))])


def check_undo(game: Game, actions: tuple[Action, ...], action: Action, seed: int, step: int) -> None:
    """Undoing the last ``action`` restores the legal actions listed before it (``actions``), and playing
    it again gives the same state."""
    after = game.state_dict()
    game.undo()
    if game.legal_actions() != actions:
        _fail(seed, step, "undo did not restore the legal actions")
    game.apply(action)
    if game.state_dict() != after:
        _fail(seed, step, "undo then redo gives a different state")


def check_end(game: Game, seed: int, step: int) -> None:
    """At the end: the invariants hold, no action is listed, and the save replays to the same game."""
    check_invariants(game, seed, step, at_end=True)
    if game.legal_actions():
        _fail(seed, step, "the game is over but still lists legal actions")
    check_round_trip(game, seed, step)


def random_sim_test(
    make_game: Callable[[int], Game],
    n_games: int = 100,
    seed: int = 0,
    max_length: int | None = None,
    round_trip_every: int = 1,
    undo_every: int = 7,
    illegal_every: int = 1,
    progress: bool = False,
    anytime_every: int = 5,
    copy_every: int = 11,
    observe_every: int = 13,
    unique_descriptions: bool = True,
) -> HarnessReport:
    """Play ``n_games`` random games ``make_game(seed + i)`` and check every step (see module doc).

    ``round_trip_every``, ``undo_every`` and ``illegal_every`` space out the costlier checks (replay
    from JSON, undo, a stale action refused); the final state of every game is always round-tripped.
    Every ``anytime_every`` steps (on average) a seat that is not to act plays an any-time action if it
    has one; every ``copy_every`` steps a copy is played on and the original checked unchanged; every
    ``observe_every`` steps each seat's observation is checked.
    """
    report = HarnessReport()
    known: set[Action] = set()
    outcome_lists: dict[tuple[int, ...], tuple[Action, ...]] = {}
    with batch_gc():  # many games in one process: fewer collector passes over the long-lived tables
        for i in tqdm(range(n_games), disable=not progress, desc="random games", leave=False):
            game_seed = seed + i
            game = make_game(game_seed)
            rng = random.Random(f"harness/{game_seed}")
            cap = max_length if max_length is not None else game.max_length
            seen: list[Action] = []
            step = 0
            while not game.is_over():
                if step >= cap:
                    _fail(game_seed, step, f"the game did not end within {cap} actions")
                actions = game.legal_actions()
                check_way_forward(game, actions, game_seed, step, known, unique_descriptions, outcome_lists)
                check_invariants(game, game_seed, step)
                if step % illegal_every == 0 and check_stale_refused(game, actions, seen[-20:], rng, game_seed, step):
                    report.illegal_checked += 1
                if copy_every and step % copy_every == 0:
                    check_copy(game, game_seed, step)
                if observe_every and step % observe_every == 0:
                    check_observations(game, game_seed, step)
                out_of_turn = out_of_turn_pick(game, rng) if anytime_every and rng.randrange(anytime_every) == 0 \
                    else None
                if game.is_chance():
                    action = game.roll()
                    report.chance_steps += 1
                elif out_of_turn is not None:
                    action = out_of_turn
                    game.apply(action)
                    report.out_of_turn += 1
                else:
                    action = rng.choice(actions)
                    game.apply(action)
                seen.append(action)
                step += 1
                if undo_every and step % undo_every == 0:
                    check_undo(game, actions, action, game_seed, step)
                if round_trip_every and step % round_trip_every == 0:
                    check_round_trip(game, game_seed, step)
            check_end(game, game_seed, step)
            report.games += 1
            report.actions += step
            report.longest = max(report.longest, step)
            report.lengths.append(step)
    return report
