"""The Kragmortha board as SVG (:mod:`.svg`): the library of 7 files (a-g) by 10 ranks (1 at the top, by
the desk; 10 at the bottom, the start row) with its coordinates on every edge, each square's symbol as a
picture (a book for grimoire, a scroll for parchment, a flask for potion, a gem for gems), teleport squares,
bookcases and the desk (the goal), the goblins as coloured pawns with their player's number, the dark lord,
a legend in words (English and the seed's Chinese), the hand drawn as cards and the other seats' hands as
face-down counts (seat view) or face up (teacher view). Clickable parts carry ``data-target``:
``square:<name>``, ``card:<i>`` (the i-th card of the viewer's sorted hand), ``tome:<id>``, ``goblin:<p>``
and ``penalty:<p>:<id>``; which of them are live is the panel's business."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from ..kragmortha.data import SYMBOLS, MoveCard, PenaltyCard, TomeCard
from ..kragmortha.game import Kragmortha
from . import svg

S = 72  #: a square's side
X0, Y0 = 46, 48  #: the board's top-left corner (room for the coordinates)
RIGHT = 616  #: where the cards column starts
WIDTH = 1200

#: symbol -> (English name, the seed's / data's Chinese name, square colour)
SYMBOL_NAMES: dict[str, tuple[str, str]] = {"grimoire": ("grimoire", "魔法書"), "parchment": ("parchment", "羊皮紙"),
                                            "potion": ("potion", "藥水"), "gems": ("gems", "寶石"),
                                            "crystal": ("crystal ball", "水晶球")}
FILL = {"grimoire": "#e6cfa7", "parchment": "#fbf1cf", "potion": "#cfe6f8", "gems": "#ead4f7",
        "teleport": "#aee8b0", "bookcase": "#4e342e", "desk": "#8e2b1f"}
#: the goblins' colours, by player (distinct, with the number readable on each: svg.ink_on)
GOBLIN_COLOURS = ("#d32f2f", "#1565c0", "#f9a825", "#00897b", "#ec407a", "#6d4c41", "#546e7a", "#7cb342")
LORD_INK = "#212121"


# ----- glyphs: each drawn centred on (cx, cy), about 2 r across ----------------------------------------------
def book(cx: float, cy: float, r: float) -> str:
    """A closed book (grimoire): a brown cover, cream page edges, a gold clasp."""
    w, h = 1.5 * r, 1.9 * r
    x, y = cx - w / 2, cy - h / 2
    return (svg.rect(x + w * 0.12, y + 2, w * 0.88, h - 2, fill="#fff8e1", stroke="#6d4c41", width=1.2, rx=2)
            + svg.rect(x, y, w * 0.86, h, fill="#6d3b1f", stroke="#3e2010", width=1.5, rx=3)
            + svg.rect(x, y, w * 0.16, h, fill="#4a2612", stroke="none")
            + svg.circle(x + w * 0.5, cy, r * 0.24, fill="#ffca28", stroke="#8d6e00", width=1.2)
            + svg.line(x + w * 0.5, cy - r * 0.55, x + w * 0.5, cy + r * 0.55, stroke="#ffca28", width=1.5))


def scroll(cx: float, cy: float, r: float) -> str:
    """A scroll of parchment: a sheet with rolled ends and lines of writing."""
    w, h = 1.35 * r, 1.5 * r
    x, y = cx - w / 2, cy - h / 2
    lines = "".join(svg.line(x + w * 0.18, y + h * f, x + w * 0.82, y + h * f, stroke="#8d6e63", width=1.3)
                    for f in (0.3, 0.5, 0.7))
    return (svg.rect(x, y, w, h, fill="#fff3c4", stroke="#8d6e63", width=1.4) + lines
            + svg.rect(x - r * 0.12, y - r * 0.22, w + r * 0.24, r * 0.36, fill="#e0c080", stroke="#8d6e63",
                       width=1.4, rx=r * 0.18)
            + svg.rect(x - r * 0.12, y + h - r * 0.14, w + r * 0.24, r * 0.36, fill="#e0c080", stroke="#8d6e63",
                       width=1.4, rx=r * 0.18))


def flask(cx: float, cy: float, r: float) -> str:
    """A round potion flask with a neck, a cork and blue liquid."""
    body = cy + r * 0.3
    return (svg.rect(cx - r * 0.22, cy - r * 0.95, r * 0.44, r * 0.75, fill="#e3f2fd", stroke="#37474f", width=1.4)
            + svg.rect(cx - r * 0.28, cy - r * 1.12, r * 0.56, r * 0.26, fill="#a1887f", stroke="#4e342e", width=1.2,
                       rx=2)
            + svg.circle(cx, body, r * 0.7, fill="#e3f2fd", stroke="#37474f", width=1.6)
            + f'<path d="M {cx - r * 0.66:.1f} {body + r * 0.12:.1f} A {r * 0.7:.1f} {r * 0.7:.1f} 0 0 0 '
              f'{cx + r * 0.66:.1f} {body + r * 0.12:.1f} Z" fill="#1e88e5" stroke="none"/>'
            + svg.circle(cx - r * 0.25, body - r * 0.25, r * 0.12, fill="#ffffff", stroke="none"))


def gem(cx: float, cy: float, r: float) -> str:
    """A cut gem: a crown (trapezoid) over a pavilion (triangle), with facet lines."""
    top, mid, bot = cy - r * 0.6, cy - r * 0.15, cy + r * 0.85
    pts = [(cx - r * 0.5, top), (cx + r * 0.5, top), (cx + r * 0.95, mid), (cx, bot), (cx - r * 0.95, mid)]
    return (svg.polygon(pts, fill="#8e24aa", stroke="#4a148c", width=1.6)
            + svg.polygon([(cx - r * 0.5, top), (cx + r * 0.5, top), (cx + r * 0.3, mid), (cx - r * 0.3, mid)],
                          fill="#ce93d8", stroke="#4a148c", width=1)
            + svg.line(cx - r * 0.95, mid, cx + r * 0.95, mid, stroke="#4a148c", width=1)
            + svg.line(cx - r * 0.3, mid, cx, bot, stroke="#4a148c", width=1)
            + svg.line(cx + r * 0.3, mid, cx, bot, stroke="#4a148c", width=1))


def crystal(cx: float, cy: float, r: float) -> str:
    """A crystal ball on a stand (any symbol)."""
    return (svg.polygon([(cx - r * 0.6, cy + r * 0.95), (cx + r * 0.6, cy + r * 0.95), (cx + r * 0.35, cy + r * 0.55),
                         (cx - r * 0.35, cy + r * 0.55)], fill="#8d6e63", stroke="#4e342e", width=1.2)
            + svg.circle(cx, cy - r * 0.1, r * 0.72, fill="#b2ebf2", stroke="#00838f", width=1.8)
            + svg.circle(cx - r * 0.25, cy - r * 0.35, r * 0.18, fill="#ffffff", stroke="none")
            + svg.text(cx, cy - r * 0.05, "*", size=r * 0.8, fill="#00838f", weight="bold"))


def portal(cx: float, cy: float, r: float) -> str:
    """A teleport square's swirl: rings of green."""
    return (svg.circle(cx, cy, r * 0.95, fill="#66bb6a", stroke="#1b5e20", width=2)
            + svg.circle(cx, cy, r * 0.65, fill="#a5d6a7", stroke="#1b5e20", width=1.5)
            + svg.circle(cx, cy, r * 0.35, fill="#e8f5e9", stroke="#1b5e20", width=1.5)
            + svg.circle(cx, cy, r * 0.1, fill="#1b5e20", stroke="none"))


