"""The Munchkin Quest scenario API (issue 24): moves left, room tokens, items on the floor, an empty room deck;
setters refuse what the rules cannot hold, naming the field."""

from __future__ import annotations

import pytest
from scenario_play import play_random

from tablerules.core.errors import ScenarioError
from tablerules.quest import scenario as S
from tablerules.quest.actions import PickUp, Search
from tablerules.quest.exploration import Explore, Move
from tablerules.quest.game import QuestGame
from tablerules.quest.geometry import Side
from tablerules.quest.search_table import RoomToken


def refused(field: str, call, *args, **kwargs) -> ScenarioError:
    with pytest.raises(ScenarioError) as caught:
        call(*args, **kwargs)
    assert caught.value.field == field
    assert str(caught.value).startswith(f"quest scenario: {field}: ")
    return caught.value


@pytest.fixture
def game() -> QuestGame:
    """Player 0 moving, standing in the Library (searchable) north of the entrance."""
    g = S.ready(players=3)
    S.room(g, "library", Side.N.step(g.dungeon.rooms["ENT"].at), {"N": "corridor", "E": "door", "W": "corridor"})
    S.move_to(g, 0, "library")
    return g


def kinds(game: QuestGame) -> set[type]:
    return {type(a) for a in game.legal_actions()}


def test_set_moves(game: QuestGame) -> None:
    assert Search in kinds(game) and Move in kinds(game)
    S.set_moves(game, 0, all_in_used=True)
    assert game.observe(0)["moves_left"] == 0 and game.invariants() == []
    assert Search not in kinds(game) and Move not in kinds(game)  # nothing to pay with, the all-in move spent
    S.set_moves(game, 0)
    assert Move in kinds(game)  # the once-a-turn all-in move


@pytest.mark.parametrize("bad", [-1, 4])
def test_set_moves_refuses_more_than_the_turn_gives(game: QuestGame, bad: int) -> None:
    error = refused("moves_left", S.set_moves, game, bad)
    assert "from 0 to 3" in str(error)


def test_set_token(game: QuestGame) -> None:
    S.set_token(game, "library", "looted")
    assert game.tokens["library"] is RoomToken.LOOTED and Search in kinds(game)
    S.set_token(game, "library", RoomToken.PLUNDERED)
    assert game.observe(1)["tokens"]["library"] == "plundered" and Search not in kinds(game)
    S.set_token(game, "library", None)
    assert "library" not in game.tokens and Search in kinds(game) and game.invariants() == []


def test_set_token_refuses_rooms_without_a_search_unexplored_rooms_and_unknown_tokens(game: QuestGame) -> None:
    error = refused("tokens[ENT]", S.set_token, game, "ENT", "looted")
    assert "cannot be searched" in str(error)
    refused("tokens[chapel]", S.set_token, game, "chapel", "looted")
    refused("tokens[library]", S.set_token, game, "library", "burnt")


def test_set_floor(game: QuestGame) -> None:
    assert PickUp not in kinds(game)
    copies = S.set_floor(game, "library", ["horny_helmet"], gold=200)
    assert game.observe(2)["dropped"]["library"] == copies and game.dropped_gold["library"] == 200
    assert PickUp in kinds(game) and game.invariants() == []
    S.set_floor(game, "library")
    assert "library" not in game.dropped and "horny_helmet#1" in game.treasure_deck and PickUp not in kinds(game)


def test_set_floor_refuses_cards_that_are_not_items_negative_gold_and_unexplored_rooms(game: QuestGame) -> None:
    error = refused("dropped[library]", S.set_floor, game, "library", ["go_up_a_level"])
    assert "only items" in str(error)
    refused("dropped[library]", S.set_floor, game, "library", ["no_such_card"])
    refused("dropped_gold[library]", S.set_floor, game, "library", gold=-5)
    refused("dropped[chapel]", S.set_floor, game, "chapel", ["horny_helmet"])
    assert game.invariants() == []


def test_empty_room_deck(game: QuestGame) -> None:
    assert Explore in kinds(game)
    placed = S.empty_room_deck(game)
    assert len(placed) == 23 and game.room_deck == [] and game.observe(0)["room_deck"] == 0
    assert Explore not in kinds(game) and Move in kinds(game) and game.invariants() == []
    assert all(game.dungeon.has_link(room.at, side) for room in game.dungeon.rooms.values() for side in Side)


def test_empty_room_deck_refuses_while_a_room_is_drawn(game: QuestGame) -> None:
    game.apply(next(a for a in game.legal_actions() if isinstance(a, Explore)))
    assert game.is_chance()
    refused("room_deck", S.empty_room_deck, game)


@pytest.mark.parametrize("seed", [4, 9, 10])  # (random play often chooses suicide: seeds where someone lives on)
def test_fifty_random_actions_from_a_staged_position(game: QuestGame, seed: int) -> None:
    S.empty_room_deck(game)
    S.set_token(game, "library", "looted")
    S.set_floor(game, "library", ["horny_helmet"], gold=100)
    S.set_moves(game, 2)
    assert play_random(game, 50, seed=seed) == 50


