"""A tablerules game as a wrapper's state holds it: the game, the any-time window and its declines, the partial
choice of a large block's action (head, then tails), the sampled chance outcome, and the caches of one state
(current player, legal ids, tensors, chance listing). :class:`~tablerules.interop.openspiel.TablerulesState` and
the kit's search agents (:mod:`~tablerules.interop.mcts`, :mod:`~tablerules.interop.ismcts`) work through it."""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

from ..core.protocol import Game
from .ids import Listing, Tables
from .tensors import encode as encode_tensor
from .windows import Pass, engine_seat, window_moves, window_seats, window_words


class _Core:
    """A state's tablerules game and caches (``spec``: the wrapped game's ``openspiel._Spec``). Copied with
    :meth:`Game.copy`, pickled as the JSON save."""

    __slots__ = ("anytime", "chosen", "game", "legal", "menu", "moves", "passes", "player", "players", "sampled",
                 "sampler", "spec", "tables", "tensors", "whole", "window")

    def __init__(self, game: Game, spec: Any, players: int, tables: Tables, anytime: bool = False,
                 window: tuple[int, ...] | None = None, passes: tuple[Pass, ...] = (),
                 chosen: tuple[int, ...] = (), whole: bool = False) -> None:
        self.game = game
        # whole: the legal ids are the full ids, every action one choice (the kit's own search agents, which never
        # record ids: their trees stay as in version 3); otherwise the compact ids, large blocks in steps
        self.whole = whole
        self.sampler: random.Random | None = None  # chance="sampled": the stream this state draws its chance from
        self.sampled: tuple[int, Any] | None = None  # the outcome drawn for the pending chance step (id, outcome)
        self.chosen = chosen  # the compact ids the current player picked so far (a head and tails; () between actions)
        self.anytime = anytime
        self.window = window  # with windows on: the seats still to ask before this state's decision (None: not yet
        self.passes = passes  # worked out); every decline so far
        self.spec = spec
        self.players = players
        self.tables = tables
        self.player: int | None = None  # cached current player
        self.legal: list[int] | None = None  # cached sorted legal ids of the current player
        self.moves: dict[int, Any] = {}  # full id -> the legal action of the current player
        self.menu: dict[int, Any] = {}  # compact id -> the action it completes (None: more to choose)
        self.tensors: dict[int, np.ndarray] = {}  # seat -> its observation tensor in this state

    def __deepcopy__(self, memo: dict) -> _Core:
        new = _Core(self.game.copy(), self.spec, self.players, self.tables, self.anytime, self.window, self.passes,
                    self.chosen, self.whole)
        if self.sampler is not None:  # the copy draws what this state would draw
            new.sampler = random.Random()
            new.sampler.setstate(self.sampler.getstate())
            new.sampled = self.sampled
        return new

    def __reduce__(self) -> tuple:
        return (_core_from_save, (self.spec.short_name, self.players, json.dumps(self.game.to_json()), self.anytime,
                                  self.window, self.passes, self.chosen, self.whole,
                                  None if self.sampler is None else (self.sampler.getstate(), self.sampled)))

    def current_player(self) -> int:
        if self.player is None:
            game = self.game
            if game.is_over():
                self.player = int(pyspiel.PlayerId.TERMINAL)
            elif game.is_chance():
                self.player = int(pyspiel.PlayerId.CHANCE)
            else:
                seat = engine_seat(game)
                if self.anytime:
                    if self.window is None:
                        self.window = window_seats(game, seat)
                    if self.window:
                        seat = self.window[0]
                self.player = seat
        return self.player

    def legal_ids(self) -> list[int]:
        if self.legal is None:
            player = self.current_player()
            if self.window:
                self.moves = window_moves(self.game, player, self.tables.actions)
            else:
                self.moves = self.tables.actions.legal(self.game.legal_actions(player))
                if not self.moves:
                    raise RuntimeError(f"{self.game.name}: player {player} is to act but has no legal action")
            self.menu = self.moves if self.whole else self.tables.actions.menu(self.moves, self.chosen)
            self.legal = sorted(self.menu)
        return self.legal

    def choice_words(self) -> str:
        """The current player's partial choice in words for the strings ("" between actions)."""
        if not self.chosen:
            return ""
        return f"Player {self.current_player()} is choosing {self.tables.actions.chosen_words(self.chosen)}"

    def extra_words(self, history: bool) -> str:
        """The lines the strings add to the game's own: the any-time window and the partial choice."""
        return "\n".join(w for w in (self.window_words(history), self.choice_words()) if w)

    def decline(self) -> None:
        """The seat asked first in the window plays nothing: the next is asked (the state is unchanged)."""
        self.passes = (*self.passes, (self.game.num_actions, self.window[0]))
        self.window = self.window[1:]
        self.player = self.legal = None

    def sample(self) -> tuple[int, Any]:
        """chance="sampled": the pending step's outcome drawn from this state's stream (once: asked again, the
        same), with its chance id."""
        if self.sampled is None:
            outcome = self.game.sample_chance(self.sampler)
            self.sampled = (self.tables.chance.value_id(outcome.event, outcome.outcome), outcome)
        return self.sampled

    def window_words(self, history: bool) -> str:
        """The window in words for the strings (worked out first: it is found when the current player is)."""
        if not self.anytime:
            return ""
        self.current_player()
        return window_words(self.window or (), self.passes, history)

    def tensor(self, player: int) -> np.ndarray:
        """The seat's observation tensor (kept until the next action; do not write to it)."""
        known = self.tensors.get(player)
        if known is None:
            known = self.tensors[player] = encode_tensor(self.game.name, self.game.observation(player), player,
                                                         self.players, self.chosen)
        return known

    def outcomes(self) -> Listing:
        """The pending chance step's outcomes by id (dice steps are shared: kept on the step)."""
        step = self.game.chance_step()
        if step is None:
            return _NO_OUTCOMES
        cache = step.__dict__.get("_openspiel_outcomes")
        if cache is None:
            cache = {}
            object.__setattr__(step, "_openspiel_outcomes", cache)
        known = cache.get(self.tables.chance)
        if known is None:
            known = cache[self.tables.chance] = self.tables.chance.listing(step)
        return known


_NO_OUTCOMES = Listing(None, {}, [])


def _core_from_save(short_name: str, players: int, save: str, anytime: bool = False,
                    window: tuple[int, ...] | None = None, passes: tuple[Pass, ...] = (),
                    chosen: tuple[int, ...] = (), whole: bool = False, sampling: tuple | None = None) -> _Core:
    from .openspiel import _spec  # the registry of wrapped games (openspiel imports this module)

    spec = _spec(short_name)
    core = _Core(spec.cls.from_json(json.loads(save)), spec, players, spec.tables(players), anytime, window, passes,
                 chosen, whole)
    if sampling is not None:
        core.sampler = random.Random()
        core.sampler.setstate(sampling[0])
        core.sampled = sampling[1]
    return core