def shelves(x: float, y: float, w: float, h: float) -> str:
    """A bookcase filling a square: shelves of coloured book spines."""
    out = [svg.rect(x, y, w, h, fill=FILL["bookcase"], stroke="#2b1b17", width=1.5)]
    colours = ("#c62828", "#1565c0", "#2e7d32", "#f9a825", "#6a1b9a", "#ef6c00")
    for row in range(3):
        top = y + 6 + row * (h - 10) / 3
        for i in range(6):
            out.append(svg.rect(x + 7 + i * (w - 14) / 6, top + 3, (w - 14) / 6 - 2, (h - 10) / 3 - 6,
                                fill=colours[(i + row * 2) % 6], stroke="none"))
        out.append(svg.line(x + 4, top + (h - 10) / 3 - 2, x + w - 4, top + (h - 10) / 3 - 2, stroke="#d7ccc8",
                            width=2))
    return "".join(out)


GLYPHS: dict[str, Callable[[float, float, float], str]] = {"grimoire": book, "parchment": scroll, "potion": flask,
                                                           "gems": gem, "crystal": crystal, "teleport": portal}
UNIT = 30  #: the glyphs are drawn once at this size in the picture's <defs> and placed with <use> (a smaller page)


def glyph_defs() -> str:
    glyphs = "".join(f'<g id="kragmortha-{kind}">{draw(0, 0, UNIT)}</g>' for kind, draw in GLYPHS.items())
    return f'<defs>{glyphs}<g id="kragmortha-bookcase">{shelves(0, 0, S, S)}</g></defs>'



