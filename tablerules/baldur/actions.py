"""The actions of Baldur's Gate (frozen dataclasses, each with a unique readable text)."""

from __future__ import annotations

from dataclasses import dataclass

from tablerules.core.protocol import Action

from ..core.words import counted, listed, players
from .cards import HERO_NAMES, JOKER_NAMES, LEVELS, card_label


@dataclass(frozen=True)
class Open(Action):
    """The card a player plays face down to decide the first player."""

    player: int
    card: str

    def describe(self) -> str:
        return f"player {self.player} plays {card_label(self.card)} face down for the first turn"


@dataclass(frozen=True)
class Use(Action):
    """A hero action: function card ``rank`` at ``level`` (1-3) of one ``colour``, ``jokers`` of them jokers."""

    player: int
    rank: int
    level: int
    colour: str
    jokers: int = 0
    targets: tuple[int, ...] = ()
    kinds: str = ""

    def describe(self) -> str:
        level = LEVELS[self.level - 1]
        cards = counted(self.level, f"{self.colour} {self.rank}") + _jokers(self.jokers)
        others = [q for q in self.targets if q != self.player]
        whom = ([players(others)] if others else []) + (["themselves"] if self.player in self.targets else [])
        aim = f" on {' and '.join(whom)}" if whom else ""
        if self.rank == 3 and self.level == 3:  # a hero named for each player (暗杀所有玩家1张指定英雄)
            named = zip(self.targets, self.kinds, strict=False)
            kinds = f", naming {listed(f'player {q}' + chr(39) + f's {HERO_NAMES[k]}' for q, k in named)}"
        else:
            kinds = f", naming {listed(f'the {HERO_NAMES[k]}' for k in self.kinds)}" if self.kinds else ""
        return f"player {self.player} plays {'an' if level[0] in 'aeiou' else 'a'} {level} {self.rank} " \
               f"with {cards}{aim}{kinds}"


def _jokers(n: int) -> str:
    """" (1 of them a joker)", " (2 of them jokers)" or nothing."""
    return "" if not n else " (1 of them a joker)" if n == 1 else f" ({n} of them jokers)"


@dataclass(frozen=True)
class Recruit(Action):
    player: int

    def describe(self) -> str:
        return f"player {self.player} recruits a hero from the inn"


@dataclass(frozen=True)
class EndTurn(Action):
    player: int

    def describe(self) -> str:
        return f"player {self.player} ends the turn without recruiting"


@dataclass(frozen=True)
class Bid(Action):
    player: int
    cards: tuple[str, ...]

    def describe(self) -> str:
        # kinds: "5 black", "BJ"
        return f"player {self.player} bids {' + '.join(JOKER_NAMES.get(c, c) for c in self.cards)} face down"


@dataclass(frozen=True)
class Drop(Action):
    player: int

    def describe(self) -> str:
        return f"player {self.player} drops out of the auction"


@dataclass(frozen=True)
class Choose(Action):
    """A card chosen to discard, to lose or to pass on (hand limit, plague, alchemy, slave trade)."""

    player: int
    card: str
    verb: str = "discards"

    def describe(self) -> str:
        return f"player {self.player} {self.verb} {card_label(self.card)}"


@dataclass(frozen=True)
class Protect(Action):
    player: int
    cards: tuple[str, ...]

    def describe(self) -> str:
        return f"player {self.player} protects a hero with cards numbered {', '.join(self.cards)}"


@dataclass(frozen=True)
class GiveUp(Action):
    player: int

    def describe(self) -> str:
        return f"player {self.player} lets a hero die"


@dataclass(frozen=True)
class Defend(Action):
    """The thief's 5 (passive, 注2): cancel a hero action's effect on you, with 5s of the action's level."""

    player: int
    colour: str
    jokers: int = 0

    def describe(self) -> str:
        return f"player {self.player}'s thief defends with {self.colour} 5s{_jokers(self.jokers)}"


@dataclass(frozen=True)
class Reverse(Action):
    """The witch's 7 (any time, 注2): reverse a hero action of the same level; the witch is exhausted."""

    player: int
    colour: str
    jokers: int = 0

    def describe(self) -> str:
        return f"player {self.player}'s witch reverses it with {self.colour} 7s{_jokers(self.jokers)}"


@dataclass(frozen=True)
class Let(Action):
    player: int

    def describe(self) -> str:
        return f"player {self.player} lets the hero action happen"


@dataclass(frozen=True)
class PlayDown(Action):
    """A hand card played face down against the werewolves or Dracula."""

    player: int
    card: str

    def describe(self) -> str:
        return f"player {self.player} plays {card_label(self.card)} face down"


@dataclass(frozen=True)
class Stop(Action):
    player: int

    def describe(self) -> str:
        return f"player {self.player} stops attacking"


@dataclass(frozen=True)
class Join(Action):
    """Rock (fight Dracula) or paper (stay out), shown by everybody at once."""

    player: int
    fight: bool

    def describe(self) -> str:
        return f"player {self.player} shows {'rock (fights)' if self.fight else 'paper (stays out)'}"


@dataclass(frozen=True)
class Match(Action):
    """Northern gods: a card of the revealed card's colour, from the hand or the open cards in front of you."""

    player: int
    card: str

    def describe(self) -> str:
        return f"player {self.player} matches the gods with {card_label(self.card)}"


@dataclass(frozen=True)
class Sacrifice(Action):
    """Northern gods: a hero given up for 3 open cards from the bank."""

    player: int
    hero: str

    def describe(self) -> str:
        return f"player {self.player} sacrifices {card_label(self.hero)} for 3 open cards"


@dataclass(frozen=True)
class Give(Action):
    """[6] basic: a card of the bank's top 6 given to another player."""

    player: int
    card: str
    to: int

    def describe(self) -> str:
        return f"player {self.player} gives {card_label(self.card)} to player {self.to}"


@dataclass(frozen=True)
class Take(Action):
    """[6] advanced / special: a card taken from the 6 hand cards looked at."""

    player: int
    card: str

    def describe(self) -> str:
        return f"player {self.player} takes {card_label(self.card)}"


@dataclass(frozen=True)
class Build(Action):
    """Persian wall (black 10): one number connected (+-1) to an open number, or a group of 2 numbers whose sum
    or difference is one. ``jokers`` says what pays each number (empty: natural cards for all): ``""`` a
    natural card (the open cards in front of the player first, then the hand, first in code order), ``"open"``
    a joker in front of the player, ``"BJ"`` / ``"RJ"`` that joker from the hand."""

    player: int
    numbers: tuple[int, ...]
    jokers: tuple[str, ...] = ()

    def describe(self) -> str:
        group = " and ".join(map(str, self.numbers))
        paid = [f"{n} as {'an open joker' if j == 'open' else j}"
                for n, j in zip(self.numbers, self.jokers, strict=False) if j]
        return f"player {self.player} builds the wall with {'the group ' if len(self.numbers) > 1 else ''}{group}" \
            + (f" ({', '.join(paid)})" if paid else "")


ACTION_TYPES = (Open, Use, Recruit, EndTurn, Bid, Drop, Choose, Protect, GiveUp, Defend, Reverse, Let, PlayDown, Stop,
                Join, Match, Sacrifice, Give, Take, Build)
