"""Exploring (seed 001 pp. 6-7) and the monster turn (p. 13) as a protocol game: the dungeon crawl."""

from __future__ import annotations

from fractions import Fraction

import pytest
from harness_parts import parts

from tablerules.core.errors import IllegalAction
from tablerules.core.protocol import Chance
from tablerules.core.testing import random_sim_test
from tablerules.quest import scenario as S
from tablerules.quest.exploration import Decline, DrawMonster, DungeonCrawl, EndTurn, Explore, Move, PickBase
from tablerules.quest.geometry import Colour, LinkKind, Movement, Side
from tablerules.quest.tiles import load_links, load_monsters, load_rooms


def crawl(params: dict | None = None, seed: int = 0) -> DungeonCrawl:
    """A new crawl, the dice for the first player (seed 001 p. 4) showing player 0."""
    game = DungeonCrawl(params, seed=seed)
    game.apply(Chance("first", 0))
    return game


def explore_east(game: DungeonCrawl, tile: str = "odd_room", links=("door", "corridor", "wall"),
                 monster: str = "goldfish", base: str = "red") -> None:
    """Player 0 explores east of the entrance; the referee types in every draw."""
    game.apply(Explore(0, "E"))
    game.apply(Chance("room", tile))
    for kind in links:
        game.apply(Chance("link", kind))
    game.apply(Chance("monster", monster))
    game.apply(Chance("base", base))


def test_components_from_data() -> None:
    assert len(load_rooms().rooms) == 24
    assert sum(t.count for t in load_links()) == 73
    names = {m.name for m in load_monsters()}
    assert {"Kiosk", "Unspeakable Horror", "Nervous Squirrel", "Shadow Nose", "Gimpy Goblin", "Mushroom",
            "Shrieking Geek"} <= names
    assert {r.name for r in load_rooms().rooms} >= {"Hospital", "Den of Thieves", "Odd Room", "Soundproof Room",
                                                    "Padded Cell"}


def test_setup() -> None:
    game = crawl({"players": 3}, seed=1)
    assert set(game.dungeon.munchkins.values()) == {"ENT"}
    assert game.colours == (Colour.RED, Colour.BLUE, Colour.GREEN)
    assert game.moves_left == 3 and game.free_bases == {c: 3 for c in game.colours}
    assert set(game.legal_actions()) == {Explore(0, s) for s in "NESW"} | {EndTurn(0)}


def test_exploring_draws_a_room_links_and_a_monster_as_chance_steps() -> None:
    game = crawl(seed=2)
    game.apply(Explore(0, "E"))
    assert game.moves_left == 2  # the entrance's corridors cost 1
    outcomes = game.chance_outcomes()
    assert len(outcomes) == 24 and all(p == Fraction(1, 24) for _, p in outcomes)
    game.apply(Chance("room", "odd_room"))
    room = game.dungeon.room_at((1, 0))
    assert room.name == "Odd Room" and game.dungeon.munchkins[Colour.RED] == "odd_room"
    assert game.explored == [1, 0] and game.dxm_draws == [1, 0]  # the DxM reward for exploring
    # free sides N, E, S get links from the pool, weighted by what is left in it
    link_step = dict(game.chance_outcomes())
    assert link_step[Chance("link", "corridor")] == Fraction(30, 73)
    for kind in ("door", "corridor", "wall"):
        game.apply(Chance("link", kind))
    assert game.dungeon.link((1, 0), Side.N) is LinkKind.DOOR
    assert game.dungeon.link((1, 0), Side.S) is LinkKind.WALL
    assert game.link_pool["corridor"] == 29
    assert game.stage() == "exploring: drawing a monster"
    game.apply(Chance("monster", "goldfish"))
    assert game.stage() == "rolling the monster's base colour"
    assert all(p == Fraction(1, 6) for _, p in game.chance_outcomes())
    game.apply(Chance("base", "blue"))
    fish = next(iter(game.dungeon.monsters.values()))
    assert fish.room == "odd_room" and fish.target is Colour.BLUE and fish.movement is Movement.SLOW
    assert game.free_bases[Colour.BLUE] == 2 and game.dxm_draws == [1, 1]  # blue draws for the base colour


def test_a_colour_nobody_plays_lets_the_roller_pick_and_nobody_draws() -> None:
    """Seed 001 p. 6: "那你可以任选底座颜色，但是因此选中的玩家不能抓主角卡"."""
    game = crawl(seed=2)
    game.apply(Explore(0, "E"))
    game.apply(Chance("room", "odd_room"))
    for kind in ("door", "corridor", "wall"):
        game.apply(Chance("link", kind))
    game.apply(Chance("monster", "goldfish"))
    game.apply(Chance("base", "purple"))
    assert game.stage() == "choosing a base colour"
    assert set(game.legal_actions()) == {PickBase(0, "red"), PickBase(0, "blue")}
    game.apply(PickBase(0, "blue"))
    assert game.dxm_draws == [1, 0]
    assert next(iter(game.dungeon.monsters.values())).target is Colour.BLUE


