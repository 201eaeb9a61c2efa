"""The turn flow as data (seed 001 p. 5, 玩家回合: "1.抓主角卡 2.移动 (探索, 战斗, 交易, 搜刮) 3.行善", then the monster
turn, p. 13): the turn's stages, who acts in each, what they may do, and what happens by itself once nobody has
anything left to choose or roll (settling: the dealt hands, a fight's response windows and dice, running away,
charity, the end of the turn).

:data:`STAGES` maps each stage (a name of :mod:`.common`, kept in :class:`~tablerules.core.flow.Flow` at the
bottom of the state's flow) to its :class:`StageRules`; the functions it names live with their subject
(combat, help, running, charity, turn). Interruptions (a victim choosing what bad stuff takes, a curse's target
answering) are pushed on the flow on top of the turn's stage and name their player themselves.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.actions import merge_actions
from ...core.flow import Stage
from ...core.protocol import Action
from ..actions import ChooseLoss, PlayCheat, TakeTreasure, made
from ..state import QuestState, Step
from .charity import CharityRules
from .combat import CombatRules
from .common import (
    AFTER_ROLL,
    ASKING,
    CHARITY,
    COMBAT,
    CREATION,
    DEALING,
    INTERFERENCE,
    MOVING,
    ROLLING,
    RUN_DIRECTION,
    RUNNING,
)
from .help import HelpRules
from .running import RunningRules
from .turn import TurnRules

if TYPE_CHECKING:
    from ..game import QuestGame


def _current(st: QuestState) -> tuple[int, ...]:
    return (st.current,)


def _nothing(game: QuestGame) -> list[Action]:
    return []


def _stays(game: QuestGame) -> bool:
    return False


@dataclass(frozen=True)
class StageRules:
    """One stage of the turn: who acts (from the state), their actions, and ``settle``: what happens by
    itself when nothing is left to choose or roll (true when it moved the game on, so settling goes on)."""

    who: Callable[[QuestState], tuple[int, ...]] = _current
    actions: Callable[[QuestGame], list[Action]] = _nothing
    settle: Callable[[QuestGame], bool] = _stays


# ----- settling, stage by stage --------------------------------------------------------------------
def _dealt(game: QuestGame) -> bool:
    """The opening hands are dealt (p. 4): character creation begins."""
    game.state.stage_name = CREATION
    game.event("the cards are dealt: play races, classes and items from your opening hands")
    return True


def _interference_over(game: QuestGame) -> bool:
    """Everybody answered "I'm rolling" (p. 9): after any interference the fighter may answer, else the dice."""
    if not game.state.fight.window.closed:
        return False
    if game.state.fight.window.settle():  # somebody interfered: the fighter may answer
        game.state.stage_name = COMBAT
        game.event("after the interference the fighter may answer")
    else:
        game.roll_dice()
    return True


def _rolled(game: QuestGame) -> bool:
    """Every combat die is rolled (p. 9): the window after the roll (a Loaded Die)."""
    if game.state.pending:
        return False
    game.after_the_roll()
    return True


def _after_roll_over(game: QuestGame) -> bool:
    """Nobody turns a die any more: the fight is won or lost (p. 9)."""
    if not game.state.fight.window.closed:
        return False
    game.resolve_fight()
    return True


def _direction_settled(game: QuestGame) -> bool:
    """Running away (p. 9-10): no explored room to run to is the bad stuff of every monster; nobody left to
    run ends the fight."""
    f = game.state.fight
    if f.runners and not game.neighbours(f.room):
        game.nowhere_to_run()
        return True
    if not f.runners:
        game.end_fight()
        return True
    return False


def _running_settled(game: QuestGame) -> bool:
    """Running away (p. 9-10): nobody left to run ends the fight; a runner no monster chases any more arrives."""
    f = game.state.fight
    if not f.runners:
        game.end_fight()
        return True
    if not f.chasing:
        game._arrive_after_running(f.runners[0])
        return True
    return False


def _charity_done(game: QuestGame) -> bool:
    """Charity (p. 7, 行善) is over once the giver's hand is within the limit: the monster turn."""
    giver = game.state.charity_giver
    if len(game.state.heroes[giver].hand) > game.hand_limit(giver):
        return False
    game.state.charity_giver = None
    game.to_monster_turn()
    return True


def _turn_ended(game: QuestGame) -> bool:
    """A turn ended from inside a step (the boss lost, ...) goes on to the monster turn (p. 13)."""
    if not game.state.turn_ends:
        return False
    game.state.turn_ends = False
    game.to_monster_turn()
    return True


#: the turn's stages: who acts, what they may do, what settles by itself (a stage not listed: the current
#: player, no actions, nothing by itself: the monster turn, whose steps are the crawl's)
STAGES: dict[str, StageRules] = {
    DEALING: StageRules(settle=_dealt),
    CREATION: StageRules(who=lambda st: (st.creating,), actions=TurnRules._creation_actions),
    MOVING: StageRules(actions=lambda game: game._moving_actions(game.state.current), settle=_turn_ended),
    COMBAT: StageRules(actions=CombatRules._combat_actions),
    ASKING: StageRules(who=lambda st: (st.fight.asked,), actions=HelpRules._help_answers),
    INTERFERENCE: StageRules(who=lambda st: st.fight.window.to_act(), actions=CombatRules._interference_actions,
                             settle=_interference_over),
    ROLLING: StageRules(settle=_rolled),
    AFTER_ROLL: StageRules(who=lambda st: st.fight.window.to_act(), actions=CombatRules._after_roll_actions,
                           settle=_after_roll_over),
    RUN_DIRECTION: StageRules(who=lambda st: (st.fight.runners[0],), actions=RunningRules._direction_actions,
                              settle=_direction_settled),
    RUNNING: StageRules(who=lambda st: (st.fight.runners[0],), actions=RunningRules._running_actions,
                        settle=_running_settled),
    CHARITY: StageRules(who=lambda st: (st.charity_giver,), actions=CharityRules._charity_actions,
                        settle=_charity_done),
}
_ELSEWHERE = StageRules()
_OWN_LISTING = frozenset((MOVING, COMBAT, INTERFERENCE, CREATION))  # FlowRules._list_legal's own stages
_combat_actions, _interference_actions = CombatRules._combat_actions, CombatRules._interference_actions


