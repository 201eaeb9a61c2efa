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

Also (seed 000 and the base set's cards): bribes with items in play; the monster's Mate (the same
monster again, with its enhancers and treasures); enhancers played on one monster of a group; lasting
curses (Change Sex: -5 in your next fight; Chicken on Your Head: -1 on every die roll) until a Wishing
Ring removes them; the thief's steal (d6, 4+ or lose a level), the wizard's charm (discard a hand of 3+
cards: the monster leaves, its treasures are yours, no level), the cleric's resurrection (take the top
discard instead of kicking the door open); Half-Breed and Super Munchkin (two races, two classes);
trading items in play outside combat; Cheat! (carry an item you could not legally use); Divine
Intervention (every cleric goes up a level, even to 10); Go Up a Level in other players' fights.

Each rule is a method named for it; the decisions are in docs/rules-notes.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.agents import Agent
from ..core.cards import card_index, distinct
from ..core.charity import next_recipients
from ..core.flow import ResponseWindow
from ..core.identity import character_tags, drop_identity, identity_cards
from ..core.protocol import Action, Chance, ChanceStep, Game, GameInfo, Information, Result
from ..core.registry import register
from .cards import Card, card_of, copies, load_cards
from .state import (
    ASKING,
    CHARITY,
    CHOOSE_LOSS,
    COMBAT,
    CREATION,
    DEALING,
    END,
    INTERFERENCE,
    KICK,
    LOOTING,
    RUN_ROLL,
    RUNNING,
    STEAL_ROLL,
    TRADE,
    TROUBLE,
    Choice,
    Combat,
    Draw,
    Loss,
    Munchkin,
    MunchkinState,
    Theft,
    Trade,
)

WIN_LEVEL = 10
HAND_LIMIT, DWARF_HAND_LIMIT = 5, 6
LEVEL_PRICE = 1000  # gold worth of items sold per level
RUN_NEED = 5
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
        return f"player {self.player} makes {_name(self.monster)} {_name(self.card)}"


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
    """Ask one player to help, offering them ``treasures`` of the monster's treasures (they pick first)
    and, as a bribe, ``item``: one of your items in play, handed over when they agree."""

    player: int
    helper: int
    treasures: int
    item: str = ""

    def describe(self) -> str:
        bribe = f" and {_name(self.item)}" if self.item else ""
        return f"player {self.player} asks player {self.helper} for help, offering {self.treasures} treasure(s){bribe}"


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


@dataclass(frozen=True)
class PlayCheat(Action):
    """Cheat!: carry ``item`` although you could not legally use it (restrictions and slots)."""

    player: int
    card: str
    item: str

    def describe(self) -> str:
        return f"player {self.player} cheats: {_name(self.item)} in play"


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


def _name(copy: str) -> str:
    return card_of(load_cards(), copy).name


