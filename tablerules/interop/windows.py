"""Any-time windows: how the sequential wrappers (OpenSpiel, PettingZoo) offer what a seat may play out of turn.

The engines let a seat play some actions "at any time", whoever is to act (:meth:`Game.anytime_actions`; for the
seats that are not to act, :meth:`Game.out_of_turn_actions`). A sequential RL interface has one deciding seat at
a time, so with the wrappers' ``anytime`` parameter on (off by default: then nothing here runs and the wrappers
play exactly as without it):

* **A window** opens at every decision of the engine (each state that is neither chance nor the end), before the
  engine's seat to act decides: that seat is the first of :meth:`Game.to_act` with a legal action, as without
  windows. Which seats are asked is what the engine says, nothing more: the seats
  :meth:`Game.out_of_turn_actions` lists (every seat that is not to act and holds at least one any-time action
  now; the games name the moments their rules allow: a Munchkin curse "任何时刻", Quest's cards "任何时候都可以使用",
  Kragmortha's 錯誤現象 "可在對手回合裡使用"; Baldur's Gate's witch is played inside the response window of the
  action it reverses, where the seat is to act already, so no window opens for it).
* **Order**: table order, starting with the seat after the engine's seat to act and going round.
* **A seat asked** chooses among its any-time actions (the ids of :mod:`tablerules.interop.ids`) and **Decline**
  (:class:`~tablerules.interop.ids.Decline`, the table's last id: play nothing now).
* **Playing one reopens the window**: the action changes the state, so the window of the new state is worked
  out afresh (every seat holding any-time actions then, the one who just played included, is asked again, in
  table order from the seat after the engine's seat to act). An action that starts a chance step (a draw) is
  resolved first, as every chance step; then the next decision's window opens.
* **When every asked seat has declined**, the engine's seat to act decides (its own any-time actions are among
  its legal actions already, as without windows). Its action opens the next window.

So a window is a function of the engine's state and of who has declined since the state was reached: the
wrappers keep the seats still to ask (a tuple) beside the game, and a record of every decline (after how many
engine actions, by which seat) for the information state, which must remember them (perfect recall). Being
asked tells the table that the seat holds an any-time action: in the games here that is mostly public anyway (a
race or class to give up, items to trade), and otherwise it is as much as a player shows by reaching for a card.
The length bound grows accordingly: every engine action is followed by at most ``players - 1`` declines, so a
wrapped game with windows is at most ``max_length * players`` moves long.
"""

from __future__ import annotations

from ..core.actions import Action
from ..core.protocol import Game
from .ids import ActionTable, Decline

#: (engine actions played when the seat declined, the seat): one decline of an any-time window
Pass = tuple[int, int]


def engine_seat(game: Game) -> int:
    """The seat the engine says decides now: the first of :meth:`Game.to_act` with a legal action (a seat alone to act
    has one: the engines always leave a way forward, and the wrappers' legal ids check it)."""
    seats = game.to_act()
    if len(seats) == 1:
        return seats[0]
    for seat in seats:
        if game.legal_actions(seat):
            return seat
    raise RuntimeError(f"{game.name}: players {game.to_act()} are to act but none has a legal action")


def window_seats(game: Game, seat: int) -> tuple[int, ...]:
    """The seats asked, in order, before ``seat`` (the engine's seat to act) decides: every seat holding any-time
    actions now, in table order from the seat after ``seat``."""
    holding = game.out_of_turn_actions()
    if not holding:
        return ()
    n = game.num_players()
    return tuple(p for p in ((seat + k) % n for k in range(1, n)) if p in holding)


def window_moves(game: Game, seat: int, table: ActionTable) -> dict[int, Action]:
    """``full id -> action`` for a seat asked in a window: its any-time actions, and Decline."""
    moves = table.legal(game.legal_actions(seat))
    moves[table.full_decline] = Decline(seat)
    return moves


def window_words(window: tuple[int, ...], passes: tuple[Pass, ...], history: bool) -> str:
    """The window in plain words for the strings: the seats still to answer, and (``history``: for the information
    state) every decline so far."""
    lines = []
    if window:
        lines.append("Any-time window: " + ", ".join(f"player {p}" for p in window) + " still to answer")
    if history and passes:
        lines.append("Played nothing when asked: " + "; ".join(f"player {p} after action {n}" for n, p in passes))
    return "\n".join(lines)
