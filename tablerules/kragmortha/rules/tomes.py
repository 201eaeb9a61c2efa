"""The 18 magic tome cards (魔法寶典卡介紹): which uses are legal now, and what each does.

Passive tomes are applied where their moment comes: 哥布林快跑 / 冒牌法師 in rules.movement, 失落的寶藏 at the end
(rules.cards); 法師學徒 / 法師之友 are offered (use or keep) when their holder meets the dark lord (game.meet).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING

from ...core.words import players
from ..actions import UseTome
from ..data import card_name, in_words
from . import decks as D
from .cards import eligible_penalties, symbols_of
from .penalties import alike, hand_limit_received, penalty_received, wake

if TYPE_CHECKING:
    from ..data import Board
    from ..game import Kragmortha

PASSIVE = ("goblin-run", "fake-wizard", "apprentice", "wizards-friend", "lost-treasure")


@lru_cache(maxsize=64)
def squares_of(board: Board, kinds: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(sq for sq, k in enumerate(board.kinds) if k in kinds)


def empty_squares(game: Kragmortha, kinds: tuple[str, ...]) -> list[int]:
    s = game.state
    taken = {seat.square for seat in s.seats}
    taken.add(s.lord)
    return [sq for sq in squares_of(game.board, kinds) if sq not in taken]


def glitch_actions(game: Kragmortha, p: int) -> list[UseTome]:
    """錯誤現象: "如果你想移動，你可以選擇移動到任何空的傳送點。可在對手回合裡使用。" """
    b = game.board
    return [UseTome(p, "glitch", sq, label=f"goblin to {b.label(sq)}") for sq in empty_squares(game, ("teleport",))]


def out_of_turn(game: Kragmortha, p: int) -> list[UseTome]:
    """The tome ``p`` may use on an opponent's turn (可在對手回合裡使用): 錯誤現象, at any decision of that turn
    that is not ``p``'s own (法師之友, the other such tome, is offered to ``p`` when ``p`` meets the dark lord, on
    anyone's turn)."""
    s = game.state
    if s.stage != "play" or p == s.current or "glitch" not in s.seats[p].tomes or (s.tasks and s.tasks[0][1] == p):
        return []
    return glitch_actions(game, p)


def curse_actions(game: Kragmortha, p: int) -> list[UseTome]:
    """詛咒 "每個被選到的人如果手上噩運卡少於兩張，立即抽取一張噩運卡": every set of opponents with fewer than
    two penalty cards the user may choose (``card``: their seats, "1,3"; choosing one with two or more would do
    nothing, so they are left out); with no such opponent, the curse may still be played on nobody."""
    s = game.state
    open_ = [q for q in range(len(s.seats)) if q != p and len(s.seats[q].penalties) < 2]
    if not open_:
        return [UseTome(p, "curse", label="nobody")]
    out = []
    for k in range(1, len(open_) + 1):
        for chosen in combinations(open_, k):
            out.append(UseTome(p, "curse", card=",".join(map(str, chosen)), label=players(chosen)))
    return out


def tome_actions(game: Kragmortha, p: int, after_move: bool = False) -> list[UseTome]:
    """The tomes ``p`` may use in their own turn ("魔法寶典卡只能在自己回合使用"), before moving or, with
    ``after_move``, after it (新方向 only then: "在你移動後")."""
    s, b, pen = game.state, game.board, game.penalties
    seat = s.seats[p]
    out: list[UseTome] = []
    if not seat.tomes:
        return out
    n = len(s.seats)
    for tome in sorted(set(seat.tomes)):
        if tome in PASSIVE or (tome == "new-direction" and not after_move):
            continue
        if tome == "glitch":
            out += glitch_actions(game, p)
        elif tome == "ghost":
            out += [UseTome(p, tome, sq, label=f"dark lord to {b.label(sq)}")
                    for sq in empty_squares(game, ("teleport",))]
        elif tome == "forgot-something":
            near = {n2 for d in b.desk for n2 in b.neighbours(d)}
            free = empty_squares(game, ("grimoire", "parchment", "potion", "gems", "teleport"))
            out += [UseTome(p, tome, sq, label=f"goblin to {b.label(sq)}") for sq in free if sq in near]
        elif tome == "betrayal":
            for q in range(n):
                if q == p or len(s.seats[q].penalties) >= 3:
                    continue
                for c in sorted(set(eligible_penalties(s, q, pen))):
                    out.append(UseTome(p, tome, q, c, f"{c} to player {q}"))
        elif tome == "pass-the-doom":
            for c in seat.penalties:
                for q in range(n):
                    fewer = len(s.seats[q].penalties) < len(seat.penalties)
                    if fewer and pen[c].symbol not in symbols_of(s.seats[q], pen):
                        out.append(UseTome(p, tome, q, c, f"{c} to player {q}"))
        elif tome == "misery-loves-company":
            for c in seat.penalties:
                for q in range(n):
                    if q == p:
                        continue
                    for d in s.seats[q].penalties:
                        # 如果此行為讓你擁有兩張同一類型的噩運卡，你的對手必須決定哪一張生效: you may end with two
                        # alike; the opponent may not (the seed allows it only for you)
                        theirs = symbols_of(s.seats[q], pen) - {pen[d].symbol}
                        if pen[c].symbol not in theirs:
                            out.append(UseTome(p, tome, q, f"{c}>{d}", f"{c} for player {q}'s {d}"))
        elif tome == "quick-hands":
            for q in range(n):
                if q != p:
                    for t in sorted(set(s.seats[q].tomes + s.seats[q].used_tomes)):
                        out.append(UseTome(p, tome, q, t, f"take {t} from player {q}"))
        elif tome == "curse":
            out += curse_actions(game, p)
        elif tome == "immunity":
            out += [UseTome(p, tome, -1, c, f"immune to {c}") for c in seat.penalties if c not in seat.immune]
        else:  # swift, change-of-season, new-direction, dear-friend
            out.append(UseTome(p, tome))
    return out


