"""Penalty cards that ask for choices (seed 004, 懲罰卡介紹 / 魔法寶典卡介紹):

* 你的手牌上限變成2張，選一張丟掉，第一個搶到的對手可以馬上使用它 - the holder chooses the card to
  discard (``limit`` task; always, whatever the hand holds), then every opponent may grab it and play it at
  once or let it go (``grab`` task, a response window: the first grab applied wins);
* 同病相憐 如果此行為讓你擁有兩張同一類型的噩運卡，你的對手必須決定哪一張生效 - the opponent picks the card
  that takes effect (``effect`` task); the other lies dormant (it still counts, its rule does nothing).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.cards import distinct
from ...core.protocol import Action
from ..actions import Discard, Effect, Grab, LetGo, UseTome
from ..data import card_name
from ..state import Seat
from . import decks as D
from .cards import MAX_PENALTIES, end_game, sparing_tomes
from .movement import legal_paths

if TYPE_CHECKING:
    from ..data import PenaltyCard
    from ..game import Kragmortha


def hand_limit_received(game: Kragmortha, p: int) -> None:
    """選一張丟掉: the holder chooses a movement card and discards it at once, before anything else happens,
    whatever the hand holds (also 2 or fewer: the card says so; a hand still over 2 then discards the rest as any
    hand over its limit does)."""
    if game.state.seats[p].hand:
        game.state.tasks.insert(0, ("limit", p, 0))


def limit_actions(game: Kragmortha, p: int) -> list[Discard]:
    return [Discard(p, c) for c in distinct(game.state.seats[p].hand)]


def discard_for_limit(game: Kragmortha, a: Discard) -> None:
    s = game.state
    s.tasks.pop(0)
    s.seats[a.player].hand.remove(a.card)
    s.loose, s.passed = a.card, []
    s.tasks.insert(0, ("grab", a.player, 0))
    game.event(f"player {a.player} discards the {card_name(a.card)} for the Hand Limit 2 penalty: the first "
               "opponent to grab it may play it at once")


def grabbers(game: Kragmortha) -> tuple[int, ...]:
    s = game.state
    p = s.tasks[0][1]
    return tuple(q for q in range(len(s.seats)) if q != p and q not in s.passed)


def grab_actions(game: Kragmortha) -> list[Grab | LetGo]:
    s = game.state
    card = game.movement[s.loose]
    goblins = tuple(x.square for x in s.seats)
    out: list[Grab | LetGo] = []
    for q in grabbers(game):
        out += [Grab(q, s.loose, path) for path in legal_paths(game.board, goblins, s.lord, q, card, s.seats[q].tomes)]
        out.append(LetGo(q, s.loose))
    return out


def let_go(game: Kragmortha, a: LetGo) -> None:
    s = game.state
    s.passed.append(a.player)
    game.event(a.describe())
    if not grabbers(game):
        s.tasks.pop(0)
        s.move_discard.append(s.loose)
        game.event(f"nobody grabs the {card_name(s.loose)}: it goes to the discard pile")
        s.loose, s.passed = "", []


def grab(game: Kragmortha, a: Grab) -> None:
    s = game.state
    s.tasks.pop(0)
    s.loose, s.passed = "", []
    game.event(f"player {a.player} grabs the {card_name(a.card)}")
    s.tasks[0:0] = game.play_card(a.player, a.card, a.path)


# ----- 同病相憐 --------------------------------------------------------------------------------------
def alike(seat: Seat, penalties: dict[str, PenaltyCard]) -> list[str]:
    """Two penalty cards of one symbol, both in effect (empty when there are none)."""
    live = [c for c in seat.penalties if c not in seat.dormant]
    for i, c in enumerate(live):
        for d in live[i + 1:]:
            if penalties[c].symbol == penalties[d].symbol:
                return [c, d]
    return []


def wake(seat: Seat, penalties: dict[str, PenaltyCard]) -> None:
    """A dormant card whose twin has left the seat takes effect again (it is the only one of its kind)."""
    for c in list(seat.dormant):
        if c not in seat.penalties or not any(penalties[d].symbol == penalties[c].symbol
                                              for d in seat.penalties if d != c):
            seat.dormant.remove(c)


def effect_actions(game: Kragmortha) -> list[Effect]:
    _, q, owner = game.state.tasks[0]
    return [Effect(q, owner, c) for c in alike(game.state.seats[owner], game.penalties)]


def choose_effect(game: Kragmortha, a: Effect) -> None:
    s = game.state
    s.tasks.pop(0)
    seat = s.seats[a.owner]
    other = next(c for c in alike(seat, game.penalties) if c != a.card)
    seat.dormant.append(other)
    game.event(f"{a.describe()}; {card_name(other)} does nothing")
    if game.penalties[a.card].rule == "hand-limit-2":
        hand_limit_received(game, a.owner)


def meet(game: Kragmortha, q: int) -> list[tuple[str, int, int]]:
    """Meeting the dark lord: a penalty card, then fly to a teleport square; with 法師學徒 / 法師之友 the player
    first chooses whether a tome spares the card ("可以避免" / "可以不用抽取": may)."""
    if sparing_tomes(game.state, q) and D.can_get_penalty(game, q):
        game.event(f"player {q} meets the dark lord and may use a tome to avoid the penalty card")
        return [("spare", q, 0), ("flee", q, 0)]
    game.event(f"player {q} meets the dark lord and must draw a penalty card")
    return [("penalty", q, 0), ("flee", q, 0)]

def spare(game: Kragmortha, action: Action) -> None:
    """法師學徒 / 法師之友 used (the penalty card is avoided, the tome turned face down) or kept."""
    s = game.state
    p = action.actor
    s.tasks.pop(0)
    if isinstance(action, UseTome):
        seat = s.seats[p]
        seat.tomes.remove(action.tome)
        seat.used_tomes.append(action.tome)
        game.event(f"player {p} uses the tome {card_name(action.tome)}: no penalty card")
    else:
        s.tasks.insert(0, ("penalty", p, 0))
        game.event(f"player {p} keeps their tome and must draw a penalty card")

def penalty_received(game: Kragmortha, p: int, card: str) -> None:
    c = game.penalties[card]
    if c.rule == "forbidden-words":
        game.state.seats[p].forbidden.append(card)
    game.event(f"player {p} gets the penalty card {c.title} ({c.symbol} symbol): {c.text} / {c.text_zh}")
    if len(game.state.seats[p].penalties) >= MAX_PENALTIES:
        end_game(game.state, f"player {p} has {MAX_PENALTIES} penalty cards", loser=p)
        game.event(f"the game ends: {game.state.reason}")
    elif c.rule == "hand-limit-2" and card not in game.state.seats[p].dormant:
        hand_limit_received(game, p)
