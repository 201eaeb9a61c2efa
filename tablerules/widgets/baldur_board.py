"""The Baldur's Gate table as a clickable SVG board (:mod:`.board`): poker cards with rank and suit glyphs
(♠♥♦♣ in red or black), jokers, heroes face up or exhausted (turned sideways, greyed, with the word), your
hand; the inn and the bank as piles with counts; the other seats' heroes (public) and hands as face-down
counts; the auction with its bids in words and their totals explained; the next event's exact odds.

Targets: ``card:<code>`` a card of your hand, ``hero:<code>`` a hero of yours, ``seat:N`` another seat,
``pile:inn`` (recruit), ``phase:end`` (end the turn without recruiting), ``auction:hero`` (bid),
``auction:drop``, ``looked:<code>`` a card looked at with a 6, ``answer:let``, ``fight:stop``,
``join:rock|paper``, ``event:card`` (protect). :func:`targets_of` says which an action concerns."""

from __future__ import annotations

import re
from collections.abc import Iterable
from fractions import Fraction
from itertools import product

from ..baldur import actions as A
from ..baldur.cards import (
    FUNCTION_HERO,
    HERO_NAMES,
    JOKER_VALUE,
    LEVELS,
    colour,
    event_key,
    is_hero,
    is_joker,
    rank_of,
    rules,
    suit_of,
)
from ..baldur.game import Baldur
from ..core.protocol import Action
from ..explain import explain
from . import svg

WIDTH = 1200
GLYPH = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED, BLACK = "#c62828", "#111111"
CW, CH = 78, 110


def glyphs(card: str) -> str:
    """``10S`` -> "10♠"; a joker by its colour."""
    if card == "BJ":
        return "black joker"
    if card == "RJ":
        return "red joker"
    return rank_of(card) + GLYPH[suit_of(card)]


def kind_words(kind: str) -> str:
    """A bid's card kind in words: ``"10 black"`` -> "a black 10", ``"BJ"`` -> "the black joker"."""
    if kind in ("BJ", "RJ"):
        return "the black joker" if kind == "BJ" else "the red joker"
    rank, col = kind.split()
    return f"a {col} {rank}"


def kind_value(kind: str) -> int:
    return JOKER_VALUE if kind in ("BJ", "RJ") else int(kind.split()[0])


def card_tip(card: str) -> str:
    """What a card does, in words (its tooltip)."""
    if is_joker(card):
        side = "black" if card == "BJ" else "red"
        return (f"{glyphs(card)}: stands for any {side} function card; counts {JOKER_VALUE} in a bid or a "
                f"protection number, -40 at the end")
    rank = rank_of(card)
    if is_hero(card):
        hero = next(h for h in rules().heroes if h["rank"] == rank)
        return f"{glyphs(card)}: hero, the {hero['name']} ({hero['name_zh']}): {hero['text']}; 8 points at the end"
    f = rules().functions[int(rank)]
    levels = "; ".join(f"{lv['level']} ({lv['cards']} card{'s' if lv['cards'] > 1 else ''}): {lv['text']}"
                       for lv in f["levels"])
    return (f"{glyphs(card)}: function card of the {HERO_NAMES[FUNCTION_HERO[int(rank)]]}: {levels}; worth {rank} "
            f"in a bid")


