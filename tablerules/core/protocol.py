"""The one game protocol every game of tablerules follows.

Modelled on OpenSpiel's ``State`` (legal actions, explicit chance nodes, serialisation) and on
boardgame.io's phases and stages, in plain Python:

* a game is made from *parameters* + a *seed*;
* :meth:`Game.to_act` tells who acts now: one player, several players at once (a response window,
  where every action names its ``player``), or nobody while a chance step is pending;
* :meth:`Game.stage` names the current phase/stage in words;
* :meth:`Game.legal_actions` lists typed, immutable, hashable :class:`Action` objects, each with a
  short readable :meth:`Action.describe`; :meth:`Game.apply` plays one;
* a pending random event is a :class:`ChanceStep` that lists its outcomes with exact probabilities;
  :meth:`Game.roll` lets the seeded random stream pick one, while a referee at a real table applies
  the outcome that was actually rolled (the outcomes are ordinary legal actions);
* :attr:`Game.log` is the event log in plain words; :meth:`Game.result` the winners and scores;
* :meth:`Game.to_json` saves parameters + seed + the whole action history (chance outcomes
  included); :meth:`Game.from_json` replays it; :meth:`Game.undo` takes back the last action.

An action the rules forbid raises :class:`IllegalAction` naming the rule, and leaves the state as it
was. A game subclass implements the underscore-free hooks listed in :class:`Game`.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import math
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, ClassVar

from .errors import IllegalAction, SaveError

SAVE_FORMAT = "tablerules/save@1"


def _to_json_value(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_to_json_value(v) for v in value]
    if isinstance(value, Fraction):
        return str(value)
    if hasattr(value, "value") and hasattr(type(value), "__members__"):  # enum
        return value.value
    return value


def _from_json_value(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_from_json_value(v) for v in value)
    return value


@dataclass(frozen=True)
class Action:
    """Base class of every action: subclasses are frozen dataclasses of plain values.

    Fields hold ints, strings, bools, ``None`` or tuples of those, so that an action is hashable and
    round-trips through JSON. An action made by a player has a ``player`` field.
    """

    def describe(self) -> str:
        """A short readable text for buttons and logs."""
        fields = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self))
        return f"{type(self).__name__}({fields})"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": type(self).__name__}
        for f in dataclasses.fields(self):
            out[f.name] = _to_json_value(getattr(self, f.name))
        return out

    @property
    def actor(self) -> int | None:
        """The player making this action (``None`` for chance outcomes)."""
        return getattr(self, "player", None)


@dataclass(frozen=True)
class Chance(Action):
    """The outcome of a random event: ``event`` names it (``"d6"``, ``"monster die"``, ``"draw"``)."""

    event: str
    outcome: int | str

    def describe(self) -> str:
        return f"{self.event}: {self.outcome}"


@dataclass(frozen=True)
class ChanceStep:
    """A pending random event and its outcomes with exact probabilities (summing to 1)."""

    event: str
    description: str
    outcomes: tuple[tuple[Action, Fraction], ...]

    def probability(self, action: Action) -> Fraction:
        for outcome, p in self.outcomes:
            if outcome == action:
                return p
        return Fraction(0)

    @classmethod
    def uniform(cls, event: str, description: str, values: Sequence[int | str]) -> ChanceStep:
        """Equally likely outcomes; repeated values weigh more (a deck with two copies of a card)."""
        counts: dict[int | str, int] = {}
        for value in values:
            counts[value] = counts.get(value, 0) + 1
        total = len(values)
        return cls(event, description, tuple((Chance(event, v), Fraction(c, total)) for v, c in counts.items()))


@dataclass(frozen=True)
class Result:
    """How a finished game ended: the winners (several for a joint win), scores, and why."""

    winners: tuple[int, ...]
    scores: Mapping[int, int | float] = field(default_factory=dict)
    reason: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "scores": {str(k): v for k, v in self.scores.items()},
                "reason": self.reason}


class Game(ABC):
    """A game in progress. Subclasses implement the hooks; callers use the public methods.

    Hooks (each game fills them): :meth:`setup`, :meth:`current_players`, :meth:`pending_chance`,
    :meth:`player_actions`, :meth:`illegal_reason`, :meth:`perform`, :meth:`state_dict`,
    and optionally :meth:`stage`, :meth:`is_over`, :meth:`result`, :meth:`invariants`,
    :meth:`turn_number`, :meth:`describe_state`.
    """

    #: the registry name (``tablerules simulate NAME``)
    name: ClassVar[str] = ""
    #: a readable title
    title: ClassVar[str] = ""
    #: the action classes this game uses, for loading saved games (:class:`Chance` is always known)
    action_types: ClassVar[tuple[type[Action], ...]] = ()
    #: the parameters dataclass of this game (frozen, JSON-able fields, defaults for all)
    Params: ClassVar[type] = dict
    #: no game may run longer than this many actions (the harness checks it)
    max_length: ClassVar[int] = 100_000

    def __init__(self, params: Mapping[str, Any] | Any | None = None, seed: int = 0) -> None:
        self.params = self.make_params(params)
        self.seed = int(seed)
        self._history: list[Action] = []
        self._log: list[str] = []
        self._legal: tuple[Action, ...] | None = None
        self._chance: tuple[ChanceStep | None] | None = None
        self.setup()

    # ----- hooks --------------------------------------------------------------------------
    @classmethod
    def make_params(cls, params: Mapping[str, Any] | Any | None) -> Any:
        """Build this game's parameters from a mapping (``None``: the defaults)."""
        if params is None:
            params = {}
        if isinstance(params, cls.Params) and cls.Params is not dict:
            return params
        if cls.Params is dict:
            return dict(params)
        try:
            return cls.Params(**{k: _from_json_value(v) for k, v in dict(params).items()})
        except TypeError as exc:
            raise ValueError(f"bad parameters for {cls.name}: {exc}") from exc

    @abstractmethod
    def setup(self) -> None:
        """Build the initial state from ``self.params``."""

    @abstractmethod
    def current_players(self) -> tuple[int, ...]:
        """The players who may act now (several in a response window); ``()`` at chance or the end."""

    def pending_chance(self) -> ChanceStep | None:
        """The random event waiting to be resolved, if any."""
        return None

    @abstractmethod
    def player_actions(self) -> Sequence[Action]:
        """The legal player actions now (only asked when no chance step is pending)."""

    @abstractmethod
    def illegal_reason(self, action: Action) -> tuple[str, str]:
        """``(rule, explanation)`` for an action that is not legal now."""

    @abstractmethod
    def perform(self, action: Action) -> None:
        """Change the state by a legal action (never called with an illegal one)."""

    @abstractmethod
    def state_dict(self) -> dict[str, Any]:
        """The whole state as plain JSON values (what replay must reproduce exactly)."""

    def stage(self) -> str:
        """The current phase / stage in words."""
        return "chance" if self.chance_step() is not None else "play"

    def is_over(self) -> bool:
        return self.result() is not None

    def result(self) -> Result | None:
        """The result once the game is over, else ``None``."""
        return None

    def invariants(self) -> list[str]:
        """Violated invariants of this game's rules, in words (empty when all hold)."""
        return []

    def turn_number(self) -> int:
        """How many player turns have been played (for simulation summaries)."""
        return len(self._history)

    @classmethod
    def heuristic_agent(cls) -> Any:
        """This game's heuristic agent (an :class:`~tablerules.core.agents.Agent`), or ``None``."""
        return None

    def describe_state(self) -> str:
        """A few lines on the state for a terminal or a notebook."""
        return json.dumps(self.state_dict(), indent=1, ensure_ascii=False)

    # ----- the protocol -------------------------------------------------------------------
    def event(self, text: str) -> None:
        """Add a line to the event log (games call this from :meth:`perform`)."""
        self._log.append(text)

    @property
    def log(self) -> list[str]:
        return list(self._log)

    @property
    def history(self) -> tuple[Action, ...]:
        return tuple(self._history)

    def refresh(self) -> None:
        """Forget the cached legal actions and chance step after changing the state directly (scenario
        set-ups in tests and notebooks); :meth:`apply` does this by itself."""
        self._legal = self._chance = None

    def chance_step(self) -> ChanceStep | None:
        """The pending random event (``None`` when a player acts or the game is over); cached."""
        if self._chance is None:
            self._chance = (None if self.is_over() else self.pending_chance(),)
        return self._chance[0]

    def is_chance(self) -> bool:
        return self.chance_step() is not None

    def to_act(self) -> tuple[int, ...]:
        """Players who may act now; ``()`` while chance is pending or the game is over."""
        if self.is_over() or self.chance_step() is not None:
            return ()
        return tuple(self.current_players())

    def chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        step = self.chance_step()
        return step.outcomes if step else ()

    def legal_actions(self, player: int | None = None) -> tuple[Action, ...]:
        """The legal actions now; with ``player``, only that player's."""
        if self._legal is None:
            if self.is_over():
                self._legal = ()
            else:
                step = self.chance_step()
                self._legal = tuple(a for a, _ in step.outcomes) if step else tuple(self.player_actions())
        if player is None:
            return self._legal
        return tuple(a for a in self._legal if a.actor == player)

    def is_legal(self, action: Action) -> bool:
        return action in self.legal_actions()

    def check(self, action: Action) -> None:
        """Raise :class:`IllegalAction` (naming the rule) unless ``action`` is legal now."""
        if not isinstance(action, Action):
            raise IllegalAction("actions", f"{action!r} is not an action", action)
        if self.is_over():
            raise IllegalAction("end of the game", "the game is over", action)
        if not self.is_legal(action):
            rule, message = self.illegal_reason(action)
            raise IllegalAction(rule, message, action)

    def apply(self, action: Action) -> None:
        """Play ``action``. An illegal one raises :class:`IllegalAction` and changes nothing."""
        self.check(action)
        try:
            self.perform(action)
        except Exception:
            self._replay(self._history)  # leave the state exactly as it was
            raise
        self._history.append(action)
        self._legal = self._chance = None

    def chance_rng(self) -> random.Random:
        """The seeded random stream for the next chance step.

        It depends only on the seed and the number of actions so far, so replaying a saved game,
        undoing and rolling again give the same outcome.
        """
        return random.Random(f"{self.seed}/{len(self._history)}")

    def sample_chance(self, rng: random.Random | None = None) -> Action:
        """Pick the outcome of the pending chance step with its exact probability."""
        step = self.chance_step()
        if step is None:
            raise IllegalAction("chance", "no random event is pending")
        rng = rng or self.chance_rng()
        den = math.lcm(*(p.denominator for _, p in step.outcomes))
        pick = rng.randrange(den)
        for action, p in step.outcomes:
            pick -= p.numerator * (den // p.denominator)
            if pick < 0:
                return action
        return step.outcomes[-1][0]

    def roll(self, rng: random.Random | None = None) -> Action:
        """Resolve the pending chance step at random (seeded) and return the outcome applied."""
        action = self.sample_chance(rng)
        self.apply(action)
        return action

    def undo(self) -> Action:
        """Take back the last action (chance outcomes included) and return it."""
        if not self._history:
            raise IllegalAction("undo", "there is nothing to undo")
        last = self._history[-1]
        self._replay(self._history[:-1])
        return last

    def _replay(self, actions: Sequence[Action]) -> None:
        actions = list(actions)
        self._history = []
        self._log = []
        self._legal = self._chance = None
        self.setup()
        for action in actions:
            self.perform(action)
            self._history.append(action)
            self._legal = self._chance = None

    def copy(self) -> Game:
        return copy.deepcopy(self)

    # ----- saving -------------------------------------------------------------------------
    def params_json(self) -> dict[str, Any]:
        if dataclasses.is_dataclass(self.params):
            return {f.name: _to_json_value(getattr(self.params, f.name)) for f in dataclasses.fields(self.params)}
        return {k: _to_json_value(v) for k, v in dict(self.params).items()}

    def to_json(self) -> dict[str, Any]:
        """Parameters + seed + the whole action history, as plain JSON values."""
        return {"format": SAVE_FORMAT, "game": self.name, "params": self.params_json(), "seed": self.seed,
                "history": [a.to_json() for a in self._history]}

    @classmethod
    def decode_action(cls, data: Mapping[str, Any]) -> Action:
        """An action from its JSON form (``{"type": ..., field: value, ...}``)."""
        if not isinstance(data, Mapping) or "type" not in data:
            raise SaveError(f"an action must be an object with a 'type', not {data!r}")
        types = {t.__name__: t for t in (*cls.action_types, Chance)}
        kind = types.get(data["type"])
        if kind is None:
            raise SaveError(f"unknown action type {data['type']!r} for {cls.name}")
        values = {k: _from_json_value(v) for k, v in data.items() if k != "type"}
        try:
            return kind(**values)
        except TypeError as exc:
            raise SaveError(f"bad fields for {data['type']}: {exc}") from exc

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Game:
        """Rebuild a game by replaying a saved history; any mismatch raises :class:`SaveError`."""
        if cls is Game:
            from .registry import game_class

            return game_class(str(data.get("game"))).from_json(data)
        if not isinstance(data, Mapping) or data.get("format") != SAVE_FORMAT:
            raise SaveError(f"not a tablerules save (format must be {SAVE_FORMAT!r})")
        if data.get("game") != cls.name:
            raise SaveError(f"this save is for {data.get('game')!r}, not {cls.name!r}")
        try:
            game = cls(data.get("params") or {}, seed=int(data.get("seed", 0)))
        except (TypeError, ValueError) as exc:
            raise SaveError(f"bad parameters: {exc}") from exc
        history = data.get("history", [])
        if not isinstance(history, list):
            raise SaveError("'history' must be a list of actions")
        for i, item in enumerate(history):
            action = cls.decode_action(item)
            try:
                game.apply(action)
            except IllegalAction as exc:
                raise SaveError(f"history[{i}] cannot be replayed: {exc}") from exc
        return game

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1, ensure_ascii=False), encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Game:
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise SaveError(f"{path}: cannot read the save: {exc}") from exc
        return cls.from_json(data)
