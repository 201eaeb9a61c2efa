"""Bad stuff (p. 10, 后果: 如果怪物的后果对你没有作用，那就再挨一击) in the effect vocabulary shared with
Munchkin: levels, hits, gold, items by slot, race, class, the hand, death; the
victim's choice."""

from __future__ import annotations

from typing import ClassVar

from ..actions import ChooseLoss, GiveUp
from ..state import Loss, LossChoice
from .common import CHOOSE_LOSS


class BadStuffRules:
    """A part of :class:`~tablerules.quest.game.QuestGame`: bad stuff."""

    #: the actions this rule owns -> (its name, the gist of the rule) for a refused one
    REFUSALS: ClassVar[dict[type, tuple[str, str]]] = {
        ChooseLoss: ("bad stuff", "the victim chooses what bad stuff takes (p. 10)"),
    }

    def _matching(self, player: int, slot: str) -> list[str]:
        """Items a bad stuff can take: the named slot means what you wear; "any" item may be one in the
        backpack or on the belt, never in the hand (p. 16)."""
        h = self.state.heroes[player]

        def match(copy: str) -> bool:
            card = self.card(copy)
            return {"headgear": card.slot == "headgear", "armour": card.slot == "armour",
                    "footgear": card.slot == "footgear", "hands": card.slot in ("hands1", "hands2"),
                    "big": card.big, "small": not card.big, "any": True}[slot]

        pool = h.carried + (h.backpack if slot in ("any", "small", "big") else [])
        return [c for c in pool if match(c)]

    def apply_next_loss(self) -> None:
        """One effect; a monster's bad stuff that cannot apply is a hit instead (p. 10); a curse that
        cannot apply does nothing (p. 17)."""
        loss = self.state.losses.pop(0)
        victim, effect, source, fallback, hit_instead = (loss.victim, loss.effect, loss.source, loss.fallback,
                                                         loss.hit_instead)
        h = self.state.heroes[victim]
        if h.dead:
            return
        applied = True
        if effect.effect == "lose_levels":
            h.level = max(1, h.level - effect.n)
            self.event(f"player {victim} loses {effect.n} level(s) to {source} (level {h.level})")
        elif effect.effect == "hits":
            self.hit(victim, effect.n, source)
        elif effect.effect == "lose_gold":
            applied = h.gold > 0
            h.gold = max(0, h.gold - effect.n)
            self.event(f"player {victim} loses gold to {source} ({h.gold} left)")
        elif effect.effect in ("lose_item", "lose_all_items"):
            options = self._matching(victim, effect.slot)
            applied = bool(options)
            if effect.effect == "lose_all_items":
                for copy in options:
                    self._lose(victim, copy, source)
            elif len(options) == 1:
                self._lose(victim, options[0], source)
            elif options:
                choices = self.once(h.backpack, h.carried, keep=options.__contains__)
                self.state.choice = LossChoice(victim, tuple(choices))
                self.interrupt(CHOOSE_LOSS, victim)
        elif effect.effect in ("lose_race", "lose_class"):
            options = [c for c in ((h.race, h.race2) if effect.effect == "lose_race" else (h.cls, h.cls2)) if c]
            applied = bool(options)
            if len(options) == 1:
                self._do_GiveUp(GiveUp(victim, options[0]))
            elif options:  # two races or classes: the victim chooses
                self.state.choice = LossChoice(victim, tuple(options))
                self.interrupt(CHOOSE_LOSS, victim)
        elif effect.effect == "discard_hand":
            applied = bool(h.hand)
            for copy in list(h.hand):
                h.hand.remove(copy)
                self._discard(copy)
            self.event(f"player {victim} discards the hand ({source})")
        elif effect.effect == "death":
            h.health = 0
            self.die(victim, source)
        if not applied:
            if fallback:
                self.state.losses[0:0] = [Loss(victim, e, source, (), hit_instead) for e in fallback]
            elif hit_instead:
                self.event(f"{source}'s bad stuff cannot apply to player {victim}: a hit instead")
                self.hit(victim, 1, source)
            else:
                self.event(f"{source} has nothing to take from player {victim}")

    def _do_ChooseLoss(self, action: ChooseLoss) -> None:
        self.state.choice = None
        self.settle_interruption(CHOOSE_LOSS)
        if self.card(action.card).kind in ("race", "class"):
            self._do_GiveUp(GiveUp(action.player, action.card))
        else:
            self._lose(action.player, action.card, "bad stuff")

    def _lose(self, player: int, copy: str, source: str) -> None:
        before = self.base_moves(player)
        self._unequip(player, copy)
        self._discard(copy)
        self._moves_changed(player, before)
        self.event(f"player {player} loses {self.card(copy).name} ({source})")

    def hit(self, player: int, n: int, source: str) -> None:
        h = self.state.heroes[player]
        h.health = max(0, h.health - n)
        self.event(f"player {player} takes {n} hit(s) from {source}: {h.health}/{h.max_health} health")
        if h.health == 0:
            self.die(player, source)
