"""Asks every game shares: do an action of a kind on the table, and play on a copy to read what follows."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.actions import Action
from ..core.charity import lowest_others
from .asks import Answer, ask
from .model import Kind


def learner_actions(game: Any, seat: int | None = None) -> list[Action]:
    """What the seat that acts now (or ``seat``) may do."""
    if game.is_over() or game.is_chance():
        return []
    return list(game.legal_actions(seat))  # a seat not to act: what it may do out of turn


def of_kind(game: Any, kind: str, seat: int | None = None,
            where: Callable[[Action], bool] | None = None) -> frozenset[Action]:
    """The legal actions whose type is named ``kind`` (and pass ``where``)."""
    return frozenset(a for a in learner_actions(game, seat)
                     if type(a).__name__ == kind and (where is None or where(a)))


def register_play_kind(game_name: str, words: dict[str, str]) -> None:
    """Register ``play_kind(kind, seat=None)`` for ``game_name``: "do this on the table", right when the
    action played is of that kind (and its fields equal ``match``: ``{"target": 0}``); ``words`` says what
    each kind does, for the explanation."""

    def play_kind(game: Any, kind: str, seat: int | None = None, match: dict[str, Any] | None = None) -> Answer:
        wanted = dict(match or {})
        right = of_kind(game, kind, seat, lambda a: all(getattr(a, k, None) == v for k, v in wanted.items()))
        if not right:
            raise ValueError(f"no legal action of the kind {kind!r} in this position")
        first = sorted(a.describe() for a in right)[0]
        label = first if len(right) == 1 else f"{first} (or any other like it: {len(right)} are right)"
        return Answer(right, (words.get(kind, f"The rule asks for: {kind}."),), label=label)

    play_kind.__name__ = "play_kind"
    ask(game_name, Kind.ACT, "do an action of the named kind on the table")(play_kind)


def charity_answer(levels: list[int], giver: int, rule: str) -> Answer:
    """Who receives ``giver``'s cards over the hand limit (Munchkin and Munchkin Quest alike: the lowest level
    but the giver, shared out if several, discarded if the giver is lowest), explained by ``rule``."""
    who = lowest_others(levels, giver)
    options = (*(f"player {p}" for p in range(len(levels)) if p != giver), "nobody: they are discarded")
    value = options[-1] if not who else f"player {who[0]}" if len(who) == 1 else "several: shared out"
    if len(who) > 1:
        options = (*options, "several: shared out")
    now = ", ".join(f"player {p} level {lv}" for p, lv in enumerate(levels))
    return Answer(value, (f"{rule} Levels now: {now}.",), options)

