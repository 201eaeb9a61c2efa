"""Positions for the seed-001 scenario tests (tests/test_quest_seed_*.py), built with the public scenario
API (tablerules.quest.scenario) and the game's own actions only."""

from __future__ import annotations

from tablerules.core.protocol import Chance
from tablerules.quest.actions import Pass, Roll
from tablerules.quest.exploration import Move
from tablerules.quest.game import QuestGame
from tablerules.quest.scenario import monster, ready, room

#: the rooms of ``corridor_game``: the entrance at (0, 0), then north and east of it
NORTH, NORTH_EAST, EAST = "storeroom", "kitchen", "library"


def corridor_game(players: int = 3, first: int = 0) -> QuestGame:
    """The entrance with the Storeroom north of it, the Kitchen east of the Storeroom and the Library east
    of the entrance (all joined by corridors, a square of four rooms), every munchkin on the entrance."""
    game = ready(players=players, first=first)
    room(game, NORTH, (0, -1))
    room(game, NORTH_EAST, (1, -1))
    room(game, EAST, (1, 0))
    return game


def walk_into(game: QuestGame, side: str) -> None:
    """The current player moves through ``side`` (a fight starts if monsters are there)."""
    game.apply(Move(game.current, side))


def fight_in_north(game: QuestGame, card: str = "pit_bull", base: str = "blue") -> str:
    """A monster in the Storeroom; the current player walks in: the fight is on. Returns the standee."""
    piece = monster(game, card, NORTH, base)
    walk_into(game, "N")
    assert game.fight is not None and game.stage() == "combat"
    return piece


def all_pass(game: QuestGame) -> None:
    for p in list(game.fight.window.waiting):
        game.apply(Pass(p))


def roll_fight(game: QuestGame, *faces: int) -> None:
    """"I'm rolling", everybody passes, the dice show ``faces`` (munchkins' first, then the monsters')."""
    game.apply(Roll(game.fight.fighter))
    all_pass(game)
    for face in faces:
        game.apply(Chance("d6", face))


def explore_into(game: QuestGame, tile: str, card: str, base: str, side: str = "S") -> None:
    """The current player explores through ``side``: the referee's room tile, monster card and base colour;
    the DxM card and the links are rolled."""
    from tablerules.quest.exploration import Explore

    game.apply(Explore(game.current, side))
    game.apply(Chance("room", tile))
    while game.chance_step() is not None and game.chance_step().event in ("dxm", "link"):
        game.roll()
    game.apply(Chance("monster", card))
    game.apply(Chance("base", base))
    while game.chance_step() is not None and game.chance_step().event == "dxm":
        game.roll()
