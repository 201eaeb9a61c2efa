"""The Munchkin table as a clickable SVG board (:mod:`.board`): your hand and what you carry as cards, the
other seats with their level, race, class and a face-down hand count, the decks and discard piles with
counts, the turn's phases, and the fight in the middle: the monsters as cards and both totals with their
"why this number" terms in words (an item left out of a total says why).

Targets (``data-target``): ``card:<copy>`` a card in a hand or in play, ``monster:<copy>`` a monster of the
fight, ``seat:N`` another seat, ``deck:door``, ``phase:kick|loot|end|ready`` the turn's phases,
``fight:fight|run|pass``, ``side:munchkin|monster`` a side of the fight (one-shots), ``dice:roll`` your
own die waiting to be rolled. :func:`targets_of` says which of them an action concerns."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, fields

from ..core.protocol import Action
from ..families.munchkin.cardtext import card_text
from ..munchkin import actions as A
from ..munchkin import breakdown
from ..munchkin.game import MunchkinGame
from ..munchkin.state import CHARITY, COMBAT, CREATION, END, INTERFERENCE, KICK, TROUBLE
from . import svg

WIDTH = 1200
SIGNED = re.compile(r" [+-]\d+ against")  # "Drooling Slime +4 against elf": the number is shown before it
CARD_W, CARD_H = 112, 156


@dataclass(frozen=True)
class Kind:
    """How a kind of card is drawn: the word on it and the colour of its band."""

    word: str
    colour: str


KINDS = {
    "monster": Kind("Monster", "#c62828"), "curse": Kind("Curse", "#6a1b9a"), "race": Kind("Race", "#2e7d32"),
    "class": Kind("Class", "#1565c0"), "item": Kind("Item", "#f9a825"), "one_shot": Kind("One-shot", "#ef6c00"),
    "enhancer": Kind("Monster enhancer", "#ad1457"), "go_up_a_level": Kind("Go Up a Level", "#fdd835"),
    "wandering": Kind("Wandering Monster", "#8d6e63"), "mate": Kind("Mate", "#8d6e63"),
    "half_breed": Kind("Half-Breed", "#66bb6a"), "super_munchkin": Kind("Super Munchkin", "#42a5f5"),
    "cheat": Kind("Cheat!", "#546e7a"), "divine_intervention": Kind("Divine Intervention", "#546e7a"),
    "remove_curse": Kind("Remove a curse", "#546e7a"),
}
SLOTS = {"hands1": "1 hand", "hands2": "2 hands", "headgear": "headgear", "armour": "armour",
         "footgear": "footgear", "other": ""}
SEAT_FIELDS = ("helper", "to", "target", "victim")


def kind_of(game: MunchkinGame, copy: str) -> Kind:
    return KINDS.get(game.card(copy).kind, Kind(game.card(copy).kind.replace("_", " ").capitalize(), "#546e7a"))


def corner(game: MunchkinGame, copy: str) -> str:
    """The number in a card's corner: a monster's level, an item's or one-shot's bonus."""
    c = game.card(copy)
    if c.kind == "monster":
        return f"Lv {c.level}"
    return f"{c.bonus:+d}" if c.bonus else ""


def card_lines(game: MunchkinGame, copy: str) -> list[str]:
    """The few words printed on a card under its name (the whole text is its tooltip)."""
    c = game.card(copy)
    head = kind_of(game, copy).word + (f" · {SLOTS[c.slot]}" if SLOTS.get(c.slot) else "")
    lines = [head]
    if c.kind == "monster":
        lines.append(f"{c.treasures} treasure{'s' if c.treasures != 1 else ''}"
                     + (f", {c.levels} levels" if c.levels > 1 else ""))
    elif c.kind == "item" and c.value:
        lines.append(f"worth {c.value} gold")
    elif kind_of(game, copy).word != c.name:
        lines.append(card_text(c).split(": ", 1)[-1])
    return lines


def why_left_out(game: MunchkinGame, player: int, copy: str) -> str:
    """Why an item in play gives no bonus to ``player`` now (``""``: it counts)."""
    c = game.card(copy)
    if c.kind != "item" or game.works(player, copy):
        return ""
    tags = game.tags(player)
    if c.only and tags.isdisjoint(c.only):
        return f"only a {' or '.join(c.only)} may use it"
    bad = sorted(tags.intersection(c.not_for))
    return f"not for a {' or '.join(bad)}" if bad else "not usable now"


def draw_card(game: MunchkinGame, copy: str, x: float, y: float, clickable: bool = True, dim_reason: str = "",
              w: float = CARD_W, h: float = CARD_H) -> str:
    """A Munchkin card: frame, name, kind band colour, bonus or level in the corner; a card left out of the
    totals is greyed with the reason printed on it."""
    c = game.card(copy)
    kind = kind_of(game, copy)
    lines = [*card_lines(game, copy)[:1], f"left out: {dim_reason}"] if dim_reason else card_lines(game, copy)
    body = svg.card(x, y, w, h, c.name, lines, corner(game, copy), colour=kind.colour, dim=bool(dim_reason),
                    title_size=14)
    tip = f"{c.name} ({c.name_zh}): {card_text(c)}" + (f" Left out of the total: {dim_reason}." if dim_reason else "")
    return svg.target(f"card:{copy}", body, tip) if clickable else svg.group(body, tip)


def card_back(x: float, y: float, w: float = 26, h: float = 36) -> str:
    return (svg.rect(x, y, w, h, fill="#5d4037", stroke="#3e2723", width=1.5, rx=4)
            + svg.rect(x + 3, y + 3, w - 6, h - 6, stroke="#d7ccc8", width=1, rx=3))


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


# ----- which board parts an action concerns ---------------------------------------------------------
DIRECT = {A.KickDoor: ("deck:door", "phase:kick"), A.LootRoom: ("deck:door", "phase:loot"),
          A.EndTurn: ("phase:end",), A.Ready: ("phase:ready",), A.Fight: ("fight:fight",),
          A.RunAway: ("fight:run",), A.Pass: ("fight:pass",)}


def targets_of(game: MunchkinGame, action: Action) -> tuple[str, ...]:
    """The board parts ``action`` concerns: the cards it names (a monster of the fight as ``monster:``), the
    seats it aims at, the deck or phase it is (answers to offers stay buttons)."""
    known = DIRECT.get(type(action))
    if isinstance(action, A.Fight) and game.combat:  # the monsters stand for the fight too
        return (*known, *(f"monster:{m}" for m in game.combat.monsters))
    if known is not None:
        return known
    if isinstance(action, A.AnswerHelp | A.AnswerTrade):
        return ()
    fight = game.combat.monsters if game.combat else ()
    out: list[str] = []
    for f in fields(action):  # type: ignore[arg-type]
        value = getattr(action, f.name)
        if isinstance(value, str) and "#" in value:
            out.append(f"monster:{value}" if value in fight else f"card:{value}")
        elif f.name in SEAT_FIELDS and isinstance(value, int):
            out.append(f"seat:{value}")
    if isinstance(action, A.PlayOneShot):
        out.append(f"side:{action.side}")
    return tuple(out)


def label_of(game: MunchkinGame, target: str, viewer: int | None) -> str:
    """A board part in plain words (the heading of the choices it offers)."""
    kind, _, name = target.partition(":")
    if kind in ("card", "monster"):
        return game.card(name).name
    if kind == "seat":
        return f"player {name}" + (" (you)" if viewer is not None and int(name) == viewer else "")
    return {"deck:door": "the Door deck", "phase:kick": "kick open the door", "phase:loot": "loot the room",
            "phase:end": "end of turn", "phase:ready": "ready to play", "fight:fight": "fight",
            "fight:run": "run away", "fight:pass": "let the fight go on", "side:munchkin": "the munchkins' side",
            "side:monster": "the monsters' side", "dice:roll": "your die"}.get(target, target)


# ----- the picture -------------------------------------------------------------------------------
def board(game: MunchkinGame, viewer: int | None, me: int, humans: Iterable[int] = (), die_waiting: str = "",
          active: Iterable[str] = (), quiz: bool = False) -> str:
    """The whole table drawn for ``viewer`` (``None``: the teacher, who also sees every hand); ``me`` is the
    seat drawn at the bottom; ``die_waiting`` names a die of yours to roll (drawn as a clickable die);
    ``active``: the targets with legal actions now (the fight's buttons are drawn only when they are);
    ``quiz``: a lesson asks for the fight's numbers, so the totals and the verdict are left for the learner."""
    humans = set(humans)
    parts: list[str] = []
    others = [p for p in range(game.num_players()) if p != me]
    y = 10
    seat_w = (WIDTH - 20 - 10 * (len(others) - 1)) / len(others)
    seat_h = 170 if viewer is not None else 170 + CARD_H * 0.55 + 10
    for i, p in enumerate(others):
        parts.append(seat_box(game, p, 10 + i * (seat_w + 10), y, seat_w, seat_h, viewer, p in humans, quiz))
    y += seat_h + 12
    parts.append(phase_track(game, y))
    y += 62
    parts.append(piles(game, 10, y))
    fight_h = fight_area(game, 350, y, die_waiting, parts, set(active), quiz)
    y += max(300, fight_h) + 12
    y = my_area(game, me, y, parts, quiz)
    return svg.document(WIDTH, y + 10, "".join(parts), label="the Munchkin table", background="#f4efe6")


def seat_box(game: MunchkinGame, p: int, x: float, y: float, w: float, h: float, viewer: int | None,
             human: bool, quiz: bool = False) -> str:
    """Another seat: level, race and class, strength, the items it carries (public), its hand face down
    (the teacher view shows it face up)."""
    s = game.players[p]
    turn = p == game.state.current
    body = [svg.rect(x, y, w, h, fill="#fffdf5" if not turn else "#fff3c4", stroke="#b8860b" if turn else "#8d6e63",
                     width=3 if turn else 1.5, rx=10, shape=True)]
    who = "a person" if human else "an agent"
    body.append(svg.text(x + 10, y + 16, f"Player {p} ({who})" + (": their turn" if turn else ""), size=16,
                         anchor="start", weight="bold"))
    body.append(svg.text(x + 10, y + 38, f"level {s.level} · {game.character(p)}", size=14, anchor="start"))
    if not quiz:  # a lesson asking for a strength leaves the sum to the learner
        body.append(svg.text(x + 10, y + 58, f"strength {game.strength(p)}", size=14, anchor="start", fill="#444"))
    carried = [game.card(c).name + (f" {game.card(c).bonus:+d}" if game.card(c).bonus else "") for c in s.carried]
    words = "carries: " + (", ".join(carried) if carried else "nothing")
    if not carried:
        body.append(svg.text(x + 10, y + 80, words, size=13, anchor="start", fill="#333"))
    n = len(s.hand)
    for i in range(min(n, 8)):
        body.append(card_back(x + 10 + i * 14, y + 132))
    hand_y = y + 150
    hidden = "face down" if viewer is not None else "teacher view: shown below"
    body.append(svg.text(x + 24 + min(n, 8) * 14 + 6, hand_y, f"{plural(n, 'card')} in hand ({hidden})", size=14,
                         anchor="start"))
    out = svg.target(f"seat:{p}", "".join(body), f"player {p}: level {s.level}, {game.character(p)}; {words}; "
                     f"{plural(n, 'card')} in hand")
    out += item_chips(game, s.carried, x + 10, y + 68, w - 20)
    if viewer is None:  # the teacher sees the hands
        cw = min(CARD_W * 0.62, (w - 20) / max(1, n))
        out += "".join(draw_card(game, c, x + 10 + i * cw, y + 172, w=cw - 4, h=CARD_H * 0.55)
                       for i, c in enumerate(sorted(s.hand)))
    return out


def item_chips(game: MunchkinGame, copies: list[str], x: float, y: float, w: float) -> str:
    """Another seat's items in play as small cards in two rows (each clickable: trade for it, steal it)."""
    if not copies:
        return ""
    per_row = -(-len(copies) // 2) if len(copies) > 3 else len(copies)
    cw = min(175.0, (w - (per_row - 1) * 4) / per_row)  # wide enough for most names on one line
    out = []
    for i, copy in enumerate(copies):
        c = game.card(copy)
        cx, cy = x + (i % per_row) * (cw + 4), y + (i // per_row) * 32
        bonus = f"{c.bonus:+d}" if c.bonus else ""
        body = (svg.rect(cx, cy, cw, 28, fill="#fffdf7", stroke="#6d4c41", width=1.2, rx=5, shape=True)
                + svg.rect(cx + 2, cy + 2, 6, 24, fill=kind_of(game, copy).colour, stroke="none", rx=2)
                + chip_label(c.name, cx + 12, cy, cw - 20 - 8 * len(bonus))
                + svg.text(cx + cw - 5, cy + 14, bonus, size=12, anchor="end", weight="bold", fill="#b71c1c"))
        out.append(svg.target(f"card:{copy}", body, f"{c.name} ({c.name_zh}): {card_text(c)}"))
    return "".join(out)


def chip_label(name: str, x: float, y: float, room: float) -> str:
    """A card's name in a 28-high chip ``room`` wide: one line (11 px) when it fits, else two (10 px), the
    whole name whenever two lines hold it (a name is cut with "…" only when even two lines are too short)."""
    one = max(4, int(room / 6.8))
    if len(name) <= one:
        return svg.text(x, y + 14, name, size=11, anchor="start")
    chars = max(4, int(room / 6.0))
    lines = svg.wrap(name, chars)
    if len(lines) > 2 or any(len(line) > chars for line in lines):
        lines = [*lines[:1], " ".join(lines[1:])]
        lines = [line if len(line) <= chars else line[:chars - 1].rstrip() + "…" for line in lines]
    top = y + 14 if len(lines) == 1 else y + 8
    return "".join(svg.text(x, top + 12 * i, line, size=10, anchor="start") for i, line in enumerate(lines))


PHASES = (("phase:kick", "1  Kick open the door", (KICK,)),
          ("phase:loot", "2  Look for trouble or loot the room", (TROUBLE,)),
          ("phase:fight", "Fight or run", (COMBAT, INTERFERENCE, "asking for help", "running away",
                                           "running away: rolling")),
          ("phase:charity", "3  Charity", (CHARITY,)),
          ("phase:end", "4  End the turn", (END,)))


def phase_track(game: MunchkinGame, y: float) -> str:
    """The turn's phases left to right, the current one lit; a phase with an action is clickable."""
    stage = game.stage()
    if stage == CREATION:
        body = svg.rect(10, y, WIDTH - 20, 48, fill="#e8f5e9", stroke="#2e7d32", rx=10, shape=True)
        body += svg.text(WIDTH / 2, y + 24, "Character creation: play a race, a class and items from your hand, "
                         "then click here when you are ready", size=16, weight="bold")
        return svg.target("phase:ready", body, "ready: your character is made")
    w = (WIDTH - 20 - 4 * 8) / 5
    out = []
    for i, (name, label, stages) in enumerate(PHASES):
        x = 10 + i * (w + 8)
        lit = stage in stages
        body = svg.rect(x, y, w, 48, fill="#ffe082" if lit else "#ffffff", stroke="#b8860b" if lit else "#9e9e9e",
                        width=3 if lit else 1.5, rx=10, shape=True)
        body += svg.text(x + w / 2, y + 24, label if len(label) < 26 else "2  Trouble or loot", size=15,
                         weight="bold" if lit else "normal")
        out.append(svg.target(name, body, label.lstrip("0123456789 ")))
    return "".join(out)


def piles(game: MunchkinGame, x: float, y: float) -> str:
    """The Door and Treasure decks (face down, counts) and their discard piles (the top card face up)."""
    s = game.state
    out = [svg.text(x, y + 10, "Decks and discards", size=15, anchor="start", weight="bold")]
    for row, (name, deck, discard, colour) in enumerate((("Door", s.door_deck, s.door_discard, "#8d6e63"),
                                                         ("Treasure", s.treasure_deck, s.treasure_discard,
                                                          "#c0a000"))):
        ty = y + 26 + row * 138
        body = (svg.rect(x + 6, ty + 6, 112, 118, fill="#4e342e", stroke="#3e2723", rx=8)
                + svg.rect(x, ty, 112, 118, fill=colour, stroke="#3e2723", width=2, rx=8, shape=True)
                + svg.text(x + 56, ty + 40, name, size=17, fill="#fff", weight="bold")
                + svg.text(x + 56, ty + 66, plural(len(deck), "card"), size=15, fill="#fff")
                + svg.text(x + 56, ty + 88, "face down", size=13, fill="#fff"))
        tip = f"the {name} deck: {plural(len(deck), 'card')}, face down"
        out.append(svg.target("deck:door", body, tip + " (click to kick open the door or loot the room)")
                   if name == "Door" else svg.group(body, tip))
        if discard:
            out.append(draw_card(game, discard[-1], x + 130, ty, clickable=False, w=100, h=118))
        else:
            out.append(svg.rect(x + 130, ty, 100, 118, fill="none", stroke="#9e9e9e", rx=8, stroke_dasharray="6 4")
                       + svg.text(x + 180, ty + 59, "no discards", size=12, fill="#757575"))
        out.append(svg.text(x + 240, ty + 59, f"{len(discard)} discarded", size=13, anchor="start"))
    return "".join(out)


def button(name: str, x: float, y: float, w: float, label: str, colour: str, tip: str) -> str:
    body = (svg.rect(x, y, w, 40, fill=colour, stroke="#333", width=1.5, rx=20, shape=True)
            + svg.text(x + w / 2, y + 20, label, size=16, weight="bold", fill=svg.ink_on(colour)))
    return svg.target(name, body, tip)


def fight_area(game: MunchkinGame, x: float, y: float, die_waiting: str, parts: list[str],
               active: set[str], quiz: bool = False) -> float:
    """The fight in the middle: the monsters as cards, both totals with their terms in words, the verdict,
    the buttons of the fight; returns its height."""
    c = game.combat
    right = WIDTH - 10
    body = game.state.body
    if body:  # a dead character's cards, shared out one each (死亡: 搜刮尸体)
        parts.append(svg.rect(x, y, right - x, 300, fill="#eceff1", stroke="#455a64", width=2, rx=14))
        parts.append(svg.text(x + 14, y + 18, f"The body: {plural(len(body), 'card')} to share out, one each, "
                              "highest level first", size=17, anchor="start", weight="bold"))
        per_row = int((right - x - 20) // 100)
        for i, copy in enumerate(body[:2 * per_row]):
            parts.append(draw_card(game, copy, x + 14 + (i % per_row) * 100, y + 36 + (i // per_row) * 130,
                                   w=94, h=124))
        return 300
    if c is None or not c.monsters:
        parts.append(svg.rect(x, y, right - x, 300, fill="#efe6d6", stroke="#bcaaa4", rx=14))
        parts.append(svg.text((x + right) / 2, y + 130, "No fight: the monsters come through the door", size=18,
                              fill="#6d4c41"))
        parts.append(svg.text((x + right) / 2, y + 160, "(kick open the door, or look for trouble with a monster "
                              "from your hand)", size=14, fill="#6d4c41"))
        return 300
    mine, theirs = game.fighter_strength(), game.monster_strength()
    helper = f" with player {c.helper}" if c.helper is not None else ""
    verdict = ("the munchkins win as things stand" if game.winning() else
               "the monsters win as things stand" + ("" if "warrior" in game.side_tags() else
                                                     " (a tie goes to the monster unless a warrior fights)"))
    out = [svg.rect(x, y, right - x, 300, fill="#fbe9e7", stroke="#c62828", width=2, rx=14),
           svg.text(x + 14, y + 18, f"The fight: player {c.fighter}{helper} against "
                    f"{plural(len(c.monsters), 'monster')}", size=17, anchor="start", weight="bold")]
    for i, m in enumerate(c.monsters[:3]):
        enh = ", ".join(game.card(e).name for e in game.enhancers_on(m))
        body = svg.card(x + 14 + i * 124, y + 36, CARD_W, CARD_H + 10, game.foe(m).name,
                        card_lines(game, m) + ([f"with {enh}"] if enh else []), f"Lv {game.foe(m).level}",
                        colour=KINDS["monster"].colour, title_size=14)
        out.append(svg.target(f"monster:{m}", body, f"{game.foe(m).name}: {card_text(game.foe(m))}"))
    tx = x + 14 + min(3, len(c.monsters)) * 124 + 8
    column = (right - tx - 10) / 2
    if quiz:  # a lesson asks for these numbers: the cards are on the table, the sums are the learner's
        out.append(svg.text(tx, y + 60, "Work out both totals from the cards:", size=16, anchor="start",
                            weight="bold"))
        out.append(svg.text(tx, y + 84, "the answer goes in the question below.", size=15, anchor="start"))
        parts.extend(out)
        return 300
    terms = breakdown.fighter_terms(game)
    left_out = [(game.card(i).name, why_left_out(game, p, i)) for p in c.side for i in game.players[p].carried
                if why_left_out(game, p, i)]
    out.append(total_box("side:munchkin", tx, y + 36, column - 6, "Munchkins", mine, terms, left_out))
    out.append(total_box("side:monster", tx + column, y + 36, column - 6, "Monsters", theirs,
                         breakdown.monster_terms(game), []))
    out.append(svg.text(x + 14, y + 222, verdict, size=16, anchor="start", weight="bold",
                        fill="#1b5e20" if game.winning() else "#b71c1c"))
    bx = x + 14
    for name, label, colour, tip in (("fight:fight", "Fight!", "#2e7d32", "fight: the others get 2.6 seconds to "
                                      "interfere, then the totals decide"),
                                     ("fight:run", "Run away", "#ef6c00", "give up and roll a die for each "
                                      "monster: 5 or more escapes"),
                                     ("fight:pass", "Let the fight go on", "#78909c", "do not interfere")):
        if name in active:
            out.append(button(name, bx, y + 244, 190, label, colour, tip))
            bx += 200
    if die_waiting:
        body = (svg.rect(bx + 10, y + 236, 56, 56, fill="#ffffff", stroke="#333", width=2, rx=10, shape=True)
                + "".join(svg.circle(bx + 10 + dx, y + 236 + dy, 5, fill="#111", stroke="none")
                          for dx, dy in ((14, 14), (42, 14), (28, 28), (14, 42), (42, 42)))
                + svg.text(bx + 76, y + 264, f"Roll the die: {die_waiting}", size=15, anchor="start", weight="bold"))
        out.append(svg.target("dice:roll", body, f"roll your die: {die_waiting}"))
    parts.extend(out)
    return 300


def total_box(name: str, x: float, y: float, w: float, title: str, total: int, terms: list[tuple[str, int]],
              left_out: list[tuple[str, str]]) -> str:
    """A side's total and why: each term in words; items left out with their reason."""
    rows = [f"{label} {value}" if i == 0 else f"{value:+d}  {SIGNED.sub(' against', label)}"
            for i, (label, value) in enumerate(terms)]
    rows.append(f"= {total}")
    rows += [f"{name_} left out: {why}" for name_, why in left_out]
    body = [svg.rect(x, y, w, 170, fill="#ffffff", stroke="#6d4c41", rx=8, shape=True),
            svg.text(x + 10, y + 16, f"{title}: {total}", size=18, anchor="start", weight="bold")]
    ty = y + 38
    for row in rows:
        for part in svg.wrap(row, max(18, int(w / 7.2))):
            if ty > y + 160:
                break
            body.append(svg.text(x + 10, ty, part, size=13, anchor="start", fill="#333"))
            ty += 16
    tip = f"{title} {total} = " + " ".join(rows)
    return svg.target(name, "".join(body), tip)


def my_area(game: MunchkinGame, me: int, y: float, parts: list[str], quiz: bool = False) -> float:
    """The seat at the bottom: what it carries (race, class, items, lasting curses) and its hand, as cards."""
    s = game.players[me]
    me_line = (svg.rect(4, y - 4, 760, 32, fill="#f4efe6", stroke="none", rx=8, shape=True)
               + svg.text(10, y + 12, f"You, player {me}: level {s.level} · {game.character(me)}"
                          + ("" if quiz else f" · strength {game.strength(me)}"), size=18, anchor="start",
                          weight="bold"))
    parts.append(svg.target(f"seat:{me}", me_line, f"player {me} (you)"))
    y += 30
    carried = [c for c in (s.race, s.race2, s.half_breed, s.cls, s.cls2, s.super_munchkin) if c]
    carried += s.carried + s.curses
    for title, cards in (("What you carry (in play)", carried), (f"Your hand ({plural(len(s.hand), 'card')})",
                                                                  sorted(s.hand))):
        parts.append(svg.text(10, y + 10, title, size=15, anchor="start", weight="bold", fill="#4e342e"))
        y += 24
        if not cards:
            parts.append(svg.text(20, y + 14, "nothing", size=14, anchor="start", fill="#757575"))
            y += 34
            continue
        per_row = int((WIDTH - 20) // (CARD_W + 8))
        for i, copy in enumerate(cards):
            cx = 10 + (i % per_row) * (CARD_W + 8)
            cy = y + (i // per_row) * (CARD_H + 8)
            dim = why_left_out(game, me, copy) if copy in s.carried else ""
            parts.append(draw_card(game, copy, cx, cy, dim_reason=dim))
        y += ((len(cards) - 1) // per_row + 1) * (CARD_H + 8) + 6
    return y
