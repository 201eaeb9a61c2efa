"""The turn: ghouls in decline first, picking a combo or readying troops, conquest, redeployment, scoring,
Stout and Diplomat at the turn end, the losers' redeployment, the turn track and the end of the game.

Seed 003, II. 余下的回合: "所有玩家按顺时针方向轮流进行游戏。在余下的回合中，每次轮到起始玩家时，他需要将游戏回合的
标志物向后移动一个数字。每名玩家的回合中，他可以在以下行动中任选一项执行：通过新的征服进行扩张。或者将现有的种族退出
场地。" III. 游戏结束: "游戏回合的标志物移动到最后一个数字上时，游戏进入最后一个回合。当前回合结束后游戏马上结束 ...
点数最多的玩家获得胜利。如果点数持平，当前场面上种族标志最多的玩家获得胜利（包括当前种族和已经退场的种族）。"
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.protocol import Result
from ...core.words import counted
from ..state import NOBODY
from .decline import check_extinct, go_into_decline
from .redeploy import amazons_muster, lift, start_redeploy
from .scoring import score_turn

if TYPE_CHECKING:
    from ..game import SmallWorld

BERSERK_ROLLING = -2  #: ``berserk_die`` while the Berserk die is in the air


def reset_turn(g: SmallWorld) -> None:
    s = g.state
    s.conquered = []
    s.conquered_nonempty = 0
    s.attacked = []
    s.sorcery_on = []
    s.dragon_used = s.fortress_placed = s.acted = False
    s.berserk_die = s.attempt = NOBODY
    s.amazons_owed = 0


def start_turn(g: SmallWorld) -> None:
    s = g.state
    p = s.current
    reset_turn(g)
    seat = s.seats[p]
    seat.peace_with = NOBODY  # a Diplomat's peace lasts until his next turn
    if "Ghouls" in s.race and s.regions_of(p, "Ghouls", True):
        s.stage = "ghouls"
        g.event(f"player {p}'s Ghouls in decline march first")
    else:
        begin_active(g)


def begin_active(g: SmallWorld) -> None:
    s = g.state
    p = s.current
    seat = s.seats[p]
    s.acted = False
    s.attempt = s.berserk_die = NOBODY
    if not seat.race:
        s.stage = "pick"
    else:
        amazons_muster(g, p)
        s.stage = "conquer"


def end_conquest(g: SmallWorld) -> None:
    s = g.state
    p = s.current
    s.berserk_die = NOBODY
    if s.stage == "ghouls":
        seat = s.seats[p]
        ghouls = s.regions_of(p, "Ghouls", True)
        seat.ghoul_hand += lift(g, ghouls)
        if not ghouls:
            s.box["Ghouls"] += seat.ghoul_hand
            seat.ghoul_hand = 0
            check_extinct(g, p, "Ghouls")
        if seat.ghoul_hand:
            s.stage = "ghouls redeploy"
        else:
            begin_active(g)
    else:
        start_redeploy(g, p)


def end_turn(g: SmallWorld, stout: bool = False) -> None:
    s = g.state
    p = s.current
    seat = s.seats[p]
    score_turn(g, p)
    seat.fresh = False
    seat.turns_active += 1
    if stout:
        go_into_decline(g, p)
    if seat.power == "Diplomat" and peace_options(g, p):
        s.stage = "diplomacy"
    else:
        finish_turn(g)


def decline_turn(g: SmallWorld) -> None:
    p = g.state.current
    go_into_decline(g, p)
    score_turn(g, p, declined_this_turn=True)
    finish_turn(g)


def peace_options(g: SmallWorld, player: int) -> list[int]:
    s = g.state
    return [q for q in range(len(s.seats)) if q != player and q not in s.attacked]


def make_peace(g: SmallWorld, player: int, other: int) -> None:
    s = g.state
    if other >= 0:
        s.seats[player].peace_with = other
        g.event(f"player {player} makes peace with player {other}: they may not attack player {player}'s active race")
    finish_turn(g)


def finish_turn(g: SmallWorld) -> None:
    g.state.stage = "losses"
    next_loser(g)


def next_loser(g: SmallWorld) -> None:
    """Players who lost regions redeploy what they kept, in table order after the attacker."""
    s = g.state
    n = len(s.seats)
    for k in range(1, n + 1):
        q = (s.current + k) % n
        seat = s.seats[q]
        if not seat.pending:
            continue
        for race in sorted(seat.pending):
            count = seat.pending[race]
            if count and s.regions_of(q, race):
                s.loser = q
                return
            if count:
                if race == seat.race:
                    seat.hand += count
                    g.event(f"player {q} has no {race} region left: {counted(count, 'token')} wait in hand")
                else:
                    s.box[race] += count
                    g.event(f"player {q}'s {race} in decline have no region left: {counted(count, 'token')} to the box")
            del seat.pending[race]
            check_extinct(g, q, race)
    s.loser = NOBODY
    next_turn(g)


def next_turn(g: SmallWorld) -> None:
    s = g.state
    s.turns += 1
    s.current = (s.current + 1) % len(s.seats)
    if s.current == 0:
        if s.round >= g.board.rounds:
            s.over = True
            s.stage = "over"
            g.event("the last round is over")
            return
        s.round += 1
        g.event(f"round {s.round} begins")
    start_turn(g)


def result(g: SmallWorld) -> Result | None:
    s = g.state
    if not s.over:
        return None
    coins = [seat.coins for seat in s.seats]
    best = max(coins)
    tied = [p for p, c in enumerate(coins) if c == best]
    if len(tied) == 1:
        return Result(tuple(tied), dict(enumerate(coins)), f"most coins ({best})")
    tokens = {p: s.tokens_on_map(p) for p in tied}
    most = max(tokens.values())
    winners = tuple(p for p in tied if tokens[p] == most)
    return Result(winners, dict(enumerate(coins)), f"{best} coins each; tie broken by most tokens on the map ({most})")
