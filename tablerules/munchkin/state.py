"""The whole mutable state of a Munchkin game as one dataclass tree (:class:`MunchkinState`).

Copying (:func:`~tablerules.core.state.clone`), saving the state to JSON values
(:func:`~tablerules.core.state.to_plain`, hence ``Game.state_dict``) and comparing states are derived
from these fields, so no field can be forgotten. The static card tables are not here: the game loads
them once and every copy shares them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.cards import Effect
from ..core.flow import Flow, ResponseWindow, Stage

# ----- the stages of the turn flow (their names are what ``Game.stage()`` reads) -------------------
DEALING = "dealing"
CREATION = "character creation"
FIRST = "rolling for the first player"
KICK = "kick open the door"
TROUBLE = "look for trouble or loot the room"
END = "end of turn"
COMBAT = "combat"
INTERFERENCE = "interference"
ASKING = "asking for help"
RUNNING = "running away"
RUN_ROLL = "running away: rolling"
STEAL_ROLL = "stealing: rolling"
LOOTING = "looting the body"
CHARITY = "charity"
TRADE = "trade offer"
CHOOSE_LOSS = "bad stuff: choose an item to lose"
#: each stage as a shared :class:`Stage` (frozen): ``flow.goto(STAGE[KICK])`` makes none per move
STAGE = {name: Stage(name) for name in (DEALING, CREATION, FIRST, KICK, TROUBLE, END, COMBAT, INTERFERENCE, ASKING,
                                        RUNNING, RUN_ROLL, STEAL_ROLL, LOOTING, CHARITY, TRADE, CHOOSE_LOSS)}
OWN_TURN = (KICK, TROUBLE, END)  #: the stages of your own turn outside a fight
#: the stages in which any seat may act out of turn (any-time actions): not while a roll, a choice, a
#: trade offer, looting or charity is pending, nor while the munchkins run
ANYTIME = (KICK, TROUBLE, END, COMBAT, INTERFERENCE)


@dataclass
class Munchkin:
    """A player's character: level, race, class, sex, hand and carried items."""

    level: int = 1
    sex: str = "male"
    race: str | None = None
    cls: str | None = None
    hand: list[str] = field(default_factory=list)
    carried: list[str] = field(default_factory=list)
    redraw: bool = False  # died: draws 2 + 2 at the start of the next turn
    race2: str | None = None  # a second race, with a Half-Breed
    half_breed: str | None = None
    cls2: str | None = None  # a second class, with a Super Munchkin
    super_munchkin: str | None = None
    curses: list[str] = field(default_factory=list)  # lasting curses (Change Sex, Chicken on Your Head)
    cheats: dict[str, str] = field(default_factory=dict)  # item in play -> the Cheat! that lets you use it


@dataclass
class Combat:
    """The fight in progress: the munchkins' side, the monsters, and every card played into it."""

    fighter: int
    monsters: list[str]
    enhancers: list[str] = field(default_factory=list)
    munchkin_one_shots: list[str] = field(default_factory=list)
    monster_one_shots: list[str] = field(default_factory=list)
    berserk: list[str] = field(default_factory=list)
    turning: list[str] = field(default_factory=list)
    flight: list[str] = field(default_factory=list)
    window: ResponseWindow | None = None  # the "2.6 seconds": every other player passes or interferes
    helper: int | None = None
    share: int = 0  # treasures promised to the helper
    fighter_first: bool = False  # the fighter draws the treasures first, then the helper their share
    asked: int | None = None  # a player considering an offer of help
    offer: int = 0
    refused: list[int] = field(default_factory=list)
    backstabs: list[str] = field(default_factory=list)  # cards thieves discarded: -2 each
    backstabbers: list[int] = field(default_factory=list)
    runners: list[int] = field(default_factory=list)  # who still has to run away, in order
    chasing: list[str] = field(default_factory=list)  # the monsters the current runner has still to escape
    enhanced: dict[str, str] = field(default_factory=dict)  # enhancer -> the monster it was played on
    mate_of: dict[str, str] = field(default_factory=dict)  # a Mate in ``monsters`` -> the monster it doubles
    charmed: int = 0  # treasures of monsters a wizard charmed away (lost if the munchkins run)
    offer_item: str = ""  # the item offered with the pending request for help
    offer_first: bool = False  # the pending request lets the fighter draw first
    caught: list[Loss] = field(default_factory=list)  # bad stuff of the monsters that caught the runners, held
    # until every roll is made (逃跑: "为每个怪物分别投骰...然后承受所有抓住你的怪物造成的恶果")
    powers_by: dict[str, int] = field(default_factory=dict)  # a card discarded for a class power -> who discarded it

    def power_cards(self, power: str) -> list[str]:
        """The cards discarded this fight for a class power (berserk, turning or flight)."""
        return {"berserk": self.berserk, "turning": self.turning, "flight": self.flight}[power]

    @property
    def side(self) -> list[int]:
        """The munchkins fighting: the fighter and the helper, if any."""
        return [self.fighter] if self.helper is None else [self.fighter, self.helper]


