"""Moving and exploring (p. 6-7, 移动 / 探索; p. 11 the boss on the entrance): arriving in a room (its monsters fight
you, a nest, the boss, wandering monsters), a new room's DxM card, a monster's base, standees leaving the board."""

from __future__ import annotations

from typing import ClassVar

from ..dungeon import MonsterPiece, Room
from ..exploration import Decline, DrawMonster, PickBase, _Pending
from ..geometry import Colour
from ..heroes import WIN_LEVEL
from ..state import Combat, Step
from .common import BOSS_LEVEL, COMBAT, MOVING


class ExploringRules:
    """A part of :class:`~tablerules.quest.game.QuestGame`: exploring."""

    #: the actions this rule owns -> (its name, the gist of the rule) for a refused one
    REFUSALS: ClassVar[dict[type, tuple[str, str]]] = {
        DrawMonster: ("wandering monsters", "once every room is explored, entering an empty room (p. 6)"),
        Decline: ("wandering monsters", "once every room is explored, entering an empty room (p. 6)"),
        PickBase: ("monster bases", "choose a base colour when the rolled one is used up (p. 6)"),
    }

    def _arrive(self, room: Room) -> None:
        """Entering a room on your turn: its monsters fight you; at level 10 the entrance brings the boss;
        once all rooms are placed, an empty room may bring a wandering monster; a room's ``enter`` rules first."""
        if self.rules(room.id, "enter"):
            self.entered(self.state.current, room)
            if self.state.heroes[self.state.current].dead:
                return
        if self.state.dungeon.monsters_in(room.id):
            self.start_fight(room.id)
        elif self.rules(room.id, "nest"):
            self.event(f"{room.name} is a monster nest: a monster comes")
            self.state.pending.insert(0, _Pending("monster", at=room.at))
        elif room.entrance and self.state.heroes[self.state.current].level >= WIN_LEVEL:
            self.state.pending.append(Step("check room"))
        elif not self.state.room_deck and not room.entrance:
            self.state.pending.insert(0, _Pending("wander", at=room.at))

    def place_room(self, tile_id: str, at) -> None:
        """Exploring: the new room, links, a DxM card for the explorer, and a monster to fight."""
        super().place_room(tile_id, at)
        self.state.pending.insert(0, Step("draw", "dxm", self.state.current))
        if self.rules(tile_id, "enter"):
            self.entered(self.state.current, self.state.dungeon.rooms[tile_id])

    def _give_base(self, piece_id: str, colour: Colour, draws: bool) -> None:
        """A new monster stands in its room with its base; in the current munchkin's room it fights."""
        super()._give_base(piece_id, colour, draws)
        if draws:
            self.draw(self.state.colours.index(colour), "dxm")
        piece = self.state.dungeon.monsters[piece_id]
        if self.state.boss_pending:
            self.state.boss_pending = False
            self.state.boss = self.state.dungeon.monsters.pop(piece_id)
            self.state.fight = Combat(self.state.current, piece.room, [piece_id], boss=True)
            self.state.stage_name = COMBAT
            self.event(f"the boss is {piece.name}, level {BOSS_LEVEL}")
            return
        f = self.state.fight
        if f is not None and piece.room == f.room and not self.ignores(piece_id, f.fighter):
            f.monsters.append(piece_id)
            f.window.interfered = True
            self.event(f"{piece.name} joins the fight")
        elif f is None and piece.room == self.room_of(self.state.current).id and self.state.stage_name == MOVING:
            self.start_fight(piece.room)

    def remove_strongest(self) -> None:
        """No base left (p. 6): "把最高等级（包括调整值）的怪物移出游戏...如果有并列最高级，那就把所有并列的怪物都
        移出去": the level counts the enhancers a monster keeps."""
        if self.params.rules < 2:
            super().remove_strongest()
            return
        on_board = list(self.state.dungeon.monsters.values())

        def level(m) -> int:
            return m.level + sum(self.card(e).bonus for e in self.state.enhanced.get(m.id, []))

        top = max(level(m) for m in on_board)
        for piece in [m for m in on_board if level(m) == top]:
            self._remove(piece.id)
            self.event(f"no base is left: {piece.name} (level {top} with its enhancers) leaves the board")

    def _remove(self, piece_id: str) -> None:
        """A standee leaves the board (killed, or no base left); it leaves the fight too."""
        super()._remove(piece_id)
        for e in self.state.enhanced.pop(piece_id, []):
            self.state.dxm_discard.append(e)
        if self.state.fight is not None and piece_id in self.state.fight.monsters:
            self.state.fight.monsters.remove(piece_id)

    def pieces(self) -> list[MonsterPiece]:
        return [*super().pieces(), *([self.state.boss] if self.state.boss is not None else [])]
