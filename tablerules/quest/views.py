"""Reading a Munchkin Quest game: the end and its result, where every card is (the invariants the harness
checks), and what each seat may see (its observation: its own hand, the other hands as counts, the decks as
sizes; seed 001 keeps hands and decks hidden)."""

from __future__ import annotations

from typing import Any

from ..core.cards import sorted_copies
from ..core.identity import identity_cards
from ..core.protocol import Result
from .heroes import BACKPACK, WIN_LEVEL
from .rules.common import ANSWER_CURSE, CHOOSE_LOSS, FIRST_PICK
from .textmap import MAP_KEY, rooms_by_occupant, text_map


class QuestViews:
    """A part of :class:`~tablerules.quest.game.QuestGame`: the result, the invariants and the seat views."""

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
            places += [f.munchkin_one_shots, f.monster_one_shots, f.loaded, f.curses]
        places += list(self.state.curses_on.values()) + list(self.state.next_fight.values())  # curses kept (p. 17)
        if self.state.curse is not None:
            places.append([self.state.curse.card])
        return [c for place in places for c in place]

    def chance_faces(self) -> dict[str, Any]:
        return {**super().chance_faces(), "d6": range(1, 7), "d10": range(1, 11)}

    def invariants(self) -> list[str]:
        broken = super().invariants()
        if self.state.fight is not None and self.state.fight.boss:
            # "除了Boss战以外，任何怪物都不能在入口停留": during the boss fight its companions stand there, and so does
            # a monster brought into the fight that ignores the fighter (it stands by; it goes with the boss)
            broken = [b for b in broken if b != "a monster stands in the entrance"]
        if sorted(self.all_cards()) != sorted_copies(self.cards, "dxm", "treasure"):
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
        waiting = [s.name for s in self.state.flow.stack[1:]]
        expected = [n for n, w in ((CHOOSE_LOSS, self.state.choice), (ANSWER_CURSE, self.state.curse),
                                   (FIRST_PICK, self.state.picker)) if w is not None]
        if sorted(waiting) != sorted(expected):
            broken.append(f"the turn flow is interrupted by {waiting} but {expected} wait")
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
        lines += [MAP_KEY, text_map(st.dungeon)]
        lines += [f"  {line}" for line in rooms_by_occupant(st.dungeon, lambda m: self.monster_card(m).name)]
        return "\n".join(lines)
