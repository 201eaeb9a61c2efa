""""Why this number" and the exact odds of what is pending, for any registered game, as data: the terminal
(`tablerules play`) prints it, the notebooks' panels show the same numbers as HTML. Each game's own
breakdown functions do the work; a game without any gives an empty explanation."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any


@dataclass
class Explanation:
    """Totals with their terms (``title``, ``[(label, value)]``, ``total``) and exact odds (``what``, ``p``)."""

    breakdowns: list[tuple[str, list[tuple[str, int]], int]] = field(default_factory=list)
    odds: list[tuple[str, Fraction]] = field(default_factory=list)

    def lines(self) -> list[str]:
        out = [f"why {title} = {total}: " + ", ".join(f"{label} {value:+d}" for label, value in terms)
               for title, terms, total in self.breakdowns]
        out += [f"odds: {what} = {p} (~{float(p):.1%})" for what, p in self.odds]
        return out


def _munchkin(game: Any, viewer: int | None) -> Explanation:
    from .munchkin import breakdown
    from .munchkin.analysis import fight_outlook

    ex = Explanation()
    c = game.combat
    if c is None or not c.monsters:
        return ex
    ex.breakdowns += [("the munchkins' strength", breakdown.fighter_terms(game), game.fighter_strength()),
                      ("the monsters' strength", breakdown.monster_terms(game), game.monster_strength())]
    run = breakdown.run_terms(game, c.fighter)
    if run:
        ex.breakdowns.append(("the running-away modifier", run, game.run_modifier(c.fighter)))
    outlook = fight_outlook(game)
    ex.odds += [("the munchkins win as things stand", Fraction(int(outlook.wins_now))),
                (f"player {c.fighter} escapes every monster", outlook.escape)]
    return ex


def _quest(game: Any, viewer: int | None) -> Explanation:
    from .quest import breakdown
    from .quest.analysis import pending_odds

    ex = Explanation(odds=[(o.what, o.probability) for o in pending_odds(game)])
    f = game.fight
    if f is not None and f.monsters:
        ex.breakdowns += [("the munchkins' strength", breakdown.munchkin_terms(game), game.munchkin_strength()),
                          ("the monsters' strength", breakdown.monster_terms(game), game.monster_strength())]
        ex.breakdowns += [(f"player {p}'s combat dice", breakdown.dice_terms(game, p), game.fight_dice(p))
                          for p in f.side]
    return ex


def _smallworld(game: Any, viewer: int | None) -> Explanation:
    from .smallworld.actions import Conquer, FinalAttempt
    from .smallworld.analysis import final_attempt_odds
    from .smallworld.rules.conquest import conquest_cost, cost_breakdown

    ex = Explanation()
    s = game.state
    if s.attempt >= 0:
        ex.odds.append((f"the final attempt on region {s.attempt} succeeds", final_attempt_odds(game)))
    if game.is_chance():
        return ex
    for a in [a for a in game.legal_actions() if isinstance(a, Conquer | FinalAttempt)]:  # every target
        ex.breakdowns.append((f"the cost of region {a.region}", cost_breakdown(game, a.player, a.region, game.force()),
                              conquest_cost(game, a.player, a.region, game.force())))
        if isinstance(a, FinalAttempt):
            ex.odds.append((f"a final attempt on region {a.region} succeeds", final_attempt_odds(game, a.region)))
    return ex


def _baldur(game: Any, viewer: int | None) -> Explanation:
    from .baldur.analysis import named_event_odds

    return Explanation(odds=[(f"the event is {k} ({name})", p) for k, name, p in
                                named_event_odds(game, viewer)[:4]])


def _kragmortha(game: Any, viewer: int | None) -> Explanation:
    from .kragmortha.analysis import DESK_MODEL, desk_chance

    me = game.state.current if viewer is None else viewer
    seat = game.state.seats[me]
    if seat.square < 0 or game.is_over():
        return Explanation()
    return Explanation(odds=[(f"player {me} reaches the desk within {t} turn{'s' if t > 1 else ''} ({DESK_MODEL})",
                              desk_chance(seat.square, list(seat.hand), t, game.params.players)) for t in (1, 2)])


EXPLAIN = {"munchkin": _munchkin, "quest": _quest, "smallworld": _smallworld, "baldursgate": _baldur,
           "kragmortha": _kragmortha}


def explain(game: Any, viewer: int | None = None) -> Explanation:
    """The breakdowns and exact odds of ``game`` now, as ``viewer`` may see them (``None``: everything)."""
    fn = EXPLAIN.get(game.name)
    return fn(game, viewer) if fn else Explanation()
