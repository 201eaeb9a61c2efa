"""Levels (p. 15, 等级): Go Up a Level (never to 10), 1000 gold a level (items at their value, no change), healing:
-1 level for +3 health (战斗之外的任何时候你都可以自降一级回复3点生命)."""

from __future__ import annotations

from typing import ClassVar

from ...core.protocol import Action
from ..actions import BuyLevel, Heal, PlayCard, SpendItem, made
from ..heroes import WIN_LEVEL
from .common import LEVEL_PRICE


class LevelRules:
    """A part of :class:`~tablerules.quest.game.QuestGame`: levels."""

    #: the actions this rule owns -> (its name, the gist of the rule) for a refused one
    REFUSALS: ClassVar[dict[type, tuple[str, str]]] = {
        Heal: ("healing", "-1 level for +3 health, from level 2, when wounded, outside fights (p. 15)"),
    }

    def _gual(self, p: int) -> list[Action]:
        h = self.state.heroes[p]
        if h.level >= WIN_LEVEL - 1 or h.dead:
            return []
        return [made(PlayCard, p, c) for c in self.by_kind(h.hand).get("go_up_a_level", ())]

    def _do_SpendItem(self, action: SpendItem) -> None:
        """Items at their value towards 1000 gold; a level as soon as it is reached, no change."""
        h = self.state.heroes[action.player]
        before = self.base_moves(action.player)
        self._unequip(action.player, action.card)
        self._discard(action.card)
        value = self.sale_value(action.player, action.card)  # a race's double sale (p. 15 种族)
        self.state.spent += value
        self._moves_changed(action.player, before)
        self.event(f"player {action.player} pays {self.card(action.card).name} ({value} "
                   f"gold) towards a level: {self.state.spent}/{LEVEL_PRICE}")
        if self.state.spent >= LEVEL_PRICE:
            self.state.spent = 0
            h.level += 1
            self.event(f"player {action.player} buys a level (level {h.level}); no change is given")

    def _do_BuyLevel(self, action: BuyLevel) -> None:
        h = self.state.heroes[action.player]
        gold = LEVEL_PRICE - self.state.spent
        h.gold -= gold
        self.state.spent = 0
        h.level += 1
        self.event(f"player {action.player} pays {gold} gold and buys a level (level {h.level})")

    def _do_Heal(self, action: Heal) -> None:
        h = self.state.heroes[action.player]
        h.level -= 1
        h.health = min(h.max_health, h.health + 3)
        self.event(f"player {action.player} loses a level to heal: level {h.level}, health {h.health}")
