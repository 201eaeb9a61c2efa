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
  included); :meth:`Game.from_json` replays it; :meth:`Game.undo` takes back the last action;
* :meth:`Game.observation` and :meth:`Game.observation_string` give what one seat may see (hidden
  information: other hands, face-down draws), :meth:`Game.log_for` the log as that seat saw it; the
  full view (``player=None``) is the referee's or teacher's;
* :meth:`Game.anytime_actions` lists what a seat may do out of turn ("at any time"): legal for that
  seat whatever the stage, without anybody having to pass;
* :attr:`Game.info` (:class:`GameInfo`) says up front what kind of game it is (players, chance,
  perfect or imperfect information, longest game), as OpenSpiel's ``GameType`` does;
* :meth:`Game.copy` copies the state only: the history and log are shared (they only ever grow), and
  so are static tables, so a copy costs the same 10 or 10,000 actions into a game.

An action the rules forbid raises :class:`IllegalAction` naming the rule, and leaves the state as it
was. A game subclass implements the underscore-free hooks listed in :class:`Game`.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from abc import ABC, abstractmethod
from collections.abc import Collection, Mapping, Sequence
from fractions import Fraction
from itertools import repeat
from operator import attrgetter, is_
from typing import Any, ClassVar

from .actions import Action, Chance, ChanceStep, Result, _from_json_value, merge_actions
from .errors import IllegalAction
from .info import _PUBLIC, Event, GameInfo, Information, Trail, private_line, public_line, read_log
from .saves import SAVE_FORMAT, Saving
from .state import clone, to_plain
from .words import players

_new = object.__new__
_player = attrgetter("player")

__all__ = ["SAVE_FORMAT", "Action", "Chance", "ChanceStep", "Event", "Game", "GameInfo", "Information", "Result",
           "Trail"]

