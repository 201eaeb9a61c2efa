"""Referee mode: which chance steps a person at the table rolls (or types in), and re-rolls.

A panel or terminal that plays some seats with people leaves a chance step to them when it follows
their own decision (their fight's dice, their draw), even if the other seats only *passed* in a response
window in between ("I'm rolling!" -> everybody passes -> the combat dice are still the fighter's to roll).
A draw the people's seats cannot see (another seat's face-down card) is never left to them: nobody at the
table could type it in, so the seeded dice decide it at once.

A re-roll draws the pending chance step from a fresh random stream (:class:`random.SystemRandom`) instead
of the seeded one, so "undo, then roll again" can give a new result; the outcome is applied like any
other chance outcome, so it is in the history and a save replays it.
"""

from __future__ import annotations

import random
from collections.abc import Collection

from .protocol import Action, Game


def only_answers(action: Action) -> bool:
    """Whether ``action`` just lets a response window go by (a ``Pass``): it does not take the next
    chance step away from the seat whose decision opened the window."""
    return type(action).__name__ == "Pass"


def hidden_from(game: Game, seats: Collection[int]) -> bool:
    """Whether the outcome of the pending chance step is hidden from every seat in ``seats`` (tried on a
    copy with the seeded dice: some new log line reads differently for each of them)."""
    if game.chance_step() is None or not seats:
        return False
    trial = game.copy()
    before = len(trial.log)
    trial.roll()
    events = trial._log.items()[before:]
    return all(any(e.seen(seat) != e.text for e in events) for seat in seats)


def leave_to_people(game: Game, seats: Collection[int], theirs_last: bool) -> bool:
    """Whether the pending chance step waits for the people at ``seats`` (roll, re-roll or type it in):
    it follows their own decision and they may see its outcome."""
    return theirs_last and not hidden_from(game, seats)


def reroll(game: Game) -> Action:
    """Resolve the pending chance step from a fresh random stream (not the seeded one) and return the
    outcome applied; it is recorded in the history like any other outcome."""
    return game.roll(random.SystemRandom())
