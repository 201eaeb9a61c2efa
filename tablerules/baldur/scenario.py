"""Setting up positions for tests, notebooks and teaching: move named cards to a seat, keeping all 108."""

from __future__ import annotations

from collections.abc import Iterable

from ..core.protocol import Chance
from .cards import is_hero
from .game import RULES, Baldur


def new_game(players: int = 4, seed: int = 0, rules: int = RULES) -> Baldur:
    """A game played (first legal choices, seeded chance) up to the first player's hero actions (under
    the rules edition ``rules``, the current one unless asked)."""
    game = Baldur({"players": players, "rules": rules}, seed=seed)
    while game.state.stage != "act" or game.is_chance():
        if game.is_chance():
            game.roll()
        else:
            game.apply(game.legal_actions()[0])
    return game


def take(game: Baldur, card: str) -> None:
    """Take one copy of ``card`` from wherever it is (the bank and the inn first)."""
    s = game.state
    for pile in (s.bank, s.bank_under, s.inn, s.inn_under):
        if card in pile:
            pile.remove(card)
            return
    for seat in s.seats:
        for pile in (seat.hand, seat.heroes, seat.tired):
            if card in pile:
                pile.remove(card)
                return
    raise ValueError(f"no {card} left anywhere")


def set_hand(game: Baldur, player: int, cards: Iterable[str]) -> None:
    """Give ``player`` exactly these hand cards (the old hand goes back into the bank)."""
    s = game.state
    s.bank += s.seats[player].hand
    s.seats[player].hand = []
    cards = list(cards)
    for c in cards:
        take(game, c)
    s.seats[player].hand = sorted(cards)
    s.bank.sort()
    game.refresh()


def set_heroes(game: Baldur, player: int, heroes: Iterable[str], tired: Iterable[str] = ()) -> None:
    """Give ``player`` exactly these heroes, face up, and these exhausted (the old ones back to the inn)."""
    s = game.state
    seat = s.seats[player]
    s.inn += seat.heroes + seat.tired
    seat.heroes, seat.tired = [], []
    heroes, tired = list(heroes), list(tired)
    for c in heroes + tired:
        assert is_hero(c), c
        take(game, c)
    seat.heroes, seat.tired = sorted(heroes), sorted(tired)
    s.inn.sort()
    game.refresh()


def stack_bank(game: Baldur, cards: Iterable[str]) -> None:
    """Make ``cards`` the next cards drawn from the bank, in order (all other cards go under them)."""
    s = game.state
    cards = list(cards)
    for c in cards:
        take(game, c)
    s.bank_under = cards + sorted(s.bank) + s.bank_under
    s.bank = []
    game.refresh()


def roll_all(game: Baldur) -> None:
    """Resolve every pending chance step (seeded)."""
    while game.is_chance():
        game.roll()


def deal(game: Baldur, *cards: str) -> None:
    """Resolve pending chance steps with the named outcomes, in order."""
    for c in cards:
        step = game.chance_step()
        assert step is not None, "no chance step pending"
        game.apply(Chance(step.event, c))
