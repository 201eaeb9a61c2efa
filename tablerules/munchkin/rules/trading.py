"""Selling items for levels, trading items in play, the thief's steal, the cleric's
resurrection and Cheat!.

Seed 000, 交易: "你只能交易桌面上的物品...你可以在任意时刻交易——但战斗时不行...当你通过交易得到物品时，必须将
它们放在桌面上；在你的回合之前，你不能卖掉它们" (trade only items in play, at any time but not in a fight;
traded items go into play and cannot be sold before your turn); 宝藏: 1000 gold of items buys a level,
never level 10; 职业: "注意盗贼不能在战斗时偷窃" (a thief never steals in a fight).
"""

from __future__ import annotations

from ...families.munchkin import buy_levels
from ..actions import (
    STEAL_NEED,
    AnswerTrade,
    GiveItem,
    OfferTrade,
    PlayCheat,
    Resurrect,
    SellItem,
    ShowHand,
    Steal,
    _name,
)
from ..state import (
    STAGE,
    STEAL_ROLL,
    TRADE,
    Theft,
    Trade,
)


class Trading:
    """The trading rules of :class:`~tablerules.munchkin.game.MunchkinGame` (a mixin: ``self`` is the game)."""

    def _do_SellItem(self, action: SellItem) -> None:
        """1000 gold of items sold buys a level; a halfling sells one item a turn at double value."""
        me = self.state.players[action.player]
        card = self.card(action.card)
        if action.card in me.hand:
            me.hand.remove(action.card)
        else:
            self._unequip(action.player, action.card)
        self.state.treasure_discard.append(action.card)
        value = card.value
        if "halfling" in self._frozen_tags(action.player) and not self.state.halfling_sold:
            value *= 2
            self.state.halfling_sold = True
        self.state.sold += value
        self.state.sold, level = buy_levels(self.state.sold, me.level)
        for bought in range(me.level + 1, level + 1):
            me.level = bought
            self.event(f"player {action.player} buys a level (level {bought})")
        self.event(f"player {action.player} sells {card.name} for {value} gold "
                   f"({self.state.sold} gold towards a level)")

    def _do_PlayCheat(self, action: PlayCheat) -> None:
        me = self.state.players[action.player]
        me.hand.remove(action.card)
        if action.item in me.hand:
            me.hand.remove(action.item)
            me.carried.append(action.item)
        me.cheats[action.item] = action.card
        self.event(action.describe())

    def _unequip(self, player: int, copy: str) -> None:
        """An item leaves play; a Cheat! on it is discarded with it."""
        me = self.state.players[player]
        me.carried.remove(copy)
        if copy in me.cheats:
            self.state.door_discard.append(me.cheats.pop(copy))

    def discard_own(self, player: int, copy: str) -> None:
        """Discard a card from ``player``'s hand or from play (an item in play, with its Cheat!)."""
        if copy in self.state.players[player].hand:
            self.state.players[player].hand.remove(copy)
        else:
            self._unequip(player, copy)
        self._discard(copy)

    def _do_Steal(self, action: Steal) -> None:
        self.discard_own(action.player, action.card)
        self.state.theft = Theft(action.player, action.victim, action.item)
        self.state.flow.push(STAGE[STEAL_ROLL])
        self.event(action.describe())

    def steal(self, face: int) -> None:
        """4+ (Chicken on Your Head: -1) takes the item; otherwise the victim whacks the thief: -1 level."""
        theft = self.state.theft
        thief, victim, item = theft.thief, theft.victim, theft.item
        total = face + self.chicken(thief)
        if total >= STEAL_NEED:
            self._unequip(victim, item)
            self.state.players[thief].carried.append(item)  # it fits (offered only then): from table to table
            self.event(f"player {thief} rolls {total} and steals {self.card(item).name}")
        else:
            me = self.state.players[thief]
            me.level = max(1, me.level - 1)
            self.event(f"player {thief} rolls {total}: caught, and whacked down to level {me.level}")
        self.state.theft = None
        self.state.flow.pop()

    def _do_Resurrect(self, action: Resurrect) -> None:
        copy = self.state.door_discard.pop()
        self.discard_own(action.player, action.card)
        self.event(f"player {action.player} resurrects {self.card(copy).name} instead of kicking the door open")
        if self.card(copy).kind == "divine_intervention":
            self.divine_intervention(copy)
        else:
            self.kicked(copy)

    def _do_OfferTrade(self, action: OfferTrade) -> None:
        self.state.trade = Trade(action.player, action.give, action.to, action.get)
        self.state.traded_with.add((action.player, action.to))
        self.state.flow.push(STAGE[TRADE])
        self.event(action.describe())

    def _do_GiveItem(self, action: GiveItem) -> None:
        """A gift goes into play for its new owner, who cannot sell it before their next turn (交易)."""
        self._unequip(action.player, action.item)
        self.state.players[action.to].carried.append(action.item)
        self.state.fresh.add(action.item)
        self.event(action.describe())

    def _do_ShowHand(self, action: ShowHand) -> None:
        """The hand is shown to the other players: its cards are in everybody's log (交易: "你可以让其他小白看你的
        手牌"); the seats' views of the table keep the hand private."""
        self.state.shown.add(action.player)
        cards = ", ".join(_name(c) for c in sorted(self.state.players[action.player].hand))
        self.event(f"{action.describe()}: {cards}")

    def _do_AnswerTrade(self, action: AnswerTrade) -> None:
        """Traded items go into play at once and cannot be sold before the new owner's next turn (交易)."""
        offer = self.state.trade
        if action.accept:
            self._unequip(offer.player, offer.give)
            self._unequip(offer.to, offer.get)
            self.state.players[offer.player].carried.append(offer.get)
            self.state.players[offer.to].carried.append(offer.give)
            self.state.fresh |= {offer.give, offer.get}
        self.event(action.describe())
        self.state.trade = None
        self.state.flow.pop()
