"""The Munchkin Quest dungeon drawn with matplotlib: rooms, links by kind, coloured monster arrows,
monsters, munchkins, monster paths and forecast heatmaps."""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from itertools import pairwise

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import FancyArrowPatch, Rectangle

from ..quest.dungeon import Dungeon
from ..quest.geometry import Colour, LinkKind, Side
from ..quest.movement import MonsterPath
from .show import Table
from .style import text_colour_on

ARROW_COLOURS = {Colour.RED: "#d32f2f", Colour.BLUE: "#1976d2", Colour.GREEN: "#388e3c",
                 Colour.YELLOW: "#fbc02d", Colour.PURPLE: "#7b1fa2", Colour.ORANGE: "#f57c00"}
LINK_STYLES = {LinkKind.CORRIDOR: {"color": "#bdbdbd", "linewidth": 1, "linestyle": ":"},
               LinkKind.DOOR: {"color": "#8d6e63", "linewidth": 4, "linestyle": "-"},
               LinkKind.LOCKED: {"color": "#c62828", "linewidth": 4, "linestyle": "-"},
               LinkKind.SECRET: {"color": "#6a1b9a", "linewidth": 3, "linestyle": "--"},
               LinkKind.WALL: {"color": "black", "linewidth": 4, "linestyle": "-"}}
_ROOM = 0.9  # room size within a grid cell


def _side_segment(x: float, y: float, side: Side) -> tuple[list[float], list[float]]:
    h = _ROOM / 2
    return {Side.N: ([x - h, x + h], [y - h, y - h]), Side.S: ([x - h, x + h], [y + h, y + h]),
            Side.W: ([x - h, x - h], [y - h, y + h]), Side.E: ([x + h, x + h], [y - h, y + h])}[side]


def dungeon_figure(dungeon: Dungeon, **kwargs) -> Figure:
    """A matplotlib Figure sized to the dungeon's grid, with :func:`draw_dungeon` drawn on it."""
    min_x, min_y, max_x, max_y = dungeon.bounds()
    fig = Figure(figsize=(2 + 1.6 * (max_x - min_x + 1), 1 + 1.6 * (max_y - min_y + 1)))
    draw_dungeon(fig.subplots(), dungeon, **kwargs)
    return fig