@dataclass(frozen=True)
class Draw:
    """A card still to draw: from ``deck`` (door or treasure) for ``player``, ``face`` "down" (into the
    hand, seen by its owner only), "open" (into the hand, seen by all) or "up" (kicking the door open)."""

    deck: str
    player: int
    face: str = "down"


@dataclass(frozen=True)
class Loss:
    """Bad stuff still to apply: ``effect`` on ``victim`` from ``source``; ``fallback`` applies instead
    when no item fits (the Drooling Slime: your footgear, or else a level)."""

    victim: int
    effect: Effect
    source: str
    fallback: tuple[Effect, ...] = ()


@dataclass(frozen=True)
class Choice:
    """A victim of bad stuff choosing which of ``options`` to lose."""

    victim: int
    options: tuple[str, ...]


@dataclass(frozen=True)
class Theft:
    """A thief's steal waiting for its d6."""

    thief: int
    victim: int
    item: str


@dataclass(frozen=True)
class Trade:
    """An offer to swap items in play, waiting for ``to``'s answer."""

    player: int
    give: str
    to: int
    get: str


@dataclass
class MunchkinState:
    """Everything that changes during a game of Munchkin."""

    players: list[Munchkin]
    door_deck: list[str]
    treasure_deck: list[str]
    door_discard: list[str] = field(default_factory=list)
    treasure_discard: list[str] = field(default_factory=list)
    current: int = 0  # whose turn it is
    turns: int = 0
    flow: Flow = field(default_factory=lambda: Flow([Stage(DEALING)]))  # the stage, and those it interrupted
    draws: list[Draw] = field(default_factory=list)  # dealing goes round the table
    creating: int = 0  # who is creating a character
    combat: Combat | None = None
    met_monster: bool = False
    sold: int = 0  # gold worth sold this turn (no change is given)
    losses: list[Loss] = field(default_factory=list)
    choice: Choice | None = None
    body: list[str] = field(default_factory=list)
    looters: list[int] = field(default_factory=list)
    loot_roll: bool = False  # looters of the same level still have to roll for their order
    charity_giver: int | None = None
    charity_given: dict[int, int] = field(default_factory=dict)
    halfling_sold: bool = False
    winners: tuple[int, ...] = ()
    ten_by_rule: set[int] = field(default_factory=set)  # reached level 10 by a kill (or Divine Intervention)
    over_reason: str = ""
    theft: Theft | None = None
    trade: Trade | None = None
    traded_with: set[tuple[int, int]] = field(default_factory=set)  # (from, to): one offer each a turn
    shown: set[int] = field(default_factory=set)  # who showed the hand this turn (once a turn each)
    over_limit: list[int] = field(default_factory=list)  # players who ended a turn over the hand limit (never)
    got_now: set[str] = field(default_factory=set)  # Treasure got outside your turn: playable at once (宝藏), this turn
    fresh: set[str] = field(default_factory=set)  # items got by trading: not for sale before the new owner's turn
