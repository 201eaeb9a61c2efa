"""The Munchkin Quest dungeon as a clickable SVG board (:mod:`.board`, :mod:`.svg`).

Rooms are square tiles with their name, their icons (seed 001 p. 9, 房间和图标: green icons good for a race or
class, red ones bad; p. 6-7 and p. 20: the search icon; the room's rules as icons) and the coloured monster
arrows (p. 13: the monster die's colour moves every monster along the arrow of its colour). Between the tiles
the links (p. 6, 连接块): open corridor, door, locked door, secret door, wall, each with its move cost;
an opening with no room beyond yet is a dashed "unexplored" square to explore into. Munchkins stand as pawns in
their colours, monsters as tokens with their level and a ring of their base colour (their owner, p. 9).

Everything on this board is public at the table (the tiles, links, standees, search tokens and dropped items:
p. 7 "其他玩家随时可以查看掉落物品堆"), so the seat view and the teacher view draw the same board; hands and
decks never appear on it. The tiles, links, arrows, icons and legend (the static part) are drawn once per
dungeon layout and cached; only the pieces and the rooms' tooltips are drawn on every refresh.

Click targets: ``room:<id>`` (a room tile), ``door:<x>_<y>_<side>`` (a link, or an opening to explore),
``monster:<id>`` (a monster token), ``pawn:<seat>`` (a munchkin).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from ..core.words import counted
from ..quest.dungeon import Dungeon, LinkKey, Room, link_key
from ..quest.geometry import Colour, LinkKind, Side
from ..quest.tiles import RoomRule, load_rooms
from . import svg

CELL = 264  #: one grid square: a tile and half a gap on each side
TILE = 212  #: a room tile's side
GAP = CELL - TILE
MARGIN = 16
LEGEND_ROW = 30
ARROW_COLOURS = {Colour.RED: "#d32f2f", Colour.BLUE: "#1565c0", Colour.GREEN: "#2e7d32",
                 Colour.YELLOW: "#f9c80e", Colour.PURPLE: "#7b1fa2", Colour.ORANGE: "#ef6c00"}
LINK_WORDS = {LinkKind.CORRIDOR: "open corridor", LinkKind.DOOR: "door", LinkKind.LOCKED: "locked door",
              LinkKind.SECRET: "secret door", LinkKind.WALL: "wall"}
SIDE_WORDS = {Side.N: "north", Side.E: "east", Side.S: "south", Side.W: "west"}
_SIDE_OF = {s.value: s for s in Side}


# ----- targets ------------------------------------------------------------------------------------------
def room_target(room_id: str) -> str:
    return f"room:{room_id}"


def door_target(key: LinkKey) -> str:
    x, y, side = key
    return f"door:{x}_{y}_{side.value}"


def door_key(target: str) -> LinkKey:
    """The link a ``door:`` target stands for."""
    x, y, side = target.partition(":")[2].split("_")
    return int(x), int(y), _SIDE_OF[side]


def monster_target(piece: str) -> str:
    return f"monster:{piece}"


def pawn_target(seat: int) -> str:
    return f"pawn:{seat}"


# ----- the pieces of one moment -------------------------------------------------------------------------
@dataclass(frozen=True)
class Pawn:
    """A munchkin's standee."""

    seat: int
    colour: Colour
    room: str
    tip: str
    dead: bool = False


@dataclass(frozen=True)
class Token:
    """A monster's standee: its name, level (with what it keeps from enhancers) and base colour."""

    id: str
    room: str
    name: str
    level: int
    base: Colour | None
    tip: str


@dataclass
class Pieces:
    """What stands in the dungeon now: pawns, monster tokens, and per room a few badges (``looted``,
    ``fight``) and more lines for its tooltip (dropped items, who searched)."""

    pawns: list[Pawn] = field(default_factory=list)
    tokens: list[Token] = field(default_factory=list)
    badges: dict[str, list[str]] = field(default_factory=dict)
    notes: dict[str, list[str]] = field(default_factory=dict)
    fight_room: str | None = None


# ----- the room's icons ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Icon:
    """One icon of a room: its kind (one legend entry per kind), what it says in the tile and on hover."""

    kind: str
    mark: str
    tip: str


