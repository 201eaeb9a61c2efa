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

The decisions where the seed is silent are in docs/rules-notes.md ("Munchkin Quest: the whole game").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields
from typing import Any

from ..core.agents import Agent
from ..core.cards import Card, Effect, card_index, card_of, copies, distinct
from ..core.charity import next_recipients
from ..core.identity import character_tags, drop_identity, identity_cards
from ..core.protocol import Action, Chance, ChanceStep, GameInfo, Information, Result
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
    Enhance,
    FightAnyway,
    Flee,
    GiveCard,
    GiveGold,
    GiveItem,
    GiveUp,
    Heal,
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
    Wandering,
)
from .cards import load_quest_cards
from .dungeon import MonsterPiece, Room, link_key
from .exploration import Decline, DrawMonster, DungeonCrawl, EndTurn, Explore, Move, PickBase, _Pending
from .geometry import Colour, LinkKind, Side
from .heroes import (
    BACKPACK,
    DWARF_HAND_LIMIT,
    HAND_LIMIT,
    START_GOLD,
    START_MOVES,
    WIN_LEVEL,
    Hero,
    fits,
)
from .search_table import RoomToken, load_search_table
from .state import Combat, CrawlState, CursePlayed, Loss, LossChoice, QuestState, Step, delegate
from .tiles import MonsterCard, RoomRule, load_rooms

START_CARDS, REVIVE_CARDS = 3, 2
BOSS_LEVEL = 20
RUN_NEED = 5
LEVEL_PRICE = 1000
MAX_POWER_DISCARDS = 3
IDENTITY_KINDS = ("race", "class", "half_breed", "super_munchkin")
DECK_NAMES = {"dxm": "DxM", "treasure": "Treasure"}
POWER_CLASS = {"berserk": "warrior", "turning": "cleric", "flight": "wizard", "backstab": "thief"}


@dataclass(frozen=True)
class QuestParams:
    players: int = 3
    max_turns: int = 300  # a simulation cap: the game ends without a winner after this many turns

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 4:
            raise ValueError("Munchkin Quest is for 2 to 4 players")
        if self.max_turns < 1:
            raise ValueError("play at least one turn")


_Step = Step  # the old name


