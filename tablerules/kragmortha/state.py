"""The Kragmortha state: everything that changes during a game (copying, saving, comparing derived)."""

from __future__ import annotations

from dataclasses import dataclass, field

NOWHERE = -1


@dataclass
class Seat:
    hand: list[str] = field(default_factory=list)  #: movement card ids (two copies: the id twice)
    square: int = NOWHERE  #: where the goblin stands (NOWHERE before it is placed)
    start: int = NOWHERE  #: the start square it was placed on (where it goes back to)
    penalties: list[str] = field(default_factory=list)  #: penalty cards, face up
    immune: list[str] = field(default_factory=list)  #: penalty cards turned face down by the Immunity tome
    tomes: list[str] = field(default_factory=list)  #: tome cards face up (not used yet)
    used_tomes: list[str] = field(default_factory=list)  #: tome cards turned face down after use
    swift: bool = False  #: the Swift tome was played: hand limit 4
    forbidden: list[str] = field(default_factory=list)  #: forbidden-words penalties, as reminders


@dataclass
class KragState:
    seats: list[Seat]
    lord: int
    move_deck: list[str]
    penalty_deck: list[str]
    teleport_deck: list[str]
    tome_deck: list[str]
    move_discard: list[str] = field(default_factory=list)
    teleport_discard: list[str] = field(default_factory=list)
    stage: str = "first player"  #: first player | setup | play | over
    first: int = NOWHERE
    current: int = NOWHERE
    #: what must happen next, in order: (kind, player, count); see rules.flow
    tasks: list[tuple[str, int, int]] = field(default_factory=list)
    turns: int = 0
    loser: int = NOWHERE  #: who took a 4th penalty card
    reason: str = ""
