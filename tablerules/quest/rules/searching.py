"""Searching and picking up (p. 7 搜索, p. 20 搜索表): 1 move, once a room a turn, the search table, looted and
plundered tokens, treasures face up or down; dropped items and gold picked up."""

from __future__ import annotations

from typing import ClassVar

from ...core.words import counted
from ..actions import PickUp, Search
from ..exploration import _Pending
from ..heroes import BACKPACK
from ..search_table import RoomToken, load_search_table
from ..state import Step


class SearchingRules:
    """A part of :class:`~tablerules.quest.game.QuestGame`: searching."""

    #: the actions this rule owns -> (its name, the gist of the rule) for a refused one
    REFUSALS: ClassVar[dict[type, tuple[str, str]]] = {
        PickUp: ("items", "picking up costs 1 move, with something dropped here and no monster (p. 7)"),
    }

    def _do_Search(self, action: Search) -> None:
        self.state.moves_left -= 1
        room = self.room_of(action.player)
        self.state.searched.add(room.id)
        self.event(f"player {action.player} searches {room.name} ({self.dice_count(action.player, room)} dice, "
                   f"modifier {room.search:+d})")
        self.state.pending.insert(0, Step("search"))

    def search_result(self, row_number: int) -> None:
        """The search table (p. 20): gold, treasures, a token, or a monster to fight at once."""
        p = self.state.current
        room = self.room_of(p)
        row = load_search_table().lookup(row_number)
        self.event(f"search row {row.label}: {row.result}")
        if row.monster:
            self.state.pending.insert(0, _Pending("monster", at=room.at))
            return
        self.state.heroes[p].gold += row.gold
        self.draw(p, "treasure", row.treasures, self.treasure_face(p, room.id))
        if row.room_token is not None:
            before = self.state.tokens.get(room.id)
            token = RoomToken.PLUNDERED if row.room_token is RoomToken.PLUNDERED or before else RoomToken.LOOTED
            self.state.tokens[room.id] = token
            self.event(f"{room.name} is now {token.value}")
        self.pick_up(p)

    def treasure_face(self, player: int, room_id: str) -> str:
        """Treasures are drawn face up when another munchkin is in the room (a helper always is), else face
        down (p. 9, p. 20)."""
        where = self.state.dungeon.munchkins
        others = any(where[c] == room_id for i, c in enumerate(self.state.colours) if i != player)
        return "open" if others else "down"

    def _do_PickUp(self, action: PickUp) -> None:
        self.state.moves_left -= 1
        self.pick_up(action.player)

    def pick_up(self, p: int) -> None:
        """Dropped items and gold in the room: into play where they fit, else into the backpack."""
        room = self.room_of(p).id
        h = self.state.heroes[p]
        before = self.base_moves(p)
        gold = self.state.dropped_gold.pop(room, 0)
        h.gold += gold
        left = []
        banned = self.state.no_pickup
        for copy in self.state.dropped.pop(room, []):
            if banned and banned.get(copy) == p:  # not before their next turn (p. 16)
                left.append(copy)
            elif self.can_carry(p, copy):
                h.carried.append(copy)
            elif len(h.backpack) < BACKPACK:
                h.backpack.append(copy)
            else:
                left.append(copy)
            if banned and copy not in left:
                banned.pop(copy, None)
        if left:
            self.state.dropped[room] = left
        self._moves_changed(p, before)
        if gold or left != []:
            stay = f"; {counted(len(left), 'item')} {'stays' if len(left) == 1 else 'stay'}: no room" if left else ""
            self.event(f"player {p} picks up {gold} gold{stay}")
