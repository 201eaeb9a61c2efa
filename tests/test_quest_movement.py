"""Monster movement (seed 001 pp. 1, 13-14): each rule a test, and the six worked examples of p. 14."""

from __future__ import annotations

import pytest
from quest_helpers import dungeon, row

from tablerules.core.data import data_path
from tablerules.quest.dungeon import Dungeon
from tablerules.quest.geometry import Colour
from tablerules.quest.movement import Stop, monster_turn, move_all, move_monster

RED = Colour.RED


def path(d: Dungeon, monster: str, colour: Colour = RED) -> tuple[tuple[str, ...], Stop]:
    result = move_monster(d, d.monsters[monster], colour)
    return result.rooms, result.stop


# ----- the six worked examples of p. 14 --------------------------------------------------------
@pytest.fixture(scope="module")
def examples() -> Dungeon:
    return Dungeon.load(data_path("quest", "dungeons", "movement_examples.json"))


@pytest.mark.parametrize("colour", list(Colour))
def test_example_lurking_kiosk_never_moves(examples: Dungeon, colour: Colour) -> None:
    """p. 13: "潜伏的怪物在怪物回合不会移动，但是移动怪物的卡牌可以正常影响到。" (the kiosk of p. 14, every colour)."""
    assert path(examples, "kiosk", colour) == (("R1",), Stop.LURKING)


def test_example_horror_walks_through_a_wall_crosses_the_gap_and_stops_at_a_secret_door(examples: Dungeon) -> None:
    assert path(examples, "horror", Colour.BLUE) == (("R12", "R11", "R9"), Stop.LINK)


def test_example_fast_nervous_squirrel_takes_one_extra_step(examples: Dungeon) -> None:
    assert path(examples, "squirrel", Colour.PURPLE) == (("R4", "R3", "R7", "R11"), Stop.FAST)


def test_example_slow_shadow_nose_takes_one_step_through_a_locked_door(examples: Dungeon) -> None:
    assert path(examples, "shadow_nose", Colour.ORANGE) == (("R2", "R6"), Stop.SLOW)


def test_example_gimpy_goblin_leaves_the_board_and_refuses_to_backtrack(examples: Dungeon) -> None:
    assert path(examples, "gimpy", Colour.GREEN) == (("R8", "R5", "R1", "R2", "R3", "R4"), Stop.NO_BACKTRACKING)


def test_example_reverse_mushroom_first_steps_against_the_arrow(examples: Dungeon) -> None:
    assert path(examples, "mushroom", Colour.RED) == (("R9", "R5", "R6"), Stop.NO_ARROW)


def test_all_monsters_move_at_once(examples: Dungeon) -> None:
    """p. 13: "同样，所有怪物视为是同时移动的。" """
    board = examples.copy()
    paths = monster_turn(board, Colour.GREEN)
    assert set(paths) == set(examples.monsters)
    assert board.monsters["gimpy"].room == "R4" and board.monsters["squirrel"].room == "R3"
    assert board.monsters["shadow_nose"].room == "R3"  # slow: R2 -> R3 along green, one step
    assert examples.monsters["gimpy"].room == "R8"  # the copy moved, the original did not


# ----- each rule on a small dungeon -----------------------------------------------------------
def test_follows_arrows_room_after_room_and_stops_without_an_arrow() -> None:
    """Seed 001 p. 13: "因为怪物的移动只和房间内的怪物移动箭头有关".
    p. 13: "只要其中的某一个与怪物移动色一致，那怪物就继续移动" and "如果怪物通不过箭头所指向的连接块，或者没有
    相应颜色的箭头，那怪物就停止移动了。" """
    rooms, links = row(4)
    rooms["A2"] = ((2, 0), {})  # no red arrow in A2
    d = dungeon(rooms, links, [{"id": "m", "room": "A0"}])
    assert path(d, "m") == (("A0", "A1", "A2"), Stop.NO_ARROW)
    assert path(d, "m", Colour.BLUE) == (("A0",), Stop.NO_ARROW)