def place(kind: str, cx: float, cy: float, r: float) -> str:
    """The glyph of ``kind`` centred on (cx, cy), about 2 r across (a <use> of its definition)."""
    return f'<use href="#kragmortha-{kind}" transform="translate({cx:.1f} {cy:.1f}) scale({r / UNIT:.3f})"/>'


def pawn(cx: float, cy: float, r: float, colour: str, number: int) -> str:
    """A goblin: a pawn in the player's colour with pointed ears and the player's number on its body."""
    ink = svg.ink_on(colour)
    head = cy - r * 0.55
    return (svg.polygon([(cx - r * 0.75, cy + r), (cx + r * 0.75, cy + r), (cx + r * 0.38, cy - r * 0.2),
                         (cx - r * 0.38, cy - r * 0.2)], fill=colour, stroke="#111", width=2)
            + svg.polygon([(cx - r * 0.3, head), (cx - r * 0.85, head - r * 0.35), (cx - r * 0.25, head - r * 0.2)],
                          fill=colour, stroke="#111", width=1.5)
            + svg.polygon([(cx + r * 0.3, head), (cx + r * 0.85, head - r * 0.35), (cx + r * 0.25, head - r * 0.2)],
                          fill=colour, stroke="#111", width=1.5)
            + svg.circle(cx, head, r * 0.36, fill=colour, stroke="#111", width=2)
            + svg.text(cx, cy + r * 0.45, number, size=r * 0.95, fill=ink, weight="bold"))


def lord(cx: float, cy: float, r: float) -> str:
    """The dark lord: a black hooded robe with horns and glowing red eyes."""
    head = cy - r * 0.45
    return (svg.polygon([(cx - r * 0.85, cy + r), (cx + r * 0.85, cy + r), (cx + r * 0.35, cy - r * 0.3),
                         (cx - r * 0.35, cy - r * 0.3)], fill=LORD_INK, stroke="#b71c1c", width=2)
            + "".join(svg.polygon([(cx + k * r * 0.3, head - r * 0.2), (cx + k * r * 0.6, head - r * 0.75),
                                   (cx + k * r * 0.1, head - r * 0.4)], fill="#b71c1c", stroke="#111", width=1)
                      for k in (-1, 1))  # horns
            + svg.circle(cx, head, r * 0.42, fill=LORD_INK, stroke="#b71c1c", width=2)
            + svg.circle(cx - r * 0.15, head, r * 0.08, fill="#ff1744", stroke="none")
            + svg.circle(cx + r * 0.15, head, r * 0.08, fill="#ff1744", stroke="none"))


def desk_picture(x: float, y: float, w: float, h: float) -> str:
    """The wizard's desk over two squares: a red-brown table top with a candle at each end, and its name."""
    candles = "".join(svg.rect(cx - 3, y + h * 0.2, 6, h * 0.3, fill="#fffde7", stroke="none")
                      + svg.circle(cx, y + h * 0.16, 4, fill="#ffca28", stroke="none") for cx in (x + 11, x + w - 11))
    return (svg.rect(x + 3, y + 3, w - 6, h - 6, fill=FILL["desk"], stroke="#3e0d07", width=3, rx=6)
            + svg.rect(x + 8, y + h * 0.56, w - 16, 5, fill="#5d1a10", stroke="none") + candles
            + svg.text(x + w / 2, y + h * 0.33, "DESK 書桌", size=18, fill="#ffffff", weight="bold")
            + svg.text(x + w / 2, y + h * 0.77, "the goal", size=16, fill="#ffecb3", weight="bold"))


# ----- words ------------------------------------------------------------------------------------------
def plural(n: int, what: str) -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"


def symbol_words(symbol: str) -> str:
    en, zh = SYMBOL_NAMES[symbol]
    return f"{en} ({zh})"


