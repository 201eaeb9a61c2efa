"""Curses that do not strike once and go (p. 17 诅咒, a card property of card packs): "如果诅咒会影响
“下一场战斗”，而诅咒的目标现在就在战斗中，那就立刻产生影响。否则把这张卡留到下一场战斗作为标记。" (``next_fight``)
and "如果诅咒会改变人物属性，比如说降低移动力，那把诅咒牌留在你面前，直到诅咒被取消的时候为止。" (``lasting``); death
keeps them (p. 8: "你身上的所有诅咒都保留"); and a curse that brings a monster into your room (p. 8:
"怪物移进了你的房间（通常是因为诅咒）")."""

from __future__ import annotations

from typing import ClassVar

from ...core.protocol import Action
from ..actions import LiftCurse, made
from ..state import Loss
from .common import MOVING


class LastingCurseRules:
    """A part of :class:`~tablerules.quest.game.QuestGame`: curses kept in front of a player."""

    REFUSALS: ClassVar[dict[type, tuple[str, str]]] = {
        LiftCurse: ("curses", "a Wishing Ring cancels a curse kept in front of you, on your turn outside fights "
                              "(p. 17)"),
    }

    def keep_curse(self, target: int, copy: str) -> bool:
        """A lasting or next-fight curse that strikes: kept in front of its target (or, for the next fight, on
        the fight its target is in now). Returns whether the card was kept (not to be discarded)."""
        card = self.card(copy)
        st = self.state
        if card.lasting:
            st.curses_on.setdefault(target, []).append(copy)
            self.event(f"{card.name} stays in front of player {target} until it is cancelled")
            return True
        if card.next_fight:
            if st.fight is not None and target in st.fight.side:
                st.fight.curses.append(copy)
                self.event(f"{card.name} strikes player {target}'s fight at once")
            else:
                st.next_fight.setdefault(target, []).append(copy)
                self.event(f"{card.name} waits for player {target}'s next fight")
            return True
        return False

    def join_fight(self, player: int) -> None:
        """``player`` fights (the fighter, or a helper who comes): the curses kept for their next fight strike it."""
        marks = self.state.next_fight.pop(player, None)
        if marks:
            self.state.fight.curses += marks
            self.event(f"player {player}'s next fight: {', '.join(self.card(c).name for c in marks)} strikes now")

    def cursed(self, player: int, effect: str) -> int:
        """The total ``n`` of the ``effect`` (fewer_moves, weaker) of the curses kept in front of ``player``."""
        kept = self.state.curses_on.get(player, ())
        return sum(e.n for c in kept for e in self.card(c).effects if e.effect == effect)

    def curse_weakness(self) -> int:
        """What curses take from the munchkins' side of the fight: lasting ones of the side (weaker), and those
        for the next fight striking this one."""
        f = self.state.fight
        lasting = sum(self.cursed(p, "weaker") for p in f.side) if self.state.curses_on else 0
        return lasting + sum(e.n for c in f.curses for e in self.card(c).effects if e.effect == "weaker")

    def _lift_curses(self, p: int) -> list[Action]:
        h = self.state.heroes[p]
        kept = self.once(self.state.curses_on.get(p, ()), self.state.next_fight.get(p, ()))
        rings = self.held(h, "remove_curse")
        return [made(LiftCurse, p, ring, curse) for ring in rings for curse in kept]

    def _do_LiftCurse(self, action: LiftCurse) -> None:
        h = self.state.heroes[action.player]
        before = self.base_moves(action.player)
        (h.hand if action.card in h.hand else h.carried).remove(action.card)
        self._discard(action.card)
        for table in (self.state.curses_on, self.state.next_fight):
            kept = table.get(action.player, [])
            if action.curse in kept:
                kept.remove(action.curse)
                if not kept:
                    del table[action.player]
                break
        self._discard(action.curse)
        self.event(action.describe())
        self._moves_changed(action.player, before)

    def _effect_monster_comes(self, loss: Loss) -> bool:
        """The nearest monster (fewest rooms across the grid; ties: the first standee) moves into the victim's
        room; on the victim's own turn outside fights that is a fight at once (p. 8), otherwise nothing happens
        until their turn begins with it there (p. 8: 只有当你的回合开始，且房间里仍然有怪物时，战斗才会开始)."""
        st = self.state
        here = self.room_of(loss.victim)
        others = [m for m in st.dungeon.monsters.values() if m.room != here.id]
        if not others or here.entrance:
            return False
        x, y = here.at

        def distance(m) -> tuple[int, str]:
            mx, my = st.dungeon.rooms[m.room].at
            return abs(mx - x) + abs(my - y), m.id

        piece = min(others, key=distance)
        st.dungeon.move_monsters({piece.id: here.id})
        self.event(f"{piece.name} moves into the {here.name} ({loss.source})")
        if loss.victim == st.current and st.fight is None and st.stage_name == MOVING:
            self.fight_on_arrival()
        return True
