"""A public scenario API for Munchkin: set up a position by hand for a test, a notebook or a lesson.

Every function keeps each card in exactly one place (a card put in a hand or in play is taken out of
its deck first) and tells the game its state changed (:meth:`Game.refresh`), so the engine's
invariants hold and the legal actions are recomputed.

>>> game = ready(players=3)
>>> sword = put_in_hand(game, 0, "broad_sword")[0]
>>> set_level(game, 0, 5); game.players[0].level
5
"""

from __future__ import annotations

from ..core.protocol import Chance
from .game import Fight, KickDoor, MunchkinGame, Pass, Ready

__all__ = ["become", "creating", "fight_all_pass", "kick", "put_in_hand", "put_in_play", "ready", "set_level",
           "set_turn",
           "take"]


def creating(players: int = 3, seed: int = 0) -> MunchkinGame:
    """A game dealt with the seeded draws, at character creation (player 0 first), every hand emptied
    back into the decks (put the cards you want with :func:`put_in_hand`)."""
    game = MunchkinGame({"players": players}, seed=seed)
    while game.is_chance():
        game.roll()
    _empty_hands(game)
    return game


def ready(players: int = 3, seed: int = 0) -> MunchkinGame:
    """A game dealt with the seeded draws, everybody ready (player 0 to kick open the door), then every
    hand emptied back into the decks."""
    game = MunchkinGame({"players": players}, seed=seed)
    while game.is_chance():
        game.roll()
    for p in range(players):
        game.apply(Ready(p))
    if game.is_chance():  # the roll for the first player: player 0, as the referee
        game.apply(Chance("first", 0))
    _empty_hands(game)
    return game


def _empty_hands(game: MunchkinGame) -> None:
    state = game.state
    for p in state.players:
        for copy in p.hand:
            (state.door_deck if game.card(copy).deck == "door" else state.treasure_deck).append(copy)
        p.hand.clear()
    game.refresh()


def take(game: MunchkinGame, card_id: str) -> str:
    """Take the lowest copy of ``card_id`` (``"elf"``) out of its deck and return its copy id."""
    state = game.state
    deck = state.door_deck if game.card(card_id + "#1").deck == "door" else state.treasure_deck
    copy = next(c for c in sorted(deck) if c.split("#")[0] == card_id)
    deck.remove(copy)
    game.refresh()
    return copy


def put_in_hand(game: MunchkinGame, player: int, *card_ids: str) -> list[str]:
    """Put a copy of each card into ``player``'s hand (taken from the decks); returns the copy ids."""
    copies = [take(game, c) for c in card_ids]
    game.state.players[player].hand += copies
    return copies


def put_in_play(game: MunchkinGame, player: int, *card_ids: str) -> list[str]:
    """Put a copy of each item into play for ``player`` (no slot checks: a scenario may break them)."""
    copies = [take(game, c) for c in card_ids]
    game.state.players[player].carried += copies
    return copies


def become(game: MunchkinGame, player: int, race: str | None = None, cls: str | None = None) -> None:
    """Give ``player`` a race and/or a class (taken from the Door deck)."""
    if race:
        game.state.players[player].race = take(game, race)
    if cls:
        game.state.players[player].cls = take(game, cls)


def set_level(game: MunchkinGame, player: int, level: int) -> None:
    game.state.players[player].level = level
    game.refresh()


def set_turn(game: MunchkinGame, player: int, stage: str | None = None) -> None:
    """Make it ``player``'s turn, in ``stage`` (e.g. "end of turn"; unchanged when not given)."""
    game.state.current = player
    if stage is not None:
        game.state.flow.goto(stage)
    game.refresh()


def kick(game: MunchkinGame, card_id: str) -> None:
    """Kick open the door and turn up (as the referee) a copy of ``card_id`` from the Door deck."""
    game.apply(KickDoor(game.state.current))
    game.apply(Chance("door", next(c for c in sorted(game.state.door_deck) if c.split("#")[0] == card_id)))


def fight_all_pass(game: MunchkinGame) -> None:
    """The fighter fights and everybody else lets the fight go on."""
    game.apply(Fight(game.state.current))
    for p in list(game.state.combat.window.waiting):
        game.apply(Pass(p))
