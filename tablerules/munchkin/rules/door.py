"""The turn outside fights: drawing, kicking open the door, looking for trouble, looting the room,
Divine Intervention, the end of the turn and charity.

Seed 000, 回合的阶段: "1. 踢门：从地城堆明抽一张牌。如果是怪物，战了它" (kick open the door: draw a Door card face
up; a monster is fought); "2. 挑衅 如果踢开门后没碰到怪物，现在你可以选择出示一张手上的怪物...并战了它" (look for
trouble: fight a monster from your hand if none came); "3. ...再抽一张地城牌，注意这次是暗抽，并收为手牌" (loot
the room: one more Door card, face down, into the hand); "4. 慈善捐赠 如果你的手牌太多了（矮人6张，其他人5张），
将多出来的牌给等级最低的小白" (charity: more than 5 cards, 6 for a dwarf, go to the lowest-level players).
"""

from __future__ import annotations

from fractions import Fraction

from ...core.protocol import Chance, ChanceStep
from ...core.words import players
from ...families.munchkin import WIN_LEVEL
from ..actions import (
    DiscardCard,
    EndTurn,
    GiveCard,
    KickDoor,
    LookForTrouble,
    LootRoom,
    PlayCard,
    Ready,
)
from ..state import (
    CHARITY,
    DEALING,
    END,
    FIRST,
    KICK,
    RUN_ROLL,
    STAGE,
    STEAL_ROLL,
    TROUBLE,
    Draw,
)

#: (deck, player, face) -> the Draw (frozen: one object serves every queue)
_DRAWS: dict[tuple[str, int, str], Draw] = {}
#: (player, deck) -> what the others read of a face-down draw
_HIDDEN: dict[tuple[int, str], str] = {}


