"""Reading the table: strength, tags, slots, the fight's totals and running-away modifiers.

Seed 000, 战斗: "把你的等级加上所有加值来与怪物的等级比较" (your level plus every bonus against the monster's
level); ties go to the monster unless a warrior fights; 人物属性: items have class, race and sex
restrictions, one headgear, armour and footgear, two hands, one big item (a dwarf carries any number).
The arithmetic shared with Munchkin Quest is in :mod:`tablerules.families.munchkin`.
"""

from __future__ import annotations

from ...core.identity import character_tags
from ...families.munchkin import (
    beats,
    hand_limit,
    monster_total,
    race_run_bonus,
)
from ..actions import CHANGE_SEX_PENALTY
from ..cards import Card, card_of


def usable_by(tags: frozenset[str], card: Card) -> bool:
    """Whether a character with these race, class and sex ``tags`` may use ``card`` (人物属性: "only" and
    "not for")."""
    return (not card.only or not tags.isdisjoint(card.only)) and tags.isdisjoint(card.not_for)


class Strength:
    """The strength rules of :class:`~tablerules.munchkin.game.MunchkinGame` (a mixin: ``self`` is the game)."""

    def card(self, copy: str) -> Card:
        try:  # read in every hot path: a subscript, the fallback only for ids the index lacks
            return self.card_index[copy]
        except KeyError:
            return card_of(self.cards, copy)

    def tags(self, player: int) -> set[str]:
        """Races (human without one; a Half-Breed with one race is half human), classes, and sex: what
        monster modifiers and items look at (混血和超级小白)."""
        return set(self._frozen_tags(player))

    def _frozen_tags(self, player: int) -> frozenset[str]:
        p = self.state.players[player]
        key = (p.sex, p.race, p.race2, p.half_breed, p.cls, p.cls2)
        known = self._tags.get(key)  # a pure function of these cards: remembered, it is read very often
        if known is None:
            known = self._tags[key] = frozenset(character_tags(p, self.card))
        return known

    def usable(self, player: int, card: Card) -> bool:
        """Class, race and sex restrictions (人物属性): "only" and "not for"."""
        return usable_by(self._frozen_tags(player), card)

    def works(self, player: int, copy: str) -> bool:
        """An item in play gives its bonus if its owner may use it, or a Cheat! is on it."""
        return copy in self.state.players[player].cheats or self.usable(player, self.card(copy))

    def foe(self, copy: str) -> Card:
        """The monster card a fighting monster stands for (a Mate stands for the monster it doubles)."""
        return self.card(self.state.combat.mate_of.get(copy, copy) if self.state.combat else copy)

    def chicken(self, player: int) -> int:
        """Chicken on Your Head: -1 on every die roll while the curse stays."""
        curses = self.state.players[player].curses
        if not curses:
            return 0
        return -sum(1 for c in curses if self.card(c).effects[0].effect == "chicken")

    def hand_limit(self, player: int) -> int:
        return hand_limit(self._frozen_tags(player))

    def can_carry(self, player: int, copy: str, without: str = "") -> bool:
        """Equipment slots: one headgear, armour and footgear; two hands; one big item unless a dwarf
        (``without``: as if that item had left play, for a swap). Remembered per character and items in
        play (:meth:`fits`): the listings ask it for every item and seat after nearly every move."""
        fits = self.fits(player)
        key = (copy, without) if without else copy
        known = fits.get(key)
        if known is None:
            known = fits[key] = self._can_carry(player, copy, without)
        return known

    def fits(self, player: int) -> dict:
        """What ``player`` can carry (copy, or (copy, without) -> bool), as far as worked out: one table
        per character (its tags) and items in play, shared by every state and copy of the game."""
        p = self.state.players[player]
        key = (self._frozen_tags(player), *p.carried)
        known = self._fits.get(key)
        if known is None:
            if len(self._fits) >= 4096:
                self._fits.clear()
            known = self._fits[key] = {}
        return known

    def _can_carry(self, player: int, copy: str, without: str = "") -> bool:
        card = self.card(copy)
        if card.kind not in ("item", "one_shot") or not self.usable(player, card):
            return False
        carried = [self.card(c) for c in self.state.players[player].carried if c != without]
        if card.slot in ("headgear", "armour", "footgear") and any(c.slot == card.slot for c in carried):
            return False
        hands = sum(1 if c.slot == "hands1" else 2 if c.slot == "hands2" else 0 for c in carried)
        need = 1 if card.slot == "hands1" else 2 if card.slot == "hands2" else 0
        if hands + need > 2:
            return False
        return not (card.big and "dwarf" not in self._frozen_tags(player) and any(c.big for c in carried))

    def strength(self, player: int) -> int:
        """Level plus the bonuses of usable carried items (a lost race or class can leave items unusable)."""
        p = self.state.players[player]
        if not p.carried:
            return p.level
        total = p.level
        for c in p.carried:
            card = self.card(c)
            if card.kind == "item" and (c in p.cheats or self.usable(player, card)):  # as works()
                total += card.bonus  # a one-shot counts when used
        return total

    def side_tags(self) -> set[str]:
        """Race, class and sex tags of everybody on the munchkins' side (a modifier counts once)."""
        c = self.state.combat
        tags = set(self._frozen_tags(c.fighter))
        if c.helper is not None:
            tags |= self._frozen_tags(c.helper)
        return tags

    def fighter_strength(self) -> int:
        """The munchkins' side: fighter and helper strengths, one-shots for them, berserk and turning;
        -5 for each munchkin of the side under Change Sex (诅咒: "改变性别"会让你的下次战斗承受减值)."""
        c = self.state.combat
        assert c is not None
        side = c.side
        players = self.state.players
        total = 0
        for p in side:
            total += self.strength(p)
            if players[p].curses:
                total -= CHANGE_SEX_PENALTY * len(self.sex_changes([p]))
        for x in c.munchkin_one_shots:
            total += self.card(x).bonus
        if c.turning and any(self.foe(m).undead for m in c.monsters):
            total += 3 * len(c.turning)
        return total + len(c.berserk) - 2 * len(c.backstabs)

    def monster_strength(self) -> int:
        """The monsters' levels (several monsters: their sum), their modifiers against the munchkins'
        side, enhancers and one-shots played for them."""
        c = self.state.combat
        assert c is not None
        tags = self.side_tags()  # a helper elf against the Drooling Slime: +4 once, not twice
        total = 0
        for copy in c.monsters:
            monster = self.foe(copy)
            enhancers = (self.card(e).bonus for e in self.enhancers_on(copy)) if c.enhanced else ()
            total += monster_total(monster.level, ((m.bonus, m.against) for m in monster.modifiers), tags, enhancers)
        for x in c.monster_one_shots:
            total += self.card(x).bonus
        return total

    def enhancers_on(self, copy: str) -> list[str]:
        """The enhancers played on a monster of the fight (a Mate has those of the monster it doubles)."""
        c = self.state.combat
        if not c.enhanced:
            return []
        target = c.mate_of.get(copy, copy)
        return [e for e, m in c.enhanced.items() if m == target]

    def sex_changes(self, side: list[int]) -> list[str]:
        players = self.state.players
        return [x for p in side for x in players[p].curses if self.card(x).effects[0].effect == "change_sex"]

    def winning(self) -> bool:
        """The munchkin beats the monster with a greater total; a warrior also wins ties."""
        c = self.state.combat
        assert c is not None
        mine, theirs = self.fighter_strength(), self.monster_strength()
        return beats(mine, theirs, warrior="warrior" in self.side_tags())

    def run_modifier(self, runner: int | None = None, monster: str | None = None) -> int:
        """Running away (逃跑): elf +1, halfling -1, items, the monster's own modifier, wizard flight."""
        c = self.state.combat
        assert c is not None
        runner = c.runners[0] if runner is None else runner
        monster = monster or (c.chasing[0] if c.chasing else c.monsters[0])
        tags = self._frozen_tags(runner)
        p = self.state.players[runner]
        bonus = race_run_bonus(tags)
        if p.carried:
            bonus += sum(self.card(x).run_bonus for x in p.carried if self.works(runner, x))
        return bonus + self.foe(monster).run_modifier + len(c.flight) + self.chicken(runner)

    def treasure_count(self) -> int:
        """The treasures of the monsters in the fight (a Mate brings as many again, its enhancers' too)
        and of those a wizard charmed away."""
        c = self.state.combat
        total = c.charmed
        for m in c.monsters:
            total += self.foe(m).treasures
            if c.enhanced:
                total += sum(self.card(e).treasures for e in self.enhancers_on(m))
        return max(0, total)

    def monster_names(self) -> str:
        return " and ".join(self.foe(m).name + (" (Mate)" if m in self.state.combat.mate_of else "")
                            for m in self.state.combat.monsters) or "no monster"

    def character(self, player: int) -> str:
        """"female Half-Breed Elf Warrior/Wizard (Chicken on Your Head)": sex, races, classes, lasting curses."""
        p = self.state.players[player]
        races = "/".join(self.card(r).name for r in (p.race, p.race2) if r) or "Human"
        classes = "/".join(self.card(c).name for c in (p.cls, p.cls2) if c) or "no class"
        half = "Half-Breed " if p.half_breed else ""
        curses = ", ".join(self.card(c).name.removeprefix("Curse! ") for c in p.curses)
        return f"{p.sex} {half}{races} {classes}" + (f" ({curses})" if curses else "")
