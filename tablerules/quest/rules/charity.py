"""Charity (p. 7, 行善: over the hand limit, 5 or a dwarf's 6, to the lowest level, else discard)."""

from __future__ import annotations

from typing import ClassVar

from ...core.charity import next_recipients
from ...core.protocol import Action
from ..actions import DiscardCard, GiveCard, made
from ..heroes import DWARF_HAND_LIMIT, HAND_LIMIT


class CharityRules:
    """A part of :class:`~tablerules.quest.game.QuestGame`: charity."""

    #: the actions this rule owns -> (its name, the gist of the rule) for a refused one
    REFUSALS: ClassVar[dict[type, tuple[str, str]]] = {
        GiveCard: ("charity", "over the hand limit at the end of the turn: to the lowest level (p. 7)"),
        DiscardCard: ("charity", "over the hand limit and lowest level yourself: discard (p. 7)"),
    }

    def hand_limit(self, player: int) -> int:
        return DWARF_HAND_LIMIT if "dwarf" in self.frozen_tags(player) else HAND_LIMIT

    def _charity_actions(self) -> list[Action]:
        """Give (or discard) a card over the limit; or first put hand items into play or drop them on the floor
        (p. 7: "你完全可以把手里的卡牌放到场上……甚至把手里的东西扔到地上，这样可以少给别人或少弃一点牌"; races,
        classes and Go Up a Level come with the any-time actions)."""
        giver = self.state.charity_giver
        hand = self.once(self.state.heroes[giver].hand)
        recipients = next_recipients([h.level for h in self.state.heroes], giver, self.state.charity_given)
        out: list[Action] = [made(DiscardCard, giver, c) for c in hand] if not recipients else [
            made(GiveCard, giver, c, to) for c in hand for to in recipients]
        plays = [a for a in self._plays(giver) if self.card(a.card).kind in ("item", "one_shot")]
        return out + plays + self.hand_drops(giver)

    def _do_GiveCard(self, action: GiveCard) -> None:
        """Charity (行善): a card over the hand limit to the lowest level, from hand to hand: only the two of
        them see which card it is."""
        self.state.heroes[action.player].hand.remove(action.card)
        self.state.heroes[action.to].hand.append(action.card)
        self.state.charity_given[action.to] = self.state.charity_given.get(action.to, 0) + 1
        self.event(action.describe(), seen_by=(action.player, action.to),
                   hidden=f"player {action.player} gives a card to player {action.to} (charity)")

    def _do_DiscardCard(self, action: DiscardCard) -> None:
        self.state.heroes[action.player].hand.remove(action.card)
        self._discard(action.card)
        self.event(action.describe())
