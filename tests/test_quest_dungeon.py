"""The dungeon file format (a contract): parsing, round trip, and a DataError naming every mistake."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from tablerules.core.data import data_path
from tablerules.core.errors import DataError
from tablerules.quest.dungeon import Dungeon, link_key
from tablerules.quest.geometry import Colour, LinkKind, Movement, Side

EXAMPLE = {
    "format": "tablerules/quest-dungeon@1",
    "rooms": [{"id": "R1", "at": [0, 0], "entrance": False, "name": "Odd Room",
               "arrows": {"green": "E", "yellow": "S"}, "search": 0, "good_for": ["elf"], "bad_for": ["warrior"]},
              {"id": "R2", "at": [1, 0]}, {"id": "R8", "at": [0, 1], "search": None}],
    "connectors": [{"at": [0, 0], "side": "E", "kind": "corridor"}],
    "monsters": [{"id": "gimpy", "room": "R8", "movement": "normal", "passes": ["corridor", "door"],
                  "target": "red"}],
    "munchkins": [{"colour": "red", "room": "R2"}],
}


def test_the_issue_example_parses_with_defaults() -> None:
    d = Dungeon.from_json(EXAMPLE)
    r1 = d.rooms["R1"]
    assert r1.name == "Odd Room" and r1.arrows == {Colour.GREEN: Side.E, Colour.YELLOW: Side.S}
    assert r1.good_for == ("elf",) and r1.bad_for == ("warrior",)
    assert d.rooms["R2"].search == 0 and d.rooms["R8"].search is None and not d.rooms["R2"].entrance
    assert d.link((0, 0), Side.E) is LinkKind.CORRIDOR and d.link((1, 0), Side.W) is LinkKind.CORRIDOR
    assert d.link((0, 0), Side.S) is LinkKind.WALL  # no connector: a wall
    gimpy = d.monsters["gimpy"]
    assert gimpy.movement is Movement.NORMAL and gimpy.target is Colour.RED
    assert d.munchkins == {Colour.RED: "R2"}


def test_the_same_link_from_both_sides() -> None:
    assert link_key((1, 0), Side.W) == link_key((0, 0), Side.E)
    assert link_key((0, 1), Side.N) == link_key((0, 0), Side.S)
    doc = copy.deepcopy(EXAMPLE)
    doc["connectors"].append({"at": [1, 0], "side": "W", "kind": "corridor"})  # the same link again, same kind
    assert len(Dungeon.from_json(doc).links) == 1


def test_round_trip_through_json(tmp_path: Path) -> None:
    original = Dungeon.load(data_path("quest", "dungeons", "movement_examples.json"))
    again = Dungeon.from_json(json.loads(json.dumps(original.to_json())))
    assert again.rooms == original.rooms and again.links == original.links
    assert again.monsters == original.monsters and again.munchkins == original.munchkins
    original.save(tmp_path / "d.json")
    assert Dungeon.load(tmp_path / "d.json").to_json() == original.to_json()


def test_minimal_dungeon() -> None:
    d = Dungeon.from_json({"format": "tablerules/quest-dungeon@1", "rooms": [{"id": "A", "at": [0, 0]}]})
    assert d.monsters == {} and d.munchkins == {} and d.entrance is None


def mutated(change) -> dict:
    doc = copy.deepcopy(EXAMPLE)
    change(doc)
    return doc


@pytest.mark.parametrize(("change", "path", "reason"), [
    (lambda d: d["rooms"].append({"id": "R1", "at": [5, 5]}), "$.rooms[3].id", "duplicate room id 'R1'"),
    (lambda d: d["rooms"].append({"id": "R9", "at": [1, 0]}), "$.rooms[3].at", "two rooms at [1, 0]"),
    (lambda d: d["connectors"].append({"at": [1, 0], "side": "W", "kind": "door"}), "$.connectors[1].kind",
     "already given as 'corridor'"),
    (lambda d: d["rooms"][0]["arrows"].update({"pink": "E"}), "$.rooms[0].arrows", "pink"),
    (lambda d: d["rooms"][0]["arrows"].update({"red": "NE"}), "$.rooms[0].arrows.red", "NE"),
    (lambda d: d["connectors"][0].update({"side": "up"}), "$.connectors[0].side", "up"),
    (lambda d: d["connectors"][0].update({"kind": "portal"}), "$.connectors[0].kind", "portal"),
    (lambda d: d["monsters"][0].update({"room": "R99"}), "$.monsters[0].room", "unknown room 'R99'"),
    (lambda d: d["monsters"].append({"id": "gimpy", "room": "R1"}), "$.monsters[1].id", "duplicate monster id"),
    (lambda d: d["monsters"][0].update({"movement": "teleport"}), "$.monsters[0].movement", "teleport"),
    (lambda d: d["monsters"][0].update({"target": "pink"}), "$.monsters[0].target", "pink"),
    (lambda d: d["munchkins"].append({"colour": "red", "room": "R1"}), "$.munchkins[1].colour",
     "two red munchkins"),
    (lambda d: d["munchkins"][0].update({"room": "nowhere"}), "$.munchkins[0].room", "unknown room"),
    (lambda d: d["rooms"][0].update({"at": [1]}), "$.rooms[0].at", "too short"),
    (lambda d: d["rooms"][1].update({"entrance": True}) or d["rooms"][2].update({"entrance": True}),
     "$.rooms[2].entrance", "one entrance"),
    (lambda d: d["connectors"].append({"at": [7, 7], "side": "E", "kind": "door"}), "$.connectors[1].at",
     "no room at [7, 7]"),
    (lambda d: d.update({"format": "tablerules/quest-dungeon@2"}), "$.format", "quest-dungeon@1"),
    (lambda d: d["rooms"][0].update({"search": 5}), "$.rooms[0].search", "maximum"),
])
def test_mistakes_raise_data_error_naming_the_field(change, path: str, reason: str, tmp_path: Path) -> None:
    file = tmp_path / "mine.json"
    file.write_text(json.dumps(mutated(change)))
    with pytest.raises(DataError) as info:
        Dungeon.load(file)
    assert info.value.file == str(file)
    assert info.value.path == path
    assert reason in info.value.reason


def test_text_map_shows_rooms_links_munchkins_and_monsters() -> None:
    from tablerules.quest.textmap import text_map

    d = Dungeon.load(data_path("quest", "dungeons", "movement_examples.json"))
    lines = text_map(d).splitlines()
    assert len(lines) == 8  # four rows of rooms, each with its south links
    assert lines[0].startswith(" *1    *1  d")  # kiosk | corridor | shadow nose, door to room 3
    assert lines[1].startswith("--   +--L--+")  # corridor south of room 1, locked door south of room 2
    assert "E" in lines[6] and "RB" in lines[6]  # the entrance and both munchkins in room 10
    assert lines[4][6:12].strip() == ""  # the gap west of room 11
