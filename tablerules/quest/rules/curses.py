"""Curses (p. 17, 诅咒; p. 5 任何时候都可以使用诅咒卡): played on a munchkin, answered with a Wishing
Ring or a cleric's d10, else they strike at once."""

from __future__ import annotations

from typing import ClassVar

from ...core.protocol import Action
from ..actions import AnswerCurse, PlayCurse, made, made_pairs
from ..state import CursePlayed, Loss, Step
from .common import ANSWER_CURSE


class CurseRules:
    """A part of :class:`~tablerules.quest.game.QuestGame`: curses."""

    #: the actions this rule owns -> (its name, the gist of the rule) for a refused one
    REFUSALS: ClassVar[dict[type, tuple[str, str]]] = {
        PlayCurse: ("curses", "a curse from your hand on a living munchkin, outside fights or in a fight's window "
                              "(p. 5, 17)"),
        AnswerCurse: ("curses", "only the curse's target answers it: take it, a Wishing Ring, or a cleric's d10"),
    }

    def _curses(self, p: int, targets: list[int]) -> list[Action]:
        cards = self.by_kind(self.state.heroes[p].hand).get("curse", ())
        return list(made_pairs(PlayCurse, p, cards, tuple(targets))) if cards else []

    def _curse_answers(self) -> list[Action]:
        target = self.state.curse.target
        h = self.state.heroes[target]
        out: list[Action] = [made(AnswerCurse, target, "accept")]
        out += [made(AnswerCurse, target, c) for c in self.held(h, "remove_curse")]
        if "cleric" in self.frozen_tags(target):
            out.append(made(AnswerCurse, target, "pray"))
        return out

    def _do_PlayCurse(self, action: PlayCurse) -> None:
        self.state.heroes[action.player].hand.remove(action.card)
        self.event(action.describe())
        self.state.curse = CursePlayed(action.player, action.card, action.target)
        self.interrupt(ANSWER_CURSE, action.target)
        if len(self._curse_answers()) == 1:  # nothing to answer with: it strikes
            self.strike()

    def _do_AnswerCurse(self, action: AnswerCurse) -> None:
        if action.how == "accept":
            self.strike()
        elif action.how == "pray":
            self.state.pending.insert(0, Step("d10"))
        else:
            h = self.state.heroes[action.player]
            (h.hand if action.how in h.hand else h.carried).remove(action.how)
            self._discard(action.how)
            self.event(f"player {action.player}'s {self.card(action.how).name} cancels the curse")
            self._discard(self.state.curse.card)
            self.state.curse = None
            self.settle_interruption(ANSWER_CURSE)

    def prayer(self, face: int) -> None:
        """The cleric's d10 power: at most the level succeeds (seed p. 15, 17)."""
        copy, target = self.state.curse.card, self.state.curse.target
        level = self.state.heroes[target].level
        if face <= level:
            self.event(f"the d10 shows {face} (level {level}): the curse is stopped")
            self._discard(copy)
            self.state.curse = None
            self.settle_interruption(ANSWER_CURSE)
        else:
            self.event(f"the d10 shows {face} (level {level}): the prayer fails")
            self.strike()

    def strike(self) -> None:
        """A curse takes effect at once and is discarded; if nothing fits, nothing happens."""
        player, copy, target = self.state.curse.player, self.state.curse.card, self.state.curse.target
        self.state.curse = None
        self.settle_interruption(ANSWER_CURSE)
        card = self.card(copy)
        if card.lasting or card.next_fight:  # kept in front of the target, or for the next fight (rules/lasting.py)
            before = self.base_moves(target)
            self.keep_curse(target, copy)
            self._moves_changed(target, before)
        else:
            self._discard(copy)
            self.state.losses += [Loss(target, e, card.name) for e in card.effects]
        if self.state.fight is not None and player not in self.state.fight.side:
            self.state.fight.window.interfered = True