def poker_card(x: float, y: float, card: str, w: float = CW, h: float = CH, exhausted: bool = False,
               note: str = "") -> str:
    """A poker card: rank and suit glyph in the corners, a big glyph (or the hero's name) in the middle, red or
    black; a joker; an exhausted hero turned sideways and greyed with the word."""
    ink = RED if colour(card) == "red" else BLACK
    if exhausted:
        body = [svg.rect(x, y + (h - w) / 2, h, w, fill="#e0e0e0", stroke="#757575", width=2, rx=8, shape=True),
                svg.text(x + h / 2, y + h / 2 - 12, glyphs(card), size=20, fill="#616161", weight="bold"),
                svg.text(x + h / 2, y + h / 2 + 12, "used (exhausted)", size=12, fill="#424242")]
        return "".join(body)
    body = [svg.rect(x, y, w, h, fill="#ffffff", stroke="#555", width=2, rx=8, shape=True)]
    if is_joker(card):
        body.append(svg.text(x + w / 2, y + h / 2 - 14, "JOKER", size=16, fill=ink, weight="bold"))
        body.append(svg.text(x + w / 2, y + h / 2 + 8, "black" if card == "BJ" else "red", size=13, fill=ink))
        body.append(svg.text(x + w / 2, y + h / 2 + 26, "counts 15", size=12, fill="#555"))
        return "".join(body)
    rank, glyph = rank_of(card), GLYPH[suit_of(card)]
    body.append(svg.text(x + 8, y + 16, rank, size=18, anchor="start", fill=ink, weight="bold"))
    body.append(svg.text(x + 9, y + 35, glyph, size=16, anchor="start", fill=ink))
    if is_hero(card):
        body.append(svg.text(x + w / 2, y + h / 2 + 4, glyph, size=30, fill=ink))
        body.append(svg.text(x + w / 2, y + h - 16, HERO_NAMES[rank], size=14 if w >= CW else 11, fill=ink,
                             weight="bold"))
    else:
        body.append(svg.text(x + w / 2, y + h / 2 + 4, glyph, size=40, fill=ink))
        body.append(svg.text(x + w - 8, y + h - 16, rank, size=18, anchor="end", fill=ink, weight="bold"))
    if note:
        body.append(svg.text(x + w / 2, y + h + 12, note, size=12, fill="#333"))
    return "".join(body)


def card_back(x: float, y: float, w: float = 26, h: float = 36) -> str:
    return (svg.rect(x, y, w, h, fill="#1a237e", stroke="#0d1440", width=1.5, rx=4)
            + svg.rect(x + 3, y + 3, w - 6, h - 6, stroke="#9fa8da", width=1, rx=3))


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 'es' if word.endswith('o') else 's'}"


# ----- which board parts an action concerns -------------------------------------------------------
def targets_of(game: Baldur, action: Action) -> tuple[str, ...]:
    """The board parts ``action`` concerns (no part: it stays a button under the board)."""
    s = game.state
    p = getattr(action, "player", None)
    hand = s.seats[p].hand if isinstance(p, int) else []
    if isinstance(action, A.Use):
        hero = FUNCTION_HERO[action.rank]
        out = [f"hero:{h}" for h in s.seats[action.player].heroes if rank_of(h) == hero]
        out += [f"card:{c}" for c in hand if not is_joker(c) and rank_of(c) == str(action.rank)]
        return tuple(out + [f"seat:{t}" for t in action.targets])
    if isinstance(action, A.Recruit):
        return ("pile:inn",)
    if isinstance(action, A.EndTurn):
        return ("phase:end",)
    if isinstance(action, A.Bid):
        kinds = set(action.cards)
        return ("auction:hero", *sorted({f"card:{c}" for c in hand if _kind(c) in kinds}))
    if isinstance(action, A.Drop):
        return ("auction:drop",)
    if isinstance(action, A.Open | A.PlayDown | A.Match):
        return (f"card:{action.card}",)
    if isinstance(action, A.Choose):
        return (f"hero:{action.card}" if is_hero(action.card) else f"card:{action.card}",)
    if isinstance(action, A.Sacrifice):
        return (f"hero:{action.hero}",)
    if isinstance(action, A.Give):
        return (f"looked:{action.card}", f"seat:{action.to}")
    if isinstance(action, A.Take):
        return (f"looked:{action.card}",)
    if isinstance(action, A.Protect | A.GiveUp | A.Build):
        return ("event:card",)
    if isinstance(action, A.Defend | A.Reverse):
        rank = "J" if isinstance(action, A.Defend) else "Q"
        return tuple(f"hero:{h}" for h in s.seats[action.player].heroes if rank_of(h) == rank)
    if isinstance(action, A.Let):
        return ("answer:let",)
    if isinstance(action, A.Stop):
        return ("fight:stop",)
    if isinstance(action, A.Join):
        return ("join:rock" if action.fight else "join:paper",)
    return ()


def _kind(card: str) -> str:
    return card if is_joker(card) else f"{rank_of(card)} {colour(card)}"


