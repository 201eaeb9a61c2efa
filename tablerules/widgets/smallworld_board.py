"""The Small World board as an SVG picture for :class:`~tablerules.widgets.board.Board`: the regions as map
shapes (:func:`tablerules.smallworld.analysis.map_shapes` says how they are made from the adjacency data)
filled by terrain, a glyph for every feature and marker, each owner's tokens as a numbered disc in the
player's colour (hatched grey in decline), the combo row as cards, and legends for terrain, markers and
players. Every region is a ``region:N`` target whose tooltip says what is there, who holds it, its
neighbours and, when it can be attacked now, what it costs, every number explained."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..smallworld.actions import Conquer, FinalAttempt, Place
from ..smallworld.analysis import final_attempt_odds, map_shapes
from ..smallworld.game import SmallWorld
from ..smallworld.rules.conquest import conquest_cost, cost_breakdown
from ..smallworld.state import NOBODY
from . import svg

TERRAIN = {"farmland": ("#f3dc7b", "farmland"), "hill": ("#b5dc8a", "hill"), "forest": ("#2e7d32", "forest"),
           "swamp": ("#9c89b8", "swamp"), "mountain": ("#a1887f", "mountain"), "sea": ("#4f8fd8", "sea"),
           "lake": ("#8ec5f5", "lake")}
SEATS = ("#d32f2f", "#1565c0", "#ef6c00", "#6a1b9a", "#00897b")
SEAT_NAMES = ("red", "blue", "orange", "purple", "teal")
DECLINE = "#9e9e9e"
MAP_W, MAP_H, SIDE = 1000.0, 680.0, 330.0
WIDTH = MAP_W + SIDE
_DEFS = ('<defs><pattern id="sw-hatch" width="6" height="6" patternUnits="userSpaceOnUse" '
         'patternTransform="rotate(45)"><rect width="6" height="6" fill="#bdbdbd"/>'
         '<line x1="0" y1="0" x2="0" y2="6" stroke="#616161" stroke-width="3"/></pattern></defs>')


# ----- glyphs: each drawn in a box of about 22 x 22 centred on (x, y) -------------------------------
def _mountain(x: float, y: float) -> str:
    return (svg.polygon([(x - 11, y + 8), (x - 2, y - 9), (x + 3, y - 1), (x + 6, y - 5), (x + 12, y + 8)],
                        fill="#5d4037", stroke="#fff", width=1.2)
            + svg.polygon([(x - 5, y - 3), (x - 2, y - 9), (x + 1, y - 3)], fill="#fff", stroke="none"))


def _cavern(x: float, y: float) -> str:
    return (svg.rect(x - 11, y - 9, 22, 18, fill="#795548", stroke="#fff", width=1.2, rx=3)
            + f'<path d="M{x - 6:g},{y + 9:g} v-6 a6,6 0 0 1 12,0 v6 z" fill="#111"/>')


def _mine(x: float, y: float) -> str:
    return (svg.circle(x, y, 11, fill="#ffe082", stroke="#6d4c41", width=1.5)
            + svg.line(x - 6, y + 6, x + 6, y - 6, stroke="#4e342e", width=2.5)
            + f'<path d="M{x - 1:g},{y - 9:g} q8,0 9,9" fill="none" stroke="#4e342e" stroke-width="2.5"/>')


def _star(x: float, y: float, r: float = 11, fill: str = "#8e24aa") -> str:
    from math import cos, pi, sin

    points = [(x + (r if k % 2 == 0 else r * 0.45) * sin(k * pi / 5), y - (r if k % 2 == 0 else r * 0.45)
               * cos(k * pi / 5)) for k in range(10)]
    return svg.polygon(points, fill=fill, stroke="#fff", width=1.2)


def _tribe(x: float, y: float) -> str:
    return (svg.circle(x, y, 11, fill="#d7ccc8", stroke="#4e342e", width=1.5)
            + svg.circle(x, y - 4, 3.2, fill="#4e342e", stroke="none")
            + svg.polygon([(x - 6, y + 8), (x, y - 1), (x + 6, y + 8)], fill="#4e342e", stroke="none"))


def _lair(x: float, y: float) -> str:
    return (svg.polygon([(x - 11, y + 9), (x - 7, y - 7), (x, y - 10), (x + 7, y - 7), (x + 11, y + 9)], fill="#558b2f",
                        stroke="#fff", width=1.2) + svg.text(x, y + 1, "T", size=13, fill="#fff", weight="bold"))


def _fortress(x: float, y: float) -> str:
    pts = [(x - 11, y + 9), (x - 11, y - 9), (x - 6, y - 9), (x - 6, y - 5), (x - 2, y - 5), (x - 2, y - 9),
           (x + 2, y - 9), (x + 2, y - 5), (x + 6, y - 5), (x + 6, y - 9), (x + 11, y - 9), (x + 11, y + 9)]
    return svg.polygon(pts, fill="#607d8b", stroke="#fff", width=1.2)


def _encampment(x: float, y: float) -> str:
    return (svg.polygon([(x - 12, y + 9), (x, y - 10), (x + 12, y + 9)], fill="#ff8f00", stroke="#fff", width=1.2)
            + svg.polygon([(x - 3, y + 9), (x, y + 2), (x + 3, y + 9)], fill="#4e342e", stroke="none"))


def _hole(x: float, y: float) -> str:
    return (f'<ellipse cx="{x:g}" cy="{y:g}" rx="12" ry="7" fill="#212121" stroke="#8d6e63" stroke-width="2.5"/>')


def _hero(x: float, y: float) -> str:
    return (f'<path d="M{x - 10:g},{y - 10:g} h20 v7 q0,10 -10,14 q-10,-4 -10,-14 z" fill="#fbc02d" stroke="#5d4037" '
            f'stroke-width="1.5"/>' + svg.text(x, y - 1, "H", size=12, weight="bold"))


def _dragon(x: float, y: float) -> str:
    return (svg.polygon([(x - 12, y - 2), (x - 5, y - 10), (x - 2, y - 2), (x + 2, y - 2), (x + 5, y - 10),
                         (x + 12, y - 2), (x + 4, y + 4), (x, y + 11), (x - 4, y + 4)], fill="#c62828", stroke="#fff",
                        width=1.2))


def _magic(x: float, y: float) -> str:
    return _star(x, y)


@dataclass(frozen=True)
class Mark:
    """A feature or marker: its glyph and its name in the legend."""

    glyph: Callable[[float, float], str]
    name: str


MARKS = {"mountain": Mark(_mountain, "mountain (+1 to conquer)"), "cavern": Mark(_cavern, "cavern"),
         "mine": Mark(_mine, "mine"), "magic": Mark(_magic, "magic source"),
         "tribe": Mark(_tribe, "lost tribe (+1 to conquer)"), "lair": Mark(_lair, "troll lair (+1)"),
         "fortress": Mark(_fortress, "fortress (+1)"), "encampment": Mark(_encampment, "encampment (+1 each)"),
         "hole": Mark(_hole, "hole-in-the-ground (safe)"), "hero": Mark(_hero, "hero (safe)"),
         "dragon": Mark(_dragon, "dragon (safe)")}


def region_marks(game: SmallWorld, i: int) -> list[tuple[str, int]]:
    """The features and markers in region ``i``: (key of :data:`MARKS`, how many)."""
    s, r = game.state, game.board.regions[i]
    out = [("mountain", 1)] if r.mountain_marker else []
    out += [(f, 1) for f in ("cavern", "mine", "magic") if r.has(f)]
    for key, on in (("tribe", s.lost_tribe[i]), ("lair", s.lair[i]), ("fortress", s.fortress[i]),
                    ("encampment", s.encampment[i]), ("hole", s.hole[i]), ("hero", s.hero[i]),
                    ("dragon", s.dragon == i)):
        if on:
            out.append((key, int(on)))
    return out


# ----- words ---------------------------------------------------------------------------------------
_TERMS = {"base": ("base", "base"), "defending tokens": ("token there", "tokens there"),
          "lost tribe": ("lost tribe", "lost tribes"), "mountain": ("mountain", "mountains"),
          "fortress": ("fortress", "fortresses"), "troll lair": ("troll lair", "troll lairs"),
          "encampments": ("encampment", "encampments")}


def cost_words(terms: Sequence[tuple[str, int]], total: int) -> str:
    """"2 base + 1 mountain + 1 token there = 4"; discounts read "- 1 Commando"; a sum below 1 is raised to
    the minimum of 1."""
    parts = []
    for k, (label, value) in enumerate(terms):
        one, many = _TERMS.get(label, (label, label))
        name = one if abs(value) == 1 else many
        sign = "" if k == 0 else ("+ " if value >= 0 else "- ")
        parts.append(f"{sign}{abs(value)} {name}")
    raw = sum(v for _, v in terms)
    tail = f" = {total}" if raw == total else f" = {raw}, but never less than 1: {total}"
    return " ".join(parts) + tail


def percent(p: Fraction) -> str:
    return f"{p} ({float(p):.0%})"


def target_text(game: SmallWorld, action: Conquer | FinalAttempt) -> str:
    """What attacking a region costs now, in words, and (a final attempt) the odds of the reinforcement die."""
    force = game.force()
    terms = cost_breakdown(game, action.player, action.region, force)
    total = conquest_cost(game, action.player, action.region, force)
    seat = game.state.seats[action.player]
    hand = seat.ghoul_hand if force == "ghouls" else seat.hand
    words = f"cost {cost_words(terms, total)} tokens"
    if isinstance(action, FinalAttempt):
        return (f"{words}; you have {hand} in hand: a final attempt with the reinforcement die succeeds with "
                f"odds {percent(final_attempt_odds(game, action.region))}")
    return f"{words}; you have {hand} in hand"


def owner_words(game: SmallWorld, i: int) -> str:
    s = game.state
    if s.owner[i] == NOBODY:
        return "a lost tribe (1 token)" if s.lost_tribe[i] else "nobody (empty)"
    n = s.tokens[i]
    state = "in decline" if s.decline[i] else "active"
    return f"player {s.owner[i]}: {n} {s.race[i]} token{'s' if n != 1 else ''} ({state})"


def region_tip(game: SmallWorld, i: int, attack: Conquer | FinalAttempt | None) -> str:
    r = game.board.regions[i]
    names = [MARKS[k].name.split(" (")[0] + (f" x{n}" if n > 1 else "") for k, n in region_marks(game, i)]
    lines = [f"Region {i}: {r.terrain}{', on the border of the map' if r.border else ''}",
             "Features: " + (", ".join(names) if names else "none"),
             "Held by " + owner_words(game, i),
             "Neighbours: " + ", ".join(str(n) for n in r.adjacent)]
    if attack is not None:
        lines.append(("Final attempt: " if isinstance(attack, FinalAttempt) else "Conquer now: ")
                     + target_text(game, attack))
    return "\n".join(lines)


# ----- the picture ---------------------------------------------------------------------------------
def _disc(x: float, y: float, count: int, colour: str, declined: bool, tip: str, r: float = 17) -> str:
    fill = "url(#sw-hatch)" if declined else colour
    body = svg.circle(x, y, r, fill=fill, stroke=colour if declined else "#fff", width=4 if declined else 2.5)
    ink = "#111" if declined else svg.ink_on(colour)
    body += svg.text(x, y + 1, count, size=21, fill=ink, weight="bold")
    return svg.group(body, tip=tip)


def _region(game: SmallWorld, i: int, attack: Conquer | FinalAttempt | None, one: bool, build: str = "") -> str:
    shapes = map_shapes(game.board)
    s = game.state
    r = game.board.regions[i]
    fill = TERRAIN[r.terrain][0]
    body = [svg.polygon(shapes.polygons[i], fill=fill, stroke="#263238", width=2, shape=True)]
    cx, cy = shapes.centres[i]
    marks = region_marks(game, i)
    held = s.owner[i] != NOBODY
    tight = shapes.radii[i] < 40
    beside = tight and (held or s.lost_tribe[i])  # a small region: the number beside the disc, not above
    nx, ny = (cx - 20, cy) if beside else (cx, cy - (0 if not (held or marks) else 16 if tight else 24))
    dx, dy = (cx + 14, cy) if beside else (cx, cy + (4 if tight else 8))
    label_ink = "#fff" if r.terrain in ("forest", "sea") else "#111"
    halo = "#111" if label_ink == "#fff" else "#fff"
    body.append(svg.text(nx, ny, i, size=24, fill=label_ink, weight="bold", stroke=halo, stroke_width=3,
                         paint_order="stroke"))
    if r.water and not held:
        body.append(svg.text(cx, ny + 22, r.terrain, size=14, fill=label_ink, font_style="italic"))
    icons = [k for k, _ in marks if k != "tribe" or held]
    x0 = cx - (len(icons) - 1) * 16
    if held:
        colour = SEATS[s.owner[i] % len(SEATS)]
        tip = f"{owner_words(game, i)} in region {i}"
        body.append(_disc(dx, dy, s.tokens[i], colour, s.decline[i], tip))
        if build:  # a fortress, a hero or an encampment may be placed here: a chip of its own
            chip = (svg.rect(dx - 51, dy - 14, 32, 28, fill="#fff", stroke="#1565c0", width=2, rx=6, shape=True)
                    + f'<g transform="translate({dx - 35:g},{dy:g}) scale(0.9)">{MARKS[build].glyph(0, 0)}</g>')
            body.append(svg.target(f"mark:{i}", chip, f"place a {MARKS[build].name.split(' (')[0]} in region {i}"))
        if one:  # "+1": place a single token here (clicking the region places all in hand)
            body.append(svg.target(f"one:{i}", svg.rect(dx + 19, dy - 14, 30, 24, fill="#fff", stroke="#1565c0",
                                                        width=2, rx=6, shape=True)
                                   + svg.text(dx + 34, dy - 2, "+1", size=15, weight="bold", fill="#1565c0"),
                                   f"place just one token in region {i}"))
    elif s.lost_tribe[i]:
        body.append(svg.group(_tribe(0, 0), tip=f"a lost tribe in region {i} (1 defender)",
                              transform=f"translate({dx:g},{dy + 2:g}) scale(1.4)"))
    iy = cy + (26 if beside else 44) if (held or s.lost_tribe[i]) else cy + 8
    for k, key in enumerate(icons):
        count = dict(marks)[key]
        glyph = MARKS[key].glyph(0, 0) + (svg.text(10, 10, count, size=12, weight="bold") if count > 1 else "")
        body.append(svg.group(glyph, tip=MARKS[key].name, transform=f"translate({x0 + 32 * k:g},{iy:g}) scale(1.3)"))
    return svg.target(f"region:{i}", "".join(body), region_tip(game, i, attack))


def combo_cards(game: SmallWorld, y: float, quiz: bool = False) -> str:
    s = game.state
    parts = [svg.text(8, y - 14, "The combo row: click one to pick it (it costs 1 coin per combo before it)",
                      size=17, anchor="start", weight="bold")]
    w, gap = 212.0, 10.0
    for i, (race, power) in enumerate(zip(s.row_races, s.row_powers, strict=False)):
        rt, pt = game.races[race].tokens, game.powers[power].tokens
        lines = [f"{race} {rt} + {power} {pt} = {rt + pt} tokens", f"costs {i} coin{'s' if i != 1 else ''}",
                 f"{s.row_coins[i]} coin{'s' if s.row_coins[i] != 1 else ''} lying on it"]
        tip = f"{power} {race}: {rt + pt} tokens\n{race}: {game.races[race].text}\n{power}: {game.powers[power].text}"
        if quiz:  # the banner's and the badge's numbers as printed; the sums are the lesson's question
            lines = [f"{race} {rt}, {power} {pt}", f"{s.row_coins[i]} coin{'s' if s.row_coins[i] != 1 else ''} "
                     "lying on it"]
            tip = f"{race}: {game.races[race].text}\n{power}: {game.powers[power].text}"
        # no corner number: a bare "10" in red beside the coins read as a price; the sum is in the first line
        body = svg.card(8 + i * (w + gap), y, w, 128, f"{power} {race}", lines, colour="#ffe0b2", title_size=16)
        parts.append(svg.target(f"combo:{i}", body, tip))
    return "".join(parts)


def players_legend(game: SmallWorld, viewer: int | None, y: float) -> str:
    s = game.state
    parts = []
    for p, seat in enumerate(s.seats):
        colour = SEATS[p % len(SEATS)]
        coins = f"{seat.coins} coins" if viewer is None or viewer == p else "coins hidden"
        active = f"{seat.power} {seat.race}, {seat.hand} in hand" if seat.race else "no active race"
        you = " (you)" if viewer == p else ""
        line = f"player {p}{you}, {SEAT_NAMES[p % len(SEAT_NAMES)]}: {active}; {coins}"
        row = y + p * 30
        parts.append(svg.circle(20, row, 11, fill=colour, stroke="#fff", width=2)
                     + svg.text(40, row, line, size=17, anchor="start", weight="bold" if p == s.current else "normal"))
        if seat.declined:
            x = 40 + len(line) * 9.2 + 20
            parts.append(svg.circle(x, row, 11, fill="url(#sw-hatch)", stroke=colour, width=3)
                         + svg.text(x + 18, row, "in decline: " + ", ".join(d.race for d in seat.declined), size=16,
                                    anchor="start"))
    return "".join(parts)


def side_legend(x: float) -> str:
    parts = [svg.text(x, 14, "Terrain", size=18, anchor="start", weight="bold")]
    terrain = [(svg.rect(0, 0, 22, 22, fill=colour, stroke="#263238"), name) for colour, name in TERRAIN.values()]
    parts.append(svg.legend(terrain, x, 30, size=16, columns=2, column_width=150))
    y = 30 + 4 * 28 + 18
    parts.append(svg.text(x, y, "Features and markers", size=18, anchor="start", weight="bold"))
    marks = [(m.glyph(11, 11), m.name) for m in MARKS.values()]
    parts.append(svg.legend(marks, x, y + 16, size=15))
    y += 16 + len(marks) * 27 + 14
    parts.append(svg.text(x, y, "Tokens", size=18, anchor="start", weight="bold"))
    discs = [(svg.circle(11, 11, 11, fill=SEATS[0], stroke="#fff") + svg.text(11, 12, 3, size=13, fill="#fff",
                                                                               weight="bold"),
              "3 tokens of an active race"),
             (svg.circle(11, 11, 11, fill="url(#sw-hatch)", stroke=SEATS[0], width=3), "a race in decline"),
             (svg.rect(0, 2, 24, 18, fill="#fff", stroke="#1565c0", rx=4) + svg.text(12, 11, "+1", size=12,
                                                                                    fill="#1565c0"),
              "place one token (region: all)"),
             (svg.rect(0, 0, 24, 22, fill="#fff", stroke="#1565c0", rx=4)
              + f'<g transform="translate(12,11) scale(0.7)">{_fortress(0, 0)}</g>', "place a marker there"),
             (svg.rect(1, 1, 22, 20, fill="#f3dc7b", stroke="#0d47a1", width=4), "you can click it now")]
    parts.append(svg.legend(discs, x, y + 16, size=15))
    return "".join(parts)


def board_svg(game: SmallWorld, viewer: int | None, attacks: dict[int, Conquer | FinalAttempt],
              singles: set[int], combos: bool, active: Sequence[int] = (), builds: dict[int, str] | None = None,
              quiz: bool = False) -> str:
    """The whole picture: the map with ``attacks`` (region -> the Conquer or FinalAttempt legal there, for its
    tooltip), "+1" chips on ``singles``, the regions that can be clicked now (``active``) outlined on top of
    their neighbours, chips for the markers that may be placed (``builds``: region -> key of :data:`MARKS`), the
    players, and the combo row as cards when ``combos``. ``quiz``: a lesson asks for a cost or a combo's tokens,
    so the costs in the tooltips and the combo cards' sums are left for the learner."""
    builds = builds or {}
    if quiz:
        attacks = {}
    s = game.state
    body = [_DEFS, svg.rect(0, 0, MAP_W, MAP_H, fill="#4f8fd8", stroke="none")]
    body += [_region(game, i, attacks.get(i), i in singles, builds.get(i, "")) for i in range(len(game.board))]
    polygons = map_shapes(game.board).polygons
    body += [svg.polygon(polygons[i], fill="none", stroke="#0d47a1", width=5, pointer_events="none",
                         stroke_linejoin="round") for i in sorted(active)]
    body.append(svg.rect(0, 0, MAP_W, MAP_H, fill="none", stroke="#263238", width=4))
    body.append(side_legend(MAP_W + 18))
    y = MAP_H + 28
    body.append(svg.text(8, y, f"Round {s.round} of {game.board.rounds}: player {s.current}'s turn", size=19,
                         anchor="start", weight="bold"))
    body.append(players_legend(game, viewer, y + 32))
    y += 32 + len(s.seats) * 30 + 10
    if combos:
        body.append(combo_cards(game, y + 30, quiz))
        y += 30 + 128 + 12
    return svg.document(WIDTH, y, "".join(body), label=f"Small World: {game.board.name}")


def place_singles(actions: Sequence[object]) -> set[int]:
    """The regions where a single token may be placed besides all the hand (both are legal)."""
    many = {(a.player, a.region) for a in actions if isinstance(a, Place) and a.count > 1}
    return {a.region for a in actions if isinstance(a, Place) and a.count == 1 and (a.player, a.region) in many}
