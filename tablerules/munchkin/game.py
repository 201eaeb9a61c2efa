"""Munchkin (seed 000) as a game of the protocol.

The turn (seed 000, 回合的阶段): 1. kick open the door (a monster is fought, a curse strikes the
kicker, anything else goes to the hand); 2. look for trouble (fight a monster from your hand) if no
monster came; 3. loot the room (draw a Door card face down) if you met none; 4. charity (more than 5
cards, 6 for a dwarf: give the excess to the lowest-level player(s), or discard it if you are lowest).

Combat (战斗和怪物): level + item bonuses + one-shots against the monster's level + its modifiers
(e.g. +4 against elves) + enhancers; ties go to the monster unless a warrior fights. When the fighter
is ready, every other player gets a response window (the "2.6 seconds") to pass or interfere with
one-shots and monster enhancers; after any interference the fighter may answer. Winning: one level a
monster (two for the mighty), level 10 only by a kill, treasures drawn face down. Losing: run away,
one d6 per monster, 5+ escapes (elf +1, halfling -1, items, the monster's own modifier); caught:
its bad stuff. Death: keep race, class and level, lose everything else; the others loot the body from
the highest level down, one card each; the new character draws 2 + 2 at the start of the next turn.

Asking for help (请求帮助): one helper at most, asked in turn, bribed with a share of the treasure (the
helper picks first); the helper's strength joins the fighter's, the monster's modifiers count once
against everybody on that side, an elf helper goes up a level, and when the fight is lost both run on
their own rolls.

Any time: give up your race or class; curses from the hand strike anyone on your turn, or the
munchkins of a fight during its response window, where a thief may also backstab (-2, once a fight).

Several monsters (a Wandering Monster sends one from the hand into any fight): the munchkins must
beat their sum; a level for each monster killed; running away rolls once per monster, in the order
the runner picks.

Each rule is a method named for it. Not yet in this engine (see docs/rules-notes.md): bribes with items,
the monster's mate, lasting curses, the thief's steal, the wizard's charm, the cleric's resurrection,
half-breed, super munchkin, trading, Cheat! and Divine Intervention.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.agents import Agent
from ..core.protocol import Action, Chance, ChanceStep, Game, Result
from ..core.registry import register
from .cards import Card, Effect, card_of, copies, load_cards

WIN_LEVEL = 10
HAND_LIMIT, DWARF_HAND_LIMIT = 5, 6
LEVEL_PRICE = 1000  # gold worth of items sold per level
RUN_NEED = 5
MAX_POWER_DISCARDS = 3  # berserk, turning, flight: up to 3 cards each
POWER_CLASS = {"berserk": "warrior", "turning": "cleric", "flight": "wizard"}


@dataclass(frozen=True)
class MunchkinParams:
    players: int = 4
    deal: int = 4  # cards of each deck dealt to each player (the older rules dealt 2)
    max_turns: int = 400  # a simulation cap: the game ends without a winner after this many turns

    def __post_init__(self) -> None:
        if not 3 <= self.players <= 6:
            raise ValueError("Munchkin is for 3 to 6 players")
        if self.deal not in (2, 4):
            raise ValueError("deal 4 + 4 (the current rules) or 2 + 2 (the older sheet)")


# ----- actions ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Ready(Action):
    player: int

    def describe(self) -> str:
        return f"player {self.player} is ready"


@dataclass(frozen=True)
class PlayCard(Action):
    """Put a race, class or item from the hand into play, or use a Go Up a Level."""

    player: int
    card: str

    def describe(self) -> str:
        return f"player {self.player} plays {_name(self.card)}"


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
    player: int
    card: str

    def describe(self) -> str:
        return f"player {self.player} makes the monster {_name(self.card)}"


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
class PlayCurse(Action):
    player: int
    card: str
    target: int

    def describe(self) -> str:
        return f"player {self.player} curses player {self.target}: {_name(self.card)}"


@dataclass(frozen=True)
class Backstab(Action):
    """A thief discards a card: -2 to a fighting munchkin (once per fight)."""

    player: int
    card: str

    def describe(self) -> str:
        return f"player {self.player} backstabs, discarding {_name(self.card)}"


@dataclass(frozen=True)
class AskHelp(Action):
    """Ask one player to help, offering them ``treasures`` of the monster's treasures (they pick first)."""

    player: int
    helper: int
    treasures: int

    def describe(self) -> str:
        return f"player {self.player} asks player {self.helper} for help, offering {self.treasures} treasure(s)"


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
class GiveCard(Action):
    player: int
    card: str
    to: int

    def describe(self) -> str:
        return f"player {self.player} gives {_name(self.card)} to player {self.to} (charity)"


@dataclass(frozen=True)
class DiscardCard(Action):
    player: int
    card: str

    def describe(self) -> str:
        return f"player {self.player} discards {_name(self.card)} (charity)"


@dataclass(frozen=True)
class LootBody(Action):
    player: int
    card: str

    def describe(self) -> str:
        return f"player {self.player} takes {_name(self.card)} from the body"


def _name(copy: str) -> str:
    return card_of(load_cards(), copy).name


# ----- state -------------------------------------------------------------------------------------
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