ICON_LEGEND = {  # kind -> (colour, legend text)
    "good": ("#2e7d32", "green icon: good for that race/class (+1 die)"),
    "bad": ("#c62828", "red icon: bad for that race/class (-1 die)"),
    "search": ("#455a64", "search icon: added to a search roll"),
    "no search": ("#455a64", "no searching in this room"),
    "deal": ("#8d6e00", "a deal: pay for something (p. 7)"),
    "heal": ("#ad1457", "healing for moves or gold"),
    "monsters": ("#4e342e", "monsters stronger here"),
    "run": ("#5d4037", "harder to run away from here"),
    "odd": ("#00695c", "odd levels favoured, even ones not"),
    "soundproof": ("#37474f", "soundproof: no help from outside"),
    "nest": ("#6a1b9a", "nest: entering brings a monster"),
    "enter": ("#bf360c", "entering hurts those with the named ability"),
    "portal": ("#6a1b9a", "portal: go to any explored room"),
}


def room_icons(room: Room, rules: Sequence[RoomRule]) -> list[Icon]:
    """The icons a tile shows: its search icon, its rules, its green and red race and class icons."""
    icons = [Icon("no search", "no search", "no searching here") if room.search is None else
             Icon("search", f"search {room.search:+d}", f"search rolls {room.search:+d}")]
    for rule in rules:
        if rule.kind == "deal":
            kind = "portal" if rule.teleport else "heal" if rule.heal else "deal"
            price = ", ".join(x for x in (counted(rule.moves, "move") if rule.moves else "",
                                          f"{rule.gold} gold" if rule.gold else "") if x)
            mark = {"portal": "portal", "heal": f"heal {rule.heal}"}.get(kind, "deal")
            icons.append(Icon(kind, mark, f"{rule.name}" + (f" ({price})" if price else "")
                              + (", once a turn" if rule.once else "")))
        elif rule.kind == "monsters":
            which = f"{'undead ' if rule.undead else ''}{f'{rule.ability} ' if rule.ability else ''}"
            icons.append(Icon("monsters", f"{which}{rule.bonus:+d}", f"{which}monsters here {rule.bonus:+d}"))
        elif rule.kind == "enter":
            icons.append(Icon("enter", f"{rule.ability} hurt", f"a munchkin with {rule.ability} entering here "
                              f"takes {counted(rule.hits, 'hit')}"))
        elif rule.kind == "run":
            icons.append(Icon("run", f"run {rule.modifier:+d}", f"running away from here {rule.modifier:+d}"))
        elif rule.kind == "odd_levels":
            icons.append(Icon("odd", "odd levels", "good for odd levels, bad for even levels"))
        elif rule.kind == "soundproof":
            icons.append(Icon("soundproof", "soundproof", "nobody outside may help or interfere"))
        elif rule.kind == "nest":
            icons.append(Icon("nest", "nest", "entering with no monster here draws one"))
    icons += [Icon("good", tag, f"good for {tag}s: one more die") for tag in room.good_for]
    icons += [Icon("bad", tag, f"bad for {tag}s: one die less") for tag in room.bad_for]
    return icons


#: each room's rules by room id, as a game reads them (``QuestGame.room_rules_of``: the deck's and a card
#: pack's rooms); ``None``: the default room deck's
RoomRules = Mapping[str, Sequence[RoomRule]] | None


def rules_of(room: Room, rules: RoomRules = None) -> tuple[RoomRule, ...]:
    """The rules printed on ``room`` (none on the entrance)."""
    if room.entrance:
        return ()
    if rules is not None:
        return tuple(rules.get(room.id, ()))
    try:
        return load_rooms().tile(room.id).rules
    except KeyError:  # a room of a hand-made dungeon file, not of the deck
        return ()


# ----- geometry ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Layout:
    """Where grid square (x, y) is drawn: the placed rooms' squares, and room around them for the explore
    tabs beyond (``left``, ``top``, ``right``, ``bottom``, in user units)."""

    min_x: int
    min_y: int
    columns: int
    rows: int
    left: float = MARGIN
    top: float = MARGIN
    right: float = MARGIN
    bottom: float = MARGIN

    def corner(self, at: tuple[int, int]) -> tuple[float, float]:
        """The top-left corner of the tile at grid square ``at``."""
        return (self.left + (at[0] - self.min_x) * CELL + GAP / 2, self.top + (at[1] - self.min_y) * CELL + GAP / 2)

    @property
    def map_width(self) -> float:
        return self.left + self.columns * CELL + self.right

    @property
    def map_height(self) -> float:
        return self.top + self.rows * CELL + self.bottom