def card_name(card: MoveCard) -> str:
    """A movement card in plain words: "Goblin: grimoire + crystal ball"."""
    who = "Goblin" if card.piece == "goblin" else "Dark lord"
    return f"{who}: {' + '.join(SYMBOL_NAMES[s][0] for s in card.symbols)}"


def card_name_zh(card: MoveCard) -> str:
    who = "哥布林" if card.piece == "goblin" else "黑暗領主"
    return f"{who}：{'、'.join(SYMBOL_NAMES[s][1] for s in card.symbols)}"


def penalty_name(card: PenaltyCard) -> str:
    return f"penalty card ({card.symbol}): {card.text}"


def tome_name(card: TomeCard) -> str:
    return f"{card.name} ({card.name_zh})"


def square_words(game: Kragmortha, sq: int) -> str:
    """What a square is and who may enter it, in plain words (its tooltip's first line)."""
    kind = game.board.kinds[sq]
    label = game.board.label(sq)
    if kind in SYMBOLS:
        return (f"{label}: a {symbol_words(kind)} square: a step onto it uses a {SYMBOL_NAMES[kind][0]} or a "
                f"crystal-ball symbol of the card played")
    return {"teleport": f"{label}: a teleport square (傳送格): any symbol enters it; a goblin stepping on it stops "
                        "and draws a teleport card",
            "bookcase": f"{label}: a bookcase (書櫃): nobody enters it",
            "desk": f"{label}: the desk (書桌), the goal: any symbol enters it; the goblin draws a magic tome "
                    "card and goes back to its start square"}[kind]


# ----- the picture ----------------------------------------------------------------------------------------
@dataclass
class View:
    """What the panel asks to draw: the viewer (``None``: teacher), the seat whose hand is shown large, the
    card or tome picked (a target, drawn outlined), a tooltip per target (what clicking it does)."""

    viewer: int | None
    me: int
    picked: str = ""
    tips: dict[str, str] | None = None
    #: a lesson asks for a number: the hand limit and the squares a card reaches (the blue highlights) are left
    #: for the learner
    quiz: bool = False


def square_xy(game: Kragmortha, sq: int) -> tuple[float, float]:
    r, c = game.board.coords(sq)
    return X0 + c * S, Y0 + r * S


def board_part(game: Kragmortha, view: View) -> str:
    b, s = game.board, game.state
    tips = view.tips or {}
    out = []
    letters = "abcdefghijklmnopqrstuvwxyz"[:b.cols]
    for c, letter in enumerate(letters):
        cx = X0 + c * S + S / 2
        out.append(svg.text(cx, Y0 - 22, letter, size=24, weight="bold", fill="#333"))
        out.append(svg.text(cx, Y0 + b.rows * S + 22, letter, size=24, weight="bold", fill="#333"))
    for r in range(b.rows):
        cy = Y0 + r * S + S / 2
        out.append(svg.text(X0 - 22, cy, r + 1, size=24, weight="bold", fill="#333"))
        out.append(svg.text(X0 + b.cols * S + 24, cy, r + 1, size=24, weight="bold", fill="#333"))
    occupants: dict[int, list[int]] = {}
    for q, seat in enumerate(s.seats):
        if seat.square >= 0:
            occupants.setdefault(seat.square, []).append(q)
    desk = b.desk
    for sq, kind in enumerate(b.kinds):
        x, y = square_xy(game, sq)
        label = b.label(sq)
        name = f"square:{label}"
        body = [svg.rect(x, y, S, S, fill=FILL[kind] if kind != "bookcase" else FILL["bookcase"], stroke="#5d4037",
                         width=1.5, shape=True)]
        here = occupants.get(sq, [])
        lord_here = s.lord == sq
        if kind == "bookcase":
            body.append(f'<use href="#kragmortha-bookcase" x="{x:g}" y="{y:g}"/>')
        elif kind in GLYPHS:
            crowded = bool(here) or lord_here
            r = S * (0.15 if crowded else 0.3)
            body.append(place(kind, x + (r + 5 if crowded else S / 2), y + (r + 6 if crowded else S / 2), r))
        pieces = [*(("goblin", q) for q in here), *((("lord", -1),) if lord_here else ())]
        for i, (what, q) in enumerate(pieces):
            cx = x + S / 2 + (i - (len(pieces) - 1) / 2) * S * 0.42
            r = S * (0.34 if len(pieces) == 1 else 0.22)
            if what == "goblin":
                body.append(svg.target(f"goblin:{q}", pawn(cx, y + S / 2 + 2, r, GOBLIN_COLOURS[q], q),
                                       tips.get(f"goblin:{q}", f"player {q}'s goblin (哥布林) on {label}")))
            else:
                body.append(svg.group(lord(cx, y + S / 2 + 2, r), f"the dark lord (黑暗領主) on {label}: a goblin "
                                      "that meets him draws a penalty card"))
        if name in tips:
            body.insert(1, svg.rect(x + 4, y + 4, S - 8, S - 8, fill="#1e88e5", stroke="#0d47a1", width=3, rx=4,
                                 fill_opacity="0.18"))
        tip = square_words(game, sq)
        names = [f"player {q}'s goblin" for q in here] + (["the dark lord"] if lord_here else [])
        if names:
            tip += "; here: " + ", ".join(names)
        if name in tips:
            tip += "\nclick: " + tips[name]
        out.append(svg.target(name, "".join(body), tip))
    if desk:  # the desk picture over its two squares (clicks go through it to the squares)
        xs = [square_xy(game, sq) for sq in desk]
        x, y = min(p[0] for p in xs), min(p[1] for p in xs)
        w = max(p[0] for p in xs) + S - x
        out.append(svg.group(desk_picture(x, y, w, S), pointer_events="none"))
    return "".join(out)


