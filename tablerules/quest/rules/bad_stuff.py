"""Bad stuff (p. 10, 后果: 如果怪物的后果对你没有作用，那就再挨一击) in the effect vocabulary shared with
Munchkin, read by the family's interpreter (:mod:`tablerules.families.munchkin.bad_stuff`): levels, hits,
gold, items by slot, race, class, the hand, death; the victim's choice."""

from __future__ import annotations

from typing import ClassVar

from ...core.words import counted
from ...families.munchkin.bad_stuff import BadStuffInterpreter
from ..actions import ChooseLoss, GiveUp, made
from ..heroes import Hero
from ..state import Loss, LossChoice
from .common import CHOOSE_LOSS


class BadStuffRules(BadStuffInterpreter):
    """A part of :class:`~tablerules.quest.game.QuestGame`: bad stuff."""

    #: the actions this rule owns -> (its name, the gist of the rule) for a refused one
    REFUSALS: ClassVar[dict[type, tuple[str, str]]] = {
        ChooseLoss: ("bad stuff", "the victim chooses what bad stuff takes (p. 10)"),
    }
    HAND_DISCARDED: ClassVar[str] = "player {victim} discards the hand ({source})"

    # ----- the family's bad-stuff interpreter: Quest's part ---------------------------------------
    def sheet(self, player: int) -> Hero:
        return self.state.heroes[player]

    def _suffers(self, victim: int) -> bool:
        return not self.state.heroes[victim].dead

    def _exposed(self, player: int, slot: str) -> list[str]:
        """The named slot means what you wear; "any" item may be one in the backpack or on the belt, never
        in the hand (p. 16)."""
        h = self.state.heroes[player]
        return h.carried + (h.backpack if slot in ("any", "small", "big") else [])

    def _matching(self, player: int, slot: str) -> list[str]:
        """The family's slots, and "worn" (p. 16 穿戴物: headgear, armour, footgear, worn accessories and clothes)."""
        if slot == "worn":
            return self.worn(player)
        return super()._matching(player, slot)

    def _item_choices(self, victim: int, options: list[str]) -> list[str]:
        h = self.state.heroes[victim]
        return self.once(h.backpack, h.carried, keep=options.__contains__)

    def _choose_loss(self, victim: int, options: tuple[str, ...]) -> None:
        self.state.choice = LossChoice(victim, options)
        self.interrupt(CHOOSE_LOSS, victim)

    def _loss_chosen(self) -> None:
        self.state.choice = None
        self.settle_interruption(CHOOSE_LOSS)

    def _lose_identity(self, victim: int, copy: str, source: str) -> None:
        self._do_GiveUp(made(GiveUp, victim, copy))

    def _unapplied(self, loss: Loss) -> None:
        """A monster's bad stuff that cannot apply is a hit instead (p. 10); a curse that cannot apply does
        nothing (p. 17)."""
        victim, source = loss.victim, loss.source
        if loss.fallback:
            self.state.losses[0:0] = [Loss(victim, e, source, (), loss.hit_instead) for e in loss.fallback]
        elif loss.hit_instead:
            self.event(f"{source}'s bad stuff cannot apply to player {victim}: a hit instead")
            self.hit(victim, 1, source)
        else:
            self.event(f"{source} has nothing to take from player {victim}")

    def _effect_hits(self, loss: Loss) -> bool:
        self.hit(loss.victim, loss.effect.n, loss.source)
        return True

    def _effect_lose_gold(self, loss: Loss) -> bool:
        h = self.state.heroes[loss.victim]
        had = h.gold > 0
        h.gold = max(0, h.gold - loss.effect.n)
        self.event(f"player {loss.victim} loses gold to {loss.source} ({h.gold} left)")
        return had

    def _lose(self, player: int, copy: str, source: str) -> None:
        before = self.base_moves(player)
        super()._lose(player, copy, source)
        self._moves_changed(player, before)

    def hit(self, player: int, n: int, source: str) -> None:
        h = self.state.heroes[player]
        h.health = max(0, h.health - n)
        self.event(f"player {player} takes {counted(n, 'hit')} from {source}: {h.health}/{h.max_health} health")
        if h.health == 0:
            self.die(player, source)
