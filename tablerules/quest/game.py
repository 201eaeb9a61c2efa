"""Munchkin Quest (seed 001), the whole game, as a game of the protocol: ``quest``.

It builds on the dungeon crawl (:class:`tablerules.quest.exploration.DungeonCrawl`: moving with move
points, exploring, monster bases, the monster turn) and adds, each rule a method named for it:

* **the turn** (p. 5-7): draw a DxM card; move, explore, search, pick up, play cards; charity; then the
  monster turn (the rolled colour's player draws a DxM card, all monsters move);
* **fights** (p. 8-11): they start when you enter a room with monsters, start your turn with one, or
  one appears (exploring, searching, a Wandering Monster). Munchkins: level + items in play + one-shots +
  combat dice (one each, +1 per matching green icon, -1 per matching red icon, never below 0 dice);
  monsters: level + modifiers against the munchkins' side (once) + enhancers + their card's dice,
  rolled by the owner. Ties go to the monsters unless a warrior fights. "I'm rolling" opens a response
  window (enhancers, curses, Wandering Monster, thrown one-shots from the same or an adjacent room, a
  thief's backstab); after the roll a Loaded Die may turn one die;
* **help** (p. 10): one helper from the same room or an adjacent room through a passable link (moving
  in free), bribed with first pick of the treasures, gold or an item; both run on their own rolls when
  the fight is lost;
* **winning** (p. 9, 15): treasures, one level a monster (a mighty monster: two alone, or one each with
  a helper), an elf helper's level, a DxM card for killing a monster of your own colour;
* **losing** (p. 9-10): one hit per monster, then run: choose an explored adjacent room, one d6 per
  monster, 5+ escapes; caught: the bad stuff, or a hit where it cannot apply; no way out: the bad stuff
  of every monster and the turn ends;
* **health, death, revival** (p. 8, 15): all hearts black is death (items and gold dropped in the room,
  the hand discarded, a level lost, race, class kept); revival at the start of your next turn on the
  entrance with full health, 300 gold, 2 + 2 cards; suicide; a level for 3 health;
* **levels** (p. 15): kills, Go Up a Level, 1000 gold a level (items at their value, no change), level 10
  only by a kill; **items** (p. 16): slots, two hands, the belt, the backpack (2, no bonus), big items (-1
  move each beyond the first), dropping, picking up, giving, Cheat!;
* **searching** (p. 7, 20): 1 move, once a room a turn, not with a monster; the room's modifier and icons;
  the search table; looted / plundered tokens; a monster found is fought at once;
* **rooms** (p. 7, 9): their rules as data: deals (1 move unless stated, some once a turn, never with a
  monster there), bonuses for monsters or for running, odd levels favoured, soundproof rooms, a nest;
  monsters may **ignore** some munchkins (p. 8): no fight unless picked;
* **Half-Breed and Super Munchkin** (p. 17), the **d10 powers** (p. 15: at most your level works);
* **the boss** (p. 11): a level-10 munchkin on the entrance on their turn draws a level-20 boss; only
  level-10 helpers; killing it wins (jointly with a level-10 helper); losing: a hit, a level, run away,
  the boss is discarded. If every munchkin is dead at once, the monsters win.

The decisions where the seed is silent are in docs/rules/quest.md ("Munchkin Quest: the whole game").
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from ..core.actions import Draw
from ..core.agents import Agent
from ..core.cards import Card, card_index, card_of, copies
from ..core.protocol import Action, Chance, ChanceStep, GameInfo, Information
from ..core.registry import register
from ..odds import search as search_odds
from .actions import (
    AnswerCurse,
    AnswerHelp,
    AskHelp,
    BuyLevel,
    ChooseLoss,
    D10Power,
    Deal,
    DiscardCard,
    Drop,
    DropGold,
    Enhance,
    FightAnyway,
    Flee,
    GiveCard,
    GiveGold,
    GiveItem,
    GiveUp,
    Heal,
    LiftCurse,
    LoadDie,
    OneShot,
    Pack,
    Pass,
    PickUp,
    PlayCard,
    PlayCheat,
    PlayCurse,
    Power,
    Ready,
    Roll,
    RollToRun,
    RunTo,
    Search,
    SpendItem,
    Suicide,
    SummonWall,
    TakeTreasure,
    UseCard,
    Wandering,
)
from .cards import load_quest_cards
from .dungeon import MonsterPiece, Room, around
from .exploration import Decline, DrawMonster, DungeonCrawl, EndTurn, Explore, Move, PickBase
from .geometry import LinkKind
from .heroes import (
    Hero,
)
from .rules.abilities import AbilityRules
from .rules.anytime import AnytimeRules
from .rules.bad_stuff import BadStuffRules
from .rules.boons import BoonRules
from .rules.charity import CharityRules
from .rules.combat import CombatRules
from .rules.common import (  # noqa: F401 (re-exported)
    _DRAWS,
    ANSWER_CURSE,
    BOSS_LEVEL,
    CHOOSE_LOSS,
    DEALING,
    DECK_NAMES,
    GAME_OVER,
    IDENTITY_KINDS,
    LEVEL_PRICE,
    MAX_POWER_DISCARDS,
    MOVING,
    POWER_CLASS,
    REVIVE_CARDS,
    RULES,
    RUN_NEED,
    START_CARDS,
)
from .rules.curses import CurseRules
from .rules.death import DeathRules
from .rules.exploring import ExploringRules
from .rules.flow import FlowRules
from .rules.help import HelpRules
from .rules.identity import IdentityRules
from .rules.items import ItemRules
from .rules.lasting import LastingCurseRules
from .rules.levels import LevelRules
from .rules.powers import PowerRules
from .rules.rooms import RoomRules
from .rules.running import RunningRules
from .rules.searching import SearchingRules
from .rules.turn import TurnRules
from .search_table import RoomToken
from .state import CrawlState, QuestState, Step, delegate
from .tiles import MonsterCard, load_rooms
from .views import QuestViews


@dataclass(frozen=True)
class QuestParams:
    players: int = 3
    max_turns: int = 300  # a simulation cap: the game ends without a winner after this many turns
    #: the rules edition: 2 since the seed-fidelity fixes (issue #10: the first player rolled, a fight on
    #: running into monsters, one-shots returned, ...); a save written before has no "rules" and replays as 1
    rules: int = RULES
    #: each seat's own sex, "male" or "female" (p. 15 人物属性: 角色的起始性别和玩家一致); empty: seat 0 male, seat 1
    #: female and so on
    sexes: tuple[str, ...] = ()
    #: card packs (tablerules.quest.packs): JSON files of kit-made cards, monsters and rooms added to the decks
    card_packs: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "card_packs", tuple(str(p) for p in self.card_packs))
        if not 2 <= self.players <= 4:
            raise ValueError("Munchkin Quest is for 2 to 4 players")
        object.__setattr__(self, "sexes", tuple(self.sexes))
        if self.sexes and (len(self.sexes) != self.players or not set(self.sexes) <= {"male", "female"}):
            raise ValueError(f"sexes: one of male or female for each of the {self.players} players")
        if self.max_turns < 1:
            raise ValueError("play at least one turn")
        if self.rules not in (1, RULES):
            raise ValueError(f"rules edition must be 1 or {RULES}")


_Step = Step  # the old name
_CRAWL_ACTIONS = (Move, Explore, DrawMonster, Decline, PickBase, Chance)  # performed by the crawl
_DO: dict[type, str] = {}  # action type -> the name of the method performing it
#: id(card table) -> (the table, its card_index, the DxM deck, the Treasure deck): worked out once
_INDEXES: dict[int, tuple[dict, dict, list[str], list[str]]] = {}
_ROOM_RULES: dict[int, tuple] = {}  #: id(room deck) -> (the deck, room id -> its rules)
_DRAW_TEXT: dict[tuple[int, str], str] = {}  #: (player, deck) -> the draw step's description


class QuestGame(FlowRules, TurnRules, ExploringRules, SearchingRules, ItemRules, LevelRules,
                RoomRules, CurseRules, PowerRules, BadStuffRules, DeathRules,
                CombatRules, HelpRules, RunningRules, CharityRules, IdentityRules,
                AnytimeRules, AbilityRules, LastingCurseRules, BoonRules, QuestViews, DungeonCrawl):
    """Munchkin Quest for 2-4 players (seed 001)."""

    name = "quest"
    title = "Munchkin Quest (小白历险记): the whole game"
    action_types = (Move, Explore, DrawMonster, Decline, PickBase, EndTurn, Ready, PlayCard, Search, PickUp, Drop,
                    GiveItem, Pack, SpendItem, BuyLevel, Heal, Suicide, PlayCurse, AnswerCurse, GiveUp, SummonWall,
                    PlayCheat, OneShot, Enhance, Wandering, Power, AskHelp, AnswerHelp, Roll, Pass, LoadDie, Flee,
                    RunTo, RollToRun, ChooseLoss, GiveCard, DiscardCard, Deal, FightAnyway, GiveGold,
                    D10Power, DropGold, TakeTreasure, LiftCurse, UseCard)
    Params = QuestParams
    max_length = 40_000
    State = QuestState
    shared_attributes = ("link_types", "monster_cards", "cards", "card_index", "room_rules_of", "pack_rooms")
    info = GameInfo(min_players=2, max_players=4, chance=True, information=Information.IMPERFECT,
                    max_length=40_000, simultaneous=True)

    # ----- set-up ---------------------------------------------------------------------------
    def setup(self) -> None:
        super().setup()
        self.cards = load_quest_cards()
        self.pack_rooms: dict = {}
        if self.params.card_packs:
            self._add_packs()
        known = _INDEXES.get(id(self.cards))
        if known is None or known[0] is not self.cards:  # one index and deck list per (cached) card table
            known = _INDEXES[id(self.cards)] = (self.cards, card_index(self.cards), copies(self.cards, "dxm"),
                                                copies(self.cards, "treasure"))
        self.card_index = known[1]
        self.state.dxm_deck = list(known[2])
        self.state.treasure_deck = list(known[3])
        self.state.dxm_discard: list[str] = []
        self.state.treasure_discard: list[str] = []
        sexes = self.params.sexes or tuple("male" if i % 2 == 0 else "female" for i in range(self.params.players))
        self.state.heroes = [Hero(colour, sexes[i]) for i, colour in enumerate(self.state.colours)]
        self.state.stage_name = DEALING
        for p in range(self.params.players):
            self.state.pending += [_Step("draw", "dxm", p)] * START_CARDS + [_Step("draw", "treasure", p)] * START_CARDS
        self.state.creating = 0
        self.state.fight = None
        self.state.boss: MonsterPiece | None = None  # the boss stands on the entrance only while fought
        self.state.boss_pending = False
        self.state.enhanced: dict[str, list[str]] = {}  # monster standee -> enhancers it keeps (p. 17)
        self.state.dropped: dict[str, list[str]] = {}  # room -> dropped items
        self.state.dropped_gold: dict[str, int] = {}
        self.state.tokens: dict[str, RoomToken] = {}
        self.state.searched: set[str] = set()
        self.state.deals_done: set[tuple[str, int]] = set()  # deals with a limit, made this turn
        self.state.powers_used: set[tuple[int, str]] = set()  # d10 powers tried (once a turn, fury once a fight)
        rooms = load_rooms()
        known = _ROOM_RULES.get(id(rooms))
        if known is None or known[0] is not rooms:  # one table per (cached) room deck, shared like the cards
            known = _ROOM_RULES[id(rooms)] = (rooms, {tile.id: tile.rules for tile in rooms.rooms})
        self.room_rules_of = known[1]
        if self.pack_rooms:
            self.room_rules_of = {**known[1], **{r.id: r.rules for r in self.pack_rooms.values()}}
        self.state.spent = 0  # item value paid towards a level this turn (no change)
        self.state.losses = []
        self.state.choice = None  # a LossChoice waiting for its victim
        self.state.curse = None  # a CursePlayed waiting for its target
        self.state.charity_giver: int | None = None
        self.state.charity_given: dict[int, int] = {}
        self.state.turn_ends = False
        self.state.ten_by_kill: set[int] = set()
        self.state.winners: tuple[int, ...] = ()
        self.state.over_reason = ""

    def _add_packs(self) -> None:
        """The card packs' cards, monsters and rooms join the decks (tablerules.quest.packs)."""
        from .packs import with_packs

        self.cards, monsters, self.pack_rooms = with_packs(self.params.card_packs)
        self.monster_cards = {**self.monster_cards, **monsters}
        for m in monsters.values():
            self.state.monster_deck[m.id] += m.count
        self.state.room_deck += list(self.pack_rooms)

    def room_tile(self, tile_id: str):
        """A room tile of the deck or of a card pack."""
        tile = self.pack_rooms.get(tile_id)
        return tile if tile is not None else super().room_tile(tile_id)

    def room_tile_count(self) -> int:
        return super().room_tile_count() + len(self.pack_rooms)

    # ----- reading the cards ----------------------------------------------------------------
    def card(self, copy: str) -> Card:
        try:  # read in every hot path: a subscript, the fallback only for ids the index lacks
            return self.card_index[copy]
        except KeyError:
            return card_of(self.cards, copy)

    def monster_card(self, piece: str) -> MonsterCard:
        return self.monster_cards[piece.split("#")[0]]

    def piece(self, piece_id: str) -> MonsterPiece:
        if self.state.boss is not None and self.state.boss.id == piece_id:
            return self.state.boss
        return self.state.dungeon.monsters[piece_id]

    def strength(self, player: int) -> int:
        return self.state.heroes[player].level + self.item_bonus(player)

    def room_of(self, player: int) -> Room:
        return self.state.dungeon.rooms[self.state.dungeon.munchkins[self.state.colours[player]]]

    def neighbours(self, room_id: str) -> list[str]:
        """Explored rooms next to ``room_id`` through a link a munchkin can pass (not a wall)."""
        d = self.state.dungeon
        by_pos, links, costs = d._by_pos, d.links, d.costs
        out = []
        for _side, key, beyond in around(d.rooms[room_id].at):
            other = by_pos.get(beyond)
            if other is not None:
                kind = links.get(key, LinkKind.WALL)
                if kind is not LinkKind.WALL and costs.get(kind) is not None:
                    out.append(other)
        return out

    def near(self, player: int, room_id: str) -> bool:
        """In the room or in an adjacent one through a passable link (helping, throwing, backstabbing)."""
        here = self.state.dungeon.munchkins[self.state.colours[player]]
        return here == room_id or here in self.neighbours(room_id)

    # ----- who acts: rules/flow.py ---------------------------------------------------------
    def stage(self) -> str:
        if self.state.over_reason:
            return GAME_OVER
        if self.state.pending:
            step = self.state.pending[0]
            if isinstance(step, _Step):
                return {"draw": f"drawing a {step.deck} card", "fight die": "rolling the combat dice",
                        "run die": "rolling to run away", "search": "rolling the search dice",
                        "bet": "betting", "power": "a d10 power",
                        "d10": "the cleric's d10", "boon": "a card's d10", "check room": "starting the turn",
                        "first pick": "first pick",
                        "first": "rolling for the first player"}[step.kind]
            return super().stage()
        return self.state.flow.name  # an interruption on top of the turn's stage, or that stage

    def pending_chance(self) -> ChanceStep | None:
        st = self.state
        if st.over_reason or not st.pending:
            return None
        step = st.pending[0]
        if not isinstance(step, _Step):
            return super().pending_chance()
        if step.kind == "draw":
            deck = step.deck
            # every copy is its own outcome, equally likely (ChanceStep.draw: a Draw, made here directly)
            text = _DRAW_TEXT.get((step.player, deck))
            if text is None:
                text = _DRAW_TEXT[(step.player, deck)] = f"player {step.player} draws a {deck} card"
            return Draw(deck, text, tuple(st.dxm_deck if deck == "dxm" else st.treasure_deck))
        if step.kind == "fight die":
            whose, roller, _ = self.state.fight.dice[step.n]
            who = f"player {roller}" if roller is not None else "a monster's die"
            return ChanceStep.uniform("d6", f"combat die {step.n} ({whose}, rolled by {who})", range(1, 7))
        if step.kind == "run die":
            return ChanceStep.uniform("d6", "one die per monster: 5 or more escapes", range(1, 7))
        if step.kind == "first":
            return ChanceStep.uniform("first", "each player rolls a die, the highest starts (a tie rolls again): "
                                      "every player equally likely", range(self.params.players))
        if step.kind == "bet":
            return ChanceStep.uniform("d6", f"a bet of {step.n} gold: 4 or more doubles it", range(1, 7))
        if step.kind == "d10":
            return ChanceStep.uniform("d10", "the cleric's d10: at most the level succeeds", range(1, 11))
        if step.kind == "power":
            return ChanceStep.uniform("d10", f"the {step.power} d10: at most the level succeeds", range(1, 11))
        if step.kind == "boon":
            return ChanceStep.uniform("d10", f"the d10 of {self.card(step.target).name}: at most the level works",
                                      range(1, 11))
        if step.kind == "search":
            room = self.room_of(self.state.current)
            odds = search_odds(self.dice_count(self.state.current, room), room.search or 0)
            outcomes = tuple((Chance("search", row), p) for row, p in sorted(odds.rows.items()) if p)
            return ChanceStep("search", "the search roll, read on the search table", outcomes)
        return None

    @classmethod
    def refusals(cls) -> dict[type, tuple[str, str]]:
        """Action type -> (rule, gist): each rule module's ``REFUSALS`` (the rule that refuses an action)."""
        known = cls.__dict__.get("_refusals")
        if known is None:
            known = {}
            for base in reversed(cls.__mro__):
                known.update(base.__dict__.get("REFUSALS", {}))
            cls._refusals = known
        return known

    def illegal_reason(self, action: Action) -> tuple[str, str]:
        if isinstance(action, Chance):
            return "chance", "that outcome cannot come up now" if self.chance_step() else "nothing is rolled now"
        if self.chance_step() is not None:
            return "chance", f"first resolve: {self.chance_step().description}"
        if action.actor not in self.current_players():
            return "turn order", f"player {action.actor} cannot act in the {self.stage()} stage"
        if isinstance(action, Search):
            return "searching", "1 move, once per room per turn, not with a monster present, not in a plundered " \
                                "or unsearchable room"
        if isinstance(action, BuyLevel | SpendItem):
            return "buying levels", "1000 gold a level (items at their value), on your turn, never to level 10"
        if isinstance(action, PlayCard) and self.card(action.card).kind == "go_up_a_level":
            return "go up a level", "level 10 is reached only by killing a monster"
        if isinstance(action, AskHelp):
            if self.state.fight is not None and action.helper in self.state.fight.refused:
                return "help", f"player {action.helper} turned an offer down: ask again only for more treasures, " \
                               "more gold or another item (p. 10)"
            return "help", "helpers come from the same room or an adjacent one through a passable link" + (
                "; only level-10 munchkins help against the boss" if self.state.fight and self.state.fight.boss else "")
        if isinstance(action, Move | Explore) and self.state.stage_name == MOVING:
            return super().illegal_reason(action)
        if self.state.fight is not None and isinstance(action, PlayCard | Drop | DropGold | GiveItem | Pack | Search
                                                                  | PickUp):
            return "combat", "no items are played, dropped, given or packed during a fight"
        if isinstance(action, PlayCard) and self.card(action.card).kind in IDENTITY_KINDS:
            return "races and classes", "one race and one class; a second only with a Half-Breed (Super Munchkin), " \
                                        "and it must differ from the first (p. 15, 17)"
        rule, why = self.refusals().get(type(action), ("actions", "it is not possible now"))
        return rule, f"{action.describe()}: {why}"

    # ----- the rules --------------------------------------------------------------------------
    def perform(self, action: Action) -> None:
        kind = type(action)
        name = _DO.get(kind)
        if name is None:  # the method performing this kind of action, or how it is performed
            name = _DO[kind] = ("chance" if issubclass(kind, Chance) else "crawl" if issubclass(kind, _CRAWL_ACTIONS)
                                else "end_turn" if issubclass(kind, EndTurn) else "_do_" + kind.__name__)
        if name == "chance":
            if self.state.pending and isinstance(self.state.pending[0], _Step):
                self._resolve_step(action)
            else:
                super().perform(action)
                return  # the crawl settles (and calls our _settle)
        elif name == "crawl":
            super().perform(action)
            return
        elif name == "end_turn":
            self.end_turn()
        else:
            getattr(self, name)(action)
        self._settle()

    @classmethod
    def heuristic_agent(cls) -> Agent:
        from .agents import QuestHeuristicAgent

        return QuestHeuristicAgent()


delegate(QuestGame, QuestState, skip=tuple(f.name for f in fields(CrawlState)))
QuestGame.stage_name = property(lambda self: self.state.stage_name,  # the turn's stage (not a field: the flow's)
                                lambda self, name: setattr(self.state, "stage_name", name))
register(QuestGame)