@pytest.mark.parametrize(("kind", "passes", "moves"), [
    ("corridor", None, True), ("door", None, True), ("locked", None, False), ("secret", None, False),
    ("wall", None, False), ("locked", ["corridor", "door", "locked"], True), ("wall", ["wall"], True),
    ("secret", ["corridor", "door", "locked"], False),
])
def test_passing_links(kind: str, passes: list[str] | None, moves: bool) -> None:
    """p. 13: "通常情况下，怪物只能穿过走廊或普通的门。" and "但是某些怪物有特殊移动规则" (a monster's ``passes``)."""
    rooms = {"A": ((0, 0), {"red": "E"}), "B": ((1, 0), {})}
    monster = {"id": "m", "room": "A", **({"passes": passes} if passes else {})}
    d = dungeon(rooms, [((0, 0), "E", kind)], [monster])
    assert path(d, "m") == ((("A", "B"), Stop.NO_ARROW) if moves else (("A",), Stop.LINK))


def test_a_missing_connector_is_a_wall() -> None:
    d = dungeon({"A": ((0, 0), {"red": "E"}), "B": ((1, 0), {})}, [], [{"id": "m", "room": "A"}])
    assert path(d, "m") == (("A",), Stop.LINK)


def test_no_backtracking_includes_the_start() -> None:
    """p. 13: "怪物从来不会走回头路，也不会在同一轮走回自己的出发点。" """
    # A -> B -> back to A would be backtracking: it stops in B
    rooms = {"A": ((0, 0), {"red": "E"}), "B": ((1, 0), {"red": "W"})}
    d = dungeon(rooms, [((0, 0), "E", "door")], [{"id": "m", "room": "A"}])
    assert path(d, "m") == (("A", "B"), Stop.NO_BACKTRACKING)


def test_no_backtracking_round_a_loop() -> None:
    """p. 13: "如果和怪物移动色一致的箭头指向了一个它本轮此前到过的房间，那怪物就停止移动了。" """
    rooms = {"A": ((0, 0), {"red": "E"}), "B": ((1, 0), {"red": "S"}), "C": ((1, 1), {"red": "W"}),
             "D": ((0, 1), {"red": "N"})}
    links = [((0, 0), "E", "corridor"), ((1, 0), "S", "corridor"), ((0, 1), "E", "corridor"),
             ((0, 0), "S", "corridor")]
    d = dungeon(rooms, links, [{"id": "m", "room": "B"}])
    assert path(d, "m") == (("B", "C", "D", "A"), Stop.NO_BACKTRACKING)


def test_stops_in_its_target_munchkins_room() -> None:
    """p. 13: "如果怪物移入了它的目标小白" ... "所在的房间，它就会站在那里流口水" and "不管怪物箭头或者特殊移动规则
    怎么说，它不会在怪物移动阶段再离开了。" """
    rooms, links = row(4)
    monsters = [{"id": "hunter", "room": "A0", "target": "blue"}, {"id": "other", "room": "A0", "target": "red"}]
    d = dungeon(rooms, links, monsters, munchkins={"blue": "A1", "red": "A0"})
    assert path(d, "hunter") == (("A0", "A1"), Stop.TARGET)
    # a monster already in its target's room stays there
    assert path(d, "other") == (("A0",), Stop.AT_TARGET)


def test_fast_takes_one_more_step_in_its_last_direction() -> None:
    rooms = {"A": ((0, 0), {"red": "E"}), "B": ((1, 0), {}), "C": ((2, 0), {"red": "E"}), "D": ((3, 0), {})}
    links = [((0, 0), "E", "corridor"), ((1, 0), "E", "door"), ((2, 0), "E", "corridor")]
    d = dungeon(rooms, links, [{"id": "f", "room": "A", "movement": "fast"}])
    # A -> B (no arrow in B), one more step east to C, then it stops although C has a red arrow
    assert path(d, "f") == (("A", "B", "C"), Stop.FAST)


def test_fast_without_a_way_on_or_without_moving() -> None:
    rooms = {"A": ((0, 0), {"red": "E"}), "B": ((1, 0), {}), "C": ((2, 0), {})}
    d = dungeon(rooms, [((0, 0), "E", "corridor"), ((1, 0), "E", "locked")],
                [{"id": "f", "room": "A", "movement": "fast"}, {"id": "g", "room": "C", "movement": "fast"}])
    assert path(d, "f") == (("A", "B"), Stop.NO_ARROW)  # the extra step meets a locked door
    assert path(d, "g") == (("C",), Stop.NO_ARROW)  # it never moved: no direction for an extra step