def label_of(target: str) -> str:
    kind, _, name = target.partition(":")
    if kind in ("card", "hero", "looked"):
        return glyphs(name) + (f" ({HERO_NAMES[rank_of(name)]})" if is_hero(name) else "")
    if kind == "seat":
        return f"player {name}"
    return {"pile:inn": "the inn: recruit a hero", "phase:end": "end the turn without recruiting",
            "auction:hero": "bid for the hero", "auction:drop": "drop out of the auction",
            "answer:let": "let the hero action happen", "fight:stop": "stop attacking",
            "join:rock": "rock: fight Dracula", "join:paper": "paper: stay out", "event:card": "protect your heroes"
            }.get(target, target)


def use_words(action: A.Use) -> str:
    """A hero action in words with what it does: "the witch's basic 6 (1 red card): look at the bank's top 6
    cards, give 1 to every player, keep 3"."""
    level = rules().functions[action.rank]["levels"][action.level - 1]
    hero = HERO_NAMES[FUNCTION_HERO[action.rank]]
    joker = f", {plural(action.jokers, 'joker')} among them" if action.jokers else ""
    aim = (" on player " + " and ".join(map(str, action.targets))) if action.targets else ""
    kinds = (" naming the " + " and the ".join(HERO_NAMES[k] for k in action.kinds)) if action.kinds else ""
    return (f"the {hero}'s {LEVELS[action.level - 1]} {action.rank} ({plural(action.level, action.colour + ' card')}"
            f"{joker}){aim}{kinds}: {level['text']}")


def signed_sum(values: list[int], number: int) -> list[int] | None:
    """Each of ``values`` with the sign that makes them add up to ``number`` (in their order), or ``None``
    when only multiplying or dividing makes it (注9 allows any arithmetic)."""
    for signs in product((1, -1), repeat=len(values)):
        signed = [v * g for v, g in zip(values, signs, strict=True)]
        if sum(signed) == number:
            return signed
    return None


def sum_words(signed: list[int]) -> str:
    """[7, -4] -> "7 - 4 = 3" (the numbers added first)."""
    signed = sorted(signed, reverse=True)
    text = str(signed[0]) + "".join(f" + {v}" if v >= 0 else f" - {-v}" for v in signed[1:])
    return f"{text} = {sum(signed)}"


def action_words(game: Baldur, action: Action) -> str:
    """An action's tooltip in words: what it does and why it is allowed."""
    if isinstance(action, A.Use):
        return use_words(action)
    if isinstance(action, A.Bid):
        values = [kind_value(k) for k in action.cards]
        return (f"bid {' and '.join(map(kind_words, action.cards))} face down: {' + '.join(map(str, values))} = "
                f"{sum(values)}; the highest total recruits the hero")
    if isinstance(action, A.Protect):
        number = game.state.protect_number
        signed = signed_sum([int(n) for n in action.cards], number)
        how = sum_words(signed) if signed else f"{', '.join(action.cards)} make {number} by multiplying or dividing"
        return f"pay hand cards numbered {', '.join(action.cards)} to protect a hero: {how}"
    if isinstance(action, A.Defend):
        return ("the thief's defence (passive, not a hero action): pay 5s of the action's level"
                f"{', a joker among them' if action.jokers else ''} and the action does not reach you")
    if isinstance(action, A.Reverse):
        return ("the witch reverses the hero action with 7s of its level"
                f"{', a joker among them' if action.jokers else ''}; she is then used (turned sideways)")
    words = {A.Let: "let the hero action happen (answer nothing)",
             A.Recruit: "the inn offers its top hero; everybody bids 2 hand cards face down; the highest total "
                        "recruits it",
             A.EndTurn: "end your turn without recruiting", A.Drop: "give up this hero; your cards stay in your hand",
             A.GiveUp: "pay nothing: the hero dies and goes under the inn"}
    if type(action) in words:
        return words[type(action)]
    card = getattr(action, "card", "")
    if isinstance(action, A.Open):
        return (f"play {glyphs(card)} face down: the highest number, then suit (♠ ♥ ♦ ♣), plays first")
    if isinstance(action, A.Give):
        return f"give {glyphs(card)} to player {action.to} (the 6: one card of the six each)"
    known = is_joker(card) or (card[-1:] in GLYPH and not card.startswith(" "))
    return action.describe() + (f": {card_tip(card)}" if card and known else "")