# ----- the character sheet ---------------------------------------------------------------------------------
def test_hero_at_level_10_got_there_by_a_kill(game: QuestGame) -> None:
    S.hero(game, 2, level=10)
    assert game.heroes[2].level == 10 and 2 in game.ten_by_kill and game.invariants() == []


def test_hero_sets_a_dead_munchkin_with_no_health(game: QuestGame) -> None:
    S.hero(game, 1, level=4, gold=0, dead=True)
    assert game.heroes[1].health == 0 and game.heroes[1].dead and game.invariants() == []
    S.hero(game, 1, dead=False)
    assert game.heroes[1].health == game.heroes[1].max_health and game.invariants() == []


@pytest.mark.parametrize(("field", "sheet"), [
    ("level[1]", {"level": 11}), ("level[1]", {"level": 0}), ("gold[1]", {"gold": -100}),
    ("health[1]", {"health": 9}), ("health[1]", {"health": 0, "dead": False}),
    ("health[1]", {"health": 2, "dead": True}), ("backpack[1]", {"backpack": ["horny_helmet"] * 3}),
    ("card", {"hand": ["no_such_card"]}), ("room[1]", {"room": "chapel"}),
])
def test_hero_refuses_a_sheet_the_rules_cannot_reach(game: QuestGame, field: str, sheet: dict) -> None:
    refused(field, S.hero, game, 1, **sheet)
    assert game.invariants() == []


# ----- a room's links, the discard piles, the deck piles, the crawl's moves ------------------------------------
def test_set_links_walls_a_room_in_and_keeps_the_pool(game: QuestGame) -> None:
    S.room(game, "crypt", Side.S.step(game.dungeon.rooms["ENT"].at))
    pool = sum(game.link_pool.values())
    S.set_links(game, "crypt", {side: "wall" for side in "NESW"})
    at = game.dungeon.rooms["crypt"].at
    assert all(game.dungeon.links[S.link_key(at, side)].value == "wall" for side in Side)
    assert sum(game.link_pool.values()) == pool - 3 and game.invariants() == []  # the entrance's link came back
    S.move_to(game, game.current, "crypt")
    assert not any(isinstance(a, Move | Explore) for a in game.legal_actions())
    refused("links[crypt]", S.set_links, game, "crypt", {"X": "wall"})
    refused("links[nowhere]", S.set_links, game, "nowhere", {"N": "wall"})


def test_discard_puts_cards_on_top_of_their_discard_pile(game: QuestGame) -> None:
    helmet, boots = S.discard(game, "horny_helmet", "boots_of_butt_kicking")
    assert game.treasure_discard[-2:] == [helmet, boots] and game.invariants() == []
    refused("card", S.discard, game, "no_such_card")


def test_set_piles_splits_a_deck_and_its_discards(game: QuestGame) -> None:
    ids = sorted(c.split("#")[0] for c in game.dxm_deck)
    S.hand(game, 1, *ids[3:])
    left = sorted(game.dxm_deck)
    S.set_piles(game, "dxm", left[:1], left[1:])
    assert game.dxm_deck == left[:1] and game.dxm_discard == left[1:] and game.invariants() == []
    refused("dxm_deck", S.set_piles, game, "dxm", left[:1], left[1:2])  # one card nowhere
    refused("dxm_deck", S.set_piles, game, "dxm", left, ["elf#9"])
    refused("deck", S.set_piles, game, "doors", [])


def test_set_moves_in_the_dungeon_crawl() -> None:
    from tablerules.core.protocol import Chance
    from tablerules.quest.exploration import DungeonCrawl

    crawl = DungeonCrawl(seed=1)
    crawl.apply(Chance("first", 0))
    S.set_moves(crawl, 1)
    assert crawl.moves_left == 1 and crawl.invariants() == []
    refused("moves_left", S.set_moves, crawl, 4)


def test_play_does_a_legal_action_by_its_words_out_of_turn_too() -> None:
    """The lessons reach the rulebook's Shrieking Geek fight (pp. 11-12) through the game's own actions: a potion,
    "I'm rolling", another player's enhancers in the window; words naming no legal action are refused."""
    g = S.ready(players=4)
    S.hero(g, 0, level=5, cls="warrior")
    S.wear(g, 0, "firefighters_helmet")
    S.hand(g, 0, "freezing_explosive_potion")
    S.hand(g, 3, "ancient")
    S.explore(g, "N", "padded_cell", "shrieking_geek", "blue")
    S.play(g, "player 0 plays Freezing Explosive Potion for the munchkins")
    S.play(g, "player 0: I'm rolling!")
    S.play(g, "player 3 plays Ancient on Shrieking Geek")  # out of turn, in the window
    assert (g.munchkin_strength(), g.monster_strength()) == (12, 22) and g.invariants() == []
    with pytest.raises(ScenarioError, match="quest scenario: action: 'player 0 flies' is not a legal action now"):
        S.play(g, "player 0 flies")
