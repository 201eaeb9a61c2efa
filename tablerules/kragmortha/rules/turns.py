"""The turn's tasks that need nobody's choice and no draw (seed 004, 遊戲玩法: "玩家們輪流動作，分別出一張移動卡與抽一張
移動卡"): the end of a turn, drawing back up to the hand limit, a reshuffled movement deck, penalty cards coming up
from under their deck, peeked teleport cards, flights with no free teleport square, and the stage after moving in
which tomes may still be used (魔法寶典卡只能在自己回合使用; 新方向 在你移動後)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..state import NOWHERE
from . import decks as D
from .tomes import empty_squares, tome_actions

if TYPE_CHECKING:
    from ..game import Kragmortha


def settle(g: Kragmortha) -> None:
    """Carry out the tasks that need nobody's choice and no draw."""
    s = g.state
    while s.tasks and s.stage != "over":
        kind, p, k = s.tasks[0]
        if kind == "end":  # the commonest with "refill"
            if g.overfull() != NOWHERE:
                break
            s.tasks.pop(0)
            s.turns += 1
            s.current = (s.current + 1) % len(s.seats)
            continue
        seat = s.seats[p]
        if kind == "discard":  # 新方向 / 換季: discard as many as were drawn
            if k <= 0 or not seat.hand:
                s.tasks.pop(0)
                continue
            break
        if kind == "after":  # after moving: tomes may still be used (自己回合; 新方向 在你移動後)
            if seat.tomes and tome_actions(g, p, after_move=True):
                break
            s.tasks.pop(0)
            continue
        if kind in ("refill", "deal", "draw"):
            if (kind == "refill" and len(seat.hand) >= g.limit(p)) or (kind != "refill" and k <= 0):
                s.tasks.pop(0)
                continue
            if not s.move_deck:
                if not s.move_discard:
                    s.tasks.pop(0)
                    continue
                s.move_deck, s.move_discard = s.move_discard, []
                g.event("the movement discards are shuffled into a new deck")
            break
        if kind == "penalty":
            if not D.can_get_penalty(g, p):
                s.tasks.pop(0)
                g.event(f"no penalty card player {p} may take is left")
                continue
            if not s.penalty_deck:  # only cards put under are left: they come up in order
                s.tasks.pop(0)
                if not D.penalty_drawn(g, p, s.penalty_bottom.pop(0)):
                    s.tasks.insert(0, (kind, p, k))
                continue
            break
        if kind in ("teleport", "peek"):
            if s.teleport_top:  # a card seen on top is drawn (or seen again) with certainty
                s.tasks.pop(0)
                if kind == "peek":
                    s.teleport_seen.append(p)
                    g.event(f"player {p} peeks at the top teleport card: {s.teleport_top[0]}", seen_by=(p,),
                               hidden=f"player {p} peeks at the top teleport card")
                else:
                    card = s.teleport_top.pop(0)
                    if not s.teleport_top:
                        s.teleport_seen.clear()
                    D.teleport_drawn(g, p, card)
                continue
            if not s.teleport_deck:  # 傳送卡抽完才重洗
                D.reshuffle_teleports(g)
            break
        if kind in ("flee", "fly"):
            if not empty_squares(g, ("teleport",)):
                s.tasks.pop(0)
                if kind == "flee":  # 如果傳送格客滿則回到起始位置
                    g.return_home(p)
                else:
                    g.event(f"no empty teleport square: player {p}'s goblin stays")
                continue
            break
        break
    if s.stage == "setup" and not s.tasks:
        s.stage = "play"
        s.current = s.first
        g.event(f"player {s.first} starts")
