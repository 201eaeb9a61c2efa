"""Every tablerules game as an OpenSpiel game (``pyspiel``), for OpenSpiel's tests, bots and solvers.

Importing this module registers each game of :func:`tablerules.core.registry.game_names` with
``pyspiel.register_game`` as ``python_tablerules_<name>`` (``-`` becomes ``_``), so::

    from tablerules.interop import openspiel
    game = openspiel.load("munchkin", players=3)      # or pyspiel.load_game("python_tablerules_munchkin")

Other games (test fixtures, work in progress) are wrapped with :func:`register`. Needs open-spiel
(``pip install 'tablerules[openspiel]'``); ``import tablerules`` never imports it.

How the protocol maps onto OpenSpiel
------------------------------------
* **Game parameters** are the fields of the game's ``Params`` dataclass that are ints, floats, bools
  or strings, plus ``seed`` (only :meth:`Game.roll` uses it: OpenSpiel samples chance itself) and ``anytime``
  (the wrapper's any-time windows, below; ``False`` by default).
* **Chance** is explicit (``EXPLICIT_STOCHASTIC``) by default: ``chance_outcomes()`` gives each outcome with the
  float of its exact :class:`~fractions.Fraction`. With the game parameter ``chance="sampled"`` the game declares
  ``SAMPLED_STOCHASTIC`` and a chance node offers one outcome, ``[(id, 1.0)]``, drawn with the engine's own sampler
  (:meth:`Game.sample_chance`) from the state's stream (each new state's stream is drawn from the game's, seeded by
  ``seed``; clones, pickles and serialised states draw the same; applying another possible outcome's id, as a
  recorded history does, still plays it). Faster (no list of every card left), but it breaks whatever enumerates
  chance: exact expectations over outcomes (expectiminimax, CFR and best response over chance, the MCTS bot's
  chance branching sees one outcome per visit, as sampling anyway); and OpenSpiel's
  ``serialize_game_and_state`` (so ``random_sim_test(serialize=True)`` and ``games_sim_test``) needs the game's
  random state, which a game written in Python cannot give: use ``serialize()`` or pickling.
* **Large blocks in steps.** An action of a block of more than 256 ids (Munchkin's help offers) is chosen by the
  same seat as a head id then one or two tail ids (:mod:`tablerules.interop.ids.steps`); the state keeps the
  partial choice (clones, pickles, serialised states and ``resample_from_infostate`` carry it; the strings end with
  it in words); the engine plays the action when the last id is chosen.
* **One player at a time.** ``current_player()`` is ``CHANCE`` at a chance step, ``TERMINAL`` at the
  end, else the first seat of :meth:`Game.to_act` that has a legal action. In a response window (several
  seats may act) the others answer after it, in ``to_act()`` order, so the wrapped game is sequential.
  Actions a seat could take *out of turn* (any-time actions: ``legal_actions(seat)`` for a seat not in
  ``to_act()``) are offered only with the game parameter ``anytime=True`` (off by default): then before each
  decision every other seat holding any-time actions is asked in table order, with its any-time ids and Decline
  (:mod:`tablerules.interop.windows`); ``current_player()`` is the seat asked. The current player's legal
  actions are otherwise ``legal_actions(current)``.
* **Returns** are zero-sum (declared ``ZERO_SUM``, utility sum 0): every loser pays 1 and the winners
  share the pot, so with ``n`` players and ``k`` winners a winner gets ``(n - k) / k`` and a loser -1;
  a game that ends with no winner (a turn cap) or with everyone winning gives 0 to all.
* **Strings.** The information state and observation strings come from the game's
  ``information_state_string(player)`` / ``observation_string(player)`` when it has them; otherwise the
  information state is OpenSpiel's history string and the observation the state string (the JSON of
  :meth:`Game.state_dict`, which is also ``str(state)``).
* **Tensors.** ``observation_tensor(player)`` is the seat's observation as a float32 vector of a fixed size per
  game and player count (:mod:`tablerules.interop.tensors`, built from :meth:`Game.observation` only, so it
  never holds what the seat may not see; ``observation_tensor_shape()`` is ``[size]`` and the observer's
  ``dict`` holds each named slice in its shape). A public-only observer zeroes the slices only the seat knows
  (its hand, ``me``), a private-only one the others. There is no ``information_state_tensor``: the tensor is
  what the seat sees now, not its whole history, so it is not perfect recall (``information_state_string``
  is). A game without a layout (a test fixture) has strings only.
* **Clone** is :meth:`Game.copy`; **serialisation** (``state.serialize()``, pickling) stores the game's
  JSON save and rebuilds the state with :meth:`Game.from_json`.
* **Worlds.** ``state.resample_from_infostate(player, sampler)`` is a state with the same information
  state for ``player`` and everything hidden from it redrawn (:func:`tablerules.core.worlds.sample_world`),
  so OpenSpiel's ``ISMCTSBot`` runs on every game that hides something (the crawl hides nothing: OpenSpiel's
  bot refuses perfect information; :mod:`tablerules.interop.ismcts` has one that does not).

Action ids
----------
OpenSpiel wants each action as an integer below ``num_distinct_actions()``. Each game's ids come from its
table in :mod:`tablerules.interop.ids`, built from its data files and player count alone: an action's id
depends only on what it is (its type and its arguments by kind: card ids, seats, regions, squares,
numbers), the same in every process, platform and release (the table's ``VERSION``), so recorded id
trajectories replay anywhere. ``num_distinct_actions`` is the table's size for the player count and
``max_chance_outcomes`` the size of its chance table (a card drawn is its card id: the copies of one card
are one outcome with their summed probability; a die face is the face). The README's interop section lists
the sizes. A game without a table of its own (a test fixture, work in progress) passes ``tables=`` to
:func:`register`.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

try:
    import pyspiel
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise ImportError("tablerules.interop.openspiel needs open-spiel: pip install 'tablerules[openspiel]'") from exc

import numpy as np

from ..core.protocol import Game
from ..core.registry import game_class, game_names
from .ids import Decline, Listing, NotEncodable, Tables  # noqa: F401  (NotEncodable: what a bad table raises)
from .ids import tables as game_tables
from .observer import Observer
from .tensors import has_tensor
from .tensors import spec as tensor_spec
from .wrapped import _NO_OUTCOMES, _Core, _core_from_save  # noqa: F401  (pickles name them here)

PREFIX = "python_tablerules_"
#: the game parameter that opens any-time windows (:mod:`tablerules.interop.windows`)
ANYTIME = "anytime"
#: the game parameter choosing how chance is offered: "explicit" (every outcome listed) or "sampled"
CHANCE = "chance"
CHANCE_MODES = ("explicit", "sampled")
WRAPPER_PARAMETERS = ("seed", ANYTIME, CHANCE)

TableMaker = Callable[[int], Tables]


@dataclass(eq=False)
class _Spec:
    """What one wrapped game needs: the class, its OpenSpiel type and its id tables by player count."""

    cls: type[Game]
    short_name: str
    game_type: Any
    min_players: int
    max_players: int
    default_players: int
    max_length: int
    make_tables: TableMaker

    def tables(self, players: int) -> Tables:
        return self.make_tables(players)


_SPECS: dict[str, _Spec] = {}  # short name -> spec


def _spec(short_name: str) -> _Spec:
    if short_name not in _SPECS and short_name.startswith(PREFIX):
        for name in game_names():  # a registry game met in a fresh process (unpickling)
            if short_name_of(name) == short_name:
                register(name)
    return _SPECS[short_name]


def short_name_of(name: str) -> str:
    """The OpenSpiel name of a tablerules game: ``quest-crawl`` -> ``python_tablerules_quest_crawl``."""
    return PREFIX + name.replace("-", "_")


# ----- what a game class tells us ---------------------------------------------------------------
def _game_info(cls: type[Game]) -> Any:
    """The game's ``GameInfo`` when the core provides one (a class attribute, property or method), else None."""
    info = getattr(cls, "info", None)
    if info is None:
        return None
    try:
        if isinstance(info, property):
            info = info.fget(cls())
        elif callable(info) and not hasattr(info, "min_players"):
            info = info()
    except Exception:  # an info that needs a state we cannot build: do without
        return None
    return info if hasattr(info, "min_players") else None