def draw_dungeon(ax: Axes, dungeon: Dungeon, paths: Mapping[str, Sequence[str]] | None = None,
                 heat: Mapping[str, float] | None = None, title: str = "", show_arrows: bool = True,
                 label_monsters: bool = True, show_legend: bool = True) -> Axes:
    """Draw ``dungeon`` on ``ax``. ``paths``: monster id -> rooms visited (drawn as arrows);
    ``heat``: room id -> probability (shades the rooms)."""
    import matplotlib

    cmap = matplotlib.colormaps["Reds"]
    top = max(heat.values()) if heat else 1.0
    for room in dungeon.rooms.values():
        x, y = room.at
        if heat is not None:
            face = cmap(0.08 + 0.85 * (heat.get(room.id, 0.0) / top if top else 0))
        else:
            face = "#fff3c4" if room.entrance else "#f5f5f5"
        ax.add_patch(Rectangle((x - _ROOM / 2, y - _ROOM / 2), _ROOM, _ROOM, facecolor=face, edgecolor="#9e9e9e",
                               linewidth=0.8, zorder=1))
        label = textwrap.fill(room.name or room.id, 14)  # wrapped, never cut
        ax.text(x, y - 0.3, label, ha="center", va="center", fontsize=12 if "\n" not in label else 10,
                linespacing=0.9, zorder=5, color=text_colour_on(face))
        if heat is not None and heat.get(room.id):
            # low in the room, clear of the monsters' labels; black or white, whichever reads on the shade
            ax.text(x + 0.12, y + 0.28, _percent(heat[room.id]), ha="center", va="center", fontsize=15,
                    weight="bold", color=text_colour_on(face), zorder=5)
        for side in Side:
            kind = dungeon.link(room.at, side)
            if kind is LinkKind.WALL and not dungeon.has_link(room.at, side):
                style = {"color": "#424242", "linewidth": 2, "linestyle": "-"}
            else:
                style = LINK_STYLES[kind]
            xs, ys = _side_segment(x, y, side)
            ax.plot(xs, ys, zorder=2, solid_capstyle="butt", **style)
        if show_arrows:
            for i, (colour, side) in enumerate(sorted(room.arrows.items(), key=lambda cs: cs[0].value)):
                dx, dy = side.delta
                off = (i - (len(room.arrows) - 1) / 2) * 0.09
                ox, oy = (off, 0) if dx == 0 else (0, off)
                ax.add_patch(FancyArrowPatch((x + ox + 0.1 * dx, y + oy + 0.1 * dy),
                                             (x + ox + 0.36 * dx, y + oy + 0.36 * dy), arrowstyle="-|>",
                                             mutation_scale=13, color=ARROW_COLOURS[colour], linewidth=2.2,
                                             zorder=3))
    by_room: dict[str, list[tuple[str, Colour | None]]] = {}
    for monster in dungeon.monsters.values():
        by_room.setdefault(monster.room, []).append((monster.name or monster.id, monster.target))
    for room_id, names in by_room.items():
        x, y = dungeon.rooms[room_id].at
        for i, (name, base) in enumerate(names[:3]):
            # the standee's base colour (its owner and target) frames its label
            ax.text(x, y - 0.05 + 0.17 * i, textwrap.shorten(name.split(" (")[0], 22) if label_monsters else "●",
                    ha="center", va="center", fontsize=10, color="white", zorder=7,
                    bbox={"boxstyle": "round,pad=0.18", "facecolor": "#263238", "linewidth": 2,
                          "edgecolor": ARROW_COLOURS[base] if base is not None else "none"})
        if len(names) > 3:
            ax.text(x + 0.3, y + 0.42, f"+{len(names) - 3}", fontsize=10, zorder=7)
    for i, (colour, room_id) in enumerate(dungeon.munchkins.items()):
        x, y = dungeon.rooms[room_id].at
        ax.add_patch(Rectangle((x - 0.42 + 0.17 * i, y + 0.27), 0.15, 0.15, facecolor=ARROW_COLOURS[colour],
                               edgecolor="black", linewidth=0.5, zorder=6))
        ax.text(x - 0.345 + 0.17 * i, y + 0.345, colour.value[0].upper(), ha="center", va="center", fontsize=8,
                weight="bold", color=text_colour_on(ARROW_COLOURS[colour]), zorder=7)
    if paths:
        palette = matplotlib.colormaps["tab10"]
        for n, (monster_id, rooms) in enumerate(paths.items()):
            colour = palette(n % 10)
            points = [dungeon.rooms[r].at for r in rooms]
            shift = (n % 5 - 2) * 0.04  # keep overlapping paths apart
            for (x0, y0), (x1, y1) in pairwise(points):
                wraps = abs(x1 - x0) + abs(y1 - y0) > 1  # through darkness
                ax.add_patch(FancyArrowPatch((x0 + shift, y0 + shift), (x1 + shift, y1 + shift), arrowstyle="-|>",
                                             mutation_scale=12, color=colour, linewidth=2.2, alpha=0.85, zorder=8,
                                             linestyle="--" if wraps else "-",
                                             connectionstyle="arc3,rad=0.25" if wraps else "arc3"))
            monster = dungeon.monsters.get(monster_id)
            ax.plot([], [], color=colour, linewidth=2.2,
                    label=(monster.name.split(" (")[0] if monster and monster.name else monster_id))
        if show_legend:
            ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), frameon=False)
    min_x, min_y, max_x, max_y = dungeon.bounds()
    ax.set_xlim(min_x - 0.6, max_x + 0.6)
    ax.set_ylim(max_y + 0.6, min_y - 0.6)  # y grows to the south
    ax.set_aspect("equal")
    ax.set_xticks([])
    ax.set_yticks([])
    if title:
        ax.set_title(title)
    return ax