# ----- the picture ---------------------------------------------------------------------------------
def board(game: Baldur, viewer: int | None, me: int, humans: Iterable[int] = (), active: Iterable[str] = (),
          quiz: bool = False) -> str:
    """The table drawn for ``viewer`` (``None``: the teacher, who sees every hand); ``me`` at the bottom.
    ``quiz``: a lesson asks for a number, so the score, the event's odds and the protection number are left
    for the learner (the cards stay on the table)."""
    humans, active = set(humans), set(active)
    obs = game.observe(viewer)
    parts: list[str] = []
    others = [p for p in range(game.num_players()) if p != me]
    seat_w = (WIDTH - 20 - 10 * (len(others) - 1)) / len(others)
    y = 10
    seat_h = 190 if viewer is not None else 250
    for i, p in enumerate(others):
        parts.append(seat_box(game, obs, p, 10 + i * (seat_w + 10), y, seat_w, seat_h, p in humans))
    y += seat_h + 12
    parts.append(turn_track(game, y, active))
    y += 60
    parts.append(piles(game, obs, 10, y))
    parts.append(middle(game, obs, viewer, 300, y, active, quiz))
    y += 290
    y = my_area(game, obs, me, y, parts, quiz)
    return svg.document(WIDTH, y + 10, "".join(parts), label="the Baldur's Gate table", background="#e8f0e8")


def heroes_row(seat: dict, x: float, y: float, w: float = CW * 0.8, h: float = CH * 0.8) -> str:
    out = []
    for i, hero in enumerate(seat["heroes"] + seat["exhausted"]):
        used = i >= len(seat["heroes"])
        out.append(svg.group(poker_card(x + i * (w + 6) + (10 if used else 0), y, hero, w, h, exhausted=used),
                             card_tip(hero) + (" (used this round: exhausted)" if used else "")))
        if used:
            x += 28
    return "".join(out)


def seat_box(game: Baldur, obs: dict, p: int, x: float, y: float, w: float, h: float, human: bool) -> str:
    seat = obs["seats"][p]
    turn = p == obs["current"] and game.stage() == "hero actions"
    body = [svg.rect(x, y, w, h, fill="#fff3c4" if turn else "#fbfdfb", stroke="#b8860b" if turn else "#607d8b",
                     width=3 if turn else 1.5, rx=10, shape=True),
            svg.text(x + 10, y + 16, f"Player {p} ({'a person' if human else 'an agent'})"
                     + (": their turn" if turn else "") + (" · first player" if p == obs["first"] else ""),
                     size=16, anchor="start", weight="bold")]
    heroes = len(seat["heroes"]) + len(seat["exhausted"])
    body.append(svg.text(x + 10, y + 38, f"{plural(heroes, 'hero')}: {len(seat['heroes'])} ready, "
                         f"{len(seat['exhausted'])} used", size=14, anchor="start"))
    body.append(heroes_row(seat, x + 10, y + 50))
    hand = seat["hand"]
    hy = y + 50 + CH * 0.8 + 12
    if isinstance(hand, list):  # the teacher's view
        words = "hand (teacher view): " + (" ".join(glyphs(c) for c in sorted(hand, key=_order)) or "empty")
        for i, line in enumerate(svg.wrap(words, int(w / 7.6))[:4]):
            body.append(svg.text(x + 10, hy + 8 + i * 17, line, size=13, anchor="start"))
    else:
        for i in range(min(hand, 10)):
            body.append(card_back(x + 10 + i * 12, hy - 6, 22, 30))
        body.append(svg.text(x + 26 + min(hand, 10) * 12, hy + 9, f"{plural(hand, 'card')} in hand (face down)",
                             size=13, anchor="start"))
    opened = obs["open_cards"][p] if p < len(obs["open_cards"]) else []
    if opened:
        body.append(svg.text(x + 10, y + h - 10, "open cards: " + " ".join(map(glyphs, opened)), size=13,
                             anchor="start"))
    tip = f"player {p}: {plural(heroes, 'hero')}, " + (f"{plural(hand, 'card')} in hand" if isinstance(hand, int)
                                                       else f"hand {' '.join(map(glyphs, hand))}")
    return svg.target(f"seat:{p}", "".join(body), tip)