def openings(dungeon: Dungeon) -> list[tuple[Room, Side, LinkKind]]:
    """Links with no room beyond yet (not walls): where a munchkin may explore."""
    out = []
    for room in dungeon.rooms.values():
        for side in Side:
            if dungeon.has_link(room.at, side) and dungeon.room_at(side.step(room.at)) is None:
                kind = dungeon.link(room.at, side)
                if kind is not LinkKind.WALL:
                    out.append((room, side, kind))
    return out


EXPLORE_PAD = {Side.W: 124.0, Side.E: 124.0, Side.N: 98.0, Side.S: 98.0}  #: an explore tab beyond the edge


def layout_of(dungeon: Dungeon, width: float = 0) -> Layout:
    """The rooms' squares, padded where an explore tab lies beyond them, centred in ``width``."""
    min_x, min_y, max_x, max_y = dungeon.bounds()
    pads = dict.fromkeys(Side, float(MARGIN))
    for room, side, _kind in openings(dungeon):
        x, y = side.step(room.at)
        if x < min_x or x > max_x or y < min_y or y > max_y:
            pads[side] = EXPLORE_PAD[side]
    lay = Layout(min_x, min_y, max_x - min_x + 1, max_y - min_y + 1, pads[Side.W], pads[Side.N], pads[Side.E],
                 pads[Side.S])
    extra = max(0.0, width - lay.map_width) / 2
    return replace(lay, left=lay.left + extra, right=lay.right + extra) if extra else lay


def edge_middle(x: float, y: float, side: Side) -> tuple[float, float]:
    """The middle of ``side`` of the tile whose corner is (x, y)."""
    half = TILE / 2
    return {Side.N: (x + half, y), Side.S: (x + half, y + TILE), Side.W: (x, y + half),
            Side.E: (x + TILE, y + half)}[side]


# ----- drawing: the static part --------------------------------------------------------------------------
def _arrow(x0: float, y0: float, x1: float, y1: float, colour: str, width: float = 7) -> str:
    """A filled arrow from (x0, y0) to (x1, y1) with a dark outline (yellow reads on white too)."""
    import math

    dx, dy = x1 - x0, y1 - y0
    length = math.hypot(dx, dy) or 1
    ux, uy = dx / length, dy / length
    px, py = -uy, ux
    head = min(14.0, length * 0.5)
    hw, sw = width, width / 2.6
    bx, by = x1 - ux * head, y1 - uy * head
    points = [(x0 + px * sw, y0 + py * sw), (bx + px * sw, by + py * sw), (bx + px * hw, by + py * hw), (x1, y1),
              (bx - px * hw, by - py * hw), (bx - px * sw, by - py * sw), (x0 - px * sw, y0 - py * sw)]
    return svg.polygon(points, fill=colour, stroke="#212121", width=1)


def link_glyph(kind: LinkKind, cx: float, cy: float, across: bool) -> str:
    """A link drawn centred on (cx, cy), spanning the gap; ``across``: the gap runs left-right (an E/W link)."""
    long_, short = GAP + 14, 58  # along the passage, along the edge
    w, h = (long_, short) if across else (short, long_)
    x, y = cx - w / 2, cy - h / 2
    if kind is LinkKind.WALL:
        ww, wh = (14, short + 24) if across else (short + 24, 14)
        return svg.rect(cx - ww / 2, cy - wh / 2, ww, wh, fill="#212121", stroke="#000", width=1, shape=True)
    floor = svg.rect(x, y, w, h, fill="#e0d6c8", stroke="#8d8378", width=1.5, shape=True)
    cost = {LinkKind.CORRIDOR: "1", LinkKind.DOOR: "1", LinkKind.LOCKED: "2", LinkKind.SECRET: "3"}[kind]
    if kind is LinkKind.CORRIDOR:
        body = floor
    elif kind is LinkKind.SECRET:
        dw, dh = (12, short - 4) if across else (short - 4, 12)
        body = (svg.rect(x, y, w, h, fill="#f3e5f5", stroke="#6a1b9a", width=2.5, shape=True,
                         stroke_dasharray="6 4")
                + svg.rect(cx - dw / 2, cy - dh / 2, dw, dh, fill="none", stroke="#6a1b9a", width=2,
                           stroke_dasharray="4 3"))
    else:
        colour = "#8d6e63" if kind is LinkKind.DOOR else "#b71c1c"
        dw, dh = (14, short - 4) if across else (short - 4, 14)
        body = floor + svg.rect(cx - dw / 2, cy - dh / 2, dw, dh, fill=colour, stroke="#3e2723", width=1.5)
        if kind is LinkKind.LOCKED:
            body += svg.circle(cx, cy, 5, fill="#ffd54f", stroke="#3e2723", width=1)
    ox, oy = (0, -short / 2 - 2) if across else (-short / 2 - 2, 0)
    badge = svg.circle(cx + ox, cy + oy, 10, fill="#ffffff", stroke="#424242", width=1.2) + svg.text(
        cx + ox, cy + oy, cost, size=13, weight="bold")
    return body + badge


