"""Penalty cards (懲罰卡), teleport cards (傳送), tome cards (魔法寶典卡), the hand limit and the end."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..state import KragState, Seat

if TYPE_CHECKING:
    from ..data import PenaltyCard, TomeCard

HAND = 3
MAX_PENALTIES = 4  # 如果得到四張懲罰卡的人最輸，而且遊戲就結束了
APPRENTICE = "apprentice"
WIZARDS_FRIEND = "wizards-friend"
LOST_TREASURE = "lost-treasure"


def hand_limit(seat: Seat, penalties: dict[str, PenaltyCard]) -> int:
    """3; 4 after 迅捷; 2 with the hand-limit penalty card (unless immune to it, or it lies dormant)."""
    for c in seat.penalties:
        if penalties[c].rule == "hand-limit-2" and c not in seat.immune and c not in seat.dormant \
                and c not in seat.outranked:
            return 2
    return 4 if seat.swift else HAND


def symbols_of(seat: Seat, penalties: dict[str, PenaltyCard]) -> set[str]:
    return {penalties[c].symbol for c in seat.penalties}


def eligible_penalties(state: KragState, player: int, penalties: dict[str, PenaltyCard]) -> list[str]:
    """The penalty cards of the deck (and under it) player may get: 每種符號的懲罰卡只能擁有一張."""
    have = symbols_of(state.seats[player], penalties)
    return [c for c in (*state.penalty_deck, *state.penalty_bottom) if penalties[c].symbol not in have]


def sparing_tomes(state: KragState, player: int) -> list[str]:
    """法師學徒 / 法師之友 held unused by ``player``: each may spare one penalty card when meeting the dark lord.
    法師之友 also in an opponent's turn ("可在對手回合裡使用"); 法師學徒 only in the player's own ("魔法寶典卡只能在
    自己回合使用，除非有特別明示")."""
    seat = state.seats[player]
    own = player == state.current
    return [t for t in (APPRENTICE, WIZARDS_FRIEND) if t in seat.tomes and (own or t == WIZARDS_FRIEND)]


def end_game(state: KragState, reason: str, loser: int = -1) -> None:
    state.stage = "over"
    state.reason = reason
    state.loser = loser
    state.tasks.clear()


def magic(seat: Seat, tomes: dict[str, TomeCard]) -> int:
    return sum(tomes[t].magic for t in seat.tomes + seat.used_tomes)


def ranking_key(seat: Seat, tomes: dict[str, TomeCard]) -> tuple[int, int, int]:
    """Fewest penalty cards, then most tomes, then most magic symbols (smaller is better)."""
    return (len(seat.penalties), -len(seat.tomes + seat.used_tomes), -magic(seat, tomes))


def winners(state: KragState, tomes: dict[str, TomeCard]) -> tuple[int, ...]:
    seats = [p for p in range(len(state.seats)) if p != state.loser]
    best = min(ranking_key(state.seats[p], tomes) for p in seats)
    leaders = tuple(p for p in seats if ranking_key(state.seats[p], tomes) == best)
    for p in seats:  # 失落的寶藏: 在遊戲結束時，如果和領先者平手，你獲得遊戲勝利
        seat = state.seats[p]
        if LOST_TREASURE in seat.tomes + seat.used_tomes and p not in leaders \
                and len(seat.penalties) == best[0]:
            return (p,)
    if len(leaders) > 1:
        holders = tuple(p for p in leaders if LOST_TREASURE in state.seats[p].tomes + state.seats[p].used_tomes)
        if holders:
            return holders
    return leaders
