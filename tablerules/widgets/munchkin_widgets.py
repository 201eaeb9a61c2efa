"""The Munchkin step-through panel: every character's sheet (level, race, class, strength, items,
hand), the fight with both totals, the legal actions as buttons, agents for the other seats."""

from __future__ import annotations

import html

from ..munchkin.game import MunchkinGame
from .stepper import StepThrough


class MunchkinPanel(StepThrough):
    """``humans`` defaults to seat 0; heuristic agents play the other seats."""

    def __init__(self, game: MunchkinGame, humans=(0,), agents=None, **kwargs) -> None:
        super().__init__(game, agents=agents if agents is not None else game.heuristic_agent(), humans=humans,
                         **kwargs)
        self.widget.add_class("tablerules-munchkin")

    def render_state(self) -> str:
        game: MunchkinGame = self.game
        rows = []
        for i, p in enumerate(game.players):
            items = ", ".join(html.escape(game.card(c).name) + (" (Cheat!)" if c in p.cheats else "")
                              for c in p.carried) or "&ndash;"
            cards = ", ".join(html.escape(game.card(c).name) for c in sorted(p.hand)) or "&ndash;"
            who = "you" if self.humans and i in self.humans else "agent"
            style = " style='background:#fff8e1'" if i == game.current else ""
            character = html.escape(game.character(i))
            rows.append(f"<tr{style}><td>{i} ({who})</td><td class='level'>{p.level}</td><td>{character}</td>"
                        f"<td>{game.strength(i)}</td><td>{items}</td><td>{cards}</td></tr>")
        table = ("<table class='tablerules-sheets'><tr><th>player</th><th>level</th><th>character</th>"
                 "<th>strength</th><th>items in play</th><th>hand</th></tr>" + "".join(rows) + "</table>")
        fight = ""
        if game.combat is not None:
            c = game.combat
            enh = ", ".join(game.card(e).name for e in c.enhancers)
            helper = f" with player {c.helper}'s help" if c.helper is not None else ""
            fight = (f"<p class='tablerules-fight'><b>Fight</b>: player {c.fighter}{helper} "
                     f"<b>{game.fighter_strength()}</b> against {html.escape(game.monster_names())}"
                     f"{' (' + html.escape(enh) + ')' if enh else ''} <b>{game.monster_strength()}</b>: "
                     f"{'the munchkins win' if game.winning() else 'the monster wins'} so far</p>")
        decks = (f"<p>Door deck {len(game.door_deck)} (discards {len(game.door_discard)}), Treasure deck "
                 f"{len(game.treasure_deck)} (discards {len(game.treasure_discard)}), turn {game.turns}</p>")
        return table + fight + decks