def _parameter_defaults(cls: type[Game]) -> dict[str, Any]:
    """The game parameters OpenSpiel can carry (scalars with defaults), plus ``seed``."""
    defaults: dict[str, Any] = {}
    if dataclasses.is_dataclass(cls.Params):
        for f in dataclasses.fields(cls.Params):
            if f.default is not dataclasses.MISSING and isinstance(f.default, bool | int | float | str):
                defaults[f.name] = f.default
    defaults["seed"] = 0
    defaults[ANYTIME] = False
    defaults[CHANCE] = "explicit"
    return defaults


def _player_range(cls: type[Game], info: Any, defaults: Mapping[str, Any]) -> tuple[int, int, int]:
    """(min, max, default) number of players."""
    default = int(defaults.get("players", 2))
    if info is not None:
        return int(info.min_players), int(info.max_players), default
    if "players" not in defaults:
        return default, default, default
    allowed = []
    for n in range(1, 11):
        try:
            cls.make_params({"players": n})
        except (ValueError, TypeError):
            continue
        allowed.append(n)
    return (min(allowed), max(allowed), default) if allowed else (default, default, default)


def register(game: str | type[Game], *, tables: TableMaker | None = None,
             perfect_information: bool | None = None) -> str:
    """Register a tablerules game (a registry name or a :class:`Game` subclass) with OpenSpiel.

    Returns its OpenSpiel short name; registering the same game again just returns it. ``tables`` (players ->
    :class:`~tablerules.interop.ids.Tables`) numbers the actions of a game :mod:`tablerules.interop.ids` has no
    table for. ``perfect_information`` overrides what the game's ``info`` says (without ``info``: imperfect).
    """
    cls = game_class(game) if isinstance(game, str) else game
    short_name = short_name_of(cls.name)
    if short_name in _SPECS:
        return short_name
    if tables is None:
        name = cls.name

        def tables(players: int) -> Tables:
            found = game_tables(name, players)
            if found is None:
                raise ValueError(f"{name}: no action id table; pass tables= to tablerules.interop.openspiel.register")
            return found
    info = _game_info(cls)
    defaults = _parameter_defaults(cls)
    low, high, default_players = _player_range(cls, info, defaults)
    if perfect_information is None:
        perfect_information = bool(getattr(info, "perfect_information", False))
    chance = bool(getattr(info, "chance", True))
    max_length = int(getattr(info, "max_length", None) or cls.max_length)
    game_type = pyspiel.GameType(
        short_name=short_name,
        long_name=f"tablerules {cls.title or cls.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if chance
                     else pyspiel.GameType.ChanceMode.DETERMINISTIC),
        information=(pyspiel.GameType.Information.PERFECT_INFORMATION if perfect_information
                     else pyspiel.GameType.Information.IMPERFECT_INFORMATION),
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=has_tensor(cls.name),
        parameter_specification=defaults,
    )
    spec = _Spec(cls, short_name, game_type, low, high, default_players, max_length, tables)
    _SPECS[short_name] = spec
    if short_name not in pyspiel.registered_names():
        # a class, not a closure: OpenSpiel keeps the factory past the interpreter's end, and destroying a
        # closure then aborts the process; a module attribute, so that pickle finds it
        factory = type(f"TablerulesGame_{cls.name.replace('-', '_')}", (TablerulesGame,), {"spec": spec})
        factory.__module__ = __name__
        globals()[factory.__name__] = factory
        pyspiel.register_game(game_type, factory)
    return short_name


