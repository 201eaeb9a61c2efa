"""The Munchkin Quest step-through panel: the dungeon picture, every munchkin's sheet, the fight, the
exact odds of the pending fight, flight or search, the legal actions as buttons, agents for the
other seats."""

from __future__ import annotations

import base64
import html

from ..plots.dungeon_plot import dungeon_figure
from ..plots.figures import png_bytes
from ..quest.analysis import pending_odds
from ..quest.game import QuestGame
from .stepper import StepThrough


class QuestPanel(StepThrough):
    """``humans`` defaults to seat 0; heuristic agents play the other seats."""

    def __init__(self, game: QuestGame, humans=(0,), agents=None, picture: bool = True, **kwargs) -> None:
        self.picture = picture
        super().__init__(game, agents=agents if agents is not None else game.heuristic_agent(), humans=humans,
                         **kwargs)
        self.widget.add_class("tablerules-quest")

    def render_state(self) -> str:
        game: QuestGame = self.game
        rows = []
        for i, h in enumerate(game.heroes):
            items = ", ".join(html.escape(game.card(c).name) for c in h.carried) or "&ndash;"
            pack = ", ".join(html.escape(game.card(c).name) for c in h.backpack) or "&ndash;"
            style = " style='background:#fff8e1'" if i == game.current else ""
            health = f"{h.health}/{h.max_health}{' dead' if h.dead else ''}"
            room = html.escape(game.room_of(i).name)
            rows.append(f"<tr{style}><td>{i} {h.colour.value}</td><td class='level'>{h.level}</td>"
                        f"<td>{html.escape(game.character(i))}</td><td>{health}</td><td>{h.gold}</td>"
                        f"<td>{room}</td><td>{items}</td><td>{pack}</td><td>{len(h.hand)}</td></tr>")
        table = ("<table class='tablerules-sheets'><tr><th>player</th><th>level</th><th>character</th>"
                 "<th>health</th><th>gold</th><th>room</th><th>items in play</th><th>backpack</th><th>hand</th>"
                 "</tr>" + "".join(rows) + "</table>")
        fight = ""
        if game.fight is not None:
            where = html.escape(game.dungeon.rooms[game.fight.room].name)
            monsters = html.escape(game.monster_names())
            fight = (f"<p class='tablerules-fight'><b>Fight</b> in {where}: {monsters}, munchkins "
                     f"<b>{game.munchkin_strength()}</b> + {game.munchkin_dice()}d6 against "
                     f"<b>{game.monster_strength()}</b> + {game.monster_dice()}d6</p>")
        odds = "".join(f"<li>{html.escape(str(o))}</li>" for o in pending_odds(game))
        odds = f"<p><b>Exact odds</b></p><ul class='tablerules-odds'>{odds}</ul>" if odds else ""
        picture = ""
        if self.picture:
            fig = dungeon_figure(game.dungeon, title=f"turn {game.turns}")
            data = base64.b64encode(png_bytes(fig, dpi=60)).decode()
            picture = f"<img class='tablerules-dungeon' src='data:image/png;base64,{data}'/>"
        status = f"<p>{game.moves_left} move(s) left; stage: {html.escape(game.stage())}</p>"
        return picture + table + fight + odds + status
