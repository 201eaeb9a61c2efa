"""The Munchkin family's bad-stuff interpreter: one reading of the effect vocabulary for Munchkin (seed 000)
and Munchkin Quest (seed 001).

* seed 000, 战斗: bad stuff "可能是失去某件物品，或是掉个几级，直至死亡" (an item, levels, or death);
  诅咒: "诅咒对受害者立即生效" (a curse strikes at once); the victim chooses among several items it may take;
* seed 001 p. 10, 后果: "如果怪物的后果对你没有作用，那就再挨一击" (bad stuff that cannot apply is a hit instead);
  p. 17: a curse that cannot apply does nothing.

Each game queues its losses (``state.losses``: a victim, an :class:`~tablerules.core.cards.Effect`, the
source's name, ``fallback`` effects for when it cannot apply) and mixes :class:`BadStuffInterpreter` in.
The effects both games know are here (``_effect_<name>``: levels, an item of a slot, all such items, a race or
class, the hand, death); a game adds its own the same way (Munchkin: a changed sex, a chicken on the head;
Quest: hits, gold). An effect returns whether it applied; one that did not goes to the game's
``_unapplied`` (its fallback, or Quest's hit).

The game provides ``sheet(player)`` (the character: level, hand, items, race, class), ``_item_choices(victim,
options)``, ``_choose_loss(victim, options)`` and ``_loss_chosen()`` (the victim's choice waiting and
settled), ``_lose_identity(victim, copy, source)``, ``_unequip``, ``_discard``, ``die``, ``card`` and ``event``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...core.words import counted
from . import item_in_slot

__all__ = ["BadStuffInterpreter"]


class BadStuffInterpreter:
    """A part of each Munchkin-family game (a mixin: ``self`` is the game): applying bad stuff and curses."""

    #: the log line of a discarded hand
    HAND_DISCARDED: ClassVar[str] = "player {victim} discards the whole hand ({source})"

    def sheet(self, player: int) -> Any:
        """``player``'s character (Munchkin's ``Munchkin``, Quest's ``Hero``)."""
        raise NotImplementedError

    def _suffers(self, victim: int) -> bool:
        """Whether bad stuff still strikes ``victim`` (Quest: not once dead)."""
        return True

    def _exposed(self, player: int, slot: str) -> list[str]:
        """The items bad stuff naming ``slot`` may reach: those in play (Quest adds the backpack)."""
        return self.sheet(player).carried

    def _matching(self, player: int, slot: str) -> list[str]:
        """The items bad stuff naming ``slot`` may take (the slot vocabulary: :func:`item_in_slot`)."""
        return [c for c in self._exposed(player, slot) if item_in_slot(slot, self.card(c).slot, self.card(c).big)]

    def apply_next_loss(self) -> None:
        """Apply the next effect queued; one that cannot apply goes to :meth:`_unapplied`."""
        loss = self.state.losses.pop(0)
        if not self._suffers(loss.victim):
            return
        if not getattr(self, "_effect_" + loss.effect.effect)(loss):
            self._unapplied(loss)

    def _unapplied(self, loss: Any) -> None:
        """An effect that could not apply: its fallback effects strike instead."""
        raise NotImplementedError

    # ----- the shared vocabulary ----------------------------------------------------------------
    def _effect_lose_levels(self, loss: Any) -> bool:
        """Levels lost, never below 1; at level 1 there is nothing to lose, so the effect does not apply (in
        Munchkin Quest a monster's bad stuff then becomes a hit: "如果怪物的后果对你没有作用，那就再挨一击")."""
        me = self.sheet(loss.victim)
        if me.level <= 1:
            self.event(f"player {loss.victim} is level 1: {loss.source} has no level to take")
            return False
        me.level = max(1, me.level - loss.effect.n)
        self.event(f"player {loss.victim} loses {counted(loss.effect.n, 'level')} to {loss.source} (level {me.level})")
        return True

    def _effect_lose_item(self, loss: Any) -> bool:
        """One item the slot names; several to choose from: the victim chooses (诅咒)."""
        options = self._matching(loss.victim, loss.effect.slot)
        if len(set(options)) == 1:
            self._lose(loss.victim, options[0], loss.source)
        elif options:
            self._choose_loss(loss.victim, tuple(self._item_choices(loss.victim, options)))
        return bool(options)

    def _effect_lose_all_items(self, loss: Any) -> bool:
        options = self._matching(loss.victim, loss.effect.slot)
        for copy in options:
            self._lose(loss.victim, copy, loss.source)
        return bool(options)

    def _effect_lose_race(self, loss: Any) -> bool:
        me = self.sheet(loss.victim)
        return self._lose_one_of(loss, [c for c in (me.race, me.race2) if c])

    def _effect_lose_class(self, loss: Any) -> bool:
        me = self.sheet(loss.victim)
        return self._lose_one_of(loss, [c for c in (me.cls, me.cls2) if c])

    def _lose_one_of(self, loss: Any, options: list[str]) -> bool:
        """A race or class goes; a Half-Breed or Super Munchkin chooses which one (混血和超级小白)."""
        if len(options) == 1:
            self._lose_identity(loss.victim, options[0], loss.source)
        elif options:
            self._choose_loss(loss.victim, tuple(options))
        return bool(options)

    def _effect_discard_hand(self, loss: Any) -> bool:
        me = self.sheet(loss.victim)
        had = bool(me.hand)
        for copy in list(me.hand):
            me.hand.remove(copy)
            self._discard(copy)
        self.event(self.HAND_DISCARDED.format(victim=loss.victim, source=loss.source))
        return had

    def _effect_death(self, loss: Any) -> bool:
        self.die(loss.victim, loss.source)
        return True

    def _do_ChooseLoss(self, action: Any) -> None:
        """The victim's choice: a race or class, or an item."""
        self._loss_chosen()
        if self.card(action.card).kind in ("race", "class"):
            self._lose_identity(action.player, action.card, "")
        else:
            self._lose(action.player, action.card, "bad stuff")

    def _lose(self, player: int, copy: str, source: str) -> None:
        """An item in play goes to the discards."""
        self._unequip(player, copy)
        self._discard(copy)
        self.event(f"player {player} loses {self.card(copy).name} ({source})")
