"""Odds through the roll: the exact odds a person saw before rolling stay on screen while the dice are
pending, and once they land the outcome shows beside them ("the munchkins win = 5/12 (41.7%) ... then:
player 0 rolls 4"). Which chance steps are a person's to roll is decided by the panel
(:meth:`tablerules.widgets.stepper.StepThrough.run_agents`); this module holds the pieces."""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..core.protocol import Game
from ..explain import explain


@dataclass
class RollReport:
    """A person's roll: the odds shown before it and the log lines ``start:end`` it made."""

    odds: list[tuple[str, Fraction]]
    start: int
    end: int


def is_die_roll(game: Game) -> bool:
    """Whether the pending chance step is a roll of dice (numbers), not a card drawn or a card picked."""
    step = game.chance_step()
    return step is not None and all(isinstance(getattr(a, "outcome", None), int) for a, _ in step.outcomes)


def odds_now(game: Game, viewer: int | None) -> list[tuple[str, Fraction]]:
    """The exact odds of what is pending, as ``viewer`` may see them (:func:`tablerules.explain.explain`)."""
    return list(explain(game, viewer).odds)


def percent(p: Fraction) -> str:
    """``5/12 (41.7%)``; certainties read "certain" and "impossible"."""
    if p == 1:
        return "certain (1)"
    if p == 0:
        return "impossible (0)"
    return f"{p} ({float(p):.1%})"


def odds_items(odds: Sequence[tuple[str, Fraction]]) -> str:
    return "".join(f"<li>{html.escape(what)}: <b>{percent(p)}</b></li>" for what, p in odds)


def roll_html(odds: Sequence[tuple[str, Fraction]], outcome: Sequence[str] = (), waiting: str = "") -> str:
    """The odds before the roll, and either what is awaited (``waiting``) or the lines the roll made."""
    if not odds and not outcome and not waiting:
        return ""
    parts = ["<div class='tablerules-rollbox' style='border-left:4px solid #6a1b9a;background:#f3e5f5;"
             "padding:4px 10px;margin:4px 0;font-size:15px'>"]
    if odds:
        parts.append(f"<b>Odds before the roll</b><ul style='margin:2px 0'>{odds_items(odds)}</ul>")
    if waiting:
        parts.append(f"<div><b>Now</b>: {html.escape(waiting)}</div>")
    if outcome:
        lines = "".join(f"<li>{html.escape(line)}</li>" for line in outcome)
        parts.append(f"<div><b>The roll</b><ul style='margin:2px 0'>{lines}</ul></div>")
    parts.append("</div>")
    return "".join(parts)
