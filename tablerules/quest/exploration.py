"""Exploring the Munchkin Quest dungeon, as a game of the protocol: the dungeon crawl.

Seed 001 pp. 6-7 (移动, 探索, 自动遇敌) and p. 13 (怪物回合). Munchkins move with move points and link
costs, explore new rooms, and after each player's turn the monster die moves every monster. Every
random event is an explicit chance step: the room tile drawn, the link drawn for each free side, the
monster drawn, the colour rolled for its base, the colour rolled on the monster turn.

Rules here, each a method of :class:`DungeonCrawl` named for it:

* **moving** (移入其他房间): into an adjacent room through a non-wall link, paying its cost; once a turn
  a munchkin may spend all remaining moves (even 0) to cross any non-wall link;
* **exploring** (探索): through a link with no room beyond, while tiles remain: the new room is
  oriented like the entrance, its free sides get links from the pool, the explorer draws a DxM card,
  and a monster is drawn whose base colour is rolled on the monster die (a colour nobody plays or
  with no base left: the roller picks, and nobody draws; no base left at all: the highest-level
  monster(s) leave the board, so there are never more than 3 x players monsters);
* **wandering monsters** (自动遇敌): once every room is placed, entering an empty room on your turn
  you may draw a monster;
* **the monster turn** (怪物回合): the player who just played rolls the monster die; that colour's
  player draws a DxM card; every monster moves (:mod:`tablerules.quest.movement`).

The crawl leaves fights, cards and items to the whole game (the issue after this one): here a
munchkin meeting monsters only logs it, and DxM cards are counted, not held.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, ClassVar

from ..core.protocol import Action, Chance, ChanceStep, Game, GameInfo, Information, Result
from ..core.registry import register
from .crawl_actions import SIDE_WORDS, Decline, DrawMonster, EndTurn, Explore, Move, PickBase
from .dungeon import Dungeon, MonsterPiece, Pos, Room, around, link_key
from .geometry import MONSTER_DIE, PLAYER_COLOURS, Colour, LinkKind, Side
from .movement import walk_monsters
from .pools import Pool
from .state import CrawlState, Pending, delegate
from .textmap import text_map
from .tiles import RoomTile, load_rooms, start_tables

START_MOVES = 3  # seed 001 p. 4: 3 move tokens
BASES_PER_COLOUR = 3  # seed 001 p. 2: 12 bases, 3 per colour


#: the crawl's rules edition (CrawlParams.rules): 2 rolls for the first player (seed 001 p. 4); a save
#: written before (no ``rules`` in its parameters) replays as 1, player 0 first
CRAWL_RULES = 2


@dataclass(frozen=True)
class CrawlParams:
    players: int = 2
    rounds: int = 10
    rules: int = CRAWL_RULES

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 4:
            raise ValueError("Munchkin Quest is for 2 to 4 players")
        if self.rounds < 1:
            raise ValueError("play at least one round")
        if self.rules not in (1, CRAWL_RULES):
            raise ValueError(f"rules edition must be 1 or {CRAWL_RULES}")




_Pending = Pending  # the old name
#: the monster die's roll, for a base colour or the monster turn: the same step every time
#: the sides in order, and by letter (``Side(x)`` and iterating the enum are slow in a playout's hot path)
_SIDES = tuple(Side)
_SIDE_OF = {side.value: side for side in Side}
_LINK_STEP_TEXT = {side: f"a link for the {side.value} side of the new room" for side in Side}
# by value (and by member): an Enum call by value runs Python code on every outcome
_COLOUR_OF: dict[str | Colour, Colour] = {**{c.value: c for c in Colour}, **{c: c for c in Colour}}
_LINK_OF: dict[str | LinkKind, LinkKind] = {**{k.value: k for k in LinkKind}, **{k: k for k in LinkKind}}
_SIDE_ACTIONS: dict[tuple[type, int, str | Side], Action] = {}  # Move/Explore, one shared object each (immutable)


def _side_action(kind: type, player: int, side: str | Side) -> Action:
    known = _SIDE_ACTIONS.get((kind, player, side))
    if known is None:
        known = _SIDE_ACTIONS[(kind, player, side)] = kind(player, side.value if isinstance(side, Side) else side)
    return known


_END_TURNS: dict[int, Action] = {}  # seat -> its EndTurn, one shared object


def _end_turn(player: int) -> Action:
    known = _END_TURNS[player] = EndTurn(player)
    return known


#: (colour, seat) -> "red (player 0)", the log's name for a seat (every event names one)
_NAMES: dict[tuple[Colour, int], str] = {}
_DIE_STEPS = {kind: Pool.of(kind, "roll the monster die", list(Counter(c.value for c in MONSTER_DIE).items()))
              for kind in ("base", "monster die")}


class DungeonCrawl(Game):
    """Munchkins exploring the dungeon while the monster die moves the monsters (no fights)."""

    name = "quest-crawl"
    title = "Munchkin Quest: the dungeon crawl (exploring and monster movement)"
    action_types = (Move, Explore, DrawMonster, Decline, PickBase, EndTurn)
    Params = CrawlParams
    max_length = 20_000
    #: every seat sees the whole crawl (no cards are held); the monster die and the draws are chance
    info = GameInfo(min_players=2, max_players=4, chance=True, information=Information.PERFECT, max_length=20_000)

    # ----- set-up -------------------------------------------------------------------------
    #: saves written before the rules edition existed (no ``rules`` in their parameters) replay under the
    #: rules they were played with (edition 1), so old saves still load to the same end
    save_defaults: ClassVar[dict[str, Any]] = {"rules": 1}

    #: the state's dataclass (a subclass's state extends it)
    State: type[CrawlState] = CrawlState
    #: static tables, loaded once and shared by copies
    shared_attributes = ("link_types", "monster_cards")

    def setup(self) -> None:
        self.state = self.State()
        deck = load_rooms()
        entrance = Room(deck.entrance.id, (0, 0), entrance=True, name=deck.entrance.name,
                        name_zh=deck.entrance.name_zh, search=None)
        # the static tables are shared by every game (built once per loaded data); the pools are copies
        self.link_types, self.monster_cards, costs, room_ids, links, monster_counts = start_tables()
        self.state.dungeon = Dungeon({entrance.id: entrance}, costs=dict(costs))
        for side, kind in deck.entrance.links:
            self.state.dungeon.links[link_key(entrance.at, side)] = kind
        self.state.room_deck: list[str] = list(room_ids)
        self.state.link_pool: Counter = links.copy()
        self.state.monster_deck: Counter = monster_counts.copy()
        self.state.monster_discard: Counter = Counter()
        self.state.colours: tuple[Colour, ...] = PLAYER_COLOURS[: self.params.players]
        self.state.free_bases: dict[Colour, int] = {c: BASES_PER_COLOUR for c in self.state.colours}
        for colour in self.state.colours:
            self.state.dungeon.munchkins[colour] = entrance.id
        self.state.current = 0
        self.state.round = 1
        self.state.turns = 0
        self.state.moves_left = START_MOVES
        self.state.all_in_used = False
        self.state.explored = [0] * self.params.players
        self.state.dxm_draws = [0] * self.params.players
        self.state.meetings = [0] * self.params.players
        self.state.pending: list[_Pending] = []
        self.state.newcomer: MonsterPiece | None = None
        self.state.walls_without_pool = 0
        self.state.next_piece = 1
        self.state.over = False
        self.roll_for_first_player()

    def room_tile(self, tile_id: str) -> RoomTile:
        """A room tile of the deck (the whole game adds the card packs' rooms)."""
        return load_rooms().tile(tile_id)

    def room_tile_count(self) -> int:
        return len(load_rooms().rooms)

    def roll_for_first_player(self) -> None:
        """Seed 001 p. 4 (开场和终局): "每个玩家掷个骰子，点数最高的先走" — one chance step, each player equally
        likely (a tie rolls again); edition 1 (old saves): player 0 starts."""
        if self.params.rules >= 2:
            self.state.pending.append(_Pending("first"))

    # ----- who acts -----------------------------------------------------------------------
    def current_players(self) -> tuple[int, ...]:
        return (self.state.current,)

    def stage(self) -> str:
        if self.state.over:
            return "game over"
        if self.state.pending:
            return {"room": "exploring: drawing the room", "link": "exploring: drawing a link",
                    "monster": "exploring: drawing a monster", "base": "rolling the monster's base colour",
                    "pick": "choosing a base colour", "wander": "all rooms placed: draw a monster?",
                    "monster die": "monster turn: rolling the monster die",
                    "first": "rolling for the first player"}[self.state.pending[0].kind]
        return "moving"

    def pending_chance(self) -> ChanceStep | None:
        if self.state.over or not self.state.pending:
            return None
        step = self.state.pending[0]
        # (pools.Pool: the steps ChanceStep.uniform / weighted would give, built faster)
        if step.kind == "link":
            return Pool.counted("link", _LINK_STEP_TEXT[step.side], self.state.link_pool)
        if step.kind == "room":  # distinct tile ids
            return Pool.distinct("room", "the map keeper draws a room tile", self.state.room_deck)
        if step.kind == "monster":
            deck = self.state.monster_deck if sum(self.state.monster_deck.values()) else self.state.monster_discard
            return Pool.counted("monster", "draw a monster card", deck)
        if step.kind in ("base", "monster die"):
            return _DIE_STEPS[step.kind]
        if step.kind == "first":
            return ChanceStep.uniform("first", "each player rolls a die, the highest starts (a tie rolls again)",
                                      range(self.params.players))
        return None

    def player_actions(self) -> list[Action]:
        p = self.state.current
        if self.state.pending:
            step = self.state.pending[0]
            if step.kind == "pick":
                return [PickBase(p, c) for c in step.options]
            if step.kind == "wander":
                return [DrawMonster(p), Decline(p)]
            return []
        actions: list[Action] = []
        st = self.state
        d = st.dungeon
        links, by_pos, costs = d.links, d._by_pos, d.costs
        moves, all_in_used, deck = st.moves_left, st.all_in_used, st.room_deck
        wall = LinkKind.WALL
        for side, key, beyond in around(d.rooms[d.munchkins[st.colours[p]]].at):
            kind = links.get(key, wall)
            if kind is wall:
                continue
            cost = costs.get(kind)  # _can_pay
            if cost is None or (cost > moves and all_in_used):
                continue
            if beyond in by_pos:
                actions.append(_SIDE_ACTIONS.get((Move, p, side)) or _side_action(Move, p, side))
            elif deck:
                actions.append(_SIDE_ACTIONS.get((Explore, p, side)) or _side_action(Explore, p, side))
        actions.append(_END_TURNS.get(p) or _end_turn(p))
        return actions

    def illegal_reason(self, action: Action) -> tuple[str, str]:
        if isinstance(action, Chance):
            return "chance", "no such outcome is possible now" if self.chance_step() else "nothing is being drawn"
        if action.actor != self.state.current:
            return "turn order", f"it is player {self.state.current}'s turn"
        if self.state.pending:
            return "exploring", f"finish the pending step first ({self.stage()})"
        if isinstance(action, Move | Explore):
            here = self.state.dungeon.rooms[self.state.dungeon.munchkins[self.state.colours[self.state.current]]]
            side = Side(action.side)
            kind = self.state.dungeon.link(here.at, side)
            if kind is LinkKind.WALL:
                return "moving", "rooms joined by a wall are not adjacent; you cannot move through a wall"
            beyond = self.state.dungeon.room_at(side.step(here.at))
            if isinstance(action, Move) and beyond is None:
                return "moving", "there is no room there yet: explore instead"
            if isinstance(action, Explore) and beyond is not None:
                return "exploring", "that side leads to a room already placed: move instead"
            if isinstance(action, Explore) and not self.state.room_deck:
                return "exploring", "every room is placed: outer links now count as walls for munchkins"
            return "move points", (f"crossing a {kind.value} costs {self.state.dungeon.costs[kind]} and you have "
                                   f"{self.state.moves_left} left, with the once-a-turn all-in move used")
        if isinstance(action, DrawMonster | Decline):
            return "wandering monsters", "only on entering an empty room once every room is explored (p. 6)"
        if isinstance(action, PickBase):
            return "monster bases", "choose a base colour only when the rolled one is used up (p. 6)"
        return "actions", f"{action.describe()} is not possible now"

    def _can_pay(self, kind: LinkKind) -> bool:
        cost = self.state.dungeon.costs.get(kind)
        return cost is not None and (cost <= self.state.moves_left or not self.state.all_in_used)

    # ----- the rules ----------------------------------------------------------------------
    def perform(self, action: Action) -> None:
        if isinstance(action, Chance):
            self._resolve(action)
        elif isinstance(action, Move):
            self.move(_SIDE_OF[action.side])
        elif isinstance(action, Explore):
            self.explore(_SIDE_OF[action.side])
        elif isinstance(action, DrawMonster):
            self.state.pending.pop(0)
            self.state.pending.insert(0, _Pending("monster", at=self._here().at))
        elif isinstance(action, Decline):
            self.state.pending.pop(0)
            self.event(f"{self._name(self.state.current)} lets the empty room be")
        elif isinstance(action, PickBase):
            step = self.state.pending.pop(0)
            self._give_base(step.piece, _COLOUR_OF[action.colour], draws=False)
        elif isinstance(action, EndTurn):
            self.event(f"{self._name(self.state.current)} ends the turn")
            self.state.pending.append(_Pending("monster die"))
        self._settle()

    def _here(self) -> Room:
        return self.state.dungeon.rooms[self.state.dungeon.munchkins[self.state.colours[self.state.current]]]

    def _name(self, player: int) -> str:
        colour = self.state.colours[player]
        known = _NAMES.get((colour, player))
        if known is None:
            known = _NAMES[(colour, player)] = f"{colour.value} (player {player})"
        return known

    def pay(self, kind: LinkKind) -> None:
        """Move points: pay the link's cost, or once a turn spend everything left (even 0) to cross."""
        cost = self.state.dungeon.costs[kind]
        assert cost is not None
        if cost <= self.state.moves_left:
            self.state.moves_left -= cost
        else:
            self.event(f"{self._name(self.state.current)} spends all {self.state.moves_left} remaining moves to cross "
                       f"the {kind.value} (once a turn)")
            self.state.moves_left = 0
            self.state.all_in_used = True

    def move(self, side: Side) -> None:
        here = self._here()
        self.pay(self.state.dungeon.link(here.at, side))
        target = self.state.dungeon.room_at(side.step(here.at))
        assert target is not None
        self.state.dungeon.munchkins[self.state.colours[self.state.current]] = target.id
        self.event(f"{self._name(self.state.current)} moves {SIDE_WORDS[side.value]} into {target.name}")
        self._arrive(target)

    def _arrive(self, room: Room) -> None:
        monsters = self.state.dungeon.monsters_in(room.id)
        if monsters:
            self.state.meetings[self.state.current] += 1
            names = ", ".join(m.name for m in monsters)
            self.event(f"{self._name(self.state.current)} meets {names} in {room.name} "
                       "(fights belong to the full game)")
        elif not self.state.room_deck and not room.entrance:
            self.state.pending.insert(0, _Pending("wander", at=room.at))

    def explore(self, side: Side) -> None:
        here = self._here()
        self.pay(self.state.dungeon.link(here.at, side))
        self.event(f"{self._name(self.state.current)} explores {SIDE_WORDS[side.value]} of {here.name}")
        self.state.pending.append(_Pending("room", at=side.step(here.at)))

    def _resolve(self, outcome: Chance) -> None:
        step = self.state.pending.pop(0)
        if step.kind == "room":
            self.place_room(str(outcome.outcome), step.at)
        elif step.kind == "link":
            kind = _LINK_OF[outcome.outcome]
            self.state.link_pool[kind.value] -= 1
            self.state.dungeon.links[link_key(step.at, step.side)] = kind
        elif step.kind == "monster":
            self.draw_monster(str(outcome.outcome), step.at)
        elif step.kind == "base":
            self.roll_base(step.piece, _COLOUR_OF[outcome.outcome])
        elif step.kind == "monster die":
            self.monster_turn(_COLOUR_OF[outcome.outcome])
        elif step.kind == "first":
            self.state.current = self.state.starter = int(outcome.outcome)
            self.event(f"the dice for the first player: {self._name(self.state.current)} rolls highest and starts")

    def place_room(self, tile_id: str, at: Pos) -> None:
        """The new room, oriented like the entrance; links drawn for its free sides; DxM reward;
        the explorer stands in it; a monster is drawn."""
        tile = self.room_tile(tile_id)
        self.state.room_deck.remove(tile_id)
        room = tile.place(at)
        self.state.dungeon.add_room(room)
        self.state.dungeon.munchkins[self.state.colours[self.state.current]] = room.id
        self.state.explored[self.state.current] += 1
        self.state.dxm_draws[self.state.current] += 1
        self.event(f"the new room is {room.name} ({room.name_zh}); {self._name(self.state.current)} draws a DxM card "
                   f"for exploring")
        links = self.state.dungeon.links
        steps = [_Pending("link", at=at, side=side) for side, key, _ in around(at) if key not in links]  # has_link
        left = sum(self.state.link_pool.values())
        if left < len(steps):
            for step in steps[left:]:  # the pool ran out: walls
                links[link_key(at, step.side)] = LinkKind.WALL
                self.state.walls_without_pool += 1
            steps = steps[:left]
        self.state.pending[0:0] = [*steps, _Pending("monster", at=at)]

    def draw_monster(self, card_id: str, at: Pos) -> None:
        if not sum(self.state.monster_deck.values()):
            self.state.monster_deck, self.state.monster_discard = self.state.monster_discard, Counter()
            self.event("the monster deck is empty: its discards are shuffled into a new deck")
        self.state.monster_deck[card_id] -= 1
        card = self.monster_cards[card_id]
        piece_id = f"{card_id}#{self.state.next_piece}"
        self.state.next_piece += 1
        room = self.state.dungeon.room_at(at)
        assert room is not None
        # the standee goes on the board once its base colour is known
        self.state.newcomer = MonsterPiece(piece_id, room.id, card.movement, card.passes, None,
                                     f"{card.name} ({card.name_zh})", card.level)
        self.event(f"a {card.name} (level {card.level}) appears in {room.name}")
        if self.state.dungeon.munchkins[self.state.colours[self.state.current]] == room.id:
            self.state.meetings[self.state.current] += 1
        self.state.pending.insert(0, _Pending("base", piece=piece_id))

    def roll_base(self, piece_id: str, rolled: Colour) -> None:
        """The monster die names the base colour (seed 001 p. 6, step 5)."""
        if not any(self.state.free_bases.values()):
            self.remove_strongest()
        if self.state.free_bases.get(rolled, 0) > 0:
            self._give_base(piece_id, rolled, draws=True)
            return
        options = tuple(c.value for c in self.state.colours if self.state.free_bases[c] > 0)
        why = "nobody plays it" if rolled not in self.state.colours else "its bases are all in use"
        self.event(f"the monster die shows {rolled.value}, but {why}: {self._name(self.state.current)} picks the base")
        self.state.pending.insert(0, _Pending("pick", piece=piece_id, options=options))

    def remove_strongest(self) -> None:
        """No base left at all: the highest-level monster(s) on the board leave the game."""
        on_board = list(self.state.dungeon.monsters.values())
        top = max(m.level for m in on_board)
        for monster in [m for m in on_board if m.level == top]:
            self._remove(monster.id)
            self.event(f"no base is left: {monster.name} (level {top}) leaves the board")

    def _remove(self, piece_id: str) -> None:
        monster = self.state.dungeon.monsters.pop(piece_id)
        if monster.target is not None:
            self.state.free_bases[monster.target] += 1
        self.state.monster_discard[piece_id.split("#")[0]] += 1

    def _give_base(self, piece_id: str, colour: Colour, draws: bool) -> None:
        monster = self.state.newcomer
        assert monster is not None and monster.id == piece_id
        self.state.newcomer = None
        self.state.free_bases[colour] -= 1
        # the base colour names the owner and the target: the munchkin of that colour (facts.md)
        self.state.dungeon.monsters[piece_id] = MonsterPiece(monster.id, monster.room, monster.movement, monster.passes,
                                                       colour, monster.name, monster.level)
        text = f"{monster.name} gets a {colour.value} base"
        if draws:
            player = self.state.colours.index(colour)
            self.state.dxm_draws[player] += 1
            text += f"; {self._name(player)} draws a DxM card"
        self.event(text)

    def monster_turn(self, colour: Colour) -> None:
        """The rolled colour's player draws a DxM card, then every monster moves at once."""
        if colour in self.state.colours:
            self.state.dxm_draws[self.state.colours.index(colour)] += 1
            self.event(f"monster turn: the die shows {colour.value}; {self._name(self.state.colours.index(colour))} "
                       f"draws a DxM card")
        else:
            self.event(f"monster turn: the die shows {colour.value}")
        dungeon = self.state.dungeon
        for monster_id, rooms in walk_monsters(dungeon, colour):
            if len(rooms) > 1:
                names = [dungeon.rooms[r].name for r in rooms]
                through = f" through the {', the '.join(names[1:-1])}" if len(names) > 2 else ""
                self.event(f"{dungeon.monsters[monster_id].name} moves from the {names[0]}{through} to the {names[-1]}")
        self._next_player()

    def _next_player(self) -> None:
        self.state.turns += 1
        self.state.current = (self.state.current + 1) % self.params.players
        if self.state.current == self.state.starter:  # a round: every player once, from the first player
            self.state.round += 1
            if self.state.round > self.params.rounds:
                self.state.over = True
                best = max(self.state.explored)
                self.event(f"after {self.params.rounds} rounds the crawl ends; most rooms explored: {best}")
        self.state.moves_left = START_MOVES
        self.state.all_in_used = False

    def _settle(self) -> None:
        """Steps that need neither chance nor a choice resolve at once."""
        while self.state.pending and self.state.pending[0].kind == "monster" and not (
                sum(self.state.monster_deck.values()) or sum(self.state.monster_discard.values())):
            self.state.pending.pop(0)
            self.event("no monster card is left to draw")

    # ----- reading ------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.state.over

    @classmethod
    def heuristic_agent(cls) -> Any:
        from .crawl_agent import CrawlHeuristicAgent

        return CrawlHeuristicAgent()

    def result(self) -> Result | None:
        if not self.state.over:
            return None
        best = max(self.state.explored)
        winners = tuple(p for p, n in enumerate(self.state.explored) if n == best)
        return Result(winners, dict(enumerate(self.state.explored)), "most rooms explored")

    def turn_number(self) -> int:
        return self.state.turns

    def chance_faces(self) -> dict[str, Any]:
        die = {c.value for c in MONSTER_DIE}
        return {"base": die, "monster die": die, "first": range(self.params.players)}

    def invariants(self) -> list[str]:
        broken = self.impossible_outcomes()
        if not 0 <= self.state.current < self.params.players:
            broken.append(f"player {self.state.current} is to play in a game of {self.params.players}")
        monsters = self.pieces()
        if any(self.state.dungeon.rooms[m.room].entrance for m in self.state.dungeon.monsters.values()):
            broken.append("a monster stands in the entrance")
        if len(self.state.dungeon.monsters) > BASES_PER_COLOUR * self.params.players:
            broken.append("more than 3 x players monsters")
        for colour in self.state.colours:
            used = sum(1 for m in monsters if m.target is colour)
            if used + self.state.free_bases[colour] != BASES_PER_COLOUR:
                broken.append(f"{colour.value} bases do not add up")
        placed_links = Counter(self.state.dungeon.links.values())
        entrance_links = Counter(k for _, k in load_rooms().entrance.links)
        entrance_links[LinkKind.WALL] += self.state.walls_without_pool
        for kind, link_type in self.link_types.items():
            left = self.state.link_pool[kind.value]
            if left < 0:
                broken.append(f"the {kind.value} pool is negative")
            if placed_links[kind] - entrance_links[kind] + left > link_type.count:
                broken.append(f"more {kind.value} links placed than the pool held")
        if len(self.state.room_deck) + len(self.state.dungeon.rooms) != self.room_tile_count() + 1:
            broken.append("room tiles lost or doubled")
        cards_total = sum(c.count for c in self.monster_cards.values())
        on_board = len(monsters) + (self.state.newcomer is not None)
        if sum(self.state.monster_deck.values()) + sum(self.state.monster_discard.values()) + on_board != cards_total:
            broken.append("monster cards lost or doubled")
        for kind in {*self.state.monster_deck, *self.state.monster_discard}:
            card = self.monster_cards.get(kind)
            left, gone = self.state.monster_deck[kind], self.state.monster_discard[kind]
            if card is None or left < 0 or gone < 0 or left + gone > card.count:
                broken.append(f"monster card {kind}: {left} in the deck and {gone} discarded"
                              + (f" of {card.count}" if card else ", and the game has none"))
        if any(room not in self.state.dungeon.rooms for room in self.state.dungeon.munchkins.values()):
            broken.append("a munchkin stands outside the dungeon")
        if self.state.moves_left < 0:
            broken.append("negative move points")
        return broken

    def pieces(self) -> list[MonsterPiece]:
        """Every monster standee with a base (on the board, or held elsewhere by a subclass)."""
        return list(self.state.dungeon.monsters.values())

    def describe_state(self) -> str:
        if self.state.over:
            lines = [f"the crawl is over after {self.params.rounds} rounds"]
        else:
            lines = [f"round {self.state.round}/{self.params.rounds}, {self._name(self.state.current)} to play, "
                     f"{self.state.moves_left} moves left{' (all-in used)' if self.state.all_in_used else ''}"]
        for p, colour in enumerate(self.state.colours):
            room = self.state.dungeon.rooms[self.state.dungeon.munchkins[colour]]
            lines.append(f"  {colour.value}: in {room.name}, explored {self.state.explored[p]}, DxM draws "
                         f"{self.state.dxm_draws[p]}")
        lines.append(f"  rooms placed {len(self.state.dungeon.rooms) - 1}/{len(load_rooms().rooms)}, monsters on the "
                     f"board {len(self.state.dungeon.monsters)}")
        lines.append("map: E entrance, R/B/G/Y munchkins, *n monsters; links: | wall, d door, L locked, "
                     "s secret, blank corridor")
        lines.append(text_map(self.state.dungeon))
        return "\n".join(lines)


delegate(DungeonCrawl, CrawlState)
register(DungeonCrawl)
