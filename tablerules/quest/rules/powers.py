"""Class powers (p. 15, 职业能力 / d10威能: at most your level works): berserk, turning, flight, backstab (a discarded
card each, 3 a fight); the thief's steal, the wizard's teleport, the warrior's fury."""

from __future__ import annotations

from typing import ClassVar

from ...core.protocol import Action
from ..actions import D10Power, Power, made
from ..state import Step
from .common import MAX_POWER_DISCARDS, POWER_CLASS


class PowerRules:
    """A part of :class:`~tablerules.quest.game.QuestGame`: powers."""

    #: the actions this rule owns -> (its name, the gist of the rule) for a refused one
    REFUSALS: ClassVar[dict[type, tuple[str, str]]] = {
        Power: ("class powers", "berserk, turning, flight and backstab discard up to 3 cards a fight (p. 15)"),
        D10Power: ("class powers", "a class d10 power: once a turn (fury once a fight), with a target (p. 15)"),
    }

    def _run_in_to_backstab(self, player: int) -> None:
        """p. 6 回合外的移动: "有些时候可以在其他玩家的回合之内移动，比如说...跑去背刺": a thief next door runs into the
        fight's room to backstab, out of turn, spending no move (rules edition 2)."""
        f, where = self.state.fight, self.state.dungeon.munchkins
        colour = self.state.colours[player]
        if self.params.rules >= 2 and where[colour] != f.room:
            where[colour] = f.room
            self.event(f"player {player} runs into the {self.state.dungeon.rooms[f.room].name} to backstab "
                       "(out of turn: no move spent)")

    def _d10_powers(self, p: int) -> list[Action]:
        """Outside fights, once a turn: the thief's steal, the wizard's teleport."""
        tags = self.frozen_tags(p)
        if "thief" not in tags and "wizard" not in tags:
            return []
        here = self.room_of(p).id
        out: list[Action] = []
        loot: list[str] = []
        if "thief" in tags and (p, "steal") not in self.state.powers_used:
            for q in range(self.params.players):
                if q != p and not self.state.heroes[q].dead and self.room_of(q).id == here:
                    loot += [c for c in self.state.heroes[q].carried if not self.card(c).big and self._receives(p, c)]
            out += [made(D10Power, p, "steal", c) for c in self.once(loot)]
        if "wizard" in tags and (p, "teleport") not in self.state.powers_used:
            out += [made(D10Power, p, "teleport", r) for r in sorted(self.state.dungeon.rooms) if r != here]
        return out

    def _do_D10Power(self, action: D10Power) -> None:
        self.state.powers_used.add((action.player, action.power))
        self.event(action.describe())
        self.state.pending.insert(0, Step("power", player=action.player, power=action.power, target=action.target))

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
                self.hand_over(owner, player, target)
                self.event(f"player {player} steals {self.card(target).name} from player {owner}")
            else:
                h.level = max(1, h.level - 1)
                self.event(f"player {owner} catches the thief: player {player} loses a level ({h.level})")

    def _powers(self, p: int, power: str) -> list[Action]:
        f = self.state.fight
        if POWER_CLASS[power] not in self.frozen_tags(p) or len(f.power_cards(power)) >= MAX_POWER_DISCARDS:
            return []
        if power == "turning" and not any(self.monster_card(m).undead for m in f.monsters):
            return []
        if power == "backstab" and (p in f.backstabbers or not self.reaches(p, f.room) or self.state.heroes[p].dead):
            return []
        return [made(Power, p, power, c) for c in self.discardable(p)]

    def _do_Power(self, action: Power) -> None:
        f = self.state.fight
        self.discard_from(action.player, action.card)  # from the hand or from play (p. 15 弃牌能力)
        f.power_cards(action.power).append(action.card)
        if action.power == "turning" and self.params.rules >= 2:
            f.turners.append(action.player)
        if action.power == "backstab":
            f.backstabbers.append(action.player)
            self._run_in_to_backstab(action.player)
        if action.player != f.fighter and action.power != "flight":
            f.window.interfered = True
        self.event(action.describe())
