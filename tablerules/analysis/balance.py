"""Honest balance statistics: win rates with intervals, seat labels apart from turn positions, house rules
on paired seeds, and findings stated only with their interval and test.

* :func:`wins_by` counts the wins of identical agents by seat label or by turn position (0 = the first
  player), each with its Wilson interval, and tests them against fair with a chi-square. Where the first
  player is dealt by chance a seat's number is only a label: a label edge means a biased agent, a position
  edge is the game's own first-player effect.
* :func:`pair_by_seed` matches the games of two settings (without and with a house rule) seed by seed;
  :func:`rule_on_event` compares a yes/no outcome (the first player wins) with the exact McNemar test, and
  :func:`rule_on_measure` a number (turns) with a paired permutation test.
* :class:`Finding` says an effect only with its interval and test, and says "agents too weak for a
  conclusion" when the agent playing the game does not beat random significantly.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from .ladder import Match, Outcome
from .order import position
from .stats import PairedDifference, Rate, Test, chi_square_fair, paired_permutation, sign_test, wilson


class By(Enum):
    SEAT = "seat"
    POSITION = "turn position"


@dataclass(frozen=True)
class SeatWins:
    """Wins of identical agents by seat (or turn position) over ``games`` games that ended in play (a joint
    win counts for each winner), with ``capped`` games stopped by a length cap counted apart."""

    by: By
    rates: list[Rate]  #: index: the seat, or the turn position (0 = the first player)
    test: Test  #: chi-square of the wins against the shares of ``groups``
    games: int
    capped: int

    def label(self, index: int) -> str:
        if self.by is By.SEAT:
            return f"seat {index + 1}"
        return "first player" if index == 0 else f"{_ordinal(index + 1)} player"


def _ordinal(n: int) -> str:
    return {2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth"}.get(n, f"{n}th")


def wins_by(outcomes: Iterable[Outcome], by: By = By.SEAT,
            groups: Sequence[Sequence[int]] | None = None) -> SeatWins:
    """Each seat's (or turn position's) wins in the finished games of ``outcomes`` with 95% intervals, and a
    chi-square against "every seat of a group as likely" (``groups``: seats the game itself tells apart, such
    as Munchkin's sexes; the groups' shares are read off the counts, one degree of freedom each past the
    first). Games without a winner (Munchkin Quest's monsters) count as games nobody won."""
    games = capped = 0
    counts: list[int] = []
    for outcome in outcomes:
        if outcome.status == "error":
            continue
        if outcome.capped:
            capped += 1
            continue
        games += 1
        counts += [0] * (outcome.players - len(counts))
        for seat in outcome.winners:
            index = seat if by is By.SEAT else position(seat, outcome.first or 0, outcome.players)
            counts[index] += 1
    groups = [list(g) for g in groups] if groups else [list(range(len(counts)))]
    won = [g for g in groups if sum(counts[s] for s in g)]  # a group that never won tells nothing
    shares = [0.0] * len(counts)
    for group in won:
        for seat in group:
            shares[seat] = sum(counts[s] for s in group) / len(group)
    test = chi_square_fair(counts, shares if len(groups) > 1 and won else None, ddof=max(len(won) - 1, 0))
    return SeatWins(by, [wilson(c, games) for c in counts], test, games, capped)


# ----- house rules on paired seeds ---------------------------------------------------------------------
def pair_by_seed(without: Iterable[Outcome], with_rule: Iterable[Outcome]) -> list[tuple[Outcome, Outcome]]:
    """The games of the two settings played on the same seed (and seating), in seed order. A pair with a game
    that raised or was stopped by a length cap is left out (capped games count apart)."""
    first = {(o.seed, o.agents): o for o in without if o.status not in ("error", "capped")}
    return sorted(((first[(o.seed, o.agents)], o) for o in with_rule
                   if o.status not in ("error", "capped") and (o.seed, o.agents) in first), key=lambda p: p[0].seed)


@dataclass(frozen=True)
class EventComparison:
    """How often a yes/no event happens without and with a house rule on the same seeds; ``only_with`` and
    ``only_without`` are the discordant pairs the exact McNemar test weighs."""

    pairs: int
    without: Rate
    with_rule: Rate
    only_without: int
    only_with: int
    test: Test

    @property
    def difference(self) -> float:
        return self.with_rule.rate - self.without.rate


def rule_on_event(pairs: Sequence[tuple[Outcome, Outcome]], event: Callable[[Outcome], bool]) -> EventComparison:
    """``event`` (e.g. "the first player wins") without and with the rule, and the exact McNemar test."""
    yes = [(event(a), event(b)) for a, b in pairs]
    only_with = sum(1 for a, b in yes if b and not a)
    only_without = sum(1 for a, b in yes if a and not b)
    return EventComparison(len(pairs), wilson(sum(a for a, _ in yes), len(pairs)),
                           wilson(sum(b for _, b in yes), len(pairs)), only_without, only_with,
                           sign_test(only_with, only_without))


def rule_on_measure(pairs: Sequence[tuple[Outcome, Outcome]], measure: Callable[[Outcome], float],
                    seed: int = 0) -> PairedDifference:
    """``measure`` (e.g. turns) without and with the rule: the mean change, its interval, a permutation test."""
    return paired_permutation([measure(a) for a, _ in pairs], [measure(b) for _, b in pairs], seed=seed)


def first_player_wins(outcome: Outcome) -> bool:
    """Whether the player who took the first turn won (alone or jointly)."""
    return (outcome.first or 0) in outcome.winners


# ----- findings ----------------------------------------------------------------------------------------
def strong_enough(match: Match, agent: str, alpha: float = 0.05) -> bool:
    """Whether ``agent`` beat the other agent of ``match`` (random) significantly."""
    if agent == match.a:
        return match.a_beats_b(alpha)
    return match.b_wins > match.a_wins and match.test().significant(alpha)


@dataclass(frozen=True)
class Finding:
    """A balance effect as a sentence: ``subject`` (what is measured), ``estimate`` (the number with its 95%
    interval, in words) and the ``test`` behind it; ``strength``: the playing agent against random, which
    must be won significantly for the effect to say anything about the game rather than about weak play."""

    subject: str
    estimate: str
    test: Test
    agent: str = "heuristic"
    strength: Match | None = None
    alpha: float = 0.05

    @property
    def agents_too_weak(self) -> bool:
        return self.strength is not None and not strong_enough(self.strength, self.agent, self.alpha)

    @property
    def effect(self) -> bool:
        """Whether the finding states an effect: the test is significant and the agents are strong enough."""
        return not self.agents_too_weak and self.test.significant(self.alpha)

    def words(self) -> str:
        if self.agents_too_weak:
            m = self.strength
            share = m.rate() if self.agent == m.a else _other_side(m)
            return (f"{self.subject}: agents too weak for a conclusion. The {self.agent} agent won "
                    f"{share.words()} of the games decided against {m.b if self.agent == m.a else m.a}, "
                    f"not significantly more than half ({m.test().words()}).")
        verdict = "an effect at the 5% level" if self.effect else "no effect shown"
        return f"{self.subject}: {self.estimate}; {self.test.words()}: {verdict}."


def _other_side(match: Match) -> Rate:
    return wilson(match.b_wins, match.a_wins + match.b_wins)