@dataclass
class Combat:
    fighter: int
    monsters: list[str]
    enhancers: list[str] = field(default_factory=list)
    munchkin_one_shots: list[str] = field(default_factory=list)
    monster_one_shots: list[str] = field(default_factory=list)
    berserk: list[str] = field(default_factory=list)
    turning: list[str] = field(default_factory=list)
    flight: list[str] = field(default_factory=list)
    window: list[int] = field(default_factory=list)  # players still to answer
    interfered: bool = False
    helper: int | None = None
    share: int = 0  # treasures promised to the helper, who picks first
    asked: int | None = None  # a player considering an offer of help
    offer: int = 0
    refused: list[int] = field(default_factory=list)
    backstabs: list[str] = field(default_factory=list)  # cards thieves discarded: -2 each
    backstabbers: list[int] = field(default_factory=list)
    runners: list[int] = field(default_factory=list)  # who still has to run away, in order
    chasing: list[str] = field(default_factory=list)  # the monsters the current runner has still to escape

    def power_cards(self, power: str) -> list[str]:
        """The cards discarded this fight for a class power (berserk, turning or flight)."""
        return {"berserk": self.berserk, "turning": self.turning, "flight": self.flight}[power]

    @property
    def side(self) -> list[int]:
        """The munchkins fighting: the fighter and the helper, if any."""
        return [self.fighter] if self.helper is None else [self.fighter, self.helper]


