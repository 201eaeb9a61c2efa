"""The dungeon crawl's actions (seed 001 pp. 6-7 and p. 13): moving and exploring through a side, drawing or
declining a wandering monster, picking a monster's base colour, ending the turn. Their rules are methods of
:class:`tablerules.quest.exploration.DungeonCrawl`."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.protocol import Action

SIDE_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}


@dataclass(frozen=True)
class Move(Action):
    player: int
    side: str

    def describe(self) -> str:
        return f"player {self.player} moves {SIDE_WORDS[self.side]}"


@dataclass(frozen=True)
class Explore(Action):
    player: int
    side: str

    def describe(self) -> str:
        return f"player {self.player} explores {SIDE_WORDS[self.side]}"


@dataclass(frozen=True)
class DrawMonster(Action):
    player: int

    def describe(self) -> str:
        return f"player {self.player} draws a wandering monster"


@dataclass(frozen=True)
class Decline(Action):
    player: int

    def describe(self) -> str:
        return f"player {self.player} draws no monster"


@dataclass(frozen=True)
class PickBase(Action):
    player: int
    colour: str

    def describe(self) -> str:
        return f"player {self.player} gives the monster a {self.colour} base"


@dataclass(frozen=True)
class EndTurn(Action):
    player: int

    def describe(self) -> str:
        return f"player {self.player} ends the turn"