class DoorRules:
    """The door rules of :class:`~tablerules.munchkin.game.MunchkinGame` (a mixin: ``self`` is the game)."""

    def _draw(self, deck: str, copy: str) -> None:
        st = self.state
        pile, discard = (st.door_deck, st.door_discard) if deck == "door" else (st.treasure_deck, st.treasure_discard)
        pile.remove(copy)
        if not pile and discard:
            pile.extend(discard)
            discard.clear()
            self.event(f"the {deck} deck is empty: its discards are shuffled into a new deck")

    def owed_draw_possible(self) -> bool:
        """Before the next owed draw: an empty deck takes its discards (卡牌规则概述: "如果某个牌堆抽完了，重洗相应
        的弃牌"); with no discards either, the draw is dropped ("那么没人能再抽这种牌了"), and a door that
        cannot be kicked open opens on nothing. Whatever was discarded after the deck ran dry is drawn
        again, so an owed draw never waits on an empty deck (no deadlock)."""
        draw = self.state.draws[0]
        pile, discard = (self.state.door_deck, self.state.door_discard) if draw.deck == "door" else (
            self.state.treasure_deck, self.state.treasure_discard)
        if pile:
            return True
        if discard:
            pile.extend(discard)
            discard.clear()
            self.event(f"the {draw.deck} deck is empty: its discards are shuffled into a new deck")
            return True
        self.state.draws = [d for d in self.state.draws if d.deck != draw.deck]
        self.event(f"no {draw.deck.capitalize()} card is left, nor any discard: nobody draws one")
        if draw.face == "up":
            self.event("the door opens on nothing")
            self.state.flow.goto(STAGE[TROUBLE])
        return False

    def _queue_draws(self, player: int, deck: str, n: int, face: str = "down") -> None:
        cards = self.state.door_deck if deck == "door" else self.state.treasure_deck
        available = len(cards) + len(self.state.door_discard if deck == "door" else self.state.treasure_discard)
        queued = sum(1 for d in self.state.draws if d.deck == deck)
        n = min(n, available - queued)  # with no cards and no discards, nobody draws
        if n > 0:
            draw = _DRAWS.get((deck, player, face))
            if draw is None:
                draw = _DRAWS[deck, player, face] = Draw(deck, player, face)
            self.state.draws += [draw] * n

    def _do_Chance(self, action: Chance) -> None:
        st = self.state
        if st.loot_roll:
            self.roll_loot_order(str(action.outcome))
            return
        stage = st.flow.name
        if stage == RUN_ROLL:
            self.roll_to_run(int(action.outcome))
            return
        if stage == STEAL_ROLL:
            self.steal(int(action.outcome))
            return
        if stage == FIRST:
            self.begin(int(action.outcome))
            return
        draw = st.draws.pop(0)
        deck, player, face = draw.deck, draw.player, draw.face
        copy = str(action.outcome)
        self._draw(deck, copy)
        card = self.card(copy)
        if card.kind == "divine_intervention":  # played as it is drawn, however it is drawn
            self.divine_intervention(copy)
            if face == "up":
                st.flow.goto(STAGE[TROUBLE])
        elif face == "up":
            self.kicked(copy)
        else:  # face down, or drawn openly for all to see when a helper shares the treasure
            st.players[player].hand.append(copy)
            if player != st.current and card.deck == "treasure":
                self.got(player, copy)
            if face == "down":  # only the drawer reads the card
                hidden = _HIDDEN.get((player, deck))
                if hidden is None:
                    hidden = _HIDDEN[player, deck] = f"player {player} draws a {deck.capitalize()} card face down"
                self.event(f"player {player} draws {card.name} face down", seen_by=(player,), hidden=hidden)
            else:
                self.event(f"player {player} draws {card.name} face up")

    def got(self, player: int, copy: str) -> None:
        """A card came into ``player``'s hand: a Treasure got outside their own turn may still be put into
        play at once, until this turn ends (宝藏: "所有宝藏牌都可以在得到时立刻，或之后你回合中的任意时刻出示到
        桌面上")."""
        if player != self.state.current and self.card(copy).deck == "treasure" and self.state.flow.name != DEALING:
            self.state.got_now.add(copy)

    def _do_Ready(self, action: Ready) -> None:
        self.state.creating += 1
        if self.state.creating >= self.params.players:
            if self.params.first_player >= 0:
                self.begin(self.params.first_player)
            else:  # 游戏开始和结束: "投骰决定谁先开始"
                self.state.flow.goto(STAGE[FIRST])
                self.event("the players roll to decide who goes first")

    def first_player_step(self) -> ChanceStep:
        """Everybody rolls, the highest goes first and ties roll again: each seat equally likely."""
        n = self.params.players
        return ChanceStep("first", "the players roll to decide who goes first",
                          tuple((Chance("first", seat), Fraction(1, n)) for seat in range(n)))

    def begin(self, first: int) -> None:
        """The first turn: ``first`` kicks open the door; play goes on to the left (next seat)."""
        self.state.current = first
        self.state.flow.goto(STAGE[KICK])
        self.event(f"player {first} starts")
        self.start_turn()

    def _do_PlayCard(self, action: PlayCard) -> None:
        me = self.state.players[action.player]
        card = self.card(action.card)
        me.hand.remove(action.card)
        if action.second:
            me.hand.remove(action.second)
        if card.kind == "race":
            if me.race is None:
                me.race = action.card
            else:
                me.race2 = action.card
        elif card.kind == "class":
            me.cls = action.card
        elif card.kind == "half_breed":  # 混血: half human and half your race, or two races
            me.half_breed = action.card
            me.race2 = action.second or None
        elif card.kind == "super_munchkin":  # 超级小白: a second class
            me.super_munchkin, me.cls2 = action.card, action.second
        elif card.kind in ("item", "one_shot"):  # a one-shot may be carried on the table, to use from there
            me.carried.append(action.card)
        elif card.kind == "go_up_a_level":
            me.level += 1
            self.state.treasure_discard.append(action.card)
        self.event(f"player {action.player} plays {card.name}" + (
            f" with {self.card(action.second).name}" if action.second else "") + (
            f" (level {me.level})" if card.kind == "go_up_a_level" else ""))

    def start_turn(self) -> None:
        self.state.met_monster = False
        self.state.sold = 0
        self.state.halfling_sold = False
        self.state.traded_with = set()
        self.state.shown = set()
        self.state.got_now = set()
        me = self.state.players[self.state.current]
        self.state.fresh -= set(me.carried)
        if me.redraw:
            me.redraw = False
            self.event(f"player {self.state.current}'s new character draws 2 Door and 2 Treasure cards")
            self._queue_draws(self.state.current, "door", 2)
            self._queue_draws(self.state.current, "treasure", 2)

    def _do_KickDoor(self, action: KickDoor) -> None:
        self._queue_draws(self.state.current, "door", 1, face="up")
        if not self.state.draws:
            self.event("no Door card is left: the door opens on nothing")
            self.state.flow.goto(STAGE[TROUBLE])

    def kicked(self, copy: str) -> None:
        """Kick open the door: a monster is fought, a curse strikes, anything else goes to the hand."""
        card = self.card(copy)
        self.event(f"player {self.state.current} kicks open the door: {card.name} ({card.name_zh})")
        if card.kind == "monster":
            self.start_combat(copy)
        elif card.kind == "curse":
            self.curse(self.state.current, copy)
            self.state.flow.goto(STAGE[TROUBLE])
        else:
            self.state.players[self.state.current].hand.append(copy)
            self.state.flow.goto(STAGE[TROUBLE])

    def _do_LookForTrouble(self, action: LookForTrouble) -> None:
        self.state.players[action.player].hand.remove(action.card)
        self.event(f"player {action.player} looks for trouble: {self.card(action.card).name}")
        self.start_combat(action.card)

    def _do_LootRoom(self, action: LootRoom) -> None:
        self.event(f"player {action.player} loots the room (a Door card, face down)")
        self.state.flow.goto(STAGE[END])
        self._queue_draws(action.player, "door", 1)

    def divine_intervention(self, copy: str) -> None:
        """Divine Intervention, played as it is drawn: every cleric goes up a level, and a cleric may
        reach level 10 this way (游戏开始和结束: "你必须通过杀死怪物或神祇干涉获胜")."""
        self.state.door_discard.append(copy)
        self.event("Divine Intervention: every cleric goes up a level")
        reached = []
        for i, p in enumerate(self.state.players):
            if "cleric" in self._frozen_tags(i):
                p.level = min(WIN_LEVEL, p.level + 1)
                self.event(f"player {i}, a cleric, goes up to level {p.level}")
                if p.level >= WIN_LEVEL:
                    reached.append(i)
        if reached:
            self.state.ten_by_rule.update(reached)
            self.state.winners = tuple(reached)
            self.state.over_reason = f"{players(reached)} reached level 10 by Divine Intervention"
            self.event(self.state.over_reason)

    def _do_EndTurn(self, action: EndTurn) -> None:
        """Charity (慈善捐赠): more cards than the hand limit go to the lowest level, or are discarded."""
        if len(self.state.players[action.player].hand) > self.hand_limit(action.player):
            self.state.charity_giver = action.player
            self.state.charity_given = {}
            self.state.flow.goto(STAGE[CHARITY])
            self.event(f"player {action.player} has too many cards: charity")
        else:
            self.next_turn()

    def _do_GiveCard(self, action: GiveCard) -> None:
        self.state.players[action.player].hand.remove(action.card)
        self.state.players[action.to].hand.append(action.card)
        self.got(action.to, action.card)
        self.state.charity_given[action.to] = self.state.charity_given.get(action.to, 0) + 1
        self.event(f"player {action.player} gives {self.card(action.card).name} to player {action.to}")

    def _do_DiscardCard(self, action: DiscardCard) -> None:
        self.state.players[action.player].hand.remove(action.card)
        self._discard(action.card)
        self.event(f"player {action.player} discards {self.card(action.card).name}")

    def next_turn(self) -> None:
        ending = self.state.current
        if len(self.state.players[ending].hand) > self.hand_limit(ending):
            self.state.over_limit.append(ending)  # charity failed: the invariants report it
        self.state.turns += 1
        if self.state.turns >= self.params.max_turns:
            self.state.over_reason = f"nobody reached level 10 in {self.params.max_turns} turns"
            self.event(self.state.over_reason)
            return
        self.state.current = (self.state.current + 1) % self.params.players
        self.state.flow.goto(STAGE[KICK])
        self.start_turn()
