"""Saving and loading games: parameters + seed + the action history as JSON (:class:`Saving`, a part
of :class:`~tablerules.core.protocol.Game`), replayed and checked against a digest of the state.

A save carries a ``digest`` (SHA-256 of the game, parameters, seed, history and the state they reach) and,
when this installation has a save key, a ``signature``: an HMAC-SHA256 of the digest with that key (a
random key in the user's config folder, :func:`save_key_path`, made on first use). Only a save signed with
this installation's key replays without the legality checks (and its digest must still match the state
reached); every other save (another machine's, an old one, an edited one) is replayed with every check."""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import hmac
import json
import os
from collections import Counter
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from .actions import Action, Chance, _from_json_value, _to_json_value
from .batch import batch_gc
from .errors import IllegalAction, SaveError
from .files import atomic_write_text

if TYPE_CHECKING:
    from .protocol import Game

SAVE_FORMAT = "tablerules/save@1"

#: an environment variable naming the save key file instead of the config folder's (tests, several users)
KEY_FILE_ENV = "TABLERULES_SAVE_KEY_FILE"

#: how many saves were loaded each way in this process: ``"signed"`` (this installation's signature: the
#: replay skips the legality checks) and ``"checked"`` (every action checked)
load_counts: Counter[str] = Counter()

_keys: dict[str, bytes | None] = {}  # key file -> its key (None: it cannot be read or made)

#: id -> history node whose outcomes (and its ancestors') are all possible (:meth:`Saving.impossible_outcomes`;
#: the node is kept so that its id is not reused; shared by copies, which share their history's nodes)
_possible: dict[int, tuple] = {}


def save_key_path() -> Path:
    """The file holding this installation's save key: ``$TABLERULES_SAVE_KEY_FILE``, else
    ``$XDG_CONFIG_HOME/tablerules/save-key``, else ``~/.config/tablerules/save-key``."""
    override = os.environ.get(KEY_FILE_ENV)
    if override:
        return Path(override)
    config = os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config"
    return Path(config) / "tablerules" / "save-key"


def save_key(create: bool = True) -> bytes | None:
    """This installation's save key (32 random bytes, kept as hex text in :func:`save_key_path`), made
    with mode 0600 on first use when ``create``; ``None`` when there is none and none can be made (saves
    are then written unsigned and every load is checked in full)."""
    path = save_key_path()
    where = str(path)
    if where in _keys:
        return _keys[where]
    key = _read_key(path)
    if key is None and create:
        with contextlib.suppress(OSError):
            _make_key(path)
        key = _read_key(path)
    if key is not None or create:
        _keys[where] = key
    return key


def _read_key(path: Path) -> bytes | None:
    try:
        key = bytes.fromhex(path.read_text(encoding="ascii").strip())
    except (OSError, ValueError):
        return None
    return key if len(key) >= 16 else None


def _make_key(path: Path) -> None:
    """Write a new key to ``path`` unless one is there: written whole to a private file first, then linked
    in place (two processes making a key at once end up with the same one)."""
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    spare = path.with_name(f"{path.name}.{os.getpid()}.new")
    fd = os.open(spare, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        with os.fdopen(fd, "w", encoding="ascii") as out:
            out.write(os.urandom(32).hex() + "\n")
        with contextlib.suppress(FileExistsError):
            os.link(spare, path)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(spare)


def sign(digest: str, key: bytes) -> str:
    """The signature of a save's digest with ``key`` (HMAC-SHA256, hex)."""
    return hmac.new(key, f"{SAVE_FORMAT}\n{digest}".encode(), hashlib.sha256).hexdigest()


def signed_here(data: Mapping[str, Any]) -> bool:
    """Whether ``data`` carries a valid signature of its digest with this installation's key."""
    digest, signature = data.get("digest"), data.get("signature")
    if type(digest) is not str or type(signature) is not str:
        return False
    key = save_key(create=False)
    try:
        return key is not None and hmac.compare_digest(sign(digest, key).encode(), signature.encode())
    except UnicodeError:  # an edited save's text that is no UTF-8 (a lone surrogate): no signature of ours
        return False


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
        """Parameters + seed + the whole action history, as plain JSON values, a ``digest`` of them with
        the state they lead to and this installation's ``signature`` of the digest (:meth:`from_json`
        replays a save signed here without the legality checks; any other save with every check)."""
        data = {"format": SAVE_FORMAT, "game": self.name, "params": self.params_json(), "seed": self.seed,
                "history": [a.to_json() for a in self._history.items()]}
        with contextlib.suppress(NotImplementedError, TypeError, ValueError):  # a state not JSON: no digest
            data["digest"] = digest = _digest(data, self.state_dict())
            key = save_key()
            if key is not None:
                data["signature"] = sign(digest, key)
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
        """Rebuild a game by replaying a saved history; any mismatch raises :class:`SaveError`. A save
        signed with this installation's key replays without the legality checks (then its digest must
        match the state reached); any other save, or one whose digest does not match, with every check."""
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
            if signed_here(data) and game._replay_trusted(data):
                load_counts["signed"] += 1
                return game
            cls._replay_checked(game, history)
            load_counts["checked"] += 1
        return game

    @classmethod
    def _replay_checked(cls, game: Game, history: list) -> None:
        """Apply every saved action with the full legality check (a save not signed here, or not matching
        its digest)."""
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
        """Replay a save this installation signed without checking each action, then verify it: the save's
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

    def chance_faces(self) -> Mapping[str, Collection[Any]]:
        """Every outcome a chance event of this game can ever have, by event name, for the events whose
        outcomes are fixed (a die's faces, a seat): :meth:`impossible_outcomes` reports others. (The cards
        drawn are checked by each game's invariants: every card in exactly one place.)"""
        return {}

    def impossible_outcomes(self) -> list[str]:
        """The chance outcomes in the history that no die of these rules shows (a forged save's "the die
        shows 50"), in words, for :meth:`invariants` (``history[7]: d6: 50 cannot come up (only 1, 2, 3,
        4, 5, 6 can)``). A history checked once is remembered: a game played
        on checks only its new actions."""
        faces = self.chance_faces()
        node = self._history._node
        fresh = []
        while node is not None and _possible.get(id(node)) is not node:
            fresh.append(node)
            node = node[0]
        broken = []
        for parent_item_length in reversed(fresh):
            action = parent_item_length[1]
            if isinstance(action, Chance):
                allowed = faces.get(action.event)
                try:
                    impossible = allowed is not None and action.outcome not in allowed
                except TypeError:  # an outcome that cannot be compared with the faces
                    impossible = True
                if impossible:
                    shown = ", ".join(map(str, sorted(set(allowed), key=lambda v: (isinstance(v, str), v))))
                    broken.append(f"history[{parent_item_length[2] - 1}]: {action.event}: {action.outcome} "
                                  f"cannot come up (only {shown} can)")
        if fresh and not broken:
            if len(_possible) >= 4096:
                _possible.clear()
            _possible[id(fresh[0])] = fresh[0]
        return broken

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
    """A digest (SHA-256) of a save's parameters, seed and history with the state they lead to: anyone can
    compute it, so it vouches for nothing by itself (:func:`sign` does, with this installation's key). Without
    ``check_circular`` the text is the same, written ~15% faster (a cycle then raises RecursionError)."""
    text = json.dumps([data.get("game"), data.get("params"), data.get("seed"), data.get("history"), state],
                      separators=(",", ":"), ensure_ascii=False, check_circular=check_circular)
    return hashlib.sha256(text.encode()).hexdigest()
