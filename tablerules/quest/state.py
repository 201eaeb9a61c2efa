"""Munchkin Quest's state as data: everything that changes in play is a field of a dataclass tree, so
copying (:func:`tablerules.core.state.clone`), saving (``state_dict`` = :func:`~tablerules.core.state.to_plain`)
and comparing are derived from the fields and no field can be forgotten.

* :class:`CrawlState`: the dungeon crawl (``quest-crawl``): the board (:class:`~tablerules.quest.dungeon.Dungeon`),
  the room deck, the link pool, the monster deck and discards, the bases, whose turn, move points, the
  steps waiting for chance or a choice (:class:`Pending`);
* :class:`QuestState`: the whole game (``quest``) adds the character sheets (:class:`~tablerules.quest.heroes.Hero`),
  the DxM and Treasure decks and discards, the fight (:class:`Combat`), the queue of bad stuff
  (:class:`Loss`), a loss or curse waiting for its victim, charity, tokens, dropped items, the powers used
  this turn, the boss.

Static tables (cards, room rules, link types, monster cards) are not state: the engines load them once
(``lru_cache``) and share them between copies.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..core.cards import Effect
from ..core.flow import Flow, ResponseWindow, Stage
from .dungeon import Dungeon, MonsterPiece, Pos
from .geometry import Colour, Side
from .heroes import Hero
from .rules.common import DEALING
from .search_table import RoomToken


@dataclass
class Pending:
    """A step of exploring or of the monster turn that waits for chance or a choice."""

    kind: str  # room, link, monster, base, pick, wander, monster die
    at: Pos | None = None
    side: Side | None = None
    piece: str | None = None
    options: tuple[str, ...] = field(default_factory=tuple)


@dataclass
class Step:
    """A step of the whole game waiting for chance (a card draw, a die) or resolving by itself."""

    kind: str  # draw, fight die, run die, search, d10, bet, power, check room
    deck: str = ""
    player: int = 0
    face: str = "down"
    n: int = 0  # the die's index, or the stake of a bet
    power: str = ""  # a d10 power and its target
    target: str = ""


@dataclass
class Combat:
    """A fight in one room (Munchkin's name for the same state): the munchkins' side, the monsters
    (standees), the cards played, the dice, the runners."""

    fighter: int
    room: str
    monsters: list[str]
    boss: bool = False
    helper: int | None = None
    share: int = 0
    asked: int | None = None
    offer: int = 0
    refused: list[int] = field(default_factory=list)
    #: every offer turned down: [player, treasures, gold, item]; asked again, they must be offered more (p. 10)
    turned_down: list[list] = field(default_factory=list)
    offer_gold: int = 0
    offer_item: str = ""
    #: who may still answer "I'm rolling" (or play a Loaded Die after the roll), and whether anybody acted
    window: ResponseWindow = field(default_factory=lambda: ResponseWindow(-1))
    munchkin_one_shots: list[str] = field(default_factory=list)
    monster_one_shots: list[str] = field(default_factory=list)
    #: who played each one-shot, and those played from the belt (in play): they go back there if the fight
    #: ends because the munchkins or the monsters left the room (p. 8)
    one_shot_owners: dict[str, int] = field(default_factory=dict)
    from_belt: list[str] = field(default_factory=list)
    turners: list[int] = field(default_factory=list)  # the cleric who discarded each turning card
    berserk: list[str] = field(default_factory=list)
    turning: list[str] = field(default_factory=list)
    flight: list[str] = field(default_factory=list)
    backstabs: list[str] = field(default_factory=list)
    backstabbers: list[int] = field(default_factory=list)
    dice: list[list] = field(default_factory=list)  # [whose ("munchkins"/"monsters"), roller, face or None]
    loaded: list[str] = field(default_factory=list)  # Loaded Dice played after the roll
    fury: list[int] = field(default_factory=list)  # warriors whose d10 fury gave them one more die
    runners: list[int] = field(default_factory=list)
    chasing: list[str] = field(default_factory=list)
    destination: dict[int, str] = field(default_factory=dict)
    #: curses for the next fight striking this one (p. 17 诅咒: "下一场战斗"), discarded with it
    curses: list[str] = field(default_factory=list, metadata={"omit_empty": True})
    #: monsters killed before the others (a card): their treasures wait for the end of the fight (p. 8 开战)
    killed: list[str] = field(default_factory=list, metadata={"omit_empty": True})
    killed_loot: list[int] = field(default_factory=list, metadata={"omit_empty": True})  # their treasures

    @property
    def side(self) -> list[int]:
        return [self.fighter] if self.helper is None else [self.fighter, self.helper]

    def power_cards(self, power: str) -> list[str]:
        return {"berserk": self.berserk, "turning": self.turning, "flight": self.flight,
                "backstab": self.backstabs}[power]


@dataclass(frozen=True)
class Loss:
    """One effect of bad stuff or a curse waiting to strike ``victim``: where it cannot apply, the
    ``fallback`` effects strike instead, or (``hit_instead``, a monster's bad stuff) a hit."""

    victim: int
    effect: Effect
    source: str
    fallback: tuple[Effect, ...] = ()
    hit_instead: bool = False


@dataclass(frozen=True)
class LossChoice:
    """The victim of bad stuff chooses which of ``options`` (items, or a race or class) to lose."""

    victim: int
    options: tuple[str, ...]


@dataclass(frozen=True)
class CursePlayed:
    """A curse played by ``player`` on ``target``, waiting for the target's answer."""

    player: int
    card: str
    target: int


@dataclass
class CrawlState:
    """The dungeon crawl's state (see the module doc)."""

    dungeon: Dungeon | None = None
    room_deck: list[str] = field(default_factory=list)
    link_pool: Counter = field(default_factory=Counter)
    monster_deck: Counter = field(default_factory=Counter)
    monster_discard: Counter = field(default_factory=Counter)
    colours: tuple[Colour, ...] = ()
    free_bases: dict[Colour, int] = field(default_factory=dict)
    current: int = 0
    #: the crawl's first player (rounds are counted from them): rolled in rules edition 2, else seat 0
    starter: int = 0
    round: int = 1
    turns: int = 0
    moves_left: int = 0
    all_in_used: bool = False
    explored: list[int] = field(default_factory=list)
    dxm_draws: list[int] = field(default_factory=list)
    meetings: list[int] = field(default_factory=list)
    pending: list[Pending | Step] = field(default_factory=list)
    newcomer: MonsterPiece | None = None
    walls_without_pool: int = 0
    next_piece: int = 1
    over: bool = False


@dataclass
class QuestState(CrawlState):
    """The whole game's state (see the module doc)."""

    heroes: list[Hero] = field(default_factory=list)
    dxm_deck: list[str] = field(default_factory=list)
    treasure_deck: list[str] = field(default_factory=list)
    dxm_discard: list[str] = field(default_factory=list)
    treasure_discard: list[str] = field(default_factory=list)
    #: the turn flow (tablerules.core.flow): the turn's stage at the bottom, interruptions pushed on top (a
    #: victim choosing what bad stuff takes, a curse's target answering) and popped when settled
    flow: Flow = field(default_factory=lambda: Flow([Stage(DEALING)]))
    creating: int = 0
    fight: Combat | None = None
    boss: MonsterPiece | None = None  # the boss stands on the entrance only while fought
    boss_pending: bool = False
    enhanced: dict[str, list[str]] = field(default_factory=dict)  # monster standee -> enhancers it keeps
    dropped: dict[str, list[str]] = field(default_factory=dict)  # room -> dropped items
    dropped_gold: dict[str, int] = field(default_factory=dict)
    tokens: dict[str, RoomToken] = field(default_factory=dict)
    searched: set[str] = field(default_factory=set)
    deals_done: set[tuple[str, int]] = field(default_factory=set)  # deals with a limit, made this turn
    powers_used: set[tuple[int, str]] = field(default_factory=set)  # d10 powers tried this turn
    spent: int = 0  # item value paid towards a level this turn (no change)
    losses: list[Loss] = field(default_factory=list)
    choice: LossChoice | None = None
    curse: CursePlayed | None = None
    #: the helper promised first pick choosing among the treasures just drawn (p. 10, 12): who, how many
    #: more, from which cards
    picker: int | None = None
    picks_left: int = 0
    pick_from: list[str] = field(default_factory=list)
    charity_giver: int | None = None
    charity_given: dict[int, int] = field(default_factory=dict)
    turn_ends: bool = False
    ten_by_kill: set[int] = field(default_factory=set)
    winners: tuple[int, ...] = ()
    over_reason: str = ""
    #: card properties (card packs; left out of state_dict while empty): the curses lying in front of each
    #: player until cancelled (p. 17: lasting), the curses kept as markers for a player's next fight, the
    #: dropped items their last owner may not pick up before their next turn (p. 16 捡物品)
    curses_on: dict[int, list[str]] = field(default_factory=dict, metadata={"omit_empty": True})
    next_fight: dict[int, list[str]] = field(default_factory=dict, metadata={"omit_empty": True})
    no_pickup: dict[str, int] = field(default_factory=dict, metadata={"omit_empty": True})

    @property
    def stage_name(self) -> str:
        """The turn's stage under any interruption (the names are the stage() strings)."""
        return self.flow.stack[0].name

    @stage_name.setter
    def stage_name(self, name: str) -> None:
        self.flow.stack[0] = Stage(name)


def delegate(cls: type, state_class: type, skip: tuple[str, ...] = ()) -> None:
    """Give ``cls`` a property for each field of ``state_class`` (``game.heroes`` reads and writes
    ``game.state.heroes``): the engines, the widgets, the notebooks and the tests keep their names."""
    import dataclasses

    for f in dataclasses.fields(state_class):
        if f.name in skip:
            continue

        def getter(self, name=f.name):
            return getattr(self.state, name)

        def setter(self, value, name=f.name):
            setattr(self.state, name, value)

        setattr(cls, f.name, property(getter, setter, doc=f"``state.{f.name}``"))
