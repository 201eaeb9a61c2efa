"""The Kragmortha step-through panel (ipywidgets): the board with goblins and the dark lord, your hand,
penalty and tome cards, the legal moves as buttons, agents for the other seats, and the log."""

from __future__ import annotations

import html

import ipywidgets as w

from tablerules.core.agents import RandomAgent
from tablerules.kragmortha.agents import GreedyAgent
from tablerules.kragmortha.game import Kragmortha

COLOURS = {"grimoire": "#d9c7a3", "parchment": "#f3ecd2", "potion": "#c9e2f5", "gems": "#e2c9f5",
           "teleport": "#9be39b", "bookcase": "#6b4f2f", "desk": "#b22222"}


def board_html(game: Kragmortha) -> str:
    b, s = game.board, game.state
    rows = []
    for r in range(b.rows):
        cells = []
        for c in range(b.cols):
            sq = b.square(r, c)
            text = b.kinds[sq][:4]
            pieces = [f"G{q}" for q, x in enumerate(s.seats) if x.square == sq]
            if s.lord == sq:
                pieces.append("LORD")
            if pieces:
                text = f"<b>{' '.join(pieces)}</b>"
            cells.append(f'<td style="background:{COLOURS[b.kinds[sq]]};width:54px;height:30px;'
                         f'text-align:center;font-size:11px" title="{b.label(sq)}">{text}</td>')
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return '<table style="border-collapse:collapse">' + "".join(rows) + "</table>"


class KragmorthaPanel:
    """Play ``seat`` through buttons; the other seats are played by the greedy (or random) agent."""

    def __init__(self, players: int = 4, seat: int = 0, seed: int = 0, agent: str = "greedy") -> None:
        self.game = Kragmortha({"players": players}, seed=seed)
        self.seat = seat
        self.agent = GreedyAgent() if agent == "greedy" else RandomAgent(seed)
        self.board = w.HTML()
        self.cards = w.HTML()
        self.buttons = w.VBox()
        self.log = w.Textarea(layout=w.Layout(width="100%", height="180px"))
        self.widget = w.VBox([w.HBox([self.board, self.cards]), self.buttons, self.log])
        self.advance()

    def advance(self) -> None:
        """Let chance and the other seats act until it is this seat's turn (or the game ends)."""
        g = self.game
        while not g.is_over():
            if g.is_chance():
                g.roll()
            elif self.seat in g.to_act():
                break
            else:
                p = g.to_act()[0]
                g.apply(self.agent.choose(g, p))
        self.render()

    def press(self, action) -> None:
        self.game.apply(action)
        self.advance()

    def render(self) -> None:
        g = self.game
        self.board.value = board_html(g)
        seat = g.state.seats[self.seat]
        tomes = ", ".join(f"{t} ({g.tomes[t].name_zh})" for t in seat.tomes) or "none"
        pens = "<br>".join(f"{c}: {html.escape(g.penalties[c].text)}" for c in seat.penalties) or "none"
        result = f"<p><b>Game over: winners {g.result().winners} ({g.result().reason})</b></p>" if g.is_over() else ""
        self.cards.value = (f"<p><b>Your hand</b>: {', '.join(seat.hand)}</p><p><b>Tomes</b>: {tomes}</p>"
                            f"<p><b>Penalty cards</b>:<br>{pens}</p>{result}")
        buttons = []
        for action in g.legal_actions(self.seat) if not g.is_over() else ():
            button = w.Button(description=action.describe(), layout=w.Layout(width="auto"))
            button.on_click(lambda _b, a=action: self.press(a))
            buttons.append(button)
        self.buttons.children = buttons
        self.log.value = "\n".join(g.log_for(self.seat)[-30:])
