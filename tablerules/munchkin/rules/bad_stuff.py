"""Bad stuff and curses (the effect vocabulary), giving up a race or class, death and looting
the body.

Seed 000, 诅咒: "诅咒对受害者立即生效" (a curse strikes at once) and some stay until removed; 战斗: bad stuff
"可能是失去某件物品，或是掉个几级，直至死亡" (losing an item, levels, or death); 死亡: keep race, class and level,
the others loot the body one card each from the highest level down.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import chain, groupby, permutations, product

from ...core.cards import Effect
from ...core.identity import drop_identity
from ...core.protocol import Chance, ChanceStep
from ...families.munchkin.actions import curse_text
from ...families.munchkin.bad_stuff import BadStuffInterpreter
from ...families.munchkin.cardtext import SLOT_ITEM
from ..actions import (
    CHANGE_SEX_PENALTY,
    LASTING,
    GiveUp,
    LootBody,
    PlayCurse,
    RemoveCurse,
)
from ..state import (
    LOOTING,
    STAGE,
    Choice,
    Loss,
    Munchkin,
)

#: a big item too many, once the dwarf's ability is gone (种族: "当你弃掉种族牌时，也会失去这些能力")
_ONE_BIG_ITEM = Effect("one_big_item")


class BadStuff(BadStuffInterpreter):
    """The bad stuff rules of :class:`~tablerules.munchkin.game.MunchkinGame` (a mixin: ``self`` is the game);
    the effects themselves are read by the family's interpreter."""

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
        extra = len(self._big_items(player)) - 1
        if extra > 0 and "dwarf" not in self._frozen_tags(player):
            self.event(f"player {player} is no longer a dwarf and keeps one big item only")
            self.state.losses[0:0] = [Loss(player, _ONE_BIG_ITEM, "no longer a dwarf")] * extra

    def _big_items(self, player: int) -> list[str]:
        """The big items ``player`` has in play that count against the one big item a non-dwarf may carry
        (an item under a Cheat! ignores that limit)."""
        me = self.state.players[player]
        return [c for c in me.carried if self.card(c).big and c not in me.cheats]

    def _effect_one_big_item(self, loss: Loss) -> bool:
        """A big item too many goes: the victim chooses which one (the choice as with bad stuff)."""
        big = self._big_items(loss.victim)
        if len(big) > 1:
            options = self._item_choices(loss.victim, big)
            if len(options) == 1:
                self._lose(loss.victim, options[0], loss.source)
            else:
                self._choose_loss(loss.victim, tuple(options))
        return True

    def _do_PlayCurse(self, action: PlayCurse) -> None:
        """A curse from the hand strikes at once (if it can) and is discarded."""
        card = self.card(action.card)
        self.state.players[action.player].hand.remove(action.card)
        self.curse(action.target, action.card)
        self.interfere(action.player)
        self.event(curse_text(action.player, action.target, card.name))

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

    # ----- the family's bad-stuff interpreter (families/munchkin/bad_stuff.py): Munchkin's part -------
    def sheet(self, player: int) -> Munchkin:
        return self.state.players[player]

    def _item_choices(self, victim: int, options: list[str]) -> list[str]:
        return self.carried_choices(victim, options)

    def _choose_loss(self, victim: int, options: tuple[str, ...]) -> None:
        self.state.choice = Choice(victim, options)

    def _loss_chosen(self) -> None:
        self.state.choice = None

    def _lose_identity(self, victim: int, copy: str, source: str) -> None:
        self.event(f"player {victim} loses {self.card(copy).name}" + (f" ({source})" if source else ""))
        self._drop_identity(victim, copy)

    def _unapplied(self, loss: Loss) -> None:
        """No item of the slot: the fallback strikes instead (the Drooling Slime: a level)."""
        if loss.effect.effect == "lose_item":
            what = SLOT_ITEM.get(loss.effect.slot or "any", f"{loss.effect.slot} item")
            self.event(f"player {loss.victim} has no {what} for {loss.source} to take")
        self.state.losses[0:0] = [Loss(loss.victim, e, loss.source) for e in loss.fallback]

    def _effect_change_sex(self, loss: Loss) -> bool:
        me = self.state.players[loss.victim]
        me.sex = "female" if me.sex == "male" else "male"
        self.event(f"player {loss.victim} is now {me.sex} (-{CHANGE_SEX_PENALTY} in the next fight)")
        return True

    def _effect_chicken(self, loss: Loss) -> bool:
        self.event(f"player {loss.victim} has a chicken on the head: -1 on every die roll")
        return True

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
        self.state.flow.push(STAGE[LOOTING])

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