def _link_part(dungeon: Dungeon, lay: Layout, room: Room, side: Side) -> str:
    key = link_key(room.at, side)
    kind = dungeon.link(room.at, side)
    x, y = lay.corner(room.at)
    mx, my = edge_middle(x, y, side)
    dx, dy = side.delta
    cx, cy = mx + dx * GAP / 2, my + dy * GAP / 2
    beyond = dungeon.room_at(side.step(room.at))
    glyph = link_glyph(kind, cx, cy, across=dx != 0)
    if beyond is None and kind is not LinkKind.WALL:
        tx, ty = cx + dx * (GAP / 2 + 44), cy + dy * (GAP / 2 + 44)
        glyph += svg.rect(tx - 44, ty - 18, 88, 36, fill="#fff8e1", stroke="#9e9e9e", width=1.5, rx=8, shape=True)
        glyph += svg.text(tx, ty, "explore", size=15, weight="bold", fill="#5d4037")
        tip = (f"an unexplored {LINK_WORDS[kind]} {SIDE_WORDS[side]} of {room.name or room.id}: exploring through "
               f"it costs {counted(dungeon.costs.get(kind), 'move')} and brings a new room and a monster")
    elif beyond is None:
        tip = f"a wall {SIDE_WORDS[side]} of {room.name or room.id}: no way through"
    else:
        cost = dungeon.costs.get(kind)
        tip = (f"{LINK_WORDS[kind]} between {room.name or room.id} and {beyond.name or beyond.id}"
               + (f": {counted(cost, 'move')}" if cost is not None
                  else ": no way through (rooms joined by a wall are not adjacent)"))
    return svg.target(door_target(key), glyph, tip)


def _tile(room: Room, lay: Layout, rules: RoomRules = None) -> str:
    x, y = lay.corner(room.at)
    fill = "#fff3c4" if room.entrance else "#fbf6ea"
    parts = [svg.rect(x, y, TILE, TILE, fill=fill, stroke="#6d4c41", width=2.5, rx=6),
             svg.rect(x + 3, y + 3, TILE - 6, 40, fill="#ffe082" if room.entrance else "#efe0c4", stroke="none",
                      rx=4)]
    name = room.name or room.id
    lines = svg.wrap(name, 16)
    for i, part in enumerate(lines[:2]):
        parts.append(svg.text(x + TILE / 2, y + 23 + (i - (len(lines[:2]) - 1) / 2) * 17, part,
                              size=17 if len(lines) == 1 else 15, weight="bold", fill="#3e2723"))
    if room.entrance:
        parts.append(svg.text(x + TILE / 2, y + 62, "no monster stays here", size=12, fill="#6d4c41"))
        return "".join(parts)
    ix, iy = x + 6, y + 50
    for icon in room_icons(room, rules_of(room, rules)):
        colour = ICON_LEGEND[icon.kind][0]
        width = 14 + 7.9 * len(icon.mark)
        if ix + width > x + TILE - 4:
            ix, iy = x + 6, iy + 25
        cross = svg.line(ix + 3, iy + 3, ix + width - 3, iy + 19, stroke="#c62828", width=2) \
            if icon.kind == "no search" else ""
        parts.append(svg.group(svg.rect(ix, iy, width, 22, fill=colour, stroke="none", rx=11)
                               + svg.text(ix + width / 2, iy + 11, icon.mark, size=12.5, fill=svg.ink_on(colour),
                                          weight="bold") + cross, tip=icon.tip))
        ix += width + 4
    return "".join(parts)