def test_no_base_left_the_highest_level_monsters_leave() -> None:
    game = crawl(seed=2)
    S.room(game, "hospital", (-1, 0))  # west of the entrance: the six standees wait there
    pieces = [S.monster(game, card, "hospital", colour) for card, colour in [
        ("harpies", "red"), ("ghoulfiends", "red"), ("shadow_nose", "red"),  # levels 4, 8, 8
        ("pit_bull", "blue"), ("maul_rat", "blue"), ("kiosk", "blue")]]  # levels 2, 1, 4: every base in use
    assert game.free_bases == {Colour.RED: 0, Colour.BLUE: 0}
    explore_east(game, base="red")
    assert pieces[1] not in game.dungeon.monsters and pieces[2] not in game.dungeon.monsters  # both level 8 leave
    assert len(game.dungeon.monsters) == 5 and game.free_bases == {Colour.RED: 1, Colour.BLUE: 0}


def test_moving_costs_the_link_and_walls_block() -> None:
    """Seed 001 p. 6: "移动时必须根据连接块花费相应的移动力"; "除非使用魔法，否则不能穿墙移动"."""
    game = crawl(seed=3)
    explore_east(game, links=("locked", "corridor", "wall"))  # odd_room: N locked, E corridor, S wall
    game.apply(EndTurn(0))
    game.apply(Chance("monster die", "yellow"))
    assert game.current == 1 and game.moves_left == 3
    game.apply(Move(1, "E"))  # back from the entrance into the odd room through the corridor: 1
    assert game.moves_left == 2
    with pytest.raises(IllegalAction) as info:
        game.apply(Move(1, "S"))
    assert info.value.rule == "moving" and "wall" in str(info.value)
    with pytest.raises(IllegalAction, match="explore instead"):
        game.apply(Move(1, "E"))


def test_once_a_turn_all_remaining_moves_cross_any_link() -> None:
    """Seed 001 p. 6: "限每回合一次，你可以花费所有的移动力来穿过通道"."""
    game = crawl(seed=3)
    explore_east(game, links=("secret", "corridor", "wall"))  # north of the odd room: a secret door, cost 3
    S.set_moves(game, 1)
    assert Explore(0, "N") in game.legal_actions()
    game.apply(Explore(0, "N"))
    assert game.moves_left == 0 and game.all_in_used
    assert "spends all 1 remaining moves" in game.log[-2]
    game.apply(Chance("room", "hospital"))
    while game.is_chance():
        game.roll()
    if game.stage() == "choosing a base colour":
        game.apply(game.legal_actions()[0])
    assert all(not isinstance(a, Move | Explore) for a in game.legal_actions())  # no moves, all-in used
    with pytest.raises(IllegalAction) as info:
        game.apply(Move(0, "S"))
    assert info.value.rule == "move points"


def test_the_monster_turn_moves_every_monster_and_the_colour_draws() -> None:
    game = crawl(seed=4)
    explore_east(game, tile="odd_room", links=("door", "corridor", "wall"), monster="gimpy_goblin", base="blue")
    goblin = next(iter(game.dungeon.monsters))
    game.apply(EndTurn(0))
    assert game.stage() == "monster turn: rolling the monster die"
    game.apply(Chance("monster die", "blue"))
    assert game.dxm_draws[1] == 2  # blue: base colour draw and monster-die draw
    assert game.dungeon.monsters[goblin].room == "odd_room"  # the odd room has no blue arrow
    game.apply(EndTurn(1))
    game.apply(Chance("monster die", "orange"))  # orange points south: a wall, it stays
    assert game.dungeon.monsters[goblin].room == "odd_room"
    game.apply(EndTurn(0))
    game.apply(Chance("monster die", "purple"))  # purple points east: a corridor into darkness, wrapping
    # west to the first room of the row, the entrance, which it cannot stop in: through it, to no room
    # beyond (its west is darkness), so it cannot enter at all
    assert game.dungeon.monsters[goblin].room == "odd_room"
    assert "Gimpy" not in game.log[-1]
    assert game.current == 1 and game.turns == 3


def test_once_every_room_is_placed_an_empty_room_may_draw_a_monster() -> None:
    """Seed 001 p. 7: "当房间块都用完了以后，整个地城就算探索完毕了"; "此时小白视所有延伸向地城外的连接块为墙"."""
    game = crawl(seed=5)
    explore_east(game)
    S.empty_room_deck(game)  # every tile placed
    game.apply(EndTurn(0))
    game.apply(Chance("monster die", "yellow"))
    d = game.dungeon
    edge = next(r.id for r in d.rooms.values() if any(d.room_at(side.step(r.at)) is None for side in Side))
    S.move_to(game, 1, edge)
    assert not any(isinstance(a, Explore) for a in game.legal_actions())  # outer links count as walls now
    S.move_to(game, 1, "ENT")
    side = next(s for s in Side if not d.monsters_in(d.room_at(s.step(d.entrance.at)).id))  # an empty room
    game.apply(Move(1, side.value))
    assert game.stage() == "all rooms placed: draw a monster?"
    assert set(game.legal_actions()) == {DrawMonster(1), Decline(1)}
    game.apply(DrawMonster(1))
    assert game.stage() == "exploring: drawing a monster"


