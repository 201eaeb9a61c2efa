"""Munchkin's parameters and actions (their class names and fields are what saves record), the rule each
kind of action belongs to, and small helpers the rules share."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from ..core.actions import outcome_words
from ..core.cards import copy_name, distinct
from ..core.protocol import Action, Chance, ChanceStep
from ..core.words import counted
from ..families.munchkin import actions as family
from .cards import card_of, load_cards

STEAL_NEED = 4  # the thief's steal succeeds on 4+
CHARM_MIN_HAND = 3  # the wizard's charm discards a whole hand of at least 3 cards
CHANGE_SEX_PENALTY = 5
LASTING = ("change_sex", "chicken")  # curses that stay with the victim
MAX_POWER_DISCARDS = 3  # berserk, turning, flight: up to 3 cards each
POWER_CLASS = {"berserk": "warrior", "turning": "cleric", "flight": "wizard"}


@dataclass(frozen=True)
class MunchkinParams:
    players: int = 4
    deal: int = 4  # cards of each deck dealt to each player (the older rules dealt 2)
    max_turns: int = 400  # a simulation cap: the game ends without a winner after this many turns
    #: -1: the players roll for who goes first (游戏开始和结束: "投骰决定谁先开始"), a chance step after
    #: character creation; a seat: that seat goes first (saves made before the roll existed: seat 0)
    first_player: int = -1

    def __post_init__(self) -> None:
        if not 3 <= self.players <= 6:
            raise ValueError("Munchkin is for 3 to 6 players")
        if self.deal not in (2, 4):
            raise ValueError("deal 4 + 4 (the current rules) or 2 + 2 (the older sheet)")
        if not -1 <= self.first_player < self.players:
            raise ValueError("first_player is -1 (roll for it) or a seat of the game")


# ----- actions ---------------------------------------------------------------------------------
def _name(copy: str) -> str:
    return card_of(load_cards(), copy).name


def _copy_words(copy: object) -> str | None:
    return copy_name(load_cards(), copy)


outcome_words("door", _copy_words)
outcome_words("treasure", _copy_words)

# shared with the other game (shape and words: tablerules.families.munchkin.actions), Munchkin's card names
Ready = family.Ready


class GiveCard(family.GiveCard):
    card_name = staticmethod(_name)


class DiscardCard(family.DiscardCard):
    card_name = staticmethod(_name)


class PlayCheat(family.PlayCheat):
    card_name = staticmethod(_name)


class PlayCurse(family.PlayCurse):
    card_name = staticmethod(_name)


@dataclass(frozen=True)
class PlayCard(Action):
    """Put a race, class or item from the hand into play, or use a Go Up a Level; ``second`` is the race
    played with a Half-Breed or the second class played with a Super Munchkin."""

    player: int
    card: str
    second: str = ""

    def describe(self) -> str:
        return f"player {self.player} plays {_name(self.card)}" + (f" with {_name(self.second)}" if self.second else "")


@dataclass(frozen=True)
class SellItem(Action):
    player: int
    card: str

    def describe(self) -> str:
        return f"player {self.player} sells {_name(self.card)} ({card_of(load_cards(), self.card).value} gold)"


@dataclass(frozen=True)
class KickDoor(Action):
    player: int

    def describe(self) -> str:
        return f"player {self.player} kicks open the door"


@dataclass(frozen=True)
class LookForTrouble(Action):
    player: int
    card: str

    def describe(self) -> str:
        return f"player {self.player} looks for trouble with {_name(self.card)}"


@dataclass(frozen=True)
class LootRoom(Action):
    player: int

    def describe(self) -> str:
        return f"player {self.player} loots the room"


@dataclass(frozen=True)
class Fight(Action):
    player: int

    def describe(self) -> str:
        return f"player {self.player} fights (waits 2.6 seconds for the others)"


@dataclass(frozen=True)
class RunAway(Action):
    player: int

    def describe(self) -> str:
        return f"player {self.player} gives up and runs"


@dataclass(frozen=True)
class PlayOneShot(Action):
    player: int
    card: str
    side: str  # "munchkin" or "monster"

    def describe(self) -> str:
        return f"player {self.player} plays {_name(self.card)} for the {self.side}"


@dataclass(frozen=True)
class PlayEnhancer(Action):
    """An enhancer on one monster of the fight (it goes with that monster, and with its Mate)."""

    player: int
    card: str
    monster: str

    def describe(self) -> str:
        return f"player {self.player} plays {_name(self.card)} on {_name(self.monster)}"


@dataclass(frozen=True)
class Pass(Action):
    player: int

    def describe(self) -> str:
        return f"player {self.player} lets the fight go on"


@dataclass(frozen=True)
class ClassPower(Action):
    """Discard a card for a class power: warrior berserk, cleric turning, wizard flight."""

    player: int
    power: str
    card: str

    def describe(self) -> str:
        return f"player {self.player} discards {_name(self.card)} for {self.power}"


@dataclass(frozen=True)
class GiveUp(Action):
    """Discard your own race or class, at any time (人物属性: "你可以在任意时刻弃掉种族牌")."""

    player: int
    card: str

    def describe(self) -> str:
        return f"player {self.player} gives up being {_name(self.card)}"


@dataclass(frozen=True)
class Backstab(Action):
    """A thief discards a card: -2 to a fighting munchkin (once per fight)."""

    player: int
    card: str

    def describe(self) -> str:
        return f"player {self.player} backstabs, discarding {_name(self.card)}"


@dataclass(frozen=True)
class AskHelp(Action):
    """Ask one player to help, offering them ``treasures`` of the monster's treasures and, as a bribe,
    ``item``: one of your items in play, handed over when they agree. Who draws first is part of the offer
    (请求帮助: "你必须确定好是你先抽，还是他先抽"): the helper, or with ``fighter_first`` the fighter."""

    player: int
    helper: int
    treasures: int
    item: str = ""
    fighter_first: bool = False

    def describe(self) -> str:
        bribe = f" and {_name(self.item)}" if self.item else ""
        offer = counted(self.treasures, "treasure")
        first = f" (player {self.player} draws first)" if self.fighter_first else ""
        return f"player {self.player} asks player {self.helper} for help, offering {offer}{bribe}{first}"


@dataclass(frozen=True)
class AnswerHelp(Action):
    player: int
    accept: bool

    def describe(self) -> str:
        return f"player {self.player} {'agrees to help' if self.accept else 'refuses to help'}"


@dataclass(frozen=True)
class RollToRun(Action):
    """Roll to run away from one monster; with several, the runner picks the order."""

    player: int
    monster: str

    def describe(self) -> str:
        return f"player {self.player} rolls to run away from {_name(self.monster)}"


@dataclass(frozen=True)
class PlayWandering(Action):
    """Wandering Monster: a monster from the hand joins the fight."""

    player: int
    card: str
    monster: str

    def describe(self) -> str:
        return f"player {self.player} plays {_name(self.card)}: {_name(self.monster)} joins the fight"


@dataclass(frozen=True)
class ChooseLoss(Action):
    player: int
    card: str

    def describe(self) -> str:
        return f"player {self.player} gives up {_name(self.card)}"


@dataclass(frozen=True)
class EndTurn(Action):
    player: int

    def describe(self) -> str:
        return f"player {self.player} ends the turn"


@dataclass(frozen=True)
class LootBody(Action):
    player: int
    card: str

    def describe(self) -> str:
        return f"player {self.player} takes {_name(self.card)} from the body"


@dataclass(frozen=True)
class PlayMate(Action):
    """Mate: the monster's mate joins the fight: the same level, modifiers, enhancers and treasures."""

    player: int
    card: str
    monster: str

    def describe(self) -> str:
        return f"player {self.player} plays Mate: a second {_name(self.monster)} joins the fight"