def _arrows(room: Room, lay: Layout) -> str:
    """Each monster arrow crosses the tile's edge into the gap, beside the link (N and E arrows on one half
    of the edge, S and W on the other, so two tiles' arrows in one gap never overlap)."""
    x, y = lay.corner(room.at)
    by_side: dict[Side, list[Colour]] = {}
    for colour, side in room.arrows.items():
        by_side.setdefault(side, []).append(colour)
    parts = []
    for side, colours in by_side.items():
        mx, my = edge_middle(x, y, side)
        dx, dy = side.delta
        sign = 1 if side in (Side.N, Side.E) else -1
        for i, colour in enumerate(sorted(colours, key=lambda c: c.value)):
            off = sign * (42 + 17 * i)
            ox, oy = (off, 0) if dx == 0 else (0, -off)
            sx, sy = mx + ox - dx * 6, my + oy - dy * 6
            ex, ey = mx + ox + dx * (GAP / 2 + 10), my + oy + dy * (GAP / 2 + 10)
            parts.append(svg.group(_arrow(sx, sy, ex, ey, ARROW_COLOURS[colour]),
                                   tip=f"{colour.value} arrow: on a {colour.value} monster die, monsters here move "
                                       f"{SIDE_WORDS[side]}"))
    return "".join(parts)


def _swatch_arrow(colour: str) -> str:
    return _arrow(0, 11, 24, 11, colour, width=8)


def legend_items(dungeon: Dungeon, rules: RoomRules = None) -> list[tuple[str, str]]:
    """The legend: the six arrow colours, the links, the icons this dungeon shows, the pieces."""
    items = [(_swatch_arrow(ARROW_COLOURS[c]), f"{c.value} arrow: monsters go this way on {c.value}")
             for c in Colour]
    for kind in (LinkKind.CORRIDOR, LinkKind.DOOR, LinkKind.LOCKED, LinkKind.SECRET):
        cost = dungeon.costs.get(kind)
        items.append((f'<g transform="scale(0.34) translate(34,32)">{link_glyph(kind, 0, 0, True)}</g>',
                      f"{LINK_WORDS[kind]}: {cost} move{'s' if cost != 1 else ''} (the number)"))
    items.append((svg.rect(2, 8, 22, 7, fill="#212121", stroke="#000", width=1), "wall: no way through"))
    items.append((svg.rect(0, 2, 26, 18, fill="#fff8e1", stroke="#9e9e9e", width=1.5, rx=5)
                  + svg.text(13, 11, "?", size=12, weight="bold"), "unexplored: explore it for a new room"))
    seen = {i.kind for r in dungeon.rooms.values() if not r.entrance for i in room_icons(r, rules_of(r, rules))}
    for kind, (colour, words) in ICON_LEGEND.items():
        if kind in seen:
            items.append((svg.rect(0, 2, 26, 18, fill=colour, stroke="none", rx=9), words))
    items.append((_pawn_shape(12, -4, "#d32f2f", "0", 0.8), "munchkin: seat number, player colour"))
    items.append((_token_shape(0, -2, 26, 26, "3", None, "#ef6c00"),
                  "monster: level; ring: its owner's colour"))
    return items


LEGEND_COLUMN = 390