def turn_track(game: Baldur, y: float, active: set[str]) -> str:
    """A turn: draw, hero actions, then recruit (or end the turn); after every turn, the hand limit and the
    event. The current step is lit; a step with an action is clickable."""
    stage = game.stage()
    steps = (("phase:draw", "1  Draw from the bank", stage == "drawing"),
             ("phase:act", "2  Hero actions", stage in ("hero actions", "looking at cards (6)") or
              stage.startswith("answering")),
             ("pile:inn", "3  Recruit from the inn", stage.startswith("recruiting")),
             ("phase:end", "or end the turn", False),
             ("phase:event", "After every turn: the event", game.state.event != "" or stage in (
                 "protecting heroes", "choosing cards")))
    w = (WIDTH - 20 - 4 * 8) / 5
    out = []
    for i, (name, label, lit) in enumerate(steps):
        x = 10 + i * (w + 8)
        body = svg.rect(x, y, w, 46, fill="#ffe082" if lit else "#ffffff", stroke="#b8860b" if lit else "#9e9e9e",
                        width=3 if lit else 1.5, rx=10, shape=True)
        body += svg.text(x + w / 2, y + 23, label, size=14 if len(label) > 24 else 15,
                         weight="bold" if lit else "normal")
        out.append(svg.target(name, body, label.lstrip("0123456789 ")) if name in active else body)
    return "".join(out)


def piles(game: Baldur, obs: dict, x: float, y: float) -> str:
    """The inn (heroes, face down) and the bank (hand cards, face down), with their counts."""
    out = []
    for row, (name, count, what, fill, target) in enumerate((
            ("Inn", obs["inn"], "heroes", "#6a1b9a", "pile:inn"), ("Bank", obs["bank"], "cards", "#1a237e", ""))):
        ty = y + row * 140
        body = (svg.rect(x + 6, ty + 6, 120, 124, fill="#263238", stroke="none", rx=8)
                + svg.rect(x, ty, 120, 124, fill=fill, stroke="#111", width=2, rx=8, shape=True)
                + svg.text(x + 60, ty + 40, name, size=18, fill="#fff", weight="bold")
                + svg.text(x + 60, ty + 68, plural(count, what[:-1]), size=15,
                           fill="#fff")
                + svg.text(x + 60, ty + 92, "face down", size=13, fill="#fff"))
        tip = (f"the inn: {plural(count, 'hero')} waiting to be recruited (click to recruit)" if target else
               f"the bank: {plural(count, 'card')}; turns draw from it, bids and used cards go under it, and its "
               "top card is the event")
        out.append(svg.target(target, body, tip) if target else svg.group(body, tip))
    if obs["revealed"]:
        out.append(poker_card(x + 140, y, obs["revealed"], note="next at the inn"))
    return "".join(out)


