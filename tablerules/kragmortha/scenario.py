"""Setting up a Kragmortha position by hand (the scenario API for tests, notebooks and teachers): start a game
with every goblin placed, then move a goblin, give it a hand, penalty or tome cards; every card comes out of
its deck so none is ever in two places (seed 004: 設置 / 移動卡)."""

from __future__ import annotations

from collections.abc import Iterable

from .game import Kragmortha


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
    sq = square(game, label)
    if any(x.square == sq for x in game.state.seats) or game.state.lord == sq:
        raise ValueError(f"{label} is not empty")
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
            raise ValueError(f"no {card} left in the movement deck")
        pile.remove(card)
        s.seats[player].hand.append(card)
    game.refresh()


def set_turn(game: Kragmortha, player: int) -> None:
    """Make it ``player``'s turn to play a card (between turns: no task pending)."""
    if game.state.tasks:
        raise ValueError("set the turn between turns, with no task pending")
    game.state.current = player
    game.refresh()
