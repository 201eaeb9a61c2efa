"""Running away (p. 9-10, 逃跑): a hit per monster, then the room to run to, one d6 per monster (5 or more), bad
stuff where caught, nowhere to run; a Flight Potion before the roll."""

from __future__ import annotations

from typing import ClassVar

from ...core.cards import Effect, distinct
from ...core.protocol import Action
from ..actions import Flee, RollToRun, RunTo, made
from ..state import Loss, Step
from .common import RUN_DIRECTION, RUN_NEED, RUNNING


class RunningRules:
    """A part of :class:`~tablerules.quest.game.QuestGame`: running."""

    #: the actions this rule owns -> (its name, the gist of the rule) for a refused one
    REFUSALS: ClassVar[dict[type, tuple[str, str]]] = {
        Flee: ("running away", "a Flight Potion before the roll, to an explored adjacent room, not from the boss"),
        RunTo: ("running away", "a runner chooses an explored room next to the fight through a passable link (p. 9)"),
        RollToRun: ("running away", "one d6 per monster chasing you, in the order you choose (p. 9)"),
    }

    def run_modifier(self, runner: int, piece: str) -> int:
        """Running away (逃跑): elf +1, items' run bonuses, the monster's modifier, wizard flight."""
        h = self.state.heroes[runner]
        bonus = 1 if "elf" in self.frozen_tags(runner) else 0
        bonus += sum(self.card(c).run_bonus for c in h.carried
                     if self.card(c).kind == "item" and self.usable(runner, c))
        room = sum(r.modifier for r in self.rules(self.state.fight.room, "run"))
        return bonus + self.monster_card(piece).run_modifier + len(self.state.fight.flight) + room

    def escapes(self, runner: int) -> list[Flee]:
        """A magic escape (the Flight Potion) to an explored room next to the fight: before the roll, or
        instead of the running roll (p. 10: 如果你有允许魔法移动去其他房间，或者明确说明允许逃跑的卡牌，就可以直接使用，
        不用掷逃跑骰了), never from the boss (p. 11)."""
        f = self.state.fight
        if f.boss:
            return []
        cards = self.held(self.state.heroes[runner], "escape")
        return [made(Flee, runner, c, r) for c in cards for r in self.neighbours(f.room)] if cards else []

    def _direction_actions(self) -> list[Action]:
        """The first runner chooses an explored room next to the fight (p. 9), or a way out (edition 2)."""
        runner = self.state.fight.runners[0]
        escapes = self.escapes(runner) if self.params.rules >= 2 else []
        return [*(made(RunTo, runner, r) for r in self.neighbours(self.state.fight.room)), *escapes]

    def _running_actions(self) -> list[Action]:
        """The runner rolls for each monster chasing, in the order chosen (p. 9); a wizard's flight first."""
        f = self.state.fight
        runner = f.runners[0]
        escapes = self.escapes(runner) if self.params.rules >= 2 and len(f.chasing) == len(f.monsters) else []
        return [*self._powers(runner, "flight"), *(made(RollToRun, runner, m) for m in distinct(f.chasing)), *escapes]

    def _do_Flee(self, action: Flee) -> None:
        h = self.state.heroes[action.player]
        f = self.state.fight
        (h.hand if action.card in h.hand else h.carried).remove(action.card)
        self._discard(action.card)
        self.event(action.describe())
        if action.player in f.runners:  # instead of the running roll: no die, no bad stuff
            f.destination[action.player] = action.room
            self._arrive_after_running(action.player)
            return
        self.state.dungeon.munchkins[h.colour] = action.room
        f.runners = []
        self.end_fight(returned=True)  # the munchkins left the room before the roll (p. 8)

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
        self.state.stage_name = RUN_DIRECTION

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
        self.state.stage_name = RUNNING

    def _do_RollToRun(self, action: RollToRun) -> None:
        f = self.state.fight
        f.chasing.remove(action.monster)
        f.chasing.insert(0, action.monster)
        if self.state.heroes[action.player].level <= self.monster_card(action.monster).no_pursuit_up_to:
            self.event(f"{self.monster_card(action.monster).name} does not pursue munchkins of level "
                       f"{self.monster_card(action.monster).no_pursuit_up_to} or below")
            self._next_chaser()
            return
        self.state.pending.insert(0, Step("run die"))

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
        self.state.stage_name = RUN_DIRECTION
