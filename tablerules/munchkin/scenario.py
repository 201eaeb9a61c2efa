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

from collections.abc import Iterable

from ..core.errors import ScenarioError
from ..core.protocol import Chance
from ..families.munchkin import WIN_LEVEL
from .game import Fight, KickDoor, MunchkinGame, Pass, Ready
from .state import KICK, LOOTING

__all__ = ["become", "creating", "died", "fight_all_pass", "kick", "put_in_hand", "put_in_play", "ready",
           "set_discards", "set_hand", "set_level", "set_turn", "set_turns", "take"]


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
    if card_id not in game.cards:
        raise _refuse("card", f"there is no card {card_id!r}")
    deck = state.door_deck if game.card(card_id + "#1").deck == "door" else state.treasure_deck
    copy = next((c for c in sorted(deck) if c.split("#")[0] == card_id), None)
    if copy is None:
        raise _refuse("card", f"no {card_id} is left in its deck")
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
    for field, card_id, kind in (("race", race, "race"), ("cls", cls, "class")):
        if card_id and (card_id not in game.cards or game.cards[card_id].kind != kind):
            raise _refuse(f"{field}[{player}]", f"{card_id} is not a {kind} card")
    if race:
        game.state.players[player].race = take(game, race)
    if cls:
        game.state.players[player].cls = take(game, cls)


def set_level(game: MunchkinGame, player: int, level: int) -> None:
    """Set ``player``'s level, 1 to 9 (level 10 is reached only by killing a monster, and ends the game)."""
    if not 1 <= level < WIN_LEVEL:
        raise _refuse(f"level[{player}]", f"levels run from 1 to {WIN_LEVEL - 1} in play ({WIN_LEVEL} wins, "
                      f"by a kill), not {level}")
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


def _refuse(field: str, reason: str) -> ScenarioError:
    return ScenarioError("munchkin", field, reason)


def set_discards(game: MunchkinGame, door: Iterable[str] = (), treasure: Iterable[str] = ()) -> list[str]:
    """The discard piles hold exactly these cards (by card id, taken from the decks; the old discards go back
    into the decks), the last named on top; returns the copies (Door pile first)."""
    state = game.state
    door, treasure = list(door), list(treasure)
    for pile, named in (("door", door), ("treasure", treasure)):
        for card_id in named:
            if card_id not in game.cards:
                raise _refuse(f"{pile}_discard", f"there is no card {card_id!r}")
            if game.cards[card_id].deck != pile:
                raise _refuse(f"{pile}_discard", f"{card_id} is a {game.cards[card_id].deck.capitalize()} "
                              f"card, not a {pile.capitalize()} card")
            free = [c for c in state.door_deck + state.door_discard + state.treasure_deck + state.treasure_discard
                    if c.split("#")[0] == card_id]
            if named.count(card_id) > len(free):
                raise _refuse(f"{pile}_discard", f"{named.count(card_id)} x {card_id} asked; {len(free)} not in "
                              "play or in a hand")
    state.door_deck += state.door_discard
    state.treasure_deck += state.treasure_discard
    state.door_discard, state.treasure_discard = [], []
    copies = [take(game, c) for c in door + treasure]
    state.door_discard, state.treasure_discard = copies[:len(door)], copies[len(door):]
    game.refresh()
    return copies


def died(game: MunchkinGame, player: int, looted: bool = False) -> None:
    """``player``'s character has just died (Death: race, class and level kept; new cards drawn as its next
    turn starts). With ``looted`` the others are about to loot the body (its hand and items in play, on the
    table); without, the body was looted and nothing was taken (the cards are in the discards)."""
    state = game.state
    field = f"died[{player}]"
    if not 0 <= player < len(state.players):
        raise _refuse(field, f"there is no player {player}")
    if state.body or state.flow.name == LOOTING:
        raise _refuse(field, "a body is being looted already")
    if player == state.current and state.flow.name == KICK:
        raise _refuse(field, f"player {player} is about to kick open the door: a dead character draws as its "
                      "next turn starts (make it another player's turn first)")
    if looted:
        game.die(player, "the scenario")
        game._settle()  # the looting order (a chance step for ties) or nobody to loot
    else:
        me = state.players[player]
        for copy in me.hand + me.carried + list(me.cheats.values()):
            (state.door_discard if game.card(copy).deck == "door" else state.treasure_discard).append(copy)
        me.hand, me.carried, me.cheats = [], [], {}
        me.redraw = True
    game.refresh()


def set_turns(game: MunchkinGame, turns: int) -> None:
    """The number of turns already played (the game ends without a winner at ``max_turns``)."""
    if not 0 <= turns < game.params.max_turns:
        raise _refuse("turns", f"turns played run from 0 to {game.params.max_turns - 1} (the game stops at "
                      f"{game.params.max_turns}), not {turns}")
    game.state.turns = turns
    game.refresh()


def set_hand(game: MunchkinGame, player: int, *card_ids: str) -> list[str]:
    """``player``'s hand holds exactly a copy of each card (by card id; the old hand goes back into its decks);
    returns the copy ids."""
    if not 0 <= player < len(game.state.players):
        raise _refuse("hand", f"there is no player {player} ({len(game.state.players)} players)")
    seat = game.state.players[player]
    for card_id in card_ids:
        if card_id not in game.cards:
            raise _refuse(f"hand[{player}]", f"there is no card {card_id!r}")
    state = game.state
    free = [c.split("#")[0] for c in state.door_deck + state.treasure_deck + seat.hand]
    for card_id in set(card_ids):
        if card_ids.count(card_id) > free.count(card_id):
            raise _refuse(f"hand[{player}]", f"{card_ids.count(card_id)} x {card_id} asked; {free.count(card_id)} "
                          "in the decks or this hand")
    for copy in seat.hand:
        (state.door_deck if game.card(copy).deck == "door" else state.treasure_deck).append(copy)
    seat.hand = []
    return put_in_hand(game, player, *card_ids)