def register_all() -> list[str]:
    """Register every game of the tablerules registry; their OpenSpiel names."""
    return [register(name) for name in game_names()]


def load(name: str | type[Game], **params: Any) -> TablerulesGame:
    """Load a wrapped game: ``load("munchkin", players=3, seed=1)`` (registers it first if needed)."""
    if isinstance(name, str) and name.startswith(PREFIX):
        short_name = name
        _spec(short_name)
    elif isinstance(name, str) and short_name_of(name) in _SPECS:
        short_name = short_name_of(name)
    else:
        short_name = register(name)
    return pyspiel.load_game(short_name, params)


def wrap(game: Game, anytime: bool = False) -> TablerulesState:
    """A wrapped state holding ``game`` as it is now (a position set up with a game's scenario API, a game played
    part way; ``anytime`` opens any-time windows): clones play on from it, but its OpenSpiel history starts empty
    and pickling or serialising it keeps only the actions played (a scenario's set-up is not among them)."""
    values = {k: v for k, v in dataclasses.asdict(game.params).items()
              if isinstance(v, bool | int | float | str)} if dataclasses.is_dataclass(game.params) else {}
    wrapped = load(type(game), **values, seed=game.seed, anytime=anytime)
    state = wrapped.new_initial_state()
    state._core = _Core(game, wrapped.spec, wrapped.players, wrapped.tables, anytime)
    return state


def tablerules_game(state: pyspiel.State) -> Game:
    """The tablerules game inside a wrapped OpenSpiel state (read it; change it only through the state)."""
    return state._core.game