class QuestGame(DungeonCrawl):
    """Munchkin Quest for 2-4 players (seed 001)."""

    name = "quest"
    title = "Munchkin Quest (小白历险记): the whole game"
    action_types = (Move, Explore, DrawMonster, Decline, PickBase, EndTurn, Ready, PlayCard, Search, PickUp, Drop,
                    GiveItem, Pack, SpendItem, BuyLevel, Heal, Suicide, PlayCurse, AnswerCurse, GiveUp, SummonWall,
                    PlayCheat, OneShot, Enhance, Wandering, Power, AskHelp, AnswerHelp, Roll, Pass, LoadDie, Flee,
                    RunTo, RollToRun, ChooseLoss, GiveCard, DiscardCard, Deal, FightAnyway, GiveGold,
                    D10Power)
    Params = QuestParams
    max_length = 40_000
    State = QuestState
    shared_attributes = ("link_types", "monster_cards", "cards", "card_index", "room_rules_of")
    info = GameInfo(min_players=2, max_players=4, chance=True, information=Information.IMPERFECT,
                    max_length=40_000, simultaneous=True)

    # ----- set-up ---------------------------------------------------------------------------
    def setup(self) -> None:
        super().setup()
        self.cards = load_quest_cards()
        self.card_index = card_index(self.cards)
        self.state.dxm_deck = copies(self.cards, "dxm")
        self.state.treasure_deck = copies(self.cards, "treasure")
        self.state.dxm_discard: list[str] = []
        self.state.treasure_discard: list[str] = []
        self.state.heroes = [Hero(colour, "male" if i % 2 == 0 else "female")
                             for i, colour in enumerate(self.state.colours)]
        self.state.stage_name = "dealing"
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
        self.room_rules_of = {tile.id: tile.rules for tile in load_rooms().rooms}
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

    # ----- reading the cards ----------------------------------------------------------------
    def card(self, copy: str) -> Card:
        return self.card_index.get(copy) or card_of(self.cards, copy)

    def monster_card(self, piece: str) -> MonsterCard:
        return self.monster_cards[piece.split("#")[0]]

    def piece(self, piece_id: str) -> MonsterPiece:
        if self.state.boss is not None and self.state.boss.id == piece_id:
            return self.state.boss
        return self.state.dungeon.monsters[piece_id]

    def once(self, *pools: Iterable[str], keep: Callable[[str], bool] | None = None) -> list[str]:
        """One copy per card across ``pools``, in card order (:func:`~tablerules.core.cards.distinct`; two
        cards of one name, such as the two decks' Go Up a Level, count as one card): two copies are one
        choice. The copy comes from the first pool that holds one: where one lies in the backpack and one
        is in play, an action that takes "an item" takes the backpack's (it gives no bonus)."""
        index = self.card_index
        first: dict[str, str] = {}
        for pool in pools:
            lowest: dict[str, str] = {}  # distinct(): the lowest copy of each card in this pool
            for copy in pool if keep is None else filter(keep, pool):
                name = index[copy].name
                other = lowest.get(name)
                if other is None or copy < other:
                    lowest[name] = copy
            for name, copy in lowest.items():
                first.setdefault(name, copy)
        return sorted(first.values())

    def items_once(self, h: Hero) -> list[str]:
        """The items in play and in the backpack, one copy per card (the backpack's first)."""
        return self.once(h.backpack, h.carried)

    def tags(self, player: int) -> set[str]:
        """Races (human without one; a Half-Breed with one race is half human), classes and sex: what
        green icons, powers and item restrictions look at."""
        return set(character_tags(self.state.heroes[player], self.card))

    def weak_tags(self, player: int) -> set[str]:
        """What red icons and monsters' bonuses look at: a Half-Breed with one race, or a Super Munchkin
        with one class, has its advantages and none of its drawbacks (p. 17, 混血和超级小白)."""
        h = self.state.heroes[player]
        tags = self.tags(player)
        if h.half_breed and h.race and not h.race2:
            tags.discard(self.card(h.race).race)
        if h.super_munchkin and h.cls and not h.cls2:
            tags.discard(self.card(h.cls).cls)
        return tags

    def usable(self, player: int, copy: str) -> bool:
        card = self.card(copy)
        if copy in self.state.heroes[player].cheats:
            return True
        tags = self.tags(player)
        return (not card.only or bool(tags & set(card.only))) and not (tags & set(card.not_for))

    def can_carry(self, player: int, copy: str) -> bool:
        card = self.card(copy)
        if card.kind not in ("item", "one_shot") or not self.usable(player, copy):
            return False
        return fits([self.card(c) for c in self.state.heroes[player].carried], card)

    def item_bonus(self, player: int) -> int:
        """Items in play (not the backpack, not the belt's one-shots) that their owner may use."""
        h = self.state.heroes[player]
        return sum(self.card(c).bonus for c in h.carried if self.card(c).kind == "item" and self.usable(player, c))

    def strength(self, player: int) -> int:
        return self.state.heroes[player].level + self.item_bonus(player)

    def base_moves(self, player: int) -> int:
        """3 moves, -1 for each big item beyond the first (p. 16, 大物品)."""
        h = self.state.heroes[player]
        big = sum(1 for c in h.carried + h.backpack if self.card(c).big)
        return max(0, START_MOVES - max(0, big - 1))

    def hand_limit(self, player: int) -> int:
        return DWARF_HAND_LIMIT if "dwarf" in self.tags(player) else HAND_LIMIT

    def room_of(self, player: int) -> Room:
        return self.state.dungeon.rooms[self.state.dungeon.munchkins[self.state.colours[player]]]

    def neighbours(self, room_id: str) -> list[str]:
        """Explored rooms next to ``room_id`` through a link a munchkin can pass (not a wall)."""
        return [other.id for _side, other, kind in self.state.dungeon.adjacent(room_id)
                if kind is not LinkKind.WALL and self.state.dungeon.costs.get(kind) is not None]

    def near(self, player: int, room_id: str) -> bool:
        """In the room or in an adjacent one through a passable link (helping, throwing, backstabbing)."""
        here = self.state.dungeon.munchkins[self.state.colours[player]]
        return here == room_id or here in self.neighbours(room_id)

    def rules(self, room_id: str, kind: str) -> list[RoomRule]:
        """The room's rules of one kind (data: ``rules`` in data/quest/rooms.json)."""
        return [r for r in self.room_rules_of.get(room_id, ()) if r.kind == kind]

    def dice_count(self, player: int, room: Room | None = None) -> int:
        """Combat (and search) dice: one, +1 per green icon matching you, -1 per red one (never below 0);
        a room that favours odd levels counts as a green icon for them and a red one for even levels."""
        room = room or self.room_of(player)
        tags, weak = self.tags(player), self.weak_tags(player)
        dice = 1 + sum(1 for t in room.good_for if t in tags) - sum(1 for t in room.bad_for if t in weak)
        if self.rules(room.id, "odd_levels"):
            dice += 1 if self.state.heroes[player].level % 2 else -1
        return max(0, dice)

    def ignores(self, piece: str, player: int) -> bool:
        """A monster that ignores this munchkin (p. 8): no fight unless they pick one."""
        return bool(set(self.monster_card(piece).ignores) & self.tags(player))

    # ----- fight totals ----------------------------------------------------------------------
    def side_tags(self) -> set[str]:
        return set().union(*(self.tags(p) for p in self.state.fight.side))

    def side_weak_tags(self) -> set[str]:
        """What the monsters' bonuses look at, once for the whole side."""
        return set().union(*(self.weak_tags(p) for p in self.state.fight.side))

    def munchkin_strength(self) -> int:
        """Levels and items of fighter and helper, one-shots for them, berserk, turning, backstabs."""
        f = self.state.fight
        total = sum(self.strength(p) for p in f.side) + sum(self.card(x).bonus for x in f.munchkin_one_shots)
        undead = any(self.monster_card(m).undead for m in f.monsters)
        return total + len(f.berserk) + (3 * len(f.turning) if undead else 0) - 2 * len(f.backstabs)

    def monster_level(self, piece: str) -> int:
        return BOSS_LEVEL if self.state.fight is not None and self.state.fight.boss else self.monster_card(piece).level

    def monster_strength(self) -> int:
        """Levels (the boss: 20), modifiers against the munchkins' side (once), enhancers, one-shots."""
        f = self.state.fight
        tags = self.side_weak_tags()
        total = 0
        for piece in f.monsters:
            card = self.monster_card(piece)
            total += self.monster_level(piece) + sum(m.bonus for m in card.modifiers if m.against in tags)
            total += sum(self.card(e).bonus for e in self.state.enhanced.get(piece, []))
            total += sum(r.bonus for r in self.rules(f.room, "monsters") if card.undead or not r.undead)
        return total + sum(self.card(x).bonus for x in f.monster_one_shots)

    def fight_dice(self, player: int) -> int:
        """A munchkin's combat dice in this fight: icons, and one more for a warrior's fury."""
        f = self.state.fight
        return self.dice_count(player, self.state.dungeon.rooms[f.room]) + f.fury.count(player)

    def munchkin_dice(self) -> int:
        return sum(self.fight_dice(p) for p in self.state.fight.side)

    def monster_dice(self) -> int:
        return sum(self.monster_card(m).dice for m in self.state.fight.monsters)

    def rolled(self, whose: str) -> int:
        return sum(d[2] or 0 for d in self.state.fight.dice if d[0] == whose)

    def winning(self) -> bool:
        """After the roll: the munchkins' total beats the monsters'; a warrior also wins ties."""
        mine = self.munchkin_strength() + self.rolled("munchkins")
        theirs = self.monster_strength() + self.rolled("monsters")
        return mine > theirs or (mine == theirs and "warrior" in self.side_tags())

    def treasure_count(self) -> int:
        f = self.state.fight
        return max(0, sum(self.monster_card(m).treasures + sum(self.card(e).treasures
                                                                 for e in self.state.enhanced.get(m, []))
                          for m in f.monsters))

    def owner(self, piece: str) -> int | None:
        """Who rolls a monster's dice: its base colour's player, or the player to the left of a fighting
        owner."""
        target = self.piece(piece).target
        if target not in self.state.colours:
            return None
        owner = self.state.colours.index(target)
        if self.state.fight is not None and owner in self.state.fight.side:
            owner = (owner + 1) % self.params.players
        return owner

    def run_modifier(self, runner: int, piece: str) -> int:
        """Running away (逃跑): elf +1, items' run bonuses, the monster's modifier, wizard flight."""
        h = self.state.heroes[runner]
        bonus = 1 if "elf" in self.tags(runner) else 0
        bonus += sum(self.card(c).run_bonus for c in h.carried
                     if self.card(c).kind == "item" and self.usable(runner, c))
        room = sum(r.modifier for r in self.rules(self.state.fight.room, "run"))
        return bonus + self.monster_card(piece).run_modifier + len(self.state.fight.flight) + room

    # ----- who acts -------------------------------------------------------------------------
    def current_players(self) -> tuple[int, ...]:
        st = self.state
        if st.pending and not isinstance(st.pending[0], _Step):
            return (st.current,)  # the crawl's own choices (a base colour, a wandering monster)
        if st.choice is not None:
            return (st.choice.victim,)
        if st.curse is not None:
            return (st.curse.target,)
        stage = st.stage_name
        if stage == "character creation":
            return (st.creating,)
        if stage in ("interference", "after the roll"):
            return tuple(st.fight.window)
        if stage == "asking for help":
            return (st.fight.asked,)
        if stage in ("running: direction", "running away"):
            return (st.fight.runners[0],)
        if stage == "charity":
            return (st.charity_giver,)
        return (st.current,)

    def stage(self) -> str:
        if self.state.over_reason:
            return "game over"
        if self.state.pending:
            step = self.state.pending[0]
            if isinstance(step, _Step):
                return {"draw": f"drawing a {step.deck} card", "fight die": "rolling the combat dice",
                        "run die": "rolling to run away", "search": "rolling the search dice",
                        "bet": "betting", "power": "a d10 power",
                        "d10": "the cleric's d10", "check room": "starting the turn"}[step.kind]
            return super().stage()
        if self.state.choice is not None:
            return "bad stuff: choose an item to lose"
        if self.state.curse is not None:
            return "cursed: answer the curse"
        return self.state.stage_name

    def pending_chance(self) -> ChanceStep | None:
        if self.state.over_reason or not self.state.pending:
            return None
        step = self.state.pending[0]
        if not isinstance(step, _Step):
            return super().pending_chance()
        if step.kind == "draw":
            deck = self.state.dxm_deck if step.deck == "dxm" else self.state.treasure_deck
            return ChanceStep.uniform(step.deck, f"player {step.player} draws a {step.deck} card", sorted(deck))
        if step.kind == "fight die":
            whose, roller, _ = self.state.fight.dice[step.n]
            who = f"player {roller}" if roller is not None else "a monster's die"
            return ChanceStep.uniform("d6", f"combat die {step.n} ({whose}, rolled by {who})", range(1, 7))
        if step.kind == "run die":
            return ChanceStep.uniform("d6", "one die per monster: 5 or more escapes", range(1, 7))
        if step.kind == "bet":
            return ChanceStep.uniform("d6", f"a bet of {step.n} gold: 4 or more doubles it", range(1, 7))
        if step.kind == "d10":
            return ChanceStep.uniform("d10", "the cleric's d10: at most the level succeeds", range(1, 11))
        if step.kind == "power":
            return ChanceStep.uniform("d10", f"the {step.power} d10: at most the level succeeds", range(1, 11))
        if step.kind == "search":
            room = self.room_of(self.state.current)
            odds = search_odds(self.dice_count(self.state.current, room), room.search or 0)
            outcomes = tuple((Chance("search", row), p) for row, p in sorted(odds.rows.items()) if p)
            return ChanceStep("search", "the search roll, read on the search table", outcomes)
        return None

    # ----- the legal actions ------------------------------------------------------------------
    def player_actions(self) -> list[Action]:
        if self.state.pending:
            step = self.state.pending[0]
            return [] if isinstance(step, _Step) else super().player_actions()
        if self.state.choice is not None:
            victim, options = self.state.choice.victim, self.state.choice.options
            return [ChooseLoss(victim, c) for c in options]
        if self.state.curse is not None:
            return self._curse_answers()
        stage, p = self.state.stage_name, self.state.current
        if stage == "character creation":
            return [*self._plays(self.state.creating), Ready(self.state.creating)]
        if stage == "moving":
            return self._moving_actions(p)
        if stage == "combat":
            return self._combat_actions()
        if stage == "asking for help":
            return [AnswerHelp(self.state.fight.asked, True), AnswerHelp(self.state.fight.asked, False)]
        if stage == "interference":
            return self._interference_actions()
        if stage == "after the roll":
            return self._after_roll_actions()
        if stage == "running: direction":
            runner = self.state.fight.runners[0]
            return [RunTo(runner, r) for r in self.neighbours(self.state.fight.room)]
        if stage == "running away":
            runner = self.state.fight.runners[0]
            chasing = distinct(self.state.fight.chasing)
            return [*self._powers(runner, "flight"), *(RollToRun(runner, m) for m in chasing)]
        if stage == "charity":
            return self._charity_actions()
        return []

    def _moving_actions(self, p: int) -> list[Action]:
        h = self.state.heroes[p]
        room = self.room_of(p)
        out: list[Action] = [a for a in super().player_actions() if not isinstance(a, EndTurn)]
        monsters_here = bool(self.state.dungeon.monsters_in(room.id))
        if self.state.moves_left >= 1 and not monsters_here:
            if room.search is not None and room.id not in self.state.searched and \
                    self.state.tokens.get(room.id) is not RoomToken.PLUNDERED:
                out.append(Search(p))
            if self.state.dropped.get(room.id) or self.state.dropped_gold.get(room.id):
                out.append(PickUp(p))
        out += self._plays(p)
        out += self._item_actions(p)
        out += [SpendItem(p, c) for c in self.items_once(h) if self.card(c).value and h.level < 9]
        if h.level < WIN_LEVEL - 1 and self.state.spent + h.gold >= LEVEL_PRICE:
            out.append(BuyLevel(p))
        if h.level > 1 and h.health < h.max_health:
            out.append(Heal(p))
        out += self._curses(p, [q for q in range(self.params.players) if not self.state.heroes[q].dead])
        out += self._give_ups(p) + self._walls(p)
        if monsters_here:
            out.append(FightAnyway(p))  # every monster here ignores you, or you would be fighting
        else:
            out += self._deals(p, room)
        out += self._d10_powers(p)
        out += [Suicide(p), EndTurn(p)]
        return out

    def _d10_powers(self, p: int) -> list[Action]:
        """Outside fights, once a turn: the thief's steal, the wizard's teleport."""
        tags, here = self.tags(p), self.room_of(p).id
        out: list[Action] = []
        loot: list[str] = []
        if "thief" in tags and (p, "steal") not in self.state.powers_used:
            for q in range(self.params.players):
                if q != p and not self.state.heroes[q].dead and self.room_of(q).id == here:
                    loot += [c for c in self.state.heroes[q].carried if not self.card(c).big and self._receives(p, c)]
            out += [D10Power(p, "steal", c) for c in self.once(loot)]
        if "wizard" in tags and (p, "teleport") not in self.state.powers_used:
            out += [D10Power(p, "teleport", r) for r in sorted(self.state.dungeon.rooms) if r != here]
        return out

    def _deals(self, p: int, room: Room) -> list[Action]:
        """The room's deals (p. 7): never with a monster present; their move and gold price paid; a deal
        with a limit once a turn."""
        h = self.state.heroes[p]
        out: list[Action] = []
        for i, rule in enumerate(self.room_rules_of.get(room.id, ())):
            if rule.kind != "deal" or self.state.moves_left < rule.moves or h.gold < rule.gold:
                continue
            if (rule.once and (room.id, i) in self.state.deals_done) or (
                    rule.only and not set(rule.only) & self.tags(p)):
                continue
            wounded = h.health < h.max_health
            if (rule.heal and not rule.discard and wounded) or rule.dxm or (rule.level and h.level < WIN_LEVEL - 1):
                out.append(Deal(p, room.id, i))
            elif rule.discard and wounded:
                out += [Deal(p, room.id, i, c) for c in self.once(h.hand)]
            elif rule.sell_item:
                out += [Deal(p, room.id, i, c) for c in self.items_once(h) if self.card(c).value]
            elif rule.buy_discard_item:
                out += [Deal(p, room.id, i, c) for c in self.once(self.state.treasure_discard)
                        if self.card(c).kind == "item" and self.card(c).value <= h.gold]
            elif rule.bet:
                out += [Deal(p, room.id, i, str(n)) for n in range(100, min(rule.bet, h.gold) + 1, 100)]
            elif rule.teleport:
                out += [Deal(p, room.id, i, r) for r in sorted(self.state.dungeon.rooms) if r != room.id]
        return out

    def _plays(self, p: int) -> list[Action]:
        """Races, classes, items (into play, or the backpack), one-shots (onto the belt), Go Up a Level."""
        h = self.state.heroes[p]
        out: list[Action] = []
        for copy in self.once(h.hand):
            card = self.card(copy)
            ok = {"race": self._second_fits(h.race, h.race2, h.half_breed, copy),
                  "class": self._second_fits(h.cls, h.cls2, h.super_munchkin, copy),
                  "half_breed": h.race is not None and h.half_breed is None,
                  "super_munchkin": h.cls is not None and h.super_munchkin is None,
                  "item": self.can_carry(p, copy) or len(h.backpack) < BACKPACK,
                  "one_shot": True, "go_up_a_level": h.level < WIN_LEVEL - 1}.get(card.kind, False)
            if ok:
                out.append(PlayCard(p, copy))
        return out

    def _second_fits(self, first: str | None, second: str | None, enabler: str | None, copy: str) -> bool:
        """One race (class); a second, different one only with a Half-Breed (Super Munchkin)."""
        if first is None:
            return True
        card, have = self.card(copy), self.card(first)
        return bool(enabler) and second is None and (card.race, card.cls) != (have.race, have.cls)

    def _item_actions(self, p: int) -> list[Action]:
        """Outside fights: the backpack, dropping, giving to a munchkin nearby, Cheat!."""
        h = self.state.heroes[p]
        out: list[Action] = []
        if len(h.backpack) < BACKPACK:
            out += [Pack(p, c, True) for c in self.once(c for c in h.carried if self.card(c).kind == "item")]
        out += [Pack(p, c, False) for c in self.once(c for c in h.backpack if self.can_carry(p, c))]
        items = self.items_once(h)
        out += [Drop(p, c) for c in items]
        here = self.room_of(p).id
        friends = [q for q in range(self.params.players)
                   if q != p and not self.state.heroes[q].dead and self.near(q, here)]
        out += [GiveItem(p, c, q) for c in items for q in friends if self._receives(q, c)]
        amounts = sorted({n for n in (100, h.gold) if 0 < n <= h.gold})
        out += [GiveGold(p, q, n) for q in friends for n in amounts]
        cheats = self.once(c for c in h.hand if self.card(c).kind == "cheat")[:1]  # the description names the item
        targets = self.once(h.backpack, h.hand, keep=lambda c: self.card(c).kind == "item" and not self.can_carry(p, c))
        out += [PlayCheat(p, x, item) for x in cheats for item in targets]
        return out

    def _receives(self, player: int, copy: str) -> bool:
        return self.can_carry(player, copy) or len(self.state.heroes[player].backpack) < BACKPACK

    def _curses(self, p: int, targets: list[int]) -> list[Action]:
        cards = self.once(c for c in self.state.heroes[p].hand if self.card(c).kind == "curse")
        return [PlayCurse(p, c, t) for c in cards for t in targets]

    def _give_ups(self, p: int) -> list[Action]:
        h = self.state.heroes[p]
        return [GiveUp(p, c) for c in (h.race, h.race2, h.cls, h.cls2) if c]

    def _walls(self, p: int) -> list[Action]:
        hand = self.state.heroes[p].hand
        walls = self.once(c for c in hand if self.card(c).kind == "summon_wall")[:1]  # the action names the side
        room = self.room_of(p)
        sides = [s for s in Side if self.state.dungeon.link(room.at, s) is not LinkKind.WALL and not (
            room.entrance or (self.state.dungeon.room_at(s.step(room.at)) or room).entrance)]
        return [SummonWall(p, w, s.value) for w in walls for s in sides]

    def _powers(self, p: int, power: str) -> list[Action]:
        f = self.state.fight
        if POWER_CLASS[power] not in self.tags(p) or len(f.power_cards(power)) >= MAX_POWER_DISCARDS:
            return []
        if power == "turning" and not any(self.monster_card(m).undead for m in f.monsters):
            return []
        if power == "backstab" and (p in f.backstabbers or not self.reaches(p, f.room) or self.state.heroes[p].dead):
            return []
        return [Power(p, power, c) for c in self.once(self.state.heroes[p].hand)]

    def _one_shots(self, p: int, sides: tuple[str, ...], thrown_only: bool) -> list[Action]:
        h = self.state.heroes[p]
        cards = self.once(c for c in h.hand + h.carried if self.card(c).kind == "one_shot"
                         and (not thrown_only or self.card(c).thrown))
        return [OneShot(p, c, s) for c in cards for s in sides]

    def _enhancers(self, p: int) -> list[Action]:
        cards = self.once(c for c in self.state.heroes[p].hand if self.card(c).kind == "enhancer")
        return [Enhance(p, c, m) for c in cards for m in distinct(self.state.fight.monsters)]

    def _wanderers(self, p: int) -> list[Action]:
        hand = self.state.heroes[p].hand
        return [Wandering(p, c) for c in self.once(c for c in hand if self.card(c).kind == "wandering")]

    def _gual(self, p: int) -> list[Action]:
        h = self.state.heroes[p]
        if h.level >= WIN_LEVEL - 1 or h.dead:
            return []
        return [PlayCard(p, c) for c in self.once(c for c in h.hand if self.card(c).kind == "go_up_a_level")]

    def _combat_actions(self) -> list[Action]:
        f = self.state.fight
        p = f.fighter
        out = [*self._one_shots(p, ("munchkins",), False), *self._powers(p, "berserk"), *self._powers(p, "turning"),
               *self._gual(p), *self._enhancers(p), *self._give_ups(p)]
        if "warrior" in self.tags(p) and p not in f.fury and (p, "fury") not in self.state.powers_used:
            out.append(D10Power(p, "fury"))
        h = self.state.heroes[p]
        flights = self.once(c for c in h.hand + h.carried if self.card(c).kind == "escape")
        if not f.boss:
            out += [Flee(p, c, r) for c in flights for r in self.neighbours(f.room)]
        if f.helper is None:  # bribes: first pick of the treasures, gold, or an item
            treasures = self.treasure_count()
            for q in self.helpers():
                out += [AskHelp(p, q, n) for n in range(treasures + 1)]
                out += [AskHelp(p, q, 0, gold) for gold in (100, 300, 500) if gold <= h.gold]
                out += [AskHelp(p, q, 0, 0, c) for c in self.items_once(h)
                        if self.card(c).kind == "item" and self._receives(q, c)]
        out.append(Roll(p))
        return out

    def helpers(self) -> list[int]:
        """Who can be asked: alive, in the room or next to it through a passable link; for the boss, only
        level-10 munchkins."""
        f = self.state.fight
        return [q for q in range(self.params.players) if q != f.fighter and q not in f.refused
                and not self.state.heroes[q].dead and self.reaches(q, f.room)
                and (not f.boss or self.state.heroes[q].level >= WIN_LEVEL)]

    def reaches(self, player: int, room_id: str) -> bool:
        """Near enough to help or interfere: next to the room, or in it if it is soundproof."""
        if self.rules(room_id, "soundproof"):
            return self.state.dungeon.munchkins[self.state.colours[player]] == room_id
        return self.near(player, room_id)

    def _interference_actions(self) -> list[Action]:
        f = self.state.fight
        out: list[Action] = []
        for p in f.window:
            if p == f.helper:
                out += self._one_shots(p, ("munchkins", "monsters"), False) + self._powers(p, "berserk")
            elif not self.state.heroes[p].dead and self.reaches(p, f.room):
                out += self._one_shots(p, ("munchkins", "monsters"), True) + self._powers(p, "backstab")
            out += self._enhancers(p) + self._wanderers(p) + self._gual(p) + self._give_ups(p)
            out += self._curses(p, [q for q in f.side if not self.state.heroes[q].dead])
            out.append(Pass(p))
        return out

    def _after_roll_actions(self) -> list[Action]:
        out: list[Action] = []
        for p in self.state.fight.window:
            dice = self.once(c for c in self.state.heroes[p].hand if self.card(c).kind == "loaded_die")
            out += [LoadDie(p, c, i, face) for c in dice for i in range(len(self.state.fight.dice))
                    for face in range(1, 7) if face != self.state.fight.dice[i][2]]
            out.append(Pass(p))
        return out

    def _curse_answers(self) -> list[Action]:
        target = self.state.curse.target
        h = self.state.heroes[target]
        out: list[Action] = [AnswerCurse(target, "accept")]
        out += [AnswerCurse(target, c) for c in self.once(c for c in h.hand + h.carried
                                                         if self.card(c).kind == "remove_curse")]
        if "cleric" in self.tags(target):
            out.append(AnswerCurse(target, "pray"))
        return out

    def _charity_actions(self) -> list[Action]:
        giver = self.state.charity_giver
        hand = self.once(self.state.heroes[giver].hand)
        recipients = next_recipients([h.level for h in self.state.heroes], giver, self.state.charity_given)
        if not recipients:
            return [DiscardCard(giver, c) for c in hand]
        return [GiveCard(giver, c, to) for c in hand for to in recipients]

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
            return "help", "helpers come from the same room or an adjacent one through a passable link" + (
                "; only level-10 munchkins help against the boss" if self.state.fight and self.state.fight.boss else "")
        if isinstance(action, Move | Explore) and self.state.stage_name == "moving":
            return super().illegal_reason(action)
        if self.state.fight is not None and isinstance(action, PlayCard | Drop | GiveItem | Pack | Search | PickUp):
            return "combat", "no items are played, dropped, given or packed during a fight"
        return "actions", f"{action.describe()} is not possible now"

    # ----- the rules --------------------------------------------------------------------------
    def perform(self, action: Action) -> None:
        if isinstance(action, Chance) and self.state.pending and isinstance(self.state.pending[0], _Step):
            self._resolve_step(action)
        elif isinstance(action, Move | Explore | DrawMonster | Decline | PickBase | Chance):
            super().perform(action)
            return  # the crawl settles (and calls our _settle)
        elif isinstance(action, EndTurn):
            self.end_turn()
        else:
            getattr(self, "_do_" + type(action).__name__)(action)
        self._settle()

    def _settle(self) -> None:
        """Move on when nothing is left to choose or roll in the current step."""
        super()._settle()
        while not self.state.over_reason:
            if self.state.pending:
                step = self.state.pending[0]
                if isinstance(step, _Step) and step.kind == "check room":
                    self.state.pending.pop(0)
                    self.check_room()
                    continue
                if isinstance(step, _Step) and step.kind == "draw" and not self._deck(step.deck)[0]:
                    self.state.pending.pop(0)
                    self.event(f"no {step.deck} card is left: nobody draws")
                    continue
                return
            if self.state.choice is not None or self.state.curse is not None:
                return
            if self.state.losses:
                self.apply_next_loss()
                continue
            stage = self.state.stage_name
            if stage == "dealing":
                self.state.stage_name = "character creation"
                self.event("the cards are dealt: play races, classes and items from your opening hands")
                continue
            if stage == "interference" and not self.state.fight.window:
                if self.state.fight.interfered:
                    self.state.fight.interfered = False
                    self.state.stage_name = "combat"
                    self.event("after the interference the fighter may answer")
                else:
                    self.roll_dice()
                continue
            if stage == "rolling" and not self.state.pending:
                self.after_the_roll()
                continue
            if stage == "after the roll" and not self.state.fight.window:
                self.resolve_fight()
                continue
            if stage == "running: direction" and self.state.fight.runners and not self.neighbours(
                    self.state.fight.room):
                self.nowhere_to_run()
                continue
            if stage in ("running: direction", "running away") and not self.state.fight.runners:
                self.end_fight()
                continue
            if stage == "running away" and not self.state.fight.chasing:
                self._arrive_after_running(self.state.fight.runners[0])
                continue
            if stage == "charity" and len(self.state.heroes[self.state.charity_giver].hand) <= self.hand_limit(
                    self.state.charity_giver):
                self.state.charity_giver = None
                self.to_monster_turn()
                continue
            if stage == "moving" and self.state.turn_ends:
                self.state.turn_ends = False
                self.to_monster_turn()
                continue
            return

    def _deck(self, deck: str) -> tuple[list[str], list[str]]:
        st = self.state
        return (st.dxm_deck, st.dxm_discard) if deck == "dxm" else (st.treasure_deck, st.treasure_discard)

    def draw(self, player: int, deck: str, n: int = 1, face: str = "down") -> None:
        self.state.pending += [_Step("draw", deck, player, face)] * n

    def _resolve_step(self, action: Chance) -> None:
        step = self.state.pending.pop(0)
        if step.kind == "draw":
            pile, discard = self._deck(step.deck)
            copy = str(action.outcome)
            pile.remove(copy)
            if not pile and discard:
                pile.extend(discard)
                discard.clear()
                self.event(f"the {step.deck} deck is empty: its discards are shuffled into a new deck")
            self.state.heroes[step.player].hand.append(copy)
            if step.deck == "treasure":
                self.state.heroes[step.player].won.append(copy)
            if step.face == "open":
                self.event(f"player {step.player} draws {self.card(copy).name} face up")
            else:  # only the drawer reads the card (the referee's log has the whole line)
                self.event(f"player {step.player} draws {self.card(copy).name} face down", seen_by=(step.player,),
                           hidden=f"player {step.player} draws a {DECK_NAMES[step.deck]} card face down")
        elif step.kind == "fight die":
            self.state.fight.dice[step.n][2] = int(action.outcome)
        elif step.kind == "run die":
            self.roll_to_run(int(action.outcome))
        elif step.kind == "d10":
            self.prayer(int(action.outcome))
        elif step.kind == "search":
            self.search_result(int(action.outcome))
        elif step.kind == "bet":
            self.bet(int(action.outcome), step.n)
        elif step.kind == "power":
            self.d10_power(int(action.outcome), step.power, step.player, step.target)

    # ----- turns -------------------------------------------------------------------------------
    def _do_Ready(self, action: Ready) -> None:
        self.state.creating += 1
        if self.state.creating >= self.params.players:
            self.state.current = 0
            self.event("player 0 starts")
            self.start_turn()

    def start_turn(self) -> None:
        """Revive the dead (entrance, full health, 300 gold, 2 + 2 cards), draw a DxM card, then fight a
        monster in the room, or the boss."""
        p = self.state.current
        h = self.state.heroes[p]
        self.state.stage_name = "moving"
        self.state.searched = set()
        self.state.deals_done = set()
        self.state.powers_used = set()
        self.state.spent = 0
        for hero in self.state.heroes:  # treasures won in the last turn are no longer new
            hero.won.clear()
        self.state.moves_left = self.base_moves(p)
        self.state.all_in_used = False
        if h.dead:
            h.dead, h.health, h.gold = False, h.max_health, START_GOLD
            self.state.dungeon.munchkins[h.colour] = self.state.dungeon.entrance.id
            self.event(f"player {p} comes back to life on the entrance with {START_GOLD} gold")
            self.draw(p, "treasure", REVIVE_CARDS)
            self.draw(p, "dxm", REVIVE_CARDS)
        self.draw(p, "dxm")
        self.state.pending.append(_Step("check room"))

    def check_room(self) -> None:
        p = self.state.current
        room = self.room_of(p)
        if self.state.fight is not None or self.state.stage_name != "moving":
            return
        if room.entrance and self.state.heroes[p].level >= WIN_LEVEL and not self.state.heroes[p].dead:
            self.event(f"player {p}, at level 10 on the entrance, meets the boss")
            self.state.boss_pending = True
            self.state.pending.insert(0, _Pending("monster", at=room.at))
        elif self.state.dungeon.monsters_in(room.id):
            self.start_fight(room.id)

    def _arrive(self, room: Room) -> None:
        """Entering a room on your turn: its monsters fight you; at level 10 the entrance brings the boss;
        once all rooms are placed, an empty room may bring a wandering monster."""
        if self.state.dungeon.monsters_in(room.id):
            self.start_fight(room.id)
        elif self.rules(room.id, "nest"):
            self.event(f"{room.name} is a monster nest: a monster comes")
            self.state.pending.insert(0, _Pending("monster", at=room.at))
        elif room.entrance and self.state.heroes[self.state.current].level >= WIN_LEVEL:
            self.state.pending.append(_Step("check room"))
        elif not self.state.room_deck and not room.entrance:
            self.state.pending.insert(0, _Pending("wander", at=room.at))

    def place_room(self, tile_id: str, at) -> None:
        """Exploring: the new room, links, a DxM card for the explorer, and a monster to fight."""
        super().place_room(tile_id, at)
        self.state.pending.insert(0, _Step("draw", "dxm", self.state.current))

    def _give_base(self, piece_id: str, colour: Colour, draws: bool) -> None:
        """A new monster stands in its room with its base; in the current munchkin's room it fights."""
        super()._give_base(piece_id, colour, draws)
        if draws:
            self.draw(self.state.colours.index(colour), "dxm")
        piece = self.state.dungeon.monsters[piece_id]
        if self.state.boss_pending:
            self.state.boss_pending = False
            self.state.boss = self.state.dungeon.monsters.pop(piece_id)
            self.state.fight = Combat(self.state.current, piece.room, [piece_id], boss=True)
            self.state.stage_name = "combat"
            self.event(f"the boss is {piece.name}, level {BOSS_LEVEL}")
            return
        f = self.state.fight
        if f is not None and piece.room == f.room and not self.ignores(piece_id, f.fighter):
            f.monsters.append(piece_id)
            f.interfered = True
            self.event(f"{piece.name} joins the fight")
        elif f is None and piece.room == self.room_of(self.state.current).id and self.state.stage_name == "moving":
            self.start_fight(piece.room)

    def _remove(self, piece_id: str) -> None:
        """A standee leaves the board (killed, or no base left); it leaves the fight too."""
        super()._remove(piece_id)
        for e in self.state.enhanced.pop(piece_id, []):
            self.state.dxm_discard.append(e)
        if self.state.fight is not None and piece_id in self.state.fight.monsters:
            self.state.fight.monsters.remove(piece_id)

    def pieces(self) -> list[MonsterPiece]:
        return [*super().pieces(), *([self.state.boss] if self.state.boss is not None else [])]

    def end_turn(self) -> None:
        p = self.state.current
        self.event(f"player {p} ends the turn")
        if len(self.state.heroes[p].hand) > self.hand_limit(p):
            self.state.charity_giver, self.state.charity_given = p, {}
            self.state.stage_name = "charity"
            self.event(f"player {p} has more than {self.hand_limit(p)} cards: charity")
        else:
            self.to_monster_turn()

    def to_monster_turn(self) -> None:
        self.state.stage_name = "monster turn"
        self.state.pending.append(_Pending("monster die"))

    def monster_turn(self, colour: Colour) -> None:
        """The rolled colour's player draws a DxM card; every monster moves (p. 13)."""
        if colour in self.state.colours:
            self.draw(self.state.colours.index(colour), "dxm")
        super().monster_turn(colour)

    def _next_player(self) -> None:
        self.state.turns += 1
        if self.state.turns >= self.params.max_turns:
            self.state.over_reason = f"nobody escaped the dungeon in {self.params.max_turns} turns"
            self.event(self.state.over_reason)
            return
        self.state.current = (self.state.current + 1) % self.params.players
        self.start_turn()

    # ----- moving about, searching, items ------------------------------------------------------
    def _do_Search(self, action: Search) -> None:
        self.state.moves_left -= 1
        room = self.room_of(action.player)
        self.state.searched.add(room.id)
        self.event(f"player {action.player} searches {room.name} ({self.dice_count(action.player, room)} dice, "
                   f"modifier {room.search:+d})")
        self.state.pending.insert(0, _Step("search"))

    def search_result(self, row_number: int) -> None:
        """The search table (p. 20): gold, treasures, a token, or a monster to fight at once."""
        p = self.state.current
        room = self.room_of(p)
        row = load_search_table().lookup(row_number)
        self.event(f"search row {row.label}: {row.result}")
        if row.monster:
            self.state.pending.insert(0, _Pending("monster", at=room.at))
            return
        self.state.heroes[p].gold += row.gold
        self.draw(p, "treasure", row.treasures, self.treasure_face(p, room.id))
        if row.room_token is not None:
            before = self.state.tokens.get(room.id)
            token = RoomToken.PLUNDERED if row.room_token is RoomToken.PLUNDERED or before else RoomToken.LOOTED
            self.state.tokens[room.id] = token
            self.event(f"{room.name} is now {token.value}")
        self.pick_up(p)

    def treasure_face(self, player: int, room_id: str) -> str:
        """Treasures are drawn face up when another munchkin is in the room (a helper always is), else face
        down (p. 9, p. 20)."""
        where = self.state.dungeon.munchkins
        others = any(where[c] == room_id for i, c in enumerate(self.state.colours) if i != player)
        return "open" if others else "down"

    def _do_PickUp(self, action: PickUp) -> None:
        self.state.moves_left -= 1
        self.pick_up(action.player)

    def pick_up(self, p: int) -> None:
        """Dropped items and gold in the room: into play where they fit, else into the backpack."""
        room = self.room_of(p).id
        h = self.state.heroes[p]
        before = self.base_moves(p)
        gold = self.state.dropped_gold.pop(room, 0)
        h.gold += gold
        left = []
        for copy in self.state.dropped.pop(room, []):
            if self.can_carry(p, copy):
                h.carried.append(copy)
            elif len(h.backpack) < BACKPACK:
                h.backpack.append(copy)
            else:
                left.append(copy)
        if left:
            self.state.dropped[room] = left
        self._moves_changed(p, before)
        if gold or left != []:
            self.event(f"player {p} picks up {gold} gold" + (f"; {len(left)} item(s) stay: no room" if left else ""))

    def _do_PlayCard(self, action: PlayCard) -> None:
        h = self.state.heroes[action.player]
        card = self.card(action.card)
        h.hand.remove(action.card)
        before = self.base_moves(action.player)
        if card.kind == "race":
            h.race, h.race2 = (action.card, None) if h.race is None else (h.race, action.card)
        elif card.kind == "class":
            h.cls, h.cls2 = (action.card, None) if h.cls is None else (h.cls, action.card)
        elif card.kind == "half_breed":
            h.half_breed = action.card
        elif card.kind == "super_munchkin":
            h.super_munchkin = action.card
        elif card.kind == "go_up_a_level":
            h.level += 1
            self._discard(action.card)
        elif self.can_carry(action.player, action.card):
            h.carried.append(action.card)
        else:
            h.backpack.append(action.card)
        self._moves_changed(action.player, before)
        self.event(f"player {action.player} plays {card.name}" + (f" (level {h.level})" if card.kind ==
                                                                  "go_up_a_level" else ""))

    def _moves_changed(self, player: int, before: int) -> None:
        """A change of move points counts as if from the start of the turn (p. 6)."""
        if player == self.state.current:
            self.state.moves_left = max(0, self.state.moves_left + self.base_moves(player) - before)

    def _do_Pack(self, action: Pack) -> None:
        h = self.state.heroes[action.player]
        if action.into:
            h.carried.remove(action.card)
            h.backpack.append(action.card)
        else:
            h.backpack.remove(action.card)
            h.carried.append(action.card)
        self.event(action.describe())

    def _unequip(self, player: int, copy: str) -> None:
        h = self.state.heroes[player]
        (h.carried if copy in h.carried else h.backpack).remove(copy)
        if copy in h.cheats:
            self.state.dxm_discard.append(h.cheats.pop(copy))

    def _do_Drop(self, action: Drop) -> None:
        before = self.base_moves(action.player)
        self._unequip(action.player, action.card)
        self.state.dropped.setdefault(self.room_of(action.player).id, []).append(action.card)
        self._moves_changed(action.player, before)
        self.event(action.describe())

    def _do_GiveItem(self, action: GiveItem) -> None:
        before = self.base_moves(action.player)
        self._unequip(action.player, action.card)
        q = self.state.heroes[action.to]
        (q.carried if self.can_carry(action.to, action.card) else q.backpack).append(action.card)
        self._moves_changed(action.player, before)  # the receiver's moves change from their next turn
        self.event(action.describe())

    def _do_D10Power(self, action: D10Power) -> None:
        self.state.powers_used.add((action.player, action.power))
        self.event(action.describe())
        self.state.pending.insert(0, _Step("power", player=action.player, power=action.power, target=action.target))

    def d10_power(self, face: int, power: str, player: int, target: str) -> None:
        """The d10 works when it shows at most the level (p. 15)."""
        h = self.state.heroes[player]
        works = face <= h.level
        self.event(f"the d10 shows {face} (level {h.level}): {'it works' if works else 'it fails'}")
        if power == "fury" and works:
            self.state.fight.fury.append(player)
        elif power == "teleport" and works:
            self.state.dungeon.munchkins[h.colour] = target
            self._arrive(self.state.dungeon.rooms[target])
        elif power == "steal":
            owner = next(q for q, x in enumerate(self.state.heroes) if target in x.carried)
            if works:
                self._unequip(owner, target)
                (h.carried if self.can_carry(player, target) else h.backpack).append(target)
                self.event(f"player {player} steals {self.card(target).name} from player {owner}")
            else:
                h.level = max(1, h.level - 1)
                self.event(f"player {owner} catches the thief: player {player} loses a level ({h.level})")

    def _do_FightAnyway(self, action: FightAnyway) -> None:
        self.start_fight(self.room_of(action.player).id, anyway=True)

    def _do_GiveGold(self, action: GiveGold) -> None:
        self.state.heroes[action.player].gold -= action.amount
        self.state.heroes[action.to].gold += action.amount
        self.event(action.describe())

    def _do_Deal(self, action: Deal) -> None:
        """A room's deal: pay its moves and gold, then its effect."""
        p, h = action.player, self.state.heroes[action.player]
        rule = self.room_rules_of[action.room][action.rule]
        self.state.moves_left -= rule.moves
        h.gold -= rule.gold
        if rule.once:
            self.state.deals_done.add((action.room, action.rule))
        self.event(action.describe())
        if rule.discard:
            h.hand.remove(action.option)
            self._discard(action.option)
        if rule.heal:
            h.health = min(h.max_health, h.health + rule.heal)
        if rule.dxm:
            self.draw(p, "dxm", rule.dxm)
        if rule.level:
            h.level += 1
        if rule.sell_item:
            before = self.base_moves(p)
            self._unequip(p, action.option)
            self._discard(action.option)
            h.gold += self.card(action.option).value
            self._moves_changed(p, before)
        if rule.buy_discard_item:
            self.state.treasure_discard.remove(action.option)
            h.gold -= self.card(action.option).value
            h.hand.append(action.option)
        if rule.bet:
            self.state.pending.insert(0, _Step("bet", n=int(action.option)))
        if rule.teleport:
            target = self.state.dungeon.rooms[action.option]
            self.state.dungeon.munchkins[h.colour] = target.id
            self._arrive(target)

    def bet(self, face: int, stake: int) -> None:
        """The gambling den: 4 or more doubles the stake, else it is lost."""
        h = self.state.heroes[self.state.current]
        h.gold += stake if face >= 4 else -stake
        self.event(f"the die shows {face}: player {self.state.current} {'wins' if face >= 4 else 'loses'} {stake} gold")

    def _do_GiveCard(self, action: GiveCard) -> None:
        """Charity (行善): a card over the hand limit to the lowest level, from hand to hand: only the two of
        them see which card it is."""
        self.state.heroes[action.player].hand.remove(action.card)
        self.state.heroes[action.to].hand.append(action.card)
        self.state.charity_given[action.to] = self.state.charity_given.get(action.to, 0) + 1
        self.event(action.describe(), seen_by=(action.player, action.to),
                   hidden=f"player {action.player} gives a card to player {action.to} (charity)")

    def _do_DiscardCard(self, action: DiscardCard) -> None:
        self.state.heroes[action.player].hand.remove(action.card)
        self._discard(action.card)
        self.event(action.describe())

    def _do_PlayCheat(self, action: PlayCheat) -> None:
        h = self.state.heroes[action.player]
        h.hand.remove(action.card)
        (h.hand if action.item in h.hand else h.backpack).remove(action.item)
        h.carried.append(action.item)
        h.cheats[action.item] = action.card
        self.event(action.describe())

    def _do_SpendItem(self, action: SpendItem) -> None:
        """Items at their value towards 1000 gold; a level as soon as it is reached, no change."""
        h = self.state.heroes[action.player]
        before = self.base_moves(action.player)
        self._unequip(action.player, action.card)
        self._discard(action.card)
        self.state.spent += self.card(action.card).value
        self._moves_changed(action.player, before)
        self.event(f"player {action.player} pays {self.card(action.card).name} ({self.card(action.card).value} "
                   f"gold) towards a level: {self.state.spent}/{LEVEL_PRICE}")
        if self.state.spent >= LEVEL_PRICE:
            self.state.spent = 0
            h.level += 1
            self.event(f"player {action.player} buys a level (level {h.level}); no change is given")

    def _do_BuyLevel(self, action: BuyLevel) -> None:
        h = self.state.heroes[action.player]
        gold = LEVEL_PRICE - self.state.spent
        h.gold -= gold
        self.state.spent = 0
        h.level += 1
        self.event(f"player {action.player} pays {gold} gold and buys a level (level {h.level})")

    # ----- any time (p. 5, 在任何玩家回合都可以进行的行动) ------------------------------------------
    #: the stages of your own turn in which you may kill yourself (p. 8: 在你回合之中的任何时候)
    SUICIDE_STAGES = ("moving", "combat", "asking for help", "interference")
    #: out of turn also the actions a seat can repeat (heal, the backpack, suicide). Off until the core
    #: harness's stale-action check asks ``is_legal`` (it takes a seat's repeatable any-time action that
    #: is legal again out of turn for an illegal one); on, they are offered whoever acts.
    REPEATABLE_ANYTIME = False

    def anytime_actions(self, player: int) -> list[Action]:
        """What ``player`` may do whoever is to act (seed p. 5, 在任何玩家回合都可以进行的行动): at any time,
        add or drop a race or class (in fights too, p. 15); outside fights, a Go Up a Level, a curse, heal
        (-1 level, +3 health), an item out of the backpack or into it, a Treasure won this turn into play;
        in your own turn, suicide. Never while a step waits for chance, a choice or a curse's answer, nor
        before the game has started (docs/rules-notes.md, "Any time")."""
        st = self.state
        if (st.over_reason or st.pending or st.choice is not None or st.curse is not None
                or st.stage_name in ("dealing", "character creation")):
            return []
        h = st.heroes[player]
        if h.dead:
            return []
        out: list[Action] = [PlayCard(player, c) for c in self.once(h.hand) if self.card(c).kind in IDENTITY_KINDS
                             and self._identity_fits(h, c)]
        out += self._give_ups(player)
        if self.state.fight is None:
            out += self._gual(player)
            out += self._curses(player, [q for q in range(self.params.players) if not self.state.heroes[q].dead])
            if self.REPEATABLE_ANYTIME:
                if h.level > 1 and h.health < h.max_health:
                    out.append(Heal(player))
                if len(h.backpack) < BACKPACK:
                    out += [Pack(player, c, True) for c in self.once(c for c in h.carried
                                                                     if self.card(c).kind == "item")]
                out += [Pack(player, c, False) for c in self.once(c for c in h.backpack if self.can_carry(player, c))]
            won = {self.card(c).name for c in h.won if c in h.hand}  # one action per card: the hand's copy
            out += [PlayCard(player, c) for c in self.once(h.hand) if self.card(c).name in won
                    and self.card(c).kind in ("item", "one_shot") and self.can_carry(player, c)]
        if self.REPEATABLE_ANYTIME and player == st.current and st.stage_name in self.SUICIDE_STAGES and (
                st.fight is None or player == st.fight.fighter):
            out.append(Suicide(player))
        return out

    def _identity_fits(self, h: Hero, copy: str) -> bool:
        kind = self.card(copy).kind
        if kind == "race":
            return self._second_fits(h.race, h.race2, h.half_breed, copy)
        if kind == "class":
            return self._second_fits(h.cls, h.cls2, h.super_munchkin, copy)
        if kind == "half_breed":
            return h.race is not None and h.half_breed is None
        return h.cls is not None and h.super_munchkin is None  # super_munchkin

    def _do_Heal(self, action: Heal) -> None:
        h = self.state.heroes[action.player]
        h.level -= 1
        h.health = min(h.max_health, h.health + 3)
        self.event(f"player {action.player} loses a level to heal: level {h.level}, health {h.health}")

    def _do_Suicide(self, action: Suicide) -> None:
        self.state.heroes[action.player].health = 0
        self.die(action.player, "suicide")

    def _do_GiveUp(self, action: GiveUp) -> None:
        """A race or class leaves play; the Half-Breed (Super Munchkin) goes when no race (class) is left."""
        self.event(action.describe())
        for gone in drop_identity(self.state.heroes[action.player], action.card, super_needs_two_classes=False):
            self._discard(gone)

    def _do_SummonWall(self, action: SummonWall) -> None:
        h = self.state.heroes[action.player]
        h.hand.remove(action.card)
        self._discard(action.card)
        room = self.room_of(action.player)
        self.state.dungeon.links[link_key(room.at, Side(action.side))] = LinkKind.WALL
        self.state.walls_without_pool += 1
        self.event(action.describe())

    def _discard(self, copy: str) -> None:
        (self.state.dxm_discard if self.card(copy).deck == "dxm" else self.state.treasure_discard).append(copy)

    # ----- curses --------------------------------------------------------------------------
    def _do_PlayCurse(self, action: PlayCurse) -> None:
        self.state.heroes[action.player].hand.remove(action.card)
        self.event(action.describe())
        self.state.curse = CursePlayed(action.player, action.card, action.target)
        if len(self._curse_answers()) == 1:  # nothing to answer with: it strikes
            self.strike()

    def _do_AnswerCurse(self, action: AnswerCurse) -> None:
        if action.how == "accept":
            self.strike()
        elif action.how == "pray":
            self.state.pending.insert(0, _Step("d10"))
        else:
            h = self.state.heroes[action.player]
            (h.hand if action.how in h.hand else h.carried).remove(action.how)
            self._discard(action.how)
            self.event(f"player {action.player}'s {self.card(action.how).name} cancels the curse")
            self._discard(self.state.curse.card)
            self.state.curse = None

    def prayer(self, face: int) -> None:
        """The cleric's d10 power: at most the level succeeds (seed p. 15, 17)."""
        copy, target = self.state.curse.card, self.state.curse.target
        level = self.state.heroes[target].level
        if face <= level:
            self.event(f"the d10 shows {face} (level {level}): the curse is stopped")
            self._discard(copy)
            self.state.curse = None
        else:
            self.event(f"the d10 shows {face} (level {level}): the prayer fails")
            self.strike()

    def strike(self) -> None:
        """A curse takes effect at once and is discarded; if nothing fits, nothing happens."""
        player, copy, target = self.state.curse.player, self.state.curse.card, self.state.curse.target
        self.state.curse = None
        self._discard(copy)
        card = self.card(copy)
        self.state.losses += [Loss(target, e, card.name) for e in card.effects]
        if self.state.fight is not None and player not in self.state.fight.side:
            self.state.fight.interfered = True

    # ----- bad stuff: the effect vocabulary ----------------------------------------------------
    def _matching(self, player: int, slot: str) -> list[str]:
        """Items a bad stuff can take: the named slot means what you wear; "any" item may be one in the
        backpack or on the belt, never in the hand (p. 16)."""
        h = self.state.heroes[player]

        def match(copy: str) -> bool:
            card = self.card(copy)
            return {"headgear": card.slot == "headgear", "armour": card.slot == "armour",
                    "footgear": card.slot == "footgear", "hands": card.slot in ("hands1", "hands2"),
                    "big": card.big, "small": not card.big, "any": True}[slot]

        pool = h.carried + (h.backpack if slot in ("any", "small", "big") else [])
        return [c for c in pool if match(c)]

    def apply_next_loss(self) -> None:
        """One effect; a monster's bad stuff that cannot apply is a hit instead (p. 10); a curse that
        cannot apply does nothing (p. 17)."""
        loss = self.state.losses.pop(0)
        victim, effect, source, fallback, hit_instead = (loss.victim, loss.effect, loss.source, loss.fallback,
                                                         loss.hit_instead)
        h = self.state.heroes[victim]
        if h.dead:
            return
        applied = True
        if effect.effect == "lose_levels":
            h.level = max(1, h.level - effect.n)
            self.event(f"player {victim} loses {effect.n} level(s) to {source} (level {h.level})")
        elif effect.effect == "hits":
            self.hit(victim, effect.n, source)
        elif effect.effect == "lose_gold":
            applied = h.gold > 0
            h.gold = max(0, h.gold - effect.n)
            self.event(f"player {victim} loses gold to {source} ({h.gold} left)")
        elif effect.effect in ("lose_item", "lose_all_items"):
            options = self._matching(victim, effect.slot)
            applied = bool(options)
            if effect.effect == "lose_all_items":
                for copy in options:
                    self._lose(victim, copy, source)
            elif len(options) == 1:
                self._lose(victim, options[0], source)
            elif options:
                choices = self.once(h.backpack, h.carried, keep=options.__contains__)
                self.state.choice = LossChoice(victim, tuple(choices))
        elif effect.effect in ("lose_race", "lose_class"):
            options = [c for c in ((h.race, h.race2) if effect.effect == "lose_race" else (h.cls, h.cls2)) if c]
            applied = bool(options)
            if len(options) == 1:
                self._do_GiveUp(GiveUp(victim, options[0]))
            elif options:  # two races or classes: the victim chooses
                self.state.choice = LossChoice(victim, tuple(options))
        elif effect.effect == "discard_hand":
            applied = bool(h.hand)
            for copy in list(h.hand):
                h.hand.remove(copy)
                self._discard(copy)
            self.event(f"player {victim} discards the hand ({source})")
        elif effect.effect == "death":
            h.health = 0
            self.die(victim, source)
        if not applied:
            if fallback:
                self.state.losses[0:0] = [Loss(victim, e, source, (), hit_instead) for e in fallback]
            elif hit_instead:
                self.event(f"{source}'s bad stuff cannot apply to player {victim}: a hit instead")
                self.hit(victim, 1, source)
            else:
                self.event(f"{source} has nothing to take from player {victim}")

    def _do_ChooseLoss(self, action: ChooseLoss) -> None:
        self.state.choice = None
        if self.card(action.card).kind in ("race", "class"):
            self._do_GiveUp(GiveUp(action.player, action.card))
        else:
            self._lose(action.player, action.card, "bad stuff")

    def _lose(self, player: int, copy: str, source: str) -> None:
        before = self.base_moves(player)
        self._unequip(player, copy)
        self._discard(copy)
        self._moves_changed(player, before)
        self.event(f"player {player} loses {self.card(copy).name} ({source})")

    def hit(self, player: int, n: int, source: str) -> None:
        h = self.state.heroes[player]
        h.health = max(0, h.health - n)
        self.event(f"player {player} takes {n} hit(s) from {source}: {h.health}/{h.max_health} health")
        if h.health == 0:
            self.die(player, source)

    def die(self, player: int, source: str) -> None:
        """Death (p. 8): items and gold dropped in the room, the hand discarded, a level lost; race,
        class and curses kept; if every munchkin is dead at once, the monsters win."""
        h = self.state.heroes[player]
        if h.dead:
            return
        h.dead = True
        room = self.room_of(player).id
        for copy in list(h.carried + h.backpack):
            self._unequip(player, copy)
            self.state.dropped.setdefault(room, []).append(copy)
        if h.gold:
            self.state.dropped_gold[room] = self.state.dropped_gold.get(room, 0) + h.gold
            h.gold = 0
        for copy in h.hand:
            self._discard(copy)
        h.hand = []
        h.level = max(1, h.level - 1)
        self.state.losses = [loss for loss in self.state.losses if loss.victim != player]
        if self.state.choice is not None and self.state.choice.victim == player:
            self.state.choice = None
        self.event(f"player {player} is killed by {source} in {self.state.dungeon.rooms[room].name}")
        if self.state.fight is not None and player in self.state.fight.side:
            self.fallen(player)
        if player == self.state.current:
            self.state.turn_ends = True
        if all(x.dead for x in self.state.heroes):
            self.state.over_reason = "every munchkin is dead at once: the monsters win"
            self.event(self.state.over_reason)

    # ----- fights -------------------------------------------------------------------------------
    def fallen(self, player: int) -> None:
        """A munchkin of the fight dies: no more running for them (p. 8); a dead helper leaves the side;
        a fighter dead before the roll ends the fight (the monsters stay)."""
        f = self.state.fight
        if player in f.runners:
            first = f.runners[0] == player
            f.runners.remove(player)
            if first:
                f.chasing = list(f.monsters)
                self.state.pending = [s for s in self.state.pending
                                      if not (isinstance(s, _Step) and s.kind == "run die")]
                self.state.stage_name = "running: direction"
            return
        if self.state.stage_name not in ("combat", "asking for help", "interference"):
            return  # dying of the hits after a lost fight: lose_fight leaves the dead out of the running
        if player == f.helper:
            f.helper = None
            f.window = [p for p in f.window if p != player]
        elif player == f.fighter:
            self.end_fight()

    def start_fight(self, room_id: str, anyway: bool = False) -> None:
        """Fight every monster in the room that does not ignore you (all of them if you pick the fight)."""
        here = [m.id for m in self.state.dungeon.monsters_in(room_id)]
        monsters = here if anyway else [m for m in here if not self.ignores(m, self.state.current)]
        if not monsters:
            names = ", ".join(self.piece(m).name.split(" (")[0] for m in here)
            self.event(f"{names} ignore(s) player {self.state.current}: no fight unless they pick one")
            return
        self.state.fight = Combat(self.state.current, room_id, monsters)
        self.state.stage_name = "combat"
        room = self.state.dungeon.rooms[room_id]
        self.event(f"player {self.state.current} fights {self.monster_names()} in {room.name}")

    def monster_names(self) -> str:
        return " and ".join(self.piece(m).name.split(" (")[0] for m in self.state.fight.monsters) or "nothing"

    def _do_OneShot(self, action: OneShot) -> None:
        f = self.state.fight
        h = self.state.heroes[action.player]
        (h.hand if action.card in h.hand else h.carried).remove(action.card)
        (f.munchkin_one_shots if action.side == "munchkins" else f.monster_one_shots).append(action.card)
        if action.player != f.fighter:
            f.interfered = True
        self.event(f"player {action.player} plays {self.card(action.card).name} "
                   f"({self.card(action.card).bonus:+d} for the {action.side})")

    def _do_Enhance(self, action: Enhance) -> None:
        self.state.heroes[action.player].hand.remove(action.card)
        self.state.enhanced.setdefault(action.monster, []).append(action.card)
        if action.player != self.state.fight.fighter:
            self.state.fight.interfered = True
        self.event(f"player {action.player} plays {self.card(action.card).name} on "
                   f"{self.piece(action.monster).name.split(' (')[0]} ({self.card(action.card).bonus:+d})")

    def _do_Wandering(self, action: Wandering) -> None:
        self.state.heroes[action.player].hand.remove(action.card)
        self._discard(action.card)
        self.event(action.describe())
        self.state.pending.insert(0, _Pending("monster", at=self.state.dungeon.rooms[self.state.fight.room].at))

    def _do_Power(self, action: Power) -> None:
        f = self.state.fight
        h = self.state.heroes[action.player]
        h.hand.remove(action.card)
        self._discard(action.card)
        f.power_cards(action.power).append(action.card)
        if action.power == "backstab":
            f.backstabbers.append(action.player)
        if action.player != f.fighter and action.power != "flight":
            f.interfered = True
        self.event(action.describe())

    def _do_AskHelp(self, action: AskHelp) -> None:
        f = self.state.fight
        f.asked, f.offer, f.offer_gold, f.offer_item = action.helper, action.treasures, action.gold, action.item
        self.state.stage_name = "asking for help"
        self.event(action.describe())

    def _do_AnswerHelp(self, action: AnswerHelp) -> None:
        """The helper comes into the room (an out-of-turn move, free) and must help."""
        f = self.state.fight
        if action.accept:
            f.helper, f.share = action.player, f.offer
            self.state.dungeon.munchkins[self.state.colours[action.player]] = f.room
            if f.offer_gold:  # the bribe changes hands at once
                self.state.heroes[f.fighter].gold -= f.offer_gold
                self.state.heroes[action.player].gold += f.offer_gold
            if f.offer_item:
                self._unequip(f.fighter, f.offer_item)
                helper = self.state.heroes[action.player]
                (helper.carried if self.can_carry(action.player, f.offer_item) else helper.backpack).append(
                    f.offer_item)
            self.event(f"player {action.player} comes to help: {self.munchkin_strength()} against "
                       f"{self.monster_strength()} before the dice")
        else:
            f.refused.append(action.player)
            self.event(f"player {action.player} refuses to help")
        f.asked, f.offer_gold, f.offer_item = None, 0, ""
        self.state.stage_name = "combat"

    def _do_Flee(self, action: Flee) -> None:
        h = self.state.heroes[action.player]
        (h.hand if action.card in h.hand else h.carried).remove(action.card)
        self._discard(action.card)
        self.event(action.describe())
        self.state.dungeon.munchkins[h.colour] = action.room
        self.state.fight.runners = []
        self.end_fight()

    def _do_Roll(self, action: Roll) -> None:
        """"I'm rolling": the others may interfere first (the 2.6 seconds)."""
        f = self.state.fight
        f.window = [p for p in range(self.params.players) if p != f.fighter and (
            not self.rules(f.room, "soundproof") or self.state.dungeon.munchkins[self.state.colours[p]] == f.room)]
        f.interfered = False
        self.state.stage_name = "interference"
        self.event(f"player {action.player}: I'm rolling! ({self.munchkin_strength()} and "
                   f"{self.munchkin_dice()} dice against {self.monster_strength()} and {self.monster_dice()} dice)")

    def _do_Pass(self, action: Pass) -> None:
        self.state.fight.window.remove(action.player)

    def roll_dice(self) -> None:
        """Every munchkin of the side rolls their dice; each monster's owner rolls its dice."""
        f = self.state.fight
        f.dice = [["munchkins", p, None] for p in f.side for _ in range(self.fight_dice(p))]
        f.dice += [["monsters", self.owner(m), None] for m in f.monsters for _ in range(self.monster_card(m).dice)]
        self.state.stage_name = "rolling"
        self.state.pending[0:0] = [_Step("fight die", n=i) for i in range(len(f.dice))]
        if not f.dice:
            self.event("nobody rolls any dice")

    def after_the_roll(self) -> None:
        """Only cards for after the roll (Loaded Die) may still be played."""
        f = self.state.fight
        faces = ", ".join(f"{d[0]} {d[2]}" for d in f.dice) or "no dice"
        self.event(f"the dice: {faces}; {self.munchkin_strength() + self.rolled('munchkins')} against "
                   f"{self.monster_strength() + self.rolled('monsters')}")
        f.window = [p for p in range(self.params.players) if any(self.card(c).kind == "loaded_die"
                                                                 for c in self.state.heroes[p].hand) and f.dice]
        self.state.stage_name = "after the roll"

    def _do_LoadDie(self, action: LoadDie) -> None:
        f = self.state.fight
        self.state.heroes[action.player].hand.remove(action.card)
        f.loaded.append(action.card)
        f.dice[action.die][2] = action.face
        self.event(action.describe())
        f.window = [p for p in range(self.params.players) if p != action.player and any(
            self.card(c).kind == "loaded_die" for c in self.state.heroes[p].hand)]

    def resolve_fight(self) -> None:
        mine = self.munchkin_strength() + self.rolled("munchkins")
        theirs = self.monster_strength() + self.rolled("monsters")
        if self.winning():
            self.event(f"the munchkins win, {mine} against {theirs}")
            self.win_fight()
        else:
            self.event(f"the monsters win, {theirs} against {mine}" + (" (a tie)" if mine == theirs else ""))
            self.lose_fight()

    def win_fight(self) -> None:
        """Levels (one a monster; a mighty one two alone, one each with a helper; an elf helper one),
        treasures (the helper's share first), a DxM card for a monster of your own colour."""
        f = self.state.fight
        helper = self.state.heroes[f.helper] if f.helper is not None else None
        treasures = self.treasure_count()
        gained = {p: 0 for p in f.side}
        for piece in f.monsters:
            mighty = self.monster_card(piece).levels >= 2
            gained[f.fighter] += 2 if mighty and helper is None else 1
            if helper is not None and (mighty or "elf" in self.tags(f.helper)):
                gained[f.helper] += 1
            target = self.piece(piece).target
            for p in f.side:
                if self.state.colours[p] is target:
                    self.draw(p, "dxm")
                    self.event(f"player {p} killed a monster of their own colour: a DxM card")
        names = self.monster_names()
        if f.boss:
            self.state.winners = tuple(sorted(p for p in f.side if self.state.heroes[p].level >= WIN_LEVEL))
            self.state.over_reason = f"player(s) {', '.join(map(str, self.state.winners))} killed the boss " \
                                     f"({names}) and escaped the dungeon"
            self.event(self.state.over_reason)
            self.end_fight()
            return
        for p, n in gained.items():
            h = self.state.heroes[p]
            h.level = min(WIN_LEVEL, h.level + n)
            if h.level >= WIN_LEVEL:
                self.state.ten_by_kill.add(p)
            if n:
                self.event(f"player {p} goes up {n} level(s) to {h.level}")
        share = min(f.share, treasures)
        if f.helper is not None:
            self.draw(f.helper, "treasure", share, "open")
        self.draw(f.fighter, "treasure", treasures - share, self.treasure_face(f.fighter, f.room))
        self.event(f"{treasures} treasure(s): {share} for the helper first" if f.helper is not None
                   else f"{treasures} treasure(s)")
        for piece in list(f.monsters):
            self._remove(piece)
        self.end_fight()

    def lose_fight(self) -> None:
        """One hit per monster for each munchkin of the side (the boss: a hit and a level), then run."""
        f = self.state.fight
        names = self.monster_names()
        for p in list(f.side):
            if f.boss:
                self.state.heroes[p].level = max(1, self.state.heroes[p].level - 1)
                self.hit(p, 1, "the boss")
            else:
                self.hit(p, len(f.monsters), names)
        f.runners = [p for p in f.side if not self.state.heroes[p].dead]
        f.chasing = list(f.monsters)
        self.state.stage_name = "running: direction"

    def nowhere_to_run(self) -> None:
        """No way out (p. 10): the bad stuff of every monster, and the turn ends."""
        f = self.state.fight
        runner = f.runners.pop(0)
        self.event(f"player {runner} has nowhere to run: every monster's bad stuff strikes")
        if not f.boss:
            for piece in f.monsters:
                card = self.monster_card(piece)
                self.state.losses += [Loss(runner, e, card.name, card.else_bad_stuff, True) for e in card.bad_stuff]
        if runner == self.state.current:
            self.state.turn_ends = True
        f.chasing = list(f.monsters)

    def _do_RunTo(self, action: RunTo) -> None:
        f = self.state.fight
        f.destination[action.player] = action.room
        if f.boss:  # after losing to the boss only the hit and the level: no other bad stuff
            self._arrive_after_running(action.player)
            return
        f.chasing = list(f.monsters)
        self.state.stage_name = "running away"

    def _do_RollToRun(self, action: RollToRun) -> None:
        f = self.state.fight
        f.chasing.remove(action.monster)
        f.chasing.insert(0, action.monster)
        if self.state.heroes[action.player].level <= self.monster_card(action.monster).no_pursuit_up_to:
            self.event(f"{self.monster_card(action.monster).name} does not pursue munchkins of level "
                       f"{self.monster_card(action.monster).no_pursuit_up_to} or below")
            self._next_chaser()
            return
        self.state.pending.insert(0, _Step("run die"))

    def roll_to_run(self, face: int) -> None:
        f = self.state.fight
        runner, piece = f.runners[0], f.chasing[0]
        card = self.monster_card(piece)
        total = face + self.run_modifier(runner, piece)
        if total >= RUN_NEED:
            self.event(f"player {runner} rolls {face} ({total}) and escapes {card.name}")
        else:
            self.event(f"player {runner} rolls {face} ({total}): {card.name}'s bad stuff")
            self.state.losses += [Loss(runner, e, card.name, card.else_bad_stuff, True) for e in card.bad_stuff]
            if not card.bad_stuff:
                self.state.losses.append(Loss(runner, Effect("hits", 1), card.name, (), True))
        self._next_chaser()

    def _next_chaser(self) -> None:
        """On to the runner's next monster; once all are rolled (and their bad stuff applied, in the
        monsters' room), the runner arrives where they chose to run."""
        self.state.fight.chasing.pop(0)

    def _arrive_after_running(self, runner: int) -> None:
        """Alive or not, the runner's standee goes on: into the room chosen (the dead lie where they fell)."""
        f = self.state.fight
        if runner in f.runners:
            f.runners.remove(runner)
        f.flight.clear()
        if not self.state.heroes[runner].dead:
            self.state.dungeon.munchkins[self.state.colours[runner]] = f.destination[runner]
            self.event(f"player {runner} runs into {self.state.dungeon.rooms[f.destination[runner]].name}")
        f.chasing = list(f.monsters) if f.runners else []
        self.state.stage_name = "running: direction"

    def discard_fight(self) -> None:
        f = self.state.fight
        self.state.treasure_discard.extend(f.munchkin_one_shots + f.monster_one_shots)
        self.state.dxm_discard.extend(f.loaded)
        f.munchkin_one_shots, f.monster_one_shots, f.loaded = [], [], []
        if f.boss and self.state.boss is not None:  # the boss and the monsters with it vanish (p. 11)
            boss, self.state.boss = self.state.boss, None
            self.state.free_bases[boss.target] += 1
            self.state.monster_discard[boss.id.split("#")[0]] += 1
            for e in self.state.enhanced.pop(boss.id, []):
                self.state.dxm_discard.append(e)
            for piece in f.monsters:
                if piece != boss.id and piece in self.state.dungeon.monsters:
                    self._remove(piece)
            f.monsters.clear()

    def end_fight(self) -> None:
        """The fight is over; the fighter goes on with the turn (moves left are still usable)."""
        self.discard_fight()
        self.state.fight = None
        if self.state.stage_name != "game over" and not self.state.over_reason:
            self.state.stage_name = "moving"

    # ----- reading ------------------------------------------------------------------------------
    def is_over(self) -> bool:
        return bool(self.state.over_reason)

    def result(self) -> Result | None:
        if not self.state.over_reason:
            return None
        return Result(self.state.winners, {i: h.level for i, h in enumerate(self.state.heroes)}, self.state.over_reason)

    def all_cards(self) -> list[str]:
        places = [self.state.dxm_deck, self.state.treasure_deck, self.state.dxm_discard, self.state.treasure_discard]
        for h in self.state.heroes:
            places += [h.hand, h.carried, h.backpack, identity_cards(h), list(h.cheats.values())]
        places += list(self.state.dropped.values()) + list(self.state.enhanced.values())
        if self.state.fight is not None:
            f = self.state.fight
            places += [f.munchkin_one_shots, f.monster_one_shots, f.loaded]
        if self.state.curse is not None:
            places.append([self.state.curse.card])
        return [c for place in places for c in place]

    def invariants(self) -> list[str]:
        broken = super().invariants()
        if self.state.fight is not None and self.state.fight.boss:  # the boss's companions stand with it while fought
            entrance = self.state.dungeon.entrance.id
            if all(m.id in self.state.fight.monsters for m in self.state.dungeon.monsters_in(entrance)):
                broken = [b for b in broken if b != "a monster stands in the entrance"]
        every = copies(self.cards, "dxm") + copies(self.cards, "treasure")
        if sorted(self.all_cards()) != sorted(every):
            broken.append("a DxM or Treasure card is lost, doubled or in two places")
        for i, h in enumerate(self.state.heroes):
            if not 1 <= h.level <= WIN_LEVEL:
                broken.append(f"player {i} is at level {h.level}")
            if h.level == WIN_LEVEL and i not in self.state.ten_by_kill:
                broken.append(f"player {i} reached level 10 without a kill")
            if h.gold < 0:
                broken.append(f"player {i} has negative gold")
            if not 0 <= h.health <= h.max_health or (h.health == 0) != h.dead:
                broken.append(f"player {i} has {h.health} health (dead: {h.dead})")
            if len(h.backpack) > BACKPACK:
                broken.append(f"player {i} has {len(h.backpack)} items in the backpack")
        if self.state.boss is not None and self.state.fight is None:
            broken.append("a boss outside its fight")
        return broken

    # ----- what a seat sees -------------------------------------------------------------------
    #: the piles whose contents and order nobody sees: only how many cards (tiles) are left
    HIDDEN_PILES = ("dxm_deck", "treasure_deck", "room_deck", "monster_deck")

    def observe(self, player: int | None) -> dict[str, Any]:
        """What ``player`` sees: their own hand in full, the other hands as counts, the dungeon, the
        monsters, every character sheet, items in play and in backpacks, gold, the fight, the discards,
        the log's public lines; of the decks only their sizes (``None``: everything, the referee)."""
        state = self.state_dict()
        if player is None:
            return state
        for pile in self.HIDDEN_PILES:
            cards = state[pile]
            state[pile] = sum(cards.values()) if isinstance(cards, dict) else len(cards)
        for q, sheet in enumerate(state["heroes"]):
            if q != player:  # the hand, and which of its cards are treasures just won: counts only
                sheet["hand"] = len(sheet["hand"])
                sheet["won"] = len(sheet["won"])
        return state

    def describe_view(self, player: int | None) -> str:
        """The state as ``player`` sees it: the public lines and their own hand."""
        text = self.describe_state()
        if player is None or not 0 <= player < self.params.players:
            return text
        hand = ", ".join(sorted(self.card(c).name for c in self.state.heroes[player].hand)) or "empty"
        return f"{text}\nyour hand (player {player}): {hand}"

    def character(self, player: int) -> str:
        """"female Half-Breed Elf Super Munchkin Warrior": sex, races and classes in play."""
        h = self.state.heroes[player]
        races = "/".join(self.card(r).name for r in (h.race, h.race2) if r) or "Human"
        classes = "/".join(self.card(c).name for c in (h.cls, h.cls2) if c) or "no class"
        return f"{h.sex} {'Half-Breed ' if h.half_breed else ''}{races} " \
               f"{'Super Munchkin ' if h.super_munchkin else ''}{classes}"

    def describe_state(self) -> str:
        st = self.state
        lines = [f"turn {st.turns}, player {st.current} ({st.colours[st.current].value}) to play, "
                 f"{st.moves_left} moves left, stage: {self.stage()}"]
        for i, h in enumerate(self.state.heroes):
            items = ", ".join(self.card(c).name for c in h.carried) or "none"
            lines.append(f"  {h.colour.value}: level {h.level} {self.character(i)}, {h.health}/{h.max_health} health"
                         f"{' (dead)' if h.dead else ''}, {h.gold} gold, in {self.room_of(i).name}, items: {items}, "
                         f"backpack {len(h.backpack)}, hand {len(h.hand)}")
        if self.state.fight is not None:
            lines.append(f"  fight in {self.state.dungeon.rooms[self.state.fight.room].name}: {self.monster_names()}; "
                         f"munchkins {self.munchkin_strength()} + {self.munchkin_dice()} dice, monsters "
                         f"{self.monster_strength()} + {self.monster_dice()} dice")
        return "\n".join(lines)

    @classmethod
    def heuristic_agent(cls) -> Agent:
        from .agents import QuestHeuristicAgent

        return QuestHeuristicAgent()


delegate(QuestGame, QuestState, skip=tuple(f.name for f in fields(CrawlState)))
register(QuestGame)