def test_fast_extra_step_never_backtracks() -> None:
    rooms = {"A": ((0, 0), {"red": "E"}), "B": ((1, 0), {"red": "W"})}
    d = dungeon(rooms, [((0, 0), "E", "corridor"), ((1, 0), "E", "corridor")],
                [{"id": "f", "room": "A", "movement": "fast"}])
    # B's arrow leads back to A: stop; the extra step east goes off the board and wraps back to A
    assert path(d, "f") == (("A", "B"), Stop.NO_BACKTRACKING)


def test_slow_takes_at_most_one_step() -> None:
    """p. 13: "迟缓的怪物在怪物回合最多移动一步，不管下一个房间的箭头是什么。" """
    rooms, links = row(4)
    d = dungeon(rooms, links, [{"id": "s", "room": "A0", "movement": "slow"}])
    assert path(d, "s") == (("A0", "A1"), Stop.SLOW)


def test_reverse_first_step_against_the_arrow_then_normal() -> None:
    """p. 13: "在怪物回合开始时，如果所在的房间有何怪物移动色相同的箭头，则它的第一步会沿着箭头的反方向移动。" and
    "之后的移动则照常按照怪物移动色进行。" """
    rooms = {"W": ((0, 0), {"red": "S"}), "M": ((1, 0), {"red": "E"}), "E": ((2, 0), {})}
    links = [((0, 0), "E", "corridor"), ((1, 0), "E", "corridor")]
    d = dungeon(rooms, links, [{"id": "r", "room": "M", "movement": "reverse"}])
    # first step against M's east arrow: west to W; then W's red arrow points south into a wall
    assert path(d, "r") == (("M", "W"), Stop.LINK)
    d2 = dungeon({"W": ((0, 0), {"red": "E"}), "M": ((1, 0), {"red": "E"})}, [((0, 0), "E", "corridor")],
                 [{"id": "r", "room": "M", "movement": "reverse"}])
    assert path(d2, "r") == (("M", "W"), Stop.NO_BACKTRACKING)  # W's arrow leads back to M
    d3 = dungeon({"M": ((1, 0), {})}, [], [{"id": "r", "room": "M", "movement": "reverse"}])
    assert path(d3, "r") == (("M",), Stop.NO_ARROW)


def test_into_darkness_off_the_edge_wraps_to_the_first_room() -> None:
    """p. 13: "那它就会出现在缝的另一边，或者从地城的另一头回来！" and "不用管怪物重新进场时候的那个连接块是什么，
    就算是墙也无所谓。" """
    rooms, links = row(4)
    rooms["A3"] = ((3, 0), {"red": "E"})
    rooms["A0"] = ((0, 0), {})
    links.append(((3, 0), "E", "door"))  # the link out of the board must be passable
    d = dungeon(rooms, links, [{"id": "m", "room": "A2"}])
    # A2 -> A3 -> off the east edge -> back in at the west: A0 (its west side is a wall: ignored)
    assert path(d, "m") == (("A2", "A3", "A0"), Stop.NO_ARROW)


def test_into_darkness_through_a_gap() -> None:
    """p. 13: "如果根据箭头怪物会移入黑暗之中（也就是说，移进地城里的一个缝，或者移出地城的边缘）" """
    rooms = {"A": ((0, 0), {"red": "E"}), "C": ((2, 0), {}), "D": ((0, 1), {})}
    d = dungeon(rooms, [((0, 0), "E", "corridor")], [{"id": "m", "room": "A"}])
    assert path(d, "m") == (("A", "C"), Stop.NO_ARROW)  # (1, 0) is a gap: it comes out in C


def test_darkness_vertically_and_through_the_bounding_box() -> None:
    rooms = {"T": ((0, 0), {"red": "N"}), "B": ((0, 2), {}), "X": ((3, 5), {})}
    d = dungeon(rooms, [((0, 0), "N", "corridor")], [{"id": "m", "room": "T"}])
    # north off the top of the box, back in at the bottom row (y = 5), up the column to B
    assert path(d, "m") == (("T", "B"), Stop.NO_ARROW)


