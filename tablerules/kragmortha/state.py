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
    #: penalty cards not in effect: the opponent chose the other one of two alike (同病相憐)
    dormant: list[str] = field(default_factory=list)
    #: hand-limit penalty cards held when 迅捷 was played ("當你打出此牌，你的手牌上限變為四"): the later card wins,
    #: so they set no limit while their holder keeps them
    outranked: list[str] = field(default_factory=list)


@dataclass
class KragState:
    seats: list[Seat]
    lord: int
    #: each deck is ordered: its top cards someone has seen (``*_top``), then the unseen cards (a
    #: shuffled multiset: drawing from it is a chance step), then the cards put under it (``*_bottom``)
    move_deck: list[str]
    penalty_deck: list[str]
    teleport_deck: list[str]
    tome_deck: list[str]
    teleport_top: list[str] = field(default_factory=list)  #: peeked at (幽靈, 傳遞噩運, 忘了些事情)
    teleport_seen: list[int] = field(default_factory=list)  #: the seats that have seen teleport_top
    penalty_bottom: list[str] = field(default_factory=list)  #: duplicates put back under (放回底下重抽)
    loose: str = ""  #: the movement card discarded for the hand-limit penalty, up for grabs
    passed: list[int] = field(default_factory=list)  #: seats that let the loose card go
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
