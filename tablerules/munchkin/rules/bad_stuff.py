"""Bad stuff and curses (the effect vocabulary), giving up a race or class, death and looting
the body.

Seed 000, 诅咒: "诅咒对受害者立即生效" (a curse strikes at once) and some stay until removed; 战斗: bad stuff
"可能是失去某件物品，或是掉个几级，直至死亡" (losing an item, levels, or death); 死亡: keep race, class and level,
the others loot the body one card each from the highest level down.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import chain, groupby, permutations, product

from ...core.identity import drop_identity
from ...core.protocol import Chance, ChanceStep
from ...families.munchkin import item_in_slot
from ..actions import (
    CHANGE_SEX_PENALTY,
    LASTING,
    ChooseLoss,
    GiveUp,
    LootBody,
    PlayCurse,
    RemoveCurse,
)
from ..state import (
    LOOTING,
    Choice,
    Loss,
)


class BadStuff:
    """The bad stuff rules of :class:`~tablerules.munchkin.game.MunchkinGame` (a mixin: ``self`` is the game)."""

    def _do_GiveUp(self, action: GiveUp) -> None:
        self.event(f"player {action.player} is no longer a {self.card(action.card).name}")
        self._drop_identity(action.player, action.card)

    def _drop_identity(self, player: int, copy: str) -> None:
        """A race or class leaves play; with no race left the Half-Breed goes, with either class gone the
        Super Munchkin goes (混血和超级小白)."""
        for gone in drop_identity(self.state.players[player], copy, super_needs_two_classes=True):
            self._discard(gone)
            if gone != copy:
                self.event(f"player {player} loses {self.card(gone).name} with it")

    def _do_PlayCurse(self, action: PlayCurse) -> None:
        """A curse from the hand strikes at once (if it can) and is discarded."""
        card = self.card(action.card)
        self.state.players[action.player].hand.remove(action.card)
        self.curse(action.target, action.card)
        self.interfere(action.player)
        self.event(f"player {action.player} curses player {action.target}: {card.name}")

    def curse(self, target: int, copy: str) -> None:
        """A curse strikes at once and is discarded; Change Sex and Chicken on Your Head stay with the
        victim (诅咒: "保留这些卡牌直到你摆脱它们")."""
        card = self.card(copy)
        if any(e.effect in LASTING for e in card.effects):
            self.state.players[target].curses.append(copy)
        else:
            self.state.door_discard.append(copy)
        self.state.losses += [Loss(target, e, card.name) for e in card.effects]

    def _do_RemoveCurse(self, action: RemoveCurse) -> None:
        """Wishing Ring: the lasting curse is discarded (a changed sex stays changed; the penalty goes)."""
        self.state.players[action.player].hand.remove(action.card)
        self.state.treasure_discard.append(action.card)
        self.state.players[action.target].curses.remove(action.curse)
        self.state.door_discard.append(action.curse)
        self.interfere(action.player)
        self.event(action.describe())

    def _matching(self, player: int, slot: str) -> list[str]:
        """The items in play that bad stuff naming ``slot`` may take."""
        return [c for c in self.state.players[player].carried
                if item_in_slot(slot, self.card(c).slot, self.card(c).big)]

    def apply_next_loss(self) -> None:
        """Apply the next effect; several items to choose from: the victim chooses (诅咒)."""
        loss = self.state.losses.pop(0)
        victim, effect, source, fallback = loss.victim, loss.effect, loss.source, loss.fallback
        me = self.state.players[victim]
        if effect.effect == "lose_levels":
            me.level = max(1, me.level - effect.n)
            self.event(f"player {victim} loses {effect.n} level(s) to {source} (level {me.level})")
        elif effect.effect == "lose_item":
            options = self._matching(victim, effect.slot)
            if not options:
                self.event(f"player {victim} has no {effect.slot} item for {source} to take")
                self.state.losses[0:0] = [Loss(victim, e, source) for e in fallback]
            elif len(set(options)) == 1:
                self._lose(victim, options[0], source)
            else:
                self.state.choice = Choice(victim, tuple(self.carried_choices(victim, options)))
        elif effect.effect == "lose_all_items":
            for copy in self._matching(victim, effect.slot):
                self._lose(victim, copy, source)
        elif effect.effect in ("lose_race", "lose_class"):
            options = [c for c in ((me.race, me.race2) if effect.effect == "lose_race" else (me.cls, me.cls2)) if c]
            if len(options) == 1:
                self.event(f"player {victim} loses {self.card(options[0]).name} ({source})")
                self._drop_identity(victim, options[0])
            elif options:  # a Half-Breed or Super Munchkin chooses which one goes
                self.state.choice = Choice(victim, tuple(options))
        elif effect.effect == "change_sex":
            me.sex = "female" if me.sex == "male" else "male"
            self.event(f"player {victim} is now {me.sex} (-{CHANGE_SEX_PENALTY} in the next fight)")
        elif effect.effect == "chicken":
            self.event(f"player {victim} has a chicken on the head: -1 on every die roll")
        elif effect.effect == "discard_hand":
            for copy in list(me.hand):
                me.hand.remove(copy)
                self._discard(copy)
            self.event(f"player {victim} discards the whole hand ({source})")
        elif effect.effect == "death":
            self.die(victim, source)

    def _do_ChooseLoss(self, action: ChooseLoss) -> None:
        self.state.choice = None
        if self.card(action.card).kind in ("race", "class"):
            self.event(f"player {action.player} loses {self.card(action.card).name}")
            self._drop_identity(action.player, action.card)
        else:
            self._lose(action.player, action.card, "bad stuff")

    def _lose(self, player: int, copy: str, source: str) -> None:
        self._unequip(player, copy)
        self._discard(copy)
        self.event(f"player {player} loses {self.card(copy).name} ({source})")

    def _discard(self, copy: str) -> None:
        (self.state.door_discard if self.card(copy).deck == "door" else self.state.treasure_discard).append(copy)

    def die(self, player: int, source: str) -> None:
        """Death (死亡): keep race, class and level; the hand and items go on the table for the others to
        loot, one card each from the highest level down (ties in seat order after the dead player)."""
        me = self.state.players[player]
        self.state.body = me.hand + me.carried
        self.state.door_discard.extend(me.cheats.values())  # a Cheat! leaves play with its item
        me.hand, me.carried, me.cheats = [], [], {}
        me.redraw = True
        self.state.losses = [loss for loss in self.state.losses if loss.victim != player]
        order = [(player + k) % self.params.players for k in range(1, self.params.players)]
        self.state.looters = sorted(order, key=lambda q: -self.state.players[q].level)
        levels = [self.state.players[q].level for q in self.state.looters]
        self.state.loot_roll = bool(self.state.body) and len(set(levels)) < len(levels)  # "如果等级相同，投骰决定"
        self.event(f"player {player} is killed by {source}; the others loot the body")
        self.state.flow.push(LOOTING)

    def loot_order_step(self) -> ChanceStep:
        """Looters of the same level roll for their turn to pick (死亡: "从等级最高的开始...如果等级相同，投骰决定"):
        every order of each tied group equally likely; an outcome is the looters' seats in order."""
        groups = [list(g) for _, g in groupby(self.state.looters, key=lambda q: self.state.players[q].level)]
        orders = [list(chain.from_iterable(choice)) for choice in product(*(permutations(g) for g in groups))]
        each = Fraction(1, len(orders))
        return ChanceStep("loot order", "players of the same level roll for their turn to loot the body",
                          tuple((Chance("loot order", ",".join(map(str, o))), each) for o in orders))

    def roll_loot_order(self, outcome: str) -> None:
        self.state.looters = [int(q) for q in outcome.split(",")]
        self.state.loot_roll = False
        self.event(f"the looters roll: they pick in the order {', '.join(outcome.split(','))}")

    def _do_LootBody(self, action: LootBody) -> None:
        self.state.body.remove(action.card)
        self.state.players[action.player].hand.append(action.card)
        self.got(action.player, action.card)
        self.state.looters.pop(0)
        self.event(f"player {action.player} takes {self.card(action.card).name} from the body")

    def finish_looting(self) -> None:
        for copy in self.state.body:
            self._discard(copy)
        self.state.body, self.state.looters = [], []
        self.state.flow.pop()
