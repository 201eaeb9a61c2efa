"""The panels' event log: the whole game, grouped by turn, scrollable with the newest line in view, and
filterable by seat. The panel marks where each turn starts in the log (:class:`TurnMarks`) as it plays, so
the grouping needs nothing from the games beyond :meth:`Game.turn_number` and :meth:`Game.to_act`."""

from __future__ import annotations

import html
from dataclasses import dataclass, field

from ..core.protocol import Game

#: the scroll box keeps its bottom (the newest line) in view: a reversed flex column scrolls from the end
LOG_STYLE = """<style>
.tablerules-logscroll{max-height:24em;overflow-y:auto;display:flex;flex-direction:column-reverse;
 border:1px solid #ccc;border-radius:4px;padding:2px 8px;background:#fcfcfc;font-size:15px;line-height:1.45}
.tablerules-turn{border-bottom:1px solid #e3e3e3;padding:3px 0}
.tablerules-turn h4{margin:2px 0;font-size:15px;color:#1565c0}
.tablerules-turn ul{margin:0;padding-left:1.3em}
.tablerules-turn.tablerules-latest h4{color:#b71c1c}
</style>"""


@dataclass
class TurnStart:
    """A turn begins at line ``at`` of the log: turn ``turn`` of seat ``seat`` (``None``: the table's)."""

    at: int
    turn: int
    seat: int | None


@dataclass
class TurnMarks:
    """Where the turns begin in a game's log, noted as the panel watches the game (:meth:`note`)."""

    starts: list[TurnStart] = field(default_factory=list)
    before: str = "Before the panel opened"

    def reset(self, game: Game, before: str = "Set-up") -> None:
        """Start over on ``game``: the lines it already has are one group named ``before``."""
        self.before = before
        self.starts = []
        self.note(game)

    def note(self, game: Game) -> None:
        """Look at ``game`` after an action: forget marks past the log's end (an undo) and mark a new turn."""
        length = len(game.log)
        while self.starts and self.starts[-1].at > length:
            self.starts.pop()
        turn = game.turn_number()
        if self.starts and self.starts[-1].turn == turn:
            return
        seat = None
        if not game.is_over() and not game.is_chance():
            acting = game.to_act()
            seat = acting[0] if len(acting) == 1 else None
        self.starts.append(TurnStart(length, turn, seat))

    def groups(self, game: Game, viewer: int | None) -> list[tuple[str, int | None, list[str]]]:
        """(heading, the turn's seat, the lines ``viewer`` reads) for each turn, oldest first."""
        lines = game.log_lines(viewer)
        bounds = [s for s in self.starts if s.at <= len(lines)]
        out: list[tuple[str, int | None, list[str]]] = []
        first = bounds[0].at if bounds else len(lines)
        if first:
            out.append((self.before, None, [t for t in lines[:first] if t is not None]))
        for i, start in enumerate(bounds):
            end = bounds[i + 1].at if i + 1 < len(bounds) else len(lines)
            texts = [t for t in lines[start.at:end] if t is not None]
            if not texts and i + 1 < len(bounds):
                continue
            heading = f"Turn {start.turn}" + (f": player {start.seat}" if start.seat is not None else "")
            out.append((heading, start.seat, texts))
        return out


def log_html(groups: list[tuple[str, int | None, list[str]]], seat: int | None = None) -> str:
    """The log as HTML: every turn's lines under its heading (only seat ``seat``'s turns when it is given)."""
    shown = [g for g in groups if seat is None or g[1] == seat]
    if not shown or not any(lines for _, _, lines in shown):
        return LOG_STYLE + "<div class='tablerules-logscroll'><div><i>nothing yet</i></div></div>"
    parts = []
    for i, (heading, _, lines) in enumerate(shown):
        latest = " tablerules-latest" if i == len(shown) - 1 else ""
        items = "".join(f"<li>{html.escape(line)}</li>" for line in lines) or "<li><i>nothing yet</i></li>"
        parts.append(f"<div class='tablerules-turn{latest}'><h4>{html.escape(heading)}</h4><ul>{items}</ul></div>")
    return LOG_STYLE + "<div class='tablerules-logscroll'><div>" + "".join(parts) + "</div></div>"