class Game(Saving, ABC):
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
    #: what kind of game this is (players, chance, information); see :meth:`game_info`
    info: ClassVar[GameInfo | None] = None
    #: instance attributes that copies share instead of copying: static tables (cards, rooms, maps)
    shared_attributes: ClassVar[tuple[str, ...]] = ()
    #: ``(attribute, values)`` when any-time actions exist only in some states, e.g. ``("state.stage",
    #: {"answer"})``: while that (dotted) attribute of the game is not one of ``values``, no seat has any,
    #: and listing the legal actions does not ask :meth:`anytime_actions` for each seat to act (a
    #: :meth:`legal_actions` of a seat out of turn still asks). ``None`` (the default): ask in every state,
    #: unless the class keeps the protocol's own :meth:`anytime_actions` (never any). Read when the class
    #: is made (subclasses inherit it)
    anytime_gate: ClassVar[tuple[str, Collection[Any]] | None] = None
    _anytime_read: ClassVar[Any] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        gate = cls.anytime_gate  # (from the class or a mixin) the dotted attribute is read in C
        if gate is not None:
            cls._anytime_read = (attrgetter(gate[0]), frozenset(gate[1]))
        elif cls.anytime_actions is Game.anytime_actions:  # the hook is not filled: never any
            cls._anytime_read = (attrgetter("__class__"), frozenset())
        else:
            cls._anytime_read = None

    def __init__(self, params: Mapping[str, Any] | Any | None = None, seed: int = 0) -> None:
        self.params = self.make_params(params)
        self.seed = int(seed)
        self._history = Trail()
        self._log = Trail()
        self._legal: tuple[Action, ...] | None = None
        self._chance: tuple[ChanceStep | None] | None = None
        self._to_act: tuple[int, ...] | None = None
        self._marks: dict[int, Game] | None = None  # checkpoints for undo, once a game is undone
        self._anytime: dict[int, tuple[Action, ...]] = {}
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

    def state_dict(self) -> dict[str, Any]:
        """The whole state as plain JSON values (what replay must reproduce exactly).

        A game whose state is a dataclass tree in ``self.state`` gets this derived from its fields."""
        state = getattr(self, "state", None)
        if state is None or not dataclasses.is_dataclass(state):
            raise NotImplementedError(f"{type(self).__name__} has no state dataclass and no state_dict()")
        return to_plain(state)

    def anytime_actions(self, player: int) -> Sequence[Action]:
        """What ``player`` may do now out of turn ("at any time"), whoever is to act (hook; none by
        default). These are legal for that seat in every stage the rules allow them."""
        return ()

    def observe(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may see of the state, as JSON values (``None``: everything). A game with
        hidden information overrides this; by default every seat sees the whole state."""
        if player is not None and not self.game_info().perfect_information:
            raise NotImplementedError(f"{type(self).__name__} hides information but does not say what a seat sees")
        return self.state_dict()

    def describe_view(self, player: int | None) -> str:
        """:meth:`describe_state` as ``player`` may see it (hook; the whole state by default)."""
        if player is not None and not self.game_info().perfect_information:
            raise NotImplementedError(f"{type(self).__name__} hides information but does not describe a seat's view")
        return self.describe_state()

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

    def num_players(self) -> int:
        """How many seats this game has (``params.players`` by default)."""
        players = getattr(self.params, "players", None)
        if players is None and isinstance(self.params, dict):
            players = self.params.get("players")
        return int(players) if players is not None else len(set(self.current_players())) or 1

    @classmethod
    def game_info(cls) -> GameInfo:
        """:attr:`info`, or what can be read from the class when a game does not declare it."""
        if cls.info is not None:
            return cls.info
        return GameInfo(min_players=1, max_players=8, max_length=cls.max_length)

    @classmethod
    def heuristic_agent(cls) -> Any:
        """This game's heuristic agent (an :class:`~tablerules.core.agents.Agent`), or ``None``."""
        return None

    def describe_state(self) -> str:
        """A few lines on the state for a terminal or a notebook."""
        return json.dumps(self.state_dict(), indent=1, ensure_ascii=False)

    # ----- the protocol -------------------------------------------------------------------
    def event(self, text: str, seen_by: Sequence[int] | None = None, hidden: str = "") -> None:
        """Add a line to the event log (games call this from :meth:`perform`). With ``seen_by``, only
        those seats read ``text``; the others read ``hidden`` (or nothing)."""
        # the log gets ~2 lines an action: the Trail node is made here (no call of Trail.append), and a
        # line everybody reads is a shared Event (most lines repeat: "player 2 ends the turn")
        if seen_by is None and not hidden:
            line = _PUBLIC.get(text) or public_line(text)
        else:
            line = private_line(text, None if seen_by is None else tuple(seen_by), hidden)
        node = self._log._node
        log = _new(Trail)
        log._node = (node, line, node[2] + 1 if node else 1)
        self._log = log

    @property
    def log(self) -> list[str]:
        """The whole event log (the referee's view)."""
        return [e.text for e in self._log.items()]

    def log_for(self, player: int | None) -> list[str]:
        """The event log as ``player`` saw it: private lines of other seats hidden.

        The last view of each seat is remembered with the log it was read from: the log only grows (a
        :class:`Trail`), so the next call reads only the lines added since (an information state is
        asked for at every step by OpenSpiel's checks and the harness)."""
        views = self.__dict__.get("_log_views")
        if views is None:
            views = self._log_views = {}
        return read_log(self._log, views, player)

    def log_lines(self, player: int | None) -> list[str | None]:
        """The whole log as ``player`` reads it, line for line with :attr:`log` (``None`` where that seat
        reads nothing): for views that group the lines by position in the log (the panels' turn log)."""
        return [e.seen(player) for e in self._log.items()]

    @property
    def history(self) -> tuple[Action, ...]:
        return tuple(self._history.items())

    @property
    def num_actions(self) -> int:
        """How many actions have been played (chance outcomes included), in O(1)."""
        return len(self._history)

    def observation(self, player: int | None = None) -> dict[str, Any]:
        """What ``player`` may see now, as JSON values: the game, the stage, who acts, and the state as
        that seat sees it (``None``: the full view of a referee or teacher)."""
        return {"game": self.name, "player": player, "stage": self.stage(), "to_act": list(self.to_act()),
                "chance": self.is_chance(), "over": self.is_over(), "state": self.observe(player)}

    def observation_string(self, player: int | None = None) -> str:
        """A readable text of what ``player`` may see now (``None``: everything)."""
        return f"stage: {self.stage()}\nto act: {players(self.to_act())}\n{self.describe_view(player)}"

    def information_state_string(self, player: int | None = None) -> str:
        """Everything ``player`` knows: the log as they saw it, then what they see now (perfect recall)."""
        return "\n".join([*self.log_for(player), "--", self.observation_string(player)])

    def refresh(self) -> None:
        """Forget the cached legal actions and chance step after changing the state directly (scenario
        set-ups in tests and notebooks); :meth:`apply` does this by itself."""
        self._forget()

    def chance_step(self) -> ChanceStep | None:
        """The pending random event (``None`` when a player acts or the game is over); cached."""
        return (self._chance or self._chance_and_end())[0]

    def _chance_and_end(self) -> tuple[ChanceStep | None, bool]:
        """(the pending chance step, whether the game is over), worked out once per state (asked often)."""
        over = self.is_over()
        known = self._chance = (None if over else self.pending_chance(), over)
        return known

    def is_chance(self) -> bool:
        known = self._chance
        if known is None:  # _chance_and_end inline: a playout asks this first in every state
            over = self.is_over()
            known = self._chance = (None if over else self.pending_chance(), over)
        return known[0] is not None

    def to_act(self) -> tuple[int, ...]:
        """Players who may act now; ``()`` while chance is pending or the game is over; cached."""
        known = self._to_act
        if known is None:
            step, over = self._chance or self._chance_and_end()
            known = self._to_act = () if over or step is not None else tuple(self.current_players())
        return known

    def chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        step = self.chance_step()
        return step.outcomes if step else ()

    def legal_actions(self, player: int | None = None) -> tuple[Action, ...]:
        """The legal actions now of the players to act (their any-time actions included); with
        ``player``, only that player's, and for a seat that is not to act, what it may do out of turn."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._list_legal()
        if player is None:
            return legal
        if player in (self._to_act or self.to_act()):
            try:  # nearly always every action listed is that seat's: seen in C, and the list is kept
                if list(map(_player, legal)).count(player) == len(legal):
                    return legal
            except AttributeError:  # an action without a ``player``
                pass
            return tuple([a for a in legal if getattr(a, "player", None) == player])
        step, over = self._chance or self._chance_and_end()
        return () if over or step is not None else self._anytime_of(player)

    def _list_legal(self) -> tuple[Action, ...]:
        step, over = self._chance or self._chance_and_end()
        if over:
            return ()
        if step:
            return tuple([a for a, _ in step.outcomes])
        actions = self.player_actions()
        gate = self._anytime_read
        if gate is not None and gate[0](self) not in gate[1]:
            return tuple(actions)  # the game says no seat has any-time actions in this state
        anytime = self._anytime  # each acting seat's any-time actions, remembered as _anytime_of does
        extra = []
        for p in self._to_act or self.to_act():
            known = anytime.get(p)
            if known is None:
                known = anytime[p] = tuple(self.anytime_actions(p))
            extra += known
        # + the any-time ones not listed already (leaving out those that are listed objects by identity
        # first measured slower: in Munchkin and Quest few are, 2026-11-30)
        return tuple(merge_actions(list(actions), extra) if extra else actions)

    def _anytime_of(self, player: int) -> tuple[Action, ...]:
        known = self._anytime.get(player)
        if known is None:
            known = self._anytime[player] = tuple(self.anytime_actions(player))
        return known

    def out_of_turn_actions(self) -> dict[int, tuple[Action, ...]]:
        """Seat -> the any-time actions of every seat that is not to act now (empty seats left out)."""
        if self.is_over() or self.is_chance():
            return {}
        gate = self._anytime_read
        if gate is not None and gate[0](self) not in gate[1]:
            return {}  # the game says no seat has any-time actions in this state
        acting = set(self.to_act())
        out = {p: self._anytime_of(p) for p in range(self.num_players()) if p not in acting}
        return {p: actions for p, actions in out.items() if actions}

    def _forget(self) -> None:
        """Forget what was worked out for the state before the last change (legal actions, chance)."""
        self._legal = self._chance = self._to_act = None
        if self._anytime:
            self._anytime = {}

    def is_legal(self, action: Action) -> bool:
        # the action played is nearly always a listed object: found by identity first (in C)
        step = (self._chance or self._chance_and_end())[0]
        if step is not None:
            return step.allows(action)
        legal = self._legal or self.legal_actions()
        if any(map(is_, legal, repeat(action))) or action in legal:
            return True
        actor = action.actor
        return isinstance(actor, int) and not isinstance(actor, bool) and action in self.legal_actions(actor)

    def check(self, action: Action) -> None:
        """Raise :class:`IllegalAction` (naming the rule) unless ``action`` is legal now."""
        if not isinstance(action, Action):
            raise IllegalAction("actions", f"{action!r} is not an action", action)
        if (self._chance or self._chance_and_end())[1]:
            raise IllegalAction("end of the game", "the game is over", action)
        try:
            legal = self.is_legal(action)
        except (KeyError, ValueError, TypeError, IndexError) as exc:
            raise IllegalAction("actions", f"{action.describe()} names something this game does not have ({exc})",
                                action) from None
        if not legal:
            try:
                rule, message = self.illegal_reason(action)
            except (KeyError, ValueError, TypeError, IndexError, AttributeError) as exc:
                rule, message = "actions", f"{type(action).__name__} names something unknown here ({exc})"
            raise IllegalAction(rule, message, action)

    def apply(self, action: Action) -> None:
        """Play ``action``. An illegal one raises :class:`IllegalAction` and changes nothing."""
        # the action played is nearly always a listed object or an outcome of the pending step: that is
        # checked here without further calls; anything else goes through check() (which names the rule)
        step, over = self._chance or self._chance_and_end()
        try:
            known = not over and (any(map(is_, self._legal or (), repeat(action))) if step is None
                                  else step.allows(action))
        except Exception:
            known = False
        if not known:
            self.check(action)
        try:
            self.perform(action)
        except Exception:
            self._restore(self._history)  # leave the state exactly as it was
            raise
        self._record(action)

    def chance_rng(self) -> random.Random:
        """The seeded random stream for the next chance step.

        It depends only on the seed and the number of actions so far, so replaying a saved game,
        undoing and rolling again give the same outcome.
        """
        return random.Random(f"{self.seed}/{len(self._history)}")

    def sample_chance(self, rng: random.Random | None = None) -> Action:
        """Pick the outcome of the pending chance step with its exact probability."""
        step = (self._chance or self._chance_and_end())[0]
        if step is None:
            raise IllegalAction("chance", "no random event is pending")
        if rng is None:
            only = step.only_outcome()  # nothing to pick: no stream to seed
            return only if only is not None else step.pick(self.chance_rng())
        return step.pick(rng)

    def roll(self, rng: random.Random | None = None) -> Action:
        """Resolve the pending chance step at random (seeded) and return the outcome applied."""
        action = self.sample_chance(rng)
        self.apply(action)
        return action

    def undo(self) -> Action:
        """Take back the last action (chance outcomes included) and return it.

        The state is rebuilt from the nearest checkpoint: once a game has been undone, a copy of it is
        kept every :attr:`_CHECKPOINT_EVERY` actions, so an undo replays at most that many actions
        instead of the whole history (the first undo replays from the start)."""
        if not self._history:
            raise IllegalAction("undo", "there is nothing to undo")
        last = self._history.last
        if self._marks is None:
            self._marks = {}
        self._restore(self._history.drop_last())
        return last

    #: once a game has been undone, it keeps a copy of itself every this many actions (see :meth:`undo`)
    _CHECKPOINT_EVERY: ClassVar[int] = 64

    def _restore(self, history: Trail) -> None:
        """Rebuild the state after ``history`` (the current history or a prefix of it): from the nearest
        checkpoint on that history when there is one, else from the set-up."""
        marks = self._marks
        n = len(history)
        mark = None
        if marks:
            m = n - n % self._CHECKPOINT_EVERY
            while m > 0 and mark is None:
                known = marks.get(m)
                if known is not None and known._history._node is history.ancestor(n - m)._node:
                    mark = known
                m -= self._CHECKPOINT_EVERY
        if mark is None:
            self._replay(history.items())
            return
        rest = history.items_after(len(mark._history))
        kept = marks
        self.__dict__.update(mark.copy().__dict__)
        self._marks = kept
        for action in rest:
            self._perform_recorded(action)

    def _replay(self, actions: Sequence[Action]) -> None:
        actions = list(actions)
        self._history = Trail()
        self._log = Trail()
        self._forget()
        self.setup()
        for action in actions:
            self._perform_recorded(action)

    def _perform_recorded(self, action: Action) -> None:
        """Perform an action known to be legal and add it to the history (replays)."""
        self.perform(action)
        self._record(action)

    def _record(self, action: Action) -> None:
        """Add a performed action to the history and forget what was known of the state before it."""
        node = self._history._node  # Trail.append and _forget, inline (every action, and every replayed one)
        history = _new(Trail)
        history._node = node = (node, action, node[2] + 1 if node else 1)
        self._history = history
        self._legal = self._chance = self._to_act = None
        if self._anytime:
            self._anytime = {}
        if self._marks is not None and node[2] % self._CHECKPOINT_EVERY == 0:
            self._mark()

    def _mark(self) -> None:
        self._marks[len(self._history)] = self.copy()

    _PROTOCOL_SHARED = ("params", "seed", "_history", "_log", "_legal", "_chance", "_to_act")

    def copy(self) -> Game:
        """An independent copy of the game. The history, the log, the parameters and the attributes in
        :attr:`shared_attributes` are shared (immutable or static); a ``state`` dataclass tree is copied
        by :func:`~tablerules.core.state.clone`; anything else is deep-copied."""
        new = object.__new__(type(self))
        keep = {*self._PROTOCOL_SHARED, *self.shared_attributes}
        fields = self.__dict__
        memo: dict[int, Any] = {id(v): v for k, v in fields.items() if k in keep}
        # set one by one, never through ``new.__dict__``: on CPython 3.11 an object whose __dict__ was read
        # keeps its attributes in a real dict from then on, and every later attribute read is slower (a
        # copy played on at random was ~15% slower)
        put = object.__setattr__
        for key, value in fields.items():
            if key in keep or key == "_marks" or key == "_log_views":
                put(new, key, value)
            elif key == "state" and dataclasses.is_dataclass(value):
                put(new, key, clone(value))
            else:
                put(new, key, copy.deepcopy(value, memo))
        new._anytime = dict(self._anytime)
        new._marks = None
        new._log_views = {}
        return new
