"""Saving and loading games: parameters + seed + the action history as JSON (:class:`Saving`, a part
of :class:`~tablerules.core.protocol.Game`), replayed and checked against a digest of the state."""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from .actions import Action, Chance, _from_json_value, _to_json_value
from .batch import batch_gc
from .errors import IllegalAction, SaveError
from .files import atomic_write_text

if TYPE_CHECKING:
    from .protocol import Game

SAVE_FORMAT = "tablerules/save@1"


class Saving:
    """The saving part of :class:`~tablerules.core.protocol.Game` (JSON saves, replay, load)."""

    #: parameters that a save written before they existed replays with, e.g. ``{"rules": 1}`` when a rule
    #: changed on purpose in a new rules edition (old saves then load to the same end)
    save_defaults: ClassVar[dict[str, Any]] = {}

    def params_json(self) -> dict[str, Any]:
        if dataclasses.is_dataclass(self.params):
            return {f.name: _to_json_value(getattr(self.params, f.name)) for f in dataclasses.fields(self.params)}
        return {k: _to_json_value(v) for k, v in dict(self.params).items()}

    def to_json(self) -> dict[str, Any]:
        """Parameters + seed + the whole action history, as plain JSON values, and a ``digest`` of them
        with the state they lead to (:meth:`from_json` replays a save that matches it without listing
        the legal actions at every step)."""
        data = {"format": SAVE_FORMAT, "game": self.name, "params": self.params_json(), "seed": self.seed,
                "history": [a.to_json() for a in self._history.items()]}
        with contextlib.suppress(NotImplementedError, TypeError, ValueError):  # a state not JSON: no digest
            data["digest"] = _digest(data, self.state_dict())
        return data

    @classmethod
    def decode_action(cls, data: Mapping[str, Any]) -> Action:
        """An action from its JSON form (``{"type": ..., field: value, ...}``)."""
        if (type(data) is not dict and not isinstance(data, Mapping)) or "type" not in data:  # (ABC check: slow)
            raise SaveError(f"an action must be an object with a 'type', not {data!r}")
        types = cls.__dict__.get("_decoding")
        if types is None:  # type name -> action class, worked out once per game class
            types = {t.__name__: t for t in (*cls.action_types, Chance)}
            cls._decoding = types
        kind = types.get(data["type"]) if isinstance(data["type"], str) else None
        if kind is None:
            raise SaveError(f"unknown action type {data['type']!r} for {cls.name}")
        values = {k: _from_json_value(v) if type(v) is list else v for k, v in data.items() if k != "type"}
        try:
            return kind(**values)
        except (TypeError, ValueError) as exc:
            raise SaveError(f"bad fields for {data['type']}: {exc}") from exc

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Game:
        """Rebuild a game by replaying a saved history; any mismatch raises :class:`SaveError`."""
        from .protocol import Game

        if cls is Game:  # the save names the game
            from .registry import game_class

            if not isinstance(data, Mapping):
                raise SaveError(f"not a tablerules save (format must be {SAVE_FORMAT!r})")
            try:
                kind = game_class(str(data.get("game")))
            except KeyError as exc:
                raise SaveError(f"'game': {exc.args[0]}") from None
            return kind.from_json(data)
        if not isinstance(data, Mapping) or data.get("format") != SAVE_FORMAT:
            raise SaveError(f"not a tablerules save (format must be {SAVE_FORMAT!r})")
        if data.get("game") != cls.name:
            raise SaveError(f"this save is for {data.get('game')!r}, not {cls.name!r}")
        params = data.get("params") or {}
        if cls.save_defaults and isinstance(params, Mapping):
            params = {**cls.save_defaults, **params}
        try:
            game = cls(params, seed=int(data.get("seed", 0)))
        except (TypeError, ValueError, KeyError, AttributeError, OverflowError) as exc:
            raise SaveError(f"bad parameters: {exc}") from exc
        history = data.get("history", [])
        if not isinstance(history, list):
            raise SaveError("'history' must be a list of actions")
        # a replay makes thousands of short-lived objects: the collector's full walks of everything the
        # process holds are left out of it (batch_gc, as simulate() plays; the same game either way)
        with batch_gc():
            if isinstance(data.get("digest"), str) and game._replay_trusted(data):
                return game
            cls._replay_checked(game, history)
        return game

    @classmethod
    def _replay_checked(cls, game: Game, history: list) -> None:
        """Apply every saved action with the full legality check (a save without a matching digest)."""
        for i, item in enumerate(history):
            try:
                action = cls.decode_action(item)
            except SaveError as exc:
                raise SaveError(f"history[{i}]: {exc}") from None
            try:
                try:
                    game.apply(action)
                except IllegalAction:  # perhaps a save made when two copies of a card gave two actions
                    equivalent = game.saved_equivalent(action)
                    if equivalent is action:
                        raise
                    game.apply(equivalent)
            except IllegalAction as exc:
                raise SaveError(f"history[{i}] cannot be replayed: {exc}") from exc
            except (KeyError, ValueError, TypeError, IndexError, AttributeError) as exc:
                raise SaveError(f"history[{i}] ({item.get('type')}) names something unknown: {exc!r}") from exc

    def _replay_trusted(self, data: Mapping[str, Any]) -> bool:
        """Replay a save made by :meth:`to_json` without checking each action, then verify it: the save's
        digest must be that of its parameters, history and the state the replay reached. On any mismatch
        or error the game is set up again and ``False`` returned (the caller replays with every check, so
        a bad save still raises :class:`SaveError` naming the action)."""
        try:
            decode, perform, record = self.decode_action, self.perform, self._record
            for item in data["history"]:
                action = decode(item)
                perform(action)
                record(action)
            if _digest(data, self.state_dict(), check_circular=False) == data["digest"]:
                return True
        except Exception:  # a save that does not replay is checked step by step instead
            pass
        self._replay(())
        return False

    def saved_equivalent(self, action: Action) -> Action:
        """The legal action a saved ``action`` stands for: itself, or (for saves made when two copies of
        a card gave two actions) the one legal action of the same type and player that reads the same."""
        if self.is_over() or self.is_legal(action):
            return action
        try:
            text = action.describe()
        except Exception:  # a saved action naming unknown things cannot describe itself
            return action
        same = [a for a in self.legal_actions(action.actor) if type(a) is type(action) and a.describe() == text]
        return same[0] if len(same) == 1 else action

    def save(self, path: str | Path) -> None:
        """Save the game as JSON, atomically (an interrupted save leaves the old file or none)."""
        atomic_write_text(path, json.dumps(self.to_json(), indent=1, ensure_ascii=False))

    @classmethod
    def load(cls, path: str | Path) -> Game:
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, ValueError, RecursionError) as exc:  # unreadable, not UTF-8, not JSON, nested too deep
            raise SaveError(f"{path}: cannot read the save: {str(exc).splitlines()[0][:200]}") from exc
        try:
            return cls.from_json(data)
        except SaveError as exc:
            raise SaveError(f"{path}: {exc}") from exc


def _digest(data: Mapping[str, Any], state: Any, check_circular: bool = True) -> str:
    """A digest of a save's parameters, seed and history with the state they lead to (not a signature:
    it tells a save written by :meth:`Game.to_json` from one edited or made by older rules). Without
    ``check_circular`` the text is the same, written ~15% faster (a cycle then raises RecursionError)."""
    text = json.dumps([data.get("game"), data.get("params"), data.get("seed"), data.get("history"), state],
                      separators=(",", ":"), ensure_ascii=False, check_circular=check_circular)
    return hashlib.sha1(text.encode()).hexdigest()
