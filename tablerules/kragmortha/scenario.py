"""Setting up a Kragmortha position by hand (the scenario API for tests, notebooks and teachers): start a game
with every goblin placed, then move a goblin, give it a hand, penalty or tome cards; every card comes out of
its deck so none is ever in two places (seed 004: 設置 / 移動卡)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..core.errors import DataError, ScenarioError
from .data import parse_board
from .game import Kragmortha
from .rules.cards import MAX_PENALTIES
from .state import NOWHERE


def placed(players: int = 4, seed: int = 0) -> Kragmortha:
    """A game dealt (seeded draws) with every goblin placed by the first legal choice, at the first turn's play."""
    game = Kragmortha({"players": players}, seed=seed)
    while game.stage() not in ("play", "over"):
        if game.is_chance():
            game.roll()
        else:
            game.apply(game.legal_actions()[0])
    return game


def square(game: Kragmortha, label: str) -> int:
    """A square from its label (``"d10"``: column d, row 10)."""
    col, row = ord(label[0]) - ord("a"), int(label[1:]) - 1
    return game.board.square(row, col)


def move_goblin(game: Kragmortha, player: int, label: str) -> None:
    """Stand ``player``'s goblin on an empty square."""
    field = f"square[{_player(game, 'square', player)}]"
    sq = _square(game, field, label)
    if any(x.square == sq for q, x in enumerate(game.state.seats) if q != player) or game.state.lord == sq:
        raise _refuse(field, f"{label} is not empty")
    game.state.seats[player].square = sq
    game.refresh()


def set_hand(game: Kragmortha, player: int, cards: Iterable[str]) -> None:
    """Give ``player`` exactly these movement cards (the old hand goes back into the deck)."""
    s = game.state
    s.move_deck += s.seats[player].hand
    s.seats[player].hand = []
    for card in cards:
        pile = s.move_deck if card in s.move_deck else s.move_discard
        if card not in pile:
            raise _refuse(f"hand[{player}]", f"no {card} is left in the movement deck")
        pile.remove(card)
        s.seats[player].hand.append(card)
    game.refresh()


def set_turn(game: Kragmortha, player: int) -> None:
    """Make it ``player``'s turn to play a card (between turns: no task pending)."""
    if game.state.tasks:
        raise _refuse("current", "set the turn between turns, with no task pending")
    _player(game, "current", player)
    game.state.current = player
    game.refresh()


# ----- the whole position (each setter refuses what the rules cannot hold, naming the field) --------------
def _refuse(field: str, reason: str) -> ScenarioError:
    return ScenarioError("kragmortha", field, reason)


def _player(game: Kragmortha, field: str, player: int) -> int:
    if not 0 <= player < len(game.state.seats):
        raise _refuse(field, f"there is no player {player} ({len(game.state.seats)} players)")
    return player


def _square(game: Kragmortha, field: str, label: str) -> int:
    b = game.board
    try:
        col, row = ord(label[0]) - ord("a"), int(label[1:]) - 1
    except (IndexError, ValueError):
        raise _refuse(field, f"{label!r} is not a square label (column letter, row number: 'd10')") from None
    if not (0 <= row < b.rows and 0 <= col < b.cols):
        raise _refuse(field, f"{label} is off the board ({b.cols} columns, {b.rows} rows)")
    sq = b.square(row, col)
    if b.kinds[sq] in ("bookcase", "desk"):
        raise _refuse(field, f"{label} is a {b.kinds[sq]}; no piece stands there")
    return sq


def move_lord(game: Kragmortha, label: str) -> None:
    """Stand the dark lord on an empty square (no goblin there)."""
    sq = _square(game, "lord", label)
    for q, x in enumerate(game.state.seats):
        if x.square == sq:
            raise _refuse("lord", f"player {q}'s goblin stands on {label}")
    game.state.lord = sq
    game.refresh()


def set_first(game: Kragmortha, player: int) -> None:
    """Make ``player`` the first player (the one who looked most like a goblin)."""
    if game.state.stage == "first player":
        raise _refuse("first", "the first player is not chosen yet: start from placed()")
    game.state.first = _player(game, "first", player)
    game.refresh()


def set_start(game: Kragmortha, player: int, label: str) -> None:
    """Make ``label`` (a square of the start edge, no other goblin's start) ``player``'s start square, where the
    goblin goes back to."""
    field = f"start[{_player(game, 'start', player)}]"
    sq = _square(game, field, label)
    if sq not in game.board.start_edge:
        raise _refuse(field, f"{label} is not on the start edge (row {game.board.start_row + 1})")
    for q, x in enumerate(game.state.seats):
        if q != player and x.start == sq:
            raise _refuse(field, f"{label} is player {q}'s start square")
    game.state.seats[player].start = sq
    game.refresh()