# ----- the game and the state -------------------------------------------------------------------
class TablerulesGame(pyspiel.Game):
    """An OpenSpiel game made from a tablerules game class and parameters (one subclass per game)."""

    spec: _Spec

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        spec = self.spec
        values = {**spec.game_type.parameter_specification, **dict(params or {})}
        self.seed = int(values.get("seed", 0))
        self.anytime = bool(values.get(ANYTIME, False))
        self.chance_mode = str(values.get(CHANCE, "explicit"))
        if self.chance_mode not in CHANCE_MODES:
            raise ValueError(f"chance={self.chance_mode!r}: one of {', '.join(CHANCE_MODES)}")
        self.sampling = random.Random(f"{spec.short_name}/{self.seed}") if self.chance_mode == "sampled" else None
        self.tablerules_params = spec.cls.make_params({k: v for k, v in values.items()
                                                       if k not in WRAPPER_PARAMETERS})
        players = int(getattr(self.tablerules_params, "players", spec.default_players))
        self.tables = spec.tables(players)
        game_info = pyspiel.GameInfo(
            num_distinct_actions=self.tables.actions.size,
            max_chance_outcomes=self.tables.chance.size,
            num_players=players,
            min_utility=-1.0,
            max_utility=float(players - 1),
            utility_sum=0.0,
            # an action takes at most most_steps choices, and with windows up to players - 1 declines come before it
            max_game_length=spec.max_length * (self.tables.actions.most_steps + (players - 1 if self.anytime else 0)),
        )
        game_type = spec.game_type
        if self.sampling is not None and game_type.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC:
            game_type = _sampled_type(game_type)
        super().__init__(game_type, game_info, values)
        self.players = players
        self.values = values

    def __reduce__(self) -> tuple:
        """Pickled as OpenSpiel pickles its own games: the registered name and the parameters."""
        return (_load_game, (self.spec.short_name, dict(self.values)))

    def new_initial_state(self) -> TablerulesState:
        return TablerulesState(self)

    def initial_tensor(self, player: int) -> np.ndarray:
        """Seat ``player``'s observation tensor in the initial state (the same for every initial state of the
        game: its parameters and seed fix the set-up), remembered per parameters."""
        key = (self.spec.short_name, tuple(sorted(self.values.items())), player)
        known = _INITIAL_TENSORS.get(key)
        if known is None:
            if len(_INITIAL_TENSORS) > 256:
                _INITIAL_TENSORS.clear()
            known = _INITIAL_TENSORS[key] = self.new_initial_state()._core.tensor(player)
        return known

    def new_tablerules_game(self) -> Game:
        return self.spec.cls(self.tablerules_params, seed=self.seed)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        perfect = self.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
        layout = tensor_spec(self.spec.cls.name, self.players) if has_tensor(self.spec.cls.name) else None
        if iig_obs_type is None:
            return Observer(False, perfect=perfect, layout=layout)
        return Observer(bool(iig_obs_type.perfect_recall), bool(iig_obs_type.public_info),
                         iig_obs_type.private_info, perfect, layout)


_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_INITIAL_TENSORS: dict[tuple, np.ndarray] = {}  # (game, parameters, seat) -> the initial state's tensor


def _sampled_type(game_type: Any) -> Any:
    """``game_type`` declaring ``SAMPLED_STOCHASTIC`` chance (the ``chance="sampled"`` parameter)."""
    return pyspiel.GameType(
        short_name=game_type.short_name, long_name=game_type.long_name, dynamics=game_type.dynamics,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC, information=game_type.information,
        utility=game_type.utility, reward_model=game_type.reward_model, max_num_players=game_type.max_num_players,
        min_num_players=game_type.min_num_players,
        provides_information_state_string=game_type.provides_information_state_string,
        provides_information_state_tensor=game_type.provides_information_state_tensor,
        provides_observation_string=game_type.provides_observation_string,
        provides_observation_tensor=game_type.provides_observation_tensor,
        parameter_specification=game_type.parameter_specification)


def _deserialized(game: TablerulesGame, text: str) -> TablerulesState:
    return game.deserialize_state(text)


def _load_game(short_name: str, values: dict[str, Any]) -> TablerulesGame:
    _spec(short_name)
    return pyspiel.load_game(short_name, values)


