"""Any time (p. 5, 在任何玩家回合都可以进行的行动): what a seat may do whoever is to act."""

from __future__ import annotations

from ...core.protocol import Action
from ..actions import Heal, Pack, PlayCard, Suicide
from ..heroes import BACKPACK
from .common import IDENTITY_KINDS


class AnytimeRules:
    """A part of :class:`~tablerules.quest.game.QuestGame`: anytime."""

    #: the stages of your own turn in which you may kill yourself (p. 8: 在你回合之中的任何时候)
    SUICIDE_STAGES = ("moving", "combat", "asking for help", "interference")

    def anytime_actions(self, player: int) -> list[Action]:
        """What ``player`` may do whoever is to act (seed p. 5, 在任何玩家回合都可以进行的行动): at any time,
        add or drop a race or class (in fights too, p. 15); outside fights, a Go Up a Level, a curse, heal
        (-1 level, +3 health), an item out of the backpack or into it, a Treasure won this turn into play;
        in your own turn, suicide. Never while a step waits for chance, a choice or a curse's answer, nor
        before the game has started (docs/rules-notes.md, "Any time")."""
        st = self.state
        if (st.over_reason or st.pending or st.choice is not None or st.curse is not None
                or st.stage_name in ("dealing", "character creation")):
            return []
        h = st.heroes[player]
        if h.dead:
            return []
        out: list[Action] = [PlayCard(player, c) for c in self.once(h.hand) if self.card(c).kind in IDENTITY_KINDS
                             and self._identity_fits(h, c)]
        out += self._give_ups(player)
        if self.state.fight is None:
            out += self._gual(player)
            out += self._curses(player, [q for q in range(self.params.players) if not self.state.heroes[q].dead])
            if h.level > 1 and h.health < h.max_health:
                out.append(Heal(player))
            if len(h.backpack) < BACKPACK:
                out += [Pack(player, c, True) for c in self.once(c for c in h.carried if self.card(c).kind == "item")]
            out += [Pack(player, c, False) for c in self.once(c for c in h.backpack if self.can_carry(player, c))]
            won = {self.card(c).name for c in h.won if c in h.hand}  # one action per card: the hand's copy
            out += [PlayCard(player, c) for c in self.once(h.hand) if self.card(c).name in won
                    and self.card(c).kind in ("item", "one_shot") and self.can_carry(player, c)]
        if player == st.current and st.stage_name in self.SUICIDE_STAGES and (
                st.fight is None or player == st.fight.fighter):
            out.append(Suicide(player))
        return out