def set_board(game: Kragmortha, rows: Sequence[str], start_row: int, dark_lord: str, name: str = "custom") -> None:
    """Play on another library: ``rows`` of letters (G grimoire, P parchment, O potion, J gems, T teleport,
    B bookcase, D desk: two squares), the start edge's row (0 = the top), the dark lord's square by label. The
    goblins keep their squares and start squares by label; each must still be a square they may stand on
    (a start square on the new start edge)."""
    s = game.state
    try:
        col, row = ord(dark_lord[0]) - ord("a"), int(dark_lord[1:]) - 1
    except (IndexError, ValueError):
        raise _refuse("board", f"{dark_lord!r} is not a square label (column letter, row number: 'd5')") from None
    doc = {"layouts": [{"name": name, "players": [len(s.seats)], "rows": list(rows), "start_row": start_row,
                        "dark_lord": [row, col]}]}
    try:
        board = parse_board(doc, "set_board", len(s.seats))
    except (DataError, KeyError) as e:
        raise _refuse("board", str(e)) from None
    old = game.board
    squares, starts = [x.square for x in s.seats], [x.start for x in s.seats]
    game.board = board
    try:
        for q, (sq, st) in enumerate(zip(squares, starts, strict=True)):
            if sq != NOWHERE:
                s.seats[q].square = _square(game, f"board (player {q}'s goblin)", old.label(sq))
            if st != NOWHERE:
                s.seats[q].start = _square(game, f"board (player {q}'s start)", old.label(st))
                if s.seats[q].start not in board.start_edge:
                    raise _refuse("board", f"player {q}'s start square {old.label(st)} is off the new start edge")
        if board.dark_lord in [x.square for x in s.seats]:
            raise _refuse("board", f"a goblin stands on the dark lord's square {dark_lord}")
    except ScenarioError:
        game.board = old
        for q, (sq, st) in enumerate(zip(squares, starts, strict=True)):
            s.seats[q].square, s.seats[q].start = sq, st
        raise
    s.lord = board.dark_lord
    game.refresh()


def give_penalties(game: Kragmortha, player: int, cards: Iterable[str], immune: Iterable[str] = ()) -> None:
    """``player`` holds exactly these penalty cards face up (from the penalty deck or under it; the old ones go
    back into the deck), ``immune`` of them turned face down by the used Immunity tome. One card of each symbol,
    at most three (a fourth ends the game)."""
    s, pen = game.state, game.penalties
    field = f"penalties[{_player(game, 'penalties', player)}]"
    cards, immune = list(cards), list(immune)
    seat = s.seats[player]
    if len(cards) >= MAX_PENALTIES:
        raise _refuse(field, f"{MAX_PENALTIES} penalty cards end the game; a player holds at most "
                      f"{MAX_PENALTIES - 1}")
    symbols = [pen[c].symbol for c in cards if c in pen]
    for c in cards:
        if c not in pen:
            raise _refuse(field, f"there is no penalty card {c!r}")
        if symbols.count(pen[c].symbol) > 1:
            raise _refuse(field, f"two cards of the {pen[c].symbol} symbol; a player holds one of each symbol")
        if c not in seat.penalties and c not in s.penalty_deck + s.penalty_bottom:
            raise _refuse(field, f"{c} is held by another player")
    for c in immune:
        if c not in cards:
            raise _refuse(f"immune[{player}]", f"{c} is not among the player's penalty cards")
    others = [c for q, x in enumerate(s.seats) if q != player for c in x.immune]
    if len(immune) + len(others) > 1 or (immune and not any("immunity" in x.used_tomes for x in s.seats)):
        raise _refuse(f"immune[{player}]", "only the Immunity tome, used once, turns a penalty card face down; "
                      "give a player the used tome first (give_tomes(..., used=['immunity']))")
    s.penalty_deck += seat.penalties
    seat.penalties, seat.immune, seat.dormant, seat.outranked = [], [], [], []
    for c in cards:
        (s.penalty_deck if c in s.penalty_deck else s.penalty_bottom).remove(c)
    seat.penalties = cards
    seat.immune = immune
    seat.forbidden = [c for c in cards if pen[c].rule == "forbidden-words"]
    game.refresh()


def give_tomes(game: Kragmortha, player: int, tomes: Iterable[str] = (), used: Iterable[str] = ()) -> None:
    """``player`` holds exactly these tome cards face up (``tomes``) and turned face down after use (``used``),
    taken from the tome deck (the old ones go back into it). A used Swift tome leaves the hand limit at 4."""
    s = game.state
    field = f"tomes[{_player(game, 'tomes', player)}]"
    tomes, used = list(tomes), list(used)
    seat = s.seats[player]
    both = tomes + used
    for t in both:
        if t not in game.tomes:
            raise _refuse(field, f"there is no tome card {t!r}")
        if both.count(t) > 1:
            raise _refuse(field, f"there is one {t} tome")
        if t not in s.tome_deck and t not in seat.tomes + seat.used_tomes:
            raise _refuse(field, f"{t} is held by another player")
    if seat.immune and "immunity" not in used and not any("immunity" in x.used_tomes for q, x in enumerate(s.seats)
                                                          if q != player):
        raise _refuse(field, "the player's face-down penalty card needs the used Immunity tome")
    s.tome_deck += seat.tomes + seat.used_tomes
    seat.tomes, seat.used_tomes = [], []
    for t in both:
        s.tome_deck.remove(t)
    s.tome_deck.sort()
    seat.tomes, seat.used_tomes = tomes, used
    seat.swift = "swift" in used
    game.refresh()