def use_tome(game: Kragmortha, a: UseTome) -> None:
    s, b = game.state, game.board
    p = a.player
    seat = s.seats[p]
    seat.tomes.remove(a.tome)
    seat.used_tomes.append(a.tome)  # 使用過的魔法寶典卡將其翻面蓋著
    card = game.tomes[a.tome]
    game.event(f"player {p} uses the tome {card.name} ({card.name_zh}){': ' + in_words(a.label) if a.label else ''}")
    t = a.tome
    if t in ("glitch", "forgot-something"):
        seat.square = a.target
        if t == "forgot-something":  # 重新洗傳送卡並可以偷看第一張
            D.reshuffle_teleports(game, everything=True)
            s.tasks.insert(0, ("peek", p, 0))
    elif t == "ghost":  # 你可以偷看第一張傳送卡
        s.lord = a.target
        s.tasks.insert(0, ("peek", p, 0))
    elif t == "betrayal":  # 查看噩運卡並選取一張交給…然後重新洗噩運卡
        (s.penalty_deck if a.card in s.penalty_deck else s.penalty_bottom).remove(a.card)
        D.reshuffle_penalties(game)
        s.seats[a.target].penalties.append(a.card)
        penalty_received(game, a.target, a.card)
    elif t == "pass-the-doom":
        seat.penalties.remove(a.card)
        s.seats[a.target].penalties.append(a.card)
        for kept in (seat.immune, seat.dormant, seat.outranked):
            if a.card in kept:
                kept.remove(a.card)
        wake(seat, game.penalties)
        if seat.penalties and s.stage != "over":  # 如果你擁有任何噩運卡，你可以偷看傳送卡最上面的那張
            s.tasks.insert(0, ("peek", p, 0))
        penalty_received(game, a.target, a.card)
    elif t == "misery-loves-company":
        mine, theirs = a.card.split(">")
        other = s.seats[a.target]
        seat.penalties[seat.penalties.index(mine)] = theirs
        other.penalties[other.penalties.index(theirs)] = mine
        for holder, card in ((seat, mine), (other, theirs)):
            for kept in (holder.immune, holder.dormant, holder.outranked):
                if card in kept:
                    kept.remove(card)
            wake(holder, game.penalties)
        game.event(f"player {p} swaps their {card_name(mine)} for player {a.target}'s {card_name(theirs)}")
        if alike(seat, game.penalties):  # 你的對手必須決定哪一張生效
            s.tasks.insert(0, ("effect", a.target, p))
        else:
            for holder, card in ((seat, theirs), (other, mine)):
                if game.penalties[card].rule == "hand-limit-2":
                    hand_limit_received(game, s.seats.index(holder))
    elif t == "quick-hands":
        other = s.seats[a.target]
        if a.card in other.tomes:
            other.tomes.remove(a.card)
            seat.tomes.append(a.card)
        else:
            other.used_tomes.remove(a.card)
            seat.used_tomes.append(a.card)
    elif t == "immunity":
        seat.immune.append(a.card)
    elif t == "curse":  # 每個被選到的人: the players chosen (``card``: their seats), each with fewer than two
        for q in (int(x) for x in a.card.split(",") if x):
            if len(s.seats[q].penalties) < 2:
                s.tasks.append(("penalty", q, 0))
    elif t == "swift":
        seat.swift = True  # 當你打出此牌，你的手牌上限變為四: over a hand-limit card already held too
        seat.outranked = [c for c in seat.penalties if game.penalties[c].rule == "hand-limit-2"]
        s.tasks.append(("refill", p, 0))
    elif t in ("change-of-season", "new-direction"):
        k = 5 if t == "change-of-season" else 4
        s.tasks += [("draw", p, k), ("discard", p, k)]  # 然後丟棄手中四/五張移動卡: exactly k, also after moving
    elif t == "dear-friend":
        for q in range(len(s.seats)):
            if q != p:
                game.event(f"player {q} shows player {p}: {', '.join(sorted(map(card_name, s.seats[q].hand)))}",
                           seen_by=(p, q),
                           hidden=f"player {q} shows their movement cards to player {p}")
        s.tasks.append(("friend", p, 3))
    _ = b
