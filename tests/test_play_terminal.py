"""Terminal play (issue #11 items 6 and 10): the Quest dungeon as a text map, and re-rolls."""

from __future__ import annotations

import io

from tablerules.cli import main
from tablerules.quest.dungeon import MonsterPiece
from tablerules.quest.game import QuestGame
from tablerules.quest.textmap import rooms_by_occupant


def run(*argv: str, stdin: str = "") -> str:
    out = io.StringIO()
    assert main(list(argv), out=out, inp=io.StringIO(stdin)) == 0
    return out.getvalue()


def test_play_quest_shows_the_dungeon_map_and_who_is_in_which_room() -> None:
    """Munchkin Quest p. 4: every munchkin starts in the Entrance; the map shows it (E) with their initials,
    and the room list names the room and its munchkins."""
    text = run("play", "quest", "--seed", "1", stdin="q\n")
    game = QuestGame(seed=1)
    colours = sorted(c.value for c in game.state.colours)
    initials = "".join(c.value[0].upper() for c in game.state.dungeon.munchkins)
    assert "map: E entrance" in text
    assert f"E{initials}" in text
    assert f"Entrance: {', '.join(colours)}" in text


def test_rooms_by_occupant_lists_monsters_by_name_in_their_room() -> None:
    game = QuestGame(seed=2)
    dungeon = game.state.dungeon
    target = next(iter(dungeon.rooms))
    dungeon.monsters["goblin#t"] = MonsterPiece("goblin#t", target)
    lines = rooms_by_occupant(dungeon, lambda piece: piece.split("#")[0].title())
    assert any(line.startswith(dungeon.rooms[target].name) and "monsters: Goblin" in line for line in lines)


def test_play_rr_rerolls_from_a_fresh_stream_and_the_result_is_a_legal_outcome() -> None:
    """`rr` at a chance step applies a fresh random outcome (one of the listed ones); `u` then `rr`
    re-rolls it."""
    text = run("play", "munchkin", "--seed", "4", stdin="rr\nu\nrr\nq\n")
    rolled = [line.split("re-rolled: ", 1)[1] for line in text.splitlines() if "re-rolled: " in line]
    assert len(rolled) == 2
    # the outcome lines: "  <what to type>  <the outcome in words>  (p = ...)"
    listed = {line.strip().split("  ")[1] for line in text.splitlines() if line.startswith("  ") and "(p = " in line}
    assert all(r.startswith("door: ") and r in listed for r in rolled), rolled
    assert "undid: " in text
