"""Boards in text for the terminal: Kragmortha's library with file and rank coordinates and a legend, and
Small World's regions each with its terrain, holder, tokens and neighbours.

Both are drawn from what the seat may see (:meth:`Game.observe` and the public board), so a seat's board
never depends on hidden cards.
"""

from __future__ import annotations

import re
from typing import Any

from ..core.protocol import Game
from .catalogue import kragmortha_card_name, penalty_name
from .words import and_join, plain

SYMBOL_LETTERS = {"grimoire": "G", "parchment": "P", "potion": "O", "gems": "J", "teleport": "T", "bookcase": "##",
                  "desk": "DD"}

KRAGMORTHA_LEGEND = (
    "legend: G grimoire (魔法書), P parchment (羊皮紙), O potion (藥水), J gems (寶石): a movement card's symbol "
    "lets a piece step onto a square showing it, and a crystal ball (水晶球) on a card stands for any symbol; "
    "T teleport (傳送格); ## bookcase (書櫃, nobody enters); DD the desk (書桌: any symbol steps onto it, "
    "the goal); 0-7 the goblin of that player; L the dark lord (黑暗領主)")


def kragmortha_board(game: Game, seat: int | None) -> list[str]:
    """The 7 x 10 library (files a-g left to right, ranks 1-10 from the desk down to the start row) with the
    goblins, the dark lord and a legend, then each player's goblin, cards and penalties."""
    board: Any = game.board  # type: ignore[attr-defined]
    seen = game.observe(seat)
    goblins = {s["square"]: str(p) for p, s in enumerate(seen["seats"]) if s["square"] >= 0}
    files = [chr(ord("a") + c) for c in range(board.cols)]
    lines = ["board: files a-" + files[-1] + ", ranks 1-" + str(board.rows) + " (the desk on rank 1, goblins start on "
             f"rank {board.start_row + 1})", "      " + "".join(f"{f:<4}" for f in files)]
    for r in range(board.rows):
        cells = []
        for c in range(board.cols):
            sq = board.square(r, c)
            mark = SYMBOL_LETTERS[board.kinds[sq]]
            piece = "L" if sq == seen["lord"] else goblins.get(sq, "")
            cells.append(f"{(mark[0] if piece else mark) + piece:<4}")
        lines.append(f"  {r + 1:>2}  " + "".join(cells).rstrip())
    lines.append(KRAGMORTHA_LEGEND)
    lines += _kragmortha_players(game, seat, seen)
    return lines


def _kragmortha_players(game: Game, seat: int | None, seen: dict[str, Any]) -> list[str]:
    board: Any = game.board  # type: ignore[attr-defined]
    movement: dict[str, Any] = game.movement  # type: ignore[attr-defined]
    penalties: dict[str, Any] = game.penalties  # type: ignore[attr-defined]
    tomes: dict[str, Any] = game.tomes  # type: ignore[attr-defined]
    lines = [f"the dark lord is on {board.label(seen['lord'])}"]
    for p, s in enumerate(seen["seats"]):
        where = f"on {board.label(s['square'])}" if s["square"] >= 0 else "not placed yet"
        hand = s["hand"]
        if isinstance(hand, list):
            cards = f"hand: {and_join(kragmortha_card_name(movement[c]) for c in sorted(hand))}"
        else:
            cards = f"{hand} card{'s' if hand != 1 else ''} in hand"
        lines.append(
            f"player {p}{' (you)' if p == seat else ''}: goblin {where}; {cards}; penalty cards: "
            f"{and_join(penalty_name(penalties[c]) for c in s['penalties'])}; magic tomes: "
            f"{and_join(tomes[c].name for c in s['tomes'])}"
            + (f" (used: {and_join(tomes[c].name for c in s['used_tomes'])})" if s["used_tomes"] else ""))
    size = {k: v if isinstance(v, int) else len(v) for k, v in seen.items() if k.endswith("_deck")}
    lines.append(f"decks: {size['move_deck']} movement cards, {size['penalty_deck']} penalty cards, "
                 f"{size['teleport_deck']} teleport cards, {size['tome_deck']} magic tome cards")
    if seen.get("loose"):
        lines.append(f"up for grabs: {kragmortha_card_name(movement[seen['loose']])}")
    return lines


def kragmortha_heading(game: Game, seat: int | None) -> str:
    """The first line of the engine's view (stage, turn, who plays) in plain words."""
    return plain(re.sub(r", player -1 to play", "", game.describe_view(seat).splitlines()[0]))


def smallworld_regions(game: Game) -> list[str]:
    """Every region: number, terrain, holder and tokens, features and markers, and its neighbours' numbers
    (the whole map is public)."""
    from ..smallworld.state import NOBODY

    g: Any = game
    s = g.state
    lines = ["regions (number, terrain, who holds it, features, next to):"]
    for region in g.board.regions:
        i = region.id
        marks = [*region.features, *(["mountain marker"] if region.mountain_marker else [])]
        for name, on in (("troll lair", s.lair[i]), ("fortress", s.fortress[i]), ("hole", s.hole[i]),
                         ("hero", s.hero[i]), ("dragon", s.dragon == i), ("lost tribe", s.lost_tribe[i])):
            if on:
                marks.append(name)
        if s.encampment[i]:
            marks.append(f"{s.encampment[i]} encampment{'s' if s.encampment[i] > 1 else ''}")
        holder = "empty"
        if s.owner[i] != NOBODY:
            holder = f"player {s.owner[i]}: {s.tokens[i]} {s.race[i]}{' in decline' if s.decline[i] else ''}"
        elif s.lost_tribe[i]:
            holder = "lost tribe"
            marks.remove("lost tribe")
        extra = f" ({', '.join(marks)})" if marks else ""
        lines.append(f"  {i:>2} {region.terrain:<9}{holder + extra:<44} next to "
                     f"{and_join(str(n) for n in sorted(region.adjacent))}")
    return lines


def smallworld_heading(game: Game, seat: int | None) -> list[str]:
    """The engine's round, combos and players lines (not its region list), in plain words."""
    lines = []
    for line in game.describe_view(seat).splitlines():
        if line[:3].strip().isdigit():
            break  # the engine's own region lines follow: the full table replaces them
        line = line.replace("? coins", "? coins (face down)").replace("in decline: -", "in decline: none")
        line = re.sub(r" \[(\d+)c\]", lambda m: f" ({m.group(1)} coin{'s' if m.group(1) != '1' else ''} on it)", line)
        lines.append(plain(line))
    return lines


BALDUR_LEGEND = ("cards: rank and suit (S spades, H hearts, D diamonds, C clubs; BJ and RJ the black-and-white "
                 "and the coloured joker); heroes: A assassin, J thief, Q witch, K lord; card NAME reads a card")


def baldur_lines(game: Game, seat: int | None) -> list[str]:
    """The engine's view of Baldur's Gate with words for its dashes and bans, and a legend of the card codes."""
    from ..baldur.cards import HERO_NAMES

    lines = []
    for line in game.describe_view(seat).splitlines():
        line = re.sub(r"\b(heroes|exhausted) -", r"\1 none", line).replace(" exhausted ", "; exhausted ")
        if line.startswith("bans: "):
            bans = [b.split(":") for b in line[len("bans: "):].split(", ")]
            line = "banned hero actions: " + and_join(
                f"player {p}'s {HERO_NAMES.get(rank, rank)}" for p, rank in bans if p.isdigit())
        lines.append(plain(line))
    return [*lines, BALDUR_LEGEND]