@dataclass(frozen=True)
class Charm(Action):
    """Wizard's charm: discard your whole hand (3 cards or more); the monster leaves, you get its
    treasures but no level."""

    player: int
    monster: str

    def describe(self) -> str:
        return f"player {self.player} discards the hand to charm {_name(self.monster)}"


@dataclass(frozen=True)
class ChaseAway(Action):
    """A munchkin of the class a monster fears chases it out of the fight (the Wannabe Vampire and a
    cleric: 请求帮助 "如果有个牧师来帮你对付吸血鬼扇子，那么他可以直接驱逐它"): one treasure, no level."""

    player: int
    monster: str

    def describe(self) -> str:
        return f"player {self.player} chases {_name(self.monster)} away"


@dataclass(frozen=True)
class Steal(Action):
    """Thief's steal: discard a card and roll; 4+ takes ``item`` (a small item in play), else lose a level."""

    player: int
    card: str
    victim: int
    item: str

    def describe(self) -> str:
        return f"player {self.player} discards {_name(self.card)} to steal {_name(self.item)} from player {self.victim}"


@dataclass(frozen=True)
class Resurrect(Action):
    """Cleric's resurrection: instead of kicking the door open, take the top Door discard face up and
    discard a card from the hand."""

    player: int
    card: str

    def describe(self) -> str:
        return f"player {self.player} resurrects the top Door discard, discarding {_name(self.card)}"