def test_the_crawl_ends_after_its_rounds_with_the_best_explorer_winning() -> None:
    game = crawl({"rounds": 1}, seed=6)
    explore_east(game)
    game.apply(EndTurn(0))
    game.apply(Chance("monster die", "green"))
    game.apply(EndTurn(1))
    game.apply(Chance("monster die", "green"))
    assert game.is_over() and game.result().winners == (0,) and game.result().scores == {0: 1, 1: 0}


def test_illegal_actions_name_the_rule() -> None:
    game = crawl(seed=7)
    with pytest.raises(IllegalAction, match="turn order"):
        game.apply(EndTurn(1))
    game.apply(Explore(0, "N"))
    with pytest.raises(IllegalAction) as info:
        game.apply(EndTurn(0))
    assert info.value.rule == "exploring" and "drawing the room" in str(info.value)
    before = game.state_dict()
    with pytest.raises(IllegalAction):
        game.apply(Chance("room", "no_such_room"))
    assert game.state_dict() == before


def test_random_crawls_keep_every_invariant_with_every_check() -> None:
    """The quick suite's every-check run on the crawl: 15 seeded crawls of 2, 3 and 4 players (five each, ~2,800
    actions, ~1,800 chance steps), a stale action refused at every step, a JSON round trip every 3 steps, undo
    every 5 (the slow harness plays 1,000 more crawls with sparser round trips)."""
    report = random_sim_test(lambda s: DungeonCrawl({"players": 2 + s % 3, "rounds": 6}, seed=s), n_games=15,
                             round_trip_every=3, undo_every=5)
    assert report.games == 15 and report.chance_steps > 100


@pytest.mark.slow
@pytest.mark.parametrize("chunk", parts(20))  # 20 x 50 crawls (~4 CPU s each), spread evenly over the test workers
def test_thousands_of_random_crawls_keep_every_invariant(chunk: int) -> None:
    report = random_sim_test(lambda s: DungeonCrawl({"players": 2 + s % 3, "rounds": 4 + s % 9}, seed=s),
                             n_games=50, seed=10_000 + 50 * chunk, round_trip_every=97, undo_every=53,
                             illegal_every=11)
    assert report.games == 50


def test_the_crawl_rolls_for_the_first_player_and_counts_rounds_from_them() -> None:
    """Seed 001 p. 4 (开场和终局): "每个玩家掷个骰子，点数最高的先走。每只小白回合结束的时候便该怪物移动，然后轮到左手边
    玩家的回合。" The crawl starts with one chance step, every player equally likely (a tie rolls again); a round is
    every player once from the first player to the left."""
    game = DungeonCrawl({"players": 3, "rounds": 1}, seed=1)
    assert game.stage() == "rolling for the first player"
    assert dict(game.chance_outcomes()) == {Chance("first", p): Fraction(1, 3) for p in range(3)}
    game.apply(Chance("first", 2))
    assert game.current == 2 and set(game.legal_actions()) == {Explore(2, s) for s in "NESW"} | {EndTurn(2)}
    for player in (2, 0, 1):
        assert not game.is_over() and game.current == player
        game.apply(EndTurn(player))
        game.apply(Chance("monster die", "purple"))
    assert game.is_over() and game.turns == 3


def test_crawl_saves_from_before_the_rules_edition_replay_with_player_0_first() -> None:
    """A crawl save written before the first-player roll (no ``rules`` in its parameters, tests/saves/) replays as
    rules edition 1: player 0 starts, and it ends where it ended (tests/saves/expected.json); a new save keeps
    edition 2 and its roll."""
    import json
    from pathlib import Path

    from tablerules.core.protocol import Game

    saves = Path(__file__).parent / "saves"
    data = json.loads((saves / "quest-crawl-seed2-120.json").read_text())
    assert "rules" not in data["params"]
    old = Game.from_json(data)
    expected = json.loads((saves / "expected.json").read_text())["quest-crawl-seed2-120.json"]
    assert old.params.rules == 1 and old.history[0].actor == 0
    assert len(old.history) == expected["actions"] and old.stage() == expected["stage"]
    assert old.log[-1] == expected["last_event"]
    new = DungeonCrawl({"players": 3}, seed=4)
    new.apply(Chance("first", 1))
    new.apply(EndTurn(1))
    again = Game.from_json(json.loads(json.dumps(new.to_json())))
    assert again.params.rules == 2 and again.current == new.current == 1 and again.stage() == new.stage()