class FlowRules:
    """A part of :class:`~tablerules.quest.game.QuestGame`: the turn flow (who acts, the legal actions,
    settling), read off :data:`STAGES`."""

    def current_players(self) -> tuple[int, ...]:
        st = self.state
        if st.pending and not isinstance(st.pending[0], Step):
            return (st.current,)  # the crawl's own choices (a base colour, a wandering monster)
        if len(st.flow.stack) > 1:  # an interruption: the victim of bad stuff, a curse's target
            return st.flow.players
        return STAGES.get(st.flow.stack[0].name, _ELSEWHERE).who(st)  # (st.stage_name)

    def interrupt(self, name: str, player: int) -> None:
        """Push an interruption of the turn flow that ``player`` settles (core.flow: push / pop)."""
        self.state.flow.push(Stage(name, (player,)))

    def settle_interruption(self, name: str) -> None:
        """Pop the interruption ``name`` (the topmost of that name), going back to where the flow was."""
        stack = self.state.flow.stack
        for i in range(len(stack) - 1, 0, -1):
            if stack[i].name == name:
                del stack[i]
                return

    def player_actions(self) -> list[Action]:
        if self.state.pending:
            step = self.state.pending[0]
            return [] if isinstance(step, Step) else super().player_actions()
        if self.state.choice is not None:
            victim, options = self.state.choice.victim, self.state.choice.options
            return [made(ChooseLoss, victim, c) for c in options]
        if self.state.curse is not None:
            return self._curse_answers()
        if self.state.picker is not None:
            return [made(TakeTreasure, self.state.picker, c) for c in self.once(self.state.pick_from)]
        return STAGES.get(self.state.stage_name, _ELSEWHERE).actions(self)

    def _list_legal(self) -> tuple[Action, ...]:
        """The protocol's listing (the stage's actions, then the any-time actions of whoever acts that it
        does not list already); in the moving stage, a fight and its "I'm rolling" window only the any-time
        parts the stage does not list are worked out (``AnytimeRules._unlisted_anytime``); in character
        creation nobody has any."""
        st = self.state
        stage = st.flow.stack[0].name  # (st.stage_name)
        if stage not in _OWN_LISTING or st.pending or st.over_reason or st.choice is not None \
                or st.curse is not None or st.picker is not None or len(st.flow.stack) > 1:
            return super()._list_legal()
        if stage == INTERFERENCE:
            actions = _interference_actions(self)
            extra = [a for p in st.fight.window.to_act() for a in self._unlisted_anytime(p, stage)]
            return tuple(merge_actions(actions, extra) if extra else actions)
        if stage == CREATION:
            return tuple(self._creation_actions())  # (anytime_actions: nothing before the game starts)
        p = st.current
        if st.heroes[p].dead or (stage == COMBAT and st.fight.fighter != p):
            return super()._list_legal()
        if stage == MOVING:
            hand = self.by_kind(st.heroes[p].hand)
            actions = self._moving_actions(p, hand)
            if "enhancer" not in hand and "cheat" not in hand:  # (_unlisted_anytime lists nothing else here)
                return tuple(actions)
        else:
            actions = _combat_actions(self)
        extra = self._unlisted_anytime(p, stage)
        if extra:  # distinct, and of kinds the stage does not list (but a Cheat! while moving)
            if stage == MOVING and type(extra[-1]) is PlayCheat:
                return tuple(merge_actions(actions, extra))
            actions += extra
        return tuple(actions)

    def _settle(self) -> None:
        """Move on when nothing is left to choose or roll in the current step."""
        st = self.state
        if "health" in self.card_properties():  # items with extra health tokens (p. 15 生命值)
            self.sync_health()
        if st.pending and not isinstance(st.pending[0], Step):
            super()._settle()  # the crawl's (its monster draw with no card left; a Step never is one)
        while not st.over_reason:
            if st.pending:
                step = st.pending[0]
                if not isinstance(step, Step):
                    return
                kind = step.kind
                if kind == "check room":
                    st.pending.pop(0)
                    self.check_room()
                    continue
                if kind == "first pick":
                    self.first_pick(st.pending.pop(0))
                    continue
                if kind == "draw" and not (st.dxm_deck if step.deck == "dxm" else st.treasure_deck):  # _deck()
                    if self.reshuffle(step.deck):
                        return
                    st.pending.pop(0)
                    self.event(f"no {step.deck} card is left: nobody draws")
                    continue
                return
            if st.choice is not None or st.curse is not None or st.picker is not None:
                return
            if st.losses:
                self.apply_next_loss()
                continue
            if not STAGES.get(st.flow.stack[0].name, _ELSEWHERE).settle(self):  # the turn's stage_name
                return
