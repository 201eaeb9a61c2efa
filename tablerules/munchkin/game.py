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
offer says who draws first) or an item; the helper's strength joins the fighter's, the monster's modifiers count once
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
trading items in play outside combat; showing your hand; Cheat! (carry an item you could not legally use); Divine
Intervention (every cleric goes up a level, even to 10); Go Up a Level in other players' fights.

The rules live in :mod:`tablerules.munchkin.rules`, one module per subject, mixed into
:class:`MunchkinGame`; this module wires the state (:mod:`.state`), the turn flow and the rules. The
decisions are in docs/rules/munchkin.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from ..core.agents import Agent
from ..core.cards import card_index, sorted_copies
from ..core.identity import identity_cards
from ..core.protocol import Action, ChanceStep, Game, GameInfo, Information, Result
from ..core.registry import register
from ..core.words import counted
from ..families.munchkin import WIN_LEVEL
from .actions import (
    _RUN_ROLL,
    _STEAL_ROLL,
    CHANGE_SEX_PENALTY,
    CHARM_MIN_HAND,
    FROM_HAND,
    LASTING,
    MAX_POWER_DISCARDS,
    POWER_CLASS,
    RULE_OF,
    STEAL_NEED,
    AnswerHelp,
    AnswerTrade,
    AskHelp,
    Backstab,
    Charm,
    ChaseAway,
    ChooseLoss,
    ClassPower,
    DiscardCard,
    EndTurn,
    Fight,
    GiveCard,
    GiveItem,
    GiveUp,
    KickDoor,
    LookForTrouble,
    LootBody,
    LootRoom,
    MunchkinParams,
    OfferTrade,
    Pass,
    PlayCard,
    PlayCheat,
    PlayCurse,
    PlayEnhancer,
    PlayMate,
    PlayOneShot,
    PlayWandering,
    Ready,
    RemoveCurse,
    Resurrect,
    RollToRun,
    RunAway,
    SellItem,
    ShowHand,
    Steal,
    _name,
    one_each,
)
from .cards import copies, load_cards
from .rules import BadStuff, Choices, CombatRules, DoorRules, Strength, Trading
from .state import (
    ASKING,
    CHARITY,
    CHOOSE_LOSS,
    COMBAT,
    CREATION,
    DEALING,
    FIRST,
    INTERFERENCE,
    KICK,
    LOOTING,
    RUN_ROLL,
    RUNNING,
    STAGE,
    STEAL_ROLL,
    TRADE,
    Combat,
    Draw,
    Munchkin,
    MunchkinState,
)

__all__ = ["CHANGE_SEX_PENALTY", "CHARM_MIN_HAND", "FROM_HAND", "LASTING", "MAX_POWER_DISCARDS", "POWER_CLASS",
           "RULE_OF", "STEAL_NEED", "AnswerHelp", "AnswerTrade", "AskHelp", "Backstab", "Charm", "ChaseAway",
           "ChooseLoss", "ClassPower", "Combat", "DiscardCard", "EndTurn", "Fight", "GiveCard", "GiveItem", "GiveUp",
           "KickDoor", "LookForTrouble", "LootBody", "LootRoom", "Munchkin", "MunchkinGame", "MunchkinParams",
           "OfferTrade", "Pass", "PlayCard", "PlayCheat", "PlayCurse", "PlayEnhancer", "PlayMate", "PlayOneShot",
           "PlayWandering", "Ready", "RemoveCurse", "Resurrect", "RollToRun", "RunAway", "SellItem", "ShowHand",
           "Steal", "one_each"]


#: (deck, player, face) -> what a draw is called (its chance step's description)
_WHAT: dict[tuple[str, int, str], str] = {}