class TablerulesState(pyspiel.State):
    """An OpenSpiel state holding a tablerules game (built on first use, so clones never set one up)."""

    def __getattr__(self, name: str) -> Any:
        if name != "_core":
            raise AttributeError(name)
        game = self.get_game()
        core = _Core(game.new_tablerules_game(), game.spec, game.players, game.tables, game.anytime)
        if game.sampling is not None:  # each new state its own stream, drawn from the game's
            core.sampler = random.Random(game.sampling.getrandbits(64))
        self._core = core
        return core

    def __reduce__(self) -> tuple:
        """Pickled as the game (its parameters) and ``serialize()``: what OpenSpiel's own pickling holds, without
        asking the game for its random state (a Python game has none to give: chance="sampled" needs this)."""
        return (_deserialized, (self.get_game(), self.serialize()))

    def current_player(self) -> int:
        core = self._core
        player = core.player
        return player if player is not None else core.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        core = self._core
        return core.legal_ids() if player == core.current_player() else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        # a copy: Python callers get the list itself (OpenSpiel's MCTS shuffles its priors in place), and the
        # listing is shared by every state at an equal step
        core = self._core
        if core.sampler is not None:  # chance="sampled": the one outcome drawn for this step
            return [(core.sample()[0], 1.0)]
        return core.outcomes().probabilities.copy()

    def _apply_action(self, action: int) -> None:
        core = self._core
        if core.game.is_chance():
            sampled = core.sampled
            move = sampled[1] if sampled is not None and sampled[0] == action else core.outcomes().outcome(action)
            if move is None:
                raise ValueError(f"{core.game.name}: chance outcome {action} is not possible now")
        else:
            if core.legal is None:
                core.legal_ids()
            if action not in core.menu:
                raise ValueError(f"{core.game.name}: action {action} is not legal for player {core.player}")
            move = core.menu[action]
            if move is None:  # a head or a tail with more to choose: the same seat chooses on
                core.chosen = (*core.chosen, action)
                core.legal = None
                core.tensors = {}  # the tensors hold the partial choice
                return
            core.chosen = ()
            if core.window and isinstance(move, Decline):
                core.decline()
                return
        core.game.apply(move)
        core.player = core.legal = core.window = core.sampled = None
        if core.tensors:
            core.tensors = {}

    def _action_to_string(self, player: int, action: int) -> str:
        core = self._core
        if player == pyspiel.PlayerId.CHANCE:
            sampled = core.sampled
            if sampled is not None and sampled[0] == action:
                return sampled[1].describe()
            known = core.outcomes().outcome(action) if core.game.is_chance() else None
            if known is not None:
                return known.describe()
            event, value = core.tables.chance.arguments(action)
            return f"{event}: {value}"
        if player == core.current_player() and action in core.legal_ids():
            move = core.menu[action]
            if move is not None:
                return move.describe()
            words = core.tables.actions.chosen_words((*core.chosen, action))
            return f"player {player} chooses {words} (more to choose)"
        return f"player {player}: {core.tables.actions.compact_text(action)}"

    def is_terminal(self) -> bool:
        core = self._core
        player = core.player  # (worked out with the game's is_over once per state; asked about twice an action)
        return player == _TERMINAL if player is not None else core.game.is_over()

    def returns(self) -> list[float]:
        core = self._core
        n = core.players
        result = core.game.result() if core.game.is_over() else None
        if result is None or not result.winners or len(set(result.winners)) >= n:
            return [0.0] * n
        winners = set(result.winners)
        share = (n - len(winners)) / len(winners)
        return [share if p in winners else -1.0 for p in range(n)]

    def __str__(self) -> str:
        core = self._core
        text = json.dumps(core.game.state_dict(), sort_keys=True, ensure_ascii=False)
        window = core.extra_words(history=False)
        return f"{text}\n{window}" if window else text

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TablerulesState:
        """A state ``player_id`` cannot tell from this one (the same information state string), with
        everything hidden from that seat redrawn by :func:`~tablerules.core.worlds.sample_world`, seeded by
        one draw of ``probability_sampler`` (a callable giving a float in [0, 1), as OpenSpiel's
        ``UniformProbabilitySampler``). What OpenSpiel's ``ISMCTSBot`` samples its worlds with. The new
        state's OpenSpiel history is empty and it cannot be serialised (a sampled world has no save)."""
        return resampled(self, player_id, random.Random(int(probability_sampler() * 2**53)))


def resampled(state: TablerulesState, player: int, rng: random.Random, game: Game | None = None) -> TablerulesState:
    """A new wrapped state holding a world sampled for ``player`` (:func:`~tablerules.core.worlds.sample_world`)
    from ``game`` (default: the state's own game; pass the game a search started from, so that a world
    sampled from a sampled world is the one sampled from the real game)."""
    from ..core.worlds import sample_world

    core = state._core
    world = sample_world(core.game if game is None else game, player, rng)
    new = state.get_game().new_initial_state()
    new._core = _Core(world, core.spec, core.players, core.tables, core.anytime, core.window, core.passes, core.chosen,
                      core.whole)
    if core.sampler is not None:
        new._core.sampler = random.Random(rng.getrandbits(64))
    return new


register_all()
