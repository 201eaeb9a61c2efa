"""The 18 magic tome cards (魔法寶典卡介紹): which uses are legal now, and what each does.

Passive tomes are applied where their moment comes: 哥布林快跑 / 冒牌法師 in rules.movement, 法師學徒 /
法師之友 when meeting the dark lord, 失落的寶藏 at the end (rules.cards).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import UseTome
from .cards import eligible_penalties, symbols_of

if TYPE_CHECKING:
    from ..game import Kragmortha

PASSIVE = ("goblin-run", "fake-wizard", "apprentice", "wizards-friend", "lost-treasure")


def empty_squares(game: Kragmortha, kinds: tuple[str, ...]) -> list[int]:
    s = game.state
    taken = {seat.square for seat in s.seats} | {s.lord}
    return [sq for sq, k in enumerate(game.board.kinds) if k in kinds and sq not in taken]


def tome_actions(game: Kragmortha, p: int) -> list[UseTome]:
    s, b, pen = game.state, game.board, game.penalties
    seat = s.seats[p]
    out: list[UseTome] = []
    n = len(s.seats)
    for tome in sorted(set(seat.tomes)):
        if tome in PASSIVE:
            continue
        if tome == "glitch":
            out += [UseTome(p, tome, sq, label=f"goblin to {b.label(sq)}") for sq in empty_squares(game, ("teleport",))]
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
                        mine = symbols_of(seat, pen) - {pen[c].symbol}
                        theirs = symbols_of(s.seats[q], pen) - {pen[d].symbol}
                        if pen[d].symbol not in mine and pen[c].symbol not in theirs:
                            out.append(UseTome(p, tome, q, f"{c}>{d}", f"{c} for player {q}'s {d}"))
        elif tome == "quick-hands":
            for q in range(n):
                if q != p:
                    for t in sorted(set(s.seats[q].tomes + s.seats[q].used_tomes)):
                        out.append(UseTome(p, tome, q, t, f"take {t} from player {q}"))
        elif tome == "immunity":
            out += [UseTome(p, tome, -1, c, f"immune to {c}") for c in seat.penalties if c not in seat.immune]
        else:  # curse, swift, change-of-season, new-direction, dear-friend
            out.append(UseTome(p, tome))
    return out


def use_tome(game: Kragmortha, a: UseTome) -> None:
    s, b = game.state, game.board
    p = a.player
    seat = s.seats[p]
    seat.tomes.remove(a.tome)
    seat.used_tomes.append(a.tome)  # 使用過的魔法寶典卡將其翻面蓋著
    game.event(f"player {p} uses {a.tome} ({game.tomes[a.tome].name_zh}){': ' + a.label if a.label else ''}")
    t = a.tome
    if t in ("glitch", "forgot-something"):
        seat.square = a.target
        if t == "forgot-something":
            s.teleport_deck += s.teleport_discard
            s.teleport_discard.clear()
            game.event("the teleport cards are reshuffled")
    elif t == "ghost":
        s.lord = a.target
    elif t == "betrayal":
        s.penalty_deck.remove(a.card)
        s.seats[a.target].penalties.append(a.card)
        game.penalty_received(a.target, a.card)
    elif t == "pass-the-doom":
        seat.penalties.remove(a.card)
        s.penalty_deck.append(a.card)  # passed through the deck so that the card's effects start afresh
        s.penalty_deck.remove(a.card)
        s.seats[a.target].penalties.append(a.card)
        if a.card in seat.immune:
            seat.immune.remove(a.card)
        game.penalty_received(a.target, a.card)
    elif t == "misery-loves-company":
        mine, theirs = a.card.split(">")
        other = s.seats[a.target]
        seat.penalties[seat.penalties.index(mine)] = theirs
        other.penalties[other.penalties.index(theirs)] = mine
        for holder, card in ((seat, mine), (other, theirs)):
            if card in holder.immune:
                holder.immune.remove(card)
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
    elif t == "curse":  # 每個被選到的人: every opponent (see docs/rules-notes.md)
        for q in range(len(s.seats)):
            if q != p and len(s.seats[q].penalties) < 2:
                s.tasks.append(("penalty", q, 0))
    elif t == "swift":
        seat.swift = True
        s.tasks.append(("refill", p, 0))
    elif t in ("change-of-season", "new-direction"):
        k = 5 if t == "change-of-season" else 4
        s.tasks.append(("draw", p, k))  # then the hand is over its limit: discard k (the discard step)
    elif t == "dear-friend":
        for q in range(len(s.seats)):
            if q != p:
                game.event(f"player {q} shows player {p}: {', '.join(sorted(s.seats[q].hand))}", seen_by=(p, q),
                           hidden=f"player {q} shows their movement cards to player {p}")
        s.tasks.append(("friend", p, 3))
    _ = b
