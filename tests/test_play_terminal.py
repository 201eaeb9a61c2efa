"""Terminal play (issue #11 items 6 and 10): the Quest dungeon as a text map, and re-rolls."""

from __future__ import annotations

import io

from tablerules.cli import main
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
    from tablerules.quest import scenario

    game = scenario.ready(players=2, seed=2)
    target = scenario.room(game, "crypt", (0, -1))
    scenario.monster(game, "gimpy_goblin", target, "blue")
    dungeon = game.dungeon
    lines = rooms_by_occupant(dungeon, lambda piece: piece.split("#")[0].split("_")[-1].title())
    assert any(line.startswith(dungeon.rooms[target].name) and "monsters: Goblin" in line for line in lines)


def test_play_rr_rerolls_from_a_fresh_stream_and_the_result_is_a_legal_outcome() -> None:
    """`rr` at a chance step applies a fresh random outcome (a card of the door deck, read in the log by its
    name); `u` then `rr` re-rolls it. The deck is never listed: the draw reads as one line."""
    from tablerules.terminal.catalogue import catalogue

    text = run("play", "munchkin", "--seed", "4", stdin="rr\nu\nrr\nq\n")
    rolled = [line.split("re-rolled: ", 1)[1] for line in text.splitlines() if "re-rolled: " in line]
    assert len(rolled) == 2
    doors = {e.name for e in catalogue("munchkin") if e.kind.startswith("Door")}
    # a door card is read by its name: "player 0 draws X face down", or a card that acts as it is drawn
    # ("Divine Intervention: every cleric goes up a level"; the fresh stream draws it 1 time in 90)
    assert all((r.startswith("player 0 draws ") and r.removeprefix("player 0 draws ").removesuffix(" face down")
                in doors) or any(r.startswith(f"{d}: ") for d in doors) for r in rolled), rolled
    assert "undid: the chance outcome " in text
    assert "Chance: player 0 draws a door card (90 left in the deck)." in text
    assert sum(name in text.split("undid")[0] for name in doors) <= 1  # only the card drawn, no listing