def middle(game: Baldur, obs: dict, viewer: int | None, x: float, y: float, active: set[str],
           quiz: bool = False) -> str:
    """The auction (the hero, the bidders, bids in words with totals), the cards looked at with a 6, the
    event (or the next event's odds), and the buttons of the moment."""
    s = game.state
    right = WIDTH - 10
    out = [svg.rect(x, y, right - x, 280, fill="#f1f8e9", stroke="#558b2f", width=2, rx=14)]
    col = x + 14
    if s.auction:
        out.append(svg.target("auction:hero", poker_card(col, y + 36, s.auction), card_tip(s.auction)
                              + ": click to bid for it") if "auction:hero" in active else
                   svg.group(poker_card(col, y + 36, s.auction), card_tip(s.auction)))
        out.append(svg.text(col, y + 18, f"Recruiting: the {HERO_NAMES[rank_of(s.auction)]} "
                            f"{glyphs(s.auction)}, bidding round {s.auction_round} of 3", size=16, anchor="start",
                            weight="bold"))
        lines = []
        for p in range(game.num_players()):
            bid = obs["seats"][p]["bid"]
            if p not in s.bidders:
                continue
            who = "you" if p == viewer else f"player {p}"
            if isinstance(bid, list) and bid:
                values = [JOKER_VALUE if is_joker(c) else int(rank_of(c)) for c in bid]
                lines.append(f"{who} bid {' + '.join(map(glyphs, bid))} = {' + '.join(map(str, values))} = "
                             f"{sum(values)}" + (" (face down to the others)" if p == viewer else ""))
            elif bid:
                lines.append(f"{who} bid {plural(bid, 'card')} face down")
            else:
                lines.append(f"{who}: still to bid" + (" (click the hero)" if p == viewer else ""))
        out += [svg.text(col + CW + 14, y + 46 + i * 20, t, size=14, anchor="start") for i, t in enumerate(lines)]
        out.append(svg.text(col + CW + 14, y + 50 + len(lines) * 20, "The highest total (2 cards, a joker 15) "
                            "recruits; a tie bids again.", size=13, anchor="start", fill="#555"))
        if "auction:drop" in active:
            out.append(button("auction:drop", col + CW + 14, y + 66 + len(lines) * 20, 200, "Drop out",
                              "#78909c", "give up this hero (your cards stay in your hand)"))
    elif s.looked and isinstance(obs["looked"], list):
        out.append(svg.text(col, y + 18, "Cards looked at with the 6: click one to give it (or take it)",
                            size=16, anchor="start", weight="bold"))
        for i, c in enumerate(obs["looked"][:10]):
            out.append(svg.target(f"looked:{c}", poker_card(col + i * (CW + 8), y + 36, c), card_tip(c)))
    elif s.pending and s.stage == "answer":
        out.append(svg.text(col, y + 18, "A hero action waits for answers", size=16, anchor="start", weight="bold"))
        how = ("A thief's 5s (same level) defend the players it reaches; a witch's 7s reverse it (the witch is "
               "then used); or let it happen.")
        ty = y + 44
        for line in [*svg.wrap(pending_words(game), 62)[:4], *svg.wrap(how, 62)]:
            out.append(svg.text(col, ty, line, size=14, anchor="start"))
            ty += 19
    else:
        last = last_bids(game, viewer)
        # the line wraps short of the event box on the right (it ran under the box, half hidden)
        heading = svg.wrap(now_words(game, viewer), max(20, int((right - 370 - col) / 9.2)))
        out += [svg.text(col, y + 18 + i * 21, t, size=16, anchor="start", weight="bold")
                for i, t in enumerate(heading)]
        ty = y + 44 + (len(heading) - 1) * 21
        if last:
            out.append(svg.text(col, ty, "Last bids turned up:", size=14, anchor="start"))
            out += [svg.text(col + 10, ty + 20 + i * 19, t, size=14, anchor="start") for i, t in enumerate(last[:6])]
    bx = col
    for name, label, colour_, tip in (("answer:let", "Let it happen", "#78909c", "do not answer the hero action"),
                                      ("fight:stop", "Stop attacking", "#78909c", "play no more cards"),
                                      ("join:rock", "Rock: fight", "#2e7d32", "fight Dracula"),
                                      ("join:paper", "Paper: stay out", "#78909c", "stay out of the fight")):
        if name in active:
            out.append(button(name, bx, y + 228, 190, label, colour_, tip))
            bx += 200
    out.append(event_box(game, viewer, right - 360, y + 10, 350, active, quiz))
    return "".join(out)


def button(name: str, x: float, y: float, w: float, label: str, colour_: str, tip: str) -> str:
    body = (svg.rect(x, y, w, 40, fill=colour_, stroke="#333", width=1.5, rx=20, shape=True)
            + svg.text(x + w / 2, y + 20, label, size=16, weight="bold", fill=svg.ink_on(colour_)))
    return svg.target(name, body, tip)


BID_LINE = re.compile(r"player (\d+) ([0-9A-Z+]+) = (\d+)")


