"""Help (p. 10, 请求帮助): one helper from the same room or next to it through a passable link (the boss: level 10
only), bribed with first pick of the treasures, gold or an item; a soundproof room."""

from __future__ import annotations

from typing import ClassVar

from ...core.protocol import Action
from ..actions import AnswerHelp, AskHelp, made, made_pairs
from ..heroes import WIN_LEVEL
from .common import ASKING, COMBAT


class HelpRules:
    """A part of :class:`~tablerules.quest.game.QuestGame`: help."""

    #: the actions this rule owns -> (its name, the gist of the rule) for a refused one
    REFUSALS: ClassVar[dict[type, tuple[str, str]]] = {
        AskHelp: ("help", "the fighter asks one helper, before the roll (p. 10)"),
        AnswerHelp: ("help", "only the munchkin asked answers (p. 10)"),
    }

    def helpers(self) -> list[int]:
        """Who can be asked: alive, in the room or next to it through a passable link; for the boss, only
        level-10 munchkins (one who refused may be asked again for more: :meth:`bribes`)."""
        f = self.state.fight
        heroes = self.state.heroes
        out = [q for q in range(self.params.players)
               if q != f.fighter and not heroes[q].dead and (not f.boss or heroes[q].level >= WIN_LEVEL)]
        if not out:
            return out
        near = self.reaching(f.room)
        return [q for q in out if self.state.dungeon.munchkins[self.state.colours[q]] in near
                or self.magic_mover(q)]  # p. 10: 能用魔法移去你房间的小白也可以帮你

    def bribes(self, p: int) -> list[Action]:
        """The fighter's asks: each munchkin who can help, offered first pick of any number of the treasures,
        100 / 300 / 500 gold or an item in play. One who turned an offer down may be asked again, but only for
        more: more of the treasures or more gold than any offer they turned down, or an item not yet offered to
        them (p. 10: 如果不止一个人愿意为了宝藏帮你，你还可以让他们互相竞价). Each ask raises what is on the table,
        so the asking ends."""
        helpers = self.helpers()
        if not helpers:
            return []
        h = self.state.heroes[p]
        treasures = self.treasure_count()
        items = [c for c in self.items_once(h) if self.card(c).kind == "item"]
        out: list[Action] = []
        for q in helpers:
            down = [o for o in self.state.fight.turned_down if o[0] == q]
            most_treasures = max((o[1] for o in down), default=-1)
            most_gold = max((o[2] for o in down), default=0)
            out += made_pairs(AskHelp, p, (q,), tuple(range(most_treasures + 1, treasures + 1)))
            out += [made(AskHelp, p, q, 0, gold) for gold in (100, 300, 500) if most_gold < gold <= h.gold]
            out += [made(AskHelp, p, q, 0, 0, c) for c in items
                    if not any(o[3] == c for o in down) and self._receives(q, c)]
        return out

    def reaching(self, room_id: str) -> set[str]:
        """The rooms a munchkin :meth:`reaches` ``room_id`` from."""
        if self.rules(room_id, "soundproof"):
            return {room_id}
        return {room_id, *self.neighbours(room_id)}

    def reaches(self, player: int, room_id: str) -> bool:
        """Near enough to help or interfere: next to the room, or in it if it is soundproof."""
        if self.rules(room_id, "soundproof"):
            return self.state.dungeon.munchkins[self.state.colours[player]] == room_id
        return self.near(player, room_id)

    def _help_answers(self) -> list[AnswerHelp]:
        """The munchkin asked accepts or refuses; an item bribe the helper can no longer take (a race given
        up, a full backpack since the offer) leaves only a refusal, and so does a bribe a curse took meanwhile
        (p. 5: curses any time)."""
        f = self.state.fight
        fighter = self.state.heroes[f.fighter]
        can_take = (not f.offer_item or (f.offer_item in fighter.carried + fighter.backpack
                                         and self._receives(f.asked, f.offer_item))) \
            and f.offer_gold <= fighter.gold
        return [*([made(AnswerHelp, f.asked, True)] if can_take else []), made(AnswerHelp, f.asked, False)]

    def _do_AskHelp(self, action: AskHelp) -> None:
        f = self.state.fight
        f.asked, f.offer, f.offer_gold, f.offer_item = action.helper, action.treasures, action.gold, action.item
        self.state.stage_name = ASKING
        self.event(action.describe())

    def _do_AnswerHelp(self, action: AnswerHelp) -> None:
        """The helper comes into the room (an out-of-turn move, free) and must help."""
        f = self.state.fight
        if action.accept:
            f.helper, f.share = action.player, f.offer
            self.state.dungeon.munchkins[self.state.colours[action.player]] = f.room
            if f.offer_gold:  # the bribe changes hands at once
                self.state.heroes[f.fighter].gold -= f.offer_gold
                self.state.heroes[action.player].gold += f.offer_gold
            if f.offer_item:
                self.hand_over(f.fighter, action.player, f.offer_item)
            if self.state.next_fight:  # curses kept for the helper's next fight (p. 17)
                self.join_fight(action.player)
            self.event(f"player {action.player} comes to help: {self.munchkin_strength()} against "
                       f"{self.monster_strength()} before the dice")
        else:
            f.refused.append(action.player)
            f.turned_down.append([action.player, f.offer, f.offer_gold, f.offer_item])
            self.event(f"player {action.player} refuses to help")
        f.asked, f.offer_gold, f.offer_item = None, 0, ""
        self.state.stage_name = COMBAT