class MunchkinGame(Strength, Choices, DoorRules, CombatRules, BadStuff, Trading, Game):
    """The Munchkin card game for 3-6 players (seed 000)."""

    name = "munchkin"
    title = "Munchkin (小白世纪)"
    action_types = (Ready, PlayCard, SellItem, KickDoor, LookForTrouble, LootRoom, Fight, RunAway, PlayOneShot,
                    PlayEnhancer, Pass, ClassPower, AskHelp, AnswerHelp, RollToRun, ChooseLoss, EndTurn, GiveCard,
                    DiscardCard, LootBody, GiveUp, PlayCurse, Backstab, PlayWandering, PlayCheat, PlayMate, Charm,
                    ChaseAway, GiveItem,
                    Steal, Resurrect, OfferTrade, AnswerTrade, RemoveCurse, ShowHand)
    Params = MunchkinParams
    max_length = 60_000
    info = GameInfo(min_players=3, max_players=6, chance=True, information=Information.IMPERFECT,
                    max_length=60_000, simultaneous=True)
    #: static tables: copies share them
    shared_attributes = ("cards", "card_index", "chasers", "_tags", "_kinds", "_kinds_now", "_fits")

    # ----- set-up ---------------------------------------------------------------------------
    def setup(self) -> None:
        self.cards = load_cards()
        self.card_index = card_index(self.cards)
        #: the classes some monster fears (``chased_by``: ChaseAway)
        self.chasers = frozenset(c.chased_by for c in self.cards.values() if c.chased_by)
        self._tags: dict[tuple, frozenset[str]] = {}
        self._kinds: dict[tuple[str, ...], dict[str, list[str]]] = {}  # a hand -> its cards by kind (Choices)
        self._kinds_now: dict[int, dict[str, list[str]]] = {}  # a seat -> its hand by kind, in this state
        self._fits: dict[tuple, dict] = {}  # a character and its items in play -> what it can carry (Strength)
        n = self.params.players
        self.state = MunchkinState(
            players=[Munchkin(sex="male" if i % 2 == 0 else "female") for i in range(n)],
            door_deck=copies(self.cards, "door"), treasure_deck=copies(self.cards, "treasure"),
            draws=[Draw(deck, p) for _ in range(self.params.deal) for p in range(n) for deck in ("door", "treasure")])
        self._settle()

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Game:
        """As the protocol's; a save made before the roll for the first player (its parameters have no
        ``first_player``) replays with seat 0 going first, as it did then."""
        params = data.get("params") if isinstance(data, Mapping) else None
        if isinstance(params, Mapping) and "first_player" not in params:
            data = {**data, "params": {**params, "first_player": 0}}
        return super().from_json(data)

    #: a saved action's JSON (its keys, values and their types) -> the action, shared by every load: a
    #: 2,000-action save repeats a few hundred distinct actions (draws of the same cards, passes, rolls)
    _decoded: ClassVar[dict[tuple, Action]] = {}

    @classmethod
    def decode_action(cls, data: Mapping[str, Any]) -> Action:
        """As the protocol's, remembered (actions are immutable: one object serves every save)."""
        try:
            values = tuple(data.values())
            key = (tuple(data), values, tuple(map(type, values)))
            known = cls._decoded.get(key)
        except (AttributeError, TypeError):  # not a mapping, or a value that is not hashable: the full check
            return super().decode_action(data)
        if known is None:
            known = super().decode_action(data)
            if len(cls._decoded) >= 1 << 16:
                cls._decoded.clear()
            cls._decoded[key] = known
        return known

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
    # ----- who acts -------------------------------------------------------------------------
    def current_players(self) -> tuple[int, ...]:
        st = self.state
        if st.choice is not None:
            return (st.choice.victim,)
        who = self._WHO.get(st.flow.name)
        return (st.current,) if who is None else who(st)

    #: who acts in a stage other than the current player's own
    _WHO: ClassVar[dict[str, Callable[[MunchkinState], tuple[int, ...]]]] = {
        CREATION: lambda st: (st.creating,),
        INTERFERENCE: lambda st: st.combat.window.to_act(),
        ASKING: lambda st: (st.combat.asked,),
        RUNNING: lambda st: (st.combat.runners[0],),
        LOOTING: lambda st: (st.looters[0],),
        CHARITY: lambda st: (st.charity_giver,),
        TRADE: lambda st: (st.trade.to,),
    }

    def stage(self) -> str:
        if self.state.choice is not None:
            return CHOOSE_LOSS
        return self.state.flow.name

    def pending_chance(self) -> ChanceStep | None:
        st = self.state
        if st.over_reason or st.choice is not None:
            return None
        if st.loot_roll:
            return self.loot_order_step()
        stage = st.flow.name
        if stage == FIRST:
            return self.first_player_step()
        if stage == RUN_ROLL:
            return _RUN_ROLL
        if stage == STEAL_ROLL:
            return _STEAL_ROLL
        if st.draws:
            draw = st.draws[0]
            deck, player, face = draw.deck, draw.player, draw.face
            what = _WHAT.get((deck, player, face))
            if what is None:
                what = _WHAT[deck, player, face] = "kick open the door" if face == "up" else (
                    f"player {player} draws a {deck} card" + (" face up" if face == "open" else ""))
            cards = st.door_deck if deck == "door" else st.treasure_deck
            return ChanceStep.draw(deck, what, cards)  # every copy is one card: equally likely
        return None

    # ----- the rules ------------------------------------------------------------------------
    def perform(self, action: Action) -> None:
        kind = type(action)
        handler = self._handlers.get(kind)
        if handler is None or type(self) is not MunchkinGame:  # a subclass may override a rule
            handler = getattr(type(self), "_do_" + kind.__name__)
            if type(self) is MunchkinGame:
                self._handlers[kind] = handler
        handler(self, action)
        self._settle()
        self._kinds_now = {}  # the hands by kind are found again (a new dictionary: copies keep theirs)

    def refresh(self) -> None:
        super().refresh()
        self._kinds_now = {}  # the state was changed by hand

    #: action type -> its rule (``_do_<Action>``), looked up once
    _handlers: ClassVar[dict[type, Callable[..., None]]] = {}

    def _settle(self) -> None:
        """Move on when nothing is left to choose or draw in the current step."""
        while True:
            st = self.state  # read once a pass (a rule may replace parts of it)
            if st.over_reason or st.choice is not None:
                return
            if st.draws:
                if self.owed_draw_possible():
                    return
                continue
            stage = st.flow.name
            if st.losses and stage != LOOTING:  # one body is looted at a time
                self.apply_next_loss()
                continue
            if stage == DEALING:
                st.flow.goto(STAGE[CREATION])
                self.event("the cards are dealt: create your characters")
                continue
            if stage == LOOTING and (not st.looters or not st.body):
                self.finish_looting()
                continue
            if stage == INTERFERENCE and st.combat.window.closed:
                if st.combat.window.settle():  # after any interference the fighter may answer
                    st.flow.goto(STAGE[COMBAT])
                    self.event("after the interference the fighter may answer")
                else:
                    self.resolve_combat()
                continue
            giver = st.charity_giver
            if stage == CHARITY and len(st.players[giver].hand) <= self.hand_limit(giver):
                st.charity_giver = None
                self.next_turn()
                continue
            return

    # ----- bad stuff and curses: the effect vocabulary ---------------------------------------
    # ----- the end of the turn ---------------------------------------------------------------
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

    def chance_faces(self) -> dict[str, range]:
        return {"d6": range(1, 7), "first": range(self.params.players)}

    def invariants(self) -> list[str]:
        broken = self.impossible_outcomes()
        if not 0 <= self.state.current < self.params.players:
            broken.append(f"player {self.state.current} is to play in a game of {self.params.players}")
        if sorted(self.all_cards()) != sorted_copies(self.cards, "door", "treasure"):
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
        for before in self.state.over_limit:  # checked as the turn ends: a dwarf may give up the race later
            broken.append(f"player {before} ended the turn over the hand limit")
        return broken

    # ----- what a seat may see ---------------------------------------------------------------
    def observe(self, player: int | None) -> dict[str, Any]:
        """Everything on the table is public (levels, races, classes, items in play, curses, the fight,
        the body); a seat sees its own hand, the other hands as counts, of the decks only their sizes
        (neither their order nor their contents), and of each face-up discard pile its top card and its
        size (English sheet: "You may not look through the discards"; ``None``: every card)."""
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
        for pile in ("door_discard", "treasure_discard"):
            full[f"{pile}_size"] = len(full[pile])
            full[pile] = full[pile][-1:]  # the top card only
        mine = set(self.state.players[player].hand)  # cards just got, in the other hands: hidden with them
        full["got_now"] = [c for c in full["got_now"] if c in mine]
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

    def describe_state(self) -> str:
        lines = []
        for i, p in enumerate(self.state.players):
            marker = ">" if i == self.state.current else " "
            items = ", ".join(_name(c) for c in p.carried) or "none"
            lines.append(f"{marker} player {i}: level {p.level} {self.character(i)}, strength {self.strength(i)}, "
                         f"{counted(len(p.hand), 'card')} in hand, items: {items}")
        if self.state.combat:
            lines.append(f"  fight: {self.monster_names()}, munchkin {self.fighter_strength()} "
                         f"v monster {self.monster_strength()}")
        return "\n".join(lines)


register(MunchkinGame)