class MunchkinGame(Game):
    """The Munchkin card game for 3-6 players (seed 000)."""

    name = "munchkin"
    title = "Munchkin (小白世纪)"
    action_types = (Ready, PlayCard, SellItem, KickDoor, LookForTrouble, LootRoom, Fight, RunAway, PlayOneShot,
                    PlayEnhancer, Pass, ClassPower, AskHelp, AnswerHelp, RollToRun, ChooseLoss, EndTurn, GiveCard,
                    DiscardCard, LootBody, GiveUp, PlayCurse, Backstab, PlayWandering, PlayCheat, PlayMate, Charm,
                    Steal, Resurrect, OfferTrade, AnswerTrade, RemoveCurse)
    Params = MunchkinParams
    max_length = 60_000
    info = GameInfo(min_players=3, max_players=6, chance=True, information=Information.IMPERFECT,
                    max_length=60_000, simultaneous=True)
    #: static tables: copies share them
    shared_attributes = ("cards", "card_index", "_tags")

    # ----- set-up ---------------------------------------------------------------------------
    def setup(self) -> None:
        self.cards = load_cards()
        self.card_index = card_index(self.cards)
        self._tags: dict[tuple, frozenset[str]] = {}
        n = self.params.players
        self.state = MunchkinState(
            players=[Munchkin(sex="male" if i % 2 == 0 else "female") for i in range(n)],
            door_deck=copies(self.cards, "door"), treasure_deck=copies(self.cards, "treasure"),
            draws=[Draw(deck, p) for _ in range(self.params.deal) for p in range(n) for deck in ("door", "treasure")])
        self._settle()

    # ----- the state, readable by widgets, agents and scenario set-ups -------------------------
    players = property(lambda self: self.state.players, doc="the characters, seat by seat")
    combat = property(lambda self: self.state.combat, doc="the fight in progress, if any")
    door_deck = property(lambda self: self.state.door_deck)
    treasure_deck = property(lambda self: self.state.treasure_deck)
    door_discard = property(lambda self: self.state.door_discard)
    treasure_discard = property(lambda self: self.state.treasure_discard)
    draws = property(lambda self: self.state.draws, doc="cards still to draw (Draw)")
    body = property(lambda self: self.state.body, doc="a dead character's cards, to loot")
    trade = property(lambda self: self.state.trade, doc="the trade offer waiting for its answer")
    turns = property(lambda self: self.state.turns)
    sold = property(lambda self: self.state.sold, doc="gold worth sold this turn")
    current = property(lambda self: self.state.current, doc="whose turn it is")

    # ----- reading the cards ----------------------------------------------------------------
    def card(self, copy: str) -> Card:
        return self.card_index.get(copy) or card_of(self.cards, copy)

    def tags(self, player: int) -> set[str]:
        """Races (human without one; a Half-Breed with one race is half human), classes, and sex: what
        monster modifiers and items look at (混血和超级小白)."""
        p = self.state.players[player]
        key = (p.sex, p.race, p.race2, p.half_breed, p.cls, p.cls2)
        known = self._tags.get(key)  # a pure function of these cards: remembered, it is read very often
        if known is None:
            known = self._tags[key] = character_tags(p, self.card)
        return set(known)

    def usable(self, player: int, card: Card) -> bool:
        """Class, race and sex restrictions (人物属性): "only" and "not for"."""
        tags = self.tags(player)
        return (not card.only or bool(tags & set(card.only))) and not (tags & set(card.not_for))

    def works(self, player: int, copy: str) -> bool:
        """An item in play gives its bonus if its owner may use it, or a Cheat! is on it."""
        return copy in self.state.players[player].cheats or self.usable(player, self.card(copy))

    def foe(self, copy: str) -> Card:
        """The monster card a fighting monster stands for (a Mate stands for the monster it doubles)."""
        return self.card(self.state.combat.mate_of.get(copy, copy) if self.state.combat else copy)

    def chicken(self, player: int) -> int:
        """Chicken on Your Head: -1 on every die roll while the curse stays."""
        return -sum(1 for c in self.state.players[player].curses if self.card(c).effects[0].effect == "chicken")

    def hand_limit(self, player: int) -> int:
        return DWARF_HAND_LIMIT if "dwarf" in self.tags(player) else HAND_LIMIT

    def can_carry(self, player: int, copy: str, without: str = "") -> bool:
        """Equipment slots: one headgear, armour and footgear; two hands; one big item unless a dwarf
        (``without``: as if that item had left play, for a swap)."""
        card = self.card(copy)
        if card.kind != "item" or not self.usable(player, card):
            return False
        carried = [self.card(c) for c in self.state.players[player].carried if c != without]
        if card.slot in ("headgear", "armour", "footgear") and any(c.slot == card.slot for c in carried):
            return False
        hands = sum(1 if c.slot == "hands1" else 2 if c.slot == "hands2" else 0 for c in carried)
        need = 1 if card.slot == "hands1" else 2 if card.slot == "hands2" else 0
        if hands + need > 2:
            return False
        return not (card.big and "dwarf" not in self.tags(player) and any(c.big for c in carried))

    def strength(self, player: int) -> int:
        """Level plus the bonuses of usable carried items (a lost race or class can leave items unusable)."""
        p = self.state.players[player]
        return p.level + sum(self.card(c).bonus for c in p.carried if self.works(player, c))

    def side_tags(self) -> set[str]:
        """Race, class and sex tags of everybody on the munchkins' side (a modifier counts once)."""
        return set().union(*(self.tags(p) for p in self.state.combat.side))

    def fighter_strength(self) -> int:
        """The munchkins' side: fighter and helper strengths, one-shots for them, berserk and turning;
        -5 for each munchkin of the side under Change Sex (诅咒: "改变性别"会让你的下次战斗承受减值)."""
        c = self.state.combat
        assert c is not None
        total = sum(self.strength(p) for p in c.side) + sum(self.card(x).bonus for x in c.munchkin_one_shots)
        total -= CHANGE_SEX_PENALTY * len(self.sex_changes(c.side))
        undead = any(self.foe(m).undead for m in c.monsters)
        total += len(c.berserk) + (3 * len(c.turning) if undead else 0)
        total -= 2 * len(c.backstabs)
        return total

    def monster_strength(self) -> int:
        """The monsters' levels (several monsters: their sum), their modifiers against the munchkins'
        side, enhancers and one-shots played for them."""
        c = self.state.combat
        assert c is not None
        tags = self.side_tags()  # a helper elf against the Drooling Slime: +4 once, not twice
        total = 0
        for copy in c.monsters:
            monster = self.foe(copy)
            total += monster.level + sum(m.bonus for m in monster.modifiers if m.against in tags)
            total += sum(self.card(e).bonus for e in self.enhancers_on(copy))
        return total + sum(self.card(x).bonus for x in c.monster_one_shots)

    def enhancers_on(self, copy: str) -> list[str]:
        """The enhancers played on a monster of the fight (a Mate has those of the monster it doubles)."""
        target = self.state.combat.mate_of.get(copy, copy)
        return [e for e, m in self.state.combat.enhanced.items() if m == target]

    def sex_changes(self, side: list[int]) -> list[str]:
        return [x for p in side for x in self.state.players[p].curses if self.card(x).effects[0].effect == "change_sex"]

    def winning(self) -> bool:
        """The munchkin beats the monster with a greater total; a warrior also wins ties."""
        c = self.state.combat
        assert c is not None
        mine, theirs = self.fighter_strength(), self.monster_strength()
        return mine > theirs or (mine == theirs and "warrior" in self.side_tags())

    def run_modifier(self, runner: int | None = None, monster: str | None = None) -> int:
        """Running away (逃跑): elf +1, halfling -1, items, the monster's own modifier, wizard flight."""
        c = self.state.combat
        assert c is not None
        runner = c.runners[0] if runner is None else runner
        monster = monster or (c.chasing[0] if c.chasing else c.monsters[0])
        tags = self.tags(runner)
        p = self.state.players[runner]
        bonus = (1 if "elf" in tags else 0) - (1 if "halfling" in tags else 0)
        bonus += sum(self.card(x).run_bonus for x in p.carried if self.works(runner, x))
        return bonus + self.foe(monster).run_modifier + len(c.flight) + self.chicken(runner)

    # ----- who acts -------------------------------------------------------------------------
    def current_players(self) -> tuple[int, ...]:
        if self.state.choice is not None:
            return (self.state.choice.victim,)
        if self.state.flow.name == CREATION:
            return (self.state.creating,)
        if self.state.flow.name == INTERFERENCE:
            return self.state.combat.window.to_act()
        if self.state.flow.name == ASKING:
            return (self.state.combat.asked,)
        if self.state.flow.name == RUNNING:
            return (self.state.combat.runners[0],)
        if self.state.flow.name == LOOTING:
            return (self.state.looters[0],)
        if self.state.flow.name == CHARITY:
            return (self.state.charity_giver,)
        if self.state.flow.name == TRADE:
            return (self.state.trade.to,)
        return (self.state.current,)

    def stage(self) -> str:
        if self.state.choice is not None:
            return CHOOSE_LOSS
        return self.state.flow.name

    def pending_chance(self) -> ChanceStep | None:
        if self.state.over_reason or self.state.choice is not None:
            return None
        if self.state.flow.name == RUN_ROLL:
            return ChanceStep.uniform("d6", "one die per monster: 5 or more escapes", range(1, 7))
        if self.state.flow.name == STEAL_ROLL:
            return ChanceStep.uniform("d6", "the thief steals on 4 or more", range(1, 7))
        if self.state.draws:
            draw = self.state.draws[0]
            deck, player, face = draw.deck, draw.player, draw.face
            cards = self.state.door_deck if deck == "door" else self.state.treasure_deck
            what = "kick open the door" if face == "up" else f"player {player} draws a {deck} card" + (
                " face up" if face == "open" else "")
            return ChanceStep.uniform(deck, what, sorted(cards))
        return None

    def player_actions(self) -> list[Action]:
        if self.state.choice is not None:
            return [ChooseLoss(self.state.choice.victim, c) for c in self.state.choice.options]
        stage = self.state.flow.name
        p = self.state.current
        if stage == CREATION:
            return [*self._plays(self.state.creating, creation=True), Ready(self.state.creating)]
        anytime = [*self._give_ups(p), *self._curses(p, range(self.params.players)), *self._ring(p)]
        own_turn = [*self._plays(p), *self._cheats(p), *self._sales(p), *anytime, *self._steals(p), *self._trades(p)]
        if stage == KICK:
            return [*own_turn, *self._resurrections(p), KickDoor(p)]
        if stage == TROUBLE:
            me = self.state.players[p]
            trouble = [LookForTrouble(p, c) for c in distinct(me.hand) if self.card(c).kind == "monster"]
            return [*own_turn, *trouble, LootRoom(p)]
        if stage == END:
            return [*own_turn, EndTurn(p)]
        if stage == TRADE:
            return [AnswerTrade(self.state.trade.to, True), AnswerTrade(self.state.trade.to, False)]
        if stage == COMBAT:
            return self._combat_actions()
        if stage == INTERFERENCE:
            return self._interference_actions()
        if stage == RUNNING:
            runner = self.state.combat.runners[0]
            rolls = [RollToRun(runner, m) for m in self.one_per_monster(self.state.combat.chasing)]
            return [*self._power_actions(runner, "flight"), *rolls]
        if stage == ASKING:
            return [AnswerHelp(self.state.combat.asked, True), AnswerHelp(self.state.combat.asked, False)]
        if stage == LOOTING:
            looter = self.state.looters[0]
            return [LootBody(looter, c) for c in distinct(self.state.body)]
        if stage == CHARITY:
            return self._charity_actions()
        return []

    def carried_choices(self, player: int, copies: list[str] | None = None) -> list[str]:
        """One copy per card among ``player``'s items in play (or ``copies`` of them), sorted: a copy
        without a Cheat! on it stands for the others (losing or giving it keeps the Cheat!)."""
        me = self.state.players[player]
        copies = me.carried if copies is None else copies
        plain = distinct(c for c in copies if c not in me.cheats)
        ids = {self.card(c).id for c in plain}
        return sorted(plain + [c for c in distinct(c for c in copies if c in me.cheats) if self.card(c).id not in ids])

    def one_per_monster(self, monsters: list[str]) -> list[str]:
        """Monsters of a fight as choices: two copies of one monster are one choice (the first in the
        fight stands for them); a Mate is a choice of its own."""
        seen: set[str] = set()
        out = []
        for copy in monsters:
            key = copy if copy in self.state.combat.mate_of else self.card(copy).id
            if key not in seen:
                seen.add(key)
                out.append(copy)
        return out

    def _plays(self, player: int, creation: bool = False) -> list[Action]:
        """Cards a player may put into play on their turn outside combat (or while creating)."""
        me = self.state.players[player]
        out: list[Action] = []
        hand = distinct(me.hand)
        for copy in hand:
            card = self.card(copy)
            playable = {"race": self._race_fits(player, copy), "class": me.cls is None,
                        "half_breed": me.race is not None and me.half_breed is None,
                        "item": self.can_carry(player, copy),
                        "go_up_a_level": me.level < WIN_LEVEL - 1 and not creation}
            if playable.get(card.kind, False):
                out.append(PlayCard(player, copy))
            if card.kind == "half_breed" and playable["half_breed"]:  # with a second race at once
                out += [PlayCard(player, copy, r) for r in hand if self.card(r).kind == "race"
                        and self.card(r).race != self.card(me.race).race]
            if card.kind == "super_munchkin" and me.cls and not me.super_munchkin:  # only with a second class
                out += [PlayCard(player, copy, x) for x in hand if self.card(x).kind == "class"
                        and self.card(x).cls != self.card(me.cls).cls]
        return out

    def _race_fits(self, player: int, copy: str) -> bool:
        """One race; a second (different) one only while a Half-Breed is in play."""
        me = self.state.players[player]
        if me.race is None:
            return True
        return bool(me.half_breed) and me.race2 is None and self.card(copy).race != self.card(me.race).race

    def _cheats(self, player: int) -> list[Action]:
        """Cheat!: an item from the hand that does not fit, or one in play you may not use."""
        me = self.state.players[player]
        cards = distinct(c for c in me.hand if self.card(c).kind == "cheat")
        items = distinct(c for c in me.carried if c not in me.cheats and not self.usable(player, self.card(c)))
        in_play = {self.card(c).id for c in items}  # a copy in play and one in the hand: the one in play
        misfits = distinct(c for c in me.hand if self.card(c).kind == "item" and not self.can_carry(player, c))
        items += [c for c in misfits if self.card(c).id not in in_play]
        return [PlayCheat(player, card, item) for card in cards for item in sorted(items)]

    def _ring(self, player: int) -> list[Action]:
        """Wishing Ring: rid anyone of a lasting curse."""
        rings = distinct(c for c in self.state.players[player].hand if self.card(c).kind == "remove_curse")
        return [RemoveCurse(player, ring, t, curse) for ring in rings for t in range(self.params.players)
                for curse in distinct(self.state.players[t].curses)]

    def _steals(self, player: int) -> list[Action]:
        """The thief's steal, on your turn and never in a fight: a small item another player has in play."""
        if "thief" not in self.tags(player):
            return []
        hand = distinct(self.state.players[player].hand)
        return [Steal(player, card, v, item) for v in range(self.params.players) if v != player
                for item in self.carried_choices(v) if not self.card(item).big for card in hand]

    def _resurrections(self, player: int) -> list[Action]:
        if "cleric" not in self.tags(player) or not self.state.door_discard:
            return []
        return [Resurrect(player, card) for card in distinct(self.state.players[player].hand)]

    def _trades(self, player: int) -> list[Action]:
        """Swaps of items in play, outside combat; one offer to each player a turn; both must fit."""
        mine = self.carried_choices(player)
        out: list[Action] = []
        for to in range(self.params.players):
            if to == player or to in self.state.traded_with:
                continue
            theirs = self.carried_choices(to)
            they_may = {c for c in mine if self.usable(to, self.card(c))}  # restrictions first: cheap
            i_may = {c for c in theirs if self.usable(player, self.card(c))}
            for give in sorted(they_may):
                for get in sorted(i_may):
                    if self.can_carry(to, give, without=get) and self.can_carry(player, get, without=give):
                        out.append(OfferTrade(player, give, to, get))
        return out

    def _give_ups(self, player: int) -> list[Action]:
        me = self.state.players[player]
        return [GiveUp(player, c) for c in (me.race, me.race2, me.cls, me.cls2) if c]

    def _curses(self, player: int, targets: Any) -> list[Action]:
        """Curses from the hand, on anyone (yourself included) — here on your turn and in a fight's window."""
        cards = distinct(c for c in self.state.players[player].hand if self.card(c).kind == "curse")
        return [PlayCurse(player, c, t) for c in cards for t in targets]

    def _sales(self, player: int) -> list[Action]:
        """Selling items for levels (1000 gold a level, not to level 10), on your turn outside combat."""
        me = self.state.players[player]
        if me.level >= WIN_LEVEL - 1:
            return []
        sellable = ("item", "one_shot", "remove_curse")
        items = distinct(c for c in me.hand if self.card(c).kind in sellable and self.card(c).value
                         and c not in self.state.fresh)
        in_hand = {self.card(c).id for c in items}  # a copy in the hand and one in play: the one in the hand
        items += [c for c in self.carried_choices(player) if self.card(c).value and c not in self.state.fresh
                  and self.card(c).id not in in_hand]  # traded items: not before your next turn
        return [SellItem(player, c) for c in sorted(items)]

    def _power_actions(self, player: int, power: str) -> list[Action]:
        c = self.state.combat
        me = self.state.players[player]
        if POWER_CLASS[power] not in self.tags(player) or len(c.power_cards(power)) >= MAX_POWER_DISCARDS:
            return []
        if power == "turning" and not any(self.foe(m).undead for m in c.monsters):
            return []
        return [ClassPower(player, power, x) for x in distinct(me.hand)]

    def _combat_actions(self) -> list[Action]:
        c = self.state.combat
        f = c.fighter
        me = self.state.players[f]
        out: list[Action] = []
        for copy in distinct(me.hand):
            kind = self.card(copy).kind
            if kind == "one_shot":
                out.append(PlayOneShot(f, copy, "munchkin"))
            elif kind == "enhancer":  # in your own fight too, for its treasures
                out += [PlayEnhancer(f, copy, m) for m in self.one_per_monster(c.monsters) if m not in c.mate_of]
            elif kind == "go_up_a_level" and me.level < WIN_LEVEL - 1:
                out.append(PlayCard(f, copy))
        out += self._power_actions(f, "berserk") + self._power_actions(f, "turning") + self._give_ups(f)
        out += self._mates(f)
        if "wizard" in self.tags(f) and len(me.hand) >= CHARM_MIN_HAND:
            out += [Charm(f, m) for m in self.one_per_monster(c.monsters)]
        if c.helper is None:  # one helper at most, asked in turn, bribed with treasure and/or an item
            treasures = self.treasure_count()
            for q in range(self.params.players):
                if q == f or q in c.refused:
                    continue
                items = ["", *(x for x in self.carried_choices(f) if self.can_carry(q, x))]
                out += [AskHelp(f, q, n, item) for n in range(treasures + 1) for item in items]
        out += [Fight(f), RunAway(f)]
        return out

    def _mates(self, player: int) -> list[Action]:
        mates = distinct(x for x in self.state.players[player].hand if self.card(x).kind == "mate")
        targets = [m for m in self.one_per_monster(self.state.combat.monsters) if m not in self.state.combat.mate_of]
        return [PlayMate(player, card, m) for card in mates for m in targets]

    def _interference_actions(self) -> list[Action]:
        out: list[Action] = []
        for player in self.state.combat.window.waiting:
            if player in self.state.combat.side:  # the helper cannot interfere against their own fight
                out.append(Pass(player))
                continue
            hand = distinct(self.state.players[player].hand)
            for copy in hand:
                kind = self.card(copy).kind
                if kind == "one_shot":
                    out += [PlayOneShot(player, copy, "monster"), PlayOneShot(player, copy, "munchkin")]
                elif kind == "enhancer":
                    out += [PlayEnhancer(player, copy, m) for m in self.one_per_monster(self.state.combat.monsters)
                            if m not in self.state.combat.mate_of]
                elif kind == "go_up_a_level" and self.state.players[player].level < WIN_LEVEL - 1:
                    out.append(PlayCard(player, copy))  # Go Up a Level at any time, not to 10
            out += self._curses(player, self.state.combat.side) + self._give_ups(player) + self._ring(player)
            out += self._mates(player)
            monsters = [c for c in hand if self.card(c).kind == "monster"]
            for wandering in (c for c in hand if self.card(c).kind == "wandering"):
                out += [PlayWandering(player, wandering, m) for m in monsters]
            if "thief" in self.tags(player) and player not in self.state.combat.backstabbers:
                out += [Backstab(player, copy) for copy in hand]
            out.append(Pass(player))
        return out

    def _charity_actions(self) -> list[Action]:
        giver = self.state.charity_giver
        hand = distinct(self.state.players[giver].hand)
        recipients = next_recipients([p.level for p in self.state.players], giver, self.state.charity_given)
        if not recipients:
            return [DiscardCard(giver, c) for c in hand]
        return [GiveCard(giver, c, to) for c in hand for to in recipients]

    def illegal_reason(self, action: Action) -> tuple[str, str]:
        if isinstance(action, Chance):
            return "chance", "that card or face cannot come up now" if self.chance_step() else "nothing is drawn now"
        if self.chance_step() is not None:
            return "chance", f"first resolve: {self.chance_step().description}"
        actor = action.actor
        if actor not in self.current_players():
            return "turn order", f"player {actor} cannot act in the {self.stage()} stage"
        if isinstance(action, SellItem) and self.state.players[actor].level >= WIN_LEVEL - 1:
            return "selling", "you cannot buy your way to level 10"
        if isinstance(action, PlayCard):
            card = self.card(action.card)
            if action.card not in self.state.players[actor].hand:
                return "cards", "that card is not in your hand"
            if card.kind == "go_up_a_level" and self.state.players[actor].level >= WIN_LEVEL - 1:
                return "go up a level", "level 10 is reached only by killing a monster"
            if card.kind == "item":
                return "items", f"{card.name} does not fit: slots, hands, big items or restrictions"
            if self.state.combat is not None:
                return "combat", "no races, classes or items are put into play during a fight"
        if isinstance(action, LookForTrouble) and self.state.met_monster:
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
            if self.state.over_reason or self.state.choice is not None or self.state.draws:
                return
            if self.state.losses:
                self.apply_next_loss()
                continue
            if self.state.flow.name == DEALING:
                self.state.flow.goto(CREATION)
                self.event("the cards are dealt: create your characters")
                continue
            if self.state.flow.name == LOOTING and (not self.state.looters or not self.state.body):
                self.finish_looting()
                continue
            if self.state.flow.name == INTERFERENCE and self.state.combat.window.closed:
                if self.state.combat.window.settle():  # after any interference the fighter may answer
                    self.state.flow.goto(COMBAT)
                    self.event("after the interference the fighter may answer")
                else:
                    self.resolve_combat()
                continue
            giver = self.state.charity_giver
            if self.state.flow.name == CHARITY and len(self.state.players[giver].hand) <= self.hand_limit(giver):
                self.state.charity_giver = None
                self.next_turn()
                continue
            return

    def interfere(self, player: int) -> None:
        """``player`` acted in somebody else's fight: the fighter may answer once everyone has passed."""
        c = self.state.combat
        if c is not None and c.window is not None:  # before the first Fight nobody waits for an answer yet
            c.window.interfere(player)

    def _draw(self, deck: str, copy: str) -> None:
        pile, discard = (self.state.door_deck, self.state.door_discard) if deck == "door" else (
            self.state.treasure_deck, self.state.treasure_discard)
        pile.remove(copy)
        if not pile and discard:
            pile.extend(discard)
            discard.clear()
            self.event(f"the {deck} deck is empty: its discards are shuffled into a new deck")

    def _queue_draws(self, player: int, deck: str, n: int, face: str = "down") -> None:
        cards = self.state.door_deck if deck == "door" else self.state.treasure_deck
        available = len(cards) + len(self.state.door_discard if deck == "door" else self.state.treasure_discard)
        queued = sum(1 for d in self.state.draws if d.deck == deck)
        n = min(n, available - queued)  # with no cards and no discards, nobody draws
        self.state.draws += [Draw(deck, player, face)] * max(0, n)

    def _do_Chance(self, action: Chance) -> None:
        if self.state.flow.name == RUN_ROLL:
            self.roll_to_run(int(action.outcome))
            return
        if self.state.flow.name == STEAL_ROLL:
            self.steal(int(action.outcome))
            return
        draw = self.state.draws.pop(0)
        deck, player, face = draw.deck, draw.player, draw.face
        copy = str(action.outcome)
        self._draw(deck, copy)
        if self.card(copy).kind == "divine_intervention":  # played as it is drawn, however it is drawn
            self.divine_intervention(copy)
            if face == "up":
                self.state.flow.goto(TROUBLE)
        elif face == "up":
            self.kicked(copy)
        else:  # face down, or drawn openly for all to see when a helper shares the treasure
            self.state.players[player].hand.append(copy)
            if face == "down":  # only the drawer reads the card
                self.event(f"player {player} draws {self.card(copy).name} face down", seen_by=(player,),
                           hidden=f"player {player} draws a {deck.capitalize()} card face down")
            else:
                self.event(f"player {player} draws {self.card(copy).name} face up")

    def _do_Ready(self, action: Ready) -> None:
        self.state.creating += 1
        if self.state.creating >= self.params.players:
            self.state.flow.goto(KICK)
            self.event("player 0 starts")
            self.start_turn()

    def _do_PlayCard(self, action: PlayCard) -> None:
        me = self.state.players[action.player]
        card = self.card(action.card)
        me.hand.remove(action.card)
        if action.second:
            me.hand.remove(action.second)
        if card.kind == "race":
            if me.race is None:
                me.race = action.card
            else:
                me.race2 = action.card
        elif card.kind == "class":
            me.cls = action.card
        elif card.kind == "half_breed":  # 混血: half human and half your race, or two races
            me.half_breed = action.card
            me.race2 = action.second or None
        elif card.kind == "super_munchkin":  # 超级小白: a second class
            me.super_munchkin, me.cls2 = action.card, action.second
        elif card.kind == "item":
            me.carried.append(action.card)
        elif card.kind == "go_up_a_level":
            me.level += 1
            self.state.treasure_discard.append(action.card)
        self.event(f"player {action.player} plays {card.name}" + (
            f" with {self.card(action.second).name}" if action.second else "") + (
            f" (level {me.level})" if card.kind == "go_up_a_level" else ""))

    def _do_SellItem(self, action: SellItem) -> None:
        """1000 gold of items sold buys a level; a halfling sells one item a turn at double value."""
        me = self.state.players[action.player]
        card = self.card(action.card)
        if action.card in me.hand:
            me.hand.remove(action.card)
        else:
            self._unequip(action.player, action.card)
        self.state.treasure_discard.append(action.card)
        value = card.value
        if "halfling" in self.tags(action.player) and not self.state.halfling_sold:
            value *= 2
            self.state.halfling_sold = True
        self.state.sold += value
        while self.state.sold >= LEVEL_PRICE and me.level < WIN_LEVEL - 1:
            self.state.sold -= LEVEL_PRICE
            me.level += 1
            self.event(f"player {action.player} buys a level (level {me.level})")
        self.event(f"player {action.player} sells {card.name} for {value} gold "
                   f"({self.state.sold} gold towards a level)")

    def start_turn(self) -> None:
        self.state.met_monster = False
        self.state.sold = 0
        self.state.halfling_sold = False
        self.state.traded_with = set()
        me = self.state.players[self.state.current]
        self.state.fresh -= set(me.carried)
        if me.redraw:
            me.redraw = False
            self.event(f"player {self.state.current}'s new character draws 2 Door and 2 Treasure cards")
            self._queue_draws(self.state.current, "door", 2)
            self._queue_draws(self.state.current, "treasure", 2)

    def _do_KickDoor(self, action: KickDoor) -> None:
        self._queue_draws(self.state.current, "door", 1, face="up")
        if not self.state.draws:
            self.event("no Door card is left: the door opens on nothing")
            self.state.flow.goto(TROUBLE)

    def kicked(self, copy: str) -> None:
        """Kick open the door: a monster is fought, a curse strikes, anything else goes to the hand."""
        card = self.card(copy)
        self.event(f"player {self.state.current} kicks open the door: {card.name} ({card.name_zh})")
        if card.kind == "monster":
            self.start_combat(copy)
        elif card.kind == "curse":
            self.curse(self.state.current, copy)
            self.state.flow.goto(TROUBLE)
        else:
            self.state.players[self.state.current].hand.append(copy)
            self.state.flow.goto(TROUBLE)

    def _do_LookForTrouble(self, action: LookForTrouble) -> None:
        self.state.players[action.player].hand.remove(action.card)
        self.event(f"player {action.player} looks for trouble: {self.card(action.card).name}")
        self.start_combat(action.card)

    def _do_LootRoom(self, action: LootRoom) -> None:
        self.event(f"player {action.player} loots the room (a Door card, face down)")
        self.state.flow.goto(END)
        self._queue_draws(action.player, "door", 1)

    def start_combat(self, monster: str) -> None:
        self.state.met_monster = True
        self.state.combat = Combat(self.state.current, [monster])
        self.state.flow.goto(COMBAT)

    def _do_PlayOneShot(self, action: PlayOneShot) -> None:
        c = self.state.combat
        self.state.players[action.player].hand.remove(action.card)
        (c.munchkin_one_shots if action.side == "munchkin" else c.monster_one_shots).append(action.card)
        self.interfere(action.player)
        self.event(f"player {action.player} plays {self.card(action.card).name} "
                   f"({self.card(action.card).bonus:+d} for the {action.side})")

    def _do_PlayEnhancer(self, action: PlayEnhancer) -> None:
        c = self.state.combat
        self.state.players[action.player].hand.remove(action.card)
        c.enhancers.append(action.card)
        c.enhanced[action.card] = action.monster
        self.interfere(action.player)
        self.event(f"player {action.player} makes {self.card(action.monster).name} {self.card(action.card).name}")

    def _do_PlayMate(self, action: PlayMate) -> None:
        """Mate (干预战斗: "如果有其他怪物加入战斗（比如游荡怪物或怪物的另一半）"): beat both, or run from both."""
        c = self.state.combat
        self.state.players[action.player].hand.remove(action.card)
        c.monsters.append(action.card)
        c.mate_of[action.card] = action.monster
        self.interfere(action.player)
        self.event(f"player {action.player} plays Mate: {self.card(action.monster).name}'s mate joins the fight")

    def _do_Charm(self, action: Charm) -> None:
        """The wizard discards the whole hand: one monster (with its enhancers) leaves the fight; its
        treasures are the munchkins' if they win the rest, but it gives no level."""
        c = self.state.combat
        me = self.state.players[action.player]
        for copy in list(me.hand):
            me.hand.remove(copy)
            self._discard(copy)
        c.charmed += max(0, self.foe(action.monster).treasures
                         + sum(self.card(e).treasures for e in self.enhancers_on(action.monster)))
        self._send_off(action.monster)
        self.event(f"player {action.player} discards the hand and charms {self.foe(action.monster).name} away")
        if not c.monsters:
            self.resolve_combat()

    def _send_off(self, copy: str) -> None:
        """A monster leaves the fight: its card and the enhancers played on it are discarded (a Mate keeps
        the enhancers of the monster it doubles only while that monster is in the fight)."""
        c = self.state.combat
        c.monsters.remove(copy)
        for e in [e for e, m in c.enhanced.items() if m == copy]:
            c.enhancers.remove(e)
            del c.enhanced[e]
            self.state.door_discard.append(e)
        c.mate_of.pop(copy, None)
        self.state.door_discard.append(copy)

    def _do_ClassPower(self, action: ClassPower) -> None:
        c = self.state.combat
        self.state.players[action.player].hand.remove(action.card)
        self._discard(action.card)
        c.power_cards(action.power).append(action.card)
        self.event(f"player {action.player} discards {self.card(action.card).name} for {action.power}")

    def _do_Fight(self, action: Fight) -> None:
        """The 2.6-second moment: every other player may pass or interfere."""
        c = self.state.combat
        c.window = ResponseWindow(c.fighter, [p for p in range(self.params.players) if p not in c.side])
        self.state.flow.goto(INTERFERENCE)
        self.event(f"player {action.player} fights: {self.fighter_strength()} against {self.monster_strength()}")

    def _do_GiveUp(self, action: GiveUp) -> None:
        self.event(f"player {action.player} is no longer a {self.card(action.card).name}")
        self._drop_identity(action.player, action.card)

    def _drop_identity(self, player: int, copy: str) -> None:
        """A race or class leaves play; with no race left the Half-Breed goes, with either class gone the
        Super Munchkin goes (混血和超级小白)."""
        for gone in drop_identity(self.state.players[player], copy, super_needs_two_classes=True):
            self._discard(gone)
            if gone != copy:
                self.event(f"player {player} loses {self.card(gone).name} with it")

    def _do_PlayCurse(self, action: PlayCurse) -> None:
        """A curse from the hand strikes at once (if it can) and is discarded."""
        card = self.card(action.card)
        self.state.players[action.player].hand.remove(action.card)
        self.curse(action.target, action.card)
        self.interfere(action.player)
        self.event(f"player {action.player} curses player {action.target}: {card.name}")

    def curse(self, target: int, copy: str) -> None:
        """A curse strikes at once and is discarded; Change Sex and Chicken on Your Head stay with the
        victim (诅咒: "保留这些卡牌直到你摆脱它们")."""
        card = self.card(copy)
        if any(e.effect in LASTING for e in card.effects):
            self.state.players[target].curses.append(copy)
        else:
            self.state.door_discard.append(copy)
        self.state.losses += [Loss(target, e, card.name) for e in card.effects]

    def _do_RemoveCurse(self, action: RemoveCurse) -> None:
        """Wishing Ring: the lasting curse is discarded (a changed sex stays changed; the penalty goes)."""
        self.state.players[action.player].hand.remove(action.card)
        self.state.treasure_discard.append(action.card)
        self.state.players[action.target].curses.remove(action.curse)
        self.state.door_discard.append(action.curse)
        self.interfere(action.player)
        self.event(action.describe())

    def _do_PlayCheat(self, action: PlayCheat) -> None:
        me = self.state.players[action.player]
        me.hand.remove(action.card)
        if action.item in me.hand:
            me.hand.remove(action.item)
            me.carried.append(action.item)
        me.cheats[action.item] = action.card
        self.event(action.describe())

    def _unequip(self, player: int, copy: str) -> None:
        """An item leaves play; a Cheat! on it is discarded with it."""
        me = self.state.players[player]
        me.carried.remove(copy)
        if copy in me.cheats:
            self.state.door_discard.append(me.cheats.pop(copy))

    def _do_Steal(self, action: Steal) -> None:
        self.state.players[action.player].hand.remove(action.card)
        self._discard(action.card)
        self.state.theft = Theft(action.player, action.victim, action.item)
        self.state.flow.push(STEAL_ROLL)
        self.event(action.describe())

    def steal(self, face: int) -> None:
        """4+ (Chicken on Your Head: -1) takes the item; otherwise the victim whacks the thief: -1 level."""
        theft = self.state.theft
        thief, victim, item = theft.thief, theft.victim, theft.item
        total = face + self.chicken(thief)
        if total >= STEAL_NEED:
            self._unequip(victim, item)
            me = self.state.players[thief]
            fits = self.can_carry(thief, item)
            (me.carried if fits else me.hand).append(item)
            self.event(f"player {thief} rolls {total} and steals {self.card(item).name}"
                       + ("" if fits else " (into the hand: it does not fit)"))
        else:
            me = self.state.players[thief]
            me.level = max(1, me.level - 1)
            self.event(f"player {thief} rolls {total}: caught, and whacked down to level {me.level}")
        self.state.theft = None
        self.state.flow.pop()

    def _do_Resurrect(self, action: Resurrect) -> None:
        me = self.state.players[action.player]
        copy = self.state.door_discard.pop()
        me.hand.remove(action.card)
        self._discard(action.card)
        self.event(f"player {action.player} resurrects {self.card(copy).name} instead of kicking the door open")
        if self.card(copy).kind == "divine_intervention":
            self.divine_intervention(copy)
        else:
            self.kicked(copy)

    def _do_OfferTrade(self, action: OfferTrade) -> None:
        self.state.trade = Trade(action.player, action.give, action.to, action.get)
        self.state.traded_with.add(action.to)
        self.state.flow.push(TRADE)
        self.event(action.describe())

    def _do_AnswerTrade(self, action: AnswerTrade) -> None:
        """Traded items go into play at once and cannot be sold before the new owner's next turn (交易)."""
        offer = self.state.trade
        if action.accept:
            self._unequip(offer.player, offer.give)
            self._unequip(offer.to, offer.get)
            self.state.players[offer.player].carried.append(offer.get)
            self.state.players[offer.to].carried.append(offer.give)
            self.state.fresh |= {offer.give, offer.get}
        self.event(action.describe())
        self.state.trade = None
        self.state.flow.pop()

    def divine_intervention(self, copy: str) -> None:
        """Divine Intervention, played as it is drawn: every cleric goes up a level, and a cleric may
        reach level 10 this way (游戏开始和结束: "你必须通过杀死怪物或神祇干涉获胜")."""
        self.state.door_discard.append(copy)
        self.event("Divine Intervention: every cleric goes up a level")
        reached = []
        for i, p in enumerate(self.state.players):
            if "cleric" in self.tags(i):
                p.level = min(WIN_LEVEL, p.level + 1)
                self.event(f"player {i}, a cleric, goes up to level {p.level}")
                if p.level >= WIN_LEVEL:
                    reached.append(i)
        if reached:
            self.state.ten_by_rule.update(reached)
            self.state.winners = tuple(reached)
            self.state.over_reason = f"player(s) {', '.join(map(str, reached))} reached level 10 by Divine Intervention"
            self.event(self.state.over_reason)

    def _do_PlayWandering(self, action: PlayWandering) -> None:
        """Wandering Monster (干预战斗: "这会让你手牌上的怪物加入任何一场战斗"): beat their sum, or run from each."""
        hand = self.state.players[action.player].hand
        hand.remove(action.card)
        hand.remove(action.monster)
        self.state.door_discard.append(action.card)
        self.state.combat.monsters.append(action.monster)
        self.interfere(action.player)
        self.event(f"player {action.player} sends in a wandering {self.card(action.monster).name}")

    def _do_Backstab(self, action: Backstab) -> None:
        c = self.state.combat
        self.state.players[action.player].hand.remove(action.card)
        self._discard(action.card)
        c.backstabs.append(action.card)
        c.backstabbers.append(action.player)
        self.interfere(action.player)
        self.event(f"player {action.player} backstabs the fighter: -2")

    def _do_AskHelp(self, action: AskHelp) -> None:
        c = self.state.combat
        c.asked, c.offer, c.offer_item = action.helper, action.treasures, action.item
        self.state.flow.goto(ASKING)
        self.event(action.describe())

    def _do_AnswerHelp(self, action: AnswerHelp) -> None:
        c = self.state.combat
        if action.accept:
            c.helper, c.share = action.player, c.offer
            if c.offer_item:  # the bribe changes hands at once (贿赂: "你可以用你的装备")
                self._unequip(c.fighter, c.offer_item)
                self.state.players[action.player].carried.append(c.offer_item)
                self.event(f"player {c.fighter} hands {self.card(c.offer_item).name} to player {action.player}")
            self.event(f"player {action.player} helps: {self.fighter_strength()} against {self.monster_strength()}")
        else:
            c.refused.append(action.player)
            self.event(f"player {action.player} refuses to help")
        c.asked, c.offer_item = None, ""
        self.state.flow.goto(COMBAT)

    def treasure_count(self) -> int:
        """The treasures of the monsters in the fight (a Mate brings as many again, its enhancers' too)
        and of those a wizard charmed away."""
        c = self.state.combat
        return max(0, c.charmed + sum(self.foe(m).treasures + sum(self.card(e).treasures for e in self.enhancers_on(m))
                                      for m in c.monsters))

    def monster_names(self) -> str:
        return " and ".join(self.foe(m).name + (" (Mate)" if m in self.state.combat.mate_of else "")
                            for m in self.state.combat.monsters) or "no monster"

    def _do_Pass(self, action: Pass) -> None:
        self.state.combat.window.answer(action.player)

    def _do_RunAway(self, action: RunAway) -> None:
        self.event(f"player {action.player} runs away from {self.monster_names()}")
        self.start_running()

    def start_running(self) -> None:
        """Fighter and helper each run on their own rolls, one per monster in the order they choose; the
        monsters can catch both."""
        self.state.combat.runners = list(self.state.combat.side)
        self.state.combat.chasing = list(self.state.combat.monsters)
        self.state.flow.goto(RUNNING)

    def resolve_combat(self) -> None:
        c = self.state.combat
        if c.monsters and not self.winning():
            self.event(f"the monster wins, {self.monster_strength()} against {self.fighter_strength()}: run!")
            self.start_running()
            return
        names = self.monster_names()
        me = self.state.players[c.fighter]
        before = me.level
        me.level = min(WIN_LEVEL, me.level + sum(self.foe(m).levels for m in c.monsters))  # a level a monster
        treasures = self.treasure_count()
        self.event(f"player {c.fighter} kills {names}: level {before} -> {me.level}, {treasures} treasures")
        reached = [c.fighter] if me.level >= WIN_LEVEL else []
        if c.helper is not None and "elf" in self.tags(c.helper):  # an elf helper goes up a level a monster
            helper = self.state.players[c.helper]
            helper.level = min(WIN_LEVEL, helper.level + len(c.monsters))
            self.event(f"player {c.helper}, an elf, goes up a level for helping (level {helper.level})")
            if helper.level >= WIN_LEVEL:
                reached.append(c.helper)
        fighter, helper_seat, share = c.fighter, c.helper, min(c.share, treasures)
        self._end_combat()
        if reached:  # a fighter and a helper reaching 10 on the same kill both win
            self.state.ten_by_rule.update(reached)
            self.state.winners = tuple(sorted(reached))
            self.state.over_reason = (f"player(s) {', '.join(map(str, self.state.winners))} reached level 10 "
                                      f"by killing {names}")
            self.event(self.state.over_reason)
            return
        if helper_seat is not None:  # with help the treasures are drawn face up; the helper picks first
            self._queue_draws(helper_seat, "treasure", share, face="open")
        self._queue_draws(fighter, "treasure", treasures - share, face="open" if helper_seat is not None else "down")
        self.state.flow.goto(END)

    def _end_combat(self) -> None:
        """Monsters, enhancers and one-shots are discarded; Change Sex has had its one fight."""
        c = self.state.combat
        for copy in [*c.monsters, *c.enhancers]:
            self.state.door_discard.append(copy)
        self.state.treasure_discard.extend(c.munchkin_one_shots + c.monster_one_shots)
        for p in c.side:
            for curse in self.sex_changes([p]):
                self.state.players[p].curses.remove(curse)
                self.state.door_discard.append(curse)
                self.event(f"player {p} has fought the fight after the Change Sex: its penalty is over")
        self.state.combat = None

    def _do_RollToRun(self, action: RollToRun) -> None:
        c = self.state.combat
        c.chasing.remove(action.monster)
        c.chasing.insert(0, action.monster)  # the one rolled against now
        monster = self.foe(action.monster)
        if self.state.players[action.player].level <= monster.no_pursuit_up_to:
            self.event(f"{monster.name} does not pursue anyone of level {monster.no_pursuit_up_to} or below")
            self._next_chaser()
            return
        self.state.flow.goto(RUN_ROLL)

    def roll_to_run(self, face: int) -> None:
        c = self.state.combat
        runner = c.runners[0]
        monster = self.foe(c.chasing[0])
        total = face + self.run_modifier(runner, c.chasing[0])
        if total >= RUN_NEED:
            self.event(f"player {runner} rolls {face} ({total} with modifiers) and escapes {monster.name}")
        else:
            self.event(f"player {runner} rolls {face} ({total} with modifiers): {monster.name}'s bad stuff")
            self.state.losses += [Loss(runner, e, monster.name, monster.else_bad_stuff) for e in monster.bad_stuff]
            if not monster.bad_stuff:
                self.event("its bad stuff does nothing")
        self._next_chaser()

    def _next_chaser(self) -> None:
        """On to the runner's next monster, then to the next runner, then the fight is over."""
        c = self.state.combat
        c.chasing.pop(0)
        if not c.chasing:
            c.runners.pop(0)
            c.flight.clear()  # flight helps one wizard's rolls
            c.chasing = list(c.monsters) if c.runners else []
        if c.runners:
            self.state.flow.goto(RUNNING)
            return
        self._end_combat()
        self.state.flow.goto(END)

    # ----- bad stuff and curses: the effect vocabulary ---------------------------------------
    def _matching(self, player: int, slot: str) -> list[str]:
        def fits(copy: str) -> bool:
            card = self.card(copy)
            return {"headgear": card.slot == "headgear", "armour": card.slot == "armour",
                    "footgear": card.slot == "footgear", "hands": card.slot in ("hands1", "hands2"),
                    "big": card.big, "small": not card.big, "any": True}[slot]

        return [c for c in self.state.players[player].carried if fits(c)]

    def apply_next_loss(self) -> None:
        """Apply the next effect; several items to choose from: the victim chooses (诅咒)."""
        loss = self.state.losses.pop(0)
        victim, effect, source, fallback = loss.victim, loss.effect, loss.source, loss.fallback
        me = self.state.players[victim]
        if effect.effect == "lose_levels":
            me.level = max(1, me.level - effect.n)
            self.event(f"player {victim} loses {effect.n} level(s) to {source} (level {me.level})")
        elif effect.effect == "lose_item":
            options = self._matching(victim, effect.slot)
            if not options:
                self.event(f"player {victim} has no {effect.slot} item for {source} to take")
                self.state.losses[0:0] = [Loss(victim, e, source) for e in fallback]
            elif len(set(options)) == 1:
                self._lose(victim, options[0], source)
            else:
                self.state.choice = Choice(victim, tuple(self.carried_choices(victim, options)))
        elif effect.effect == "lose_all_items":
            for copy in self._matching(victim, effect.slot):
                self._lose(victim, copy, source)
        elif effect.effect in ("lose_race", "lose_class"):
            options = [c for c in ((me.race, me.race2) if effect.effect == "lose_race" else (me.cls, me.cls2)) if c]
            if len(options) == 1:
                self.event(f"player {victim} loses {self.card(options[0]).name} ({source})")
                self._drop_identity(victim, options[0])
            elif options:  # a Half-Breed or Super Munchkin chooses which one goes
                self.state.choice = Choice(victim, tuple(options))
        elif effect.effect == "change_sex":
            me.sex = "female" if me.sex == "male" else "male"
            self.event(f"player {victim} is now {me.sex} (-{CHANGE_SEX_PENALTY} in the next fight)")
        elif effect.effect == "chicken":
            self.event(f"player {victim} has a chicken on the head: -1 on every die roll")
        elif effect.effect == "discard_hand":
            for copy in list(me.hand):
                me.hand.remove(copy)
                self._discard(copy)
            self.event(f"player {victim} discards the whole hand ({source})")
        elif effect.effect == "death":
            self.die(victim, source)

    def _do_ChooseLoss(self, action: ChooseLoss) -> None:
        self.state.choice = None
        if self.card(action.card).kind in ("race", "class"):
            self.event(f"player {action.player} loses {self.card(action.card).name}")
            self._drop_identity(action.player, action.card)
        else:
            self._lose(action.player, action.card, "bad stuff")

    def _lose(self, player: int, copy: str, source: str) -> None:
        self._unequip(player, copy)
        self._discard(copy)
        self.event(f"player {player} loses {self.card(copy).name} ({source})")

    def _discard(self, copy: str) -> None:
        (self.state.door_discard if self.card(copy).deck == "door" else self.state.treasure_discard).append(copy)

    def die(self, player: int, source: str) -> None:
        """Death (死亡): keep race, class and level; the hand and items go on the table for the others to
        loot, one card each from the highest level down (ties in seat order after the dead player)."""
        me = self.state.players[player]
        self.state.body = me.hand + me.carried
        self.state.door_discard.extend(me.cheats.values())  # a Cheat! leaves play with its item
        me.hand, me.carried, me.cheats = [], [], {}
        me.redraw = True
        self.state.losses = [loss for loss in self.state.losses if loss.victim != player]
        order = [(player + k) % self.params.players for k in range(1, self.params.players)]
        self.state.looters = sorted(order, key=lambda q: -self.state.players[q].level)
        self.event(f"player {player} is killed by {source}; the others loot the body")
        self.state.flow.push(LOOTING)

    def _do_LootBody(self, action: LootBody) -> None:
        self.state.body.remove(action.card)
        self.state.players[action.player].hand.append(action.card)
        self.state.looters.pop(0)
        self.event(f"player {action.player} takes {self.card(action.card).name} from the body")

    def finish_looting(self) -> None:
        for copy in self.state.body:
            self._discard(copy)
        self.state.body, self.state.looters = [], []
        self.state.flow.pop()

    # ----- the end of the turn ---------------------------------------------------------------
    def _do_EndTurn(self, action: EndTurn) -> None:
        """Charity (慈善捐赠): more cards than the hand limit go to the lowest level, or are discarded."""
        if len(self.state.players[action.player].hand) > self.hand_limit(action.player):
            self.state.charity_giver = action.player
            self.state.charity_given = {}
            self.state.flow.goto(CHARITY)
            self.event(f"player {action.player} has too many cards: charity")
        else:
            self.next_turn()

    def _do_GiveCard(self, action: GiveCard) -> None:
        self.state.players[action.player].hand.remove(action.card)
        self.state.players[action.to].hand.append(action.card)
        self.state.charity_given[action.to] = self.state.charity_given.get(action.to, 0) + 1
        self.event(f"player {action.player} gives {self.card(action.card).name} to player {action.to}")

    def _do_DiscardCard(self, action: DiscardCard) -> None:
        self.state.players[action.player].hand.remove(action.card)
        self._discard(action.card)
        self.event(f"player {action.player} discards {self.card(action.card).name}")

    def next_turn(self) -> None:
        self.state.turns += 1
        if self.state.turns >= self.params.max_turns:
            self.state.over_reason = f"nobody reached level 10 in {self.params.max_turns} turns"
            self.event(self.state.over_reason)
            return
        self.state.current = (self.state.current + 1) % self.params.players
        self.state.flow.goto(KICK)
        self.start_turn()

    # ----- reading ---------------------------------------------------------------------------
    def is_over(self) -> bool:
        return bool(self.state.over_reason)

    def result(self) -> Result | None:
        if not self.state.over_reason:
            return None
        st = self.state
        return Result(st.winners, {i: p.level for i, p in enumerate(st.players)}, st.over_reason)

    def turn_number(self) -> int:
        return self.state.turns

    def all_cards(self) -> list[str]:
        """Every card wherever it is (decks, discards, hands, tables, the fight, the body)."""
        st = self.state
        places = [st.door_deck, st.treasure_deck, st.door_discard, st.treasure_discard, st.body]
        for p in self.state.players:
            places += [p.hand, p.carried, identity_cards(p), p.curses, list(p.cheats.values())]
        if self.state.combat:
            c = self.state.combat
            places += [c.monsters, c.enhancers, c.munchkin_one_shots, c.monster_one_shots]
        return [copy for place in places for copy in place]

    def invariants(self) -> list[str]:
        broken = []
        every = copies(self.cards, "door") + copies(self.cards, "treasure")
        found = self.all_cards()
        if sorted(found) != sorted(every):
            broken.append("a card is lost, doubled or in two places")
        for i, p in enumerate(self.state.players):
            if not 1 <= p.level <= WIN_LEVEL:
                broken.append(f"player {i} is at level {p.level}")
            if p.level == WIN_LEVEL and i not in self.state.ten_by_rule:
                broken.append(f"player {i} reached level 10 without a kill")
            if any(x and self.card(x).kind != "race" for x in (p.race, p.race2)) or any(
                    x and self.card(x).kind != "class" for x in (p.cls, p.cls2)):
                broken.append(f"player {i} has a race or class that is not one")
            if (p.race2 and not p.half_breed) or (p.half_breed and not p.race):
                broken.append(f"player {i} breaks the Half-Breed rule")
            if bool(p.super_munchkin) != bool(p.cls2) or (p.cls2 and not p.cls):
                broken.append(f"player {i} breaks the Super Munchkin rule")
            if any(item not in p.carried for item in p.cheats):
                broken.append(f"player {i} has a Cheat! on an item not in play")
        if self.state.flow.name in (KICK, CREATION) and len(self.state.flow.stack) != 1:
            broken.append(f"a turn starts with interruptions left on the flow: {self.state.flow.stack}")
        if self.state.flow.name == KICK and not self.state.draws and self.state.turns:
            before = (self.state.current - 1) % self.params.players
            if len(self.state.players[before].hand) > self.hand_limit(before):
                broken.append(f"player {before} ended the turn over the hand limit")
        return broken

    # ----- what a seat may see ---------------------------------------------------------------
    def observe(self, player: int | None) -> dict[str, Any]:
        """Everything on the table is public (levels, races, classes, items in play, curses, the fight,
        the discards, the body); a seat sees its own hand, the other hands as counts, and of the decks
        only their sizes (neither their order nor their contents)."""
        full = self.state_dict()
        for p, seat in zip(self.state.players, full["players"], strict=True):
            seat["hand_size"] = len(p.hand)
        if player is None:
            return full
        for i, seat in enumerate(full["players"]):
            if i != player:
                del seat["hand"]
        for deck in ("door_deck", "treasure_deck"):
            full[deck] = len(full[deck])
        return full

    def describe_view(self, player: int | None) -> str:
        """:meth:`describe_state` and the hand(s) ``player`` may see (``None``: every hand)."""
        seats = range(self.params.players) if player is None else (player,)
        lines = [self.describe_state()]
        for i in seats:
            hand = ", ".join(_name(c) for c in sorted(self.state.players[i].hand)) or "empty"
            owner = "your" if player is not None else f"player {i}'s"
            lines.append(f"  {owner} hand: {hand}")
        return "\n".join(lines)

    @classmethod
    def heuristic_agent(cls) -> Agent:
        from .agents import HeuristicAgent

        return HeuristicAgent()

    def character(self, player: int) -> str:
        """"female Half-Breed Elf Warrior/Wizard (Chicken on Your Head)": sex, races, classes, lasting curses."""
        p = self.state.players[player]
        races = "/".join(self.card(r).name for r in (p.race, p.race2) if r) or "Human"
        classes = "/".join(self.card(c).name for c in (p.cls, p.cls2) if c) or "no class"
        half = "Half-Breed " if p.half_breed else ""
        curses = ", ".join(self.card(c).name.removeprefix("Curse! ") for c in p.curses)
        return f"{p.sex} {half}{races} {classes}" + (f" ({curses})" if curses else "")

    def describe_state(self) -> str:
        lines = []
        for i, p in enumerate(self.state.players):
            marker = ">" if i == self.state.current else " "
            lines.append(f"{marker} player {i}: level {p.level} {self.character(i)}, strength {self.strength(i)}, "
                         f"{len(p.hand)} cards in hand, items: " + (", ".join(_name(c) for c in p.carried) or "none"))
        if self.state.combat:
            lines.append(f"  fight: {self.monster_names()}, munchkin {self.fighter_strength()} "
                         f"v monster {self.monster_strength()}")
        return "\n".join(lines)


register(MunchkinGame)
