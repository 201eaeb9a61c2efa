"""Rooms as data (p. 7 交易, p. 9 房间和图标, p. 8 被怪物无视): a room's rules, its deals (a move,
gold, some once a turn, never with a monster), the gambling den's bet, monsters that
ignore you."""

from __future__ import annotations

from typing import ClassVar

from ...core.protocol import Action
from ..actions import Deal, FightAnyway, made
from ..dungeon import Room
from ..heroes import WIN_LEVEL
from ..state import Step
from ..tiles import RoomRule


class RoomRules:
    """A part of :class:`~tablerules.quest.game.QuestGame`: rooms."""

    #: the actions this rule owns -> (its name, the gist of the rule) for a refused one
    REFUSALS: ClassVar[dict[type, tuple[str, str]]] = {
        FightAnyway: ("combat", "pick a fight only with monsters here that ignore you (p. 8)"),
        Deal: ("rooms", "a room's deal: no monster there, its moves and gold paid, some once a turn (p. 7)"),
    }

    def rules(self, room_id: str, kind: str) -> list[RoomRule]:
        """The room's rules of one kind (data: ``rules`` in data/quest/rooms.json)."""
        return [r for r in self.room_rules_of.get(room_id, ()) if r.kind == kind]

    def ignores(self, piece: str, player: int) -> bool:
        """A monster that ignores this munchkin (p. 8): no fight unless they pick one."""
        return bool(set(self.monster_card(piece).ignores) & self.tags(player))

    def _deals(self, p: int, room: Room) -> list[Action]:
        """The room's deals (p. 7): never with a monster present; their move and gold price paid; a deal
        with a limit once a turn."""
        h = self.state.heroes[p]
        out: list[Action] = []
        for i, rule in enumerate(self.room_rules_of.get(room.id, ())):
            if rule.kind != "deal" or self.state.moves_left < rule.moves or h.gold < rule.gold:
                continue
            if (rule.once and (room.id, i) in self.state.deals_done) or (
                    rule.only and not set(rule.only) & self.tags(p)):
                continue
            wounded = h.health < h.max_health
            if (rule.heal and not rule.discard and wounded) or rule.dxm or (rule.level and h.level < WIN_LEVEL - 1) \
                    or rule.draw_discard:
                out.append(made(Deal, p, room.id, i))
            elif rule.discard and wounded:
                out += [made(Deal, p, room.id, i, c) for c in self.discardable(p)]
            elif rule.sell_item:
                out += [made(Deal, p, room.id, i, c) for c in self.items_once(h) if self.card(c).value]
            elif rule.buy_discard_item:
                out += [made(Deal, p, room.id, i, c) for c in self.once(self.state.treasure_discard)
                        if self.card(c).kind == "item" and self.card(c).value <= h.gold]
            elif rule.bet:
                out += [made(Deal, p, room.id, i, str(n)) for n in range(100, min(rule.bet, h.gold) + 1, 100)]
            elif rule.teleport:
                out += [made(Deal, p, room.id, i, r) for r in sorted(self.state.dungeon.rooms) if r != room.id]
        return out

    def _do_Deal(self, action: Deal) -> None:
        """A room's deal: pay its moves and gold, then its effect."""
        p, h = action.player, self.state.heroes[action.player]
        rule = self.room_rules_of[action.room][action.rule]
        self.state.moves_left -= rule.moves
        h.gold -= rule.gold
        if rule.once:
            self.state.deals_done.add((action.room, action.rule))
        self.event(action.describe())
        if rule.discard:
            self.discard_from(p, action.option)
        if rule.heal:
            h.health = min(h.max_health, h.health + rule.heal)
        if rule.dxm:
            self.draw(p, "dxm", rule.dxm)
        if rule.draw_discard:  # p. 4 抓弃牌 (rules/boons.py)
            self.draw_discard(p, rule.draw_discard, 1)
        if rule.level:
            h.level += 1
        if rule.sell_item:
            before = self.base_moves(p)
            self._unequip(p, action.option)
            self._discard(action.option)
            h.gold += self.card(action.option).value
            self._moves_changed(p, before)
        if rule.buy_discard_item:
            self.state.treasure_discard.remove(action.option)
            h.gold -= self.card(action.option).value
            h.hand.append(action.option)
        if rule.bet:
            self.state.pending.insert(0, Step("bet", n=int(action.option)))
        if rule.teleport:
            target = self.state.dungeon.rooms[action.option]
            self.state.dungeon.munchkins[h.colour] = target.id
            self._arrive(target)

    def bet(self, face: int, stake: int) -> None:
        """The gambling den: 4 or more doubles the stake, else it is lost."""
        h = self.state.heroes[self.state.current]
        h.gold += stake if face >= 4 else -stake
        self.event(f"the die shows {face}: player {self.state.current} {'wins' if face >= 4 else 'loses'} {stake} gold")

    def _do_FightAnyway(self, action: FightAnyway) -> None:
        self.start_fight(self.room_of(action.player).id, anyway=True)
