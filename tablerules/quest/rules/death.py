"""Death and revival (p. 8, 死亡: items and gold dropped where you fell, the hand discarded, a level lost;
在你回合之中的任何时候 suicide), a munchkin falling in a fight."""

from __future__ import annotations

from typing import ClassVar

from ..actions import Suicide
from ..state import Step
from .common import ASKING, CHOOSE_LOSS, COMBAT, INTERFERENCE, RUN_DIRECTION


class DeathRules:
    """A part of :class:`~tablerules.quest.game.QuestGame`: death."""

    #: the actions this rule owns -> (its name, the gist of the rule) for a refused one
    REFUSALS: ClassVar[dict[type, tuple[str, str]]] = {
        Suicide: ("death", "only in your own turn (p. 8)"),
    }

    def die(self, player: int, source: str) -> None:
        """Death (p. 8): items and gold dropped in the room, the hand discarded, a level lost; race,
        class and curses kept; if every munchkin is dead at once, the monsters win."""
        h = self.state.heroes[player]
        if h.dead:
            return
        h.dead, h.health = True, 0
        room = self.room_of(player).id
        for copy in list(h.carried + h.backpack):
            self._unequip(player, copy)
            self.state.dropped.setdefault(room, []).append(copy)
            self.to_floor(player, copy)
        if h.gold:
            self.state.dropped_gold[room] = self.state.dropped_gold.get(room, 0) + h.gold
            h.gold = 0
        for copy in h.hand:
            self._discard(copy)
        h.hand = []
        h.level = max(1, h.level - 1)
        self.state.losses = [loss for loss in self.state.losses if loss.victim != player]
        if self.state.choice is not None and self.state.choice.victim == player:
            self.state.choice = None
            self.settle_interruption(CHOOSE_LOSS)
        where = self.state.dungeon.rooms[room].name
        self.event(f"player {player} dies on purpose in the {where}" if source == "suicide"
                   else f"player {player} is killed by {source} in the {where}")
        if self.state.fight is not None and player in self.state.fight.side:
            self.fallen(player)
        if player == self.state.current:
            self.state.turn_ends = True
        if all(x.dead for x in self.state.heroes):
            self.state.over_reason = "every munchkin is dead at once: the monsters win"
            self.event(self.state.over_reason)

    def fallen(self, player: int) -> None:
        """A munchkin of the fight dies: no more running for them (p. 8); a dead helper leaves the side;
        a fighter dead before the roll ends the fight (the monsters stay)."""
        f = self.state.fight
        if player in f.runners:
            first = f.runners[0] == player
            f.runners.remove(player)
            if first:
                f.chasing = list(f.monsters)
                self.state.pending = [s for s in self.state.pending
                                      if not (isinstance(s, Step) and s.kind == "run die")]
                self.state.stage_name = RUN_DIRECTION
            return
        if self.state.stage_name not in (COMBAT, ASKING, INTERFERENCE):
            return  # dying of the hits after a lost fight: lose_fight leaves the dead out of the running
        if player == f.helper:
            f.helper = None
            f.window.answer(player)
        elif player == f.fighter:
            self.end_fight(returned=True)  # the munchkins left the room (p. 8): the one-shots go back

    def _do_Suicide(self, action: Suicide) -> None:
        self.state.heroes[action.player].health = 0
        self.die(action.player, "suicide")