def move_card(x: float, y: float, w: float, h: float, card: MoveCard, picked: bool = False) -> str:
    """A movement card: who moves (a goblin or the dark lord) in its band, its two symbols as pictures with
    their names under them."""
    goblin = card.piece == "goblin"
    band = "#2e7d32" if goblin else LORD_INK
    big = w >= 110
    out = [svg.card(x, y, w, h, "Goblin" if goblin else "Dark lord", colour=band,
                    border="#ff6f00" if picked else "#4e342e", title_size=16 if big else 12),
           svg.text(x + w / 2, y + 48, "移動哥布林" if goblin else "移動黑暗領主", size=13 if big else 10, fill="#444")]
    if picked:
        out.append(svg.rect(x - 4, y - 4, w + 8, h + 8, fill="none", stroke="#ff6f00", width=5, rx=10))
    r = min(w * 0.17, 20.0)
    for i, symbol in enumerate(card.symbols):
        cy = y + 78 + i * (h - 134)
        out.append(place(symbol, x + w / 2, cy, r))
        words = "crystal = any" if symbol == "crystal" else SYMBOL_NAMES[symbol][0]
        out.append(svg.text(x + w / 2, cy + r + 12, words, size=14 if w >= 100 else 11,
                            weight="bold", fill="#222"))
    return "".join(out)


