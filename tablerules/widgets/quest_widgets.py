"""Munchkin Quest panels: roll or pick the monster die and watch the monsters move room by room;
a forecast heatmap with a turns slider."""

from __future__ import annotations

import html
import random

import ipywidgets as w

from ..core.protocol import Chance
from ..core.words import counted
from ..plots.dungeon_plot import dungeon_figure
from ..plots.figures import png_bytes
from ..quest.dungeon import Dungeon
from ..quest.exploration import DungeonCrawl
from ..quest.forecast import distribution_after
from ..quest.geometry import MONSTER_DIE, Colour, LinkKind
from ..quest.movement import MonsterPath, move_all
from .quest_board import LINK_WORDS
from .quest_panel import SEED, STAGE_RULES, DungeonBoard, monsters_html, room_html
from .stepper import StepThrough

#: the crawl's stages: the whole game's, with moving and the end as the crawl has them (no fights, no cards)
CRAWL_RULES = {**STAGE_RULES,
               "moving": ("Spend moves: through a corridor or a door (1), a locked door (2), a secret door (3), or "
                          "once a turn through any non-wall link for all your moves; explore an unexplored side (a "
                          "new room and a monster); end the turn.", "p. 6, 移动 / 所需移动力 / 探索"),
               "game over": ("The crawl ends after its rounds (the whole game adds fights, cards and the boss).",
                             "p. 6-7 (the crawl: movement and exploring only)")}


def _png(dungeon: Dungeon, **kwargs) -> bytes:
    return png_bytes(dungeon_figure(dungeon, **kwargs), dpi=80)


class MonsterMovementWidget:
    """Pick or roll a colour, then move the monsters at once or step them one room at a time."""

    def __init__(self, dungeon: Dungeon, seed: int = 0) -> None:
        self.start = dungeon
        self.dungeon = dungeon.copy()
        self.rng = random.Random(seed)
        self.paths: dict[str, MonsterPath] = {}
        self.shown = 0
        self.colour = w.Dropdown(options=[(c.value, c) for c in MONSTER_DIE], value=Colour.RED,
                                 description="Colour:")
        auto = w.Layout(width="auto")
        self.roll_button = w.Button(description="Roll the monster die", icon="dice", button_style="info", layout=auto)
        self.move_button = w.Button(description="Move the monsters", button_style="primary", layout=auto)
        self.step_button = w.Button(description="One room at a time", layout=auto)
        self.reset_button = w.Button(description="Back to the start", icon="undo", layout=auto)
        self.picture = w.Image(format="png", layout=w.Layout(max_width="900px"))
        self.rooms = w.HTML()
        self.rooms.add_class("tablerules-monster-rooms")
        self.log = w.HTML()
        self.log.add_class("tablerules-move-log")
        self.roll_button.on_click(lambda _: self.roll())
        self.move_button.on_click(lambda _: self.move())
        self.step_button.on_click(lambda _: self.step())
        self.reset_button.on_click(lambda _: self.reset())
        self.widget = w.VBox([w.HBox([self.colour, self.roll_button, self.move_button, self.step_button,
                                      self.reset_button]), self.picture, self.rooms, self.log])
        self.refresh()

    def roll(self) -> Colour:
        """Roll the monster die (seeded) and move every monster."""
        colour = self.rng.choice(MONSTER_DIE)
        self.colour.value = colour
        self.move()
        return colour

    def _plan(self) -> None:
        self.paths = move_all(self.dungeon, self.colour.value)
        self.shown = 1

    def move(self) -> None:
        """Move every monster for the chosen colour at once (one monster turn)."""
        self._plan()
        self._commit()

    def step(self) -> None:
        """Show the planned turn one room at a time; the last step finishes the turn."""
        if not self.paths:
            self._plan()
        self.shown += 1
        if self.shown >= max(len(p.rooms) for p in self.paths.values()):
            self._commit()
        else:
            self.refresh(partial=True)

    def _commit(self) -> None:
        done = self.paths
        self.dungeon.move_monsters({m: p.end for m, p in done.items()})
        self.paths = {}
        self.shown = 0
        self.refresh(done=done)

    def reset(self) -> None:
        self.dungeon = self.start.copy()
        self.paths = {}
        self.shown = 0
        self.refresh()

    def positions(self) -> dict[str, str]:
        return {m.id: m.room for m in self.dungeon.monsters.values()}

    def refresh(self, partial: bool = False, done: dict[str, MonsterPath] | None = None) -> None:
        """The picture, the table and the log, all at the same moment: mid-turn (``partial``), after a turn
        (``done``) or at rest."""
        moment = self.dungeon
        if partial:
            paths = {m: p.rooms[: self.shown] for m, p in self.paths.items() if len(p.rooms) > 1}
            moment = self.dungeon.copy()
            moment.move_monsters({m: p.rooms[min(self.shown, len(p.rooms)) - 1] for m, p in self.paths.items()})
            self.picture.value = _png(moment, paths=paths, title=f"{self.colour.value.value}: step {self.shown - 1}")
            lines = [f"{html.escape(m)}: {' &rarr; '.join(p.rooms[: self.shown])}" for m, p in self.paths.items()]
            self.log.value = (f"<b>Moving on {self.colour.value.value}, step {self.shown - 1}</b><br>"
                              + "<br>".join(lines))
        else:
            paths = {m: p.rooms for m, p in (done or {}).items() if len(p.rooms) > 1}
            title = f"after {self.colour.value.value}" if done else "the dungeon"
            self.picture.value = _png(self.dungeon, paths=paths, title=title)
        rows = "".join(f"<tr><td>{html.escape(m.name or m.id)}</td><td data-monster='{html.escape(m.id)}'>"
                       f"{html.escape(m.room)}</td></tr>" for m in moment.monsters.values())
        self.rooms.value = f"<table><tr><th>monster</th><th>room</th></tr>{rows}</table>"
        if done:
            lines = [f"{html.escape(m)}: {' &rarr; '.join(p.rooms)} ({html.escape(p.stop.value)})"
                     for m, p in done.items()]
            self.log.value = f"<b>Rolled {self.colour.value.value}</b><br>" + "<br>".join(lines)
        elif not partial:
            self.log.value = "<i>the monsters at rest: roll or pick a colour</i>"

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