def test_darkness_back_to_its_own_room_is_backtracking() -> None:
    d = dungeon({"A": ((0, 0), {"red": "E"})}, [((0, 0), "E", "corridor")], [{"id": "m", "room": "A"}])
    assert path(d, "m") == (("A",), Stop.NO_BACKTRACKING)


def test_the_entrance_is_passed_straight_through() -> None:
    """Seed 001 p. 1: "任何怪物都不能在入口停留"; "任何移进入口的怪物必须立刻穿过房间从对面出去".
    p. 13: "当怪物进入入口时，它会直接穿过入口进入对面的房间。" and "如果它是在怪物回合进去的，就照常从对面的房间开始
    继续移动。" """
    rooms = {"A": ((0, 0), {"red": "E"}), "ENT": ((1, 0), {}), "B": ((2, 0), {"red": "E"}), "C": ((3, 0), {})}
    links = [((0, 0), "E", "corridor"), ((1, 0), "E", "corridor"), ((2, 0), "E", "corridor")]
    d = dungeon(rooms, links, [{"id": "m", "room": "A"}, {"id": "s", "room": "A", "movement": "slow"}],
                entrance="ENT")
    assert path(d, "m") == (("A", "ENT", "B", "C"), Stop.NO_ARROW)  # goes on moving from B
    assert path(d, "s")[0][-1] == "B"  # passing the entrance is part of the one step
    result = move_all(d, RED)
    assert all(p.end != "ENT" for p in result.values())


def test_a_target_on_the_entrance_does_not_stop_a_monster_passing_through() -> None:
    """p. 13 怪物和入口: "除了Boss战，怪物无法在入口停留，就算它的目标小白手无寸铁地站在入口而且蘸满巧克力酱也不行。"
    Its target (blue) stands on the entrance: the monster passes through to the room beyond."""
    rooms = {"A": ((0, 0), {"red": "E"}), "ENT": ((1, 0), {}), "B": ((2, 0), {})}
    d = dungeon(rooms, [((0, 0), "E", "corridor"), ((1, 0), "E", "corridor")],
                [{"id": "m", "room": "A", "target": "blue"}], munchkins={"blue": "ENT"}, entrance="ENT")
    assert path(d, "m") == (("A", "ENT", "B"), Stop.NO_ARROW)


def test_the_entrance_cannot_be_entered_with_no_room_beyond() -> None:
    """Seed 001 p. 1: "如果对面的房间没有探索过的话，怪物就连入口都进不去".
    p. 13: "如果对面没有房间，那怪物就根本进不去入口。" """
    rooms = {"A": ((0, 0), {"red": "E"}), "ENT": ((1, 0), {}), "Z": ((1, 1), {})}
    d = dungeon(rooms, [((0, 0), "E", "corridor"), ((1, 0), "E", "corridor")], [{"id": "m", "room": "A"}],
                entrance="ENT")
    assert path(d, "m") == (("A",), Stop.ENTRANCE_BLOCKED)


def test_the_monster_graph_and_the_munchkin_graph(examples: Dungeon) -> None:
    munchkins = examples.munchkin_graph()
    assert munchkins.has_edge("R1", "R2") and munchkins["R2"]["R6"]["cost"] == 2  # locked door
    assert munchkins["R3"]["R4"]["kind"] == "corridor" and munchkins["R9"]["R5"]["cost"] == 1
    assert not munchkins.has_edge("R4", "R8")  # a wall: not adjacent
    assert not munchkins.has_edge("R11", "R12")
    ordinary = examples.monster_graph()
    green = {(u, v) for u, v, c in ordinary.edges(data="colour") if c == "green"}
    assert ("R8", "R5") in green and ("R4", "R1") in green  # through darkness
    vias = {(u, v): via for u, v, via in ordinary.edges(data="via")}
    assert vias[("R8", "R5")] == "darkness"
    walkers = examples.monster_graph(passes=examples.monsters["horror"].passes)
    assert walkers.has_edge("R12", "R11")
    assert not ordinary.has_edge("R12", "R11")