DECKS = ("move_deck", "penalty_deck", "teleport_deck", "tome_deck")


def set_deck(game: Kragmortha, deck: str, cards: Iterable[str], *, top: Sequence[str] = (),
             under: Sequence[str] = (), seen_by: int | None = None) -> None:
    """The contents of a deck: ``cards`` its unseen (shuffled) part; ``top`` the teleport cards lying seen on
    top, in order (seen by ``seen_by``: 幽靈, 傳遞噩運, 忘了些事情); ``under`` the penalty
    cards put under the deck, in order (放回底下重抽). ``deck`` is ``move_deck``, ``penalty_deck``,
    ``teleport_deck`` or ``tome_deck``. The cards come from the deck and its discards; a movement or teleport
    card not named goes to the discards; every penalty or tome card not named must be held by a player."""
    if deck not in DECKS:
        raise _refuse("deck", f"{deck!r} is not a deck ({', '.join(DECKS)})")
    s = game.state
    cards, top, under = list(cards), list(top), list(under)
    if top and deck != "teleport_deck":
        raise _refuse(deck, "only teleport cards lie seen on top of their deck")
    if under and deck != "penalty_deck":
        raise _refuse(deck, "only penalty cards are put under their deck")
    if deck == "move_deck":
        free, copies = s.move_deck + s.move_discard, {c: m.copies for c, m in game.movement.items()}
    elif deck == "teleport_deck":
        free, copies = s.teleport_deck + s.teleport_top + s.teleport_discard, {
            c: t.copies for c, t in game.teleports.items()}
    elif deck == "penalty_deck":
        free, copies = s.penalty_deck + s.penalty_bottom, dict.fromkeys(game.penalties, 1)
    else:
        free, copies = list(s.tome_deck), dict.fromkeys(game.tomes, 1)
    named = cards + top + under
    for c in set(named):
        if c not in copies:
            raise _refuse(deck, f"there is no card {c!r} in this deck")
        if named.count(c) > free.count(c):
            raise _refuse(deck, f"{named.count(c)} x {c} asked, {free.count(c)} not held by a player "
                          f"({copies[c]} in the game)")
    rest = list(free)
    for c in named:
        rest.remove(c)
    if rest and deck in ("penalty_deck", "tome_deck"):
        raise _refuse(deck, f"{', '.join(sorted(rest))} would be nowhere: a card not in the deck is held by a "
                      "player (give it first)")
    if top and seen_by is None:
        raise _refuse("teleport_top", "say who has seen the top card (seen_by)")
    if deck == "move_deck":
        s.move_deck, s.move_discard = cards, sorted(rest)
    elif deck == "teleport_deck":
        s.teleport_deck, s.teleport_top, s.teleport_discard = cards, top, sorted(rest)
        s.teleport_seen = [_player(game, "teleport_seen", seen_by)] if top else []
    elif deck == "penalty_deck":
        s.penalty_deck, s.penalty_bottom = cards, under
    else:
        s.tome_deck = cards
    game.refresh()


def play(game: Kragmortha, words: str) -> None:
    """A player does the legal action written ``words`` (its text, as the action lists show it), e.g.
    ``"player 0 plays the dark lord card with grimoire and gems: east"``; the draws it opens are left pending
    (the game's own seeded draws resolve them when it goes on)."""
    from ..core.scenario import play_words

    play_words(game, words)


def place(game: Kragmortha, goblins: Sequence[str], lord: str) -> None:
    """Stand every goblin at once (``goblins[q]``: player q's square by label) and the dark lord on ``lord``:
    no two pieces on one square, none on a bookcase or the desk. Unlike :func:`move_goblin` one at a time, the
    goblins may trade squares."""
    s = game.state
    if len(goblins) != len(s.seats):
        raise _refuse("square", f"{len(goblins)} squares for {len(s.seats)} goblins")
    squares = [_square(game, f"square[{q}]", label) for q, label in enumerate(goblins)]
    lord_sq = _square(game, "lord", lord)
    for q, sq in enumerate(squares):
        if sq in squares[:q]:
            raise _refuse(f"square[{q}]", f"player {squares.index(sq)}'s goblin already stands on {goblins[q]}")
        if sq == lord_sq:
            raise _refuse("lord", f"player {q}'s goblin stands on {lord}")
    for seat, sq in zip(s.seats, squares, strict=True):
        seat.square = sq
    s.lord = lord_sq
    game.refresh()