class MunchkinGame(Game):
    """The Munchkin card game for 3-6 players (seed 000)."""

    name = "munchkin"
    title = "Munchkin (小白世纪)"
    action_types = (Ready, PlayCard, SellItem, KickDoor, LookForTrouble, LootRoom, Fight, RunAway, PlayOneShot,
                    PlayEnhancer, Pass, ClassPower, AskHelp, AnswerHelp, RollToRun, ChooseLoss, EndTurn, GiveCard,
                    DiscardCard, LootBody, GiveUp, PlayCurse, Backstab, PlayWandering)
    Params = MunchkinParams
    max_length = 60_000

    # ----- set-up ---------------------------------------------------------------------------
    def setup(self) -> None:
        self.cards = load_cards()
        self.door_deck = copies(self.cards, "door")
        self.treasure_deck = copies(self.cards, "treasure")
        self.door_discard: list[str] = []
        self.treasure_discard: list[str] = []
        self.players = [Munchkin(sex="male" if i % 2 == 0 else "female") for i in range(self.params.players)]
        self.current = 0
        self.turns = 0
        self.stage_name = "dealing"
        # draws still to make: (deck, player, face) — dealing goes round the table
        self.draws: list[tuple[str, int, str]] = [
            (deck, p, "down") for _ in range(self.params.deal) for p in range(self.params.players)
            for deck in ("door", "treasure")]
        self.creating = 0  # who is creating a character
        self.combat: Combat | None = None
        self.met_monster = False
        self.sold = 0  # gold worth sold this turn (no change is given)
        # bad stuff still to apply: (victim, effect, source, what applies instead when no item fits)
        self.losses: list[tuple[int, Effect, str, tuple[Effect, ...]]] = []
        self.choice: tuple[int, list[str]] | None = None  # a victim choosing which item to lose
        self.body: list[str] = []
        self.looters: list[int] = []
        self.charity_giver: int | None = None
        self.halfling_sold = False
        self.return_stage = ""
        self.charity_given: dict[int, int] = {}
        self.winners: tuple[int, ...] = ()
        self.killed_to_ten: set[int] = set()
        self.over_reason = ""
        self._settle()

    # ----- reading the cards ----------------------------------------------------------------
    def card(self, copy: str) -> Card:
        return card_of(self.cards, copy)

    def tags(self, player: int) -> set[str]:
        """Race (human without one), class, and sex: what monster modifiers and items look at."""
        p = self.players[player]
        tags = {p.sex, self.card(p.race).race if p.race else "human"}
        if p.cls:
            tags.add(self.card(p.cls).cls)
        return tags

    def usable(self, player: int, card: Card) -> bool:
        """Class, race and sex restrictions (人物属性): "only" and "not for"."""
        tags = self.tags(player)
        return (not card.only or bool(tags & set(card.only))) and not (tags & set(card.not_for))

    def hand_limit(self, player: int) -> int:
        return DWARF_HAND_LIMIT if "dwarf" in self.tags(player) else HAND_LIMIT

    def can_carry(self, player: int, copy: str) -> bool:
        """Equipment slots: one headgear, armour and footgear; two hands; one big item unless a dwarf."""
        card = self.card(copy)
        if card.kind != "item" or not self.usable(player, card):
            return False
        carried = [self.card(c) for c in self.players[player].carried]
        if card.slot in ("headgear", "armour", "footgear") and any(c.slot == card.slot for c in carried):
            return False
        hands = sum(1 if c.slot == "hands1" else 2 if c.slot == "hands2" else 0 for c in carried)
        need = 1 if card.slot == "hands1" else 2 if card.slot == "hands2" else 0
        if hands + need > 2:
            return False
        return not (card.big and "dwarf" not in self.tags(player) and any(c.big for c in carried))

    def strength(self, player: int) -> int:
        """Level plus the bonuses of usable carried items (a lost race or class can leave items unusable)."""
        p = self.players[player]
        return p.level + sum(self.card(c).bonus for c in p.carried if self.usable(player, self.card(c)))

    def side_tags(self) -> set[str]:
        """Race, class and sex tags of everybody on the munchkins' side (a modifier counts once)."""
        return set().union(*(self.tags(p) for p in self.combat.side))

    def fighter_strength(self) -> int:
        """The munchkins' side: fighter and helper strengths, one-shots for them, berserk and turning."""
        c = self.combat
        assert c is not None
        total = sum(self.strength(p) for p in c.side) + sum(self.card(x).bonus for x in c.munchkin_one_shots)
        undead = any(self.card(m).undead for m in c.monsters)
        total += len(c.berserk) + (3 * len(c.turning) if undead else 0)
        total -= 2 * len(c.backstabs)
        return total

    def monster_strength(self) -> int:
        """The monsters' levels (several monsters: their sum), their modifiers against the munchkins'
        side, enhancers and one-shots played for them."""
        c = self.combat
        assert c is not None
        tags = self.side_tags()  # a helper elf against the Drooling Slime: +4 once, not twice
        total = 0
        for copy in c.monsters:
            monster = self.card(copy)
            total += monster.level + sum(m.bonus for m in monster.modifiers if m.against in tags)
        total += sum(self.card(e).bonus for e in c.enhancers) + sum(self.card(x).bonus for x in c.monster_one_shots)
        return total

    def winning(self) -> bool:
        """The munchkin beats the monster with a greater total; a warrior also wins ties."""
        c = self.combat
        assert c is not None
        mine, theirs = self.fighter_strength(), self.monster_strength()
        return mine > theirs or (mine == theirs and "warrior" in self.side_tags())

    def run_modifier(self, runner: int | None = None, monster: str | None = None) -> int:
        """Running away (逃跑): elf +1, halfling -1, items, the monster's own modifier, wizard flight."""
        c = self.combat
        assert c is not None
        runner = c.runners[0] if runner is None else runner
        monster = monster or (c.chasing[0] if c.chasing else c.monsters[0])
        tags = self.tags(runner)
        p = self.players[runner]
        bonus = (1 if "elf" in tags else 0) - (1 if "halfling" in tags else 0)
        bonus += sum(self.card(x).run_bonus for x in p.carried if self.usable(runner, self.card(x)))
        return bonus + self.card(monster).run_modifier + len(c.flight)

    # ----- who acts -------------------------------------------------------------------------
    def current_players(self) -> tuple[int, ...]:
        if self.choice is not None:
            return (self.choice[0],)
        if self.stage_name == "character creation":
            return (self.creating,)
        if self.stage_name == "interference":
            return tuple(self.combat.window)
        if self.stage_name == "asking for help":
            return (self.combat.asked,)
        if self.stage_name == "running away":
            return (self.combat.runners[0],)
        if self.stage_name == "looting the body":
            return (self.looters[0],)
        if self.stage_name == "charity":
            return (self.charity_giver,)
        return (self.current,)

    def stage(self) -> str:
        if self.choice is not None:
            return "bad stuff: choose an item to lose"
        return self.stage_name

    def pending_chance(self) -> ChanceStep | None:
        if self.over_reason or self.choice is not None:
            return None
        if self.stage_name == "running away: rolling":
            return ChanceStep.uniform("d6", "one die per monster: 5 or more escapes", range(1, 7))
        if self.draws:
            deck, player, face = self.draws[0]
            cards = self.door_deck if deck == "door" else self.treasure_deck
            what = "kick open the door" if face == "up" else f"player {player} draws a {deck} card" + (
                " face up" if face == "open" else "")
            return ChanceStep.uniform(deck, what, sorted(cards))
        return None

    def player_actions(self) -> list[Action]:
        if self.choice is not None:
            victim, options = self.choice
            return [ChooseLoss(victim, c) for c in options]
        stage = self.stage_name
        p = self.current
        if stage == "character creation":
            return [*self._plays(self.creating, creation=True), Ready(self.creating)]
        anytime = [*self._give_ups(p), *self._curses(p, range(self.params.players))]
        if stage == "kick open the door":
            return [*self._plays(p), *self._sales(p), *anytime, KickDoor(p)]
        if stage == "look for trouble or loot the room":
            me = self.players[p]
            trouble = [LookForTrouble(p, c) for c in sorted(set(me.hand)) if self.card(c).kind == "monster"]
            return [*self._plays(p), *self._sales(p), *anytime, *trouble, LootRoom(p)]
        if stage == "end of turn":
            return [*self._plays(p), *self._sales(p), *anytime, EndTurn(p)]
        if stage == "combat":
            return self._combat_actions()
        if stage == "interference":
            return self._interference_actions()
        if stage == "running away":
            runner = self.combat.runners[0]
            rolls = [RollToRun(runner, m) for m in dict.fromkeys(self.combat.chasing)]
            return [*self._power_actions(runner, "flight"), *rolls]
        if stage == "asking for help":
            return [AnswerHelp(self.combat.asked, True), AnswerHelp(self.combat.asked, False)]
        if stage == "looting the body":
            looter = self.looters[0]
            return [LootBody(looter, c) for c in sorted(set(self.body))]
        if stage == "charity":
            return self._charity_actions()
        return []

    def _plays(self, player: int, creation: bool = False) -> list[Action]:
        """Cards a player may put into play on their turn outside combat (or while creating)."""
        me = self.players[player]
        out = []
        for copy in sorted(set(me.hand)):
            card = self.card(copy)
            playable = {"race": me.race is None, "class": me.cls is None,
                        "item": self.can_carry(player, copy),
                        "go_up_a_level": me.level < WIN_LEVEL - 1 and not creation}
            if playable.get(card.kind, False):
                out.append(PlayCard(player, copy))
        return out

    def _give_ups(self, player: int) -> list[Action]:
        me = self.players[player]
        return [GiveUp(player, c) for c in (me.race, me.cls) if c]

    def _curses(self, player: int, targets: Any) -> list[Action]:
        """Curses from the hand, on anyone (yourself included) — here on your turn and in a fight's window."""
        cards = sorted({c for c in self.players[player].hand if self.card(c).kind == "curse"})
        return [PlayCurse(player, c, t) for c in cards for t in targets]

    def _sales(self, player: int) -> list[Action]:
        """Selling items for levels (1000 gold a level, not to level 10), on your turn outside combat."""
        me = self.players[player]
        if me.level >= WIN_LEVEL - 1:
            return []
        items = [c for c in me.hand + me.carried if self.card(c).kind in ("item", "one_shot") and self.card(c).value]
        return [SellItem(player, c) for c in sorted(set(items))]

    def _power_actions(self, player: int, power: str) -> list[Action]:
        c = self.combat
        me = self.players[player]
        if POWER_CLASS[power] not in self.tags(player) or len(c.power_cards(power)) >= MAX_POWER_DISCARDS:
            return []
        if power == "turning" and not any(self.card(m).undead for m in c.monsters):
            return []
        return [ClassPower(player, power, x) for x in sorted(set(me.hand))]

    def _combat_actions(self) -> list[Action]:
        c = self.combat
        f = c.fighter
        me = self.players[f]
        out: list[Action] = []
        for copy in sorted(set(me.hand)):
            kind = self.card(copy).kind
            if kind == "one_shot":
                out.append(PlayOneShot(f, copy, "munchkin"))
            elif kind == "go_up_a_level" and me.level < WIN_LEVEL - 1:
                out.append(PlayCard(f, copy))
        out += self._power_actions(f, "berserk") + self._power_actions(f, "turning") + self._give_ups(f)
        if c.helper is None:  # one helper at most, asked in turn, bribed with a share of the treasure
            treasures = self.treasure_count()
            out += [AskHelp(f, q, n) for q in range(self.params.players) if q != f and q not in c.refused
                    for n in range(treasures + 1)]
        out += [Fight(f), RunAway(f)]
        return out

    def _interference_actions(self) -> list[Action]:
        out: list[Action] = []
        for player in self.combat.window:
            if player in self.combat.side:  # the helper cannot interfere against their own fight
                out.append(Pass(player))
                continue
            hand = sorted(set(self.players[player].hand))
            for copy in hand:
                kind = self.card(copy).kind
                if kind == "one_shot":
                    out += [PlayOneShot(player, copy, "monster"), PlayOneShot(player, copy, "munchkin")]
                elif kind == "enhancer":
                    out.append(PlayEnhancer(player, copy))
            out += self._curses(player, self.combat.side) + self._give_ups(player)
            monsters = sorted({c for c in hand if self.card(c).kind == "monster"})
            for wandering in (c for c in hand if self.card(c).kind == "wandering"):
                out += [PlayWandering(player, wandering, m) for m in monsters]
            if "thief" in self.tags(player) and player not in self.combat.backstabbers:
                out += [Backstab(player, copy) for copy in hand]
            out.append(Pass(player))
        return out

    def _charity_actions(self) -> list[Action]:
        giver = self.charity_giver
        lowest = self.lowest_others(giver)
        hand = sorted(set(self.players[giver].hand))
        if not lowest:
            return [DiscardCard(giver, c) for c in hand]
        fewest = min(self.charity_given.get(q, 0) for q in lowest)  # split as evenly as you can
        return [GiveCard(giver, c, to) for c in hand for to in lowest if self.charity_given.get(to, 0) == fewest]

    def lowest_others(self, giver: int) -> list[int]:
        """Charity goes to the lowest-level player(s); nobody if the giver is (one of) the lowest."""
        levels = [p.level for p in self.players]
        low = min(levels)
        if levels[giver] == low:
            return []
        return [i for i, level in enumerate(levels) if level == low and i != giver]

    def illegal_reason(self, action: Action) -> tuple[str, str]:
        if isinstance(action, Chance):
            return "chance", "that card or face cannot come up now" if self.chance_step() else "nothing is drawn now"
        if self.chance_step() is not None:
            return "chance", f"first resolve: {self.chance_step().description}"
        actor = action.actor
        if actor not in self.current_players():
            return "turn order", f"player {actor} cannot act in the {self.stage()} stage"
        if isinstance(action, SellItem) and self.players[actor].level >= WIN_LEVEL - 1:
            return "selling", "you cannot buy your way to level 10"
        if isinstance(action, PlayCard):
            card = self.card(action.card)
            if action.card not in self.players[actor].hand:
                return "cards", "that card is not in your hand"
            if card.kind == "go_up_a_level" and self.players[actor].level >= WIN_LEVEL - 1:
                return "go up a level", "level 10 is reached only by killing a monster"
            if card.kind == "item":
                return "items", f"{card.name} does not fit: slots, hands, big items or restrictions"
            if self.combat is not None:
                return "combat", "no races, classes or items are put into play during a fight"
        if isinstance(action, LookForTrouble) and self.met_monster:
            return "look for trouble", "only if no monster came through the door"
        return "actions", f"{action.describe()} is not possible now"

    # ----- the rules ------------------------------------------------------------------------
    def perform(self, action: Action) -> None:
        handler = getattr(self, "_do_" + type(action).__name__)
        handler(action)
        self._settle()

    def _settle(self) -> None:
        """Move on when nothing is left to choose or draw in the current step."""
        while True:
            if self.over_reason or self.choice is not None or self.draws:
                return
            if self.losses:
                self.apply_next_loss()
                continue
            if self.stage_name == "dealing":
                self.stage_name = "character creation"
                self.event("the cards are dealt: create your characters")
                continue
            if self.stage_name == "looting the body" and (not self.looters or not self.body):
                self.finish_looting()
                continue
            if self.stage_name == "interference" and not self.combat.window:
                if self.combat.interfered:
                    self.combat.interfered = False
                    self.stage_name = "combat"
                    self.event("after the interference the fighter may answer")
                else:
                    self.resolve_combat()
                continue
            if self.stage_name == "charity" and len(self.players[self.charity_giver].hand) <= self.hand_limit(
                    self.charity_giver):
                self.charity_giver = None
                self.next_turn()
                continue
            return

    def _draw(self, deck: str, copy: str) -> None:
        pile, discard = (self.door_deck, self.door_discard) if deck == "door" else (
            self.treasure_deck, self.treasure_discard)
        pile.remove(copy)
        if not pile and discard:
            pile.extend(discard)
            discard.clear()
            self.event(f"the {deck} deck is empty: its discards are shuffled into a new deck")

    def _queue_draws(self, player: int, deck: str, n: int, face: str = "down") -> None:
        cards = self.door_deck if deck == "door" else self.treasure_deck
        available = len(cards) + len(self.door_discard if deck == "door" else self.treasure_discard)
        queued = sum(1 for d, _, _ in self.draws if d == deck)
        n = min(n, available - queued)  # with no cards and no discards, nobody draws
        self.draws += [(deck, player, face)] * max(0, n)

    def _do_Chance(self, action: Chance) -> None:
        if self.stage_name == "running away: rolling":
            self.roll_to_run(int(action.outcome))
            return
        deck, player, face = self.draws.pop(0)
        copy = str(action.outcome)
        self._draw(deck, copy)
        if face == "up":
            self.kicked(copy)
        else:  # face down, or drawn openly for all to see when a helper shares the treasure
            self.players[player].hand.append(copy)

    def _do_Ready(self, action: Ready) -> None:
        self.creating += 1
        if self.creating >= self.params.players:
            self.stage_name = "kick open the door"
            self.event("player 0 starts")
            self.start_turn()

    def _do_PlayCard(self, action: PlayCard) -> None:
        me = self.players[action.player]
        card = self.card(action.card)
        me.hand.remove(action.card)
        if card.kind == "race":
            me.race = action.card
        elif card.kind == "class":
            me.cls = action.card
        elif card.kind == "item":
            me.carried.append(action.card)
        elif card.kind == "go_up_a_level":
            me.level += 1
            self.treasure_discard.append(action.card)
        self.event(f"player {action.player} plays {card.name}" + (f" (level {me.level})" if card.kind ==
                                                                   "go_up_a_level" else ""))

    def _do_SellItem(self, action: SellItem) -> None:
        """1000 gold of items sold buys a level; a halfling sells one item a turn at double value."""
        me = self.players[action.player]
        card = self.card(action.card)
        (me.hand if action.card in me.hand else me.carried).remove(action.card)
        self.treasure_discard.append(action.card)
        value = card.value
        if "halfling" in self.tags(action.player) and not self.halfling_sold:
            value *= 2
            self.halfling_sold = True
        self.sold += value
        while self.sold >= LEVEL_PRICE and me.level < WIN_LEVEL - 1:
            self.sold -= LEVEL_PRICE
            me.level += 1
            self.event(f"player {action.player} buys a level (level {me.level})")
        self.event(f"player {action.player} sells {card.name} for {value} gold ({self.sold} gold towards a level)")

    def start_turn(self) -> None:
        self.met_monster = False
        self.sold = 0
        self.halfling_sold = False
        me = self.players[self.current]
        if me.redraw:
            me.redraw = False
            self.event(f"player {self.current}'s new character draws 2 Door and 2 Treasure cards")
            self._queue_draws(self.current, "door", 2)
            self._queue_draws(self.current, "treasure", 2)

    def _do_KickDoor(self, action: KickDoor) -> None:
        self._queue_draws(self.current, "door", 1, face="up")
        if not self.draws:
            self.event("no Door card is left: the door opens on nothing")
            self.stage_name = "look for trouble or loot the room"

    def kicked(self, copy: str) -> None:
        """Kick open the door: a monster is fought, a curse strikes, anything else goes to the hand."""
        card = self.card(copy)
        self.event(f"player {self.current} kicks open the door: {card.name} ({card.name_zh})")
        if card.kind == "monster":
            self.start_combat(copy)
        elif card.kind == "curse":
            self.door_discard.append(copy)
            self.losses += [(self.current, e, card.name, ()) for e in card.effects]
            self.stage_name = "look for trouble or loot the room"
        else:
            self.players[self.current].hand.append(copy)
            self.stage_name = "look for trouble or loot the room"

    def _do_LookForTrouble(self, action: LookForTrouble) -> None:
        self.players[action.player].hand.remove(action.card)
        self.event(f"player {action.player} looks for trouble: {self.card(action.card).name}")
        self.start_combat(action.card)

    def _do_LootRoom(self, action: LootRoom) -> None:
        self.event(f"player {action.player} loots the room (a Door card, face down)")
        self.stage_name = "end of turn"
        self._queue_draws(action.player, "door", 1)

    def start_combat(self, monster: str) -> None:
        self.met_monster = True
        self.combat = Combat(self.current, [monster])
        self.stage_name = "combat"

    def _do_PlayOneShot(self, action: PlayOneShot) -> None:
        c = self.combat
        self.players[action.player].hand.remove(action.card)
        (c.munchkin_one_shots if action.side == "munchkin" else c.monster_one_shots).append(action.card)
        if action.player != c.fighter:
            c.interfered = True
        self.event(f"player {action.player} plays {self.card(action.card).name} "
                   f"({self.card(action.card).bonus:+d} for the {action.side})")

    def _do_PlayEnhancer(self, action: PlayEnhancer) -> None:
        c = self.combat
        self.players[action.player].hand.remove(action.card)
        c.enhancers.append(action.card)
        c.interfered = True
        self.event(f"player {action.player} plays {self.card(action.card).name} on the monster")

    def _do_ClassPower(self, action: ClassPower) -> None:
        c = self.combat
        self.players[action.player].hand.remove(action.card)
        self._discard(action.card)
        c.power_cards(action.power).append(action.card)
        self.event(f"player {action.player} discards {self.card(action.card).name} for {action.power}")

    def _do_Fight(self, action: Fight) -> None:
        """The 2.6-second moment: every other player may pass or interfere."""
        self.combat.window = [p for p in range(self.params.players) if p not in self.combat.side]
        self.combat.interfered = False
        self.stage_name = "interference"
        self.event(f"player {action.player} fights: {self.fighter_strength()} against {self.monster_strength()}")

    def _do_GiveUp(self, action: GiveUp) -> None:
        me = self.players[action.player]
        if me.race == action.card:
            me.race = None
        else:
            me.cls = None
        self._discard(action.card)
        self.event(f"player {action.player} is no longer a {self.card(action.card).name}")

    def _do_PlayCurse(self, action: PlayCurse) -> None:
        """A curse from the hand strikes at once (if it can) and is discarded."""
        card = self.card(action.card)
        self.players[action.player].hand.remove(action.card)
        self.door_discard.append(action.card)
        self.losses += [(action.target, e, card.name, ()) for e in card.effects]
        if self.combat is not None and action.player != self.combat.fighter:
            self.combat.interfered = True
        self.event(f"player {action.player} curses player {action.target}: {card.name}")

    def _do_PlayWandering(self, action: PlayWandering) -> None:
        """Wandering Monster (干预战斗: "这会让你手牌上的怪物加入任何一场战斗"): beat their sum, or run from each."""
        hand = self.players[action.player].hand
        hand.remove(action.card)
        hand.remove(action.monster)
        self.door_discard.append(action.card)
        self.combat.monsters.append(action.monster)
        self.combat.interfered = True
        self.event(f"player {action.player} sends in a wandering {self.card(action.monster).name}")

    def _do_Backstab(self, action: Backstab) -> None:
        c = self.combat
        self.players[action.player].hand.remove(action.card)
        self._discard(action.card)
        c.backstabs.append(action.card)
        c.backstabbers.append(action.player)
        c.interfered = True
        self.event(f"player {action.player} backstabs the fighter: -2")

    def _do_AskHelp(self, action: AskHelp) -> None:
        c = self.combat
        c.asked, c.offer = action.helper, action.treasures
        self.stage_name = "asking for help"
        self.event(f"player {action.player} asks player {action.helper} for help, offering {action.treasures} "
                   f"treasure(s)")

    def _do_AnswerHelp(self, action: AnswerHelp) -> None:
        c = self.combat
        if action.accept:
            c.helper, c.share = action.player, c.offer
            self.event(f"player {action.player} helps: {self.fighter_strength()} against {self.monster_strength()}")
        else:
            c.refused.append(action.player)
            self.event(f"player {action.player} refuses to help")
        c.asked = None
        self.stage_name = "combat"

    def treasure_count(self) -> int:
        c = self.combat
        return max(0, sum(self.card(m).treasures for m in c.monsters)
                   + sum(self.card(e).treasures for e in c.enhancers))

    def monster_names(self) -> str:
        return " and ".join(self.card(m).name for m in self.combat.monsters)

    def _do_Pass(self, action: Pass) -> None:
        self.combat.window.remove(action.player)

    def _do_RunAway(self, action: RunAway) -> None:
        self.event(f"player {action.player} runs away from {self.monster_names()}")
        self.start_running()

    def start_running(self) -> None:
        """Fighter and helper each run on their own rolls, one per monster in the order they choose; the
        monsters can catch both."""
        self.combat.runners = list(self.combat.side)
        self.combat.chasing = list(self.combat.monsters)
        self.stage_name = "running away"

    def resolve_combat(self) -> None:
        c = self.combat
        if not self.winning():
            self.event(f"the monster wins, {self.monster_strength()} against {self.fighter_strength()}: run!")
            self.start_running()
            return
        names = self.monster_names()
        me = self.players[c.fighter]
        before = me.level
        me.level = min(WIN_LEVEL, me.level + sum(self.card(m).levels for m in c.monsters))  # a level a monster
        treasures = self.treasure_count()
        self.event(f"player {c.fighter} kills {names}: level {before} -> {me.level}, {treasures} treasures")
        reached = [c.fighter] if me.level >= WIN_LEVEL else []
        if c.helper is not None and "elf" in self.tags(c.helper):  # an elf helper goes up a level a monster
            helper = self.players[c.helper]
            helper.level = min(WIN_LEVEL, helper.level + len(c.monsters))
            self.event(f"player {c.helper}, an elf, goes up a level for helping (level {helper.level})")
            if helper.level >= WIN_LEVEL:
                reached.append(c.helper)
        fighter, helper_seat, share = c.fighter, c.helper, min(c.share, treasures)
        self._end_combat()
        if reached:  # a fighter and a helper reaching 10 on the same kill both win
            self.killed_to_ten.update(reached)
            self.winners = tuple(sorted(reached))
            self.over_reason = f"player(s) {', '.join(map(str, self.winners))} reached level 10 by killing " \
                               f"{names}"
            self.event(self.over_reason)
            return
        if helper_seat is not None:  # with help the treasures are drawn face up; the helper picks first
            self._queue_draws(helper_seat, "treasure", share, face="open")
        self._queue_draws(fighter, "treasure", treasures - share, face="open" if helper_seat is not None else "down")
        self.stage_name = "end of turn"

    def _end_combat(self) -> None:
        c = self.combat
        for copy in [*c.monsters, *c.enhancers]:
            self.door_discard.append(copy)
        self.treasure_discard.extend(c.munchkin_one_shots + c.monster_one_shots)
        self.combat = None

    def _do_RollToRun(self, action: RollToRun) -> None:
        c = self.combat
        c.chasing.remove(action.monster)
        c.chasing.insert(0, action.monster)  # the one rolled against now
        monster = self.card(action.monster)
        if self.players[action.player].level <= monster.no_pursuit_up_to:
            self.event(f"{monster.name} does not pursue anyone of level {monster.no_pursuit_up_to} or below")
            self._next_chaser()
            return
        self.stage_name = "running away: rolling"

    def roll_to_run(self, face: int) -> None:
        c = self.combat
        runner = c.runners[0]
        monster = self.card(c.chasing[0])
        total = face + self.run_modifier(runner, c.chasing[0])
        if total >= RUN_NEED:
            self.event(f"player {runner} rolls {face} ({total} with modifiers) and escapes {monster.name}")
        else:
            self.event(f"player {runner} rolls {face} ({total} with modifiers): {monster.name}'s bad stuff")
            self.losses += [(runner, e, monster.name, monster.else_bad_stuff) for e in monster.bad_stuff]
            if not monster.bad_stuff:
                self.event("its bad stuff does nothing")
        self._next_chaser()

    def _next_chaser(self) -> None:
        """On to the runner's next monster, then to the next runner, then the fight is over."""
        c = self.combat
        c.chasing.pop(0)
        if not c.chasing:
            c.runners.pop(0)
            c.flight.clear()  # flight helps one wizard's rolls
            c.chasing = list(c.monsters) if c.runners else []
        if c.runners:
            self.stage_name = "running away"
            return
        self._end_combat()
        self.stage_name = "end of turn"

    # ----- bad stuff and curses: the effect vocabulary ---------------------------------------
    def _matching(self, player: int, slot: str) -> list[str]:
        def fits(copy: str) -> bool:
            card = self.card(copy)
            return {"headgear": card.slot == "headgear", "armour": card.slot == "armour",
                    "footgear": card.slot == "footgear", "hands": card.slot in ("hands1", "hands2"),
                    "big": card.big, "small": not card.big, "any": True}[slot]

        return [c for c in self.players[player].carried if fits(c)]

    def apply_next_loss(self) -> None:
        """Apply the next effect; several items to choose from: the victim chooses (诅咒)."""
        victim, effect, source, fallback = self.losses.pop(0)
        me = self.players[victim]
        if effect.effect == "lose_levels":
            me.level = max(1, me.level - effect.n)
            self.event(f"player {victim} loses {effect.n} level(s) to {source} (level {me.level})")
        elif effect.effect == "lose_item":
            options = self._matching(victim, effect.slot)
            if not options:
                self.event(f"player {victim} has no {effect.slot} item for {source} to take")
                self.losses[0:0] = [(victim, e, source, ()) for e in fallback]
            elif len(set(options)) == 1:
                self._lose(victim, options[0], source)
            else:
                self.choice = (victim, sorted(set(options)))
        elif effect.effect == "lose_all_items":
            for copy in self._matching(victim, effect.slot):
                self._lose(victim, copy, source)
        elif effect.effect == "lose_race" and me.race:
            self.event(f"player {victim} loses the race {self.card(me.race).name}")
            self._discard(me.race)
            me.race = None
        elif effect.effect == "lose_class" and me.cls:
            self.event(f"player {victim} loses the class {self.card(me.cls).name}")
            self._discard(me.cls)
            me.cls = None
        elif effect.effect == "discard_hand":
            for copy in list(me.hand):
                me.hand.remove(copy)
                self._discard(copy)
            self.event(f"player {victim} discards the whole hand ({source})")
        elif effect.effect == "death":
            self.die(victim, source)

    def _do_ChooseLoss(self, action: ChooseLoss) -> None:
        self.choice = None
        self._lose(action.player, action.card, "bad stuff")

    def _lose(self, player: int, copy: str, source: str) -> None:
        self.players[player].carried.remove(copy)
        self._discard(copy)
        self.event(f"player {player} loses {self.card(copy).name} ({source})")

    def _discard(self, copy: str) -> None:
        (self.door_discard if self.card(copy).deck == "door" else self.treasure_discard).append(copy)

    def die(self, player: int, source: str) -> None:
        """Death (死亡): keep race, class and level; the hand and items go on the table for the others to
        loot, one card each from the highest level down (ties in seat order after the dead player)."""
        me = self.players[player]
        self.body = me.hand + me.carried
        me.hand, me.carried = [], []
        me.redraw = True
        self.losses = [loss for loss in self.losses if loss[0] != player]
        order = [(player + k) % self.params.players for k in range(1, self.params.players)]
        self.looters = sorted(order, key=lambda q: -self.players[q].level)
        self.event(f"player {player} is killed by {source}; the others loot the body")
        self.return_stage = self.stage_name
        self.stage_name = "looting the body"

    def _do_LootBody(self, action: LootBody) -> None:
        self.body.remove(action.card)
        self.players[action.player].hand.append(action.card)
        self.looters.pop(0)
        self.event(f"player {action.player} takes {self.card(action.card).name} from the body")

    def finish_looting(self) -> None:
        for copy in self.body:
            self._discard(copy)
        self.body, self.looters = [], []
        self.stage_name = self.return_stage

    # ----- the end of the turn ---------------------------------------------------------------
    def _do_EndTurn(self, action: EndTurn) -> None:
        """Charity (慈善捐赠): more cards than the hand limit go to the lowest level, or are discarded."""
        if len(self.players[action.player].hand) > self.hand_limit(action.player):
            self.charity_giver = action.player
            self.charity_given = {}
            self.stage_name = "charity"
            self.event(f"player {action.player} has too many cards: charity")
        else:
            self.next_turn()

    def _do_GiveCard(self, action: GiveCard) -> None:
        self.players[action.player].hand.remove(action.card)
        self.players[action.to].hand.append(action.card)
        self.charity_given[action.to] = self.charity_given.get(action.to, 0) + 1
        self.event(f"player {action.player} gives {self.card(action.card).name} to player {action.to}")

    def _do_DiscardCard(self, action: DiscardCard) -> None:
        self.players[action.player].hand.remove(action.card)
        self._discard(action.card)
        self.event(f"player {action.player} discards {self.card(action.card).name}")

    def next_turn(self) -> None:
        self.turns += 1
        if self.turns >= self.params.max_turns:
            self.over_reason = f"nobody reached level 10 in {self.params.max_turns} turns"
            self.event(self.over_reason)
            return
        self.current = (self.current + 1) % self.params.players
        self.stage_name = "kick open the door"
        self.start_turn()

    # ----- reading ---------------------------------------------------------------------------
    def is_over(self) -> bool:
        return bool(self.over_reason)

    def result(self) -> Result | None:
        if not self.over_reason:
            return None
        return Result(self.winners, {i: p.level for i, p in enumerate(self.players)}, self.over_reason)

    def turn_number(self) -> int:
        return self.turns

    def all_cards(self) -> list[str]:
        """Every card wherever it is (decks, discards, hands, tables, the fight, the body)."""
        places = [self.door_deck, self.treasure_deck, self.door_discard, self.treasure_discard, self.body]
        for p in self.players:
            places += [p.hand, p.carried, [c for c in (p.race, p.cls) if c]]
        if self.combat:
            c = self.combat
            places += [c.monsters, c.enhancers, c.munchkin_one_shots, c.monster_one_shots]
        return [copy for place in places for copy in place]

    def invariants(self) -> list[str]:
        broken = []
        every = copies(self.cards, "door") + copies(self.cards, "treasure")
        found = self.all_cards()
        if sorted(found) != sorted(every):
            broken.append("a card is lost, doubled or in two places")
        for i, p in enumerate(self.players):
            if not 1 <= p.level <= WIN_LEVEL:
                broken.append(f"player {i} is at level {p.level}")
            if p.level == WIN_LEVEL and i not in self.killed_to_ten:
                broken.append(f"player {i} reached level 10 without a kill")
            if (p.race and self.card(p.race).kind != "race") or (p.cls and self.card(p.cls).kind != "class"):
                broken.append(f"player {i} has a race or class that is not one")
        if self.stage_name == "kick open the door" and not self.draws and self.turns:
            before = (self.current - 1) % self.params.players
            if len(self.players[before].hand) > self.hand_limit(before):
                broken.append(f"player {before} ended the turn over the hand limit")
        return broken

    def state_dict(self) -> dict[str, Any]:
        c = self.combat
        return {
            "players": [{"level": p.level, "sex": p.sex, "race": p.race, "class": p.cls, "hand": sorted(p.hand),
                         "carried": list(p.carried), "redraw": p.redraw} for p in self.players],
            "door_deck": sorted(self.door_deck), "treasure_deck": sorted(self.treasure_deck),
            "door_discard": list(self.door_discard), "treasure_discard": list(self.treasure_discard),
            "current": self.current, "turns": self.turns, "stage": self.stage_name, "draws": list(self.draws),
            "creating": self.creating, "met_monster": self.met_monster, "sold": self.sold,
            "combat": None if c is None else {k: v for k, v in c.__dict__.items()},
            "losses": [(v, e.effect, e.n, e.slot, s, len(f)) for v, e, s, f in self.losses], "choice": self.choice,
            "halfling_sold": self.halfling_sold, "return_stage": self.return_stage,
            "charity_given": sorted(self.charity_given.items()),
            "body": list(self.body), "looters": list(self.looters), "charity": self.charity_giver,
            "over": self.over_reason, "winners": list(self.winners)}

    @classmethod
    def heuristic_agent(cls) -> Agent:
        from .agents import HeuristicAgent

        return HeuristicAgent()

    def describe_state(self) -> str:
        lines = []
        for i, p in enumerate(self.players):
            race = self.card(p.race).name if p.race else "Human"
            cls = self.card(p.cls).name if p.cls else "no class"
            marker = ">" if i == self.current else " "
            lines.append(f"{marker} player {i}: level {p.level} {p.sex} {race} {cls}, strength {self.strength(i)}, "
                         f"{len(p.hand)} cards in hand, items: " + (", ".join(_name(c) for c in p.carried) or "none"))
        if self.combat:
            lines.append(f"  fight: {self.monster_names()}, munchkin {self.fighter_strength()} "
                         f"v monster {self.monster_strength()}")
        return "\n".join(lines)


register(MunchkinGame)