class ForecastWidget:
    """Pick a monster and a number of monster turns: the rooms shaded by P(it is there), exact."""

    def __init__(self, dungeon: Dungeon, monster: str | None = None, turns: int = 2) -> None:
        self.dungeon = dungeon
        names = [(m.name or m.id, m.id) for m in dungeon.monsters.values()]
        self.monster = w.Dropdown(options=names, value=monster or names[0][1], description="Monster:")
        self.turns = w.IntSlider(turns, min=0, max=10, description="Turns:")
        self.picture = w.Image(format="png", layout=w.Layout(max_width="900px"))
        self.table = w.HTML()
        self.table.add_class("tablerules-forecast")
        self.monster.observe(lambda _: self.update(), names="value")
        self.turns.observe(lambda _: self.update(), names="value")
        self.widget = w.VBox([w.HBox([self.monster, self.turns]), self.picture, self.table])
        self.update()

    def update(self) -> None:
        dist = distribution_after(self.dungeon, self.monster.value, self.turns.value)
        self.picture.value = _png(self.dungeon, heat={r: float(p) for r, p in dist.items()}, show_arrows=False,
                                  title=f"after {self.turns.value} monster turns")
        rows = "".join(f"<tr><td>{html.escape(self.dungeon.rooms[r].name or r)}</td><td>{p}</td>"
                       f"<td>{float(p):.2%}</td></tr>" for r, p in dist.items())
        self.table.value = f"<table><tr><th>room</th><th>exact</th><th></th></tr>{rows}</table>"

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


def exploring_example() -> DungeonCrawl:
    """探索 (p. 6): player 0 (who rolled highest, p. 4) explores north and the map keeper turns up the Padded
    Cell; its free sides get links, a Shrieking Geek comes out and the monster die gives its base colour."""
    from ..core.protocol import Chance
    from ..quest.exploration import Explore

    game = DungeonCrawl({"players": 2, "rounds": 6}, seed=3)
    game.apply(Chance("first", 0))  # p. 4: player 0 rolls highest and starts
    game.apply(Explore(0, "N"))
    game.apply(Chance("room", "padded_cell"))
    while game.is_chance() and game.chance_step().event == "link":
        game.roll()
    game.apply(Chance("monster", "shrieking_geek"))
    game.apply(Chance("base", "red"))
    return game


CRAWL_EXAMPLES = {"exploring the Padded Cell (p. 6, 探索)": exploring_example}


class CrawlPanel(DungeonBoard, StepThrough):
    """The step-through panel for the dungeon crawl: the dungeon as the clickable board (a doorway or the room
    beyond it moves or explores), the munchkins and the monsters with their rooms (each room's and monster's
    text on hover or click), a rule box per stage, saves and a worked example."""

    stage_rules = CRAWL_RULES
    seed_ref = SEED

    def __init__(self, game: DungeonCrawl, **kwargs) -> None:
        kwargs.setdefault("examples", CRAWL_EXAMPLES)
        super().__init__(game, **kwargs)
        self.widget.add_class("tablerules-crawl")

    def outcome_words(self, action: Chance) -> str:
        """A chance outcome in plain words: the room tile's, monster's and link's names, "player 1 starts"."""
        event, value = action.event, action.outcome
        if event == "room":
            return f"the room drawn: {self.game.room_tile(value).name}"
        if event == "monster":
            return f"the monster drawn: {self.game.monster_cards[value].name}"
        if event == "link":
            return f"the link drawn: {LINK_WORDS[LinkKind(value)]}"
        if event == "first":
            return f"player {value} rolls highest and starts"
        if event in ("base", "monster die"):
            return f"{event}: {value}"
        return action.describe()

    def refresh(self) -> None:
        super().refresh()
        # the referee's picker names what is drawn (the crawl's cards have no card table the picker reads)
        options = self.outcome_pick.options
        if options and all(isinstance(a, Chance) for _, a in options):
            self.outcome_pick.options = [(f"{self.outcome_words(a)}  (p = {label.rsplit('(p = ', 1)[1]}", a)
                                         if "(p = " in label else (self.outcome_words(a), a) for label, a in options]

    def render_state(self) -> str:
        game: DungeonCrawl = self.game
        rows = "".join(
            f"<tr><td>{p} {c.value}</td><td>{room_html(game, game.dungeon.munchkins[c])}</td>"
            f"<td>{game.explored[p]}</td><td>{game.dxm_draws[p]}</td></tr>" for p, c in enumerate(game.colours))
        table = ("<table class='tablerules-sheets'><tr><th>player</th><th>room</th><th>rooms explored</th>"
                 f"<th>DxM draws</th></tr>{rows}</table>")
        status = (f"<p>round {game.round}/{game.params.rounds}; {counted(game.moves_left, 'move')} left; rooms placed "
                  f"{len(game.dungeon.rooms) - 1}, {len(game.room_deck)} in the deck</p>")
        return table + monsters_html(game) + status