@dataclass(frozen=True)
class GiveItem(Action):
    """Give one of your items in play to another player outright, as a bribe (交易: "你也可以不交易直接赠送其他
    小白物品来贿赂他们"); it goes into play for them at once."""

    player: int
    item: str
    to: int

    def describe(self) -> str:
        return f"player {self.player} gives {_name(self.item)} to player {self.to} (a gift)"


@dataclass(frozen=True)
class OfferTrade(Action):
    """Offer to swap one of your items in play for one of another player's (not in combat)."""

    player: int
    give: str
    to: int
    get: str

    def describe(self) -> str:
        return f"player {self.player} offers {_name(self.give)} to player {self.to} for {_name(self.get)}"


@dataclass(frozen=True)
class AnswerTrade(Action):
    player: int
    accept: bool

    def describe(self) -> str:
        return f"player {self.player} {'accepts' if self.accept else 'refuses'} the trade"


@dataclass(frozen=True)
class RemoveCurse(Action):
    """Wishing Ring: a lasting curse on ``target`` is gone."""

    player: int
    card: str
    target: int
    curse: str

    def describe(self) -> str:
        return f"player {self.player} uses {_name(self.card)}: player {self.target} is rid of {_name(self.curse)}"


@dataclass(frozen=True)
class ShowHand(Action):
    """Let the other players look at your hand (交易: "你可以让其他小白看你的手牌")."""

    player: int

    def describe(self) -> str:
        return f"player {self.player} shows the hand to the other players"


@functools.lru_cache(maxsize=1 << 12)  # 65,536 kept 6 MiB more for no speed (120 games: 11.0 s vs 10.9 s)
def _one_each(copies: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(distinct(copies))


def one_each(copies: list[str] | tuple[str, ...]) -> list[str]:
    """:func:`~tablerules.core.cards.distinct` (one copy per card, sorted), remembered: hands and items in
    play change far less often than the legal actions are listed."""
    return list(_one_each(tuple(copies)))


@functools.lru_cache(maxsize=1024)
def _chance(deck: str, copy: str) -> Chance:
    return Chance(deck, copy)


_RUN_ROLL = ChanceStep.uniform("d6", "one die per monster: 5 or more escapes", range(1, 7))
_STEAL_ROLL = ChanceStep.uniform("d6", "the thief steals on 4 or more", range(1, 7))


#: the rule each kind of action belongs to: an illegal action names it (never a catch-all)
RULE_OF: dict[type[Action], str] = {
    Ready: "character creation", PlayCard: "playing cards", SellItem: "selling", KickDoor: "kicking open the door",
    LookForTrouble: "look for trouble", LootRoom: "looting the room", Fight: "combat", RunAway: "running away",
    PlayOneShot: "one-shots", PlayEnhancer: "enhancers", Pass: "interference", ClassPower: "class powers",
    GiveUp: "races and classes", PlayCurse: "curses", Backstab: "class powers", AskHelp: "asking for help",
    AnswerHelp: "asking for help", RollToRun: "running away", PlayWandering: "wandering monster",
    ChooseLoss: "bad stuff", EndTurn: "end of turn", GiveCard: "charity", DiscardCard: "charity",
    LootBody: "death and looting", PlayCheat: "cheat", PlayMate: "mate", Charm: "class powers",
    ChaseAway: "class powers",
    Steal: "class powers", Resurrect: "class powers", OfferTrade: "trading", AnswerTrade: "trading",
    GiveItem: "trading",
    RemoveCurse: "curses", ShowHand: "showing your hand"}
#: actions that play a card from the player's hand (``card`` must be there)
FROM_HAND = (PlayCard, SellItem, LookForTrouble, PlayOneShot, PlayEnhancer, ClassPower, PlayCurse, Backstab,
             PlayWandering, GiveCard, DiscardCard, PlayCheat, PlayMate, Steal, Resurrect, RemoveCurse)
