"""The turn (seed 001 p. 5-7, 游戏回合 / 玩家回合): ready, the turn's DxM card, revival at the start of a turn, checking
the room, ending the turn, the monster turn, the next player; card draws as chance steps."""

from __future__ import annotations

from typing import ClassVar

from ...core.protocol import Action, Chance
from ..actions import BuyLevel, FightAnyway, Heal, PickUp, Ready, Search, SpendItem, Suicide, made
from ..exploration import EndTurn, _Pending
from ..geometry import Colour
from ..heroes import START_GOLD, WIN_LEVEL
from ..search_table import RoomToken
from ..state import Step
from .common import CHARITY, DECK_NAMES, FIRST_PLAYER, LEVEL_PRICE, MONSTER_TURN, MOVING, REVIVE_CARDS

#: (player, deck) -> what the other seats read of a face-down draw
_HIDDEN_DRAWS: dict[tuple[int, str], str] = {}


def _hidden_draw(player: int, deck: str) -> str:
    text = _HIDDEN_DRAWS[(player, deck)] = f"player {player} draws a {DECK_NAMES[deck]} card face down"
    return text


#: player -> the last two actions of a moving-stage listing (Suicide, EndTurn), shared
_CLOSING: dict[int, tuple[Action, Action]] = {}


class TurnRules:
    """A part of :class:`~tablerules.quest.game.QuestGame`: turn."""

    #: the actions this rule owns -> (its name, the gist of the rule) for a refused one
    REFUSALS: ClassVar[dict[type, tuple[str, str]]] = {
        Ready: ("character creation", "each player in turn gets ready once, before the first turn (p. 5)"),
        EndTurn: ("turn", "the player whose turn it is ends it, with nothing left to resolve (p. 5)"),
    }

    def roll_for_first_player(self) -> None:
        """Not at set-up: the whole game rolls for the first player once everybody is ready (``_do_Ready``).
        (A save without ``rules`` replays as edition 1: :meth:`DungeonCrawl.from_json`.)"""

    def _do_Ready(self, action: Ready) -> None:
        self.state.creating += 1
        if self.state.creating >= self.params.players:
            if self.params.rules >= 2:  # p. 4 (开场和终局): 每个玩家掷个骰子，点数最高的先走
                self.state.stage_name = FIRST_PLAYER
                self.state.pending.append(Step("first"))
                return
            self.state.current = 0
            self.event("player 0 starts")
            self.start_turn()

    def first_player(self, player: int) -> None:
        """The dice for the first player (p. 4): the highest starts; ties roll again, so every player is
        equally likely (one chance step)."""
        self.state.current = player
        self.event(f"the dice for the first player: player {player} rolls highest and starts")
        self.start_turn()

    def start_turn(self) -> None:
        """Revive the dead (entrance, full health, 300 gold, 2 + 2 cards), draw a DxM card, then fight a
        monster in the room, or the boss."""
        p = self.state.current
        h = self.state.heroes[p]
        self.state.stage_name = MOVING
        self.state.searched = set()
        self.state.deals_done = set()
        self.state.powers_used = set()
        self.state.spent = 0
        if self.state.no_pickup:
            self.lift_pickup_bans(p)
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
        self.state.pending.append(Step("check room"))

    def check_room(self) -> None:
        p = self.state.current
        room = self.room_of(p)
        if self.state.fight is not None or self.state.stage_name != MOVING:
            return
        if room.entrance and self.state.heroes[p].level >= WIN_LEVEL and not self.state.heroes[p].dead:
            self.event(f"player {p}, at level 10 on the entrance, meets the boss")
            self.state.boss_pending = True
            self.state.pending.insert(0, _Pending("monster", at=room.at))
        elif self.state.dungeon.monsters_in(room.id):
            self.start_fight(room.id)

    def end_turn(self) -> None:
        p = self.state.current
        self.event(f"player {p} ends the turn")
        if len(self.state.heroes[p].hand) > self.hand_limit(p):
            self.state.charity_giver, self.state.charity_given = p, {}
            self.state.stage_name = CHARITY
            self.event(f"player {p} has more than {self.hand_limit(p)} cards: charity")
        else:
            self.to_monster_turn()

    def to_monster_turn(self) -> None:
        self.state.stage_name = MONSTER_TURN
        self.state.pending.append(_Pending("monster die"))

    def monster_turn(self, colour: Colour) -> None:
        """The rolled colour's player draws a DxM card; every monster moves (p. 13)."""
        if colour in self.state.colours:
            self.draw(self.state.colours.index(colour), "dxm")
        if self.params.card_packs:  # a card pack's monsters may smash links (p. 13)
            self.smash(colour)
        super().monster_turn(colour)

    def _next_player(self) -> None:
        self.state.turns += 1
        if self.state.turns >= self.params.max_turns:
            self.state.over_reason = f"nobody escaped the dungeon in {self.params.max_turns} turns"
            self.event(self.state.over_reason)
            return
        self.state.current = (self.state.current + 1) % self.params.players
        self.start_turn()

    def _creation_actions(self) -> list[Action]:
        """Character creation (p. 4): races, classes and items from the opening hand, then ready."""
        return [*self._plays(self.state.creating), made(Ready, self.state.creating)]

    def _moving_actions(self, p: int, hand: dict[str, tuple[str, ...]] | None = None) -> list[Action]:
        """The moving stage (p. 5-7) for the current player ``p`` (``hand``: ``by_kind`` of the hand, when the
        caller has it)."""
        st = self.state
        h = st.heroes[p]
        room = self.room_of(p)
        out: list[Action] = super().player_actions()  # the crawl's moves and explores, then its EndTurn
        out.pop()  # (nothing is pending here: the EndTurn comes last, below)
        room_id = room.id
        monsters_here = any(m.room == room_id for m in st.dungeon.monsters.values())
        if st.moves_left >= 1 and not monsters_here:
            if room.search is not None and room_id not in st.searched and \
                    st.tokens.get(room_id) is not RoomToken.PLUNDERED:
                out.append(made(Search, p))
            if (st.dropped.get(room_id) or st.dropped_gold.get(room_id)) and (
                    not st.no_pickup or self.pickable(p, room_id)):
                out.append(made(PickUp, p))
        if hand is None:
            hand = self.by_kind(h.hand)
        out += self._plays(p, hand)
        out += self._item_actions(p, hand)
        if h.level < 9 and (h.carried or h.backpack):
            out += [made(SpendItem, p, c) for c in self.items_once(h) if self.card(c).value]
        if h.level < WIN_LEVEL - 1 and st.spent + h.gold >= LEVEL_PRICE:
            out.append(made(BuyLevel, p))
        if h.level > 1 and h.health < h.max_health:
            out.append(made(Heal, p))
        if "curse" in hand:
            out += self._curses(p, [q for q in range(self.params.players) if not st.heroes[q].dead])
        out += self._give_ups(p)
        if "summon_wall" in hand:
            out += self._walls(p, hand)
        if monsters_here:
            out.append(made(FightAnyway, p))  # every monster here ignores you, or you would be fighting
        else:
            out += self._deals(p, room)
        out += self._d10_powers(p)
        if st.curses_on or st.next_fight or "boon" in hand:  # card properties of card packs
            out += self._lift_curses(p) + self._boons(p, hand)
        closing = _CLOSING.get(p)
        if closing is None:
            closing = _CLOSING[p] = (made(Suicide, p), made(EndTurn, p))
        out += closing
        return out

    def _deck(self, deck: str) -> tuple[list[str], list[str]]:
        st = self.state
        return (st.dxm_deck, st.dxm_discard) if deck == "dxm" else (st.treasure_deck, st.treasure_discard)

    def reshuffle(self, deck: str) -> bool:
        """p. 4: "任意牌堆的牌用完时，把相应的弃牌堆洗成新的牌堆": a deck found empty when a card is to be drawn takes
        the discards laid since it ran out (rules edition 2; edition 1 drew nothing); false when there are none."""
        pile, discard = self._deck(deck)
        if not discard or self.params.rules < 2:
            return False
        pile.extend(discard)
        discard.clear()
        self.event(f"the {deck} deck is empty: its discards are shuffled into a new deck")
        return True

    def draw(self, player: int, deck: str, n: int = 1, face: str = "down") -> None:
        self.state.pending += [Step("draw", deck, player, face)] * n

    def _resolve_step(self, action: Chance) -> None:
        st = self.state
        step = st.pending.pop(0)
        if step.kind == "draw":  # (the commonest step: a quarter of a random game's actions)
            deck, player = step.deck, step.player
            pile, discard = (st.dxm_deck, st.dxm_discard) if deck == "dxm" else (st.treasure_deck, st.treasure_discard)
            copy = str(action.outcome)
            pile.remove(copy)
            if not pile and discard:
                pile.extend(discard)
                discard.clear()
                self.event(f"the {deck} deck is empty: its discards are shuffled into a new deck")
            hero = st.heroes[player]
            hero.hand.append(copy)
            if deck == "treasure":
                hero.won.append(copy)
            if step.face == "open":
                self.event(f"player {player} draws {self.card(copy).name} face up")
            else:  # only the drawer reads the card (the referee's log has the whole line)
                self.event(f"player {player} draws {self.card(copy).name} face down", (player,),
                           _HIDDEN_DRAWS.get((player, deck)) or _hidden_draw(player, deck))
        elif step.kind == "first":
            self.first_player(int(action.outcome))
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
        elif step.kind == "boon":
            self.boon_roll(int(action.outcome), step)
