"""The actions of Small World: frozen dataclasses with a readable, unique description."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.protocol import Action
from ..core.words import counted


@dataclass(frozen=True)
class PickCombo(Action):
    player: int
    index: int
    race: str
    power: str

    def describe(self) -> str:
        return f"player {self.player} picks {self.power} {self.race} (position {self.index + 1}, costs {self.index})"


@dataclass(frozen=True)
class Conquer(Action):
    player: int
    region: int
    cost: int

    def describe(self) -> str:
        return f"player {self.player} conquers region {self.region} with {counted(self.cost, 'token')}"


@dataclass(frozen=True)
class FinalAttempt(Action):
    player: int
    region: int
    cost: int

    def describe(self) -> str:
        return f"player {self.player} tries a final conquest of region {self.region} (needs {self.cost}, rolls the die)"


@dataclass(frozen=True)
class RollBerserk(Action):
    player: int

    def describe(self) -> str:
        return f"player {self.player} rolls the reinforcement die (Berserk) before choosing a target"


@dataclass(frozen=True)
class DragonAttack(Action):
    player: int
    region: int

    def describe(self) -> str:
        return f"player {self.player} sends the dragon to region {self.region} (1 token)"


@dataclass(frozen=True)
class Enchant(Action):
    player: int
    region: int

    def describe(self) -> str:
        return f"player {self.player} enchants the lone token in region {self.region} (Sorcerers)"


@dataclass(frozen=True)
class Ready(Action):
    """Seed 003, 预备部队: every region keeps one token, the rest go back into the hand (the player's choice)."""

    player: int

    def describe(self) -> str:
        return f"player {self.player} readies the troops (every region keeps one token, the rest back in hand)"


@dataclass(frozen=True)
class Abandon(Action):
    player: int
    region: int

    def describe(self) -> str:
        return f"player {self.player} abandons region {self.region}"


@dataclass(frozen=True)
class Decline(Action):
    player: int

    def describe(self) -> str:
        return f"player {self.player} puts the active race into decline"


@dataclass(frozen=True)
class EndConquest(Action):
    player: int

    def describe(self) -> str:
        return f"player {self.player} ends the conquests"


@dataclass(frozen=True)
class Place(Action):
    player: int
    region: int
    count: int

    def describe(self) -> str:
        return f"player {self.player} places {counted(self.count, 'token')} in region {self.region}"


@dataclass(frozen=True)
class PlaceEncampment(Action):
    player: int
    region: int

    def describe(self) -> str:
        return f"player {self.player} places an encampment in region {self.region}"


@dataclass(frozen=True)
class PlaceFortress(Action):
    player: int
    region: int

    def describe(self) -> str:
        return f"player {self.player} builds a fortress in region {self.region}"


@dataclass(frozen=True)
class PlaceHero(Action):
    player: int
    region: int

    def describe(self) -> str:
        return f"player {self.player} places a hero in region {self.region}"


@dataclass(frozen=True)
class EndTurn(Action):
    player: int
    decline: bool = False

    def describe(self) -> str:
        if self.decline:
            return f"player {self.player} ends the turn and goes into decline (Stout)"
        return f"player {self.player} ends the turn"


@dataclass(frozen=True)
class MakePeace(Action):
    player: int
    other: int

    def describe(self) -> str:
        if self.other < 0:
            return f"player {self.player} makes peace with nobody"
        return f"player {self.player} makes peace with player {self.other} (Diplomat)"


ACTION_TYPES = (PickCombo, Conquer, FinalAttempt, RollBerserk, DragonAttack, Enchant, Ready, Abandon, Decline,
                EndConquest, Place, PlaceEncampment, PlaceFortress, PlaceHero, EndTurn, MakePeace)