def chip(x: float, y: float, w: float, h: float, head: str, rest: str, ink: str, paper: str,
         picked: bool = False, size: float = 13) -> str:
    """A small face-up card on the table (a tome, a penalty card): its name in bold, then as much of its text
    as fits (the whole text is in the tooltip)."""
    out = [svg.rect(x, y, w, h, fill=paper, stroke=ink, width=2.5 if picked else 1.8, rx=6, shape=True),
           chip_head(x + 7, y + 11, w - 12, head, size, ink)]
    chars = max(8, int((w - 12) / (size * 0.56)))
    lines = svg.wrap(rest, chars)
    room = max(0, int((h - 22) // (size + 3)))
    for i, part in enumerate(lines[:room]):
        if i == room - 1 and len(lines) > room:
            part = part[: chars - 1] + "…"
        out.append(svg.text(x + 7, y + 26 + i * (size + 3), part, size=size - 1, anchor="start", fill="#222"))
    if picked:
        out.append(svg.rect(x - 4, y - 4, w + 8, h + 8, fill="none", stroke="#ff6f00", width=5, rx=9))
    return "".join(out)


def chip_head(x: float, y: float, room: float, head: str, size: float, ink: str) -> str:
    """A chip's bold name inside ``room`` (bold letters are about 0.62 of the size wide): a smaller size down
    to 9 when it is too long ("Used: Change of Season" ran over the chip's edge), then cut with "…"."""
    fits = max(size * 0.62 * len(head), 1.0)
    size = max(9.0, min(size, size * room / fits))
    chars = int(room / (size * 0.62))
    if len(head) > chars:
        head = head[: chars - 1].rstrip() + "…"
    return svg.text(x, y, head, size=round(size, 1), anchor="start", weight="bold", fill=ink)


def hand_part(game: Kragmortha, view: View, top: float) -> tuple[str, float]:
    """The viewer's hand as big cards, their tomes and penalty cards as small ones: (SVG, bottom)."""
    s = game.state
    me = view.me
    seat = s.seats[me]
    tips = view.tips or {}
    limit = "" if view.quiz else f" (hand limit {game.limit(me)})"
    out = [svg.text(RIGHT, top + 12, f"Player {me}'s hand{limit}: "
                    f"{len(seat.hand)} movement card{'s' if len(seat.hand) != 1 else ''}", size=19, anchor="start",
                    weight="bold")]
    hand = sorted(seat.hand)
    n = max(len(hand), 1)
    w = min(136.0, (WIDTH - RIGHT - 10 - 12 * (n - 1)) / n)
    h = 204
    for i, card_id in enumerate(hand):
        card = game.movement[card_id]
        x = RIGHT + i * (w + 12)
        name = f"card:{i}"
        tip = f"{card_name(card)} / {card_name_zh(card)}\n{card.text}\n{card.text_zh}"
        if name in tips:
            tip += "\nclick: " + tips[name]
        frame = svg.rect(x, top + 30, w, h, fill="none", stroke="#4e342e", width=1, rx=8, shape=True)
        out.append(svg.target(name, move_card(x, top + 30, w, h, card, view.picked == name) + frame, tip))
    if not hand:
        out.append(svg.text(RIGHT, top + 60, "no movement cards", size=16, anchor="start", fill="#555"))
    y = top + 30 + h + 14
    row, bottom = table_cards(game, view, me, RIGHT, y, 186, 62)
    out.append(row)
    return "".join(out), bottom


def table_cards(game: Kragmortha, view: View, p: int, x: float, y: float, w: float, h: float) -> tuple[str, float]:
    """A seat's face-up tome cards (used ones turned face down, greyed) and penalty cards: (SVG, bottom)."""
    seat = game.state.seats[p]
    tips = view.tips or {}
    items = []  # (target, head, rest, ink, paper, tooltip)
    for t in seat.tomes:
        card = game.tomes[t]
        items.append((f"tome:{t}" if p == view.me else "", f"Tome: {card.name}", f"{card.name_zh} · {card.text}",
                      "#4527a0", "#ede7f6", f"magic tome card {tome_name(card)}, {plural(card.magic, 'magic symbol')} "
                      f"(they count only to break a tie)\n{card.text}\n{card.text_zh}"))
    for t in seat.used_tomes:
        card = game.tomes[t]
        items.append(("", f"Used: {card.name}", f"{card.name_zh} · face down, counts in a tie", "#616161", "#eeeeee",
                      f"used tome {tome_name(card)}, turned face down; it still counts with its "
                      f"{plural(card.magic, 'magic symbol')} to break a tie\n{card.text}\n{card.text_zh}"))
    for c in seat.penalties:
        card = game.penalties[c]
        state = " (immune: face down)" if c in seat.immune else " (no effect: the other of the pair counts)" \
            if c in seat.dormant else ""
        items.append((f"penalty:{p}:{c}", f"Penalty ({card.symbol}){state[:9]}", card.text, "#b71c1c", "#ffebee",
                      f"penalty card, symbol {card.symbol}{state}: {card.text}\n{card.text_zh}"))
    per_row = max(1, int((WIDTH - x - 6) // (w + 8)))
    out = []
    for i, (name, head, rest, ink, paper, tip) in enumerate(items):
        cx = x + (i % per_row) * (w + 8)
        cy = y + (i // per_row) * (h + 8)
        body = chip(cx, cy, w, h, head, rest, ink, paper, picked=bool(name) and view.picked == name)
        if name in tips:
            tip += "\nclick: " + tips[name]
        out.append(svg.target(name, body, tip) if name else svg.group(body, tip))
    rows = (len(items) + per_row - 1) // per_row
    return "".join(out), y + rows * (h + 8)


def others_part(game: Kragmortha, view: View, top: float) -> tuple[str, float]:
    """Every other seat: its goblin's colour and square, its hand (face down in seat view: a count only),
    its tomes and penalty cards."""
    s = game.state
    out = [svg.text(RIGHT, top + 12, "The other players", size=19, anchor="start", weight="bold")]
    y = top + 30
    for q, seat in enumerate(s.seats):
        if q == view.me:
            continue
        where = game.board.label(seat.square) if seat.square >= 0 else "not placed"
        out.append(pawn(RIGHT + 20, y + 26, 19, GOBLIN_COLOURS[q], q))
        words = (f"player {q}: goblin on {where}; {plural(len(seat.penalties), 'penalty card')}, "
                 f"{plural(len(seat.tomes) + len(seat.used_tomes), 'tome card')}")
        out.append(svg.text(RIGHT + 46, y + 12, words, size=16, anchor="start"))
        hand = sorted(seat.hand)
        x = RIGHT + 46
        if view.viewer is None:  # the teacher sees every hand
            for card_id in hand:
                card = game.movement[card_id]
                body = svg.card(x, y + 24, 84, 42, card_name(card).split(":")[0], colour="#2e7d32"
                                if card.piece == "goblin" else LORD_INK, title_size=11)
                r = 9
                for i, symbol in enumerate(card.symbols):
                    body += place(symbol, x + 28 + i * 28, y + 54, r)
                out.append(svg.group(body, f"{card_name(card)} / {card_name_zh(card)}"))
                x += 90
        else:
            for i in range(min(len(hand), 5)):
                out.append(svg.card(x + i * 14, y + 24, 34, 44, "", face_down=True))
            x += 34 + 14 * max(0, min(len(hand), 5) - 1) + 10
            out.append(svg.text(x, y + 46, f"{len(hand)} movement card{'s' if len(hand) != 1 else ''} (hidden)",
                                size=15, anchor="start", fill="#555"))
            x += 230
        row, bottom = table_cards(game, view, q, RIGHT + 46, y + 74, 172, 46)
        out.append(row)
        y = max(bottom, y + 74) + 8
    return "".join(out), y


def legend_part(top: float) -> str:
    r = 10
    items = [
        (book(11, 11, r), "grimoire 魔法書 square"), (scroll(11, 11, r), "parchment 羊皮紙 square"),
        (flask(11, 11, r), "potion 藥水 square"), (gem(11, 11, r), "gems 寶石 square"),
        (crystal(11, 11, r), "crystal ball 水晶球 (cards): any symbol"),
        (portal(11, 11, r), "teleport 傳送格: stop, draw a teleport card"),
        (svg.rect(0, 0, 22, 22, fill=FILL["desk"], stroke="#3e0d07"), "desk 書桌: the goal, any symbol"),
        (shelves(0, 0, 22, 22), "bookcase 書櫃: nobody enters"),
        (lord(11, 12, 11), "dark lord 黑暗領主: meeting him = penalty"),
        (pawn(11, 12, 11, GOBLIN_COLOURS[0], 0), "goblin 哥布林 (number = player)"),
        (svg.rect(1, 1, 20, 20, fill="#1e88e5", stroke="#0d47a1", width=3, fill_opacity="0.25"),
         "blue: you can click it (orange: picked)"),
        (svg.card(0, 0, 16, 22, "", face_down=True), "a hidden card (back)"),
    ]
    return (svg.text(X0, top, "Legend (hover over anything for its name and what clicking it does)", size=17,
                     anchor="start", weight="bold")
            + svg.legend(items, X0, top + 16, size=16, columns=3, column_width=380))


def draw(game: Kragmortha, view: View) -> str:
    """The whole picture: the board, the hand, the other seats, the legend."""
    b = game.board
    if view.quiz:  # no "click: ..." words nor highlighted squares: they would tell where the cards go
        view = replace(view, tips={})
    board = board_part(game, view)
    hand, bottom = hand_part(game, view, 10)
    others, bottom = others_part(game, view, bottom + 8)
    top = max(Y0 + b.rows * S + 56, bottom + 16)
    body = glyph_defs() + board + hand + others + legend_part(top)
    height = top + 16 + 4 * 28 + 10
    return svg.document(WIDTH, height, body, label="the Kragmortha board (7 files a-g by 10 ranks)",
                        background="#fafafa")


def targets_of_cards(hand: Sequence[str], card_id: str) -> tuple[str, ...]:
    """The ``card:<i>`` targets of the copies of ``card_id`` in a sorted hand."""
    return tuple(f"card:{i}" for i, c in enumerate(sorted(hand)) if c == card_id)