def last_bids(game: Baldur, viewer: int | None) -> list[str]:
    """The last bids turned up for everybody, in words with each total explained, and who recruited (from the
    log lines the engine writes when the bids are turned up)."""
    log = game.log_for(viewer)
    at = next((i for i in range(len(log) - 1, -1, -1) if log[i].startswith("bids: ")), None)
    if at is None:
        return []
    out = []
    for p, cards, total in BID_LINE.findall(log[at]):
        parts = cards.split("+")
        values = [str(JOKER_VALUE) if is_joker(c) else rank_of(c) for c in parts]
        out.append(f"player {p}: {' + '.join(map(glyphs, parts))} = {' + '.join(values)} = {total}")
    if at + 1 < len(log) and RESULT.match(log[at + 1]):
        out.append("so " + log[at + 1])
    return out


RESULT = re.compile(r"(player \d+ recruits|tie at|nobody recruits)")


def pending_words(game: Baldur) -> str:
    """The hero action waiting for answers, in words."""
    p, rank, level, colour_, jokers, kinds = game.state.pending
    action = A.Use(int(p), int(rank), int(level), str(colour_), int(jokers), tuple(game.state.pending_targets),
                   str(kinds))
    return f"player {p} plays " + use_words(action)


def now_words(game: Baldur, viewer: int | None) -> str:
    """What the seat shown may do now, in a line."""
    stage = game.stage()
    mine = viewer is None or viewer in game.to_act()
    if stage == "hero actions" and mine:
        return "Your turn: click a hero or a function card to act, the inn to recruit, or end the turn"
    if stage.startswith("first player"):
        return "Click a card of your hand to play it face down: the highest card plays first"
    if stage == "looking at cards (6)":
        return "Cards looked at with the 6"
    if stage == "choosing cards" and mine:
        return "Choose a card of your hand (click it)"
    if stage == "protecting heroes" and mine:
        return "Protect your heroes: click the event"
    return "No auction now"


def event_box(game: Baldur, viewer: int | None, x: float, y: float, w: float, active: set[str],
              quiz: bool = False) -> str:
    """The event of the round, or the next event's exact odds (from :func:`tablerules.explain.explain`), the
    rest of the events summed so the list adds up to 1."""
    s = game.state
    out = [svg.rect(x, y, w, 260, fill="#ffffff", stroke="#8d6e63", rx=10, shape="event:card" in active)]
    if s.event:
        data = rules().events[event_key(s.event)]
        out.append(svg.text(x + 10, y + 18, f"Event: {glyphs(s.event)} {data['name']}", size=15, anchor="start",
                            weight="bold"))
        out.append(svg.text(x + 10, y + 38, data["name_zh"], size=14, anchor="start"))
        ty = y + 60
        for line in svg.wrap(data["text"], int(w / 7.3))[:8]:
            out.append(svg.text(x + 10, ty, line, size=13, anchor="start"))
            ty += 17
        if s.gods:
            out.append(svg.text(x + 10, ty + 8, "The gods' cards so far: " + " ".join(map(glyphs, s.gods)), size=13,
                                anchor="start", weight="bold"))
            ty += 20
        if s.protect_number and not quiz:  # a lesson may ask for the protection number
            words = (f"Protect each hero with hand cards making {s.protect_number} by any arithmetic "
                     f"(7 - 4 = 3 counts)" + (": click here to choose the cards" if "event:card" in active else ""))
            for line in svg.wrap(words, int(w / 7.6)):
                out.append(svg.text(x + 10, ty + 8, line, size=13, anchor="start", weight="bold"))
                ty += 17
        body = "".join(out)
        return svg.target("event:card", body, data["text"]) if "event:card" in active else body
    if quiz:  # a lesson asks for these odds: the learner estimates them first
        out.append(svg.text(x + 10, y + 18, "The next event: the bank's top card", size=15, anchor="start",
                            weight="bold"))
        for i, line in enumerate(svg.wrap("after every turn. Its odds are hidden while a question is asked: "
                                          "work them out yourself.", int(w / 7.3))):
            out.append(svg.text(x + 10, y + 40 + i * 18, line, size=13, anchor="start"))
        return "".join(out)
    odds = explain(game, viewer).odds
    out.append(svg.text(x + 10, y + 18, "The next event (the bank's top card", size=15, anchor="start",
                        weight="bold"))
    out.append(svg.text(x + 10, y + 36, "after every turn), exact odds:", size=15, anchor="start", weight="bold"))
    ty = y + 60
    shown = Fraction(0)
    for what, p in odds[:6]:
        shown += p
        for i, line in enumerate(svg.wrap(f"{percent(p)}  {what.removeprefix('the event is ')}", int(w / 7.3))[:2]):
            out.append(svg.text(x + 10 + (i and 44), ty, line, size=13, anchor="start"))
            ty += 17
    if odds:
        out.append(svg.text(x + 10, ty, f"{percent(1 - shown)}  any other event", size=13, anchor="start"))
        out.append(svg.text(x + 10, ty + 20, "= 100% in all", size=13, anchor="start", weight="bold"))
    return "".join(out)


