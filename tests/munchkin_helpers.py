"""Helpers for Munchkin scenario tests: a dealt game with empty hands, and cards taken from the decks so
every card stays in exactly one place."""

from __future__ import annotations

from tablerules.core.protocol import Chance
from tablerules.munchkin.game import Fight, KickDoor, MunchkinGame, Pass, Ready


def ready(players: int = 3, seed: int = 0) -> MunchkinGame:
    """Deal with the seeded draws, everybody ready; then empty every hand back into the decks."""
    game = MunchkinGame({"players": players}, seed=seed)
    while game.is_chance():
        game.roll()
    for p in range(players):
        game.apply(Ready(p))
    for p in game.players:
        for copy in p.hand:
            (game.door_deck if game.card(copy).deck == "door" else game.treasure_deck).append(copy)
        p.hand.clear()
    return game


def take(game: MunchkinGame, card_id: str) -> str:
    """Take a copy of ``card_id`` out of its deck (so every card stays in one place)."""
    deck = game.door_deck if game.card(card_id + "#1").deck == "door" else game.treasure_deck
    copy = next(c for c in sorted(deck) if c.split("#")[0] == card_id)
    deck.remove(copy)
    game.refresh()  # the state changed behind the protocol's back
    return copy


def hand(game: MunchkinGame, player: int, *card_ids: str) -> list[str]:
    copies = [take(game, c) for c in card_ids]
    game.players[player].hand += copies
    return copies


def wear(game: MunchkinGame, player: int, *card_ids: str) -> None:
    game.players[player].carried += [take(game, c) for c in card_ids]


def become(game: MunchkinGame, player: int, race: str | None = None, cls: str | None = None) -> None:
    if race:
        game.players[player].race = take(game, race)
    if cls:
        game.players[player].cls = take(game, cls)


def kick(game: MunchkinGame, card_id: str) -> None:
    """Kick open the door and read the card the referee turns up."""
    game.apply(KickDoor(game.current))
    game.apply(Chance("door", next(c for c in sorted(game.door_deck) if c.split("#")[0] == card_id)))


def fight_all_pass(game: MunchkinGame) -> None:
    game.apply(Fight(game.current))
    for p in list(game.combat.window):
        game.apply(Pass(p))
