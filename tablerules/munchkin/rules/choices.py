"""The legal actions of every stage, the any-time actions, and why an action is refused.

Seed 000, 诅咒: "它们可以在任何时刻对任何小白使用。任何时刻，明白吗？" (curses may be played on any munchkin at any
time); 人物属性: "你可以在任意时刻弃掉职业牌" (give up a class at any time); 交易: trading is allowed at any time
except in a fight. One action per distinct choice: two copies of a card are one action
(:func:`~tablerules.core.cards.distinct`). A refused action names its rule (:data:`RULE_OF`).
"""

from __future__ import annotations

from typing import Any

from ...core.actions import made
from ...core.cards import distinct
from ...core.charity import next_recipients
from ...core.protocol import Action, Chance
from ...families.munchkin import WIN_LEVEL
from ..actions import (
    CHARM_MIN_HAND,
    FROM_HAND,
    MAX_POWER_DISCARDS,
    POWER_CLASS,
    RULE_OF,
    AnswerHelp,
    AnswerTrade,
    AskHelp,
    Backstab,
    Charm,
    ChaseAway,
    ChooseLoss,
    ClassPower,
    DiscardCard,
    EndTurn,
    Fight,
    GiveCard,
    GiveItem,
    GiveUp,
    KickDoor,
    LookForTrouble,
    LootBody,
    LootRoom,
    OfferTrade,
    Pass,
    PlayCard,
    PlayCheat,
    PlayCurse,
    PlayEnhancer,
    PlayMate,
    PlayOneShot,
    PlayWandering,
    Ready,
    RemoveCurse,
    Resurrect,
    RollToRun,
    RunAway,
    SellItem,
    ShowHand,
    Steal,
    _name,
    one_each,
)
from ..state import (
    ANYTIME,
    ASKING,
    CHARITY,
    COMBAT,
    CREATION,
    END,
    INTERFERENCE,
    KICK,
    LOOTING,
    RUNNING,
    TRADE,
    TROUBLE,
)
from .strength import usable_by

#: (fighter, player asked, treasures + 1, *items offered) -> the AskHelp actions, shared by every game
_ASKS: dict[tuple, list[Action]] = {}
#: the kinds of card that can be sold from the hand
_SELLABLE = ("item", "one_shot", "remove_curse")


