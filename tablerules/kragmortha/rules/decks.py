"""The decks as ordered piles (seed 004: 若抽到同樣則放回底下重抽, 傳送卡抽完才重洗, 偷看第一張).

A deck is its seen top cards, then its unseen cards, then the cards put under it. Nobody knows the
order of the unseen part, so a draw from it is a chance step uniform over its composition (exact
fractions); a peek is the same chance step, and the card then lies known on top (seen by the peeker)
until it is drawn, with certainty. Cards put under the deck come up only after the unseen ones.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from math import gcd
from typing import TYPE_CHECKING, Any

from ...core.actions import chance, outcome_words
from ...core.protocol import Action, Chance, ChanceStep
from ..data import TELEPORT_NAMES, card_name
from . import penalties  # (penalties reads can_get_penalty here: module imports keep the cycle safe)
from .cards import symbols_of

if TYPE_CHECKING:
    from ..game import Kragmortha

#: what a draw step reads ("{p}": who draws)
DRAW_WORDS = {"movement draw": "{p} draws a movement card", "penalty draw": "{p} draws a penalty card",
              "teleport draw": "{p} draws a teleport card", "teleport peek": "{p} peeks at the top teleport card",
              "tome draw": "{p} draws a magic tome card"}


def _card_words(outcome: object) -> str | None:
    if not isinstance(outcome, str):
        return None
    name = TELEPORT_NAMES.get(outcome) if outcome in TELEPORT_NAMES else card_name(outcome)
    return None if name == outcome else name


for _event in DRAW_WORDS:
    outcome_words(_event, _card_words)


class DeckDraw(ChanceStep):
    """Drawing from the unseen part of a deck, a multiset: each card id with probability (copies) /
    (cards), the outcomes in the order the ids first appear in the deck (as :meth:`ChanceStep.uniform`
    lists them). A playout meets one of these every other action and nearly always just picks an
    outcome, so the outcomes are listed only when asked for; :meth:`pick` and :meth:`allows` need only
    the counts, and :meth:`pick` draws exactly what :meth:`ChanceStep.pick` draws from the listed
    outcomes (one ``randrange`` over the least common denominator, then the cumulative weights)."""

    def __init__(self, event: str, cards: tuple[str, ...], player: int) -> None:
        self.__dict__.update(event=event, player=player, _cards=cards, _counts=None, _outcomes=None)

    @property
    def description(self) -> str:  # type: ignore[override]
        """Who draws what (written when asked for)."""
        return DRAW_WORDS.get(self.event, "{p}: " + self.event).format(p=f"player {self.player}")

    def counts(self) -> dict[str, int]:
        known = self._counts
        if known is None:
            known = Counter(self._cards)
            object.__setattr__(self, "_counts", known)
        return known

    @property
    def outcomes(self) -> tuple[tuple[Action, Fraction], ...]:  # type: ignore[override]
        known = self._outcomes
        if known is None:
            total = len(self._cards)
            known = tuple((chance(self.event, c), Fraction(k, total)) for c, k in self.counts().items())
            object.__setattr__(self, "_outcomes", known)
        return known

    def allows(self, action: Action) -> bool:
        return type(action) is Chance and action.event == self.event and action.outcome in self.counts()

    def pick(self, rng: Any) -> Action:
        counts = self.counts()
        # the fractions k / total in lowest terms have the least common denominator total / g
        g = gcd(len(self._cards), *counts.values())
        r = rng.randrange(len(self._cards) // g)
        acc = 0
        for c, k in counts.items():
            acc += k // g
            if r < acc:
                return chance(self.event, c)
        raise AssertionError("unreachable: the weights sum to the denominator")


def draw_step(event: str, cards: Sequence[str], player: int) -> ChanceStep:
    """``player`` draws one card of ``cards`` (a deck's unseen part; copies repeat their id): a
    :class:`DeckDraw` of a snapshot (copies of the game share the step while the deck list changes under
    the original)."""
    return DeckDraw(event, tuple(cards), player)


# ----- penalty cards -------------------------------------------------------------------------------
def can_get_penalty(game: Kragmortha, p: int) -> bool:
    """Some card of a symbol ``p`` lacks is left in the deck or under it."""
    s, pen = game.state, game.penalties
    have = symbols_of(s.seats[p], pen)
    return any(pen[c].symbol not in have for c in (*s.penalty_deck, *s.penalty_bottom))


def penalty_drawn(game: Kragmortha, p: int, card: str) -> bool:
    """``p`` drew ``card`` (already out of the deck): 每種符號的懲罰卡只能擁有一張，若抽到同樣則放回底下重抽.
    A duplicate goes under the deck and ``False`` says draw again; else ``p`` gets it."""
    s, pen = game.state, game.penalties
    if pen[card].symbol in symbols_of(s.seats[p], pen):
        s.penalty_bottom.append(card)
        game.event(f"player {p} draws the penalty card {pen[card].title} ({pen[card].symbol} symbol) but has that "
                   "symbol already: it goes under the deck")
        return False
    s.seats[p].penalties.append(card)
    penalties.penalty_received(game, p, card)
    return True


def reshuffle_penalties(game: Kragmortha) -> None:
    """背信: 然後重新洗噩運卡 - the cards under the deck are shuffled in."""
    s = game.state
    s.penalty_deck += s.penalty_bottom
    s.penalty_bottom.clear()
    game.event("the penalty cards are reshuffled")


# ----- teleport cards ------------------------------------------------------------------------------
def reshuffle_teleports(game: Kragmortha, everything: bool = False) -> None:
    """The discards (and with ``everything`` a seen top card too) shuffled into the deck."""
    s = game.state
    s.teleport_deck += s.teleport_discard
    s.teleport_discard.clear()
    if everything:
        s.teleport_deck += s.teleport_top
        s.teleport_top.clear()
        s.teleport_seen.clear()
    game.event("the teleport cards are reshuffled")


def peeked(game: Kragmortha, p: int, card: str) -> None:
    """The chance outcome of a peek: ``card`` lies on top, seen by ``p``."""
    s = game.state
    s.teleport_deck.remove(card)
    s.teleport_top.insert(0, card)
    s.teleport_seen[:] = [p]
    game.event(f"player {p} peeks at the top teleport card: {TELEPORT_NAMES.get(card, card)}", seen_by=(p,),
               hidden=f"player {p} peeks at the top teleport card")


def teleport_drawn(game: Kragmortha, p: int, card: str) -> None:
    """``p`` draws the teleport card ``card`` (out of the deck already) and carries it out."""
    s = game.state
    s.teleport_discard.append(card)
    t = game.teleports[card]
    game.event(f"player {p} draws the teleport card {TELEPORT_NAMES.get(card, card)}: {t.text} / {t.text_zh}")
    follow = {"teleport": [("fly", p, 0)], "tome": [("fly", p, 0), ("tome", p, 0)],
              "trap": [("penalty", p, 0)]}[t.kind]
    s.tasks[0:0] = follow
