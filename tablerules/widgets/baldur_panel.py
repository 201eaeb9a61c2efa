"""The Baldur's Gate step-through panel: hands, heroes face up or exhausted, the inn, the bank, the auction, the
event of the round explained with its exact odds, the legal actions as buttons (the generic
:class:`~tablerules.widgets.StepThrough`), agents for the other seats, the log."""

from __future__ import annotations

import html
from collections.abc import Sequence

from ..baldur.analysis import named_event_odds
from ..baldur.cards import HERO_NAMES, event_key, rank_of, rules
from ..baldur.game import Baldur
from ..core.agents import Agent
from .stepper import StepThrough


def seats_html(game: Baldur, seat: int | None) -> str:
    obs = game.observe(seat)
    rows = []
    for p, info in enumerate(obs["seats"]):
        hand = " ".join(info["hand"]) if isinstance(info["hand"], list) else f"{info['hand']} cards (hidden)"
        up = " ".join(f"{h} ({HERO_NAMES[rank_of(h)]})" for h in info["heroes"]) or "-"
        down = " ".join(info["exhausted"]) or "-"
        mark = " ◀" if p == obs["current"] else ""
        rows.append(f"<tr><td>player {p}{mark}</td><td>{html.escape(hand)}</td><td>{up}</td><td>{down}</td></tr>")
    return ("<table><tr><th>seat</th><th>hand</th><th>heroes face up</th><th>exhausted (face down)</th></tr>"
            + "".join(rows) + "</table>")


def event_html(game: Baldur) -> str:
    s = game.state
    if s.event:
        data = rules().events[event_key(s.event)]
        return (f"<p><b>Event {s.event}: {html.escape(data['name'])} {data['name_zh']}</b><br>"
                f"{html.escape(data['text'])}<br><i>{data['text_zh']}</i></p>")
    odds = named_event_odds(game)[:6]
    items = ", ".join(f"{k} {html.escape(name)} {p} (~{float(p):.0%})" for k, name, p in odds)
    return f"<p><b>Next event</b> (exact, from the bank's {len(s.bank) or len(s.bank_under)} cards): {items}</p>"


class BaldurPanel(StepThrough):
    """Step through Baldur's Gate: seat ``humans`` (default 0) with the buttons, agents for the others."""

    def __init__(self, game: Baldur, agents: Agent | Sequence[Agent] | None = None,
                 humans: Sequence[int] | None = (0,)) -> None:
        if agents is None:
            from ..baldur.agents import GreedyAgent

            agents = GreedyAgent()
        self.seat = humans[0] if humans else None
        super().__init__(game, agents, title="Baldur's Gate 柏德之门", humans=humans)
        self.widget.add_class("tablerules-baldur")

    def render_state(self) -> str:
        game = self.game
        s = game.state
        parts = [f"<p>round {s.round}, first player {s.first}; inn {len(s.inn) + len(s.inn_under)} heroes"
                 f"{', shown: ' + s.revealed if s.revealed else ''}; bank {len(s.bank) + len(s.bank_under)} cards; "
                 f"stage: {html.escape(game.stage())}</p>"]
        if s.auction:
            parts.append(f"<p><b>Auction</b> for {s.auction} ({HERO_NAMES[rank_of(s.auction)]}), "
                         f"round {s.auction_round} of 3; bidders {s.bidders}</p>")
        if s.bans:
            parts.append(f"<p>Banned this round: {', '.join(s.bans)}</p>")
        parts.append(seats_html(game, self.seat))
        parts.append(event_html(game))
        log = game.log_for(self.seat)[-8:]
        parts.append("<pre>" + html.escape("\n".join(log)) + "</pre>")
        return "".join(parts)
