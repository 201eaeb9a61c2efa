"""The OpenSpiel wrapper's observer (:meth:`TablerulesGame.make_py_observer`): strings and the observation tensor as
the observation type asks, built from what the seat may see."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import pyspiel

from .tensors import Spec as TensorSpec

if TYPE_CHECKING:
    from .openspiel import TablerulesState


class Observer:
    """Strings, and the observation tensor when the game has a layout, as the observation type asks (``None``: the
    seat's observation):

    * perfect recall: the information state string (no tensor);
    * public only (``private_info`` NONE): the observation of a perfect-information game (everything is public);
      ``None`` (not provided) for a game with hidden cards, so that no seat's hand shows; the tensor with the
      seat's private slices (its own hand, ``me``...) zeroed;
    * private only (no public info): ``""`` in a perfect-information game (nothing is private), else the seat's
      own observation; the tensor with only the private slices;
    * every player's private info: the whole state (the referee's view; no tensor: the layout is a seat's);
    * otherwise the seat's observation string and tensor.
    """

    def __init__(self, information_state: bool, public: bool = True, private: Any = None,
                 perfect: bool = False, layout: TensorSpec | None = None) -> None:
        self.information_state = information_state
        self.public = public
        self.private = pyspiel.PrivateInfoType.SINGLE_PLAYER if private is None else private
        self.perfect = perfect
        self.tensor: np.ndarray | None = None
        self.dict: dict[str, Any] = {}
        self.keep: np.ndarray | None = None  # entries to keep (the others are zeroed)
        if layout is not None and not information_state and self.private != pyspiel.PrivateInfoType.ALL_PLAYERS:
            self.tensor = np.zeros(layout.size, np.float32)
            self.dict = layout.views(self.tensor)
            if self.private == pyspiel.PrivateInfoType.NONE:
                self.keep = ~layout.private
            elif not public:
                self.keep = layout.private.copy()

    def set_from(self, state: TablerulesState, player: int) -> None:
        if self.tensor is None:
            return
        if "_core" in state.__dict__:
            self.tensor[:] = state._core.tensor(player)
        else:  # a state nobody has looked at is the game's initial state (OpenSpiel makes one on every
            # observation_tensor call to size the vector): its tensor is the same each time
            self.tensor[:] = state.get_game().initial_tensor(player)
        if self.keep is not None:
            self.tensor *= self.keep

    def string_from(self, state: TablerulesState, player: int) -> str | None:
        game = state._core.game
        if self.information_state:
            method = getattr(game, "information_state_string", None)
            if method is None:
                return state.history_str()
            window = state._core.extra_words(history=True)
            return f"{method(player)}\n{window}" if window else method(player)
        if self.private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            return str(state)
        if self.private == pyspiel.PrivateInfoType.NONE and not self.perfect:
            return None
        if not self.public and self.perfect:
            return ""
        method = getattr(game, "observation_string", None)
        if method is None:
            return str(state)
        window = state._core.extra_words(history=False)
        return f"{method(player)}\n{window}" if window else method(player)