def percent(p: Fraction) -> str:
    """A chance as a rounded percentage ("7.9%"), never a long float."""
    return f"{float(p) * 100:.1f}%"


def my_area(game: Baldur, obs: dict, me: int, y: float, parts: list[str], quiz: bool = False) -> float:
    """Your heroes (clickable for their actions) and your hand (clickable: play, bid, protect)."""
    seat = obs["seats"][me]
    hand = seat["hand"] if isinstance(seat["hand"], list) else []
    heroes = len(seat["heroes"]) + len(seat["exhausted"])
    score = sum(-40 if is_joker(c) else int(rank_of(c)) for c in hand) + 8 * heroes
    now = "" if quiz else f" · score now {score}"  # a lesson may ask for the score
    line = (svg.rect(4, y - 4, 1000, 32, fill="#e8f0e8", stroke="none", rx=8, shape=True)
            + svg.text(10, y + 12, f"You, player {me}: {plural(heroes, 'hero')}, {plural(len(hand), 'card')} in "
                       f"hand{now} (8 a hero, a card its number, a joker -40)", size=17, anchor="start", weight="bold"))
    parts.append(svg.target(f"seat:{me}", line, f"player {me} (you)"))
    y += 32
    parts.append(svg.text(10, y + 8, "Your heroes (click a ready one for its actions)", size=15, anchor="start",
                          weight="bold", fill="#33691e"))
    y += 22
    x = 10
    for hero in seat["heroes"]:
        parts.append(svg.target(f"hero:{hero}", poker_card(x, y, hero), card_tip(hero)))
        x += CW + 10
    for hero in seat["exhausted"]:
        parts.append(svg.target(f"hero:{hero}", poker_card(x, y, hero, exhausted=True),
                                card_tip(hero) + " (used this round)"))
        x += CH + 10
    if not seat["heroes"] and not seat["exhausted"]:
        parts.append(svg.text(20, y + 20, "no heroes", size=14, anchor="start", fill="#757575"))
    y += CH + 18
    parts.append(svg.text(10, y + 8, "Your hand", size=15, anchor="start", weight="bold", fill="#33691e"))
    y += 22
    per_row = int((WIDTH - 20) // (CW + 8))
    for i, c in enumerate(sorted(hand, key=_order)):
        cx, cy = 10 + (i % per_row) * (CW + 8), y + (i // per_row) * (CH + 10)
        parts.append(svg.target(f"card:{c}", poker_card(cx, cy, c), card_tip(c)))
    if not hand:
        parts.append(svg.text(20, y + 20, "empty", size=14, anchor="start", fill="#757575"))
    rows = max(1, (len(hand) - 1) // per_row + 1)
    y += rows * (CH + 10)
    opened = obs["open_cards"][me] if me < len(obs["open_cards"]) else []
    if opened:  # the Persian wall, the Northern gods: open cards in front of you, usable, back to the bank after
        parts.append(svg.text(10, y + 8, "Open cards in front of you (usable in this event, then back to the bank)",
                              size=15, anchor="start", weight="bold", fill="#33691e"))
        y += 22
        for i, c in enumerate(opened):
            parts.append(svg.target(f"card:{c}", poker_card(10 + i * (CW + 8), y, c), card_tip(c)))
        y += CH + 10
    return y


def _order(card: str) -> tuple[int, str]:
    return (99, card) if is_joker(card) else (int(rank_of(card)), suit_of(card))