def room_names(dungeon: Dungeon, rooms: Sequence[str]) -> str:
    """Rooms in the order visited, by their names: "Room 12 → Room 11 → Room 9"."""
    return " → ".join(dungeon.rooms[r].name or r for r in rooms)


def move_figure(dungeon: Dungeon, path: MonsterPath, colour: Colour) -> Figure:
    """One monster's move on the dungeon, titled with the colour rolled, the rooms and why it stopped."""
    name = _name(dungeon, path.monster)
    fig = dungeon_figure(dungeon, paths={path.monster: path.rooms}, show_legend=False)
    fig.suptitle(f"{name}, {colour.value} rolled: {room_names(dungeon, path.rooms)}\n"
                 f"it stops: {path.stop.value}")
    return fig


def forecast_figure(dungeon: Dungeon, monster_id: str, turns: Sequence[int]) -> Figure:
    """Where ``monster_id`` may be after each of ``turns`` monster turns: one shaded dungeon each, two a row."""
    from ..quest.forecast import distribution_after

    name = _name(dungeon, monster_id)
    turns = list(turns)
    columns = min(2, len(turns))
    rows = -(-len(turns) // columns)
    min_x, min_y, max_x, max_y = dungeon.bounds()
    cell = 1.25  # inches a room
    fig = Figure(figsize=(columns * (cell * (max_x - min_x + 1) + 0.6), rows * (cell * (max_y - min_y + 1) + 0.9)))
    axes = list(fig.subplots(rows, columns, squeeze=False).flat)
    for n, ax in zip(turns, axes, strict=False):
        heat = {room: float(p) for room, p in distribution_after(dungeon, monster_id, n).items()}
        draw_dungeon(ax, dungeon, heat=heat, show_arrows=False,
                     title=f"after {n} monster turn{'s' if n != 1 else ''}")
    for ax in axes[len(turns):]:
        ax.set_visible(False)
    fig.suptitle(f"where the {name} may be")
    return fig


def movement_gallery(dungeon: Dungeon, examples: Sequence[tuple[str, Colour]]) -> Figure:
    """Each ``(monster id, colour rolled)`` of ``examples`` moved on its own copy of the dungeon, two a row."""
    from ..quest.movement import move_monster

    columns = 2
    rows = -(-len(examples) // columns)
    min_x, min_y, max_x, max_y = dungeon.bounds()
    cell = 1.4  # inches a room
    fig = Figure(figsize=(columns * cell * (max_x - min_x + 1.5), rows * (cell * (max_y - min_y + 1) + 0.9)))
    axes = list(fig.subplots(rows, columns, squeeze=False).flat)
    for (monster_id, colour), ax in zip(examples, axes, strict=False):
        path = move_monster(dungeon, dungeon.monsters[monster_id], colour)
        draw_dungeon(ax, dungeon, paths={monster_id: path.rooms}, show_legend=False,
                     title=f"{_name(dungeon, monster_id)}, {colour.value}:\n{path.stop.value}")
    for ax in axes[len(examples):]:
        ax.set_visible(False)
    return fig


def moves_table(dungeon: Dungeon, examples: Sequence[tuple[str, Colour]]) -> Table:
    """Each ``(monster id, colour rolled)`` of ``examples``: the rooms it goes through and why it stops."""
    from ..quest.movement import move_monster

    rows = []
    for monster_id, colour in examples:
        path = move_monster(dungeon, dungeon.monsters[monster_id], colour)
        rows.append((_name(dungeon, monster_id), colour.value, room_names(dungeon, path.rooms), path.stop.value))
    return Table(rows, ("monster", "colour rolled", "rooms", "why it stops"))


def _name(dungeon: Dungeon, monster_id: str) -> str:
    """A monster's name without its note in brackets ("Nervous Squirrel")."""
    monster = dungeon.monsters[monster_id]
    return (monster.name or monster.id).split(" (")[0]


def _percent(p: float) -> str:
    """A chance in whole percent; a chance that rounds to 0% is "<1%", one just short of 100% ">99%"."""
    if 0 < p < 0.005:
        return "<1%"
    if 0.995 <= p < 1:
        return ">99%"
    return f"{p:.0%}"
