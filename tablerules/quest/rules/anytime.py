"""Any time (p. 5, 在任何玩家回合都可以进行的行动): what a seat may do whoever is to act."""

from __future__ import annotations

from ...core.protocol import Action
from ..actions import Drop, DropGold, Enhance, GiveGold, GiveItem, Heal, Pack, PlayCard, PlayCheat, Suicide, made
from ..heroes import BACKPACK
from .common import (
    ASKING,
    COMBAT,
    CREATION,
    DEALING,
    FIRST_PLAYER,
    INTERFERENCE,
    MOVING,
    RUN_DIRECTION,
    RUNNING,
)
from .items import IDENTITY, PLAYABLE


class AnytimeRules:
    """A part of :class:`~tablerules.quest.game.QuestGame`: anytime."""

    #: the stages of your own turn in which you may kill yourself (p. 8: 在你回合之中的任何时候)
    SUICIDE_STAGES = (MOVING, COMBAT, ASKING, INTERFERENCE)

    #: the stages of a fight in which cards "for any time" may still be played: before the roll and while
    #: running (p. 9: after the roll only cards that say so, such as the Loaded Die)
    FIGHT_ANYTIME_STAGES = (COMBAT, ASKING, INTERFERENCE, RUN_DIRECTION, RUNNING)

    def anytime_actions(self, player: int) -> list[Action]:
        """What ``player`` may do whoever is to act (seed p. 5, 在任何玩家回合都可以进行的行动): at any time,
        a Go Up a Level, a curse on anyone, an enhancer (p. 10, 17: 这些卡任何时候都可以使用), add or drop a race or
        class (in fights too, p. 15); outside fights, heal (-1 level, +3 health), an item out of the backpack
        or into it, give items or gold to a munchkin in the same or an adjacent room (p. 16), drop items
        (p. 7), a Treasure won this turn into play, Summon Wall (p. 17: 你得在他移动之前先把墙召唤出来); in your
        own turn, suicide. A dead player still plays cards, only not on themselves (p. 8, 死亡以后): curses
        and enhancers. Never while a step waits for chance, a choice or a curse's answer, nor before the
        game has started, nor after the roll (docs/rules/quest.md, "Any time")."""
        st = self.state
        stage = st.stage_name
        if (st.over_reason or st.pending or st.choice is not None or st.curse is not None or st.picker is not None
                or stage in (DEALING, CREATION, FIRST_PLAYER)):
            return []
        h = st.heroes[player]
        fight = st.fight
        cards_now = fight is None or stage in self.FIGHT_ANYTIME_STAGES
        hand = self.by_kind(h.hand)  # (each part below lists nothing without its kind of card in the hand)
        curses = "curse" in hand
        living = [q for q in range(self.params.players) if not st.heroes[q].dead] if curses else []
        if h.dead:
            if not cards_now:
                return []
            return (self._curses(player, living) if curses else []) + self._any_enhancers(player)
        out: list[Action] = [made(PlayCard, player, c) for c in hand.get(IDENTITY, ()) if self._identity_fits(h, c)
                             ] if cards_now else []  # p. 9: after the roll no race or class card either
        out += self._give_ups(player)
        if cards_now:
            if "go_up_a_level" in hand:
                out += self._gual(player)
            if curses:
                out += self._curses(player, living)
            if "enhancer" in hand:
                out += self._any_enhancers(player)
        if fight is None:
            if h.level > 1 and h.health < h.max_health:
                out.append(made(Heal, player))
            if len(h.backpack) < BACKPACK:
                out += [made(Pack, player, c, True) for c in self.by_kind(h.carried).get("item", ())]
            if h.backpack:
                fits = self.once(c for c in h.backpack if self.can_carry(player, c))
                out += [made(Pack, player, c, False) for c in fits]
            if h.won:
                won = {self.card(c).name for c in h.won if c in h.hand}  # one action per card: the hand's copy
                out += [made(PlayCard, player, c) for c in hand.get(PLAYABLE, ()) if self.card(c).name in won
                        and self.can_carry(player, c)]
            out += self._trades(player) + self._walls(player) + self._anytime_cheats(player)
        if player == st.current and stage in self.SUICIDE_STAGES and (
                fight is None or player == fight.fighter):
            out.append(made(Suicide, player))
        return out

    def _unlisted_anytime(self, player: int, stage: str) -> list[Action]:
        """:meth:`anytime_actions` of ``player`` less parts that the stage's own listing always holds too
        (what :func:`~tablerules.core.actions.merge_actions` would drop): in the moving stage (the living
        current player, ``_moving_actions``) all but the enhancers and Cheat!; in a fight (the living
        fighter, ``_combat_actions``; a seat in the "I'm rolling" window, ``_interference_actions``) the
        give-ups, Go Up a Level and enhancers, which those list for the seat. Merged into the stage's list
        (``FlowRules._list_legal``), the same actions in the same order as the whole of them."""
        st = self.state
        h = st.heroes[player]
        hand = self.by_kind(h.hand)
        if stage == MOVING:  # (fight is None)
            out = self._any_enhancers(player) if "enhancer" in hand else []
            return out + self._anytime_cheats(player) if "cheat" in hand else out
        out = [] if h.dead else [made(PlayCard, player, c) for c in hand.get(IDENTITY, ())
                                 if self._identity_fits(h, c)]
        if "curse" in hand:
            out += self._curses(player, [q for q in range(self.params.players) if not st.heroes[q].dead])
        if player == st.current and player == st.fight.fighter and not h.dead:
            out.append(made(Suicide, player))
        return out

    def _trades(self, p: int) -> list[Action]:
        """Outside fights (p. 5, 16): drop an item in play or in the backpack (p. 7: 你可以在任何时候把物品扔在地
        上), give one or gold to a living munchkin in the same or an adjacent room."""
        h = self.state.heroes[p]
        items = self.items_once(h)
        out: list[Action] = [made(Drop, p, c) for c in items]
        friends = self.friends(p)
        out += [made(GiveItem, p, c, q) for c in items for q in friends if self._receives(q, c)]
        amounts = sorted({n for n in (100, h.gold) if 0 < n <= h.gold})
        out += [made(GiveGold, p, q, n) for q in friends for n in amounts]
        # p. 16: 现金可以和物品一样花掉，扔在地上或者和其他小白交换
        return out + [made(DropGold, p, n) for n in amounts]

    def _any_enhancers(self, p: int) -> list[Action]:
        """An enhancer at any time (p. 10, 17: 增强卡任何时候都可以使用): in a fight on one of its monsters,
        outside fights on any monster on the board (it stays with it)."""
        if self.state.fight is not None:
            return self._enhancers(p)
        cards = self.by_kind(self.state.heroes[p].hand).get("enhancer", ())
        return [made(Enhance, p, c, m) for c in cards for m in sorted(self.state.dungeon.monsters)]

    def _anytime_cheats(self, p: int) -> list[Action]:
        """Cheat! is a DxM card, played at any time (p. 17: 除非卡牌上另有说明，否则任何时候都可以打主角卡), on an item
        that may come into play out of turn: one in the backpack, or a Treasure just won (p. 12: Kelandor puts
        it on the spear she has just picked, in Babe's turn)."""
        h = self.state.heroes[p]
        cheats = self.by_kind(h.hand).get("cheat", ())[:1]
        if not cheats:
            return []
        won = [c for c in h.won if c in h.hand]
        targets = self.once(h.backpack, won, keep=lambda c: self.card(c).kind == "item" and not self.can_carry(p, c))
        return [made(PlayCheat, p, x, item) for x in cheats for item in targets]