class Choices:
    """The choices rules of :class:`~tablerules.munchkin.game.MunchkinGame` (a mixin: ``self`` is the game)."""

    def player_actions(self) -> list[Action]:
        if self.state.choice is not None:
            return [made(ChooseLoss, self.state.choice.victim, c) for c in self.state.choice.options]
        stage = self.state.flow.name
        p = self.state.current
        if stage == CREATION:
            return [*self._plays(self.state.creating, creation=True), made(Ready, self.state.creating)]
        # giving up a race or class, curses and trades are any-time actions: the protocol adds them
        if stage == KICK:
            return [*self._own_turn(p), *self._resurrections(p), made(KickDoor, p)]
        if stage == TROUBLE:
            trouble = [made(LookForTrouble, p, c) for c in self.hand_kinds(p).get("monster", ())]
            return [*self._own_turn(p), *trouble, made(LootRoom, p)]
        if stage == END:
            return [*self._own_turn(p), made(EndTurn, p)]
        if stage == TRADE:
            return [made(AnswerTrade, self.state.trade.to, True), made(AnswerTrade, self.state.trade.to, False)]
        if stage == COMBAT:
            return self._combat_actions()
        if stage == INTERFERENCE:
            return self._interference_actions()
        if stage == RUNNING:
            runner = self.state.combat.runners[0]
            rolls = [made(RollToRun, runner, m) for m in self.one_per_monster(self.state.combat.chasing)]
            return [*self._power_actions(runner, "flight"), *rolls]
        if stage == ASKING:
            return [made(AnswerHelp, self.state.combat.asked, True), made(AnswerHelp, self.state.combat.asked, False)]
        if stage == LOOTING:
            looter = self.state.looters[0]
            return [made(LootBody, looter, c) for c in one_each(self.state.body)]
        if stage == CHARITY:
            return self._charity_actions()
        return []

    def _own_turn(self, p: int) -> list[Action]:
        """What the player whose turn it is may do outside a fight besides the stage's own step (each part
        only when the hand or the character allows it)."""
        kinds = self._kinds_now.get(p) or self.hand_kinds(p)
        out = self._plays(p) if kinds else []
        if "cheat" in kinds:
            out += self._cheats(p)
        out += self._sales(p)
        if "remove_curse" in kinds:
            out += self._ring(p)
        if "thief" in self._frozen_tags(p):
            out += self._steals(p)
        return out

    def hand_kinds(self, player: int) -> dict[str, list[str]]:
        """``player``'s hand as choices by card kind (one copy per card, sorted: :func:`one_each`),
        remembered per hand (shared by copies; the lists must not be changed), and found once per state
        (``_kinds_now``: a new dictionary after every move and :meth:`refresh`; only the listings read it,
        the hottest ones ``_kinds_now.get(player) or hand_kinds(player)``, without the call)."""
        known = self._kinds_now.get(player)
        if known is not None:
            return known
        hand = tuple(self.state.players[player].hand)
        known = self._kinds.get(hand)
        if known is None:
            if len(self._kinds) > 4096:
                self._kinds.clear()
            known = {}
            for copy in one_each(hand):
                known.setdefault(self.card(copy).kind, []).append(copy)
            self._kinds[hand] = known
        self._kinds_now[player] = known
        return known

    def carried_choices(self, player: int, copies: list[str] | None = None) -> list[str]:
        """One copy per card among ``player``'s items in play (or ``copies`` of them), sorted: a copy
        without a Cheat! on it stands for the others (losing or giving it keeps the Cheat!)."""
        me = self.state.players[player]
        copies = me.carried if copies is None else copies
        if not me.cheats:
            return one_each(copies)
        plain = distinct(c for c in copies if c not in me.cheats)
        ids = {self.card(c).id for c in plain}
        return sorted(plain + [c for c in distinct(c for c in copies if c in me.cheats) if self.card(c).id not in ids])

    def one_per_monster(self, monsters: list[str]) -> list[str]:
        """Monsters of a fight as choices: two copies of one monster are one choice (the first in the
        fight stands for them); a Mate is a choice of its own."""
        seen: set[str] = set()
        out = []
        for copy in monsters:
            key = copy if copy in self.state.combat.mate_of else self.card(copy).id
            if key not in seen:
                seen.add(key)
                out.append(copy)
        return out

    def _plays(self, player: int, creation: bool = False) -> list[Action]:
        """Cards a player may put into play on their turn outside combat (or while creating: a race, a class and
        items, 人物创建 "出示各一张"; Half-Breed, Super Munchkin and Go Up a Level wait for your turn)."""
        me = self.state.players[player]
        out: list[Action] = []
        hand = one_each(me.hand)
        for copy in hand:
            card = self.card(copy)
            kind = card.kind  # whether a card of this kind may go into play now (worked out for its kind only)
            if kind == "race":
                playable = self._race_fits(player, copy)
            elif kind == "class":
                playable = me.cls is None
            elif kind == "half_breed":  # 人物创建: "出示各一张": one race and one class card while creating
                playable = me.race is not None and me.half_breed is None and not creation
            elif kind in ("item", "one_shot"):
                playable = self.can_carry(player, copy)
            else:
                playable = kind == "go_up_a_level" and me.level < WIN_LEVEL - 1 and not creation
            if playable:
                out.append(made(PlayCard, player, copy))
            if kind == "half_breed" and playable:  # with a second race at once
                out += [made(PlayCard, player, copy, r) for r in hand if self.card(r).kind == "race"
                        and self.card(r).race != self.card(me.race).race]
            if card.kind == "super_munchkin" and me.cls and not me.super_munchkin and not creation:  # with a 2nd class
                out += [made(PlayCard, player, copy, x) for x in hand if self.card(x).kind == "class"
                        and self.card(x).cls != self.card(me.cls).cls]
        return out

    def _race_fits(self, player: int, copy: str) -> bool:
        """One race; a second (different) one only while a Half-Breed is in play."""
        me = self.state.players[player]
        if me.race is None:
            return True
        return bool(me.half_breed) and me.race2 is None and self.card(copy).race != self.card(me.race).race

    def _cheats(self, player: int) -> list[Action]:
        """Cheat!: an item from the hand that does not fit, or one in play you may not use."""
        me = self.state.players[player]
        cards = self.hand_kinds(player).get("cheat")
        if not cards:
            return []
        items = distinct(c for c in me.carried if c not in me.cheats and not self.usable(player, self.card(c)))
        in_play = {self.card(c).id for c in items}  # a copy in play and one in the hand: the one in play
        misfits = [c for c in self.hand_kinds(player).get("item", ()) if not self.can_carry(player, c)]
        items += [c for c in misfits if self.card(c).id not in in_play]
        return [made(PlayCheat, player, card, item) for card in cards for item in sorted(items)]

    def _ring(self, player: int) -> list[Action]:
        """Wishing Ring: rid anyone of a lasting curse."""
        rings = self.hand_kinds(player).get("remove_curse")
        if not rings:
            return []
        return [made(RemoveCurse, player, ring, t, curse) for ring in rings for t in range(self.params.players)
                for curse in one_each(self.state.players[t].curses)]

    def _steals(self, player: int) -> list[Action]:
        """The thief's steal, on your turn and never in a fight: a small item another player has in play that the
        thief can carry once the discarded card is gone (卡牌规则概述: "已在桌面上的牌不能回手": table to table)."""
        if "thief" not in self._frozen_tags(player):
            return []
        discards = self.power_discards(player)
        return [made(Steal, player, card, v, item) for v in range(self.params.players) if v != player
                for item in self.carried_choices(v) if not self.card(item).big for card in discards
                if self.can_carry(player, item, without=card)]

    def _resurrections(self, player: int) -> list[Action]:
        if "cleric" not in self._frozen_tags(player) or not self.state.door_discard:
            return []
        return [made(Resurrect, player, card) for card in self.power_discards(player)]

    def _trades(self, player: int, mine: list[str] | None = None, seats: list | None = None) -> list[Action]:
        """Swaps of items in play, outside combat, by anyone at any time (交易); one offer to each player a
        turn; both items must fit. (``mine``: :meth:`carried_choices` of ``player``; ``seats``: each
        other seat with its :meth:`fits` table, when the caller has them.)"""
        mine = self.carried_choices(player) if mine is None else mine
        out: list[Action] = []
        if not mine:
            return out
        my_fits = self.fits(player)
        my_tags = self._frozen_tags(player)
        for to, their_fits in seats or [(to, None) for to in range(self.params.players) if to != player]:
            if (player, to) in self.state.traded_with:
                continue
            theirs = self.carried_choices(to)
            if not theirs:
                continue
            tags = self._frozen_tags(to)  # restrictions first (usable): cheap
            they_may = {c for c in mine if usable_by(tags, self.card(c))}
            if not they_may:
                continue
            i_may = sorted({c for c in theirs if usable_by(my_tags, self.card(c))})
            their_fits = self.fits(to) if their_fits is None else their_fits
            for give in sorted(they_may):
                for get in i_may:
                    ok = their_fits.get((give, get))
                    if ok is None:
                        ok = their_fits[give, get] = self._can_carry(to, give, get)
                    if ok:
                        mine_ok = my_fits.get((get, give))
                        if mine_ok is None:
                            mine_ok = my_fits[get, give] = self._can_carry(player, get, give)
                        if mine_ok:
                            out.append(made(OfferTrade, player, give, to, get))
        return out

    def _gifts(self, player: int, mine: list[str] | None = None, seats: list | None = None) -> list[Action]:
        """Items in play given outright to another player who could carry them, outside a fight (交易:
        "你也可以不交易直接赠送其他小白物品来贿赂他们")."""
        mine = self.carried_choices(player) if mine is None else mine
        seats = seats or [(to, self.fits(to)) for to in range(self.params.players) if to != player]
        out: list[Action] = []
        for item in mine:
            for to, fits in seats:
                ok = fits.get(item)
                if ok is None:
                    ok = fits[item] = self._can_carry(to, item)
                if ok:
                    out.append(made(GiveItem, player, item, to))
        return out

    def anytime_actions(self, player: int) -> list[Action]:
        """What ``player`` may do out of turn, whoever is to act (任何时候): give up a race or class
        (人物属性: "你可以在任意时刻弃掉种族牌"), curse anyone (诅咒), Go Up a Level (not to level 10), one-shots
        in a fight, and offers to trade items in play outside a fight (交易). Not while a roll, a choice,
        a trade offer, looting or charity is pending; while a player runs away only the curses, give-ups and Go Up
        a Level that "任何时刻" names (docs/rules/munchkin.md)."""
        st = self.state
        running = st.flow.name == RUNNING
        if st.over_reason or st.choice is not None or st.draws or (st.flow.name not in ANYTIME and not running) or not (
                isinstance(player, int) and 0 <= player < self.params.players):
            return []
        me = st.players[player]
        kinds = self._kinds_now.get(player) or self.hand_kinds(player)
        c = st.combat
        out = self._give_ups(player) if me.race or me.race2 or me.cls or me.cls2 else []
        curses = kinds.get("curse")
        if curses:  # 诅咒: "可以在任何时刻对任何小白使用。任何时刻，明白吗？" - in a fight too, on anyone
            out += [made(PlayCurse, player, x, t) for x in curses for t in range(self.params.players)]
        ups = kinds.get("go_up_a_level")
        if ups and me.level < WIN_LEVEL - 1:
            out += [made(PlayCard, player, x) for x in ups]
        if running:
            return out
        if c is None:
            if me.carried:  # my items in play and the other seats' fit tables, read once for both
                mine = self.carried_choices(player)
                seats = [(to, self.fits(to)) for to in range(self.params.players) if to != player]
                out += self._trades(player, mine, seats) + self._gifts(player, mine, seats)
            if me.hand and player not in st.shown:  # 交易: "你可以让其他小白看你的手牌", as trades: outside fights
                out.append(made(ShowHand, player))
            if player != st.current and st.got_now:  # a Treasure just got, put into play at once (宝藏——出示)
                got = one_each([x for x in me.hand if x in st.got_now])
                out += [made(PlayCard, player, x) for x in got
                        if self.card(x).kind in ("item", "one_shot") and self.can_carry(player, x)]
        else:
            one_shots = self.one_shots(player) if me.carried or "one_shot" in kinds else ()
            if one_shots:
                sides = ("munchkin",) if player in c.side else ("monster", "munchkin")
                out += [made(PlayOneShot, player, x, side) for x in one_shots for side in sides]
            if player == c.helper:  # the helper's own class powers (请求帮助: the monster's and the helper's)
                out += self._power_actions(player, "berserk") + self._power_actions(player, "turning")
                out += self._chases(player)
        return out

    def _give_ups(self, player: int) -> list[Action]:
        me = self.state.players[player]
        out = []
        for x in (me.race, me.race2, me.cls, me.cls2):
            if x:
                out.append(made(GiveUp, player, x))
        return out

    def _curses(self, player: int, targets: Any) -> list[Action]:
        """Curses from the hand, on anyone (yourself included) — here on your turn and in a fight's window."""
        return [made(PlayCurse, player, c, t) for c in self.hand_kinds(player).get("curse", ()) for t in targets]

    def _sales(self, player: int) -> list[Action]:
        """Selling items for levels (1000 gold a level, not to level 10), on your turn outside combat."""
        me = self.state.players[player]
        if me.level >= WIN_LEVEL - 1:
            return []
        fresh = self.state.fresh
        if not fresh.isdisjoint(me.hand):
            items = distinct(c for c in me.hand if self.card(c).kind in _SELLABLE and self.card(c).value
                             and c not in fresh)
        else:  # no card of the hand was traded: its sellable cards by kind (one copy each, as distinct)
            kinds = self.hand_kinds(player)
            items = [c for kind in _SELLABLE for c in kinds.get(kind, ()) if self.card(c).value]
        if me.carried:
            in_hand = {self.card(c).id for c in items}  # a copy in the hand and one in play: the one in the hand
            items += [c for c in self.carried_choices(player) if self.card(c).value and c not in fresh
                      and self.card(c).id not in in_hand]  # traded items: not before your next turn
        return [made(SellItem, player, c) for c in sorted(items)]

    def one_shots(self, player: int) -> list[str]:
        """One-shots ``player`` may use in a fight: from the hand or from the table (宝藏——使用: "任何一次性
        （"只能使用一次"）牌都可以在任何战斗中使用，无论是在手牌上还是在桌面上")."""
        me = self.state.players[player]
        in_hand = self.hand_kinds(player).get("one_shot", ())
        if not me.carried:
            return list(in_hand)
        return [*in_hand, *one_each([x for x in me.carried if self.card(x).kind == "one_shot"])]

    def power_discards(self, player: int) -> list[str]:
        """What a class power may discard (职业: "你可以弃掉任何手牌或桌面牌来启动特殊能力"): any card in the hand,
        or an item in play."""
        return one_each(self.state.players[player].hand) + self.carried_choices(player)

    def _power_actions(self, player: int, power: str) -> list[Action]:
        """Up to 3 cards for each munchkin's berserk, turning or flight a fight; the helper's own powers
        count too (请求帮助: "他可以弃牌狂暴来增强战斗力", "如果有个牧师来帮你对付吸血鬼扇子，那么他可以直接驱逐它")."""
        c = self.state.combat
        if POWER_CLASS[power] not in self._frozen_tags(player):
            return []
        if sum(1 for x in c.power_cards(power) if c.powers_by.get(x, c.fighter) == player) >= MAX_POWER_DISCARDS:
            return []
        if power == "turning" and not any(self.foe(m).undead for m in c.monsters):
            return []
        return [made(ClassPower, player, power, x) for x in self.power_discards(player)]

    def _combat_actions(self) -> list[Action]:
        c = self.state.combat
        f = c.fighter
        me = self.state.players[f]
        kinds = self.hand_kinds(f)
        out: list[Action] = [made(PlayOneShot, f, copy, "munchkin") for copy in self.one_shots(f)]
        if "enhancer" in kinds or "go_up_a_level" in kinds or "item" in kinds:
            targets = None
            own_turn = f == self.state.current
            for copy in one_each(me.hand):
                kind = self.card(copy).kind
                if kind == "enhancer":  # in your own fight too, for its treasures
                    if targets is None:
                        targets = [m for m in self.one_per_monster(c.monsters) if m not in c.mate_of]
                    out += [made(PlayEnhancer, f, copy, m) for m in targets]
                elif kind == "go_up_a_level" and me.level < WIN_LEVEL - 1:
                    out.append(made(PlayCard, f, copy))
                elif kind == "item" and own_turn and self.can_carry(f, copy):
                    out.append(made(PlayCard, f, copy))  # 宝藏——使用: "如果是你的回合，你可以出示并立刻使用它们"
        tags = self._frozen_tags(f)  # each part below only when the hand or the character allows it
        if "warrior" in tags:
            out += self._power_actions(f, "berserk")
        if "cleric" in tags:
            out += self._power_actions(f, "turning")
        if me.race or me.race2 or me.cls or me.cls2:
            out += self._give_ups(f)
        if "mate" in kinds:
            out += self._mates(f)
        if not tags.isdisjoint(self.chasers):
            out += self._chases(f)
        if "wandering" in kinds:
            out += self._wanderings(f)  # 干预战斗: "任何一场战斗"
        if "wizard" in tags and len(me.hand) >= CHARM_MIN_HAND:
            out += [made(Charm, f, m) for m in self.one_per_monster(c.monsters)]
        if c.helper is None:  # one helper at most, asked in turn, bribed with treasure and/or an item
            out += self._asks(f, c.refused, self.carried_choices(f) if me.carried else ())
        out += [made(Fight, f), made(RunAway, f)]
        return out

    def _asks(self, f: int, refused: list[int], mine: list[str]) -> list[Action]:
        """``f`` asks each player who has not refused, for each share of the treasures (0 to all) with
        or without an item in play the player could carry, and for a share of part of them, who draws first
        (请求帮助: "你必须确定好是你先抽，还是他先抽"): the offers to one player are remembered by
        (fighter, player, treasures, items) (they are listed again after every refusal)."""
        offers = self.treasure_count() + 1
        out: list[Action] = []
        for q in range(self.params.players):
            if q == f or q in refused:
                continue
            if mine:
                fits = self.fits(q)
                items = [""]
                for x in mine:
                    ok = fits.get(x)
                    if ok is None:
                        ok = fits[x] = self._can_carry(q, x)
                    if ok:
                        items.append(x)
                key = (f, q, offers, *items)
            else:
                key = (f, q, offers, "")
            known = _ASKS.get(key)
            if known is None:
                if len(_ASKS) >= 1 << 14:
                    _ASKS.clear()
                known = _ASKS[key] = [made(AskHelp, f, q, n, item, first) for n in range(offers) for item in key[3:]
                                      for first in ((False, True) if 0 < n < offers - 1 else (False,))]
            out += known
        return out

    def _chases(self, player: int) -> list[Action]:
        """A munchkin of the fight whose class a monster fears may chase it away (请求帮助: "如果有个牧师来帮你
        对付吸血鬼扇子，那么他可以直接驱逐它")."""
        tags = self._frozen_tags(player)
        if tags.isdisjoint(self.chasers):  # no monster fears this munchkin's classes
            return []
        return [made(ChaseAway, player, m) for m in self.one_per_monster(self.state.combat.monsters)
                if self.foe(m).chased_by and self.foe(m).chased_by in tags]

    def _wanderings(self, player: int) -> list[Action]:
        """Wandering Monster with each monster in the hand."""
        kinds = self.hand_kinds(player)
        wanderings = kinds.get("wandering")
        if not wanderings:
            return []
        return [made(PlayWandering, player, w, m) for w in wanderings for m in kinds.get("monster", ())]

    def _mates(self, player: int) -> list[Action]:
        mates = self.hand_kinds(player).get("mate", ())
        if not mates:
            return []
        targets = [m for m in self.one_per_monster(self.state.combat.monsters) if m not in self.state.combat.mate_of]
        return [made(PlayMate, player, card, m) for card in mates for m in targets]

    def _interference_actions(self) -> list[Action]:
        out: list[Action] = []
        c = self.state.combat
        side = c.side
        targets = None
        for player in c.window.waiting:
            if player in side:  # the helper cannot interfere against their own fight
                out.append(made(Pass, player))
                continue
            kinds = self._kinds_now.get(player) or self.hand_kinds(player)
            me = self.state.players[player]  # each part below only when the hand or the character allows it
            if me.carried or "one_shot" in kinds:
                out += [made(PlayOneShot, player, copy, side) for copy in self.one_shots(player)
                        for side in ("monster", "munchkin")]
            if "enhancer" in kinds or "go_up_a_level" in kinds:
                for copy in one_each(self.state.players[player].hand):
                    kind = self.card(copy).kind
                    if kind == "enhancer":
                        if targets is None:
                            targets = [m for m in self.one_per_monster(c.monsters) if m not in c.mate_of]
                        out += [made(PlayEnhancer, player, copy, m) for m in targets]
                    elif kind == "go_up_a_level" and self.state.players[player].level < WIN_LEVEL - 1:
                        out.append(made(PlayCard, player, copy))  # Go Up a Level at any time, not to 10
            if "curse" in kinds:
                out += self._curses(player, range(self.params.players))  # 对任何小白使用
            if me.race or me.race2 or me.cls or me.cls2:
                out += self._give_ups(player)
            if "remove_curse" in kinds:
                out += self._ring(player)
            if "mate" in kinds:
                out += self._mates(player)
            if "wandering" in kinds:
                out += self._wanderings(player)
            if "thief" in self._frozen_tags(player) and player not in c.backstabbers:
                out += [made(Backstab, player, copy) for copy in self.power_discards(player)]
            out.append(made(Pass, player))
        return out

    def _charity_actions(self) -> list[Action]:
        giver = self.state.charity_giver
        hand = one_each(self.state.players[giver].hand)
        dead = [i for i, p in enumerate(self.state.players) if p.redraw]  # died, no new cards yet: 死人不算
        recipients = next_recipients([p.level for p in self.state.players], giver, self.state.charity_given, dead)
        if not recipients:
            return [made(DiscardCard, giver, c) for c in hand]
        return [made(GiveCard, giver, c, to) for c in hand for to in recipients]

    def illegal_reason(self, action: Action) -> tuple[str, str]:
        """``(rule, why)`` for a refused action: the rule of the action's kind (:data:`RULE_OF`), or
        "turn order" when it is simply not this player's moment."""
        if isinstance(action, Chance):
            return "chance", "that card or face cannot come up now" if self.chance_step() else "nothing is drawn now"
        if self.chance_step() is not None:
            return "chance", f"first resolve: {self.chance_step().description}"
        rule = RULE_OF.get(type(action), "turn order")
        actor = action.actor
        if not isinstance(actor, int) or isinstance(actor, bool) or not 0 <= actor < self.params.players:
            return rule, f"there is no player {actor!r} in this game"
        for name in ("target", "to", "helper", "victim"):
            seat = getattr(action, name, 0)
            if not isinstance(seat, int) or not 0 <= seat < self.params.players:
                return rule, f"there is no player {seat!r} in this game"
        for name in ("card", "second", "item", "monster", "give", "get", "curse"):
            value = getattr(action, name, "")
            if value and value not in self.card_index:
                return rule, f"there is no card {value!r}"
        me = self.state.players[actor]
        in_play = isinstance(action, SellItem) and action.card in me.carried  # items in play are sold too
        if type(action) in FROM_HAND and action.card not in me.hand and not in_play:
            return rule, f"{_name(action.card)} is not in your hand"
        if isinstance(action, SellItem) and me.level >= WIN_LEVEL - 1:
            return rule, "you cannot buy your way to level 10"
        if isinstance(action, PlayCard):
            card = self.card(action.card)
            if card.kind == "go_up_a_level" and me.level >= WIN_LEVEL - 1:
                return "go up a level", "level 10 is reached only by killing a monster"
            c = self.state.combat
            if c is not None and card.kind != "go_up_a_level" and not (
                    card.kind == "item" and actor == c.fighter == self.state.current):
                return "combat", ("no races or classes are put into play during a fight, and items only by the "
                                  "fighter on their own turn (宝藏——使用)")
            if card.kind == "item":
                return "items", f"{card.name} does not fit: slots, hands, big items or restrictions"
        if isinstance(action, LookForTrouble) and self.state.met_monster:
            return rule, "only if no monster came through the door"
        if isinstance(action, ShowHand) and action.player in self.state.shown:
            return rule, "the hand was shown this turn already"
        if isinstance(action, OfferTrade):
            if self.state.combat is not None:
                return rule, "no trading during a fight"
            if (action.player, action.to) in self.state.traded_with:
                return rule, f"one offer to player {action.to} a turn"
        if actor not in self.current_players():
            return "turn order", f"player {actor} cannot act in the {self.stage()} stage"
        return rule, f"{action.describe()} is not possible now"