def _static(dungeon: Dungeon, rules: RoomRules = None) -> tuple[str, float, float, Layout]:
    """Tiles, links, arrows, icons and the legend of one dungeon layout: (SVG, width, height, layout)."""
    lay = layout_of(dungeon, 3 * LEGEND_COLUMN + 2 * MARGIN)
    width = lay.map_width
    parts = [svg.rect(0, 0, lay.map_width, lay.map_height, fill="#6d625a", stroke="none", rx=10)]
    for room in dungeon.rooms.values():
        parts.append(_tile(room, lay, rules))
    done: set[LinkKey] = set()
    for room in dungeon.rooms.values():
        for side in Side:
            key = link_key(room.at, side)
            if key in done or not dungeon.has_link(room.at, side):
                continue
            done.add(key)
            parts.append(_link_part(dungeon, lay, room, side))
    for room in dungeon.rooms.values():
        parts.append(_arrows(room, lay))
    items = legend_items(dungeon, rules)
    columns = max(1, int((width - 2 * MARGIN) // LEGEND_COLUMN))
    top = lay.map_height + 14
    parts.append(svg.text(MARGIN, top, "Legend", size=17, anchor="start", weight="bold"))
    parts.append(svg.legend(items, MARGIN, top + 16, size=14, columns=columns, column_width=LEGEND_COLUMN))
    rows = -(-len(items) // columns)
    height = top + 16 + rows * 26 + 12
    return "".join(parts), width, height, lay


_STATIC: dict[tuple, tuple[str, float, float, Layout]] = {}  #: layout key -> its static part (a few kept)


def static_part(dungeon: Dungeon, rules: RoomRules = None) -> tuple[str, float, float, Layout]:
    """The cached static part of ``dungeon``'s board (rooms, links and the rooms' rules key the cache)."""
    key = (tuple((r.id, r.at) for r in dungeon.rooms.values()),
           tuple(sorted((k[0], k[1], k[2].value, v.value) for k, v in dungeon.links.items())),
           tuple(sorted((k.value, v) for k, v in dungeon.costs.items())),
           tuple(rules_of(r, rules) for r in dungeon.rooms.values()))
    known = _STATIC.get(key)
    if known is None:
        if len(_STATIC) >= 32:
            _STATIC.pop(next(iter(_STATIC)))
        known = _STATIC[key] = _static(dungeon, rules)
    return known


# ----- drawing: the pieces -----------------------------------------------------------------------------
def _pawn_shape(cx: float, top: float, colour: str, label: str, scale: float = 1.0, dead: bool = False) -> str:
    s = scale
    fill = "#9e9e9e" if dead else colour
    body = svg.polygon([(cx - 11 * s, top + 34 * s), (cx - 7 * s, top + 14 * s), (cx + 7 * s, top + 14 * s),
                        (cx + 11 * s, top + 34 * s)], fill=fill, stroke="#212121", width=1.5, shape=True)
    head = svg.circle(cx, top + 8 * s, 7 * s, fill=fill, stroke="#212121", width=1.5)
    mark = svg.text(cx, top + 25 * s, label, size=12 * s, weight="bold", fill=svg.ink_on(fill))
    cross = (svg.line(cx - 10 * s, top, cx + 10 * s, top + 34 * s, stroke="#212121", width=2)
             if dead else "")
    return body + head + mark + cross


def _token_shape(x: float, y: float, w: float, h: float, level: str, name: str | None, ring: str) -> str:
    parts = [svg.rect(x - 3, y - 3, w + 6, h + 6, fill="none", stroke="none", rx=h / 2 + 3, shape=True),
             svg.rect(x, y, w, h, fill="#263238", stroke=ring, width=3.5, rx=h / 2),
             svg.circle(x + h / 2, y + h / 2, h / 2 - 2.5, fill="#ffffff", stroke="none"),
             svg.text(x + h / 2, y + h / 2, level, size=13 if len(level) < 2 else 11.5, weight="bold",
                      fill="#b71c1c")]
    if name:
        parts.append(svg.text(x + h + 3, y + h / 2, name, size=12.5, anchor="start", fill="#ffffff"))
    return "".join(parts)


def _short(name: str, width: int) -> str:
    """A monster's name on its token: whole if it fits, else its first words that do (hover shows it all)."""
    if len(name) <= width:
        return name
    out = ""
    for word in name.split():
        if len(out) + len(word) + (1 if out else 0) > width - 1:
            break
        out = f"{out} {word}".strip()
    return (out or name[: width - 1]) + "…"


def room_tip(room: Room, pieces: Pieces, dungeon: Dungeon, rules: RoomRules = None) -> str:
    """Everything about a room, for its tooltip."""
    lines = [f"{room.name or room.id}" + (f" ({room.name_zh})" if room.name_zh else "")]
    if room.entrance:
        lines.append("the entrance: no monster stays here; at level 10 the boss waits here")
    elif room.text:
        lines.append(room.text)
    lines += [icon.tip for icon in room_icons(room, rules_of(room, rules))]
    for colour, side in sorted(room.arrows.items(), key=lambda cs: cs[0].value):
        lines.append(f"{colour.value} arrow: monsters move {SIDE_WORDS[side]} on {colour.value}")
    for side in Side:
        if dungeon.has_link(room.at, side):
            beyond = dungeon.room_at(side.step(room.at))
            kind = dungeon.link(room.at, side)
            lines.append(f"{SIDE_WORDS[side]}: {LINK_WORDS[kind]}" + (
                f" to {beyond.name or beyond.id}" if beyond else " (unexplored)" if kind is not LinkKind.WALL else ""))
    lines += [f"munchkin: {p.tip}" for p in pieces.pawns if p.room == room.id]
    lines += [f"monster: {t.tip}" for t in pieces.tokens if t.room == room.id]
    lines += pieces.notes.get(room.id, [])
    return "\n".join(lines)


def _room_layer(room: Room, lay: Layout, pieces: Pieces, dungeon: Dungeon, rules: RoomRules = None) -> str:
    x, y = lay.corner(room.at)
    parts = []
    fight = pieces.fight_room == room.id
    overlay = svg.rect(x, y, TILE, TILE, fill="#d32f2f" if fight else "#ffffff", stroke="none", width=3, rx=6,
                       shape=True, fill_opacity="0.12" if fight else "0")
    parts.append(overlay)
    bx = x + TILE - 6
    for badge in pieces.badges.get(room.id, []):
        w = 10 + 7 * len(badge)
        colour = "#c62828" if badge == "fight" else "#5d4037"
        parts.append(svg.rect(bx - w, y + TILE - 26, w, 20, fill=colour, stroke="none", rx=10)
                     + svg.text(bx - w / 2, y + TILE - 16, badge, size=12, weight="bold", fill="#ffffff"))
        bx -= w + 4
    tokens = [t for t in pieces.tokens if t.room == room.id]
    shown = tokens[:3] if len(tokens) <= 3 else tokens[:2]
    ty = y + 100
    for t in shown:
        ring = ARROW_COLOURS[t.base] if t.base is not None else "#9e9e9e"
        parts.append(svg.target(monster_target(t.id), _token_shape(x + 8, ty, TILE - 16, 25, str(t.level),
                                                                   _short(t.name, 21), ring), t.tip))
        ty += 27
    if len(tokens) > len(shown):
        more = tokens[len(shown):]
        parts.append(svg.group(svg.text(x + TILE / 2, ty + 10, f"and {counted(len(more), 'more monster')}", size=12,
                                        fill="#b71c1c", weight="bold"), tip="\n".join(t.tip for t in more)))
    pawns = [p for p in pieces.pawns if p.room == room.id]
    for i, p in enumerate(pawns):
        cx = x + 22 + i * 34
        parts.append(svg.target(pawn_target(p.seat), _pawn_shape(cx, y + TILE - 42, ARROW_COLOURS[p.colour],
                                                                 str(p.seat), 1.12, dead=p.dead), p.tip))
    # the pieces stand inside the room's group: a click on a piece with nothing to do there reaches the room
    return svg.target(room_target(room.id), "".join(parts), room_tip(room, pieces, dungeon, rules))


def draw(dungeon: Dungeon, pieces: Pieces, label: str = "the dungeon", rules: RoomRules = None) -> str:
    """The whole board: the cached static part, then each room's clickable layer with its pieces (a monster
    token and a pawn are targets of their own inside the room's); ``rules``: the game's rooms' rules."""
    static, width, height, lay = static_part(dungeon, rules)
    layers = "".join(_room_layer(room, lay, pieces, dungeon, rules) for room in dungeon.rooms.values())
    return svg.document(width, height, static + layers, label=label, background="#fafafa")


def door_label(dungeon: Dungeon, key: LinkKey) -> str:
    """A link in plain words: ``the door between Hospital and Crypt``, ``the open corridor north of X``."""
    x, y, side = key
    room = dungeon.room_at((x, y))
    other = dungeon.room_at(side.step((x, y)))
    kind = LINK_WORDS[dungeon.links.get(key, LinkKind.WALL)]
    if room is not None and other is not None:
        return f"the {kind} between {room.name or room.id} and {other.name or other.id}"
    here, facing = (room, side) if room is not None else (other, side.opposite)
    if here is None:
        return f"the {kind}"
    return f"the unexplored {kind} {SIDE_WORDS[facing]} of {here.name or here.id}"
