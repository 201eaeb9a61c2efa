"""Card properties of card packs that give, draw, pick up, help or kill (docs/rules/quest.md "Card packs"):
cards used for their boons, some on a d10 (p. 4 骰子: "有些卡牌也会允许你用d10做些其他事情"), drawing from a
discard pile (p. 4 管理手牌 抓弃牌: "某些卡牌或房间会让你从某一类卡牌的弃牌堆里抓牌。如果弃牌堆是空的，那就从
牌库顶上抓。"), items not to be picked up again before your next turn (p. 16 捡物品), a sure magic move to help
(p. 10 找人帮忙: "能用魔法移去你房间的小白也可以帮你"), a monster killed before the others (p. 8 开战)."""

from __future__ import annotations

from typing import ClassVar

from ...core.protocol import Action
from ...core.words import counted
from ..actions import UseCard, made
from ..state import Step


class BoonRules:
    """A part of :class:`~tablerules.quest.game.QuestGame`: boons, discard draws, pick-up bans, magic helpers."""

    REFUSALS: ClassVar[dict[type, tuple[str, str]]] = {
        UseCard: ("cards", "a card with boons is used from the hand on your turn outside fights"),
    }

    # ----- boons, the d10 --------------------------------------------------------------------
    def _boons(self, p: int, hand: dict[str, tuple[str, ...]]) -> list[Action]:
        return [made(UseCard, p, c) for c in hand.get("boon", ())]

    def _do_UseCard(self, action: UseCard) -> None:
        h = self.state.heroes[action.player]
        card = self.card(action.card)
        h.hand.remove(action.card)
        self._discard(action.card)
        self.event(action.describe())
        if card.d10:
            self.state.pending.insert(0, Step("boon", player=action.player, target=action.card))
        else:
            self.give_boons(action.player, action.card)

    def boon_roll(self, face: int, step: Step) -> None:
        """The d10 of a boon card: at most the user's level works (as the class powers, p. 15)."""
        level = self.state.heroes[step.player].level
        if face <= level:
            self.event(f"the d10 shows {face} (level {level}): {self.card(step.target).name} works")
            self.give_boons(step.player, step.target)
        else:
            self.event(f"the d10 shows {face} (level {level}): {self.card(step.target).name} does nothing")

    def give_boons(self, player: int, copy: str) -> None:
        h = self.state.heroes[player]
        for boon in self.card(copy).boons:
            if boon.effect == "heal":
                h.health = min(h.max_health, h.health + boon.n)
                self.event(f"player {player} heals to {h.health}/{h.max_health}")
            elif boon.effect == "gain_gold":
                h.gold += boon.n
                self.event(f"player {player} gains {boon.n} gold")
            elif boon.effect == "draw":
                self.draw(player, boon.deck, boon.n)
            else:
                self.draw_discard(player, boon.deck, boon.n)

    def draw_discard(self, player: int, deck: str, n: int) -> None:
        """p. 4 抓弃牌: the top card of the deck's discard pile, ``n`` times; with the pile empty, from the top of
        the deck (a draw)."""
        _, discard = self._deck(deck)
        for _ in range(n):
            if discard:
                copy = discard.pop()
                h = self.state.heroes[player]
                h.hand.append(copy)
                if deck == "treasure":
                    h.won.append(copy)
                self.event(f"player {player} draws {self.card(copy).name} from the {deck} discards")
            else:
                self.event(f"the {deck} discard pile is empty: player {player} draws from the {deck} deck")
                self.draw(player, deck)

    # ----- items not to be picked up before your next turn ---------------------------------------
    def to_floor(self, player: int, copy: str) -> None:
        """An item that leaves ``player`` for the floor: one marked ``no_pickup`` may not be picked up by them
        before their next turn (p. 16 捡物品: "某些卡牌会明确说明，在你的下轮开始之前不能捡起这件东西")."""
        if self.card(copy).no_pickup:
            self.state.no_pickup[copy] = player

    def pickable(self, player: int, room_id: str) -> bool:
        """Something on the floor of ``room_id`` that ``player`` may pick up now."""
        ban = self.state.no_pickup
        return bool(self.state.dropped_gold.get(room_id)) or any(
            ban.get(c) != player for c in self.state.dropped.get(room_id, ()))

    def lift_pickup_bans(self, player: int) -> None:
        """``player``'s turn begins: what they let fall may be picked up again."""
        for copy in [c for c, p in self.state.no_pickup.items() if p == player]:
            del self.state.no_pickup[copy]

    # ----- a sure magic move to help --------------------------------------------------------------
    def magic_mover(self, player: int) -> bool:
        """An item in play that moves its owner by sure magic into any room: they may help anywhere."""
        return "magic_move" in self.card_properties() and any(card.magic_move for card in self.in_play(player))

    # ----- a monster killed before the others ------------------------------------------------------
    def kill_one(self, copy: str, killed: bool = True) -> None:
        """A one-shot that kills (``killed``) or drives off the lowest-level monster of a fight of two or more
        (ties: the first standee): it leaves the board now; its treasures wait for the end of the fight (p. 8
        开战: "挂掉和逃掉的怪物所拥有的宝藏和掉落的战利品在解决掉其他怪物之前都拿不到手"). A monster that fled was
        not killed: it gives no level (p. 15 升级 counts kills)."""
        f = self.state.fight
        verb = "kills" if killed else "drives off"
        if len(f.monsters) < 2:
            self.event(f"{self.card(copy).name} {verb} only one monster of several: nothing happens")
            return
        piece = min(f.monsters, key=lambda m: (self.monster_level(m), m))
        name = self.piece(piece).name.split(" (")[0]
        if killed:
            f.killed.append(piece)
        f.killed_loot.append(self.monster_card(piece).treasures + sum(
            self.card(e).treasures for e in self.state.enhanced.get(piece, [])))
        self._remove(piece)
        fate = "" if killed else " (it flees the dungeon)"
        self.event(f"{self.card(copy).name} {verb} {name}{fate}: its treasures wait until the other monsters are "
                   "dealt with")

    def loot_after_the_fight(self) -> None:
        """The fight ends without a win (run from, or nobody beaten): the treasures of the monsters killed in it
        come now to the fighter, if alive."""
        f = self.state.fight
        loot = sum(f.killed_loot)
        if loot and not self.state.heroes[f.fighter].dead:
            self.event(f"the other monsters are dealt with: {counted(loot, 'treasure')} of the monsters killed or "
                       "driven off")
            self.draw(f.fighter, "treasure", loot, self.treasure_face(f.fighter, f.room))
        f.killed, f.killed_loot = [], []
